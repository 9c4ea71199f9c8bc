"""The difficulty levels a new game can have, in one place.

The levels are the logic engine's grades (:data:`sudokit.logic.LEVELS`, re-exported
here), so the game, its dialogs and its statistics offer what the grader knows. ``custom``
is the level of a puzzle the player typed in.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import RulesError
from ..geometry import VARIANTS, Rules, variant_name
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


#: Variants no grid of that size keeps (or so rarely that none is found in the generator's
#: search), found by searching for a full grid under them: New game does not offer them.
NO_GRID: frozenset[tuple[int, str]] = frozenset(
    {
        (4, "anti-king"),
        (4, "non-consecutive"),
        (4, "x+anti-knight"),
        (4, "x+anti-king"),
        (4, "x+non-consecutive"),
        (6, "x+anti-knight"),
        (6, "x+anti-king"),
        (6, "x+non-consecutive"),
    }
)


def variant_key(words: str | Iterable[str]) -> str:
    """Variant names as one text, in :data:`~sudokit.geometry.VARIANTS` order and
    ``+``-joined (``"x+jigsaw"``; ``""`` for classic): how a new game's rules are asked
    for and remembered. ``words`` may use commas or ``+`` and aliases; RulesError names an
    unknown word."""
    if isinstance(words, str):
        words = words.replace("+", ",").split(",")
    names = {variant_name(w) for w in words if w.strip() and w.strip() != "classic"}
    return "+".join(v for v in VARIANTS if v in names)


def variant_problem(size: int, variant: str) -> str:
    """Why no new ``size``×``size`` game can be made under ``variant`` (a
    :func:`variant_key`), as a sentence for players; ``""`` when one can."""
    if not variant:
        return ""
    names = set(variant.split("+"))
    try:
        Rules.make(size, names - {"jigsaw", "killer"})  # regions and cages come later
    except RulesError as err:
        text = str(err)
        return text[:1].upper() + text[1:] + "."
    if (size, variant) in NO_GRID:
        return f"No {size}×{size} grid keeps {variant_label(variant)} rules."
    if "killer" in names:
        from ..generator import levels_for  # loaded when a killer is asked for

        if not levels_for(size, variant):
            sizes = [n for n in (4, 6, 9) if levels_for(n, variant)]
            where = " and ".join(f"{n}×{n}" for n in sizes) or "no size yet"
            return f"New {variant_label(variant)} games are made at {where}."
    return ""


def variant_label(variant: str) -> str:
    """A :func:`variant_key` as players read it: ``X + jigsaw`` (``classic`` for ``""``),
    as :attr:`Rules.name <sudokit.geometry.Rules.name>` names the rules."""
    if not variant:
        return "classic"
    return " + ".join("X" if v == "x" else v for v in variant.split("+"))
