"""The grid: an immutable value holding a puzzle's givens or a (partly) filled board."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from .errors import CellCountError, RulesError, SymbolError, UnsupportedRulesError
from .geometry import Rules, Shape, shape_for_cells


class Status(enum.IntFlag):
    """Flags for a grid that is well-formed but cannot be (or is not yet) a solution."""

    VALID = 0
    #: Two equal digits in one unit (or, under variant rules, any broken rule: equal
    #: digits a knight's or king's move apart, consecutive digits side by side).
    DUPLICATE = enum.auto()
    #: An empty cell with no candidate left (every digit is taken by a peer).
    DEAD_CELL = enum.auto()
    #: Every cell is filled.
    COMPLETE = enum.auto()


@dataclass(frozen=True, slots=True)
class Conflict:
    """A broken rule: two or more equal digits in one unit, or (under variant rules) a
    pair of cells that break a relation.

    ``unit`` is the unit's number in ``rules.units``, or ``-1`` for a relation that is not
    a unit; ``relation`` says which: ``"unit"``, ``"knight"``, ``"king"`` (one digit
    twice a knight's or king's move apart) or ``"consecutive"`` (``digit`` and
    ``digit + 1`` side by side); under killer rules ``"cage"`` (``digit`` twice in the
    cage numbered ``unit`` in ``rules.cages``) and ``"sum"`` (the full cage ``unit``
    adds up to ``digit``, not to its sum). ``rules`` is None for the shape's classic rules.
    """

    shape: Shape
    digit: int
    unit: int
    cells: tuple[int, ...]
    rules: Rules | None = None
    relation: str = "unit"

    def __str__(self) -> str:
        """The rule broken, in words, and where: ``duplicate 5 in row 3 (r3c2, r3c7)``."""
        names = ", ".join(self.shape.cell_name(c) for c in self.cells)
        symbols = self.shape.symbols
        relation = self.relation
        if relation == "sum" and self.rules is not None:
            return f"{self.rules.cage_name(self.unit)} adds up to {self.digit} ({names})"
        symbol = symbols[self.digit - 1]
        if relation == "cage" and self.rules is not None:
            return f"duplicate {symbol} in {self.rules.cage_name(self.unit)} ({names})"
        if relation == "unit":
            where = (self.rules or self.shape).unit_name(self.unit)
            return f"duplicate {symbol} in {where} ({names})"
        if relation == "consecutive":
            return f"consecutive {symbol} and {symbols[self.digit]} side by side ({names})"
        return f"{symbol} twice a {relation}'s move apart ({names})"


class Grid:
    """An ``n × n`` grid of digits, ``0`` for an empty cell. Immutable and hashable.

    Build one with :func:`sudokit.parse` (text, pictures, nested lists) or
    :meth:`Grid.from_cells`. ``str(grid)`` is the one-line form (``.`` for empty cells);
    ``grid[cell]`` or ``grid[row, col]`` reads a digit.
    """

    __slots__ = ("_cells", "_hash", "_rules", "_shape")

    _shape: Shape
    _rules: Rules
    _cells: tuple[int, ...]
    _hash: int

    def __init__(self, rules: Rules | Shape, cells: Iterable[int]) -> None:
        """Trusting constructor: ``cells`` must hold ``ncells`` ints in ``0..n``.

        ``rules`` is the puzzle's :class:`~sudokit.geometry.Rules`, or a
        :class:`~sudokit.geometry.Shape` for its classic rules.
        """
        if isinstance(rules, Shape):
            self._shape = rules
            self._rules = rules.rules
        else:
            self._rules = rules
            self._shape = rules.shape
        self._cells = tuple(cells)
        self._hash = hash((self._shape.n, self._cells))

    @classmethod
    def from_cells(
        cls, cells: Sequence[int], shape: Shape | None = None, rules: Rules | None = None
    ) -> Grid:
        """Build a grid from a flat sequence of ints, checking count and range.

        ``rules`` (default: the classic rules of the shape) gives the puzzle's rules; a
        ``shape`` given too must be theirs.
        """
        if rules is not None:
            if shape is not None and shape is not rules.shape:
                n = rules.n
                raise RulesError(
                    f"rules {rules.code!r} are for a {n}×{n} grid, not {shape.n}×{shape.n}"
                )
            shape = rules.shape
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
        return cls(shape if rules is None else rules, cells)

    @classmethod
    def empty(cls, shape: Shape | Rules) -> Grid:
        """An empty grid of this shape (classic rules) or under these rules."""
        return cls(shape, (0,) * shape.ncells)

    # --- reading ---------------------------------------------------------------------
    @property
    def shape(self) -> Shape:
        return self._shape

    @property
    def rules(self) -> Rules:
        """The puzzle's rules (``shape.rules`` for a classic grid)."""
        return self._rules

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
            isinstance(other, Grid) and self._rules is other._rules and self._cells == other._cells
        )

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        symbols = "." + self._shape.symbols
        return "".join(symbols[v] for v in self._cells)

    def __repr__(self) -> str:
        if self._rules is self._shape.rules:
            return f"parse({str(self)!r})"
        return f"Grid({self._rules!r}, parse({str(self)!r}).cells)"

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
        """Every broken rule: a digit that stands more than once in a unit (rows, then
        columns, then boxes or regions, then diagonals and windows), then under variant
        rules equal digits a knight's or king's move apart and consecutive neighbours."""
        rules, cells = self._rules, self._cells
        shape = self._shape
        classic = rules is shape.rules
        out = []
        for unit, unit_cells in enumerate(rules.units):
            seen: dict[int, list[int]] = {}
            for c in unit_cells:
                v = cells[c]
                if v:
                    seen.setdefault(v, []).append(c)
            for digit in sorted(seen):
                where = seen[digit]
                if len(where) > 1:
                    if classic:
                        out.append(Conflict(shape, digit, unit, tuple(where)))
                    else:
                        out.append(Conflict(shape, digit, unit, tuple(where), rules))
        if classic:
            return out
        if rules.anti_knight or rules.anti_king:
            n = shape.n
            for a, near in enumerate(rules.extra_peers):
                v = cells[a]
                if v:
                    for b in near:
                        if a < b and cells[b] == v:
                            dr, dc = abs(a // n - b // n), abs(a % n - b % n)
                            move = "knight" if dr + dc == 3 else "king"
                            out.append(Conflict(shape, v, -1, (a, b), rules, move))
        if rules.nonconsecutive:
            for a, near in enumerate(rules.neighbours):
                v = cells[a]
                if v:
                    for b in near:
                        w = cells[b]
                        if a < b and w and (w == v + 1 or w == v - 1):
                            out.append(Conflict(shape, min(v, w), -1, (a, b), rules, "consecutive"))
        for i, cage in enumerate(rules.cages):
            spots: dict[int, list[int]] = {}
            for c in cage.cells:
                if cells[c]:
                    spots.setdefault(cells[c], []).append(c)
            for digit in sorted(spots):
                if len(spots[digit]) > 1:
                    out.append(Conflict(shape, digit, i, tuple(spots[digit]), rules, "cage"))
            if cage.total is not None and len(spots) == len(cage.cells):
                total = sum(cells[c] for c in cage.cells)
                if total != cage.total:
                    out.append(Conflict(shape, total, i, cage.cells, rules, "sum"))
        return out

    def has_conflicts(self) -> bool:
        """Whether any rule is broken (a quick check, no details)."""
        shape = self._shape
        rules = self._rules
        if rules is not shape.rules:
            return self._has_variant_conflicts()
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

    def _has_variant_conflicts(self) -> bool:
        rules, cells = self._rules, self._cells
        used = [0] * len(rules.units)
        unit_of, extra, near = rules.unit_of, rules.extra_peers, rules.neighbours
        for cell, v in enumerate(cells):
            if v:
                bit = 1 << v
                for u in unit_of[cell]:
                    if used[u] & bit:
                        return True
                    used[u] |= bit
                for p in extra[cell]:
                    if cells[p] == v:
                        return True
                for p in near[cell]:
                    w = cells[p]
                    if w and (w == v + 1 or w == v - 1):
                        return True
        for cage in rules.cages:
            values = [cells[c] for c in cage.cells]
            filled = [v for v in values if v]
            if len(set(filled)) != len(filled):
                return True
            if cage.total is not None and len(filled) == len(values) and sum(values) != cage.total:
                return True
        return False

    def conflicting_cells(self) -> frozenset[int]:
        """The cells involved in any conflict (for highlighting)."""
        return frozenset(c for k in self.conflicts() for c in k.cells)

    def candidates(self) -> list[int]:
        """Per cell, the mask of digits the rules still allow (``0`` for a filled cell):
        no digit of a peer (units, and knight's or king's moves under those variants) and,
        under non-consecutive rules, no digit next to an orthogonal neighbour's."""
        shape, cells = self._shape, self._cells
        rules = self._rules
        if rules is not shape.rules:
            return self._variant_candidates()
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

    def _variant_candidates(self) -> list[int]:
        rules, cells = self._rules, self._cells
        used = [0] * len(rules.units)
        unit_of = rules.unit_of
        for cell, v in enumerate(cells):
            if v:
                bit = 1 << (v - 1)
                for u in unit_of[cell]:
                    used[u] |= bit
        # a cage is no unit, but its digits never repeat: its placed digits count too
        in_cage = [0] * len(rules.cages)
        cage_of = rules.cage_of
        if rules.cages:
            for cell, v in enumerate(cells):
                if v and cage_of[cell] >= 0:
                    in_cage[cage_of[cell]] |= 1 << (v - 1)
        full = rules.all_mask
        extra, near = rules.extra_peers, rules.neighbours
        out = []
        for cell, v in enumerate(cells):
            if v:
                out.append(0)
                continue
            taken = in_cage[cage_of[cell]] if rules.cages and cage_of[cell] >= 0 else 0
            for u in unit_of[cell]:
                taken |= used[u]
            for p in extra[cell]:
                w = cells[p]
                if w:
                    taken |= 1 << (w - 1)
            for p in near[cell]:
                w = cells[p]
                if w:
                    # digits w - 1 and w + 1: bits w - 2 and w
                    taken |= (1 << w) | (1 << (w - 2) if w > 1 else 0)
            out.append(full & ~taken)
        return out

    def status(self) -> Status:
        """Flags describing the grid; ``Status.VALID`` (0) when none applies."""
        flags = Status.VALID
        if self.has_conflicts():
            flags |= Status.DUPLICATE
        if self.is_complete():
            flags |= Status.COMPLETE
        elif any(m == 0 and v == 0 for m, v in zip(self.candidates(), self._cells, strict=True)):
            flags |= Status.DEAD_CELL
        return flags

    def is_solved(self) -> bool:
        """Complete and without conflicts."""
        return self.is_complete() and not self.has_conflicts()

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
        return Grid(self._rules, cells)


def require_classic(grid: Grid, what: str) -> None:
    """Refuse a grid under variant rules in a part of sudokit that handles classic rules
    only: :class:`~sudokit.errors.UnsupportedRulesError` naming the part and the rules
    (``rate: X rules are not supported yet``), never an answer as if they were classic."""
    rules = grid._rules
    if rules is not grid._shape.rules:
        raise UnsupportedRulesError(f"{what}: {rules.name} rules are not supported yet")
