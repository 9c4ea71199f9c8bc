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
from typing import TYPE_CHECKING

from ..geometry import Rules, Shape, per_rules
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
    """Cell-set tables of one set of rules (built once per rules, see :func:`tables`).

    Units are numbered as in :attr:`~sudokit.geometry.Rules.units`: rows ``0..n-1``,
    columns ``n..2n-1``, boxes or jigsaw regions ``2n..3n-1``, then any extra units
    (diagonals, windows). Techniques go through these tables, never through index
    arithmetic, so that every unit of the rules takes part.
    """

    shape: Shape
    rules: Rules
    n: int
    ncells: int
    #: Cell set of every unit.
    unit_bits: tuple[int, ...]
    #: Cell set of every cell's peers (units, plus knight's or king's moves).
    peer_bits: tuple[int, ...]
    #: Every cell's unit indices: row, column, region, then any extra units.
    unit_of: tuple[tuple[int, ...], ...]
    #: For each box or region ``b`` (0-based), the lines crossing it in two cells or
    #: more: ``(line unit, cells in both)``.
    box_lines: tuple[tuple[tuple[int, int], ...], ...]
    #: For each line unit (rows then columns), the regions it crosses in two cells or
    #: more: ``(region unit, cells)``.
    line_boxes: tuple[tuple[tuple[int, int], ...], ...]
    #: For each unit, every other unit it shares two cells or more with, by unit
    #: number: ``(unit, cells in both)``; what pointing and claiming read (Tatham's
    #: ``solver_intersect`` over any two overlapping units), and where diagonals and
    #: windows join grouped chain nodes, Sue de Coq and the Empty Rectangle.
    overlaps: tuple[tuple[tuple[int, int], ...], ...]
    #: Every unit's kind as a number: 0 row, 1 column, 2 box or region, 3 diagonal, 4
    #: window (``u // n`` for the first three).
    kind_of: tuple[int, ...]
    #: Whether some cells see each other outside every unit (knight's or king's moves).
    extra_peers: bool
    #: The extra units (diagonals, windows): ``range(3n, len(units))``.
    extras: range
    #: Every unit in the order singles are looked for: boxes (or regions), then rows and
    #: columns, then the extra units.
    scan: tuple[int, ...]
    #: For each cell, the cell set of its orthogonal neighbours under non-consecutive
    #: rules (0 everywhere otherwise).
    near_bits: tuple[int, ...]
    #: Whether a placed digit ``d`` takes ``d - 1`` and ``d + 1`` from its neighbours.
    nonconsecutive: bool
    #: Whether uniqueness techniques (deadly patterns) may be used under these rules:
    #: only units, no knight's or king's moves, neighbour rules or killer cages (a swap
    #: of two digits changes the sums of the cages it crosses) (see
    #: :func:`rectangle_keeps_units` for the rectangles).
    uniqueness: bool
    #: Cell set of all cells.
    all_cells: int


_KINDS = {"row": 0, "column": 1, "box": 2, "region": 2, "diagonal": 3, "window": 4}


def tables(rules: Rules | Shape) -> Tables:
    """The cell-set tables of ``rules`` (a shape stands for its classic rules)."""
    return _tables(rules.rules if isinstance(rules, Shape) else rules)


@per_rules
def _tables(rules: Rules) -> Tables:
    shape = rules.shape
    n = shape.n
    unit_bits = tuple(cellset(u) for u in rules.units)
    peer_bits = tuple(cellset(p) for p in rules.peers)
    nunits = len(unit_bits)
    overlaps = []
    for u in range(nunits):
        ub = unit_bits[u]
        overlaps.append(
            tuple(
                (v, unit_bits[v] & ub)
                for v in range(nunits)
                if v != u and (unit_bits[v] & ub).bit_count() > 1
            )
        )
    box_lines = tuple(
        tuple((v, inter) for v, inter in overlaps[2 * n + b] if v < 2 * n) for b in range(n)
    )
    line_boxes = tuple(
        tuple((v, inter) for v, inter in overlaps[u] if 2 * n <= v < 3 * n) for u in range(2 * n)
    )
    near_bits = tuple(cellset(near) for near in rules.neighbours)
    return Tables(
        shape=shape,
        rules=rules,
        n=n,
        ncells=shape.ncells,
        unit_bits=unit_bits,
        peer_bits=peer_bits,
        unit_of=rules.unit_of,
        box_lines=box_lines,
        line_boxes=line_boxes,
        overlaps=tuple(overlaps),
        kind_of=tuple(_KINDS[k] for k in rules.unit_kinds),
        extra_peers=rules.anti_knight or rules.anti_king,
        extras=range(3 * n, nunits),
        scan=(*range(2 * n, 3 * n), *range(2 * n), *range(3 * n, nunits)),
        near_bits=near_bits,
        nonconsecutive=rules.nonconsecutive,
        uniqueness=not (
            rules.anti_knight or rules.anti_king or rules.nonconsecutive or rules.killer
        ),
        all_cells=(1 << shape.ncells) - 1,
    )


def rectangle_keeps_units(t: Tables, cells: Iterable[int]) -> bool:
    """Whether swapping the two digits of a deadly rectangle keeps every unit: the four
    ``cells`` lie in two rows and two columns, and every other unit holds none of them
    or two in one row or one column. (Then each unit holds one of each digit's places
    before and after the swap, so a second solution would exist.) Classic boxes: the
    rectangle spans exactly two boxes. A diagonal through two opposite corners, a window
    or region holding one, three or four corners break it."""
    cells = sorted(cells)
    bits = cellset(cells)
    pairs = {bits & t.unit_bits[u] for c in cells for u in t.unit_of[c][:2]}
    for u in {u for c in cells for u in t.unit_of[c][2:]}:
        x = bits & t.unit_bits[u]
        if x and x not in pairs:
            return False
    return True


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
    (index 0 unused); ``empty`` the cell set of empty cells; ``rules`` the puzzle's
    rules (``shape.rules`` for classic).
    """

    __slots__ = ("cands", "dcells", "empty", "memo", "rules", "shape", "tables", "values")

    shape: Shape
    rules: Rules
    tables: Tables
    values: list[int]
    cands: list[int]
    dcells: list[int]
    empty: int
    #: Tables techniques derive from this state and share (e.g. a chain's link graph).
    memo: dict[str, object]

    def __init__(self, rules: Rules | Shape, values: Sequence[int], cands: Sequence[int]) -> None:
        """Trusting constructor: ``cands[c]`` must be 0 wherever ``values[c]`` is set
        (a shape stands for its classic rules)."""
        if isinstance(rules, Shape):
            rules = rules.rules
        self.rules = rules
        self.shape = shape = rules.shape
        self.tables = tables(rules)
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
        return cls(grid.rules, grid.cells, cands)

    def copy(self) -> State:
        new = State.__new__(State)
        new.shape = self.shape
        new.rules = self.rules
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
        if self.tables.nonconsecutive:
            # Non-consecutive: d - 1 and d + 1 leave the orthogonal neighbours.
            near = self.tables.near_bits[cell]
            for e in (digit - 1, digit + 1):
                if 1 <= e < len(dcells):
                    seen = dcells[e] & near
                    if seen:
                        dcells[e] &= ~seen
                        ebit = 1 << (e - 1)
                        for p in iter_cells(seen):
                            self.cands[p] &= ~ebit

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
        for unit in self.rules.units:
            have = 0
            for c in unit:
                have |= cands[c] | (1 << (values[c] - 1) if values[c] else 0)
            if have != full:
                return True
        return False

    def to_grid(self) -> Grid:
        """The placed digits as a grid."""
        return Grid(self.rules, self.values)

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
            and self.rules is other.rules
            and self.values == other.values
            and self.cands == other.cands
        )

    def __hash__(self) -> int:
        return hash((tuple(self.values), tuple(self.cands)))

    def __repr__(self) -> str:
        return f"State({str(self.to_grid())!r}, candidates={self.candidate_count()})"
