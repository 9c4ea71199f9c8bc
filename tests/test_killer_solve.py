"""Killer puzzles solved and counted under their cages: the pure-Python engine against an
exhaustive count, Solo's own killers (unique, solution checked from the plain
definitions), and the dispatcher never sending cages where they are not understood."""

from __future__ import annotations

import itertools
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sudokit
from helpers import all_4x4, is_variant_solution, random_cages
from sudokit import Grid, count_solutions, solve
from sudokit.errors import UnsupportedRulesError
from sudokit.formats.solo import parse_solo
from sudokit.geometry import Cage, Rules
from sudokit.solvers import native
from sudokit.solvers.general import Engine

DATA = Path(__file__).parent / "data"
SOLO_KILLERS = [
    line.strip()
    for line in (DATA / "solo_ids.txt").read_text().splitlines()
    if line.strip() and not line.startswith("#") and "k" in line.split(":")[0]
]
SGT_SOLO = shutil.which("sgt-solo") or shutil.which("sgt-solo", path="/usr/games")


def test_all_4x4_grids() -> None:
    assert len(all_4x4()) == 288


def _check(grid: Grid, solution: list[int] | tuple[int, ...]) -> bool:
    rules = grid.rules
    regions = list(rules.region_of) if rules.jigsaw else None
    return is_variant_solution(
        grid.cells, solution, rules.n, rules.variants, regions, cages=rules.cages
    )


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([0.3, 0.7, 1.0]), st.sampled_from([0.5, 1.0]))
def test_counts_agree_with_every_4x4_grid(seed: int, cover: float, sums: float) -> None:
    rng = random.Random(seed)
    grids = all_4x4()
    solution = grids[rng.randrange(len(grids))]
    pairs = random_cages(solution, 4, rng, max_size=rng.randint(2, 4), cover=cover, sums=sums)
    if not pairs:
        return
    rules = Rules.make(4, cages=[Cage(c, t) for c, t in pairs])
    givens = [v if rng.random() < 0.15 else 0 for v in solution]
    # now and then a wrong cage sum: maybe no solution at all
    if rng.random() < 0.2 and rules.cages[0].total is not None:
        first = rules.cages[0]
        bumped = first.total + rng.choice([-1, 1])
        lo, hi = len(first.cells) * (len(first.cells) + 1) // 2, sum(range(5 - len(first.cells), 5))
        if lo <= bumped <= hi:
            rules = Rules.make(4, cages=[Cage(first.cells, bumped), *rules.cages[1:]])
    grid = Grid(rules, givens)
    truth = [g for g in grids if _check(grid, g)]
    result = Engine(rules).run(grid.cells, 3)
    assert result.count == min(len(truth), 3)
    if truth:
        assert result.solution is not None and tuple(result.solution) in truth
        assert count_solutions(grid) == min(len(truth), 2)
    else:
        assert result.solution is None and solve(grid) is None


@pytest.mark.parametrize("solo_id", SOLO_KILLERS)
def test_solo_killers_are_unique_under_their_cages(solo_id: str) -> None:
    grid = parse_solo(solo_id)
    assert not any(grid.cells)  # Solo's killers have no givens: the cages do it all
    assert Engine(grid.rules).run(grid.cells, 2).count == 1  # the pure-Python engine
    assert count_solutions(grid) == 1  # the C core where it is built
    solved = solve(grid)
    assert solved is not None and solved.rules is grid.rules
    assert _check(grid, solved.cells)
    # the same grid without its cages has many solutions: they were not ignored
    assert count_solutions(Grid(Rules.make(9, [v for v in grid.rules.variants if v != "killer"],
                                           list(grid.rules.region_of) if grid.rules.jigsaw
                                           else None), grid.cells)) == 2  # fmt: skip


@pytest.mark.skipif(SGT_SOLO is None, reason="Solo (sgt-puzzles) is not installed")
@pytest.mark.parametrize(("params", "count"), [("3x3k", 12), ("3x3xk", 3), ("9jk", 3),
                                               ("2x2k", 3), ("2x3k", 3)])  # fmt: skip
def test_fresh_solo_killers(params: str, count: int) -> None:
    assert SGT_SOLO is not None
    done = subprocess.run(
        [SGT_SOLO, "--generate", str(count), params],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    ids = done.stdout.split()
    assert len(ids) == count
    for solo_id in ids:
        grid = parse_solo(solo_id)
        result = Engine(grid.rules).run(grid.cells, 2)
        assert result.count == 1, solo_id
        assert result.solution is not None and _check(grid, result.solution), solo_id


def test_a_cage_without_a_sum_only_forbids_repeats() -> None:
    # Two grids that agree on every cell they share: a classic puzzle with exactly those
    # two solutions, one with r1c1 = r4c4 and one without. A sum-less cage over r1c1 and
    # r4c4 (no common unit) leaves only the second.
    grids = all_4x4()
    for s, t in itertools.product(grids, repeat=2):
        if s[0] == s[15] and t[0] != t[15]:
            givens = [a if a == b else 0 for a, b in zip(s, t, strict=True)]
            if sum(all(g in (0, v) for g, v in zip(givens, u, strict=True)) for u in grids) == 2:
                break
    else:
        raise AssertionError("no such pair")
    assert count_solutions(Grid(Rules.make(4), givens)) == 2
    caged = Grid(Rules.make(4, cages=[Cage((0, 15))]), givens)
    assert count_solutions(caged) == 1
    solved = solve(caged)
    assert solved is not None and solved.cells == t


def test_impossible_cages_have_no_solution() -> None:
    # two 2-cages in row 1 that both need {1, 2}
    rules = Rules.make(4, cages=[Cage((0, 1), 3), Cage((2, 3), 3)])
    grid = Grid(rules, [0] * 16)
    assert count_solutions(grid) == 0 and solve(grid) is None
    # a 4-cage of 10 in a row is no constraint beyond the row
    rules = Rules.make(4, cages=[Cage((0, 1, 2, 3), 10)])
    assert count_solutions(Grid(rules, [0] * 16)) == 2


def test_a_classic_only_backend_refuses_cages(monkeypatch: pytest.MonkeyPatch) -> None:
    grid = parse_solo(SOLO_KILLERS[0])
    if native.AVAILABLE:
        monkeypatch.setenv("SUDOKIT_BACKEND", "native")
        monkeypatch.setattr(native, "_KILLER", False)  # a build of the core without cages
        with pytest.raises(UnsupportedRulesError, match="killer"):
            sudokit.count_solutions(grid)
    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    assert sudokit.count_solutions(grid) == 1
