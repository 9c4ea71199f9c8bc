"""The tridagon (Thor's hammer, trivalue oddagon): three digits that cannot fill twelve
cells of four boxes.

Take four boxes at the corners of a rectangle of boxes (two bands, two stacks) and three
digits. In each box pick three cells, one in each of the box's rows and columns (a
*transversal*: one of the six ways to place a digit three times in a 3×3 box). The three
cells of a box are a permutation of its rows onto its columns, even (the two diagonals
that wrap round, and the main one) or odd (the three others). When an odd number of the
four boxes hold an odd transversal, the twelve cells cannot all take the three digits:
each row and column of the rectangle crosses two of them, and the digits would have to
turn one way round the rectangle and the other way at once. (Checked by trying every
filling: :data:`IMPOSSIBLE_PARITY` is -1, and a test runs the whole search.)

So one of the twelve cells holds another digit. Those other digits (the *guardians*)
lead to the eliminations: with one guardian cell, that cell is not any of the three
digits; with several, a candidate that sees every guardian candidate goes (the same
digit in a peer cell, or another digit of the one guardian cell).

Denis Berthier named the pattern; the forum found it behind most of the hardest
puzzles found after 2022. It needs regular 3×3 boxes (any 9×9 rules but jigsaw).
"""

from __future__ import annotations

from itertools import combinations, permutations, product

from ..candidates import State, cells_of
from ..step import Step, digits_text, elim_text, place_text

#: The six transversals of a 3×3 box, ``p[i]`` the column of row ``i``.
TRANSVERSALS: tuple[tuple[int, ...], ...] = tuple(permutations(range(3)))

#: The product of the four boxes' permutation signs that makes the pattern impossible.
IMPOSSIBLE_PARITY = -1

#: Most guardian candidates the search accepts (the more guardians, the fewer cells see
#: them all; four is what the forum's examples use at most).
MAX_GUARDIANS = 4


def sign(p: tuple[int, ...]) -> int:
    """+1 for an even permutation, -1 for an odd one."""
    s = 1
    for i in range(len(p)):
        for j in range(i + 1, len(p)):
            if p[i] > p[j]:
                s = -s
    return s


def _sound_rules(st: State) -> bool:
    shape = st.shape
    return shape.box_rows == 3 and shape.box_cols == 3 and not st.rules.jigsaw


# One box's option: (sign, cell set, cells, guardian candidates ((cell, digit), ...)).
_Option = tuple[int, int, tuple[int, ...], tuple[tuple[int, int], ...]]


#: Every trio of digits as a mask.
_TRIOS = tuple(sum(1 << (d - 1) for d in trio) for trio in combinations(range(1, 10), 3))


def _options(st: State) -> dict[int, dict[int, list[_Option]]]:
    """Per trio (a mask), per box: the box's transversals whose cells are empty and each
    still hold a digit of the trio, with at most :data:`MAX_GUARDIANS` guardians."""
    n = st.shape.n
    cands = st.cands
    values = st.values
    digits_of = st.shape.digits_of_mask
    out: dict[int, dict[int, list[_Option]]] = {}
    for box in range(9):
        r0 = box // 3 * 3
        c0 = box % 3 * 3
        for p in TRANSVERSALS:
            a, b, c = ((r0 + i) * n + c0 + p[i] for i in range(3))
            if values[a] or values[b] or values[c]:
                continue
            ma, mb, mc = cands[a], cands[b], cands[c]
            total = ma.bit_count() + mb.bit_count() + mc.bit_count()
            if total > 9 + MAX_GUARDIANS:
                continue
            for abc in _TRIOS:
                xa, xb, xc = ma & abc, mb & abc, mc & abc
                if not (xa and xb and xc):
                    continue
                if total - xa.bit_count() - xb.bit_count() - xc.bit_count() > MAX_GUARDIANS:
                    continue
                guards = tuple(
                    (cell, d)
                    for cell, m in ((a, ma), (b, mb), (c, mc))
                    for d in digits_of[m & ~abc]
                )
                option = (sign(p), 1 << a | 1 << b | 1 << c, (a, b, c), guards)
                out.setdefault(abc, {}).setdefault(box, []).append(option)
    return out


def _eliminations(st: State, pattern: int, guards: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Candidates that see every guardian candidate (one of which is true)."""
    peer = st.tables.peer_bits
    cells = {c for c, _ in guards}
    digits = {d for _, d in guards}
    out: list[tuple[int, int]] = []
    if len(guards) == 1:  # the one guardian is true: placed (see tridagon)
        return [guards[0]]
    if len(cells) == 1:  # the one guardian cell is none of the pattern's digits
        (g,) = cells
        for d in st.candidate_digits(g):
            if d not in digits:
                out.append((g, d))
        if len(digits) > 1:
            return out
    if len(digits) == 1:  # every guardian is the same digit: its peers lose it
        (d,) = digits
        seen = st.dcells[d] & ~pattern
        for c in cells:
            seen &= peer[c]
        out.extend((c, d) for c in cells_of(seen))
    return out


def tridagon(st: State) -> Step | None:
    """The first tridagon (fewest guardians) that removes something."""
    if not _sound_rules(st):
        return None
    shape = st.shape
    best: tuple[int, tuple[int, ...], int, list[tuple[int, int]], list[tuple[int, int]]] | None
    best = None
    by_trio = _options(st)
    for abc in _TRIOS:
        options = by_trio.get(abc)
        if options is None or len(options) < 4:
            continue
        for bands in combinations(range(3), 2):
            for stacks in combinations(range(3), 2):
                boxes = tuple(b * 3 + s for b in bands for s in stacks)
                lists = [options.get(b, []) for b in boxes]
                if not all(lists):
                    continue
                for choice in product(*lists):
                    parity = choice[0][0] * choice[1][0] * choice[2][0] * choice[3][0]
                    if parity != IMPOSSIBLE_PARITY:
                        continue
                    guards = [g for o in choice for g in o[3]]
                    if not guards or len(guards) > MAX_GUARDIANS:
                        continue
                    if best is not None and len(guards) >= len(best[3]):
                        continue
                    pattern = choice[0][1] | choice[1][1] | choice[2][1] | choice[3][1]
                    elims = _eliminations(st, pattern, guards)
                    if elims:
                        best = (abc, boxes, pattern, guards, elims)
                if best is not None and len(best[3]) == 1:
                    break
    if best is None:
        return None
    abc, boxes, pattern, guards, elims = best
    placements: tuple[tuple[int, int], ...] = ()
    if len(guards) == 1:
        placements, elims = tuple(guards), []
    trio_text = digits_text(shape, shape.digits_of_mask[abc])
    cells = cells_of(pattern)
    gcells = sorted({c for c, _ in guards})
    if len(gcells) == 1:
        what = place_text(shape, placements) if placements else elim_text(shape, elims)
        why = f"so {shape.cell_name(gcells[0])}, the only one with another digit, holds it: {what}."
    else:
        gdigit = digits_text(shape, {d for _, d in guards})
        why = (
            f"so one of {', '.join(shape.cell_name(c) for c in gcells)} holds {gdigit}: "
            f"{elim_text(shape, elims)}."
        )
    boxes_text = ", ".join(str(b + 1) for b in boxes[:-1]) + f" and {boxes[-1] + 1}"
    text = (
        f"Tridagon on {trio_text} in boxes {boxes_text}: twelve cells, three in each box on "
        f"different rows and columns, an odd number of the boxes turned the other way, "
        f"cannot all hold {trio_text}; {why}"
    )
    return Step(
        "tridagon",
        "Tridagon",
        text,
        placements=placements,
        eliminations=tuple(sorted(elims)),
        cells=tuple(cells),
        units=tuple(2 * shape.n + b for b in boxes),
        candidates=tuple(
            (c, d) for c in cells for d in st.candidate_digits(c) if abc >> (d - 1) & 1
        ),
        secondary=tuple(sorted(guards)),
        rating=RATING,
    )


#: Rating on the Sudoku Explainer scale: see docs/logic.md ("The hardest puzzles").
RATING = 7.9
