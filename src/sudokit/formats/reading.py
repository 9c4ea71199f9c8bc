"""Reading puzzles: :func:`parse` takes one in any form, :func:`read_puzzles` streams a
file of many (errors are collected per line, never abort the file)."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING

from ..errors import CellCountError, ParseError
from ..geometry import CELL_COUNTS, SIZES
from ..grid import Grid
from .text import (
    _ALLOWED,
    _DECORATION,
    _VALUE,
    RULES_HEADING,
    RULES_LINE,
    _check_duplicates,
    _from_symbols,
    _nested_list,
    parse_pretty,
    parse_rows,
    parse_rules_line,
    parse_shown,
    read_heading,
)

# ``Record`` (and pathlib) are imported where a file is read: a one-puzzle ``parse`` needs
# neither, and they cost more to import than a one-puzzle solve.
if TYPE_CHECKING:
    from .position import Record


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
        if RULES_HEADING.match(puzzle.lstrip()):  # a picture under its rules, as show prints
            return parse_pretty(puzzle, size=size, check=check)
        if RULES_LINE.match(puzzle.strip()):
            grid = parse_rules_line(puzzle, check=check)
            if size is not None and grid.size != size:
                raise CellCountError(f"expected a {size}×{size} grid, got {grid.size}×{grid.size}")
            return grid
        kind = _text_kind(puzzle)
        if kind is not None:
            try:
                from .sniffing import parse_position

                grid = parse_position(puzzle, check=check, kind=kind).givens
            except ParseError as err:
                # A picture with spaced groups of digits can look like a pencil-mark grid:
                # when it reads as a picture, it is one; else the format's error stands.
                try:
                    parse_pretty(puzzle, size=size, check=False)
                except ParseError:
                    raise err from None
                return parse_pretty(puzzle, size=size, check=check)
            if size is not None and grid.size != size:
                raise CellCountError(f"expected a {size}×{size} grid, got {grid.size}×{grid.size}")
            return grid
        return parse_pretty(puzzle, size=size, check=check)
    return parse_rows(puzzle, size=size, check=check)


def _text_kind(text: str) -> str | None:
    """The exchange format of a one-puzzle text, or None for a line or a picture."""
    # Plain lines and pictures never hold these characters; skip the guessing for them.
    if not any(ch in text for ch in ":[/{#*") and not re.search(r"\w\w\s", text):
        return None
    # Imported here and below on first use: sniff brings in every exchange format (and
    # json, urllib), which a plain line or picture never needs.
    from .sniffing import sniff

    return sniff(text.strip("\n").splitlines())[1]


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
    from .sniffing import plain_records, read_exchange

    lines = _without_bom(lines)
    try:
        if format in ("sdm", "csv"):
            plain = read_puzzles(lines, check=check, format="line")
            yield from plain_records(format, plain)
        else:
            yield from read_exchange(format, lines, check)
    finally:
        if isinstance(opened, io.IOBase) and opened is not source:
            opened.close()


_TOKEN_SPLIT = re.compile(r"[\s,;]+")


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
        from pathlib import Path

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
    :data:`~sudokit.formats.READ_FORMATS`); otherwise a path's ending tells, or
    else the first meaningful line.

    Streams lazily, so files of millions of puzzles take no memory up front.
    """
    from .position import Record
    from .sniffing import format_of_name, sniff

    if format in (None, "auto") and isinstance(source, str | os.PathLike):
        format = format_of_name(os.fspath(source))
    opened = _open(source)
    lines: Iterable[str] = opened
    if format in (None, "auto"):
        lines, format = sniff(opened)
    if format not in (None, "line"):
        yield from _read_other(format, lines, opened, source, check)
        return
    block: list[str] = []
    block_line = 0
    # A picture under its rules (what ``show`` prints for a variant): its lines from the
    # ``rules:`` heading on, and the rows it needs (None: not known yet).
    shown: list[str] = []
    shown_rows: int | None = None

    def flush_incomplete() -> Record:
        n = len(block[0])
        err = CellCountError(f"incomplete picture: {len(block)} of {n} rows", line=block_line)
        return Record(block_line, "\n".join(block), None, err)

    def flush_shown() -> Record:
        first, text = block_line, "\n".join(shown)
        try:
            return Record(first, text, parse_shown(text, check=check), None)
        except ParseError as err:
            return Record(first, text, None, err.at_line(first + (err.line or 1) - 1))

    try:
        for number, raw in enumerate(lines, start=1):
            stripped = raw.strip()
            if shown:
                if not stripped or stripped.startswith("#"):
                    yield flush_shown()  # cut short: its error says what is missing
                    shown, shown_rows = [], None
                    continue
                shown.append(stripped)
                symbols = _DECORATION.sub("", stripped)
                if symbols:  # a row, not a ruler line
                    if shown_rows is None:
                        try:
                            shown_rows = read_heading(shown[0]).rows_of(symbols)
                        except ParseError:
                            shown_rows = None  # read to the next blank line, then say why
                    done = sum(1 for s in shown[1:] if _DECORATION.sub("", s))
                    if done == shown_rows:
                        yield flush_shown()
                        shown, shown_rows = [], None
                continue
            if RULES_HEADING.match(stripped):
                if block:
                    yield flush_incomplete()
                    block = []
                shown, block_line = [stripped], number
                continue
            if not stripped or stripped.startswith("#"):
                if block:
                    yield flush_incomplete()
                    block = []
                continue
            tokens = _TOKEN_SPLIT.split(stripped)
            ruled = next((t for t in tokens if RULES_LINE.match(t)), None)
            if ruled is not None:
                if block:
                    yield flush_incomplete()
                    block = []
                try:
                    yield Record(number, ruled, parse_rules_line(ruled, check=check), None)
                except ParseError as err:
                    yield Record(number, ruled, None, err.at_line(number))
                continue
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
        if shown:
            yield flush_shown()
    finally:
        if isinstance(lines, io.IOBase) and lines is not source:
            lines.close()
