"""Seeded generation of puzzles with exactly one solution.

A random complete grid is drawn, then clues are taken away in a random order, one
symmetric group at a time, keeping each removal only while the solution stays unique.
One pass is enough for a minimal puzzle: once removing a group makes the puzzle
ambiguous, removing it later (with even fewer clues) would too.

Everything random comes from one ``random.Random(seed)``, and the only thing asked of a
solver is "unique or not", so the same seed gives the same puzzle on any machine and
with any backend.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .geometry import Shape
from .grid import Grid
from .solvers import count_solutions
from .solvers.fast import engine

Cell = tuple[int, int]


def _rot180(r: int, c: int, n: int) -> list[Cell]:
    return [(r, c), (n - 1 - r, n - 1 - c)]


def _rot90(r: int, c: int, n: int) -> list[Cell]:
    return [(r, c), (c, n - 1 - r), (n - 1 - r, n - 1 - c), (n - 1 - c, r)]


def _mirror(r: int, c: int, n: int) -> list[Cell]:
    return [(r, c), (r, n - 1 - c)]


def _diagonal(r: int, c: int, n: int) -> list[Cell]:
    return [(r, c), (c, r)]


def _none(r: int, c: int, n: int) -> list[Cell]:
    return [(r, c)]


#: Symmetries of the clue pattern: name -> the cells a cell's clue is paired with.
SYMMETRIES: dict[str, Callable[[int, int, int], list[Cell]]] = {
    "rot180": _rot180,
    "rot90": _rot90,
    "mirror": _mirror,
    "diagonal": _diagonal,
    "none": _none,
}

#: Provisional levels: the share of cells left as clues (``hard`` removes all it can).
#: Real grading by the techniques a puzzle needs replaces this.
DIFFICULTIES: dict[str, float] = {"easy": 0.45, "medium": 0.37, "hard": 0.0}


def symmetry_groups(shape: Shape, symmetry: str) -> list[tuple[int, ...]]:
    """The cells that must be kept or removed together, each group sorted, in cell order."""
    try:
        images = SYMMETRIES[symmetry]
    except KeyError:
        names = ", ".join(SYMMETRIES)
        raise ValueError(f"unknown symmetry {symmetry!r} (choose from {names})") from None
    n = shape.n
    seen: set[int] = set()
    groups = []
    for cell in range(shape.ncells):
        if cell in seen:
            continue
        group = tuple(sorted({r * n + c for r, c in images(cell // n, cell % n, n)}))
        seen.update(group)
        groups.append(group)
    return groups


def generate(
    size: int = 9,
    *,
    seed: int | str | None = None,
    symmetry: str = "rot180",
    difficulty: str | None = None,
) -> Grid:
    """A puzzle with exactly one solution.

    - ``seed``: the same seed gives the same puzzle everywhere (None: a fresh random one);
    - ``symmetry``: one of :data:`SYMMETRIES` (``rot180`` by default);
    - ``difficulty``: ``easy`` or ``medium`` stop removing clues at a clue count; ``hard``
      and None give a minimal puzzle, where no clue (or symmetric group of clues) can be
      removed without losing uniqueness.
    """
    shape = Shape.of(size)
    if difficulty is not None and difficulty not in DIFFICULTIES:
        names = ", ".join(DIFFICULTIES)
        raise ValueError(f"unknown difficulty {difficulty!r} (choose from {names})")
    groups = symmetry_groups(shape, symmetry)
    rng = random.Random(seed)
    cells = engine(shape).random_fill(rng)
    target = round(DIFFICULTIES[difficulty or "hard"] * shape.ncells)
    rng.shuffle(groups)
    clues = shape.ncells
    for group in groups:
        if clues - len(group) < target:
            continue
        saved = [cells[c] for c in group]
        for c in group:
            cells[c] = 0
        if count_solutions(Grid(shape, cells), 2) == 1:
            clues -= len(group)
        else:
            for c, v in zip(group, saved, strict=True):
                cells[c] = v
    return Grid(shape, cells)
