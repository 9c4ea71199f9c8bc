"""3D Medusa: colouring over every digit at once.

Candidates are linked strongly when they are a cell's only two candidates, or a digit's
only two places in a unit; one of the two holds. Following such links from a candidate
colours a *cluster* of candidates in two colours, and exactly one colour is true. Unlike
simple colouring (one digit), a cluster crosses digits through bivalue cells.

A colour is false when (SudokuWiki's rules) two of its candidates share a cell, two of
its candidates of one digit see each other, or every candidate of an uncoloured cell sees
it (the cell would be empty): every candidate of that colour goes. A candidate outside
the cluster goes when it sees both colours on its digit, or when its cell holds one
colour and it sees the other on its digit; a cell holding both colours keeps only them.

Rated as an alternating inference chain through the cluster (what Sudoku Explainer, which
has no colouring, proves the same with): 7.0 and its length bonus on the cluster's
candidates.
"""

from __future__ import annotations

from ..candidates import State, cells_of
from ..step import Candidate, Step, elim_text, sym
from .colouring import length_bonus

#: Base rating (see the module's notes).
RATING = 7.0


def _clusters(st: State) -> list[tuple[list[int], list[int]]]:
    """Every cluster of strongly linked candidates that crosses digits: the two colours,
    as lists of cell sets per digit (index = digit)."""
    t = st.tables
    n, ncells = t.n, t.ncells
    strong: dict[int, list[int]] = {}

    def link(a: int, b: int) -> None:
        strong.setdefault(a, []).append(b)
        strong.setdefault(b, []).append(a)

    pop = st.shape.popcount
    for c in cells_of(st.empty):
        m = st.cands[c]
        if pop[m] == 2:
            lo = m & -m
            link(lo.bit_length() * ncells + c, (m ^ lo).bit_length() * ncells + c)
    for d in range(1, n + 1):
        dc = st.dcells[d]
        seen_pairs: set[int] = set()
        for ub in t.unit_bits:
            x = dc & ub
            if x.bit_count() == 2 and x not in seen_pairs:
                seen_pairs.add(x)  # a pair in a box and a line: one link
                lo = x & -x
                link(d * ncells + lo.bit_length() - 1, d * ncells + (x ^ lo).bit_length() - 1)
    done: set[int] = set()
    out = []
    for start in sorted(strong):
        if start in done:
            continue
        colour: tuple[list[int], list[int]] = ([0] * (n + 1), [0] * (n + 1))
        digits = set()
        frontier = [(start, 0)]
        done.add(start)
        while frontier:
            node, k = frontier.pop()
            d, c = divmod(node, ncells)
            colour[k][d] |= 1 << c
            digits.add(d)
            for o in strong[node]:
                if o not in done:
                    done.add(o)
                    frontier.append((o, 1 - k))
        if len(digits) > 1:
            out.append(colour)
    out.sort(key=lambda col: sum(x.bit_count() for side in col for x in side))
    return out


def medusa(st: State) -> Step | None:
    """The first 3D Medusa deduction, the smallest cluster first: a false colour (its
    candidates go), else the candidates outside the cluster that see both colours."""
    for colour in _clusters(st):
        step = _wrap(st, colour) or _trap(st, colour)
        if step is not None:
            return step
    return None


def _cands(colour: list[int]) -> list[Candidate]:
    return [(c, d) for d, cells in enumerate(colour) for c in cells_of(cells)]


def _size(colour: tuple[list[int], list[int]]) -> int:
    return sum(x.bit_count() for side in colour for x in side)


def _step(
    st: State,
    colour: tuple[list[int], list[int]],
    elims: list[Candidate],
    why: str,
    false: int | None,
) -> Step:
    shape = st.shape
    elims = sorted(set(elims))
    text = (
        "3D Medusa: the strong links (a cell's two candidates, a digit's two places in a "
        f"unit) colour {len(_cands(colour[0])) + len(_cands(colour[1]))} candidates in two "
        f"colours, one of them true; {why}: {elim_text(shape, elims)}."
    )
    first, second = (colour[1], colour[0]) if false == 0 else (colour[0], colour[1])
    cells = sorted({c for side in colour for cells in side for c in cells_of(cells)})
    return Step(
        "medusa",
        "3D Medusa",
        text,
        eliminations=tuple(elims),
        cells=tuple(cells),
        candidates=tuple(_cands(first)),
        secondary=tuple(_cands(second)),
        rating=round(RATING + length_bonus(_size(colour)), 1),
    )


def _wrap(st: State, colour: tuple[list[int], list[int]]) -> Step | None:
    t = st.tables
    shape = st.shape
    peer = t.peer_bits
    n = t.n
    for k in (0, 1):
        side = colour[k]
        why = ""
        # Two candidates of the colour in one cell.
        occupied = 0
        for d in range(1, n + 1):
            clash = occupied & side[d]
            if clash:
                c = cells_of(clash)[0]
                why = f"{shape.cell_name(c)} would hold two digits of one colour"
                break
            occupied |= side[d]
        # Two candidates of one digit and colour that see each other.
        if not why:
            for d in range(1, n + 1):
                for c in cells_of(side[d]):
                    other = peer[c] & side[d]
                    if other:
                        o = cells_of(other)[0]
                        why = (
                            f"{shape.cell_name(c)} and {shape.cell_name(o)} see each other "
                            f"and share a colour on {sym(shape, d)}"
                        )
                        break
                if why:
                    break
        # An uncoloured cell every candidate of which sees the colour on its digit.
        if not why:
            coloured = 0
            for d in range(1, n + 1):
                coloured |= colour[0][d] | colour[1][d]
            for c in cells_of(st.empty & ~coloured):
                if all(peer[c] & side[d] for d in shape.digits_of_mask[st.cands[c]]):
                    why = (
                        f"every candidate of {shape.cell_name(c)} sees it (the cell would be empty)"
                    )
                    break
        if why:
            return _step(st, colour, _cands(side), f"one colour is false: {why}", k)
    return None


def _trap(st: State, colour: tuple[list[int], list[int]]) -> Step | None:
    t = st.tables
    shape = st.shape
    peer = t.peer_bits
    n = t.n
    c0, c1 = colour
    cell0 = cell1 = 0
    for d in range(1, n + 1):
        cell0 |= c0[d]
        cell1 |= c1[d]
    elims: list[Candidate] = []
    reasons: list[str] = []
    # A cell holding both colours keeps only them.
    for c in cells_of(cell0 & cell1):
        keep = 0
        for d in range(1, n + 1):
            if (c0[d] | c1[d]) >> c & 1:
                keep |= 1 << (d - 1)
        rest = st.cands[c] & ~keep
        if rest:
            elims += [(c, d) for d in shape.digits_of_mask[rest]]
            reasons.append(f"{shape.cell_name(c)} holds both colours")
    for d in range(1, n + 1):
        outside = st.dcells[d] & ~c0[d] & ~c1[d]
        if not outside:
            continue
        see0 = see1 = 0
        for c in cells_of(c0[d]):
            see0 |= peer[c]
        for c in cells_of(c1[d]):
            see1 |= peer[c]
        both = outside & ((see0 & see1) | (cell0 & see1) | (cell1 & see0))
        if both:
            elims += [(c, d) for c in cells_of(both)]
    if not elims:
        return None
    if len(reasons) < len(elims):
        reasons.append(
            "the other candidates see both colours (on their digit, or one in their cell)"
        )
    return _step(st, colour, elims, "; ".join(reasons), None)


__all__ = ["medusa"]
