"""Searching many puzzles: 9×9 batches go through the C core in one call where it is
active; chunks of work can be spread over several workers, results kept in input order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor

from ..formats import format_line
from ..geometry import Shape
from ..grid import Grid
from .registry import Outcome, backend_for

_NINE = Shape.of(9)


def _native_batch() -> bool:
    from . import native

    return native.active()


def search_many(grids: Sequence[Grid], limit: int = 2) -> list[Outcome]:
    """:func:`~sudokit.solvers.search` for each grid, in order (9×9 ones in one batch)."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    out: list[Outcome | None] = [None] * len(grids)
    nine = [i for i, g in enumerate(grids) if g.shape is _NINE]
    if nine and backend_for(_NINE).name == "native":
        from . import native

        batch = native.run_many("".join(format_line(grids[i]) for i in nine), limit)
        for k, i in enumerate(nine):
            text = batch.solution(k)
            solution = None if text is None else [b - 48 for b in text.encode()]
            out[i] = Outcome(batch.counts[k], solution, batch.guesses[k])
    for i, grid in enumerate(grids):
        if out[i] is None:
            out[i] = backend_for(grid.shape).run(grid.shape, grid.cells, limit)
    return [o for o in out if o is not None]


def search_chunks(
    chunks: Iterable[Sequence[Grid]], limit: int = 2, *, jobs: int = 1
) -> Iterator[list[Outcome]]:
    """:func:`search_many` over a stream of chunks, ``jobs`` at a time, in order.

    At most ``2 * jobs`` chunks are in flight, so memory does not grow with the stream.
    The C core releases the GIL, so threads share its work; the pure-Python backend
    needs processes.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    if jobs == 1:
        for chunk in chunks:
            yield search_many(chunk, limit)
        return
    pool: Executor = ThreadPoolExecutor(jobs) if _native_batch() else ProcessPoolExecutor(jobs)
    with pool:
        pending: deque[Future[list[Outcome]]] = deque()
        for chunk in chunks:
            pending.append(pool.submit(search_many, list(chunk), limit))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
