"""The difficulty levels a new game can have, in one place.

The list comes from the generator (today ``easy``, ``medium``, ``hard``), so when the logic
engine teaches it more levels (``expert``, ``extreme``) the game, its dialogs and its
statistics offer them without a change here. ``custom`` is the level of a puzzle the
player typed in.
"""

from __future__ import annotations

from .. import generator

#: Levels a new game can be generated at, easiest first.
LEVELS: tuple[str, ...] = tuple(getattr(generator, "LEVELS", None) or generator.DIFFICULTIES)

#: The level recorded for a puzzle the player entered (or passed on the command line).
CUSTOM = "custom"

#: The level of a new game when the player has not chosen one yet.
DEFAULT_LEVEL = "medium" if "medium" in LEVELS else LEVELS[0]


def label(level: str) -> str:
    """The level as shown to people: ``Hard``."""
    return level.replace("-", " ").replace("_", " ").title()


def order(level: str) -> int:
    """Sort key: generated levels from easiest to hardest, then custom, then unknown."""
    if level in LEVELS:
        return LEVELS.index(level)
    return len(LEVELS) + (0 if level == CUSTOM else 1)
