"""The game session: undo/redo/restart, timer, mistakes, completion, hints, checks."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sudokit import IllegalMoveError, generate, parse
from sudokit.game import Checking, Session, examine, format_time
from sudokit.logic import Hint as LogicHint

PUZZLE = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def new(clock: FakeClock | None = None, **kw: object) -> Session:
    return Session.new(PUZZLE, level="easy", clock=clock or FakeClock(), **kw)  # type: ignore[arg-type]


def code(session: Session, cell: int, digit: int | None = None) -> str:
    r, c = divmod(cell, session.size)
    if digit is None:
        digit = session.solution.cells[cell]
    return f"s r{r + 1}c{c + 1} {digit}"


# --- creating --------------------------------------------------------------------------


def test_examine_tells_what_is_wrong() -> None:
    assert examine(PUZZLE).ok
    dup = parse("55" + "." * 79, check=False)
    assert "break the rules" in (examine(dup).problem or "")
    several = parse("." * 81)
    assert "several solutions" in (examine(several).problem or "")
    # Two 1s would be needed in the last cell of row 1: no solution, no duplicate given.
    none = parse("2345678.." + "........1" + "." * 63)
    assert "no solution" in (examine(none).problem or "")


def test_new_refuses_unplayable_puzzles() -> None:
    with pytest.raises(ValueError, match="several"):
        Session.new(parse("." * 16))


# --- undo / redo / restart ---------------------------------------------------------------


def test_play_undo_redo() -> None:
    s = new()
    start = s.state
    assert not s.can_undo and not s.can_redo
    assert s.play("s r1c3 4")
    assert s.play("n r1c4 6")
    after = s.state
    assert s.undo() and s.undo()
    assert s.state == start and not s.undo()
    assert s.redo() and s.redo() and not s.redo()
    assert s.state == after
    assert [str(m) for m in s.moves] == ["s r1c3 4", "n r1c4 6"]


def test_a_new_move_drops_the_redo_tail() -> None:
    s = new()
    s.play("s r1c3 4")
    s.play("s r1c4 6")
    s.undo()
    s.play("s r1c4 2")
    assert [str(m) for m in s.moves] == ["s r1c3 4", "s r1c4 2"]
    assert not s.can_redo


def test_noop_moves_are_not_recorded() -> None:
    s = new()
    assert not s.play("e r1c3")
    assert s.play("s r1c3 4")
    assert not s.play("s r1c3 4")
    assert s.position == 1


def test_illegal_move_changes_nothing() -> None:
    s = new()
    s.play("s r1c3 4")
    before = (s.state, s.moves, s.position)
    with pytest.raises(IllegalMoveError):
        s.play("s r1c1 1")
    with pytest.raises(IllegalMoveError):
        s.play("bogus")
    assert (s.state, s.moves, s.position) == before


def test_restart_is_undoable() -> None:
    s = new()
    s.play("s r1c3 4")
    s.play("auto")
    played = s.state
    s.play("restart")
    assert s.state == s.states[0]
    assert s.undo()
    assert s.state == played


def test_auto_clean_is_undone_with_the_move() -> None:
    s = new()
    s.play("auto")
    with_notes = s.state
    s.play("s r1c3 4")
    assert s.state.notes != with_notes.notes
    s.undo()
    assert s.state.notes == with_notes.notes


# --- timer -------------------------------------------------------------------------------


def test_timer_counts_and_pauses() -> None:
    clock = FakeClock()
    s = new(clock)
    clock.advance(10)
    assert s.elapsed == 10
    s.pause()
    assert s.paused
    clock.advance(100)
    assert s.elapsed == 10
    s.resume()
    clock.advance(5)
    assert s.elapsed == 15
    s.pause()
    s.pause()
    assert s.elapsed == 15


def test_timer_stops_when_solved_and_stays_stopped() -> None:
    clock = FakeClock()
    s = new(clock)
    clock.advance(42)
    s.play("solve")
    assert s.finished
    clock.advance(100)
    assert s.elapsed == 42
    s.resume()
    clock.advance(100)
    assert s.elapsed == 42


def test_format_time() -> None:
    assert format_time(462.9) == "07:42"
    assert format_time(3723) == "1:02:03"


# --- mistakes and conflicts --------------------------------------------------------------


def test_mistakes_and_conflicts_per_checking_mode() -> None:
    s = new()
    s.play("s r1c3 5")  # a 5 is already in row 1: conflict and mistake
    s.play("s r1c4 2")  # wrong (solution is 6) but breaks no rule
    assert s.conflicts() == {0, 2}
    assert s.mistakes() == {2, 3}
    assert s.mistakes_made == 2
    s.checking = Checking.OFF
    assert not s.marked_conflicts() and not s.marked_mistakes()
    s.checking = Checking.CONFLICTS
    assert s.marked_conflicts() == {0, 2} and not s.marked_mistakes()
    s.checking = Checking.SOLUTION
    assert s.marked_conflicts() == {0, 2} and s.marked_mistakes() == {2, 3}


def test_mistakes_made_is_not_undone() -> None:
    s = new()
    s.play("s r1c3 5")
    s.undo()
    assert s.mistakes() == frozenset()
    assert s.mistakes_made == 1


def test_check() -> None:
    s = new()
    assert "No mistakes" in s.check().message
    s.play("s r1c4 2")
    result = s.check()
    assert result.wrong == {3}
    assert "r1c4" in result.message


# --- completion ----------------------------------------------------------------------------


def test_completion_by_the_player() -> None:
    s = new()
    for cell in PUZZLE.empty_cells():
        assert not s.finished
        s.play(code(s, cell))
    assert s.finished and s.solved_by_player and not s.gave_up
    assert not s.can_undo and not s.can_redo
    with pytest.raises(IllegalMoveError, match="already solved"):
        s.play("auto")


def test_completion_by_solve_is_giving_up() -> None:
    s = new()
    s.play("s r1c3 4")
    s.play("solve")
    assert s.finished and s.gave_up and not s.solved_by_player


def test_remaining_counts() -> None:
    s = new()
    assert sum(s.remaining().values()) == len(PUZZLE.empty_cells())
    s.play("s r1c3 4")
    assert s.remaining()[4] == 9 - sum(1 for v in s.state.board.cells if v == 4)


# --- hints -----------------------------------------------------------------------------------


def test_hint_points_out_a_mistake_first() -> None:
    s = new()
    s.play("s r1c4 2")
    h = s.hint()
    assert h.kind == "mistake" and h.cells == (3,) and "r1c4" in h.message
    assert s.hints_used == 1
    assert s.hint() is h and s.hints_used == 1, "same position, same hint, counted once"


def test_hint_after_solving() -> None:
    s = new()
    s.play("solve")
    assert s.hint().kind == "none"


ENGINE_HINT = LogicHint(
    "step",
    (
        "Look for a Hidden Single in box 1.",
        "Look for a Hidden Single in box 1. Look at r1c3.",
        "In box 1, 4 fits only in r1c3.",
    ),
    cells=(2,),
    units=(18,),
)


def test_logic_hint_is_progressive_and_gets_the_players_notes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = []

    def hint(puzzle: object, current: object = None, notes: object = None) -> LogicHint:
        calls.append((puzzle, current, notes))
        return ENGINE_HINT

    monkeypatch.setattr("sudokit.game.session.logic_hint", hint)
    s = new()
    s.play("n r1c3 4")
    before = s.state
    hints = [s.hint() for _ in range(3)]
    assert [h.message for h in hints] == [
        "Hint: Look for a Hidden Single in box 1. (Ask again for more.)",
        "Hint: Look for a Hidden Single in box 1. Look at r1c3. (Ask again for more.)",
        "Hint: In box 1, 4 fits only in r1c3.",
    ]
    assert hints[0].cells == () and hints[0].units == (18,)
    assert hints[2].cells == (2,)
    assert s.hint() == hints[2]
    puzzle, current, notes = calls[0]
    assert puzzle == PUZZLE and current == s.state.board and notes == s.state.notes
    assert s.hints_used == 1, "one position, one hint"
    assert s.state == before, "a logic hint teaches; it does not play"


def test_the_real_logic_engine_gives_the_hint() -> None:
    s = new()
    h = s.hint()
    assert h.kind == "logic" and h.message.startswith("Hint: ")
    assert s.state == s.states[0], "a logic hint teaches; it does not play"


def test_sixteen_hint_and_solve() -> None:
    puzzle = generate(16, seed=3, difficulty="easy")
    s = Session.new(puzzle, level="easy")
    s.hint()
    s.play("solve")
    assert s.finished


def test_game_core_does_not_import_pygame() -> None:
    code = "import sys, sudokit, sudokit.game; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
