"""The fast path of ``solve``/``count``/``validate -f``: plain 9×9 lines as bytes.

A line of exactly 81 symbols (``1-9``, ``.`` or ``0``) is a *plain* line: it goes to the
C core in a chunk with its neighbours, as one buffer, and its answer is built as bytes from
the count (and solution) the core returns. Everything else — comments and blank lines
between plain ones excepted — takes the precise path: the lines are read by
:func:`~sudokit.formats.read_puzzles`, as the whole file would have been, and answered one
by one. A plain line the core answers 0 for is read again too, since duplicate givens
(an error with its place) and "no solution" both give 0 there.

Output is byte for byte what the precise path alone prints.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from typing import IO

from ..formats import Record, read_puzzles
from ..solvers import native
from ..solvers.batch import Executor
from ._io import Failure, Source, text_lines

Pieces = Iterator[tuple[int, bytes]]

#: Bytes that plain lines are made of (``0`` and ``.`` are empty cells).
SYMBOLS = b"0123456789."
_LINE = 82  # 81 symbols and the newline
#: Puzzles sent to the C core at a time.
CHUNK = 4096
#: Lines of the precise path gathered before they are read: past it, the rest of the input
#: takes the precise path (a picture may span any number of lines; only a blank or comment
#: line is a safe place to cut, and is taken as one after :data:`SEGMENT` lines).
SEGMENT = 1024
SEGMENT_MAX = 16 * SEGMENT

#: How the precise path answers one record: the answer's text (without a newline) and
#: its exit code.
AnswerRecord = Callable[[Record], tuple[str, int]]


def applies(source: Source, pretty: bool, as_json: bool) -> bool:
    """Whether the fast path can answer this input: the C core is active for 9×9, the
    answers are lines of text, and the input's name implies no exchange format."""
    return native.active() and not pretty and not as_json and source.format is None


class Writer:
    """Answers gathered into big writes; a pipe or terminal gets each input block's
    answers as soon as they are known."""

    def __init__(self, out: IO[bytes], eager: bool) -> None:
        self.out = out
        self.eager = eager
        self.parts: list[bytes] = []
        self.size = 0

    def add(self, data: bytes) -> None:
        self.parts.append(data)
        self.size += len(data)
        if self.size >= 1 << 16:
            self.flush()

    def flush(self) -> None:
        if self.parts:
            self.out.write(b"".join(self.parts))
            self.parts.clear()
            self.size = 0
            self.out.flush()


def answer(
    source: Source,
    limit: int,
    by_count: Callable[[int], tuple[str, int]] | None,
    answer_record: AnswerRecord,
    tick: Callable[[int], None],
    executor: Executor,
    several: Callable[[int], None] | None = None,
) -> int:
    """Answer every puzzle of ``source`` on stdout, in input order; the worst exit code.

    ``by_count(count)`` is the answer (and exit code) of a plain puzzle with ``count >= 1``
    solutions, or None for ``solve``, whose answer is the solution itself; then
    ``several(line number)`` is told of each plain puzzle with two solutions or more
    (after its answer is written).
    """
    sys.stdout.flush()  # what was echoed before comes first
    writer = Writer(sys.stdout.buffer, eager=source.size is None)
    state = _State(limit, by_count, answer_record, writer, tick, several)
    try:
        work = _work(source.pieces, limit, writer.eager)
        if writer.eager:
            # A pipe: each piece's answers before the next read, which may wait.
            for item in work:
                for done in executor.map(_solve, [item]):
                    state.emit(done)
        else:
            for done in executor.map(_solve, work):
                state.emit(done)
    finally:
        writer.flush()
    return state.worst


# Work in input order: ("plain", (data, line numbers, limit)) for the core,
# ("lines", (text lines, first line number)) and ("rest", (text lines, format)) for the
# precise path; the core's answers come back as ("done", (batch, data, line numbers)).
_Work = tuple[str, tuple[object, ...]]


def _solve(work: _Work) -> _Work:
    kind, payload = work
    if kind != "plain":
        return work
    data, numbers, limit = payload
    assert isinstance(data, bytes) and isinstance(limit, int)
    return ("done", (native.run_many(data, limit), data, numbers))


def _is_plain_block(piece: bytes) -> bool:
    n = len(piece) // _LINE
    return (
        n * _LINE == len(piece)
        and piece[81::_LINE] == b"\n" * n
        and piece.count(b"\n") == n  # no short line whose newline fell at a record's end
        and not piece.translate(None, SYMBOLS + b"\n")
    )


def _chain(head: list[tuple[int, bytes]], tail: Pieces) -> Pieces:
    yield from head
    yield from tail


def _lines_then(head: list[str], tail: Pieces) -> Iterator[str]:
    yield from head
    yield from text_lines(tail)


def _guarded(pieces: Pieces, failure: list[Failure]) -> Pieces:
    try:
        yield from pieces
    except Failure as err:
        failure.append(err)


def _work(pieces: Pieces, limit: int, eager: bool) -> Iterator[_Work]:
    """The work of the input, in order; when reading fails (an endless line), the lines
    before the failure are answered first."""
    failure: list[Failure] = []
    yield from _split(_guarded(pieces, failure), limit, eager)
    if failure:
        raise failure[0]


def _split(pieces: Pieces, limit: int, eager: bool) -> Iterator[_Work]:
    parts: list[bytes] = []
    numbers: list[int] = []
    segment: list[str] = []
    segment_first = 0
    first_piece = True
    for first, piece in pieces:
        if _is_plain_block(piece) and not segment:
            # The common case: a block of plain lines only.
            first_piece = False
            parts.append(piece.replace(b"\n", b""))
            numbers.extend(range(first, first + len(piece) // _LINE))
            if len(numbers) >= CHUNK or eager:
                yield ("plain", (b"".join(parts), numbers, limit))
                parts, numbers = [], []
            continue
        if first_piece:
            first_piece = False
            # What the whole input would be read as: another format, or a byte-order
            # mark, and the precise path reads all of it.
            from ..formats.sniffing import sniff

            _, kind = sniff(text_lines([(first, piece)]))
            if kind not in (None, "line") or piece.startswith(b"\xef\xbb\xbf"):
                yield ("rest", (text_lines(_chain([(first, piece)], pieces)), None))
                return
        lines = piece.split(b"\n")
        if lines[-1] == b"":
            lines.pop()
        for offset, raw in enumerate(lines):
            number = first + offset
            line = raw[:-1] if raw.endswith(b"\r") else raw
            if len(line) == 81 and not line.translate(None, SYMBOLS):
                if segment:
                    yield ("lines", (segment, segment_first))
                    segment = []
                parts.append(line)
                numbers.append(number)
                if len(numbers) >= CHUNK:
                    yield ("plain", (b"".join(parts), numbers, limit))
                    parts, numbers = [], []
                continue
            stripped = line.strip()
            quiet = not stripped or stripped.startswith(b"#")
            if quiet and not segment:
                continue  # a comment or blank line between plain ones
            if numbers:
                yield ("plain", (b"".join(parts), numbers, limit))
                parts, numbers = [], []
            if not segment:
                segment_first = number
            segment.append(line.decode("utf-8", errors="replace") + "\n")
            if quiet and len(segment) >= SEGMENT:
                yield ("lines", (segment, segment_first))
                segment = []
            elif len(segment) >= SEGMENT_MAX:
                # No safe place to cut: the precise path reads the rest of the input.
                tail = lines[offset + 1 :]
                rest = _chain([(0, b"\n".join(tail) + b"\n")], pieces) if tail else pieces
                yield ("rest", (_lines_then(segment, rest), segment_first))
                return
        if eager and numbers:  # a pipe: answer what has come
            yield ("plain", (b"".join(parts), numbers, limit))
            parts, numbers = [], []
    if numbers:
        yield ("plain", (b"".join(parts), numbers, limit))
    if segment:
        yield ("lines", (segment, segment_first))


class _State:
    def __init__(
        self,
        limit: int,
        by_count: Callable[[int], tuple[str, int]] | None,
        answer_record: AnswerRecord,
        writer: Writer,
        tick: Callable[[int], None],
        several: Callable[[int], None] | None = None,
    ) -> None:
        self.by_count = by_count
        self.several = several
        self.answer_record = answer_record
        self.writer = writer
        self.tick = tick
        self.worst = 0
        self.table: list[tuple[bytes, int]] = []
        if by_count is not None:
            for count in range(limit + 1):
                text, code = by_count(count) if count else ("", 0)
                self.table.append(((text + "\n").encode(), code))

    def emit(self, done: _Work) -> None:
        kind, payload = done
        if kind == "done":
            batch, data, numbers = payload
            assert isinstance(batch, native.Batch) and isinstance(data, bytes)
            self._plain(batch, data, numbers)  # type: ignore[arg-type]
        elif kind == "lines":
            lines, first = payload
            self._precise(lines, "line", first)  # type: ignore[arg-type]
        else:
            lines, first = payload
            if first is None:  # the whole input, read as the precise path reads it
                self._precise(lines, None, 1)  # type: ignore[arg-type]
            else:
                self._precise(lines, "line", first)  # type: ignore[arg-type]
        if self.writer.eager:
            self.writer.flush()

    def _precise(self, lines: Iterable[str], format: str | None, first: int) -> None:
        for text, code in _precise_answers(lines, format, first, self.answer_record):
            self.writer.add((text + "\n").encode())
            self.worst = max(self.worst, code)
            self.tick(1)

    def _plain(self, batch: native.Batch, data: bytes, numbers: list[int]) -> None:
        counts = batch.counts
        answers: list[bytes]
        if self.by_count is None:
            sols = batch.solutions
            answers = [sols[k : k + 81] + b"\n" for k in range(0, len(sols), 81)]
            code = 0
        else:
            table = self.table
            answers = [table[c][0] for c in counts]
            code = max((table[c][1] for c in set(counts) if c), default=0)
        if 0 in counts:
            for i, count in enumerate(counts):
                if count == 0:
                    line = data[i * 81 : (i + 1) * 81].decode("ascii") + "\n"
                    for text, zero in _precise_answers(
                        [line], "line", numbers[i], self.answer_record
                    ):
                        answers[i] = (text + "\n").encode()
                        code = max(code, zero)
        self.writer.add(b"".join(answers))
        self.worst = max(self.worst, code)
        if self.several is not None and max(counts, default=0) >= 2:
            if self.writer.eager:
                self.writer.flush()
            for i, count in enumerate(counts):
                if count >= 2:
                    self.several(numbers[i])
        self.tick(len(counts))


def _precise_answers(
    lines: Iterable[str], format: str | None, first: int, answer_record: AnswerRecord
) -> Iterator[tuple[str, int]]:
    """The answers to the records of ``lines``, placed from line ``first`` on."""
    shift = first - 1
    for record in read_puzzles(lines, format=format):
        if shift:
            error = None if record.error is None else record.error.at_line(record.line + shift)
            record = Record(record.line + shift, record.text, record.grid, error)
        yield answer_record(record)
