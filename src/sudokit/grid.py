"""The grid: an immutable value holding a puzzle's givens or a (partly) filled board."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from .errors import CellCountError, SymbolError
from .geometry import Shape, shape_for_cells


class Status(enum.IntFlag):
    """Flags for a grid that is well-formed but cannot be (or is not yet) a solution."""

    VALID = 0
    #: Two equal digits in one unit.
    DUPLICATE = enum.auto()
    #: An empty cell with no candidate left (every digit is taken by a peer).
    DEAD_CELL = enum.auto()
    #: Every cell is filled.
    COMPLETE = enum.auto()


@dataclass(frozen=True, slots=True)
class Conflict:
    """Two or more equal digits in one unit."""

    shape: Shape
    digit: int
    unit: int
    cells: tuple[int, ...]

    def __str__(self) -> str:
        names = ", ".join(self.shape.cell_name(c) for c in self.cells)
        symbol = self.shape.symbols[self.digit - 1]
        return f"duplicate {symbol} in {self.shape.unit_name(self.unit)} ({names})"


class Grid:
    """An ``n × n`` grid of digits, ``0`` for an empty cell. Immutable and hashable.

    Build one with :func:`sudokit.parse` (text, pictures, nested lists) or
    :meth:`Grid.from_cells`. ``str(grid)`` is the one-line form (``.`` for empty cells);
    ``grid[cell]`` or ``grid[row, col]`` reads a digit.
    """

    __slots__ = ("_cells", "_hash", "_shape")

    _shape: Shape
    _cells: tuple[int, ...]
    _hash: int

    def __init__(self, shape: Shape, cells: Iterable[int]) -> None:
        """Trusting constructor: ``cells`` must hold ``shape.ncells`` ints in ``0..n``."""
        self._shape = shape
        self._cells = tuple(cells)
        self._hash = hash((shape.n, self._cells))

    @classmethod
    def from_cells(cls, cells: Sequence[int], shape: Shape | None = None) -> Grid:
        """Build a grid from a flat sequence of ints, checking count and range."""
        if shape is None:
            shape = shape_for_cells(len(cells))
            if shape is None:
                raise CellCountError(f"{len(cells)} cells is no supported grid size")
        elif len(cells) != shape.ncells:
            raise CellCountError(f"expected {shape.ncells} cells, got {len(cells)}")
        n = shape.n
        for cell, v in enumerate(cells):
            if type(v) is not int or not 0 <= v <= n:
                raise SymbolError(
                    f"{shape.cell_name(cell)}: {v!r} is not a digit 0-{n}",
                    row=cell // n,
                    col=cell % n,
                )
        return cls(shape, cells)

    @classmethod
    def empty(cls, shape: Shape) -> Grid:
        return cls(shape, (0,) * shape.ncells)

    # --- reading ---------------------------------------------------------------------
    @property
    def shape(self) -> Shape:
        return self._shape

    @property
    def size(self) -> int:
        """``n`` for an ``n × n`` grid."""
        return self._shape.n

    @property
    def cells(self) -> tuple[int, ...]:
        """Every cell's digit, row-major, ``0`` for empty."""
        return self._cells

    @overload
    def __getitem__(self, key: int) -> int: ...
    @overload
    def __getitem__(self, key: tuple[int, int]) -> int: ...
    def __getitem__(self, key: int | tuple[int, int]) -> int:
        if isinstance(key, tuple):
            row, col = key
            n = self._shape.n
            if not (0 <= row < n and 0 <= col < n):
                raise IndexError(f"({row}, {col}) is outside a {n}×{n} grid")
            return self._cells[row * n + col]
        return self._cells[key]

    def __len__(self) -> int:
        return len(self._cells)

    def __iter__(self) -> Iterator[int]:
        return iter(self._cells)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Grid) and self._shape is other._shape and self._cells == other._cells
        )

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        symbols = "." + self._shape.symbols
        return "".join(symbols[v] for v in self._cells)

    def __repr__(self) -> str:
        return f"parse({str(self)!r})"

    def rows(self) -> list[list[int]]:
        """The grid as a list of rows of ints (the classic tutorials' ``board``)."""
        n = self._shape.n
        return [list(self._cells[r * n : r * n + n]) for r in range(n)]

    @property
    def clue_count(self) -> int:
        """How many cells are filled."""
        return sum(1 for v in self._cells if v)

    def empty_cells(self) -> list[int]:
        return [c for c, v in enumerate(self._cells) if not v]

    def is_complete(self) -> bool:
        return all(self._cells)

    # --- rules -----------------------------------------------------------------------
    def conflicts(self) -> list[Conflict]:
        """Every digit that stands more than once in a unit: rows, then columns, then boxes."""
        shape, cells = self._shape, self._cells
        out = []
        for unit, unit_cells in enumerate(shape.units):
            seen: dict[int, list[int]] = {}
            for c in unit_cells:
                v = cells[c]
                if v:
                    seen.setdefault(v, []).append(c)
            for digit in sorted(seen):
                where = seen[digit]
                if len(where) > 1:
                    out.append(Conflict(shape, digit, unit, tuple(where)))
        return out

    def has_conflicts(self) -> bool:
        """Whether any digit stands twice in a unit (a quick check, no details)."""
        shape = self._shape
        used = [0] * (3 * shape.n)
        unit_of = shape.unit_of
        for cell, v in enumerate(self._cells):
            if v:
                bit = 1 << v
                r, c, b = unit_of[cell]
                if (used[r] | used[c] | used[b]) & bit:
                    return True
                used[r] |= bit
                used[c] |= bit
                used[b] |= bit
        return False

    def conflicting_cells(self) -> frozenset[int]:
        """The cells involved in any conflict (for highlighting)."""
        return frozenset(c for k in self.conflicts() for c in k.cells)

    def candidates(self) -> list[int]:
        """Per cell, the mask of digits the rules still allow (``0`` for a filled cell)."""
        shape, cells = self._shape, self._cells
        n = shape.n
        used = [0] * (3 * n)
        for cell, v in enumerate(cells):
            if v:
                bit = 1 << (v - 1)
                for u in shape.unit_of[cell]:
                    used[u] |= bit
        full = shape.all_mask
        out = []
        for cell, v in enumerate(cells):
            if v:
                out.append(0)
            else:
                r, c, b = shape.unit_of[cell]
                out.append(full & ~(used[r] | used[c] | used[b]))
        return out

    def status(self) -> Status:
        """Flags describing the grid; ``Status.VALID`` (0) when none applies."""
        flags = Status.VALID
        if self.conflicts():
            flags |= Status.DUPLICATE
        if self.is_complete():
            flags |= Status.COMPLETE
        elif any(m == 0 and v == 0 for m, v in zip(self.candidates(), self._cells, strict=True)):
            flags |= Status.DEAD_CELL
        return flags

    def is_solved(self) -> bool:
        """Complete and without conflicts."""
        return self.is_complete() and not self.conflicts()

    def fits(self, solution: Grid) -> bool:
        """Whether ``solution`` keeps every digit of this grid."""
        return self._shape is solution._shape and all(
            v == 0 or v == s for v, s in zip(self._cells, solution._cells, strict=True)
        )

    # --- changing (new grids) ----------------------------------------------------------
    def with_cell(self, cell: int, digit: int) -> Grid:
        """A copy with ``cell`` set to ``digit`` (``0`` to empty it)."""
        if type(digit) is not int or not 0 <= digit <= self._shape.n:
            raise ValueError(f"{digit!r} is not a digit 0-{self._shape.n}")
        cells = list(self._cells)
        cells[cell] = digit
        return Grid(self._shape, cells)
