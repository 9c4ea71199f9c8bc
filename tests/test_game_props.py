"""Property tests: random move sequences never corrupt the state; undo-all returns the start."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit import IllegalMoveError, generate
from sudokit.game import (
    AutoNotes,
    ClearNotes,
    Erase,
    GameState,
    Move,
    PlaceDigits,
    Restart,
    Reveal,
    Session,
    SetDigit,
    Solve,
    ToggleNote,
    apply,
    parse_move,
)
from sudokit.generator import levels_for

# Medium where the size reaches it (4×4 puzzles are all easy).
PUZZLES = {
    n: generate(n, seed=11, difficulty="medium" if "medium" in levels_for(n) else "easy")
    for n in (4, 6, 9)
}


def moves(n: int) -> st.SearchStrategy[Move]:
    # Coordinates and digits reach one past the grid so illegal moves are exercised too.
    coord = st.integers(0, n)
    digit = st.integers(0, n + 1)
    return st.one_of(
        st.builds(SetDigit, coord, coord, digit),
        st.builds(SetDigit, coord, coord, digit),
        st.builds(Erase, coord, coord),
        st.builds(ToggleNote, coord, coord, digit),
        st.builds(ToggleNote, coord, coord, digit),
        st.builds(Reveal, coord, coord),
        st.builds(
            PlaceDigits, st.lists(st.tuples(coord, coord, digit), min_size=1, max_size=3).map(tuple)
        ),
        st.just(AutoNotes()),
        st.just(ClearNotes()),
        st.just(Restart()),
        st.just(Solve()),
    )


def check_invariants(state: GameState) -> None:
    puzzle, sol = state.puzzle, state.solution
    n = puzzle.size
    assert len(state.entries) == len(state.notes) == n * n
    for cell in range(n * n):
        given, entry, notes = puzzle.cells[cell], state.entries[cell], state.notes[cell]
        assert 0 <= entry <= n and 0 <= notes <= puzzle.shape.all_mask
        if given:
            assert entry == 0 and notes == 0, "givens stay untouched"
            assert state.board.cells[cell] == given
        else:
            assert state.board.cells[cell] == entry
        if entry:
            assert notes == 0, "a filled cell has no notes"
        if cell in state.revealed:
            assert entry == sol.cells[cell]


@st.composite
def games(draw: st.DrawFn) -> tuple[int, list[Move | str]]:
    n = draw(st.sampled_from(sorted(PUZZLES)))
    actions = draw(st.lists(st.one_of(moves(n), st.sampled_from(["undo", "redo"])), max_size=60))
    return n, actions


@settings(max_examples=150, deadline=None)
@given(games())
def test_random_play_keeps_the_state_sound(game: tuple[int, list[Move | str]]) -> None:
    n, actions = game
    session = Session.new(PUZZLES[n])
    start = session.state
    for action in actions:
        before = session.state
        if action == "undo":
            session.undo()
        elif action == "redo":
            session.redo()
        else:
            assert not isinstance(action, str)
            try:
                session.play(action)
            except IllegalMoveError:
                assert session.state is before
        check_invariants(session.state)
        assert len(session.states) == len(session.moves) + 1
    # Every recorded move replays from its code to the same positions.
    replayed, problems = Session.replay(
        session.puzzle, session.solution, [str(m) for m in session.moves], session.position
    )
    assert problems == [] and replayed.states == session.states
    assert [parse_move(str(m)) for m in session.moves] == list(session.moves)
    while session.undo():
        pass
    assert session.state == start or session.finished


@settings(max_examples=100, deadline=None)
@given(st.lists(moves(9), max_size=40))
def test_apply_never_mutates_and_is_deterministic(sequence: list[Move]) -> None:
    state = GameState.start(PUZZLES[9], Session.new(PUZZLES[9]).solution)
    for move in sequence:
        snapshot = (state.entries, state.notes, state.revealed)
        try:
            a = apply(state, move)
            b = apply(state, move)
        except IllegalMoveError:
            assert (state.entries, state.notes, state.revealed) == snapshot
            continue
        assert a == b
        assert (state.entries, state.notes, state.revealed) == snapshot
        check_invariants(a)
        state = a
