"""Input, progress and error display for the command line.

Nothing here imports :mod:`rich` up front: a progress bar is drawn only when stderr is a
terminal and the work is long enough to want one, and only then is rich imported.
"""

from __future__ import annotations

import os
import re
import stat
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import IO, Any, TypeVar

import click

from ..errors import DuplicateError, ParseError
from ..formats import parse_line
from ..geometry import CELL_COUNTS

#: Files smaller than this are read without a progress bar.
PROGRESS_MIN_BYTES = 256 * 1024
#: Runs of fewer puzzles than this are generated without a progress bar.
PROGRESS_MIN_COUNT = 50
#: Files are read as UTF-8 (a byte-order mark is dropped); bad bytes never stop a run.
ENCODING = "utf-8-sig"

Tick = Callable[[], None]


def noop() -> None:
    pass


class Failure(click.ClickException):
    """An error reported as ``error: <message>`` on stderr, with exit status 2."""

    exit_code = 2

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)


def stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _stdout_is_terminal() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


# --- reading files of puzzles ------------------------------------------------------------


#: The longest line read from a file (a file of puzzles has no longer ones): an endless
#: line (``-f /dev/zero``) is an error at that line, not a ``MemoryError``.
LINE_CAP = 1 << 20
#: Bytes asked of the input at a time.
BLOCK = 1 << 16


def whole_lines(blocks: Iterable[bytes], cap: int = LINE_CAP) -> Iterator[tuple[int, bytes]]:
    """The input in pieces of whole lines, each with the number of its first line.

    Only ``\\n`` ends a line (a lone ``\\r`` does not, as editors count lines), so every
    piece but the last of the input ends with ``\\n``. A line longer than ``cap`` bytes
    stops the reading with ``error: line N: ...`` (exit status 2).
    """
    rest = b""
    number = 1
    for block in blocks:
        cut = block.rfind(b"\n")
        if cut < 0:
            rest += block
            if len(rest) > cap:
                raise _too_long(number, cap)
            continue
        piece = rest + block[: cut + 1] if rest else block[: cut + 1]
        rest = block[cut + 1 :]
        if len(piece) > cap and piece.find(b"\n") > cap:
            raise _too_long(number, cap)
        yield number, piece
        number += piece.count(b"\n")
    if rest:
        if len(rest) > cap:
            raise _too_long(number, cap)
        yield number, rest


def _too_long(number: int, cap: int) -> Failure:
    return Failure(f"line {number}: longer than {cap // (1 << 20)} MiB: not a file of puzzles")


def text_lines(pieces: Iterable[tuple[int, bytes]]) -> Iterator[str]:
    """Lines as text (UTF-8, bad bytes replaced, a byte-order mark and ``\\r\\n`` ends
    dropped), each ending with ``\\n``."""
    first = True
    for _, piece in pieces:
        text = piece.decode(ENCODING if first else "utf-8", errors="replace")
        first = False
        lines = text.split("\n")
        if lines[-1] == "":
            lines.pop()
        for line in lines:
            yield (line[:-1] if line.endswith("\r") else line) + "\n"


def read_blocks(binary: IO[bytes], size: int = BLOCK) -> Iterator[bytes]:
    """The bytes of a stream as they come (a pipe's answers need not wait for a full
    block)."""
    read = getattr(binary, "read1", binary.read)
    while block := read(size):
        yield block


class Source:
    """An input: its pieces of whole lines (:func:`whole_lines`) or, read as text, its
    lines; and where it is a regular file, its descriptor and size."""

    def __init__(
        self,
        pieces: Iterator[tuple[int, bytes]] | None,
        fd: int | None = None,
        size: int | None = None,
        format: str | None = None,
        lines: Iterable[str] | None = None,
    ) -> None:
        self.pieces = pieces if pieces is not None else iter(())
        self.fd = fd
        self.size = size
        #: The exchange format the file's name implies (``.sdk``, ``.ss``, ...), if any.
        self.format = format
        self._lines = lines

    @property
    def lines(self) -> Iterable[str]:
        """The input's lines as text (read from the same pieces: use one or the other)."""
        if self._lines is None:
            self._lines = text_lines(self.pieces)
        return self._lines

    def position(self) -> int:
        """Bytes read so far (at the granularity of the read buffer)."""
        assert self.fd is not None
        return os.lseek(self.fd, 0, os.SEEK_CUR)


def _regular_file(stream: IO[Any]) -> tuple[int | None, int | None]:
    try:
        fd = stream.fileno()
        info = os.fstat(fd)
    except (OSError, ValueError, AttributeError):  # io.UnsupportedOperation is both
        return None, None
    if not stat.S_ISREG(info.st_mode):
        return None, None
    return fd, info.st_size


@contextmanager
def open_source(path: str) -> Iterator[Source]:
    """Open a file of puzzles by path, ``-`` for stdin, as a lazy stream of lines."""
    if path == "-":
        if sys.stdin is None:
            raise Failure("there is no standard input to read")
        binary: IO[bytes] | None = getattr(sys.stdin, "buffer", None)
        if binary is None:  # a text-only stdin: read it as it is
            yield Source(None, lines=sys.stdin)
            return
        fd, size = _regular_file(binary)
        yield Source(whole_lines(read_blocks(binary)), fd, size)
    else:
        try:
            handle = open(path, "rb")  # noqa: SIM115
        except OSError as err:
            raise Failure(f"cannot read {path}: {err.strerror or err}") from None
        fd, size = _regular_file(handle)
        with handle:
            from ..formats.sniffing import format_of_name

            yield Source(whole_lines(read_blocks(handle)), fd, size, format_of_name(path))


# --- progress bars -----------------------------------------------------------------------


def _progress(*columns: Any) -> Any:
    from rich.console import Console
    from rich.progress import Progress

    # When stdout is the terminal too, lines printed while the bar is live go above it;
    # otherwise stdout (a pipe or file) is left alone.
    return Progress(
        *columns,
        console=Console(stderr=True),
        transient=True,
        redirect_stdout=_stdout_is_terminal(),
        redirect_stderr=False,
    )


@contextmanager
def byte_progress(source: Source, label: str) -> Iterator[Tick]:
    """A bar of bytes read, for a regular file of at least :data:`PROGRESS_MIN_BYTES`
    when stderr is a terminal. Yields ``tick()``, to call after each puzzle."""
    if (
        source.fd is None
        or source.size is None
        or source.size < PROGRESS_MIN_BYTES
        or not stderr_is_terminal()
    ):
        yield noop
        return

    from rich.progress import BarColumn, TaskProgressColumn, TextColumn, TimeRemainingColumn

    progress = _progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[puzzles]:,} puzzles"),
        TimeRemainingColumn(),
    )
    task = progress.add_task(label, total=source.size, puzzles=0)
    done = 0
    due = 0.0

    def tick() -> None:
        nonlocal done, due
        done += 1
        now = time.monotonic()
        if now >= due:
            due = now + 0.1
            progress.update(task, completed=source.position(), puzzles=done)

    with progress:
        yield tick
        progress.update(task, completed=source.size, puzzles=done)


@contextmanager
def count_progress(total: int, label: str, minimum: int = PROGRESS_MIN_COUNT) -> Iterator[Tick]:
    """A bar of ``total`` steps when there are at least ``minimum`` and stderr is a
    terminal. Yields ``tick()``, to call after each step."""
    if total < minimum or not stderr_is_terminal():
        yield noop
        return

    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn

    progress = _progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    task = progress.add_task(label, total=total)

    def tick() -> None:
        progress.advance(task)

    with progress:
        yield tick


# --- errors in a puzzle given on the command line ------------------------------------------


def _marked_cells(line: str, err: ParseError) -> list[int]:
    if isinstance(err, DuplicateError):
        conflicts = parse_line(line, check=False).conflicts()
        if conflicts:
            return list(conflicts[0].cells)
    if err.row is not None and err.col is not None:
        return [err.row * CELL_COUNTS[len(line)] + err.col]
    return []


def parse_error_context(text: str, err: ParseError) -> list[str]:
    """Lines that point at the bad cells of a one-line puzzle (none for pictures)."""
    line = text.strip()
    if len(line) not in CELL_COUNTS or any(ch.isspace() for ch in line):
        return []
    try:
        cells = _marked_cells(line, err)
    except ParseError:
        return []
    if not cells:
        return []
    marks = [" "] * (max(cells) + 1)
    for cell in cells:
        marks[cell] = "^"
    return [f"  {line}", "  " + "".join(marks)]


#: A name made of what paths are made of (no spaces, brackets or colons of other formats).
_PATH_CHARS = re.compile(r"(?:[A-Za-z]:)?[~\w./\\+-]+")
#: ... with what puzzles never hold: a separator, a home, or an extension like ``.txt``.
_PATH_SIGN = re.compile(r"[/\\~]|\.(?=[A-Za-z0-9]{2,5}$)[A-Za-z0-9]*[H-Zh-z]")


def missing_file(text: str) -> str | None:
    """``no such file: PATH`` when an argument that failed to read as a puzzle looks like
    the name of a file that does not exist (rather than "10 cells: a puzzle has ...")."""
    name = text.strip()
    if not name or len(name) > 4096 or not _PATH_CHARS.fullmatch(name):
        return None
    if "..." in name or not _PATH_SIGN.search(name):  # runs of empty cells: a puzzle
        return None
    if os.path.exists(os.path.expanduser(name)):
        return None
    return f"no such file: {name}"


def report_parse_error(text: str, err: ParseError) -> None:
    """``error: <message>`` on stderr, with a pointer to the place when it helps."""
    missing = missing_file(text)
    if missing is not None:
        click.echo(f"error: {missing}", err=True)
        return
    click.echo(f"error: {err}", err=True)
    for extra in parse_error_context(text, err):
        click.echo(extra, err=True)
    if text.strip() == "-":
        click.echo("hint: to read puzzles from stdin, use -f -", err=True)
    elif "\n" not in text and os.path.isfile(text):
        import shlex

        click.echo(f"hint: to read puzzles from a file, use -f {shlex.quote(text)}", err=True)


# --- options shared by the commands that read puzzles --------------------------------------

F = TypeVar("F", bound=Callable[..., Any])


def puzzle_input(verb: str) -> Callable[[F], F]:
    """The PUZZLE argument, ``-f FILE``, ``--json`` and ``--jobs`` of the commands that
    answer one puzzle or a file of them; ``verb`` starts the help of ``-f``."""

    def decorate(func: F) -> F:
        func = click.option(
            "-j",
            "--jobs",
            type=click.IntRange(min=0),
            default=1,
            show_default=True,
            help="With -f: spread the work over N workers, results in input order "
            "(0: one per core).",
        )(func)
        func = click.option(
            "--json",
            "as_json",
            is_flag=True,
            help="Print one JSON object per puzzle (JSON Lines).",
        )(func)
        func = click.option(
            "-f",
            "--file",
            "path",
            metavar="FILE",
            type=click.Path(exists=True, dir_okay=False, allow_dash=True),
            help=f"{verb} every puzzle of FILE: lines, pictures, .sdk, .sdm, .ss, HoDoKu lines, "
            "pencil-mark grids, links, JSON Lines or CSV ('-' for stdin).",
        )(func)
        return click.argument("puzzle", required=False)(func)

    return decorate


def dask_option(func: F) -> F:
    """``--dask ADDRESS``: spread the work of ``-f`` over a Dask cluster."""
    return dask_work(
        "With -f: spread the work over the workers of a Dask cluster, results in input order"
    )(func)


def dask_work(what: str) -> Callable[[F], F]:
    """``--dask ADDRESS``, whose help starts with ``what`` (the work it spreads)."""
    return click.option(
        "--dask",
        "dask",
        metavar="ADDRESS",
        default=None,
        help=f"{what}: a scheduler's address (tcp://host:8786), or 'local' for a cluster "
        "on this machine (--jobs workers; 0 or 1: one per core). Needs sudokit[dask].",
    )


@contextmanager
def open_executor(jobs: int, dask: str | None, *, threads: bool = False) -> Iterator[Any]:
    """The batch engine's executor for ``--jobs``/``--dask``; errors as ``error: ...``,
    a cluster lost during the work too (what was printed before stays, whole)."""
    from ..errors import SudokuError
    from ..solvers.batch import ClusterError, executor

    if dask is not None and jobs == 1:
        jobs = 0
    if dask is not None:
        _quiet_dask()
    try:
        runner = executor(jobs, dask=dask, threads=threads)
    except SudokuError as err:
        raise Failure(str(err)) from None
    with runner:
        try:
            yield runner
        except ClusterError as err:
            raise Failure(str(err)) from None


def _quiet_dask() -> None:
    """Silence Dask's own log lines here: its client logs a lost scheduler as tracebacks on
    stderr while it retries; the ``error: ...`` line says it in one line."""
    import importlib
    import logging

    try:
        importlib.import_module("distributed")  # it sets its loggers' levels on import
    except ImportError:
        return  # the executor says how to install it
    names = [n for n in logging.root.manager.loggerDict if n.split(".")[0] == "distributed"]
    for name in ["distributed", *names]:
        logging.getLogger(name).setLevel(logging.CRITICAL)


def workers(jobs: int) -> int:
    """How many workers ``--jobs`` asks for (0: one per core)."""
    return jobs or os.cpu_count() or 1
