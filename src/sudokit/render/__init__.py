"""Pictures of boards: PNG and SVG stills, and GIFs of a traced solve.

Pillow is imported only when a PNG or GIF is made (``import sudokit.render`` stays light,
and the SVG writer needs nothing but the standard library).

- :func:`render_png` — a clean printable board: givens, optionally the solution or the
  candidates;
- :func:`render_svg` — the same picture as plain SVG text;
- :func:`render_gif` — an animation of a watched algorithm, length bounded by skipping
  steps evenly.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..grid import Grid

if TYPE_CHECKING:
    from .animation import GifInfo

PathLike = str | os.PathLike[str]


def _solution(grid: Grid, solution: Grid | bool | None) -> Grid | None:
    if solution is True:
        from ..solvers import solve

        return solve(grid)
    if solution is False or solution is None:
        return None
    return solution


def render_png(
    grid: Grid,
    path: PathLike,
    *,
    solution: Grid | bool | None = None,
    candidates: bool = False,
    cell_size: int | None = None,
) -> None:
    """Write a PNG of ``grid``: givens in ink; ``solution`` (a grid, or True to solve)
    fills the other cells in blue; ``candidates`` draws what each empty cell allows."""
    from .picture import board_image, save_png

    image = board_image(
        grid, solution=_solution(grid, solution), candidates=candidates, cell_size=cell_size
    )
    save_png(image, path)


def render_svg(
    grid: Grid,
    path: PathLike | None = None,
    *,
    solution: Grid | bool | None = None,
    candidates: bool = False,
    cell_size: int | None = None,
) -> str:
    """The SVG text of the same picture as :func:`render_png`; written to ``path`` if given."""
    from .svg import board_svg

    text = board_svg(
        grid, solution=_solution(grid, solution), candidates=candidates, cell_size=cell_size
    )
    if path is not None:
        from ..files import write_text

        write_text(path, text)
    return text


def render_gif(
    grid: Grid,
    algorithm: str | Sequence[str],
    path: PathLike,
    *,
    fps: float = 8,
    max_frames: int = 240,
    max_steps: int | None = None,
    candidates: bool = True,
    cell_size: int | None = None,
    progress: Callable[[str, int, int | None], None] | None = None,
) -> GifInfo:
    """Animate ``algorithm`` (or several, side by side in lock-step) solving ``grid``.

    The trace is run once to count its steps, then ``max_frames`` or fewer frames are
    drawn at evenly spaced steps (every step when there are few enough); the last frame
    is held. ``max_steps`` stops long traces early. ``progress`` hears
    ``(what, done, total)`` as the work goes (for a progress display).
    """
    from .animation import write_gif

    return write_gif(
        grid,
        [algorithm] if isinstance(algorithm, str) else list(algorithm),
        path,
        fps=fps,
        max_frames=max_frames,
        max_steps=max_steps,
        candidates=candidates,
        cell_size=cell_size,
        progress=progress,
    )


__all__ = ["render_gif", "render_png", "render_svg"]
