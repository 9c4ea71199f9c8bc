"""The ``generate`` command: a module of its own, since the generator imports the logic
engine, which the solving commands do without."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterator

import click

from ..formats import format_line, format_pretty, parse
from ..generator import DIFFICULTIES, SYMMETRIES, generate
from ..geometry import SIZES
from ..logic.techniques import BY_ID, unknown_technique
from ..solvers.batch import chunked
from ._io import F, Failure, count_progress, dask_work, open_executor
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


#: What a worker needs to make puzzles: their seeds, size, symmetry, level, techniques.
Work = tuple[list[int], int, str, "str | None", "list[str] | None"]


def generate_chunk(work: Work) -> list[str]:
    """The puzzles of a chunk of seeds, as lines (on a worker too)."""
    seeds, n, symmetry, difficulty, techniques = work
    return [
        format_line(
            generate(n, seed=s, symmetry=symmetry, difficulty=difficulty, require=techniques)
        )
        for s in seeds
    ]


def _chunk_size(count: int, level: str | None) -> int:
    # Graded puzzles take up to seconds each: small chunks keep every worker busy.
    return 4 if level in ("expert", "extreme") else 32 if count > 256 else 8


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
    "uses each and its hardest step is one of them. An unknown id is answered with the "
    "nearest ones (or every id).",
)
@click.option("--pretty", is_flag=True, help="Print pictures, separated by blank lines.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per puzzle.")
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    help="Make the puzzles on N workers (0: one per core); the output is the same.",
)
@dask_work("Make the puzzles on the workers of a Dask cluster, printed in the same order")
def generate_cmd(
    count: int,
    seed: int | None,
    size: str,
    symmetry: str,
    difficulty: str | None,
    require: str | None,
    pretty: bool,
    as_json: bool,
    jobs: int,
    dask: str | None,
) -> None:
    """Generate puzzles with exactly one solution, one per line.

    The same seed gives the same puzzle on every machine; with --seed S, puzzle i
    (counting from 0) uses seed S+i, so any puzzle of a run can be made again alone.
    --json reports the seed of every puzzle, random ones included. With --jobs or --dask
    the puzzles are made in parallel and printed in the same order as one process would.

    \b
    Examples:
      sudokit generate
      sudokit generate -n 1000 --seed 42 > puzzles.txt
      sudokit generate --size 4 --symmetry none --pretty
      sudokit generate --difficulty easy --json
      sudokit generate --difficulty hard --require x_wing
      sudokit generate -n 10000 --difficulty extreme --seed 1 --dask tcp://scheduler:8786
    """
    if pretty and as_json:
        raise click.UsageError("--json and --pretty cannot be used together")
    n = int(size)
    techniques = [t.strip() for t in require.split(",") if t.strip()] if require else None
    for tid in techniques or ():
        if tid not in BY_ID:  # before any worker starts
            raise Failure(f"--require: {unknown_technique(tid)}")

    def seeds() -> Iterator[int]:
        for i in range(count):
            yield _random_seed() if seed is None else seed + i

    def works() -> Iterator[Work]:
        for chunk in chunked(seeds(), _chunk_size(count, difficulty)):
            yield chunk, n, symmetry, difficulty, techniques

    i = 0
    # A bar from two puzzles on: one graded puzzle may take seconds (a 16×16, minutes).
    bar = count_progress(count, "generating", minimum=2)
    with bar as tick, open_executor(jobs, dask) as runner:
        # The seeds ride along with their chunk so that --json can report them.
        sent: deque[list[int]] = deque()

        def tracked() -> Iterator[Work]:
            for work in works():
                sent.append(work[0])
                yield work

        for lines in runner.map(generate_chunk, tracked()):
            for puzzle_seed, line in zip(sent.popleft(), lines, strict=True):
                if as_json:
                    record = {
                        "puzzle": line,
                        "seed": puzzle_seed,
                        "size": n,
                        "symmetry": symmetry,
                        "difficulty": difficulty,
                        "require": techniques,
                        "clues": parse(line).clue_count,
                    }
                    click.echo(json.dumps(record))
                elif pretty:
                    if i:
                        click.echo()
                    click.echo(format_pretty(parse(line)))
                else:
                    click.echo(line)
                i += 1
                tick()
