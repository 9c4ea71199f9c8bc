"""``sudokit convert``: between the formats other Sudoku programs use (``print``, which
makes books, is in :mod:`sudokit.cli.printing`)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

import click

from ..errors import ParseError, RulesError
from ..files import open_replacing
from ..formats import (
    READ_FORMATS,
    SINGLE_PUZZLE_FORMATS,
    WRITE_FORMATS,
    Position,
    Record,
    csv_header,
    format_of_name,
    format_position,
    parse_position,
    read_puzzles,
)
from ..grid import Grid
from ._io import Failure, byte_progress, open_source, report_parse_error
from ._rules import RulesChoice, rules_options

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


def _under(rules: RulesChoice, position: Position) -> Position:
    """``position`` under the rules asked for (``--variant``/``--rules``); RulesError when
    they do not fit it."""
    from dataclasses import replace

    givens = rules.apply(position.givens)
    placed = position.placed
    if placed is not None:
        placed = Grid(givens.rules, placed.cells)
    return replace(position, givens=givens, placed=placed)


def _records(
    puzzle: str | None,
    path: str | None,
    source_format: str | None,
    rules: RulesChoice | None = None,
) -> Iterator[Record]:
    """The puzzles of the argument or the file, as records (under ``rules`` if given)."""
    if puzzle is not None:
        kind = None if source_format in (None, "auto") else source_format
        try:
            position = parse_position(puzzle, kind=kind)
        except ParseError as err:
            report_parse_error(puzzle, err)
            raise click.exceptions.Exit(2) from None
        if rules is not None:
            position = _under(rules, position)  # RulesError: error: ..., exit 2
        yield Record(1, puzzle, position.givens, None, position)
        return
    assert path is not None
    with open_source(path) as source, byte_progress(source, "reading") as tick:
        kind = source.format if source_format in (None, "auto") else source_format
        for record in read_puzzles(source.lines, format=kind):
            if rules is not None and record.grid is not None:
                try:
                    position = _under(rules, record.position or Position(record.grid))
                except RulesError as err:
                    # That line's error (another size, rules of its own); the rest goes on.
                    error = ParseError(str(err), line=record.line)
                    record = Record(record.line, record.text, None, error)
                else:
                    record = Record(record.line, record.text, position.givens, None, position)
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
@rules_options
@click.pass_context
def convert_cmd(
    ctx: click.Context,
    puzzle: str | None,
    path: str | None,
    source_format: str,
    target: str | None,
    out: str | None,
    rules: RulesChoice | None,
) -> None:
    """Convert puzzles between the formats Sudoku programs exchange.

    Reads lines, pictures, SadMan .sdk/.sdm, Simple Sudoku .ss, HoDoKu library lines,
    pencil-mark grids, SudokuWiki and SudokuExchange links, JSON Lines and CSV, Solo game
    IDs, f-puzzles JSON and f-puzzles and SudokuPad links (fpuzzles..., and SudokuPad's own
    scl... and ctc...); writes any of the --to formats.
    sdk and ss hold one puzzle; sdm, ss, sdk, hodoku and the SudokuWiki and SudokuExchange
    links are 9×9 only. What a format carries besides the givens (placed digits,
    candidates, metadata) goes along where the target holds it too.

    A puzzle's rules (X, jigsaw regions, windoku, anti-knight, anti-king,
    non-consecutive) go along too: line and json write them (9+x:...), pretty in its
    first line (rules: X (9+x)), solo writes
    classic, X and jigsaw, fpuzzles, fpuzzles-link, sudokupad and sudokupad-scl
    (SudokuPad's own format) write them all; the
    other formats hold classic puzzles only and refuse a variant. A rule sudokit does
    not play (killer cages, thermometers, arrows...) is refused, never dropped. --variant
    or --rules reads plain digits under variant rules (sudokit convert --variant x -f
    x.txt --to sudokupad).

    A malformed puzzle is reported as 'error: line N: ...' on stderr and left out; the
    others are converted (exit status 2).

    \b
    Examples:
      sudokit convert -f puzzles.sdm --to hodoku
      sudokit convert -f book.txt -o book.csv
      sudokit convert -f puzzle.sdk --to sudokuwiki
      sudokit convert "3x3x:f4_8c5c6e3b1a5c6a7a1_2a7e9a2_1a9a4c3a6b1e9c2c8_1f" --to sudokupad
      sudokit convert "https://www.sudokuwiki.org/sudoku.htm?bd=200105003054000710010203080602807304000000000105309806020701060081000240700402001" --to pretty
    """  # noqa: E501 (a link is not cut)
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
        for record in _records(puzzle, path, source_format, rules):
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
