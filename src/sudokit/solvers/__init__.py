"""Solving: the public functions and the registry of solver backends.

``solve``, ``count_solutions`` and ``is_unique`` take a :class:`~sudokit.grid.Grid` (or
anything :func:`~sudokit.formats.parse` reads) and pick the fastest backend that supports
the grid's size. Outcomes are values: no solution is ``None`` / ``0``, never an exception.

Backends register themselves here; ``SUDOKIT_BACKEND=<name>`` forces one (a backend that
does not support a size falls back to ``python`` for it).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..formats import parse
from ..geometry import Shape
from ..grid import Grid
from . import fast


@dataclass(frozen=True, slots=True)
class Outcome:
    """A search's result: how many solutions (capped at the limit), the first, guesses."""

    count: int
    solution: list[int] | None
    guesses: int


class Backend(Protocol):
    """What a solver backend provides. Inputs are trusted: validated cells of a shape."""

    name: str
    priority: int

    def supports(self, shape: Shape) -> bool: ...

    def run(self, shape: Shape, cells: Sequence[int], limit: int) -> Outcome:
        """Count solutions up to ``limit`` (>= 1), returning the first one found."""
        ...


class PythonBackend:
    """The pure-Python bit-mask solver (every size)."""

    name = "python"
    priority = 0

    def supports(self, shape: Shape) -> bool:
        return True

    def run(self, shape: Shape, cells: Sequence[int], limit: int) -> Outcome:
        r = fast.engine(shape).run(cells, limit)
        return Outcome(r.count, r.solution, r.guesses)


_REGISTRY: dict[str, Backend] = {}


def register(backend: Backend) -> None:
    """Add (or replace) a backend by name."""
    _REGISTRY[backend.name] = backend


register(PythonBackend())


def backends() -> list[str]:
    """Names of the available backends, the one used for 9×9 first."""
    active = backend_for(Shape.of(9)).name
    rest = sorted((b for b in _REGISTRY.values() if b.name != active), key=lambda b: -b.priority)
    return [active] + [b.name for b in rest]


def backend_for(shape: Shape) -> Backend:
    """The backend that solves grids of this shape: forced by ``SUDOKIT_BACKEND`` or the
    highest-priority one that supports it."""
    forced = os.environ.get("SUDOKIT_BACKEND")
    if forced:
        chosen = _REGISTRY.get(forced)
        if chosen is None:
            names = ", ".join(sorted(_REGISTRY))
            raise ValueError(f"SUDOKIT_BACKEND={forced!r} is not available (available: {names})")
        if chosen.supports(shape):
            return chosen
        return _REGISTRY["python"]
    return max((b for b in _REGISTRY.values() if b.supports(shape)), key=lambda b: b.priority)


def _grid(puzzle: Grid | str | Sequence[Sequence[int]]) -> Grid:
    # Duplicate givens are an outcome here (no solution), not a parse error.
    return puzzle if isinstance(puzzle, Grid) else parse(puzzle, check=False)


def search(puzzle: Grid | str | Sequence[Sequence[int]], limit: int = 2) -> Outcome:
    """Count solutions up to ``limit`` and keep the first: one search for both answers."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    grid = _grid(puzzle)
    return backend_for(grid.shape).run(grid.shape, grid.cells, limit)


def solve(puzzle: Grid | str | Sequence[Sequence[int]]) -> Grid | None:
    """A solution of the puzzle, or None when it has none.

    When the puzzle has several solutions one of them is returned; use
    :func:`count_solutions` or :func:`search` to know.
    """
    grid = _grid(puzzle)
    out = backend_for(grid.shape).run(grid.shape, grid.cells, 1)
    return None if out.solution is None else Grid(grid.shape, out.solution)


def count_solutions(puzzle: Grid | str | Sequence[Sequence[int]], limit: int = 2) -> int:
    """The number of solutions, counting no further than ``limit``."""
    return search(puzzle, limit).count


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
    "solve",
]

# The C core registers itself as the "native" backend when it was built. It is optional:
# native.py itself copes with a missing compiled module, and this guard keeps the pure
# backend working whatever goes wrong there (the Makefile checks the build separately).
try:  # noqa: SIM105 - a plain import keeps the module visible to type checkers
    from . import native as native
except ImportError:  # pragma: no cover
    pass
