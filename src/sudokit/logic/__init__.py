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

from .candidates import State
from .engine import Explanation, explain, next_step, select
from .grade import Rating, rate
from .hint import Hint, hint
from .step import Link, Step
from .techniques import BY_ID, LEVELS, TECHNIQUES, Level, Technique

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
