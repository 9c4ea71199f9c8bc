"""Multi-sector locked sets (MSLS, Obi-Wahn 2008; David P. Bird's "multi-fish").

Take some rows and some columns whose crossings are all empty cells, and split the
digits those cells hold between the rows and the columns. A row's digit can fill at most
one crossing cell of that row (a *sector*: one digit in one row); a column's digit at
most one of that column. The rows' digits give as many sectors as each row still misses
of them, the columns' likewise; every crossing cell takes its digit from one sector. So
when the sectors are exactly as many as the cells, every sector is used: each row's
digits lie in its crossing cells, and leave the rest of the row; each column's digits
leave the rest of the column.

Boxes are sectors too. When no split between rows and columns works, the digits may be
split between the rows (or the columns) and the boxes the crossings meet: a box's digit
fills at most one crossing cell of that box, and a box gives a sector for each digit it
still misses. The count is the same: every crossing cell lies in one row, one column and
one box, so whichever kind its digit went to, the cell uses up a sector of that kind;
each sector holds its digit at most once; so the cells are at most as many as the
sectors, and when they are exactly as many, every sector is used, and each box's digits
leave the rest of the box. (A split taking rows, columns and boxes at once is as sound;
it is left out so that a picture's two marks say which digits go where.)

The SK loop is one of these (with boxes among the sectors, though not on crossings);
Sudoku Explainer rates neither, and the MSLS is rated with the SK loop, just below the
forcing chains (see docs/logic.md, "The hardest puzzles").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from ..candidates import State, cells_of
from ..step import Candidate, Step, digits_text, elim_text, join

#: Rating on the Sudoku Explainer scale (SE has no MSLS; see the module's doc).
RATING = 7.9

#: Fewest and most rows a set takes (two by two is a pair or an X-Wing, found long
#: before), with as many columns, or one more or one fewer. Every set found on the
#: forum's hardest (74 positions of 527, every 25th puzzle) is four by four; the search
#: keeps to these sizes to stay within milliseconds.
SMALLEST, LARGEST = 3, 6

#: Most boxes the crossings may meet for the boxes to be taken as sectors too.
BOXES = 6

# A set found: rows, columns, boxes, the rows' digits, the columns', the boxes',
# eliminations.
_Found = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int, int, list[Candidate]]


def _split(sides: Sequence[list[int]], holds: int, cells: int) -> Iterator[tuple[int, ...]]:
    """Every split of the digits (index ``d``) between the kinds of sector (``sides[i][d]``
    sectors of digit ``d`` if it goes to kind ``i``: rows, columns, boxes) whose sectors add
    up to ``cells``; a digit that no crossing cell holds (not in the mask ``holds``) may
    also go to none. Yields one digit mask per kind, the first kinds' splits first."""
    n = len(sides[0]) - 1
    kinds = len(sides)
    # reach[i]: the totals the digits i..n can still make (bit k: a total of k).
    reach = [0] * (n + 2)
    r = reach[n + 1] = 1
    for d in range(n, 0, -1):
        got = 0 if holds >> (d - 1) & 1 else r
        for side in sides:
            got |= r << side[d]
        r = reach[d] = got
    if not r >> cells & 1:
        return
    need = [False] + [bool(holds >> d & 1) for d in range(n)]
    masks = [0] * kinds

    def walk(d: int, left: int) -> Iterator[tuple[int, ...]]:
        if d > n:
            if left == 0:
                yield tuple(masks)
            return
        bit = 1 << (d - 1)
        after = reach[d + 1]
        for i, side in enumerate(sides):
            if left >= side[d] and after >> (left - side[d]) & 1:
                masks[i] |= bit
                yield from walk(d + 1, left - side[d])
                masks[i] &= ~bit
        if not need[d] and after >> left & 1:
            yield from walk(d + 1, left)

    yield from walk(1, cells)


def _sets(st: State, with_boxes: bool = True) -> Iterator[_Found]:
    n = st.shape.n
    values, cands = st.values, st.cands
    full = (1 << n) - 1
    empty_cols = [0] * n  # per row: the columns of its empty cells
    placed_row = [0] * n  # per row: its digits placed
    placed_col = [0] * n
    placed_box = [0] * n
    region = [st.tables.unit_of[c][2] - 2 * n for c in range(n * n)]
    for c in range(n * n):
        r, k = divmod(c, n)
        if values[c]:
            placed_row[r] |= 1 << (values[c] - 1)
            placed_col[k] |= 1 << (values[c] - 1)
            placed_box[region[c]] |= 1 << (values[c] - 1)
        else:
            empty_cols[r] |= 1 << k
    row_bits = st.tables.unit_bits[:n]  # rows and columns are units 0..2n-1
    col_bits = st.tables.unit_bits[n : 2 * n]
    col_sectors: dict[int, list[int]] = {}  # per column set: its sectors per digit
    row_holds: dict[int, int] = {}  # per row and column set: the digits its cells hold
    row_boxes: dict[int, int] = {}  # per row and column set: the boxes of its cells
    box_sectors: dict[int, list[int]] = {}  # per box set: its sectors per digit
    missing_row = [full & ~m for m in placed_row]
    missing_col = [full & ~m for m in placed_col]
    missing_box = [full & ~m for m in placed_box]
    for size in range(SMALLEST, min(LARGEST, n - 2) + 1):
        for rows in combinations(range(n), size):
            common = full
            for r in rows:
                common &= empty_cols[r]
            if common.bit_count() < SMALLEST:
                continue
            a = [0] + [sum(missing_row[r] >> d & 1 for r in rows) for d in range(n)]
            lines = 0
            for r in rows:
                lines |= row_bits[r]

            def crossings(cols: tuple[int, ...], lines: int = lines) -> int:
                inside = 0
                for k in cols:
                    inside |= col_bits[k]
                return inside & lines

            for width in range(max(SMALLEST, size - 1), min(size + 1, common.bit_count()) + 1):
                for cols in combinations([k for k in range(n) if common >> k & 1], width):
                    colmask = sum(1 << k for k in cols)
                    b = col_sectors.get(colmask)
                    if b is None:
                        b = [0] + [sum(missing_col[k] >> d & 1 for k in cols) for d in range(n)]
                        col_sectors[colmask] = b
                    holds = 0
                    for r in rows:
                        key = r << n | colmask
                        got = row_holds.get(key)
                        if got is None:
                            got = 0
                            for k in cols:
                                got |= cands[r * n + k]
                            row_holds[key] = got
                        holds |= got
                    cells = size * width
                    inside = 0  # the crossings, found when a split is tried
                    found = False
                    for row_digits, col_digits in _split((a, b), holds, cells):
                        inside = inside or crossings(cols)
                        elims = _removed(st, rows, cols, (), row_digits, col_digits, 0, inside)
                        if elims:
                            yield rows, cols, (), row_digits, col_digits, 0, elims
                            found = True
                            break
                    if found or not with_boxes:
                        continue
                    # Boxes as sectors too: the boxes the crossings meet.
                    boxes = 0
                    for r in rows:
                        key = r << n | colmask
                        got = row_boxes.get(key)
                        if got is None:
                            got = 0
                            for k in cols:
                                got |= 1 << region[r * n + k]
                            row_boxes[key] = got
                        boxes |= got
                    if boxes.bit_count() > BOXES:
                        continue
                    box_list = tuple(b for b in range(n) if boxes >> b & 1)
                    e = box_sectors.get(boxes)
                    if e is None:
                        e = [0] + [sum(missing_box[b] >> d & 1 for b in box_list) for d in range(n)]
                        box_sectors[boxes] = e
                    least = 0
                    fewer = False
                    for d in range(1, n + 1):
                        if holds >> (d - 1) & 1:
                            m = min(a[d], b[d])
                            if e[d] < m:
                                fewer = True
                                m = e[d]
                            least += m
                    if not fewer or least > cells:
                        continue
                    for row_digits, col_digits, box_digits in _split((a, b, e), holds, cells):
                        if not box_digits or (row_digits and col_digits):
                            continue
                        inside = inside or crossings(cols)
                        elims = _removed(
                            st, rows, cols, box_list, row_digits, col_digits, box_digits, inside
                        )
                        if elims:
                            yield rows, cols, box_list, row_digits, col_digits, box_digits, elims
                            break


def _removed(
    st: State,
    rows: tuple[int, ...],
    cols: tuple[int, ...],
    boxes: tuple[int, ...],
    row_digits: int,
    col_digits: int,
    box_digits: int,
    inside: int,
) -> list[Candidate]:
    """What a set removes: each row's digits from the rest of the row, each column's
    from the rest of the column, each box's from the rest of the box."""
    t = st.tables
    n = st.shape.n
    out: list[Candidate] = []
    for digits, units in (
        (row_digits, rows),
        (col_digits, [n + k for k in cols]),
        (box_digits, [2 * n + b for b in boxes]),
    ):
        for d in st.shape.digits_of_mask[digits]:
            for u in units:
                out += [(c, d) for c in cells_of(st.dcells[d] & t.unit_bits[u] & ~inside)]
    return sorted(set(out))


def msls(st: State) -> Step | None:
    """The first multi-sector locked set (rows and columns, then rows or columns with
    the boxes the crossings meet) that removes something (up to 9×9: the search grows as
    the square of the row sets, 8008 of six rows in 16)."""
    if st.shape.n > 9:
        return None
    found = next(_sets(st), None)
    if found is None:
        return None
    rows, cols, boxes, row_digits, col_digits, box_digits, elims = found
    shape = st.shape
    n = shape.n
    digits_of = shape.digits_of_mask
    cells = tuple(r * n + k for r in rows for k in cols)
    row_words = join([str(r + 1) for r in rows])
    col_words = join([str(k + 1) for k in cols])
    mine = [(c, d) for c in cells for d in st.candidate_digits(c)]
    where = f"rows {row_words} cross columns {col_words} in {len(cells)} empty cells"
    if not box_digits:
        text = (
            f"Multi-Sector Locked Set: {where}; the rows still miss "
            f"{digits_text(shape, digits_of[row_digits])} and the columns "
            f"{digits_text(shape, digits_of[col_digits]) or 'nothing'} there, one place each "
            f"in every row or column, {len(cells)} in all, as many as the cells: each row's "
            f"digits and each column's lie in the crossings, so {elim_text(shape, elims)}."
        )
        units = tuple(rows) + tuple(n + k for k in cols)
        first, second = row_digits, col_digits
    else:
        lines, line_digits = ("rows", row_digits) if row_digits else ("columns", col_digits)
        line = lines[:-1]
        box_words = join([str(b + 1) for b in boxes])
        text = (
            f"Multi-Sector Locked Set: {where}, in boxes {box_words}; the {lines} still "
            f"miss {digits_text(shape, digits_of[line_digits]) or 'nothing'} and the boxes "
            f"{digits_text(shape, digits_of[box_digits])} there, one place each in every "
            f"{line} or box, {len(cells)} in all, as many as the cells: each {line}'s digits "
            f"and each box's lie in the crossings, so {elim_text(shape, elims)}."
        )
        units = (tuple(rows) if row_digits else tuple(n + k for k in cols)) + tuple(
            2 * n + b for b in boxes
        )
        first, second = line_digits, box_digits
    return Step(
        "msls",
        "Multi-Sector Locked Set",
        text,
        eliminations=tuple(elims),
        cells=cells,
        units=units,
        candidates=tuple(x for x in mine if first >> (x[1] - 1) & 1),
        secondary=tuple(x for x in mine if second >> (x[1] - 1) & 1),
        rating=RATING,
    )
