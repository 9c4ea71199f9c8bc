"""Single-digit patterns built from two strong links: Skyscraper, 2-String Kite, Turbot
Fish, and the Empty Rectangle.

A strong link is a unit where the digit has exactly two places: one of them holds it.
Two strong links joined by a weak link (their inner ends see each other) prove that one of
the two outer ends holds the digit, so no cell seeing both outer ends can.
"""

from __future__ import annotations

from collections.abc import Callable

from ..candidates import State, cells_of
from ..step import Link, Step, elim_text, sym


def strong_links(st: State, d: int) -> list[tuple[int, int, int]]:
    """Every unit where ``d`` has exactly two places: ``(cell a, cell b, unit)``."""
    t = st.tables
    x = st.dcells[d]
    out = []
    for u, ub in enumerate(t.unit_bits):
        y = x & ub
        if y and y.bit_count() == 2:
            low = y & -y
            out.append((low.bit_length() - 1, (y ^ low).bit_length() - 1, u))
    return out


def _kind(st: State, u1: int, u2: int, y1: int, y2: int) -> str:
    uo = st.tables.unit_of
    k1, k2 = st.tables.kind_of[u1], st.tables.kind_of[u2]
    if k1 == k2 and k1 < 2:
        # Parallel lines whose inner ends share the crossing line.
        cross = 1 if k1 == 0 else 0
        if uo[y1][cross] == uo[y2][cross]:
            return "skyscraper"
    if {k1, k2} == {0, 1} and uo[y1][2] == uo[y2][2]:
        return "two_string_kite"
    return "turbot_fish"


_NAMES = {
    "skyscraper": "Skyscraper",
    "two_string_kite": "2-String Kite",
    "turbot_fish": "Turbot Fish",
}
_RATING = {"skyscraper": 6.6, "two_string_kite": 6.6, "turbot_fish": 6.6}


def _turbot_family(st: State, want: str) -> Step | None:
    t = st.tables
    shape = st.shape
    peer = t.peer_bits
    for d in range(1, t.n + 1):
        links = strong_links(st, d)
        if len(links) < 2:
            continue
        dc = st.dcells[d]
        for i, (a1, b1, u1) in enumerate(links):
            for a2, b2, u2 in links[i + 1 :]:
                if a1 in (a2, b2) or b1 in (a2, b2):
                    continue
                for x1, y1 in ((a1, b1), (b1, a1)):
                    for y2, x2 in ((a2, b2), (b2, a2)):
                        if not peer[y1] >> y2 & 1:
                            continue
                        elim_cells = dc & peer[x1] & peer[x2]
                        if not elim_cells:
                            continue
                        if _kind(st, u1, u2, y1, y2) != want:
                            continue
                        elims = tuple((c, d) for c in cells_of(elim_cells))
                        s = sym(shape, d)
                        cn = shape.cell_name
                        text = (
                            f"{_NAMES[want]} on {s}: in {st.rules.unit_name(u1)}, {s} is in "
                            f"{cn(x1)} or {cn(y1)}, in {st.rules.unit_name(u2)} in {cn(y2)} or "
                            f"{cn(x2)}, and {cn(y1)} and {cn(y2)} see each other, so {cn(x1)} "
                            f"or {cn(x2)} is {s}: {elim_text(shape, elims)}."
                        )
                        cells = (x1, y1, y2, x2)
                        return Step(
                            want,
                            _NAMES[want],
                            text,
                            eliminations=elims,
                            cells=cells,
                            units=(u1, u2),
                            candidates=tuple((c, d) for c in cells),
                            links=(
                                Link((x1,), d, (y1,), d, True),
                                Link((y1,), d, (y2,), d, False),
                                Link((y2,), d, (x2,), d, True),
                            ),
                            rating=_RATING[want],
                        )
    return None


def _make(want: str) -> Callable[[State], Step | None]:
    def find(st: State) -> Step | None:
        return _turbot_family(st, want)

    find.__name__ = want
    find.__doc__ = f"{_NAMES[want]}: two strong links on one digit joined by a weak link."
    return find


skyscraper = _make("skyscraper")
two_string_kite = _make("two_string_kite")
turbot_fish = _make("turbot_fish")


def empty_rectangle(st: State) -> Step | None:
    """A box whose digit lies on one row and one column of it, plus a strong link on a
    line outside the box: the cell where the strong link's far end meets the box's line
    loses the digit."""
    t = st.tables
    n = t.n
    shape = st.shape
    ub = t.unit_bits
    uo = t.unit_of
    for d in range(1, n + 1):
        dc = st.dcells[d]
        links = [lk for lk in strong_links(st, d) if lk[2] < 2 * n]  # strong links on lines only
        if not links:
            continue
        for b in range(n):
            bu = 2 * n + b
            box = ub[bu]
            x = dc & box
            if x.bit_count() < 2:
                continue
            rows = [u for u, _ in t.box_lines[b] if u < n]
            cols = [u for u, _ in t.box_lines[b] if u >= n]
            for r in rows:
                for c in cols:
                    if x & ~(ub[r] | ub[c]):
                        continue
                    if not x & ~ub[r] or not x & ~ub[c]:
                        continue  # all on one line: that is pointing, not a rectangle
                    for a, bb, lu in links:
                        if ub[lu] & box:
                            continue
                        for p, q in ((a, bb), (bb, a)):
                            # Column link with p on the box's row: z = (row of q, c).
                            # Row link with p on the box's column: z = (r, column of q).
                            if lu >= n and uo[p][0] == r:
                                z = uo[q][0] * n + (c - n)
                            elif lu < n and uo[p][1] == c:
                                z = r * n + (uo[q][1] - n)
                            else:
                                continue
                            if z in (p, q) or box >> z & 1 or not dc >> z & 1:
                                continue
                            s = sym(shape, d)
                            elims = ((z, d),)
                            er = cells_of(x)
                            un = st.rules.unit_name
                            text = (
                                f"Empty Rectangle on {s} in {un(bu)}: there {s} "
                                f"lies only in {un(r)} and {un(c)}, "
                                f"and in {un(lu)} it is in {shape.cell_name(p)} "
                                f"or {shape.cell_name(q)}; either way {shape.cell_name(z)} "
                                f"cannot be {s}, so {elim_text(shape, elims)}."
                            )
                            return _er_step(text, elims, (*er, p, q), (bu, lu, r, c), d)
    return _extra_empty_rectangle(st) if t.extras else None


def _er_step(
    text: str,
    elims: tuple[tuple[int, int], ...],
    cells: tuple[int, ...],
    units: tuple[int, ...],
    d: int,
) -> Step:
    """An Empty Rectangle's step: the unit's places of ``d`` and the strong link's ends."""
    return Step(
        "empty_rectangle",
        "Empty Rectangle",
        text,
        eliminations=elims,
        cells=cells,
        units=units,
        candidates=tuple((cc, d) for cc in cells),
        rating=6.6,
    )


def _extra_empty_rectangle(st: State) -> Step | None:
    """The Empty Rectangle where a diagonal or window takes part: as the unit whose
    digit lies in two crossing units, as one of those, or as the strong link's unit.

    It is sound for any units: say the digit's places in unit B all lie in units R and
    C, some outside each, and a strong link p-q (in a unit holding none of those places)
    has p in R. A cell z of C outside B that sees q cannot hold the digit: then q would
    not, so p would, which takes the digit from R's places in B; B's digit would be in
    C, beside z. (The classic search above takes boxes or regions crossed by a row and a
    column, with the link on a line; here any unit takes part, at least one of them an
    extra one, so classic puzzles see exactly the steps they always did.)"""
    t = st.tables
    shape = st.shape
    ub = t.unit_bits
    peer = t.peer_bits
    first = t.extras.start
    un = st.rules.unit_name
    for d in range(1, t.n + 1):
        dc = st.dcells[d]
        links = strong_links(st, d)
        extra_links = [lk for lk in links if lk[2] >= first]
        if not links:
            continue
        for bu in (*range(2 * t.n, 3 * t.n), *t.extras):
            x = dc & ub[bu]
            if x.bit_count() < 2:
                continue
            near = [(v, inter) for v, inter in t.overlaps[bu] if x & inter]
            for i, (u1, in1) in enumerate(near):
                for u2, in2 in near[i + 1 :]:
                    if x & ~(in1 | in2) or not x & ~in1 or not x & ~in2:
                        continue  # not all in the cross, or all on one of its arms
                    classic = bu < first and u1 < first and u2 < first
                    for r, c in ((u1, u2), (u2, u1)):
                        for a, b, lu in extra_links if classic else links:
                            if ub[lu] & x:
                                continue
                            for p, q in ((a, b), (b, a)):
                                if not ub[r] >> p & 1:
                                    continue
                                z = dc & ub[c] & peer[q] & ~ub[bu] & ~(1 << p | 1 << q)
                                if not z:
                                    continue
                                s = sym(shape, d)
                                elims = tuple((zc, d) for zc in cells_of(z))
                                er = cells_of(x)
                                cn = shape.cell_name
                                text = (
                                    f"Empty Rectangle on {s} in {un(bu)}: there {s} lies "
                                    f"only in {un(r)} and {un(c)}, and in {un(lu)} it is in "
                                    f"{cn(p)} or {cn(q)}: {s} is in {cn(q)}, or in "
                                    f"{cn(p)} and then in {un(c)} inside {un(bu)}; "
                                    f"either way {elim_text(shape, elims)}."
                                )
                                return _er_step(text, elims, (*er, p, q), (bu, lu, r, c), d)
    return None
