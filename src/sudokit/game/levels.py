"""The difficulty levels a new game can have, in one place.

The levels are the logic engine's grades (:data:`sudokit.logic.LEVELS`, re-exported
here), so the game, its dialogs and its statistics offer what the grader knows. ``custom``
is the level of a puzzle the player typed in.
"""

from __future__ import annotations

from ..grid import Grid
from ..logic import LEVELS as LEVELS
from ..logic import rate

#: The level recorded for a puzzle the player entered (or passed on the command line).
CUSTOM = "custom"

#: The level of a new game when the player has not chosen one yet.
DEFAULT_LEVEL = "medium"


def label(level: str) -> str:
    """The level as shown to people: ``Hard``."""
    return level.replace("-", " ").replace("_", " ").title()


def order(level: str) -> int:
    """Sort key: generated levels from easiest to hardest, then custom, then unknown."""
    if level in LEVELS:
        return LEVELS.index(level)
    return len(LEVELS) + (0 if level == CUSTOM else 1)


def filed_level(puzzle: Grid, requested: str) -> str:
    """The level a new puzzle is played and counted under: the level it really has.

    The generator makes exactly the level asked for (or refuses), but a puzzle may come
    from elsewhere (a maker given to the game, a saved choice); statistics must never file
    a puzzle under a level it does not have. The puzzle is rated (it has one solution)
    unless it is a custom one, up to ``expert``: a puzzle that stays unsolved there is
    ``extreme`` whatever the forcing nets then need, and they take seconds on big grids.
    """
    if requested not in LEVELS:
        return requested
    return rate(puzzle, max_level=LEVELS[-2], solutions=1).level
