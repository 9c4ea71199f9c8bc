"""Techniques of variant rules: the non-consecutive neighbour eliminations and the Law of
Leftovers (jigsaw).

- **Non-consecutive Neighbour**: under non-consecutive rules, orthogonal neighbours
  never hold consecutive digits (nor equal ones: they share a row or a column). When
  every candidate of a cell lies in ``{d-1, d, d+1}``, its neighbours cannot be ``d``.
  (A placed digit's own neighbours lose ``d-1`` and ``d+1`` with the candidates, as
  its peers lose ``d``.)
- **Non-consecutive Pointing**: when every place of digit ``e`` in a unit is a
  neighbour of one cell, ``e`` will stand beside that cell, which then cannot hold
  ``e-1`` or ``e+1``.
- **Law of Leftovers**: ``k`` rows (or columns) side by side hold every digit ``k``
  times, and so do any ``k`` jigsaw regions. Take the ``k`` regions that overlap the
  rows most: what the rows hold outside those regions (the innies) is, digit for
  digit, what the regions hold outside the rows (the outies). So an innie can only
  hold a digit some outie can hold, and the other way round.
"""

from __future__ import annotations

from ...geometry import Rules, per_rules
from ..candidates import State, cells_of, tables
from ..step import Candidate, Step, cells_text, digits_text, elim_text, sym, units_text


def _near(st: State, cell: int) -> int:
    return st.tables.near_bits[cell]


def nonconsecutive_neighbour(st: State) -> Step | None:
    """A cell whose candidates all lie within one of ``d``: its neighbours lose ``d``."""
    t = st.tables
    if not t.nonconsecutive:
        return None
    shape = st.shape
    cands = st.cands
    n = t.n
    full = shape.all_mask
    for cell in cells_of(st.empty):
        m = cands[cell]
        if not m:
            continue
        lo, hi = (m & -m).bit_length(), m.bit_length()
        if hi - lo > 2:
            continue
        # Every candidate of ``cell`` is within one of each d in [hi-1, lo+1].
        for d in range(max(1, hi - 1), min(n, lo + 1) + 1):
            band = (0b111 << (d - 2)) & full if d >= 2 else 0b11
            if m & ~band:
                continue
            gone = st.dcells[d] & _near(st, cell)
            if not gone:
                continue
            elims: tuple[Candidate, ...] = tuple((c, d) for c in cells_of(gone))
            text = (
                f"Non-consecutive Neighbour: {shape.cell_name(cell)} can only be "
                f"{digits_text(shape, shape.digits_of_mask[m], 'or')}, each of which is "
                f"{sym(shape, d)} or next to it, so the cells beside it cannot be "
                f"{sym(shape, d)}: {elim_text(shape, elims)}."
            )
            return Step(
                "nonconsecutive_neighbour",
                "Non-consecutive Neighbour",
                text,
                eliminations=elims,
                cells=(cell,),
                candidates=tuple((cell, e) for e in shape.digits_of_mask[m]),
                rating=2.5,
            )
    return None


def nonconsecutive_pointing(st: State) -> Step | None:
    """Every place of ``e`` in a unit is beside one cell: that cell is not ``e±1``."""
    t = st.tables
    if not t.nonconsecutive:
        return None
    shape = st.shape
    n = t.n
    for u, ub in enumerate(t.unit_bits):
        for e in range(1, n + 1):
            x = st.dcells[e] & ub
            if not x or not x & (x - 1):
                continue  # a hidden single: placing it says as much
            # The cells beside every place of e.
            beside = t.all_cells
            for c in cells_of(x):
                beside &= t.near_bits[c]
                if not beside:
                    break
            for cell in cells_of(beside & st.empty):
                lose = [f for f in (e - 1, e + 1) if 1 <= f <= n and st.cands[cell] >> (f - 1) & 1]
                if not lose:
                    continue
                elims = tuple((cell, f) for f in lose)
                text = (
                    f"Non-consecutive Pointing: in {st.rules.unit_name(u)}, {sym(shape, e)} "
                    f"can only be in {cells_text(shape, cells_of(x), 'or')}, all beside "
                    f"{shape.cell_name(cell)}, so {shape.cell_name(cell)} cannot be next to "
                    f"{sym(shape, e)}: {elim_text(shape, elims)}."
                )
                return Step(
                    "nonconsecutive_pointing",
                    "Non-consecutive Pointing",
                    text,
                    eliminations=elims,
                    cells=tuple(cells_of(x)),
                    units=(u,),
                    candidates=tuple((c, e) for c in cells_of(x)),
                    rating=2.8,
                )
    return None


# (line units, region units, innie cells, outie cells)
Leftovers = tuple[tuple[int, ...], tuple[int, ...], int, int]


@per_rules
def _leftover_sets(rules: Rules) -> tuple[Leftovers, ...]:
    """Every band of ``k`` adjacent rows (then columns) with the ``k`` regions that
    overlap it most, whose innies and outies are not empty; fewest innies first."""
    t = tables(rules)
    n = t.n
    out: list[Leftovers] = []
    for first in (0, n):  # rows, then columns
        for k in range(1, n):
            for a in range(n - k + 1):
                lines = tuple(range(first + a, first + a + k))
                band = 0
                for u in lines:
                    band |= t.unit_bits[u]
                regions = sorted(
                    range(2 * n, 3 * n), key=lambda r: (-(t.unit_bits[r] & band).bit_count(), r)
                )[:k]
                covered = 0
                for r in regions:
                    covered |= t.unit_bits[r]
                innies, outies = band & ~covered, covered & ~band
                if innies:
                    out.append((lines, tuple(sorted(regions)), innies, outies))
    out.sort(key=lambda s: (s[2].bit_count(), len(s[0])))
    return tuple(out)


def law_of_leftovers(st: State) -> Step | None:
    """Innies hold what the outies hold: a digit none of one side can hold leaves the
    other side."""
    if not st.rules.jigsaw:
        return None
    t = tables(st.rules)
    shape = st.shape
    values, cands = st.values, st.cands
    for lines, regions, innies, outies in _leftover_sets(st.rules):
        sides = (cells_of(innies), cells_of(outies))
        can = []
        for side in sides:
            m = 0
            for c in side:
                m |= cands[c] | (1 << (values[c] - 1) if values[c] else 0)
            can.append(m)
        elims: list[Candidate] = []
        for k, side in enumerate(sides):
            other = can[1 - k]
            for c in side:
                for d in shape.digits_of_mask[cands[c] & ~other]:
                    elims.append((c, d))
        if not elims:
            continue
        elims.sort()
        count = len(lines)
        times = "once" if count == 1 else "twice" if count == 2 else f"{count} times"
        region_names = (
            st.rules.unit_name(regions[0])
            if count == 1
            else "regions "
            + ", ".join(str(r - 2 * t.n + 1) for r in regions[:-1])
            + f" and {regions[-1] - 2 * t.n + 1}"
        )
        text = (
            f"Law of Leftovers: {units_text(shape, list(lines))} hold every digit {times}, "
            f"and so {'does' if count == 1 else 'do'} {region_names}; so the cells of "
            f"the {'row' if lines[0] < t.n else 'column'}{'s' if count > 1 else ''} outside "
            f"{'that region' if count == 1 else 'those regions'} "
            f"({cells_text(shape, sides[0])}) hold the same digits as the cells of the "
            f"region{'s' if count > 1 else ''} outside them ({cells_text(shape, sides[1])}): "
            f"{elim_text(shape, elims)}."
        )
        return Step(
            "law_of_leftovers",
            "Law of Leftovers",
            text,
            eliminations=tuple(elims),
            cells=(*sides[0], *sides[1]),
            units=(*lines, *regions),
            candidates=tuple((c, d) for c in sides[0] + sides[1] for d in st.candidate_digits(c)),
            rating=3.2,
        )
    return None
