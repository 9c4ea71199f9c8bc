"""Screenshots of the main screens, drawn headless (set SUDOKIT_SCREENSHOTS=DIR to keep them)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from sudokit import generate, parse
from sudokit.game import AutoNotes, Checking, Store
from sudokit.gui import screenshot
from sudokit.gui.app import App
from sudokit.gui.dialogs import (
    CustomDialog,
    Dialog,
    HelpDialog,
    MessageDialog,
    NewGameDialog,
    StatsDialog,
)

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
    assert game.button("notes").label == "Notes: on"


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
def test_main_screens(shots: Path, name: str) -> None:
    go, check = SCREENS[name]
    with Store() as store:
        app = App(store, puzzle=PUZZLE)
        app.pump()
        go(app)
        app.pump()
        check(app, _save(app, shots / f"{name}.png"))


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


def test_docs_screenshot(shots: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The picture in the docs: a game in progress. ``SUDOKIT_UPDATE_DOCS=1`` rewrites
    ``docs/screenshot.png`` with it."""
    monkeypatch.setenv("SUDOKIT_HOME", str(shots / "docs-home"))
    clock = [0.0]
    with Store() as store:
        app = App(store, size=9, level="medium", seed=2024, resume=False, clock=lambda: clock[0])
        game = app.controller
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
