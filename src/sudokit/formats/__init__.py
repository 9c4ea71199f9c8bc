"""Reading and writing grids: ``parse_*`` and ``format_*`` come in pairs.

- one line of ``n²`` symbols (``.`` or ``0`` for empty): :func:`format_line`;
- the picture that :func:`format_pretty` prints; ``|``, ``-``, ``+``, box-drawing
  characters and white space are ignored when reading, so ``parse(format_pretty(g)) == g``;
- nested lists of ints, the classic tutorials' ``board = [[7, 8, 0, ...], ...]``:
  :func:`parse_rows` / :meth:`Grid.rows`;
- files of many puzzles, one per line: :func:`read_puzzles` (errors are collected per
  line, never abort the file);
- the exchange formats of other Sudoku programs (SadMan ``.sdk``/``.sdm``, Simple Sudoku
  ``.ss``, HoDoKu library lines, pencil-mark grids, links, JSON Lines, CSV), as pairs over
  a :class:`Position`; :func:`read_puzzles` and :func:`parse` read them too;
- the formats that carry a puzzle's rules: Simon Tatham's Solo game IDs (:mod:`.solo`),
  f-puzzles JSON and the f-puzzles and SudokuPad links (:mod:`.fpuzzles`, over the
  lz-string codec in :mod:`.lzstring`), SudokuPad's own ``scl``/``ctc`` format and its
  compact JSON (:mod:`.sudokupad`); a line or JSON record of a variant puzzle carries
  its rules' code (``9+x:1.4...``, :func:`format_rules_line`), and a picture under a
  ``rules: X (9+x)`` first line (what ``sudokit show`` prints) is read under them
  (:func:`format_shown`, :func:`parse_shown`).

The modules, each importing only those before it: ``text`` (plain text of one grid),
``position`` (``Position``, ``Record``, format names), ``lzstring``, ``solo``,
``sudokupad_zip``, ``sudokupad``, ``fpuzzles``, ``exchange`` (``.sdk``, ``.sdm``,
``.ss``, HoDoKu lines), ``marks`` (pencil marks, links, JSON Lines, CSV), ``sniffing`` (which
format a text is in; writing any format), ``reading`` (``parse``, ``read_puzzles``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .reading import parse, read_puzzles
from .text import (
    format_line,
    format_pretty,
    format_rows,
    format_rules_line,
    format_shown,
    parse_line,
    parse_pretty,
    parse_rows,
    parse_rules_line,
    parse_shown,
)

if TYPE_CHECKING:
    from .exchange import (
        format_hodoku,
        format_sdk,
        format_ss,
        parse_hodoku,
        parse_sdk,
        parse_ss,
    )
    from .fpuzzles import (
        format_fpuzzles,
        format_fpuzzles_link,
        format_sudokupad_link,
        parse_fpuzzles,
        parse_fpuzzles_link,
    )
    from .marks import (
        csv_header,
        format_pencilmarks,
        format_sudokuexchange,
        format_sudokuwiki,
        parse_link,
        parse_pencilmarks,
    )
    from .position import (
        READ_FORMATS,
        SINGLE_PUZZLE_FORMATS,
        WRITE_FORMATS,
        Position,
        Record,
        as_position,
    )
    from .sniffing import format_of_name, format_position, parse_position, sniff
    from .solo import format_solo, parse_solo
    from .sudokupad import (
        format_sudokupad,
        format_sudokupad_scl_link,
        parse_sudokupad,
        parse_sudokupad_payload,
    )

#: Names imported on first use: the exchange formats (and json, urllib) are most of the
#: package's import time, and a plain line or picture never needs them.
_LAZY = {
    **dict.fromkeys(
        (
            "READ_FORMATS",
            "SINGLE_PUZZLE_FORMATS",
            "WRITE_FORMATS",
            "Position",
            "Record",
            "as_position",
        ),
        "position",
    ),
    **dict.fromkeys(
        ("format_hodoku", "format_sdk", "format_ss", "parse_hodoku", "parse_sdk", "parse_ss"),
        "exchange",
    ),
    **dict.fromkeys(
        (
            "csv_header",
            "format_pencilmarks",
            "format_sudokuexchange",
            "format_sudokuwiki",
            "parse_link",
            "parse_pencilmarks",
        ),
        "marks",
    ),
    **dict.fromkeys(("format_of_name", "format_position", "parse_position", "sniff"), "sniffing"),
    **dict.fromkeys(("format_solo", "parse_solo"), "solo"),
    **dict.fromkeys(
        (
            "format_sudokupad",
            "format_sudokupad_scl_link",
            "parse_sudokupad",
            "parse_sudokupad_payload",
        ),
        "sudokupad",
    ),
    **dict.fromkeys(
        (
            "format_fpuzzles",
            "format_fpuzzles_link",
            "format_sudokupad_link",
            "parse_fpuzzles",
            "parse_fpuzzles_link",
        ),
        "fpuzzles",
    ),
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups are plain attribute reads
    return value


__all__ = [
    "READ_FORMATS",
    "SINGLE_PUZZLE_FORMATS",
    "WRITE_FORMATS",
    "Position",
    "Record",
    "as_position",
    "csv_header",
    "format_fpuzzles",
    "format_fpuzzles_link",
    "format_hodoku",
    "format_line",
    "format_of_name",
    "format_pencilmarks",
    "format_position",
    "format_pretty",
    "format_rows",
    "format_rules_line",
    "format_sdk",
    "format_shown",
    "format_solo",
    "format_ss",
    "format_sudokuexchange",
    "format_sudokupad",
    "format_sudokupad_link",
    "format_sudokupad_scl_link",
    "format_sudokuwiki",
    "parse",
    "parse_fpuzzles",
    "parse_fpuzzles_link",
    "parse_hodoku",
    "parse_line",
    "parse_link",
    "parse_pencilmarks",
    "parse_position",
    "parse_pretty",
    "parse_rows",
    "parse_rules_line",
    "parse_sdk",
    "parse_shown",
    "parse_solo",
    "parse_ss",
    "parse_sudokupad",
    "parse_sudokupad_payload",
    "read_puzzles",
    "sniff",
]
