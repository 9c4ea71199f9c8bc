"""Killer cages in the C core: their sums propagated by the general kernel, passed through
the one geometry argument. Counts agree with the pure-Python engine (and, on 4×4, with
every grid there is), solutions keep every rule from the plain definitions (cages
included), on Solo's killers and on random cage layouts, alone and with X, jigsaw and
anti-knight; bad cages are refused at the boundary with the cage named."""

from __future__ import annotations

import random
import shutil
import subprocess
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import all_4x4, is_variant_solution, random_cages
from sudokit import count_solutions, solve
from sudokit.formats.solo import parse_solo
from sudokit.geometry import Cage, Rules
from sudokit.solvers import backend_for, native, registry
from sudokit.solvers.fast import SearchResult
from sudokit.solvers.general import _OutOfBudget, engine
from test_solvers_rules import LAYOUTS

pytestmark = pytest.mark.skipif(not native.AVAILABLE, reason="needs the C core")

DATA = Path(__file__).parent / "data"
SOLO_KILLERS = sorted(
    {
        line.strip()
        for name in ("killer_solo.txt", "solo_ids.txt")
        for line in (DATA / name).read_text().splitlines()
        if line.strip() and not line.startswith("#") and "k" in line.split(":")[0]
    }
)
SGT_SOLO = shutil.which("sgt-solo") or shutil.which("sgt-solo", path="/usr/games")


def core_search(rules: Rules, cells: Sequence[int], limit: int) -> tuple[int, list[int] | None]:
    core = native._core
    assert core is not None
    count, solution, _ = core.search(list(cells), limit, native.geometry(rules))
    return count, solution


def keeps_the_rules(rules: Rules, cells: Sequence[int], solution: Sequence[int]) -> bool:
    """The independent checker (tests/helpers.py) on every rule, cages included."""
    regions = rules.region_of if rules.jigsaw else None
    return is_variant_solution(cells, solution, rules.n, rules.variants, regions, rules.cages)


def python_count(rules: Rules, cells: Sequence[int], limit: int, guesses: float) -> int | None:
    """The pure-Python engine's count, or None when its search needs more guesses."""
    eng = engine(rules)
    cand = eng.start(list(cells))
    if cand is None:
        return 0
    found: list[tuple[int, ...]] = []
    try:
        eng._search(cand, limit, guesses, None, found, SearchResult())
    except _OutOfBudget:
        return None
    return len(found)


def check(
    rules: Rules, cells: Sequence[int], limit: int = 2, python_guesses: float = float("inf")
) -> int:
    """The C count equals the pure-Python engine's; its solution keeps every rule.

    With ``python_guesses``, the counts are compared only where the pure-Python search
    ends within that many guesses: a random sparse killer can take it (without the C
    core's 45 rule over runs of units) many minutes."""
    count, solution = core_search(rules, cells, limit)
    reference = python_count(rules, cells, limit, python_guesses)
    if reference is not None:
        assert count == reference
    if count:
        assert solution is not None and keeps_the_rules(rules, cells, solution)
    else:
        assert solution is None
    return count


# --- Solo's killers --------------------------------------------------------------------


def test_the_solo_set_has_killers_of_every_kind() -> None:
    kinds = {parse_solo(i).rules.variants for i in SOLO_KILLERS}
    assert {("killer",), ("x", "killer"), ("jigsaw", "killer")} <= kinds


@pytest.mark.parametrize("solo_id", SOLO_KILLERS)
def test_solo_killers_are_unique_in_c(solo_id: str) -> None:
    grid = parse_solo(solo_id)
    assert grid.rules.killer and backend_for(grid.rules).name == "native"
    assert check(grid.rules, grid.cells) == 1
    # the cages did it: without their sums the same grid has many solutions
    sumless = tuple(Cage(c.cells, None) for c in grid.rules.cages)
    bare = Rules.make(grid.size, [v for v in grid.rules.variants if v != "killer"],
                      list(grid.rules.region_of) if grid.rules.jigsaw else None,
                      sumless)  # fmt: skip
    assert core_search(bare, grid.cells, 2)[0] == 2


@pytest.mark.skipif(SGT_SOLO is None, reason="Solo (sgt-puzzles) is not installed")
@pytest.mark.parametrize("params", ["3x3kdu#11", "3x3xkdu#12", "3x3jk#13", "2x2k#14", "2x3kdu#15"])
def test_fresh_solo_killers_are_unique_in_c(params: str) -> None:
    assert SGT_SOLO is not None
    out = subprocess.run(
        [SGT_SOLO, "--generate", "3", params], capture_output=True, text=True, check=True
    ).stdout
    ids = [line for line in out.splitlines() if line.strip()]
    assert len(ids) == 3
    for solo_id in ids:
        grid = parse_solo(solo_id)
        assert grid.rules.killer
        assert check(grid.rules, grid.cells) == 1


def test_the_public_api_answers_killers_through_the_c_core() -> None:
    grid = parse_solo(SOLO_KILLERS[0])
    solved = solve(grid)
    assert solved is not None and solved.rules is grid.rules
    assert keeps_the_rules(grid.rules, grid.cells, solved.cells)
    assert count_solutions(grid) == 1


# --- random cage layouts -------------------------------------------------------------------


def rules_of(n: int, variants: tuple[str, ...], cages: Sequence[Cage] = ()) -> Rules:
    regions = [ord(ch) - 65 for ch in LAYOUTS[n]] if "jigsaw" in variants else None
    return Rules.make(n, [v for v in variants if v != "jigsaw"], regions, cages)


@cache
def solutions_of(n: int, variants: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """A few random solutions of the empty grid under the rules (pure-Python engine)."""
    rules = rules_of(n, variants)
    rng = random.Random(n * 7 + len(variants))
    out = []
    for _ in range(4):
        found = engine(rules).random_fill(rng)
        assert found is not None
        out.append(tuple(found))
    return tuple(out)


KINDS = [
    (4, ()),
    (6, ()),
    (9, ()),
    (4, ("x",)),
    (6, ("x",)),
    (9, ("x",)),
    (6, ("jigsaw",)),
    (9, ("jigsaw",)),
    (6, ("anti-knight",)),
    (9, ("anti-knight",)),
    (9, ("x", "anti-knight")),
]


@settings(max_examples=150, deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    pick=st.integers(0, 3),
    rng=st.randoms(use_true_random=False),
    max_size=st.integers(1, 9),
    cover=st.sampled_from([1.0, 1.0, 0.8, 0.5]),
    sums=st.sampled_from([1.0, 1.0, 0.7]),
    keep=st.sampled_from([0.0, 0.0, 0.1, 0.3]),
)
def test_random_killers_count_like_python(
    kind: tuple[int, tuple[str, ...]],
    pick: int,
    rng: random.Random,
    max_size: int,
    cover: float,
    sums: float,
    keep: float,
) -> None:
    """Cages cut at random from a random solution (some without a sum, some cells in none),
    with a few givens or none: C and Python count alike, to 2 and to 3, and the C
    solution keeps every rule. The solution they were cut from is always one."""
    n, variants = kind
    full = solutions_of(n, variants)[pick]
    cages = [Cage(c, t) for c, t in random_cages(full, n, rng, min(max_size, n), cover, sums)]
    rules = rules_of(n, variants, cages)
    cells = [v if rng.random() < keep else 0 for v in full]
    for limit in (2, 3):
        assert check(rules, cells, limit, python_guesses=5_000) >= 1


@settings(max_examples=200, deadline=None)
@given(
    rng=st.randoms(use_true_random=False),
    max_size=st.integers(1, 4),
    cover=st.sampled_from([1.0, 0.7, 0.4]),
    sums=st.sampled_from([1.0, 0.6]),
)
def test_4x4_killers_count_like_every_grid(
    rng: random.Random, max_size: int, cover: float, sums: float
) -> None:
    """The exact count: the 4×4 grids that keep the cages, from all 288."""
    full = rng.choice(all_4x4())
    pairs = random_cages(full, 4, rng, max_size, cover, sums)
    rules = Rules.make(4, cages=[Cage(c, t) for c, t in pairs])
    fits = sum(
        1
        for g in all_4x4()
        if all(
            len({g[i] for i in c}) == len(c) and (t is None or sum(g[i] for i in c) == t)
            for c, t in pairs
        )
    )
    count, solution = core_search(rules, [0] * 16, 300)
    assert count == fits >= 1
    assert solution is not None and keeps_the_rules(rules, [0] * 16, solution)


def test_restarts_keep_the_counts_under_cages() -> None:
    # A first budget of one guess makes every search restart: counts do not change.
    core = native._core
    assert core is not None
    rng = random.Random(3)
    for n, variants in [(9, ()), (9, ("x",)), (6, ("jigsaw",))]:
        full = solutions_of(n, variants)[0]
        cages = [Cage(c, t) for c, t in random_cages(full, n, rng, 6, 1.0, 0.8)]
        rules = rules_of(n, variants, cages)
        expected = engine(rules).run([0] * rules.ncells, 3).count
        for budget in (1, 3, 1000):
            count, solution, _ = core.run_general(
                native.geometry(rules), bytes(rules.ncells), 3, budget
            )
            assert count == expected
            assert solution is not None and rules.is_solution(list(solution))


def test_carving_under_cages_keeps_the_puzzle_unique() -> None:
    # the generator's carving loop in C, with cages: each removal keeps one solution
    core = native._core
    assert core is not None
    full = solutions_of(9, ())[1]
    cages = [Cage(c, t) for c, t in random_cages(full, 9, random.Random(8), 2)]
    rules = rules_of(9, (), cages)
    order = [(c,) for c in range(81)]
    random.Random(9).shuffle(order)
    cells = core.carve(native.geometry(rules), list(full), order, 0)
    assert sum(1 for v in cells if v) < 40
    assert engine(rules).run(cells, 2).count == 1
    assert all(v in (0, w) for v, w in zip(cells, full, strict=True))


# --- what the kernel deduces -------------------------------------------------------------


def test_a_cages_sum_is_checked_when_the_board_fills_by_singles() -> None:
    # All but one cell given: the last is forced by its row, and it breaks the cage's sum.
    full = solutions_of(4, ())[0]
    cells = list(full)
    cells[0] = 0
    wrong = Rules.make(4, cages=[Cage((0, 1), full[0] + full[1] + 1 if full[0] + full[1] < 7
                                       else full[0] + full[1] - 1)])  # fmt: skip
    assert core_search(wrong, cells, 2) == (0, None)
    right = Rules.make(4, cages=[Cage((0, 1), full[0] + full[1])])
    assert core_search(right, cells, 2) == (1, list(full))


def test_a_unit_full_of_cages_leaves_its_rest_a_sum() -> None:
    # Row 1 of a 9×9: cages over r1c1-r1c8 summing to 44 leave 1 for r1c9 (the 45 rule).
    cages = [Cage((0, 1), 17), Cage((2, 3), 13), Cage((4, 5), 7), Cage((6, 7), 7)]
    rules = Rules.make(9, cages=cages)
    count, solution = core_search(rules, [0] * 81, 1)
    assert count == 1 and solution is not None and solution[8] == 1
    for wrong in range(2, 10):
        cells = [0] * 81
        cells[8] = wrong
        assert core_search(rules, cells, 1) == (0, None)


def test_cages_in_the_tables_are_peers_and_never_classic() -> None:
    core = native._core
    assert core is not None
    rules = Rules.make(9, cages=[Cage((0, 10), None)])  # r1c1 and r2c2 share a box already
    n, units, classic, peers = core.geometry_info(native.geometry(rules))
    assert (n, units, classic) == (9, 27, False)  # never sent to the classic 9×9 kernel
    far = Rules.make(9, cages=[Cage((0, 80), None)])
    peers = core.geometry_info(native.geometry(far))[3]
    assert peers[0] == peers[80] == 21 and peers[1] == 20
    # r1c1 and r9c9 may not hold the same digit: with r1c1 = 5 given, r9c9 is not 5
    cells = [0] * 81
    cells[0] = 5
    count, solution = core_search(far, cells, 1)
    assert count == 1 and solution is not None and solution[80] != 5


# --- the boundary ------------------------------------------------------------------------


def plain(n: int) -> tuple[Any, ...]:
    rules = Rules.make(n)
    return (n, rules.units, rules.extra_peers, rules.neighbours)


def test_cages_that_no_digits_fill_have_no_solution() -> None:
    # Rules refuses these; the core, given them directly, finds no solution.
    core: Any = native._core
    empty = [0] * 16
    for cages in (
        [((0, 1), 2)],  # two different digits never sum to 2
        [((0, 1, 2), 11)],  # three of 1-4 sum to at most 9
        [((0, 1, 4, 5, 2), None)],  # five cells cannot differ with four digits
        [((0, 1), 3), ((2, 3), 3)],  # both need {1, 2} in one row
        [((0, 1), 4), ((2, 3), 4)],  # row 1 must sum to 10, not 8
        [((0,), 999)],
    ):
        geo = core.geometry(*plain(4), cages)
        assert core.search(empty, 2, geo) == (0, None, 0), cages


@pytest.mark.parametrize(
    ("cages", "error", "match"),
    [
        ([((0, 99), 5)], ValueError, "cage 0: not a cell index"),
        ([((0, 1), 3), ((2, 2), 5)], ValueError, "a cage holds a cell twice"),
        ([((), 5)], ValueError, "cage 0: no cells"),
        ([((0, 1), 0)], ValueError, "cage 0: the sum must be at least 1"),
        ([((0, 1), -4)], ValueError, "cage 0: the sum must be at least 1"),
        ([((0, 1), "7")], TypeError, "cage 0: the sum must be an int or None, not str"),
        ([((0, 1), 3), ((2, 3), 10**30)], ValueError, "cage 1: the sum is out of range"),
        ([(0, 1)], TypeError, "a cage's cells must be a sequence"),
        ([[(0, 1), 3]], TypeError, "cage 0: expected a \\(cells, total\\) pair"),
        (5, TypeError, "cages must be a sequence"),
    ],
)
def test_bad_cages_are_refused_naming_them(cages: object, error: type, match: str) -> None:
    core: Any = native._core
    assert core is not None
    with pytest.raises(error, match=match):
        core.geometry(*plain(4), cages)


def test_an_old_build_sends_killers_to_python(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = parse_solo(SOLO_KILLERS[0]).rules
    monkeypatch.setattr(native, "_KILLER", False)
    registry.forget_choices()  # the choices kept are for this build
    try:
        assert backend_for(rules).name == "python"
        assert backend_for(Rules.make(9, ["x"])).name == "native"
    finally:
        monkeypatch.undo()
        registry.forget_choices()


# --- the 45 rule over several units ------------------------------------------------------

#: sudokit's own sparse killers (no givens, cages of 2-5 cells) that took the C core 26,438,
#: 2,788 and 818 guesses to count to 2 when the 45 rule looked at one unit at a time.
SPARSE_KILLERS = [
    "3x3k:zzzc,baabb___a_aa_a_a__aa__a__a_baa__c_a_ca_aaabda___a_b_____bc_aaca_____aa___ba____"
    "ba_a,23b9a15a19c20c16a28_23a23_28k14f27c10_23_5a25f10b16_19d16c28i8b",
    "3x3k:zzzc,b_acb____ba_b__a_b_a___aa_aaa______a__a__a_a____baaaa_a___baa_a_b_aacb_a_bbaaa_c"
    "__ba,22b17_18a18b22e15_16a25c28f20_14c12g20a23_16i28a15_19_19a15a7g12a4g",
    "3x3k:zzzc,a__bb__caa_aaa__b__abb_ba____a_abb_c_baaaaa_a_aa__b_ba_a__baa____a______a_______"
    "_bbaa,27a10_14_9b12e22d8c29_13a29b14a31a18c19k23b9a19_6_24k17b23_8_21h",
]


@pytest.mark.parametrize("solo_id", SPARSE_KILLERS)
def test_innies_and_outies_of_several_units_cut_the_search(solo_id: str) -> None:
    # The innies and outies of runs of adjacent rows or columns and of each box have known
    # sums (cells that may repeat digits): these puzzles are proved unique in a few dozen
    # guesses, no longer thousands.
    core = native._core
    assert core is not None
    grid = parse_solo(solo_id)
    count, solution, guesses = core.search(list(grid.cells), 2, native.geometry(grid.rules))
    assert count == 1 and solution is not None and keeps_the_rules(grid.rules, grid.cells, solution)
    assert guesses < 200


@settings(max_examples=150, deadline=None)
@given(
    rng=st.randoms(use_true_random=False),
    max_size=st.integers(2, 4),
    wrong=st.sampled_from([0, 1, 1, 2]),
)
def test_4x4_killers_with_wrong_sums_count_like_every_grid(
    rng: random.Random, max_size: int, wrong: int
) -> None:
    """Every cell caged, a few sums moved by one or two (so that the sums of rows, columns,
    boxes and runs of them often break): the exact count, from all 288 grids."""
    core: Any = native._core
    full = rng.choice(all_4x4())
    pairs = random_cages(full, 4, rng, max_size, 1.0, 1.0)
    for _ in range(wrong):
        k = rng.randrange(len(pairs))
        cells, total = pairs[k]
        assert total is not None
        pairs[k] = (cells, max(len(cells), total + rng.choice((-2, -1, 1, 2))))
    fits = sum(
        1
        for g in all_4x4()
        if all(len({g[i] for i in c}) == len(c) and sum(g[i] for i in c) == t for c, t in pairs)
    )
    count, solution, _ = core.search([0] * 16, 300, core.geometry(*plain(4), pairs))
    assert count == fits
    if fits:
        rules = Rules.make(4, cages=[Cage(c, t) for c, t in pairs])
        assert solution is not None and keeps_the_rules(rules, [0] * 16, solution)


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from([(6, ()), (6, ("jigsaw",)), (6, ("x",))]),
    rng=st.randoms(use_true_random=False),
    max_size=st.integers(2, 5),
    wrong=st.sampled_from([0, 1, 2]),
    keep=st.sampled_from([0.0, 0.0, 0.2]),
)
def test_6x6_killers_with_wrong_sums_count_like_python(
    kind: tuple[int, tuple[str, ...]],
    rng: random.Random,
    max_size: int,
    wrong: int,
    keep: float,
) -> None:
    """Every cell caged, some sums moved by one: C and Python count alike, to 2 and to 3."""
    n, variants = kind
    full = solutions_of(n, variants)[rng.randrange(4)]
    pairs = random_cages(full, n, rng, max_size, 1.0, 1.0)
    for _ in range(wrong):
        k = rng.randrange(len(pairs))
        cells, total = pairs[k]
        assert total is not None
        size = len(cells)
        low, high = size * (size + 1) // 2, size * (2 * n + 1 - size) // 2
        pairs[k] = (cells, min(high, max(low, total + rng.choice((-1, 1)))))
    rules = rules_of(n, variants, [Cage(c, t) for c, t in pairs])
    cells = [v if rng.random() < keep else 0 for v in full]
    for limit in (2, 3):
        check(rules, cells, limit)
