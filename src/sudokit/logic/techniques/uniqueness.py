"""Uniqueness techniques: Unique Rectangles (types 1 to 6), Hidden Rectangles and BUG+1.

They rest on the puzzle having exactly one solution: a pattern that would let two digits
swap places (a "deadly pattern") cannot be the end state, so whatever avoids it is true.
The engine offers them only for puzzles known to be unique.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..candidates import State, cells_of, cellset, rectangle_keeps_units
from ..step import Candidate, Step, cells_text, digits_text, elim_text, sym, units_text

Rect = tuple[int, int, int, int]


def _rectangles(st: State) -> list[tuple[Rect, int]]:
    """Rectangles of empty cells on two rows, two columns and two boxes (under variant
    rules: whose every other unit holds two of them on a line, or none; see
    :func:`~sudokit.logic.candidates.rectangle_keeps_units`) whose cells all
    hold both digits of a bivalue corner: ``((a, b, c, d), digit pair mask)``; ``a`` is
    that bivalue corner, ``b`` shares its row, ``c`` its column, ``d`` is opposite.
    Memoized on the state (every type looks at the same rectangles)."""
    found = st.memo.get("uniqueness.rectangles")
    if found is None:
        # No deadly pattern under knight's, king's or neighbour rules (see Tables).
        found = list(_find_rectangles(st)) if st.tables.uniqueness else []
        st.memo["uniqueness.rectangles"] = found
    return found  # type: ignore[return-value]


def _find_rectangles(st: State) -> Iterator[tuple[Rect, int]]:
    cands = st.cands
    return _corners(st, lambda c, m: cands[c] & m == m)


def _corners(st: State, fits: Callable[[int, int], bool]) -> Iterator[tuple[Rect, int]]:
    """Rectangles ``(a, b, c, d)`` with a bivalue corner ``a`` (its pair ``m``) on two
    rows, two columns and two boxes (under variant rules: keeping every unit) whose
    other corners each ``fits(cell, m)``; each rectangle and pair once."""
    t = st.tables
    n = t.n
    pop = st.shape.popcount
    box = st.shape.box_index
    classic = st.rules.classic
    seen: set[tuple[tuple[int, ...], int]] = set()
    for a, m in enumerate(st.cands):
        if pop[m] != 2:
            continue
        r1, c1 = divmod(a, n)
        for r2 in range(n):
            if r2 == r1:
                continue
            for c2 in range(n):
                if c2 == c1:
                    continue
                b, c, d = r1 * n + c2, r2 * n + c1, r2 * n + c2
                if not (fits(b, m) and fits(c, m) and fits(d, m)):
                    continue
                if classic:
                    if len({box[a], box[b], box[c], box[d]}) != 2:
                        continue
                elif not rectangle_keeps_units(t, (a, b, c, d)):
                    continue
                key = (tuple(sorted((a, b, c, d))), m)
                if key in seen:
                    continue
                seen.add(key)
                yield (a, b, c, d), m


def _ur_text(st: State, cells: Rect, m: int, rest: str, title: str = "Unique Rectangle") -> str:
    shape = st.shape
    return (
        f"{title} on {digits_text(shape, shape.digits_of_mask[m])} in "
        f"{cells_text(shape, cells)}: if those cells held only "
        f"{digits_text(shape, shape.digits_of_mask[m], 'and')}, the two digits could swap "
        f"and the puzzle would have two solutions; {rest}"
    )


def _ur_step(
    st: State,
    kind: int,
    cells: Rect,
    m: int,
    elims: list[Candidate],
    rest: str,
    rating: float,
    extra_cells: tuple[int, ...] = (),
    units: tuple[int, ...] = (),
    secondary: tuple[Candidate, ...] = (),
) -> Step:
    """A rectangle's step; ``kind`` 0 is the Hidden Rectangle."""
    digits = st.shape.digits_of_mask[m]
    tid, name = (
        ("hidden_rectangle", "Hidden Rectangle")
        if kind == 0
        else (f"unique_rectangle_{kind}", f"Unique Rectangle Type {kind}")
    )
    return Step(
        tid,
        name,
        _ur_text(st, cells, m, rest, "Hidden Rectangle" if kind == 0 else "Unique Rectangle"),
        eliminations=tuple(sorted(elims)),
        cells=tuple(sorted(cells)) + extra_cells,
        units=units,
        candidates=tuple(
            (c, d) for c in sorted(cells) for d in digits if st.cands[c] >> (d - 1) & 1
        ),
        secondary=secondary,
        rating=rating,
    )


def _roofs(st: State, cells: Rect, m: int) -> tuple[int, int] | None:
    """The two corners holding more than the pair, when the other two hold only it and
    the two extra corners share a line."""
    extra = [c for c in cells if st.cands[c] != m]
    if len(extra) != 2:
        return None
    p, q = extra
    n = st.tables.n
    if p // n != q // n and p % n != q % n:
        return None  # diagonal roofs: other types
    return p, q


def _shared_units(st: State, p: int, q: int) -> list[int]:
    uo = st.tables.unit_of
    return [u for u in uo[p] if u in uo[q]]


def unique_rectangle_1(st: State) -> Step | None:
    """Three corners hold only the pair: the fourth cannot be either digit."""
    shape = st.shape
    for cells, m in _rectangles(st):
        extra = [c for c in cells if st.cands[c] != m]
        if len(extra) != 1:
            continue
        e = extra[0]
        elims = [(e, d) for d in shape.digits_of_mask[m]]
        rest = f"so {shape.cell_name(e)} is neither: {elim_text(shape, elims)}."
        return _ur_step(st, 1, cells, m, elims, rest, 4.5)
    return None


def unique_rectangle_2(st: State) -> Step | None:
    """Two roof corners hold the pair plus the same one extra digit z: one roof is z."""
    shape = st.shape
    peer = st.tables.peer_bits
    for cells, m in _rectangles(st):
        roofs = _roofs(st, cells, m)
        if roofs is None:
            continue
        p, q = roofs
        if st.cands[p] != st.cands[q] or shape.popcount[st.cands[p]] != 3:
            continue
        z = (st.cands[p] & ~m).bit_length()
        elim_cells = st.dcells[z] & peer[p] & peer[q]
        if not elim_cells:
            continue
        elims = [(c, z) for c in cells_of(elim_cells)]
        rest = (
            f"so {shape.cell_name(p)} or {shape.cell_name(q)} is {sym(shape, z)}: "
            f"{elim_text(shape, elims)}."
        )
        return _ur_step(st, 2, cells, m, elims, rest, 4.5)
    return None


def _locking(st: State, others: list[int], extra: int, k: int) -> tuple[list[int], int] | None:
    """``k - 1`` cells of ``others`` that, with a virtual cell holding ``extra``, hold
    exactly ``k`` digits: ``(cells, digits)``."""
    cands = st.cands
    chosen: list[int] = []

    def rec(start: int, union: int) -> tuple[list[int], int] | None:
        if len(chosen) == k - 1:
            return (list(chosen), union) if union.bit_count() == k else None
        for i in range(start, len(others)):
            u = union | cands[others[i]]
            if u.bit_count() > k:
                continue
            chosen.append(others[i])
            found = rec(i + 1, u)
            chosen.pop()
            if found:
                return found
        return None

    return rec(0, extra)


def unique_rectangle_3(st: State) -> Step | None:
    """The roofs' extra digits act as one cell that forms a naked subset with other
    cells of a unit they share."""
    shape = st.shape
    t = st.tables
    pop = shape.popcount
    for cells, m in _rectangles(st):
        roofs = _roofs(st, cells, m)
        if roofs is None:
            continue
        p, q = roofs
        extra = (st.cands[p] | st.cands[q]) & ~m
        for u in _shared_units(st, p, q):
            others = [c for c in cells_of(t.unit_bits[u] & st.empty) if c not in (p, q)]
            for k in range(max(2, pop[extra]), 5):
                if k > len(others):
                    break
                found = _locking(st, others, extra, k)
                if found is None:
                    continue
                chosen, union = found
                elims: list[Candidate] = []
                for c in others:
                    if c not in chosen:
                        for d in shape.digits_of_mask[st.cands[c] & union]:
                            elims.append((c, d))
                if not elims:
                    continue
                rest = (
                    f"so {shape.cell_name(p)} or {shape.cell_name(q)} holds one of "
                    f"{digits_text(shape, shape.digits_of_mask[extra], 'or')}, and with "
                    f"{cells_text(shape, chosen)} they lock "
                    f"{digits_text(shape, shape.digits_of_mask[union])} in "
                    f"{st.rules.unit_name(u)}: {elim_text(shape, elims)}."
                )
                return _ur_step(
                    st, 3, cells, m, elims, rest, round(4.4 + 0.1 * k, 1), tuple(chosen)
                )
    return None


def unique_rectangle_4(st: State) -> Step | None:
    """One digit of the pair is locked in the two roofs within a unit they share: the
    roofs cannot hold the other digit."""
    shape = st.shape
    t = st.tables
    for cells, m in _rectangles(st):
        roofs = _roofs(st, cells, m)
        if roofs is None:
            continue
        p, q = roofs
        pq = 1 << p | 1 << q
        for u in _shared_units(st, p, q):
            for x in shape.digits_of_mask[m]:
                if st.dcells[x] & t.unit_bits[u] != pq:
                    continue
                y = (m & ~(1 << (x - 1))).bit_length()
                elims = [(p, y), (q, y)]
                rest = (
                    f"in {st.rules.unit_name(u)}, {sym(shape, x)} must be in "
                    f"{shape.cell_name(p)} or {shape.cell_name(q)}, so neither can be "
                    f"{sym(shape, y)}: {elim_text(shape, elims)}."
                )
                return _ur_step(st, 4, cells, m, elims, rest, 4.5)
    return None


def _diagonal(st: State, p: int, q: int) -> bool:
    n = st.tables.n
    return p // n != q // n and p % n != q % n


def unique_rectangle_5(st: State) -> Step | None:
    """The corners beyond the bivalue ones (two diagonal ones, or three) all hold the
    pair plus the same one digit z: one of them is z, so z leaves every cell that sees
    them all (Type 2 with the extra corners not on one line)."""
    shape = st.shape
    peer = st.tables.peer_bits
    for cells, m in _rectangles(st):
        roofs = [c for c in cells if st.cands[c] != m]
        if len(roofs) == 2:
            if not _diagonal(st, *roofs):
                continue  # on one line: Type 2
        elif len(roofs) != 3:
            continue
        extra = st.cands[roofs[0]] & ~m
        if shape.popcount[extra] != 1 or any(st.cands[c] != m | extra for c in roofs):
            continue
        z = extra.bit_length()
        seeing = st.dcells[z]
        for c in roofs:
            seeing &= peer[c]
        if not seeing:
            continue
        elims = [(c, z) for c in cells_of(seeing)]
        rest = (
            f"so {cells_text(shape, roofs, 'or')} is {sym(shape, z)}, and a cell that "
            f"sees them all cannot be: {elim_text(shape, elims)}."
        )
        secondary = tuple((c, z) for c in sorted(roofs))
        return _ur_step(st, 5, cells, m, elims, rest, 4.5, secondary=secondary)
    return None


def unique_rectangle_6(st: State) -> Step | None:
    """Two diagonal corners hold only the pair, and in both rows (or both columns) of
    the rectangle one pair digit x lies only in its corners: x in one of the other two
    corners would put x in both and leave the pair's other digit in the bivalue ones, so
    neither is x."""
    shape = st.shape
    t = st.tables
    for cells, m in _rectangles(st):
        roofs = [c for c in cells if st.cands[c] != m]
        if len(roofs) != 2 or not _diagonal(st, *roofs):
            continue
        p, q = roofs
        rect = cellset(cells)
        (rp, cp), (rq, cq) = t.unit_of[p][:2], t.unit_of[q][:2]  # row, column (then others)
        for x in shape.digits_of_mask[m]:
            y = (m & ~(1 << (x - 1))).bit_length()
            for lines in ((rp, rq), (cp, cq)):
                if st.dcells[x] & (t.unit_bits[lines[0]] | t.unit_bits[lines[1]]) & ~rect:
                    continue
                elims = [(p, x), (q, x)]
                rest = (
                    f"in {units_text(shape, sorted(lines))}, {sym(shape, x)} fits only in "
                    f"the rectangle, so {sym(shape, x)} in {shape.cell_name(p)} or "
                    f"{shape.cell_name(q)} would make both {sym(shape, x)} and the other "
                    f"two corners {sym(shape, y)}: {elim_text(shape, elims)}."
                )
                return _ur_step(st, 6, cells, m, elims, rest, 4.6, units=tuple(sorted(lines)))
    return None


def _open_rectangles(st: State) -> Iterator[tuple[Rect, int]]:
    """Rectangles of empty cells with a bivalue corner, whatever the other corners'
    candidates: the Hidden Rectangle's argument is about solutions (a second one from
    swapping the pair), so a corner that lost one of the digits still counts (HoDoKu's
    "missing candidates")."""
    if not st.tables.uniqueness:
        return iter(())
    empty = st.empty
    return _corners(st, lambda c, m: bool(empty >> c & 1))


def hidden_rectangle(st: State) -> Step | None:
    """A corner holds only the pair, and in the row and the column of the opposite
    corner one pair digit x lies only in the rectangle: were that corner the other
    digit y, x would fill the two corners beside it and leave y for the bivalue corner
    too, so it is not y. The other corners need not hold the pair (see
    :func:`_open_rectangles`)."""
    shape = st.shape
    t = st.tables
    # In reading order of their first cell, as a player scanning the grid meets them
    # (and HoDoKu's search: the same rectangle first when several apply).
    for cells, m in sorted(_open_rectangles(st), key=lambda r: min(r[0])):
        rect = cellset(cells)
        for a in cells:
            if st.cands[a] != m:
                continue
            ra, ca = t.unit_of[a][:2]  # row and column; windows, diagonals may follow
            d = next(c for c in cells if t.unit_of[c][0] != ra and t.unit_of[c][1] != ca)
            rd, cd = t.unit_of[d][:2]
            lines = t.unit_bits[rd] | t.unit_bits[cd]
            beside = [c for c in cells if c not in (a, d)]
            for x in shape.digits_of_mask[m]:
                y = (m & ~(1 << (x - 1))).bit_length()
                if st.dcells[x] & lines & ~rect or not st.cands[d] >> (y - 1) & 1:
                    continue
                # x must still go in that row and that column (a corner that lost it
                # leaves the rectangle as its only place only while x is not placed).
                if any(st.values[c] == x for c in cells_of(lines)):
                    continue
                elims = [(d, y)]
                rest = (
                    f"in {st.rules.unit_name(rd)} and {st.rules.unit_name(cd)}, {sym(shape, x)} "
                    f"fits only in the rectangle, so {shape.cell_name(d)} as {sym(shape, y)} "
                    f"would put {sym(shape, x)} in {cells_text(shape, beside)} and "
                    f"{sym(shape, y)} in {shape.cell_name(a)}: {elim_text(shape, elims)}."
                )
                return _ur_step(st, 0, cells, m, elims, rest, 4.6, units=(rd, cd))
    return None


def bug_plus_one(st: State) -> Step | None:
    """Every empty cell but one holds two candidates and every digit appears twice per
    unit, except one digit three times around the cell with three: that digit goes
    there (otherwise the grid would be a deadly pattern)."""
    shape = st.shape
    t = st.tables
    if not t.uniqueness:
        return None  # knight's, king's or neighbour rules: no deadly pattern
    pop = shape.popcount
    three = -1
    for c in cells_of(st.empty):
        k = pop[st.cands[c]]
        if k == 2:
            continue
        if k != 3 or three >= 0:
            return None
        three = c
    if three < 0:
        return None
    row = t.unit_bits[t.unit_of[three][0]]
    extra = [d for d in st.candidate_digits(three) if (st.dcells[d] & row).bit_count() == 3]
    if len(extra) != 1:
        return None
    x = extra[0]
    bit = 1 << three
    for ub in t.unit_bits:
        for d in range(1, t.n + 1):
            y = st.dcells[d] & ub
            if d == x and ub & bit:
                y &= ~bit
            if y and y.bit_count() != 2:
                return None
    text = (
        f"BUG+1: every empty cell except {shape.cell_name(three)} has two candidates and "
        f"each digit appears twice in every unit apart from {sym(shape, x)} around "
        f"{shape.cell_name(three)}; without {sym(shape, x)} there, the puzzle would have "
        f"two solutions, so {shape.cell_name(three)} is {sym(shape, x)}."
    )
    return Step(
        "bug_plus_one",
        "BUG+1",
        text,
        placements=((three, x),),
        cells=(three,),
        units=t.unit_of[three],
        candidates=((three, x),),
        rating=5.6,
    )


UR_TYPES: dict[int, Callable[[State], Step | None]] = {
    1: unique_rectangle_1,
    2: unique_rectangle_2,
    3: unique_rectangle_3,
    4: unique_rectangle_4,
    5: unique_rectangle_5,
    6: unique_rectangle_6,
}
