"""Logic commands: hint, explain, rate.

``hint`` tells the next logical step of a puzzle, ``explain`` its whole logical path, and
``rate`` grades one puzzle or a file of them (streamed, in input order, optionally on
several cores).

Exit status: 0 when every answer is the hoped-for one, 1 when some puzzle has no solution
or several (and, for ``explain``, when logic alone does not finish it), 2 when some input
is malformed or on a usage error.
"""

from __future__ import annotations

import json
from typing import Any

import click

from ..errors import ParseError
from ..formats import Record, format_line, parse, read_puzzles
from ..grid import Grid
from ..logic import BY_ID, explain, hint, rate
from ..logic.grade import Rating
from ..solvers.batch import answer_chunks, chunked
from ._io import (
    Failure,
    byte_progress,
    dask_option,
    open_executor,
    open_source,
    puzzle_input,
    report_parse_error,
)


def _parse_argument(ctx: click.Context, text: str) -> Grid:
    try:
        return parse(text)
    except ParseError as err:
        report_parse_error(text, err)
        ctx.exit(2)


def _proper(grid: Grid, solutions: int) -> str | None:
    """A note for a puzzle without exactly one solution."""
    if solutions == 0:
        return "this puzzle has no solution"
    if solutions > 1:
        return "this puzzle has more than one solution; uniqueness techniques are off"
    return None


# --- hint ----------------------------------------------------------------------------------


@click.command("hint")
@click.argument("puzzle")
@click.option(
    "--level",
    type=click.IntRange(1, 3),
    default=3,
    show_default=True,
    help="How much to tell: 1 the technique and where, 2 the cells, 3 everything.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the hint as JSON.")
@click.pass_context
def hint_cmd(ctx: click.Context, puzzle: str, level: int, as_json: bool) -> None:
    """Tell the next logical step of a puzzle, in words.

    The easiest technique that makes progress is named, with the cells and candidates
    it is about (--level 1 and 2 tell less, to leave the player something to find).

    \b
    Examples:
      sudokit hint "$(sudokit generate --seed 3)"
      sudokit hint --level 1 "$(sudokit generate --seed 7)"
      sudokit hint --json "$(cat position.txt)"
    """
    grid = _parse_argument(ctx, puzzle)
    try:
        answer = hint(grid)
    except ValueError as err:
        raise Failure(str(err)) from err
    if answer is None:
        if as_json:
            click.echo(json.dumps({"puzzle": format_line(grid), "kind": "solved"}))
        else:
            click.echo("The grid is already solved.")
        ctx.exit(0)
    step = answer.step
    if as_json:
        record: dict[str, Any] = {
            "puzzle": format_line(grid),
            "kind": answer.kind,
            "text": answer.text(level),
            "texts": list(answer.texts),
            "cells": [grid.shape.cell_name(c) for c in answer.cells],
        }
        if step is not None:
            record.update(step.to_dict(grid.shape))
        click.echo(json.dumps(record))
    else:
        click.echo(answer.text(level))
    ctx.exit(1 if answer.kind == "no_solution" else 0)


# --- explain -------------------------------------------------------------------------------


@click.command("explain")
@click.argument("puzzle")
@click.option("--json", "as_json", is_flag=True, help="Print the path as one JSON object.")
@click.pass_context
def explain_cmd(ctx: click.Context, puzzle: str, as_json: bool) -> None:
    """Explain a puzzle's whole logical path, one numbered step per line.

    Every step is the easiest one available at that point. When no technique applies
    before the grid is full, the path stops there and says so.

    JSON: {"puzzle", "steps": [{"technique", "name", "placements": [{"cell": "r3c5",
    "digit": 7}], "eliminations": [...], "explanation", "rating"}], "solved"}.

    Exit status: 0 when logic solves the puzzle, 1 when it has no solution, several, or
    needs guessing, 2 when the input is malformed.

    \b
    Examples:
      sudokit explain "$(sudokit generate --seed 3)"
      sudokit explain --json "$(sudokit generate --seed 3)" | jq .solved
    """
    grid = _parse_argument(ctx, puzzle)
    result = explain(grid)
    note = _proper(grid, result.solutions)
    if as_json:
        click.echo(json.dumps(result.to_dict()))
    else:
        width = len(str(len(result.steps)))
        for i, step in enumerate(result.steps, start=1):
            click.echo(f"{i:>{width}}. {step.name}: {_sentence(step.name, step.text)}")
        if result.solved:
            click.echo(f"Solved in {len(result.steps)} steps.")
        elif result.solutions:
            left = len(result.final.empty_cells())
            click.echo(
                f"Stuck after {len(result.steps)} steps with {left} cells left: "
                "no technique applies, the rest needs guessing."
            )
    if note:
        click.echo(f"note: {note}", err=True)
    ctx.exit(0 if result.solved else 1)


def _sentence(name: str, text: str) -> str:
    """The step's sentence without a repeated technique name in front."""
    return text[len(name) + 2 :] if text.startswith(name + ": ") else text


# --- rate ----------------------------------------------------------------------------------


def _rate_fields(r: Rating) -> dict[str, Any]:
    # A puzzle without exactly one solution has no level: there is nothing to grade.
    proper = r.solutions == 1
    return {
        "level": r.level if proper else None,
        "score": r.score if proper else None,
        "hardest": r.hardest,
        "techniques": r.techniques,
        "solved": r.solved,
    }


def _rate_one(text: str) -> tuple[dict[str, Any], int]:
    """Rate one well-formed puzzle (in a worker process too): its fields and how many
    solutions it has when not one (0 for one solution, 1 for none, 2 for several)."""
    r = rate(parse(text))
    return _rate_fields(r), 0 if r.solutions == 1 else (1 if r.solutions == 0 else 2)


_ERROR_FIELDS: dict[str, Any] = {
    "level": None,
    "score": None,
    "hardest": None,
    "techniques": None,
    "solved": None,
}


Result = tuple[dict[str, Any], int]


def rate_chunk(puzzles: list[str]) -> list[Result]:
    """Rate a chunk of well-formed puzzle lines (on a worker too): fields and exit codes."""
    return [_rate_one(text) for text in puzzles]


#: Puzzles sent to a worker at a time (a rating takes milliseconds, so chunks are small).
BATCH = 64


def _say_rating(rec: Record, result: Result | None, as_json: bool) -> int:
    """Print one record's rating (or error); its exit code."""
    if result is None:
        if as_json:
            fields = {**_ERROR_FIELDS, "error": str(rec.error), "line": rec.line}
            click.echo(json.dumps({"puzzle": rec.text, **fields}))
        else:
            click.echo(f"error: {rec.error}")
        return 2
    fields, code = result
    assert rec.grid is not None
    if as_json:
        record = {"puzzle": format_line(rec.grid), **fields, "error": None, "line": rec.line}
        click.echo(json.dumps(record))
    elif code == 0:
        click.echo(f"{fields['level']} {fields['score']} {fields['hardest'] or '-'}")
    else:
        click.echo(f"- - - ({_proper(rec.grid, 0 if code == 1 else 2)})")
    return 0 if code == 0 else 1


def _well_formed(chunk: list[Record]) -> list[str]:
    return [format_line(r.grid) for r in chunk if r.grid is not None]


@click.command("rate")
@puzzle_input("Rate")
@dask_option
@click.pass_context
def rate_cmd(
    ctx: click.Context,
    puzzle: str | None,
    path: str | None,
    as_json: bool,
    jobs: int,
    dask: str | None,
) -> None:
    """Grade a puzzle, or every puzzle of a file: level and score.

    The level is the level of the hardest technique needed: easy (singles), medium
    (intersections, pairs, triples), hard (quads, fish, wings, single-digit patterns,
    uniqueness), expert (colouring, chains, ALS) or extreme (forcing chains, or beyond
    the engine's logic). The score is on the Sudoku Explainer scale (1.0 to about 10).

    A puzzle with no solution or several has no level: it says why and exits 1.

    With -f, one line per puzzle in input order: 'LEVEL SCORE HARDEST', '- - - (why)'
    for a puzzle without exactly one solution, or
    'error: line N: ...' for a malformed record. --json prints JSON Lines with the keys
    puzzle, level, score, hardest, techniques (steps per technique), solved, error, line.

    \b
    Examples:
      sudokit rate "$(sudokit generate --seed 1)"
      sudokit rate -f puzzles.txt --json > ratings.jsonl
      sudokit generate -n 100 | sudokit rate -f - -j 4
      sudokit rate -f puzzles.txt --dask tcp://scheduler:8786
    """
    if puzzle is not None and path is not None:
        raise click.UsageError("give a PUZZLE or -f FILE, not both")
    if puzzle is None and path is None:
        raise click.UsageError("give a PUZZLE, or -f FILE to rate many (-f - for stdin)")
    if puzzle is not None:
        grid = _parse_argument(ctx, puzzle)
        r = rate(grid)
        if as_json:
            record = {"puzzle": format_line(grid), **_rate_fields(r), "error": None, "line": None}
            click.echo(json.dumps(record))
        else:
            hardest = BY_ID[r.hardest].name if r.hardest else "-"
            if r.solutions != 1:
                click.echo(f"level: none ({_proper(grid, r.solutions)})")
                click.echo("score: -")
            else:
                click.echo(f"level: {r.level}")
                click.echo(f"score: {r.score}")
            click.echo(f"hardest: {hardest}")
            counts = ", ".join(f"{BY_ID[t].name} {k}" for t, k in r.techniques.items())
            click.echo(f"techniques: {counts or '-'}")
            if not r.solved and r.solutions == 1:
                click.echo("logic alone does not finish this puzzle: it needs guessing")
        note = _proper(grid, r.solutions)
        if note:
            click.echo(f"note: {note}", err=True)
        ctx.exit(0 if r.solutions == 1 else 1)
    assert path is not None
    worst = 0
    with (
        open_source(path) as source,
        byte_progress(source, "rating") as tick,
        open_executor(jobs, dask) as runner,
    ):
        records = read_puzzles(source.lines, format=source.format)
        chunks = chunked(records, BATCH)
        for chunk, results in answer_chunks(chunks, _well_formed, rate_chunk, runner):
            done = iter(results)
            for rec in chunk:
                worst = max(
                    worst, _say_rating(rec, None if rec.grid is None else next(done), as_json)
                )
                tick()
    ctx.exit(worst)
