"""Wings: XY-Wing, XYZ-Wing and W-Wing."""

from __future__ import annotations

from ..candidates import State, cells_of
from ..step import Link, Step, digits_set, elim_text, sym
from .single_digit import strong_links


def _bivalues(st: State) -> list[int]:
    pop = st.shape.popcount
    return [c for c, m in enumerate(st.cands) if pop[m] == 2]


def xy_wing(st: State) -> Step | None:
    """A bivalue pivot {x,y} seeing pincers {x,z} and {y,z}: one pincer is z, so cells
    seeing both pincers lose z."""
    t = st.tables
    shape = st.shape
    cands = st.cands
    peer = t.peer_bits
    bival = _bivalues(st)
    bset = 0
    for c in bival:
        bset |= 1 << c
    for pivot in bival:
        mp = cands[pivot]
        # Pincers grouped by the pivot digit they share.
        wings: dict[int, list[int]] = {}
        for q in cells_of(bset & peer[pivot]):
            mq = cands[q]
            common = mq & mp
            if common and not common & (common - 1) and mq != mp:
                wings.setdefault(common, []).append(q)
        if len(wings) < 2:
            continue
        (bx, xs), (by, ys) = sorted(wings.items())[:2]
        for a in xs:
            z = cands[a] & ~mp
            for b in ys:
                if cands[b] & ~mp != z:
                    continue
                dz = z.bit_length()
                elim_cells = st.dcells[dz] & peer[a] & peer[b]
                if not elim_cells:
                    continue
                elims = tuple((c, dz) for c in cells_of(elim_cells))
                cn = shape.cell_name
                text = (
                    f"XY-Wing: pivot {cn(pivot)} {digits_set(shape, mp)} sees "
                    f"{cn(a)} {digits_set(shape, cands[a])} and {cn(b)} "
                    f"{digits_set(shape, cands[b])}; whichever digit the pivot takes, one "
                    f"of those two is {sym(shape, dz)}, so {elim_text(shape, elims)}."
                )
                dx, dy = bx.bit_length(), by.bit_length()
                return Step(
                    "xy_wing",
                    "XY-Wing",
                    text,
                    eliminations=elims,
                    cells=(pivot, a, b),
                    candidates=tuple((c, d) for c in (pivot, a, b) for d in st.candidate_digits(c)),
                    links=(
                        Link((a,), dz, (a,), dx, True),
                        Link((a,), dx, (pivot,), dx, False),
                        Link((pivot,), dx, (pivot,), dy, True),
                        Link((pivot,), dy, (b,), dy, False),
                        Link((b,), dy, (b,), dz, True),
                    ),
                    rating=4.2,
                )
    return None


def xyz_wing(st: State) -> Step | None:
    """A pivot {x,y,z} seeing pincers {x,z} and {y,z}: one of the three is z, so cells
    seeing all three lose z."""
    t = st.tables
    shape = st.shape
    pop = shape.popcount
    cands = st.cands
    peer = t.peer_bits
    bset = 0
    for c in _bivalues(st):
        bset |= 1 << c
    for pivot, mp in enumerate(cands):
        if pop[mp] != 3:
            continue
        pincers = [q for q in cells_of(bset & peer[pivot]) if cands[q] & ~mp == 0]
        for i, a in enumerate(pincers):
            for b in pincers[i + 1 :]:
                if cands[a] == cands[b]:
                    continue
                z = cands[a] & cands[b]
                dz = z.bit_length()
                elim_cells = st.dcells[dz] & peer[a] & peer[b] & peer[pivot]
                if not elim_cells:
                    continue
                elims = tuple((c, dz) for c in cells_of(elim_cells))
                cn = shape.cell_name
                text = (
                    f"XYZ-Wing: pivot {cn(pivot)} {digits_set(shape, mp)} sees "
                    f"{cn(a)} {digits_set(shape, cands[a])} and {cn(b)} "
                    f"{digits_set(shape, cands[b])}; one of the three is {sym(shape, dz)}, "
                    f"so {elim_text(shape, elims)}."
                )
                return Step(
                    "xyz_wing",
                    "XYZ-Wing",
                    text,
                    eliminations=elims,
                    cells=(pivot, a, b),
                    candidates=tuple((c, d) for c in (pivot, a, b) for d in st.candidate_digits(c)),
                    rating=4.4,
                )
    return None


def w_wing(st: State) -> Step | None:
    """Two equal bivalue cells {x,y} joined through a strong link on x: one of them is y,
    so cells seeing both lose y."""
    t = st.tables
    shape = st.shape
    cands = st.cands
    peer = t.peer_bits
    by_mask: dict[int, list[int]] = {}
    for c in _bivalues(st):
        by_mask.setdefault(cands[c], []).append(c)
    links_of: dict[int, list[tuple[int, int, int]]] = {}
    for mask, cells in by_mask.items():
        if len(cells) < 2:
            continue
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                if peer[a] >> b & 1:
                    continue
                for dx in shape.digits_of_mask[mask]:
                    dy = (mask & ~(1 << (dx - 1))).bit_length()
                    elim_cells = st.dcells[dy] & peer[a] & peer[b]
                    if not elim_cells:
                        continue
                    if dx not in links_of:
                        links_of[dx] = strong_links(st, dx)
                    for p, q, u in links_of[dx]:
                        for pa, qb in ((p, q), (q, p)):
                            if pa in (a, b) or qb in (a, b):
                                continue
                            if not (peer[a] >> pa & 1 and peer[b] >> qb & 1):
                                continue
                            elims = tuple((c, dy) for c in cells_of(elim_cells))
                            cn = shape.cell_name
                            sx, sy = sym(shape, dx), sym(shape, dy)
                            text = (
                                f"W-Wing: {cn(a)} and {cn(b)} both hold "
                                f"{digits_set(shape, mask)}, and in {st.rules.unit_name(u)}, "
                                f"{sx} is in {cn(pa)} or {cn(qb)}, which see them; they "
                                f"cannot both be {sx}, so one is {sy}: "
                                f"{elim_text(shape, elims)}."
                            )
                            return Step(
                                "w_wing",
                                "W-Wing",
                                text,
                                eliminations=elims,
                                cells=(a, b, pa, qb),
                                units=(u,),
                                candidates=((a, dx), (a, dy), (b, dx), (b, dy), (pa, dx), (qb, dx)),
                                links=(
                                    Link((a,), dy, (a,), dx, True),
                                    Link((a,), dx, (pa,), dx, False),
                                    Link((pa,), dx, (qb,), dx, True),
                                    Link((qb,), dx, (b,), dx, False),
                                    Link((b,), dx, (b,), dy, True),
                                ),
                                rating=7.1,  # SE reaches it as a forcing chain rated 7.1
                            )
    return None
