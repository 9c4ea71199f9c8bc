"""Solving: the public functions and the registry of solver backends.

``solve``, ``count_solutions`` and ``is_unique`` take a :class:`~sudokit.grid.Grid` (or
anything :func:`~sudokit.formats.parse` reads) and pick the fastest backend that supports
the grid's rules (``grid.rules``: X, jigsaw and the other variants are solved under their
rules, never as classic). Outcomes are values: no solution is ``None`` / ``0``, never an
exception.

The backends and their registry live in :mod:`sudokit.solvers.registry`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..formats import parse
from ..grid import Grid

# The C core registers itself as the "native" backend when it was built; native.py copes
# with a missing compiled module, so this import never fails for that reason.
from . import native as native
from .registry import Backend, Outcome, backend_for, backends, register


def _grid(puzzle: Grid | str | Sequence[Sequence[int]]) -> Grid:
    # Duplicate givens are an outcome here (no solution), not a parse error.
    return puzzle if isinstance(puzzle, Grid) else parse(puzzle, check=False)


def search(puzzle: Grid | str | Sequence[Sequence[int]], limit: int = 2) -> Outcome:
    """Count solutions up to ``limit`` and keep the first: one search for both answers."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    # Inline, not _grid(): a one-puzzle search takes a few microseconds in all.
    grid = puzzle if type(puzzle) is Grid else _grid(puzzle)
    rules = grid.rules
    return backend_for(rules).run(rules, grid.cells, limit)


def solve(puzzle: Grid | str | Sequence[Sequence[int]]) -> Grid | None:
    """A solution of the puzzle, or None when it has none.

    When the puzzle has several solutions one of them is returned; use
    :func:`count_solutions` or :func:`search` to know.
    """
    grid = _grid(puzzle)
    rules = grid.rules
    out = backend_for(rules).run(rules, grid.cells, 1)
    return None if out.solution is None else Grid(grid.rules, out.solution)


def count_solutions(puzzle: Grid | str | Sequence[Sequence[int]], limit: int = 2) -> int:
    """The number of solutions, counting no further than ``limit``."""
    return search(puzzle, limit).count


def search_guesses(grid: Grid, limit: int = 2) -> int:
    """The trial assignments of the reference search counting the solutions to ``limit``:
    singles and locked candidates, then the open cell with the fewest candidates (the
    first on ties), digits ascending.

    The C core's general kernel and the pure-Python engine make the same trials (tested),
    so the number does not depend on the backend, up to the first restart budget
    (:data:`~sudokit.solvers.fast.FIRST_BUDGET` guesses): it measures how far a puzzle
    is from yielding to propagation alone.

    Under variant rules, the general engine's trials (singles only, every size).
    """
    rules = grid.rules
    if rules is not grid.shape.rules:
        from .general import engine as general_engine

        return general_engine(rules).run(grid.cells, limit).guesses
    shape = grid.shape
    core = native._core
    if core is not None:
        return core.run_general(native.geometry(shape.rules), bytes(grid.cells), limit)[2]
    from .fast import FIRST_BUDGET, engine

    return engine(shape, locked=True).run(grid.cells, limit, FIRST_BUDGET).guesses


def is_unique(puzzle: Grid | str | Sequence[Sequence[int]]) -> bool:
    """Whether the puzzle has exactly one solution."""
    return search(puzzle, 2).count == 1


__all__ = [
    "Backend",
    "Outcome",
    "backend_for",
    "backends",
    "count_solutions",
    "is_unique",
    "register",
    "search",
    "search_guesses",
    "solve",
]
