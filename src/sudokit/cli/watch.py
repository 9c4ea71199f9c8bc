"""``sudokit watch``: animate solving algorithms, or export/summarise their traces."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from ..errors import ParseError
from ..files import check_writable
from ..formats import parse, read_puzzles
from ..grid import Grid
from ..watch import (
    ALGORITHMS,
    DEFAULT_MAX_STEPS,
    Summary,
    algorithms,
    default_max_steps,
    get_algorithm,
    run,
)
from ._io import missing_file, stderr_is_terminal

#: The board of the classic backtracking tutorials: the puzzle shown when none is given.
TUTORIAL = "78.4..12.6...75..9...6.1.78..7.4.26...1.5.93.9.4.6...5.7.3...1212...74...492.6..7"


def _puzzle(text: str | None) -> Grid:
    """A puzzle from the argument: its text, a file (first puzzle), ``-`` for stdin."""
    if text is None:
        return parse(TUTORIAL)
    try:
        if text == "-":
            return parse(sys.stdin.read())
        path = Path(text)
        if _is_file(path):
            for record in read_puzzles(path):
                if record.grid is not None:
                    return record.grid
                raise click.BadParameter(f"{text}: {record.error}", param_hint="PUZZLE")
            raise click.BadParameter(f"{text}: no puzzle in the file", param_hint="PUZZLE")
        return parse(text)
    except ParseError as e:
        raise click.BadParameter(missing_file(text or "") or str(e), param_hint="PUZZLE") from None


def _is_file(path: Path) -> bool:
    """Whether ``path`` names a file; False for text no file name can be (a 16×16
    puzzle is longer than a file name may be, which ``stat`` reports as an error)."""
    try:
        return path.is_file()
    except OSError:
        return False


def _algorithms(algorithm: str, compare: str | None) -> list[str]:
    names = [a.strip() for a in compare.split(",") if a.strip()] if compare else [algorithm]
    for name in names:
        try:
            get_algorithm(name)
        except ValueError as e:
            hint = "--compare" if compare else "--algorithm"
            raise click.BadParameter(str(e), param_hint=hint) from None
    return names


def _speed(value: str) -> float:
    """Steps per second; ``max`` means as fast as the screen draws."""
    if value.lower() == "max":
        return float("inf")
    try:
        speed = float(value)
    except ValueError:
        raise click.BadParameter(
            f"{value!r} is not a number of steps per second (or 'max')", param_hint="--speed"
        ) from None
    if not speed > 0:
        raise click.BadParameter("must be positive", param_hint="--speed")
    return speed


def _summary_text(summary: Summary) -> str:
    c = summary.counters
    title = get_algorithm(summary.algorithm).title
    rows = [
        ("algorithm", f"{summary.algorithm} ({title})"),
        ("steps", f"{c.steps:,}"),
        ("tries", f"{c.tries:,}"),
        ("placements", f"{c.placements:,}"),
        ("backtracks", f"{c.backtracks:,}"),
        ("guesses", f"{c.guesses:,}"),
        ("eliminations", f"{c.eliminations:,}"),
        ("max depth", f"{c.max_depth:,}"),
        ("solved", "yes" if summary.solved else "no" if summary.finished else "stopped early"),
    ]
    if summary.solution is not None:
        rows.append(("solution", str(summary.solution)))
    return "\n".join(f"{k:<13}{v}" for k, v in rows)


@contextmanager
def _terminal_progress() -> Iterator[Callable[[str, int, int | None], None] | None]:
    """A live progress line on stderr when it is a terminal: the callback hears
    ``(what, done, total or None)``; None where nobody watches (a pipe, a file)."""
    if not stderr_is_terminal():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, SpinnerColumn, TaskID, TextColumn

    tasks: dict[str, TaskID] = {}
    with Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed:,}"),
        console=Console(stderr=True),
        transient=True,
    ) as bar:

        def report(what: str, done: int, total: int | None) -> None:
            if what not in tasks:
                tasks[what] = bar.add_task(what, total=total)
            bar.update(tasks[what], completed=done)

        yield report


def _run_counted(grid: Grid, name: str, limit: int | None) -> Summary:
    """:func:`~sudokit.watch.run`, with a live count of steps on a terminal."""
    with _terminal_progress() as report:
        if report is None:
            return run(grid, name, max_steps=limit)
        report(f"{name} steps", 0, limit)
        return run(
            grid, name, max_steps=limit, progress=lambda n: report(f"{name} steps", n, limit)
        )


@click.command(short_help="Watch algorithms solve a puzzle step by step, or make a GIF.")
@click.argument("puzzle", required=False)
@click.option(
    "-a",
    "--algorithm",
    default="propagation",
    show_default=True,
    metavar="NAME",
    help=f"The algorithm to watch: {', '.join(ALGORITHMS)}.",
)
@click.option(
    "--compare",
    metavar="A,B",
    help="Several algorithms side by side in lock-step (comma-separated names).",
)
@click.option(
    "--gif",
    "gif",
    type=click.Path(),
    help="Write an animated GIF instead of opening a window.",
)
@click.option(
    "--fps",
    type=click.FloatRange(min=0.1),
    default=8,
    show_default=True,
    help="Frames per second of the GIF.",
)
@click.option(
    "--max-frames",
    type=click.IntRange(min=2),
    default=240,
    show_default=True,
    help="Longest GIF; steps are skipped evenly to fit.",
)
@click.option("--summary", is_flag=True, help="Print the counters as text; draw nothing.")
@click.option("--json", "as_json", is_flag=True, help="Print the counters as one JSON object.")
@click.option(
    "--speed",
    default="4",
    show_default=True,
    help="Steps per second in the window (or 'max'); change it live with + and -.",
)
@click.option(
    "--max-steps",
    type=click.IntRange(min=0),
    help=f"Stop a trace after this many steps; without a window the default is "
    f"{DEFAULT_MAX_STEPS:,} ({default_max_steps(16):,} on 16×16; 0: no limit), so naive "
    "on a hard puzzle stops and says so.",
)
@click.option(
    "--candidates/--no-candidates",
    default=True,
    show_default=True,
    help="Draw candidates where the algorithm keeps them.",
)
def watch(
    puzzle: str | None,
    algorithm: str,
    compare: str | None,
    gif: str | None,
    fps: float,
    max_frames: int,
    summary: bool,
    as_json: bool,
    speed: str,
    max_steps: int | None,
    candidates: bool,
) -> None:
    """Watch algorithms solve PUZZLE step by step (the tutorial's board by default).

    PUZZLE is the puzzle's text (81 symbols for 9×9, '.' or '0' for empty), a file (its
    first puzzle) or '-' for standard input. Algorithms: naive (the classic tutorial),
    mrv, propagation, dlx and human (the logic techniques, step by step).

    In the window: Space play/pause, Right step, Left step back, Up/Down speed, R
    restart, A algorithm, N new puzzle, V paste a puzzle, Esc quit.
    """
    grid = _puzzle(puzzle)
    names = _algorithms(algorithm, compare)
    steps_per_second = _speed(speed)
    if gif is not None:
        check_writable(gif)  # a bad path fails now, not after the trace
    # Without a window nothing else stops a trace: cap it (the window has pause and quit).
    limit = default_max_steps(grid.size) if max_steps is None else max_steps or None
    if summary or as_json:
        for i, name in enumerate(names):
            result = _run_counted(grid, name, limit)
            if as_json:
                click.echo(json.dumps(result.as_dict()))
            else:
                if i:
                    click.echo()
                click.echo(_summary_text(result))
            if not result.finished:
                click.echo(
                    f"note: {name} stopped after {result.counters.steps:,} steps without "
                    "finishing; the counters are those so far (--max-steps N goes further, "
                    "0 for no limit)",
                    err=True,
                )
        if gif is None:
            return
    if gif is not None:
        try:
            from ..render import render_gif
        except ImportError as e:  # Pillow is an optional extra
            raise click.ClickException(f"GIF export needs Pillow ({e})") from None
        with _terminal_progress() as report:
            info = render_gif(
                grid,
                names,
                gif,
                fps=fps,
                max_frames=max_frames,
                max_steps=limit,
                candidates=candidates,
                progress=report,
            )
        if not (summary or as_json):
            steps = ", ".join(f"{a} {s:,} steps" for a, s in info.steps.items())
            # stderr, as show --png says it: stdout holds only what a pipe should read
            click.echo(
                f"wrote {gif}: {info.frames} frames, {info.seconds:.1f} s ({steps})", err=True
            )
        if not info.complete:
            click.echo(
                f"note: the GIF stops after {limit or 0:,} steps, before the end "
                "(--max-steps N goes further, 0 for no limit)",
                err=True,
            )
        return
    try:
        from ..gui.watch import run_watch
    except ImportError as e:  # pygame-ce is an optional extra
        raise click.ClickException(
            f"the watch window needs pygame-ce ({e}); try --gif or --summary"
        ) from None
    run_watch(grid, names, speed=steps_per_second, candidates=candidates)


__all__ = ["algorithms", "watch"]
