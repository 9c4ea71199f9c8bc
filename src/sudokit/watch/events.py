"""The events a watched algorithm yields, one small value per step, and the helpers
the algorithms share to make them."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..geometry import Rules, Shape
from ..grid import Grid

if TYPE_CHECKING:
    from ..logic.step import Step

# --- events ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Focus:
    """The algorithm looks at a cell (the one it will fill next). ``step``: the logical
    step about to be played (``human``), for a viewer to draw its pattern."""

    cell: int
    note: str = ""
    step: Step | None = None


@dataclass(frozen=True, slots=True)
class FocusUnit:
    """The algorithm asks where ``digit`` can go in ``unit``."""

    unit: int
    digit: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class Try:
    """A digit is tried in a cell: a test (``naive``) or a trial assignment."""

    cell: int
    digit: int


@dataclass(frozen=True, slots=True)
class Place:
    """A digit is written in a cell; ``guess`` when it is a trial that may be undone."""

    cell: int
    digit: int
    reason: str
    guess: bool = False


@dataclass(frozen=True, slots=True)
class Eliminate:
    """A candidate is removed from a cell."""

    cell: int
    digit: int
    reason: str


@dataclass(frozen=True, slots=True)
class Contradiction:
    """The tried digit clashes, or the board cannot be completed from here."""

    cell: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class Backtrack:
    """The trial of ``digit`` in ``cell`` is undone, with everything that followed it.

    ``guess`` matches the :class:`Place` it undoes (a forced choice is not a guess).
    """

    cell: int
    digit: int
    guess: bool = True


@dataclass(frozen=True, slots=True)
class Solved:
    solution: Grid


@dataclass(frozen=True, slots=True)
class Failed:
    """The puzzle has no solution."""

    reason: str


@dataclass(frozen=True, slots=True)
class Stuck:
    """No known technique applies (``human``): the algorithm gives up unsolved."""

    reason: str


Event = (
    Focus
    | FocusUnit
    | Try
    | Place
    | Eliminate
    | Contradiction
    | Backtrack
    | Solved
    | Failed
    | Stuck
)
#: A step of a recursive trace: yields events, returns whether it solved (or went on).
Steps = Generator[Event, None, bool]
#: Events that end a trace.
FINAL = (Solved, Failed, Stuck)


def describe(event: Event, shape: Shape | Rules) -> str:
    """One line for people: ``Try 5 in r1c3``. Given the puzzle's rules, units past the
    classic ones are named too (``the ↘ diagonal``, ``window 2``)."""
    sym = shape.symbols
    match event:
        case Focus(cell, note):
            return f"Look at {shape.cell_name(cell)}" + (f": {note}" if note else "")
        case FocusUnit(unit, digit, note):
            text = f"Where can {sym[digit - 1]} go in {shape.unit_name(unit)}?"
            return f"{text} {note}" if note else text
        case Try(cell, digit):
            return f"Try {sym[digit - 1]} in {shape.cell_name(cell)}"
        case Place(cell, digit, reason, guess):
            head = f"{'Guess' if guess else 'Place'} {sym[digit - 1]} in {shape.cell_name(cell)}"
            return f"{head}: {reason}" if reason else head
        case Eliminate(cell, digit, reason):
            return f"Remove {sym[digit - 1]} from {shape.cell_name(cell)}: {reason}"
        case Contradiction(_, reason):
            return reason
        case Backtrack(cell, digit, _):
            return f"Take back {sym[digit - 1]} from {shape.cell_name(cell)}"
        case Solved():
            return "Solved"
        case Failed(reason) | Stuck(reason):
            return reason
    raise TypeError(f"not an event: {event!r}")


# --- helpers shared by the algorithms ---------------------------------------------------


def _bit(digit: int) -> int:
    return 1 << (digit - 1)


def _digit(bit: int) -> int:
    return bit.bit_length()


def initial_candidates(grid: Grid) -> list[int]:
    """Per cell: a given's own bit, or the digits its given peers leave open."""
    return [_bit(v) if v else m for v, m in zip(grid.cells, grid.candidates(), strict=True)]


def _duplicates(grid: Grid) -> Iterator[Event]:
    conflicts = grid.conflicts()
    if conflicts:
        first = conflicts[0]
        yield Contradiction(first.cells[1], f"The givens clash: {first}")
        yield Failed("No solution: the givens clash")
