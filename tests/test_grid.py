"""The Grid value type: construction, reading, equality, rules and status flags."""

from __future__ import annotations

import pytest

import sudokit
from helpers import (
    FAMOUS,
    FAMOUS_SOLUTION,
    TUTORIAL_BOARD,
    TUTORIAL_SOLUTION,
    Case,
    cases,
    has_duplicates,
    peers,
)
from sudokit import CellCountError, Conflict, Grid, ParseError, Shape, Status, SymbolError

NINE = Shape.of(9)


def grid9(placed: dict[str, int]) -> Grid:
    """A 9×9 grid with digits at cells named ``r1c1`` (1-based, for readability)."""
    cells = [0] * 81
    for name, digit in placed.items():
        r, c = name[1:].split("c")
        cells[(int(r) - 1) * 9 + int(c) - 1] = digit
    return Grid.from_cells(cells)


# --- construction -------------------------------------------------------------------


def test_from_cells_infers_the_size() -> None:
    for n in (4, 6, 9, 12, 16):
        g = Grid.from_cells([0] * (n * n))
        assert g.size == n
        assert g.shape is Shape.of(n)
        assert len(g) == n * n


def test_from_cells_wrong_count() -> None:
    with pytest.raises(CellCountError) as info:
        Grid.from_cells([0] * 80)
    assert str(info.value) == "80 cells is no supported grid size"
    with pytest.raises(CellCountError) as info:
        Grid.from_cells([0] * 16, NINE)
    assert str(info.value) == "expected 81 cells, got 16"


@pytest.mark.parametrize("bad", [10, -1, 1.0, "5", None, True])
def test_from_cells_rejects_bad_values(bad: object) -> None:
    cells: list[object] = [0] * 81
    cells[13] = bad  # r2c5
    with pytest.raises(SymbolError) as info:
        Grid.from_cells(cells)  # type: ignore[arg-type]
    assert str(info.value).startswith(f"r2c5: {bad!r} is not a digit 0-9")
    assert (info.value.row, info.value.col) == (1, 4)
    assert isinstance(info.value, ValueError)


def test_empty() -> None:
    g = Grid.empty(Shape.of(6))
    assert g.cells == (0,) * 36
    assert g.clue_count == 0
    assert g.empty_cells() == list(range(36))
    assert not g.is_complete()


# --- reading ------------------------------------------------------------------------


def test_indexing_and_iteration() -> None:
    g = sudokit.parse(TUTORIAL_BOARD)
    assert g[0] == 7
    assert g[1] == 8
    assert g[2] == 0
    assert g[0, 0] == 7
    assert g[1, 4] == 7
    assert g[8, 8] == 7
    assert g[80] == 7
    for r in range(9):
        for c in range(9):
            assert g[r, c] == TUTORIAL_BOARD[r][c] == g[r * 9 + c]
    assert list(g) == [v for row in TUTORIAL_BOARD for v in row]
    assert isinstance(g.cells, tuple)


@pytest.mark.parametrize("key", [(9, 0), (0, 9), (-1, 0), (0, -1)])
def test_indexing_outside(key: tuple[int, int]) -> None:
    g = Grid.empty(NINE)
    with pytest.raises(IndexError):
        g[key]


def test_rows_is_the_tutorial_board() -> None:
    g = sudokit.parse(TUTORIAL_BOARD)
    rows = g.rows()
    assert rows == TUTORIAL_BOARD
    rows[0][2] = 5  # a copy: changing it leaves the grid alone
    assert g[0, 2] == 0
    assert g.rows() == TUTORIAL_BOARD


def test_counts() -> None:
    g = sudokit.parse(FAMOUS)
    assert g.clue_count == 17
    assert len(g.empty_cells()) == 64
    assert g.empty_cells()[:3] == [1, 2, 3]
    assert not g.is_complete()
    solved = sudokit.parse(FAMOUS_SOLUTION)
    assert solved.is_complete()
    assert solved.clue_count == 81
    assert solved.empty_cells() == []


def test_str_and_repr() -> None:
    g = sudokit.parse(FAMOUS.replace(".", "0"))
    assert str(g) == FAMOUS
    assert eval(repr(g), {"parse": sudokit.parse}) == g
    g12 = Grid.from_cells([12, 11, 10] + [0] * 141)
    assert str(g12).startswith("CBA...")


# --- value semantics ----------------------------------------------------------------


def test_immutable() -> None:
    g = sudokit.parse(FAMOUS)
    with pytest.raises(TypeError):
        g[0] = 5  # type: ignore[index]
    with pytest.raises(AttributeError):
        g.cells = (0,) * 81  # type: ignore[misc]
    with pytest.raises(AttributeError):
        g.extra = 1  # type: ignore[attr-defined]
    assert str(g) == FAMOUS


def test_equality_and_hash() -> None:
    a = sudokit.parse(TUTORIAL_BOARD)
    b = sudokit.parse(sudokit.format_line(a))
    c = sudokit.parse(sudokit.format_pretty(a))
    assert a == b == c
    assert hash(a) == hash(b) == hash(c)
    assert len({a, b, c}) == 1
    assert {a: "x"}[b] == "x"
    d = a.with_cell(2, 5)
    assert d != a
    assert a != str(a)
    assert a != list(a)
    # Same cells, different shape cannot happen (cell count fixes the size), but empty
    # grids of two sizes must differ.
    assert Grid.empty(Shape.of(4)) != Grid.empty(Shape.of(9))


# --- rules --------------------------------------------------------------------------


def test_conflict_message_row_and_box() -> None:
    g = grid9({"r1c1": 5, "r1c2": 5})
    assert [str(k) for k in g.conflicts()] == [
        "duplicate 5 in row 1 (r1c1, r1c2)",
        "duplicate 5 in box 1 (r1c1, r1c2)",
    ]
    first = g.conflicts()[0]
    assert isinstance(first, Conflict)
    assert (first.digit, first.unit, first.cells) == (5, 0, (0, 1))


def test_conflict_messages_order_and_kinds() -> None:
    g = grid9(
        {
            "r4c1": 7,
            "r4c5": 7,
            "r4c9": 7,  # three 7s in row 4
            "r1c2": 3,
            "r9c2": 3,  # two 3s in column 2
            "r7c7": 2,
            "r8c8": 2,  # two 2s in box 9 only
            "r2c9": 1,
            "r2c3": 1,  # and two 1s in row 2, listed before row 4
        }
    )
    assert [str(k) for k in g.conflicts()] == [
        "duplicate 1 in row 2 (r2c3, r2c9)",
        "duplicate 7 in row 4 (r4c1, r4c5, r4c9)",
        "duplicate 3 in column 2 (r1c2, r9c2)",
        "duplicate 2 in box 9 (r7c7, r8c8)",
    ]
    assert g.conflicting_cells() == frozenset({11, 17, 27, 31, 35, 1, 73, 60, 70})


def test_conflicts_several_digits_in_one_unit_sorted() -> None:
    g = grid9({"r5c1": 8, "r5c2": 4, "r5c8": 8, "r5c9": 4})
    assert [str(k) for k in g.conflicts()] == [
        "duplicate 4 in row 5 (r5c2, r5c9)",
        "duplicate 8 in row 5 (r5c1, r5c8)",
    ]


def test_conflict_uses_letters_for_big_grids() -> None:
    cells = [0] * 144
    cells[0] = cells[13] = 11  # r1c1 and r2c2 of a 12×12 grid: box 1 only
    g = Grid.from_cells(cells)
    assert [str(k) for k in g.conflicts()] == ["duplicate B in box 1 (r1c1, r2c2)"]


def test_no_conflicts_on_valid_grids() -> None:
    for text in (FAMOUS, FAMOUS_SOLUTION):
        g = sudokit.parse(text)
        assert g.conflicts() == []
        assert g.conflicting_cells() == frozenset()


@pytest.mark.parametrize("case", cases(), ids=str)
def test_conflicts_agree_with_independent_check(case: Case) -> None:
    g = case.grid
    assert bool(g.conflicts()) == case.duplicates
    assert bool(g.conflicts()) == has_duplicates(case.cells, case.size, *case.box)
    for k in g.conflicts():
        assert len(k.cells) >= 2
        assert all(g[c] == k.digit for c in k.cells)
        assert all(c in g.shape.units[k.unit] for c in k.cells)


def test_candidates_by_hand() -> None:
    g = sudokit.parse(TUTORIAL_BOARD)
    cand = g.candidates()
    # r1c3: row 1 has 7 8 4 1 2, column 3 has 7 1 4 9, box 1 has 7 8 6 -> {3, 5}.
    assert cand[2] == (1 << 2) | (1 << 4)
    # r1c5: row 1 has 7 8 4 1 2, column 5 has 7 4 5 6, box 2 has 4 7 5 6 1 -> {3, 9}.
    assert NINE.digits_of_mask[cand[4]] == (3, 9)
    assert cand[0] == 0  # filled cells have no candidates
    assert Grid.empty(NINE).candidates() == [0b111111111] * 81


@pytest.mark.parametrize("case", cases(), ids=str)
def test_candidates_agree_with_independent_computation(case: Case) -> None:
    g = case.grid
    n = case.size
    ps = peers(n, *case.box)
    for cell, mask in enumerate(g.candidates()):
        if case.cells[cell]:
            assert mask == 0
        else:
            allowed = set(range(1, n + 1)) - {case.cells[p] for p in ps[cell]}
            assert mask == sum(1 << (d - 1) for d in allowed), g.shape.cell_name(cell)


# --- status ---------------------------------------------------------------------------


def test_status_valid() -> None:
    for g in (Grid.empty(NINE), sudokit.parse(FAMOUS), sudokit.parse(TUTORIAL_BOARD)):
        assert g.status() == Status.VALID
        assert not g.status()
        assert not g.is_solved()


def test_status_complete() -> None:
    g = sudokit.parse(TUTORIAL_SOLUTION)
    assert g.status() == Status.COMPLETE
    assert g.is_solved()


def test_status_duplicate() -> None:
    g = grid9({"r1c1": 5, "r1c2": 5})
    assert g.status() == Status.DUPLICATE
    full = list(sudokit.parse(FAMOUS_SOLUTION))
    full[1] = full[0]  # r1c2 := r1c1
    g = Grid.from_cells(full)
    assert g.status() == Status.DUPLICATE | Status.COMPLETE
    assert g.is_complete()
    assert not g.is_solved()


def test_status_dead_cell() -> None:
    # r1c9 sees 1-8 in its row and 9 in its column: no digit is left for it.
    g = grid9({f"r1c{c}": c for c in range(1, 9)} | {"r6c9": 9})
    assert g.conflicts() == []
    assert g.candidates()[8] == 0
    assert g.status() == Status.DEAD_CELL
    assert Status.DUPLICATE not in g.status()


def test_status_duplicate_and_dead_cell() -> None:
    g = grid9({f"r1c{c}": c for c in range(1, 9)} | {"r6c9": 9, "r7c9": 9})
    assert g.status() == Status.DUPLICATE | Status.DEAD_CELL


def test_status_is_about_cells_not_search() -> None:
    # Digit 1 has no place in row 1, but every empty cell still has candidates: not a
    # dead cell, and the grid has no duplicate. (That it has no solution is the
    # solver's business.)
    g = grid9({"r2c1": 1, "r3c4": 1, "r1c7": 2, "r1c8": 3, "r1c9": 4})
    assert g.status() == Status.VALID


def test_fits() -> None:
    puzzle = sudokit.parse(TUTORIAL_BOARD)
    solution = sudokit.parse(TUTORIAL_SOLUTION)
    assert puzzle.fits(solution)
    assert puzzle.fits(puzzle)
    assert not solution.fits(puzzle)
    assert not puzzle.fits(sudokit.parse(FAMOUS_SOLUTION))
    assert not Grid.empty(Shape.of(4)).fits(solution)


# --- with_cell -----------------------------------------------------------------------


def test_with_cell() -> None:
    g = sudokit.parse(TUTORIAL_BOARD)
    h = g.with_cell(2, 5)
    assert h[0, 2] == 5
    assert g[0, 2] == 0  # the original is unchanged
    assert h.with_cell(2, 0) == g
    assert hash(h.with_cell(2, 0)) == hash(g)
    assert all(h[c] == g[c] for c in range(81) if c != 2)
    # It does not check the rules: clashing digits are allowed and show as conflicts.
    clash = g.with_cell(2, 7)
    assert [str(k) for k in clash.conflicts()] == [
        "duplicate 7 in row 1 (r1c1, r1c3)",
        "duplicate 7 in column 3 (r1c3, r4c3)",
        "duplicate 7 in box 1 (r1c1, r1c3)",
    ]
    assert Grid.empty(Shape.of(16)).with_cell(255, 16)[15, 15] == 16


@pytest.mark.parametrize("digit", [10, -1])
def test_with_cell_rejects_out_of_range(digit: int) -> None:
    g = Grid.empty(NINE)
    with pytest.raises(ValueError):
        g.with_cell(0, digit)
    with pytest.raises(ValueError):
        Grid.empty(Shape.of(4)).with_cell(0, 5)


@pytest.mark.parametrize("digit", [1.5, 2.0, "3"])
def test_with_cell_rejects_non_integers(digit: object) -> None:
    # A grid holds ints; anything else would break str(), hashing equal grids, solvers.
    with pytest.raises((TypeError, ValueError)):
        Grid.empty(NINE).with_cell(0, digit)  # type: ignore[arg-type]


def test_with_cell_rejects_cells_outside() -> None:
    with pytest.raises(IndexError):
        Grid.empty(NINE).with_cell(81, 1)


def test_parse_error_is_value_error() -> None:
    assert issubclass(ParseError, ValueError)
    assert issubclass(ParseError, sudokit.SudokuError)
