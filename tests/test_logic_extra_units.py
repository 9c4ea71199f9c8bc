"""The logic engine on cells in more than three units: windoku cells lie in a row, a
column, a box (or jigsaw region) and a window, X cells on a diagonal too. No technique
may take a cell's units for (row, column, box)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import Grid, generate, parse, solve
from sudokit.cli import main
from sudokit.geometry import Rules
from sudokit.logic import State, explain, rate
from sudokit.logic.techniques import BY_ID, TECHNIQUES

#: Rules whose cells lie in four or five units.
WINDOWED = ["windoku", "x,windoku", "jigsaw,windoku"]


@cache
def _puzzle(variant: str, level: str, seed: int) -> Grid:
    return generate(9, variant=variant, difficulty=level, seed=seed)


@cache
def _solution(grid: Grid) -> tuple[int, ...]:
    solved = solve(grid)
    assert solved is not None
    return tuple(solved.cells)


def _assert_true(
    grid: Grid,
    placements: Iterable[tuple[int, int]],
    eliminations: Iterable[tuple[int, int]],
    text: str,
) -> None:
    solution = _solution(grid)
    for c, d in placements:
        assert solution[c] == d, (grid.rules.code, str(grid), text)
    for c, d in eliminations:
        assert solution[c] != d, (grid.rules.code, str(grid), text)


def test_generate_windoku_hard_on_the_command_line() -> None:
    result = CliRunner().invoke(
        main, ["generate", "--variant", "windoku", "--difficulty", "hard", "--seed", "0"]
    )
    assert result.exit_code == 0, result.stderr
    grid = parse(result.stdout.strip())
    assert grid.rules.windows and grid.rules.code == "9+windoku"
    result = CliRunner().invoke(main, ["rate", result.stdout.strip()])
    assert result.exit_code == 0, result.stderr
    assert "hard" in result.stdout.lower()


@pytest.mark.parametrize(("level", "seed"), [("hard", 0), ("hard", 1), ("expert", 0)])
@pytest.mark.parametrize("variant", WINDOWED)
def test_windowed_puzzles_rate_and_explain(variant: str, level: str, seed: int) -> None:
    grid = _puzzle(variant, level, seed)
    assert grid.rules.windows
    r = rate(grid)
    assert r.solved and r.level == level
    steps = explain(grid).steps
    assert steps
    for step in steps:
        _assert_true(grid, step.placements, step.eliminations, step.text)


def test_hidden_rectangle_in_a_window() -> None:
    """The windoku puzzle that crashed ``generate --variant windoku --difficulty hard``:
    every position on its path, the hidden rectangle says only true things."""
    grid = _puzzle("windoku", "hard", 0)
    state = State.from_grid(grid)
    for step in explain(grid).steps:
        found = BY_ID["hidden_rectangle"].find(state)
        if found is not None:
            _assert_true(grid, found.placements, found.eliminations, found.text)
            assert all(u < 2 * 9 for u in found.units)  # a row and a column
        state = state.applied(placements=step.placements, eliminations=step.eliminations)


def _windoku_rectangle() -> tuple[State, int, int, int, int]:
    """An empty windoku grid and the rectangle r2c2, r2c6, r3c2, r3c6: every corner in a
    row, a column, a box and a window (each window and box holds two corners in a
    column, so the rectangle keeps every unit). r2c2 holds only 1 and 2."""
    rules = Rules.make(9, ["windoku"])
    a, b, c, d = 10, 14, 19, 23
    assert all(len(rules.unit_of[x]) == 4 for x in (a, b, c, d))
    state = State.from_grid(Grid(rules, [0] * 81))
    state = state.applied(eliminations=[(a, x) for x in range(3, 10)])
    return state, a, b, c, d


def test_hidden_rectangle_on_cells_in_four_units() -> None:
    state, _, b, c, d = _windoku_rectangle()
    # 1 lies only in the rectangle in row 3 and in column 6: r3c6 is not 2.
    others = [x for x in range(18, 27) if x not in (c, d)] + [
        x for x in range(5, 81, 9) if x not in (b, d)
    ]
    step = BY_ID["hidden_rectangle"].find(state.applied(eliminations=[(x, 1) for x in others]))
    assert step is not None
    assert step.eliminations == ((d, 2),)
    assert "row 3" in step.text and "column 6" in step.text


def test_unique_rectangle_6_on_cells_in_four_units() -> None:
    state, a, b, c, d = _windoku_rectangle()
    # r3c6 holds only the pair too, and 1 lies only in the corners in rows 2 and 3: the
    # other two corners are not 1.
    state = state.applied(eliminations=[(d, x) for x in range(3, 10)])
    others = [x for x in range(9, 27) if x not in (a, b, c, d)]
    step = BY_ID["unique_rectangle_6"].find(state.applied(eliminations=[(x, 1) for x in others]))
    assert step is not None
    assert sorted(step.eliminations) == [(b, 1), (c, 1)]


# --- every technique on random positions under variant rules ---------------------------

#: (size, variant) pairs the sweep draws from: windows, diagonals, jigsaw regions, moves.
VARIANT_RULES = [
    (9, "windoku"),
    (9, "x,windoku"),
    (9, "jigsaw,windoku"),
    (9, "x"),
    (9, "jigsaw"),
    (9, "x,jigsaw"),
    (9, "anti-knight"),
    (9, "anti-king"),
    (6, "x"),
    (6, "jigsaw"),
    (4, "windoku"),
]


@cache
def _generated(n: int, variant: str, seed: int) -> Grid:
    return generate(n, variant=variant, seed=seed)


@st.composite
def variant_candidate_states(draw: st.DrawFn) -> tuple[Grid, State, bool]:
    """A position of a generated variant puzzle with candidates taken away at random:
    wrong ones only (``True``: a position a solver may reach) or any."""
    n, variant = draw(st.sampled_from(VARIANT_RULES))
    puzzle = _generated(n, variant, draw(st.integers(0, 7)))
    state = State.from_grid(puzzle)
    rng = random.Random(draw(st.integers(0, 2**32)))
    live = [(c, d) for c in range(n * n) for d in state.candidate_digits(c)]
    wrong_only = draw(st.booleans())
    if wrong_only:
        solution = _solution(puzzle)
        live = [(c, d) for c, d in live if solution[c] != d]
    gone = rng.sample(live, draw(st.integers(0, len(live) // 2)))
    return puzzle, state.applied(eliminations=gone), wrong_only


#: The techniques the sweep runs: all but the nets and forcing searches, which take
#: seconds on some positions (their unit handling is the chains' and is walked by the
#: rate and explain tests above).
SWEPT = [t for t in TECHNIQUES if not t.deep and t.level != "extreme"]


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(variant_candidate_states())
def test_no_technique_raises_on_variant_positions(drawn: tuple[Grid, State, bool]) -> None:
    puzzle, state, wrong_only = drawn
    rules = puzzle.rules
    for technique in SWEPT:
        if not technique.applies(rules) or rules.n < technique.min_size:
            continue
        if technique.variant and rules.classic:
            continue
        step = technique.find(state)
        if step is not None and wrong_only:
            _assert_true(puzzle, step.placements, step.eliminations, step.text)
