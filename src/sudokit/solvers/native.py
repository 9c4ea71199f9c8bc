"""The C core (``sudokit._native``) as a backend, and batch solving.

When the compiled module is present, importing this registers the backend ``native``
(priority 10, above ``python``) for every size and rules: its specialised 9×9 kernel for
classic 9×9, its general kernel (singles, locked candidates, killer cage sums,
fewest-candidates branching) for 4×4 to 16×16 and for every variant, which takes the
rules as tables
(:func:`geometry`). ``SUDOKIT_BACKEND=python`` forces the pure-Python solver everywhere.
Without a compiler sudokit installs without the module and everything here still works, on the
pure-Python backend.

Batch solving sends many puzzles through one call, so the per-puzzle cost from Python is
the C solver's alone:

    >>> from sudokit.solvers.native import run_many, solve_many
    >>> puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> batch = run_many((puzzle * 2).encode(), limit=2)
    >>> batch.counts
    [1, 1]
    >>> batch.solution(0)[:9]
    '417369825'
    >>> solve_many([puzzle])[0][:9]
    '417369825'

Records are 81 symbols (``1``-``9``; ``.`` or ``0`` empty), back to back without
separators. They are validated here, before the C core sees them; a malformed buffer
raises :class:`~sudokit.errors.ParseError` naming the puzzle (``line``, 1-based index in
the batch), row and column.

Puzzles under other rules batch too: ``run_many(data, limit, rules=...)`` takes records
of ``n * n`` symbols under one rules value (one C call), and :func:`solve_many` and
:func:`count_many` take a mix — grids under any rules, or lines that carry their rules'
code (``9+x:...``) — answering each under its own rules:

    >>> count_many([puzzle, "9+x:" + "." * 81], limit=2)
    [1, 2]
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from typing import NamedTuple, Protocol, cast

from ..errors import CellCountError, ParseError, SymbolError, UnsupportedRulesError
from ..formats import format_line
from ..geometry import SYMBOLS, Rules, Shape, per_rules
from ..grid import Grid
from .registry import Outcome, backend_for, register

#: Cells of a 9×9 puzzle: the size of one record in a batch.
CELLS = 81
_SHAPE = Shape.of(9)
_VALUE = {ord("."): 0, **{ord(str(d)): d for d in range(10)}}


class _Core(Protocol):
    """What the compiled module provides (see src/sudokit/_native/module.c)."""

    CELLS: int
    BUILD: str

    def run(self, cells: bytes, limit: int, /) -> tuple[int, bytes | None, int]: ...

    def run_many(
        self, data: bytes | bytearray, limit: int, geometry: object = ..., /
    ) -> tuple[list[int], bytes, list[int]]: ...

    def find_bad_symbol(self, data: bytes | bytearray, /) -> int: ...

    def geometry(
        self,
        n: int,
        units: Sequence[Sequence[int]],
        extra_peers: Sequence[Sequence[int]],
        neighbours: Sequence[Sequence[int]],
        cages: Sequence[tuple[Sequence[int], int | None]] = ...,
        /,
    ) -> object: ...

    def geometry_info(self, geometry: object, /) -> tuple[int, int, bool, list[int]]: ...

    def run_general(
        self, geometry: object, cells: bytes, limit: int, budget: int = ..., /
    ) -> tuple[int, bytes | None, int]: ...

    def search(
        self, cells: Sequence[int] | bytes, limit: int, geometry: object = ..., /
    ) -> tuple[int, list[int] | None, int]: ...

    def carve(
        self, geometry: object, cells: Sequence[int], groups: Sequence[Sequence[int]], keep: int, /
    ) -> list[int]: ...

    def fill(
        self, geometry: object, seed: int, limit: int, run: int, /
    ) -> tuple[int, list[int] | None]: ...

    def forcing_search(
        self, geometry: object, cands: Sequence[int], kinds: int, /
    ) -> tuple[int, int, int] | None: ...

    def basic_first(
        self, geometry: object, cands: Sequence[int] | bytes, /
    ) -> tuple[int, int, int, int]: ...

    def net_first(
        self, geometry: object, cands: Sequence[int] | bytes, level: int, /
    ) -> tuple[int, int, int]: ...

    def net_offers(
        self, geometry: object, cands: Sequence[int] | bytes, level: int, /
    ) -> bytes | None: ...

    def chain_find(
        self, geometry: object, cands: Sequence[int], max_nodes: int, /
    ) -> tuple[int, ...] | None: ...

    def net_run(
        self,
        geometry: object,
        cands: Sequence[int] | bytes,
        on: Sequence[int] | None,
        off: Sequence[int] | None,
        queue: Sequence[int] | int,
        want_cands: bool,
        /,
    ) -> tuple[
        tuple[int, ...],
        tuple[int, ...],
        int,
        int,
        bytes,
        tuple[int, int] | None,
        list[int] | None,
        list[int] | None,
    ]: ...

    def finned_any(self, geometry: object, cands: Sequence[int], size: int, /) -> bool: ...

    def aic_any(self, geometry: object, cands: Sequence[int], max_nodes: int, /) -> bool: ...

    def als_graph(
        self, geometry: object, cands: Sequence[int], empty: int, max_cells: int, /
    ) -> tuple[
        list[tuple[int, int, int, tuple[int, ...], tuple[int, ...]]], list[list[tuple[int, int]]]
    ]: ...

    def als_chain(
        self,
        geometry: object,
        cands: Sequence[int],
        empty: int,
        max_cells: int,
        max_chain: int,
        max_work: int,
        /,
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...]] | None: ...

    def franken_digits(self, geometry: object, cands: Sequence[int], mutant: int, /) -> int: ...


def _load() -> _Core | None:
    try:
        module = importlib.import_module("sudokit._native")
    except ImportError:
        return None
    # In a source checkout without a build, the name resolves to the folder of C sources
    # (as a namespace package): that is no core. A build older than its sources (no
    # ``geometry``) is none either: `make` rebuilds it, and its native-check says so.
    if not hasattr(module, "geometry"):
        return None
    return cast(_Core, module)


_core = _load()

#: Whether the compiled core is installed.
AVAILABLE: bool = _core is not None
#: Compiler and flags the core was built with (None when it is not installed).
BUILD: str | None = _core.BUILD if _core is not None else None


#: Whether the core propagates killer cages (a build older than its sources does not).
_KILLER: bool = _core is not None and hasattr(_core, "KILLER")


def geometry(rules: Rules) -> object:
    """The C core's tables of ``rules`` (units, peers, non-consecutive neighbours, killer
    cages with their sums), made once per rules and kept: the one argument every C entry
    point takes for its rules. Requires the core (:data:`AVAILABLE`)."""
    if _core is None:
        raise RuntimeError("the C core is not installed")
    return _geometry(rules)


@per_rules
def _geometry(rules: Rules) -> object:
    assert _core is not None
    if rules.cages:
        if not _KILLER:
            raise UnsupportedRulesError(
                f"this build of the C core has no killer cages ({rules.name}): rebuild it"
            )
        cages = [(cage.cells, cage.total) for cage in rules.cages]
        return _core.geometry(rules.n, rules.units, rules.extra_peers, rules.neighbours, cages)
    return _core.geometry(rules.n, rules.units, rules.extra_peers, rules.neighbours)


class NativeBackend:
    """The C core: its 9×9 kernel for classic 9×9, the general one (rules as tables) for
    every other size and every variant (X, windoku, jigsaw, anti-knight, anti-king,
    non-consecutive, killer and their combinations). Cells arrive validated from the
    registry."""

    name = "native"
    priority = 10

    def __init__(self, core: _Core) -> None:
        self._core = core
        self._search = core.search

    def supports(self, rules: Rules) -> bool:
        # Every size and every rules sudokit has, killer cages included (unless the build
        # predates them: then killers go to the pure-Python engine).
        return _KILLER or not rules.killer

    def run(self, rules: Rules | Shape, cells: Sequence[int], limit: int) -> Outcome:
        # One C call reads the cells and builds the answer's parts; classic rules need no
        # tables (the shape follows from the number of cells).
        if type(rules) is Rules and rules.variants:
            return _new_outcome(Outcome, self._search(cells, limit, geometry(rules)))
        return _new_outcome(Outcome, self._search(cells, limit))


_new_outcome = tuple.__new__


if _core is not None:
    register(NativeBackend(_core))


def active() -> bool:
    """Whether 9×9 work goes to the C core now (installed and not overridden by
    ``SUDOKIT_BACKEND``)."""
    return _core is not None and backend_for(_SHAPE).name == NativeBackend.name


# --- batches ------------------------------------------------------------------------


class Batch(NamedTuple):
    """Results of :func:`run_many`, one entry per puzzle, in input order."""

    #: Solutions found, capped at the limit (with ``limit=2``: 0 none, 1 unique, 2 several).
    counts: list[int]
    #: 81 ASCII digits per puzzle: its first solution, or 81 ``.`` when it has none.
    solutions: bytes
    #: Trial assignments the search made.
    guesses: list[int]
    #: Cells per record (81 for 9×9; ``n * n`` for a batch under rules of another size).
    size: int = CELLS

    def solution(self, index: int) -> str | None:
        """The first solution of puzzle ``index`` as a line of symbols, or None."""
        if not self.counts[index]:
            return None
        size = self.size
        return self.solutions[index * size : (index + 1) * size].decode("ascii")


Buffer = bytes | bytearray | memoryview | str


def _raw(data: Buffer) -> bytes | bytearray:
    if isinstance(data, str):
        return data.encode("ascii", errors="replace")  # '?' then fails the symbol check
    if isinstance(data, memoryview):
        return data.tobytes()
    return data


def _check(data: Buffer) -> bytes | bytearray:
    """The buffer as bytes, checked: whole records of valid symbols."""
    raw = _raw(data)
    if len(raw) % CELLS:
        raise CellCountError(
            f"a batch holds whole puzzles of {CELLS} cells: {len(raw)} bytes is "
            f"{len(raw) // CELLS} puzzles and {len(raw) % CELLS} cells"
        )
    if _core is not None:
        bad = _core.find_bad_symbol(raw)
    else:
        bad = next((i for i, byte in enumerate(raw) if byte not in _VALUE), -1)
    if bad >= 0:
        index, cell = divmod(bad, CELLS)
        row, col = divmod(cell, 9)
        shown = data[bad] if isinstance(data, str) else chr(raw[bad])
        raise SymbolError(
            f"row {row + 1}, column {col + 1}: {shown!r} is not a digit (1-9, or . or 0 for empty)",
            line=index + 1,
            row=row,
            col=col,
        )
    return raw


def check_batch(data: Buffer) -> None:
    """Raise :class:`~sudokit.errors.ParseError` unless ``data`` is whole 81-symbol records.

    ``line`` on the error is the 1-based index of the offending puzzle in the batch.
    """
    _check(data)


def run_many(data: Buffer, limit: int = 2, rules: Rules | Shape | None = None) -> Batch:
    """Solve a batch of 9×9 puzzles: 81-symbol records back to back, in one call.

    With ``rules``, the puzzles are under those rules (any size, any variant): records of
    ``n * n`` symbols (``1``-``9`` then ``A``-``G``; ``.`` or ``0`` empty), solutions in the
    same symbols, each puzzle answered as :func:`sudokit.search` answers it under them.

    Counts solutions up to ``limit`` (``2`` answers "unique?", ``1`` is fastest when any
    solution will do) and keeps each puzzle's first solution. Uses the C core when it is
    active, else the active backend one puzzle at a time, with the same counts (the first
    solution of a puzzle with several, and guess counts, depend on the backend).

    Raises :class:`~sudokit.errors.ParseError` for a malformed buffer (see
    :func:`check_batch`) and ValueError for a limit below 1. The C core releases the GIL
    while solving, so threads can solve batches in parallel.
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    if rules is not None:
        target = rules.rules if isinstance(rules, Shape) else rules
        if target is not _SHAPE.rules:
            return _run_many_rules(data, limit, target)
    raw = _check(data)
    if _core is not None and active():
        return Batch(*_core.run_many(raw, limit))
    return _run_many_python(bytes(raw), limit)


def _run_many_python(raw: bytes, limit: int) -> Batch:
    backend = backend_for(_SHAPE)
    counts: list[int] = []
    guesses: list[int] = []
    out = bytearray()
    empty = b"." * CELLS
    for start in range(0, len(raw), CELLS):
        cells = [_VALUE[b] for b in raw[start : start + CELLS]]
        result = backend.run(_SHAPE, cells, limit)
        counts.append(result.count)
        guesses.append(result.guesses)
        if result.solution is None:
            out += empty
        else:
            out += bytes(48 + v for v in result.solution)
    return Batch(counts, bytes(out), guesses)


def _tables(n: int) -> tuple[bytes, bytes, bytes]:
    """For records of an ``n × n`` grid: symbols to cell values (``bytes.translate``), the
    symbols allowed (to delete), and digit values back to symbols (0 to ``.``)."""
    to_value = bytearray(range(256))
    allowed = bytearray(b".0")
    to_value[ord(".")] = to_value[ord("0")] = 0
    for d, symbol in enumerate(SYMBOLS[:n], start=1):
        for ch in {symbol, symbol.lower()}:
            to_value[ord(ch)] = d
            allowed.append(ord(ch))
    to_symbol = bytearray(range(256))
    to_symbol[0] = ord(".")
    for d, symbol in enumerate(SYMBOLS[:n], start=1):
        to_symbol[d] = ord(symbol)
    return bytes(to_value), bytes(allowed), bytes(to_symbol)


_TABLES = {n: _tables(n) for n in (4, 6, 9, 12, 16)}


def _run_many_rules(data: Buffer, limit: int, rules: Rules) -> Batch:
    """:func:`run_many` under ``rules``: records of ``n * n`` symbols."""
    raw = _raw(data)
    n, size = rules.n, rules.ncells
    to_value, allowed, to_symbol = _TABLES[n]
    if len(raw) % size:
        raise CellCountError(
            f"a batch of {n}×{n} puzzles holds whole records of {size} cells: {len(raw)} bytes"
            f" is {len(raw) // size} puzzles and {len(raw) % size} cells"
        )
    if bytes(raw).translate(None, allowed):
        bad = next(i for i, byte in enumerate(raw) if byte not in allowed)
        index, cell = divmod(bad, size)
        row, col = divmod(cell, n)
        shown = data[bad] if isinstance(data, str) else chr(raw[bad])
        raise SymbolError(
            f"row {row + 1}, column {col + 1}: {shown!r} is not a digit "
            f"({rules.shape.symbol_range()}, or . or 0 for empty)",
            line=index + 1,
            row=row,
            col=col,
        )
    values = bytes(raw).translate(to_value)
    backend = backend_for(rules)
    if _core is not None and backend.name == NativeBackend.name:
        counts, solutions, guesses = _core.run_many(values, limit, geometry(rules))
        return Batch(counts, solutions.translate(to_symbol), guesses, size)
    counts, guesses = [], []
    out = bytearray()
    for start in range(0, len(values), size):
        result = backend.run(rules, list(values[start : start + size]), limit)
        counts.append(result.count)
        guesses.append(result.guesses)
        out += bytes(size) if result.solution is None else bytes(result.solution)
    return Batch(counts, bytes(out).translate(to_symbol), guesses, size)


def search_rules(rules: Rules, puzzles: Sequence[Sequence[int]], limit: int) -> list[Outcome]:
    """:func:`sudokit.search`'s outcome for each puzzle (cell values) under ``rules``, in
    one call to the C core (the same answers as one search each). Requires the core."""
    if _core is None:
        raise RuntimeError("the C core is not installed")
    size = rules.ncells
    data = b"".join(bytes(cells) for cells in puzzles)
    counts, solutions, guesses = _core.run_many(data, limit, geometry(rules))
    return [
        Outcome(count, list(solutions[k * size : (k + 1) * size]) if count else None, guessed)
        for k, (count, guessed) in enumerate(zip(counts, guesses, strict=True))
    ]


def pack(puzzles: Iterable[str | Grid]) -> bytes:
    """Records for :func:`run_many` from 81-symbol lines (surrounding white space is
    dropped) or classic 9×9 grids. Raises :class:`~sudokit.errors.ParseError` naming the
    puzzle (``line``: its 1-based index) when one is not 81 symbols, and
    :class:`~sudokit.errors.UnsupportedRulesError` for a grid under variant rules."""
    parts: list[bytes] = []
    for index, puzzle in enumerate(puzzles, start=1):
        if isinstance(puzzle, Grid):
            if puzzle.shape is not _SHAPE:
                raise CellCountError(
                    f"expected a 9×9 grid, got {puzzle.size}×{puzzle.size}", line=index
                )
            if not puzzle.rules.classic:  # the records hold digits only: rules would be lost
                raise UnsupportedRulesError(
                    f"puzzle {index}: these records hold classic puzzles only, not"
                    f" {puzzle.rules.name}; solve_many and count_many take every rules"
                )
            text = format_line(puzzle)
        else:
            text = puzzle.strip()
        if len(text) != CELLS:
            raise CellCountError(f"expected {CELLS} cells, got {len(text)}", line=index)
        parts.append(text.encode("ascii", errors="replace"))
    data = b"".join(parts)
    _check(data)
    return data


def _grouped(puzzles: Iterable[str | Grid], limit: int) -> list[tuple[int, str | None]]:
    """The count and first solution (symbols, or None) of each puzzle, in input order:
    the classic 9×9 ones in one batch, those under other rules in one batch per rules."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    groups: dict[Rules, tuple[list[int], list[bytes]]] = {}
    total = 0
    for index, puzzle in enumerate(puzzles, start=1):
        total = index
        if isinstance(puzzle, Grid):
            rules = puzzle.rules
            record = format_line(puzzle).encode("ascii")
        elif len(text := puzzle.strip()) == CELLS and text.isascii():
            rules, record = _SHAPE.rules, text.encode("ascii")
        else:  # another size, or a line that carries its rules' code: 9+x:...
            from ..formats import parse_rules_line

            try:
                grid = parse_rules_line(text, check=False)
            except ParseError as err:
                raise err.at_line(index) from None
            rules, record = grid.rules, format_line(grid).encode("ascii")
        numbers, records = groups.setdefault(rules, ([], []))
        numbers.append(index - 1)
        records.append(record)
    out: list[tuple[int, str | None]] = [(0, None)] * total
    for rules, (numbers, records) in groups.items():
        try:
            batch = run_many(b"".join(records), limit, rules)
        except ParseError as err:  # its line is the place in the group: say the input's
            if err.line is None:
                raise
            raise err.at_line(numbers[err.line - 1] + 1) from None
        for k, i in enumerate(numbers):
            out[i] = (batch.counts[k], batch.solution(k))
    return out


def solve_many(puzzles: Iterable[str | Grid]) -> list[str | None]:
    """A solution of each puzzle as a line of digits, or None where there is none.

    Puzzles are lines of symbols (classic rules, any size), lines that carry their rules'
    code (``9+x:...``, as ``format_rules_line`` writes them), or grids under any rules:
    each is solved under its own rules, the puzzles of one rules in one batch."""
    return [solution for _, solution in _grouped(puzzles, 1)]


def count_many(puzzles: Iterable[str | Grid], limit: int = 2) -> list[int]:
    """The number of solutions of each puzzle (as :func:`solve_many` takes them), counting
    no further than ``limit``."""
    return [count for count, _ in _grouped(puzzles, limit)]


__all__ = [
    "AVAILABLE",
    "BUILD",
    "CELLS",
    "Batch",
    "NativeBackend",
    "active",
    "check_batch",
    "count_many",
    "geometry",
    "pack",
    "run_many",
    "search_rules",
    "solve_many",
]
