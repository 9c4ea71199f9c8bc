"""Multi-sector locked sets (``logic/techniques/msls.py``): rows and columns crossing in
empty cells, the digits split between them so that the sectors are as many as the
cells; failing that, rows (or columns) with the boxes the crossings meet. Leren's example
from the forum's MSLS thread has one at its first position."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit import parse, solve
from sudokit.logic import BY_ID, State, explain
from sudokit.logic.techniques.msls import _sets, _split, msls
from sudokit.render.steps import step_picture

LEREN = "9876.....65....8............4..9..3...65..9.......2..1..59..7......3..49.....1..2"


def test_leren_has_a_four_by_four_set_at_the_start() -> None:
    state = State.from_grid(parse(LEREN))
    step = msls(state)
    assert step is not None
    assert step.technique == "msls" and step.rating == BY_ID["msls"].rating == 7.9
    rows = [u for u in step.units if u < 9]
    cols = [u - 9 for u in step.units if u >= 9]
    assert len(rows) == len(cols) == 4 and len(step.cells) == 16
    assert {c for c in step.cells} == {r * 9 + k for r in rows for k in cols}
    assert all(not state.values[c] for c in step.cells)
    # Sectors: each row misses its digits once, each column its own; as many as cells.
    row_digits = {d for _, d in step.candidates}
    col_digits = {d for _, d in step.secondary}
    assert not row_digits & col_digits
    sectors = sum(
        1 for r in rows for d in row_digits if d not in state.values[r * 9 : r * 9 + 9]
    ) + sum(1 for k in cols for d in col_digits if d not in state.values[k::9])
    assert sectors == 16
    # Every elimination is a row's digit outside the crossings, or a column's; and sound.
    solution = solve(parse(LEREN))
    assert solution is not None and step.eliminations
    for c, d in step.eliminations:
        r, k = divmod(c, 9)
        assert c not in step.cells and state.cands[c] >> (d - 1) & 1
        assert (r in rows and d in row_digits) or (k in cols and d in col_digits)
        assert solution[c] != d
    assert step.text.startswith(
        "Multi-Sector Locked Set: rows 1, 2, 5 and 7 cross columns 5, 6, 8 and 9 in 16 empty "
        "cells; the rows still miss 5, 6, 7, 8 and 9 and the columns 1, 2, 3 and 4 there"
    )


def test_the_engine_takes_it_before_a_forcing_net() -> None:
    expl = explain(parse(LEREN), max_seconds=60)
    names = [s.technique for s in expl.steps]
    assert "msls" in names
    first = names.index("msls")
    assert not {"forcing_net", "cell_forcing_chain", "unit_forcing_chain"} & set(names[:first])


def test_the_picture_shows_the_rows_digits_and_the_columns() -> None:
    state = State.from_grid(parse(LEREN))
    step = msls(state)
    assert step is not None
    pic = step_picture(state.to_grid(), state.cands, step)
    assert len(pic.units) == 8
    words = " ".join(e.text for e in pic.legend)
    assert "the digits the rows keep to the crossings" in words
    assert "the digits the columns keep there" in words
    for cand in step.eliminations:
        assert pic.role_of(*cand) == "eliminated"


@settings(max_examples=40, deadline=None)
@given(
    a=st.lists(st.integers(0, 5), min_size=9, max_size=9),
    b=st.lists(st.integers(0, 5), min_size=9, max_size=9),
    holds=st.integers(0, 511),
    cells=st.integers(0, 40),
)
def test_every_split_adds_up(a: list[int], b: list[int], holds: int, cells: int) -> None:
    """The digits' sectors add up to the cells in every split given, each digit the
    crossings hold goes to rows or columns (not both), and the splits are all there are."""
    a, b = [0, *a], [0, *b]
    got = set(_split((a, b), holds, cells))
    for rows, cols in got:
        assert not rows & cols
        assert holds & ~(rows | cols) == 0
        total = sum(a[d] for d in range(1, 10) if rows >> (d - 1) & 1)
        total += sum(b[d] for d in range(1, 10) if cols >> (d - 1) & 1)
        assert total == cells
    # Brute force over the three choices per digit.
    want = set()
    for code in range(3**9):
        rows = cols = 0
        total, ok = 0, True
        for d in range(1, 10):
            code, pick = divmod(code, 3)
            bit = 1 << (d - 1)
            if pick == 0:
                rows |= bit
                total += a[d]
            elif pick == 1:
                cols |= bit
                total += b[d]
            elif holds & bit:
                ok = False
        if ok and total == cells:
            want.add((rows, cols))
    assert got == want


@settings(max_examples=40, deadline=None)
@given(
    sides=st.lists(st.lists(st.integers(0, 4), min_size=6, max_size=6), min_size=3, max_size=3),
    holds=st.integers(0, 63),
    cells=st.integers(0, 24),
)
def test_every_three_way_split_adds_up(sides: list[list[int]], holds: int, cells: int) -> None:
    """With boxes as a third kind of sector: the splits are exactly those whose sectors
    add up to the cells, each held digit going to one kind."""
    sides = [[0, *s] for s in sides]
    got = set(_split(sides, holds, cells))
    want = set()
    for code in range(4**6):
        masks = [0, 0, 0]
        total, ok = 0, True
        for d in range(1, 7):
            code, pick = divmod(code, 4)
            if pick < 3:
                masks[pick] |= 1 << (d - 1)
                total += sides[pick][d]
            elif holds >> (d - 1) & 1:
                ok = False
        if ok and total == cells:
            want.add(tuple(masks))
    assert got == want


@pytest.mark.parametrize("size", [4, 6])
def test_an_empty_grid_has_no_set(size: int) -> None:
    """Every digit missing everywhere: rows and columns give more sectors than cells."""
    grid = parse("." * size * size)
    assert msls(State.from_grid(grid)) is None


# A position on the way through a top1465 puzzle, with some candidates (never the
# solution's) taken out: no split between rows and columns works, one between columns
# 2, 3, 6 and boxes 4, 5 does.
BOXED_PUZZLE = "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6....."
BOXED_VALUES = "3.784.......7...918.95.....4..3..7.....16.......25.....749..38..9.4..5...2.6....."
BOXED_CANDS = (
    0, 33, 0, 0, 0, 291, 34, 50, 48, 50, 8, 50, 0, 4, 36, 168, 0, 0, 0, 41, 0, 0, 1, 3, 42,
    64, 4, 0, 48, 35, 0, 256, 128, 0, 35, 306, 322, 132, 18, 0, 0, 8, 386, 22, 410, 353, 132,
    33, 0, 0, 72, 417, 37, 392, 33, 0, 0, 0, 3, 18, 0, 0, 32, 33, 0, 132, 0, 199, 135, 0, 67,
    96, 16, 0, 132, 0, 197, 148, 257, 9, 264,
)  # fmt: skip


def boxed_state() -> State:
    values = [0 if ch == "." else int(ch) for ch in BOXED_VALUES]
    return State(parse(BOXED_PUZZLE).shape, values, BOXED_CANDS)


def test_boxes_are_sectors_where_rows_and_columns_alone_find_nothing() -> None:
    state = boxed_state()
    assert next(_sets(state, with_boxes=False), None) is None
    step = msls(state)
    assert step is not None and step.rating == 7.9
    assert step.units == (9 + 1, 9 + 2, 9 + 5, 18 + 3, 18 + 4)
    assert step.cells == tuple(r * 9 + k for r in (3, 4, 5) for k in (1, 2, 5))
    # Sectors: column digit 7 missing in the columns, box digits missing in the boxes.
    col_digits = {d for _, d in step.candidates}
    box_digits = {d for _, d in step.secondary}
    assert col_digits == {7} and box_digits == {1, 2, 3, 4, 5, 6, 8}
    vals = state.values
    sectors = sum(1 for k in (1, 2, 5) if 7 not in vals[k::9])
    for b in (3, 4):
        box = [vals[r * 9 + k] for r in range(3, 6) for k in range(3 * (b - 3), 3 * (b - 2))]
        sectors += sum(1 for d in box_digits if d not in box)
    assert sectors == len(step.cells) == 9
    # The box digits leave the rest of box 4 (column 1 there): 2 from r5c1, 1 and 6 from r6c1.
    assert step.eliminations == ((36, 2), (45, 1), (45, 6))
    solution = solve(parse(BOXED_PUZZLE))
    assert solution is not None
    assert all(solution[c] != d for c, d in step.eliminations)
    assert step.text == (
        "Multi-Sector Locked Set: rows 4, 5 and 6 cross columns 2, 3 and 6 in 9 empty cells, "
        "in boxes 4 and 5; the columns still miss 7 and the boxes 1, 2, 3, 4, 5, 6 and 8 "
        "there, one place each in every column or box, 9 in all, as many as the cells: each "
        "column's digits and each box's lie in the crossings, so 1 and 6 can be removed from "
        "r6c1, and 2 from r5c1."
    )


def test_the_picture_shows_the_boxes_and_says_what_they_keep() -> None:
    state = boxed_state()
    step = msls(state)
    assert step is not None
    pic = step_picture(state.to_grid(), state.cands, step)
    assert [u.unit for u in pic.units] == [10, 11, 14, 21, 22]
    assert [u.name for u in pic.units][-2:] == ["box 4", "box 5"]
    words = " ".join(e.text for e in pic.legend)
    assert "the digits the columns keep to the crossings" in words
    assert "the digits the boxes keep there" in words
    assert "rows keep" not in words
    for cand in step.eliminations:
        assert pic.role_of(*cand) == "eliminated"


HARD = [
    LEREN,
    BOXED_PUZZLE,
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
]
SOLUTIONS = [solve(parse(p)) for p in HARD]


@settings(max_examples=30, deadline=None)
@given(which=st.integers(0, len(HARD) - 1), seed=st.randoms(), share=st.floats(0.0, 0.6))
def test_no_set_removes_the_solutions_digit(which: int, seed, share: float) -> None:  # type: ignore[no-untyped-def]
    """From a hard puzzle with any candidates but the solution's taken out, every set
    found (boxes or not) keeps every solution digit."""
    grid = parse(HARD[which])
    solution = SOLUTIONS[which]
    assert solution is not None
    start = State.from_grid(grid)
    cands = list(start.cands)
    for c in range(81):
        for d in range(1, 10):
            if cands[c] >> (d - 1) & 1 and solution[c] != d and seed.random() < share:
                cands[c] &= ~(1 << (d - 1))
    state = State(grid.shape, start.values, cands)
    for _, _, _, _, _, _, elims in _sets(state):
        assert all(solution[c] != d for c, d in elims)
