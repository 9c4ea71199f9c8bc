"""The formats other Sudoku programs exchange, read and written: this module holds the
row formats (SadMan ``.sdk``/``.sdm``, Simple Sudoku ``.ss``) and HoDoKu lines;
:mod:`~sudokit.formats.marks` the pencil-mark grids, links, JSON Lines and CSV;
:mod:`~sudokit.formats.sniffing` the guess of a format and the writer of any of them.
The formats:


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

import re
from collections.abc import Iterable, Iterator

from ..errors import CellCountError, ParseError, SymbolError
from ..geometry import CELL_COUNTS, SYMBOLS, Shape
from ..grid import Grid
from .position import (
    _NAMES,
    _SDK_LETTERS,
    SDK_FIELDS,
    Position,
    Record,
    _failed,
    _grid_from_rows,
    _need_9x9,
    _only_9x9,
    _row_symbols,
    as_position,
)
from .text import (
    _ALLOWED,
    _VALUE,
    _check_duplicates,
    format_line,
)

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
