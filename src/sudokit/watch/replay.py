"""The board a trace describes: it applies events and takes them back, for viewers
that step back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..grid import Grid
from .counters import Counters
from .events import (
    Backtrack,
    Contradiction,
    Eliminate,
    Event,
    Failed,
    Focus,
    FocusUnit,
    Place,
    Solved,
    Stuck,
    Try,
    _bit,
    describe,
    initial_candidates,
)
from .registry import get_algorithm

if TYPE_CHECKING:
    from ..logic.step import Step

# --- replay: the board a trace describes ----------------------------------------------------

#: How a cell got its digit (for colours).
EMPTY, GIVEN, FORCED, GUESSED = 0, 1, 2, 3
_VALUE, _ORIGIN, _CAND = 0, 1, 2

RunStatus = Literal["running", "solved", "failed", "stuck", "stopped"]


@dataclass(frozen=True, slots=True)
class StepShown:
    """A logical step being played (``human``): the step, and the digits and candidates
    it was found on, for a viewer to draw it (see :attr:`Replay.step`)."""

    step: Step
    values: tuple[int, ...]
    candidates: tuple[int, ...]


#: An undo record (from :meth:`Replay.apply`): the event, the view and the counters
#: before it, the log length before it (or the entries a backtrack rolled back), and
#: the open trials before it.
Undo = tuple[
    Event,
    tuple[
        int | None, int | None, tuple[int, int] | None, Event | None, RunStatus, StepShown | None
    ],
    tuple[int, ...],
    int,
    list[tuple[int, int, int, int]] | None,
    list[tuple[int, int, int]],
]


class Replay:
    """The board a trace has reached: digits, candidates, focus, counters.

    :meth:`apply` takes the next event and returns a record :meth:`undo` takes back, so
    a viewer can step back over a bounded history. Changes are logged since the open
    trials began, so a :class:`Backtrack` restores the board as it was before its
    :class:`Try`, whatever the algorithm did in between.
    """

    def __init__(self, grid: Grid, algorithm: str = "propagation") -> None:
        self.grid = grid
        self.shape = grid.shape
        self.rules = grid.rules
        self.algorithm = get_algorithm(algorithm)
        self.values = list(grid.cells)
        self.origin = [GIVEN if v else EMPTY for v in grid.cells]
        #: Candidate masks the algorithm keeps (None when it keeps none).
        self.kept: list[int] | None = (
            initial_candidates(grid) if self.algorithm.candidates == "kept" else None
        )
        self.focus: int | None = None
        self.focus_unit: int | None = None
        #: The digit on trial: (cell, digit), until it is placed or rejected.
        self.tried: tuple[int, int] | None = None
        self.last: Event | None = None
        self.status: RunStatus = "running"
        #: The logical step being played, from its :class:`Focus` to its last placement
        #: or elimination (None for algorithms that have no steps).
        self.step: StepShown | None = None
        self.counters = Counters()
        self._log: list[tuple[int, int, int, int]] = []  # (what, cell, old, new)
        self._marks: list[tuple[int, int, int]] = []  # open trials: (cell, digit, log length)

    # --- reading --------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.status != "running"

    def candidates(self) -> list[int] | None:
        """Masks to draw in empty cells: kept ones, or derived from the digits, or None."""
        if self.kept is not None:
            return self.kept
        if self.algorithm.candidates == "derived":
            return Grid(self.rules, self.values).candidates()
        return None

    def board(self) -> Grid:
        return Grid(self.rules, self.values)

    def caption(self) -> str:
        """The last event in words ('' before the first)."""
        return "" if self.last is None else describe(self.last, self.rules)

    # --- changing ---------------------------------------------------------------------
    def _set(self, what: int, cell: int, new: int) -> None:
        store = self.values if what == _VALUE else self.origin if what == _ORIGIN else self.kept
        assert store is not None
        old = store[cell]
        if old != new:
            store[cell] = new
            self._log.append((what, cell, old, new))

    def _store(self, what: int) -> list[int]:
        store = self.values if what == _VALUE else self.origin if what == _ORIGIN else self.kept
        assert store is not None
        return store

    def apply(self, event: Event) -> Undo:
        """Take one event; the returned record undoes it."""
        view = (self.focus, self.focus_unit, self.tried, self.last, self.status, self.step)
        counted = self.counters.snapshot()
        log_length = len(self._log)
        marks = self._marks[:] if type(event) is Backtrack else []
        rolled: list[tuple[int, int, int, int]] | None = None
        self.counters.update(event)
        self.last = event
        if self.focus_unit is not None and type(event) not in (Try, Place):
            self.focus_unit = None  # a unit's question lasts until its answer is placed
        if type(event) not in (Place, Eliminate):
            self.step = None  # a step lasts from its focus to its last move
        match event:
            case Focus(cell, _, step):
                self.focus, self.focus_unit, self.tried = cell, None, None
                if step is not None:
                    kept = self.candidates()
                    self.step = StepShown(
                        step, tuple(self.values), tuple(kept) if kept is not None else ()
                    )
            case FocusUnit(unit):
                self.focus, self.focus_unit, self.tried = None, unit, None
            case Try(cell, digit):
                self.focus, self.tried = cell, (cell, digit)
                self._marks.append((cell, digit, log_length))
            case Place(cell, digit, _, guess):
                self.focus, self.tried = cell, None
                self._set(_VALUE, cell, digit)
                self._set(_ORIGIN, cell, GUESSED if guess else FORCED)
                if self.kept is not None:
                    self._set(_CAND, cell, _bit(digit))
            case Eliminate(cell, digit):
                if self.kept is not None:
                    self._set(_CAND, cell, self.kept[cell] & ~_bit(digit))
            case Contradiction(cell):
                if cell is not None:
                    self.focus = cell
            case Backtrack(cell, digit, _):
                self.focus, self.focus_unit, self.tried = cell, None, None
                rolled = self._rollback(cell, digit)
            case Solved(solution):
                self.focus = self.focus_unit = None
                self.tried = None
                for c, v in enumerate(solution.cells):
                    if self.values[c] != v:
                        self._set(_VALUE, c, v)
                        self._set(_ORIGIN, c, FORCED)
                self.status = "solved"
            case Failed():
                self.status = "failed"
            case Stuck():
                self.status = "stuck"
        return (event, view, counted, log_length, rolled, marks)

    def _rollback(self, cell: int, digit: int) -> list[tuple[int, int, int, int]]:
        for i in range(len(self._marks) - 1, -1, -1):
            c, d, position = self._marks[i]
            if c == cell and d == digit:
                del self._marks[i:]
                rolled = self._log[position:]
                del self._log[position:]
                for what, at, old, _ in reversed(rolled):
                    self._store(what)[at] = old
                return rolled
        return []

    def undo(self, record: Undo) -> None:
        """Take back the event ``record`` came from (records undo last-in, first-out)."""
        _, view, counted, log_length, rolled, marks = record
        if rolled is not None:  # a backtrack: redo what it rolled back
            for what, at, _, new in rolled:
                self._store(what)[at] = new
            self._log.extend(rolled)
            self._marks[:] = marks
        else:
            while len(self._log) > log_length:
                what, at, old, _ = self._log.pop()
                self._store(what)[at] = old
            if type(record[0]) is Try:
                self._marks.pop()
        self.focus, self.focus_unit, self.tried, self.last, self.status, self.step = view
        self.counters.restore(counted)
