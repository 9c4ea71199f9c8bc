"""The watched algorithms by name, and running one to its end without drawing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from ..grid import Grid
from .backtracking import mrv, naive
from .counters import Counters
from .dlx import dlx
from .events import (
    Event,
    Solved,
)
from .human import human
from .propagation import propagation

# --- the registry ---------------------------------------------------------------------------

Candidates = Literal["kept", "derived", "none"]


@dataclass(frozen=True, slots=True)
class Algorithm:
    """A watched algorithm: its generator and how a viewer should show it.

    ``candidates``: ``kept`` when the algorithm keeps candidate marks (the viewer shows
    the replayed ones), ``derived`` when it only computes what row, column and box allow
    (the viewer may show those), ``none`` when it looks at no candidates at all.
    """

    name: str
    title: str
    summary: str
    run: Callable[[Grid], Iterator[Event]]
    candidates: Candidates


ALGORITHMS: dict[str, Algorithm] = {
    a.name: a
    for a in (
        Algorithm(
            "naive",
            "Naive backtracking",
            "The tutorial: first empty cell, digits 1..n in order, back up on a dead end.",
            naive,
            "none",
        ),
        Algorithm(
            "mrv",
            "Backtracking, fewest candidates first",
            "Fills the cell with the fewest candidates first, so dead ends show early.",
            mrv,
            "derived",
        ),
        Algorithm(
            "propagation",
            "Constraint propagation",
            "Naked and hidden singles until nothing follows, then a guess: the fast solver.",
            propagation,
            "kept",
        ),
        Algorithm(
            "dlx",
            "Algorithm X (dancing links)",
            "Exact cover: the most constrained cell or unit first; covering eliminates.",
            dlx,
            "kept",
        ),
        Algorithm(
            "human",
            "Human techniques",
            "One deduction per step, the easiest technique that applies, explained.",
            human,
            "kept",
        ),
    )
}


def algorithms() -> list[str]:
    """Names of the watched algorithms, in teaching order."""
    return list(ALGORITHMS)


def get_algorithm(name: str) -> Algorithm:
    """The algorithm called ``name``; ``ValueError`` naming the choices if unknown."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        names = ", ".join(ALGORITHMS)
        raise ValueError(f"unknown algorithm {name!r} (choose from {names})") from None


def trace(grid: Grid, algorithm: str = "propagation") -> Iterator[Event]:
    """The events of ``algorithm`` solving ``grid``, pulled lazily; the last is final."""
    return get_algorithm(algorithm).run(grid)


@dataclass(frozen=True, slots=True)
class Summary:
    """What a whole trace did: its counters and how it ended."""

    algorithm: str
    counters: Counters
    solved: bool
    solution: Grid | None
    finished: bool  # False when max_steps stopped it early

    def as_dict(self) -> dict[str, object]:
        """The JSON form: ``algorithm``, the counters, ``solved``, ``solution``."""
        c = self.counters
        return {
            "algorithm": self.algorithm,
            "steps": c.steps,
            "tries": c.tries,
            "placements": c.placements,
            "backtracks": c.backtracks,
            "guesses": c.guesses,
            "eliminations": c.eliminations,
            "max_depth": c.max_depth,
            "solved": self.solved,
            "finished": self.finished,
            "solution": None if self.solution is None else str(self.solution),
        }


#: Steps a window-less run takes at most on boards up to 9×9 unless told otherwise: a few
#: seconds, so ``naive`` on a hard puzzle (billions of steps) stops and says so.
DEFAULT_MAX_STEPS = 2_000_000


def default_max_steps(n: int) -> int:
    """The default step cap for boards of size ``n``: :data:`DEFAULT_MAX_STEPS` up to
    9×9, fewer on bigger boards, where a step costs more (it looks at more cells), so
    that the cap stays a few seconds: 1,100,000 on 12×12, 600,000 on 16×16."""
    if n <= 9:
        return DEFAULT_MAX_STEPS
    return DEFAULT_MAX_STEPS * 81 // (n * n) // 100_000 * 100_000


#: How often :func:`run` reports progress, in steps.
PROGRESS_EVERY = 1 << 16


def run(
    grid: Grid,
    algorithm: str = "propagation",
    *,
    max_steps: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Run a trace to its end (or ``max_steps`` events) without drawing; count it.

    ``progress``, when given, is called with the steps so far every
    :data:`PROGRESS_EVERY` steps (for a progress display; it must not raise).
    """
    counters = Counters()
    update = counters.update
    last: Event | None = None
    finished = False
    next_report = PROGRESS_EVERY if progress is not None else -1
    for event in trace(grid, algorithm):
        if max_steps is not None and counters.steps >= max_steps:
            break
        update(event)
        last = event
        if counters.steps == next_report:
            assert progress is not None
            progress(counters.steps)
            next_report += PROGRESS_EVERY
    else:
        finished = True
    solution = last.solution if isinstance(last, Solved) else None
    return Summary(algorithm, counters, solution is not None, solution, finished)
