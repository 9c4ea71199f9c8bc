"""Variant puzzles for tests, made without a generator: solve an empty grid under the
rules in a random order, then remove digits while the puzzle stays unique. And a brute
counter written from the rules' plain definitions, apart from sudokit."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from helpers import variant_groups
from sudokit import Grid, count_solutions
from sudokit.geometry import Rules
from sudokit.solvers.general import engine


def variant_solution(rules: Rules, rng: random.Random) -> list[int] | None:
    """A random solution of the empty grid under ``rules`` (None when there is none)."""
    return engine(rules).random_fill(rng)


def variant_puzzle(rules: Rules, rng: random.Random, tries: int | None = None) -> Grid:
    """A unique puzzle under ``rules``: a random solution with digits removed in random
    order while the count stays 1 (``tries`` removals tried at most)."""
    solution = variant_solution(rules, rng)
    assert solution is not None, f"{rules.code} has no solution"
    cells = list(solution)
    order = list(range(rules.ncells))
    rng.shuffle(order)
    for cell in order[:tries]:
        kept = cells[cell]
        cells[cell] = 0
        if count_solutions(Grid(rules, cells)) != 1:
            cells[cell] = kept
    return Grid(rules, cells)


@cache
def _relations(
    n: int, variants: tuple[str, ...], regions: tuple[int, ...] | None
) -> tuple[list[list[int]], list[list[int]]]:
    """Per cell: the cells that may not hold the same digit, and the orthogonal neighbours
    whose digit may not differ by one (non-consecutive), from the plain definitions."""
    groups = variant_groups(n, variants, regions)
    same: list[set[int]] = [set() for _ in range(n * n)]
    for g in groups:
        for a in g:
            same[a].update(b for b in g if b != a)
    near: list[list[int]] = [[] for _ in range(n * n)]
    for a in range(n * n):
        r, c = divmod(a, n)
        for b in range(n * n):
            rr, cc = divmod(b, n)
            dr, dc = abs(r - rr), abs(c - cc)
            if "anti-knight" in variants and {dr, dc} == {1, 2}:
                same[a].add(b)
            if "anti-king" in variants and dr == dc == 1:
                same[a].add(b)
            if "non-consecutive" in variants and dr + dc == 1:
                near[a].append(b)
    return [sorted(s) for s in same], near


def brute_count(
    cells: Sequence[int],
    n: int,
    variants: Sequence[str] = (),
    regions: Sequence[int] | None = None,
    limit: int = 3,
) -> int:
    """Solutions up to ``limit``, by plain backtracking in cell order."""
    same, near = _relations(n, tuple(sorted(variants)), None if regions is None else tuple(regions))
    grid = list(cells)

    def fits(cell: int, d: int) -> bool:
        return all(grid[p] != d for p in same[cell]) and all(
            not grid[p] or abs(grid[p] - d) != 1 for p in near[cell]
        )

    for c, v in enumerate(cells):
        if v:
            grid[c] = 0
            ok = fits(c, v)
            grid[c] = v
            if not ok:
                return 0
    empty = [c for c, v in enumerate(grid) if not v]
    count = 0

    def rec(k: int) -> bool:
        nonlocal count
        if k == len(empty):
            count += 1
            return count >= limit
        cell = empty[k]
        for d in range(1, n + 1):
            if fits(cell, d):
                grid[cell] = d
                if rec(k + 1):
                    grid[cell] = 0
                    return True
                grid[cell] = 0
        return False

    rec(0)
    return count
