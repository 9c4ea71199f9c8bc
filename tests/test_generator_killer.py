"""Killer generation: unique puzzles (checked by a counter written here from the plain
rules, not sudokit's), valid sums, seeds that reproduce, connected cages of the sizes
asked for, givens on request, killer with X and jigsaw, and clear refusals."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import is_variant_solution, variant_groups
from sudokit import count_solutions, solve
from sudokit.errors import GenerationError
from sudokit.generator import generate, levels_for
from sudokit.generator_killer import _halves, _splits, connected, killer_puzzle
from sudokit.geometry import Rules
from sudokit.grid import Grid
from sudokit.logic import rate


def _count(
    puzzle: Sequence[int], n: int, groups: list[list[int]], cages: list[tuple[list[int], int]]
) -> int:
    """Solutions of a killer (up to 2), by plain backtracking: each group holds a digit
    once, each cage none twice and its sum; a cage's partial sum is bounded by the
    least and most its empty cells can still add."""
    cells = list(puzzle)
    near: list[set[int]] = [set() for _ in cells]
    for g in [*groups, *(c for c, _ in cages)]:
        for a in g:
            near[a].update(b for b in g if b != a)
    cage_of = {c: i for i, (cs, _) in enumerate(cages) for c in cs}

    def fits(cell: int, d: int) -> bool:
        if any(cells[p] == d for p in near[cell]):
            return False
        i = cage_of.get(cell)
        if i is None:
            return True
        cs, total = cages[i]
        placed = [cells[c] for c in cs if cells[c]] + [d]
        left = len(cs) - len(placed)
        free = sorted(set(range(1, n + 1)) - set(placed))
        if len(free) < left:
            return False
        low = sum(placed) + sum(free[:left])
        high = sum(placed) + sum(free[len(free) - left :]) if left else sum(placed)
        return low <= total <= high

    found = 0

    def rec() -> bool:
        nonlocal found
        best, options = -1, list(range(n + 1))
        for cell, v in enumerate(cells):
            if not v:
                ok = [d for d in range(1, n + 1) if fits(cell, d)]
                if len(ok) < len(options):
                    best, options = cell, ok
                    if not ok:
                        return False
        if best < 0:
            found += 1
            return found >= 2
        for d in options:
            cells[best] = d
            if rec():
                return True
        cells[best] = 0
        return False

    rec()
    return found


def _cages(grid: object) -> list[tuple[list[int], int]]:
    return [(list(c.cells), c.total) for c in grid.rules.cages]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("size", "seed"), [(4, 1), (4, 2), (4, 3), (6, 1), (6, 2), (6, 7)])
def test_small_killers_are_unique_by_an_independent_count(size: int, seed: int) -> None:
    grid = generate(size, seed=seed, variant="killer")
    rules = grid.rules
    assert rules.killer and rules.variants == ("killer",)
    assert all(v == 0 for v in grid.cells), "no givens unless asked"
    groups = variant_groups(size)
    assert _count(grid.cells, size, groups, _cages(grid)) == 1
    assert _count(grid.cells, size, groups, []) == 2, "the counter sees several solutions"
    solution = solve(grid)
    assert solution is not None
    assert is_variant_solution(grid.cells, solution.cells, size, cages=rules.cages)
    covered = sorted(c for cage in rules.cages for c in cage.cells)
    assert covered == list(range(size * size)), "the cages cover the grid once"


@pytest.mark.parametrize(
    ("level", "seed"), [("easy", 1), ("medium", 2), ("hard", 3), ("expert", 4)]
)
def test_9x9_killers_are_unique_valid_connected_and_of_the_level_asked(
    level: str, seed: int
) -> None:
    grid = generate(9, seed=seed, variant="killer", difficulty=level)
    rules = grid.rules
    assert count_solutions(grid, limit=2) == 1
    solution = solve(grid)
    assert solution is not None
    assert is_variant_solution(grid.cells, solution.cells, 9, cages=rules.cages)
    smallest = 1 if level == "easy" else 2
    for cage in rules.cages:
        assert smallest <= len(cage.cells) <= 5, "one-cell cages only at easy; none over 5"
        assert connected(cage.cells, 9)
        digits = [solution.cells[c] for c in cage.cells]
        assert len(set(digits)) == len(digits) and sum(digits) == cage.total
    assert rate(grid, solutions=1).level == level


def test_the_same_seed_gives_the_same_killer() -> None:
    a = generate(6, seed=11, variant="killer")
    b = generate(6, seed=11, variant="killer")
    c = generate(6, seed=12, variant="killer")
    assert a.rules is b.rules and a.cells == b.cells
    assert c.rules is not a.rules


def test_cage_sizes_are_kept_and_one_cell_cages_only_when_asked() -> None:
    grid = generate(6, seed=3, variant="killer", cage_sizes=(2, 3))
    assert all(2 <= len(c.cells) <= 3 for c in grid.rules.cages)
    assert _count(grid.cells, 6, variant_groups(6), _cages(grid)) == 1
    with pytest.raises(ValueError, match="at most 4 cells"):
        generate(4, seed=1, variant="killer", cage_sizes=(2, 5))
    with pytest.raises(ValueError, match="give every digit away"):
        generate(4, seed=1, variant="killer", cage_sizes=(1, 1))


def test_givens_on_request() -> None:
    grid = generate(6, seed=5, variant="killer", givens=6)
    assert sum(1 for v in grid.cells if v) == 6
    assert _count(grid.cells, 6, variant_groups(6), _cages(grid)) == 1
    solution = solve(grid)
    assert solution is not None
    assert is_variant_solution(grid.cells, solution.cells, 6, cages=grid.rules.cages)
    with pytest.raises(ValueError, match="givens"):
        generate(6, seed=5, variant="killer", givens=36)
    with pytest.raises(ValueError, match="killer"):
        generate(6, seed=5, givens=3)


def test_killer_x_and_killer_jigsaw() -> None:
    x = generate(6, seed=2, variant="killer,x")
    assert set(x.rules.variants) == {"x", "killer"}
    assert _count(x.cells, 6, variant_groups(6, ["x"]), _cages(x)) == 1
    jig = generate(6, seed=4, variant="killer,jigsaw")
    rules = jig.rules
    assert set(rules.variants) == {"jigsaw", "killer"}
    groups = variant_groups(6, [], rules.region_of)
    assert _count(jig.cells, 6, groups, _cages(jig)) == 1
    assert jig.rules.code.count("jigsaw:") == 1
    again = generate(6, seed=4, variant="killer,jigsaw")
    assert again.rules is rules


def test_levels_out_of_reach_are_refused_clearly() -> None:
    assert levels_for(9, "killer") == ("easy", "medium", "hard", "expert")
    assert levels_for(6, "killer") == ("easy", "medium")
    with pytest.raises(GenerationError, match="reach easy, medium, hard, expert"):
        generate(9, seed=1, variant="killer", difficulty="extreme")
    assert levels_for(12, "killer") == ()
    with pytest.raises(GenerationError, match="without a level"):
        generate(12, seed=1, variant="killer", difficulty="easy")


def test_small_killers_are_made_at_their_levels() -> None:
    for size, level in [(4, "easy"), (6, "easy"), (6, "medium")]:
        grid = generate(size, seed=5, variant="killer", difficulty=level)
        assert rate(grid, solutions=1).level == level
        assert _count(grid.cells, size, variant_groups(size), _cages(grid)) == 1


def test_rules_with_cages_are_not_a_request() -> None:
    grid = generate(4, seed=1, variant="killer")
    with pytest.raises(ValueError, match="cages"):
        generate(seed=1, rules=grid.rules)


def test_a_hard_killer_is_the_same_for_the_same_seed() -> None:
    a = generate(9, seed=21, variant="killer", difficulty="hard")
    b = generate(9, seed=21, variant="killer", difficulty="hard")
    assert a.rules is b.rules and a.cells == b.cells
    assert rate(a, solutions=1).level == "hard"


def test_killer_jigsaw_at_its_hardest_level() -> None:
    grid = generate(9, seed=6, variant="killer,jigsaw", difficulty="hard")
    assert set(grid.rules.variants) == {"jigsaw", "killer"}
    assert count_solutions(grid, limit=2) == 1
    assert rate(grid, solutions=1).level == "hard"
    assert all(2 <= len(c.cells) <= 5 and connected(c.cells, 9) for c in grid.rules.cages)


@settings(max_examples=15)
@given(
    size=st.sampled_from([4, 6]),
    seed=st.integers(0, 10**6),
    sizes=st.sampled_from([None, (2, 3), (2, 4), (1, 3)]),
)
def test_any_seed_gives_a_unique_killer_with_the_cage_sizes_asked(
    size: int, seed: int, sizes: tuple[int, int] | None
) -> None:
    grid = generate(size, seed=seed, variant="killer", cage_sizes=sizes)
    low, high = sizes or (1, min(5, size))
    for cage in grid.rules.cages:
        assert low <= len(cage.cells) <= high and connected(cage.cells, size)
    covered = sorted(c for cage in grid.rules.cages for c in cage.cells)
    assert covered == list(range(size * size))
    assert _count(grid.cells, size, variant_groups(size), _cages(grid)) == 1


@st.composite
def _connected_cells(draw: st.DrawFn) -> set[int]:
    """2 to 6 orthogonally connected cells of a 9×9 grid, grown from one."""
    cells = {draw(st.integers(0, 80))}
    for _ in range(draw(st.integers(1, 5))):
        around = sorted(
            d
            for c in cells
            for d in (c - 9, c + 9, c - 1 if c % 9 else -1, c + 1 if c % 9 < 8 else -1)
            if 0 <= d < 81 and d not in cells
        )
        cells.add(draw(st.sampled_from(around)))
    return cells


@given(cells=_connected_cells(), low=st.integers(1, 3))
def test_a_cage_is_cut_in_two_connected_parts_every_way(cells: set[int], low: int) -> None:
    halves = _halves(sorted(cells), low, 9)
    seen = set()
    for one, two in halves:
        assert min(cells) in one and sorted(one + two) == sorted(cells)
        assert len(one) >= low and len(two) >= low
        assert connected(one, 9) and connected(two, 9)
        seen.add(frozenset(one))
    assert len(seen) == len(halves), "each cut once"
    if len(cells) == 2 and low == 1:
        assert len(halves) == 1


def test_cuts_of_a_line_and_a_square() -> None:
    line = [9, 10, 11, 12, 13]
    assert len(_halves(line, 1, 9)) == 4
    assert sorted(_halves(line, 2, 9)) == [([9, 10], [11, 12, 13]), ([9, 10, 11], [12, 13])]
    square = [0, 1, 9, 10]
    assert sorted(_halves(square, 2, 9)) == [([0, 1], [9, 10]), ([0, 9], [1, 10])]
    assert _halves(square, 3, 9) == []


def test_a_puzzle_past_the_level_is_split_only_where_the_logic_left_cells_open() -> None:
    # 4×4: two 2×2 cages and two dominoes. Where the level's techniques left the puzzle,
    # the first square is filled and the second has its top row open.
    parts = {0: [0, 1, 4, 5], 8: [8, 9, 12, 13], 2: [2, 3], 6: [6, 7]}
    left = [0] * 16
    left[8] = left[9] = 0b0011
    every = {(a, tuple(one), tuple(two)) for a, one, two in _splits(parts, 2, 1, 4)}
    assert (0, (0, 1), (4, 5)) in every and (8, (8, 9), (12, 13)) in every
    assert all(a != 2 for a, _, _ in every)  # the merged cage is kept whole
    tried = {(a, tuple(one), tuple(two)) for a, one, two in _splits(parts, 2, 1, 4, left)}
    assert tried == {
        (a, one, two)
        for a, one, two in every
        if a == 8 and any(left[c] for c in one) and any(left[c] for c in two)
    }
    assert (8, (8, 12), (9, 13)) in tried and (8, (8, 9), (12, 13)) not in tried
    assert {(6, (6,), (7,))} == {s for s in every if s[0] == 6}


def test_merging_near_a_level_does_not_go_round_in_circles() -> None:
    # A level that a 6×6 puzzle of twelve cages or more is below and one of fewer is
    # past: from twelve cages every merge goes past it and a split of the result comes
    # back to twelve, so, unguarded, the merging would trade one twelve-cage partition
    # for another for ever (it does from this seed). It must end, with no puzzle.
    full = [3, 1, 5, 6, 2, 4, 4, 2, 6, 5, 3, 1, 2, 4, 3, 1, 5, 6]
    full += [6, 5, 1, 3, 4, 2, 1, 3, 2, 4, 6, 5, 5, 6, 4, 2, 1, 3]
    calls = 0

    def grade(grid: Grid) -> tuple[int, tuple[int, ...] | None]:
        nonlocal calls
        calls += 1
        assert calls < 3000, "the merging goes round in circles"
        return (0, None) if len(grid.rules.cages) >= 12 else (2, (0b111111,) * 36)

    result = killer_puzzle(
        Rules.make(6),
        full,
        random.Random(0),
        givens=range(36),  # every partition has one solution
        sizes=(2, 4),
        done=lambda g: True,
        grade=grade,
    )
    assert result is None
    assert calls >= 10  # it did reach twelve cages and split there


def test_with_a_level_the_screen_waits_until_every_cage_is_large_enough() -> None:
    # While single cells are left the puzzle gives digits away, far below any level
    # past easy: the count alone decides there, and once every cage has two cells the
    # one screen pass (grade) answers, so the level's own screen (keep) is never asked.
    full = [3, 1, 5, 6, 2, 4, 4, 2, 6, 5, 3, 1, 2, 4, 3, 1, 5, 6]
    full += [6, 5, 1, 3, 4, 2, 1, 3, 2, 4, 6, 5, 5, 6, 4, 2, 1, 3]
    kept: list[int] = []
    graded: list[int] = []

    def keep(grid: Grid) -> bool:
        kept.append(len(grid.rules.cages))
        return True

    def grade(grid: Grid) -> tuple[int, tuple[int, ...] | None]:
        assert all(len(c.cells) >= 2 for c in grid.rules.cages)
        cages = len(grid.rules.cages)
        graded.append(cages)
        return (0, None) if cages > 11 else (1, None) if cages == 11 else (2, (63,) * 36)

    for seed in (0, 1, 3):
        kept.clear()
        graded.clear()
        result = killer_puzzle(
            Rules.make(6),
            full,
            random.Random(seed),
            givens=range(36),  # every partition has one solution
            sizes=(2, 4),
            keep=keep,
            done=lambda g: True,
            grade=grade,
        )
        assert result is not None and len(result.rules.cages) == 11
        assert graded and not kept
