"""The batch engine: many puzzles in, their answers out, in input order, in bounded memory.

Work goes in chunks (lists of records) to an :class:`Executor`; each chunk's answers
come back in the order the chunks went in, with at most ``2 × width`` chunks in flight, so
a stream of millions of puzzles takes memory for a few chunks only. The executors:

- :class:`Inline`: this process, one chunk after the other;
- :class:`Threads`: for work in the C core, which releases the GIL while it searches;
- :class:`Processes`: local worker processes (``--jobs N``), for work in Python;
- :class:`DaskCluster`: the workers of a Dask cluster (``--dask ADDRESS``, or ``local``
  for a cluster of processes on this machine), for work that outgrows one machine.

The function applied to each chunk must be importable by name (a module-level function)
so that processes and Dask workers can run it.

:func:`search_many` is :func:`sudokit.search` for many puzzles at once: the 9×9 ones go
through the C core in one call.
"""

from __future__ import annotations

import importlib
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from ..errors import SudokuError
from ..formats import parse
from ..geometry import Rules, Shape
from ..grid import Grid
from .registry import Outcome, backend_for

_NINE = Shape.of(9)
#: Cell values 0-9 as the symbols the C core reads.
_DIGITS = bytes.maketrans(bytes(range(10)), b"0123456789")

#: Records per chunk: enough that a chunk's overhead (a call, a message to a worker) is
#: small beside its work, few enough that answers keep flowing.
CHUNK = 512

P = TypeVar("P")
R = TypeVar("R")
T = TypeVar("T")

#: How to install the Dask extra, said when it is missing.
DASK_HINT = "Dask is not installed: pip install 'sudokit[dask]'"


class MissingExtraError(SudokuError, ImportError):
    """An optional dependency the work asks for is not installed."""


class ClusterError(SudokuError):
    """A Dask cluster that cannot be reached (a wrong address, no scheduler there) or that
    went away during the work (its scheduler lost, its workers dying)."""


class Executor(Protocol):
    """Runs ``fn`` on chunks, yielding the results in the order the chunks came."""

    #: How many chunks it works on at once.
    width: int

    def map(self, fn: Callable[[P], R], chunks: Iterable[P]) -> Iterator[R]: ...

    def close(self) -> None: ...

    def __enter__(self) -> Executor: ...

    def __exit__(self, *exc: object) -> None: ...


class _Closing:
    width = 1

    def close(self) -> None:
        pass

    def __enter__(self: T) -> T:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Inline(_Closing):
    """Every chunk in this process, in turn."""

    def map(self, fn: Callable[[P], R], chunks: Iterable[P]) -> Iterator[R]:
        for chunk in chunks:
            yield fn(chunk)


def _ordered(
    submit: Callable[[P], Any], chunks: Iterable[P], width: int, *, cancel: bool = True
) -> Iterator[Any]:
    """Futures' results in submission order, at most ``2 × width`` pending. When reading
    the chunks fails, the work already sent is answered before the error goes on; when
    the work fails (or its executor), the error goes on at once: no later answer comes
    in the failed one's place. Stopped early, the work not started is cancelled (unless
    ``cancel`` is false: the executor cancels it itself when it shuts down)."""
    pending: deque[Any] = deque()
    it = iter(chunks)
    try:
        while True:
            try:
                chunk = next(it)
            except StopIteration:
                break
            except Exception:
                while pending:
                    yield pending.popleft().result()
                raise
            pending.append(submit(chunk))
            if len(pending) >= 2 * width:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending if cancel else ():  # stopped early (an error, Ctrl-C)
            future.cancel()


class Threads(_Closing):
    """Chunks on ``width`` threads: for work that releases the GIL (the C core)."""

    def __init__(self, width: int) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self.width = width
        self._pool = ThreadPoolExecutor(width)

    def map(self, fn: Callable[[P], R], chunks: Iterable[P]) -> Iterator[R]:
        return _ordered(lambda c: self._pool.submit(fn, c), chunks, self.width)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __exit__(self, *exc: object) -> None:
        # Ctrl-C or SIGTERM: nothing waits for the chunks in flight (the command line
        # ends the process at once).
        self._pool.shutdown(wait=not _stopping(exc), cancel_futures=True)


def _stopping(exc: tuple[object, ...]) -> bool:
    """Whether a block ends by Ctrl-C, SIGTERM or an exit (not by an error of its work)."""
    return len(exc) > 1 and isinstance(exc[1], BaseException) and not isinstance(exc[1], Exception)


#: prctl's option: the signal this process gets when its parent dies (linux/prctl.h).
_PR_SET_PDEATHSIG = 1


def _end_with_parent(parent: int, deathsig: bool) -> None:
    """A worker's initializer: end this worker when ``parent`` (the process that started
    it) dies, even by ``kill -9``, so no orphan keeps working and holding the dead
    parent's pipes open (a reader of its output would never see the end).

    On Linux the kernel sends SIGKILL when the parent dies (``PR_SET_PDEATHSIG``; only
    when ``deathsig``: it fires when the *thread* that started the worker ends, so only
    for workers started by the main thread). Everywhere, a watchdog thread waits for the
    parent's end (a pidfd, else polling the parent's id) and ends the worker.
    """
    import contextlib
    import sys
    import threading

    if deathsig and sys.platform.startswith("linux"):
        import ctypes
        import signal

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    pidfd = None
    with contextlib.suppress(AttributeError, OSError):  # pidfds: Linux 5.3 and later
        pidfd = os.pidfd_open(parent)
    if os.getppid() != parent:  # it died before we watched it
        _end_this_worker()
    threading.Thread(
        target=_watch_parent, args=(parent, pidfd), name="sudokit-parent-watch", daemon=True
    ).start()


def _watch_parent(parent: int, pidfd: int | None) -> None:
    if pidfd is not None:
        import select

        watch = select.poll()
        watch.register(pidfd, select.POLLIN)
        watch.poll()  # readable once the parent has ended
    else:
        import time

        while os.getppid() == parent:
            time.sleep(0.5)
    _end_this_worker()


def _end_this_worker() -> None:
    """End this orphaned worker as the kernel's parent-death signal would: SIGKILL (no
    clean-up to run: its work has nobody to go to)."""
    import signal

    os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))


class Processes(_Closing):
    """Chunks on ``width`` local processes (started fresh, not forked: safe with threads).

    The workers end with this process, however it ends (``kill -9`` included).
    """

    def __init__(self, width: int) -> None:
        import multiprocessing
        import threading
        from concurrent.futures import ProcessPoolExecutor

        self.width = width
        self._pool = ProcessPoolExecutor(
            width,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_end_with_parent,
            initargs=(os.getpid(), threading.current_thread() is threading.main_thread()),
        )

    def map(self, fn: Callable[[P], R], chunks: Iterable[P]) -> Iterator[R]:
        # The pool cancels the work not started as it shuts down: a future cancelled
        # here too would make it fail (InvalidStateError) when :meth:`stop` ends workers.
        submit = lambda c: self._pool.submit(fn, c)  # noqa: E731
        return _ordered(submit, chunks, self.width, cancel=False)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __exit__(self, *exc: object) -> None:
        if _stopping(exc):
            self.stop()
        else:
            self.close()

    def stop(self) -> None:
        """End the workers now, their chunks in flight dropped (for Ctrl-C and SIGTERM,
        which should not wait for a long chunk to finish)."""
        from contextlib import suppress

        processes = list((getattr(self._pool, "_processes", None) or {}).values())
        for process in processes:
            with suppress(OSError, ValueError):
                process.terminate()
        for process in processes:  # SIGTERM's default action: they end at once
            with suppress(OSError, ValueError, AssertionError):
                process.join()
        self._pool.shutdown(wait=True, cancel_futures=True)  # its threads end: no worker left


class DaskCluster(_Closing):
    """Chunks on the workers of a Dask cluster.

    ``address`` is a scheduler's (``tcp://host:8786``), or ``local`` for a cluster of
    ``workers`` processes on this machine, started here and stopped by :meth:`close`.
    """

    def __init__(self, address: str, workers: int | None = None) -> None:
        try:
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise MissingExtraError(DASK_HINT) from None
        Client, LocalCluster = distributed.Client, distributed.LocalCluster
        self._cluster: Any = None
        if address == "local":
            self._cluster = LocalCluster(
                n_workers=workers or os.cpu_count() or 1,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            )
            self._client: Any = Client(self._cluster)
        else:
            try:
                self._client = Client(address, timeout="10s")
            except (OSError, TimeoutError) as err:
                raise ClusterError(f"cannot reach the Dask scheduler at {address}: {err}") from None
            except ValueError as err:  # such as "host:port" with no number for the port
                raise ClusterError(
                    f"{address!r} is not a Dask scheduler's address (tcp://HOST:PORT): {err}"
                ) from None
        self.address = address
        #: What Dask raises when the cluster, not the work, fails.
        self._killed: type[BaseException] = distributed.KilledWorker
        self._closed: type[BaseException] = distributed.comm.CommClosedError
        self._lost: tuple[type[BaseException], ...] = (
            distributed.client.FutureCancelledError,
            self._closed,
            self._killed,
        )
        threads = self._client.nthreads()
        self.width = max(1, sum(threads.values()))

    def map(self, fn: Callable[[P], R], chunks: Iterable[P]) -> Iterator[R]:
        # pure=False: equal chunks are still separate work (their answers may differ by
        # seed); results come back in order because futures are awaited in order.
        answers = _ordered(lambda c: self._client.submit(fn, c, pure=False), chunks, self.width)
        try:
            yield from answers
        except self._lost as err:
            raise ClusterError(self._lost_message(err)) from None

    def _lost_message(self, err: BaseException) -> str:
        lost = f"lost the connection to the Dask scheduler at {self.address}"
        if getattr(err, "reason", None) == "scheduler-connection-lost":
            return lost
        if isinstance(err, self._closed):  # the connection closed; its cause ends the text
            return f"{lost}: {str(err).rsplit(': ', 1)[-1]}" if str(err) else lost
        if isinstance(err, self._killed):
            return f"Dask workers at {self.address} kept dying: {err}"
        return f"the Dask cluster at {self.address} failed: {' '.join(str(err).split())}"

    def close(self) -> None:
        self._client.close()
        if self._cluster is not None:
            self._cluster.close()


def executor(jobs: int = 1, *, dask: str | None = None, threads: bool = False) -> Executor:
    """The executor for ``--jobs N`` (``0``: one per core) or ``--dask ADDRESS``.

    ``threads`` picks threads over processes for local workers, for work in the C core.
    Raises :class:`MissingExtraError` when Dask is asked for and not installed.
    """
    if jobs < 0:
        raise ValueError(f"jobs must be 0 (one per core) or more, got {jobs}")
    if dask is not None:
        return DaskCluster(dask, jobs or None)
    width = jobs or os.cpu_count() or 1
    if width == 1:
        return Inline()
    return Threads(width) if threads else Processes(width)


def chunked(items: Iterable[T], size: int = CHUNK) -> Iterator[list[T]]:
    """The items in lists of ``size`` (the last one shorter). When reading the items
    fails, the items read so far still come, then the error."""
    chunk: list[T] = []
    try:
        for item in items:
            chunk.append(item)
            if len(chunk) >= size:
                yield chunk
                chunk = []
    except Exception:
        if chunk:
            yield chunk
        raise
    if chunk:
        yield chunk


def answer_chunks(
    chunks: Iterable[list[T]],
    payload: Callable[[list[T]], P],
    fn: Callable[[P], list[R]],
    executor: Executor | None = None,
) -> Iterator[tuple[list[T], list[R]]]:
    """Each chunk of records with ``fn(payload(chunk))``, in input order.

    ``payload`` runs here and picks what the workers need (the well-formed puzzles, say);
    ``fn`` runs on the executor. Only the chunks in flight are held.
    """
    runner = executor if executor is not None else Inline()
    held: deque[list[T]] = deque()

    def payloads() -> Iterator[P]:
        for chunk in chunks:
            held.append(chunk)
            yield payload(chunk)

    for result in runner.map(fn, payloads()):
        yield held.popleft(), result


# --- searching many puzzles ------------------------------------------------------------------


def _grid(puzzle: Grid | str) -> Grid:
    return puzzle if isinstance(puzzle, Grid) else parse(puzzle, check=False)


def search_many(puzzles: Iterable[Grid | str], limit: int = 2) -> list[Outcome]:
    """:func:`~sudokit.search` for each puzzle (grids or text of any size and rules), in
    order, each under its own rules; with the C core active, the classic 9×9 ones go
    through it in one call, and those of each other rules in one call per rules."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    grids = [_grid(p) for p in puzzles]
    out: list[Outcome | None] = [None] * len(grids)
    nine = [i for i, g in enumerate(grids) if g.rules is _NINE.rules]
    if nine and backend_for(_NINE).name == "native":
        from . import native

        data = b"".join(bytes(grids[i].cells) for i in nine).translate(_DIGITS)
        batch = native.run_many(data, limit)
        solutions = batch.solutions
        for k, i in enumerate(nine):
            solution = None
            if batch.counts[k]:
                solution = [b - 48 for b in solutions[k * 81 : (k + 1) * 81]]
            out[i] = Outcome(batch.counts[k], solution, batch.guesses[k])
    # The others by rules: those the C core answers in one call per rules, the rest one
    # by one on their backend.
    groups: dict[Rules, list[int]] = {}
    for i, grid in enumerate(grids):
        if out[i] is None:
            groups.setdefault(grid.rules, []).append(i)
    for rules, indices in groups.items():
        backend = backend_for(rules)
        if backend.name == "native" and len(indices) > 1:
            from . import native

            outcomes = native.search_rules(rules, [grids[i].cells for i in indices], limit)
            for i, outcome in zip(indices, outcomes, strict=True):
                out[i] = outcome
        else:
            for i in indices:
                out[i] = backend.run(rules, grids[i].cells, limit)
    return [o for o in out if o is not None]


def _search_chunk(work: tuple[Sequence[Grid], int]) -> list[Outcome]:
    return search_many(work[0], work[1])


def search_chunks(
    chunks: Iterable[Sequence[Grid]],
    limit: int = 2,
    *,
    jobs: int = 1,
    executor: Executor | None = None,
) -> Iterator[list[Outcome]]:
    """:func:`search_many` over a stream of chunks, in order (``jobs`` local workers, or
    the given executor)."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    if executor is not None:
        yield from executor.map(_search_chunk, ((list(c), limit) for c in chunks))
        return
    from . import native

    with _closing(executor_for_search(jobs, native.active())) as runner:
        yield from runner.map(_search_chunk, ((list(c), limit) for c in chunks))


def executor_for_search(jobs: int, native_active: bool) -> Executor:
    """Local workers for searches: threads when the C core does the work (it releases the
    GIL), processes for the pure-Python solver."""
    return executor(jobs, threads=native_active)


class _closing:
    def __init__(self, runner: Executor) -> None:
        self.runner = runner

    def __enter__(self) -> Executor:
        return self.runner

    def __exit__(self, *exc: object) -> None:
        self.runner.close()


__all__ = [
    "CHUNK",
    "DASK_HINT",
    "ClusterError",
    "DaskCluster",
    "Executor",
    "Inline",
    "MissingExtraError",
    "Processes",
    "Threads",
    "answer_chunks",
    "chunked",
    "executor",
    "search_chunks",
    "search_many",
]
