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

import functools
import weakref
from collections.abc import Callable, Iterable, Sequence
from functools import cache, cached_property
from typing import ClassVar, TypeVar

from .cages import Cage as Cage  # re-exported: the rules hold cages
from .cages import cage_code, check_cages, parse_cages
from .errors import RulesError

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
    def rules(self) -> Rules:
        """The classic rules of this shape: rows, columns and boxes."""
        return Rules(self, (), self.box_index)

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


# --- rules ---------------------------------------------------------------------------------
#: The variants a :class:`Rules` value can hold, by the name used in codes, the command line
#: and the game; each with the words shown to people.
VARIANTS: dict[str, str] = {
    "x": "X (both main diagonals hold every digit once)",
    "windoku": "windoku (the shaded windows hold every digit once too)",
    "jigsaw": "jigsaw (irregular regions instead of boxes)",
    "anti-knight": "anti-knight (cells a chess knight's move apart never share a digit)",
    "anti-king": "anti-king (diagonally touching cells never share a digit)",
    "non-consecutive": "non-consecutive (side-by-side cells never hold consecutive digits)",
    "killer": "killer (the digits in a cage never repeat and add up to its sum)",
}
#: Other spellings people and files use for the same variants.
_VARIANT_ALIASES = {
    "diagonal": "x",
    "diagonals": "x",
    "sudoku-x": "x",
    "hyper": "windoku",
    "windows": "windoku",
    "irregular": "jigsaw",
    "antiknight": "anti-knight",
    "anti_knight": "anti-knight",
    "antiking": "anti-king",
    "anti_king": "anti-king",
    "nonconsecutive": "non-consecutive",
    "non_consecutive": "non-consecutive",
    "nc": "non-consecutive",
    "cages": "killer",
    "killer-sudoku": "killer",
    "sumdoku": "killer",
}
_KNIGHT = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))
_KING = ((-1, -1), (-1, 1), (1, -1), (1, 1))  # the orthogonal ones share a row or column
_REGION_LETTERS = "ABCDEFGHIJKLMNOP"


def variant_name(word: str) -> str:
    """The canonical name of a variant (``"diagonal"`` → ``"x"``); RulesError if unknown."""
    key = word.strip().lower().replace(" ", "-")
    key = _VARIANT_ALIASES.get(key, key)
    if key not in VARIANTS:
        import difflib

        near = difflib.get_close_matches(key, [*VARIANTS, *_VARIANT_ALIASES], n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        known = ", ".join(VARIANTS)
        raise RulesError(f"unknown variant {word!r}{hint}; variants: {known}")
    return key


class Rules:
    """What a puzzle's rules are, as data: every constraint a solution must keep.

    - *units*: ``n`` cells that hold every digit once. Rows ``0..n-1``, columns
      ``n..2n-1`` and boxes (or jigsaw regions) ``2n..3n-1``, numbered as in classic
      Sudoku; then the extra units: the two diagonals of X (↘ then ↗), the windows of
      windoku (row-major);
    - *extra peers*: cells that may not share a digit without sharing a unit
      (anti-knight, anti-king);
    - *neighbours*: orthogonally adjacent pairs whose digits may not differ by one
      (non-consecutive);
    - *cages* (killer): sets of cells whose digits never repeat and add up to a sum (or
      have none). A cage's cells are peers; a cage is never a unit.

    Rules are interned and immutable: equal rules are the same object, so ``rules is
    shape.rules`` tells classic apart cheaply. Build them with :meth:`Rules.make`,
    :meth:`Rules.parse` (a code) or ``shape.rules`` (classic).
    """

    # Weak: rules nobody holds any more (the thousands of cage layouts a killer maker
    # tries) are freed, with every table cached on them (see :func:`per_rules`).
    _interned: ClassVar[weakref.WeakValueDictionary[tuple[object, ...], Rules]] = (
        weakref.WeakValueDictionary()
    )

    shape: Shape
    n: int
    ncells: int
    #: The variant names in force, in :data:`VARIANTS` order (``()`` for classic).
    variants: tuple[str, ...]
    #: The region of each cell: the box for regular rules, the jigsaw piece otherwise.
    region_of: tuple[int, ...]
    #: The killer cages, ordered by their first cell (``()`` without killer).
    cages: tuple[Cage, ...]

    def __new__(
        cls,
        shape: Shape,
        variants: tuple[str, ...],
        region_of: tuple[int, ...],
        cages: tuple[Cage, ...] = (),
    ) -> Rules:
        key = (shape, variants, region_of, cages)
        rules = cls._interned.get(key)
        if rules is None:
            rules = super().__new__(cls)
            for name, value in (
                ("shape", shape),
                ("n", shape.n),
                ("ncells", shape.ncells),
                ("variants", variants),
                ("region_of", region_of),
                ("cages", cages),
            ):
                object.__setattr__(rules, name, value)
            cls._interned[key] = rules
        return rules

    def __setattr__(self, name: str, value: object) -> None:
        if name in ("shape", "n", "ncells", "variants", "region_of", "cages"):
            raise AttributeError("Rules is immutable")
        object.__setattr__(self, name, value)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Rules.parse, (self.code,))

    def __repr__(self) -> str:
        return f"Rules.parse({self.code!r})"

    def __str__(self) -> str:
        return self.name

    # --- building --------------------------------------------------------------------
    @staticmethod
    def make(
        size: int,
        variants: Iterable[str] = (),
        regions: Sequence[int] | None = None,
        cages: Iterable[Cage] = (),
    ) -> Rules:
        """Rules for an ``size × size`` grid with the named ``variants``.

        ``regions`` gives each cell's jigsaw region (``n`` regions of ``n`` cells, any
        numbering); it implies ``jigsaw``. ``cages`` are killer cages (disjoint, at most
        ``n`` cells each, a sum that distinct digits can reach); they imply ``killer``,
        and ``killer`` needs them. Raises :class:`~sudokit.errors.RulesError` naming what
        is wrong.
        """
        shape = Shape.of(size)
        n = shape.n
        names = {variant_name(v) for v in variants}
        if regions is not None:
            names.add("jigsaw")
            region_of = _normalise_regions(shape, regions)
        elif "jigsaw" in names:
            raise RulesError("jigsaw rules need the regions: one region number per cell")
        else:
            region_of = shape.box_index
        if region_of == shape.box_index:
            names.discard("jigsaw")  # a jigsaw whose pieces are the boxes is classic
        if "windoku" in names and shape.box_rows != shape.box_cols:
            raise RulesError(f"windoku needs square boxes; a {n}×{n} grid has none")
        checked = check_cages(shape.n, cages)
        if checked:
            names.add("killer")
        elif "killer" in names:
            raise RulesError("killer rules need the cages: their cells and sums")
        ordered = tuple(v for v in VARIANTS if v in names)
        return Rules(shape, ordered, region_of, checked)

    @staticmethod
    def parse(code: str) -> Rules:
        """The rules named by a code such as ``9``, ``9+x``, ``6+jigsaw:AAABBB…``,
        ``9+killer:1112=3/131423=15/…``.

        The code is :attr:`code`'s form: the size, then ``+``-separated variant names; a
        jigsaw's regions as one letter per cell, row-major; killer cages ``/``-separated,
        each its cells (row and column symbols, ``12`` is r1c2) then ``=`` and its sum
        unless it has none.
        """
        head, *parts = code.strip().split("+")
        try:
            size = int(head)
            Shape.of(size)
        except ValueError:
            sizes = ", ".join(str(s) for s in SIZES)
            raise RulesError(f"rules {code!r}: {head!r} is not a size ({sizes})") from None
        variants: list[str] = []
        regions: list[int] | None = None
        cages: list[Cage] = []
        for part in parts:
            name, _, arg = part.partition(":")
            if variant_name(name) == "killer" and arg:
                cages = parse_cages(code, size, arg, SYMBOLS)
            elif variant_name(name) == "jigsaw":
                if not arg:
                    raise RulesError(f"rules {code!r}: jigsaw needs its regions after ':'")
                bad = sorted(set(arg.upper()) - set(_REGION_LETTERS[:size]))
                if bad:
                    raise RulesError(
                        f"rules {code!r}: jigsaw regions are letters A-"
                        f"{_REGION_LETTERS[size - 1]}, not {bad[0]!r}"
                    )
                regions = [_REGION_LETTERS.index(ch) for ch in arg.upper()]
            else:
                variants.append(name)
        return Rules.make(size, variants, regions, cages)

    @property
    def code(self) -> str:
        """A short text that :meth:`parse` turns back into these rules (``9+x+anti-knight``)."""
        parts = [str(self.n)]
        for v in self.variants:
            if v == "jigsaw":
                parts.append("jigsaw:" + "".join(_REGION_LETTERS[r] for r in self.region_of))
            elif v == "killer":
                parts.append(
                    "killer:" + "/".join(cage_code(c, self.n, SYMBOLS) for c in self.cages)
                )
            else:
                parts.append(v)
        return "+".join(parts)

    @property
    def name(self) -> str:
        """``classic``, ``X``, ``jigsaw + anti-knight``: the rules in words, for people."""
        if not self.variants:
            return "classic"
        return " + ".join("X" if v == "x" else v for v in self.variants)

    def describe(self) -> str:
        """The rules in one line, for a player: what holds beyond rows and columns."""
        if not self.variants:
            return "Every row, column and box holds every digit once."
        parts = [VARIANTS[v] for v in self.variants]
        if self.killer and any(c.total is None for c in self.cages):
            parts[-1] = (
                "killer (the digits in a cage never repeat and add up to its sum, if it has one)"
            )
        return (
            "Every row, column and "
            + ("region" if self.jigsaw else "box")
            + " holds every digit once; "
            + "; ".join(parts)
            + "."
        )

    # --- what kind ----------------------------------------------------------------------
    @property
    def classic(self) -> bool:
        """True for the plain rules of the shape: rows, columns and boxes only."""
        return not self.variants

    @property
    def jigsaw(self) -> bool:
        return "jigsaw" in self.variants

    @property
    def diagonals(self) -> bool:
        return "x" in self.variants

    @property
    def windows(self) -> bool:
        return "windoku" in self.variants

    @property
    def anti_knight(self) -> bool:
        return "anti-knight" in self.variants

    @property
    def anti_king(self) -> bool:
        return "anti-king" in self.variants

    @property
    def nonconsecutive(self) -> bool:
        return "non-consecutive" in self.variants

    @property
    def killer(self) -> bool:
        """True when the rules have cages."""
        return bool(self.cages)

    @property
    def symbols(self) -> str:
        return self.shape.symbols

    @property
    def all_mask(self) -> int:
        return self.shape.all_mask

    def cell_name(self, cell: int) -> str:
        return self.shape.cell_name(cell)

    # --- tables ---------------------------------------------------------------------
    @cached_property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """Every unit's cells: rows, columns, regions (row-major inside each), extras."""
        shape, n = self.shape, self.n
        if self.region_of is shape.box_index:
            units = list(shape.units)
        else:
            regions: list[list[int]] = [[] for _ in range(n)]
            for cell, r in enumerate(self.region_of):
                regions[r].append(cell)
            units = list(shape.units[: 2 * n]) + [tuple(r) for r in regions]
        if self.diagonals:
            units.append(tuple(i * n + i for i in range(n)))
            units.append(tuple(i * n + (n - 1 - i) for i in range(n)))
        if self.windows:
            b = shape.box_rows
            starts = range(1, n - b + 1, b + 1)
            for r0 in starts:
                for c0 in starts:
                    units.append(tuple((r0 + i) * n + c0 + j for i in range(b) for j in range(b)))
        return tuple(units)

    @cached_property
    def unit_kinds(self) -> tuple[str, ...]:
        """Each unit's kind: ``row``, ``column``, ``box``/``region``, ``diagonal``, ``window``."""
        n = self.n
        kinds = ["row"] * n + ["column"] * n + ["region" if self.jigsaw else "box"] * n
        extra = len(self.units) - 3 * n
        if self.diagonals:
            kinds += ["diagonal"] * 2
            extra -= 2
        kinds += ["window"] * extra
        return tuple(kinds)

    def unit_kind(self, unit: int) -> str:
        return self.unit_kinds[unit]

    def unit_name(self, unit: int) -> str:
        """``row 3``, ``box 2``, ``region 4``, ``the ↘ diagonal``, ``window 1``: for people."""
        kind = self.unit_kinds[unit]
        if kind == "diagonal":
            return "the ↘ diagonal" if unit == 3 * self.n else "the ↗ diagonal"
        first = self.unit_kinds.index(kind)
        return f"{kind} {unit - first + 1}"

    @cached_property
    def unit_of(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the units it lies in: row, column, region, then any extras."""
        if self.classic:
            return self.shape.unit_of
        units_of: list[list[int]] = [[] for _ in range(self.ncells)]
        for u, cells in enumerate(self.units):
            for c in cells:
                units_of[c].append(u)
        return tuple(tuple(us) for us in units_of)

    @cached_property
    def extra_peers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the cells it may not share a digit with outside its units."""
        n = self.n
        steps = (_KNIGHT if self.anti_knight else ()) + (_KING if self.anti_king else ())
        out = []
        for cell in range(self.ncells):
            r, c = divmod(cell, n)
            out.append(
                tuple(
                    sorted(
                        (r + dr) * n + c + dc
                        for dr, dc in steps
                        if 0 <= r + dr < n and 0 <= c + dc < n
                    )
                )
            )
        return tuple(out)

    @cached_property
    def cage_of(self) -> tuple[int, ...]:
        """For each cell, the index of its cage in :attr:`cages`, ``-1`` outside every cage."""
        out = [-1] * self.ncells
        for i, cage in enumerate(self.cages):
            for c in cage.cells:
                out[c] = i
        return tuple(out)

    def cage_name(self, index: int) -> str:
        """``cage r1c1–r1c2 (sum 3)`` (``cage r1c1–r1c2`` without a sum): for people."""
        cage = self.cages[index]
        where = cage.place(self.n)
        return f"cage {where}" if cage.total is None else f"cage {where} (sum {cage.total})"

    @cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, every cell that may not hold its digit (itself excluded): its
        units' cells, its extra peers and its cage's other cells."""
        if self.classic:
            return self.shape.peers
        units, cages, cage_of = self.units, self.cages, self.cage_of
        return tuple(
            tuple(
                sorted(
                    (
                        {p for u in self.unit_of[cell] for p in units[u]}
                        | set(self.extra_peers[cell])
                        | set(cages[cage_of[cell]].cells if cage_of[cell] >= 0 else ())
                    )
                    - {cell}
                )
            )
            for cell in range(self.ncells)
        )

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the orthogonal neighbours whose digit may not differ by one
        (empty unless non-consecutive)."""
        n = self.n
        if not self.nonconsecutive:
            return ((),) * self.ncells
        out = []
        for cell in range(self.ncells):
            r, c = divmod(cell, n)
            near = [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))]
            out.append(tuple(a * n + b for a, b in near if 0 <= a < n and 0 <= b < n))
        return tuple(out)

    # --- checking -----------------------------------------------------------------------
    def broken(self, cells: Sequence[int]) -> list[tuple[str, tuple[int, ...]]]:
        """Every place where a (partial) grid breaks these rules, as ``(what, cells)``:
        a digit twice in a unit, a pair of extra peers with one digit, consecutive
        neighbours, a digit twice in a cage, a full cage whose digits do not add up to
        its sum. Empty cells (``0``) break nothing."""
        out: list[tuple[str, tuple[int, ...]]] = []
        symbols = self.symbols
        for u, unit_cells in enumerate(self.units):
            seen: dict[int, list[int]] = {}
            for c in unit_cells:
                if cells[c]:
                    seen.setdefault(cells[c], []).append(c)
            for d in sorted(seen):
                if len(seen[d]) > 1:
                    out.append(
                        (f"duplicate {symbols[d - 1]} in {self.unit_name(u)}", tuple(seen[d]))
                    )
        if self.anti_knight or self.anti_king:
            for a in range(self.ncells):
                for b in self.extra_peers[a]:
                    if a < b and cells[a] and cells[a] == cells[b]:
                        move = "a knight's move" if _is_knight(a, b, self.n) else "a king's move"
                        out.append((f"{symbols[cells[a] - 1]} twice {move} apart", (a, b)))
        if self.nonconsecutive:
            for a in range(self.ncells):
                for b in self.neighbours[a]:
                    if a < b and cells[a] and cells[b] and abs(cells[a] - cells[b]) == 1:
                        lo, hi = sorted((cells[a], cells[b]))
                        out.append(
                            (
                                f"consecutive {symbols[lo - 1]} and {symbols[hi - 1]} side by side",
                                (a, b),
                            )
                        )
        for i, cage in enumerate(self.cages):
            seen = {}
            for c in cage.cells:
                if cells[c]:
                    seen.setdefault(cells[c], []).append(c)
            for d in sorted(seen):
                if len(seen[d]) > 1:
                    out.append(
                        (f"duplicate {symbols[d - 1]} in {self.cage_name(i)}", tuple(seen[d]))
                    )
            values = [cells[c] for c in cage.cells]
            if cage.total is not None and all(values) and sum(values) != cage.total:
                out.append((f"{self.cage_name(i)} adds up to {sum(values)}", cage.cells))
        return out

    def is_solution(self, cells: Sequence[int]) -> bool:
        """Whether ``cells`` is a complete grid keeping every rule."""
        return len(cells) == self.ncells and all(cells) and not self.broken(cells)


def _is_knight(a: int, b: int, n: int) -> bool:
    dr, dc = abs(a // n - b // n), abs(a % n - b % n)
    return {dr, dc} == {1, 2}


def _normalise_regions(shape: Shape, regions: Sequence[int]) -> tuple[int, ...]:
    """Regions renumbered in order of first appearance; RulesError unless they cut the grid
    into ``n`` parts of ``n`` cells. Boxes come back as ``shape.box_index`` itself."""
    n = shape.n
    if len(regions) != shape.ncells:
        raise RulesError(f"jigsaw regions: expected {shape.ncells} cells, got {len(regions)}")
    order: dict[int, int] = {}
    for r in regions:
        order.setdefault(r, len(order))
    if len(order) != n:
        raise RulesError(f"jigsaw regions: a {n}×{n} grid has {n} regions, not {len(order)}")
    region_of = tuple(order[r] for r in regions)
    sizes = [0] * n
    for r in region_of:
        sizes[r] += 1
    for r, size in enumerate(sizes):
        if size != n:
            first = region_of.index(r)
            raise RulesError(
                f"jigsaw regions: the region holding {shape.cell_name(first)} has {size} cells,"
                f" not {n}"
            )
    if region_of == shape.box_index:
        return shape.box_index
    return region_of


T = TypeVar("T")


def per_rules(func: Callable[[Rules], T]) -> Callable[[Rules], T]:
    """Cache ``func(rules)`` on the rules object itself, so that it lives exactly as long
    as the rules do (a module-level cache would keep every rules ever seen alive)."""
    key = f"_per_rules.{func.__module__}.{func.__qualname__}"

    @functools.wraps(func)
    def cached(rules: Rules) -> T:
        held = rules.__dict__
        try:
            return held[key]  # type: ignore[no-any-return]
        except KeyError:
            value = held[key] = func(rules)
            return value

    return cached
