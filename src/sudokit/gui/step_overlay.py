"""A logical step drawn on the game's board: the hint's last stage, and the watched
human solver's step as it happens.

The picture is the model every front end draws (:class:`~sudokit.render.steps.StepPicture`),
laid out once as shapes in pixels by :func:`~sudokit.render.step_art.board_prims`, the same
shapes the SVG and PNG pictures are made of. This module only strokes them with pygame, in
three layers that :func:`~sudokit.gui.board.draw_board` lays between its own:

- ``under``: the units' tints, the cover units' hatching and the candidates' marks (discs,
  squares, rings), under the grid lines;
- ``links``: the chain's links and grouped nodes, over the lines and under the digits;
- ``over``: the candidates of the cells the step is about (drawn even where the player keeps
  no notes), the eliminated ones struck out, then the frames (pivot, pincers, fins, sets).

A cell that holds a digit on the board now (a step being played in the watch window)
shows neither candidates nor marks.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import pygame

from ..render.palette import hex_rgb
from ..render.step_art import (
    COLOURS,
    STEP_TAG,
    Box,
    Disc,
    Label,
    Poly,
    StepColours,
    board_prims,
)
from ..render.step_write import dashed
from ..render.steps import StepPicture
from .board import note_layout
from .layout import BoardGeometry
from .theme import Color, Theme, fonts

__all__ = ["LAYERS", "Layer", "StepOverlay", "involved_cells", "step_overlay"]

Layer = Literal["under", "links", "over"]
LAYERS: tuple[Layer, ...] = ("under", "links", "over")

#: Colour names of a candidate's small digit in the pictures.
_CANDIDATE_INKS = frozenset({"candidate", "ink", "elim_ink", "place_ink"})
#: Colour names of the grid's lines: the shapes after the first of them are over the lines.
_LINE_INKS = frozenset({"cell_line", "box_line"})

Prim = Box | Disc | Poly | Label


def involved_cells(picture: StepPicture) -> frozenset[int]:
    """The empty cells a step is about: a role in it, a marked candidate, a chain's node.
    Their candidates are drawn with the step even where the player keeps no notes."""
    cells = {c.cell for c in picture.cells if c.roles}
    cells.update(m.cell for m in picture.marks)
    for node in picture.nodes():
        cells.update(node.cells)
    return frozenset(c for c in cells if not picture.cells[c].value)


@dataclass(frozen=True, slots=True)
class StepOverlay:
    """A step's picture to lay on a board (see the module's doc). ``digits``: the board's
    digits now, when they differ from the picture's (the step is being played)."""

    picture: StepPicture
    colours: StepColours
    digits: tuple[int, ...] | None = None

    @property
    def cells(self) -> frozenset[int]:
        """The cells whose candidates the overlay draws (the board leaves their notes out)."""
        cells = involved_cells(self.picture)
        if self.digits is None:
            return cells
        return frozenset(c for c in cells if not self.digits[c])

    def notes_under(self, notes: Sequence[int] | None) -> list[int] | None:
        """The board's notes with the overlay's cells left empty (it draws those)."""
        if notes is None:
            return None
        mine = self.cells
        return [0 if c in mine else k for c, k in enumerate(notes)]

    def draw(self, surface: pygame.Surface, geo: BoardGeometry, layer: str) -> None:
        """Stroke ``layer``'s shapes on a board drawn at ``geo``."""
        if layer not in LAYERS:
            raise ValueError(f"no overlay layer {layer!r} (the layers are {', '.join(LAYERS)})")
        shapes = _layers(self.picture, geo.rect.x, geo.rect.y, geo.cell)[LAYERS.index(layer)]
        full = self._full_cells()
        # Candidates at the size of the board's notes where they have room: the cells the
        # step is about read like the others.
        positional, note_px, _, _ = note_layout(geo.cell, self.picture.shape)
        positional = positional and not self.picture.rules.cages  # caged: the picture's own
        for prim, cell in shapes:
            if cell is not None and cell in full:
                continue
            if isinstance(prim, Label) and cell is not None and positional:
                _label(surface, prim, self.colours, min(note_px, round(prim.size * 1.25)))
            else:
                _stroke(surface, prim, self.colours)

    def _full_cells(self) -> frozenset[int]:
        if self.digits is None:
            return frozenset()
        return frozenset(
            c for c, v in enumerate(self.digits) if v and not self.picture.cells[c].value
        )


def step_overlay(
    picture: StepPicture, theme: Theme, digits: Sequence[int] | None = None
) -> StepOverlay:
    """The overlay of ``picture`` in the colours of the game's ``theme`` (light or dark)."""
    colours = COLOURS["dark" if theme.name == "dark" else "light"]
    return StepOverlay(picture, colours, None if digits is None else tuple(digits))


# --- the shapes, by layer --------------------------------------------------------------


@lru_cache(maxsize=8)
def _layers(
    picture: StepPicture, x0: int, y0: int, cell: int
) -> tuple[tuple[tuple[Prim, int | None], ...], ...]:
    """The picture's shapes on a board at ``(x0, y0)`` with ``cell`` px cells, split into
    the three layers; each shape with the cell it belongs to (None: it spans cells).

    The board's own shapes (its background, lines, cages, digits) are left out: the game
    draws those. The step's shapes are taken in the picture's order: those before the grid
    lines go under them, those after the lines and before the digits are the links, the
    rest go over; the candidates of the involved cells go over with them."""
    n = picture.n
    mine = involved_cells(picture)
    out: tuple[list[tuple[Prim, int | None]], ...] = ([], [], [])
    phase = 0

    def cell_at(x: float, y: float) -> int | None:
        col, row = math.floor((x - x0) / cell), math.floor((y - y0) / cell)
        if 0 <= row < n and 0 <= col < n:
            return row * n + col
        return None

    for prim in board_prims(picture, x0, y0, cell):
        if isinstance(prim, Poly) and prim.stroke in _LINE_INKS and prim.tag != STEP_TAG:
            phase = max(phase, 1)
            continue
        if isinstance(prim, Label) and prim.tag != STEP_TAG and prim.backdrop is None:
            phase = 2  # the digits and candidates: what follows is over them
            if prim.fill in _CANDIDATE_INKS:
                c = cell_at(prim.x, prim.y)
                if c is not None and c in mine:
                    out[2].append((prim, c))
            continue
        if prim.tag != STEP_TAG:
            continue
        out[phase].append((prim, _own_cell(prim, cell_at, cell)))
    return tuple(tuple(layer) for layer in out)


def _own_cell(prim: Prim, cell_at: Callable[[float, float], int | None], cell: int) -> int | None:
    """The cell a candidate's mark or strike is in (None for shapes over several cells:
    tints and frames are whole cells, and stay)."""
    if isinstance(prim, Disc):
        return cell_at(prim.cx, prim.cy)
    if isinstance(prim, Box) and prim.fill and prim.x1 - prim.x0 < cell * 0.6:
        return cell_at((prim.x0 + prim.x1) / 2, (prim.y0 + prim.y1) / 2)
    if isinstance(prim, Poly) and prim.stroke == "elim_ink" and len(prim.points) == 2:
        (ax, ay), (bx, by) = prim.points
        return cell_at((ax + bx) / 2, (ay + by) / 2)
    return None


# --- stroking ----------------------------------------------------------------------------


def _rgb(colours: StepColours, name: str) -> Color:
    return hex_rgb(getattr(colours, name))


def _stroke(surface: pygame.Surface, prim: Prim, colours: StepColours) -> None:
    if isinstance(prim, Box):
        _box(surface, prim, colours)
    elif isinstance(prim, Disc):
        centre = (prim.cx, prim.cy)
        if prim.fill:
            pygame.draw.aacircle(surface, _rgb(colours, prim.fill), centre, prim.r)
        if prim.stroke:
            w = max(1, round(prim.width))
            pygame.draw.aacircle(
                surface, _rgb(colours, prim.stroke), centre, prim.r + prim.width / 2, w
            )
    elif isinstance(prim, Poly):
        _poly(surface, prim, colours)
    else:
        _label(surface, prim, colours)


def _box(surface: pygame.Surface, b: Box, colours: StepColours) -> None:
    rect = pygame.Rect(round(b.x0), round(b.y0), round(b.x1 - b.x0), round(b.y1 - b.y0))
    radius = round(b.radius) if b.radius else -1
    if b.fill:
        pygame.draw.rect(surface, _rgb(colours, b.fill), rect, border_radius=radius)
    if not b.stroke:
        return
    colour = _rgb(colours, b.stroke)
    w = max(1, round(b.width))
    if b.dash:
        corners = [(b.x0, b.y0), (b.x1, b.y0), (b.x1, b.y1), (b.x0, b.y1), (b.x0, b.y0)]
        for start, end in dashed(corners, *b.dash):
            pygame.draw.line(surface, colour, start, end, w)
        return
    # The pictures centre a stroke on the box's edge; pygame strokes inside the rectangle.
    outer = rect.inflate(w - 1, w - 1) if w > 1 else rect
    pygame.draw.rect(surface, colour, outer, w, border_radius=radius)


def _poly(surface: pygame.Surface, p: Poly, colours: StepColours) -> None:
    points = list(p.points)
    if p.closed and p.fill:
        pygame.draw.polygon(surface, _rgb(colours, p.fill), points)
        pygame.draw.aalines(surface, _rgb(colours, p.stroke or p.fill), True, points)
        return
    if not p.stroke:
        return
    colour = _rgb(colours, p.stroke)
    if p.closed:
        points.append(points[0])
    w = max(1.0, p.width)
    if p.dash:
        for start, end in dashed(points, *p.dash):
            pygame.draw.aaline(surface, colour, start, end, max(1, round(w)))
        return
    for start, end in itertools.pairwise(points):
        pygame.draw.aaline(surface, colour, start, end, max(1, round(w)))
    if w >= 2 and len(points) > 2:  # round joints: no notch where a curve bends
        for x, y in points[1:-1]:
            pygame.draw.aacircle(surface, colour, (x, y), w / 2)


def _label(
    surface: pygame.Surface, t: Label, colours: StepColours, size: int | None = None
) -> None:
    f = fonts()
    size = max(7, round(t.size if size is None else size))
    glyph = f.render(t.text, size, _rgb(colours, t.fill), t.bold)
    font = f.font(size, t.bold)
    metrics = font.metrics("8")[0]
    cap = metrics[3] if metrics is not None else size * 0.73
    top = round(t.y - font.get_ascent() + cap / 2)  # the ink's middle on t.y, as the board's notes
    if t.anchor == "start":
        spot = glyph.get_rect(left=round(t.x), top=top)
    else:
        spot = glyph.get_rect(centerx=round(t.x), top=top)
    if t.backdrop:
        pygame.draw.rect(surface, _rgb(colours, t.backdrop), spot.inflate(2, -2))
    surface.blit(glyph, spot)
