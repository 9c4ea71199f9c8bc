"""Making a new puzzle off the window's thread, with a real cancel. Without pygame.

A :class:`Job` runs the puzzle maker in a worker thread, so the window keeps drawing and
answering. Big grids (12×12 and 16×16) are made in a separate process, started by that
thread: the work does not compete with the window for the interpreter, and Cancel ends
it at once instead of letting it run on unseen.

The making itself is the game's synchronous path, :func:`sudokit.game.play.make`; this
module only runs it off the window's thread. A puzzle is asked for by size, level and
rules, the rules as text (what crosses to the worker process): ``""`` for classic,
variant names such as ``x+jigsaw`` (a jigsaw gets random regions) or a rules code such as
``9+jigsaw:AAAB…`` (that very layout).
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import threading
from dataclasses import dataclass, field

from ..game.play import MakePuzzle as MakePuzzle
from ..game.play import make
from ..grid import Grid

log = logging.getLogger(__name__)

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
    #: The rules asked for: ``""`` (classic), variant names or a rules code.
    rules: str = ""
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
    maker: MakePuzzle | None,
    size: int,
    level: str,
    seed: int | str | None,
    started: float,
    rules: str = "",
) -> Job:
    """Start making a puzzle under ``rules`` (see the module's doc); ``maker`` None means
    the generator (in a process for big grids)."""
    job = Job(size, level, started, rules)

    def work() -> None:
        try:
            if maker is None and size >= PROCESS_FROM:
                puzzle, solution, job.level = _in_process(size, level, seed, rules, job.stop)
            else:
                made = make(size, level, seed, rules, maker=maker)
                # The level it really has: the game is played and counted under it.
                puzzle, solution, job.level = made.puzzle, made.solution, made.level
            job.result = (puzzle, solution)
        except Cancelled:
            pass
        except Exception as err:  # reported to the player, the window stays up
            log.exception("making a puzzle failed")
            job.error = str(err) or type(err).__name__
        finally:
            job.done.set()

    threading.Thread(target=work, name="sudokit-generate", daemon=True).start()
    return job


def _child(argument: str) -> str:
    """The worker process's work: ``argument`` and the answer are JSON (the rules as
    their code: a jigsaw's regions are drawn here)."""
    size, level, seed, rules = json.loads(argument)
    # Solved here too: a big grid's search is work the window should not wait on.
    made = make(size, level, seed, rules)
    grid = made.puzzle
    return json.dumps([grid.rules.code, list(grid.cells), list(made.solution.cells), made.level])


def _in_process(
    size: int, level: str, seed: int | str | None, rules: str, stop: threading.Event
) -> tuple[Grid, Grid, str]:
    # A fresh interpreter running this module: unlike multiprocessing's "spawn" it does
    # not import the program's main script again, and it can be killed at any moment.
    argument = json.dumps([size, level, seed, rules])
    command = [sys.executable, "-m", __name__, argument]
    proc = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL
    )
    try:
        while proc.poll() is None:
            if stop.wait(0.05):
                raise Cancelled
        out, err = proc.communicate()
        if proc.returncode != 0:
            last = err.decode(errors="replace").strip().splitlines()[-1:] or ["no message"]
            raise RuntimeError(f"the puzzle maker stopped ({last[0]})")
        code, cells, solution, filed = json.loads(out)
        from ..geometry import Rules

        kept = Rules.parse(code)
        puzzle = Grid(kept, tuple(int(v) for v in cells))
        return puzzle, Grid(kept, tuple(int(v) for v in solution)), str(filed)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)


if __name__ == "__main__":  # the worker process: python -m sudokit.gui.making ARGUMENT
    print(_child(sys.argv[1]))
