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
from collections.abc import Callable
from typing import Any

import click

from ..errors import ParseError, WrongPositionError
from ..formats import Position, Record, format_rules_line, parse, parse_position, read_puzzles
from ..formats.text import puzzle_fields
from ..grid import Grid
from ..logic import BY_ID, explain, hint, rate
from ..logic.grade import Rating
from ..solvers.batch import answer_chunks, chunked
from ._io import (
    F,
    byte_progress,
    dask_option,
    open_executor,
    open_source,
    puzzle_input,
    report_parse_error,
)
from ._pictures import (
    explain_picture_options,
    hint_picture_options,
    write_explanation_pictures,
    write_hint_picture,
)
from ._rules import RulesChoice, rules_options


def max_seconds_option(func: F) -> F:
    """``--max-seconds S``: the time the logic engine may take per puzzle."""
    return click.option(
        "--max-seconds",
        "max_seconds",
        type=click.FloatRange(min=0, min_open=True),
        default=None,
        metavar="S",
        help="Stop the logic after S seconds per puzzle (checked between steps) and say "
        "what was found so far. Default: no limit.",
    )(func)


def _stopped(seconds: float | None) -> str:
    return f"stopped after {seconds:g} s"


def _parse_argument(ctx: click.Context, text: str, rules: RulesChoice | None) -> Grid:
    try:
        grid = parse(text)
        return grid if rules is None else rules.apply(grid)
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


#: What a worker answers for one puzzle: its JSON fields and its exit code.
Result = tuple[dict[str, Any], int]

#: Puzzles sent to a worker at a time (an answer takes milliseconds to seconds, so chunks
#: are small).
BATCH = 64


#: A puzzle as a worker gets it: its line, or for a position to start from (a pencil-mark
#: grid, a HoDoKu library line, f-puzzles centre marks) the lines of its givens and of its
#: placed digits and its candidates.
Item = str | tuple[str, str, tuple[int, ...] | None]


def _item(grid: Grid, position: Position | None) -> Item:
    """What a worker gets for ``grid`` (under the rules asked for) read as ``position``."""
    if position is None or (position.placed is None and position.candidates is None):
        return format_rules_line(grid)
    current = Grid(grid.rules, position.current.cells)
    return format_rules_line(grid), format_rules_line(current), position.candidates


def _text_item(text: str, grid: Grid) -> Item:
    """The item of a PUZZLE argument already read as ``grid``: with its placed digits and
    candidates when its format gives them."""
    try:
        return _item(grid, parse_position(text))
    except ParseError:  # a picture that parse reads as one
        return format_rules_line(grid)


def _puzzle(item: Item) -> Grid | Position:
    """The puzzle (or position) of an item, for the logic."""
    if isinstance(item, str):
        return parse(item)
    givens, current, candidates = parse(item[0]), parse(item[1]), item[2]
    return Position(givens, current if current != givens else None, candidates)


def _well_formed(chunk: list[Record]) -> list[Item]:
    return [_item(r.grid, r.position) for r in chunk if r.grid is not None]


def _one_or_file(puzzle: str | None, path: str | None, verb: str) -> str | None:
    """The PUZZLE argument when one is given (None for -f); usage errors for both or none."""
    if puzzle is not None and path is not None:
        raise click.UsageError("give a PUZZLE or -f FILE, not both")
    if puzzle is None and path is None:
        raise click.UsageError(f"give a PUZZLE, or -f FILE to {verb} many (-f - for stdin)")
    return puzzle


def _say_error(rec: Record, empty: dict[str, Any], as_json: bool) -> int:
    """Print a malformed record's error (its JSON object has ``empty``'s keys); exit 2."""
    if as_json:
        click.echo(
            json.dumps({"puzzle": rec.text, **empty, "error": str(rec.error), "line": rec.line})
        )
    else:
        click.echo(f"error: {rec.error}")
    return 2


def _answer_file(
    path: str,
    jobs: int,
    dask: str | None,
    doing: str,
    chunk_fn: Callable[[tuple[list[Item], Any]], list[Any]],
    extra: Callable[[list[Record]], Any],
    say: Callable[[Record, Any], int],
    rules: RulesChoice | None,
) -> int:
    """Every record of ``path`` through the batch engine (``--jobs``/``--dask``), answered
    by ``chunk_fn((well-formed lines, extra))`` on the workers and printed by ``say`` here,
    in input order; the worst exit code."""
    worst = 0
    with (
        open_source(path) as source,
        byte_progress(source, doing) as tick,
        open_executor(jobs, dask) as runner,
    ):
        records = read_puzzles(source.lines, format=source.format)
        if rules is not None:
            records = map(rules.apply_record, records)
        chunks = chunked(records, BATCH)
        payload = lambda chunk: (_well_formed(chunk), extra(chunk))  # noqa: E731
        for chunk, results in answer_chunks(chunks, payload, chunk_fn, runner):
            done = iter(results)
            for rec in chunk:
                worst = max(worst, say(rec, None if rec.grid is None else next(done)))
                tick()
    return worst


# --- hint ----------------------------------------------------------------------------------


def _hint_one(text: Item, level: int, max_seconds: float | None = None) -> Result:
    """The hint for one well-formed puzzle (on a worker too): its JSON fields (the text
    at ``level`` under "text") and its exit code."""
    puzzle = _puzzle(text)
    grid = puzzle.givens if isinstance(puzzle, Position) else puzzle
    answer = hint(puzzle, max_seconds=max_seconds)
    if answer is None:
        return {"kind": "solved", "text": "The grid is already solved."}, 0
    fields: dict[str, Any] = {
        "kind": answer.kind,
        "text": answer.text(level),
        "texts": list(answer.texts),
        "cells": [grid.shape.cell_name(c) for c in answer.cells],
    }
    if answer.step is not None:
        fields.update(answer.step.to_dict(grid.rules))
    return fields, 1 if answer.kind in ("no_solution", "stopped", "wrong_elimination") else 0


def hint_chunk(work: tuple[list[Item], tuple[int, float | None]]) -> list[Result]:
    """Hints for a chunk of well-formed puzzle lines at one level (on a worker too)."""
    puzzles, (level, max_seconds) = work
    return [_hint_one(text, level, max_seconds) for text in puzzles]


@click.command("hint")
@puzzle_input("Hint")
@dask_option
@click.option(
    "--level",
    type=click.IntRange(1, 3),
    default=3,
    show_default=True,
    help="How much to tell: 1 the technique and where, 2 the cells, 3 everything.",
)
@max_seconds_option
@rules_options
@hint_picture_options
@click.pass_context
def hint_cmd(
    ctx: click.Context,
    puzzle: str | None,
    path: str | None,
    as_json: bool,
    jobs: int,
    dask: str | None,
    level: int,
    max_seconds: float | None,
    rules: RulesChoice | None,
    png_file: str | None = None,
    svg_file: str | None = None,
    theme: str = "light",
) -> None:
    """Tell the next logical step of a puzzle, in words.

    The easiest technique that makes progress is named, with the cells and candidates
    it is about (--level 1 and 2 tell less, to leave the player something to find).

    With -f, one line per puzzle in input order (the hint, or 'error: line N: ...' for a
    malformed record); --json prints JSON Lines with the keys puzzle, kind, text, texts,
    cells, the step's fields, error, line (and a variant's rules, "rules": "9+x"); a
    forcing chain or net adds "branches", each link by link (see docs/logic.md).

    \b
    Examples:
      sudokit hint "$(sudokit generate --seed 3)"
      sudokit hint --level 1 "$(sudokit generate --seed 7)"
      sudokit hint --json "$(cat position.txt)"
      sudokit hint -f puzzles.txt --json -j 2 > hints.jsonl
      sudokit hint --png step.png "$(sudokit generate --seed 3 --level hard)"
    """
    if path is not None and (png_file or svg_file):
        raise click.UsageError("--png and --svg draw one puzzle's hint: give PUZZLE, not -f")
    if _one_or_file(puzzle, path, "give a hint for") is not None:
        assert puzzle is not None
        grid = _parse_argument(ctx, puzzle, rules)
        fields, code = _hint_one(_text_item(puzzle, grid), level, max_seconds)
        if as_json:
            click.echo(json.dumps({**puzzle_fields(grid), **fields}))
        else:
            click.echo(fields["text"])
        if png_file or svg_file:
            why = write_hint_picture(
                puzzle, grid, png=png_file, svg=svg_file, theme=theme, max_seconds=max_seconds
            )
            if why is not None:
                click.echo(f"note: {why}", err=True)
        ctx.exit(code)
    assert path is not None

    def say(rec: Record, result: Result | None) -> int:
        if result is None:
            return _say_error(rec, {"kind": None, "text": None}, as_json)
        fields, code = result
        assert rec.grid is not None
        if as_json:
            record = {**puzzle_fields(rec.grid), **fields, "error": None, "line": rec.line}
            click.echo(json.dumps(record))
        else:
            click.echo(fields["text"])
        return code

    extra = (level, max_seconds)
    ctx.exit(_answer_file(path, jobs, dask, "hinting", hint_chunk, lambda c: extra, say, rules))


# --- explain -------------------------------------------------------------------------------


def _explain_one(
    text: Item, max_seconds: float | None = None
) -> tuple[dict[str, Any], list[str], int]:
    """The path of one well-formed puzzle (on a worker too): its JSON object, its lines of
    text, and its exit code (0 when logic solves it)."""
    puzzle = _puzzle(text)
    grid = puzzle.givens if isinstance(puzzle, Position) else puzzle
    try:
        result = explain(puzzle, max_seconds=max_seconds)
    except WrongPositionError as err:
        data = {**puzzle_fields(grid), "steps": None, "solved": False, "error": str(err)}
        return data, [f"error: {err}"], 1
    lines = []
    width = len(str(len(result.steps)))
    for i, step in enumerate(result.steps, start=1):
        lines.append(f"{i:>{width}}. {step.name}: {_sentence(step.name, step.text)}")
    if result.solved:
        lines.append(f"Solved in {len(result.steps)} steps.")
    elif result.stopped:
        left = len(result.final.empty_cells())
        lines.append(
            f"Stopped after {max_seconds:g} s with {len(result.steps)} steps found and "
            f"{left} cells left (--max-seconds gives it more time)."
        )
    elif result.solutions:
        left = len(result.final.empty_cells())
        lines.append(
            f"Stuck after {len(result.steps)} steps with {left} cells left: "
            "no technique applies, the rest needs guessing."
        )
    note = _proper(grid, result.solutions)
    if note:
        lines.append(f"note: {note}")
    return result.to_dict(), lines, 0 if result.solved else 1


def explain_chunk(
    work: tuple[list[Item], float | None],
) -> list[tuple[dict[str, Any], list[str], int]]:
    """The paths of a chunk of well-formed puzzle lines (on a worker too)."""
    return [_explain_one(text, work[1]) for text in work[0]]


@click.command("explain", short_help="Explain a puzzle's whole logical path, one step per line.")
@puzzle_input("Explain")
@dask_option
@max_seconds_option
@rules_options
@explain_picture_options
@click.pass_context
def explain_cmd(
    ctx: click.Context,
    puzzle: str | None,
    path: str | None,
    as_json: bool,
    jobs: int,
    dask: str | None,
    max_seconds: float | None,
    rules: RulesChoice | None,
    html_file: str | None = None,
    svg_dir: str | None = None,
    theme: str = "light",
) -> None:
    """Explain a puzzle's whole logical path, one numbered step per line.

    Every step is the easiest one available at that point. When no technique applies
    before the grid is full, the path stops there and says so.

    JSON: {"puzzle", "steps": [{"technique", "name", "placements": [{"cell": "r3c5",
    "digit": 7}], "eliminations": [...], "explanation", "rating"}], "solved"}, and a
    variant's rules as "rules": "9+x"; a forcing step adds "branches" (its chains, link
    by link: {"assume": "r1c4=9", "links": [{"candidate": "r1c9<>9", "why": "weak",
    "rests_on": ["r1c4=9"]}, ...], "ends": ["r5c4<>3"], "contradiction": false}).

    With -f, every puzzle of the file in input order: a line '# line N: PUZZLE', its path,
    and a blank line (or 'error: line N: ...' for a malformed record); --json prints one
    object per puzzle (JSON Lines), with "error" and "line" added.

    Exit status: 0 when logic solves the puzzle (every puzzle), 1 when one has no
    solution, several, or needs guessing, 2 when the input is malformed.

    \b
    Examples:
      sudokit explain "$(sudokit generate --seed 3)"
      sudokit explain --json "$(sudokit generate --seed 3)" | jq .solved
      sudokit explain -f puzzles.txt --json -j 2 > paths.jsonl
      sudokit explain --html steps.html "$(sudokit generate --seed 3 --level hard)"
    """
    if path is not None and (html_file or svg_dir):
        raise click.UsageError("--html and --svg draw one puzzle's steps: give PUZZLE, not -f")
    if _one_or_file(puzzle, path, "explain") is not None:
        assert puzzle is not None
        grid = _parse_argument(ctx, puzzle, rules)
        data, lines, code = _explain_one(_text_item(puzzle, grid), max_seconds)
        if as_json:
            click.echo(json.dumps(data))
        for line in lines:
            if line.startswith(("note: ", "error: ")):
                click.echo(line, err=True)
            elif not as_json:
                click.echo(line)
        if (html_file or svg_dir) and data.get("steps") is not None:
            write_explanation_pictures(
                puzzle, grid, html=html_file, svg_dir=svg_dir, theme=theme, max_seconds=max_seconds
            )
        ctx.exit(code)
    assert path is not None

    def say(rec: Record, result: tuple[dict[str, Any], list[str], int] | None) -> int:
        if result is None:
            return _say_error(rec, {"steps": None, "solved": None}, as_json)
        data, lines, code = result
        if as_json:
            click.echo(json.dumps({"error": None, **data, "line": rec.line}))
        else:
            assert rec.grid is not None
            click.echo(f"# line {rec.line}: {format_rules_line(rec.grid)}")
            for line in lines:
                click.echo(line)
            click.echo()
        return code

    ctx.exit(
        _answer_file(
            path, jobs, dask, "explaining", explain_chunk, lambda c: max_seconds, say, rules
        )
    )


def _sentence(name: str, text: str) -> str:
    """The step's sentence without a repeated technique name in front."""
    return text[len(name) + 2 :] if text.startswith(name + ": ") else text


# --- rate ----------------------------------------------------------------------------------


def _rate_fields(r: Rating) -> dict[str, Any]:
    # A puzzle without exactly one solution has no level: there is nothing to grade; nor
    # has one whose rating was stopped (--max-seconds).
    rated = r.solutions == 1 and not r.stopped
    return {
        "level": r.level if rated else None,
        "score": r.score if rated else None,
        "hardest": r.hardest,
        "techniques": r.techniques,
        "solved": r.solved,
        "stopped": r.stopped,
    }


#: ``_rate_one``'s code for a rating stopped by ``--max-seconds``.
STOPPED = 3
#: ``_rate_one``'s code for a position that contradicts the solution (its fields hold the
#: error).
WRONG = 4


def _rate_one(text: Item, max_seconds: float | None = None) -> tuple[dict[str, Any], int]:
    """Rate one well-formed puzzle (in a worker process too): its fields and how many
    solutions it has when not one (0 for one solution, 1 for none, 2 for several), or
    :data:`STOPPED`, or :data:`WRONG`."""
    try:
        r = rate(_puzzle(text), max_seconds=max_seconds)
    except WrongPositionError as err:
        return {**_ERROR_FIELDS, "error": str(err)}, WRONG
    if r.stopped:
        return _rate_fields(r), STOPPED
    return _rate_fields(r), 0 if r.solutions == 1 else (1 if r.solutions == 0 else 2)


_ERROR_FIELDS: dict[str, Any] = {
    "level": None,
    "score": None,
    "hardest": None,
    "techniques": None,
    "solved": None,
    "stopped": None,
}


def rate_chunk(work: tuple[list[Item], float | None]) -> list[Result]:
    """Rate a chunk of well-formed puzzle lines (on a worker too): fields and exit codes."""
    return [_rate_one(text, work[1]) for text in work[0]]


def _say_rating(
    rec: Record, result: Result | None, as_json: bool, max_seconds: float | None = None
) -> int:
    """Print one record's rating (or error); its exit code."""
    if result is None:
        return _say_error(rec, _ERROR_FIELDS, as_json)
    fields, code = result
    assert rec.grid is not None
    if as_json:
        record = {**puzzle_fields(rec.grid), "error": None, **fields, "line": rec.line}
        click.echo(json.dumps(record))
    elif code == 0:
        click.echo(f"{fields['level']} {fields['score']} {fields['hardest'] or '-'}")
    elif code == WRONG:
        click.echo(f"- - - ({fields['error']})")
    elif code == STOPPED:
        click.echo(f"- - - (unrated: {_stopped(max_seconds)})")
    else:
        click.echo(f"- - - ({_proper(rec.grid, 0 if code == 1 else 2)})")
    return 0 if code == 0 else 1


@click.command("rate")
@puzzle_input("Rate")
@dask_option
@max_seconds_option
@rules_options
@click.pass_context
def rate_cmd(
    ctx: click.Context,
    puzzle: str | None,
    path: str | None,
    as_json: bool,
    jobs: int,
    dask: str | None,
    max_seconds: float | None,
    rules: RulesChoice | None,
) -> None:
    """Grade a puzzle, or every puzzle of a file: level and score.

    The level is the level of the hardest technique needed: easy (singles), medium
    (intersections, pairs, triples), hard (quads, fish, wings, single-digit patterns,
    uniqueness), expert (colouring, chains, ALS) or extreme (forcing chains, or beyond
    the engine's logic). The score is on the Sudoku Explainer scale (1.0 to about 12);
    where a 9×9 path takes a pattern SE lacks (finned fish, W-Wing, ALS, ...), it is the
    score of the chains SE would need instead, so it may exceed the hardest step's own.

    A puzzle with no solution or several has no level: it says why and exits 1.

    With -f, one line per puzzle in input order: 'LEVEL SCORE HARDEST', '- - - (why)'
    for a puzzle without exactly one solution, or
    'error: line N: ...' for a malformed record. --json prints JSON Lines with the keys
    puzzle, level, score, hardest, techniques (steps per technique), solved, error, line
    (and a variant's rules, "rules": "9+x").

    \b
    Examples:
      sudokit rate "$(sudokit generate --seed 1)"
      sudokit rate -f puzzles.txt --json > ratings.jsonl
      sudokit generate -n 100 | sudokit rate -f - -j 4
      sudokit rate -f puzzles.txt --dask tcp://scheduler:8786
    """
    if _one_or_file(puzzle, path, "rate") is not None:
        assert puzzle is not None
        grid = _parse_argument(ctx, puzzle, rules)
        try:
            r = rate(_puzzle(_text_item(puzzle, grid)), max_seconds=max_seconds)
        except WrongPositionError as err:
            click.echo(f"error: {err}", err=True)
            ctx.exit(1)
        if as_json:
            record = {
                **puzzle_fields(grid),
                **_rate_fields(r),
                "error": None,
                "line": None,
            }
            click.echo(json.dumps(record))
        else:
            hardest = BY_ID[r.hardest].name if r.hardest else "-"
            if r.solutions != 1:
                click.echo(f"level: none ({_proper(grid, r.solutions)})")
                click.echo("score: -")
            elif r.stopped:
                click.echo(f"level: unrated ({_stopped(max_seconds)})")
                click.echo("score: -")
            else:
                click.echo(f"level: {r.level}")
                click.echo(f"score: {r.score}")
            click.echo(f"hardest: {hardest}")
            counts = ", ".join(f"{BY_ID[t].name} {k}" for t, k in r.techniques.items())
            click.echo(f"techniques: {counts or '-'}")
            if not r.solved and r.solutions == 1 and not r.stopped:
                click.echo("logic alone does not finish this puzzle: it needs guessing")
        note = _proper(grid, r.solutions)
        if note:
            click.echo(f"note: {note}", err=True)
        if r.stopped:
            click.echo(
                f"note: the rating was {_stopped(max_seconds)}; the steps above are those "
                "found until then (--max-seconds gives it more time)",
                err=True,
            )
        ctx.exit(0 if r.solutions == 1 and not r.stopped else 1)
    assert path is not None
    ctx.exit(
        _answer_file(
            path,
            jobs,
            dask,
            "rating",
            rate_chunk,
            lambda c: max_seconds,
            lambda rec, result: _say_rating(rec, result, as_json, max_seconds),
            rules,
        )
    )
