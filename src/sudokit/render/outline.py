"""One pure outline of a board, which every drawer strokes: pygame, PNG, SVG and PDF.

:func:`outline` turns a puzzle's :class:`~sudokit.geometry.Rules` into plain geometry in
*unit coordinates*: a cell is 1 × 1, the grid spans ``(0, 0)``–``(n, n)``, ``x`` grows to
the right and ``y`` downwards (row 0 at the top). A drawer only scales it to its pixels
or points and strokes it in its own colours:

- ``thin``: segments between two cells of the same region (box or jigsaw piece);
- ``thick``: segments between cells of different regions — so boxes and jigsaw pieces
  come out of the one rule;
- ``border``: the frame of the grid, four segments (thick too; drawers that round or
  thicken the frame draw it their own way);
- ``diagonals``: the two main diagonals of X, corner to corner;
- ``shaded``: cells to fill with a light shade (windoku's windows);
- ``cages``: killer cages, dashed outlines inset from the cell edges with the sum at
  their top-left cell (the first in reading order);
- ``caption``: the rules in words for a rules line (``X + anti-knight``), empty for
  classic rules. Relations that are not drawn (anti-knight, anti-king,
  non-consecutive) are stated there.

Collinear edges of one kind are merged, so a classic 9×9 is 6 thin and 2 thick lines
each way. Every cell edge lies in exactly one segment of ``thin``, ``thick`` or
``border``. Outlines are cached per rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..geometry import Rules

#: A straight segment ``(x0, y0, x1, y1)`` in unit coordinates (``x0 <= x1``, ``y0 <= y1``).
Segment = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class CageOutline:
    """A killer cage: its cells, its sum (None: no sum shown), the dashed outline inset
    from the cells' edges, and where the sum is written (the top-left cell)."""

    cells: tuple[int, ...]
    total: int | None
    segments: tuple[Segment, ...]
    label_cell: int


@dataclass(frozen=True, slots=True)
class Outline:
    """What to stroke and fill for a board under some rules; see the module's doc."""

    n: int
    thin: tuple[Segment, ...]
    thick: tuple[Segment, ...]
    border: tuple[Segment, ...]
    diagonals: tuple[Segment, ...] = ()
    shaded: tuple[int, ...] = ()
    cages: tuple[CageOutline, ...] = ()
    caption: str = ""


@lru_cache(maxsize=256)
def outline(rules: Rules) -> Outline:
    """The outline of a board under ``rules`` (cached: rules are interned values)."""
    n = rules.n
    region = rules.region_of
    thin: list[Segment] = []
    thick: list[Segment] = []

    def run(kinds: list[bool], make: tuple[int, bool]) -> None:
        """Merge consecutive edges of one kind (True: thick) into segments."""
        line, horizontal = make
        start = 0
        for i in range(1, n + 1):
            if i == n or kinds[i] != kinds[start]:
                if horizontal:
                    seg: Segment = (start, line, i, line)
                else:
                    seg = (line, start, line, i)
                (thick if kinds[start] else thin).append(seg)
                start = i

    # Vertical lines x = 1..n-1: the edge in row r separates (r, x-1) from (r, x).
    for x in range(1, n):
        run([region[r * n + x - 1] != region[r * n + x] for r in range(n)], (x, False))
    # Horizontal lines y = 1..n-1: the edge in column c separates (y-1, c) from (y, c).
    for y in range(1, n):
        run([region[(y - 1) * n + c] != region[y * n + c] for c in range(n)], (y, True))
    border: tuple[Segment, ...] = ((0, 0, n, 0), (n, 0, n, n), (0, n, n, n), (0, 0, 0, n))
    diagonals: tuple[Segment, ...] = ((0, 0, n, n), (0, n, n, 0)) if rules.diagonals else ()
    shaded: tuple[int, ...] = ()
    if rules.windows:
        kinds = rules.unit_kinds
        shaded = tuple(
            sorted(c for u, cells in enumerate(rules.units) if kinds[u] == "window" for c in cells)
        )
    cages = tuple(cage_outline(n, cage.cells, cage.total) for cage in rules.cages)
    return Outline(
        n,
        tuple(thin),
        tuple(thick),
        border,
        diagonals,
        shaded,
        cages,
        "" if rules.classic else rules.name,
    )


def cage_outline(
    n: int, cells: tuple[int, ...], total: int | None, inset: float = 0.12
) -> CageOutline:
    """The dashed outline of a cage of ``cells`` on an ``n × n`` grid, ``inset`` of a cell
    inside the cells' outer edges; its sum goes in its first cell in reading order (the
    top row's leftmost), as printed killers place it."""
    inside = set(cells)
    a = inset

    def has(r: int, c: int) -> bool:
        return 0 <= r < n and 0 <= c < n and r * n + c in inside

    def reach(side: bool, corner: bool) -> float:
        """How far an open edge runs past its cell's inset corner: on to the cell's edge
        where the cage goes on beside it, round an inner corner (``corner``: the cell
        diagonally beyond is in too), or not at all."""
        return (2 * a if corner else a) if side else 0.0

    segments: list[Segment] = []
    for cell in sorted(inside):
        r, c = divmod(cell, n)
        up, down, left, right = has(r - 1, c), has(r + 1, c), has(r, c - 1), has(r, c + 1)
        top, bottom, west, east = r + a, r + 1 - a, c + a, c + 1 - a
        if not up:
            segments.append(
                (
                    west - reach(left, has(r - 1, c - 1)),
                    top,
                    east + reach(right, has(r - 1, c + 1)),
                    top,
                )
            )
        if not down:
            segments.append(
                (
                    west - reach(left, has(r + 1, c - 1)),
                    bottom,
                    east + reach(right, has(r + 1, c + 1)),
                    bottom,
                )
            )
        if not left:
            segments.append(
                (
                    west,
                    top - reach(up, has(r - 1, c - 1)),
                    west,
                    bottom + reach(down, has(r + 1, c - 1)),
                )
            )
        if not right:
            segments.append(
                (
                    east,
                    top - reach(up, has(r - 1, c + 1)),
                    east,
                    bottom + reach(down, has(r + 1, c + 1)),
                )
            )
    return CageOutline(tuple(sorted(inside)), total, merge(segments), min(inside))


def merge(segments: list[Segment]) -> tuple[Segment, ...]:
    """Horizontal and vertical segments with collinear touching ones joined."""
    lines: dict[tuple[bool, float], list[tuple[float, float]]] = {}
    for x0, y0, x1, y1 in segments:
        if y0 == y1:
            lines.setdefault((True, y0), []).append((min(x0, x1), max(x0, x1)))
        else:
            lines.setdefault((False, x0), []).append((min(y0, y1), max(y0, y1)))
    out: list[Segment] = []
    for (horizontal, at), spans in sorted(lines.items()):
        spans.sort()
        lo, hi = spans[0]
        for s, e in [*spans[1:], (float("inf"), float("inf"))]:
            if s <= hi + 1e-9:
                hi = max(hi, e)
                continue
            out.append((lo, at, hi, at) if horizontal else (at, lo, at, hi))
            lo, hi = s, e
    return tuple(out)


def scale(seg: Segment, x0: float, y0: float, unit: float) -> tuple[float, float, float, float]:
    """A segment in a drawer's coordinates: the grid's top-left at ``(x0, y0)``, ``unit``
    per cell (``y`` downwards)."""
    return (x0 + seg[0] * unit, y0 + seg[1] * unit, x0 + seg[2] * unit, y0 + seg[3] * unit)


def dashes(seg: Segment, on: float, off: float) -> list[Segment]:
    """A horizontal or vertical segment cut into dashes about ``on`` long with gaps about
    ``off`` (in the segment's units), stretched so that a dash starts and ends it: the
    corners of a cage's outline are always inked."""
    x0, y0, x1, y1 = seg
    length = abs(x1 - x0) + abs(y1 - y0)
    count = round((length + off) / (on + off))
    if count < 2 or length <= 2 * on:
        return [seg]
    gap = (length - count * on) / (count - 1)
    dx, dy = (1.0, 0.0) if y0 == y1 else (0.0, 1.0)
    out: list[Segment] = []
    for i in range(count):
        a = i * (on + gap)
        b = length if i == count - 1 else a + on
        out.append((x0 + dx * a, y0 + dy * a, x0 + dx * b, y0 + dy * b))
    return out


__all__ = [
    "CageOutline",
    "Outline",
    "Segment",
    "cage_outline",
    "dashes",
    "merge",
    "outline",
    "scale",
]
