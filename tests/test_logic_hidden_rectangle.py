"""The Hidden Rectangle with corners that lost a digit of the pair ("missing candidates").

Its argument is about solutions: were the corner opposite the bivalue one the other
digit, the pair would fill the rectangle in a pattern that swaps into a second solution.
So the other corners need not hold the pair, as long as the digit confined to the
rectangle in that row and column still has to go there (it is not placed in them).
"""

from __future__ import annotations

import random

from sudokit import generate, solve
from sudokit.logic.candidates import State
from sudokit.logic.techniques import uniqueness


def _positions(seeds: range) -> list[tuple[State, list[int]]]:
    """Positions of generated puzzles with some wrong candidates taken away at random."""
    out = []
    for seed in seeds:
        grid = generate(9, seed=seed, difficulty="hard")
        solution = solve(grid)
        assert solution is not None
        state = State.from_grid(grid)
        rng = random.Random(seed)
        wrong = [(c, d) for c in range(81) for d in state.candidate_digits(c) if solution[c] != d]
        for k in range(1, 6):
            out.append(
                (state.applied(eliminations=rng.sample(wrong, len(wrong) * k // 8)), solution)
            )
    return out


def test_a_hidden_rectangle_may_have_corners_without_the_pair() -> None:
    # Every step found is sound, and some rest on corners that lost a digit of the pair
    # (the search before took only rectangles whose corners all held both).
    missing = 0
    for state, solution in _positions(range(12)):
        step = uniqueness.hidden_rectangle(state)
        if step is None:
            continue
        for c, d in step.eliminations:
            assert solution[c] != d, step.text
            assert state.cands[c] >> (d - 1) & 1
        pair = {d for _, d in step.candidates}
        corners = step.cells[:4]
        assert all(not state.values[c] for c in corners)
        # the step lists only candidates the corners hold
        assert all(state.cands[c] >> (d - 1) & 1 for c, d in step.candidates)
        missing += any(not state.cands[c] >> (d - 1) & 1 for c in corners for d in pair)
    assert missing >= 3


def test_a_digit_placed_in_the_line_does_not_confine_it_to_the_rectangle() -> None:
    # Once x is placed in the row (or the column) of the opposite corner, "x fits only in
    # the rectangle there" holds of a corner that lost x, yet proves nothing: no step
    # may rest on it.
    for state, solution in _positions(range(24)):
        step = uniqueness.hidden_rectangle(state)
        if step is None:
            continue
        x_row, x_col = step.units
        for c, d in step.eliminations:
            pair = {dd for _, dd in step.candidates}
            (x,) = pair - {d}
            lines = state.tables.unit_bits[x_row] | state.tables.unit_bits[x_col]
            assert not any(state.values[cc] == x for cc in range(81) if lines >> cc & 1)
            assert solution[c] != d
