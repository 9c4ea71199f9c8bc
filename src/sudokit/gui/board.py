"""Drawing a Sudoku board into a rectangle, independent of any game session.

The one entry point::

    draw_board(surface: pygame.Surface, rect: pygame.Rect, view: BoardView,
               theme: Theme = LIGHT) -> BoardGeometry

draws the largest square board that fits ``rect`` (centred in it) onto ``surface`` and
returns its :class:`BoardGeometry` (``cell_at(pos)`` for hit tests, ``cell_rect(cell)``).
A :class:`BoardView` is plain data, so the game, the puzzle editor and the solver
animations (``sudokit watch``) all draw through here:

- ``shape``, ``digits`` (one int per cell, ``0`` empty) and ``givens`` (cells drawn bold);
- ``notes``: per cell a mask of small digits, drawn in their positions (digit ``d`` at
  row ``(d-1) // box_cols``, column ``(d-1) % box_cols`` of the cell), on empty cells;
- ``selected``: the cell with the cursor; its peers under ``rules`` (row, column, box
  or jigsaw region, and any cell the rules say may not share its digit) are tinted, and
  every cell and note holding the same digit (or ``highlight_digit``) is emphasised;
- ``conflicts`` (red tint, entries in red), ``mistakes`` (red digit, underlined),
  ``revealed`` (digits in the "revealed" colour);
- ``tints``: any other cell colours (a hint's cells, a solver's current cell), and
  ``note_colors``: colours for single notes, ``{(cell, digit): colour}`` (eliminations);
- ``hidden``: draw the grid without any digit (the game is paused);
- ``rules``: the rules the board is drawn under (:func:`sudokit.render.outline.outline`):
  jigsaw regions in thick lines, X's diagonals, windoku's windows shaded, killer cages
  as dashed outlines inset from the cells' edges with the sum in the top-left cell (on
  a patch of the cell's colour, so that it reads over the dashes; notes keep below it).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

import pygame

from ..geometry import Rules, Shape
from ..render.outline import CageOutline, cage_outline, dashes, outline
from .layout import BoardGeometry, Rect, fit_board
from .theme import LIGHT, Color, Theme, fonts

__all__ = [
    "MIN_NOTE",
    "BoardGeometry",
    "BoardOverlay",
    "BoardView",
    "draw_board",
    "draw_labels",
    "fit_board",
    "label_names",
    "note_layout",
    "note_margin",
    "note_size",
]


@dataclass(frozen=True, slots=True)
class BoardView:
    """Everything :func:`draw_board` shows; see the module's documentation."""

    shape: Shape
    digits: Sequence[int]
    givens: Collection[int] = frozenset()
    notes: Sequence[int] | None = None
    selected: int | None = None
    highlight_digit: int = 0
    conflicts: Collection[int] = frozenset()
    mistakes: Collection[int] = frozenset()
    revealed: Collection[int] = frozenset()
    tints: Mapping[int, Color] = field(default_factory=dict)
    note_colors: Mapping[tuple[int, int], Color] = field(default_factory=dict)
    hidden: bool = False
    #: Outline the selected cell in the accent colour (the game's notes mode).
    outline_selected: bool = False
    #: Cells ringed in a colour (a hint's cell, the digits that are its reason).
    rings: Mapping[int, Color] = field(default_factory=dict)
    #: The rules the board is drawn under: jigsaw regions in thick lines, X's diagonals,
    #: windoku's windows shaded (None: the shape's classic rules).
    rules: Rules | None = None


def _line_widths(cell: int) -> tuple[int, int]:
    thin = 1 if cell < 70 else 2
    thick = max(2, min(4, round(cell / 22)))
    return thin, thick


class BoardOverlay(Protocol):
    """Marks laid in layers between the board's own (a step's picture: see
    :mod:`sudokit.gui.step_overlay`): ``under`` after the cells' tints, under the lines;
    ``links`` over the lines, under the digits; ``over`` last."""

    def draw(self, surface: pygame.Surface, geo: BoardGeometry, layer: str) -> None: ...


def draw_board(
    surface: pygame.Surface,
    rect: Rect | pygame.Rect,
    view: BoardView,
    theme: Theme = LIGHT,
    overlay: BoardOverlay | None = None,
) -> BoardGeometry:
    """Draw ``view`` as the largest square board fitting ``rect``; see the module doc.
    ``overlay``: marks drawn in layers between the board's own (not on a hidden board)."""
    shape = view.shape
    n = shape.n
    geo = fit_board(Rect(rect.x, rect.y, rect.w, rect.h), shape)
    size, board = geo.cell, geo.rect
    digits = view.digits
    selected = view.selected
    focus = view.highlight_digit
    if not focus and selected is not None and not view.hidden:
        focus = digits[selected]

    # Cell backgrounds, strongest reason first.
    rules = view.rules or shape.rules
    peers: frozenset[int] = frozenset()
    if selected is not None:
        peers = frozenset(rules.peers[selected])
    pygame.draw.rect(surface, theme.surface, board)
    lines = outline(rules)
    fills: dict[int, Color] = {}  # each cell's colour where it is not the board's
    for cell in lines.shaded:  # under any tint: a tint's meaning comes first
        pygame.draw.rect(surface, theme.shade, geo.cell_rect(cell))
        fills[cell] = theme.shade
    # A hidden board (the game paused) shows no mark that tells about its digits.
    tints = {} if view.hidden else view.tints
    for cell in range(shape.ncells):
        if cell in tints:  # a hint's or a check's mark stays visible under the cursor
            tint: Color | None = tints[cell]
        elif cell == selected:
            tint = theme.tint_selected
        elif cell in view.conflicts and not view.hidden:
            tint = theme.tint_conflict
        elif focus and digits[cell] == focus and not view.hidden:
            tint = theme.tint_same
        elif cell in peers:
            tint = theme.tint_peer
        else:
            tint = None
        if tint is not None:
            pygame.draw.rect(surface, tint, geo.cell_rect(cell))
            fills[cell] = tint
    if overlay is not None and not view.hidden:
        overlay.draw(surface, geo, "under")

    # X's diagonals, then the grid lines: thin between the cells of a region, thick
    # between regions (boxes or jigsaw pieces) and around the board.
    thin, thick = _line_widths(size)
    x0, y0 = board.x, board.y
    for a, b, c, d in lines.diagonals:
        start, end = (x0 + a * size, y0 + b * size), (x0 + c * size, y0 + d * size)
        pygame.draw.line(surface, theme.diagonal, start, end, max(2, size // 24))
    for a, b, c, d in lines.thin:
        start = (x0 + a * size, y0 + b * size)
        if a == c:
            pygame.draw.line(surface, theme.line_thin, start, (start[0], y0 + d * size - 1), thin)
        else:
            pygame.draw.line(surface, theme.line_thin, start, (x0 + c * size - 1, start[1]), thin)
    half = thick // 2
    for a, b, c, d in lines.thick:  # a square past each end closes corners and joints
        left, top = x0 + a * size - half, y0 + b * size - half
        length = round(max(c - a, d - b) * size) + thick
        box = (left, top, thick, length) if a == c else (left, top, length, thick)
        pygame.draw.rect(surface, theme.line_thick, box)
    frame = board.inflate(thick, thick)
    pygame.draw.rect(surface, theme.line_thick, frame, thick, border_radius=max(2, thick))
    if lines.cages and not view.hidden:  # the cages are a killer's clues: hidden too
        cages = _cage_lines(rules, cage_inset(size) / size)
        _draw_cages(surface, geo, cages, theme, fills)

    ring = max(3, size // 12)
    rings = {} if view.hidden else view.rings
    for cell, color in rings.items():
        box = geo.cell_rect(cell).inflate(-ring + 1, -ring + 1)
        pygame.draw.rect(surface, color, box, ring, border_radius=max(2, ring))

    if selected is not None and (view.outline_selected or selected in tints):
        width = max(2, size // 20)
        inset = width + (2 * ring if selected in rings else 0)
        box = geo.cell_rect(selected).inflate(-inset, -inset)
        pygame.draw.rect(surface, theme.accent, box, width)

    if view.hidden:
        return geo
    if overlay is not None:
        overlay.draw(surface, geo, "links")

    # Digits.
    f = fonts()
    symbols = shape.symbols
    digit_size = round(size * (0.58 if n <= 9 else 0.54))
    givens = view.givens
    for cell in range(shape.ncells):
        d = digits[cell]
        if not d:
            continue
        r = geo.cell_rect(cell)
        if cell in givens:
            color, bold = theme.given, True
        elif cell in view.mistakes or cell in view.conflicts:
            color, bold = theme.error, False
        elif cell in view.revealed:
            color, bold = theme.revealed, False
        else:
            color, bold = theme.entry, False
        glyph = f.render(symbols[d - 1], digit_size, color, bold)
        g = glyph.get_rect(center=(r.centerx, r.centery + 1))
        surface.blit(glyph, g)
        if cell in view.mistakes:
            w = max(2, size // 24)
            y = min(r.bottom - w - 2, g.bottom + 1)
            pygame.draw.rect(surface, theme.error, (r.centerx - size // 5, y, 2 * (size // 5), w))

    if view.notes is not None:
        _draw_notes(surface, geo, view, theme, focus)
    if overlay is not None:
        overlay.draw(surface, geo, "over")
    return geo


@lru_cache(maxsize=64)
def _cage_lines(rules: Rules, inset: float) -> tuple[CageOutline, ...]:
    """The rules' cages outlined ``inset`` of a cell in (a cell's pixels decide it)."""
    return tuple(cage_outline(rules.n, c.cells, c.total, inset) for c in rules.cages)


def cage_sum_size(cell: int) -> int:
    """The font size of a cage's sum in a cell of ``cell`` pixels: a quarter of the cell,
    never under 9 pixels."""
    return max(9, round(cell * 0.25))


def cage_inset(cell: int) -> int:
    """Pixels between a cell's edge and a cage's dashed outline."""
    return max(3, round(cell * 0.1))


def _cage_top(cell: int) -> int:
    """Pixels from a cell's top kept for a cage's sum (notes start below)."""
    height = fonts().font(cage_sum_size(cell)).get_ascent()
    return max(2, round(cell * 0.03)) + height


def _draw_cages(
    surface: pygame.Surface,
    geo: BoardGeometry,
    cages: Sequence[CageOutline],
    theme: Theme,
    fills: Mapping[int, Color],
) -> None:
    """Killer cages: each a dashed outline inset from its cells' edges, its sum in its
    top-left cell on a patch of that cell's colour."""
    size, board = geo.cell, geo.rect
    x0, y0 = board.x, board.y
    width = max(1, round(size / 64))
    on, off = max(3.0, size * 0.09), max(2.0, size * 0.06)
    f = fonts()
    font_size = cage_sum_size(size)
    for cage in cages:
        for seg in cage.segments:
            for a, b, c, d in dashes(seg, on / size, off / size):
                start = (round(x0 + a * size), round(y0 + b * size))
                end = (round(x0 + c * size), round(y0 + d * size))
                if start[1] == end[1]:
                    box = (start[0], start[1] - width // 2, max(1, end[0] - start[0]), width)
                else:
                    box = (start[0] - width // 2, start[1], width, max(1, end[1] - start[1]))
                pygame.draw.rect(surface, theme.line_thick, box)
    pad = max(2, round(size * 0.03))
    for cage in cages:
        if cage.total is None:
            continue
        r = geo.cell_rect(cage.label_cell)
        glyph = f.render(str(cage.total), font_size, theme.text)
        spot = glyph.get_rect(topleft=(r.x + pad + 1, r.y + pad - 1))
        patch = spot.inflate(2, 0).clip(pygame.Rect(r.x, r.y, r.w, r.h))
        pygame.draw.rect(surface, fills.get(cage.label_cell, theme.surface), patch)
        surface.blit(glyph, spot)


def label_names(n: int) -> tuple[list[str], list[str]]:
    """The rows' and the columns' labels: ``r1``… and ``c1``…, so a row's and a column's
    make the cell's name in hints (``r3`` + ``c5``: ``r3c5``)."""
    return [f"r{i}" for i in range(1, n + 1)], [f"c{i}" for i in range(1, n + 1)]


def draw_labels(surface: pygame.Surface, geo: BoardGeometry, theme: Theme, size: int) -> None:
    """The rows' labels left of the board and the columns' above it (:func:`label_names`),
    in ``size`` pixels."""
    f = fonts()
    board, cell = geo.rect, geo.cell
    gap = _line_widths(cell)[1] + max(2, size // 5)
    rows, cols = label_names(geo.shape.n)
    for i in range(geo.shape.n):
        middle = i * cell + cell // 2
        row = f.render(rows[i], size, theme.muted)
        surface.blit(row, row.get_rect(midright=(board.x - gap, board.y + middle + 1)))
        col = f.render(cols[i], size, theme.muted)
        surface.blit(col, col.get_rect(midbottom=(board.x + middle, board.y - gap + 2)))


#: The smallest note, in pixels (font size): below it notes change to the compact form.
MIN_NOTE = 10


def note_size(cell: int, shape: Shape) -> int:
    """The font size of notes in their own positions (digit ``d`` at its place in a
    box-shaped sub-grid) in a cell of ``cell`` pixels."""
    sub_w = cell * 0.92 / shape.box_cols
    sub_h = cell * 0.92 / shape.box_rows
    return round(min(sub_w * 0.95, sub_h * 0.9, cell * 0.3))


def note_layout(cell: int, shape: Shape) -> tuple[bool, int, int, int]:
    """How notes are drawn in a cell of ``cell`` pixels: ``(positional, font size,
    columns, rows)``. Positional (each digit at its own place) when that gives notes
    of at least :data:`MIN_NOTE` pixels (and always up to 9×9); else compact, at
    :data:`MIN_NOTE`."""
    size = note_size(cell, shape)
    if size >= MIN_NOTE or shape.n <= 9:
        return True, max(7, size), shape.box_cols, shape.box_rows
    # Slots as wide as the widest symbol (D, G) and as high as a line, inside the margin.
    inner = cell - 2 * note_margin(cell)
    cols = max(1, int(inner // (MIN_NOTE * 0.7)))
    rows = max(1, int(inner // (MIN_NOTE * 1.0)))
    return False, MIN_NOTE, cols, rows


def note_margin(cell: int) -> int:
    """Pixels kept free of notes inside a cell's edges: what the thickest grid line
    covers of the cell, and a gap of 2 pixels (1 in cells under 24 pixels)."""
    reach = -(-_line_widths(cell)[1] // 2)
    return reach + (2 if cell >= 24 else 1)


def _draw_notes(
    surface: pygame.Surface, geo: BoardGeometry, view: BoardView, theme: Theme, focus: int
) -> None:
    """Notes in their positions when they can be at least :data:`MIN_NOTE` pixels;
    else the compact form: a cell's notes packed in reading order at that size, the
    ones that do not fit shown as ``…``."""
    shape, size = view.shape, geo.cell
    assert view.notes is not None
    f = fonts()
    symbols = shape.symbols
    pad = max(size * 0.04, note_margin(size))
    positional, fs, cols, rows = note_layout(size, shape)
    top = pad
    caged = view.rules is not None and bool(view.rules.cages)
    if caged:
        # Inside the cages' outlines, and below the sums (in every cell alike, so the
        # notes keep their places across the board).
        pad = max(pad, cage_inset(size) + 2)
        top = max(pad, _cage_top(size) + 1)
    sub_w = (size - 2 * pad) / cols
    sub_h = (size - top - pad) / rows
    if caged and positional:
        fs = max(7, min(fs, round(sub_h * 0.95), round(sub_w * 1.05)))
    # Each note's ink (a digit's or a capital's height) is centred in its slot: the
    # rendered box also holds the space below the baseline, which would push notes down.
    lift = {}
    for bold in (False, True):
        font = f.font(fs, bold)
        metrics = font.metrics("8")[0]
        cap = metrics[3] if metrics is not None else fs * 0.73
        lift[bold] = round(cap / 2) - font.get_ascent()
    for cell in range(shape.ncells):
        mask = view.notes[cell]
        if not mask or view.digits[cell]:
            continue
        r = geo.cell_rect(cell)
        notes = shape.digits_of_mask[mask]
        if positional:
            slots = [(d - 1, symbols[d - 1], d) for d in notes]
        else:
            shown = list(notes)
            if len(shown) > cols * rows:  # no room for all: the last slot says there are more
                keep = cols * rows - 1
                slots = [(i, symbols[d - 1], d) for i, d in enumerate(shown[:keep])]
                slots.append((keep, "…", 0))
            else:
                slots = [(i, symbols[d - 1], d) for i, d in enumerate(shown)]
        for i, text, d in slots:
            cx = r.x + pad + (i % cols + 0.5) * sub_w
            cy = r.y + top + (i // cols + 0.5) * sub_h
            special = view.note_colors.get((cell, d))
            if special is not None:
                color, bold = special, True
            elif d and d == focus:
                color, bold = theme.note_match, True
            else:
                color, bold = theme.note, False
            glyph = f.render(text, fs, color, bold)
            surface.blit(glyph, glyph.get_rect(centerx=round(cx), top=round(cy) + lift[bold]))
