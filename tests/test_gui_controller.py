# ruff: noqa: F811
"""The game's actions, played on the controller without pygame or a window.

Input goes in as the plain records the window makes of its events (``Key``, ``Press``…);
clicks land on the layout's rectangles, as they would on screen.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

# The shared fixtures are imported by name; pytest passes them as parameters.
from gui_support import (  # noqa: F401
    PUZZLE,
    FakeClock,
    _home,
    clock,
    quick_puzzle,
)
from sudokit import generate, parse
from sudokit.game import AutoNotes, Checking, Erase, SetDigit, Store, ToggleNote, filed_level
from sudokit.game.session import logic_step
from sudokit.game.state import GameState
from sudokit.grid import Grid
from sudokit.gui.controller import Controller
from sudokit.gui.dialog_new import NewGameDialog
from sudokit.gui.dialogs import CustomDialog, HelpDialog, MessageDialog, StatsDialog
from sudokit.gui.interpret import (
    Arm,
    Command,
    Focus,
    Key,
    KeyUp,
    Motion,
    MoveCursor,
    Paste,
    PastePuzzle,
    Press,
    Quit,
    Release,
    Select,
    UiState,
    interpret,
    key_digit,
)
from sudokit.gui.layout import compute_layout
from sudokit.logic import Hint as LogicHint


@pytest.fixture()
def game(clock: FakeClock) -> Iterator[Controller]:
    store = Store()
    c = Controller(store, puzzle=PUZZLE, clock=clock, make_puzzle=quick_puzzle)
    # Hints on this puzzle take milliseconds; a busy machine must not turn them into
    # "Looking for a hint…" (the slow path has tests of its own).
    c.hint_wait = 30.0
    yield c
    store.close()


def key(
    c: Controller, name: str, *, ctrl: bool = False, shift: bool = False, text: str = ""
) -> None:
    c.handle(Key(name, ctrl=ctrl, shift=shift, text=text))
    c.handle(KeyUp(name))
    c.tick()


def click(c: Controller, pos: tuple[int, int], button: int = 1) -> None:
    c.handle(Motion(pos))
    c.handle(Press(pos, button))
    c.handle(Release(pos, button))
    c.tick()


def button(c: Controller, name: str) -> tuple[int, int]:
    buttons = c.dialog.buttons if c.dialog is not None else c.active_buttons()
    for b in buttons:
        if b.key == name:
            return b.rect.center
    raise KeyError(name)


def cell(c: Controller, i: int) -> tuple[int, int]:
    return c.layout.board.cell_rect(i).center


def wait_for_game(c: Controller, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while c.generating and time.monotonic() < end:
        c.tick()
        time.sleep(0.01)
    assert not c.generating


# --- no pygame ---------------------------------------------------------------------------


def test_the_controller_runs_without_pygame() -> None:
    code = (
        "import sys\n"
        "import sudokit.gui.controller, sudokit.gui.interpret, sudokit.gui.layout\n"
        "import sudokit.gui.dialogs\n"
        "from sudokit import parse\n"
        "from sudokit.game import Store\n"
        "from sudokit.gui.controller import Controller\n"
        "from sudokit.gui.interpret import Key\n"
        "c = Controller(Store(':memory:'), puzzle=parse('1.34' '34.2' '2.43' '43.1'))\n"
        "c.handle(Key('2'))\n"
        "print(c.session.state.entries[1], 'pygame' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["2", "False"]


# --- interpret: input → intent, pure ------------------------------------------------------


def _ui(**kw: object) -> UiState:
    base: dict[str, object] = {
        "size": 9,
        "selected": 2,
        "entries": (0,) * 81,
        "playing": True,
    }
    base.update(kw)
    return UiState(**base)  # type: ignore[arg-type]


def test_interpret_keys_to_moves() -> None:
    assert interpret(_ui(), Key("4")) == SetDigit(0, 2, 4)
    assert interpret(_ui(), Key("kp4")) == SetDigit(0, 2, 4)
    assert interpret(_ui(), Key("4", shift=True)) == ToggleNote(0, 2, 4)
    assert interpret(_ui(), Key("4", ctrl=True)) == ToggleNote(0, 2, 4)
    assert interpret(_ui(notes_mode=True), Key("4")) == ToggleNote(0, 2, 4)
    entries = [0] * 81
    entries[2] = 4
    assert interpret(_ui(entries=entries), Key("4")) == Erase(0, 2), "again takes it back"
    for name in ("backspace", "delete", "0", "kp0", "kp."):
        assert interpret(_ui(), Key(name)) == Erase(0, 2)
    assert interpret(_ui(), Key("m")) == AutoNotes()
    assert interpret(_ui(selected=None), Key("4")) == Arm(4), "digit first: armed"
    assert interpret(_ui(), Key("a")) is None, "no A on 9×9"
    assert interpret(_ui(size=16, entries=(0,) * 256), Key("g")) == SetDigit(0, 2, 16)


def test_interpret_commands_and_ui_changes() -> None:
    assert interpret(_ui(), Key("left")) == MoveCursor(0, -1)
    assert interpret(_ui(), Key("escape")) == Select(None)
    assert interpret(_ui(generating=True), Key("escape")) == Command("cancel-new")
    assert interpret(_ui(), Key("z", ctrl=True)) == Command("undo")
    assert interpret(_ui(), Key("z", ctrl=True, shift=True)) == Command("redo")
    assert interpret(_ui(), Key("slash", shift=True, text="?")) == Command("help")
    assert interpret(_ui(), Quit()) == Command("quit")
    assert interpret(_ui(), Paste("1.34")) == PastePuzzle("1.34")
    # Paused: only the keys that make sense without the board.
    assert interpret(_ui(playing=False), Key("4")) is None
    assert interpret(_ui(playing=False), Key("left")) is None
    assert interpret(_ui(playing=False), Key("p")) == Command("pause")


def test_interpret_clicks_use_the_layout() -> None:
    layout = compute_layout((1100, 740), 9)
    ui = _ui(buttons=layout.buttons, board=layout.board)
    assert interpret(ui, Press(layout.board.cell_rect(40).center)) == Select(40)
    hint = layout.button("hint").rect.center
    pressed = interpret(ui, Press(hint))
    assert pressed is not None and getattr(pressed, "key", None) == "hint"
    held = _ui(buttons=layout.buttons, board=layout.board, pressed="hint")
    assert interpret(held, Release(hint)) == Command("hint")
    pad = layout.button("digit:7").rect.center
    right = _ui(buttons=layout.buttons, pressed="digit:7", pressed_mouse=3)
    assert interpret(right, Release(pad, 3)) == ToggleNote(0, 2, 7), "a right click: a note"


def test_key_digit() -> None:
    assert key_digit(Key("kp9"), 9) == 9
    assert key_digit(Key("g"), 16) == 16
    assert key_digit(Key("g"), 12) is None
    assert key_digit(Key("left"), 9) is None


# --- typing --------------------------------------------------------------------------------


def test_opening_state(game: Controller) -> None:
    s = game.session
    assert s is not None and s.puzzle == PUZZLE
    assert game.selected == 2, "the first empty cell is selected"
    assert game.running and game.dialog is None


def test_click_a_cell_and_type(game: Controller) -> None:
    click(game, cell(game, 3))
    assert game.selected == 3
    key(game, "6")
    s = game.session
    assert s is not None and s.state.entries[3] == 6
    key(game, "kp4")
    assert s.state.entries[3] == 4, "numpad digits work too"
    key(game, "kp4")
    assert s.state.entries[3] == 0, "typing the same digit again takes it back"


def test_erase_keys(game: Controller) -> None:
    s = game.session
    assert s is not None
    for erase in ("backspace", "delete", "0"):
        key(game, "4")
        assert s.state.entries[2] == 4
        key(game, erase)
        assert s.state.entries[2] == 0


def test_undo_redo_keys(game: Controller) -> None:
    s = game.session
    assert s is not None
    key(game, "4")
    key(game, "right")
    key(game, "6")
    assert s.state.entries[2:4] == (4, 6)
    key(game, "z", ctrl=True)
    key(game, "z", ctrl=True)
    assert s.state.entries[2:4] == (0, 0)
    key(game, "y", ctrl=True)
    assert s.state.entries[2:4] == (4, 0)
    key(game, "z", ctrl=True, shift=True)
    assert s.state.entries[2:4] == (4, 6)


def test_a_held_digit_does_not_toggle(game: Controller) -> None:
    for _ in range(3):  # key repeat: downs without ups
        game.handle(Key("4", text="4"))
    assert game.session is not None and game.session.state.entries[2] == 4
    game.handle(KeyUp("4"))
    for _ in range(3):
        game.handle(Key("right"))
    assert game.selected == 5, "arrows repeat"


def test_arrows_move_and_wrap(game: Controller) -> None:
    game.select(0)
    key(game, "left")
    assert game.selected == 8
    key(game, "up")
    assert game.selected == 80
    key(game, "down")
    key(game, "right")
    assert game.selected == 0
    key(game, "escape")
    assert game.selected is None
    key(game, "5")
    assert game.armed == 5 and "Placing 5" in game.message, "no cell: the digit is armed"


def test_notes(game: Controller) -> None:
    s = game.session
    assert s is not None
    key(game, "n")
    assert game.notes_mode
    key(game, "1")
    key(game, "2")
    assert s.state.notes[2] == 0b11 and s.state.entries[2] == 0
    key(game, "n")
    key(game, "4", shift=True)
    key(game, "9", ctrl=True)
    assert s.state.notes[2] == 0b100001011
    key(game, "m")
    assert list(s.state.notes) == s.state.board.candidates()
    key(game, "m", shift=True)
    assert not any(s.state.notes)


def test_a_given_cannot_be_changed(game: Controller) -> None:
    game.select(0)
    key(game, "1")
    assert "given" in game.message
    assert game.session is not None and game.session.state.board.cells[0] == 5


def test_letters_on_sixteen(clock: FakeClock) -> None:
    with Store() as store:
        c = Controller(store, puzzle=quick_puzzle(16, "easy", None), clock=clock)
        s = c.session
        assert s is not None and s.size == 16
        selected = c.selected
        assert selected is not None
        key(c, "a")
        assert s.state.entries[selected] == 10
        key(c, "g")
        assert s.state.entries[selected] == 16


# --- the panel -------------------------------------------------------------------------------


def test_number_pad(game: Controller) -> None:
    s = game.session
    assert s is not None
    click(game, button(game, "digit:4"))
    assert s.state.entries[2] == 4
    remaining = s.remaining()[4]
    assert game.button("digit:4").sub == f"{remaining} left"
    click(game, button(game, "erase"))
    click(game, button(game, "digit:7"), button=3)
    assert s.state.notes[2] == 1 << 6, "a right click writes a note"


def test_tool_buttons(game: Controller) -> None:
    s = game.session
    assert s is not None
    assert not game.button("undo").enabled
    click(game, button(game, "auto"))
    assert any(s.state.notes)
    click(game, button(game, "undo"))
    assert not any(s.state.notes)
    click(game, button(game, "redo"))
    assert any(s.state.notes)
    click(game, button(game, "notes"))
    assert game.notes_mode
    click(game, button(game, "notes"))
    click(game, button(game, "restart"))
    assert s.state == s.states[0]
    click(game, button(game, "undo"))
    assert any(s.state.notes), "restart is undoable"


def test_a_click_released_elsewhere_does_nothing(game: Controller) -> None:
    game.handle(Press(button(game, "auto")))
    assert game.pressed == "auto"
    game.handle(Release(button(game, "hint")))
    assert game.pressed is None
    assert game.session is not None and not any(game.session.state.notes)
    assert game.session.hints_used == 0


def test_hint_and_check(game: Controller) -> None:
    s = game.session
    assert s is not None
    key(game, "h")
    assert s.hints_used == 1 and game.message.startswith("Hint: Look for")
    assert s.position == 0, "a hint teaches; it plays no move"
    assert "hint-area" in game.flash.values()
    game.select(3)
    key(game, "1")  # wrong
    click(game, button(game, "check"))
    assert "r1c4" in game.message and game.flash.get(3) == "check"
    click(game, button(game, "hint"))
    assert "wrong" in game.message and s.hints_used == 2


class SlowSteps:
    """A hint finder that waits for the test's go-ahead: a stand-in for the seconds the
    logic engine takes on the hardest puzzles."""

    def __init__(self, fail: bool = False) -> None:
        self.go = threading.Event()
        self.asked: list[object] = []
        self.fail = fail

    def __call__(self, state: GameState) -> LogicHint | None:
        self.asked.append(state)
        assert self.go.wait(20), "the test never let the hint finish"
        if self.fail:
            raise RuntimeError("the engine broke")
        return logic_step(state)


def slow_hints(c: Controller, fail: bool = False) -> SlowSteps:
    steps = SlowSteps(fail)
    c.find_step = steps
    c.hint_wait = 0.0
    return steps


def finish(c: Controller, steps: SlowSteps) -> None:
    job = c.hint_job
    steps.go.set()
    if job is not None:
        assert job.done.wait(20)
    c.tick()


def test_a_slow_hint_leaves_the_game_playable(game: Controller) -> None:
    s = game.session
    assert s is not None
    steps = slow_hints(game)
    key(game, "h")
    assert game.thinking and game.message.startswith("Looking for a hint")
    assert game.ui_state().thinking
    assert s.hints_used == 0 and not game.flash
    key(game, "h")  # a second press waits for the same search
    assert len(steps.asked) == 1 and game.message.startswith("Still looking")
    game.select(2)
    key(game, "right")
    assert game.selected == 3, "the cursor moves while the hint is looked for"
    game.tick()
    assert game.thinking, "nothing is shown before the answer"
    finish(game, steps)
    assert not game.thinking
    assert game.message.startswith("Hint: Look for") and s.hints_used == 1
    assert "hint-area" in game.flash.values()
    key(game, "h")  # more of the same hint: no search
    assert len(steps.asked) == 1 and s.hints_used == 1 and not game.thinking


def test_a_hint_for_a_position_left_behind_is_dropped(game: Controller) -> None:
    s = game.session
    assert s is not None
    steps = slow_hints(game)
    key(game, "h")
    game.select(2)
    key(game, "4")  # r1c3 is 4 in the solution
    assert s.state.entries[2] == 4
    finish(game, steps)
    assert not game.thinking and "position changed" in game.message
    assert s.hints_used == 0 and "hint" not in game.flash.values()
    key(game, "h")
    assert len(steps.asked) == 2 and steps.asked[1] == s.state
    finish(game, steps)
    assert game.message.startswith("Hint:") and s.hints_used == 1


def test_escape_gives_up_on_a_hint_and_asking_again_takes_up_the_same_search(
    game: Controller,
) -> None:
    s = game.session
    assert s is not None
    steps = slow_hints(game)
    key(game, "h")
    assert interpret(game.ui_state(), Key("escape")) == Command("cancel-hint")
    key(game, "escape")
    assert not game.thinking and game.message.startswith("No hint then")
    assert s.hints_used == 0
    key(game, "h")  # same position: the search still running is taken up, not doubled
    assert game.thinking and len(steps.asked) == 1
    finish(game, steps)
    assert game.message.startswith("Hint: Look for") and s.hints_used == 1


def test_a_hint_search_that_fails_says_so(game: Controller) -> None:
    s = game.session
    assert s is not None
    steps = slow_hints(game, fail=True)
    key(game, "h")
    finish(game, steps)
    assert game.message == "No hint: the engine broke" and game.message_kind == "error"
    assert s.hints_used == 0 and game.running
    key(game, "5")  # the game goes on
    assert game.session is s


def test_a_new_game_drops_the_old_games_hint(game: Controller) -> None:
    steps = slow_hints(game)
    key(game, "h")
    game.start_new(9, "easy", seed=3, wait=10)
    assert game.session is not None and game.session.puzzle != PUZZLE
    assert not game.thinking
    finish(game, steps)
    assert game.session.hints_used == 0 and not game.message.startswith("Hint")


def test_checking_setting_cycles_and_persists(game: Controller) -> None:
    assert game.checking is Checking.CONFLICTS
    click(game, button(game, "checking"))
    assert game.checking is Checking.SOLUTION
    assert game.session is not None and game.session.checking is Checking.SOLUTION
    click(game, button(game, "checking"))
    assert game.checking is Checking.OFF
    assert game.store.get_setting("checking", "") == "off"


def test_pause_hides_and_freezes(game: Controller, clock: FakeClock) -> None:
    s = game.session
    assert s is not None
    clock.now += 30
    key(game, "p")
    assert s.paused
    clock.now += 100
    key(game, "5")
    assert s.state.entries[2] == 0, "no play while paused"
    assert s.elapsed == pytest.approx(30)
    click(game, button(game, "pause"))  # the header button resumes
    assert not s.paused
    key(game, "p")
    click(game, game.layout.resume.rect.center)  # the Resume button on the board
    assert not s.paused


def test_focus_loss_pauses_and_focus_gain_resumes(game: Controller) -> None:
    s = game.session
    assert s is not None
    game.handle(Focus(False))
    assert s.paused
    game.handle(Focus(True))
    assert not s.paused


# --- finishing -----------------------------------------------------------------------------------


def test_solving_shows_the_time_and_records_it(game: Controller, clock: FakeClock) -> None:
    s = game.session
    assert s is not None
    clock.now += 462
    for c in PUZZLE.empty_cells():
        game.select(c)
        key(game, str(s.solution.cells[c]))
    assert s.finished and s.solved_by_player
    assert game.message == "Solved in 07:42 — well done!"
    assert game.celebrating and game.dialog is None, "a wave over the board first"
    clock.now += 1.0
    game.tick()
    assert isinstance(game.dialog, MessageDialog) and not game.celebrating
    [row] = game.store.stats()
    assert (row.level, row.solved, row.best) == ("custom", 1, pytest.approx(462))
    key(game, "escape")
    assert game.dialog is None


def test_solve_asks_first(game: Controller) -> None:
    s = game.session
    assert s is not None
    click(game, button(game, "solve"))
    assert isinstance(game.dialog, MessageDialog)
    key(game, "escape")
    assert not s.finished
    click(game, button(game, "solve"))
    click(game, button(game, "confirm"))
    assert s.finished and s.gave_up
    assert "counts as played" in game.message


# --- dialogs -------------------------------------------------------------------------------------


def test_new_game_dialog(game: Controller) -> None:
    key(game, "n", ctrl=True)
    assert isinstance(game.dialog, NewGameDialog)
    click(game, button(game, "size:4"))
    # A 4×4 puzzle is always easy: the picker offers no other level.
    assert game.dialog is not None
    levels = {b.key for b in game.dialog.buttons if b.key.startswith("level:")}
    assert levels == {"level:easy"}
    click(game, button(game, "level:easy"))
    click(game, button(game, "start"))
    wait_for_game(game)
    s = game.session
    assert s is not None and s.size == 4 and s.level == filed_level(s.puzzle, "easy") == "easy"
    assert game.store.get_setting("size", "") == "4"
    # The new game's pad has four keys.
    assert sum(b.key.startswith("digit:") for b in game.buttons) == 4


def test_new_game_dialog_keys(game: Controller) -> None:
    click(game, button(game, "new"))
    assert isinstance(game.dialog, NewGameDialog)
    key(game, "down")  # size 9 -> 12
    key(game, "right")
    key(game, "return")
    wait_for_game(game)
    assert game.session is not None and game.session.size == 12


def test_slow_generation_keeps_the_window_alive(game: Controller) -> None:
    gate = threading.Event()

    def slow(size: int, level: str, seed: object) -> Grid:
        gate.wait(5)
        return quick_puzzle(size, level, seed)

    game.make_puzzle = slow
    game.start_new(16, "hard")
    assert game.generating
    before = game.session
    for _ in range(5):
        game.tick()  # the loop runs while the worker works
    key(game, "5")
    assert before is not None and before.state.entries[2] == 0, "the board waits"
    key(game, "escape")
    assert not game.generating and game.session is before
    gate.set()
    game.start_new(16, "hard")
    wait_for_game(game)
    assert game.session is not None and game.session.size == 16


def test_custom_puzzle_dialog(game: Controller) -> None:
    clipboard: list[str | None] = [None]
    game.clipboard = lambda: clipboard[0]
    key(game, "o", ctrl=True)
    dialog = game.dialog
    assert isinstance(dialog, CustomDialog)
    key(game, "v", ctrl=True)
    assert "no text" in dialog.error
    clipboard[0] = "12345"
    key(game, "v", ctrl=True)
    assert "Cannot read the pasted text" in dialog.error
    clipboard[0] = "11" + "." * 79
    click(game, button(game, "paste"))
    click(game, button(game, "start"))
    assert "Malformed" in dialog.error and "duplicate 1" in dialog.error
    click(game, button(game, "clear"))
    click(game, button(game, "size:4"))
    key(game, "1")
    key(game, "return")
    assert "several solutions" in dialog.error
    clipboard[0] = "2345678.." + "........1" + "." * 63
    key(game, "v", ctrl=True)
    key(game, "return")
    assert "no solution" in dialog.error
    clipboard[0] = str(PUZZLE)
    click(game, button(game, "paste"))
    click(game, button(game, "start"))
    assert game.dialog is None
    assert game.session is not None and game.session.level == "custom"


def test_custom_dialog_typing(game: Controller) -> None:
    key(game, "o", ctrl=True)
    dialog = game.dialog
    assert isinstance(dialog, CustomDialog)
    click(game, button(game, "size:4"))
    for k in ["1", "period", "3", "4"]:
        key(game, k)
    assert dialog.cells[:4] == [1, 0, 3, 4]
    key(game, "backspace")  # like a text field: deletes what is before the cursor
    assert dialog.cells[:4] == [1, 0, 3, 0]
    key(game, "backspace")
    assert dialog.cells[:4] == [1, 0, 0, 0] and dialog.selected == 2
    click(game, dialog.geometry.cell_rect(15).center)
    assert dialog.selected == 15
    key(game, "escape")
    assert game.dialog is None


def test_paste_on_the_board_opens_your_puzzle_with_it(game: Controller) -> None:
    puzzle = "1.3434.22.4343.1"
    game.clipboard = lambda: puzzle
    key(game, "v", ctrl=True)
    dialog = game.dialog
    assert isinstance(dialog, CustomDialog)
    assert dialog.shape.n == 4 and dialog.cells[:4] == [1, 0, 3, 4]
    key(game, "return")
    assert game.dialog is None
    assert game.session is not None and game.session.puzzle == parse(puzzle)


def test_stats_and_help(game: Controller) -> None:
    key(game, "s")
    assert isinstance(game.dialog, StatsDialog)
    key(game, "escape")
    key(game, "f1")
    assert isinstance(game.dialog, HelpDialog)
    click(game, button(game, "close"))
    assert game.dialog is None
    key(game, "slash", shift=True, text="?")
    assert isinstance(game.dialog, HelpDialog)


# --- saving -------------------------------------------------------------------------------------


def test_every_move_is_saved_and_resumed(game: Controller, clock: FakeClock) -> None:
    key(game, "4")
    key(game, "right")
    key(game, "n")
    key(game, "2")
    state = game.session.state if game.session else None
    game.store.close()  # the window closes: another may resume its game
    with Store() as other:
        back = other.resume()
    assert back is not None and back.state == state
    game.store = Store()
    again = Controller(game.store, clock=clock)
    assert again.session is not None and again.session.state == state
    assert "Welcome back" in again.message


def test_quit_saves(game: Controller, clock: FakeClock) -> None:
    clock.now += 77
    game.handle(Quit())
    assert not game.running
    game.store.close()
    with Store() as other:
        back = other.resume(clock=clock)
    assert back is not None and back.elapsed == pytest.approx(77)


def test_damaged_database_notice_is_shown(tmp_path: Path, clock: FakeClock) -> None:
    (tmp_path / "sudokit.db").write_bytes(b"garbage" * 500)
    with Store() as store:
        c = Controller(store, puzzle=PUZZLE, clock=clock)
        assert c.message_kind == "error" and "moved to" in c.message
        assert isinstance(c.dialog, MessageDialog)


def test_a_seed_makes_the_puzzle_generate_makes(clock: FakeClock) -> None:
    with Store() as store:
        c = Controller(store, seed=42, level="medium", clock=clock)
        assert c.session is not None
        assert c.session.puzzle == generate(9, seed=42, difficulty="medium")


def test_watch_pauses_the_game_and_brings_it_back(game: Controller) -> None:
    seen: list[tuple[Grid, bool]] = []
    game.watcher = lambda grid: seen.append(
        (grid, game.session is not None and game.session.paused)
    )
    key(game, "w")
    assert seen == [(PUZZLE, True)]
    assert game.session is not None and not game.session.paused


# --- redraws --------------------------------------------------------------------------------


def test_dirty_marks_what_changed(game: Controller, clock: FakeClock) -> None:
    game.tick()
    game.dirty.clear()
    game.tick()
    assert not game.dirty.any, "nothing changed"
    clock.now += 1
    game.tick()
    assert game.dirty.header and not game.dirty.all and not game.dirty.board
    game.dirty.clear()
    game.handle(Motion(button(game, "hint")))
    assert game.dirty.buttons == {"hint"} and not game.dirty.all
    game.dirty.clear()
    key(game, "4")
    assert game.dirty.all


# --- settings ------------------------------------------------------------------------------


def test_settings_dialog_changes_and_saves(game: Controller) -> None:
    from sudokit.gui.dialogs import SettingsDialog

    click(game, button(game, "settings"))
    assert isinstance(game.dialog, SettingsDialog)
    click(game, button(game, "theme:dark"))
    click(game, button(game, "timer:hidden"))
    click(game, button(game, "checking:solution"))
    assert isinstance(game.dialog, SettingsDialog), "the dialog stays open"
    assert (game.settings.theme, game.settings.timer) == ("dark", "hidden")
    assert game.checking is Checking.SOLUTION
    assert game.session is not None and game.session.checking is Checking.SOLUTION
    key(game, "return")
    assert game.dialog is None
    with Store() as other:
        assert other.get_setting("theme", "") == "dark"
        assert other.get_setting("timer", "") == "hidden"
        assert other.get_setting("checking", "") == "solution"
    again = Controller(game.store, puzzle=PUZZLE)
    assert (again.settings.theme, again.settings.timer) == ("dark", "hidden")


def test_ctrl_comma_opens_settings_and_bad_saved_values_fall_back(tmp_path: Path) -> None:
    from sudokit.gui.dialogs import SettingsDialog

    with Store() as store:
        for k, v in [("theme", "purple"), ("timer", "1"), ("scale", "x"), ("size", "10")]:
            store.set_setting(k, v)
        c = Controller(store, puzzle=PUZZLE)
        assert (c.settings.theme, c.settings.timer, c.settings.scale) == ("system", "shown", "auto")
        assert c.settings.size == 9
        key(c, "comma", ctrl=True)
        assert isinstance(c.dialog, SettingsDialog)


def test_interface_size_setting_scales_the_layout(game: Controller) -> None:
    before = game.layout.button("hint").rect
    game.change_setting("scale", "2")
    assert game.scale == 2.0
    assert game.window_request == (2200, 1480), "a window to suit"
    game.resize((2200, 1480))
    after = game.layout.button("hint").rect
    assert after.h > before.h * 1.2, "bigger buttons"
    click(game, cell(game, 4))
    assert game.selected == 4, "clicks follow the new layout"


# --- the level picker ----------------------------------------------------------------------


def _levels(size: int) -> tuple[str, ...]:
    return {4: ("easy", "medium"), 6: ("easy", "medium", "hard")}.get(
        size, ("easy", "medium", "hard", "expert", "extreme")
    )


def test_the_level_picker_offers_only_what_a_size_reaches(clock: FakeClock) -> None:
    with Store() as store:
        c = Controller(store, puzzle=PUZZLE, clock=clock, levels_for=_levels)
        key(c, "n", ctrl=True)
        dialog = c.dialog
        assert isinstance(dialog, NewGameDialog)
        click(c, button(c, "level:expert"))
        click(c, button(c, "size:4"))
        assert [b.key for b in dialog.level_buttons] == ["level:easy", "level:medium"]
        assert dialog.level == "medium", "the hardest the size has"
        assert dialog.note == (
            "A 4×4 grid offers Easy and Medium only. "
            "No 4×4 grid keeps anti-king or non-consecutive rules."
        )
        with pytest.raises(KeyError):
            button(c, "level:hard")
        click(c, button(c, "size:9"))
        assert dialog.level == "expert", "the level asked for comes back"
        key(c, "up")  # 9 -> 6
        assert dialog.size == 6 and dialog.level == "hard"


def test_the_default_level_picker_follows_the_generator() -> None:
    from sudokit import generator
    from sudokit.game import LEVELS
    from sudokit.gui.dialog_new import reachable_levels

    expected = generator.levels_for(4) if hasattr(generator, "levels_for") else tuple(LEVELS)
    assert reachable_levels(4) == tuple(expected)


# --- play anyway ----------------------------------------------------------------------------


def test_a_puzzle_with_several_solutions_can_be_played_anyway(game: Controller) -> None:
    several = "1..............."
    game.clipboard = lambda: several
    key(game, "o", ctrl=True)
    dialog = game.dialog
    assert isinstance(dialog, CustomDialog)
    key(game, "v", ctrl=True)
    key(game, "return")
    assert "several solutions" in dialog.error and "anyway" in dialog.error
    assert "anyway" in [b.key for b in dialog.buttons]
    assert "start" not in [b.key for b in dialog.buttons], "Play anyway takes Start's place"
    key(game, "2")  # an edit: the puzzle must be checked again
    assert "anyway" not in [b.key for b in dialog.buttons]
    key(game, "left")
    key(game, "1")  # back as it was
    key(game, "return")
    assert "anyway" in [b.key for b in dialog.buttons]
    result = dialog.click("anyway")
    from sudokit.gui.dialogs import StartCustom

    assert result == StartCustom(parse(several), None)
    click(game, button(game, "anyway"))
    assert game.dialog is None
    s = game.session
    assert s is not None and s.puzzle == parse(several) and not s.unique
    assert "several solutions" in game.message
    game.set_checking(Checking.SOLUTION)
    assert s.checking is Checking.CONFLICTS, "no one solution to compare with"


# --- making a puzzle ------------------------------------------------------------------------


def test_cancel_is_offered_while_a_puzzle_is_made(game: Controller) -> None:
    gate = threading.Event()

    def slow(size: int, level: str, seed: object) -> Grid:
        gate.wait(5)
        return quick_puzzle(size, level, seed)

    game.make_puzzle = slow
    game.start_new(16, "hard")
    assert game.layout.cancel_new in game.active_buttons()
    assert game.button("hint").enabled is False
    click(game, game.layout.cancel_new.rect.center)
    assert not game.generating and "your game is as you left it" in game.message
    gate.set()
