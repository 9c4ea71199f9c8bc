"""Notes stay true: erasing a digit gives auto-notes back, and a hint mends notes at once."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit import parse
from sudokit.errors import IllegalMoveError
from sudokit.game import (
    AutoNotes,
    ClearNotes,
    Erase,
    GameState,
    Move,
    Restart,
    Reveal,
    Session,
    SetDigit,
    ToggleNote,
    apply,
    parse_move,
)

PUZZLE = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
SOLUTION = Session.new(PUZZLE).solution
SEVERAL = parse("1...............")

_cell = st.tuples(st.integers(0, 8), st.integers(0, 8))
_digit = st.integers(1, 9)
_board_moves = st.one_of(
    st.builds(lambda rc, d: SetDigit(*rc, d), _cell, _digit),
    st.builds(lambda rc: Erase(*rc), _cell),
    st.builds(lambda rc: Reveal(*rc), _cell),
)
_any_moves = st.one_of(
    _board_moves,
    st.builds(lambda rc, d: ToggleNote(*rc, d), _cell, _digit),
    st.just(AutoNotes()),
    st.just(ClearNotes()),
    st.just(Restart()),
    st.just(parse_move("fix-notes")),
)


def _play(state: GameState, moves: list[Move]) -> list[GameState]:
    states = [state]
    for move in moves:
        with contextlib.suppress(IllegalMoveError):
            states.append(apply(states[-1], move))
    return states


def _auto_cells_true(state: GameState) -> bool:
    cands = state.board.candidates()
    return all(state.notes[c] == cands[c] for c in state.auto if not state.board.cells[c])


@settings(max_examples=150, deadline=None)
@given(st.lists(_board_moves, max_size=40))
def test_auto_notes_stay_the_candidates(moves: list[Move]) -> None:
    # After auto-notes, digits set, replaced, erased and revealed (wrong ones included)
    # leave every kept cell's notes exactly its candidates.
    start = apply(GameState.start(PUZZLE, SOLUTION), AutoNotes())
    for state in _play(start, moves):
        assert _auto_cells_true(state)


@settings(max_examples=150, deadline=None)
@given(st.lists(_any_moves, max_size=40))
def test_replay_and_undo_give_back_exactly_the_same_states(moves: list[Move]) -> None:
    session = Session(PUZZLE, SOLUTION)
    played = []
    for move in moves:
        try:
            if session.play(move):
                played.append(str(move))
        except IllegalMoveError:
            pass
    again, problems = Session.replay(PUZZLE, SOLUTION, played)
    assert problems == [] and again.states == session.states
    states = session.states
    for k in range(len(states) - 1, 0, -1):
        assert session.undo()
        assert session.state == states[k - 1]


def test_erasing_a_wrong_digit_puts_its_notes_back() -> None:
    s = Session(PUZZLE, SOLUTION)
    s.play("s r1c3 1")  # wrong (r1c3 is 4), and 1 is still needed around it
    s.play("auto")  # notes made while the wrong 1 stood lack 1 in its peers
    lacking = [c for c in PUZZLE.shape.peers[2] if not s.state.board.cells[c]]
    assert all(not s.state.notes[c] & 1 for c in lacking)
    s.play("e r1c3")
    cands = s.state.board.candidates()
    assert s.state.notes[2] == cands[2]
    assert all(s.state.notes[c] == cands[c] for c in lacking)
    assert any(s.state.notes[c] & 1 for c in lacking)
    s.undo()
    assert all(not s.state.notes[c] & 1 for c in lacking), "undo restores exactly"


def test_replacing_a_digit_gives_back_the_old_one() -> None:
    s = Session(PUZZLE, SOLUTION)
    s.play("auto")
    s.play("s r1c3 1")
    s.play("s r1c3 4")
    assert _auto_cells_true(s.state)


def test_notes_cleared_by_hand_are_left_alone() -> None:
    s = Session(PUZZLE, SOLUTION)
    s.play("auto")
    s.play("s r1c3 1")
    s.play("e r1c4")  # the player empties r1c4's notes
    s.play("e r1c3")
    assert s.state.notes[3] == 0
    s.play("clear-notes")
    s.play("s r1c3 1")
    s.play("e r1c3")
    assert not any(s.state.notes)


def test_a_notes_hint_mends_every_wrong_note_at_once() -> None:
    s = Session(PUZZLE, SOLUTION)
    s.play("auto")
    wrong = [2, 3, 5]  # take each cell's own digit out of its notes
    for cell in wrong:
        r, c = divmod(cell, 9)
        s.play(f"n r{r + 1}c{c + 1} {SOLUTION.cells[cell]}")
    before = s.state
    hint = s.hint()
    assert hint.kind == "notes" and hint.cells == tuple(wrong)
    assert s.hints_used == 1 and s.position == len(wrong) + 2  # one move, one hint
    assert str(s.moves[-1]) == "fix-notes"
    assert all(s.state.notes[c] >> (SOLUTION.cells[c] - 1) & 1 for c in wrong)
    assert s.hint().kind == "logic" and s.hints_used == 2  # then the next real step
    s.undo()
    assert s.state == before


def test_a_puzzle_with_several_solutions_can_be_played_anyway() -> None:
    import pytest

    with pytest.raises(ValueError, match="several solutions"):
        Session.new(SEVERAL)
    s = Session.new(SEVERAL, several=True)
    assert not s.unique
    other = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    if list(s.solution.cells) == other:
        other = [1, 2, 4, 3, 3, 4, 1, 2, 2, 1, 3, 4, 4, 3, 2, 1]
    assert other != list(s.solution.cells)
    for cell, digit in enumerate(other[:-1]):
        if cell:
            r, c = divmod(cell, 4)
            s.play(f"s r{r + 1}c{c + 1} {digit}")
            assert s.mistakes() == frozenset() and s.mistakes_made == 0
    assert "several solutions" in s.check().message
    s.play(f"s r4c4 {other[-1]}")
    assert s.finished and s.solved_by_player  # another solution than the one kept
