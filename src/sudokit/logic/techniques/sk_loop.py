"""The SK loop (Steve Kurzhals, 2006): sixteen cells in a ring of locked sets.

Take two rows in different bands and two columns in different stacks: they cross in
four boxes. In each box, the two cells of the crossing row and the two of the crossing
column, the crossing cell left out, are two *nodes* of two cells each. The eight nodes
go round in a loop: along the first row to the next box, inside that box from its row
node to its column node, down the column to the next box, and so on back to the start.
Each step of the loop is a *link*: a unit the two nodes share (a row, a column, a box)
and the digits they have in common.

When every node holds only the digits of its two links (no digit in both) and the links'
digits add up to sixteen, the sixteen cells take exactly one of each link digit in each
link's two nodes: each node takes two digits; each link's unit takes each of its digits
at most once, so the two nodes of a link take at most as many as the link has, and the
totals only meet when every link takes all of its digits. So a link's digits leave the
rest of its unit.

Easter Monster's first step in every forum solution. It needs regular 3×3 boxes (any
9×9 rules but jigsaw).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..candidates import State, cells_of
from ..step import Step, digits_text, elim_text

#: Rating on the Sudoku Explainer scale: see docs/logic.md ("The hardest puzzles").
RATING = 7.9

# A loop found: (nodes as cell pairs, link units, link digit masks, eliminations).
_Loop = tuple[list[tuple[int, int]], list[int], list[int], list[tuple[int, int]]]


#: Most digits a node may hold (two cells, each link bringing two at most in practice).
MAX_NODE = 5


def _subsets(m: int) -> Iterator[int]:
    """Every subset of the mask ``m``."""
    sub = m
    while True:
        yield sub
        if not sub:
            return
        sub = (sub - 1) & m


def _links(digits: list[int]) -> list[int] | None:
    """Link digit sets for the loop of nodes holding ``digits``: each node's digits split
    between the link in (shared with the node before) and the link out (shared with the
    node after), the links' sizes adding up to sixteen; None if there is no such split."""
    shared = [digits[i] & digits[(i + 1) % 8] for i in range(8)]
    for in0 in _subsets(digits[0] & shared[7]):
        if digits[0] & ~in0 & ~shared[0]:
            continue
        ins = [in0] + [0] * 7
        out = [digits[0] & ~in0] + [0] * 7
        if _walk(digits, shared, ins, out, 1, 0):
            return [out[j] | ins[(j + 1) % 8] for j in range(8)]
    return None


def _walk(
    digits: list[int], shared: list[int], ins: list[int], out: list[int], i: int, total: int
) -> bool:
    """Split node ``i``'s digits and go on round the loop (``total``: the sizes of the
    links so far); True when the loop closes on sixteen."""
    if i == 8:
        return total + (out[7] | ins[0]).bit_count() == 16
    for inn in _subsets(digits[i] & shared[i - 1]):
        rest = digits[i] & ~inn
        if rest & ~shared[i]:
            continue
        size = (out[i - 1] | inn).bit_count()
        if total + size > 16:
            continue
        ins[i], out[i] = inn, rest
        if _walk(digits, shared, ins, out, i + 1, total + size):
            return True
    return False


def _loops(st: State) -> Iterator[_Loop]:
    n = st.shape.n
    cands = st.cands
    values = st.values
    t = st.tables

    def mask(c: int) -> int:
        return 1 << (values[c] - 1) if values[c] else cands[c]

    # The corners whose two pairs hold few enough digits to be in a loop.
    fits = set()
    for r in range(9):
        ys = [y for y in range(r // 3 * 3, r // 3 * 3 + 3) if y != r]
        for c in range(9):
            xs = [x for x in range(c // 3 * 3, c // 3 * 3 + 3) if x != c]
            row_pair = mask(r * n + xs[0]) | mask(r * n + xs[1])
            col_pair = mask(ys[0] * n + c) | mask(ys[1] * n + c)
            if 2 <= row_pair.bit_count() <= MAX_NODE and 2 <= col_pair.bit_count() <= MAX_NODE:
                fits.add((r, c))
    for r1, r2 in combinations(range(9), 2):
        if r1 // 3 == r2 // 3:
            continue
        for c1, c2 in combinations(range(9), 2):
            if c1 // 3 == c2 // 3:
                continue
            if not {(r1, c1), (r1, c2), (r2, c1), (r2, c2)} <= fits:
                continue
            # Corners in loop order: (r1,c1) -> (r1,c2) -> (r2,c2) -> (r2,c1).
            corners = ((r1, c1), (r1, c2), (r2, c2), (r2, c1))
            nodes: list[tuple[int, int]] = []
            units: list[int] = []
            for k, (r, c) in enumerate(corners):
                xs = [x for x in range(c // 3 * 3, c // 3 * 3 + 3) if x != c]
                ys = [y for y in range(r // 3 * 3, r // 3 * 3 + 3) if y != r]
                rcells = (r * n + xs[0], r * n + xs[1])
                ccells = (ys[0] * n + c, ys[1] * n + c)
                # Enter the box along one line, leave along the other: rows are the links
                # between corners 0-1 and 2-3, columns between 1-2 and 3-0.
                first, second = (ccells, rcells) if k % 2 == 0 else (rcells, ccells)
                box = 2 * n + (r // 3) * 3 + c // 3
                nodes += [first, second]
                units += [box, r if k % 2 == 0 else n + c]
            if all(values[x] for pair in nodes for x in pair):
                continue
            # A placed digit counts as its cell's only candidate.
            digits = [mask(a) | mask(b) for a, b in nodes]
            if (
                any(m.bit_count() > MAX_NODE for m in digits)
                or sum(m.bit_count() for m in digits) > 32
            ):
                continue
            links = _links(digits)
            if links is None:
                continue
            loop_cells = 0
            for a, b in nodes:
                loop_cells |= 1 << a | 1 << b
            elims = []
            for i in range(8):
                rest = t.unit_bits[units[i]] & ~loop_cells
                for d in st.shape.digits_of_mask[links[i]]:
                    elims += [(c, d) for c in cells_of(rest & st.dcells[d])]
            if elims:
                yield nodes, units, links, elims


def sk_loop(st: State) -> Step | None:
    """The first SK loop that removes something."""
    shape = st.shape
    if shape.box_rows != 3 or shape.box_cols != 3 or st.rules.jigsaw:
        return None
    found = next(_loops(st), None)
    if found is None:
        return None
    nodes, units, links, elims = found
    name = shape.cell_name
    parts = [
        f"{digits_text(shape, shape.digits_of_mask[links[i - 1] | links[i]])} in "
        f"{name(nodes[i][0])}–{name(nodes[i][1])}"
        for i in range(8)
    ]
    text = (
        f"SK loop: {', '.join(parts)}; each pair of cells holds two digits and shares "
        f"its links' digits with the next round the loop, sixteen in all, so each link's "
        f"digits stay in its two pairs: {elim_text(shape, sorted(set(elims)))}."
    )
    cells = tuple(c for pair in nodes for c in pair)
    return Step(
        "sk_loop",
        "SK Loop",
        text,
        eliminations=tuple(sorted(set(elims))),
        cells=cells,
        units=tuple(dict.fromkeys(units)),
        candidates=tuple((c, d) for c in cells for d in st.candidate_digits(c)),
        rating=RATING,
    )
