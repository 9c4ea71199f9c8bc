"""The Junior Exocet: two base cells whose digits must reappear in two target cells.

Take a band of three boxes (or a stack: the same turned round). The *base* is two empty
cells of one box on one row, holding three or four digits between them (two of which
they will take, as they share a row). The *targets* are two empty cells in the band's
other two boxes, one in each of the band's other two rows. The *cross-lines* are three
columns: the targets' two and the base box's column without a base cell. Below and
above the band the cross-lines hold the *S cells*.

For every base digit d: if d's places in the S cells (placed or candidate) lie on two
lines at most (rows, or cross-lines themselves), then at most two cross-lines take d
outside the band, so one takes it inside. Not the base box's (the base holds d), so a
target's column, and there only in the target when the target column's other cell in
the band (its *companion*) has no base digit and its third cell is in the base row. So
each digit of the base is in a target, and the targets hold exactly the base's two
digits. What follows, SudokuWiki's and the forum's basic rules:

1. a target loses every digit that is not a base digit;
2. a base digit that neither target holds leaves the base.

David P. Bird described the pattern on the Players' Forum (2012); it is behind many of
the hardest puzzles of the forum's lists. It needs regular 3×3 boxes (any 9×9 rules but
jigsaw).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

from ..candidates import State
from ..step import Step, digits_text, elim_text, join

#: Rating on the Sudoku Explainer scale: see docs/logic.md ("The hardest puzzles").
RATING = 7.9

# A JE found: (base cells, targets, base digits mask, cross columns, rows or columns
# word, S cells, eliminations).
_Found = tuple[
    tuple[int, int], tuple[int, int], int, tuple[int, int, int], str, tuple[int, ...],
    list[tuple[int, int]],
]  # fmt: skip


def _covered_by_two(points: list[tuple[int, int]], cross: tuple[int, int, int]) -> bool:
    """Whether ``(row, column)`` points lie on at most two lines: rows, or the cross
    columns (the points are all in cross columns)."""
    rows = {r for r, _ in points}
    if len(rows) <= 2:
        return True
    for col in cross:
        rest = {r for r, c in points if c != col}
        if len(rest) <= 1:
            return True
    cols = {c for _, c in points}
    return len(cols) <= 2


def _search(st: State, cell: Callable[[int, int], int], word: str) -> Iterator[_Found]:
    """Junior Exocets with bands along rows of ``cell(row, col)`` (transposed for
    stacks: ``cell`` swaps the two)."""
    cands = st.cands
    values = st.values
    digits_of = st.shape.digits_of_mask
    for band in range(3):
        rows = range(3 * band, 3 * band + 3)
        outside = [r for r in range(9) if r // 3 != band]
        for bstack in range(3):
            bcols = range(3 * bstack, 3 * bstack + 3)
            other = [s for s in range(3) if s != bstack]
            for brow in rows:
                for b1, b2 in combinations(bcols, 2):
                    base = (cell(brow, b1), cell(brow, b2))
                    if values[base[0]] or values[base[1]]:
                        continue
                    mask = cands[base[0]] | cands[base[1]]
                    if not 3 <= mask.bit_count() <= 4:
                        continue
                    (escape,) = (c for c in bcols if c not in (b1, b2))
                    r1, r2 = (r for r in rows if r != brow)
                    for s1, s2 in ((other[0], other[1]), (other[1], other[0])):
                        for c1 in range(3 * s1, 3 * s1 + 3):
                            t1 = cell(r1, c1)
                            if values[t1] or not cands[t1] & mask:
                                continue
                            comp1 = cell(r2, c1)
                            if (values[comp1] and mask >> (values[comp1] - 1) & 1) or (
                                cands[comp1] & mask
                            ):
                                continue
                            for c2 in range(3 * s2, 3 * s2 + 3):
                                t2 = cell(r2, c2)
                                if values[t2] or not cands[t2] & mask:
                                    continue
                                comp2 = cell(r1, c2)
                                if (values[comp2] and mask >> (values[comp2] - 1) & 1) or (
                                    cands[comp2] & mask
                                ):
                                    continue
                                cross = (escape, c1, c2)
                                s_cells = tuple(cell(r, c) for r in outside for c in cross)
                                ok = True
                                for d in digits_of[mask]:
                                    bit = 1 << (d - 1)
                                    points = [
                                        (r, c)
                                        for r in outside
                                        for c in cross
                                        if values[cell(r, c)] == d or cands[cell(r, c)] & bit
                                    ]
                                    if not _covered_by_two(points, cross):
                                        ok = False
                                        break
                                if not ok:
                                    continue
                                elims = []
                                for t in (t1, t2):
                                    for d in digits_of[cands[t] & ~mask]:
                                        elims.append((t, d))
                                in_targets = cands[t1] | cands[t2]
                                for b in base:
                                    for d in digits_of[cands[b] & ~in_targets]:
                                        elims.append((b, d))
                                if elims:
                                    yield base, (t1, t2), mask, cross, word, s_cells, elims


def junior_exocet(st: State) -> Step | None:
    """The first Junior Exocet that removes something (bands of rows first)."""
    shape = st.shape
    if shape.box_rows != 3 or shape.box_cols != 3 or st.rules.jigsaw:
        return None
    n = shape.n
    found = next(_search(st, lambda r, c: r * n + c, "column"), None)
    if found is None:
        found = next(_search(st, lambda r, c: c * n + r, "row"), None)
    if found is None:
        return None
    base, targets, mask, cross, word, s_cells, elims = found
    name = shape.cell_name
    digits = digits_text(shape, shape.digits_of_mask[mask])
    lines = f"{word}s {join([str(x + 1) for x in sorted(cross)])}"
    text = (
        f"Junior Exocet: the base {name(base[0])} and {name(base[1])} holds two of {digits}; "
        f"in the cross-lines ({lines}) outside the band each of them lies on two lines at "
        f"most, so both reappear in the targets {name(targets[0])} and {name(targets[1])}, "
        f"which hold nothing else: {elim_text(shape, elims)}."
    )
    cells = (*base, *targets)
    return Step(
        "junior_exocet",
        "Junior Exocet",
        text,
        eliminations=tuple(sorted(elims)),
        cells=cells,
        candidates=tuple(
            (c, d) for c in cells for d in st.candidate_digits(c) if mask >> (d - 1) & 1
        ),
        secondary=tuple(
            (c, d) for c in s_cells for d in st.candidate_digits(c) if mask >> (d - 1) & 1
        ),
        rating=RATING,
    )
