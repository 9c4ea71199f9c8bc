"""Multi-sector locked sets (MSLS, Obi-Wahn 2008; David P. Bird's "multi-fish").

Take some rows and some columns whose crossings are all empty cells, and split the
digits those cells hold between the rows and the columns. A row's digit can fill at most
one crossing cell of that row (a *sector*: one digit in one row); a column's digit at
most one of that column. The rows' digits give as many sectors as each row still misses
of them, the columns' likewise; every crossing cell takes its digit from one sector. So
when the sectors are exactly as many as the cells, every sector is used: each row's
digits lie in its crossing cells, and leave the rest of the row; each column's digits
leave the rest of the column.

The SK loop is one of these (with boxes among the sectors); Sudoku Explainer rates
neither, and the MSLS is rated with the SK loop, just below the forcing chains (see
docs/logic.md, "The hardest puzzles").
"""

from __future__ import annotations

from collections.abc import Iterator
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

# A set found: rows, columns, the rows' digits, the columns' digits, eliminations.
_Found = tuple[tuple[int, ...], tuple[int, ...], int, int, list[Candidate]]


def _split(a: list[int], b: list[int], holds: int, cells: int) -> Iterator[tuple[int, int]]:
    """Every split of the digits (index ``d``) between rows (``a[d]`` sectors) and columns
    (``b[d]``) whose sectors add up to ``cells``; a digit that no crossing cell holds
    (not in the mask ``holds``) may also go to neither. Yields ``(row digits, column
    digits)``."""
    n = len(a) - 1
    # reach[i]: the totals the digits i..n can still make (bit k: a total of k).
    reach = [0] * (n + 2)
    r = reach[n + 1] = 1
    for d in range(n, 0, -1):
        r = reach[d] = (r << a[d]) | (r << b[d]) | (0 if holds >> (d - 1) & 1 else r)
    if not r >> cells & 1:
        return
    need = [False] + [bool(holds >> d & 1) for d in range(n)]

    def walk(d: int, left: int, rows: int, cols: int) -> Iterator[tuple[int, int]]:
        if d > n:
            if left == 0:
                yield rows, cols
            return
        bit = 1 << (d - 1)
        after = reach[d + 1]
        if left >= a[d] and after >> (left - a[d]) & 1:
            yield from walk(d + 1, left - a[d], rows | bit, cols)
        if left >= b[d] and after >> (left - b[d]) & 1:
            yield from walk(d + 1, left - b[d], rows, cols | bit)
        if not need[d] and after >> left & 1:
            yield from walk(d + 1, left, rows, cols)

    yield from walk(1, cells, 0, 0)


def _sets(st: State) -> Iterator[_Found]:
    n = st.shape.n
    values, cands = st.values, st.cands
    full = (1 << n) - 1
    empty_cols = [0] * n  # per row: the columns of its empty cells
    placed_row = [0] * n  # per row: its digits placed
    placed_col = [0] * n
    for c in range(n * n):
        r, k = divmod(c, n)
        if values[c]:
            placed_row[r] |= 1 << (values[c] - 1)
            placed_col[k] |= 1 << (values[c] - 1)
        else:
            empty_cols[r] |= 1 << k
    row_bits = st.tables.unit_bits[:n]  # rows and columns are units 0..2n-1
    col_bits = st.tables.unit_bits[n : 2 * n]
    col_sectors: dict[int, list[int]] = {}  # per column set: its sectors per digit
    row_holds: dict[int, int] = {}  # per row and column set: the digits its cells hold
    missing_row = [full & ~m for m in placed_row]
    missing_col = [full & ~m for m in placed_col]
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
                    for row_digits, col_digits in _split(a, b, holds, size * width):
                        inside = 0
                        for k in cols:
                            inside |= col_bits[k]
                        elims = _removed(st, rows, cols, row_digits, col_digits, inside & lines)
                        if elims:
                            yield rows, cols, row_digits, col_digits, elims
                            break


def _removed(
    st: State,
    rows: tuple[int, ...],
    cols: tuple[int, ...],
    row_digits: int,
    col_digits: int,
    inside: int,
) -> list[Candidate]:
    """What a set removes: each row's digits from the rest of the row, each column's
    from the rest of the column."""
    t = st.tables
    n = st.shape.n
    out: list[Candidate] = []
    for d in st.shape.digits_of_mask[row_digits]:
        for r in rows:
            out += [(c, d) for c in cells_of(st.dcells[d] & t.unit_bits[r] & ~inside)]
    for d in st.shape.digits_of_mask[col_digits]:
        for k in cols:
            out += [(c, d) for c in cells_of(st.dcells[d] & t.unit_bits[n + k] & ~inside)]
    return sorted(set(out))


def msls(st: State) -> Step | None:
    """The first multi-sector locked set (rows and columns) that removes something (up
    to 9×9: the search grows as the square of the row sets, 8008 of six rows in 16)."""
    if st.shape.n > 9:
        return None
    found = next(_sets(st), None)
    if found is None:
        return None
    rows, cols, row_digits, col_digits, elims = found
    shape = st.shape
    n = shape.n
    digits_of = shape.digits_of_mask
    cells = tuple(r * n + k for r in rows for k in cols)
    row_words = join([str(r + 1) for r in rows])
    col_words = join([str(k + 1) for k in cols])
    mine = [(c, d) for c in cells for d in st.candidate_digits(c)]
    text = (
        f"Multi-Sector Locked Set: rows {row_words} cross columns {col_words} in "
        f"{len(cells)} empty cells; the rows still miss "
        f"{digits_text(shape, digits_of[row_digits])} and the columns "
        f"{digits_text(shape, digits_of[col_digits]) or 'nothing'} there, one place each in "
        f"every row or column, {len(cells)} in all, as many as the cells: each row's digits "
        f"and each column's lie in the crossings, so {elim_text(shape, elims)}."
    )
    return Step(
        "msls",
        "Multi-Sector Locked Set",
        text,
        eliminations=tuple(elims),
        cells=cells,
        units=tuple(rows) + tuple(n + k for k in cols),
        candidates=tuple(x for x in mine if row_digits >> (x[1] - 1) & 1),
        secondary=tuple(x for x in mine if col_digits >> (x[1] - 1) & 1),
        rating=RATING,
    )
