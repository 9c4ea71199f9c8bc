"""SudokuPad's own puzzle format: the ``scl`` and ``ctc`` payloads of its links.

A SudokuPad link holds the puzzle after its address: ``https://sudokupad.app/scl<payload>``
(also ``…/sudoku/scl…``, ``?puzzleid=scl…``; ``ctc`` in place of ``scl``). The payload is
lz-string's ``compressToBase64`` of the puzzle's JSON, written either plainly or in
SudokuPad's compact form ("zipped" JSON): keys shortened (``cells`` → ``ce``, ``regions`` →
``re``, ``cages`` → ``ca``, ``value`` → ``v``, ``lines`` → ``l``…), keys unquoted, strings
in single quotes, ``t``/``f`` for true/false, colours without their ``#``, and empty
objects in arrays left out (``[,,]`` is three ``{}``); see :mod:`.sudokupad_zip`.

The puzzle object: ``cells`` (rows of cell objects; a ``value`` is a given); ``regions``
(lists of ``[row, col]``: the boxes or a jigsaw's pieces); ``cages`` (``cells`` and a
``value``: a killer cage with its sum, ``unique: true``; a cage without cells whose value is
``title: …``, ``author: …`` or ``rules: …`` is metadata; ``style: "extraregion"`` an extra
region); ``lines``, ``arrows``, ``overlays``, ``underlays`` (drawings); ``global``
(``antiknight``, ``antiking``, ``nonconsecutive``…) and ``metadata``.

What sudokit's rules cannot express is refused by name (:class:`UnsupportedPuzzleError`),
never dropped: drawn lines other than the two main diagonals (thermometers, whispers,
renban…), arrows, overlays (kropki dots, XV, quadruples, clues outside the grid), shapes
drawn under cells other than whole-cell shading, cages whose digits may repeat, extra
regions other than windoku's windows, and any global rule or key it does not know. Cell
shading is a player's aid here as in f-puzzles, and is not read.

SudokuPad short links (``sudokupad.app/<id>``) are a lookup on SudokuPad's server and are
refused by the link reader (:mod:`.fpuzzles`), which hands ``scl``/``ctc`` payloads here.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any
from urllib.parse import quote, unquote

from ..errors import ParseError, RulesError, SymbolError, UnsupportedPuzzleError
from ..geometry import SIZES, VARIANTS, Cage, Rules
from ..grid import Grid
from .lzstring import LZStringError, compress_to_base64, decompress_from_base64
from .position import Position, as_position
from .sudokupad_zip import unzip_json, zip_json
from .text import _check_duplicates

SCL_LINK = "https://sudokupad.app/scl"

# --- reading -------------------------------------------------------------------------------

#: Keys that say nothing about the rules.
_HARMLESS = frozenset(
    {"id", "cellSize", "settings", "metadata", "metaData", "solution", "videos", "version"}
)
#: Global rules sudokit plays, by SudokuPad's name.
_GLOBALS = {
    "antiknight": "anti-knight",
    "antiking": "anti-king",
    "nonconsecutive": "non-consecutive",
}
#: Drawings, in words, for the refusal.
_DRAWINGS = {
    "lines": "drawn lines (thermometers, whispers, renban, palindromes…)",
    "arrows": "arrows",
    "overlays": "shapes drawn over the grid (kropki dots, XV, quadruples, outside clues…)",
    "underlays": "shapes drawn under cells (even/odd cells, thermometer bulbs…)",
}
_META_CAGE = re.compile(r"^([^: ]+):\s*(.+)$", re.S)
_META_NAMES = ("title", "author", "rules")
#: Digits as ASCII ('²' is a digit to str.isdigit, but not to int() nor to SudokuPad).
_DIGITS = re.compile(r"[0-9]+")
#: What SudokuPad writes when a puzzle has no title, author or rules: not worth keeping.
_PLACEHOLDERS = {"Untitled", "Unknown"}
_NO_RULES = "No rules provided for this puzzle."


def parse_sudokupad_payload(data: str, *, check: bool = True) -> Position:
    """The puzzle of a SudokuPad link's puzzle part: ``scl`` or ``ctc`` and its payload
    (percent-escapes allowed; a ``+`` read as a space on the way is mended)."""
    for prefix in ("scl", "ctc"):
        if data.startswith(prefix):
            payload = data[len(prefix) :]
            break
    else:
        raise ParseError("a SudokuPad puzzle starts with scl or ctc")
    payload = unquote(payload).strip()
    if payload.startswith("{"):
        text = payload  # a few links carry the JSON as it is
    else:
        try:
            text = decompress_from_base64(payload.replace(" ", "+"))
        except LZStringError as err:
            raise ParseError(f"the link's puzzle is damaged: {err}") from None
        if not text:
            raise ParseError("the link's puzzle is damaged: it holds nothing")
    return parse_sudokupad(text, check=check)


def parse_sudokupad(data: str | dict[str, Any], *, check: bool = True) -> Position:
    """The puzzle of a SudokuPad JSON object (plain or compact text, or the object), under
    its rules; :class:`~sudokit.errors.UnsupportedPuzzleError` for a rule sudokit does not
    play, :class:`~sudokit.errors.ParseError` naming the place of anything malformed."""
    value = unzip_json(data) if isinstance(data, str) else data
    if not isinstance(value, dict):
        raise ParseError("SudokuPad: expected a JSON object with 'cells' and 'regions'")
    rows = value.get("cells")
    if not isinstance(rows, list) or not rows:
        raise ParseError("SudokuPad: the puzzle has no 'cells' (rows of cells)")
    n = len(rows)
    widths = {len(row) if isinstance(row, list) else -1 for row in rows}
    if -1 in widths:
        raise ParseError("SudokuPad: 'cells' must be rows of cells")
    if widths != {n} or n not in SIZES:
        width = max(widths)
        sizes = ", ".join(f"{s}×{s}" for s in SIZES)
        raise UnsupportedPuzzleError(
            f"a {n}×{width} grid is not supported (sizes: {sizes})"
            if widths == {width}
            else f"SudokuPad rows of {min(widths)} to {width} cells are not a grid sudokit plays"
        )
    _refuse_unknown(value)
    variants = _globals(value)
    givens, candidates = _cells(rows, n)
    region_of = _regions(value.get("regions"), n)
    cages, extra, meta = _cages(value.get("cages"), n)
    variants += _lines(value.get("lines"), n)
    _underlays(value.get("underlays"), n)
    if extra:
        windows = {frozenset(w) for w in _window_sets(n)}
        if {frozenset(cells) for cells in extra} != windows:
            raise UnsupportedPuzzleError(
                "extra regions are not supported, except windoku's four windows"
            )
        variants.append("windoku")
    try:
        rules = Rules.make(n, variants, region_of, cages)
    except RulesError as err:
        raise ParseError(f"SudokuPad: {err}") from None
    puzzle = Grid(rules, givens)
    if check:
        _check_duplicates(puzzle)
    full = (1 << n) - 1
    marks = tuple(m or full for m in candidates) if any(candidates) else None
    return Position(puzzle, None, marks, _meta(value, meta))


def _refuse_unknown(value: dict[str, Any]) -> None:
    for key, item in value.items():
        if key in _HARMLESS or key in ("cells", "regions", "cages", "global", "lines"):
            continue
        if key in _DRAWINGS:
            continue  # looked at by their own readers
        if item in (None, [], {}, "", False):
            continue
        if key in ("foglight", "foglink", "fogofwar"):
            raise UnsupportedPuzzleError("fog of war is not supported")
        raise UnsupportedPuzzleError(f"SudokuPad key {key!r} is not supported")
    for key in ("arrows", "overlays"):
        if _present_list(value.get(key)):
            raise UnsupportedPuzzleError(f"{_DRAWINGS[key]} are not supported")
    for meta in (value.get("metadata"), value.get("metaData")):
        if isinstance(meta, dict) and _present_list(meta.get("bgimage")):
            raise UnsupportedPuzzleError(
                "a background picture (which puzzles use to draw rules of their own) is not "
                "supported"
            )


def _present_list(item: object) -> bool:
    return item not in (None, [], {}, "", False)


def _globals(value: dict[str, Any]) -> list[str]:
    """The global rules, from ``global`` and the ``metadata`` flags older links use."""
    names: list[str] = []
    raw = value.get("global") or []
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list):
        raise ParseError("SudokuPad: 'global' must be a list of rule names")
    for name in raw:
        if isinstance(name, str) and name in _GLOBALS:
            names.append(_GLOBALS[name])
        else:
            words = {"disjoint": "disjoint-groups"}.get(str(name), str(name))
            raise UnsupportedPuzzleError(f"the global rule {words!r} is not supported")
    for meta in (value.get("metadata"), value.get("metaData")):
        if isinstance(meta, dict):
            for key, name in _GLOBALS.items():
                if meta.get(key) not in (None, False, 0, "", "false"):
                    names.append(name)
    return sorted(set(names), key=names.index)


def _digit(item: object, n: int) -> int | None:
    """A digit 1..n written as a number or a string; None if it is not one."""
    if isinstance(item, str) and _DIGITS.fullmatch(item.strip()):
        item = int(item.strip())
    if type(item) is int and 1 <= item <= n:
        return item
    return None


def _cells(rows: list[Any], n: int) -> tuple[list[int], list[int]]:
    givens: list[int] = []
    marks: list[int] = []
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise ParseError(
                    f"SudokuPad: row {r + 1}, column {c + 1}: a cell must be an object",
                    row=r,
                    col=c,
                )
            item = cell.get("value")
            if item in (None, "", 0) or cell.get("given") is False:
                givens.append(0)
            else:
                digit = _digit(item, n)
                if digit is None:
                    raise SymbolError(
                        f"SudokuPad: row {r + 1}, column {c + 1}: {item!r} is not a digit 1-{n}",
                        row=r,
                        col=c,
                    )
                givens.append(digit)
            mask = 0
            centre = cell.get("centremarks") or cell.get("centerPencilMarks") or []
            for d in centre if isinstance(centre, list) else [centre]:
                digit = _digit(d, n)
                if digit is None:
                    raise SymbolError(
                        f"SudokuPad: row {r + 1}, column {c + 1}: centre mark {d!r} is not a "
                        f"digit 1-{n}",
                        row=r,
                        col=c,
                    )
                mask |= 1 << (digit - 1)
            marks.append(mask)
    return givens, marks


def _cell(item: object, n: int, what: str) -> int:
    """A ``[row, col]`` pair as a cell index."""
    if (
        isinstance(item, list)
        and len(item) == 2
        and all(type(x) is int or (isinstance(x, float) and x.is_integer()) for x in item)
    ):
        r, c = int(item[0]), int(item[1])
        if 0 <= r < n and 0 <= c < n:
            return r * n + c
        raise ParseError(f"SudokuPad: {what} has the cell {item!r}, outside the {n}×{n} grid")
    raise ParseError(f"SudokuPad: {what} has {item!r}, which is not a cell [row, column]")


def _regions(raw: object, n: int) -> list[int] | None:
    """Each cell's region (None: the boxes)."""
    if raw in (None, []):
        raise UnsupportedPuzzleError(
            "a grid without regions (no boxes: rows and columns only) is not supported"
        )
    if not isinstance(raw, list):
        raise ParseError("SudokuPad: 'regions' must be a list of regions")
    region_of: list[int | None] = [None] * (n * n)
    for number, region in enumerate(raw):
        if not isinstance(region, list):
            raise ParseError(f"SudokuPad: region {number + 1} must be a list of cells")
        what = f"region {number + 1}"
        for item in region:
            cell = _cell(item, n, what)
            earlier = region_of[cell]
            if earlier is not None:
                raise ParseError(
                    f"SudokuPad: r{cell // n + 1}c{cell % n + 1} is in two regions "
                    f"({earlier + 1} and {number + 1})"
                )
            region_of[cell] = number
    missing = [cell for cell, region in enumerate(region_of) if region is None]
    if missing:
        cell = missing[0]
        raise UnsupportedPuzzleError(
            f"row {cell // n + 1}, column {cell % n + 1} is outside every region, which is "
            "not supported"
        )
    if len(raw) != n or any(len(region) != n for region in raw):
        sizes = sorted({len(region) for region in raw})
        raise UnsupportedPuzzleError(
            f"{len(raw)} regions of {', '.join(map(str, sizes))} cells are not supported "
            f"(a {n}×{n} sudoku has {n} regions of {n} cells)"
        )
    cells = [r for r in region_of if r is not None]
    return None if cells == list(Rules.make(n).region_of) else cells


def _sum(item: object) -> int | None:
    if type(item) is float and item.is_integer() and abs(item) < 2**53:
        item = int(item)  # hand-written JSON's 3.0 is 3
    if type(item) is int and item > 0:
        return item
    if isinstance(item, str) and _DIGITS.fullmatch(item.strip()) and len(item.strip()) <= 4:
        return int(item.strip()) or None
    return None


def _cages(raw: object, n: int) -> tuple[list[Cage], list[list[int]], list[tuple[str, str]]]:
    """The killer cages, the extra regions and the metadata the cages carry."""
    if raw is None:
        return [], [], []
    if not isinstance(raw, list):
        raise ParseError("SudokuPad: 'cages' must be a list of cages")
    cages: list[Cage] = []
    extra: list[list[int]] = []
    meta: list[tuple[str, str]] = []
    for number, part in enumerate(raw, 1):
        if not isinstance(part, dict):
            raise ParseError(f"SudokuPad: cage {number} must be an object")
        label = part.get("value")
        items = part.get("cells") or []
        if not isinstance(items, list):
            raise ParseError(f"SudokuPad: cage {number}'s cells must be a list of [row, column]")
        if not items:  # no cells: metadata, or nothing at all
            m = _META_CAGE.match(label) if isinstance(label, str) else None
            if m:
                meta.append((m.group(1).lower(), m.group(2).strip()))
            continue
        cells = [_cell(item, n, f"cage {number}") for item in items]
        where = f"r{min(cells) // n + 1}c{min(cells) % n + 1}"
        if len(set(cells)) != len(cells):
            raise ParseError(f"SudokuPad: cage {number} (at {where}) lists a cell twice")
        unique = part.get("unique")
        style = part.get("style")
        if part.get("type") == "disjoint":
            raise UnsupportedPuzzleError("disjoint-groups constraints are not supported")
        if unique is False:
            if part.get("hidden"):
                continue  # SudokuPad's own marker of the board's bounds: no rule
            raise UnsupportedPuzzleError(
                f"a cage whose digits may repeat (cage {number}, at {where}) is not supported"
            )
        if style == "extraregion" or (unique is None and label in (None, "") and len(cells) == n):
            extra.append(cells)
            continue
        if style not in (None, "killer"):
            raise UnsupportedPuzzleError(
                f"cages drawn as {style!r} (cage {number}, at {where}) are not supported"
            )
        total = _sum(label)
        given_sum = part.get("sum")
        for what, raw in (("label", label), ("sum", given_sum)):
            if type(raw) is float and not raw.is_integer():
                raise ParseError(
                    f"SudokuPad: cage {number} (at {where}): its {what} {raw!r} is not a "
                    "whole number"
                )
        if given_sum is not None and _sum(given_sum) is None:
            raise ParseError(
                f"SudokuPad: cage {number} (at {where}): its sum {given_sum!r} is not a number"
            )
        if total is None and label not in (None, ""):
            raise UnsupportedPuzzleError(
                f"a cage labelled {label!r} (cage {number}, at {where}) is not supported; "
                "a killer cage's label is its sum"
            )
        if total is not None and given_sum is not None and _sum(given_sum) != total:
            raise ParseError(
                f"SudokuPad: cage {number} (at {where}) is labelled {label!r} but its sum is "
                f"{given_sum!r}"
            )
        total = total if total is not None else _sum(given_sum)
        if unique is None and total is None:
            raise UnsupportedPuzzleError(
                f"drawn cages without a sum (cage {number}, at {where}), which puzzles use "
                "for rules of their own, are not supported"
            )
        cages.append(Cage(tuple(cells), total))
    return cages, extra, meta


def _window_sets(n: int) -> list[tuple[int, ...]]:
    try:
        rules = Rules.make(n, ["windoku"])
    except RulesError:
        return []
    return [u for u, kind in zip(rules.units, rules.unit_kinds, strict=True) if kind == "window"]


def _point(item: object) -> tuple[float, float] | None:
    if (
        isinstance(item, list)
        and len(item) == 2
        and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in item)
    ):
        return float(item[0]), float(item[1])
    return None


def _lines(raw: object, n: int) -> list[str]:
    """``["x"]`` when the lines are the two main diagonals, corner to corner; refuses any
    other line."""
    if raw in (None, []):
        return []
    if not isinstance(raw, list):
        raise ParseError("SudokuPad: 'lines' must be a list of lines")
    found: set[str] = set()
    for part in raw:
        points = part.get("wayPoints") if isinstance(part, dict) else None
        if not isinstance(points, list) or not points:
            raise ParseError("SudokuPad: a line must have its way-points")
        path = [_point(p) for p in points]
        if any(p is None for p in path):
            raise ParseError(f"SudokuPad: a line's way-points {points!r} are not [row, column]")
        which = _diagonal([p for p in path if p is not None], n)
        if which is None:
            raise UnsupportedPuzzleError(f"{_DRAWINGS['lines']} are not supported")
        found.add(which)
    if found == {"↘", "↗"}:
        return ["x"]
    which = "↗" if "↗" in found else "↘"
    raise UnsupportedPuzzleError(
        f"a single diagonal ({which}) is not supported; X rules need both diagonals"
    )


def _diagonal(path: list[tuple[float, float]], n: int) -> str | None:
    """Which main diagonal a line draws from corner to corner (None: it is no such line)."""
    ends = {path[0], path[-1]}
    for name, corners in (("↘", {(0.0, 0.0), (n, n)}), ("↗", {(0.0, n), (n, 0.0)})):
        if ends == corners and all((r == c if name == "↘" else r + c == n) for r, c in path):
            return name
    return None


def _underlays(raw: object, n: int) -> None:
    """Whole-cell shading is a player's aid; any other shape under the cells is refused."""
    if raw in (None, []):
        return
    if not isinstance(raw, list):
        raise ParseError("SudokuPad: 'underlays' must be a list of shapes")
    for part in raw:
        if not isinstance(part, dict):
            raise ParseError("SudokuPad: an underlay must be an object")
        centre = _point(part.get("center"))
        width, height = part.get("width"), part.get("height")
        whole = (
            centre is not None
            and not part.get("rounded")
            and not part.get("text")
            and isinstance(width, (int, float))
            and isinstance(height, (int, float))
            and width >= 1
            and height >= 1
            and float(width).is_integer()
            and float(height).is_integer()
            and (centre[0] - height / 2).is_integer()
            and (centre[1] - width / 2).is_integer()
        )
        if not whole:
            raise UnsupportedPuzzleError(f"{_DRAWINGS['underlays']} are not supported")


def _meta(value: dict[str, Any], cage_meta: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    found: dict[str, str] = {}
    for source in (value.get("metadata"), value.get("metaData")):
        if isinstance(source, dict):
            for name in _META_NAMES:
                item = source.get(name)
                if isinstance(item, list):
                    item = "\n".join(str(x) for x in item)
                if isinstance(item, str) and item.strip():
                    found.setdefault(name, item.strip())
    for name, text in cage_meta:
        if name in _META_NAMES:
            found.setdefault(name, text)
    return tuple(
        (name, found[name])
        for name in _META_NAMES
        if name in found
        and found[name] not in _PLACEHOLDERS
        and not found[name].startswith(_NO_RULES)
    )


# --- writing -------------------------------------------------------------------------------


def _rules_text(rules: Rules) -> str:
    """The rules in words, for SudokuPad's rules panel."""
    unit = "region" if rules.jigsaw else "box"
    lines = [
        f"Normal sudoku rules apply: place the digits 1 to {rules.n} once each in every row, "
        f"column and {unit}."
    ]
    for name in rules.variants:
        if name == "jigsaw":
            continue
        label, _, words = VARIANTS[name].partition(" (")
        lines.append(f"{label[:1].upper()}{label[1:]}: {words.rstrip(')')}.")
    return "\n".join(lines)


def sudokupad_object(puzzle: Grid | Position) -> dict[str, Any]:
    """The SudokuPad JSON object of a puzzle, as SudokuPad itself makes it from the same
    puzzle in f-puzzles form (given digits, centre marks, regions, killer cages and windows
    as cages, X's diagonals as lines, anti-knight, anti-king and non-consecutive as global
    rules, the rules in words). Placed digits that are not givens are not written: a
    SudokuPad puzzle has none."""
    position = as_position(puzzle)
    givens = position.givens
    rules = givens.rules
    n = rules.n
    cells: list[list[dict[str, Any]]] = []
    for r in range(n):
        row: list[dict[str, Any]] = []
        for c in range(n):
            cell = r * n + c
            item: dict[str, Any] = {}
            if givens.cells[cell]:
                item["value"] = givens.cells[cell]
            elif position.candidates is not None and not position.current.cells[cell]:
                mask = position.candidates[cell]
                item["centremarks"] = [d for d in range(1, n + 1) if mask >> (d - 1) & 1]
            row.append(item)
        cells.append(row)
    regions: list[list[list[int]]] = [[] for _ in range(n)]
    for cell, region in enumerate(rules.region_of):
        regions[region].append([cell // n, cell % n])
    cages: list[dict[str, Any]] = []
    for cage in rules.cages:
        part: dict[str, Any] = {"unique": True, "cells": [[c // n, c % n] for c in cage.cells]}
        if cage.total is not None:
            part["value"] = str(cage.total)
            part["sum"] = cage.total
        cages.append(part)
    for window in _window_sets(n) if rules.windows else ():
        cages.append(
            {
                "style": "extraregion",
                "unique": True,
                "sum": n * (n + 1) // 2,
                "cells": [[c // n, c % n] for c in window],
            }
        )
    meta = dict(position.meta)
    meta.setdefault("rules", _rules_text(rules))
    for name in _META_NAMES:
        if meta.get(name):
            cages.append({"value": f"{name}: {meta[name]}"})
    digest = hashlib.sha1(json.dumps([cells, regions, cages]).encode()).hexdigest()[:16]
    record: dict[str, Any] = {"id": f"sudokit{digest}", "cellSize": 50, "cells": cells}
    record["regions"] = regions
    record["cages"] = cages
    flags = [key for key, name in _GLOBALS.items() if name in rules.variants]
    if flags:
        record["metadata"] = dict.fromkeys(flags, True)  # what SudokuPad's older readers use
        record["global"] = flags
    if rules.diagonals:
        record["lines"] = [
            {"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, n], [n, 0]]},
            {"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, 0], [n, n]]},
        ]
    return record


def format_sudokupad(puzzle: Grid | Position) -> str:
    """The puzzle's SudokuPad JSON in its compact form (what an ``scl`` link compresses)."""
    return zip_json(sudokupad_object(puzzle))


def format_sudokupad_scl_link(puzzle: Grid | Position) -> str:
    """A link that opens the puzzle in SudokuPad, in SudokuPad's own format (``scl``)."""
    # '+' and '=' would be read as a space and a separator in a link: write them escaped.
    return SCL_LINK + quote(compress_to_base64(format_sudokupad(puzzle)), safe="/")
