"""Game commands: ``play`` (the desktop game) and ``stats`` (its statistics)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import NoReturn

import click

from ..errors import ParseError, WriteError
from ..files import check_writable
from ..formats import parse, read_puzzles
from ..game import (
    LEVELS,
    SEVERAL_SOLUTIONS,
    LevelStats,
    Store,
    default_path,
    examine,
    variant_key,
    variant_problem,
)
from ..geometry import SIZES
from ..grid import Grid
from ._io import missing_file
from ._rules import RulesChoice, rules_options

_GUI_MISSING = "the desktop game needs pygame-ce: pip install 'sudokit[gui]'"


def _fail(message: str, code: int = 1) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(code)


def _read_puzzle(text: str) -> Grid:
    """A puzzle from the command line: its text, or a file holding it (the first one)."""
    path = Path(text)
    if len(text) < 256 and path.is_file():
        for record in read_puzzles(path):
            if record.grid is not None:
                return record.grid
            if record.error is not None:
                _fail(f"{path}: {record.error}", 2)
        _fail(f"{path}: no puzzle found", 2)
    try:
        return parse(text)
    except ParseError as err:
        _fail(missing_file(text) or str(err), 2)


def _window(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        _fail(f"--window {text!r}: expected WIDTHxHEIGHT, like 1100x740", 2)
    if not (320 <= w <= 8000 and 240 <= h <= 8000):
        _fail(f"--window {text!r}: out of range", 2)
    return w, h


@click.command()
@click.argument("puzzle", required=False)
@click.option(
    "--size",
    type=click.Choice([str(s) for s in SIZES]),
    help="Start a new game of this size (default: resume, else 9).",
)
@click.option(
    "--difficulty",
    "level",
    type=click.Choice(list(LEVELS)),
    help="Start a new game at this level.",
)
@click.option(
    "--seed",
    type=int,
    help="Seed of a new puzzle: the same as `sudokit generate --seed` gives.",
)
@click.option(
    "--screenshot",
    type=click.Path(),
    help="Draw the opening screen into this PNG file and exit (no window needed).",
)
@click.option(
    "--window",
    default=None,
    help="Window size, WxH (default: fitted to the board size and the display).",
)
@click.option(
    "--anyway",
    is_flag=True,
    help="Play PUZZLE even if it has several solutions (any grid keeping the rules wins).",
)
@rules_options(new=True)
def play(
    puzzle: str | None,
    size: str | None,
    level: str | None,
    seed: int | None,
    screenshot: str | None,
    window: str | None,
    anyway: bool,
    rules: RulesChoice | None,
) -> None:
    """Play in a desktop window (pygame-ce).

    Opens PUZZLE when given (a puzzle, or a file holding one), else resumes the last
    unfinished game, else starts a new one. Everything is saved after every move.
    --variant or --rules starts a new game under those rules (and reads PUZZLE under
    them): sudokit play --variant x,jigsaw.
    """
    grid = _read_puzzle(puzzle) if puzzle else None
    asked = _new_rules(rules, int(size) if size else None) if grid is None else None
    if grid is not None and rules is not None:
        grid = rules.apply(grid)
    if grid is not None:
        verdict = examine(grid)
        if verdict.several and anyway:
            click.echo(f"note: {SEVERAL_SOLUTIONS}", err=True)
        elif not verdict.ok:
            more = "; --anyway plays it all the same" if verdict.several else ""
            _fail(f"cannot play this puzzle: {verdict.problem}{more}", 2)
    size_wh = _window(window) if window else None
    if screenshot is not None:
        check_writable(screenshot)  # a bad path fails before the game is drawn
        # No window is shown for a screenshot, so none is needed: draw off-screen.
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    try:
        from .. import gui
        from ..gui import app as _window_module  # noqa: F401  (fails here without pygame)
    except ImportError as err:
        _fail(f"{_GUI_MISSING} ({err})")
    n = int(size) if size else None
    if screenshot is not None:
        try:
            out = gui.screenshot(
                screenshot, grid, size=n, level=level, seed=seed, rules=asked, window=size_wh
            )
        except WriteError as err:
            _fail(str(err), 2)
        except OSError as err:
            _fail(f"cannot write {screenshot}: {err.strerror or err}", 2)
        click.echo(str(out))
        return
    store = Store()
    for notice in store.notices:
        click.echo(f"note: {notice}", err=True)
    try:
        gui.run(grid, size=n, level=level, seed=seed, rules=asked, store=store, window=size_wh)
    except gui.DisplayError as err:
        _fail(f"cannot open a window ({err}); --screenshot FILE draws without one")


def _new_rules(rules: RulesChoice | None, size: int | None) -> str | None:
    """The rules of the new game asked for, as the game takes them: variant names
    (``x+jigsaw``) or a rules code; None when none were asked for."""
    if rules is None:
        return None
    if rules.code is not None:
        if size is not None and size != rules.code.n:
            _fail(f"--size {size} does not match --rules {rules.code.code}", 2)
        return rules.code.code
    variant = variant_key(rules.variants)
    problem = variant_problem(size or 9, variant)
    if problem:
        _fail(f"--variant {variant.replace('+', ',')}: {problem}", 2)
    return variant


def _stats_json(stats: list[LevelStats]) -> list[dict[str, object]]:
    return [
        {
            "size": s.size,
            "rules": s.rules,
            "level": s.level,
            "played": s.played,
            "solved": s.solved,
            "best_seconds": None if s.best is None else round(s.best, 1),
            "average_seconds": None if s.average is None else round(s.average, 1),
            "hints": s.hints,
        }
        for s in stats
    ]


@click.command(short_help="Statistics of finished games, and where they are kept.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def stats(as_json: bool) -> None:
    """Statistics of finished games, per size, rules and level, and where they are kept."""
    path = default_path()
    notices: list[str] = []
    rows: list[LevelStats] = []
    database = str(path)
    if path.exists():  # reading statistics should not create a database
        with Store(path) as store:
            rows = store.stats()
            notices = store.notices
            database = store.database
    for notice in notices:
        click.echo(f"note: {notice}", err=True)
    if as_json:
        played = sum(s.played for s in rows)
        solved = sum(s.solved for s in rows)
        out = {
            "database": database,
            "levels": _stats_json(rows),
            "totals": {"played": played, "solved": solved, "hints": sum(s.hints for s in rows)},
        }
        click.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    if not rows:
        click.echo("No finished games yet.")
    else:
        heads = list(LevelStats.HEADINGS)
        table = [s.cells() for s in rows]
        widths = [max(len(h), *(len(r[i]) for r in table)) for i, h in enumerate(heads)]
        click.echo("  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip())
        for r in table:
            click.echo("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    click.echo(f"\nSaved games and statistics: {database}")
