"""f-puzzles JSON, and the f-puzzles and SudokuPad links that carry it.

An f-puzzles puzzle is one JSON object: ``size``; ``grid``, ``size`` rows of ``size`` cell
objects (``value``, ``given``, ``region`` for irregular regions, pencil marks, colours);
the rules as keys — booleans ``diagonal+`` (the ↗ diagonal), ``diagonal-`` (↘),
``antiknight``, ``antiking``, ``nonconsecutive``, ``disjointgroups``, and lists of
constraints (``extraregion``, ``killercage``, ``thermometer``, ``arrow``…); ``title``,
``author``, ``ruleset``. Killer cages are ``killercage`` entries (``cells`` such as
``"R1C1"``, ``value`` the sum as text, none for a cage without a sum); a ``cage`` with cells
and a number as its ``value`` (as SudokuPad writes killer cages) is read as one too. Links
carry it through lz-string's base-64 form:
``https://f-puzzles.com/?load=<payload>`` and ``https://sudokupad.app/fpuzzles<payload>``
(also ``?puzzleid=fpuzzles<payload>``). SudokuPad links in its own format
(``https://sudokupad.app/scl<payload>``, ``ctc<payload>``) are handed to :mod:`.sudokupad`.

A rule sudokit does not play (a thermometer, an arrow, a lone diagonal…) is
refused with :class:`~sudokit.errors.UnsupportedPuzzleError`, never dropped: the puzzle would
have other solutions without it. Empty lists of constraints are fine. Pencil marks and
cell colours are a player's aids and are not read; drawings with cells (lines, circles,
rectangles, text, cages with words) are refused, as puzzles use them for rules of their own.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote, unquote, urlsplit

from ..errors import ParseError, RulesError, SymbolError, UnsupportedPuzzleError
from ..geometry import SIZES, Cage, Rules
from ..grid import Grid
from .lzstring import LZStringError, compress_to_base64, decompress_from_base64
from .position import Position, as_position
from .sudokupad import parse_sudokupad_payload
from .text import _check_duplicates

FPUZZLES_LINK = "https://f-puzzles.com/?load="
SUDOKUPAD_LINK = "https://sudokupad.app/fpuzzles"

#: Keys that say nothing about the rules (settings of f-puzzles' solver and display).
_HARMLESS = frozenset(
    {
        "size",
        "grid",
        "title",
        "author",
        "ruleset",
        "solution",
        "highlightConflicts",
        "highlightConflicts_mark",
        "disabledlogic",
        "truecandidatesoptions",
        "version",
        "activeConstraints",  # the constraints f-puzzles' editor lists in its menu
    }
)
#: Constraints sudokit does not play, by key, in words.
_UNSUPPORTED = {
    "thermometer": "thermometer",
    "arrow": "arrow",
    "littlekillersum": "little killer",
    "sandwichsum": "sandwich",
    "xv": "XV",
    "difference": "kropki (white dot)",
    "ratio": "kropki (black dot)",
    "even": "even-cell",
    "odd": "odd-cell",
    "minimum": "minimum-cell",
    "maximum": "maximum-cell",
    "quadruple": "quadruple",
    "betweenline": "between-line",
    "palindrome": "palindrome",
    "renban": "renban",
    "whispers": "German whispers",
    "clone": "clone",
    "lockout": "lockout-line",
    "entropicline": "entropic-line",
    "modularline": "modular-line",
    "regionsumline": "region-sum-line",
    "disjointgroups": "disjoint-groups",
    "negative": "negative (no dot or X/V where none is drawn)",
}
#: Drawings: harmless without cells (SudokuPad keeps metadata in cell-less cages).
_COSMETIC = {"line": "line", "rectangle": "rectangle", "circle": "circle", "text": "text",
             "cage": "cage"}  # fmt: skip
_META_CAGE = re.compile(r"^(title|author|rules):\s*(.+)$", re.S)
_CELL_NAME = re.compile(r"^R(\d+)C(\d+)$", re.I)
#: Meta names read from (and written to) the f-puzzles keys.
_META_KEYS = {"title": "title", "author": "author", "ruleset": "rules"}


def _unsupported(what: str) -> UnsupportedPuzzleError:
    return UnsupportedPuzzleError(f"{what} constraints are not supported")


def _present(value: object) -> bool:
    """Whether a key's value asks for something (a true flag, a non-empty list)."""
    return value not in (None, False, 0, "", [], {})


def parse_fpuzzles(data: str | dict[str, Any], *, check: bool = True) -> Position:
    """The puzzle of an f-puzzles JSON object (its text, or the object), under its rules.

    Givens are the cells marked ``given``; other digits come back as placed digits. Raises
    :class:`~sudokit.errors.ParseError` naming the problem and its place, and
    :class:`~sudokit.errors.UnsupportedPuzzleError` (a ParseError too) for a rule sudokit
    does not play.
    """
    if isinstance(data, str):
        try:
            value = json.loads(data)
        except (ValueError, RecursionError) as err:
            raise ParseError(f"f-puzzles: not JSON ({err})") from None
    else:
        value = data
    if not isinstance(value, dict):
        raise ParseError("f-puzzles: expected a JSON object with 'size' and 'grid'")
    size = value.get("size")
    if type(size) is not int:
        raise ParseError("f-puzzles: 'size' must be a whole number")
    if size not in SIZES:
        sizes = ", ".join(f"{s}×{s}" for s in SIZES)
        raise UnsupportedPuzzleError(f"a {size}×{size} grid is not supported (sizes: {sizes})")
    n = size
    rows = value.get("grid")
    if not isinstance(rows, list) or len(rows) != n:
        raise ParseError(f"f-puzzles: 'grid' must be a list of {n} rows")
    variants = _variants(value, n)
    givens: list[int] = []
    placed: list[int] = []
    regions: list[int | None] = []
    marks: list[int] = []  # centre marks: a cell's candidates (0: none pencilled)
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != n:
            raise ParseError(f"f-puzzles: grid row {r + 1} must be a list of {n} cells", row=r)
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise ParseError(
                    f"f-puzzles: row {r + 1}, column {c + 1}: a cell must be an object",
                    row=r,
                    col=c,
                )
            digit = cell.get("value")
            if digit in (None, 0, ""):
                digit = 0
            elif type(digit) is not int or not 1 <= digit <= n:
                raise SymbolError(
                    f"f-puzzles: row {r + 1}, column {c + 1}: {digit!r} is not a digit 1-{n}",
                    row=r,
                    col=c,
                )
            given = bool(cell.get("given")) and digit > 0
            givens.append(digit if given else 0)
            placed.append(digit)
            if _present(cell.get("givenPencilMarks")):
                raise _unsupported("given pencil-mark")
            marks.append(_centre_marks(cell.get("centerPencilMarks"), n, r, c))
            if "region" in cell:
                region = cell["region"]
                if region is None:
                    raise UnsupportedPuzzleError(
                        f"row {r + 1}, column {c + 1} is outside every region, which is not "
                        "supported"
                    )
                if type(region) is not int or not 0 <= region < n:
                    raise ParseError(
                        f"f-puzzles: row {r + 1}, column {c + 1}: region {region!r} is not "
                        f"0-{n - 1}",
                        row=r,
                        col=c,
                    )
                regions.append(region)
            else:
                regions.append(None)
    rules = _rules(n, variants, regions, _cages(value, n))
    _check_windows(value, rules)
    puzzle = Grid(rules, givens)
    current = Grid(rules, placed) if placed != givens else None
    if check:
        _check_duplicates(puzzle)
        if current is not None:
            _check_duplicates(current)
    # Centre marks are the candidates the solver has left; a cell without any has not
    # been pencilled (every candidate the rules allow).
    full = (1 << n) - 1
    candidates = tuple(m or full for m in marks) if any(marks) else None
    return Position(puzzle, current, candidates, _meta(value))


def _centre_marks(value: object, n: int, r: int, c: int) -> int:
    """A cell's ``centerPencilMarks`` as a mask (0 for none)."""
    if value in (None, []):
        return 0
    if not isinstance(value, list) or any(type(d) is not int or not 1 <= d <= n for d in value):
        raise SymbolError(
            f"f-puzzles: row {r + 1}, column {c + 1}: centre marks {value!r} are not digits 1-{n}",
            row=r,
            col=c,
        )
    mask = 0
    for d in value:
        mask |= 1 << (d - 1)
    return mask


def _variants(value: dict[str, Any], n: int) -> list[str]:
    """The variants the keys ask for; refuses every key that asks for something else."""
    variants = []
    plus, minus = _present(value.get("diagonal+")), _present(value.get("diagonal-"))
    if plus and minus:
        variants.append("x")
    elif plus or minus:
        which = "↗ (diagonal+)" if plus else "↘ (diagonal-)"
        raise UnsupportedPuzzleError(
            f"a single diagonal ({which}) is not supported; X rules need both diagonals"
        )
    for key, name in (
        ("antiknight", "anti-knight"),
        ("antiking", "anti-king"),
        ("nonconsecutive", "non-consecutive"),
    ):
        if _present(value.get(key)):
            variants.append(name)
    if _present(value.get("extraregion")):
        variants.append("windoku")
    for key, item in value.items():
        if (
            key in _HARMLESS
            or key in ("diagonal+", "diagonal-", "extraregion")
            or not _present(item)
        ):
            continue
        if key in ("antiknight", "antiking", "nonconsecutive"):
            continue
        if key == "killercage":
            continue
        if key in _UNSUPPORTED:
            raise _unsupported(_UNSUPPORTED[key])
        if key in _COSMETIC:
            if not isinstance(item, list) or any(
                not isinstance(part, dict) or (_present(part.get("cells")) and not
                (key == "cage" and _killer_sum(part) is not None)) or
                _present(part.get("lines")) or _present(part.get("cell"))
                for part in item
            ):  # fmt: skip
                raise UnsupportedPuzzleError(
                    f"drawn {_COSMETIC[key]}s (which puzzles use for rules of their own) "
                    "are not supported"
                )
            continue
        raise UnsupportedPuzzleError(f"f-puzzles key {key!r} is not supported")
    return variants


def _killer_sum(part: dict[str, Any]) -> int | None:
    """The sum of a cosmetic ``cage`` that is a killer cage (a whole number as its value),
    else None."""
    value = part.get("value")
    if type(value) is int and value > 0:
        return value
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 4:
        return int(value.strip()) or None
    return None


def _cages(value: dict[str, Any], n: int) -> list[Cage]:
    """The killer cages: every ``killercage``, and each ``cage`` with cells and a sum."""
    out = []
    entries = value.get("killercage") or []
    if not isinstance(entries, list):
        raise ParseError("f-puzzles: 'killercage' must be a list of cages")
    for number, part in enumerate(entries, 1):
        if not isinstance(part, dict) or not isinstance(part.get("cells"), list):
            raise ParseError(f"f-puzzles: killer cage {number} must have a list of cells")
        cells = [_cell(name, n) for name in part["cells"]]
        if not cells:
            continue  # a cage without cells: nothing to keep
        total = part.get("value")
        if total in (None, ""):
            total = None
        elif isinstance(total, str) and total.strip().isdigit() and len(total.strip()) <= 4:
            total = int(total.strip())
        elif type(total) is not int:
            where = _cell_name(min(cells), n)
            raise ParseError(
                f"f-puzzles: killer cage {number} (at {where}): its sum {total!r} is not a number"
            )
        out.append(_cage(cells, total, number, n))
    for part in value.get("cage") or ():
        if isinstance(part, dict) and isinstance(part.get("cells"), list) and part["cells"]:
            total = _killer_sum(part)
            if total is not None:
                out.append(_cage([_cell(name, n) for name in part["cells"]], total, 0, n))
    return out


def _cage(cells: list[int], total: int | None, number: int, n: int) -> Cage:
    try:
        return Cage(tuple(cells), total)
    except RulesError:
        label = f"killer cage {number}" if number else "a cage"
        raise ParseError(
            f"f-puzzles: {label} (at {_cell_name(min(cells), n)}) lists a cell twice"
        ) from None


def _rules(n: int, variants: list[str], regions: list[int | None], cages: list[Cage]) -> Rules:
    region_of = None
    if any(r is not None for r in regions):
        # f-puzzles' default regions where a cell gives none: the boxes, as f-puzzles draws them
        box = Rules.make(n).region_of
        region_of = [box[cell] if r is None else r for cell, r in enumerate(regions)]
    try:
        return Rules.make(n, variants, region_of, cages)
    except RulesError as err:
        raise ParseError(f"f-puzzles: {err}") from None


def _windows(rules: Rules) -> set[frozenset[int]]:
    return {
        frozenset(cells)
        for cells, kind in zip(rules.units, rules.unit_kinds, strict=True)
        if kind == "window"
    }


def _check_windows(value: dict[str, Any], rules: Rules) -> None:
    """Extra regions are read only when they are windoku's windows."""
    extra = value.get("extraregion")
    if not _present(extra):
        return
    n = rules.n
    found: set[frozenset[int]] = set()
    if isinstance(extra, list):
        for part in extra:
            cells = part.get("cells") if isinstance(part, dict) else None
            if not isinstance(cells, list):
                raise ParseError("f-puzzles: an extra region must have a list of cells")
            found.add(frozenset(_cell(name, n) for name in cells))
    if found != _windows(rules):
        raise UnsupportedPuzzleError(
            "extra-region constraints are not supported, except windoku's four windows"
        )


def _cell(name: object, n: int) -> int:
    m = _CELL_NAME.match(name) if isinstance(name, str) else None
    if m is None or not (1 <= int(m.group(1)) <= n and 1 <= int(m.group(2)) <= n):
        raise ParseError(f"f-puzzles: {name!r} is not a cell such as R1C1")
    return (int(m.group(1)) - 1) * n + int(m.group(2)) - 1


def _meta(value: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    meta = []
    for key, name in _META_KEYS.items():
        if isinstance(value.get(key), str) and value[key].strip():
            meta.append((name, value[key]))
    for cage in value.get("cage") or ():
        text = cage.get("value") if isinstance(cage, dict) else None
        m = _META_CAGE.match(text) if isinstance(text, str) else None
        if m and not any(name == m.group(1) for name, _ in meta):
            meta.append((m.group(1), m.group(2).strip()))
    return tuple(meta)


# --- writing -------------------------------------------------------------------------------


def _cell_name(cell: int, n: int) -> str:
    return f"R{cell // n + 1}C{cell % n + 1}"


def fpuzzles_object(puzzle: Grid | Position) -> dict[str, Any]:
    """The f-puzzles JSON object of a puzzle (placed digits as values without ``given``)."""
    position = as_position(puzzle)
    givens = position.givens
    current = position.current
    rules = givens.rules
    n = rules.n
    record: dict[str, Any] = {"size": n}
    meta = dict(position.meta)
    for key, name in _META_KEYS.items():
        if meta.get(name):
            record[key] = meta[name]
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            cell = r * n + c
            item: dict[str, Any] = {}
            if current.cells[cell]:
                item["value"] = current.cells[cell]
                if givens.cells[cell]:
                    item["given"] = True
            elif position.candidates is not None:  # the candidates left, as centre marks
                mask = position.candidates[cell]
                item["centerPencilMarks"] = [d for d in range(1, n + 1) if mask >> (d - 1) & 1]
            if rules.jigsaw:
                item["region"] = rules.region_of[cell]
            row.append(item)
        grid.append(row)
    record["grid"] = grid
    if rules.diagonals:
        record["diagonal+"] = True
        record["diagonal-"] = True
    if rules.anti_knight:
        record["antiknight"] = True
    if rules.anti_king:
        record["antiking"] = True
    if rules.nonconsecutive:
        record["nonconsecutive"] = True
    if rules.windows:
        windows = [cells for cells, kind in zip(rules.units, rules.unit_kinds, strict=True)
                   if kind == "window"]  # fmt: skip
        record["extraregion"] = [{"cells": [_cell_name(c, n) for c in w]} for w in windows]
    if rules.killer:
        record["killercage"] = [
            {"cells": [_cell_name(c, n) for c in cage.cells]}
            | ({} if cage.total is None else {"value": str(cage.total)})
            for cage in rules.cages
        ]
    return record


def format_fpuzzles(puzzle: Grid | Position) -> str:
    """The f-puzzles JSON of a puzzle, on one line."""
    return json.dumps(fpuzzles_object(puzzle), ensure_ascii=False, separators=(",", ":"))


def _payload(puzzle: Grid | Position) -> str:
    # '+' and '=' would be read as a space and a separator in a link: write them escaped.
    return quote(compress_to_base64(format_fpuzzles(puzzle)), safe="/")


def format_fpuzzles_link(puzzle: Grid | Position) -> str:
    """A link that opens the puzzle in f-puzzles."""
    return FPUZZLES_LINK + _payload(puzzle)


def format_sudokupad_link(puzzle: Grid | Position) -> str:
    """A link that opens the puzzle in SudokuPad."""
    return SUDOKUPAD_LINK + _payload(puzzle)


# --- links ---------------------------------------------------------------------------------

_SUDOKUPAD_HOSTS = ("sudokupad.app", "app.crackingthecryptic.com", "sudokupad.svencodes.com")


def is_fpuzzles_link(url: str) -> bool:
    """Whether ``url`` is an f-puzzles or SudokuPad address (which this module reads)."""
    host = _host(url)
    return host is not None and (
        host.endswith("f-puzzles.com") or any(host.endswith(h) for h in _SUDOKUPAD_HOSTS)
    )


def _host(url: str) -> str | None:
    stripped = url.strip()
    try:
        parts = urlsplit(stripped if "://" in stripped else "https://" + stripped)
    except ValueError:
        return None
    return (parts.hostname or "").lower() or None


def parse_fpuzzles_link(url: str, *, check: bool = True) -> Position:
    """The puzzle of an f-puzzles (``?load=``) or SudokuPad (``/fpuzzles…``, ``/scl…``,
    ``/ctc…``) link."""
    stripped = url.strip()
    parts = urlsplit(stripped if "://" in stripped else "https://" + stripped)
    host = (parts.hostname or "").lower()
    raw_query = parts.query
    if host.endswith("f-puzzles.com"):
        payload = _query_value(raw_query, "load")
        if payload is None:
            if _query_value(raw_query, "id") is not None:
                raise ParseError(
                    "an f-puzzles short link (?id=...) needs f-puzzles' server; use a link with "
                    "?load=..."
                )
            raise ParseError("no puzzle in the f-puzzles link: expected ?load=...")
    else:
        data = _query_value(raw_query, "puzzleid")
        if data is None:
            data = _query_value(raw_query, "puzzle")
        if data is None:
            data = parts.path.lstrip("/").removeprefix("sudoku/")
        data = unquote(data)
        if not data:
            raise ParseError("no puzzle in the SudokuPad link")
        if data.startswith(("scl", "ctc")):  # SudokuPad's own format
            return parse_sudokupad_payload(data, check=check)
        if not data.startswith("fpuz"):
            for prefix in ("classic", "scf"):
                if data.startswith(prefix):
                    raise UnsupportedPuzzleError(
                        f"SudokuPad's {prefix} puzzle format ({prefix}...) is not supported; "
                        "use a link with scl... or fpuzzles..."
                    )
            raise ParseError(
                "a SudokuPad short link needs SudokuPad's server; use a link that holds the "
                "puzzle (https://sudokupad.app/scl... or https://sudokupad.app/fpuzzles...)"
            )
        payload = data.removeprefix("fpuzzles").removeprefix("fpuz")
    payload = unquote(payload).replace(" ", "+")  # '+' read as a space on the way
    try:
        text = decompress_from_base64(payload)
    except LZStringError as err:
        raise ParseError(f"the link's puzzle is damaged: {err}") from None
    if not text:
        raise ParseError("the link's puzzle is damaged: it holds nothing")
    return parse_fpuzzles(text, check=check)


def _query_value(query: str, key: str) -> str | None:
    """A query field's raw value (not unquoted: ``+`` stays ``+``)."""
    for field in query.split("&"):
        name, sep, value = field.partition("=")
        if name == key and sep:
            return value
    return None
