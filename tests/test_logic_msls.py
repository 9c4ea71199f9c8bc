"""Multi-sector locked sets (``logic/techniques/msls.py``): rows and columns crossing in
empty cells, the digits split between them so that the sectors are as many as the
cells. Leren's example from the forum's MSLS thread has one at its first position."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit import parse, solve
from sudokit.logic import BY_ID, State, explain
from sudokit.logic.techniques.msls import _split, msls
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
    got = set(_split(a, b, holds, cells))
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


@pytest.mark.parametrize("size", [4, 6])
def test_an_empty_grid_has_no_set(size: int) -> None:
    """Every digit missing everywhere: rows and columns give more sectors than cells."""
    grid = parse("." * size * size)
    assert msls(State.from_grid(grid)) is None
