"""Simon Tatham's Solo game IDs (``3x3:d3a1_4…``, ``3x3x:…``, ``9j:…,cadad…``).

An ID is ``<params>:<description>``. The params say the grid: ``<c>x<r>`` for boxes ``c``
rows tall and ``r`` columns wide (``2x3`` is the usual 6×6, ``3x2`` its boxes turned), or
``<n>j`` for a jigsaw of ``n`` regions; then ``x`` for X (both diagonals), ``k`` for killer,
and optionally the symmetry (``m8 m4 md4 m2 md2 r4 r2 a``) and difficulty (``dt db di da de
du``) Solo generated it with. The description is comma-separated:

1. the givens, row-major: a number for a given (``10``, ``12`` on big grids), a letter for
   a run of empty cells (``a`` = 1 … ``z`` = 26), ``_`` between two givens;
2. for a jigsaw, the region walls: the ``n·(n-1)`` inner vertical edges in reading order,
   then the ``n·(n-1)`` horizontal ones column by column, written as the runs of edges with
   no wall before each wall (``_`` = 0, ``a`` = 1 … ``y`` = 25); ``z`` is 26 edges without a
   wall and no wall after them, as Solo reads it (its comments say 25, which Solo itself
   refuses for long runs);
3. for killer (``3x3k``, ``3x3xk``, ``9jk``; Solo makes killers up to 9×9), the cage walls
   the same way (every cell is in a cage, single cells too), then the cage sums like the
   givens, each at its cage's first cell in reading order (a cage with no number there
   has no sum).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ..errors import ParseError, RulesError, UnsupportedPuzzleError, UnsupportedRulesError
from ..geometry import SIZES, Cage, Rules
from ..grid import Grid
from .position import Position, Record
from .text import _check_duplicates

#: What an ID looks like: params, then ``:`` (a description) or ``#`` (a random seed).
#: (A size of at most three digits, flags starting with a letter: a line of digits with a
#: colon after it is no ID.)
SOLO_ID = re.compile(r"^(\d{1,3}(?:x\d{1,3})?(?:[a-z][a-z\d]*)?)([:#])(\S*)$")

_SYMMETRY = re.compile(r"(?:md?|r)\d+|a")
_DIFFICULTY = "tbiaeu"


def looks_like_solo(stripped: str) -> bool:
    """Whether a line is shaped like a Solo game ID (params, ``:`` or ``#``, the rest)."""
    return SOLO_ID.match(stripped) is not None


def _error(text: str, message: str) -> ParseError:
    return ParseError(f"Solo game ID {_shorten(text)}: {message}")


def _shorten(text: str) -> str:
    return repr(text if len(text) <= 30 else text[:27] + "...")


def _params(text: str, params: str) -> tuple[int, int, bool, bool]:
    """``(c, r, x, killer)`` of a params string; ``r == 1`` for a jigsaw."""
    m = re.match(r"(\d+)(?:x(\d+))?", params)
    assert m is not None  # SOLO_ID checked the leading number
    c = int(m.group(1))
    r = c if m.group(2) is None else int(m.group(2))
    seen_r = m.group(2) is not None
    x = killer = False
    i = m.end()
    while i < len(params):
        ch = params[i]
        if ch == "j":
            if seen_r:
                c *= r
            r = 1
            i += 1
        elif ch == "x":
            x = True
            i += 1
        elif ch == "k":
            killer = True
            i += 1
        elif ch == "d" and i + 1 < len(params) and params[i + 1] in _DIFFICULTY:
            i += 2
        else:
            symmetry = _SYMMETRY.match(params, i)
            if symmetry is None:
                raise _error(
                    text,
                    f"{ch!r} at character {i + 1} is not a Solo parameter (j jigsaw, x X, "
                    "k killer, a symmetry such as r2 or m4, a difficulty such as dt or du)",
                )
            i = symmetry.end()
    if c < 2 or (r < 2 and r != 1):
        raise _error(text, f"{params!r}: both dimensions must be at least 2")
    return c, r, x, killer


def parse_solo(text: str, *, check: bool = True) -> Grid:
    """The puzzle of a Solo game ID, under its rules (classic, X, jigsaw, killer, and
    their combinations).

    Raises :class:`~sudokit.errors.ParseError` naming what is wrong and where, and
    :class:`~sudokit.errors.UnsupportedPuzzleError` (a ParseError too) for a size sudokit
    does not play.
    """
    stripped = text.strip()
    m = SOLO_ID.match(stripped)
    if m is None:
        raise _error(stripped, "expected <params>:<description>, such as 3x3:d3a1_4...")
    params, sep, desc = m.groups()
    if sep == "#":
        raise _error(
            stripped,
            "a random-seed ID needs Solo itself to make the puzzle; use its game ID "
            f"('{params}:...', from Game > Specific)",
        )
    c, r, x, killer = _params(stripped, params)
    jigsaw = r == 1
    n = c if jigsaw else c * r
    if n not in SIZES:
        sizes = ", ".join(f"{s}×{s}" for s in SIZES)
        raise UnsupportedPuzzleError(
            f"Solo game ID {_shorten(stripped)}: a {n}×{n} grid is not supported (sizes: {sizes})"
        )
    parts = desc.split(",")
    names = ["the givens"] + ["the jigsaw regions"] * jigsaw + ["the cages", "their sums"] * killer
    if len(parts) != len(names):
        what = ", then ".join(names) if len(names) > 1 else "the givens only"
        s = "s" * (len(names) > 1)
        raise _error(
            stripped,
            f"expected {len(names)} comma-separated part{s} ({what}), got {len(parts)}",
        )
    starts = [len(params) + 1]  # characters before each part, for positions
    for part in parts:
        starts.append(starts[-1] + len(part) + 1)
    cells = _decode_grid(stripped, parts[0], n, starts[0])
    if jigsaw:
        regions = _decode_walls(stripped, parts[1], n, starts[1])
    else:
        # Solo's boxes: c rows tall, r columns wide; regions when sudokit's boxes differ.
        regions = [(cell // n // c) * c + (cell % n) // r for cell in range(n * n)]
    cages: list[Cage] = []
    if killer:
        at = 1 + jigsaw
        pieces = _decode_walls(stripped, parts[at], n, starts[at], "cages")
        sums = _decode_grid(stripped, parts[at + 1], n, starts[at + 1], "a cage sum")
        try:
            cages = _cages(pieces, sums, n)
        except ValueError as err:
            raise _error(stripped, str(err)) from None
    try:
        rules = Rules.make(n, ("x",) if x else (), regions, cages)
    except RulesError as err:
        raise _error(stripped, str(err)) from None
    grid = Grid(rules, cells)
    if check:
        _check_duplicates(grid)
    return grid


def _cages(pieces: list[int], sums: list[int], n: int) -> list[Cage]:
    """The cages of Solo's cage pieces (a label per cell) and sums grid: a single cell with
    no sum is no cage; ValueError for a sum away from its cage's first cell."""
    cages: dict[int, list[int]] = {}
    for cell, piece in enumerate(pieces):
        cages.setdefault(piece, []).append(cell)
    out = []
    for cells in cages.values():
        stray = [c for c in cells[1:] if sums[c]]
        if stray:
            raise ValueError(
                f"the cage sum {sums[stray[0]]} at r{stray[0] // n + 1}c{stray[0] % n + 1}"
                f" is not at its cage's first cell (r{cells[0] // n + 1}c{cells[0] % n + 1})"
            )
        total = sums[cells[0]] or None
        if total is not None or len(cells) > 1:
            out.append(Cage(tuple(cells), total))
    return out


def _decode_grid(text: str, part: str, n: int, offset: int, what: str = "a digit") -> list[int]:
    """The cells of a givens part (``what`` "a digit") or a cage sums part ("a cage sum":
    numbers up to the sum of every digit); errors name the character and the cell."""
    area = n * n
    top = n if what == "a digit" else n * (n + 1) // 2
    cells: list[int] = []
    i = 0
    while i < len(part):
        ch = part[i]
        where = f"character {offset + i + 1}"
        if "a" <= ch <= "z":
            cells.extend([0] * (ord(ch) - ord("a") + 1))
            i += 1
        elif ch == "_":
            i += 1
        elif "1" <= ch <= "9":
            j = i
            while j < len(part) and part[j].isdigit():
                j += 1
            value = int(part[i:j])
            if value > top:
                cell = len(cells)
                place = f" (r{cell // n + 1}c{cell % n + 1})" if cell < area else ""
                raise _error(text, f"{value} at {where}{place} is not {what} 1-{top}")
            cells.append(value)
            i = j
        else:
            raise _error(
                text, f"{ch!r} at {where} is not a given (1-{n}), a run of empty cells (a-z) or _"
            )
        if len(cells) > area:
            sums = " in the cage sums" if what != "a digit" else ""
            raise _error(text, f"too many cells{sums}: more than {area} by {where}")
    if len(cells) < area:
        sums = " in the cage sums" if what != "a digit" else ""
        raise _error(text, f"not enough cells{sums}: {len(cells)} of {area}")
    return cells


def _edge(pos: int, n: int) -> tuple[int, int]:
    """The two cells on either side of edge ``pos`` in Solo's order."""
    if pos < n * (n - 1):
        y, x = divmod(pos, n - 1)
        return y * n + x, y * n + x + 1
    x, y = divmod(pos - n * (n - 1), n - 1)
    return y * n + x, (y + 1) * n + x


def _decode_walls(
    text: str, part: str, n: int, offset: int, what: str = "jigsaw regions"
) -> list[int]:
    """Each cell's region (or cage) from a walls part: the cells joined by edges without
    walls."""
    area = n * n
    edges = 2 * n * (n - 1)
    parent = list(range(area))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    pos = 0
    for i, ch in enumerate(part):
        if ch == "_":
            run = 0
        elif "a" <= ch <= "z":
            run = ord(ch) - ord("a") + 1
        else:
            raise _error(
                text,
                f"{ch!r} at character {offset + i + 1} is not a run of"
                f" {'region' if what == 'jigsaw regions' else 'cage'} edges (_, a-z)",
            )
        if pos + run > edges:
            raise _error(text, f"too much data in the {what} by character {offset + i + 1}")
        for p in range(pos, pos + run):
            a, b = _edge(p, n)
            parent[find(a)] = find(b)
        pos += run + (run != 26)  # 'z': 26 edges without a wall, and no wall after them
    if pos != edges + 1:
        raise _error(text, f"not enough data in the {what}")
    return [find(cell) for cell in range(area)]


def _encode_grid(cells: tuple[int, ...]) -> str:
    out: list[str] = []
    run = 0
    for v in (*cells, -1):
        if v == 0:
            run += 1
            continue
        if run:
            while run > 0:
                step = min(run, 26)
                out.append(chr(ord("a") - 1 + step))
                run -= step
        elif out and v > 0:
            out.append("_")
        if v > 0:
            out.append(str(v))
    return "".join(out)


def _encode_walls(region_of: tuple[int, ...], n: int) -> str:
    out: list[str] = []
    run = 0
    edges = 2 * n * (n - 1)
    for pos in range(edges + 1):
        if pos < edges:
            a, b = _edge(pos, n)
            if region_of[a] == region_of[b]:
                run += 1
                continue
        while run >= 26:
            out.append("z")
            run -= 26
        out.append(chr(ord("a") - 1 + run) if run else "_")
        run = 0
    return "".join(out)


def _solo_boxes(rules: Rules) -> tuple[int, int] | None:
    """``(c, r)`` when a jigsaw's regions are Solo's boxes ``c`` rows by ``r`` columns."""
    n = rules.n
    for c in range(2, n // 2 + 1):
        if n % c == 0:
            r = n // c
            regions = [(cell // n // c) * c + (cell % n) // r for cell in range(n * n)]
            pairs = set(zip(regions, rules.region_of, strict=True))
            if len(pairs) == n:  # the same partition
                return c, r
    return None


def format_solo(grid: Grid) -> str:
    """The Solo game ID of a classic, X, jigsaw or killer puzzle (or a combination).

    Raises :class:`~sudokit.errors.UnsupportedRulesError` (a ``ValueError``) for rules
    Solo does not play (windoku, anti-knight, anti-king, non-consecutive), for a jigsaw
    whose regions are not each in one piece, and for a killer above 9×9 or with a cage in
    several pieces.
    """
    rules = grid.rules
    other = [v for v in rules.variants if v not in ("x", "jigsaw", "killer")]
    if other:
        raise UnsupportedRulesError(
            f"a Solo game ID holds classic, X, jigsaw and killer puzzles, not {rules.name}"
            " rules (write it as fpuzzles)"
        )
    n = rules.n
    cages = _encode_cages(rules) if rules.killer else ""
    desc = _encode_grid(grid.cells)
    boxes = _solo_boxes(rules) if rules.jigsaw else None
    if boxes is not None:
        params = f"{boxes[0]}x{boxes[1]}"  # boxes turned (3x2: three rows by two columns)
    elif rules.jigsaw:
        walls = _encode_walls(rules.region_of, n)
        back = _decode_walls("", walls, n, 0)
        if len(set(back)) != n:
            raise UnsupportedRulesError(
                "a Solo game ID needs every jigsaw region in one piece; this puzzle has a "
                "region in several (write it as fpuzzles)"
            )
        params = f"{n}j"
        desc += "," + walls
    else:
        params = f"{rules.shape.box_rows}x{rules.shape.box_cols}"
    if rules.diagonals:
        params += "x"
    if rules.killer:
        params += "k"
        desc += cages
    return f"{params}:{desc}"


def _encode_cages(rules: Rules) -> str:
    """``,<cage walls>,<sums>`` of a killer: every cell outside a cage is a cage of its own
    without a sum, each sum at its cage's first cell."""
    n = rules.n
    if n > 9:
        raise UnsupportedRulesError(
            f"a Solo game ID holds killers up to 9×9, not {n}×{n} (write it as fpuzzles)"
        )
    pieces = [len(rules.cages) + cell if i < 0 else i for cell, i in enumerate(rules.cage_of)]
    walls = _encode_walls(tuple(pieces), n)
    back = _decode_walls("", walls, n, 0)
    if len(set(back)) != len(set(pieces)):
        raise UnsupportedRulesError(
            "a Solo game ID needs every killer cage in one piece; this puzzle has a cage in"
            " several (write it as fpuzzles)"
        )
    sums = [0] * rules.ncells
    for cage in rules.cages:
        sums[cage.cells[0]] = cage.total or 0
    return f",{walls},{_encode_grid(tuple(sums))}"


def read_solo(lines: Iterable[str], check: bool) -> Iterator[Record]:
    """The records of a file of Solo game IDs, one per line (``#`` comments and blank lines
    skipped); a bad ID gives a record with its error, and reading goes on."""
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            grid = parse_solo(stripped, check=check)
        except ParseError as err:
            yield Record(number, stripped, None, err.at_line(number))
            continue
        yield Record(number, stripped, grid, None, Position(grid))
