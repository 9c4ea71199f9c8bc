"""What a board picture shows, and in which colours: shared by PNG, SVG and GIF.

The colours are :mod:`sudokit.render.palette`'s, the game's and the watch window's too.

Nothing here draws: :class:`PictureView` is a plain description (digits, how each got
there, candidates, the focused cell, the last event's mark) built from a puzzle or from a
:class:`~sudokit.watch.Replay`; the writers turn it into pixels or SVG text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..geometry import Rules, Shape
from ..grid import Grid
from ..watch import (
    EMPTY,
    FORCED,
    GIVEN,
    GUESSED,
    Backtrack,
    Contradiction,
    Eliminate,
    Place,
    Replay,
    Try,
)
from .palette import PALETTE, RGB, Palette, hex_rgb

#: Origin of a digit drawn as part of a shown solution (after EMPTY..GUESSED).
SOLUTION = 4

Mark = Literal["guess", "forced", "backtrack", "contradiction", "eliminate", "try"]


@dataclass(frozen=True, slots=True)
class PictureView:
    """Everything one picture of a board shows.

    - ``values``/``origin``: digits and how each got there (``GIVEN``, ``FORCED``,
      ``GUESSED``, ``SOLUTION``, or ``EMPTY``);
    - ``candidates``: masks drawn small in empty cells (None: no candidates);
    - ``focus``: outlined cell; ``focus_unit``: tinted unit; ``tried``: (cell, digit)
      drawn in the trial colour;
    - ``mark``: the last event's kind and cell, for its fill colour; ``struck``: a
      candidate just eliminated (cell, digit), drawn struck out;
    - ``rules``: the rules the board is drawn under (regions, diagonals, shaded windows);
      None: the shape's classic rules.
    """

    shape: Shape
    values: Sequence[int]
    origin: Sequence[int]
    candidates: Sequence[int] | None = None
    focus: int | None = None
    focus_unit: int | None = None
    tried: tuple[int, int] | None = None
    mark: tuple[Mark, int] | None = None
    struck: tuple[int, int] | None = None
    rules: Rules | None = None


def view_of_grid(
    grid: Grid, *, solution: Grid | None = None, candidates: bool = False
) -> PictureView:
    """A still picture of a puzzle: givens, optionally the solution or the candidates."""
    values = list(grid.cells)
    origin = [GIVEN if v else EMPTY for v in values]
    if solution is not None:
        for cell, v in enumerate(solution.cells):
            if not values[cell]:
                values[cell], origin[cell] = v, SOLUTION
    masks = Grid(grid.rules, values).candidates() if candidates else None
    return PictureView(grid.shape, values, origin, masks, rules=grid.rules)


def view_of_replay(replay: Replay, *, candidates: bool = True) -> PictureView:
    """The picture of where a trace has got to (``candidates`` where the algorithm has them)."""
    mark: tuple[Mark, int] | None = None
    struck: tuple[int, int] | None = None
    last = replay.last
    if isinstance(last, Place):
        mark = ("guess" if last.guess else "forced", last.cell)
    elif isinstance(last, Backtrack):
        mark = ("backtrack", last.cell)
    elif isinstance(last, Contradiction) and last.cell is not None:
        mark = ("contradiction", last.cell)
    elif isinstance(last, Eliminate):
        mark = ("eliminate", last.cell)
        struck = (last.cell, last.digit)
    elif isinstance(last, Try):
        mark = ("try", last.cell)
    tried = replay.tried
    if isinstance(last, Backtrack):  # show what was taken back, in the warning colour
        tried = (last.cell, last.digit)
    return PictureView(
        replay.shape,
        tuple(replay.values),
        tuple(replay.origin),
        replay.candidates() if candidates else None,
        replay.focus,
        replay.focus_unit,
        tried,
        mark,
        struck,
        rules=replay.grid.rules,
    )


__all__ = [
    "EMPTY",
    "FORCED",
    "GIVEN",
    "GUESSED",
    "PALETTE",
    "RGB",
    "SOLUTION",
    "Palette",
    "PictureView",
    "hex_rgb",
    "view_of_grid",
    "view_of_replay",
]
