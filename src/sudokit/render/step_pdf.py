"""The learner's pages of a PDF book: each puzzle's steps beyond singles, drawn.

``sudokit print --explained`` adds, after the solutions, the explanation of every puzzle:
its steps that are more than a single (a full house, hidden or naked single), each as the
candidate grid before the step with the step drawn on it (the model of
:mod:`sudokit.render.steps`, the shapes of :mod:`sudokit.render.step_art`, stroked here
on the reportlab canvas) and, beside it, the step's name, sentence and legend. Three
steps to a page, in the light colours, whose roles also differ by shape (a greyscale
printer keeps them apart).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..grid import Grid
from .step_art import (
    AFTER_TAG,
    COLOURS,
    Box,
    Disc,
    Label,
    Poly,
    Scene,
    StepColours,
    scene,
    swatch_prims,
)
from .steps import StepPicture

#: Techniques a learner's book leaves out: the singles.
SINGLES = frozenset({"full_house", "hidden_single", "naked_single"})

#: Steps drawn on one page of the explained solutions.
STEPS_PER_PAGE = 3


def _rgb(colour: str) -> tuple[float, float, float]:
    return (int(colour[1:3], 16) / 255, int(colour[3:5], 16) / 255, int(colour[5:7], 16) / 255)


def draw_scene(
    c: Any,
    sc: Scene,
    x: float,
    y_top: float,
    scale: float,
    fonts: tuple[str, str],
    colours: StepColours = COLOURS["light"],
) -> None:
    """Stroke ``sc`` on the canvas ``c`` with its top-left corner at ``(x, y_top)`` (PDF
    points, y upwards), ``scale`` points per scene pixel."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    def px(v: float) -> float:
        return x + v * scale

    def py(v: float) -> float:
        return y_top - v * scale

    def paint(fill: str | None, stroke: str | None, width: float) -> tuple[int, int]:
        if fill:
            c.setFillColorRGB(*_rgb(getattr(colours, fill)))
        if stroke:
            c.setStrokeColorRGB(*_rgb(getattr(colours, stroke)))
            c.setLineWidth(max(0.3, width * scale))
        return (1 if stroke else 0, 1 if fill else 0)

    regular, bold = fonts
    for p in sc.prims:
        if p.tag == AFTER_TAG:
            continue
        if isinstance(p, Box):
            stroke, fill = paint(p.fill, p.stroke, p.width)
            c.setDash(*(v * scale for v in p.dash)) if p.dash else c.setDash()
            w, h = (p.x1 - p.x0) * scale, (p.y1 - p.y0) * scale
            if p.radius:
                c.roundRect(px(p.x0), py(p.y1), w, h, p.radius * scale, stroke=stroke, fill=fill)
            else:
                c.rect(px(p.x0), py(p.y1), w, h, stroke=stroke, fill=fill)
        elif isinstance(p, Disc):
            stroke, fill = paint(p.fill, p.stroke, p.width)
            c.setDash()
            c.circle(px(p.cx), py(p.cy), p.r * scale, stroke=stroke, fill=fill)
        elif isinstance(p, Poly):
            stroke, fill = paint(p.fill, p.stroke, p.width)
            c.setDash(*(v * scale for v in p.dash)) if p.dash else c.setDash()
            c.setLineCap(1 if len(p.points) > 2 else 2)
            path = c.beginPath()
            path.moveTo(px(p.points[0][0]), py(p.points[0][1]))
            for vx, vy in p.points[1:]:
                path.lineTo(px(vx), py(vy))
            if p.closed:
                path.close()
            c.drawPath(path, stroke=stroke, fill=fill)
        elif isinstance(p, Label):
            c.setDash()
            size = p.size * scale
            font = bold if p.bold else regular
            width = stringWidth(p.text, font, size)
            left = px(p.x) if p.anchor == "start" else px(p.x) - width / 2
            base = py(p.y) - size * 0.36
            if p.backdrop:
                c.setFillColorRGB(*_rgb(getattr(colours, p.backdrop)))
                c.rect(left - 1, base - size * 0.2, width + 2, size * 1.1, stroke=0, fill=1)
            c.setFillColorRGB(*_rgb(getattr(colours, p.fill)))
            c.setFont(font, size)
            c.drawString(left, base, p.text)
    c.setDash()
    c.setLineCap(0)


def beyond_singles(puzzle: Grid, max_seconds: float | None = 30.0) -> list[tuple[int, StepPicture]]:
    """The steps of ``puzzle``'s logical path that are not singles, numbered in the path,
    with their pictures."""
    from ..logic import explain
    from .explain_html import explanation_pictures

    expl = explain(puzzle, keep_states=True, max_seconds=max_seconds)
    pictures = explanation_pictures(expl)
    return [
        (i, picture)
        for i, (step, picture) in enumerate(zip(expl.steps, pictures, strict=True), start=1)
        if step.technique not in SINGLES
    ]


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines: list[str] = []
    line = ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if line and stringWidth(joined, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = joined
    if line:
        lines.append(line)
    return lines


def draw_step(
    c: Any,
    picture: StepPicture,
    heading: str,
    x: float,
    y_top: float,
    width: float,
    height: float,
    fonts: tuple[str, str],
) -> None:
    """One step in a box of ``width × height`` points below ``y_top``: the board on the
    left, the heading, sentence and legend on the right (the legend cut to fit)."""
    regular, bold = fonts
    board = scene(picture, cell=40, title=False, legend=False)
    side = min(height, width * 0.5)
    scale = side / max(board.width, board.height)
    draw_scene(c, board, x, y_top, scale, fonts)
    left = x + side + 12
    room = width - side - 12
    colours = COLOURS["light"]
    c.setFillColorRGB(*_rgb(colours.text))
    y = y_top - 12
    c.setFont(bold, 10.5)
    for line in _wrap(heading, bold, 10.5, room):
        c.drawString(left, y, line)
        y -= 13
    y -= 2
    text = picture.text
    if text.startswith(picture.name + ": "):
        text = text[len(picture.name) + 2 :]
        text = text[:1].upper() + text[1:]
    size = 8.5
    bottom = y_top - height
    for line in _wrap(text, regular, size, room):
        if y < bottom + size:
            break
        c.setFillColorRGB(*_rgb(colours.text))
        c.setFont(regular, size)
        c.drawString(left, y, line)
        y -= size * 1.3
    y -= 4
    sets = 0
    swatch = 9.0
    for entry in picture.legend:
        lines = _wrap(entry.text, regular, 7.5, room - swatch - 5)
        if y - 9.5 * len(lines) < bottom:
            break
        mini = Scene(swatch, swatch, tuple(swatch_prims(entry.role, 0, 0, swatch, picture, sets)))
        sets += entry.role in ("set", "branch")
        draw_scene(c, mini, left, y + 7.5, 1.0, fonts)
        c.setFillColorRGB(*_rgb(colours.text))
        c.setFont(regular, 7.5)
        for line in lines:
            c.drawString(left + swatch + 5, y, line)
            y -= 9.5
        y -= 1.5


def explained_pages(
    new_page: Callable[[str], None],
    c: Any,
    kept: Sequence[tuple[int, Grid]],
    area: tuple[float, float, float, float],
    heading: str,
    fonts: tuple[str, str],
    tick: Callable[[], None] | None = None,
) -> None:
    """The explained solutions of ``kept`` (number, puzzle) pairs, ``STEPS_PER_PAGE`` to a
    page within ``area`` = (left, bottom, right, top) points; a puzzle solved by singles
    alone says so in a line."""
    left, bottom, right, top = area
    gap = 14.0
    slot = (top - bottom - gap * (STEPS_PER_PAGE - 1)) / STEPS_PER_PAGE
    on_page = STEPS_PER_PAGE
    for number, puzzle in kept:
        steps = beyond_singles(puzzle)
        if not steps:
            if on_page >= STEPS_PER_PAGE:
                new_page(heading)
                on_page = 0
            y = top - on_page * (slot + gap) - 12
            c.setFillColorRGB(*_rgb(COLOURS["light"].text))
            c.setFont(fonts[0], 10)
            c.drawString(left, y, f"Puzzle {number}: singles alone solve it.")
            on_page += 1
            continue
        for i, picture in steps:
            if on_page >= STEPS_PER_PAGE:
                new_page(heading)
                on_page = 0
            y_top = top - on_page * (slot + gap)
            rating = f" ({picture.rating:g})" if picture.rating else ""
            draw_step(
                c,
                picture,
                f"Puzzle {number}, step {i}: {picture.name}{rating}",
                left,
                y_top,
                right - left,
                slot,
                fonts,
            )
            on_page += 1
        if tick is not None:
            tick()


__all__ = [
    "SINGLES",
    "STEPS_PER_PAGE",
    "beyond_singles",
    "draw_scene",
    "draw_step",
    "explained_pages",
]
