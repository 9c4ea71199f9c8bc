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
many merges at once, halves the batch when the puzzle stops being unique and doubles it
back after merges go through, so the early, nearly solved grids cost few checks. Cages
below the smallest size (single cells, above ``easy``) are merged first, the one with
the fewest ways out first; one that no merge takes grows by a cell of a neighbouring
cage that can spare one; a partition that still cannot shed them is drawn again. A
merge that made the puzzle ambiguous is not tried again with the same two cages.

While cages below the smallest size are left (single cells, which give digits away:
far below any level past ``easy``), only the count is asked. Near a level (every cage
large enough), merges go one at a time. Most merges that fail there give the puzzle a
second solution, so the solver's count (about a millisecond) is asked before the logic
screens (tens of milliseconds each). One screen pass answers both "does the level
below finish it?" and "does the level?": the level's techniques go on from where the
ones below stopped, without asking those again in the position where they stopped. A
merge that keeps one solution but takes the puzzle past the level is not simply
dropped: a few ways of splitting one of its other cages are tried (a finer partition
keeps the one solution), only where the level's techniques left cells open on both
sides of the cut (elsewhere the sums are known already), more often in the cages with
the most open cells; one of them often lands on the level or below it. No partition is
taken twice and such sidesteps are bounded, so the merging cannot go round in circles.
When no merge is left, the merging steps back a few merges and takes another way before
the partition is given up.

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

#: Merges proposed at once at most: halved when the puzzle stops being unique (or
#: leaves the level), doubled back after two batches merged in a row.
BATCH = 8

#: With a level: how many times an attempt steps back when no merge reaches it, and by
#: how many merges.
BACKTRACKS = 4
BACK = 3

#: With a level: how many ways to split one of its cages a puzzle that a merge took past
#: the level tries (one solution still, and maybe at the level) before the merge is
#: dropped.
SPLITS = 6

#: With a level: how many times an attempt takes a split that leaves the puzzle below
#: the level (a merge and a split: as many cages, other ones); after that a split is
#: taken only when it lands on the level. No partition is taken twice either, so the
#: merging cannot go round in circles.
SIDESTEPS = 20

#: A level's verdict on a puzzle, in one screen pass (see :func:`killer_puzzle`).
Grade = Callable[[Grid], tuple[int, tuple[int, ...] | None]]

# What a tried partition gives: nothing kept, kept, kept at the level, past the level.
_NO, _YES, _DONE, _PAST = 0, 1, 2, 3

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
    grade: Grade | None = None,
) -> Grid | None:
    """A killer puzzle whose solution is ``full`` (a complete grid under ``base``, the
    rules without cages), with the ``givens`` cells given: cages of ``sizes`` cells
    (smallest, largest), connected, merged while the puzzle has one solution, down to
    ``fewest`` cages at the least.

    ``keep``, when given, decides instead of a count: a merge stays only while it
    accepts the puzzle, and it must accept only puzzles with one solution (the logic
    engine finishing it, which proves it unique, as its techniques never assume it under
    cages). ``done``, when given, ends the merging as soon as it accepts the puzzle (a
    level reached); it is asked first, and a puzzle it rejects must be one ``keep``
    accepts (one the level below finishes), so ``keep`` is asked only of the others,
    and only once every cage has the smallest size (before, the count decides).
    With ``done``, the merging steps back a few merges and takes another way when no
    merge reaches the level. ``grade``, when given with ``done``, answers both in one
    pass: ``(0, None)`` when the level below finishes the puzzle, ``(1, None)`` when the
    level does (and the one below does not), else ``(2, masks)``, where the level's
    techniques leave it (candidate masks, 0 for a filled cell: a puzzle past the level
    is softened only by splits that add a sum where cells are left open). None when
    the cages below the smallest size cannot all be merged away, or the level is not
    reached (the caller draws again)."""
    n, ncells = base.n, base.ncells
    low, high = sizes
    near = _neighbours(n)
    clues = [0] * ncells
    for c in givens:
        clues[c] = full[c]

    cage_of = list(range(ncells))
    members: dict[int, list[int]] = {c: [c] for c in range(ncells)}
    failed: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    stuck: list[int] = []  # where the level's techniques left the last puzzle past it
    visited: set[frozenset[tuple[int, ...]]] = set()  # the partitions adopted

    def grid_of(parts: dict[int, list[int]]) -> Grid:
        rules = cage_rules(base, full, [sorted(p) for p in parts.values()])
        return Grid(rules, clues)

    def judge(parts: dict[int, list[int]], unique: bool = False) -> int:
        """_NO, _YES (merged, go on), _DONE (merged, the level is reached) or _PAST
        (one solution, but past the level)."""
        grid = grid_of(parts)
        if done is not None:
            # Near a level most merges that fail give a second solution, which the
            # solver's count finds in about a millisecond, where a screen takes tens.
            if not unique and not _unique(grid):
                return _NO
            if all(len(p) >= low for p in parts.values()):
                if grade is not None:
                    at, left = grade(grid)
                    if at >= 2:
                        stuck[:] = left or ()
                    return _YES if at == 0 else _DONE if at == 1 else _PAST
                if not done(grid):  # the level below finishes it
                    return _YES
                return _DONE if keep is None or keep(grid) else _PAST
            # Cages below the smallest size left: far below the level (they give
            # digits away), the count's word is enough until they are merged.
            return _YES
        if keep is not None:
            return _YES if keep(grid) else _NO
        return _YES if done is not None or _unique(grid) else _NO

    def key(a: int, b: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(sorted(members[a])), tuple(sorted(members[b]))

    def pairs() -> list[tuple[float, int, int]]:
        """Adjacent cages that may merge: (weight, a, b), a < b."""
        out = []
        seen = set()
        for a in sorted(members):
            cells_a = members[a]
            digits_a = {full[c] for c in cells_a}
            for cell in cells_a:
                for d in near[cell]:
                    b = cage_of[d]
                    lo, hi = min(a, b), max(a, b)
                    if b == a or (lo, hi) in seen:
                        continue
                    seen.add((lo, hi))
                    cells_b = members[b]
                    size = len(cells_a) + len(cells_b)
                    if size > high or digits_a & {full[c] for c in cells_b}:
                        continue
                    if key(lo, hi) in failed:
                        continue
                    out.append((1.0 / (size * size), lo, hi))
        return out

    def choose(candidates: list[tuple[float, int, int]], k: int) -> list[tuple[int, int]]:
        """Up to ``k`` disjoint merges: those of an undersized cage first (the one with
        the fewest ways out first), then small merges more often than large ones."""
        small = [p for p in candidates if min(len(members[p[1]]), len(members[p[2]])) < low]
        pool = small or candidates
        if small:
            ways: dict[int, int] = {}
            for _, a, b in small:
                for x in (a, b):
                    if len(members[x]) < low:
                        ways[x] = ways.get(x, 0) + 1
            fewest_ways = min(ways.values())
            if fewest_ways <= 2:
                tight = {x for x, w in ways.items() if w == fewest_ways}
                pool = [p for p in small if p[1] in tight or p[2] in tight]
        weights = [w for w, _, _ in pool]
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

    def shifts() -> list[dict[int, list[int]]]:
        """An undersized cage that no merge takes grows by a cell of a neighbouring cage
        that can spare one (it stays connected and large enough): the partitions."""
        out = []
        for u in sorted(x for x, cells in members.items() if len(cells) < low):
            cells_u = members[u]
            if len(cells_u) >= high:
                continue
            digits_u = {full[c] for c in cells_u}
            for x in sorted({d for c in cells_u for d in near[c]} - set(cells_u)):
                b = cage_of[x]
                rest = [c for c in members[b] if c != x]
                if full[x] in digits_u or len(rest) < max(low, 1) or not connected(rest, n):
                    continue
                parts = dict(members)
                parts[u] = [*cells_u, x]
                del parts[b]
                parts[b if b != x else min(rest)] = rest
                out.append(parts)
        rng.shuffle(out)
        return out

    def soften(parts: dict[int, list[int]], kept: int) -> tuple[dict[int, list[int]], int]:
        """A puzzle past the level, made easier by splitting one of its cages (not
        ``kept``) in two: still one solution, and maybe at the level."""
        left = stuck.copy()
        options = _splits(parts, kept, low, n, left)
        if left:
            # In a random order that puts the cages with more cells left open first more
            # often (a sum there tells the most), not always (a few cages would be split
            # over and over).
            open_cells = {a: sum(1 for c in parts[a] if left[c]) for a, _, _ in options}
            keys = [rng.random() ** (1.0 / open_cells[o[0]]) for o in options]
            options = [o for _, o in sorted(zip(keys, options, strict=True), key=lambda x: -x[0])]
        else:
            rng.shuffle(options)
        tried = 0
        for a, one, two in options:
            if tried >= SPLITS:
                break
            split = dict(parts)
            del split[a]
            split[min(one)], split[min(two)] = one, two
            if _layout(split) in visited:
                continue  # a partition the merging has already been through
            tried += 1
            verdict = judge(split, unique=True)
            if verdict == _DONE or (verdict == _YES and sidesteps < SIDESTEPS):
                return split, verdict
        return parts, _NO

    def adopt(parts: dict[int, list[int]]) -> None:
        visited.add(_layout(parts))
        members.clear()
        members.update(parts)
        for a, cells in parts.items():
            for c in cells:
                cage_of[c] = a

    history: list[tuple[dict[int, list[int]], list[tuple[int, int]]]] = []
    sidesteps = 0
    backtracks = BACKTRACKS if done is not None else 0
    batch, streak = BATCH, 0
    while len(members) > fewest:
        candidates = pairs()
        chosen = choose(candidates, min(batch, len(members) - fewest)) if candidates else []
        if not chosen:
            if any(len(cells) < low for cells in members.values()):
                for parts in shifts():
                    verdict = judge(parts)
                    if verdict != _NO:
                        adopt(parts)
                        break
                else:
                    verdict = _NO
                if verdict == _DONE:
                    return grid_of(members)
                if verdict == _YES:
                    continue
            if backtracks and history:
                # Another way from a few merges back: the merge taken there is not
                # taken again.
                backtracks -= 1
                at = max(0, len(history) - BACK)
                parts, taken = history[at]
                del history[at:]
                adopt(parts)
                failed.update(key(a, b) for a, b in taken)
                batch = 1
                continue
            break
        # Near a level (every cage large enough, so each merge asks the level below)
        # merges go one at a time, and an attempt can step back.
        near_level = done is not None and all(len(p) >= low for p in members.values())
        before = dict(members)
        parts = merged(chosen)
        verdict = judge(parts)
        if verdict == _PAST:
            parts, verdict = soften(parts, chosen[0][0])
            sidesteps += verdict == _YES
        if verdict != _NO:
            if near_level:
                history.append((before, chosen))
            adopt(parts)
            if verdict == _DONE:
                return grid_of(members)
            streak += 1
            if streak >= 2 and batch < BATCH and not near_level:
                batch, streak = batch * 2, 0
            continue
        streak = 0
        if len(chosen) > 1:
            batch = max(1, len(chosen) // 2)
            continue
        failed.add(key(*chosen[0]))
    if done is not None or any(len(cells) < low for cells in members.values()):
        return None
    return grid_of(members)


def _splits(
    parts: dict[int, list[int]], kept: int, low: int, n: int, left: Sequence[int] = ()
) -> list[tuple[int, list[int], list[int]]]:
    """The ways to cut one cage of ``parts`` other than ``kept`` in two connected parts
    of ``low`` cells or more: (cage, one part, the other). With ``left``, where the
    level's techniques leave the puzzle (candidate masks, 0 for a filled cell), only
    cuts with open cells on both sides: a part whose cells are all filled there has a
    sum the techniques already know, so the cut tells them nothing new."""
    return [
        (a, one, two)
        for a, cells in sorted(parts.items())
        if a != kept and len(cells) >= 2 * low
        for one, two in _halves(cells, low, n)
        if not left or (any(left[c] for c in one) and any(left[c] for c in two))
    ]


def _layout(parts: dict[int, list[int]]) -> frozenset[tuple[int, ...]]:
    return frozenset(tuple(sorted(cells)) for cells in parts.values())


def _halves(cells: list[int], low: int, n: int) -> list[tuple[list[int], list[int]]]:
    """The ways to cut a cage in two connected parts of ``low`` cells or more, the part
    with the cage's first cell first."""
    first, *rest = sorted(cells)
    out = []
    for bits in range(1 << len(rest)):
        one = [first, *(c for i, c in enumerate(rest) if bits >> i & 1)]
        two = [c for i, c in enumerate(rest) if not bits >> i & 1]
        if len(one) >= low and len(two) >= low and connected(one, n) and connected(two, n):
            out.append((one, two))
    return out


def _unique(grid: Grid) -> bool:
    return backend_for(grid.rules).run(grid.rules, grid.cells, 2).count == 1


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


__all__ = [
    "CAGE_SIZES",
    "Grade",
    "cage_rules",
    "check_sizes",
    "connected",
    "givens_cells",
    "killer_puzzle",
]
