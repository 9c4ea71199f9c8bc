"""Plain text of one grid: a line of symbols, the picture :func:`format_pretty` prints,
and nested lists; the symbol tables the other formats share."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..errors import (
    CellCountError,
    DuplicateError,
    ParseError,
    RulesError,
    ShapeError,
    SymbolError,
)
from ..geometry import CELL_COUNTS, SIZES, SYMBOLS, Cage, Rules, Shape, variant_name
from ..grid import Grid

# Characters a picture may use for its lines; they carry no cell.
_DECORATION = re.compile(r"[\s|+\-=\u2500-\u257f]+")
# Value of every symbol a text may use for a cell (letters in either case).
_VALUE = {".": 0, "0": 0}
for _i, _s in enumerate(SYMBOLS, start=1):
    _VALUE[_s] = _i
    _VALUE[_s.lower()] = _i


# Per size, every character a cell may hold.
_ALLOWED = {n: frozenset(ch for ch, v in _VALUE.items() if v <= n) for n in SIZES}


def _count_error(count: int) -> str:
    """What is wrong with a puzzle of ``count`` cells, whose size the count must tell:
    every count a puzzle may have, and how far off the nearest is when it is close
    (``80 cells: a puzzle has 16 (4×4), ... cells; 1 too few for 9×9``)."""
    counts = [f"{c} ({n}×{n})" for c, n in CELL_COUNTS.items()]
    said = f"{count} cell{'' if count == 1 else 's'}: a puzzle has "
    said += ", ".join(counts[:-1]) + f" or {counts[-1]} cells"
    nearest = min(CELL_COUNTS, key=lambda c: (abs(c - count), c))
    n = CELL_COUNTS[nearest]
    if abs(nearest - count) <= n:  # close to one size: likely a cell missed or doubled
        off = abs(nearest - count)
        said += f"; {off} too {'few' if count < nearest else 'many'} for {n}×{n}"
    return said


def _check_duplicates(grid: Grid) -> None:
    if not grid.has_conflicts():
        return
    conflicts = grid.conflicts()
    if conflicts:
        first = conflicts[0]
        cell = first.cells[min(1, len(first.cells) - 1)]  # a one-cell cage's wrong sum
        raise DuplicateError(str(first), row=cell // grid.size, col=cell % grid.size)


def _from_symbols(text: str, size: int | None, check: bool) -> Grid:
    """Cells from a string of symbols with every decoration already removed."""
    count = len(text)
    if size is not None:
        shape = Shape.of(size)
        if count != shape.ncells:
            raise CellCountError(f"expected {shape.ncells} cells for {size}×{size}, got {count}")
    else:
        n = CELL_COUNTS.get(count)
        if n is None:
            if count == 0:
                raise CellCountError("empty puzzle: no cells found")
            raise CellCountError(_count_error(count))
        shape = Shape.of(n)
    n = shape.n
    if not _ALLOWED[n].issuperset(text):
        _raise_bad_symbol(text, shape)
    grid = Grid(shape, [_VALUE[ch] for ch in text])
    if check:
        _check_duplicates(grid)
    return grid


def _raise_bad_symbol(text: str, shape: Shape) -> None:
    """Raise the error for the first symbol of ``text`` that is no digit of ``shape``."""
    n = shape.n
    for i, ch in enumerate(text):
        if ch not in _ALLOWED[n]:
            row, col = divmod(i, n)
            raise SymbolError(
                f"row {row + 1}, column {col + 1}: {ch!r} is not a digit "
                f"({shape.symbol_range()}, or . or 0 for empty)",
                row=row,
                col=col,
            )


def parse_line(text: str, *, size: int | None = None, check: bool = True) -> Grid:
    """Parse one line of ``n²`` symbols. The size comes from the count unless given.

    With ``check`` (the default) duplicate givens raise :class:`DuplicateError`; without,
    they are kept and show in :meth:`Grid.conflicts` and :meth:`Grid.status`.
    """
    return _from_symbols(text.strip(), size, check)


def parse_pretty(text: str, *, size: int | None = None, check: bool = True) -> Grid:
    """Parse a picture (any lines, separators and spacing); only the symbols count.

    A picture whose first line says its rules (``rules: X + anti-knight (9+x+anti-knight)``,
    as ``sudokit show`` prints a variant) is read under them; see :func:`parse_shown`.
    """
    if RULES_HEADING.match(text.lstrip()):
        grid = parse_shown(text, check=check)
        if size is not None and grid.size != size:
            raise CellCountError(f"expected a {size}×{size} grid, got {grid.size}×{grid.size}")
        return grid
    return _from_symbols(_DECORATION.sub("", text), size, check)


#: The first line of a picture with its rules: ``rules:``, the rules in words, and their
#: code in brackets (``rules: X + anti-knight (9+x+anti-knight)``); words or code may be
#: left out, and what follows a ``;`` is a comment.
RULES_HEADING = re.compile(r"rules\s*:", re.IGNORECASE)
_HEADING_CODE = re.compile(r"\(\s*(\d+(?:\+[A-Za-z_-]+(?::[A-Za-z]+)?)*)\s*\)")
_REGION_LETTERS = "ABCDEFGHIJKLMNOP"


class ShownHeading:
    """What the first line of a picture with rules says: the size (None: told by the
    cells), the variant names, and a jigsaw's region letters (None: they are in the map
    beside the digits, one letter per cell)."""

    __slots__ = ("letters", "size", "variants")

    def __init__(self, size: int | None, variants: tuple[str, ...], letters: str | None):
        self.size = size
        self.variants = variants
        self.letters = letters

    @property
    def mapped(self) -> bool:
        """Whether each row holds its regions' letters after its digits."""
        return "jigsaw" in self.variants and self.letters is None

    def rows_of(self, symbols: str) -> int | None:
        """The number of rows the picture has, told by the heading or by the symbols of
        its first row (None when they are no size's)."""
        if self.size is not None:
            return self.size
        count = len(symbols) // 2 if self.mapped else len(symbols)
        return count if count in SIZES else None

    def rules_with_cages(self, n: int, cages: list[Cage]) -> Rules:
        """The rules of an ``n × n`` killer with ``cages`` (a jigsaw's letters from the
        heading); RulesError when they cannot be."""
        others = [v for v in self.variants if v != "jigsaw"]
        if self.letters is None:
            return Rules.make(n, others, None, cages)
        region_of = [_REGION_LETTERS.index(ch) for ch in self.letters.upper()]
        return Rules.make(n, others, region_of, cages)

    def rules(self, n: int, regions: str | None = None) -> Rules:
        """The rules of an ``n × n`` grid, the map's ``regions`` given for a mapped jigsaw."""
        letters = regions if regions is not None else self.letters
        others = [v for v in self.variants if v != "jigsaw"]
        try:
            if letters is None:
                return Rules.make(n, others)
            return Rules.parse("+".join([str(n), *others, "jigsaw:" + letters.upper()]))
        except RulesError as err:
            raise ParseError(str(err), line=1) from None


def read_heading(line: str) -> ShownHeading:
    """The rules a picture's first line states (``rules: X + jigsaw (9+x+jigsaw)``);
    ParseError naming what is wrong (an unknown variant, words and code that disagree)."""
    body = RULES_HEADING.sub("", line.strip(), count=1)
    found = _HEADING_CODE.search(body)
    words = (body[: found.start()] if found else body).split(";")[0].strip()
    try:
        named: list[str] = []
        if words and words.lower() != "classic":
            named = [variant_name(w) for w in words.split("+")]
        if found is None:
            if not words:
                raise ParseError("'rules:' names no rules (such as 'rules: X (9+x)')", line=1)
            return ShownHeading(None, tuple(dict.fromkeys(named)), None)
        head, *parts = found.group(1).split("+")
        size = int(head)
        if size not in SIZES:
            sizes = ", ".join(str(s) for s in SIZES)
            raise ParseError(f"rules ({found.group(1)}): {size} is no size ({sizes})", line=1)
        coded: list[str] = []
        letters = None
        for part in parts:
            name, _, arg = part.partition(":")
            coded.append(variant_name(name))
            if arg:
                letters = arg
    except RulesError as err:
        raise ParseError(f"rules: {err}", line=1) from None
    if words and set(named) != set(coded):
        raise ParseError(
            f"the rules line says {words!r} but its code says {found.group(1)!r}", line=1
        )
    return ShownHeading(size, tuple(dict.fromkeys(coded)), letters)


def parse_shown(text: str, *, check: bool = True) -> Grid:
    """A picture whose first line says its rules, as ``sudokit show`` prints a variant:
    ``rules: X + anti-knight (9+x+anti-knight)`` above the picture; a jigsaw's rows hold
    the digits and then their regions' letters (``5 . 3 …    A A B …``)."""
    first, _, body = text.lstrip().partition("\n")
    heading = read_heading(first)
    if "killer" in heading.variants:
        return _parse_killer_shown(heading, body, check)
    if not heading.mapped:
        plain = _from_symbols(_DECORATION.sub("", body), heading.size, False)
        rules = heading.rules(plain.size)
    else:
        cells: list[str] = []
        regions: list[str] = []
        n = None
        for number, line in enumerate(body.splitlines(), start=2):
            row = _DECORATION.sub("", line)
            if not row:
                continue
            if n is None:
                n = heading.rows_of(row)
                if n is None:
                    raise CellCountError(
                        f"row 1 holds {len(row)} symbols: a jigsaw's row holds its n digits"
                        " and then its n region letters",
                        line=number,
                        row=0,
                    )
            if len(cells) == n:
                raise CellCountError(f"more than {n} rows", line=number)
            if len(row) != 2 * n:
                raise CellCountError(
                    f"row {len(cells) + 1} holds {len(row)} symbols, expected {n} digits and"
                    f" {n} region letters",
                    line=number,
                    row=len(cells),
                )
            cells.append(row[:n])
            regions.append(row[n:])
        if n is None or len(cells) != n:
            raise CellCountError(f"expected {n or 'n'} rows under the rules, got {len(cells)}")
        for r, letters in enumerate(regions):
            for c, ch in enumerate(letters):
                if ch.upper() not in _REGION_LETTERS[:n]:
                    raise SymbolError(
                        f"row {r + 1}, column {c + 1}: {ch!r} is not a region letter "
                        f"(A-{_REGION_LETTERS[n - 1]})",
                        row=r,
                        col=c,
                    )
        plain = _from_symbols("".join(cells), n, False)
        rules = heading.rules(n, "".join(regions))
    grid = Grid(rules, plain.cells)
    if check:
        _check_duplicates(grid)
    return grid


#: Labels of killer cages in a picture: one letter each up to 52 cages, two from there.
_CAGE_LABELS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_CAGE_SUM = re.compile(r"^([A-Za-z]{1,2})=(\d{1,4})$")


def _cage_labels(count: int) -> list[str]:
    if count <= len(_CAGE_LABELS):
        return list(_CAGE_LABELS[:count])
    return [a + b for a in _CAGE_LABELS for b in _CAGE_LABELS][:count]


def _format_killer(grid: Grid, empty: str) -> str:
    """A killer as :func:`format_shown` draws it: each row's digits, its region letters
    for a jigsaw, its cells' cage labels (``.`` outside every cage), then the sums of the
    cages whose first cell is in that row (``a=3 b=15``)."""
    rules = grid.rules
    n, shape = rules.n, rules.shape
    labels = _cage_labels(len(rules.cages))
    width = len(labels[0]) if labels else 1
    symbols = empty + rules.symbols
    letters = _REGION_LETTERS if n <= 9 else _REGION_LETTERS.lower()
    code = "+".join(v.partition(":")[0] for v in rules.code.split("+"))
    said = "each row's region letters, then" if rules.jigsaw else "each row"
    lines = [
        f"rules: {rules.name} ({code}); {said} its cells' cages, then the sums of the"
        " cages starting in it"
    ]
    bc, br = shape.box_cols, shape.box_rows

    def boxed(items: list[str]) -> str:
        if rules.jigsaw:
            return " ".join(items)
        return " | ".join(" ".join(items[i : i + bc]) for i in range(0, n, bc))

    def ruler(item_width: int) -> str:
        return "-+-".join(["-" * (bc * (item_width + 1) - 1)] * (n // bc))

    for r in range(n):
        if r and r % br == 0 and not rules.jigsaw:
            lines.append(ruler(1) + "    " + ruler(width))
        row = range(r * n, r * n + n)
        parts = [boxed([symbols[grid.cells[c]] for c in row])]
        if rules.jigsaw:
            parts.append(" ".join(letters[rules.region_of[c]] for c in row))
        parts.append(
            boxed([labels[i] if (i := rules.cage_of[c]) >= 0 else "." * width for c in row])
        )
        sums = [
            f"{labels[i]}={cage.total}"
            for i, cage in enumerate(rules.cages)
            if cage.cells[0] // n == r and cage.total is not None
        ]
        if sums:
            parts.append(" ".join(sums))
        lines.append("    ".join(parts))
    return "\n".join(lines)


def _parse_killer_shown(heading: ShownHeading, body: str, check: bool) -> Grid:
    """A killer picture :func:`_format_killer` drew: per row, the digits, a jigsaw's region
    letters, the cage labels and the sums of cages (``a=3``)."""
    jigsaw = "jigsaw" in heading.variants and heading.letters is None
    rows: list[list[str]] = []
    sums: dict[str, tuple[int, int]] = {}
    n = heading.size
    for number, line in enumerate(body.splitlines(), start=2):
        if not _DECORATION.sub("", line):
            continue  # a blank or ruler line
        tokens = line.replace("|", " ").split()
        if n is None:
            raise ParseError(
                "a killer picture's rules line needs the code with its size, such as"
                " 'rules: killer (9+killer)'",
                line=1,
            )
        want = n * (3 if jigsaw else 2)
        r = len(rows)
        if r == n:
            raise CellCountError(f"more than {n} rows", line=number)
        if len(tokens) < want:
            what = "digits, region letters and cages" if jigsaw else "digits and cages"
            raise CellCountError(
                f"row {r + 1} holds {len(tokens)} items, expected {n} each of {what}",
                line=number,
                row=r,
            )
        for token in tokens[want:]:
            m = _CAGE_SUM.match(token)
            if m is None:
                raise ParseError(
                    f"row {r + 1}: {token!r} is not a cage sum such as a=12", line=number, row=r
                )
            if m.group(1) in sums:
                raise ParseError(f"row {r + 1}: cage {m.group(1)!r} has two sums", line=number)
            sums[m.group(1)] = (int(m.group(2)), number)
        rows.append(tokens[:want])
    if n is None or len(rows) != n:
        raise CellCountError(f"expected {n or 'n'} rows under the rules, got {len(rows)}")
    digits = "".join("".join(row[:n]) for row in rows)
    if len(digits) != n * n:
        raise CellCountError(f"expected one symbol per cell in the digits, got {len(digits)}")
    plain = _from_symbols(digits, n, False)
    regions = "".join("".join(row[n : 2 * n]) for row in rows) if jigsaw else None
    members: dict[str, list[int]] = {}
    for r, row in enumerate(rows):
        for c, label in enumerate(row[-n:]):
            if label.strip("."):
                members.setdefault(label, []).append(r * n + c)
    unknown = sorted(set(sums) - set(members))
    if unknown:
        raise ParseError(f"cage {unknown[0]!r} has a sum but no cells", line=sums[unknown[0]][1])
    try:
        cages = [
            Cage(tuple(cells), sums.get(label, (None, 0))[0]) for label, cells in members.items()
        ]
        others = [v for v in heading.variants if v not in ("jigsaw", "killer")]
        if jigsaw:
            assert regions is not None
            bad = next((ch for ch in regions if ch.upper() not in _REGION_LETTERS[:n]), None)
            if bad is not None:
                raise ParseError(f"{bad!r} is not a region letter (A-{_REGION_LETTERS[n - 1]})")
            region_of = [_REGION_LETTERS.index(ch.upper()) for ch in regions]
            rules = Rules.make(n, others, region_of, cages)
        else:
            rules = heading.rules_with_cages(n, cages)
    except RulesError as err:
        raise ParseError(str(err)) from None
    grid = Grid(rules, plain.cells)
    if check:
        _check_duplicates(grid)
    return grid


def parse_rows(
    rows: Sequence[Sequence[int]], *, size: int | None = None, check: bool = True
) -> Grid:
    """Parse a nested list of ints, ``0`` for empty: ``[[7, 8, 0, ...], ...]``."""
    if isinstance(rows, str | bytes) or not isinstance(rows, Sequence):
        raise ShapeError(f"expected a list of rows, got {type(rows).__name__}")
    if len(rows) == 0:
        raise ShapeError("empty grid: no rows")
    n = len(rows)
    if size is not None and n != size:
        raise ShapeError(f"expected {size} rows, got {n}")
    if n not in SIZES:
        sizes = ", ".join(str(s) for s in SIZES)
        raise ShapeError(f"{n} rows is no supported size ({sizes})")
    shape = Shape.of(n)
    cells: list[int] = []
    for r, row in enumerate(rows):
        if isinstance(row, str | bytes) or not isinstance(row, Sequence):
            raise ShapeError(
                f"row {r + 1}: expected a list of {n} values, got {_shown(row)}", row=r
            )
        if len(row) != n:
            raise ShapeError(f"row {r + 1} has {len(row)} values, expected {n}", row=r)
        for c, v in enumerate(row):
            if type(v) is not int:
                raise SymbolError(
                    f"row {r + 1}, column {c + 1}: {_shown(v)} is not an integer", row=r, col=c
                )
            if not 0 <= v <= n:
                raise SymbolError(
                    f"row {r + 1}, column {c + 1}: {v} is out of range 0-{n}", row=r, col=c
                )
            cells.append(v)
    grid = Grid(shape, cells)
    if check:
        _check_duplicates(grid)
    return grid


def _json_value(text: str, what: str, error: type[ParseError] = ParseError) -> Any:
    """The value of a JSON text, or ``error`` saying why it is not ``what``: bad syntax,
    nesting too deep for Python to read (a hostile ``[[[[...]]]]``) or a number too long."""
    import json  # here: json is a few milliseconds of start-up that a plain line never needs

    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise error(
            f"{what}: {err.msg} at column {err.colno}",
            line=err.lineno if err.lineno > 1 else None,
        ) from None
    except RecursionError:
        raise error(f"{what}: nested too deeply to read") from None
    except ValueError:  # an integer of more than 4,300 digits
        raise error(f"{what}: a number too long to read") from None


def _nested_list(text: str) -> Any:
    """The value of a nested list written as text (``[[5, 3, 0, ...], ...]``)."""
    return _json_value(text, "not a nested list of numbers", ShapeError)


def _shown(value: object) -> str:
    """A short repr of a value read from a file: bounded in length and depth, so a hostile
    value cannot make the message huge or recurse too deeply."""
    import reprlib

    return reprlib.repr(value)


def _symbols(grid: Grid, empty: str) -> str:
    """Symbols indexed by cell value, ``empty`` for 0."""
    if len(empty) != 1:
        raise ValueError(f"the empty symbol must be one character, got {empty!r}")
    return empty + grid.shape.symbols


def format_line(grid: Grid, *, empty: str = ".") -> str:
    """The grid as one line of symbols: its digits only, a variant's rules left out (as the
    formats that hold digits need them); :func:`format_rules_line` keeps the rules."""
    symbols = _symbols(grid, empty)
    return "".join(symbols[v] for v in grid.cells)


#: A line with its rules: ``<rules code>:<symbols>`` (``9+x:1.4...``, ``9+jigsaw:AAAB...:...``,
#: ``9+killer:1112=3/...:...``).
RULES_LINE = re.compile(r"^(\d+(?:\+[A-Za-z_-]+(?::[0-9A-Za-z=/]+)?)+):([^\s:]+)$")


def format_rules_line(grid: Grid, *, empty: str = ".") -> str:
    """The grid as one line, its rules' code in front when they are not classic
    (``9+x:1.4...``), so that reading it back gives the same rules; a classic grid's line
    is just its symbols."""
    line = format_line(grid, empty=empty)
    rules = grid.rules
    return line if rules.classic else f"{rules.code}:{line}"


def puzzle_fields(grid: Grid) -> dict[str, str]:
    """A JSON record's puzzle: ``{"puzzle": its digits}``, and ``"rules": "9+x"`` for any
    but classic rules, so that the record reads back under them (JSON Lines, answers)."""
    fields = {"puzzle": format_line(grid)}
    if not grid.rules.classic:
        fields["rules"] = grid.rules.code
    return fields


def parse_rules_line(text: str, *, check: bool = True) -> Grid:
    """A line :func:`format_rules_line` wrote: ``<rules code>:<symbols>``, or plain symbols."""
    stripped = text.strip()
    m = RULES_LINE.match(stripped)
    if m is None:
        return _from_symbols(stripped, None, check)
    try:
        rules = Rules.parse(m.group(1))
    except RulesError as err:
        raise ParseError(str(err)) from None
    plain = _from_symbols(m.group(2), rules.n, False)
    grid = Grid(rules, plain.cells)
    if check:
        _check_duplicates(grid)
    return grid


def format_pretty(grid: Grid, *, empty: str = ".") -> str:
    """The grid as a picture with box lines, one text line per row (no trailing newline).
    A variant puzzle comes as :func:`format_shown` draws it, its rules in a first line, so
    that reading it back keeps them."""
    if not grid.rules.classic:
        return format_shown(grid, empty=empty)
    return _boxed(grid, empty)


def _boxed(grid: Grid, empty: str) -> str:
    """The digits as a picture with box lines, one text line per row (no trailing newline)."""
    shape = grid.shape
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    symbols = _symbols(grid, empty)
    stacks = n // bc
    rule = "+".join(["-" * (2 * bc + 1)] * stacks)[1:-1]
    lines = []
    for r in range(n):
        if r and r % br == 0:
            lines.append(rule)
        row = grid.cells[r * n : r * n + n]
        parts = [" ".join(symbols[v] for v in row[s * bc : s * bc + bc]) for s in range(stacks)]
        lines.append(" | ".join(parts))
    return "\n".join(lines)


def format_shown(grid: Grid, *, empty: str = ".") -> str:
    """``grid`` as a picture with its rules visible (no trailing newline), what ``sudokit
    show`` prints: a variant's rules on a first line, in words and as their code (``rules:
    X + anti-knight (9+x+anti-knight)``); a jigsaw without box lines, each row followed by
    its cells' region letters (lower case from 12×12 up, where the digits use capitals).
    Classic puzzles exactly as :func:`format_pretty`. :func:`parse_shown` reads it back."""
    rules = grid.rules
    if rules.classic:
        return _boxed(grid, empty)
    if rules.killer:
        return _format_killer(grid, empty)
    if not rules.jigsaw:
        return f"rules: {rules.name} ({rules.code})\n" + _boxed(grid, empty)
    n = rules.n
    code = "+".join(v.partition(":")[0] for v in rules.code.split("+"))  # letters: the map
    letters = _REGION_LETTERS if n <= 9 else _REGION_LETTERS.lower()  # past 9: digits A-G
    symbols = empty + rules.symbols
    lines = [f"rules: {rules.name} ({code}); each cell's region on the right"]
    for r in range(n):
        row = range(r * n, r * n + n)
        digits = " ".join(symbols[grid.cells[c]] for c in row)
        regions = " ".join(letters[rules.region_of[c]] for c in row)
        lines.append(f"{digits}    {regions}")
    return "\n".join(lines)


def format_rows(grid: Grid) -> str:
    """The grid as a Python nested-list literal."""
    return "[\n" + "".join(f"    {row},\n" for row in grid.rows()) + "]"
