"""Seeded generation of puzzles with exactly one solution, optionally of a given level.

A random complete grid is drawn, then clues are taken away in a random order, one
symmetric group at a time, keeping each removal only while the solution stays unique.
One pass is enough for a minimal puzzle: once removing a group makes the puzzle
ambiguous, removing it later (with even fewer clues) would too.

Graded generation (``difficulty=`` or ``require=``) repeats this with the same random
stream until the logic engine's grade (:func:`sudokit.logic.rate`) is the level asked
for, and the path uses every required technique. ``easy`` and ``medium`` stop removing
at a clue count (:data:`DIFFICULTIES`) so that they stay pleasant to play; the other
levels are minimal puzzles.

Everything random comes from one ``random.Random(seed)``, and what is asked of a solver
("unique or not") and of the grader is deterministic, so the same seed gives the same
puzzle on any machine and with any backend.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from .errors import GenerationError
from .geometry import Shape
from .grid import Grid
from .logic import BY_ID, LEVELS, rate
from .logic.screen import finishes, singles_finish, stuck
from .logic.techniques import unknown_technique
from .solvers import backend_for, native, search_guesses
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

#: Per level, the share of cells kept as clues at least (0: as few as uniqueness allows).
DIFFICULTIES: dict[str, float] = {
    "easy": 0.45,
    "medium": 0.37,
    "hard": 0.0,
    "expert": 0.0,
    "extreme": 0.0,
}

#: Attempts per size before graded generation gives up (with a GenerationError).
ATTEMPTS: dict[int, int] = {4: 100, 6: 400, 9: 20_000, 12: 200, 16: 40}

#: The levels each size reaches, found by rating thousands of generated puzzles: 4×4
#: puzzles never need more than singles; about one 6×6 puzzle in 25 is hard, while medium
#: and expert ones are too rare to be made on demand (under 1 in 100 and 1 in 500).
REACHABLE: dict[int, tuple[str, ...]] = {
    4: ("easy",),
    6: ("easy", "hard"),
    9: LEVELS,
    12: LEVELS,
    16: LEVELS,
}


def levels_for(size: int) -> tuple[str, ...]:
    """The levels :func:`generate` can make puzzles of this size at, easiest first."""
    Shape.of(size)  # an unknown size is a ValueError naming the sizes
    return REACHABLE[size]


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


#: Graded generation carves this many candidates from each random full grid, each in its
#: own random order: a 9×9 fill costs about five carves, and one grid gives puzzles of
#: every level (only one puzzle of the draws is kept, so they need not look unrelated).
CARVES_PER_FILL = 16


#: Levels whose candidates are carved with the level in view, per size: a removal stays
#: only while the techniques up to the level still finish the puzzle. Random 16×16
#: puzzles are nearly all extreme (of 60 carved down to medium's clue count, 54 rated
#: extreme and none medium; of 60 minimal ones, 56 extreme, 4 expert, none hard), so
#: plain draws would seldom land there; carved in view, each lands on the level in one
#: draw (medians of 0.2 s for medium, 0.8 s for hard, 2.8 s for expert).
GUIDED: dict[int, frozenset[str]] = {16: frozenset({"medium", "hard", "expert"})}


def _carve(
    shape: Shape,
    rng: random.Random,
    groups: list[tuple[int, ...]],
    keep: int,
    full: list[int] | None = None,
    within: str | None = None,
) -> Grid:
    """Clue groups removed from a full grid (``full``, or a random one) while the
    solution stays unique, keeping at least ``keep`` clues; with ``within``, also only
    while the techniques up to that level finish the puzzle."""
    cells = engine(shape).random_fill(rng) if full is None else list(full)
    order = list(groups)
    rng.shuffle(order)
    # The backend straight away: the cells are valid by construction, and this runs
    # about forty times per candidate; the C core runs the whole loop in one call.
    backend = backend_for(shape)
    core = native._core
    if within is None and core is not None and backend.name == native.NativeBackend.name:
        return Grid(shape, core.carve(cells, order, keep))
    clues = shape.ncells
    for group in order:
        if clues - len(group) < keep:
            continue
        saved = [cells[c] for c in group]
        for c in group:
            cells[c] = 0
        if backend.run(shape, cells, 2).count == 1 and (
            within is None or finishes(Grid(shape, cells), within)
        ):
            clues -= len(group)
        else:
            for c, v in zip(group, saved, strict=True):
                cells[c] = v
    return Grid(shape, cells)


#: 9×9 extreme candidates are puzzles the reference search
#: (:func:`sudokit.solvers.search_guesses`) does not settle within this many guesses.
#: Such a puzzle yields to one trial and propagation, and is nearly never extreme:
#: measured on 24,000 generated 9×9 candidates (rot180 and no symmetry), 1 of 165 extreme
#: ones was, against 56 % of the others. One C search (20 µs) spares the logic screen most
#: of its work; the rule changes which puzzles a seed can give, not what the grading says
#: of them.
EXTREME_MIN_GUESSES = 2

#: The lowest level whose requests screen candidates with :func:`~.logic.screen.stuck`
#: (below it the grading itself is about as cheap).
_SCREEN_FROM = LEVELS.index("expert")


def _distance(grid: Grid, target: int, need: frozenset[str]) -> int:
    """How far the puzzle is from what is asked: 0 when its level is ``target`` and its
    path uses every technique of ``need`` and its hardest step is one of them; else the
    gap in levels (at least 1).

    The grading stops at the target level (at ``expert`` for ``extreme``, which is "not
    solvable up to expert"), so a puzzle above the target costs no more than one at it.
    """
    extreme = len(LEVELS) - 1
    filtered = target == extreme and grid.shape.n == 9
    if filtered and search_guesses(grid) <= EXTREME_MIN_GUESSES:
        return 1  # not an extreme candidate (measured on 9×9 only)
    # Cheap screens next; each rejects only candidates the grading below would reject
    # (they finish with easier techniques), so the same seed keeps giving the same
    # puzzle. Singles cost tens of microseconds and reject about two thirds of 9×9
    # candidates (none left after the filter above: a search that guessed needed more
    # than singles); the ordered screen spares expert and extreme requests the full
    # grading of the many hard and expert candidates (see sudokit.logic.screen).
    if target >= 1 and not filtered and singles_finish(grid):
        return target
    left: tuple[tuple[int, ...], ...] = ()
    if target >= _SCREEN_FROM:
        at = stuck(grid, LEVELS[target - 1])
        if at is None:
            return 1
        left = (at,)
    wants_forcing = any(BY_ID[t].level == "extreme" for t in need)
    top = target if target < extreme or wants_forcing else extreme - 1
    # Where the screen stopped, the same techniques find nothing for the grading either
    # (the screen's techniques are those of the level below the target).
    known = left if top == target - 1 else ()
    r = rate(grid, max_level=LEVELS[top], solutions=1, known_stuck=known)
    level = LEVELS.index(r.level) if r.solved else top + 1
    if level != target:
        return abs(level - target)
    if not need <= r.techniques.keys():
        return 1
    # Needed, not merely used: the hardest step of the path is one of them (the engine
    # tries simpler techniques first), unless a harder level was asked for as well.
    floor = max((LEVELS.index(BY_ID[t].level) for t in need), default=-1)
    return 0 if floor < target or r.hardest in need else 1


def generate(
    size: int = 9,
    *,
    seed: int | str | None = None,
    symmetry: str = "rot180",
    difficulty: str | None = None,
    require: Iterable[str] | None = None,
    max_attempts: int | None = None,
) -> Grid:
    """A puzzle with exactly one solution.

    - ``seed``: the same seed gives the same puzzle everywhere (None: a fresh random one);
    - ``symmetry``: one of :data:`SYMMETRIES` (``rot180`` by default);
    - ``difficulty``: one of :data:`LEVELS`: the puzzle's :func:`sudokit.logic.rate`
      level is exactly that (``easy`` and ``medium`` also keep the clue counts of
      :data:`DIFFICULTIES`). None gives a minimal puzzle of any level, where no clue (or
      symmetric group of clues) can be removed without losing uniqueness;
    - ``require``: technique ids (``x_wing``, ...) the puzzle needs: its logical path
      uses each of them and its hardest step is one of them (no harder technique is
      used). Without ``difficulty`` the puzzle is at the level of the hardest of them;
      with a harder ``difficulty`` each is used and a harder step comes too;
    - ``max_attempts``: how many puzzles to try (default per size, :data:`ATTEMPTS`).

    A level or technique the size cannot reach (:func:`levels_for`), or no puzzle found
    within the attempts, is a :class:`~sudokit.errors.GenerationError` (a ``ValueError``):
    never an easier puzzle labelled as asked.
    """
    shape = Shape.of(size)
    if difficulty is not None and difficulty not in DIFFICULTIES:
        names = ", ".join(DIFFICULTIES)
        raise ValueError(f"unknown difficulty {difficulty!r} (choose from {names})")
    need = frozenset(require or ())
    for tid in sorted(need):
        if tid not in BY_ID:
            raise ValueError(unknown_technique(tid))
    groups = symmetry_groups(shape, symmetry)
    rng = random.Random(seed)
    if difficulty is None and not need:
        return _carve(shape, rng, groups, 0)
    _check_reachable(size, difficulty, need)
    floor = max((LEVELS.index(BY_ID[t].level) for t in need), default=0)
    if difficulty is None:
        target = floor
    else:
        target = LEVELS.index(difficulty)
        if target < floor:
            hardest = max(need, key=lambda t: LEVELS.index(BY_ID[t].level))
            raise ValueError(
                f"{hardest!r} is a {BY_ID[hardest].level} technique: it cannot be needed "
                f"by a {difficulty} puzzle"
            )
    keep = round(DIFFICULTIES[LEVELS[target]] * shape.ncells)
    attempts = max_attempts if max_attempts is not None else ATTEMPTS.get(size, 100)
    within = LEVELS[target] if LEVELS[target] in GUIDED.get(size, ()) else None
    full: list[int] = []
    for attempt in range(max(1, attempts)):
        if attempt % CARVES_PER_FILL == 0:
            full = engine(shape).random_fill(rng)
        grid = _carve(shape, rng, groups, keep, full, within)
        if _distance(grid, target, need) == 0:
            return grid
    asked = " and ".join(
        ([f"{difficulty}"] if difficulty else [])
        + [f"needing {', '.join(sorted(need))}"] * bool(need)
    )
    raise GenerationError(
        f"no {size}×{size} puzzle {asked} found in {attempts} attempts from seed {seed!r}: "
        "try another seed, or more attempts"
    )


def _check_reachable(size: int, difficulty: str | None, need: frozenset[str]) -> None:
    """Refuse what no seed can give at this size, rather than an easier puzzle."""
    reach = levels_for(size)
    grid = f"{size}×{size}"
    if difficulty is not None and difficulty not in reach:
        raise GenerationError(
            f"{grid} puzzles cannot be made {difficulty}: they reach {', '.join(reach)}"
        )
    for tid in sorted(need):
        t = BY_ID[tid]
        if size < t.min_size:
            raise GenerationError(
                f"{t.name} cannot be needed in a {grid} puzzle: it says something new only "
                f"from {t.min_size}×{t.min_size} up"
            )
        if t.level not in reach:
            raise GenerationError(
                f"{t.name} is a {t.level} technique and {grid} puzzles reach "
                f"{', '.join(reach)} only"
            )
