"""Hypothesis strategies and positions shared by several test modules."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st


@st.composite
def candidate_states(draw: st.DrawFn) -> object:
    """A position of a generated puzzle with some candidates taken away at random, of any
    size up to 12×12: wrong ones only (a position a solver may reach), or any."""
    from sudokit import generate, solve
    from sudokit.logic.candidates import State

    n = draw(st.sampled_from([4, 6, 9, 9, 12]))
    puzzle = generate(n, seed=draw(st.integers(0, 50)))
    state = State.from_grid(puzzle)
    rng = random.Random(draw(st.integers(0, 2**32)))
    live = [(c, d) for c in range(n * n) for d in state.candidate_digits(c)]
    if draw(st.booleans()):
        solution = solve(puzzle)
        assert solution is not None
        live = [(c, d) for c, d in live if solution[c] != d]
    gone = rng.sample(live, draw(st.integers(0, len(live) // 3)))
    return state.applied(eliminations=gone)


def path_positions(seed: int) -> list[Any]:
    """Every position along the logical path of a generated extreme 9×9 puzzle (the
    positions the engine meets, hard ones among them)."""
    from sudokit import generate
    from sudokit.logic.candidates import State
    from sudokit.logic.engine import steps

    state = State.from_grid(generate(9, seed=seed, difficulty="extreme"))
    out = [state]
    for _, after in steps(state, unique=True):
        out.append(after)
    return [s for s in out if s.empty]
