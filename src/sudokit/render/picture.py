"""Board pictures with Pillow: the drawing shared by still PNGs and GIF frames.

Text uses Pillow's own default font (``ImageFont.load_default(size=...)``, a scalable
font bundled with Pillow ≥ 10.1), so no font files are needed.
"""

from __future__ import annotations

import os
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from ..files import open_replacing
from ..grid import Grid
from .outline import Outline, dashes, outline, scale
from .style import (
    FORCED,
    GIVEN,
    GUESSED,
    PALETTE,
    SOLUTION,
    Palette,
    PictureView,
    view_of_grid,
)

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
XY = tuple[int, int]


@cache
def font(size: int) -> Font:
    """Pillow's default font at ``size`` pixels (a bitmap font on very old Pillow)."""
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow < 10.1 has one fixed-size bitmap font
        return ImageFont.load_default()


def default_cell_size(n: int) -> int:
    """A cell size that makes any board about 500 px wide (at least 40 px per cell)."""
    return max(40, 504 // n)


def text_width(text: str, size: int) -> int:
    left, _, right, _ = font(size).getbbox(text)
    return int(right - left)


def fit_text(text: str, size: int, width: int) -> str:
    """``text`` cut with an ellipsis so that it fits in ``width`` pixels."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap_text(text: str, size: int, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` pixels, broken between words; a word longer
    than a line is broken inside. Every character of ``text`` but the spaces between
    words is kept: nothing is cut off."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            joined = f"{line} {word}" if line else word
            if text_width(joined, size) <= width:
                line = joined
                continue
            if line:
                lines.append(line)
            while len(word) > 1 and text_width(word, size) > width:
                k = len(word) - 1
                while k > 1 and text_width(word[:k], size) > width:
                    k -= 1
                lines.append(word[:k])
                word = word[k:]
            line = word
        lines.append(line)
    return lines


def draw_picture(
    draw: ImageDraw.ImageDraw, view: PictureView, at: XY, cell: int, palette: Palette = PALETTE
) -> None:
    """Draw ``view`` with its top-left corner at ``at``, ``cell`` pixels per cell."""
    shape = view.shape
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    x0, y0 = at
    side = n * cell

    def box(c: int, inset: int = 0) -> tuple[int, int, int, int]:
        x, y = x0 + (c % n) * cell, y0 + (c // n) * cell
        return (x + inset, y + inset, x + cell - inset, y + cell - inset)

    def centre(c: int) -> XY:
        return (x0 + (c % n) * cell + cell // 2, y0 + (c // n) * cell + cell // 2 + 1)

    rules = view.rules or shape.rules
    lines = outline(rules)
    draw.rectangle((x0, y0, x0 + side, y0 + side), fill=palette.board)
    for c in lines.shaded:
        draw.rectangle(box(c), fill=palette.shade)
    if view.focus_unit is not None:
        for c in rules.units[view.focus_unit]:
            draw.rectangle(box(c), fill=palette.focus_unit)
    if view.mark is not None:
        kind, c = view.mark
        fill = {
            "guess": palette.placed_guess_fill,
            "forced": palette.placed_forced_fill,
            "backtrack": palette.backtrack_fill,
            "contradiction": palette.bad_fill,
            "eliminate": palette.eliminated_fill,
            "try": palette.tried_fill,
        }[kind]
        draw.rectangle(box(c), fill=fill)

    for seg in lines.diagonals:
        draw.line(scale(seg, x0, y0, cell), fill=palette.diagonal, width=max(2, cell // 24))

    big = font(round(cell * 0.6))
    small_size = max(8, round(cell / max(br, bc) * 0.72))
    small = font(small_size)
    ink = {
        GIVEN: palette.given,
        FORCED: palette.forced,
        GUESSED: palette.guessed,
        SOLUTION: palette.solution,
    }
    symbols = shape.symbols
    pad = cell * 0.07  # keeps candidates off the lines
    step_x, step_y = (cell - 2 * pad) / bc, (cell - 2 * pad) / br  # a box-shaped sub-grid

    def candidate_at(c: int, digit: int) -> XY:
        i = digit - 1
        x, y, _, _ = box(c)
        return (
            round(x + pad + (i % bc + 0.5) * step_x),
            round(y + pad + (i // bc + 0.5) * step_y + 1),
        )

    for c in range(shape.ncells):
        v = view.values[c]
        if v:
            origin = view.origin[c]
            weight = 1 if origin == GIVEN and cell >= 40 else 0  # givens in bold
            draw.text(
                centre(c),
                symbols[v - 1],
                font=big,
                fill=ink.get(origin, palette.given),
                anchor="mm",
                stroke_width=weight,
                stroke_fill=ink.get(origin, palette.given),
            )
        elif view.candidates is not None:
            mask, digit = view.candidates[c], 1
            while mask:
                if mask & 1:
                    draw.text(
                        candidate_at(c, digit),
                        symbols[digit - 1],
                        font=small,
                        fill=palette.candidate,
                        anchor="mm",
                    )
                mask >>= 1
                digit += 1

    if view.struck is not None:  # the candidate just removed, struck out in red
        c, digit = view.struck
        if not view.values[c]:
            x, y = candidate_at(c, digit)
            draw.text((x, y), symbols[digit - 1], font=small, fill=palette.bad, anchor="mm")
            half = max(3, small_size // 2)
            draw.line((x - half, y + half - 1, x + half, y - half), fill=palette.bad, width=2)

    if view.tried is not None:
        c, digit = view.tried
        if view.values[c] != digit:
            bad = view.mark is not None and view.mark[0] in ("contradiction", "backtrack")
            colour = palette.bad if bad else palette.tried
            if view.mark is None or view.mark[1] != c:
                draw.rectangle(box(c), fill=palette.tried_fill)
            x, y = centre(c)
            draw.text((x, y), symbols[digit - 1], font=big, fill=colour, anchor="mm")
            if view.mark is not None and view.mark[0] == "backtrack":
                half = cell // 4
                draw.line((x - half, y + half, x + half, y - half), fill=colour, width=3)

    stroke_lines(draw, lines, at, cell, palette)
    if lines.cages:
        draw_cages(draw, lines, at, cell, palette)

    if view.focus is not None:  # the tutorial's green outline
        width = max(3, cell // 14)
        draw.rectangle(box(view.focus, 1), outline=palette.focus, width=width)


def stroke_lines(
    draw: ImageDraw.ImageDraw, lines: Outline, at: XY, cell: int, palette: Palette = PALETTE
) -> None:
    """The grid's lines: thin ones between the cells of a region, then thick ones between
    regions and round the board, each stretched half its width past its ends so that
    corners and joints close (square caps)."""
    x0, y0 = at
    for seg in lines.thin:
        draw.line(scale(seg, x0, y0, cell), fill=palette.cell_line, width=1)
    thick = max(2, cell // 18)
    half = thick // 2
    for seg in lines.thick + lines.border:
        ax, ay, bx, by = scale(seg, x0, y0, cell)
        if ax == bx:
            ay, by = ay - half, by + half
        else:
            ax, bx = ax - half, bx + half
        draw.line((ax, ay, bx, by), fill=palette.box_line, width=thick)


def draw_cages(
    draw: ImageDraw.ImageDraw, lines: Outline, at: XY, cell: int, palette: Palette = PALETTE
) -> None:
    """Killer cages: dashed outlines inset from the cells' edges, each sum in its cage's
    top-left cell on a patch of the cell's colour that breaks the dashes under it."""
    x0, y0 = at
    width = max(1, cell // 40)
    on, off = max(3.0, cell * 0.09) / cell, max(2.0, cell * 0.06) / cell
    for cage in lines.cages:
        for seg in cage.segments:
            for dash in dashes(seg, on, off):
                draw.line(scale(dash, x0, y0, cell), fill=palette.box_line, width=width)
    size = max(9, round(cell * 0.25))
    small = font(size)
    n = lines.n
    shaded = set(lines.shaded)
    edge = max(2, cell // 18)
    for cage in lines.cages:
        if cage.total is None:
            continue
        r, c = divmod(cage.label_cell, n)
        left, top = x0 + c * cell + edge, y0 + r * cell + edge
        text = str(cage.total)
        box = draw.textbbox((left + 1, top), text, font=small, anchor="lt")
        fill = palette.shade if cage.label_cell in shaded else palette.board
        draw.rectangle((left, top, box[2] + 1, box[3] + 1), fill=fill)
        draw.text((left + 1, top), text, font=small, fill=palette.given, anchor="lt")


def board_image(
    grid: Grid,
    *,
    solution: Grid | None = None,
    candidates: bool = False,
    cell_size: int | None = None,
    palette: Palette = PALETTE,
) -> Image.Image:
    """A clean printable picture of a puzzle (RGB), with a margin."""
    cell = cell_size or default_cell_size(grid.size)
    margin = max(12, cell // 3)
    side = grid.size * cell
    image = Image.new("RGB", (side + 2 * margin, side + 2 * margin), palette.page)
    view = view_of_grid(grid, solution=solution, candidates=candidates)
    draw_picture(ImageDraw.Draw(image), view, (margin, margin), cell, palette)
    return image


def save_png(image: Image.Image, path: str | os.PathLike[str]) -> None:
    """Write ``image`` as a PNG, whole or not at all."""
    with open_replacing(path) as out:
        image.save(out, format="PNG", optimize=True)
