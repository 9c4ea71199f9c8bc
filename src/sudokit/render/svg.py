"""Boards as plain SVG text (standard library only): the same picture as the PNG."""

from __future__ import annotations

from ..grid import Grid
from .outline import Outline, Segment, dashes, outline, scale
from .style import FORCED, GIVEN, GUESSED, PALETTE, SOLUTION, Palette, PictureView, view_of_grid

FONT_FAMILY = "DejaVu Sans, Helvetica, Arial, sans-serif"


def default_cell_size(n: int) -> int:
    return max(40, 504 // n)


def view_svg(view: PictureView, cell: int, palette: Palette = PALETTE) -> str:
    """An SVG document drawing ``view`` with ``cell`` units per cell."""
    shape = view.shape
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    margin = max(12, cell // 3)
    side = n * cell
    total = side + 2 * margin
    thick = max(2, cell // 18)
    ink = {
        GIVEN: palette.given,
        FORCED: palette.forced,
        GUESSED: palette.guessed,
        SOLUTION: palette.solution,
    }
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{total}" '
        f'viewBox="0 0 {total} {total}">',
        f'<rect width="{total}" height="{total}" fill="{palette.page}"/>',
        f'<rect x="{margin}" y="{margin}" width="{side}" height="{side}" fill="{palette.board}"/>',
    ]
    rules = view.rules or shape.rules
    lines = outline(rules)
    for c in lines.shaded:
        x, y = margin + (c % n) * cell, margin + (c // n) * cell
        out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{palette.shade}"/>')
    if view.focus_unit is not None:
        for c in rules.units[view.focus_unit]:
            x, y = margin + (c % n) * cell, margin + (c // n) * cell
            out.append(
                f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                f'fill="{palette.focus_unit}"/>'
            )
    if lines.diagonals:
        path = "".join(
            "M{:g} {:g}L{:g} {:g}".format(*scale(seg, margin, margin, cell))
            for seg in lines.diagonals
        )
        out.append(
            f'<path d="{path}" stroke="{palette.diagonal}" '
            f'stroke-width="{max(2, cell // 24)}" fill="none"/>'
        )
    big = round(cell * 0.6)
    small = max(6, round(cell / max(br, bc) * 0.72))
    pad = cell * 0.07
    step_x, step_y = (cell - 2 * pad) / bc, (cell - 2 * pad) / br
    symbols = shape.symbols
    out.append(f'<g font-family="{FONT_FAMILY}" text-anchor="middle" dominant-baseline="central">')
    for c in range(shape.ncells):
        x, y = margin + (c % n) * cell, margin + (c // n) * cell
        v = view.values[c]
        if v:
            origin = view.origin[c]
            weight = ' font-weight="bold"' if origin == GIVEN else ""
            out.append(
                f'<text x="{x + cell / 2:g}" y="{y + cell / 2:g}" font-size="{big}"'
                f'{weight} fill="{ink.get(origin, palette.given)}">{symbols[v - 1]}</text>'
            )
        elif view.candidates is not None:
            for d in shape.digits_of_mask[view.candidates[c]]:
                i = d - 1
                cx = x + pad + (i % bc + 0.5) * step_x
                cy = y + pad + (i // bc + 0.5) * step_y
                out.append(
                    f'<text x="{cx:.1f}" y="{cy:.1f}" font-size="{small}" '
                    f'fill="{palette.candidate}">{symbols[i]}</text>'
                )
    out.append("</g>")
    out.extend(_grid_lines(lines, margin, cell, thick, palette))
    if lines.cages:
        out.extend(_cages(lines, margin, cell, palette))
    if view.focus is not None:
        c = view.focus
        x, y = margin + (c % n) * cell, margin + (c // n) * cell
        w = max(3, cell // 14)
        out.append(
            f'<rect x="{x + w / 2 + 1:g}" y="{y + w / 2 + 1:g}" width="{cell - w - 2}" '
            f'height="{cell - w - 2}" fill="none" stroke="{palette.focus}" stroke-width="{w}"/>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _cages(lines: Outline, origin: int, cell: int, palette: Palette) -> list[str]:
    """Killer cages: one dashed path of every outline, then each sum in its cage's
    top-left cell on a patch of the cell's colour that breaks the dashes under it."""
    on, off = max(3.0, cell * 0.09), max(2.0, cell * 0.06)
    path = _path(
        [
            d
            for cage in lines.cages
            for seg in cage.segments
            for d in dashes(seg, on / cell, off / cell)
        ],
        origin,
        cell,
    )
    out = [
        f'<path d="{path}" stroke="{palette.box_line}" stroke-width="{max(1, cell // 40)}" '
        'fill="none"/>'
    ]
    size = max(9, round(cell * 0.25))
    edge = max(2, cell // 18)
    shaded = set(lines.shaded)
    n = lines.n
    for cage in lines.cages:
        if cage.total is None:
            continue
        r, c = divmod(cage.label_cell, n)
        x, y = origin + c * cell + edge, origin + r * cell + edge
        text = str(cage.total)
        fill = palette.shade if cage.label_cell in shaded else palette.board
        out.append(
            f'<rect x="{x}" y="{y}" width="{size * 0.62 * len(text) + 2:g}" '
            f'height="{size * 0.95:g}" fill="{fill}"/>'
        )
        out.append(
            f'<text x="{x + 1}" y="{y + size * 0.8:g}" font-family="{FONT_FAMILY}" '
            f'font-size="{size}" fill="{palette.given}">{text}</text>'
        )
    return out


def _path(segments: list[Segment], origin: int, cell: int) -> str:
    parts = []
    for seg in segments:
        x0, y0, x1, y1 = scale(seg, origin, origin, cell)
        parts.append(f"M{x0:g} {y0:g}V{y1:g}" if x0 == x1 else f"M{x0:g} {y0:g}H{x1:g}")
    return "".join(parts)


def _grid_lines(lines: Outline, origin: int, cell: int, thick: int, palette: Palette) -> list[str]:
    """Two paths: the thin lines inside regions, then the thick ones between regions and
    round the board (square caps close their corners)."""

    def by_line(seg: Segment) -> tuple[float, bool, float]:  # each line's vertical, then horizontal
        vertical = seg[0] == seg[2]
        return (seg[0] if vertical else seg[1], not vertical, seg[1] if vertical else seg[0])

    def by_direction(seg: Segment) -> tuple[bool, float, float]:  # verticals, then horizontals
        vertical = seg[0] == seg[2]
        return (not vertical, seg[0] if vertical else seg[1], seg[1] if vertical else seg[0])

    thin = _path(sorted(lines.thin, key=by_line), origin, cell)
    heavy = _path(sorted(lines.thick + lines.border, key=by_direction), origin, cell)
    return [
        f'<path d="{thin}" stroke="{palette.cell_line}" stroke-width="1"/>',
        f'<path d="{heavy}" stroke="{palette.box_line}" stroke-width="{thick}" '
        'stroke-linecap="square" fill="none"/>',
    ]


def board_svg(
    grid: Grid,
    *,
    solution: Grid | None = None,
    candidates: bool = False,
    cell_size: int | None = None,
    palette: Palette = PALETTE,
) -> str:
    """The SVG text of a puzzle: givens, optionally the solution or the candidates."""
    view = view_of_grid(grid, solution=solution, candidates=candidates)
    return view_svg(view, cell_size or default_cell_size(grid.size), palette)
