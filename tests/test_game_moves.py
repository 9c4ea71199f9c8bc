"""The game state and its moves: codes, apply, illegal moves, auto-clean."""

from __future__ import annotations

import pytest

from sudokit import IllegalMoveError, generate, parse, solve
from sudokit.game import (
    AutoNotes,
    ClearNotes,
    Erase,
    GameState,
    PlaceDigits,
    Restart,
    Reveal,
    SetDigit,
    Solve,
    ToggleNote,
    apply,
    parse_move,
)

PUZZLE = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")


def start(puzzle: object = PUZZLE) -> GameState:
    grid = parse(puzzle) if not hasattr(puzzle, "cells") else puzzle  # type: ignore[arg-type]
    solution = solve(grid)
    assert solution is not None
    return GameState.start(grid, solution)


# --- codes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "code"),
    [
        (SetDigit(2, 4, 7), "s r3c5 7"),
        (Erase(2, 4), "e r3c5"),
        (ToggleNote(2, 4, 7), "n r3c5 7"),
        (AutoNotes(), "auto"),
        (ClearNotes(), "clear-notes"),
        (Reveal(2, 4), "reveal r3c5"),
        (Solve(), "solve"),
        (Restart(), "restart"),
        (SetDigit(15, 15, 16), "s r16c16 G"),
        (ToggleNote(11, 0, 10), "n r12c1 A"),
        (PlaceDigits(((2, 4, 7), (15, 15, 16))), "p r3c5 7 r16c16 G"),
    ],
)
def test_codes_round_trip(move: object, code: str) -> None:
    assert str(move) == code
    assert parse_move(code) == move


def test_parse_is_forgiving_about_case_and_spacing() -> None:
    assert parse_move("  S  R3C5   7 ") == SetDigit(2, 4, 7)
    assert parse_move("n r16c1 g") == ToggleNote(15, 0, 16)


@pytest.mark.parametrize(
    "bad", ["", "q r1c1 1", "x r1c1", "p r1c1", "p", "s r1c1", "s r1c1 0", "s r1c1 H", "sr1c1 1"]
)
def test_parse_rejects_garbage(bad: str) -> None:
    with pytest.raises(IllegalMoveError):
        parse_move(bad)


# --- apply ---------------------------------------------------------------------------


def test_set_digit_and_board() -> None:
    s0 = start()
    s1 = apply(s0, SetDigit(0, 2, 4))
    assert s1.entries[2] == 4
    assert s1.board.cells[2] == 4
    assert s0.entries[2] == 0, "apply never mutates"
    assert s1.digit(2) == 4 and s1.digit(0) == 5


def test_setting_the_same_digit_changes_nothing() -> None:
    s1 = apply(start(), SetDigit(0, 2, 4))
    assert apply(s1, SetDigit(0, 2, 4)) is s1


@pytest.mark.parametrize(
    "move",
    [
        SetDigit(0, 0, 1),  # a given
        Erase(0, 0),
        ToggleNote(0, 0, 1),
        Reveal(0, 0),
        SetDigit(0, 2, 0),  # digit out of range
        SetDigit(0, 2, 10),
        ToggleNote(0, 2, 10),
        SetDigit(9, 0, 1),  # cell outside
        Erase(0, 9),
        Reveal(-1, 0),
    ],
)
def test_illegal_moves_raise_and_change_nothing(move: object) -> None:
    s0 = start()
    before = (s0.entries, s0.notes, s0.revealed)
    with pytest.raises(IllegalMoveError):
        apply(s0, move)  # type: ignore[arg-type]
    assert (s0.entries, s0.notes, s0.revealed) == before


def test_messages_name_the_cell() -> None:
    with pytest.raises(IllegalMoveError, match="r1c1 is a given"):
        apply(start(), SetDigit(0, 0, 1))


def test_note_in_a_filled_cell_is_illegal() -> None:
    s1 = apply(start(), SetDigit(0, 2, 4))
    with pytest.raises(IllegalMoveError, match="holds a digit"):
        apply(s1, ToggleNote(0, 2, 1))


def test_revealed_cells_are_locked() -> None:
    s1 = apply(start(), Reveal(0, 2))
    assert s1.digit(2) == s1.solution.cells[2]
    assert s1.is_locked(2) and 2 in s1.revealed
    with pytest.raises(IllegalMoveError, match="revealed"):
        apply(s1, Erase(0, 2))
    assert apply(s1, Reveal(0, 2)) is s1


def test_toggle_note_twice_is_identity() -> None:
    s0 = start()
    s1 = apply(s0, ToggleNote(0, 2, 4))
    assert s1.notes[2] == 1 << 3
    s2 = apply(s1, ToggleNote(0, 2, 4))
    assert s2 == s0


def test_erase_removes_digit_then_notes() -> None:
    s = apply(start(), ToggleNote(0, 2, 1))
    s = apply(s, ToggleNote(0, 2, 2))
    s = apply(s, SetDigit(0, 2, 4))
    assert s.notes[2] == 0, "placing a digit clears the cell's notes"
    s = apply(s, Erase(0, 2))
    assert s.entries[2] == 0
    assert apply(s, Erase(0, 2)) is s, "nothing left to erase"
    s = apply(s, ToggleNote(0, 2, 9))
    s = apply(s, Erase(0, 2))
    assert s.notes[2] == 0


def test_auto_clean_removes_the_digit_from_peers_only() -> None:
    s = apply(start(), AutoNotes())
    bit = 1 << 3  # digit 4
    shape = s.shape
    peers = set(shape.peers[2])
    with_four = [c for c in range(81) if s.notes[c] & bit]
    assert any(c in peers for c in with_four) and any(c not in peers for c in with_four)
    after = apply(s, SetDigit(0, 2, 4))
    for c in range(81):
        if c in peers:
            assert not after.notes[c] & bit
        elif c != 2:
            assert after.notes[c] == s.notes[c]


def test_auto_notes_are_the_candidates() -> None:
    s = apply(start(), SetDigit(0, 2, 4))
    s = apply(s, AutoNotes())
    assert list(s.notes) == s.board.candidates()
    assert apply(s, ClearNotes()).notes == (0,) * 81


def test_solve_fills_the_solution_and_marks_only_what_was_missing() -> None:
    s = apply(start(), SetDigit(0, 2, 4))  # right (solution has 4 there)
    assert s.solution.cells[2] == 4
    s = apply(s, SetDigit(0, 3, 1))  # wrong
    done = apply(s, Solve())
    assert done.is_solved()
    assert 2 not in done.revealed and 3 in done.revealed
    assert apply(done, Solve()) is done


def test_restart_goes_back_to_the_givens() -> None:
    s = apply(start(), SetDigit(0, 2, 4))
    s = apply(s, Reveal(0, 3))
    s = apply(s, ToggleNote(1, 1, 2))
    assert apply(s, Restart()) == start()


def test_wrong_and_conflict_cells() -> None:
    s = apply(start(), SetDigit(0, 2, 5))  # 5 is already in row 1 (r1c1)
    assert s.conflict_cells() == {0, 2}
    assert s.wrong_cells() == {2}
    assert s.remaining()[5] == 9 - sum(1 for v in s.board.cells if v == 5)


def test_sixteen_by_sixteen_letters() -> None:
    puzzle = generate(16, seed=5, difficulty="easy")
    s = start(puzzle)
    cell = puzzle.empty_cells()[0]
    row, col = divmod(cell, 16)
    digit = s.solution.cells[cell]
    move = parse_move(f"s r{row + 1}c{col + 1} {'123456789ABCDEFG'[digit - 1]}")
    assert apply(s, move).digit(cell) == digit
