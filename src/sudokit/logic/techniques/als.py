"""Almost Locked Sets: the ALS-XZ rule.

An *almost locked set* (ALS) is ``k`` empty cells of one unit holding ``k + 1`` digits
between them: remove any one digit and the rest is locked. Two ALSs A and B (no cell in
common) with a *restricted common* digit x (every x of A sees every x of B, so x is in
at most one of them) lock a second common digit z: one of the two has no x, so it is
locked and holds z. A cell seeing every z of both ALSs cannot be z.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..candidates import State, cells_of
from ..step import Step, cells_text, digits_set, elim_text, sym

#: Largest ALS (in cells) the search builds.
MAX_CELLS = 4


@dataclass(frozen=True, slots=True)
class Als:
    """An almost locked set: its cells, digits, unit, and per digit the cells holding
    it and the cells seeing all of those."""

    cells: int
    mask: int
    unit: int
    where: tuple[int, ...]  # per digit (index d), cells of the set holding d
    seen: tuple[int, ...]  # per digit, cells (with d) that see every one of ``where[d]``


def find_als(st: State, max_cells: int = MAX_CELLS) -> list[Als]:
    """Every ALS of up to ``max_cells`` cells (a bivalue cell is the one-cell ALS).
    Memoized on the state."""
    key = f"als.{max_cells}"
    found = st.memo.get(key)
    if isinstance(found, list):
        return found
    t = st.tables
    cands = st.cands
    known: set[int] = set()
    out: list[Als] = []
    for u, ub in enumerate(t.unit_bits):
        cells = cells_of(ub & st.empty)
        limit = min(max_cells, len(cells) - 1)
        # Depth-first over growing cell sets; a set whose digits already exceed what
        # the largest ALS may hold is not grown further.
        stack = [(0, 0, 0, 0)]  # (next index, size, cell set, digits)
        while stack:
            start, size, cbits, mask = stack.pop()
            if size and mask.bit_count() == size + 1 and cbits not in known:
                known.add(cbits)
                out.append(_als(st, cbits, mask, u))
            if size == limit:
                continue
            for i in range(start, len(cells)):
                nm = mask | cands[cells[i]]
                if nm.bit_count() <= limit + 1:
                    stack.append((i + 1, size + 1, cbits | 1 << cells[i], nm))
    st.memo[key] = out
    return out


def _als(st: State, cbits: int, mask: int, unit: int) -> Als:
    peer = st.tables.peer_bits
    n = st.tables.n
    where = [0] * (n + 1)
    seen = [0] * (n + 1)
    for d in st.shape.digits_of_mask[mask]:
        w = st.dcells[d] & cbits
        where[d] = w
        s = st.dcells[d] & ~cbits
        for c in cells_of(w):
            s &= peer[c]
        seen[d] = s
    return Als(cbits, mask, unit, tuple(where), tuple(seen))


def _restricted(a: Als, b: Als, x: int) -> bool:
    """Whether ``x`` is a restricted common digit: every x of B sees every x of A."""
    return not (b.where[x] & ~a.seen[x] or a.where[x] & ~b.seen[x])


def _eliminations(st: State, a: Als, b: Als, rccs: list[int]) -> list[tuple[int, int]]:
    """Singly linked (one restricted common x): the other common digits go from cells
    seeing all of them in both sets. Doubly linked (two): both sets are locked, so every
    digit goes from cells seeing all of its places in one set, and the restricted
    commons from cells seeing them in both."""
    shape = st.shape
    outside = ~(a.cells | b.cells)
    found: set[tuple[int, int]] = set()
    common = a.mask & b.mask
    if len(rccs) == 1:
        for z in shape.digits_of_mask[common & ~(1 << (rccs[0] - 1))]:
            for c in cells_of(a.seen[z] & b.seen[z] & outside):
                found.add((c, z))
        return sorted(found)
    for x in rccs:
        for c in cells_of(a.seen[x] & b.seen[x] & outside):
            found.add((c, x))
    locked = 0
    for x in rccs:
        locked |= 1 << (x - 1)
    for s in (a, b):
        for z in shape.digits_of_mask[s.mask & ~locked]:
            for c in cells_of(s.seen[z] & outside):
                found.add((c, z))
    return sorted(found)


def als_xz(st: State) -> Step | None:
    """Two ALSs with a restricted common digit x: cells seeing every z of both lose z
    (doubly linked, with two restricted commons: more goes)."""
    shape = st.shape
    sets = find_als(st)
    by_digit: dict[int, list[int]] = {}
    for i, a in enumerate(sets):
        for d in shape.digits_of_mask[a.mask]:
            by_digit.setdefault(d, []).append(i)
    best: tuple[int, int, int, list[int], list[tuple[int, int]]] | None = None
    done: set[tuple[int, int]] = set()
    for i, a in enumerate(sets):
        for x in shape.digits_of_mask[a.mask]:
            for j in by_digit[x]:
                if j <= i or (i, j) in done:
                    continue
                b = sets[j]
                if a.cells & b.cells or not _restricted(a, b, x):
                    continue
                done.add((i, j))
                common = a.mask & b.mask
                if not common & (common - 1):
                    continue  # x alone: nothing to lock
                rccs = [d for d in shape.digits_of_mask[common] if _restricted(a, b, d)]
                elims = _eliminations(st, a, b, rccs)
                if not elims:
                    continue
                size = a.cells.bit_count() + b.cells.bit_count()
                if best is None or size < best[0]:
                    best = (size, i, j, rccs, elims)
    if best is None:
        return None
    _, i, j, rccs, elims = best
    a, b = sets[i], sets[j]
    a_cells, b_cells = cells_of(a.cells), cells_of(b.cells)

    def name(s: Als, cells: list[int]) -> str:
        return f"{cells_text(shape, cells)} {digits_set(shape, s.mask)}"

    sets_text = f"{name(a, a_cells)} and {name(b, b_cells)} are almost locked sets"
    if len(rccs) == 1:
        x = rccs[0]
        zs = sorted({d for _, d in elims})
        text = (
            f"ALS-XZ: {sets_text} sharing {sym(shape, x)} only where they see each other, "
            f"so one of them has no {sym(shape, x)} and is locked; either way "
            f"{' and '.join(sym(shape, z) for z in zs)} "
            f"{'is' if len(zs) == 1 else 'are'} in one of them: {elim_text(shape, elims)}."
        )
    else:
        xs = " and ".join(sym(shape, x) for x in rccs)
        text = (
            f"ALS-XZ (doubly linked): {sets_text} sharing {xs} only where they see each "
            f"other; each set needs one of them, so each holds exactly one and is "
            f"locked: {elim_text(shape, elims)}."
        )
    return Step(
        "als_xz",
        "ALS-XZ",
        text,
        eliminations=tuple(elims),
        cells=tuple(a_cells + b_cells),
        units=(a.unit, b.unit),
        candidates=tuple((c, d) for c in a_cells for d in st.candidate_digits(c)),
        secondary=tuple((c, d) for c in b_cells for d in st.candidate_digits(c)),
        rating=7.5,
    )
