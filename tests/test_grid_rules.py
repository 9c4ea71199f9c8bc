"""A grid carries its rules: equality, derived grids, conflicts and candidates follow them."""

from __future__ import annotations

import itertools
import pickle
import random
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import is_variant_solution
from sudokit import Grid
from sudokit.errors import RulesError
from sudokit.geometry import Rules, Shape
from sudokit.grid import Conflict, Status
from test_rules import any_rules, random_regions

SHAPE4 = Shape.of(4)
JIGSAW4 = (0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3)


@cache
def latin_4() -> tuple[tuple[int, ...], ...]:
    """Every 4×4 grid whose rows and columns hold 1-4 once (boxes not required)."""
    rows = list(itertools.permutations(range(1, 5)))
    out = []
    for a, b, c, d in itertools.product(rows, repeat=4):
        if all(len({a[i], b[i], c[i], d[i]}) == 4 for i in range(4)):
            out.append(a + b + c + d)
    return tuple(out)


#: 4×4 rules and how many complete grids keep them (288 classic grids is the known count).
RULES_4 = [
    ((), None, 288),
    (("x",), None, 48),
    (("anti-king",), None, 0),
    (("anti-knight",), None, 24),
    (("non-consecutive",), None, 0),
    (("x", "anti-knight"), None, 0),
    (("jigsaw",), JIGSAW4, 96),
    (("jigsaw", "x"), JIGSAW4, 0),
]


@pytest.mark.parametrize(("variants", "regions", "count"), RULES_4)
def test_solved_exactly_when_the_plain_definitions_hold(
    variants: tuple[str, ...], regions: tuple[int, ...] | None, count: int
) -> None:
    """Over every 4×4 Latin square: a grid is solved (no conflicts, no flags but COMPLETE)
    exactly when the independent checker says it keeps the rules."""
    rules = Rules.make(4, [v for v in variants if v != "jigsaw"], regions)
    empty = [0] * 16
    kept = 0
    for cells in latin_4():
        grid = Grid(rules, cells)
        expected = is_variant_solution(empty, cells, 4, variants, regions)
        assert grid.is_solved() == expected
        assert (not grid.conflicts()) == expected == (not grid.has_conflicts())
        assert grid.status() == (
            Status.COMPLETE if expected else Status.COMPLETE | Status.DUPLICATE
        )
        kept += expected
    assert kept == count


@st.composite
def rules_and_grid(draw: st.DrawFn) -> tuple[Rules, Grid]:
    """Rules and a conflict-free partial grid under them, built by placing random
    candidates."""
    rules = draw(any_rules())
    rng = random.Random(draw(st.integers(0, 2**32)))
    grid = Grid.empty(rules)
    for _ in range(draw(st.integers(0, rules.ncells // 2))):
        cell = rng.randrange(rules.ncells)
        mask = grid.candidates()[cell]
        if mask:
            digits = [d for d in range(1, rules.n + 1) if mask >> (d - 1) & 1]
            grid = grid.with_cell(cell, rng.choice(digits))
    return rules, grid


@given(rules_and_grid(), st.randoms(use_true_random=False))
def test_candidates_are_the_digits_that_break_no_rule(
    case: tuple[Rules, Grid], rng: random.Random
) -> None:
    rules, grid = case
    assert grid.rules is rules and not grid.has_conflicts() and not grid.conflicts()
    masks = grid.candidates()
    for cell in rng.sample(range(rules.ncells), min(12, rules.ncells)):
        if grid[cell]:
            assert masks[cell] == 0
            continue
        for d in range(1, rules.n + 1):
            trial = grid.with_cell(cell, d)
            assert trial.rules is rules
            allowed = not rules.broken(trial.cells)
            assert bool(masks[cell] >> (d - 1) & 1) == allowed, (cell, d)
            assert trial.has_conflicts() != allowed


@given(any_rules(), st.randoms(use_true_random=False))
def test_conflicts_name_every_broken_rule(rules: Rules, rng: random.Random) -> None:
    cells = [rng.randrange(rules.n + 1) if rng.random() < 0.4 else 0 for _ in range(rules.ncells)]
    grid = Grid(rules, cells)
    found = grid.conflicts()
    broken = rules.broken(cells)
    assert grid.has_conflicts() == bool(broken) == bool(found)
    texts = {str(k) for k in found}
    for what, where in broken:
        names = ", ".join(rules.cell_name(c) for c in where)
        assert f"{what} ({names})" in texts
    assert len(found) == len(broken)
    assert grid.conflicting_cells() == {c for _, where in broken for c in where}


def test_candidates_never_exclude_a_solution_digit() -> None:
    rng = random.Random(5)
    for variants, regions, _ in RULES_4:
        rules = Rules.make(4, [v for v in variants if v != "jigsaw"], regions)
        for sol in latin_4():
            if not is_variant_solution([0] * 16, sol, 4, variants, regions):
                continue
            for _ in range(5):
                puzzle = Grid(rules, [v if rng.random() < 0.5 else 0 for v in sol])
                for cell, mask in enumerate(puzzle.candidates()):
                    if not puzzle[cell]:
                        assert mask >> (sol[cell] - 1) & 1


def test_conflicts_say_which_rule_in_words() -> None:
    rules = Rules.make(9, ["x", "anti-knight", "anti-king", "non-consecutive"])
    cells = [0] * 81
    cells[0] = cells[40] = 5  # r1c1, r5c5: the ↘ diagonal
    cells[1] = 4
    cells[2] = cells[11] = 7  # r1c3, r2c3: one column (a unit, not a king's move)
    grid = Grid(rules, cells)
    texts = [str(k) for k in grid.conflicts()]
    assert "duplicate 5 in the ↘ diagonal (r1c1, r5c5)" in texts
    assert "consecutive 4 and 5 side by side (r1c1, r1c2)" in texts
    assert "7 twice a king's move apart (r1c3, r2c3)" not in texts  # same column: a unit
    assert "duplicate 7 in column 3 (r1c3, r2c3)" in texts
    knight = Grid(rules, [7 if c in (2, 13) else 0 for c in range(81)])
    assert [str(k) for k in knight.conflicts()] == ["7 twice a knight's move apart (r1c3, r2c5)"]
    (k,) = knight.conflicts()
    assert (k.digit, k.unit, k.cells, k.relation) == (7, -1, (2, 13), "knight")
    king = Grid(Rules.make(9, ["anti-king"]), [3 if c in (0, 10) else 0 for c in range(81)])
    assert [str(k) for k in king.conflicts()] == [
        "duplicate 3 in box 1 (r1c1, r2c2)",
        "3 twice a king's move apart (r1c1, r2c2)",
    ]


def test_classic_conflicts_read_as_before() -> None:
    cells = [0] * 81
    cells[1] = cells[6] = 5
    grid = Grid(Shape.of(9), cells)
    (k,) = grid.conflicts()
    assert k == Conflict(Shape.of(9), 5, 0, (1, 6))
    assert str(k) == "duplicate 5 in row 1 (r1c2, r1c7)"


@given(any_rules(), st.randoms(use_true_random=False))
def test_equality_and_hash_include_the_rules(rules: Rules, rng: random.Random) -> None:
    cells = [rng.randrange(rules.n + 1) for _ in range(rules.ncells)]
    shape = rules.shape
    grid = Grid(rules, cells)
    assert grid.rules is rules and grid.shape is shape
    assert grid == Grid(rules, cells) and hash(grid) == hash(Grid(rules, cells))
    assert Grid(shape, cells) == Grid(shape.rules, cells)
    assert Grid(shape, cells).rules is shape.rules
    assert (grid == Grid(shape, cells)) == rules.classic
    copy = pickle.loads(pickle.dumps(grid))
    assert copy == grid and copy.rules is rules
    assert grid.with_cell(0, 0).rules is rules
    assert Grid.from_cells(cells, rules=rules) == grid
    assert Grid.from_cells(cells, shape, rules) == grid
    assert Grid.empty(rules).rules is rules


def test_from_cells_refuses_rules_of_another_size() -> None:
    with pytest.raises(RulesError, match="9×9 grid, not 4×4"):
        Grid.from_cells([0] * 16, SHAPE4, Rules.make(9, ["x"]))


def test_a_jigsaw_grid_names_its_regions() -> None:
    regions = random_regions(6, random.Random(3))
    rules = Rules.make(6, regions=regions)
    cells = [0] * 36
    first = [c for c in range(36) if rules.region_of[c] == rules.region_of[0]]
    a, b = first[0], first[-1]
    cells[a] = cells[b] = 2
    texts = [str(k) for k in Grid(rules, cells).conflicts()]
    assert f"duplicate 2 in region 1 ({rules.cell_name(a)}, {rules.cell_name(b)})" in texts
