"""Statistics of finished games as values, and the words that tell a player about them.

The :class:`~sudokit.game.store.Store` counts the games; this module holds what it hands
out (:class:`LevelStats`, :class:`Finish`) and :func:`finish_message`, which no database
is needed for.
"""

from __future__ import annotations

from dataclasses import dataclass

from .levels import CUSTOM, label
from .session import format_time


@dataclass(frozen=True, slots=True)
class LevelStats:
    """Statistics of the finished games of one size, rules and level.

    ``best`` and ``average`` are seconds over solved games (None before the first).
    ``rules`` is the rules' name (:attr:`Rules.name <sudokit.geometry.Rules.name>`:
    ``classic``, ``X``, ``jigsaw + X``): each variant keeps records of its own, and jigsaw
    games count together whatever their regions.
    """

    size: int
    level: str
    played: int
    solved: int
    best: float | None
    average: float | None
    hints: int
    rules: str = "classic"

    #: Column names of :meth:`cells`, for tables.
    HEADINGS = ("size", "level", "played", "solved", "best", "average", "hints")

    def cells(self, missing: str = "-") -> list[str]:
        """The row as people read it, one text per heading (``missing`` for no time)."""
        grid = f"{self.size}×{self.size}"
        return [
            grid if self.rules == "classic" else f"{grid} {self.rules}",
            label(self.level),
            str(self.played),
            str(self.solved),
            missing if self.best is None else format_time(self.best),
            missing if self.average is None else format_time(self.average),
            str(self.hints),
        ]


@dataclass(frozen=True, slots=True)
class Finish:
    """What finishing a game meant for the records."""

    solved: bool
    elapsed: float
    previous_best: float | None

    @property
    def new_best(self) -> bool:
        return self.solved and (self.previous_best is None or self.elapsed < self.previous_best)


def finish_message(finish: Finish, level: str, size: int = 9, rules: str = "classic") -> str:
    """The status line after a finished game: ``Solved in 07:42 — a new best for Hard!``
    (other sizes than 9×9 are named: ``... for 16×16 Hard!``, and variants by their
    rules' name: ``... for X Hard!``)."""
    name = label(level) if size == 9 else f"{size}×{size} {label(level)}"
    if rules != "classic":
        name = f"{rules} {name}"
    when = format_time(finish.elapsed)
    if not finish.solved:
        return "Here is the solution. This game counts as played, not solved."
    if level == CUSTOM:  # records are about generated levels; a custom puzzle is one of a kind
        return f"Solved in {when} — well done!"
    if finish.previous_best is None:
        return f"Solved in {when} — your first {name} solve!"
    if finish.new_best:
        return f"Solved in {when} — a new best for {name}!"
    return f"Solved in {when} (best for {name}: {format_time(finish.previous_best)})."


__all__ = ["Finish", "LevelStats", "finish_message"]
