"""Shapes of Sudoku grids and their precomputed tables.

Glossary (one word per idea, used across the code):

- *cell*: an int index, row-major, 0-based;
- *row*, *col*, *box*: 0-based ints; boxes are numbered row-major too;
- *unit*: a row, column or box. Unit indices run rows ``0..n-1``, columns ``n..2n-1``,
  boxes ``2n..3n-1``;
- *peers*: the other cells that share a unit with a cell;
- *digit*: ``1..n``; *mask*: an int bit-set of digits, digit ``d`` is bit ``d - 1``;
- ``r3c5``: 1-based names, only in text meant for people.
"""

from __future__ import annotations

from functools import cache, cached_property
from typing import ClassVar

#: Symbols of digits 1..16, in order; ``.`` and ``0`` mean an empty cell.
SYMBOLS = "123456789ABCDEFG"
EMPTY_SYMBOLS = ".0"

#: Box shape (rows, columns) for every supported size.
BOX_SHAPES: dict[int, tuple[int, int]] = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
SIZES: tuple[int, ...] = tuple(sorted(BOX_SHAPES))
CELL_COUNTS: dict[int, int] = {n * n: n for n in SIZES}


class Shape:
    """The geometry of an ``n × n`` grid whose boxes are ``box_rows × box_cols``.

    Shapes are interned: ``Shape.of(9) is Shape(3, 3)``. Tables are computed once per shape.
    """

    _interned: ClassVar[dict[tuple[int, int], Shape]] = {}

    box_rows: int
    box_cols: int
    n: int
    ncells: int

    def __new__(cls, box_rows: int, box_cols: int) -> Shape:
        key = (box_rows, box_cols)
        shape = cls._interned.get(key)
        if shape is None:
            if box_rows * box_cols not in BOX_SHAPES or BOX_SHAPES[box_rows * box_cols] != key:
                raise ValueError(f"unsupported box shape {box_rows}×{box_cols}")
            shape = super().__new__(cls)
            object.__setattr__(shape, "box_rows", box_rows)
            object.__setattr__(shape, "box_cols", box_cols)
            object.__setattr__(shape, "n", box_rows * box_cols)
            object.__setattr__(shape, "ncells", (box_rows * box_cols) ** 2)
            cls._interned[key] = shape
        return shape

    def __setattr__(self, name: str, value: object) -> None:
        if name in ("box_rows", "box_cols", "n", "ncells"):
            raise AttributeError("Shape is immutable")
        object.__setattr__(self, name, value)

    def __reduce__(self) -> tuple[type[Shape], tuple[int, int]]:
        return (Shape, (self.box_rows, self.box_cols))

    def __repr__(self) -> str:
        return f"Shape({self.box_rows}, {self.box_cols})"

    @staticmethod
    def of(size: int) -> Shape:
        """The shape of an ``size × size`` grid (4, 6, 9, 12 or 16)."""
        try:
            return Shape(*BOX_SHAPES[size])
        except KeyError:
            sizes = ", ".join(str(s) for s in SIZES)
            raise ValueError(f"unsupported size {size} (sizes: {sizes})") from None

    # --- symbols -------------------------------------------------------------------
    @property
    def symbols(self) -> str:
        """The digit symbols of this size, ``symbols[d - 1]`` is digit ``d``."""
        return SYMBOLS[: self.n]

    @property
    def all_mask(self) -> int:
        """The mask holding every digit."""
        return (1 << self.n) - 1

    def symbol_range(self) -> str:
        """Human description of the allowed symbols: ``1-9`` or ``1-9, A-G``."""
        if self.n <= 9:
            return f"1-{self.n}"
        return f"1-9, A-{SYMBOLS[self.n - 1]}"

    # --- coordinates ---------------------------------------------------------------
    def row_of(self, cell: int) -> int:
        return cell // self.n

    def col_of(self, cell: int) -> int:
        return cell % self.n

    def box_of(self, cell: int) -> int:
        return self.box_index[cell]

    def cell_at(self, row: int, col: int) -> int:
        return row * self.n + col

    def cell_name(self, cell: int) -> str:
        """``r3c5``: the 1-based name of a cell, for people."""
        return f"r{cell // self.n + 1}c{cell % self.n + 1}"

    def unit_kind(self, unit: int) -> str:
        return ("row", "column", "box")[unit // self.n]

    def unit_name(self, unit: int) -> str:
        """``row 3``, ``column 5`` or ``box 2``: the 1-based name of a unit, for people."""
        return f"{self.unit_kind(unit)} {unit % self.n + 1}"

    # --- tables ----------------------------------------------------------------------
    @cached_property
    def box_index(self) -> tuple[int, ...]:
        n, br, bc = self.n, self.box_rows, self.box_cols
        boxes_per_band = n // bc
        return tuple((cell // n) // br * boxes_per_band + (cell % n) // bc for cell in range(n * n))

    @cached_property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """Every unit's cells in row-major order: rows, then columns, then boxes."""
        n = self.n
        rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
        cols = [tuple(range(c, n * n, n)) for c in range(n)]
        boxes: list[list[int]] = [[] for _ in range(n)]
        for cell in range(n * n):
            boxes[self.box_index[cell]].append(cell)
        return tuple(rows + cols + [tuple(b) for b in boxes])

    @cached_property
    def unit_of(self) -> tuple[tuple[int, int, int], ...]:
        """For each cell, its (row unit, column unit, box unit) indices."""
        n = self.n
        return tuple(
            (cell // n, n + cell % n, 2 * n + self.box_index[cell]) for cell in range(n * n)
        )

    @cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the sorted cells that share a unit with it (itself excluded)."""
        units = self.units
        return tuple(
            tuple(sorted({p for u in self.unit_of[cell] for p in units[u]} - {cell}))
            for cell in range(self.ncells)
        )

    @cached_property
    def digits_of_mask(self) -> tuple[tuple[int, ...], ...]:
        """For every mask, the digits it holds, ascending."""
        table: list[tuple[int, ...]] = [()]
        for bit in range(self.n):
            d = bit + 1
            table += [(*ds, d) for ds in table]
        return tuple(table)

    @cached_property
    def popcount(self) -> tuple[int, ...]:
        """For every mask, how many digits it holds."""
        return tuple(m.bit_count() for m in range(1 << self.n))


def digits(mask: int) -> list[int]:
    """The digits of a mask, ascending."""
    out = []
    d = 1
    while mask:
        if mask & 1:
            out.append(d)
        mask >>= 1
        d += 1
    return out


@cache
def shape_for_cells(count: int) -> Shape | None:
    """The shape whose grid has ``count`` cells, or None."""
    n = CELL_COUNTS.get(count)
    return Shape.of(n) if n else None
