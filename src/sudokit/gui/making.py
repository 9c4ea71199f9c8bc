"""Making a new puzzle off the window's thread, with a real cancel. Without pygame.

A :class:`Job` runs the puzzle maker in a worker thread, so the window keeps drawing and
answering. Big grids (12×12 and 16×16) are made in a separate process, started by that
thread: the work does not compete with the window for the interpreter, and Cancel ends
it at once instead of letting it run on unseen.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection

from ..game import examine, filed_level
from ..grid import Grid

log = logging.getLogger(__name__)

#: ``make(size, level, seed, stop)``: a puzzle, or None when ``stop`` was set first.
MakePuzzle = Callable[[int, str, "int | str | None"], Grid]

#: Grids at least this big are made in a process of their own.
PROCESS_FROM = 12


class Cancelled(Exception):
    """The job was cancelled before its puzzle was ready."""


@dataclass
class Job:
    """A puzzle being made. ``result`` is ``(puzzle, solution)`` once ``done`` is set,
    unless ``error`` says why not."""

    size: int
    level: str
    started: float
    result: tuple[Grid, Grid] | None = None
    error: str | None = None
    done: threading.Event = field(default_factory=threading.Event)
    stop: threading.Event = field(default_factory=threading.Event)

    @property
    def cancelled(self) -> bool:
        return self.stop.is_set()

    def cancel(self) -> None:
        """Stop waiting for the puzzle (a worker process is ended too)."""
        self.stop.set()


def start(
    make: MakePuzzle | None,
    size: int,
    level: str,
    seed: int | str | None,
    started: float,
) -> Job:
    """Start making a puzzle; ``make`` None means the generator (in a process for big
    grids)."""
    job = Job(size, level, started)

    def work() -> None:
        try:
            filed: str | None = None
            if make is not None:
                puzzle = make(size, level, seed)
            elif size >= PROCESS_FROM:
                puzzle, filed = _in_process(size, level, seed, job.stop)
            else:
                from ..generator import generate  # loaded when a puzzle is wanted

                puzzle = generate(size, seed=seed, difficulty=level)
            verdict = examine(puzzle)
            if verdict.solution is None:
                job.error = f"the new puzzle cannot be played: {verdict.problem}"
            else:
                # The level it really has: the game is played and counted under it.
                job.level = filed or filed_level(puzzle, level)
                job.result = (puzzle, verdict.solution)
        except Cancelled:
            pass
        except Exception as err:  # reported to the player, the window stays up
            log.exception("making a puzzle failed")
            job.error = str(err) or type(err).__name__
        finally:
            job.done.set()

    threading.Thread(target=work, name="sudokit-generate", daemon=True).start()
    return job


def _child(out: Connection, size: int, level: str, seed: int | str | None) -> None:
    """The worker process: make the puzzle, send its text back (or the error)."""
    try:
        from ..generator import generate

        grid = generate(size, seed=seed, difficulty=level)
        # Rated here too: a big grid's rating is work the window should not wait on.
        out.send(("ok", (list(grid.cells), filed_level(grid, level))))
    except Exception as err:  # sent to the window, which reports it
        out.send(("error", str(err) or type(err).__name__))
    finally:
        out.close()


def _in_process(
    size: int, level: str, seed: int | str | None, stop: threading.Event
) -> tuple[Grid, str]:
    # "spawn": a fresh interpreter, safe next to the window's threads on every platform.
    ctx = multiprocessing.get_context("spawn")
    receive, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(send, size, level, seed), daemon=True)
    proc.start()
    send.close()
    try:
        while not stop.is_set():
            if receive.poll(0.05):
                try:
                    kind, payload = receive.recv()
                except EOFError:
                    raise RuntimeError("the puzzle maker stopped without a puzzle") from None
                if kind == "error":
                    raise RuntimeError(str(payload))
                from ..geometry import Shape

                cells, filed = payload
                return Grid(Shape.of(size), tuple(int(v) for v in cells)), str(filed)
            if not proc.is_alive() and not receive.poll():
                raise RuntimeError(f"the puzzle maker stopped (exit code {proc.exitcode})")
        raise Cancelled
    finally:
        receive.close()
        if proc.is_alive():
            proc.terminate()
        proc.join(2)
