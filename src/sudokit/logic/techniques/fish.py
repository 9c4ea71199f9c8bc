"""Fish on one digit: X-Wing, Swordfish, Jellyfish, and their finned and sashimi forms.

A fish takes ``k`` base lines (rows, or columns) whose candidates for the digit lie in
``k`` cover lines (columns, or rows): the digit then fills the cover lines from the base
lines, so it leaves the rest of the cover lines. With fins, the base candidates outside
the cover lines all sit in one box; either a fin is true or the fish holds, so only the
cover cells inside the fins' box lose the digit. Under variant rules the fins may sit in
a jigsaw region, a diagonal or a window instead: the cover cells seeing every fin go.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from ...solvers import native
from ..candidates import State, cells_of, tables
from ..step import Step, cells_text, elim_text, sym, units_text
from .subsets import combos

_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_IDS = {2: "x_wing", 3: "swordfish", 4: "jellyfish"}
_RATING = {2: 3.2, 3: 3.8, 4: 5.2}
_FINNED_RATING = {2: 6.6, 3: 6.7, 4: 6.8}


def _positions(st: State, d: int, rows: bool) -> list[int]:
    """For each line (rows, or columns), the set of cross indices holding ``d``."""
    n = st.tables.n
    x = st.dcells[d]
    if rows:
        full = (1 << n) - 1
        return [(x >> (r * n)) & full for r in range(n)]
    out = [0] * n
    while x:
        low = x & -x
        c = low.bit_length() - 1
        x ^= low
        out[c % n] |= 1 << (c // n)
    return out


def _line_cells(st: State, lines: int, rows: bool) -> int:
    """The cell set of a set of line indices (bits)."""
    t = st.tables
    off = 0 if rows else t.n
    out = 0
    while lines:
        low = lines & -lines
        out |= t.unit_bits[off + low.bit_length() - 1]
        lines ^= low
    return out


def _indices(bits: int) -> list[int]:
    return [i for i in range(bits.bit_length()) if bits >> i & 1]


def _basic(st: State, k: int) -> Step | None:
    n = st.tables.n
    shape = st.shape
    for d in range(1, n + 1):
        for rows in (True, False):
            pos = _positions(st, d, rows)
            items = [(i, p) for i, p in enumerate(pos) if p & (p - 1) and p.bit_count() <= k]
            if len(items) < k:
                continue
            for base, cover in combos(items, k):
                bset = 0
                for i in base:
                    bset |= 1 << i
                base_cells = _line_cells(st, bset, rows)
                elim_cells = st.dcells[d] & _line_cells(st, cover, not rows) & ~base_cells
                if not elim_cells:
                    continue
                elims = tuple((c, d) for c in cells_of(elim_cells))
                off_b, off_c = (0, n) if rows else (n, 0)
                bunits = [off_b + i for i in base]
                cunits = [off_c + i for i in _indices(cover)]
                fish = cells_of(st.dcells[d] & base_cells)
                text = (
                    f"{_NAMES[k]} on {sym(shape, d)} in {units_text(shape, bunits)}, "
                    f"{units_text(shape, cunits)}: {elim_text(shape, elims)}."
                )
                return Step(
                    _IDS[k],
                    _NAMES[k],
                    text,
                    eliminations=elims,
                    cells=tuple(fish),
                    units=(*bunits, *cunits),
                    candidates=tuple((c, d) for c in fish),
                    rating=_RATING[k],
                )
    return None


def _finned(st: State, k: int, sashimi: bool) -> Step | None:
    """The first finned (or sashimi) fish of size ``k``. Both kinds are found in one
    pass and memoized: the engine asks for one right after the other."""
    key = f"fish.finned.{k}"
    found = st.memo.get(key)
    if not isinstance(found, tuple):
        # Nearly always there is none: the C core, when built, says so at once.
        core = native._core if st.rules.classic else None  # the core knows boxes only
        if core is not None and not core.finned_any(native.geometry(st.shape.rules), st.cands, k):
            found = (None, None)
        else:
            found = _finned_pass(st, k)
        st.memo[key] = found
    return found[1 if sashimi else 0]  # type: ignore[no-any-return]


def _finned_pass(st: State, k: int) -> tuple[Step | None, Step | None]:
    t = st.tables
    n = t.n
    shape = st.shape
    box_index = shape.box_index
    classic = st.rules.classic
    area = tables(shape).unit_bits  # the shape's boxes, whatever the rules' regions
    out: list[Step | None] = [None, None]  # finned, sashimi
    for d in range(1, n + 1):
        dc = st.dcells[d]
        for rows in (True, False):
            # In index space: base lines come in bands of ``band`` lines, cross indices
            # in stacks of ``width``; a box is one band × one stack.
            band = shape.box_rows if rows else shape.box_cols
            width = shape.box_cols if rows else shape.box_rows
            pos = _positions(st, d, rows)
            eligible = [i for i, p in enumerate(pos) if p & (p - 1)]
            if len(eligible) < k:
                continue
            for base in combinations(eligible, k):
                union = 0
                for i in base:
                    union |= pos[i]
                if union.bit_count() <= k or union.bit_count() > k + width:
                    continue
                for bnd in {i // band for i in base}:
                    band_lines = range(bnd * band, bnd * band + band)
                    for s in range(n // width):
                        smask = ((1 << width) - 1) << (s * width)
                        # Only the box's candidates off the base lines can go: none, no use.
                        target = 0
                        for i in band_lines:
                            if i not in base:
                                target |= pos[i] & smask
                        if not target:
                            continue
                        must = 0  # cover indices needed by base cells outside the box
                        inbox = 0
                        for i in base:
                            if i // band == bnd:
                                must |= pos[i] & ~smask
                                inbox |= pos[i] & smask
                            else:
                                must |= pos[i]
                        if not inbox or must.bit_count() > k:
                            continue
                        spare = _indices(smask & ~must)
                        need = k - must.bit_count()
                        if need > len(spare):
                            continue
                        for extra in combinations(spare, need):
                            cover = must
                            for x in extra:
                                cover |= 1 << x
                            if not inbox & ~cover or not target & cover:
                                continue  # no fins (a basic fish), or nothing to remove
                            kind = any((pos[i] & cover).bit_count() < 2 for i in base)
                            if out[kind] is not None:
                                continue
                            i0 = bnd * band
                            corner = i0 * n + s * width if rows else (s * width) * n + i0
                            bu = 2 * n + box_index[corner]
                            box = area[bu]  # the classic box: a search area
                            bset = 0
                            for i in base:
                                bset |= 1 << i
                            base_cells = _line_cells(st, bset, rows)
                            cover_cells = _line_cells(st, cover, not rows)
                            elim_cells = dc & cover_cells & box & ~base_cells
                            bcells = dc & base_cells
                            fins = bcells & box & ~cover_cells
                            if not classic:
                                # The box is a search area here (a jigsaw has none): the
                                # targets are the cells that see every fin.
                                if not fins:
                                    continue
                                for f in cells_of(fins):
                                    elim_cells &= t.peer_bits[f]
                                if not elim_cells:
                                    continue
                            out[kind] = _finned_step(
                                st, k, d, rows, base, cover, bu, bcells, fins, elim_cells, kind
                            )
                            if out[0] is not None and out[1] is not None:
                                return out[0], out[1]
    if (out[0] is None or out[1] is None) and (t.extras or st.rules.jigsaw):
        _area_pass(st, k, out)
    return out[0], out[1]


def _cross(bits: int, rows: bool, n: int) -> int:
    """The cross indices (columns of cells in rows, or rows of cells in columns) of a
    cell set, as bits."""
    out = 0
    while bits:
        low = bits & -bits
        c = low.bit_length() - 1
        bits ^= low
        out |= 1 << (c % n if rows else c // n)
    return out


def _area_pass(st: State, k: int, out: list[Step | None]) -> None:
    """Finned fish whose fins lie in one jigsaw region, diagonal or window, for the
    kinds (finned, sashimi) the box search found none of. The fins need no box: either
    a fin holds the digit or the fish does, so a cover cell off the base lines that sees
    every fin loses it, whatever unit gathers the fins (the unit only guides the
    search: cells seeing all of them are near it)."""
    t = st.tables
    n = t.n
    ub = t.unit_bits
    areas = (*(range(2 * n, 3 * n) if st.rules.jigsaw else ()), *t.extras)
    for d in range(1, n + 1):
        dc = st.dcells[d]
        for rows in (True, False):
            pos = _positions(st, d, rows)
            eligible = [i for i, p in enumerate(pos) if p & (p - 1)]
            if len(eligible) < k:
                continue
            off = 0 if rows else n
            for au in areas:
                area = ub[au]
                outside = [_cross(dc & ub[off + i] & ~area, rows, n) for i in range(n)]
                inside = [_cross(dc & ub[off + i] & area, rows, n) for i in range(n)]
                for base in combinations(eligible, k):
                    must = 0
                    inbox = 0
                    for i in base:
                        must |= outside[i]
                        inbox |= inside[i]
                    if not inbox or must.bit_count() > k:
                        continue
                    spare = _indices(inbox & ~must)
                    need = k - must.bit_count()
                    if need > len(spare):
                        continue
                    bset = 0
                    for i in base:
                        bset |= 1 << i
                    base_cells = _line_cells(st, bset, rows)
                    bcells = dc & base_cells
                    for extra in combinations(spare, need):
                        cover = must
                        for x in extra:
                            cover |= 1 << x
                        cover_cells = _line_cells(st, cover, not rows)
                        fins = bcells & ~cover_cells
                        if not fins:
                            continue  # a basic fish
                        elim_cells = dc & cover_cells & ~base_cells
                        for f in cells_of(fins):
                            elim_cells &= t.peer_bits[f]
                        if not elim_cells:
                            continue
                        kind = any((pos[i] & cover).bit_count() < 2 for i in base)
                        if out[kind] is not None:
                            continue
                        out[kind] = _finned_step(
                            st, k, d, rows, base, cover, au, bcells, fins, elim_cells, kind
                        )
                        if out[0] is not None and out[1] is not None:
                            return


def _finned_step(
    st: State,
    k: int,
    d: int,
    rows: bool,
    base: tuple[int, ...],
    cover: int,
    bu: int,
    bcells: int,
    fins: int,
    elim_cells: int,
    sashimi: bool,
) -> Step:
    shape = st.shape
    n = shape.n
    kind = "Sashimi" if sashimi else "Finned"
    name = f"{kind} {_NAMES[k]}"
    elims = tuple((c, d) for c in cells_of(elim_cells))
    bunits = [(0 if rows else n) + i for i in base]
    cunits = [(n if rows else 0) + i for i in _indices(cover)]
    fin_list = cells_of(fins)
    body = cells_of(bcells & ~fins)
    if st.rules.jigsaw and bu < 3 * n:  # the fins' region, if any (``bu`` a search area)
        regions = {st.rules.region_of[f] for f in fin_list}
        bu = 2 * n + regions.pop() if len(regions) == 1 else -1
    where = f" in {st.rules.unit_name(bu)}" if bu >= 0 else ""
    text = (
        f"{name} on {sym(shape, d)} in {units_text(shape, bunits)}, "
        f"{units_text(shape, cunits)}, with {'fins' if len(fin_list) > 1 else 'fin'} "
        f"{cells_text(shape, fin_list)}{where}: "
        f"{elim_text(shape, elims)}."
    )
    return Step(
        f"{kind.lower()}_{_IDS[k]}",
        name,
        text,
        eliminations=elims,
        cells=tuple(body),
        units=(*bunits, *cunits),
        candidates=tuple((c, d) for c in body),
        secondary=tuple((c, d) for c in fin_list),
        rating=_FINNED_RATING[k],
    )


def _make_basic(k: int) -> Callable[[State], Step | None]:
    def find(st: State) -> Step | None:
        return _basic(st, k)

    find.__name__ = _IDS[k]
    find.__doc__ = f"{_NAMES[k]}: {k} base lines whose digit lies in {k} cover lines."
    return find


def _make_finned(k: int, sashimi: bool) -> Callable[[State], Step | None]:
    def find(st: State) -> Step | None:
        return _finned(st, k, sashimi)

    kind = "sashimi" if sashimi else "finned"
    find.__name__ = f"{kind}_{_IDS[k]}"
    find.__doc__ = f"{kind.capitalize()} {_NAMES[k]}."
    return find


x_wing = _make_basic(2)
swordfish = _make_basic(3)
jellyfish = _make_basic(4)
finned_x_wing = _make_finned(2, False)
sashimi_x_wing = _make_finned(2, True)
finned_swordfish = _make_finned(3, False)
sashimi_swordfish = _make_finned(3, True)
finned_jellyfish = _make_finned(4, False)
sashimi_jellyfish = _make_finned(4, True)
