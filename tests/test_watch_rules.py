"""Every watched algorithm honours the puzzle's rules: X, windoku, jigsaw, anti-knight,
anti-king and non-consecutive puzzles are solved under their rules (checked by a checker
written apart from sudokit), and no step ever places a digit the rules forbid."""

from __future__ import annotations

import random
from functools import cache

import pytest

from helpers import is_variant_solution
from sudokit import Grid
from sudokit.geometry import Rules
from sudokit.watch import Contradiction, Place, Replay, Solved, describe, run, trace
from test_rules import random_regions
from variants import variant_puzzle

ALGORITHMS = ("naive", "mrv", "propagation", "dlx", "human")


@cache
def puzzle(n: int, variants: tuple[str, ...], seed: int = 5) -> Grid:
    rng = random.Random(seed)
    regions = random_regions(n, rng) if "jigsaw" in variants else None
    rules = Rules.make(n, [v for v in variants if v != "jigsaw"], regions)
    return variant_puzzle(rules, rng)


def _check(grid: Grid, solution: Grid | None) -> None:
    rules = grid.rules
    regions = list(rules.region_of) if rules.jigsaw else None
    assert solution is not None and solution.rules is rules
    variants = [v for v in rules.variants if v != "jigsaw"]
    assert is_variant_solution(grid.cells, solution.cells, rules.n, variants, regions)


SMALL = [("x",), ("jigsaw",), ("anti-knight",), ("anti-king",), ("non-consecutive",)]


@pytest.mark.parametrize("variants", SMALL, ids="+".join)
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_6x6_variants_are_solved_under_their_rules(
    algorithm: str, variants: tuple[str, ...]
) -> None:
    grid = puzzle(6, variants)
    summary = run(grid, algorithm)
    assert summary.solved, summary
    _check(grid, summary.solution)


NINE = [
    ("x",),
    ("jigsaw",),
    ("anti-king",),
    ("windoku",),
    ("jigsaw", "x"),
]


@pytest.mark.parametrize("variants", NINE, ids="+".join)
@pytest.mark.parametrize("algorithm", ["mrv", "propagation", "dlx"])
def test_9x9_variants_are_solved_under_their_rules(
    algorithm: str, variants: tuple[str, ...]
) -> None:
    grid = puzzle(9, variants)
    summary = run(grid, algorithm)
    assert summary.solved, summary
    _check(grid, summary.solution)


def test_9x9_anti_knight_by_propagation_and_dlx() -> None:
    grid = puzzle(9, ("anti-knight",))
    for algorithm in ("propagation", "dlx"):
        summary = run(grid, algorithm)
        assert summary.solved
        _check(grid, summary.solution)


def test_naive_on_a_9x9_jigsaw() -> None:
    grid = puzzle(9, ("jigsaw",))
    summary = run(grid, "naive")
    assert summary.solved
    _check(grid, summary.solution)


@pytest.mark.parametrize("variants", [("x",), ("anti-king",)], ids="+".join)
def test_human_on_9x9_variants(variants: tuple[str, ...]) -> None:
    grid = puzzle(9, variants)
    summary = run(grid, "human")
    assert summary.solved
    _check(grid, summary.solution)


@pytest.mark.parametrize(
    "variants", [("x",), ("jigsaw",), ("anti-knight",), ("non-consecutive",)], ids="+".join
)
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_no_step_breaks_the_rules(algorithm: str, variants: tuple[str, ...]) -> None:
    """Replayed event by event, the board never holds a digit the rules forbid: every
    placement was allowed by the variant's constraints, not only row, column and box."""
    grid = puzzle(6, variants, seed=8)
    replay = Replay(grid, algorithm)
    places = 0
    for event in trace(grid, algorithm):
        replay.apply(event)
        if isinstance(event, Place):
            places += 1
            assert not replay.board().has_conflicts(), describe(event, grid.rules)
    assert places and isinstance(replay.last, Solved)
    _check(grid, replay.board())


def test_naive_names_the_variant_rule_a_digit_breaks() -> None:
    grid = puzzle(6, ("x",))
    reasons = [e.reason for e in trace(grid, "naive") if isinstance(e, Contradiction)]
    assert any("diagonal" in r for r in reasons)
    grid = puzzle(6, ("anti-knight",))
    reasons = [e.reason for e in trace(grid, "naive") if isinstance(e, Contradiction)]
    assert any("a knight's move away" in r for r in reasons)
    grid = puzzle(6, ("non-consecutive",))
    reasons = [e.reason for e in trace(grid, "naive") if isinstance(e, Contradiction)]
    assert any("consecutive" in r for r in reasons)


def test_a_diagonal_is_a_unit_for_hidden_singles() -> None:
    """Propagation finds hidden singles on the diagonals, and names them."""
    texts = [
        describe(e, grid.rules)
        for grid in (puzzle(9, ("x",)), puzzle(9, ("x",), seed=6))
        for e in trace(grid, "propagation")
        if isinstance(e, Place)
    ]
    assert any("diagonal" in t for t in texts)
