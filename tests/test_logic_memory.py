"""The logic engine's memory stays bounded along a path: the caches of the states it has
left behind (nets, chains, forcing branches: megabytes per state on a 16×16) are dropped,
even when the caller keeps every state, as ``rate`` does."""

from __future__ import annotations

from sudokit import parse
from sudokit.logic.candidates import State
from sudokit.logic.engine import fast_path, select

#: An expert 9×9 (generate(9, seed=3, difficulty="expert")): chains, ALS, many searches.
EXPERT = "..7..5..34..1...9.....39..2....9.7.8..9...2..6.1.5....2..68.....7...3..48..5..6.."


def test_a_kept_path_holds_the_caches_of_two_states_at_most() -> None:
    grid = parse(EXPERT)
    start = State.from_grid(grid)
    moves = list(fast_path(start, unique=True, techniques=select(shape=grid.shape)))
    assert moves[-1].after.is_solved()
    states = [start, *(m.after for m in moves)]
    searched = sum(1 for m in moves if m.step is not None)
    assert searched > 10  # the path searched many states ...
    holding = [s for s in states if s.memo]
    assert len(holding) <= 2  # ... and keeps the caches of the last two only
