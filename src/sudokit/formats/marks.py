"""Pencil-mark (candidate) grids, SudokuWiki and SudokuExchange links, JSON Lines and CSV."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..errors import CellCountError, ParseError, RulesError, SymbolError
from ..geometry import CELL_COUNTS, SIZES, SYMBOLS, Rules, Shape
from ..grid import Grid
from .exchange import _SS_FOOTER, _single
from .fpuzzles import is_fpuzzles_link, parse_fpuzzles, parse_fpuzzles_link
from .position import (
    SUDOKUEXCHANGE,
    SUDOKUWIKI,
    Position,
    Record,
    _failed,
    _need_9x9,
    _only_9x9,
    as_position,
)
from .sudokupad import parse_sudokupad
from .text import (
    _ALLOWED,
    _VALUE,
    _check_duplicates,
    _from_symbols,
    _json_value,
    _shown,
    format_line,
    puzzle_fields,
)

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
    """The puzzle of a SudokuWiki (``?bd=``), SudokuExchange (``?s=``), f-puzzles
    (``?load=``) or SudokuPad (``/fpuzzles...``, ``/scl...``, ``/ctc...``) link."""
    return parse_link_position(url, check=check).givens


def parse_link_position(url: str, *, check: bool = True) -> Position:
    """The puzzle of a link, with what the link carries besides its givens (the placed
    digits and title of an f-puzzles puzzle)."""
    if is_fpuzzles_link(url):
        return parse_fpuzzles_link(url, check=check)
    return Position(_parse_classic_link(url, check))


def _parse_classic_link(url: str, check: bool) -> Grid:
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
            position = parse_link_position(stripped, check=check)
        except ParseError as err:
            yield Record(number, stripped, None, err.at_line(number))
            continue
        yield Record(number, stripped, position.givens, None, position)


# --- JSON Lines and CSV --------------------------------------------------------------------


def format_json(puzzle: Grid | Position) -> str:
    """One JSON object: ``puzzle`` (a line), ``rules`` (the rules' code, for any but
    classic rules), and when the position has them ``placed`` (a line), ``candidates`` (a
    string of candidates per cell) and ``meta``."""
    position = as_position(puzzle)
    record: dict[str, Any] = puzzle_fields(position.givens)
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


def _json_position(text: str, check: bool, fpuzzles: bool = False) -> Position:
    value = _json_value(text, "not JSON")
    if isinstance(value, dict) and (fpuzzles or ("grid" in value and "puzzle" not in value)):
        return parse_fpuzzles(value, check=check)
    if isinstance(value, dict) and isinstance(value.get("cells"), list) and "puzzle" not in value:
        return parse_sudokupad(value, check=check)  # SudokuPad's own JSON
    if not isinstance(value, dict) or not isinstance(value.get("puzzle"), str):
        raise ParseError(
            'expected an object with a "puzzle" string (or an f-puzzles object with "grid")'
        )
    rules = None
    if value.get("rules") is not None:
        if not isinstance(value["rules"], str):
            raise ParseError('"rules" must be a string such as "9+x"')
        try:
            rules = Rules.parse(value["rules"])
        except RulesError as err:
            raise ParseError(f'"rules": {err}') from None
    size = None if rules is None else rules.n
    givens = _from_symbols(value["puzzle"].strip(), size, check and rules is None)
    if rules is not None:
        givens = Grid(rules, givens.cells)
        if check:
            _check_duplicates(givens)
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
                    f'"candidates" row {r + 1}, column {c + 1}: {_shown(group)} is not a set of '
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
    classic = givens.rules.classic
    grid = _from_symbols(text.strip(), givens.size, check and classic)
    if not classic:
        grid = Grid(givens.rules, grid.cells)
        if check:
            _check_duplicates(grid)
    if not givens.fits(grid):
        raise ParseError(f'"{name}" changes a given')
    return grid


def _read_json(lines: Iterable[str], check: bool, fpuzzles: bool = False) -> Iterator[Record]:
    """JSON Lines: one object per line. An object spread over several lines (a file saved
    by f-puzzles or pretty-printed) is read whole when its first line is a lone ``{``.
    With ``fpuzzles``, every object is read as f-puzzles JSON and links are read too."""
    it = iter(lines)
    for number, raw in enumerate(it, start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped == "{":
            taken = [raw]
            for extra in it:
                taken.append(extra)
            stripped = "".join(taken).strip()
        try:
            if fpuzzles and looks_like_link(stripped):
                position = parse_link_position(stripped, check=check)
            else:
                position = _json_position(stripped, check, fpuzzles)
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
