"""The candidate grid the techniques read: digits placed so far and per-cell candidate masks.

Cells are also handled as *cell sets*: an int with bit ``c`` set for cell ``c`` (81 bits
for 9×9). Intersections, peers and "where can digit d go in this unit" are then one
``&`` each, which is what makes the techniques fast in pure Python. :class:`Tables` holds
the cell-set tables of a shape; :class:`State` keeps, next to the masks, the cell set of
every digit's candidates (``dcells[d]``).

A :class:`State` is treated as immutable once built: :meth:`State.apply` returns a new
one. Techniques only read it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from ..geometry import Shape
from ..grid import Grid

if TYPE_CHECKING:
    from .step import Step


def iter_cells(cellset: int) -> Iterator[int]:
    """The cells of a cell set, ascending."""
    while cellset:
        low = cellset & -cellset
        yield low.bit_length() - 1
        cellset ^= low


def cells_of(cellset: int) -> list[int]:
    """The cells of a cell set, ascending, as a list."""
    out = []
    while cellset:
        low = cellset & -cellset
        out.append(low.bit_length() - 1)
        cellset ^= low
    return out


def cellset(cells: Iterable[int]) -> int:
    """The cell set holding ``cells``."""
    out = 0
    for c in cells:
        out |= 1 << c
    return out


@dataclass(frozen=True, eq=False)
class Tables:
    """Cell-set tables of one shape (built once per shape, see :func:`tables`)."""

    shape: Shape
    n: int
    ncells: int
    #: Cell set of every unit (rows, columns, boxes as in :class:`Shape`).
    unit_bits: tuple[int, ...]
    #: Cell set of every cell's peers.
    peer_bits: tuple[int, ...]
    #: Every cell's (row, column, box) unit indices.
    unit_of: tuple[tuple[int, int, int], ...]
    #: For each box ``b`` (0-based), the lines crossing it: ``(line unit, cells in both)``.
    box_lines: tuple[tuple[tuple[int, int], ...], ...]
    #: For each line unit (rows then columns), the boxes it crosses: ``(box unit, cells)``.
    line_boxes: tuple[tuple[tuple[int, int], ...], ...]
    #: Cell set of all cells.
    all_cells: int


@cache
def tables(shape: Shape) -> Tables:
    """The cell-set tables of ``shape``."""
    n = shape.n
    unit_bits = tuple(cellset(u) for u in shape.units)
    peer_bits = tuple(cellset(p) for p in shape.peers)
    box_lines = []
    for b in range(n):
        box = unit_bits[2 * n + b]
        box_lines.append(tuple((u, unit_bits[u] & box) for u in range(2 * n) if unit_bits[u] & box))
    line_boxes = []
    for u in range(2 * n):
        line = unit_bits[u]
        line_boxes.append(
            tuple(
                (2 * n + b, unit_bits[2 * n + b] & line)
                for b in range(n)
                if unit_bits[2 * n + b] & line
            )
        )
    return Tables(
        shape=shape,
        n=n,
        ncells=shape.ncells,
        unit_bits=unit_bits,
        peer_bits=peer_bits,
        unit_of=shape.unit_of,
        box_lines=tuple(box_lines),
        line_boxes=tuple(line_boxes),
        all_cells=(1 << shape.ncells) - 1,
    )


#: ``State.memo`` key: the highest rating on the path so far. A technique may then return
#: any step rated at most this instead of its easiest one (the path's score is the same),
#: which lets the costliest searches stop early.
FLOOR = "floor"

#: ``State.memo`` key: the state the engine searched before this one on the same path (a
#: technique may reuse what it derived there that still holds).
EARLIER = "earlier"


class State:
    """A candidate grid: placed digits, candidate masks, and each digit's cell set.

    ``values[c]`` is the digit in cell ``c`` (0 when empty); ``cands[c]`` its candidate
    mask (0 when filled); ``dcells[d]`` the cell set where ``d`` is still a candidate
    (index 0 unused); ``empty`` the cell set of empty cells.
    """

    __slots__ = ("cands", "dcells", "empty", "memo", "shape", "tables", "values")

    shape: Shape
    tables: Tables
    values: list[int]
    cands: list[int]
    dcells: list[int]
    empty: int
    #: Tables techniques derive from this state and share (e.g. a chain's link graph).
    memo: dict[str, object]

    def __init__(self, shape: Shape, values: Sequence[int], cands: Sequence[int]) -> None:
        """Trusting constructor: ``cands[c]`` must be 0 wherever ``values[c]`` is set."""
        self.shape = shape
        self.tables = tables(shape)
        self.values = list(values)
        self.cands = list(cands)
        n = shape.n
        dcells = [0] * (n + 1)
        empty = 0
        for c, m in enumerate(self.cands):
            if not self.values[c]:
                empty |= 1 << c
            bit = 1 << c
            while m:
                low = m & -m
                dcells[low.bit_length()] |= bit
                m ^= low
        self.dcells = dcells
        self.empty = empty
        self.memo = {}

    @classmethod
    def from_grid(cls, grid: Grid, notes: Sequence[int] | None = None) -> State:
        """The candidates the rules allow in ``grid``; with ``notes`` (a mask per cell),
        a cell that has notes keeps only the noted candidates the rules allow."""
        cands = grid.candidates()
        if notes is not None:
            if len(notes) != len(cands):
                raise ValueError(f"expected {len(cands)} note masks, got {len(notes)}")
            cands = [m & k if k else m for m, k in zip(cands, notes, strict=True)]
        return cls(grid.shape, grid.cells, cands)

    def copy(self) -> State:
        new = State.__new__(State)
        new.shape = self.shape
        new.tables = self.tables
        new.values = self.values.copy()
        new.cands = self.cands.copy()
        new.dcells = self.dcells.copy()
        new.empty = self.empty
        new.memo = {}
        return new

    # --- changing (in place; only on a fresh copy) ----------------------------------
    def _place(self, cell: int, digit: int) -> None:
        bit = 1 << cell
        m = self.cands[cell]
        dcells = self.dcells
        while m:
            low = m & -m
            dcells[low.bit_length()] &= ~bit
            m ^= low
        self.cands[cell] = 0
        self.values[cell] = digit
        self.empty &= ~bit
        # The placed digit leaves every peer.
        seen = dcells[digit] & self.tables.peer_bits[cell]
        if seen:
            dcells[digit] &= ~seen
            dbit = 1 << (digit - 1)
            cands = self.cands
            for p in iter_cells(seen):
                cands[p] &= ~dbit

    def _eliminate(self, cell: int, digit: int) -> None:
        self.cands[cell] &= ~(1 << (digit - 1))
        self.dcells[digit] &= ~(1 << cell)

    def apply(self, step: Step) -> State:
        """The state after ``step``'s placements (with their peers' candidates) and
        eliminations."""
        return self.applied(step.placements, step.eliminations)

    def applied(
        self,
        placements: Iterable[tuple[int, int]] = (),
        eliminations: Iterable[tuple[int, int]] = (),
    ) -> State:
        """A new state with the placements and eliminations done."""
        new = self.copy()
        for cell, digit in placements:
            if not new.values[cell]:
                new._place(cell, digit)
        for cell, digit in eliminations:
            new._eliminate(cell, digit)
        return new

    # --- reading ----------------------------------------------------------------------
    def is_solved(self) -> bool:
        return not self.empty

    def broken(self) -> bool:
        """Whether an empty cell has no candidate or a unit has no place for a missing
        digit (only possible on a wrong position)."""
        cands, values = self.cands, self.values
        for c in iter_cells(self.empty):
            if not cands[c]:
                return True
        full = self.shape.all_mask
        for unit in self.shape.units:
            have = 0
            for c in unit:
                have |= cands[c] | (1 << (values[c] - 1) if values[c] else 0)
            if have != full:
                return True
        return False

    def to_grid(self) -> Grid:
        """The placed digits as a grid."""
        return Grid(self.shape, self.values)

    def candidate_digits(self, cell: int) -> tuple[int, ...]:
        """The candidates of ``cell``, ascending."""
        return self.shape.digits_of_mask[self.cands[cell]]

    def candidate_count(self) -> int:
        """How many candidates are left in all empty cells."""
        pop = self.shape.popcount
        return sum(pop[m] for m in self.cands)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and self.shape is other.shape
            and self.values == other.values
            and self.cands == other.cands
        )

    def __hash__(self) -> int:
        return hash((tuple(self.values), tuple(self.cands)))

    def __repr__(self) -> str:
        return f"State({str(self.to_grid())!r}, candidates={self.candidate_count()})"
