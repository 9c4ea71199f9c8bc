"""Pictures of steps for the logic commands: ``hint --png/--svg`` and ``explain
--html/--svg``.

A PUZZLE argument may carry more than givens (a pencil-mark grid, a HoDoKu library line,
f-puzzles centre marks): the picture then starts from its placed digits and candidates,
as the hint and the explanation do.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..errors import ParseError
from ..formats import Position, parse_position
from ..grid import Grid
from ..logic.candidates import State
from ._io import F


def _position(text: str, grid: Grid) -> Grid | Position:
    """``grid`` (the PUZZLE read under the rules asked for), or the position its text
    gives when it has placed digits or candidates."""
    try:
        position = parse_position(text)
    except ParseError:  # a picture that parse reads as one
        return grid
    if position.placed is None and position.candidates is None:
        return grid
    placed = Grid(grid.rules, position.current.cells)
    return Position(grid, placed if placed != grid else None, position.candidates)


def _start(puzzle: Grid | Position) -> tuple[Grid, Grid, State]:
    """The givens, the board and the candidate state a step is found on."""
    if isinstance(puzzle, Grid):
        return puzzle, puzzle, State.from_grid(puzzle)
    current = puzzle.current
    allowed = current.candidates()
    given = puzzle.candidates
    if given is None:
        return puzzle.givens, current, State(current.rules, current.cells, allowed)
    cands = [0 if v else a & k for v, a, k in zip(current.cells, allowed, given, strict=True)]
    return puzzle.givens, current, State(current.rules, current.cells, cands)


def write_hint_picture(
    text: str,
    grid: Grid,
    *,
    png: str | None,
    svg: str | None,
    theme: str,
    max_seconds: float | None,
) -> str | None:
    """Draw the hint's step to ``png`` and/or ``svg``; what to say instead when the hint
    is not a step (solved, a mistake, stuck), else None."""
    from ..logic import hint
    from ..render.step_write import step_svg, write_png
    from ..render.steps import step_picture

    puzzle = _position(text, grid)
    givens, current, state = _start(puzzle)
    answer = hint(puzzle, max_seconds=max_seconds)
    if answer is None:
        return "the grid is already solved: no picture written"
    if answer.step is None:
        return f"the hint is not a logical step ({answer.kind}): no picture written"
    picture = step_picture(current, state.cands, answer.step, givens=givens)
    if svg is not None:
        from ..files import write_text

        write_text(svg, step_svg(picture, theme=theme))  # type: ignore[arg-type]
    if png is not None:
        write_png(picture, png, theme=theme)
    return None


def write_explanation_pictures(
    text: str,
    grid: Grid,
    *,
    html: str | None,
    svg_dir: str | None,
    theme: str,
    max_seconds: float | None,
) -> int:
    """Explain the puzzle again, keeping each step's candidates, and write the page and/or
    one SVG per step (``step-001.svg``...); the number of steps drawn."""
    from ..files import write_text
    from ..logic import explain
    from ..render.explain_html import explanation_html, explanation_pictures
    from ..render.step_write import step_svg

    expl = explain(_position(text, grid), keep_states=True, max_seconds=max_seconds)
    if html is not None:
        write_text(html, explanation_html(expl))
    if svg_dir is not None:
        folder = Path(svg_dir)
        if folder.exists() and not folder.is_dir():
            raise click.UsageError(f"--svg {svg_dir}: not a directory")
        os.makedirs(folder, exist_ok=True)
        pictures = explanation_pictures(expl)
        width = max(3, len(str(len(pictures))))
        for i, picture in enumerate(pictures, start=1):
            name = folder / f"step-{i:0{width}d}.svg"
            write_text(name, step_svg(picture, theme=theme))  # type: ignore[arg-type]
    return len(expl.steps)


_THEME = click.option(
    "--theme",
    type=click.Choice(["light", "dark", "grey"]),
    default="light",
    show_default=True,
    help="Colours of the pictures: light, dark, or grey (greyscale print).",
)


def hint_picture_options(func: F) -> F:
    """``--png FILE``, ``--svg FILE`` and ``--theme`` of ``hint``."""
    func = _THEME(func)
    func = click.option(
        "--svg",
        "svg_file",
        type=click.Path(dir_okay=False, writable=True),
        default=None,
        metavar="FILE",
        help="Also draw the step on the candidate grid as an SVG picture.",
    )(func)
    return click.option(
        "--png",
        "png_file",
        type=click.Path(dir_okay=False, writable=True),
        default=None,
        metavar="FILE",
        help="Also draw the step on the candidate grid as a PNG picture (needs Pillow).",
    )(func)


def explain_picture_options(func: F) -> F:
    """``--html FILE``, ``--svg DIR`` and ``--theme`` of ``explain``."""
    func = _THEME(func)
    func = click.option(
        "--svg",
        "svg_dir",
        type=click.Path(file_okay=False),
        default=None,
        metavar="DIR",
        help="Also draw every step as an SVG picture in DIR (step-001.svg, ...).",
    )(func)
    return click.option(
        "--html",
        "html_file",
        type=click.Path(dir_okay=False, writable=True),
        default=None,
        metavar="FILE",
        help="Also write the explanation as one offline HTML page, every step drawn.",
    )(func)


__all__ = [
    "explain_picture_options",
    "hint_picture_options",
    "write_explanation_pictures",
    "write_hint_picture",
]
