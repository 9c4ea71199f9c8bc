"""Killer cages in the rules: the Cage model, codes that round-trip, peers, checking, and
the combination tables."""

from __future__ import annotations

import itertools
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import BOXES, is_variant_solution, pattern_solution, random_cages
from sudokit.errors import RulesError
from sudokit.geometry import BOX_SHAPES, SIZES, Cage, Rules, Shape
from sudokit.killer import (
    cage_candidates,
    cage_masks,
    combinations,
    describe_cage,
    fitting,
    mask_digits,
)


@st.composite
def killer_rules(draw: st.DrawFn) -> tuple[Rules, list[int]]:
    """Killer rules over a random solution (the cages' sums come from it), with other
    variants now and then, and that solution."""
    n = draw(st.sampled_from(SIZES))
    rng = random.Random(draw(st.integers(0, 2**32)))
    solution = pattern_solution(n, *BOXES[n], rng)
    pairs = random_cages(
        solution,
        n,
        rng,
        max_size=draw(st.integers(1, n)),
        cover=draw(st.sampled_from([0.2, 0.7, 1.0])),
        sums=draw(st.sampled_from([0.0, 0.8, 1.0])),
    )
    rules = Rules.make(n, cages=[Cage(cells, total) for cells, total in pairs])
    return rules, solution


def test_cage_keeps_its_cells_sorted_and_is_a_value() -> None:
    assert Cage((10, 1, 0), 12) == Cage((0, 1, 10), 12)
    assert Cage((0, 1, 10), 12).cells == (0, 1, 10)
    assert hash(Cage((1, 0), 3)) == hash(Cage((0, 1), 3))
    assert Cage((0,)).total is None
    with pytest.raises(RulesError, match="twice"):
        Cage((3, 3), 4)
    with pytest.raises(RulesError, match="at least one cell"):
        Cage((), 4)


def test_killer_rules_tables() -> None:
    rules = Rules.make(9, cages=[Cage((12, 2, 3), 15), Cage((1, 0), 3)])
    assert rules.killer and not rules.classic and rules.variants == ("killer",)
    # canonical order: by first cell, whatever order they came in
    assert rules.cages == (Cage((0, 1), 3), Cage((2, 3, 12), 15))
    assert rules.cage_of[:4] == (0, 0, 1, 1) and rules.cage_of[12] == 1
    assert rules.cage_of.count(-1) == 81 - 5
    # cage cells are peers (r1c3 and r2c4 share no unit); a cage is never a unit
    assert 12 in rules.peers[2] and 2 in rules.peers[12]
    assert 12 not in Shape.of(9).peers[2]
    assert rules.units == Shape.of(9).units
    assert rules.extra_peers == ((),) * 81
    assert rules.name == "killer"
    assert "cage" in rules.describe() and "add up" in rules.describe()
    assert rules.cage_name(0) == "cage r1c1–r1c2 (sum 3)"
    assert rules.cage_name(1) == "cage r1c3,r1c4,r2c4 (sum 15)"
    assert describe_cage(rules, 0) == "the 3-cage at r1c1–r1c2"
    assert Rules.make(9, ["x", "killer"], cages=rules.cages).name == "X + killer"


def test_cage_places_name_straight_runs_with_a_dash() -> None:
    assert Cage((0, 9, 18), 6).place(9) == "r1c1–r3c1"
    assert Cage((0, 1, 2), 6).place(9) == "r1c1–r1c3"
    assert Cage((8, 9), 6).place(9) == "r1c9,r2c1"  # not a run: the row ends
    assert Cage((40,), 5).place(9) == "r5c5"
    rules = Rules.make(4, cages=[Cage((0, 1))])
    assert rules.cage_name(0) == "cage r1c1–r1c2"
    assert describe_cage(rules, 0) == "the cage at r1c1–r1c2"


@given(killer_rules(), st.sampled_from([(), ("x",), ("anti-king", "non-consecutive")]))
def test_codes_round_trip(case: tuple[Rules, list[int]], extra: tuple[str, ...]) -> None:
    rules = Rules.make(case[0].n, extra, cages=case[0].cages)
    assert Rules.parse(rules.code) is rules
    assert pickle.loads(pickle.dumps(rules)) is rules
    assert " " not in rules.code and "," not in rules.code


def test_code_form() -> None:
    rules = Rules.make(9, cages=[Cage((0, 1), 3), Cage((2, 3, 11), 15), Cage((80,))])
    assert rules.code == "9+killer:1112=3/131423=15/99"
    assert Rules.parse("9+killer:1211=3/231314=15/99") is rules  # any cell order
    big = Rules.make(16, cages=[Cage((255, 254), 31)])
    assert big.code == "16+killer:GFGG=31"
    assert Rules.parse("16+killer:gfgg=31") is big
    both = Rules.make(9, ["x"], cages=[Cage((0, 1), 3)])
    assert both.code == "9+x+killer:1112=3"


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("9+killer", "killer rules need the cages"),
        ("9+killer:111", "pairs of a row and a column"),
        ("9+killer:1A=3", "'A' is not a row or column"),
        ("9+killer:1112=x", "the sum 'x' is not a number"),
        ("9+killer:1112=3/1213=4", "r1c2 is in two cages"),
        ("9+killer:1112=30", "cannot add up to 30: 2 different digits 1–9 add up to 3–17"),
        ("9+killer:11=0", "a digit 1–9 add up to 1–9"),
        ("4+killer:1112131421=10", "has 5 cells"),
        ("9+killer:1111=2", "twice"),
    ],
)
def test_bad_cages_are_named(code: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.parse(code)


def test_cells_off_the_grid_are_refused() -> None:
    with pytest.raises(RulesError, match="cell 16, outside the 4×4 grid"):
        Rules.make(4, cages=[Cage((15, 16), 5)])


@given(killer_rules(), st.randoms(use_true_random=False))
def test_broken_agrees_with_the_plain_definitions(
    case: tuple[Rules, list[int]], rnd: random.Random
) -> None:
    rules, solution = case
    n = rules.n
    empty = [0] * rules.ncells
    assert rules.is_solution(solution) and not rules.broken(solution)
    assert is_variant_solution(empty, solution, n, rules.variants, cages=rules.cages)
    # swap two digits of one row: units still hold, cages may not
    for _ in range(3):
        r, a, b = rnd.randrange(n), rnd.randrange(n), rnd.randrange(n)
        changed = solution[:]
        changed[r * n + a], changed[r * n + b] = changed[r * n + b], changed[r * n + a]
        ok = is_variant_solution(empty, changed, n, rules.variants, cages=rules.cages)
        assert rules.is_solution(changed) == ok
        assert bool(rules.broken(changed)) != ok


def test_broken_names_the_cage() -> None:
    rules = Rules.make(4, cages=[Cage((0, 1), 3), Cage((2, 3, 7), 6)])
    cells = [1, 1, 0, 0] + [0] * 12
    assert ("duplicate 1 in cage r1c1–r1c2 (sum 3)", (0, 1)) in rules.broken(cells)
    cells = [1, 3, 4, 2] + [0] * 12
    assert rules.broken(cells) == [("cage r1c1–r1c2 (sum 3) adds up to 4", (0, 1))]
    cells = [2, 1, 4, 3, 0, 0, 0, 1] + [0] * 8
    assert rules.broken(cells) == [("cage r1c3,r1c4,r2c4 (sum 6) adds up to 8", (2, 3, 7))]
    # a cage without a sum only forbids repeats
    free = Rules.make(4, cages=[Cage((0, 1))])
    assert free.is_solution([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])


@pytest.mark.parametrize("n", [4, 6, 9, 12])
def test_combinations_are_every_digit_set_with_the_sum(n: int) -> None:
    for size in range(n + 1):
        sets: dict[int | None, list[int]] = {None: []}
        for digits in itertools.combinations(range(1, n + 1), size):
            mask = sum(1 << (d - 1) for d in digits)
            sets.setdefault(sum(digits), []).append(mask)
            sets[None].append(mask)
        for total in [None, *range(-1, n * size + 2)]:
            assert list(combinations(size, total, n)) == sorted(sets.get(total, [])), (size, total)


def test_combinations_known_cases() -> None:
    assert [mask_digits(m) for m in combinations(2, 3)] == [[1, 2]]
    assert [mask_digits(m) for m in combinations(2, 16)] == [[7, 9]]
    assert [mask_digits(m) for m in combinations(3, 23)] == [[6, 8, 9]]
    assert len(combinations(2, 10)) == 4
    assert combinations(9, 45) == (0b111111111,)
    assert [mask_digits(m) for m in combinations(4, 30, 9)] == [[6, 7, 8, 9]]
    assert combinations(2, 18) == ()
    assert cage_masks(Cage((0, 1), 17), 9) == combinations(2, 17, 9)
    assert len(cage_masks(Cage((0, 1, 2)), 9)) == 84  # no sum: any three digits


def _brute_candidates(combos: list[int], masks: list[int]) -> tuple[list[int], list[int]]:
    """Fitting combinations and narrowed candidates by trying every placement."""
    fits: set[int] = set()
    out = [0] * len(masks)
    for combo in combos:
        for perm in itertools.permutations(mask_digits(combo)):
            if all(m >> (d - 1) & 1 for m, d in zip(masks, perm, strict=True)):
                fits.add(combo)
                for i, d in enumerate(perm):
                    out[i] |= 1 << (d - 1)
    return sorted(fits), out


@given(
    st.integers(1, 5).flatmap(
        lambda k: st.tuples(
            st.just(k),
            st.integers(k * (k + 1) // 2, k * (19 - k) // 2),
            st.lists(st.integers(1, 511), min_size=k, max_size=k),
        )
    )
)
def test_fitting_and_cage_candidates_agree_with_every_placement(
    case: tuple[int, int, list[int]],
) -> None:
    size, total, masks = case
    combos = list(combinations(size, total, 9))
    fits, narrowed = _brute_candidates(combos, masks)
    assert list(fitting(combos, masks)) == fits
    assert cage_candidates(combos, masks) == narrowed


def test_cage_candidates_known_case() -> None:
    # a 3-cage of 7 is {1, 2, 4}; r1c1 holds 1: the others are 2 and 4
    combos = combinations(3, 7, 9)
    assert cage_candidates(combos, [0b1, 0b111111111, 0b111111111]) == [0b1, 0b1010, 0b1010]
    assert cage_candidates(combos, [0b100000000, 0b1, 0b10]) == [0, 0, 0]


def test_classic_rules_are_unchanged_by_cages() -> None:
    for n in SIZES:
        assert Rules.make(n, cages=()) is Shape.of(n).rules
        assert Shape.of(n).rules.cages == () and not Shape.of(n).rules.killer
        assert Shape.of(n).rules.cage_of == (-1,) * n * n
        assert BOX_SHAPES[n] == BOXES[n]


@given(killer_rules(), st.randoms(use_true_random=False))
def test_grid_candidates_leave_out_the_digits_of_cage_mates(
    case: tuple[Rules, list[int]], rnd: random.Random
) -> None:
    """A digit in a cage is no candidate for the cage's other cells (the game's
    auto-notes come from here)."""
    from sudokit.grid import Grid

    rules, solution = case
    n = rules.n
    cells = [d if rnd.random() < 0.4 else 0 for d in solution]
    grid = Grid(rules, cells)
    for cell, mask in enumerate(grid.candidates()):
        if cells[cell]:
            assert mask == 0
            continue
        taken = {cells[p] for p in rules.peers[cell] if cells[p]}
        for cage in rules.cages:
            if cell in cage.cells:
                assert taken >= {cells[p] for p in cage.cells if cells[p]}
        want = sum(1 << (d - 1) for d in range(1, n + 1) if d not in taken)
        assert mask == want, (cell, rules.code)
