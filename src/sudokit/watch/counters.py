"""What a trace did, counted event by event."""

from __future__ import annotations

from dataclasses import dataclass

from .events import (
    Backtrack,
    Contradiction,
    Eliminate,
    Event,
    Place,
    Try,
)

# --- counters -------------------------------------------------------------------------


@dataclass(slots=True)
class Counters:
    """Totals of a trace, updated one event at a time.

    - ``steps``: events so far; ``tries``: :class:`Try` events (for ``naive``, digits
      tested, valid or not); ``placements``: :class:`Place` events; ``backtracks``:
      :class:`Backtrack` events; ``guesses``: placements that are trials;
    - ``depth``: trials on the current path (``max_depth`` the deepest so far);
    - ``eliminations``: candidates removed; ``contradictions``: dead ends and clashes.
    """

    steps: int = 0
    tries: int = 0
    placements: int = 0
    backtracks: int = 0
    guesses: int = 0
    depth: int = 0
    max_depth: int = 0
    eliminations: int = 0
    contradictions: int = 0

    def update(self, event: Event) -> None:
        self.steps += 1
        kind = type(event)
        if kind is Eliminate:
            self.eliminations += 1
        elif kind is Try:
            self.tries += 1
        elif isinstance(event, Place):
            self.placements += 1
            if event.guess:
                self.guesses += 1
                self.depth += 1
                if self.depth > self.max_depth:
                    self.max_depth = self.depth
        elif isinstance(event, Backtrack):
            self.backtracks += 1
            if event.guess:
                self.depth -= 1
        elif kind is Contradiction:
            self.contradictions += 1

    def snapshot(self) -> tuple[int, ...]:
        return (
            self.steps,
            self.tries,
            self.placements,
            self.backtracks,
            self.guesses,
            self.depth,
            self.max_depth,
            self.eliminations,
            self.contradictions,
        )

    def restore(self, values: tuple[int, ...]) -> None:
        (
            self.steps,
            self.tries,
            self.placements,
            self.backtracks,
            self.guesses,
            self.depth,
            self.max_depth,
            self.eliminations,
            self.contradictions,
        ) = values

    def as_dict(self) -> dict[str, int]:
        return {
            "steps": self.steps,
            "tries": self.tries,
            "placements": self.placements,
            "backtracks": self.backtracks,
            "guesses": self.guesses,
            "depth": self.depth,
            "max_depth": self.max_depth,
            "eliminations": self.eliminations,
            "contradictions": self.contradictions,
        }
