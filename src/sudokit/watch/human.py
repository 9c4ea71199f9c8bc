"""The logic engine's path, watched: the only module of :mod:`sudokit.watch` that uses
:mod:`sudokit.logic`."""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import UnsupportedRulesError
from ..grid import Grid
from ..logic.candidates import State
from ..logic.engine import steps
from ..solvers import search
from .events import (
    Eliminate,
    Event,
    Failed,
    Focus,
    Place,
    Solved,
    Stuck,
    _bit,
    _duplicates,
    initial_candidates,
)


def human(grid: Grid) -> Iterator[Event]:
    """The logic engine's path: the easiest technique that applies, one step at a time.

    Each step shows its pattern (a :class:`Focus` named after the technique), then
    its placements and eliminations, each carrying the step's explanation; the
    candidates a placement removes from its peers follow.
    """
    if grid.conflicts():
        yield from _duplicates(grid)
        return
    shape = grid.shape
    rules = grid.rules
    count = search(grid, 2).count
    if count == 0:
        yield Failed("No solution: the puzzle contradicts itself")
        return
    unique = count == 1
    state = State.from_grid(grid)
    if not rules.classic and getattr(state, "rules", None) is not rules:  # never as classic
        raise UnsupportedRulesError(f"the logic engine does not handle {rules.name} rules")
    kept = initial_candidates(grid)
    # Candidates the engine starts without (none today) leave first, so the board a
    # viewer replays matches the engine's from the start.
    for cell in range(shape.ncells):
        if not grid.cells[cell]:
            for digit in shape.digits_of_mask[kept[cell] & ~state.cands[cell]]:
                yield Eliminate(cell, digit, "not allowed by the givens")
            kept[cell] = state.cands[cell]
    for step, after in steps(state, unique=unique):
        pattern = step.cells or tuple(c for c, _ in step.placements + step.eliminations)
        if pattern:
            yield Focus(pattern[0], step.name, step)
        placed: dict[int, list[int]] = {}
        for cell, digit in step.placements:
            yield Place(cell, digit, step.text)
            kept[cell] = _bit(digit)
            placed.setdefault(digit, []).append(cell)
        explicit = set(step.eliminations)
        for cell, digit in step.eliminations:
            if kept[cell] & _bit(digit) and not after.values[cell]:
                kept[cell] &= ~_bit(digit)
                yield Eliminate(cell, digit, step.text)
        for cell in range(shape.ncells):  # what the placements took from their peers
            if after.values[cell]:
                continue
            for digit in shape.digits_of_mask[kept[cell] & ~after.cands[cell]]:
                if (cell, digit) in explicit:
                    continue
                source = next((c for c in placed.get(digit, ()) if c in rules.peers[cell]), None)
                because = (
                    f"{shape.cell_name(source)} is {shape.symbols[digit - 1]}"
                    if source is not None
                    else step.text
                )
                yield Eliminate(cell, digit, because)
            kept[cell] = after.cands[cell]
        state = after
    if state.is_solved():
        yield Solved(state.to_grid())
    elif state.broken():
        yield Failed("No solution: the steps ran into a contradiction")
    else:
        yield Stuck("No technique applies here: the rest needs guessing")
