"""Human-style logic: techniques, the step engine, explanations, grading and hints.

    >>> from sudokit.logic import explain, hint, rate
    >>> puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> r = rate(puzzle)
    >>> r.level, r.hardest
    ('easy', 'hidden_single')

- :func:`rate`: level, SE-like score, hardest technique, counts per technique;
- :func:`explain`: the whole logical path, step by step;
- :func:`hint`: the next step for a player's position, honouring their notes, in three
  progressive levels of detail;
- :func:`next_step` over a :class:`State` for callers that keep their own state.

Each technique is a pure function ``State -> Step | None``; :data:`TECHNIQUES` orders them
from easiest to hardest.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Concatenate, ParamSpec, TypeVar

from ..grid import Grid, require_classic
from .candidates import State
from .engine import Explanation, PuzzleLike, next_step, select, to_grid
from .engine import explain as _explain
from .grade import Rating
from .grade import rate as _rate
from .hint import Hint
from .hint import hint as _hint
from .step import Link, Step
from .techniques import BY_ID, LEVELS, TECHNIQUES, Level, Technique

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _classic_only(
    what: str, fn: Callable[Concatenate[PuzzleLike, _P], _R]
) -> Callable[Concatenate[PuzzleLike, _P], _R]:
    """``fn`` refusing a puzzle (or a player's grid) under variant rules: the techniques
    know classic rules only, and a variant is never rated or hinted as if it were
    classic (:class:`~sudokit.errors.UnsupportedRulesError`)."""

    @wraps(fn)
    def guarded(puzzle: PuzzleLike, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        grid = to_grid(puzzle)  # text may carry rules too (a Solo ID, an f-puzzles link)
        require_classic(grid, what)
        for other in (*args, *kwargs.values()):
            if isinstance(other, Grid):
                require_classic(other, what)
        return fn(grid, *args, **kwargs)

    return guarded


rate = _classic_only("rate", _rate)
explain = _classic_only("explain", _explain)
hint = _classic_only("hint", _hint)

__all__ = [
    "BY_ID",
    "LEVELS",
    "TECHNIQUES",
    "Explanation",
    "Hint",
    "Level",
    "Link",
    "Rating",
    "State",
    "Step",
    "Technique",
    "explain",
    "hint",
    "next_step",
    "rate",
    "select",
]
