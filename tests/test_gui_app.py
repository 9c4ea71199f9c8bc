"""The desktop game, driven headless with posted keyboard and mouse events."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from click.testing import CliRunner

from sudokit import generate, parse
from sudokit.cli import main
from sudokit.game import Checking, Store
from sudokit.gui.app import App
from sudokit.gui.dialogs import CustomDialog, HelpDialog, MessageDialog, NewGameDialog, StatsDialog

PUZZLE = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
_CACHE: dict[int, object] = {}


def quick_puzzle(size: int, level: str, seed: object) -> object:
    """Puzzles made once per size, so tests never wait for the generator."""
    if size not in _CACHE:
        _CACHE[size] = generate(size, seed=1, difficulty="easy")
    return _CACHE[size]


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_HOME", str(tmp_path))


@pytest.fixture()
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture()
def app(clock: FakeClock) -> Iterator[App]:
    store = Store()
    game = App(store, puzzle=PUZZLE, clock=clock, make_puzzle=quick_puzzle)  # type: ignore[arg-type]
    game.pump()  # the first frame
    yield game
    store.close()


def key(app: App, k: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod))
    app.pump()


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.pump()


def button(app: App, name: str) -> tuple[int, int]:
    buttons = app.dialog.buttons if app.dialog is not None else app.buttons
    for b in buttons:
        if b.key == name:
            return b.rect.center
    raise KeyError(name)


def cell(app: App, c: int) -> tuple[int, int]:
    assert app._geometry is not None
    return app._geometry.cell_rect(c).center


def wait_for_game(app: App, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while app.generating and time.monotonic() < end:
        app.pump()
        time.sleep(0.01)
    assert not app.generating


# --- typing --------------------------------------------------------------------------------


def test_opening_state(app: App) -> None:
    s = app.session
    assert s is not None and s.puzzle == PUZZLE
    assert app.selected == 2, "the first empty cell is selected"
    assert app.running and app.dialog is None


def test_click_a_cell_and_type(app: App) -> None:
    click(app, cell(app, 3))
    assert app.selected == 3
    key(app, pygame.K_6)
    s = app.session
    assert s is not None and s.state.entries[3] == 6
    key(app, pygame.K_KP4)
    assert s.state.entries[3] == 4, "numpad digits work too"
    key(app, pygame.K_KP4)
    assert s.state.entries[3] == 0, "typing the same digit again takes it back"


def test_erase_keys(app: App) -> None:
    s = app.session
    assert s is not None
    for erase in (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_0):
        key(app, pygame.K_4)
        assert s.state.entries[2] == 4
        key(app, erase)
        assert s.state.entries[2] == 0


def test_undo_redo_keys(app: App) -> None:
    s = app.session
    assert s is not None
    key(app, pygame.K_4)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_6)
    assert s.state.entries[2:4] == (4, 6)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert s.state.entries[2:4] == (0, 0)
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    assert s.state.entries[2:4] == (4, 0)
    key(app, pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert s.state.entries[2:4] == (4, 6)


def test_a_held_digit_does_not_toggle(app: App) -> None:
    for _ in range(3):  # key repeat: downs without ups
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_4, mod=0, unicode="4"))
    app.pump()
    assert app.session is not None and app.session.state.entries[2] == 4
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_4, mod=0))
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    app.pump()
    assert app.selected == 5, "arrows repeat"


def test_arrows_move_and_wrap(app: App) -> None:
    app.select(0)
    key(app, pygame.K_LEFT)
    assert app.selected == 8
    key(app, pygame.K_UP)
    assert app.selected == 80
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    assert app.selected == 0
    key(app, pygame.K_ESCAPE)
    assert app.selected is None
    key(app, pygame.K_5)
    assert "Select a cell" in app.message


def test_notes(app: App) -> None:
    s = app.session
    assert s is not None
    key(app, pygame.K_n)
    assert app.notes_mode
    key(app, pygame.K_1)
    key(app, pygame.K_2)
    assert s.state.notes[2] == 0b11 and s.state.entries[2] == 0
    key(app, pygame.K_n)
    key(app, pygame.K_4, pygame.KMOD_LSHIFT)
    key(app, pygame.K_9, pygame.KMOD_LCTRL)
    assert s.state.notes[2] == 0b100001011
    key(app, pygame.K_m)
    assert list(s.state.notes) == s.state.board.candidates()
    key(app, pygame.K_m, pygame.KMOD_LSHIFT)
    assert not any(s.state.notes)


def test_a_given_cannot_be_changed(app: App) -> None:
    app.select(0)
    key(app, pygame.K_1)
    assert "given" in app.message
    assert app.session is not None and app.session.state.board.cells[0] == 5


def test_letters_on_sixteen(clock: FakeClock) -> None:
    puzzle = quick_puzzle(16, "easy", None)
    with Store() as store:
        game = App(store, puzzle=puzzle, clock=clock)  # type: ignore[arg-type]
        s = game.session
        assert s is not None and s.size == 16
        c = game.selected
        assert c is not None
        key(game, pygame.K_a)
        assert s.state.entries[c] == 10
        key(game, pygame.K_g)
        assert s.state.entries[c] == 16


# --- the panel -------------------------------------------------------------------------------


def test_number_pad(app: App) -> None:
    s = app.session
    assert s is not None
    click(app, button(app, "digit:4"))
    assert s.state.entries[2] == 4
    remaining = s.remaining()[4]
    assert next(b for b in app.buttons if b.key == "digit:4").sub == f"{remaining} left"
    click(app, button(app, "erase"))
    click(app, button(app, "digit:7"), button=3)
    assert s.state.notes[2] == 1 << 6, "a right click writes a note"


def test_tool_buttons(app: App) -> None:
    s = app.session
    assert s is not None
    assert not next(b for b in app.buttons if b.key == "undo").enabled
    click(app, button(app, "auto"))
    assert any(s.state.notes)
    click(app, button(app, "undo"))
    assert not any(s.state.notes)
    click(app, button(app, "redo"))
    assert any(s.state.notes)
    click(app, button(app, "notes"))
    assert app.notes_mode
    click(app, button(app, "notes"))
    click(app, button(app, "restart"))
    assert s.state == s.states[0]
    click(app, button(app, "undo"))
    assert any(s.state.notes), "restart is undoable"


def test_hint_and_check(app: App) -> None:
    s = app.session
    assert s is not None
    key(app, pygame.K_h)
    assert s.hints_used == 1 and app.message.startswith("Hint: Look for")
    assert s.position == 0, "a hint teaches; it plays no move"
    app.select(3)
    key(app, pygame.K_1)  # wrong
    click(app, button(app, "check"))
    assert "r1c4" in app.message and 3 in app._flash
    click(app, button(app, "hint"))
    assert "wrong" in app.message and s.hints_used == 2


def test_checking_setting_cycles_and_persists(app: App) -> None:
    assert app.checking is Checking.CONFLICTS
    click(app, button(app, "checking"))
    assert app.checking is Checking.SOLUTION
    assert app.session is not None and app.session.checking is Checking.SOLUTION
    click(app, button(app, "checking"))
    assert app.checking is Checking.OFF
    assert app.store.get_setting("checking", "") == "off"


def test_pause_hides_and_freezes(app: App, clock: FakeClock) -> None:
    s = app.session
    assert s is not None
    clock.now += 30
    key(app, pygame.K_p)
    assert s.paused
    clock.now += 100
    key(app, pygame.K_5)
    assert s.state.entries[2] == 0, "no play while paused"
    assert s.elapsed == pytest.approx(30)
    click(app, button(app, "pause"))  # the header button resumes
    assert not s.paused
    key(app, pygame.K_p)
    click(app, app._overlay_buttons[0].rect.center)  # the Resume button on the board
    assert not s.paused


def test_focus_loss_pauses_and_focus_gain_resumes(app: App) -> None:
    s = app.session
    assert s is not None
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.pump()
    assert s.paused
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    app.pump()
    assert not s.paused


# --- finishing -----------------------------------------------------------------------------------


def test_solving_shows_the_time_and_records_it(app: App, clock: FakeClock) -> None:
    s = app.session
    assert s is not None
    clock.now += 462
    for c in PUZZLE.empty_cells():
        app.select(c)
        key(app, pygame.K_0 + s.solution.cells[c])
    assert s.finished and s.solved_by_player
    assert isinstance(app.dialog, MessageDialog)
    assert app.message == "Solved in 07:42 — well done!"
    [row] = app.store.stats()
    assert (row.level, row.solved, row.best) == ("custom", 1, pytest.approx(462))
    key(app, pygame.K_ESCAPE)
    assert app.dialog is None


def test_solve_asks_first(app: App) -> None:
    s = app.session
    assert s is not None
    click(app, button(app, "solve"))
    assert isinstance(app.dialog, MessageDialog)
    key(app, pygame.K_ESCAPE)
    assert not s.finished
    click(app, button(app, "solve"))
    click(app, button(app, "confirm"))
    assert s.finished and s.gave_up
    assert "counts as played" in app.message


# --- dialogs -------------------------------------------------------------------------------------


def test_new_game_dialog(app: App) -> None:
    key(app, pygame.K_n, pygame.KMOD_LCTRL)
    assert isinstance(app.dialog, NewGameDialog)
    click(app, button(app, "size:4"))
    click(app, button(app, "level:hard"))
    click(app, button(app, "start"))
    wait_for_game(app)
    s = app.session
    assert s is not None and s.size == 4 and s.level == "hard"
    assert app.store.get_setting("size", "") == "4"
    # The new game's pad has four keys.
    assert sum(b.key.startswith("digit:") for b in app.buttons) == 4


def test_new_game_dialog_keys(app: App) -> None:
    click(app, button(app, "new"))
    assert isinstance(app.dialog, NewGameDialog)
    key(app, pygame.K_DOWN)  # size 9 -> 12
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    wait_for_game(app)
    assert app.session is not None and app.session.size == 12


def test_slow_generation_keeps_the_window_alive(app: App) -> None:
    gate = threading.Event()

    def slow(size: int, level: str, seed: object) -> object:
        gate.wait(5)
        return quick_puzzle(size, level, seed)

    app.make_puzzle = slow  # type: ignore[assignment]
    app.start_new(16, "hard")
    assert app.generating
    before = app.session
    for _ in range(5):
        app.pump()  # the loop runs while the worker works
    key(app, pygame.K_5)
    assert before is not None and before.state.entries[2] == 0, "the board waits"
    key(app, pygame.K_ESCAPE)
    assert not app.generating and app.session is before
    gate.set()
    app.start_new(16, "hard")
    wait_for_game(app)
    assert app.session is not None and app.session.size == 16


def test_custom_puzzle_dialog(app: App) -> None:
    clipboard: list[str | None] = [None]
    app.clipboard = lambda: clipboard[0]
    key(app, pygame.K_o, pygame.KMOD_LCTRL)
    dialog = app.dialog
    assert isinstance(dialog, CustomDialog)
    dialog.clipboard = app.clipboard
    key(app, pygame.K_v, pygame.KMOD_LCTRL)
    assert "no text" in dialog.error
    clipboard[0] = "12345"
    key(app, pygame.K_v, pygame.KMOD_LCTRL)
    assert "Cannot read the pasted text" in dialog.error
    clipboard[0] = "11" + "." * 79
    click(app, button(app, "paste"))
    click(app, button(app, "start"))
    assert "Malformed" in dialog.error and "duplicate 1" in dialog.error
    click(app, button(app, "clear"))
    click(app, button(app, "size:4"))
    key(app, pygame.K_1)
    key(app, pygame.K_RETURN)
    assert "several solutions" in dialog.error
    clipboard[0] = "2345678.." + "........1" + "." * 63
    key(app, pygame.K_v, pygame.KMOD_LCTRL)
    key(app, pygame.K_RETURN)
    assert "no solution" in dialog.error
    clipboard[0] = str(PUZZLE)
    click(app, button(app, "paste"))
    click(app, button(app, "start"))
    assert app.dialog is None
    assert app.session is not None and app.session.level == "custom"


def test_custom_dialog_typing(app: App) -> None:
    key(app, pygame.K_o, pygame.KMOD_LCTRL)
    dialog = app.dialog
    assert isinstance(dialog, CustomDialog)
    click(app, button(app, "size:4"))
    for k in [pygame.K_1, pygame.K_PERIOD, pygame.K_3, pygame.K_4]:
        key(app, k)
    assert dialog.cells[:4] == [1, 0, 3, 4]
    key(app, pygame.K_BACKSPACE)  # like a text field: deletes what is before the cursor
    assert dialog.cells[:4] == [1, 0, 3, 0]
    key(app, pygame.K_BACKSPACE)
    assert dialog.cells[:4] == [1, 0, 0, 0] and dialog.selected == 2
    assert dialog.geometry is not None
    click(app, dialog.geometry.cell_rect(15).center)
    assert dialog.selected == 15
    key(app, pygame.K_ESCAPE)
    assert app.dialog is None


def test_stats_and_help(app: App) -> None:
    key(app, pygame.K_s)
    assert isinstance(app.dialog, StatsDialog)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F1)
    assert isinstance(app.dialog, HelpDialog)
    click(app, button(app, "close"))
    assert app.dialog is None
    key(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    assert isinstance(app.dialog, HelpDialog)


# --- the window ---------------------------------------------------------------------------


def test_resize_relays_out(app: App) -> None:
    old = app.layout.board_area.copy()
    pygame.display.set_mode((700, 900), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(700, 900), w=700, h=900))
    app.pump()
    assert not app.layout.wide
    assert app.layout.board_area != old
    click(app, cell(app, 4))
    assert app.selected == 4


def test_redraws_only_what_changed(
    app: App, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[object] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: calls.append("flip"))
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: calls.append(rects))
    app.pump()
    assert calls == [], "nothing changed, nothing drawn"
    clock.now += 1
    app.pump()
    assert calls == [[app.layout.header]], "a new second repaints the header only"
    calls.clear()
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=button(app, "hint"), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    app.pump()
    assert len(calls) == 1 and isinstance(calls[0], list) and len(calls[0]) == 1
    calls.clear()
    key(app, pygame.K_4)
    assert calls == ["flip"]


def test_every_move_is_saved_and_resumed(app: App, clock: FakeClock) -> None:
    key(app, pygame.K_4)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_n)
    key(app, pygame.K_2)
    state = app.session.state if app.session else None
    with Store() as other:
        back = other.resume()
    assert back is not None and back.state == state
    app.store.close()
    app.store = Store()
    again = App(app.store, clock=clock)
    assert again.session is not None and again.session.state == state
    assert "Welcome back" in again.message


def test_quit_saves(app: App, clock: FakeClock) -> None:
    clock.now += 77
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert not app.pump()
    with Store() as other:
        back = other.resume()
    assert back is not None and back.elapsed == pytest.approx(77)


def test_damaged_database_notice_is_shown(tmp_path: Path, clock: FakeClock) -> None:
    (tmp_path / "sudokit.db").write_bytes(b"garbage" * 500)
    with Store() as store:
        game = App(store, puzzle=PUZZLE, clock=clock)
        assert game.message_kind == "error" and "moved to" in game.message


# --- the command line ---------------------------------------------------------------------------


def test_cli_screenshot(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    result = CliRunner().invoke(
        main, ["play", "--screenshot", str(out), "--window", "900x640", str(PUZZLE)]
    )
    assert result.exit_code == 0, result.output
    assert pygame.image.load(str(out)).get_size() == (900, 640)
    assert not (tmp_path / "sudokit.db").exists(), "a screenshot touches no saved game"


def test_cli_play_refuses_bad_puzzles(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["play", "--screenshot", str(tmp_path / "x.png"), "1234"])
    assert result.exit_code == 2 and "expected 16 cells" in result.output
    result = CliRunner().invoke(main, ["play", "--screenshot", str(tmp_path / "x.png"), "." * 81])
    assert result.exit_code == 2 and "several solutions" in result.output


def test_a_seed_makes_the_puzzle_generate_makes(clock: FakeClock) -> None:
    with Store() as store:
        game = App(store, seed=42, level="medium", clock=clock)
        assert game.session is not None
        assert game.session.puzzle == generate(9, seed=42, difficulty="medium")


def test_import_sudokit_does_not_import_the_gui() -> None:
    code = (
        "import sys, sudokit, sudokit.game;"
        "print('pygame' in sys.modules, 'sudokit.gui' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"


# --- watching the computer solve ------------------------------------------------------------


def test_w_opens_the_watch_window_on_this_puzzle_and_comes_back(
    app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import sudokit.gui.watch as watch_view

    real = watch_view.run_watch
    seen: list[object] = []

    def watch_then_close(grid: object, names: list[str], **kw: object) -> None:
        seen.append((grid, list(names), app.session is not None and app.session.paused))
        # The watch window reads its own events: Esc closes it after one frame.
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
        real(grid, names, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(watch_view, "run_watch", watch_then_close)
    size = app.screen.get_size()
    key(app, pygame.K_w, unicode="w")
    assert seen == [(PUZZLE, ["propagation"], True)], "watched the givens, the game paused"
    s = app.session
    assert s is not None and not s.paused, "the game goes on as it was"
    assert pygame.display.get_surface() is app.screen and app.screen.get_size() == size
    key(app, pygame.K_RIGHT)  # the game still answers keys and draws
    shot = tmp_path / "after-watch.png"
    app.save_screenshot(shot)
    assert pygame.image.load(str(shot)).get_size() == size
