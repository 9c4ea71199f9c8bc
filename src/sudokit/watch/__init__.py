"""Watched solving algorithms: readable generators that yield small events.

The fast solvers keep no hooks (design rule 3). The algorithms here are written again,
for reading and watching: each is a generator that yields one small event per step —
look at a cell, try a digit, place one, eliminate a candidate, hit a contradiction, take a
digit back, solved. Nothing is computed ahead, so a trace of millions of steps costs no
memory up front; a viewer pulls a few events per frame.

- ``naive``: the classic tutorial (first empty cell in row-major order, digits
  ascending, check row, column and box); its counters equal :func:`classic_solve`'s;
- ``mrv``: the same backtracking, but on the first cell with the fewest candidates;
- ``propagation``: naked and hidden singles to a fixpoint, then a guess on the first cell
  with the fewest candidates — the fast solver's method, with the same guess count;
- ``dlx``: Knuth's Algorithm X with dancing links over the exact-cover matrix;
- ``human``: the logic engine's techniques, one deduction per step.

This layer sits above :mod:`sudokit.logic` (for ``human``) and below the game, the
pictures and the windows that show it.

:func:`trace` gives the events, :func:`run` the counters and the solution, and
:class:`Replay` is the board they describe (it applies events and undoes them, for
viewers that step back).
"""

from .backtracking import mrv, naive
from .counters import Counters
from .dlx import dlx
from .events import (
    FINAL,
    Backtrack,
    Contradiction,
    Eliminate,
    Event,
    Failed,
    Focus,
    FocusUnit,
    Place,
    Solved,
    Steps,
    Stuck,
    Try,
    describe,
    initial_candidates,
)
from .human import human
from .propagation import propagation
from .registry import (
    ALGORITHMS,
    DEFAULT_MAX_STEPS,
    Algorithm,
    Candidates,
    Summary,
    algorithms,
    default_max_steps,
    get_algorithm,
    run,
    trace,
)
from .replay import EMPTY, FORCED, GIVEN, GUESSED, Replay, RunStatus, StepShown, Undo

__all__ = [
    "ALGORITHMS",
    "DEFAULT_MAX_STEPS",
    "EMPTY",
    "FINAL",
    "FORCED",
    "GIVEN",
    "GUESSED",
    "Algorithm",
    "Backtrack",
    "Candidates",
    "Contradiction",
    "Counters",
    "Eliminate",
    "Event",
    "Failed",
    "Focus",
    "FocusUnit",
    "Place",
    "Replay",
    "RunStatus",
    "Solved",
    "StepShown",
    "Steps",
    "Stuck",
    "Summary",
    "Try",
    "Undo",
    "algorithms",
    "default_max_steps",
    "describe",
    "dlx",
    "get_algorithm",
    "human",
    "initial_candidates",
    "mrv",
    "naive",
    "propagation",
    "run",
    "trace",
]
