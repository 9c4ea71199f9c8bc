"""Shapes and their tables: units, peers, box numbering, names, bit helpers."""

from __future__ import annotations

import pickle

import pytest

from helpers import BOXES, SIZES, peers, units
from sudokit.geometry import SYMBOLS, Shape, digits, shape_for_cells

# Peers of a cell: n - 1 in its row, n - 1 in its column, and the (r - 1)(c - 1) cells of
# its r × c box that share neither: 2(n - 1) + (r - 1)(c - 1).
PEER_COUNTS = {
    4: 7,  # 2·3 + 1·1
    6: 12,  # 2·5 + 1·2
    9: 20,  # 2·8 + 2·2
    12: 28,  # 2·11 + 2·3
    16: 39,  # 2·15 + 3·3
}


@pytest.fixture(params=SIZES, ids=lambda n: f"{n}x{n}")
def shape(request: pytest.FixtureRequest) -> Shape:
    return Shape.of(request.param)


def test_box_shapes() -> None:
    for n, (br, bc) in BOXES.items():
        s = Shape.of(n)
        assert (s.n, s.box_rows, s.box_cols, s.ncells) == (n, br, bc, n * n)
    # 6×6 boxes are 2 rows by 3 columns, 12×12 boxes 3 rows by 4 columns.
    assert (Shape.of(6).box_rows, Shape.of(6).box_cols) == (2, 3)
    assert (Shape.of(12).box_rows, Shape.of(12).box_cols) == (3, 4)


def test_shapes_are_interned_and_immutable() -> None:
    assert Shape.of(9) is Shape(3, 3)
    assert pickle.loads(pickle.dumps(Shape.of(12))) is Shape.of(12)
    assert repr(Shape.of(6)) == "Shape(2, 3)"
    with pytest.raises(AttributeError):
        setattr(Shape.of(9), "n", 4)  # noqa: B010


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 8, 10, 25])
def test_unsupported_sizes(size: int) -> None:
    with pytest.raises(ValueError, match=f"unsupported size {size}"):
        Shape.of(size)


@pytest.mark.parametrize("box", [(3, 2), (4, 3), (1, 4), (2, 4)])
def test_unsupported_box_shapes(box: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match="unsupported box shape"):
        Shape(*box)


def test_shape_for_cells() -> None:
    assert shape_for_cells(16) is Shape.of(4)
    assert shape_for_cells(36) is Shape.of(6)
    assert shape_for_cells(81) is Shape.of(9)
    assert shape_for_cells(144) is Shape.of(12)
    assert shape_for_cells(256) is Shape.of(16)
    for count in (0, 4, 9, 80, 82, 100, 255):
        assert shape_for_cells(count) is None


def test_units_counts_and_sizes(shape: Shape) -> None:
    n = shape.n
    assert len(shape.units) == 3 * n
    for unit in shape.units:
        assert len(unit) == n
        assert len(set(unit)) == n
        assert all(0 <= c < n * n for c in unit)


def test_units_match_independent_tables(shape: Shape) -> None:
    # Rows 0..n-1, columns n..2n-1, boxes 2n..3n-1, boxes numbered row-major.
    assert shape.units == units(shape.n, shape.box_rows, shape.box_cols)


def test_every_cell_in_exactly_three_units(shape: Shape) -> None:
    n = shape.n
    for cell in range(n * n):
        holding = [u for u, unit in enumerate(shape.units) if cell in unit]
        assert len(holding) == 3
        assert tuple(holding) == shape.unit_of[cell]
        row, col, box = holding
        assert row == shape.row_of(cell) == cell // n
        assert col - n == shape.col_of(cell) == cell % n
        assert box - 2 * n == shape.box_of(cell)
        assert shape.cell_at(shape.row_of(cell), shape.col_of(cell)) == cell


def test_peer_counts(shape: Shape) -> None:
    br, bc, n = shape.box_rows, shape.box_cols, shape.n
    expected = PEER_COUNTS[n]
    assert expected == 2 * (n - 1) + (br - 1) * (bc - 1)
    assert all(len(p) == expected for p in shape.peers)


def test_peers_match_independent_tables(shape: Shape) -> None:
    independent = peers(shape.n, shape.box_rows, shape.box_cols)
    for cell, ps in enumerate(shape.peers):
        assert list(ps) == sorted(ps)
        assert cell not in ps
        assert set(ps) == independent[cell]
        for p in ps:
            assert cell in shape.peers[p]


def test_peers_of_r1c1_in_9x9() -> None:
    row = [1, 2, 3, 4, 5, 6, 7, 8]
    column = [9, 18, 27, 36, 45, 54, 63, 72]
    box_only = [10, 11, 19, 20]  # r2c2, r2c3, r3c2, r3c3
    assert Shape.of(9).peers[0] == tuple(sorted(row + column + box_only))
    assert Shape.of(9).peers[0] == (
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20, 27, 36, 45, 54, 63, 72,
    )  # fmt: skip


def test_peers_of_r4c5_in_6x6() -> None:
    # r4c5 is cell 3·6 + 4 = 22, in box 4 (rows 3-4, columns 4-6 in 1-based names).
    s = Shape.of(6)
    assert s.box_of(22) == 3
    row = [18, 19, 20, 21, 23]
    column = [4, 10, 16, 28, 34]
    box_only = [15, 17]  # r3c4, r3c6
    assert s.peers[22] == tuple(sorted(row + column + box_only))


def test_box_numbering_6x6() -> None:
    s = Shape.of(6)
    # Boxes are 2 rows × 3 columns, numbered row-major: two per band, three bands.
    expected_rows = [
        [0, 0, 0, 1, 1, 1],
        [0, 0, 0, 1, 1, 1],
        [2, 2, 2, 3, 3, 3],
        [2, 2, 2, 3, 3, 3],
        [4, 4, 4, 5, 5, 5],
        [4, 4, 4, 5, 5, 5],
    ]
    assert [[s.box_of(r * 6 + c) for c in range(6)] for r in range(6)] == expected_rows
    assert s.units[12] == (0, 1, 2, 6, 7, 8)
    assert s.units[13] == (3, 4, 5, 9, 10, 11)
    assert s.units[17] == (27, 28, 29, 33, 34, 35)


def test_box_numbering_12x12() -> None:
    s = Shape.of(12)
    # Boxes are 3 rows × 4 columns: three per band, four bands.
    assert s.box_of(0) == 0
    assert s.box_of(4) == 1  # r1c5
    assert s.box_of(11) == 2  # r1c12
    assert s.box_of(3 * 12) == 3  # r4c1
    assert s.box_of(143) == 11  # r12c12
    assert s.units[24] == tuple(r * 12 + c for r in range(3) for c in range(4))


def test_box_numbering_9x9() -> None:
    s = Shape.of(9)
    assert [s.box_of(c) for c in (0, 3, 6, 27, 40, 80)] == [0, 1, 2, 3, 4, 8]


def test_cell_names() -> None:
    s = Shape.of(9)
    assert s.cell_name(0) == "r1c1"
    assert s.cell_name(13) == "r2c5"
    assert s.cell_name(80) == "r9c9"
    assert Shape.of(12).cell_name(143) == "r12c12"
    assert Shape.of(16).cell_name(16) == "r2c1"
    assert Shape.of(4).cell_name(3) == "r1c4"


def test_unit_names() -> None:
    s = Shape.of(9)
    assert s.unit_name(0) == "row 1"
    assert s.unit_name(8) == "row 9"
    assert s.unit_name(9) == "column 1"
    assert s.unit_name(17) == "column 9"
    assert s.unit_name(18) == "box 1"
    assert s.unit_name(26) == "box 9"
    assert Shape.of(16).unit_name(47) == "box 16"
    assert [s.unit_kind(u) for u in (0, 9, 18)] == ["row", "column", "box"]


def test_symbols() -> None:
    assert Shape.of(4).symbols == "1234"
    assert Shape.of(9).symbols == "123456789"
    assert Shape.of(12).symbols == "123456789ABC"
    assert Shape.of(16).symbols == "123456789ABCDEFG" == SYMBOLS
    assert Shape.of(6).symbol_range() == "1-6"
    assert Shape.of(9).symbol_range() == "1-9"
    assert Shape.of(12).symbol_range() == "1-9, A-C"
    assert Shape.of(16).symbol_range() == "1-9, A-G"


def test_all_mask(shape: Shape) -> None:
    assert shape.all_mask == int("1" * shape.n, 2)


def test_digits_of_mask_and_popcount(shape: Shape) -> None:
    n = shape.n
    table = shape.digits_of_mask
    pop = shape.popcount
    assert len(table) == len(pop) == 1 << n
    # Check every mask for the small sizes, a spread of them for 16×16.
    masks = range(1 << n) if n <= 12 else range(0, 1 << n, 97)
    for mask in masks:
        expected = tuple(d for d in range(1, n + 1) if mask & (1 << (d - 1)))
        assert table[mask] == expected
        assert pop[mask] == len(expected)
    assert table[0] == ()
    assert table[shape.all_mask] == tuple(range(1, n + 1))
    assert pop[shape.all_mask] == n


def test_bit_helpers_examples() -> None:
    s = Shape.of(9)
    assert s.digits_of_mask[0b100010001] == (1, 5, 9)
    assert s.popcount[0b100010001] == 3
    assert digits(0b100010001) == [1, 5, 9]
    assert digits(0) == []
    assert digits(1 << 15) == [16]
