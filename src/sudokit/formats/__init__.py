"""Reading and writing grids: ``parse_*`` and ``format_*`` come in pairs.

- one line of ``n²`` symbols (``.`` or ``0`` for empty): :func:`format_line`;
- the picture that :func:`format_pretty` prints; ``|``, ``-``, ``+``, box-drawing
  characters and white space are ignored when reading, so ``parse(format_pretty(g)) == g``;
- nested lists of ints, the classic tutorials' ``board = [[7, 8, 0, ...], ...]``:
  :func:`parse_rows` / :meth:`Grid.rows`;
- files of many puzzles, one per line: :func:`read_puzzles` (errors are collected per
  line, never abort the file);
- the exchange formats of other Sudoku programs (SadMan ``.sdk``/``.sdm``, Simple Sudoku
  ``.ss``, HoDoKu library lines, pencil-mark grids, links, JSON Lines, CSV): see
  :mod:`sudokit.formats.exchange`; :func:`read_puzzles` and :func:`parse` read them too.
"""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from ..errors import (
    CellCountError,
    DuplicateError,
    ParseError,
    ShapeError,
    SymbolError,
)
from ..geometry import CELL_COUNTS, SIZES, SYMBOLS, Shape
from ..grid import Grid

# Characters a picture may use for its lines; they carry no cell.
_DECORATION = re.compile(r"[\s|+\-=\u2500-\u257f]+")
# Value of every symbol a text may use for a cell (letters in either case).
_VALUE = {".": 0, "0": 0}
for _i, _s in enumerate(SYMBOLS, start=1):
    _VALUE[_s] = _i
    _VALUE[_s.lower()] = _i


# Per size, every character a cell may hold.
_ALLOWED = {n: frozenset(ch for ch, v in _VALUE.items() if v <= n) for n in SIZES}


def _nearest_count(count: int) -> int:
    return min(CELL_COUNTS, key=lambda c: (abs(c - count), c))


def _check_duplicates(grid: Grid) -> None:
    if not grid.has_conflicts():
        return
    conflicts = grid.conflicts()
    if conflicts:
        first = conflicts[0]
        cell = first.cells[1]
        raise DuplicateError(str(first), row=cell // grid.size, col=cell % grid.size)


def _from_symbols(text: str, size: int | None, check: bool) -> Grid:
    """Cells from a string of symbols with every decoration already removed."""
    count = len(text)
    if size is not None:
        shape = Shape.of(size)
        if count != shape.ncells:
            raise CellCountError(f"expected {shape.ncells} cells for {size}×{size}, got {count}")
    else:
        n = CELL_COUNTS.get(count)
        if n is None:
            if count == 0:
                raise CellCountError("empty puzzle: no cells found")
            raise CellCountError(f"expected {_nearest_count(count)} cells, got {count}")
        shape = Shape.of(n)
    n = shape.n
    if not _ALLOWED[n].issuperset(text):
        _raise_bad_symbol(text, shape)
    grid = Grid(shape, [_VALUE[ch] for ch in text])
    if check:
        _check_duplicates(grid)
    return grid


def _raise_bad_symbol(text: str, shape: Shape) -> None:
    """Raise the error for the first symbol of ``text`` that is no digit of ``shape``."""
    n = shape.n
    for i, ch in enumerate(text):
        if ch not in _ALLOWED[n]:
            row, col = divmod(i, n)
            raise SymbolError(
                f"row {row + 1}, column {col + 1}: {ch!r} is not a digit "
                f"({shape.symbol_range()}, or . or 0 for empty)",
                row=row,
                col=col,
            )


def parse_line(text: str, *, size: int | None = None, check: bool = True) -> Grid:
    """Parse one line of ``n²`` symbols. The size comes from the count unless given.

    With ``check`` (the default) duplicate givens raise :class:`DuplicateError`; without,
    they are kept and show in :meth:`Grid.conflicts` and :meth:`Grid.status`.
    """
    return _from_symbols(text.strip(), size, check)


def parse_pretty(text: str, *, size: int | None = None, check: bool = True) -> Grid:
    """Parse a picture (any lines, separators and spacing); only the symbols count."""
    return _from_symbols(_DECORATION.sub("", text), size, check)


def parse_rows(
    rows: Sequence[Sequence[int]], *, size: int | None = None, check: bool = True
) -> Grid:
    """Parse a nested list of ints, ``0`` for empty: ``[[7, 8, 0, ...], ...]``."""
    if isinstance(rows, str | bytes) or not isinstance(rows, Sequence):
        raise ShapeError(f"expected a list of rows, got {type(rows).__name__}")
    if len(rows) == 0:
        raise ShapeError("empty grid: no rows")
    n = len(rows)
    if size is not None and n != size:
        raise ShapeError(f"expected {size} rows, got {n}")
    if n not in SIZES:
        sizes = ", ".join(str(s) for s in SIZES)
        raise ShapeError(f"{n} rows is no supported size ({sizes})")
    shape = Shape.of(n)
    cells: list[int] = []
    for r, row in enumerate(rows):
        if isinstance(row, str | bytes) or not isinstance(row, Sequence):
            raise ShapeError(f"row {r + 1}: expected a list of {n} values, got {row!r}", row=r)
        if len(row) != n:
            raise ShapeError(f"row {r + 1} has {len(row)} values, expected {n}", row=r)
        for c, v in enumerate(row):
            if type(v) is not int:
                raise SymbolError(
                    f"row {r + 1}, column {c + 1}: {v!r} is not an integer", row=r, col=c
                )
            if not 0 <= v <= n:
                raise SymbolError(
                    f"row {r + 1}, column {c + 1}: {v} is out of range 0-{n}", row=r, col=c
                )
            cells.append(v)
    grid = Grid(shape, cells)
    if check:
        _check_duplicates(grid)
    return grid


def parse(
    puzzle: str | Grid | Sequence[Sequence[int]], *, size: int | None = None, check: bool = True
) -> Grid:
    """Parse a puzzle in any supported form: a line, a picture, nested lists or a Grid.

    Raises :class:`~sudokit.errors.ParseError` (a ``ValueError``) that names the problem
    and its place.
    """
    if isinstance(puzzle, Grid):
        if size is not None and puzzle.size != size:
            raise CellCountError(f"expected a {size}×{size} grid, got {puzzle.size}×{puzzle.size}")
        if check:
            _check_duplicates(puzzle)
        return puzzle
    if isinstance(puzzle, str):
        if "".join(puzzle.split()).startswith("[["):
            return parse_rows(_nested_list(puzzle), size=size, check=check)
        kind = _text_kind(puzzle)
        if kind is not None:
            from .exchange import parse_position

            grid = parse_position(puzzle, check=check, kind=kind).givens
            if size is not None and grid.size != size:
                raise CellCountError(f"expected a {size}×{size} grid, got {grid.size}×{grid.size}")
            return grid
        return parse_pretty(puzzle, size=size, check=check)
    return parse_rows(puzzle, size=size, check=check)


def _nested_list(text: str) -> Any:
    """The value of a nested list written as text (``[[5, 3, 0, ...], ...]``)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise ShapeError(
            f"not a nested list of numbers: {err.msg} at column {err.colno}",
            line=err.lineno if err.lineno > 1 else None,
        ) from None


def _text_kind(text: str) -> str | None:
    """The exchange format of a one-puzzle text, or None for a line or a picture."""
    # Plain lines and pictures never hold these characters; skip the guessing for them.
    if not any(ch in text for ch in ":[/{#*") and not re.search(r"\w\w\s", text):
        return None
    from .exchange import sniff

    return sniff(text.strip("\n").splitlines())[1]


def _symbols(grid: Grid, empty: str) -> str:
    """Symbols indexed by cell value, ``empty`` for 0."""
    if len(empty) != 1:
        raise ValueError(f"the empty symbol must be one character, got {empty!r}")
    return empty + grid.shape.symbols


def format_line(grid: Grid, *, empty: str = ".") -> str:
    """The grid as one line of symbols."""
    symbols = _symbols(grid, empty)
    return "".join(symbols[v] for v in grid.cells)


def format_pretty(grid: Grid, *, empty: str = ".") -> str:
    """The grid as a picture with box lines, one text line per row (no trailing newline)."""
    shape = grid.shape
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    symbols = _symbols(grid, empty)
    stacks = n // bc
    rule = "+".join(["-" * (2 * bc + 1)] * stacks)[1:-1]
    lines = []
    for r in range(n):
        if r and r % br == 0:
            lines.append(rule)
        row = grid.cells[r * n : r * n + n]
        parts = [" ".join(symbols[v] for v in row[s * bc : s * bc + bc]) for s in range(stacks)]
        lines.append(" | ".join(parts))
    return "\n".join(lines)


def format_rows(grid: Grid) -> str:
    """The grid as a Python nested-list literal."""
    return "[\n" + "".join(f"    {row},\n" for row in grid.rows()) + "]"


def _without_bom(lines: Iterable[str]) -> Iterator[str]:
    """The lines, a byte-order mark at the start of the first one dropped."""
    it = iter(lines)
    for first in it:
        yield first.removeprefix("\ufeff")
        break
    yield from it


def _read_other(
    format: str,
    lines: Iterable[str],
    opened: Iterable[str],
    source: object,
    check: bool,
) -> Iterator[Record]:
    """The records of a file in an exchange format (``.sdm``: plain lines, 9×9 only)."""
    from . import exchange

    lines = _without_bom(lines)
    try:
        if format in ("sdm", "csv"):
            plain = read_puzzles(lines, check=check, format="line")
            yield from exchange.plain_records(format, plain)
        else:
            yield from exchange.read_exchange(format, lines, check)
    finally:
        if isinstance(opened, io.IOBase) and opened is not source:
            opened.close()


# --- files of many puzzles ------------------------------------------------------------

_TOKEN_SPLIT = re.compile(r"[\s,;]+")


@dataclass(frozen=True, slots=True)
class Record:
    """One puzzle read from a file: its 1-based line, its text, and a grid or an error."""

    line: int
    text: str
    grid: Grid | None
    error: ParseError | None
    #: What the format carried besides the givens (placed digits, candidates, metadata),
    #: for the exchange formats; None for plain lines and pictures.
    position: Position | None = None

    @property
    def ok(self) -> bool:
        return self.grid is not None


def _puzzle_token(tokens: list[str]) -> str | None:
    """The first field that is a whole puzzle of some size, if any."""
    for tok in tokens:
        n = CELL_COUNTS.get(len(tok))
        if n is not None and _ALLOWED[n].issuperset(tok):
            return tok
    return None


def _picture_row(stripped: str) -> str | None:
    """The symbols of a picture row (``5 3 . | . 7 .``), or None if it is not one."""
    cells = _DECORATION.sub("", stripped)
    if len(cells) in SIZES and all(ch in _VALUE for ch in cells):
        return cells
    return None


def _no_puzzle(stripped: str, tokens: list[str], number: int, check: bool) -> ParseError:
    """The error for a line without a puzzle: what is wrong with its most puzzle-like
    field, when that field looks like a puzzle at all."""
    best = max(tokens, key=len)
    if len(best) in CELL_COUNTS or all(ch in _VALUE for ch in best):
        try:
            _from_symbols(best, None, check)
        except ParseError as err:
            return err.at_line(number)
    shown = stripped if len(stripped) <= 40 else stripped[:37] + "..."
    return ParseError(f"no puzzle found in {shown!r}", line=number)


def _open(source: str | os.PathLike[str] | IO[str] | Iterable[str]) -> Iterable[str]:
    if isinstance(source, str | os.PathLike):
        return Path(source).open(encoding="utf-8", errors="replace", newline=None)
    return source


def read_puzzles(
    source: str | os.PathLike[str] | IO[str] | Iterable[str],
    *,
    check: bool = True,
    format: str | None = None,
) -> Iterator[Record]:
    """Read many puzzles: a path, an open text stream, or any iterable of lines.

    One puzzle per line; blank lines and lines starting with ``#`` are skipped. Extra
    fields on a line (a hash before the puzzle, a rating after it, CSV columns) are
    skipped: the first field that is a whole puzzle is taken. Pictures as printed by
    :func:`format_pretty` (or with no spaces, one row per line) are read too. A line that
    holds no puzzle gives a record with its error; reading goes on.

    The exchange formats (``.sdk``, ``.ss``, HoDoKu lines, pencil-mark grids, links,
    JSON Lines, CSV) are read too: ``format`` names one (see
    :data:`~sudokit.formats.exchange.READ_FORMATS`); otherwise a path's ending tells, or
    else the first meaningful line.

    Streams lazily, so files of millions of puzzles take no memory up front.
    """
    from . import exchange

    if format in (None, "auto") and isinstance(source, str | os.PathLike):
        format = exchange.format_of_name(os.fspath(source))
    opened = _open(source)
    lines: Iterable[str] = opened
    if format in (None, "auto"):
        lines, format = exchange.sniff(opened)
    if format not in (None, "line"):
        yield from _read_other(format, lines, opened, source, check)
        return
    block: list[str] = []
    block_line = 0

    def flush_incomplete() -> Record:
        n = len(block[0])
        err = CellCountError(f"incomplete picture: {len(block)} of {n} rows", line=block_line)
        return Record(block_line, "\n".join(block), None, err)

    try:
        for number, raw in enumerate(lines, start=1):
            stripped = raw.strip()
            if not stripped or stripped.startswith("#"):
                if block:
                    yield flush_incomplete()
                    block = []
                continue
            tokens = _TOKEN_SPLIT.split(stripped)
            in_block_row = block and len(tokens) == 1 and len(tokens[0]) == len(block[0])
            token = None if in_block_row else _puzzle_token(tokens)
            if token is not None:
                if block:
                    yield flush_incomplete()
                    block = []
                try:
                    yield Record(number, token, _from_symbols(token, None, check), None)
                except ParseError as err:
                    yield Record(number, token, None, err.at_line(number))
                continue
            row = _picture_row(stripped)
            if row is not None:
                if block and len(row) != len(block[0]):
                    yield flush_incomplete()
                    block = []
                if not block:
                    block_line = number
                block.append(row)
                if len(block) == len(row):
                    text = "".join(block)
                    try:
                        yield Record(block_line, text, _from_symbols(text, None, check), None)
                    except ParseError as err:
                        yield Record(block_line, text, None, err.at_line(block_line))
                    block = []
                continue
            if not _DECORATION.sub("", stripped):
                continue  # a ruler line of a picture
            if block:
                yield flush_incomplete()
                block = []
            # Not a puzzle: say what is wrong with its most puzzle-like field, when it
            # looks like a puzzle at all (every character a symbol, or the right count).
            yield Record(number, stripped, None, _no_puzzle(stripped, tokens, number, check))
        if block:
            yield flush_incomplete()
    finally:
        if isinstance(lines, io.IOBase) and lines is not source:
            lines.close()


# The exchange formats, re-exported (the module needs the helpers above, hence last).
from .exchange import (  # noqa: E402
    Position,
    format_hodoku,
    format_pencilmarks,
    format_position,
    format_sdk,
    format_ss,
    format_sudokuexchange,
    format_sudokuwiki,
    parse_hodoku,
    parse_link,
    parse_pencilmarks,
    parse_position,
    parse_sdk,
    parse_ss,
)

__all__ = [
    "Position",
    "Record",
    "format_hodoku",
    "format_line",
    "format_pencilmarks",
    "format_position",
    "format_pretty",
    "format_rows",
    "format_sdk",
    "format_ss",
    "format_sudokuexchange",
    "format_sudokuwiki",
    "parse",
    "parse_hodoku",
    "parse_line",
    "parse_link",
    "parse_pencilmarks",
    "parse_position",
    "parse_pretty",
    "parse_rows",
    "parse_sdk",
    "parse_ss",
    "read_puzzles",
]
