"""Puzzle books as PDF: vector grids and text digits, drawn with reportlab.

A book is a stream of :class:`BookEntry` (a puzzle, its caption, optionally its solution
and a position in progress). Pages are drawn as the entries come, so a book of thousands
of puzzles never holds them all; only the solutions, as short lines, wait for the back
of the book.

Fonts are Bitstream Vera, which ships with reportlab and is embedded (subset) in the
file: nothing is fetched, and the book looks the same everywhere.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any

from ..formats import format_line, parse_line
from ..geometry import VARIANTS, Rules
from ..grid import Grid
from .outline import CageOutline, Segment, outline

if TYPE_CHECKING:
    from ..game.state import GameState

#: Paper sizes in points (1/72 inch), portrait.
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (595.2755905511812, 841.8897637795277),
    "letter": (612.0, 792.0),
}
#: Puzzles per page one may ask for; big grids take fewer (:data:`MAX_PER_PAGE`).
PER_PAGE = (1, 2, 4, 6)
#: At most this many per page, so that digits stay at 12 pt or more.
MAX_PER_PAGE = {4: 6, 6: 6, 9: 6, 12: 4, 16: 2}
#: Large print: digits at least this tall (points).
LARGE_PRINT_PT = 16.0
#: Default puzzles per page for each size.
DEFAULT_PER_PAGE = {4: 6, 6: 6, 9: 4, 12: 2, 16: 1}
#: Solutions at the back: (columns, rows) per page for each size.
SOLUTION_GRID = {4: (4, 5), 6: (3, 4), 9: (3, 4), 12: (2, 3), 16: (2, 2)}

#: Digit height as a share of the cell.
_DIGIT = 0.62
#: Cells never get larger than this (a 4×4 on a page of its own stays a sensible size).
_MAX_CELL = 60.0
_MARGIN = 36.0
_HEADER = 34.0
_FOOTER = 22.0
_CAPTION = 18.0
_GAP = 18.0

_FONT = "SudokitVera"
_FONT_BOLD = "SudokitVeraBold"

# Colours (r, g, b in 0..1): ink for givens and lines, blue for placed and solution digits.
_INK = (0.106, 0.133, 0.188)
_THIN = (0.55, 0.58, 0.64)
_PLACED = (0.14, 0.34, 0.84)
_CANDIDATE = (0.40, 0.44, 0.52)
_MUTED = (0.35, 0.38, 0.45)
# Shaded cells (windoku's windows): a light grey that prints as one; X's diagonals.
_SHADE = (0.87, 0.88, 0.90)
_DIAGONAL = (0.55, 0.58, 0.64)
# Killer cages: dark grey dashes, apart from the black region lines in greyscale too.
_CAGE = (0.30, 0.32, 0.36)

Target = str | os.PathLike[str] | IO[bytes]


class MissingReportlab(ImportError):
    """reportlab is not installed."""


@dataclass(frozen=True, slots=True)
class BookEntry:
    """One puzzle of a book.

    - ``puzzle``: the givens;
    - ``caption``: printed after the puzzle's number (``medium · 3.2``);
    - ``solution``: printed at the back when the book has solutions;
    - ``placed``: the board in progress (givens plus placed digits), drawn in blue;
    - ``candidates``: per cell, a mask of the candidates to print in empty cells.
    """

    puzzle: Grid
    caption: str = ""
    solution: Grid | None = None
    placed: Grid | None = None
    candidates: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the grids of one page go: ``columns × rows`` slots of ``side`` points."""

    columns: int
    rows: int
    side: float
    cell: float
    digit: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


@dataclass(frozen=True, slots=True)
class BookInfo:
    """What was written: pages in all, puzzles, and pages of solutions among them."""

    pages: int
    puzzles: int
    solution_pages: int


def _grid_shape(per_page: int) -> tuple[int, int]:
    return {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}[per_page]


def _layout(size: int, columns: int, rows: int, paper: str) -> Layout:
    width, height = PAPERS[paper]
    slot_w = (width - 2 * _MARGIN - (columns - 1) * _GAP) / columns
    slot_h = (height - 2 * _MARGIN - _HEADER - _FOOTER - (rows - 1) * _GAP) / rows - _CAPTION
    cell = min(min(slot_w, slot_h) / size, _MAX_CELL)
    return Layout(columns, rows, cell * size, cell, round(cell * _DIGIT, 2))


def plan(size: int, per_page: int | None, paper: str = "a4", large_print: bool = False) -> Layout:
    """The layout of puzzle pages for ``size``; raises ``ValueError`` for a request that
    cannot be met (an unknown paper, too many 16×16 per page, large print that does not
    fit), naming what would."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r} (choose from {', '.join(PAPERS)})")
    if per_page is None:
        per_page = DEFAULT_PER_PAGE[size]
        if large_print:
            fitting = [p for p in PER_PAGE if _fits(size, p, paper)]
            per_page = min(per_page, max(fitting))
    if per_page not in PER_PAGE:
        choices = ", ".join(str(p) for p in PER_PAGE)
        raise ValueError(f"{per_page} puzzles per page is not offered (choose from {choices})")
    if per_page > MAX_PER_PAGE[size]:
        raise ValueError(
            f"{size}×{size} puzzles print at most {MAX_PER_PAGE[size]} per page, so that "
            "digits stay readable"
        )
    layout = _layout(size, *_grid_shape(per_page), paper)
    if large_print and layout.digit < LARGE_PRINT_PT:
        fitting = [p for p in PER_PAGE if _fits(size, p, paper)]
        hint = f"at most {max(fitting)} per page" if fitting else "no layout"
        raise ValueError(
            f"large print needs digits of {LARGE_PRINT_PT:g} pt: {per_page} {size}×{size} "
            f"puzzles per {paper} page give {layout.digit:g} pt ({hint} fits)"
        )
    return layout


def _fits(size: int, per_page: int, paper: str) -> bool:
    if per_page > MAX_PER_PAGE[size]:
        return False
    return _layout(size, *_grid_shape(per_page), paper).digit >= LARGE_PRINT_PT


def _solution_layout(size: int, paper: str, puzzles: Layout, large_print: bool) -> Layout:
    if large_print:
        return puzzles
    return _layout(size, *SOLUTION_GRID[size], paper)


def _fonts() -> None:
    try:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont
    except ImportError as err:  # pragma: no cover - reportlab is a dependency
        raise MissingReportlab(
            "PDF books need reportlab: pip install reportlab (or reinstall sudokit)"
        ) from err
    registered = pdfmetrics.getRegisteredFontNames()
    if _FONT not in registered:
        pdfmetrics.registerFont(TTFont(_FONT, "Vera.ttf"))
    if _FONT_BOLD not in registered:
        pdfmetrics.registerFont(TTFont(_FONT_BOLD, "VeraBd.ttf"))


class _Book:
    """The canvas, the page count and the running header."""

    def __init__(self, target: Target, title: str, paper: str) -> None:
        from reportlab.pdfgen.canvas import Canvas

        self.width, self.height = PAPERS[paper]
        # invariant: no dates or random ids in the file, so the same book is the same bytes.
        self.canvas: Any = Canvas(
            os.fspath(target) if isinstance(target, os.PathLike) else target,
            pagesize=(self.width, self.height),
            invariant=True,
            pageCompression=1,
        )
        self.canvas.setTitle(title)
        self.canvas.setCreator("sudokit")
        self.canvas.setSubject("Sudoku puzzles")
        self.title = title
        self.pages = 0
        self.open = False

    def new_page(self, heading: str, rules_line: str = "") -> None:
        if self.open:
            self.canvas.showPage()
        self.pages += 1
        self.open = True
        c = self.canvas
        c.setFillColorRGB(*_INK)
        c.setFont(_FONT_BOLD, 15)
        c.drawCentredString(self.width / 2, self.height - _MARGIN - 15, heading)
        if rules_line:
            self._rules_line(rules_line)
        c.setFillColorRGB(*_MUTED)
        c.setFont(_FONT, 9)
        c.drawCentredString(self.width / 2, _MARGIN - 4, str(self.pages))

    def _rules_line(self, text: str) -> None:
        """The page's rules under the heading: one line, made smaller to fit, or two."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        c = self.canvas
        width = self.width - 2 * _MARGIN
        top = self.height - _MARGIN
        c.setFillColorRGB(*_INK)
        size = 9.0
        while size > 6.5 and stringWidth(text, _FONT, size) > width:
            size -= 0.5
        if stringWidth(text, _FONT, size) <= width:
            c.setFont(_FONT, size)
            c.drawCentredString(self.width / 2, top - 29, text)
            return
        size, lines = 7.0, [""]
        for word in text.split(" "):
            joined = f"{lines[-1]} {word}".strip()
            if lines[-1] and stringWidth(joined, _FONT, size) > width:
                lines.append(word)
            else:
                lines[-1] = joined
        c.setFont(_FONT, size)
        for i, line in enumerate(lines[:2]):
            c.drawCentredString(self.width / 2, top - 26 - 8 * i, line)

    def finish(self) -> None:
        if not self.open:
            self.new_page(self.title)
            c = self.canvas
            c.setFont(_FONT, 12)
            c.drawCentredString(self.width / 2, self.height / 2, "(no puzzles)")
        self.canvas.showPage()
        self.canvas.save()

    def slot(self, layout: Layout, index: int) -> tuple[float, float]:
        """Bottom-left corner of the grid in slot ``index`` of the page."""
        col, row = index % layout.columns, index // layout.columns
        slot_w = (self.width - 2 * _MARGIN - (layout.columns - 1) * _GAP) / layout.columns
        top = self.height - _MARGIN - _HEADER
        slot_h = (self.height - 2 * _MARGIN - _HEADER - _FOOTER - (layout.rows - 1) * _GAP) / (
            layout.rows
        )
        x = _MARGIN + col * (slot_w + _GAP) + (slot_w - layout.side) / 2
        # The caption and grid sit in the middle of their slot: the page fills evenly.
        spare = max(0.0, slot_h - _CAPTION - layout.side)
        y_top = top - row * (slot_h + _GAP) - spare / 2 - _CAPTION
        return x, y_top - layout.side


def rules_line(rules: Rules) -> str:
    """What a page of puzzles under ``rules`` says of them (empty for classic rules)."""
    if rules.classic:
        return ""
    return "Rules: " + "; ".join(VARIANTS[v] for v in rules.variants) + "."


def _lines_form(c: Any, layout: Layout, rules: Rules, sums: bool = True) -> str:
    """The name of a form holding the lines of an empty grid under these rules and
    layout (:func:`~sudokit.render.outline.outline`: shaded cells, diagonals, thin lines
    inside regions, thick ones between them, killer cages with their sums unless
    ``sums`` is False), drawn once per book and placed by reference: a page stores only
    where each goes."""
    shape = rules.shape
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    cell = layout.cell
    name = f"grid{n}x{br}x{bc}_{cell:.3f}".replace(".", "_")
    if not rules.classic:
        numbers: dict[Rules, int] = c.__dict__.setdefault("_sudokit_rules", {})
        name += f"_r{numbers.setdefault(rules, len(numbers))}"
    if rules.cages and not sums:
        name += "_plain"
    forms: set[str] = c.__dict__.setdefault("_sudokit_forms", set())
    if name in forms:
        return name
    forms.add(name)
    side = cell * n
    lines = outline(rules)

    def stroke(seg: Segment) -> None:  # unit coordinates (y down) to the form's (y up)
        x0, y0, x1, y1 = seg
        if x0 == x1:
            c.line(x0 * cell, side - y1 * cell, x1 * cell, side - y0 * cell)
        else:
            c.line(x0 * cell, side - y0 * cell, x1 * cell, side - y1 * cell)

    c.beginForm(name, 0, 0, side, side)
    if lines.shaded:
        c.setFillColorRGB(*_SHADE)
        for cell_index in lines.shaded:
            r, col = divmod(cell_index, n)
            c.rect(col * cell, side - (r + 1) * cell, cell, cell, stroke=0, fill=1)
    if lines.diagonals:
        c.setStrokeColorRGB(*_DIAGONAL)
        c.setLineWidth(max(0.6, cell * 0.035))
        for x0, y0, x1, y1 in lines.diagonals:
            c.line(x0 * cell, side - y0 * cell, x1 * cell, side - y1 * cell)
    # Thin cell lines first, region lines over them (the order of the loops they replace).
    c.setStrokeColorRGB(*_THIN)
    c.setLineWidth(max(0.35, cell * 0.018))
    for seg in sorted(lines.thin, key=_by_line):
        stroke(seg)
    c.setStrokeColorRGB(*_INK)
    c.setLineWidth(max(1.0, cell * 0.07))
    if rules.jigsaw:
        c.setLineCap(2)  # square caps close the corners where region edges turn
    for seg in sorted(lines.thick + lines.border, key=_by_direction):
        stroke(seg)
    c.setLineWidth(max(1.4, cell * 0.09))
    c.rect(0, 0, side, side, stroke=1, fill=0)
    if lines.cages:
        _cages(c, lines.cages, cell, side, sums)
    c.endForm()
    return name


def _cages(c: Any, cages: tuple[CageOutline, ...], cell: float, side: float, sums: bool) -> None:
    """Killer cages in a form: dashed outlines in dark grey (they print as such in
    greyscale and stay apart from the black region lines), and with ``sums`` each sum in
    its cage's top-left cell on a white patch that breaks the dashes under it."""
    c.saveState()
    c.setStrokeColorRGB(*_CAGE)
    c.setLineWidth(max(0.5, cell * 0.028))
    c.setLineCap(0)
    dash = max(1.2, cell * 0.09)
    c.setDash([dash, max(1.0, cell * 0.06)], 0)
    path = c.beginPath()
    for cage in cages:
        for x0, y0, x1, y1 in cage.segments:
            path.moveTo(x0 * cell, side - y0 * cell)
            path.lineTo(x1 * cell, side - y1 * cell)
    c.drawPath(path, stroke=1, fill=0)
    c.setDash([], 0)
    if sums:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        size = max(5.0, cell * 0.29)
        c.setFont(_FONT, size)
        edge = max(0.7, cell * 0.045) + 0.2  # clear of the widest line's half
        for cage in cages:
            if cage.total is None:
                continue
            text = str(cage.total)
            r, col = divmod(cage.label_cell, round(side / cell))
            left = col * cell + edge
            top = side - r * cell - edge
            width = stringWidth(text, _FONT, size)
            c.setFillColorRGB(1, 1, 1)
            c.rect(left, top - size * 0.84, width + 1.0, size * 0.84, stroke=0, fill=1)
            c.setFillColorRGB(*_INK)
            c.drawString(left + 0.5, top - size * 0.76, text)
    c.restoreState()


def _by_line(seg: Segment) -> tuple[float, bool, float]:
    """Grid line by grid line, the vertical before the horizontal."""
    vertical = seg[0] == seg[2]
    return (seg[0] if vertical else seg[1], not vertical, seg[1] if vertical else seg[0])


def _by_direction(seg: Segment) -> tuple[bool, float, float]:
    """The vertical lines left to right, then the horizontal ones top to bottom."""
    vertical = seg[0] == seg[2]
    return (not vertical, seg[0] if vertical else seg[1], seg[1] if vertical else seg[0])


def _text(
    c: Any,
    font: str,
    size: float,
    color: tuple[float, float, float],
    items: list[tuple[float, float, str]],
) -> None:
    """Centred single characters in one text object: one font and colour change for all."""
    if not items:
        return
    from reportlab.pdfbase.pdfmetrics import stringWidth

    widths: dict[str, float] = {}
    text = c.beginText()
    text.setFont(font, size)
    text.setFillColorRGB(*color)
    for x, y, ch in items:
        width = widths.get(ch)
        if width is None:
            width = widths[ch] = stringWidth(ch, font, size)
        text.setTextOrigin(x - width / 2, y)
        text.textOut(ch)
    c.drawText(text)


def _draw_grid(
    c: Any,
    x: float,
    y: float,
    layout: Layout,
    givens: Grid,
    *,
    filled: Grid | None = None,
    candidates: list[int] | None = None,
    rules: Rules | None = None,
    sums: bool = True,
) -> None:
    """One grid: its lines (under ``rules``, by default the givens'; killer cages with
    their sums unless ``sums`` is False), then the digits row by row (givens bold,
    ``filled``'s others blue), then the candidates of the empty cells."""
    shape = givens.shape
    n, bc, br = shape.n, shape.box_cols, shape.box_rows
    cell = layout.cell
    side = cell * n
    symbols = shape.symbols
    form = _lines_form(c, layout, rules or givens.rules, sums)
    c.saveState()
    c.translate(x, y)
    c.doForm(form)
    c.restoreState()

    size = layout.digit
    baseline = (cell - size * 0.72) / 2  # Vera's digits are about 0.72 em tall
    board = filled if filled is not None else givens
    bold: list[tuple[float, float, str]] = []
    placed: list[tuple[float, float, str]] = []
    for index, value in enumerate(board.cells):
        if value:
            r, col = divmod(index, n)
            item = (
                x + col * cell + cell / 2,
                y + side - (r + 1) * cell + baseline,
                symbols[value - 1],
            )
            (bold if givens.cells[index] else placed).append(item)
    _text(c, _FONT_BOLD, size, _INK, bold)
    _text(c, _FONT, size, _PLACED, placed)
    if candidates is None:
        return
    # Candidates in a small bc × br grid inside the cell, digit d at its usual place.
    sub_w, sub_h = cell / bc, cell / br
    small = min(sub_w, sub_h) * 0.7
    marks: list[tuple[float, float, str]] = []
    for index, mask in enumerate(candidates):
        if board.cells[index] or not mask:
            continue
        r, col = divmod(index, n)
        left = x + col * cell
        top = y + side - r * cell
        for d in range(n):
            if mask >> d & 1:
                sr, sc = divmod(d, bc)
                marks.append(
                    (
                        left + (sc + 0.5) * sub_w,
                        top - (sr + 1) * sub_h + (sub_h - small * 0.72) / 2,
                        symbols[d],
                    )
                )
    _text(c, _FONT, small, _CANDIDATE, marks)


def _caption(c: Any, x: float, y: float, layout: Layout, text: str) -> None:
    c.setFillColorRGB(*_INK)
    c.setFont(_FONT_BOLD, 10.5 if layout.side > 200 else 9)
    c.drawString(x, y + layout.side + 6, text)


def write_book(
    entries: Iterable[BookEntry],
    target: Target,
    *,
    title: str = "Sudoku",
    per_page: int | None = None,
    paper: str = "a4",
    large_print: bool = False,
    solutions: bool = True,
    candidates: bool = False,
    tick: Callable[[], None] | None = None,
    explained: bool = False,
) -> BookInfo:
    """Write a PDF book of ``entries`` to ``target`` (a path or a binary stream).

    Puzzles are numbered from 1 in order, ``per_page`` to a page (default per size, see
    :data:`DEFAULT_PER_PAGE`); a change of size starts a new page. ``solutions`` adds the
    solutions at the back (entries without one are skipped there). ``candidates``
    prints each empty cell's candidates (the entry's, else what the rules allow).
    ``tick`` is called after each puzzle is drawn. ``explained`` adds, after the
    solutions, each puzzle's steps beyond singles drawn on its candidate grid (see
    :mod:`sudokit.render.step_pdf`). Raises ``ValueError`` for a layout
    that cannot be met (see :func:`plan`) before anything is written.
    """
    _fonts()
    iterator = iter(entries)
    first = next(iterator, None)
    if first is not None:
        plan(first.puzzle.size, per_page, paper, large_print)  # fail before writing
    book = _Book(target, title, paper)
    kept: list[tuple[int, Rules, str, str]] = []  # number, rules, givens, solution
    count = 0
    layout: Layout | None = None
    on_page = 0
    current_size = 0
    current_rules = ""
    for entry in _chain(first, iterator):
        size = entry.puzzle.size
        stated = rules_line(entry.puzzle.rules)
        if (
            layout is None
            or size != current_size
            or on_page == layout.per_page
            or stated != current_rules
        ):
            if layout is None or size != current_size:
                layout = plan(size, per_page, paper, large_print)
                current_size = size
            book.new_page(title, stated)  # a page's puzzles share their rules line
            current_rules = stated
            on_page = 0
        count += 1
        x, y = book.slot(layout, on_page)
        caption = f"{count}" + (f"  ·  {entry.caption}" if entry.caption else "")
        _caption(book.canvas, x, y, layout, caption)
        masks = None
        if candidates:
            board = entry.placed if entry.placed is not None else entry.puzzle
            masks = board.candidates() if entry.candidates is None else list(entry.candidates)
        _draw_grid(book.canvas, x, y, layout, entry.puzzle, filled=entry.placed, candidates=masks)
        on_page += 1
        if (solutions or explained) and entry.solution is not None:
            kept.append(
                (count, entry.puzzle.rules, format_line(entry.puzzle), format_line(entry.solution))
            )
        if tick is not None:
            tick()
    solution_pages = 0
    if kept and solutions:
        before = book.pages
        _solution_pages(book, kept, paper, per_page, large_print, f"{title}: solutions")
        solution_pages = book.pages - before
    if kept and explained:
        from .step_pdf import explained_pages

        before = book.pages
        area = (_MARGIN, _MARGIN + _FOOTER, book.width - _MARGIN, book.height - _MARGIN - _HEADER)
        puzzles = [(n, Grid(r, parse_line(g, check=False).cells)) for n, r, g, _ in kept]
        explained_pages(
            book.new_page,
            book.canvas,
            puzzles,
            area,
            f"{title}: the steps explained",
            (_FONT, _FONT_BOLD),
        )
        solution_pages += book.pages - before
    book.finish()
    return BookInfo(book.pages, count, solution_pages)


def _chain(first: BookEntry | None, rest: Iterator[BookEntry]) -> Iterator[BookEntry]:
    if first is not None:
        yield first
        yield from rest


def _solution_pages(
    book: _Book,
    kept: list[tuple[int, Rules, str, str]],
    paper: str,
    per_page: int | None,
    large_print: bool,
    heading: str,
) -> None:
    layout: Layout | None = None
    on_page = 0
    current_size = 0
    for number, rules, givens_line, solution_line in kept:
        size = rules.n
        if layout is None or size != current_size or on_page == layout.per_page:
            if layout is None or size != current_size:
                puzzles = plan(size, per_page, paper, large_print)
                layout = _solution_layout(size, paper, puzzles, large_print)
                current_size = size
            book.new_page(heading)
            on_page = 0
        x, y = book.slot(layout, on_page)
        _caption(book.canvas, x, y, layout, f"{number}")
        givens = parse_line(givens_line, check=False)
        solution = parse_line(solution_line, check=False)
        _draw_grid(book.canvas, x, y, layout, givens, filled=solution, rules=rules, sums=False)
        on_page += 1


def book_entry(
    puzzle: Grid,
    *,
    placed: Grid | None = None,
    candidates: tuple[int, ...] | None = None,
    grade: bool = True,
) -> BookEntry:
    """An entry with the puzzle's level and score as caption and its solution (when it
    has one); ``grade=False`` skips the rating (caption left empty)."""
    from ..solvers import search

    outcome = search(puzzle, 2)
    solution = Grid(puzzle.rules, outcome.solution) if outcome.solution is not None else None
    caption = ""
    if grade:
        from ..logic import rate

        if outcome.count == 1:
            rating = rate(puzzle, solutions=1)
            caption = f"{rating.level}  ·  {rating.score:.1f}"
        elif outcome.count == 0:
            caption = "no solution"
        else:
            caption = "several solutions"
    return BookEntry(puzzle, caption, solution, placed, candidates)


def generated_entries(
    count: int,
    size: int = 9,
    *,
    difficulty: str | None = None,
    seed: int | None = None,
    symmetry: str = "rot180",
    grade: bool = True,
    variant: str | Iterable[str] | None = None,
    rules: Rules | str | None = None,
) -> Iterator[BookEntry]:
    """Entries of ``count`` new puzzles, made one at a time as the book asks for them;
    puzzle ``i`` uses seed ``seed + i`` (a random base when ``seed`` is None), under
    ``variant`` or ``rules`` as :func:`~sudokit.generator.generate` takes them."""
    import secrets

    from ..generator import generate

    base = secrets.randbelow(2**63) if seed is None else seed
    for i in range(count):
        grid = generate(
            size,
            seed=base + i,
            symmetry=symmetry,
            difficulty=difficulty,
            variant=variant,
            rules=rules,
        )
        yield book_entry(grid, grade=grade)


def game_entry(state: GameState) -> BookEntry:
    """The game's position as a book entry: the player's digits in blue and, when the
    player pencilled notes, those notes as the candidates to print."""
    from ..game.exchange import position_of

    position = position_of(state)
    entry = book_entry(state.puzzle)
    return BookEntry(
        entry.puzzle, entry.caption, state.solution, position.placed, position.candidates
    )
