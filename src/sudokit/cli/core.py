"""Core commands: solve, count, validate, show (``generate`` is in ``generating``).

``solve``, ``count`` and ``validate`` take one puzzle as an argument or many with
``-f FILE``. Files are streamed: one answer is printed per puzzle, in input order, as
soon as it is known, so files of millions of puzzles run in constant memory. A
malformed record is answered ``error: line N: ...`` and the rest of the file goes on.

Exit status: 0 when every answer is the hoped-for one, 1 when some puzzle has no (or,
for ``validate``, no unique) solution, 2 when some input is malformed or a usage error.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn

import click

from ..errors import ParseError, WriteError
from ..formats import format_line, format_rules_line, parse, read_puzzles
from ..formats.text import puzzle_fields
from ..geometry import Shape
from ..grid import Grid
from ..solvers import Outcome, search, solve
from ._io import (
    Failure,
    Source,
    Tick,
    byte_progress,
    noop,
    open_source,
    puzzle_input,
    report_parse_error,
    workers,
)
from ._rules import RulesChoice, rules_options

if TYPE_CHECKING:
    # The file paths' modules are imported on use: a one-puzzle solve needs none of them.
    from ..formats import Record

#: The highest ``--limit``: counts are 64-bit in the C core.
LIMIT_MAX = 2**64 - 1

#: Records searched together from a regular file: large enough that the C core's batch
#: call pays off, small enough that answers keep flowing.
CHUNK = 512


class _Command(click.Command):
    """A command whose library ``ValueError``s become ``error: ...`` and exit status 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ValueError as err:
            raise Failure(str(err)) from err


# --- answering one puzzle or a file of them ------------------------------------------------


# Named tuples, not dataclasses: they cost a tenth as much to define, and a one-puzzle
# solve then imports no dataclass machinery of its own.
class _Answer(NamedTuple):
    """What a command says about one well-formed puzzle."""

    text: str  # printed in text mode
    fields: dict[str, Any]  # JSON fields between "puzzle" and "error"
    code: int = 0  # exit status it asks for
    note: str | None = None  # said on stderr, for a puzzle given as an argument


class _Task(NamedTuple):
    """How a command answers from a search's outcome: for an argument and for a file
    record (each with the solution limit its search needs), and its error fields."""

    one: Callable[[Grid, Outcome], _Answer]
    one_limit: int
    many: Callable[[Grid, Outcome], _Answer]
    many_limit: int
    error_fields: dict[str, Any]
    label: str = "reading"
    #: Whether ``many``'s answer depends on the count alone (not on the grid or solution).
    counted: bool = False


def _json(
    puzzle: str,
    fields: dict[str, Any],
    error: str | None,
    line: int | None,
    grid: Grid | None = None,
) -> str:
    """One JSON answer; a variant puzzle's carries its rules' code (``"rules": "9+x"``), as
    the JSON records that ``read_puzzles`` reads do."""
    import json  # on use: a one-puzzle solve without --json does not pay for it

    head = {"puzzle": puzzle} if grid is None else {**puzzle_fields(grid), "puzzle": puzzle}
    return json.dumps({**head, **fields, "error": error, "line": line})


def _answer_argument(text: str, task: _Task, as_json: bool, rules: RulesChoice | None) -> int:
    try:
        grid = parse(text)
        if rules is not None:
            grid = rules.apply(grid)
    except ParseError as err:
        if as_json:
            click.echo(_json(text, task.error_fields, str(err), None))
        report_parse_error(text, err)
        return 2
    answer = task.one(grid, _interruptible_search(grid, task.one_limit))
    if as_json:
        click.echo(_json(format_line(grid), answer.fields, None, None, grid))
    else:
        click.echo(answer.text)
    if answer.note:
        click.echo(f"note: {answer.note}", err=True)
    return answer.code


def _interruptible_search(grid: Grid, limit: int) -> Outcome:
    """:func:`search` on a worker thread: the C core runs without the GIL, and the main
    thread, waiting, takes Ctrl-C at once (see ``cli._interrupted``)."""
    # A bare thread, not a pool: concurrent.futures costs more to import than the solve.
    import threading

    answer: list[Outcome] = []
    failure: list[BaseException] = []

    def work() -> None:
        try:
            answer.append(search(grid, limit))
        except BaseException as err:  # handed to the main thread
            failure.append(err)

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join()  # interruptible: Ctrl-C reaches the main thread here
    if failure:
        raise failure[0]
    return answer[0]


def _answer_file(
    path: str, task: _Task, as_json: bool, pretty: bool, jobs: int, rules: RulesChoice | None
) -> int:
    from . import _plain

    with open_source(path) as source, byte_progress(source, task.label) as tick:
        if rules is None and _plain.applies(source, pretty, as_json):
            return _answer_plain(source, task, tick, jobs)
        return _answer_records(source, task, as_json, pretty, jobs, tick, rules)


def _answer_plain(source: Source, task: _Task, tick: Tick, jobs: int) -> int:
    """Plain 9×9 lines as bytes through the C core (see ``_plain``); the same output."""
    from ..solvers.batch import Threads
    from . import _plain

    by_count: Callable[[int], tuple[str, int]] | None = None
    if task.counted:
        empty = Grid(Shape.of(9), (0,) * 81)

        def by_count(count: int) -> tuple[str, int]:
            answer = task.many(empty, Outcome(count, None, 0))
            return answer.text, answer.code

    def answer_record(record: Record) -> tuple[str, int]:
        if record.grid is None:
            return f"error: {record.error}", 2
        answer = task.many(record.grid, search(record.grid, task.many_limit))
        if answer.note:
            click.echo(f"note: line {record.line}: {answer.note}", err=True)
        return answer.text, answer.code

    def several(line: int) -> None:  # a plain line the C core found several solutions to
        click.echo(f"note: line {line}: {SEVERAL_NOTE}", err=True)

    def ticks(n: int) -> None:
        for _ in range(n):
            tick()

    # Threads even for one job: the main thread waits, so Ctrl-C stops a long search.
    with Threads(jobs) as runner:
        return _plain.answer(
            source,
            task.many_limit,
            by_count,
            answer_record,
            (lambda n: None) if tick is noop else ticks,
            runner,
            several=None if task.counted else several,
        )


def _answer_records(
    source: Source,
    task: _Task,
    as_json: bool,
    pretty: bool,
    jobs: int,
    tick: Tick,
    rules: RulesChoice | None = None,
) -> int:
    from ..solvers.batch import chunked, search_chunks

    worst = 0
    first = True
    # Regular files are searched in chunks (9×9 ones in one call to the C core);
    # a pipe is answered record by record, so each answer comes as soon as its line.
    size = CHUNK if source.size is not None or jobs > 1 else 1
    chunks: deque[list[Record]] = deque()

    def grids() -> Iterator[list[Grid]]:
        for chunk in chunked(read_puzzles(source.lines, format=source.format), size):
            chunk = [rules.apply_record(r) for r in chunk] if rules else chunk
            chunks.append(chunk)
            yield [r.grid for r in chunk if r.grid is not None]

    grid: Grid | None
    for outcomes in search_chunks(grids(), task.many_limit, jobs=jobs):
        found = iter(outcomes)
        for record in chunks.popleft():
            if record.grid is None:
                error = str(record.error)
                text, puzzle, fields = f"error: {error}", record.text, task.error_fields
                code, note, grid = 2, None, None
            else:
                answer = task.many(record.grid, next(found))
                error, puzzle, grid = None, format_line(record.grid), record.grid
                text, fields, code = answer.text, answer.fields, answer.code
                note = answer.note
            if as_json:
                click.echo(_json(puzzle, fields, error, record.line, grid))
            else:
                if pretty and not first:
                    click.echo()
                click.echo(text)
                if note:
                    click.echo(f"note: line {record.line}: {note}", err=True)
            first = False
            worst = max(worst, code)
            tick()
    return worst


def _run(
    ctx: click.Context,
    puzzle: str | None,
    path: str | None,
    task: _Task,
    *,
    as_json: bool,
    jobs: int,
    pretty: bool = False,
    rules: RulesChoice | None = None,
) -> NoReturn:
    if puzzle is not None and path is not None:
        raise click.UsageError("give a PUZZLE or -f FILE, not both")
    if puzzle is None and path is None:
        raise click.UsageError("give a PUZZLE, or -f FILE to read many (-f - for stdin)")
    if as_json and pretty:
        raise click.UsageError("--json and --pretty cannot be used together")
    if path is not None:
        code = _answer_file(path, task, as_json, pretty, workers(jobs), rules)
    else:
        assert puzzle is not None
        code = _answer_argument(puzzle, task, as_json, rules)
    ctx.exit(code)


# --- solve -------------------------------------------------------------------------------

_NO_SOLUTION = _Answer(
    "no solution", {"solution": None, "status": "no solution", "unique": None}, 1
)

#: Said on stderr of a file's puzzle with several solutions (after ``line N: ``).
SEVERAL_NOTE = "several solutions; one is shown"


def _solved(solution: Grid, pretty: bool, unique: bool, note: str | None = None) -> _Answer:
    # A variant's solution says its rules (9+x:..., or the picture's "rules:" line), so
    # that reading it back gives the same puzzle; a classic one prints as it always has.
    if pretty:
        from ..render.text import format_shown

        text = format_shown(solution)
    else:
        text = format_rules_line(solution)
    fields = {"solution": format_line(solution), "status": "solved", "unique": unique}
    return _Answer(text, fields, 0, note)


@click.command("solve", cls=_Command)
@puzzle_input("Read")
@click.option("--pretty", is_flag=True, help="Print solutions as pictures.")
@rules_options
@click.pass_context
def solve_cmd(
    ctx: click.Context,
    puzzle: str | None,
    path: str | None,
    jobs: int,
    as_json: bool,
    pretty: bool,
    rules: RulesChoice | None,
) -> None:
    """Solve a puzzle, or every puzzle in a file.

    PUZZLE is one line of 16, 36, 81, 144 or 256 symbols (1-9 then A-G; '.' or '0' for
    an empty cell) or a picture such as `sudokit show` prints, quoted as one argument.
    A puzzle with several solutions gets one of them and a note on stderr.

    With -f, one line is printed per puzzle, in input order: the solution, 'no solution'
    or 'error: line N: ...'; a puzzle with several solutions gets one, and 'note: line N:
    several solutions; one is shown' on stderr (with --json, "unique": false). Lines
    starting with '#' and blank lines are skipped; extra fields on a line (ids, ratings,
    CSV columns) are ignored.

    Exit status: 0 when every puzzle is solved, 1 when some puzzle has no solution, 2
    when some input is malformed.

    \b
    Examples:
      sudokit solve 3...4......3...2
      sudokit solve --variant x -f x-puzzles.txt
      sudokit solve --pretty "$(cat picture.txt)"
      sudokit solve -f puzzles.txt > solutions.txt
      sudokit generate -n 10 | sudokit solve -f - --json
    """

    def one(grid: Grid, outcome: Outcome) -> _Answer:
        if outcome.solution is None:
            return _NO_SOLUTION
        note = None
        if outcome.count >= 2:
            note = "this puzzle has more than one solution; showing one"
        return _solved(Grid(grid.rules, outcome.solution), pretty, outcome.count == 1, note)

    def many(grid: Grid, outcome: Outcome) -> _Answer:
        if outcome.solution is None:
            return _NO_SOLUTION
        unique = outcome.count == 1
        note = None if unique else SEVERAL_NOTE
        return _solved(Grid(grid.rules, outcome.solution), pretty, unique, note)

    error_fields = {"solution": None, "status": "error", "unique": None}
    task = _Task(one, 2, many, 2, error_fields, "solving")
    _run(ctx, puzzle, path, task, as_json=as_json, jobs=jobs, pretty=pretty, rules=rules)


# --- count -------------------------------------------------------------------------------


@click.command("count", cls=_Command)
@puzzle_input("Read")
@click.option(
    "--limit",
    type=click.IntRange(min=1, max=LIMIT_MAX),
    default=2,
    show_default=True,
    help=f"Stop counting at N solutions (at most {LIMIT_MAX}, what the C core counts to).",
)
@rules_options
@click.pass_context
def count_cmd(
    ctx: click.Context,
    puzzle: str | None,
    path: str | None,
    jobs: int,
    as_json: bool,
    limit: int,
    rules: RulesChoice | None,
) -> None:
    """Count the solutions of a puzzle, up to a limit.

    Prints the number of solutions, counting no further than --limit: with the default
    limit of 2, '2' means "more than one". With -f, one count per puzzle, in input order
    (malformed records as 'error: line N: ...').

    Exit status: 0, or 2 when some input is malformed.

    \b
    Examples:
      sudokit count 3...4......3...2
      sudokit count --limit 1000 ................
      sudokit count -f puzzles.txt --json
    """

    def count(grid: Grid, outcome: Outcome) -> _Answer:
        return _Answer(str(outcome.count), {"count": outcome.count, "limit": limit})

    error_fields = {"count": None, "limit": limit}
    task = _Task(count, limit, count, limit, error_fields, "counting", counted=True)
    _run(ctx, puzzle, path, task, as_json=as_json, jobs=jobs, rules=rules)


# --- validate ----------------------------------------------------------------------------

_VERDICTS = {
    0: _Answer("invalid: no solution", {"status": "none"}, 1),
    1: _Answer("valid: exactly one solution", {"status": "unique"}, 0),
    2: _Answer("invalid: several solutions", {"status": "several"}, 1),
}


@click.command("validate", cls=_Command)
@puzzle_input("Read")
@rules_options
@click.pass_context
def validate_cmd(
    ctx: click.Context,
    puzzle: str | None,
    path: str | None,
    jobs: int,
    as_json: bool,
    rules: RulesChoice | None,
) -> None:
    """Check that a puzzle is well-formed and has exactly one solution.

    Prints one verdict per puzzle: 'valid: exactly one solution', 'invalid: no
    solution', 'invalid: several solutions', or 'error: ...' naming the place of a
    malformed puzzle (a bad symbol, a wrong number of cells, duplicate givens).

    Exit status: 0 when every puzzle has exactly one solution, 1 when some has none or
    several, 2 when some input is malformed.

    \b
    Examples:
      sudokit validate 3...4......3...2
      sudokit validate -f puzzles.txt
      sudokit validate -f - --json < puzzles.txt
    """

    def verdict(grid: Grid, outcome: Outcome) -> _Answer:
        return _VERDICTS[outcome.count]

    task = _Task(verdict, 2, verdict, 2, {"status": "error"}, "validating", counted=True)
    _run(ctx, puzzle, path, task, as_json=as_json, jobs=jobs, rules=rules)


# --- show --------------------------------------------------------------------------------


@click.command(
    "show", cls=_Command, short_help="Print a puzzle with box lines; draw it as PNG or SVG."
)
@click.argument("puzzle")
@click.option("--line", "as_line", is_flag=True, help="Print the one-line form instead.")
@click.option(
    "--png",
    "png_path",
    type=click.Path(),
    help="Also draw the board as a PNG picture (needs Pillow).",
)
@click.option(
    "--svg",
    "svg_path",
    type=click.Path(),
    help="Also draw the board as an SVG picture.",
)
@click.option(
    "--solution", "with_solution", is_flag=True, help="Draw the solution in the pictures."
)
@click.option(
    "--candidates", is_flag=True, help="Draw every empty cell's candidates in the pictures."
)
@rules_options
@click.pass_context
def show_cmd(
    ctx: click.Context,
    puzzle: str,
    as_line: bool,
    png_path: str | None,
    svg_path: str | None,
    with_solution: bool,
    candidates: bool,
    rules: RulesChoice | None,
) -> None:
    """Print a puzzle as a picture with box lines; optionally draw it as PNG or SVG.

    The printed picture is read back by every command, as an argument or through -f. A
    variant puzzle's picture starts with its rules, in words and as a code ('rules: X
    (9+x)'); a jigsaw's rows end with their regions' letters. --variant or --rules reads
    plain digits under variant rules.

    \b
    Examples:
      sudokit show 13..2.6....5..4......1..4....1.6..32
      sudokit show --line "$(cat picture.txt)"
      sudokit show "$(sudokit generate --seed 1)" | sudokit solve -f -
      sudokit show "$(sudokit generate --seed 1)" --png board.png --solution
      sudokit show --variant x "$(cat x-puzzle.txt)" | sudokit solve -f -
    """
    try:
        grid = parse(puzzle)
        if rules is not None:
            grid = rules.apply(grid)
    except ParseError as err:
        report_parse_error(puzzle, err)
        ctx.exit(2)
    for target in (png_path, svg_path):
        if target is not None:
            from ..files import check_writable  # only for pictures: keeps start-up light

            check_writable(target)  # before anything is drawn or printed
    from ..render.text import format_shown  # a variant's rules, made visible

    click.echo(format_rules_line(grid) if as_line else format_shown(grid))
    if png_path is None and svg_path is None:
        return
    solution = None
    if with_solution:
        solution = solve(grid)
        if solution is None:
            click.echo("error: this puzzle has no solution to draw", err=True)
            ctx.exit(1)
    from .. import render  # Pillow is optional: import it only when drawing.

    try:
        if png_path is not None:
            render.render_png(grid, png_path, solution=solution, candidates=candidates)
            click.echo(f"wrote {png_path}", err=True)  # stderr: stdout holds the picture
        if svg_path is not None:
            render.render_svg(grid, svg_path, solution=solution, candidates=candidates)
            click.echo(f"wrote {svg_path}", err=True)
    except ImportError:
        click.echo("error: PNG pictures need Pillow: pip install 'sudokit[render]'", err=True)
        ctx.exit(2)
    except WriteError as err:
        raise Failure(str(err)) from None
