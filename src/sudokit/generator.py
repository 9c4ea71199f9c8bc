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

from .errors import GenerationError, UnsupportedRulesError
from .generator_fill import _fill, _variant_start
from .generator_killer import FEWEST_CAGES, Grade, check_sizes, givens_cells, killer_puzzle
from .geometry import VARIANTS, Rules, Shape, variant_name
from .grid import Grid
from .logic import BY_ID, LEVELS, rate
from .logic.screen import finishes, first_finishing, singles_finish, stuck
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


#: The levels variant puzzles reach, per size and variants (in :data:`VARIANTS` order,
#: ``+``-joined), where they differ from :data:`REACHABLE`: found by rating generated
#: puzzles. A level that fewer
#: than about one candidate in 300 reaches is left out: it cannot be made on demand.
#: Measured at 9×9 on 160 candidates per pool (40 full grids, 4 carves each): X,
#: anti-knight, anti-king and jigsaw reach every level (medium is rare for the first
#: three: 1 or 2 of 160 candidates at medium's clue count); X + jigsaw gave no medium of
#: 160 (and 4 of 160 among minimal puzzles, which are not carved for medium).
VARIANT_REACHABLE: dict[tuple[int, str], tuple[str, ...]] = {
    (9, "x+jigsaw"): ("easy", "hard", "expert", "extreme"),
}


def levels_for(size: int, variant: str | Iterable[str] = ()) -> tuple[str, ...]:
    """The levels :func:`generate` can make puzzles of this size (and these variants) at,
    easiest first."""
    Shape.of(size)  # an unknown size is a ValueError naming the sizes
    words = variant.replace("+", ",").split(",") if isinstance(variant, str) else variant
    names = {variant_name(w) for w in words if w.strip()}
    if not names:
        return REACHABLE[size]
    key = "+".join(v for v in VARIANTS if v in names)
    if "killer" in names:
        return KILLER_REACHABLE.get((size, key), ())
    return VARIANT_REACHABLE.get((size, key), REACHABLE[size])


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

#: The same for variant puzzles, per size. Measured at 9×9 (``bench_generate.py
#: --variants``): anti-knight puzzles carved to minimal are nearly all expert or extreme
#: (3 hard of 160), and at medium's clue count nearly all easy (1 or 2 medium of 160), so
#: plain draws took 0.6 to 2.2 s a puzzle there; carved in view, most land in one draw.
#: A variant medium puzzle is carved in view of ``medium`` without a clue floor, and the
#: carving stops at the first removal after which singles no longer finish it (the most
#: clues its removal order gives a medium puzzle).
VARIANT_GUIDED: dict[int, frozenset[str]] = {9: frozenset({"medium", "hard", "expert"})}


def _carve(
    space: Shape | Rules,
    rng: random.Random,
    groups: list[tuple[int, ...]],
    keep: int,
    full: list[int] | None = None,
    within: str | None = None,
    until: Callable[[Grid], bool] | None = None,
) -> Grid:
    """Clue groups removed from a full grid (``full``, or a random one: classic only)
    while the solution stays unique, keeping at least ``keep`` clues; with ``within``,
    also only while the techniques up to that level finish the puzzle; with ``until``,
    stopping at the first removal after which it holds. ``space``: a shape for classic
    rules (the fast path), or variant rules."""
    if full is None:
        assert isinstance(space, Shape), "variant rules come with their full grid"
        cells = engine(space).random_fill(rng)
    else:
        cells = list(full)
    order = list(groups)
    rng.shuffle(order)
    # The backend straight away: the cells are valid by construction, and this runs
    # about forty times per candidate; the C core runs the whole loop in one call.
    backend = backend_for(space)
    core = native._core
    if (
        within is None
        and until is None
        and core is not None
        and backend.name == native.NativeBackend.name
    ):
        rules = space.rules if isinstance(space, Shape) else space
        return Grid(space, core.carve(native.geometry(rules), cells, order, keep))
    clues = space.ncells
    for group in order:
        if clues - len(group) < keep:
            continue
        saved = [cells[c] for c in group]
        for c in group:
            cells[c] = 0
        if backend.run(space, cells, 2).count == 1 and (
            within is None or finishes(Grid(space, cells), within)
        ):
            clues -= len(group)
            if until is not None and until(Grid(space, cells)):
                break
        else:
            for c, v in zip(group, saved, strict=True):
                cells[c] = v
    return Grid(space, cells)


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


def _distance(grid: Grid, target: int, need: frozenset[str], *, screened: bool = False) -> int:
    """How far the puzzle is from what is asked: 0 when its level is ``target`` and its
    path uses every technique of ``need`` and its hardest step is one of them; else the
    gap in levels (at least 1).

    The grading stops at the target level (at ``expert`` for ``extreme``, which is "not
    solvable up to expert"), so a puzzle above the target costs no more than one at it.

    ``screened``: the candidate was carved in view of the target level (the screen
    finishes it there); then a variant candidate asked for no technique is graded
    without walking the target level's path (see :func:`_screened_distance`).
    """
    extreme = len(LEVELS) - 1
    if screened and not need and 0 < target < extreme and not grid.rules.classic:
        return _screened_distance(grid, target)
    filtered = target == extreme and grid.shape.n == 9 and grid.rules.classic
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


def _screened_distance(grid: Grid, target: int) -> int:
    """:func:`_distance` for a variant candidate the screen finishes at the target level
    (carved in view of it), asked for no technique: 0 when the techniques up to the
    level below leave it unsolved, both as the screen applies them and on the engine's
    path; else 1.

    That is the level :func:`sudokit.logic.rate` gives it. Its path takes the easiest
    step each time, so a path that used only techniques below the target would also
    be the path with those techniques alone: the capped engine run rules that out, and
    cheaply (it ends where the screen got stuck). Its level is then the target or
    above, and no higher once the path finishes, which is where the screen's word is
    taken: the target's techniques finish it in the screen's order, and so on the
    engine's path. The two were measured to agree on every candidate tried (hundreds of
    9×9 variant candidates carved in view of hard and expert, each graded in full,
    none differing; see ``docs/logic.md``), and the grade's own last step
    (:func:`~sudokit.logic.grade.lowest_level`) rests on the same screen. Walking the
    target level's path was over half of the time a 9×9 variant expert took.
    """
    below = LEVELS[target - 1]
    if not finishes(grid, LEVELS[target]):  # answered by the carve's last screen
        return 1
    at = stuck(grid, below)
    if at is None:
        return 1
    r = rate(grid, max_level=below, solutions=1, known_stuck=(at,))
    return 1 if r.solved else 0


def generate(
    size: int | None = None,
    *,
    seed: int | str | None = None,
    symmetry: str = "rot180",
    difficulty: str | None = None,
    require: Iterable[str] | None = None,
    max_attempts: int | None = None,
    variant: str | Iterable[str] | None = None,
    rules: Rules | str | None = None,
    givens: int | None = None,
    cage_sizes: tuple[int, int] | None = None,
) -> Grid:
    """A puzzle with exactly one solution.

    - ``size``: n for an n×n grid (default 9, or the size of ``rules``);
    - ``seed``: the same seed gives the same puzzle everywhere (None: a fresh random one);
    - ``symmetry``: one of :data:`SYMMETRIES` (``rot180`` by default): the symmetry of
      the clue pattern, under any rules;
    - ``difficulty``: one of :data:`LEVELS`: the puzzle's :func:`sudokit.logic.rate`
      level is exactly that (``easy`` and ``medium`` also keep the clue counts of
      :data:`DIFFICULTIES`; a 9×9 variant's ``medium`` as many as its removal order
      allows, see :data:`VARIANT_GUIDED`). None gives a minimal puzzle of any level,
      where no clue (or symmetric group of clues) can be removed without losing
      uniqueness;
    - ``require``: technique ids (``x_wing``, ...) the puzzle needs: its logical path
      uses each of them and its hardest step is one of them (no harder technique is
      used). Without ``difficulty`` the puzzle is at the level of the hardest of them;
      with a harder ``difficulty`` each is used and a harder step comes too;
    - ``max_attempts``: how many puzzles to try (default per size, :data:`ATTEMPTS`);
    - ``variant``: variant names (``"x"``, ``"x,anti-knight"``, ``["jigsaw", "x"]``; see
      :data:`sudokit.geometry.VARIANTS`): the puzzle is made under those rules. A jigsaw
      gets random connected regions (:func:`~.generator_fill.random_regions`), drawn from the seed;
    - ``rules``: the puzzle's rules as a value or a code (``"9+x"``, a jigsaw with its
      regions): to make puzzles on a given jigsaw layout. Not with ``variant``;
    - ``givens`` (killer): how many digits are given besides the cages (default none);
    - ``cage_sizes`` (killer): the smallest and largest cage, in cells (default 1 to 5
      at ``easy``, 2 to 5 above it: a one-cell cage gives its digit away). Without a
      level, a killer's cages merge while the logic engine finishes it at the hardest
      level :func:`levels_for` offers (rules it does not grade: while the solver proves
      it unique, down to about 3.5 cells a cage).

    A killer (``variant="killer"``, alone or with others) gets random connected cages
    whose sums come from a random solution, merged while the solution stays unique
    (see :mod:`sudokit.generator_killer`).

    The puzzle's grid carries its rules (``grid.rules``). A level or technique the size
    or the rules cannot reach (:func:`levels_for`), rules no grid can keep (non-consecutive
    4×4), or no puzzle found within the attempts, is a
    :class:`~sudokit.errors.GenerationError` (a ``ValueError``): never an easier puzzle
    labelled as asked.
    """
    chosen, draw, killer = _rules_asked(size, variant, rules)
    shape = chosen.shape
    if not killer and (givens is not None or cage_sizes is not None):
        raise ValueError("givens and cage sizes are for killer puzzles (variant='killer')")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        names = ", ".join(DIFFICULTIES)
        raise ValueError(f"unknown difficulty {difficulty!r} (choose from {names})")
    need = frozenset(require or ())
    for tid in sorted(need):
        if tid not in BY_ID:
            raise ValueError(unknown_technique(tid))
    groups = symmetry_groups(shape, symmetry)
    n = shape.n
    variants = tuple(
        v
        for v in VARIANTS
        if v in chosen.variants or (draw and v == "jigsaw") or (killer and v == "killer")
    )
    if difficulty is not None or need:
        _check_reachable(n, difficulty, need, variants)
    rng = random.Random(seed)
    if killer:
        return _generate_killer(
            chosen, draw, rng, seed, difficulty, need, groups, givens, cage_sizes, max_attempts
        )
    space: Shape | Rules = shape
    first: list[int] = []
    if variants:
        # A random jigsaw's layout comes first, from the same random stream: the same
        # seed gives the same regions and the same puzzle.
        chosen, first = _variant_start(chosen, draw, rng)
        space = chosen
    if difficulty is None and not need:
        return _carve(space, rng, groups, 0, first or None)
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
    attempts = max_attempts if max_attempts is not None else ATTEMPTS.get(n, 100)
    guided = GUIDED.get(n, frozenset())
    until: Callable[[Grid], bool] | None = None
    if variants and LEVELS[target] in VARIANT_GUIDED.get(n, ()):
        guided = VARIANT_GUIDED[n]
        if LEVELS[target] == "medium":  # stop once singles no longer finish it
            keep = 0

            def until(grid: Grid) -> bool:
                return not singles_finish(grid)

    within = LEVELS[target] if LEVELS[target] in guided else None
    full: list[int] = []
    for attempt in range(max(1, attempts)):
        if attempt % CARVES_PER_FILL == 0:
            if not variants:
                full = engine(shape).random_fill(rng)
            else:
                full = first if attempt == 0 else _fill(chosen, rng)
        try:
            grid = _carve(space, rng, groups, keep, full, within, until)
            distance = _distance(grid, target, need, screened=within == LEVELS[target])
        except UnsupportedRulesError:
            raise GenerationError(_no_levels(chosen)) from None
        if distance == 0:
            return grid
    asked = " and ".join(
        ([f"{difficulty}"] if difficulty else [])
        + [f"needing {', '.join(sorted(need))}"] * bool(need)
    )
    what = f"{n}×{n}" if not variants else f"{n}×{n} {chosen.name}"
    raise GenerationError(
        f"no {what} puzzle {asked} found in {attempts} attempts from seed {seed!r}: "
        "try another seed, or more attempts"
    )


#: The levels killer puzzles are made at, per size and variants (as :func:`levels_for`
#: keys them, ``killer`` included), found by making them (8 seeds a level, at most 30
#: cage layouts each): at 9×9 every level up to expert (extreme killers are beyond the
#: logic engine, and proving them unique can take the solver seconds); at 6×6 easy and
#: medium (hard and expert: 1 of 8); at 4×4 easy (medium: 2 of 8); killer-X at 9×9 up
#: to expert, killer-jigsaw up to hard (4 seeds each). Killers of other sizes and rules
#: are made without a level.
KILLER_REACHABLE: dict[tuple[int, str], tuple[str, ...]] = {
    (4, "killer"): ("easy",),
    (6, "killer"): ("easy", "medium"),
    (9, "killer"): ("easy", "medium", "hard", "expert"),
    (9, "x+killer"): ("easy", "medium", "hard", "expert"),
    (9, "jigsaw+killer"): ("easy", "medium", "hard"),
}

#: Cage layouts tried per killer before generation gives up: each is drawn on a fresh
#: solution; one in a few is dropped (a single cell that no merge can take).
KILLER_ATTEMPTS: dict[int, int] = {4: 200, 6: 200, 9: 200, 12: 20, 16: 10}


def _generate_killer(
    base: Rules,
    draw: bool,
    rng: random.Random,
    seed: object,
    difficulty: str | None,
    need: frozenset[str],
    groups: list[tuple[int, ...]],
    givens: int | None,
    cage_sizes: tuple[int, int] | None,
    max_attempts: int | None,
) -> Grid:
    """A killer under ``base``'s rules and random cages (see :func:`generate`)."""
    n = base.n
    if cage_sizes is None:
        cage_sizes = (1 if difficulty == "easy" else 2, min(5, n))
    sizes = check_sizes(cage_sizes, n)
    count = givens_count(givens, base.ncells)
    target = None if difficulty is None and not need else _killer_target(difficulty, need)
    keep: Callable[[Grid], bool] | None = None
    done: Callable[[Grid], bool] | None = None
    grade: Grade | None = None
    reach = levels_for(n, [*base.variants, "killer", *(["jigsaw"] if draw else [])])
    if target is None and reach:
        # Any level the logic engine grades: merged while it finishes the puzzle at the
        # hardest level made here (which proves it unique at every step, where counting
        # some sparse killers takes the C core seconds).
        top = reach[-1]

        def keep(grid: Grid) -> bool:
            return finishes(grid, top)

    if target is not None:
        level = LEVELS[target]

        def keep(grid: Grid) -> bool:  # merge only while the level still finishes it
            return finishes(grid, level)

        if target > 0:
            below = LEVELS[target - 1]

            def done(grid: Grid) -> bool:  # stop once the level below no longer does
                return not finishes(grid, below)

            def grade(grid: Grid) -> tuple[int, tuple[int, ...] | None]:  # both at once
                return first_finishing(grid, (below, level))

    attempts = max_attempts if max_attempts is not None else KILLER_ATTEMPTS.get(n, 50)
    chosen = base
    for attempt in range(max(1, attempts)):
        if attempt == 0:
            chosen, full = _variant_start(base, draw, rng)
        else:
            full = _fill(chosen, rng)
        cells = givens_cells(chosen.ncells, count, groups, rng)
        fewest = 0 if keep is not None else round(chosen.ncells * FEWEST_CAGES)
        grid = killer_puzzle(
            chosen,
            full,
            rng,
            givens=cells,
            sizes=sizes,
            keep=keep,
            fewest=fewest,
            done=done,
            grade=grade,
        )
        if grid is None or (keep is not None and not _unique(grid)):
            continue
        if target is None:
            return grid
        try:
            distance = _distance(grid, target, need)
        except UnsupportedRulesError:
            raise GenerationError(_no_levels(grid.rules)) from None
        if distance == 0:
            return grid
    what = f"{n}×{n} {chosen.name + ' + killer' if chosen.variants else 'killer'}"
    asked = f"{difficulty} " if difficulty else ""
    raise GenerationError(
        f"no {asked}{what} puzzle with cages of {sizes[0]} to {sizes[1]} cells found in "
        f"{attempts} attempts from seed {seed!r}: try another seed, more attempts or other "
        "cage sizes"
    )


def _unique(grid: Grid) -> bool:
    """Whether the puzzle has one solution, by the solver (a check of the logic's word)."""
    return backend_for(grid.rules).run(grid.rules, grid.cells, 2).count == 1


def _killer_target(difficulty: str | None, need: frozenset[str]) -> int:
    """The level index asked of a killer, or a GenerationError when killers are not made
    at levels (yet) under these rules."""
    floor = max((LEVELS.index(BY_ID[t].level) for t in need), default=0)
    return floor if difficulty is None else max(floor, LEVELS.index(difficulty))


def givens_count(givens: int | None, ncells: int) -> int:
    """How many givens a killer gets (``None``: none), checked."""
    if givens is None:
        return 0
    if not 0 <= givens < ncells:
        raise ValueError(
            f"givens: a killer of {ncells} cells takes 0 to {ncells - 1}, not {givens}"
        )
    return givens


def _no_levels(rules: Rules) -> str:
    return (
        f"levels for {rules.name} puzzles need the logic engine, which does not take "
        f"{rules.name} rules yet: generate them without a difficulty"
    )


def _rules_asked(
    size: int | None, variant: str | Iterable[str] | None, rules: Rules | str | None
) -> tuple[Rules, bool, bool]:
    """The rules :func:`generate` is asked for, whether a jigsaw layout is to be drawn
    (then the rules are the others, on boxes, until it is), and whether cages are (then
    the rules are the others, without cages)."""
    if rules is not None:
        if variant is not None:
            raise ValueError("give the variants or the rules, not both")
        chosen = Rules.parse(rules) if isinstance(rules, str) else rules
        if size is not None and size != chosen.n:
            raise ValueError(f"size {size} does not match the rules {chosen.code!r}")
        if chosen.killer:
            raise ValueError(
                "rules with cages are a puzzle already: generate draws its own cages "
                "(variant='killer')"
            )
        return chosen, False, False
    n = 9 if size is None else size
    shape = Shape.of(n)  # an unknown size is a ValueError naming the sizes
    if variant is None:
        return shape.rules, False, False
    words = variant.replace("+", ",").split(",") if isinstance(variant, str) else variant
    names = {variant_name(w) for w in words if w.strip()}
    draw = "jigsaw" in names
    return Rules.make(n, names - {"jigsaw", "killer"}), draw, "killer" in names


def _check_reachable(
    size: int, difficulty: str | None, need: frozenset[str], variants: tuple[str, ...] = ()
) -> None:
    """Refuse what no seed can give at this size and under these rules, rather than an
    easier puzzle."""
    reach = levels_for(size, variants)
    grid = f"{size}×{size}"
    if variants:
        grid += " " + " + ".join("X" if v == "x" else v for v in variants)
    if not reach:
        raise GenerationError(
            f"{grid} puzzles are made without a level: the logic engine does not grade "
            "them yet (leave out the difficulty and the required techniques)"
        )
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
