"""The `Rules` value: rules as data, classic numbering kept, codes that round-trip."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import is_variant_solution, units
from sudokit.errors import RulesError
from sudokit.geometry import BOX_SHAPES, SIZES, VARIANTS, Rules, Shape


def random_regions(n: int, rng: random.Random) -> list[int]:
    """A random jigsaw layout: boxes, with pairs of cells swapped across region edges while
    every region stays connected (tested), so any shape of pieces comes up."""
    shape = Shape.of(n)
    regions = list(shape.box_index)

    def connected(cells: list[int]) -> bool:
        seen, todo = {cells[0]}, [cells[0]]
        cellset = set(cells)
        while todo:
            c = todo.pop()
            r, k = divmod(c, n)
            for a, b in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
                d = a * n + b
                if 0 <= a < n and 0 <= b < n and d in cellset and d not in seen:
                    seen.add(d)
                    todo.append(d)
        return len(seen) == len(cells)

    for _ in range(n * n * 2):
        a = rng.randrange(n * n)
        r, k = divmod(a, n)
        nb = [
            x * n + y
            for x, y in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1))
            if 0 <= x < n and 0 <= y < n
        ]
        b = rng.choice(nb)
        if regions[a] == regions[b]:
            continue
        others = [c for c in range(n * n) if regions[c] == regions[b] and c != b]
        c = rng.choice(others)
        trial = regions[:]
        trial[a], trial[c] = trial[c], trial[a]
        pieces = {regions[a], regions[c]}
        if all(connected([i for i in range(n * n) if trial[i] == p]) for p in pieces):
            regions = trial
    return regions


@st.composite
def any_rules(draw: st.DrawFn) -> Rules:
    n = draw(st.sampled_from(SIZES))
    names = [v for v in VARIANTS if v not in ("jigsaw", "killer") and draw(st.booleans())]
    if BOX_SHAPES[n][0] != BOX_SHAPES[n][1] and "windoku" in names:
        names.remove("windoku")
    regions = None
    if draw(st.booleans()):
        regions = random_regions(n, random.Random(draw(st.integers(0, 2**16))))
    return Rules.make(n, names, regions)


@pytest.mark.parametrize("n", SIZES)
def test_classic_rules_keep_the_shape_numbering(n: int) -> None:
    shape = Shape.of(n)
    rules = shape.rules
    assert rules.classic and rules.variants == ()
    assert rules.units == shape.units == units(n, *BOX_SHAPES[n])
    assert rules.unit_of == shape.unit_of and rules.peers == shape.peers
    assert Rules.make(n) is rules and Rules.parse(str(n)) is rules
    assert Rules.make(n, regions=shape.box_index) is rules  # boxes as a jigsaw are classic


@given(any_rules())
def test_codes_round_trip_and_rules_are_interned(rules: Rules) -> None:
    assert Rules.parse(rules.code) is rules


@given(any_rules())
def test_units_hold_n_distinct_cells_and_peers_are_symmetric(rules: Rules) -> None:
    n = rules.n
    for u, cells in enumerate(rules.units):
        assert len(set(cells)) == len(cells) == n, rules.unit_name(u)
        for c in cells:
            assert u in rules.unit_of[c]
    for cell, ps in enumerate(rules.peers):
        assert cell not in ps
        for p in ps:
            assert cell in rules.peers[p]
    assert rules.units[: 2 * n] == Shape.of(n).units[: 2 * n]


def test_named_units() -> None:
    rules = Rules.make(9, ["x", "windoku"])
    assert [rules.unit_name(u) for u in range(27, 33)] == [
        "the ↘ diagonal",
        "the ↗ diagonal",
        "window 1",
        "window 2",
        "window 3",
        "window 4",
    ]
    assert rules.units[29] == (10, 11, 12, 19, 20, 21, 28, 29, 30)
    assert rules.name == "X + windoku"


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("10", "not a size"),
        ("9+diagonl", "did you mean 'diagonal'"),
        ("6+windoku", "windoku needs square boxes"),
        ("4+jigsaw", "needs its regions"),
        ("4+jigsaw:AABBAABBCCDDCCDZ", "not 'Z'"),
        ("4+jigsaw:AAABAABBCCDDCCDD", "r1c1 has 5 cells, not 4"),
        ("4+jigsaw:AAAA", "expected 16 cells"),
    ],
)
def test_bad_rules_are_named(code: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.parse(code)


@given(any_rules(), st.randoms(use_true_random=False))
def test_broken_agrees_with_the_plain_definitions(rules: Rules, rnd: random.Random) -> None:
    n = rules.n
    cells = [rnd.randint(1, n) for _ in range(rules.ncells)]
    regions = list(rules.region_of) if rules.jigsaw else None
    ok = is_variant_solution([0] * rules.ncells, cells, n, rules.variants, regions)
    assert rules.is_solution(cells) == ok
    assert bool(rules.broken(cells)) != ok
