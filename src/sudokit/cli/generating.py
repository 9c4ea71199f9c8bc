"""The ``generate`` command: a module of its own, since the generator imports the logic
engine, which the solving commands do without."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

import click

from ..formats import format_rules_line, format_shown, parse
from ..formats.text import puzzle_fields
from ..generator import DIFFICULTIES, SYMMETRIES, generate, givens_count
from ..generator_killer import check_sizes
from ..geometry import SIZES, Rules, variant_name
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


#: What a worker needs to make puzzles: their seeds, size, symmetry, level, techniques,
#: the variants (``x,anti-knight``) or the rules' code (``9+jigsaw:AAB…``), if any, and
#: a killer's givens and cage sizes (``{"givens": 3, "cage_sizes": (2, 4)}``).
Work = tuple[
    list[int],
    int,
    str,
    "str | None",
    "list[str] | None",
    "str | None",
    "str | None",
    "dict[str, Any] | None",
]


def generate_chunk(work: Work) -> list[str]:
    """The puzzles of a chunk of seeds, as lines (on a worker too): a variant's line
    starts with its rules' code (``9+x:…``), a classic one is just its digits."""
    seeds, n, symmetry, difficulty, techniques, variant, code, killer = work
    return [
        format_rules_line(
            generate(
                None if code else n,
                seed=s,
                symmetry=symmetry,
                difficulty=difficulty,
                require=techniques,
                variant=variant,
                rules=code,
                **(killer or {}),
            )
        )
        for s in seeds
    ]


def _cage_sizes(text: str | None) -> tuple[int, int] | None:
    """``--cage-sizes 2-4`` (or ``3``: every cage of 3 cells) as (smallest, largest)."""
    if text is None:
        return None
    low, _, high = text.partition("-")
    try:
        sizes = (int(low), int(high or low))
    except ValueError:
        raise click.BadParameter(
            f"{text!r} is not a range of cells such as 2-4", param_hint="--cage-sizes"
        ) from None
    return sizes


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
@click.option(
    "--variant",
    metavar="NAME[,NAME]",
    default=None,
    help="Make variant puzzles: x, windoku, jigsaw, anti-knight, anti-king, "
    "non-consecutive, killer, combined with commas (x,anti-knight). A jigsaw gets random "
    "connected regions, a killer random cages with their sums, drawn from the seed.",
)
@click.option(
    "--givens",
    type=click.IntRange(min=0),
    default=None,
    help="Killer: how many digits are given besides the cages (default none).",
)
@click.option(
    "--cage-sizes",
    metavar="MIN-MAX",
    default=None,
    help="Killer: the cages' sizes in cells (default 2-5, 1-5 at easy: a one-cell cage "
    "gives its digit away).",
)
@click.option(
    "--rules",
    "rules_code",
    metavar="CODE",
    default=None,
    help="Make puzzles under these rules, given as a code (9+x, 9+jigsaw:AAAB... for a "
    "jigsaw layout of your own); the size is the rules'.",
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
    variant: str | None,
    givens: int | None,
    cage_sizes: str | None,
    rules_code: str | None,
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
    A variant puzzle's line starts with its rules (9+x:...), which every command reads.

    \b
    Examples:
      sudokit generate
      sudokit generate -n 1000 --seed 42 > puzzles.txt
      sudokit generate --size 4 --symmetry none --pretty
      sudokit generate --difficulty easy --json
      sudokit generate --difficulty hard --require x_wing
      sudokit generate --variant x,anti-knight -n 3 --seed 1
      sudokit generate --variant jigsaw --size 6 --pretty
      sudokit generate --variant x --difficulty hard | sudokit convert --to solo
      sudokit generate --variant killer --difficulty medium --pretty
      sudokit generate --variant killer,x --givens 4 --cage-sizes 2-4
      sudokit generate -n 10000 --difficulty extreme --seed 1 --dask tcp://scheduler:8786
    """
    if pretty and as_json:
        raise click.UsageError("--json and --pretty cannot be used together")
    n = int(size)
    if variant is not None and rules_code is not None:
        raise click.UsageError("give --variant or --rules, not both")
    if variant is not None:
        # Checked here, before any worker starts: an unknown name gets its suggestion.
        variant = ",".join(
            variant_name(v) for v in variant.replace("+", ",").split(",") if v.strip()
        )
    if rules_code is not None:
        rules = Rules.parse(rules_code)
        ctx = click.get_current_context()
        if ctx.get_parameter_source("size") is click.core.ParameterSource.COMMANDLINE and (
            rules.n != n
        ):
            raise click.UsageError(f"--size {n} does not match --rules {rules.code}")
        n, rules_code = rules.n, rules.code
    killer: dict[str, Any] | None = None
    if givens is not None or cage_sizes is not None:
        names = set((variant or "").split(","))
        if "killer" not in names:
            raise click.UsageError("--givens and --cage-sizes are for --variant killer")
        killer = {"givens": givens, "cage_sizes": _cage_sizes(cage_sizes)}
        try:  # before any worker starts
            if killer["cage_sizes"] is not None:
                check_sizes(killer["cage_sizes"], n)
            givens_count(givens, n * n)
        except ValueError as err:
            raise click.UsageError(str(err)) from None
    techniques = [t.strip() for t in require.split(",") if t.strip()] if require else None
    for tid in techniques or ():
        if tid not in BY_ID:  # before any worker starts
            raise Failure(f"--require: {unknown_technique(tid)}")

    def seeds() -> Iterator[int]:
        for i in range(count):
            yield _random_seed() if seed is None else seed + i

    def works() -> Iterator[Work]:
        for chunk in chunked(seeds(), _chunk_size(count, difficulty)):
            yield chunk, n, symmetry, difficulty, techniques, variant or None, rules_code, killer

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
                    grid = parse(line)
                    record: dict[str, object] = {
                        **puzzle_fields(grid),  # digits; a variant's rules under "rules"
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
                    click.echo(format_shown(parse(line)))
                else:
                    click.echo(line)
                i += 1
                tick()
