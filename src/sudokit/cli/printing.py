"""``sudokit print``: PDF puzzle books, from puzzles given or made on the fly."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import click

from ..errors import ParseError, WriteError
from ..files import check_writable, open_replacing
from ..formats import Record, as_position, parse_position

if TYPE_CHECKING:
    from ..render.pdf import BookEntry, BookInfo
from ._io import Failure, _stdout_is_terminal, count_progress, report_parse_error
from ._rules import RulesChoice, rules_options
from .exchange import _records, _under
from .generating import making_options

# --- print -------------------------------------------------------------------------------

#: The most puzzles in one book (a book is built in memory: 1,000 puzzles take ~40 MiB).
BOOK_MAX = 10_000


def _too_many(what: str) -> Failure:
    return Failure(f"{what}: at most {BOOK_MAX:,} puzzles in one book (split it into several)")


def _book_entries(
    records: Iterator[Record], grade: bool, failures: list[int]
) -> Iterator[BookEntry]:
    from ..render.pdf import book_entry

    for count, record in enumerate(records, start=1):
        if count > BOOK_MAX:
            raise _too_many("the input")
        if record.grid is None:
            failures[0] += 1  # a count, not the messages: a huge file stays small
            click.echo(f"error: {record.error}", err=True)
            continue
        position = as_position(record.position or record.grid)
        yield book_entry(
            position.givens,
            placed=position.placed,
            candidates=position.candidates,
            grade=grade,
        )


@click.command("print", short_help="Print a PDF book of puzzles: given, from a file, or generated.")
@click.argument("puzzles", nargs=-1)
@click.option(
    "-f",
    "--file",
    "path",
    metavar="FILE",
    type=click.Path(exists=True, dir_okay=False, allow_dash=True),
    help="Print the puzzles of FILE (any format `sudokit convert` reads; '-' for stdin).",
)
@click.option(
    "-o",
    "--output",
    "out",
    metavar="OUT",
    type=click.Path(),
    default=None,
    help="The PDF file to write, replaced only once the book is complete ('-' for "
    "stdout, as bytes). Default: sudoku.pdf, or sudoku-2.pdf... when that exists (never "
    "overwritten unasked).",
)
@click.option(
    "-n",
    "--count",
    type=click.IntRange(min=1),
    default=None,
    help=f"Generate N puzzles (at most {BOOK_MAX:,}).",
)
@making_options("With -n only. ")
@rules_options(new=True)
@click.option("--title", default="Sudoku", show_default=True, help="The book's title.")
@click.option(
    "--per-page",
    type=click.Choice(["1", "2", "4", "6"]),
    default=None,
    help="Puzzles per page (default: 4 for 9×9, 6 for small grids, 2 for 12×12 (at most 4), 1 for "
    "16×16, which takes at most 2).",
)
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter"]),
    default="a4",
    show_default=True,
    help="Paper size.",
)
@click.option("--large-print", is_flag=True, help="Digits at least 16 pt tall.")
@click.option(
    "--no-solutions", is_flag=True, help="Leave the solutions out (default: at the back)."
)
@click.option(
    "--candidates",
    is_flag=True,
    help="Print the candidates of empty cells (those the input records, else all the "
    "rules allow), for a puzzle in progress.",
)
@click.option("--no-rating", is_flag=True, help="Do not grade the puzzles (faster).")
@click.option(
    "--explained",
    is_flag=True,
    help="The learner's book: after the solutions, each puzzle's steps beyond singles, "
    "drawn on the candidate grid with their sentences.",
)
@click.pass_context
def print_cmd(
    ctx: click.Context,
    puzzles: tuple[str, ...],
    path: str | None,
    out: str | None,
    count: int | None,
    size: str,
    difficulty: str | None,
    seed: int | None,
    symmetry: str,
    rules: RulesChoice | None,
    title: str,
    per_page: str | None,
    paper: str,
    large_print: bool,
    no_solutions: bool,
    candidates: bool,
    no_rating: bool,
    explained: bool = False,
) -> None:
    """Print a PDF book of puzzles: given, read from a file, or generated.

    Each puzzle is numbered, with its level and score (as `sudokit rate` grades it);
    the solutions follow at the back. Digits are text, the grids vector lines: the book
    prints sharp at any size.

    \b
    Examples:
      sudokit print -n 24 --difficulty medium --seed 1 -o medium.pdf
      sudokit print -f puzzles.sdm --per-page 6 --paper letter
      sudokit print -n 4 --size 16 --per-page 2 --title "Big ones"
      sudokit print -n 8 --variant x,windoku --difficulty hard -o windoku.pdf
      sudokit print -f progress.pm --candidates --per-page 1 --large-print
      sudokit print -n 4 --difficulty hard --seed 2 --explained -o learn.pdf
    """
    sources = sum([bool(puzzles), path is not None, count is not None])
    if sources != 1:
        raise click.UsageError("give PUZZLE..., -f FILE or -n COUNT (one of them)")
    if count is not None and count > BOOK_MAX:
        raise _too_many("-n")
    if len(puzzles) > BOOK_MAX:
        raise _too_many("PUZZLE...")
    if out is None:
        out = _free_name("sudoku", ".pdf")
    if out == "-":
        if _stdout_is_terminal():
            raise Failure("-o -: stdout is a terminal; send the PDF to a file or a pipe")
    else:
        check_writable(out)  # a bad path fails now, before any puzzle is made
    try:
        from ..render import pdf
    except ImportError:  # pragma: no cover - reportlab is a dependency
        raise Failure("PDF books need reportlab: pip install reportlab") from None
    if count is not None and rules is not None and rules.code is not None:
        # New puzzles under a code: the size is the rules' (as `generate --rules`).
        if (
            ctx.get_parameter_source("size") is click.core.ParameterSource.COMMANDLINE
            and int(size) != rules.code.n
        ):
            raise click.UsageError(f"--size {size} does not match --rules {rules.code.code}")
        size = str(rules.code.n)
    pages = None if per_page is None else int(per_page)
    first_size = int(size) if count is not None else None
    if first_size is not None:
        try:
            pdf.plan(first_size, pages, paper, large_print)
        except ValueError as err:
            raise click.UsageError(str(err)) from None
    failures = [0]

    if count is not None:
        entries: Iterator[BookEntry] = pdf.generated_entries(
            count,
            int(size),
            difficulty=difficulty,
            seed=seed,
            symmetry=symmetry,
            grade=not no_rating,
            variant=None if rules is None else rules.variants or None,
            rules=None if rules is None else rules.code,
        )
    elif path is not None:
        entries = _book_entries(_records(None, path, None, rules), not no_rating, failures)
    else:
        entries = _book_entries(_given(puzzles, rules), not no_rating, failures)

    total = count if count is not None else len(puzzles)
    options = {
        "title": title,
        "per_page": pages,
        "paper": paper,
        "large_print": large_print,
        "solutions": not no_solutions,
        "candidates": candidates,
        "explained": explained,
    }
    try:
        with count_progress(total, "printing") as tick:
            info = _write_pdf(out, entries, tick, options)
    except pdf.MissingReportlab as err:
        raise Failure(str(err)) from None
    except ValueError as err:
        raise Failure(str(err)) from None
    except WriteError as err:
        raise Failure(str(err)) from None
    except OSError as err:
        raise Failure(f"cannot write {out}: {err.strerror or err}") from None
    click.echo(
        f"wrote {'the book to stdout' if out == '-' else out}: "
        f"{_plural(info.puzzles, 'puzzle')} on {_plural(info.pages, 'page')}"
        + (f" ({info.solution_pages} of solutions)" if info.solution_pages else ""),
        err=True,
    )
    ctx.exit(2 if failures[0] else 0)


def _free_name(stem: str, suffix: str) -> str:
    """``stem + suffix`` in the current folder, numbered when that exists."""
    name, number = stem + suffix, 2
    while os.path.exists(name):
        name, number = f"{stem}-{number}{suffix}", number + 1
    return name


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _write_pdf(
    out: str, entries: Iterator[BookEntry], tick: Callable[[], None], options: dict[str, Any]
) -> BookInfo:
    """Write the book to a temporary file beside ``out``; replace ``out`` at the end."""
    from ..render.pdf import write_book

    if out == "-":  # as `convert -o -`: stdout, here as bytes
        import io
        import sys

        book = io.BytesIO()  # stdout gets the book whole or nothing, as a file does
        info = write_book(entries, book, tick=tick, **options)
        sys.stdout.flush()
        sys.stdout.buffer.write(book.getvalue())
        sys.stdout.buffer.flush()
        return info
    with open_replacing(out, "wb") as handle:
        return write_book(entries, handle, tick=tick, **options)


def _given(puzzles: tuple[str, ...], rules: RulesChoice | None) -> Iterator[Record]:
    for i, text in enumerate(puzzles, start=1):
        try:
            position = parse_position(text)
        except ParseError as err:
            report_parse_error(text, err)
            raise click.exceptions.Exit(2) from None
        if rules is not None:
            position = _under(rules, position)  # RulesError: error: ..., exit 2
        yield Record(i, text, position.givens, None, position)
