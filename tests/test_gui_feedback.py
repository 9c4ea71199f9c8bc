# ruff: noqa: F811
"""What the player sees at once: a setting shows as it is clicked (the dialog and the
screen behind it), Clear in "your puzzle" starts again at the first cell, a new game asks
before it ends one in progress, the notes toggle reads in a small window, a 16×16 board's
notes keep off the grid lines and a 16×16 game gets its bigger window, and the watch
window wears the game's theme."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["SUDOKIT_THEME"] = "light"  # whatever the desktop running the tests prefers

from collections.abc import Iterator

import pygame
import pytest

# The shared fixtures are imported by name; pytest passes them as parameters.
from gui_support import (  # noqa: F401
    PUZZLE,
    FakeClock,
    _home,
    clock,
    quick_puzzle,
)
from sudokit.game import Store
from sudokit.grid import Grid
from sudokit.gui.app import App
from sudokit.gui.controller import Controller
from sudokit.gui.dialogs import SettingsDialog
from sudokit.gui.interpret import DialogButton, Key
from sudokit.gui.theme import DARK, LIGHT, Color


@pytest.fixture()
def app(clock: FakeClock) -> Iterator[App]:
    store = Store()
    game = App(store, puzzle=PUZZLE, clock=clock, make_puzzle=quick_puzzle)
    game.pump()  # the first frame
    yield game
    store.close()


@pytest.fixture()
def game(clock: FakeClock) -> Iterator[Controller]:
    store = Store()
    c = Controller(store, puzzle=PUZZLE, clock=clock, make_puzzle=quick_puzzle)
    yield c
    store.close()


def post_click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.pump()


def dialog_button(app: App, key: str) -> tuple[int, int]:
    dialog = app.controller.dialog
    assert dialog is not None
    return next(b.rect.center for b in dialog.buttons if b.key == key)


def active(c: Controller) -> set[str]:
    assert c.dialog is not None
    return {b.key for b in c.dialog.buttons if b.active}


def veiled(color: Color, veil: tuple[int, int, int, int]) -> Color:
    """``color`` under the translucent veil a dialog lays over the screen."""
    a = veil[3] / 255
    r, g, b = (round(v * a + c * (1 - a)) for v, c in zip(veil[:3], color, strict=True))
    return (r, g, b)


def near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 3) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


# --- 1. settings show what was picked -------------------------------------------------------


def test_a_theme_click_shows_at_once_in_the_dialog_and_behind_it(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_COMMA, mod=pygame.KMOD_CTRL))
    app.pump()
    c = app.controller
    assert isinstance(c.dialog, SettingsDialog)
    corner = (2, 2)  # the screen's background, under the veil, outside the card
    assert near(tuple(app.screen.get_at(corner)), veiled(LIGHT.background, LIGHT.dim))
    post_click(app, dialog_button(app, "theme:dark"))
    assert "theme:dark" in active(c) and "theme:system" not in active(c)
    assert near(tuple(app.screen.get_at(corner)), veiled(DARK.background, DARK.dim)), (
        "the game behind the dialog is drawn in the new theme at once"
    )
    post_click(app, dialog_button(app, "theme:light"))
    assert "theme:light" in active(c) and "theme:dark" not in active(c)
    assert near(tuple(app.screen.get_at(corner)), veiled(LIGHT.background, LIGHT.dim))


@pytest.mark.parametrize(
    ("key", "value"),
    [("timer", "hidden"), ("checking", "off"), ("checking", "solution"), ("scale", "1.5")],
)
def test_every_setting_click_is_highlighted_at_once(game: Controller, key: str, value: str) -> None:
    game.open_settings()
    before = next(k for k in active(game) if k.startswith(f"{key}:"))
    game.apply(DialogButton(f"{key}:{value}"))
    now = {k for k in active(game) if k.startswith(f"{key}:")}
    assert now == {f"{key}:{value}"}, f"{before} gave way to the choice"
    assert isinstance(game.dialog, SettingsDialog), "the dialog stays open"


def test_a_hidden_timer_leaves_the_screen_behind_the_dialog(app: App) -> None:
    c = app.controller
    c.open_settings()
    app.pump()
    serial = c.dialog_serial
    c.apply(DialogButton("timer:hidden"))
    assert c.dirty.backdrop, "the screen behind the dialog is drawn again"
    app.pump()
    assert c.dialog_serial == serial and not c.dirty.any


# --- 4. your puzzle: Clear starts again at the first cell ----------------------------------


def test_clear_puts_the_cursor_back_on_the_first_cell() -> None:
    from sudokit.gui.dialogs import CustomDialog

    d = CustomDialog(9, lambda: None)
    for ch in "530070000":
        d.key(Key(ch))
    assert d.selected == 9
    d.click("clear")
    assert d.cells == [0] * 81
    assert d.selected == 0, "a puzzle typed again starts where the first one did"
    for ch in "53":
        d.key(Key(ch))
    assert d.cells[:3] == [5, 3, 0]


# --- 5. a new game asks before it ends one in progress --------------------------------------


def _wait_for_game(c: Controller) -> None:
    import time

    deadline = time.monotonic() + 10
    while c.generating and time.monotonic() < deadline:
        c.tick()
        time.sleep(0.01)
    c.tick()


def test_a_new_game_asks_before_it_ends_one_in_progress(game: Controller) -> None:
    from sudokit.gui.dialog_new import NewGameDialog
    from sudokit.gui.dialogs import MessageDialog

    first = game.session
    assert first is not None
    game.select(2)
    game.enter(4)
    assert first.started
    game.open_new_game()
    assert isinstance(game.dialog, NewGameDialog)
    game.apply(DialogButton("size:4"))
    game.apply(DialogButton("start"))
    assert isinstance(game.dialog, MessageDialog), "asked first"
    assert "abandon" in game.dialog.title.lower()
    assert game.session is first and not game.generating, "nothing ended yet"
    game.apply(DialogButton("cancel"))
    assert game.dialog is None and game.session is first and not first.finished
    assert first.state.entries[2] == 4, "the game goes on as it was"

    game.open_new_game()
    game.apply(DialogButton("size:4"))
    game.apply(DialogButton("start"))
    game.apply(DialogButton("confirm"))
    _wait_for_game(game)
    assert game.session is not first and game.session is not None
    assert game.session.size == 4


def test_an_untouched_or_finished_game_is_replaced_without_asking(game: Controller) -> None:
    from sudokit.game import Solve

    game.open_new_game()
    game.apply(DialogButton("size:4"))
    game.apply(DialogButton("start"))
    _wait_for_game(game)
    assert game.dialog is None and game.session is not None and game.session.size == 4
    game.play(Solve())  # finished (given up): nothing left to lose
    game.dialog = None
    game.open_new_game()
    game.apply(DialogButton("size:4"))
    game.apply(DialogButton("start"))
    assert game.dialog is None, "no question"


def _line(grid: Grid) -> str:
    return "".join(str(v) if v else "." for v in grid.cells)


@pytest.mark.parametrize("several", [False, True], ids=["unique", "play-anyway"])
def test_your_puzzle_asks_before_it_ends_a_game_in_progress(
    game: Controller, several: bool
) -> None:
    from sudokit.game import CUSTOM
    from sudokit.gui.dialogs import CustomDialog, MessageDialog
    from sudokit.gui.interpret import PastePuzzle

    first = game.session
    assert first is not None
    game.select(2)
    game.enter(4)
    text = "1..............." if several else _line(quick_puzzle(4, "easy", 0))
    game.apply(PastePuzzle(text))  # Ctrl+V on the board: the puzzle dialog, filled
    assert isinstance(game.dialog, CustomDialog)
    game.apply(DialogButton("start"))
    if several:
        game.apply(DialogButton("anyway"))
    assert isinstance(game.dialog, MessageDialog), "asked first"
    assert game.dialog.title == "Abandon this game?"
    assert game.session is first and not first.finished, "nothing ended yet"
    game.apply(DialogButton("cancel"))  # Keep playing
    assert game.dialog is None and game.session is first and not first.finished
    assert first.state.entries[2] == 4, "the game goes on as it was"
    game.open_custom()
    assert isinstance(game.dialog, CustomDialog)
    assert _line(Grid(game.dialog.shape, game.dialog.cells)) == text, "what was entered is kept"

    game.apply(DialogButton("anyway" if several else "start"))
    game.apply(DialogButton("confirm"))
    assert game.dialog is None
    s = game.session
    assert s is not first and s is not None and s.level == CUSTOM
    assert _line(s.state.puzzle) == text
    game.open_custom()
    assert isinstance(game.dialog, CustomDialog) and not any(game.dialog.cells), "a fresh one"


def test_your_puzzle_replaces_an_untouched_game_without_asking(game: Controller) -> None:
    from sudokit.gui.interpret import PastePuzzle

    first = game.session
    assert first is not None and not first.started
    text = _line(quick_puzzle(4, "easy", 0))
    game.apply(PastePuzzle(text))
    game.apply(DialogButton("start"))
    assert game.dialog is None, "no question"
    assert game.session is not first and game.session is not None
    assert _line(game.session.state.puzzle) == text


def test_the_level_picker_says_what_a_size_offers(game: Controller) -> None:
    from sudokit.gui.dialog_new import NewGameDialog

    d = NewGameDialog(6, "medium", lambda n: ("easy", "hard") if n == 6 else ("easy",))
    # Then the rules greyed out at that size, and why.
    assert d.note == (
        "A 6×6 grid offers Easy and Hard only. Windoku needs square boxes; a 6×6 grid has none."
    )
    d.click("size:4")
    assert d.note == (
        "A 4×4 grid offers Easy only. No 4×4 grid keeps anti-king or non-consecutive rules."
    )


# --- 7. small windows and 16×16 -------------------------------------------------------------


@pytest.mark.parametrize("window", [(640, 480), (480, 640), (800, 600)])
@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=lambda t: t.name)
def test_the_notes_button_shows_its_state_in_a_small_window(
    game: Controller, window: tuple[int, int], theme: object
) -> None:
    from sudokit.gui.theme import Theme, contrast, fit_text
    from sudokit.gui.widgets import button_colors

    assert isinstance(theme, Theme)
    pygame.font.init()
    game.resize(window)
    fills = []
    for on in (False, True):
        game.notes_mode = on
        b = game.button("notes")
        assert fit_text(b.label, 11, b.rect.w - 12) == b.label, "the label is never cut"
        fill = button_colors(b, theme, hover=False, pressed=False).fill
        assert fill is not None
        fills.append(fill)
    assert contrast(*fills) >= 1.5, "on and off look plainly different"


def _ink_near_edges(cell: int, theme: object) -> tuple[int, int]:
    """Draw a 16×16 board full of notes with cells of ``cell`` pixels; return the
    closest any note's ink comes to its cell's edge, and the grid lines' reach into a
    cell."""
    from sudokit.geometry import Shape
    from sudokit.gui.board import BoardView, _line_widths, draw_board
    from sudokit.gui.layout import Rect
    from sudokit.gui.theme import Theme

    assert isinstance(theme, Theme)
    shape = Shape.of(16)
    side = 16 * cell
    rect = Rect(10, 10, side, side)
    plain, noted = pygame.Surface((side + 20, side + 20)), pygame.Surface((side + 20, side + 20))
    digits = [0] * shape.ncells
    geo = draw_board(plain, rect, BoardView(shape, digits), theme)
    full = (1 << 16) - 1
    draw_board(noted, rect, BoardView(shape, digits, notes=[full] * shape.ncells), theme)
    closest = cell
    for c in range(shape.ncells):
        r = geo.cell_rect(c)
        for y in range(r.y, r.bottom):
            for x in range(r.x, r.right):
                d = min(x - r.x, y - r.y, r.right - 1 - x, r.bottom - 1 - y)
                if d < closest and plain.get_at((x, y)) != noted.get_at((x, y)):
                    closest = d
    thick = _line_widths(cell)[1]
    return closest, -(-thick // 2)


@pytest.mark.parametrize("cell", [18, 22, 30, 36, 40, 46, 54, 70])
def test_sixteen_notes_keep_clear_of_the_grid_lines(cell: int) -> None:
    pygame.font.init()
    closest, lines = _ink_near_edges(cell, LIGHT)
    gap = 2 if cell >= 24 else 1  # tiny cells: one clear pixel
    assert closest >= lines + gap, f"notes come within {closest - lines} px of a line"


def test_choosing_16x16_asks_for_the_window_a_16x16_game_opens_in(game: Controller) -> None:
    from sudokit.gui.layout import natural_window

    game.resize((1100, 740))
    game.open_new_game()
    game.apply(DialogButton("size:16"))
    game.apply(DialogButton("start"))
    _wait_for_game(game)
    assert game.session is not None and game.session.size == 16
    assert game.window_request == natural_window(16) == (1300, 960)


def test_a_window_big_enough_is_left_alone(game: Controller) -> None:
    game.resize((1500, 1000))
    game.open_new_game()
    game.apply(DialogButton("size:16"))
    game.apply(DialogButton("start"))
    _wait_for_game(game)
    assert game.session is not None and game.session.size == 16
    assert game.window_request is None


def test_the_window_grows_for_16x16_and_stays_for_9x9(app: App) -> None:
    c = app.controller
    assert app.screen.get_size() == (1100, 740)
    c.open_new_game()
    c.apply(DialogButton("size:16"))
    c.apply(DialogButton("start"))
    while c.generating:  # the window's loop, as it runs while a puzzle is made
        app.pump()
    app.pump()
    assert c.session is not None and c.session.size == 16
    assert app.screen.get_size() == (1300, 960) and c.window == (1300, 960)
    c.open_new_game()
    c.apply(DialogButton("size:9"))
    c.apply(DialogButton("start"))
    while c.generating:
        app.pump()
    app.pump()
    assert c.session is not None and c.session.size == 9
    assert app.screen.get_size() == (1300, 960), "never shrunk under the player"


def test_a_resumed_16x16_game_opens_in_its_bigger_window(clock: FakeClock) -> None:
    from sudokit.gui.layout import natural_window

    with Store() as store:
        first = Controller(store, size=16, level="easy", clock=clock, make_puzzle=quick_puzzle)
        _wait_for_game(first)
        assert first.session is not None and first.session.size == 16
        first.select(next(c for c, v in enumerate(first.session.state.board.cells) if not v))
        first.enter(1)
        first.quit()
    with Store() as store:  # the next start-up resumes it
        app = App(store, clock=clock, make_puzzle=quick_puzzle, detect_system=False)
        c = app.controller
        assert c.session is not None and c.session.size == 16
        assert "Welcome back" in c.message
        assert app.screen.get_size() == natural_window(16) == (1300, 960)
        assert c.window == c.layout.size == (1300, 960), "laid out for the window it has"


@pytest.mark.parametrize("window", [(640, 480), (480, 640), (800, 600), (1100, 740)])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_tool_and_action_label_is_read_whole_in_a_small_window(
    window: tuple[int, int], theme: str
) -> None:
    from sudokit.gui.layout import ACTIONS, TOOLS
    from sudokit.gui.theme import fit_text, fonts
    from sudokit.gui.widgets import label_size

    with Store() as store:
        store.set_setting("theme", theme)
        app = App(store, puzzle=PUZZLE, window=window, detect_system=False)
        app.pump()
        assert app.theme.name == theme
        for key, label in [*TOOLS, *ACTIONS]:
            b = app.controller.button(key)
            assert b.label == label
            # As draw_button does: the label shrinks to 11 pixels before it is cut.
            size, room = label_size(b.rect), b.rect.w - 12
            while size > 11 and fonts().size(b.label, size)[0] > room:
                size -= 1
            assert fit_text(b.label, size, room) == label, f"{label!r} cut at {window}"


# --- 6. one palette: the game, the watch window and the pictures ----------------------------

#: Theme field ← palette field: what a board shows is the same everywhere.
SHARED = {
    "background": "page",
    "surface": "board",
    "line_thick": "box_line",
    "line_thin": "cell_line",
    "given": "given",
    "revealed": "forced",
    "entry": "guessed",
    "note": "candidate",
    "error": "bad",
    "text": "text",
    "muted": "muted",
}


@pytest.mark.parametrize("name", ["light", "dark"])
def test_the_game_theme_and_the_palette_are_one(name: str) -> None:
    from sudokit.gui.theme import THEMES
    from sudokit.render.palette import PALETTES, hex_rgb
    from sudokit.render.style import PALETTE

    theme, palette = THEMES[name], PALETTES[name]
    differ = {
        t: (getattr(theme, t), getattr(palette, p))
        for t, p in SHARED.items()
        if getattr(theme, t) != hex_rgb(getattr(palette, p))
    }
    assert differ == {}
    assert PALETTES["light"] is PALETTE, "pictures are drawn in the light palette"


@pytest.mark.parametrize("name", ["light", "dark"])
def test_watched_digits_read_on_every_mark(name: str) -> None:
    from sudokit.gui.theme import contrast
    from sudokit.render.palette import PALETTES, hex_rgb

    p = PALETTES[name]
    fills = ["board", "focus_unit", "tried_fill", "placed_guess_fill", "placed_forced_fill"]
    fills += ["backtrack_fill", "bad_fill", "eliminated_fill"]
    pairs = [
        (ink, fill)
        for ink in ("given", "forced", "guessed", "candidate", "bad", "tried")
        for fill in fills
    ]
    pairs += [("text", "page"), ("muted", "page"), ("focus", "page"), ("bad", "page")]
    pairs += [("bar_text", "bar"), ("bar_muted", "bar")]
    low = [
        (a, b, round(contrast(hex_rgb(getattr(p, a)), hex_rgb(getattr(p, b))), 2))
        for a, b in pairs
        if contrast(hex_rgb(getattr(p, a)), hex_rgb(getattr(p, b))) < 4.5
    ]
    assert low == []


def test_a_dark_game_opens_a_dark_watch_window(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    import sudokit.gui.watch as watch_view

    real = watch_view.WatchScreen.draw
    pages: list[tuple[int, ...]] = []

    def draw_then_close(self: watch_view.WatchScreen, surface: pygame.Surface) -> None:
        real(self, surface)
        pages.append(tuple(surface.get_at((3, 3)))[:3])
        self.running = False

    monkeypatch.setattr(watch_view.WatchScreen, "draw", draw_then_close)
    c = app.controller
    c.change_setting("theme", "dark")
    c.watch()
    c.change_setting("theme", "light")
    c.watch()
    assert pages == [DARK.background, LIGHT.background], "the watch wears the game's theme"
