"""Screenshots of the main screens, drawn headless (set SUDOKIT_SCREENSHOTS=DIR to keep them)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["SUDOKIT_THEME"] = "light"  # whatever the desktop running the tests prefers

import threading
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from sudokit import generate, parse
from sudokit.game import AutoNotes, Checking, Store
from sudokit.geometry import Shape
from sudokit.gui import screenshot
from sudokit.gui.app import App
from sudokit.gui.board import MIN_NOTE, note_layout
from sudokit.gui.dialog_new import NewGameDialog
from sudokit.gui.dialog_view import help_table
from sudokit.gui.dialogs import (
    CustomDialog,
    Dialog,
    HelpDialog,
    MessageDialog,
    StatsDialog,
)
from sudokit.gui.layout import Rect, natural_window
from sudokit.gui.theme import DARK
from sudokit.gui.view import making_title

PUZZLE = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")


@pytest.fixture()
def shots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SUDOKIT_HOME", str(tmp_path / "home"))
    keep = os.environ.get("SUDOKIT_SCREENSHOTS")
    out = Path(keep) if keep else tmp_path / "screens"
    out.mkdir(parents=True, exist_ok=True)
    return out


def _key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod))
    app.pump()


def _playing(app: App) -> None:
    """A game in progress: some digits, notes, one mistake, a selection."""
    game = app.controller
    s = game.session
    assert s is not None
    game.play(AutoNotes())
    empty = s.puzzle.empty_cells()
    k = len(empty)
    for c in empty[: min(14, k // 3)]:
        game.select(c)
        game.enter(s.solution.cells[c])
    wrong = empty[-3]
    game.select(wrong)
    game.enter(s.solution.cells[wrong] % s.size + 1)
    game.select(empty[k // 2])
    app.pump()


def _save(app: App, path: Path) -> pygame.Surface:
    app.save_screenshot(path)
    assert path.stat().st_size > 5000
    image = pygame.image.load(str(path))
    assert image.get_size() == app.screen.get_size()
    return image


def _ink(image: pygame.Surface, app: App, cell: int, color: tuple[int, int, int]) -> int:
    """How many pixels of a cell are (nearly) ``color``: a digit drawn there, or not."""
    rect = pygame.Rect(app.controller.layout.board.cell_rect(cell)).inflate(-6, -6)
    count = 0
    for x in range(rect.x, rect.right):
        for y in range(rect.y, rect.bottom):
            r, g, b, *_ = image.get_at((x, y))
            if abs(r - color[0]) + abs(g - color[1]) + abs(b - color[2]) < 60:
                count += 1
    return count


def _notes_on(app: App) -> None:
    _playing(app)
    _key(app, pygame.K_n)


def _opening(app: App, image: pygame.Surface) -> None:
    game = app.controller
    s = game.session
    assert s is not None and not s.paused and game.dialog is None
    assert game.selected == PUZZLE.empty_cells()[0]
    assert _ink(image, app, 0, app.theme.given) > 20, "the given 5 is drawn"


def _playing_state(app: App, image: pygame.Surface) -> None:
    s = app.controller.session
    assert s is not None and any(s.state.entries) and any(s.state.notes)
    assert s.marked_conflicts() and s.mistakes(), "the wrong digit is there and marked"
    assert not app.controller.notes_mode


def _notes_mode(app: App, image: pygame.Surface) -> None:
    game = app.controller
    assert game.notes_mode and game.button("notes").active
    assert game.button("notes").kind == "toggle", "drawn on (filled, switch on) in any window"


def _paused(app: App, image: pygame.Surface) -> None:
    game = app.controller
    assert game.session is not None and game.session.paused
    assert game.layout.resume in game.active_buttons()
    assert _ink(image, app, 0, app.theme.given) == 0, "the board is hidden"


def _dialog(kind: type[Dialog]) -> Callable[[App, pygame.Surface], None]:
    def check(app: App, image: pygame.Surface) -> None:
        assert isinstance(app.controller.dialog, kind)

    return check


def _new_game(app: App, image: pygame.Surface) -> None:
    dialog = app.controller.dialog
    assert isinstance(dialog, NewGameDialog)
    assert [b.key for b in dialog.size_buttons if b.active] == ["size:9"]


def _your_puzzle(app: App, image: pygame.Surface) -> None:
    dialog = app.controller.dialog
    assert isinstance(dialog, CustomDialog) and not any(dialog.cells)


def _solve_confirm(app: App, image: pygame.Surface) -> None:
    dialog = app.controller.dialog
    assert isinstance(dialog, MessageDialog) and dialog.confirm_action == "solve"
    s = app.controller.session
    assert s is not None and not s.finished


#: Each screen: how to get there, and what must then be true.
SCREENS: dict[str, tuple[Callable[[App], object], Callable[[App, pygame.Surface], None]]] = {
    "opening": (lambda app: None, _opening),
    "playing": (_playing, _playing_state),
    "notes-mode": (_notes_on, _notes_mode),
    "paused": (lambda app: _key(app, pygame.K_p), _paused),
    "new-game": (lambda app: _key(app, pygame.K_n, pygame.KMOD_LCTRL), _new_game),
    "your-puzzle": (lambda app: _key(app, pygame.K_o, pygame.KMOD_LCTRL), _your_puzzle),
    "help": (lambda app: _key(app, pygame.K_F1), _dialog(HelpDialog)),
    "solve-confirm": (lambda app: app.controller.activate("solve"), _solve_confirm),
}


@pytest.mark.parametrize("name", sorted(SCREENS))
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_main_screens(shots: Path, name: str, theme: str) -> None:
    go, check = SCREENS[name]
    with Store() as store:
        store.set_setting("theme", theme)
        app = App(store, puzzle=PUZZLE, detect_system=False)
        assert app.theme.name == theme
        app.pump()
        go(app)
        app.pump()
        check(app, _save(app, shots / f"{name}-{theme}.png"))


@pytest.mark.parametrize("scale", [1.0, 2.0])
@pytest.mark.parametrize("name", ["playing", "paused", "help", "new-game"])
def test_screens_at_1x_and_2x(shots: Path, name: str, scale: float) -> None:
    """A high-density display: the same screens, twice the pixels, the same look."""
    go, check = SCREENS[name]
    with Store() as store:
        app = App(store, puzzle=PUZZLE, scale=scale, detect_system=False)
        assert app.screen.get_size() == (round(1100 * scale), round(740 * scale))
        game = app.controller
        assert game.layout.scale == pytest.approx(scale)
        go(app)
        app.pump()
        check(app, _save(app, shots / f"{name}-{scale:g}x.png"))
        # Labels round the board (r1…, c1…) take a little of its area: 67 pixels, not 69.
        assert game.layout.board.cell >= 66 * scale, "the board grows with the display"
        if game.dialog is None:
            _inside_and_apart(app)
        else:
            r = game.dialog.rect
            assert r.x >= 0 and r.y >= 0 and r.right <= app.screen.get_width()
            assert r.bottom <= app.screen.get_height()


def test_solved_and_statistics(shots: Path) -> None:
    clock = [0.0]
    with Store() as store:
        app = App(store, puzzle=PUZZLE, clock=lambda: clock[0])
        game = app.controller
        s = game.session
        assert s is not None
        clock[0] = 425
        for c in PUZZLE.empty_cells():
            game.select(c)
            game.enter(s.solution.cells[c])
        app.pump()
        clock[0] += 0.45  # the wave over the solved board, half way
        app.pump()
        _save(app, shots / "solved-wave.png")
        clock[0] += 1.0
        app.pump()
        _save(app, shots / "solved.png")
        assert s.finished and s.solved_by_player
        assert isinstance(game.dialog, MessageDialog) and game.dialog.title == "Solved!"
        _key(app, pygame.K_ESCAPE)
        _key(app, pygame.K_s)
        _save(app, shots / "statistics.png")
        dialog = game.dialog
        assert isinstance(dialog, StatsDialog)
        [row] = dialog.stats
        assert (row.solved, row.best) == (1, pytest.approx(425))


@pytest.mark.parametrize("size", [4, 6, 12, 16])
def test_other_sizes(shots: Path, size: int) -> None:
    with Store() as store:
        app = App(store, puzzle=generate(size, seed=2, difficulty="easy"))
        game = app.controller
        game.checking = Checking.SOLUTION
        assert game.session is not None
        game.session.checking = Checking.SOLUTION
        _playing(app)
        _save(app, shots / f"size-{size}.png")
        s = game.session
        assert s.size == size and s.marked_mistakes(), "the mistake is marked"
        assert sum(b.key.startswith("digit:") for b in game.buttons) == size
        _inside_and_apart(app)


def _inside_and_apart(app: App) -> None:
    """Every button lies in the window and none covers another or the board."""
    game = app.controller
    w, h = app.screen.get_size()
    board = game.layout.board.rect
    rects = [b.rect for b in game.buttons]
    for i, r in enumerate(rects):
        assert r.x >= 0 and r.y >= 0 and r.right <= w and r.bottom <= h, game.buttons[i]
        assert not r.colliderect(board), game.buttons[i]
        for other in rects[i + 1 :]:
            assert not r.colliderect(other), (r, other)


def test_tall_and_small_windows(shots: Path) -> None:
    for w, h in [(700, 940), (560, 440), (1600, 1000)]:
        with Store() as store:
            app = App(store, puzzle=PUZZLE, window=(w, h))
            _playing(app)
            _save(app, shots / f"window-{w}x{h}.png")
            assert app.controller.layout.wide == (w >= h * 1.05)
            _inside_and_apart(app)


def test_screenshot_function(shots: Path) -> None:
    path = screenshot(shots / "screenshot.png", seed=7)
    assert pygame.image.load(str(path)).get_size() == (1100, 740)
    path = screenshot(shots / "screenshot-2x-dark.png", seed=7, scale=2.0, theme="dark")
    image = pygame.image.load(str(path))
    assert image.get_size() == (2200, 1480)
    assert tuple(image.get_at((2, 2)))[:3] == DARK.background


def test_sixteen_opens_big_enough_for_its_notes(shots: Path) -> None:
    with Store() as store:
        app = App(store, puzzle=generate(16, seed=2, difficulty="easy"), detect_system=False)
        assert app.screen.get_size() == natural_window(16)
        game = app.controller
        positional, size, _, _ = note_layout(game.layout.board.cell, Shape.of(16))
        assert positional and size >= MIN_NOTE
        game.play(AutoNotes())
        _save(app, shots / "size-16-notes.png")


def test_hidden_timer(shots: Path) -> None:
    clock = [0.0]
    with Store() as store:
        app = App(store, puzzle=PUZZLE, clock=lambda: clock[0], detect_system=False)
        game = app.controller
        clock[0] = 462
        pause = game.layout.button("pause").rect
        where = Rect(pause.x - 110, pause.y, 104, pause.h)
        shown = _save(app, shots / "timer-shown.png")
        assert _ink_in(shown, where, app.theme.text) > 30, "07:42 is drawn"
        game.change_setting("timer", "hidden")
        hidden = _save(app, shots / "timer-hidden.png")
        assert _ink_in(hidden, where, app.theme.text) == 0, "no time in the header"


def _ink_in(image: pygame.Surface, rect: Rect, color: tuple[int, int, int]) -> int:
    """Pixels of ``rect`` within a few levels of ``color`` (anti-aliased edges aside)."""
    count = 0
    for x in range(rect.x, rect.right):
        for y in range(rect.y, rect.bottom):
            r, g, b = tuple(image.get_at((x, y)))[:3]
            if abs(r - color[0]) + abs(g - color[1]) + abs(b - color[2]) < 12:
                count += 1
    return count


def test_pause_hides_checks_mark(shots: Path) -> None:
    with Store() as store:
        app = App(store, puzzle=PUZZLE, detect_system=False)
        game = app.controller
        game.select(2)
        game.enter(1)  # wrong: r1c3 is 4
        game.check()
        assert game.flash == {2: "check"}
        marked = _save(app, shots / "check.png")
        cell = game.layout.board.cell_rect(2)
        assert _ink_in(marked, cell, app.theme.tint_check) > 100
        assert _ink_in(marked, cell, app.theme.error) > 10, "on the selected cell too"
        _key(app, pygame.K_p)
        paused = _save(app, shots / "check-paused.png")
        assert _ink_in(paused, cell, app.theme.tint_check) == 0
        assert _ink_in(paused, cell, app.theme.error) == 0


@pytest.mark.parametrize("window", [(1100, 740), (560, 440), (700, 940)])
def test_help_and_the_making_card_are_never_cut(shots: Path, window: tuple[int, int]) -> None:
    from sudokit.gui.dialogs import SHORTCUTS
    from sudokit.gui.theme import fonts

    with Store() as store:
        app = App(store, puzzle=PUZZLE, window=window, detect_system=False)
        game = app.controller
        game.open_help()
        app.pump()
        _save(app, shots / f"help-{window[0]}x{window[1]}.png")
        dialog = game.dialog
        assert isinstance(dialog, HelpDialog)
        table = help_table(dialog)
        size = table.size
        assert size >= 10 if window[1] < 500 else size >= 15
        listed = [what for _, what in SHORTCUTS]
        assert [line.what for line in table.lines] == listed, "every shortcut, in order"
        height = fonts().size("Ag", size)[1]
        for line, after in zip(table.lines, [*table.lines[1:], None], strict=True):
            assert dialog.rect.x < line.x and line.right < dialog.rect.right
            assert line.x + fonts().size(line.keys, size, True)[0] < line.split, line.keys
            assert line.split + fonts().size(line.what, size)[0] <= line.right, line.what
            if after is not None and after.x == line.x:  # the next line of the column
                assert line.y + height <= after.y, f"{line.keys!r} runs into the next line"
            assert line.y + height <= table.bottom <= dialog.buttons[0].rect.y
        # The keys a player would look for: full screen, digit first, playing a hint.
        text = " ".join(f"{keys}: {what}" for keys, what in SHORTCUTS)
        assert "F11: full screen" in text
        assert "Digit, no cell selected: put it in each cell clicked" in text
        assert "once more plays it" in text
        game.dialog = None
        gate = threading.Event()
        game.make_puzzle = lambda n, level, seed: (gate.wait(5), generate(4, seed=1))[1]
        game.start_new(16, "extreme")
        app.pump()
        _save(app, shots / f"making-{window[0]}x{window[1]}.png")
        lines = making_title(game)
        assert " ".join(lines) == "Making a 16×16 Extreme puzzle", "the whole title"
        width = game.layout.card.w - game.layout.px(48)
        assert all(fonts().size(line, game.layout.px(19), True)[0] <= width for line in lines)
        gate.set()


def test_docs_screenshot(shots: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The picture in the docs: a game in progress. ``SUDOKIT_UPDATE_DOCS=1`` rewrites
    ``docs/screenshot.png`` with it."""
    monkeypatch.setenv("SUDOKIT_HOME", str(shots / "docs-home"))
    clock = [0.0]
    with Store() as store:
        app = App(store, size=9, level="medium", seed=2024, resume=False, clock=lambda: clock[0])
        game = app.controller
        game.hint_wait = 30.0  # the shot needs the hint shown, however busy the machine
        s = game.session
        assert s is not None
        game.play(AutoNotes())
        empty = s.puzzle.empty_cells()
        for c in empty[::2][:16]:
            game.select(c)
            game.enter(s.solution.cells[c])
        placed = empty[::2][:16]
        digit = max(range(1, 10), key=lambda d: sum(s.solution.cells[c] == d for c in placed))
        target = next(c for c in placed if s.solution.cells[c] == digit)
        game.select(target)
        clock[0] = 252
        game.hint()
        game.select(target)
        app.pump()
        path = shots / "docs-screenshot.png"
        _save(app, path)
        assert s.hints_used == 1 and "hint-area" in game.flash.values(), "the hint's box"
    if os.environ.get("SUDOKIT_UPDATE_DOCS"):
        docs = Path(__file__).resolve().parent.parent / "docs" / "screenshot.png"
        docs.write_bytes(path.read_bytes())


DOCS_SCREENS: dict[str, Callable[[App], object]] = {
    "playing": _playing,
    "new-game": lambda app: _key(app, pygame.K_n, pygame.KMOD_LCTRL),
    "settings": lambda app: _key(app, pygame.K_COMMA, pygame.KMOD_LCTRL),
    "paused": lambda app: _key(app, pygame.K_p),
}


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_docs_screens(shots: Path, theme: str) -> None:
    """The main screens in both themes, for ``docs/screens/`` (``SUDOKIT_UPDATE_DOCS=1``
    rewrites them)."""
    docs = Path(__file__).resolve().parent.parent / "docs" / "screens"
    for name, go in DOCS_SCREENS.items():
        with Store() as store:
            store.set_setting("theme", theme)
            app = App(store, puzzle=PUZZLE, detect_system=False, clock=lambda: 0.0)
            go(app)
            app.pump()
            path = shots / f"docs-{name}-{theme}.png"
            image = _save(app, path)
            dialog = app.controller.dialog
            if dialog is None:  # the window's background, else the dialog's card
                assert tuple(image.get_at((1, 1)))[:3] == app.theme.background
            else:
                spot = (dialog.rect.x + 8, dialog.rect.centery)
                assert tuple(image.get_at(spot))[:3] == app.theme.surface
        if os.environ.get("SUDOKIT_UPDATE_DOCS"):
            docs.mkdir(exist_ok=True)
            (docs / f"{name}-{theme}.png").write_bytes(path.read_bytes())
    with Store() as store:
        store.set_setting("theme", theme)
        app = App(store, puzzle=generate(16, seed=2, difficulty="easy"), detect_system=False)
        _playing(app)
        path = shots / f"docs-sixteen-{theme}.png"
        _save(app, path)
        if os.environ.get("SUDOKIT_UPDATE_DOCS"):
            (docs / f"sixteen-{theme}.png").write_bytes(path.read_bytes())
