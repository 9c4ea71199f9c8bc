"""Killer cages for a full grid: a random partition into connected cages, whose sums come
from the grid, coarsened while the puzzle keeps exactly one solution.

:func:`sudokit.generator.generate` draws the full grid (and a jigsaw's regions) and asks
:func:`killer_puzzle` for the cages; everything random comes from the one ``rng`` it is
given, and what is asked of a solver ("unique or not") and of the logic engine is
deterministic, so the same seed gives the same killer everywhere.

How the cages are made. A partition into single cells is a puzzle with one solution (each
cage's sum is its digit). Adjacent cages are then merged, in a random order that favours
small cages, only when the merged cage keeps distinct digits (a cage never repeats one)
and stays within the largest size, and only while the puzzle stays unique (and, for a
level, while the logic engine still finishes it at that level). Merging first proposes
many merges at once and halves the batch when the puzzle stops being unique, so the
early, nearly solved grids cost few counts. Cages below the smallest size (single cells,
above ``easy``) are merged first; a partition that cannot shed them is drawn again.
A merge that made the puzzle ambiguous is not tried again with the same two cages.

Givens (``givens=N``) are placed first, at random cells (by symmetric groups when the
groups allow exactly ``N``); cages still cover every cell, as in printed killers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .geometry import Cage, Rules
from .grid import Grid
from .solvers import backend_for

#: The default cage sizes: (smallest, largest). Single-cell cages only at ``easy`` unless
#: asked for (a single cell's cage gives its digit away: it is a given in disguise).
CAGE_SIZES = (1, 5)

#: Merges proposed at once at first (halved when the puzzle stops being unique).
BATCH = 8

#: Cages a killer keeps at the least, as a share of its cells, when no level guides the
#: merging: about 3.5 cells a cage, as printed killers have (Solo's 9×9 ones have 25 to
#: 32 cages). Merged further, a few 9×9 killers take the C core tens of seconds to prove
#: unique (21 cages of 4 and 5 cells: 48 s), and none reads better for it.
FEWEST_CAGES = 2 / 7


def _neighbours(n: int) -> list[list[int]]:
    return [
        [
            (r + dr) * n + c + dc
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 0 <= r + dr < n and 0 <= c + dc < n
        ]
        for r in range(n)
        for c in range(n)
    ]


def givens_cells(
    ncells: int, count: int, groups: Sequence[tuple[int, ...]], rng: random.Random
) -> list[int]:
    """``count`` cells for givens: whole symmetric groups while they fit, then single
    cells, drawn with ``rng``; sorted."""
    if not 0 <= count <= ncells:
        raise ValueError(f"givens: a grid of {ncells} cells takes 0 to {ncells}, not {count}")
    order = list(groups)
    rng.shuffle(order)
    chosen: set[int] = set()
    for group in order:
        if len(chosen) + len(group) <= count:
            chosen.update(group)
    rest = [c for c in range(ncells) if c not in chosen]
    rng.shuffle(rest)
    chosen.update(rest[: count - len(chosen)])
    return sorted(chosen)


def cage_rules(base: Rules, full: Sequence[int], cages: Sequence[Sequence[int]]) -> Rules:
    """``base``'s rules with these cages, their sums taken from the full grid."""
    variants = tuple(v for v in base.variants if v != "jigsaw")
    regions = base.region_of if base.jigsaw else None
    made = [Cage(tuple(cells), sum(full[c] for c in cells)) for cells in cages]
    return Rules.make(base.n, variants, regions, made)


def killer_puzzle(
    base: Rules,
    full: Sequence[int],
    rng: random.Random,
    *,
    givens: Sequence[int] = (),
    sizes: tuple[int, int] = CAGE_SIZES,
    keep: Callable[[Grid], bool] | None = None,
    fewest: int = 0,
    done: Callable[[Grid], bool] | None = None,
) -> Grid | None:
    """A killer puzzle whose solution is ``full`` (a complete grid under ``base``, the
    rules without cages), with the ``givens`` cells given: cages of ``sizes`` cells
    (smallest, largest), connected, merged while the puzzle has one solution, down to
    ``fewest`` cages at the least.

    ``keep``, when given, decides instead of a count: a merge stays only while it
    accepts the puzzle, and it must accept only puzzles with one solution (the logic
    engine finishing it, which proves it unique, as its techniques never assume it under
    cages). ``done``, when given, ends the merging as soon as it accepts the puzzle (a
    level reached). None when the cages below the smallest size cannot all be merged
    away (the caller draws again)."""
    n, ncells = base.n, base.ncells
    low, high = sizes
    near = _neighbours(n)
    clues = [0] * ncells
    for c in givens:
        clues[c] = full[c]

    cage_of = list(range(ncells))
    members: dict[int, list[int]] = {c: [c] for c in range(ncells)}
    failed: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()

    def grid_of(parts: dict[int, list[int]]) -> Grid:
        rules = cage_rules(base, full, [sorted(p) for p in parts.values()])
        return Grid(rules, clues)

    def unique(parts: dict[int, list[int]]) -> bool:
        grid = grid_of(parts)
        if keep is not None:
            return keep(grid)
        return backend_for(grid.rules).run(grid.rules, clues, 2).count == 1

    def pairs() -> list[tuple[int, int, int]]:
        """Adjacent cages that may merge: (size of the merge, a, b), a < b."""
        out = []
        seen = set()
        for a in sorted(members):
            cells_a = members[a]
            digits_a = {full[c] for c in cells_a}
            for cell in cells_a:
                for d in near[cell]:
                    b = cage_of[d]
                    if b == a or (min(a, b), max(a, b)) in seen:
                        continue
                    seen.add((min(a, b), max(a, b)))
                    cells_b = members[b]
                    size = len(cells_a) + len(cells_b)
                    if size > high or digits_a & {full[c] for c in cells_b}:
                        continue
                    key = (tuple(sorted(members[min(a, b)])), tuple(sorted(members[max(a, b)])))
                    if key in failed:
                        continue
                    out.append((size, min(a, b), max(a, b)))
        return out

    def choose(candidates: list[tuple[int, int, int]], k: int) -> list[tuple[int, int]]:
        """Up to ``k`` disjoint merges: those of an undersized cage first, then small
        merges more often than large ones."""
        small = [p for p in candidates if min(len(members[p[1]]), len(members[p[2]])) < low]
        pool = small or candidates
        weights = [1.0 / (size * size) for size, _, _ in pool]
        picked: list[tuple[int, int]] = []
        used: set[int] = set()
        tries = 0
        while pool and len(picked) < k and tries < 4 * k:
            tries += 1
            i = rng.choices(range(len(pool)), weights)[0]
            _, a, b = pool[i]
            if a in used or b in used:
                continue
            used.update((a, b))
            picked.append((a, b))
        return picked

    def merged(chosen: list[tuple[int, int]]) -> dict[int, list[int]]:
        parts = dict(members)
        for a, b in chosen:
            parts[a] = parts[a] + parts.pop(b)
        return parts

    batch = BATCH
    while len(members) > fewest:
        candidates = pairs()
        if not candidates:
            break
        chosen = choose(candidates, min(batch, len(members) - fewest))
        if not chosen:
            break
        parts = merged(chosen)
        if unique(parts):
            for a, b in chosen:
                for c in members[b]:
                    cage_of[c] = a
            members.clear()
            members.update(parts)
            whole = all(len(p) >= low for p in parts.values())
            if done is not None and whole and done(grid_of(members)):
                break
            continue
        if len(chosen) > 1:
            batch = max(1, len(chosen) // 2)
            continue
        a, b = chosen[0]
        failed.add((tuple(sorted(members[a])), tuple(sorted(members[b]))))
    if any(len(cells) < low for cells in members.values()):
        return None
    return grid_of(members)


def check_sizes(sizes: tuple[int, int], n: int) -> tuple[int, int]:
    """Cage sizes as asked, or a ValueError naming what is wrong."""
    low, high = sizes
    if not 1 <= low <= high:
        raise ValueError(f"cage sizes {low}-{high}: the smallest must be 1 to the largest")
    if high > n:
        raise ValueError(f"cage sizes {low}-{high}: a {n}×{n} cage holds at most {n} cells")
    if high < 2:
        raise ValueError(f"cage sizes {low}-{high}: cages of one cell give every digit away")
    return low, high


def connected(cells: Sequence[int], n: int) -> bool:
    """Whether ``cells`` are orthogonally connected."""
    inside = set(cells)
    if not inside:
        return False
    near = _neighbours(n)
    start = min(inside)
    seen = {start}
    todo = [start]
    while todo:
        for d in near[todo.pop()]:
            if d in inside and d not in seen:
                seen.add(d)
                todo.append(d)
    return seen == inside


__all__ = ["CAGE_SIZES", "cage_rules", "check_sizes", "connected", "givens_cells", "killer_puzzle"]
