"""Which exchange format a file or a text is in, reading a whole file of one format, and
writing a position in any format."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator

from ..grid import Grid
from .exchange import (
    _SECTION,
    _only_9x9_records,
    _read_hodoku,
    _read_sdk,
    _read_ss,
    _single,
    format_hodoku,
    format_sdk,
    format_sdm,
    format_ss,
)
from .marks import (
    _PM_RULE,
    _framed_pencilmarks,
    _read_json,
    _read_links,
    _read_pencilmarks,
    _skip_csv_header,
    format_json,
    format_pencilmarks,
    format_sudokuexchange,
    format_sudokuwiki,
    looks_like_link,
    looks_like_pencilmarks,
)
from .position import (
    EXTENSIONS,
    READ_FORMATS,
    RULES_FORMATS,
    WRITE_FORMATS,
    Position,
    Record,
    _need_classic,
    _only_9x9,
    as_position,
)
from .solo import looks_like_solo, read_solo
from .text import (
    RULES_LINE,
    format_rules_line,
    format_shown,
    parse_pretty,
    parse_rules_line,
)

# --- writing any format ------------------------------------------------------------------


def format_position(puzzle: Grid | Position, to: str) -> str:
    """``puzzle`` in format ``to`` (one of :data:`WRITE_FORMATS`), without a final newline
    for one-line formats. Raises ``ValueError`` for a size the format cannot hold, and
    :class:`~sudokit.errors.UnsupportedRulesError` (a ``ValueError``) for rules it cannot
    carry: a variant is never written as if it were classic."""
    position = as_position(puzzle)
    grid = position.givens
    if to not in RULES_FORMATS and to in WRITE_FORMATS:
        _need_classic(to, grid)
    if to in ("line", "csv"):
        return format_rules_line(grid)
    if to == "pretty":
        return format_shown(grid)  # a variant's rules in its first line (classic: unchanged)
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
    if to == "solo":
        from .solo import format_solo

        return format_solo(grid)
    if to in ("fpuzzles", "fpuzzles-link", "sudokupad"):
        from .fpuzzles import format_fpuzzles, format_fpuzzles_link, format_sudokupad_link

        writer = {
            "fpuzzles": format_fpuzzles,
            "fpuzzles-link": format_fpuzzles_link,
            "sudokupad": format_sudokupad_link,
        }[to]
        return writer(position)
    if to == "sudokupad-scl":
        from .sudokupad import format_sudokupad_scl_link

        return format_sudokupad_scl_link(position)
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
    if looks_like_solo(stripped):
        return "solo"
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
    if kind == "solo":
        return read_solo(lines, check)
    if kind == "fpuzzles":
        return _read_json(lines, check, fpuzzles=True)
    raise ValueError(f"unknown format {kind!r} (choose from {', '.join(READ_FORMATS)})")


def parse_position(text: str, *, check: bool = True, kind: str | None = None) -> Position:
    """One puzzle in any format this module reads, told by its content (or ``kind``).

    Plain lines and pictures are read as :func:`sudokit.parse` reads them.
    """
    lines = text.strip("\n").splitlines()
    if kind is None:
        _, kind = sniff(lines)
    if kind in (None, "line", "sdm") and RULES_LINE.match(text.strip()):
        return Position(parse_rules_line(text, check=check))
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
