"""Print and exchange: ``sudokit print`` (PDF puzzle books) and ``sudokit convert``
(between the formats other Sudoku programs use)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Any

import click

from ..errors import ParseError, WriteError
from ..files import check_writable, open_replacing
from ..formats import (
    READ_FORMATS,
    SINGLE_PUZZLE_FORMATS,
    WRITE_FORMATS,
    Position,
    Record,
    as_position,
    csv_header,
    format_of_name,
    format_position,
    parse_position,
    read_puzzles,
)

if TYPE_CHECKING:
    from ..render.pdf import BookEntry, BookInfo
from ._io import Failure, byte_progress, count_progress, open_source, report_parse_error
from .generating import making_options

#: Formats whose puzzles span several lines: a blank line goes between two of them.
_MULTILINE = frozenset({"pretty", "pencilmarks", "sdk", "ss"})


@contextmanager
def _output(path: str | None) -> Iterator[IO[str]]:
    """stdout, or ``path`` written whole or not at all: a temporary file beside it takes
    the output and replaces ``path`` only when everything went well."""
    if path is None or path == "-":
        yield sys.stdout
        return
    with open_replacing(path, "w", encoding="utf-8", newline="\n") as handle:
        yield handle


def _records(puzzle: str | None, path: str | None, source_format: str | None) -> Iterator[Record]:
    """The puzzles of the argument or the file, as records."""
    if puzzle is not None:
        kind = None if source_format in (None, "auto") else source_format
        try:
            position = parse_position(puzzle, kind=kind)
        except ParseError as err:
            report_parse_error(puzzle, err)
            raise click.exceptions.Exit(2) from None
        yield Record(1, puzzle, position.givens, None, position)
        return
    assert path is not None
    with open_source(path) as source, byte_progress(source, "reading") as tick:
        kind = source.format if source_format in (None, "auto") else source_format
        for record in read_puzzles(source.lines, format=kind):
            yield record
            tick()


# --- convert ------------------------------------------------------------------------------


@click.command("convert")
@click.argument("puzzle", required=False)
@click.option(
    "-f",
    "--file",
    "path",
    metavar="FILE",
    type=click.Path(exists=True, dir_okay=False, allow_dash=True),
    help="Read the puzzles of FILE ('-' for stdin); its format is told by the file "
    "name's ending or by its content.",
)
@click.option(
    "--from",
    "source_format",
    type=click.Choice(["auto", *READ_FORMATS]),
    default="auto",
    show_default=True,
    help="The format of the input, when its name and content do not tell.",
)
@click.option(
    "-t",
    "--to",
    "target",
    type=click.Choice(WRITE_FORMATS),
    default=None,
    help="The format to write. Default: told by the name of OUT, else 'line'.",
)
@click.option(
    "-o",
    "--output",
    "out",
    metavar="OUT",
    type=click.Path(allow_dash=True),
    default=None,
    help="Write to OUT (replaced only once everything is written) instead of stdout.",
)
@click.pass_context
def convert_cmd(
    ctx: click.Context,
    puzzle: str | None,
    path: str | None,
    source_format: str,
    target: str | None,
    out: str | None,
) -> None:
    """Convert puzzles between the formats Sudoku programs exchange.

    Reads lines, pictures, SadMan .sdk/.sdm, Simple Sudoku .ss, HoDoKu library lines,
    pencil-mark grids, SudokuWiki and SudokuExchange links, JSON Lines and CSV; writes
    any of the --to formats. sdk and ss hold one puzzle; sdm, ss, sdk, hodoku and the
    links are 9×9 only. What a format carries besides the givens (placed digits,
    candidates, metadata) goes along where the target holds it too.

    A malformed puzzle is reported as 'error: line N: ...' on stderr and left out; the
    others are converted (exit status 2).

    \b
    Examples:
      sudokit convert -f puzzles.sdm --to hodoku
      sudokit convert -f book.txt -o book.csv
      sudokit convert -f puzzle.sdk --to sudokuwiki
      sudokit convert "https://www.sudokuwiki.org/sudoku.htm?bd=0030..." --to pretty
    """
    if (puzzle is None) == (path is None):
        raise click.UsageError("give a PUZZLE or -f FILE (one of them)")
    if target is None:
        target = (format_of_name(out) if out and out != "-" else None) or "line"
        if target not in WRITE_FORMATS:
            target = "line"
    code = 0
    written = 0
    with _output(out) as handle:
        if target == "csv":
            handle.write(csv_header() + "\n")
        for record in _records(puzzle, path, source_format):
            if record.grid is None:
                click.echo(f"error: {record.error}", err=True)
                code = 2
                continue
            position = record.position or Position(record.grid)
            if target in SINGLE_PUZZLE_FORMATS and written == 1:
                raise Failure(
                    f"a .{target} file holds one puzzle, and the input has more "
                    f"(line {record.line}); write them with --to sdm, hodoku or line"
                )
            try:
                text = format_position(position, target)
            except ValueError as err:
                click.echo(f"error: line {record.line}: {err}", err=True)
                code = 2
                continue
            if written and target in _MULTILINE:
                handle.write("\n")
            handle.write(text + "\n")
            written += 1
    ctx.exit(code)


# --- print -------------------------------------------------------------------------------


def _book_entries(
    records: Iterator[Record], grade: bool, failures: list[int]
) -> Iterator[BookEntry]:
    from ..render.pdf import book_entry

    for record in records:
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


@click.command("print")
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
    help="The PDF file to write, replaced only once the book is complete. Default: "
    "sudoku.pdf, or sudoku-2.pdf... when that exists (never overwritten unasked).",
)
@click.option("-n", "--count", type=click.IntRange(min=1), default=None, help="Generate N puzzles.")
@making_options("With -n only. ")
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
    title: str,
    per_page: str | None,
    paper: str,
    large_print: bool,
    no_solutions: bool,
    candidates: bool,
    no_rating: bool,
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
      sudokit print -f progress.pm --candidates --per-page 1 --large-print
    """
    sources = sum([bool(puzzles), path is not None, count is not None])
    if sources != 1:
        raise click.UsageError("give PUZZLE..., -f FILE or -n COUNT (one of them)")
    if out is None:
        out = _free_name("sudoku", ".pdf")
    check_writable(out)  # a bad path fails now, before any puzzle is made
    try:
        from ..render import pdf
    except ImportError:  # pragma: no cover - reportlab is a dependency
        raise Failure("PDF books need reportlab: pip install reportlab") from None
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
        )
    elif path is not None:
        entries = _book_entries(_records(None, path, None), not no_rating, failures)
    else:
        entries = _book_entries(_given(puzzles), not no_rating, failures)

    total = count if count is not None else len(puzzles)
    options = {
        "title": title,
        "per_page": pages,
        "paper": paper,
        "large_print": large_print,
        "solutions": not no_solutions,
        "candidates": candidates,
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
        f"wrote {out}: {_plural(info.puzzles, 'puzzle')} on {_plural(info.pages, 'page')}"
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

    with open_replacing(out, "wb") as handle:
        return write_book(entries, handle, tick=tick, **options)


def _given(puzzles: tuple[str, ...]) -> Iterator[Record]:
    for i, text in enumerate(puzzles, start=1):
        try:
            position = parse_position(text)
        except ParseError as err:
            report_parse_error(text, err)
            raise click.exceptions.Exit(2) from None
        yield Record(i, text, position.givens, None, position)
