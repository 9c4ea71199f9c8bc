"""The rating to beat: a nice-loop search told the best rating found so far at a position
gives the same loop whenever that loop could be taken, and the engine's path is unchanged."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as hst

from strategies import candidate_states
from sudokit.logic import State
from sudokit.logic.engine import next_step
from sudokit.logic.techniques import chains

HARD = "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6."


@settings(max_examples=40, deadline=None)
@given(candidate_states(), hst.sampled_from([7.0, 7.1, 7.2, 7.3, 7.4, 7.6, 8.0]))
def test_a_loop_rated_within_the_rating_to_beat_is_the_same_loop(state: State, beat: float) -> None:
    own = chains.nice_loop(State(state.shape, state.values, state.cands))
    told = State(state.shape, state.values, state.cands)
    told.memo[chains.BEAT] = beat
    found = chains.nice_loop(told)
    if own is not None and own.rating <= beat:
        assert found == own
    else:
        assert found is None or found.rating > beat


def test_the_path_of_a_hard_puzzle_is_unchanged_and_leaves_no_rating_to_beat() -> None:
    from sudokit import parse

    st = State.from_grid(parse(HARD))
    for _ in range(40):
        if st.is_solved():
            break
        step = next_step(st, unique=True)
        assert chains.BEAT not in st.memo
        assert step is not None
        plain = State(st.shape, st.values, st.cands)
        own = chains.nice_loop(plain)
        if step.technique == "nice_loop":
            assert step == own
        st = st.apply(step)
