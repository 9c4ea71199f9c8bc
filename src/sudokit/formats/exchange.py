"""The formats other Sudoku programs exchange, read and written.

- SadMan Software's ``.sdk`` (one puzzle: ``#A``-style metadata lines, a ``[Puzzle]``
  section of nine rows, optionally a ``[State]`` section with the digits placed so far)
  and ``.sdm`` (a collection: one 81-symbol puzzle per line);
- Simple Sudoku's ``.ss`` (nine rows such as ``..3|4..|...``, rules of ``-``; the
  clipboard form framed in ``*-----*`` is read too);
- HoDoKu library lines ``:<technique>:<candidates>:<givens>:<deleted candidates>:...``
  (``+`` before a digit marks one placed, not given);
- pencil-mark grids: one group of digits per cell (``1567 3 1567 | 4 ...``), a single
  digit being a solved cell, as HoDoKu, Simple Sudoku and SudokuWiki print them;
- links: ``https://www.sudokuwiki.org/sudoku.htm?bd=<81 digits>`` and
  ``https://sudokuexchange.com/play/?s=<81 digits>``;
- JSON Lines (``{"puzzle": ...}`` per line) and CSV with a ``puzzle`` column.

``.sdk``, ``.sdm``, ``.ss``, HoDoKu lines and links are 9×9 formats: other sizes get an
error that says so. Pencil-mark grids, JSON and CSV take every size.

A format may carry more than the givens; :class:`Position` keeps it (placed digits,
candidates, metadata) so that converting between formats that hold it loses nothing.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..errors import CellCountError, ParseError, SymbolError
from ..geometry import CELL_COUNTS, SIZES, SYMBOLS, Shape
from ..grid import Grid
from . import (
    _ALLOWED,
    _DECORATION,
    _VALUE,
    Record,
    _check_duplicates,
    _from_symbols,
    format_line,
)

#: Formats :func:`read_puzzles` can be told to read (``None`` or ``"auto"``: guess).
READ_FORMATS = ("line", "sdk", "sdm", "ss", "hodoku", "pencilmarks", "link", "json", "csv")
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
}


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


# --- SadMan .sdk ---------------------------------------------------------------------------

_SECTION = re.compile(r"^\[([^\]]*)\]$")


def _read_sdk(lines: Iterable[str], check: bool) -> Iterator[Record]:
    """Records of a ``.sdk`` file: normally one, each nine rows of a ``[Puzzle]``."""
    meta: list[tuple[str, str]] = []
    puzzle: list[tuple[int, str]] = []
    state: list[tuple[int, str]] = []
    section = "puzzle"
    start = 0

    def finish() -> Record:
        nonlocal meta, puzzle, state
        text = "\n".join(s for _, s in puzzle)
        line = puzzle[0][0]
        try:
            givens = _grid_from_rows("sdk", puzzle, check)
            placed = None
            if state:
                placed = _grid_from_rows("sdk", state, check)
                if not givens.fits(placed):
                    cell = next(
                        c for c, (g, p) in enumerate(zip(givens, placed, strict=True)) if g != p
                    )
                    raise ParseError(
                        f"[State] changes the given at {givens.shape.cell_name(cell)}",
                        line=state[0][0],
                        row=cell // 9,
                        col=cell % 9,
                    )
            position = Position(givens, placed if placed != givens else None, None, tuple(meta))
            record = Record(line, text, givens, None, position)
        except ParseError as err:
            record = _failed(line, text, err)
        meta, puzzle, state = [], [], []
        return record

    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            if len(stripped) >= 2:
                letter, value = stripped[1], stripped[2:]
                meta.append((SDK_FIELDS.get(letter, letter), value))
            continue
        header = _SECTION.match(stripped)
        if header:
            name = header.group(1).strip().lower()
            if name == "puzzle" and puzzle:
                yield finish()
            section = name
            start = number
            continue
        if section == "puzzle":
            puzzle.append((number, _row_symbols(stripped)))
            if len(puzzle) == 9 and start == 0:
                yield finish()  # no sections: each nine rows is a puzzle
        elif section == "state":
            state.append((number, _row_symbols(stripped)))
            if len(state) == 9 and len(puzzle) == 9:
                yield finish()
        # Other sections (pencil marks, colours) are not kept.
    if puzzle:
        yield finish()


def format_sdk(puzzle: Grid | Position) -> str:
    """A ``.sdk`` file: metadata lines, ``[Puzzle]`` and, with placed digits, ``[State]``."""
    position = as_position(puzzle)
    _need_9x9("sdk", position.givens)
    lines = []
    for name, value in position.meta:
        letter = _SDK_LETTERS.get(name, name)
        if len(letter) == 1 and "\n" not in value:
            lines.append(f"#{letter}{value}")
    lines.append("[Puzzle]")
    lines += _rows_text(position.givens)
    if position.placed is not None and position.placed != position.givens:
        lines.append("[State]")
        lines += _rows_text(position.placed)
    return "\n".join(lines) + "\n"


def _rows_text(grid: Grid) -> list[str]:
    line = format_line(grid)
    return [line[r * 9 : r * 9 + 9] for r in range(9)]


def parse_sdk(text: str, *, check: bool = True) -> Position:
    """Read a ``.sdk`` file's text (one puzzle)."""
    return _single("sdk", _read_sdk(text.splitlines(), check))


def _single(kind: str, records: Iterator[Record]) -> Position:
    record = next(records, None)
    if record is None:
        raise CellCountError(f"no puzzle found in the {_NAMES.get(kind, kind)} text")
    if record.error is not None:
        raise record.error
    extra = next(records, None)
    if extra is not None:
        raise ParseError("more than one puzzle: expected one", line=extra.line)
    assert record.position is not None
    return record.position


# --- SadMan .sdm ----------------------------------------------------------------------------


def format_sdm(grid: Grid) -> str:
    """One line of a ``.sdm`` collection (``0`` for empty, as SadMan writes them)."""
    _need_9x9("sdm", grid)
    return format_line(grid, empty="0")


def _only_9x9_records(kind: str, records: Iterable[Record]) -> Iterator[Record]:
    for r in records:
        if r.grid is not None and r.grid.size != 9:
            yield Record(r.line, r.text, None, _only_9x9(kind, r.grid.size, r.line))
        else:
            yield r


# --- Simple Sudoku .ss ---------------------------------------------------------------------

_SS_FOOTER = re.compile(r"^(simple sudoku|version\b)", re.IGNORECASE)


def _read_ss(lines: Iterable[str], check: bool) -> Iterator[Record]:
    """Records of ``.ss`` text: each nine rows (rules and frames skipped) is a puzzle."""
    rows: list[tuple[int, str]] = []
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#") or _SS_FOOTER.match(stripped):
            continue
        symbols = _row_symbols(stripped)
        if not symbols:
            continue  # a rule or a frame
        rows.append((number, symbols))
        if len(rows) == 9:
            yield _rows_record("ss", rows, check)
            rows = []
    if rows:
        yield _rows_record("ss", rows, check)


def _rows_record(kind: str, rows: list[tuple[int, str]], check: bool) -> Record:
    text = "\n".join(s for _, s in rows)
    try:
        grid = _grid_from_rows(kind, rows, check)
    except ParseError as err:
        return _failed(rows[0][0], text, err)
    return Record(rows[0][0], text, grid, None, Position(grid))


def format_ss(grid: Grid) -> str:
    """A ``.ss`` file: nine rows with ``|`` between boxes and ``-`` rules, ``.`` empty."""
    _need_9x9("ss", grid)
    out = []
    for r, row in enumerate(_rows_text(grid)):
        if r and r % 3 == 0:
            out.append("-----------")
        out.append(f"{row[0:3]}|{row[3:6]}|{row[6:9]}")
    return "\n".join(out) + "\n"


def parse_ss(text: str, *, check: bool = True) -> Grid:
    """Read a ``.ss`` file's text (one puzzle)."""
    return _single("ss", _read_ss(text.splitlines(), check)).givens


# --- HoDoKu library lines ------------------------------------------------------------------


def _hodoku_candidate(token: str) -> tuple[int, int, int] | None:
    """``<digit><row><col>`` as (digit, row, col), 0-based row and col."""
    if len(token) == 3 and token.isdigit() and "0" not in token:
        d, r, c = (int(ch) for ch in token)
        return d, r - 1, c - 1
    return None


def parse_hodoku(line: str, *, check: bool = True) -> Position:
    """One HoDoKu library line: the givens, the placed digits (``+``) and, when the line
    deletes some, the candidates left."""
    stripped = line.strip()
    fields = stripped.split(":")
    if not stripped.startswith(":") or len(fields) < 4:
        raise ParseError(
            "not a HoDoKu library line: expected ':<technique>:<candidates>:<givens>:...'"
        )
    chars: list[str] = []
    placed_flags: list[bool] = []
    plus = False
    for ch in fields[3]:
        if ch == "+":
            plus = True
        elif not ch.isspace():
            chars.append(ch)
            placed_flags.append(plus)
            plus = False
    if len(chars) != 81:
        n = CELL_COUNTS.get(len(chars))
        if n is not None:
            raise _only_9x9("hodoku", n)
        raise CellCountError(f"the givens field holds {len(chars)} cells, expected 81")
    givens: list[int] = []
    placed: list[int] = []
    for cell, (ch, was_placed) in enumerate(zip(chars, placed_flags, strict=True)):
        if ch not in _ALLOWED[9]:
            row, col = divmod(cell, 9)
            raise SymbolError(
                f"row {row + 1}, column {col + 1}: {ch!r} is not a digit (1-9, or . or 0 "
                "for empty)",
                row=row,
                col=col,
            )
        v = _VALUE[ch]
        givens.append(0 if was_placed else v)
        placed.append(v)
    shape = Shape.of(9)
    given_grid = Grid(shape, givens)
    placed_grid = Grid(shape, placed)
    if check:
        _check_duplicates(given_grid)
        _check_duplicates(placed_grid)
    candidates: tuple[int, ...] | None = None
    deleted = fields[4].split() if len(fields) > 4 else []
    if deleted:
        masks = placed_grid.candidates()
        for token in deleted:
            found = _hodoku_candidate(token)
            if found is None:
                raise ParseError(
                    f"deleted candidate {token!r} is not <digit><row><col> (as in 524)"
                )
            d, r, c = found
            masks[r * 9 + c] &= ~(1 << (d - 1))
        candidates = tuple(masks)
    return Position(given_grid, placed_grid if placed_grid != given_grid else None, candidates, ())


def format_hodoku(puzzle: Grid | Position) -> str:
    """A HoDoKu library line for a puzzle (``:0000:x:``, as HoDoKu copies one with no
    step): ``+`` marks placed digits; candidates the rules allow but the position has
    not are listed as deleted."""
    position = as_position(puzzle)
    _need_9x9("hodoku", position.givens)
    current = position.current
    cells = []
    for g, v in zip(position.givens.cells, current.cells, strict=True):
        if g:
            cells.append(SYMBOLS[g - 1])
        elif v:
            cells.append("+" + SYMBOLS[v - 1])
        else:
            cells.append(".")
    deleted = []
    if position.candidates is not None:
        allowed = current.candidates()
        for cell, (mask, have) in enumerate(zip(allowed, position.candidates, strict=True)):
            if current.cells[cell]:
                continue
            gone = mask & ~have
            r, c = divmod(cell, 9)
            for d in range(1, 10):
                if gone >> (d - 1) & 1:
                    deleted.append(f"{d}{r + 1}{c + 1}")
    # HoDoKu ends the line with ':::' (no deleted candidates) or ':<deleted>::'.
    tail = ":" + " ".join(deleted) + "::" if deleted else ":::"
    return ":0000:x:" + "".join(cells) + tail


def _read_hodoku(lines: Iterable[str], check: bool) -> Iterator[Record]:
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            position = parse_hodoku(stripped, check=check)
        except ParseError as err:
            yield Record(number, stripped, None, err.at_line(number))
            continue
        yield Record(number, stripped, position.givens, None, position)


# --- pencil-mark grids ---------------------------------------------------------------------

_PM_SPLIT = re.compile(r"[\s|*+]+")
_PM_RULE = re.compile(r"^[\s|*+.:'=\-\u2500-\u257f]*$")
# A rule has strokes; a row of '.' (cells with no candidates left) has none.
_RULE_STROKE = re.compile(r"[=\-\u2500-\u257f]")


def _pm_groups(stripped: str) -> list[str] | None:
    """The cell groups of a pencil-mark row, or None for a rule or frame line."""
    if _PM_RULE.match(stripped) and _RULE_STROKE.search(stripped):
        return None
    return [g for g in _PM_SPLIT.split(stripped) if g] or None


def looks_like_pencilmarks(stripped: str) -> bool:
    """A row of a pencil-mark grid: n groups of symbols, some of them more than one."""
    groups = _pm_groups(stripped)
    if not groups or len(groups) not in SIZES or len(groups) < 4:
        return False
    return any(len(g) > 1 for g in groups) and all(
        all(ch in _VALUE and ch not in ".0" for ch in g) or g == "." for g in groups
    )


def _framed_pencilmarks(stripped: str) -> bool:
    """A row after a frame: one group of candidates per cell (``.`` for none), not a
    picture row such as ``|.3.|4..|...|``."""
    groups = _pm_groups(stripped) or []
    return (
        len(groups) in SIZES
        and len(groups) >= 4
        and all(g == "." or all(ch in _VALUE and ch not in ".0" for ch in g) for g in groups)
    )


def parse_pencilmarks(text: str | Iterable[str], *, check: bool = True) -> Position:
    """A pencil-mark grid: one group of candidates per cell, ``n`` rows of ``n`` groups;
    a single digit is a solved cell (read as a given)."""
    lines = text.splitlines() if isinstance(text, str) else list(text)
    return _single("pencilmarks", _read_pencilmarks(lines, check))


def _read_pencilmarks(lines: Iterable[str], check: bool) -> Iterator[Record]:
    rows: list[tuple[int, list[str]]] = []
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#") or _SS_FOOTER.match(stripped):
            continue
        groups = _pm_groups(stripped)
        if groups is None:
            continue
        if rows and len(groups) != len(rows[0][1]):
            yield _pm_record(rows, check)
            rows = []
        rows.append((number, groups))
        if len(rows) == len(rows[0][1]):
            yield _pm_record(rows, check)
            rows = []
    if rows:
        yield _pm_record(rows, check)


def _pm_record(rows: list[tuple[int, list[str]]], check: bool) -> Record:
    text = "\n".join(" ".join(g) for _, g in rows)
    line = rows[0][0]
    try:
        position = _pm_position(rows, check)
    except ParseError as err:
        return _failed(line, text, err)
    return Record(line, text, position.givens, None, position)


def _pm_position(rows: list[tuple[int, list[str]]], check: bool) -> Position:
    line = rows[0][0]
    n = len(rows[0][1])
    if n not in SIZES:
        sizes = ", ".join(str(s) for s in SIZES)
        raise CellCountError(
            f"a pencil-mark row has {n} cells, which is no supported size ({sizes})", line=line
        )
    if len(rows) != n:
        raise CellCountError(f"incomplete pencil-mark grid: {len(rows)} of {n} rows", line=line)
    shape = Shape.of(n)
    givens: list[int] = []
    masks: list[int] = []
    for r, (number, groups) in enumerate(rows):
        for c, group in enumerate(groups):
            mask = 0
            if group != ".":
                for ch in group:
                    if ch not in _ALLOWED[n] or ch in ".0":
                        raise SymbolError(
                            f"row {r + 1}, column {c + 1}: {ch!r} is not a candidate "
                            f"({shape.symbol_range()})",
                            line=number,
                            row=r,
                            col=c,
                        )
                    bit = 1 << (_VALUE[ch] - 1)
                    if mask & bit:
                        raise SymbolError(
                            f"row {r + 1}, column {c + 1}: candidate {ch!r} written twice",
                            line=number,
                            row=r,
                            col=c,
                        )
                    mask |= bit
            if len(group) == 1 and group != ".":
                givens.append(_VALUE[group])
                masks.append(0)
            else:
                givens.append(0)
                masks.append(mask)
    grid = Grid(shape, givens)
    if check:
        try:
            _check_duplicates(grid)
        except ParseError as err:
            raise err.at_line(rows[err.row or 0][0]) from None
    return Position(grid, None, tuple(masks), ())


def format_pencilmarks(puzzle: Grid | Position) -> str:
    """The pencil-mark grid of a position: solved cells as one digit, empty cells as
    their candidates (the recorded ones, else what the rules allow; ``.`` for none)."""
    position = as_position(puzzle)
    current = position.current
    shape = current.shape
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    masks = position.candidate_masks()
    groups = []
    for v, mask in zip(current.cells, masks, strict=True):
        if v:
            groups.append(SYMBOLS[v - 1])
        else:
            text = "".join(SYMBOLS[d] for d in range(n) if mask >> d & 1)
            groups.append(text or ".")
    width = max(len(g) for g in groups)
    stacks = n // bc
    lines = []
    body = []
    for r in range(n):
        parts = []
        for s in range(stacks):
            cells = groups[r * n + s * bc : r * n + s * bc + bc]
            parts.append(" ".join(g.ljust(width) for g in cells))
        body.append("| " + " | ".join(parts) + " |")
    inner = len(body[0]) - 2
    segment = bc * (width + 1) + 1
    rule = "|" + "+".join("-" * segment for _ in range(stacks)) + "|"
    lines.append("*" + "-" * inner + "*")
    for r, row in enumerate(body):
        if r and r % br == 0:
            lines.append(rule)
        lines.append(row)
    lines.append("*" + "-" * inner + "*")
    return "\n".join(lines)


# --- links ---------------------------------------------------------------------------------


def format_sudokuwiki(grid: Grid) -> str:
    """A link that opens the puzzle in SudokuWiki's solver."""
    _need_9x9("sudokuwiki", grid)
    return SUDOKUWIKI + format_line(grid, empty="0")


def format_sudokuexchange(grid: Grid) -> str:
    """A link that opens the puzzle on SudokuExchange."""
    _need_9x9("sudokuexchange", grid)
    return SUDOKUEXCHANGE + format_line(grid, empty="0")


def looks_like_link(stripped: str) -> bool:
    return "://" in stripped or stripped.lower().startswith("www.")


def parse_link(url: str, *, check: bool = True) -> Grid:
    """The puzzle of a SudokuWiki (``?bd=``) or SudokuExchange (``?s=``) link."""
    stripped = url.strip()
    try:
        parts = urlsplit(stripped if "://" in stripped else "https://" + stripped)
    except ValueError as err:  # a malformed address, such as an unclosed '['
        raise ParseError(f"not a link: {_shorten(stripped)} ({err})") from None
    query = parse_qs(parts.query)
    value = None
    for key in ("bd", "s"):
        if key in query:
            value = query[key][0]
            break
    if value is None:
        raise ParseError(
            f"no puzzle in the link {_shorten(stripped)}: expected ?bd=... (SudokuWiki) "
            "or ?s=... (SudokuExchange)"
        )
    if value[:1] == "S" and not value[:81].isdigit():
        raise ParseError(
            "SudokuWiki's packed form with candidates (bd=S9B...) is not supported; "
            "use a link with the 81 digits of the puzzle"
        )
    cells = value.replace(",", "")
    n = CELL_COUNTS.get(len(cells))
    if n is not None and n != 9:
        raise _only_9x9("link", n)
    return _from_symbols(cells, 9 if n is None else n, check)


def _shorten(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")


def _read_links(lines: Iterable[str], check: bool) -> Iterator[Record]:
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            grid = parse_link(stripped, check=check)
        except ParseError as err:
            yield Record(number, stripped, None, err.at_line(number))
            continue
        yield Record(number, stripped, grid, None, Position(grid))


# --- JSON Lines and CSV --------------------------------------------------------------------


def format_json(puzzle: Grid | Position) -> str:
    """One JSON object: ``puzzle`` (a line), and when the position has them ``placed``
    (a line), ``candidates`` (a string of candidates per cell) and ``meta``."""
    position = as_position(puzzle)
    record: dict[str, Any] = {"puzzle": format_line(position.givens)}
    if position.placed is not None:
        record["placed"] = format_line(position.placed)
    if position.candidates is not None:
        n = position.givens.size
        record["candidates"] = [
            "".join(SYMBOLS[d] for d in range(n) if m >> d & 1) for m in position.candidates
        ]
    if position.meta:
        record["meta"] = [list(pair) for pair in position.meta]
    return json.dumps(record, ensure_ascii=False)


def _json_position(text: str, check: bool) -> Position:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as err:
        raise ParseError(f"not JSON: {err.msg} at column {err.colno}") from None
    if not isinstance(value, dict) or not isinstance(value.get("puzzle"), str):
        raise ParseError('expected an object with a "puzzle" string')
    givens = _from_symbols(value["puzzle"].strip(), None, check)
    placed = None
    if value.get("placed") is not None:
        placed = _field_grid(value["placed"], givens, "placed", check)
    candidates = None
    if value.get("candidates") is not None:
        raw = value["candidates"]
        n = givens.size
        if not isinstance(raw, list) or len(raw) != givens.shape.ncells:
            raise ParseError(f'"candidates" must be a list of {givens.shape.ncells} strings')
        masks = []
        for cell, group in enumerate(raw):
            if not isinstance(group, str) or not _ALLOWED[n].issuperset(group) or "." in group:
                r, c = divmod(cell, n)
                raise SymbolError(
                    f'"candidates" row {r + 1}, column {c + 1}: {group!r} is not a set of '
                    "candidates",
                    row=r,
                    col=c,
                )
            mask = 0
            for ch in group:
                if ch != "0":
                    mask |= 1 << (_VALUE[ch] - 1)
            masks.append(mask)
        candidates = tuple(masks)
    meta: tuple[tuple[str, str], ...] = ()
    if value.get("meta") is not None:
        pairs = value["meta"]
        if not isinstance(pairs, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)
            for p in pairs
        ):
            raise ParseError('"meta" must be a list of [name, value] string pairs')
        meta = tuple((p[0], p[1]) for p in pairs)
    return Position(givens, placed, candidates, meta)


def _field_grid(text: object, givens: Grid, name: str, check: bool) -> Grid:
    if not isinstance(text, str):
        raise ParseError(f'"{name}" must be a string')
    grid = _from_symbols(text.strip(), givens.size, check)
    if not givens.fits(grid):
        raise ParseError(f'"{name}" changes a given')
    return grid


def _read_json(lines: Iterable[str], check: bool) -> Iterator[Record]:
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            position = _json_position(stripped, check)
        except ParseError as err:
            yield Record(number, stripped, None, err.at_line(number))
            continue
        yield Record(number, stripped, position.givens, None, position)


def _skip_csv_header(records: Iterable[Record]) -> Iterator[Record]:
    """Plain-line records of a CSV file, its header row (``id,puzzle,rating``) left out:
    the first record, when it holds no puzzle and its fields are names."""
    first = True
    for record in records:
        if first and record.error is not None:
            names = [f.strip() for f in record.text.split(",")]
            if all(name.replace("_", "").replace(" ", "").isalpha() for name in names if name):
                first = False
                continue
        first = False
        yield record


def csv_header() -> str:
    return "puzzle"


# --- writing any format ------------------------------------------------------------------


def format_position(puzzle: Grid | Position, to: str) -> str:
    """``puzzle`` in format ``to`` (one of :data:`WRITE_FORMATS`), without a final newline
    for one-line formats. Raises ``ValueError`` for a size the format cannot hold."""
    from . import format_pretty

    position = as_position(puzzle)
    grid = position.givens
    if to == "line":
        return format_line(grid)
    if to == "pretty":
        return format_pretty(grid)
    if to == "sdm":
        return format_sdm(grid)
    if to == "sdk":
        return format_sdk(position).rstrip("\n")
    if to == "ss":
        return format_ss(grid).rstrip("\n")
    if to == "hodoku":
        return format_hodoku(position)
    if to == "pencilmarks":
        return format_pencilmarks(position)
    if to == "sudokuwiki":
        return format_sudokuwiki(grid)
    if to == "sudokuexchange":
        return format_sudokuexchange(grid)
    if to == "json":
        return format_json(position)
    if to == "csv":
        return format_line(grid)
    raise ValueError(f"unknown format {to!r} (choose from {', '.join(WRITE_FORMATS)})")


# --- guessing the format -------------------------------------------------------------------

_SDK_META = re.compile(r"^#[A-Z]\S")
_SDK_ROW = re.compile(r"^[1-9.0]{9}$")

#: How many lines of comments may come before the line that tells the format.
_SNIFF_LINES = 200


def format_of_name(name: str) -> str | None:
    """The format a file name implies by its ending, if any."""
    lower = name.lower()
    for ext, kind in EXTENSIONS.items():
        if lower.endswith(ext):
            return kind
    return None


def classify(stripped: str, following: str | None = None) -> str | None:
    """The format a text's first meaningful line implies (None: plain lines and
    pictures). ``following`` is the next meaningful line, to tell a framed picture from a
    framed pencil-mark grid."""
    if _SECTION.match(stripped):
        return "sdk"
    if stripped.startswith(":") and stripped.count(":") >= 4:
        return "hodoku"
    if looks_like_link(stripped):
        return "link"
    if stripped.startswith("{"):
        return "json"
    if looks_like_pencilmarks(stripped):
        return "pencilmarks"
    if stripped.startswith("*") and _PM_RULE.match(stripped) and stripped.count("*") >= 2:
        # A frame: Simple Sudoku draws both its pictures and its candidate grids so.
        if following is not None and _framed_pencilmarks(following):
            return "pencilmarks"
        return "ss"
    return None


def sniff(lines: Iterable[str]) -> tuple[Iterator[str], str | None]:
    """Look at the first meaningful lines; return all the lines again and the format."""
    it = iter(lines)
    seen: list[str] = []
    kind: str | None = None
    first: str | None = None
    metadata = False
    for raw in it:
        seen.append(raw)
        stripped = raw.strip().removeprefix("\ufeff")
        if not stripped or (stripped.startswith("#") and first is None):
            metadata = metadata or _SDK_META.match(stripped) is not None
            if len(seen) > _SNIFF_LINES:
                break
            continue
        if first is None:
            first = stripped
            kind = classify(first)
            if kind is None and metadata and _SDK_ROW.match(first):
                kind = "sdk"  # SudoCue's form: metadata lines, then bare rows
            if kind != "ss":
                break
            continue
        kind = classify(first, stripped)
        break
    return itertools.chain(seen, it), kind


def read_exchange(kind: str, lines: Iterable[str], check: bool) -> Iterator[Record]:
    """Records of ``lines`` read as format ``kind`` (not ``line``)."""
    if kind == "sdk":
        return _read_sdk(lines, check)
    if kind == "ss":
        return _read_ss(lines, check)
    if kind == "hodoku":
        return _read_hodoku(lines, check)
    if kind == "pencilmarks":
        return _read_pencilmarks(lines, check)
    if kind == "link":
        return _read_links(lines, check)
    if kind == "json":
        return _read_json(lines, check)
    raise ValueError(f"unknown format {kind!r} (choose from {', '.join(READ_FORMATS)})")


def parse_position(text: str, *, check: bool = True, kind: str | None = None) -> Position:
    """One puzzle in any format this module reads, told by its content (or ``kind``).

    Plain lines and pictures are read as :func:`sudokit.parse` reads them.
    """
    from . import parse_pretty

    lines = text.strip("\n").splitlines()
    if kind is None:
        _, kind = sniff(lines)
    if kind in (None, "line", "sdm"):
        grid = parse_pretty(text, check=check)
        if kind == "sdm":
            _need_sdm(grid)
        return Position(grid)
    return _single(kind, read_exchange(kind, lines, check))


def _need_sdm(grid: Grid) -> None:
    if grid.size != 9:
        raise _only_9x9("sdm", grid.size)


def plain_records(kind: str, records: Iterable[Record]) -> Iterator[Record]:
    """Records of a format read by the plain line reader: ``.sdm`` (9×9 only) and CSV
    (its header row skipped)."""
    if kind == "csv":
        return _skip_csv_header(records)
    return _only_9x9_records(kind, records)
