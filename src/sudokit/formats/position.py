"""What the formats share: the :class:`Position` a format may carry, the :class:`Record`
of one puzzle read from a file, the format names and the rows-of-symbols helpers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import CellCountError, ParseError, SymbolError
from ..geometry import SIZES
from ..grid import Grid
from .text import (
    _DECORATION,
    _VALUE,
    _from_symbols,
)

#: Formats :func:`read_puzzles` can be told to read (``None`` or ``"auto"``: guess).
READ_FORMATS = (
    "line",
    "sdk",
    "sdm",
    "ss",
    "hodoku",
    "pencilmarks",
    "link",
    "json",
    "csv",
    "solo",
    "fpuzzles",
)
#: Formats :func:`format_position` writes.
WRITE_FORMATS = (
    "line",
    "pretty",
    "sdm",
    "sdk",
    "ss",
    "hodoku",
    "pencilmarks",
    "sudokuwiki",
    "sudokuexchange",
    "json",
    "csv",
    "solo",
    "fpuzzles",
    "fpuzzles-link",
    "sudokupad",
    "sudokupad-scl",
)
#: Formats that carry a puzzle's rules (X, jigsaw regions...); the others hold classic
#: puzzles only, and refuse to write any other.
RULES_FORMATS = frozenset(
    {
        "line",
        "pretty",
        "csv",
        "json",
        "solo",
        "fpuzzles",
        "fpuzzles-link",
        "sudokupad",
        "sudokupad-scl",
    }
)
#: Formats that hold exactly one puzzle per file.
SINGLE_PUZZLE_FORMATS = frozenset({"sdk", "ss"})

#: File name endings and the format they imply.
EXTENSIONS = {
    ".sdk": "sdk",
    ".sdm": "sdm",
    ".ss": "ss",
    ".csv": "csv",
    ".json": "json",
    ".jsonl": "json",
    ".ndjson": "json",
    ".pm": "pencilmarks",
}

#: SadMan/SudoCue metadata letters and the names used here.
SDK_FIELDS = {
    "A": "author",
    "D": "description",
    "C": "comment",
    "B": "date",
    "S": "source",
    "L": "level",
    "U": "url",
}
_SDK_LETTERS = {name: letter for letter, name in SDK_FIELDS.items()}

SUDOKUWIKI = "https://www.sudokuwiki.org/sudoku.htm?bd="
SUDOKUEXCHANGE = "https://sudokuexchange.com/play/?s="

_NAMES = {
    "sdk": "SadMan .sdk files",
    "sdm": "SadMan .sdm files",
    "ss": "Simple Sudoku .ss files",
    "hodoku": "HoDoKu library lines",
    "link": "SudokuWiki and SudokuExchange links",
    "sudokuwiki": "SudokuWiki links",
    "sudokuexchange": "SudokuExchange links",
    "pretty": "pictures",
    "pencilmarks": "pencil-mark grids",
}


def _need_classic(kind: str, grid: Grid) -> None:
    """Refuse to write a puzzle with rules ``kind`` cannot carry (its rules would be lost)."""
    rules = grid.rules
    if not rules.classic:
        from ..errors import UnsupportedRulesError

        raise UnsupportedRulesError(
            f"{_NAMES.get(kind, kind)} hold classic puzzles only, not {rules.name} rules; "
            "write it as line, json, solo or fpuzzles"
        )


@dataclass(frozen=True, slots=True)
class Position:
    """A puzzle and what a format may carry besides its givens.

    - ``givens``: the puzzle;
    - ``placed``: the givens plus the digits placed so far (None: nothing placed);
    - ``candidates``: per cell, a mask of the candidates left (None: not recorded, every
      digit the rules allow); only empty cells' masks mean anything;
    - ``meta``: ``(name, value)`` pairs such as ``("author", "Ruud")``.
    """

    givens: Grid
    placed: Grid | None = None
    candidates: tuple[int, ...] | None = None
    meta: tuple[tuple[str, str], ...] = ()

    @property
    def current(self) -> Grid:
        """The board as it stands: the placed digits, or the givens."""
        return self.placed if self.placed is not None else self.givens

    def candidate_masks(self) -> list[int]:
        """The candidates of every cell: the recorded ones, else what the rules allow
        (``0`` for a filled cell)."""
        current = self.current
        if self.candidates is None:
            return current.candidates()
        return [0 if v else m for v, m in zip(current.cells, self.candidates, strict=True)]


def as_position(puzzle: Grid | Position) -> Position:
    return puzzle if isinstance(puzzle, Position) else Position(puzzle)


def _only_9x9(kind: str, n: int, line: int | None = None) -> ParseError:
    return CellCountError(f"{_NAMES[kind]} hold 9×9 puzzles only, not {n}×{n}", line=line)


def _need_9x9(kind: str, grid: Grid) -> None:
    if grid.size != 9:
        raise ValueError(f"{_NAMES[kind]} hold 9×9 puzzles only, not {grid.size}×{grid.size}")


# --- rows of symbols (.sdk, .ss) -----------------------------------------------------------


def _grid_from_rows(
    kind: str, rows: Sequence[tuple[int, str]], check: bool, base: int | None = None
) -> Grid:
    """A 9×9 grid from ``(line number, symbols)`` rows; errors name the row's line."""
    first = rows[0][0]
    # A character that is no symbol says most about a damaged row: report it first.
    for number, (line, symbols) in enumerate(rows, start=1):
        for col, ch in enumerate(symbols):
            if ch not in _VALUE:
                raise SymbolError(
                    f"row {number}, column {col + 1}: {ch!r} is not a digit (1-9, or . or 0 "
                    "for empty)",
                    line=line,
                    row=number - 1,
                    col=col,
                )
    if len(rows) != 9:
        if len(rows) in SIZES and all(len(r) == len(rows) for _, r in rows):
            raise _only_9x9(kind, len(rows), first)
        raise CellCountError(f"expected 9 rows, got {len(rows)}", line=first)
    for number, (line, symbols) in enumerate(rows, start=1):
        if len(symbols) != 9:
            if number == 1 and len(symbols) in SIZES and len(symbols) != 9:
                raise _only_9x9(kind, len(symbols), line)
            raise CellCountError(
                f"row {number} has {len(symbols)} cells, expected 9", line=line, row=number - 1
            )
    text = "".join(symbols for _, symbols in rows)
    try:
        return _from_symbols(text, 9, check)
    except ParseError as err:
        line = rows[err.row][0] if err.row is not None else first
        raise err.at_line(line) from None


def _failed(first: int, text: str, err: ParseError) -> Record:
    """The record of a puzzle of several lines that failed: placed on the line of the
    fault (its error says which), else on its first line."""
    if err.line is None:
        err = err.at_line(first)
    assert err.line is not None
    return Record(err.line, text, None, err)


def _row_symbols(stripped: str) -> str:
    """The cell symbols of a row, frames and spacing removed."""
    return _DECORATION.sub("", stripped.replace("*", ""))


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
