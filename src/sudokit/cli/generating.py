"""The ``generate`` command: a module of its own, since the generator imports the logic
engine, which the solving commands do without."""

from __future__ import annotations

import json
from collections.abc import Callable

import click

from ..formats import format_line, format_pretty
from ..generator import DIFFICULTIES, SYMMETRIES, generate
from ..geometry import SIZES
from ._io import F, count_progress
from .core import _Command


def making_options(prefix: str = "") -> Callable[[F], F]:
    """``--seed``, ``--size``, ``--symmetry`` and ``--difficulty``, declared once for every
    command that makes puzzles (``generate``; ``print -n``, whose help says "With -n only")."""
    options = (
        click.option(
            "--seed",
            type=int,
            default=None,
            help=f"{prefix}Seed of the first puzzle; puzzle i (from 0) uses SEED+i. "
            "Default: random.",
        ),
        click.option(
            "--size",
            type=click.Choice([str(s) for s in SIZES]),
            default="9",
            show_default=True,
            help=f"{prefix}Grid size (n for n×n).",
        ),
        click.option(
            "--symmetry",
            type=click.Choice(list(SYMMETRIES)),
            default="rot180",
            show_default=True,
            help=f"{prefix}Symmetry of the clue pattern.",
        ),
        click.option(
            "--difficulty",
            type=click.Choice(list(DIFFICULTIES)),
            default=None,
            help=f"{prefix}The level the puzzle must have, as `sudokit rate` grades it. "
            "Default: a minimal puzzle of any level.",
        ),
    )

    def apply(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return apply


def _random_seed() -> int:
    """A fresh seed, reported with the puzzle so that it can be made again."""
    import secrets

    return secrets.randbelow(2**63)


@click.command("generate", cls=_Command)
@click.option(
    "-n",
    "--count",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="How many puzzles.",
)
@making_options()
@click.option(
    "--require",
    metavar="TECH,...",
    default=None,
    help="Technique ids the puzzle needs (e.g. x_wing,xy_wing): its logical solution "
    "uses each and its hardest step is one of them; see `sudokit explain --json` for ids.",
)
@click.option("--pretty", is_flag=True, help="Print pictures, separated by blank lines.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per puzzle.")
def generate_cmd(
    count: int,
    seed: int | None,
    size: str,
    symmetry: str,
    difficulty: str | None,
    require: str | None,
    pretty: bool,
    as_json: bool,
) -> None:
    """Generate puzzles with exactly one solution, one per line.

    The same seed gives the same puzzle on every machine; with --seed S, puzzle i
    (counting from 0) uses seed S+i, so any puzzle of a run can be made again alone.
    --json reports the seed of every puzzle, random ones included.

    \b
    Examples:
      sudokit generate
      sudokit generate -n 1000 --seed 42 > puzzles.txt
      sudokit generate --size 4 --symmetry none --pretty
      sudokit generate --difficulty easy --json
      sudokit generate --difficulty hard --require x_wing
    """
    if pretty and as_json:
        raise click.UsageError("--json and --pretty cannot be used together")
    n = int(size)
    techniques = [t.strip() for t in require.split(",") if t.strip()] if require else None
    with count_progress(count, "generating") as tick:
        for i in range(count):
            puzzle_seed = _random_seed() if seed is None else seed + i
            grid = generate(
                n,
                seed=puzzle_seed,
                symmetry=symmetry,
                difficulty=difficulty,
                require=techniques,
            )
            if as_json:
                record = {
                    "puzzle": format_line(grid),
                    "seed": puzzle_seed,
                    "size": n,
                    "symmetry": symmetry,
                    "difficulty": difficulty,
                    "require": techniques,
                    "clues": grid.clue_count,
                }
                click.echo(json.dumps(record))
            elif pretty:
                if i:
                    click.echo()
                click.echo(format_pretty(grid))
            else:
                click.echo(format_line(grid))
            tick()
