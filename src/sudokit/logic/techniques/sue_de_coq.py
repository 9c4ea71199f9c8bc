"""Sue de Coq: a box-line intersection whose cells need help from both sides.

Take two or more empty cells C where a line crosses a box, holding the digits V between
them, at least two more digits than cells. Add cells L from the rest of the line and
cells B from the rest of the box, with no digit of L also in B. If the cells of C, L and
B together are as many as their digits, each digit is in them exactly once: a digit
can appear at most once in C and L (one line) and at most once in C and B (one box),
and none is in both L and B. So the digits of L leave the rest of the line, those of B
the rest of the box, and the digits of V in neither L nor B (they must be in C) leave
both. Any two units that share two cells or more serve as well as a line and a box: a
diagonal or a window with a box, a line or each other.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from ..candidates import State, Tables, cells_of
from ..step import Step, digits_set, elim_text
from .als import changed_since_vain, found_nothing

#: Most cells taken from each side (the rest of the line, the rest of the box).
MAX_SIDE = 3

# (cells, their digits, how many cells beyond their digits outside V they add)
Side = tuple[int, int, int]


@lru_cache(maxsize=4096)
def _groups(pool: tuple[int, ...], masks: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """Every group of up to :data:`MAX_SIDE` cells of ``pool`` (with their candidate
    ``masks``), as ``(cells, digits, size)``, smallest first. A step changes few units,
    so the next position finds most pools here unchanged."""
    out = []
    for size in range(1, min(MAX_SIDE, len(pool)) + 1):
        for group in combinations(range(len(pool)), size):
            digits = bits = 0
            for i in group:
                digits |= masks[i]
                bits |= 1 << pool[i]
            out.append((bits, digits, size))
    return tuple(out)


def _sides(groups: tuple[tuple[int, int, int], ...], v: int) -> list[Side]:
    """The ``groups`` that could join C: they share a digit with V and add fewer new
    digits than cells (else they bring no help)."""
    out = []
    for bits, digits, size in groups:
        gain = size - (digits & ~v).bit_count()
        if digits & v and gain >= 1:
            out.append((bits, digits, gain))
    return out


def _pairs(t: Tables) -> Iterator[tuple[int, int, int]]:
    """The unit pairs a Sue de Coq may sit on, ``(line, box, cells in both)``: every box
    (or region) with every line crossing it in two cells or more, then every extra unit
    (diagonal, window) with every unit it shares two cells or more with. The argument
    above holds for any two units: it only asks that C and L lie in one unit and C and
    B in another."""
    n = t.n
    for b in range(n):
        for line, inter in t.box_lines[b]:
            yield line, 2 * n + b, inter
    first = t.extras.start
    for e in t.extras:
        for v, inter in t.overlaps[e]:
            if v < first or v > e:  # each pair of extra units once
                yield e, v, inter


#: ``State.memo`` key: the search found nothing in this state.
_VAIN = "sue_de_coq.vain"


def _found(st: State, changed: int) -> Iterator[tuple[int, int, int, int, Side, Side]]:
    """The Sue de Coqs in search order, those with a cell in ``changed`` only (the
    others remove nothing: see :func:`.als.changed_since_vain`)."""
    t = st.tables
    cands = st.cands
    for line, box, inter in _pairs(t):
        if not (t.unit_bits[line] | t.unit_bits[box]) & changed:
            continue
        box_bits = t.unit_bits[box] & st.empty
        middle = cells_of(inter & st.empty)
        if len(middle) < 2:
            continue
        line_pool = tuple(cells_of(t.unit_bits[line] & st.empty & ~inter))
        box_pool = tuple(cells_of(box_bits & ~inter))
        line_groups = box_groups = None  # (built when first needed)
        sides_new = (t.unit_bits[line] | t.unit_bits[box]) & ~inter & changed
        for size in range(2, len(middle) + 1):
            for group in combinations(middle, size):
                v = 0
                for c in group:
                    v |= cands[c]
                need = v.bit_count() - size
                # Each side adds at most MAX_SIDE cells beyond its new digits.
                if not 2 <= need <= 2 * MAX_SIDE:
                    continue
                core = 0
                for c in group:
                    core |= 1 << c
                core_new = core & changed
                if not (core_new or sides_new):
                    continue
                if line_groups is None:
                    line_groups = _groups(line_pool, tuple(cands[c] for c in line_pool))
                line_sides = _sides(line_groups, v)
                if not line_sides:
                    continue
                if box_groups is None:
                    box_groups = _groups(box_pool, tuple(cands[c] for c in box_pool))
                by_gain: dict[int, list[Side]] = {}
                for side in _sides(box_groups, v):
                    by_gain.setdefault(side[2], []).append(side)
                for ls in line_sides:
                    for bs in by_gain.get(need - ls[2], ()):
                        if not ls[1] & bs[1] and (core_new or (ls[0] | bs[0]) & changed):
                            yield line, box, core, v, ls, bs


def sue_de_coq(st: State) -> Step | None:
    """The first Sue de Coq (fewest cells) that removes something."""
    t = st.tables
    best = None
    for line, box, core, v, (lc, ld, _), (bc, bd, _) in _found(st, changed_since_vain(st, _VAIN)):
        used = core | lc | bc
        rest_line = t.unit_bits[line] & st.empty & ~used
        rest_box = t.unit_bits[box] & st.empty & ~used
        only_core = v & ~ld & ~bd
        found: set[tuple[int, int]] = set()
        for d in st.shape.digits_of_mask[ld | only_core]:
            for c in cells_of(rest_line & st.dcells[d]):
                found.add((c, d))
        for d in st.shape.digits_of_mask[bd | only_core]:
            for c in cells_of(rest_box & st.dcells[d]):
                found.add((c, d))
        if not found:
            continue
        size = used.bit_count()
        if best is None or size < best[0]:
            best = (size, line, box, core, v, lc, ld, bc, bd, sorted(found))
    if best is None:
        found_nothing(st, _VAIN)
        return None
    _, line, box, core, v, lc, ld, bc, bd, elims = best
    shape = st.shape

    def cells(bits: int) -> str:
        return ", ".join(shape.cell_name(c) for c in cells_of(bits))

    text = (
        f"Sue de Coq: where {st.rules.unit_name(line)} crosses {st.rules.unit_name(box)}, "
        f"{cells(core)} hold {digits_set(shape, v)}; with {cells(lc)} "
        f"{digits_set(shape, ld)} from the rest of {st.rules.unit_name(line)} and {cells(bc)} "
        f"{digits_set(shape, bd)} from the rest of {st.rules.unit_name(box)}, these "
        f"{(core | lc | bc).bit_count()} cells hold as many digits, each exactly once: "
        f"{elim_text(shape, elims)}."
    )
    core_cells = cells_of(core)
    return Step(
        "sue_de_coq",
        "Sue de Coq",
        text,
        eliminations=tuple(elims),
        cells=tuple(core_cells + cells_of(lc) + cells_of(bc)),
        units=(line, box),
        candidates=tuple((c, d) for c in core_cells for d in st.candidate_digits(c)),
        secondary=tuple((c, d) for c in cells_of(lc | bc) for d in st.candidate_digits(c)),
        rating=7.2,
    )
