"""Grading: a puzzle's level, numeric score, hardest step and technique counts.

**Level** is the level of the hardest technique the engine needs (techniques are tried by
level first, so this is the lowest level whose techniques solve the puzzle): ``easy``
(singles), ``medium`` (+ intersections, pairs and triples), ``hard`` (+ quads, fish,
wings, single-digit patterns, uniqueness), ``expert`` (+ colouring, chains, ALS) and
``extreme`` (forcing chains and nets; with every technique on, the engine finishes every
valid puzzle).

**Score** follows the Sudoku Explainer (SE) scale, the usual yardstick for how hard a
puzzle is: every step has a rating on that scale (a technique's base rating plus, for
chains, a length bonus) and the score is the highest rating on the path, like SE's "ER".
SE lacks some patterns (finned fish, W-Wing, Sue de Coq, ALS, grouped chains, ...): a
9×9 path that takes one, rated below the nets, is scored along the path SE would take,
without them, from that step on (the level, hardest step and counts stay the path's;
see :func:`rate_path`); the static patterns that stand in for nested nets on the
hardest puzzles (:data:`SE_NETS_INSTEAD`) are left out of a 9×9 score. A puzzle the
engine cannot finish (with some techniques switched off) scores above every finished
one (see :data:`UNSOLVED_SCORE`).
``benchmarks/bench_logic.py`` measures how well the score ranks puzzles the way SE does.

For speed, :func:`rate` places runs of singles in sweeps (every full house, then every
hidden single in boxes, ...) instead of one at a time. The singles reach the same
position either way, so level, hardest step and the counts of every other technique
equal :func:`~sudokit.logic.engine.explain`'s, and so does the score but for the above;
only the split of placements between full house, hidden and naked single may differ a
little.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..formats.position import Position
from ..formats.text import puzzle_fields
from ..grid import Grid
from .candidates import State
from .engine import (
    Deadline,
    FastStep,
    PuzzleLike,
    fast_path,
    select,
    solution_count,
    start_from,
    to_grid,
)
from .step import Step
from .techniques import BY_ID, LEVELS, Level, Technique, chains, level_index

#: Score of a puzzle the engine cannot finish (plus a little for how much is left): above
#: SE's hardest ratings (11.9).
UNSOLVED_SCORE = 12.0

#: Patterns Sudoku Explainer does not have. SE proves what they eliminate with chains,
#: forcing chains and nets, rated by length, so on 9×9 a path that takes one is scored
#: along the path without them (see :func:`rate_path`). SE has X-Wing to Jellyfish,
#: XY- and XYZ-Wings, Unique Rectangles 1-4, the BUG, the single-digit patterns (as
#: X-chains) and chains without grouped nodes; not these, nor grouped AICs and loops
#: (on SE's path, AICs and loops have no groups).
#: The SE path is taken for paths rated below the forcing nets (8.5). Where the path
#: needs nets anyway, they rate it as SE's do, and running them a second time (most of
#: the cost) changed the score of few puzzles: on magictour top1465's first 300, 6 of
#: 47, against 43 of 81 below (counted by hand).
SE_PATH_BELOW = 8.5

SE_LACKS = frozenset(
    {
        "finned_x_wing",
        "sashimi_x_wing",
        "finned_swordfish",
        "sashimi_swordfish",
        "finned_jellyfish",
        "sashimi_jellyfish",
        "empty_rectangle",
        "w_wing",
        "unique_rectangle_5",
        "unique_rectangle_6",
        "hidden_rectangle",
        "sue_de_coq",
        "als_xz",
        "als_xy_wing",
        "als_chain",
        "death_blossom",
        "multi_colouring",
        "medusa",
        "franken_fish",
        "finned_franken_fish",
        "mutant_fish",
        "finned_mutant_fish",
    }
)

#: Static patterns the forum names on the hardest puzzles, where SE (and SukakuExplainer)
#: needs nested nets: they stand in for those nets in hints and explanations, but a 9×9
#: score leaves them out, so the hardest puzzles keep SE's scores (with them, Inkala
#: 2012 scored 8.9 for SE's 10.6 and Easter Monster 10.4 for 11.5; the HardestDatabase
#: sample fell from 0.93 to 0.56 Spearman against ER).
SE_NETS_INSTEAD = frozenset({"tridagon", "junior_exocet", "sk_loop", "msls"})

_LEVEL_OF = {t.id: level_index(t.level) for t in BY_ID.values()}
_ORDER = {tid: i for i, tid in enumerate(BY_ID)}


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is.

    - ``level``: ``easy`` ... ``extreme``;
    - ``score``: Sudoku Explainer-like number (1.0 ... about 10);
    - ``hardest``: id of the technique of the step that set the level: the highest-rated
      step of the path's hardest level (None when no step). A naked single (2.3) may
      rate above the direct pointing (1.7) that made a path medium: the score is the
      single's rating, the hardest step the pointing;
    - ``techniques``: steps per technique id, in registry order;
    - ``solved``: the engine's logic finished the puzzle;
    - ``solutions``: 0, 1, or 2 (several); only unique puzzles get uniqueness techniques;
    - ``stopped``: the time given ran out before the path's end: the puzzle is unrated
      (``level`` and ``score`` say nothing; ``techniques`` count the steps found).
    """

    puzzle: Grid
    level: Level
    score: float
    hardest: str | None
    techniques: dict[str, int] = field(default_factory=dict)
    solved: bool = True
    solutions: int = 1
    stopped: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``puzzle`` (and a variant's ``rules``, see :func:`puzzle_fields`),
        ``level``, ``score``, ``hardest``, ``techniques`` and ``solved``."""
        return {
            **puzzle_fields(self.puzzle),
            "level": self.level,
            "score": self.score,
            "hardest": self.hardest,
            "techniques": dict(self.techniques),
            "solved": self.solved,
        }


def rate(
    puzzle: PuzzleLike,
    *,
    techniques: Iterable[str | Technique] | None = None,
    max_level: str | None = None,
    solutions: int | None = None,
    known_stuck: Container[tuple[int, ...]] = (),
    max_seconds: float | None = None,
) -> Rating:
    """Grade ``puzzle``: level, score, hardest step and counts per technique.

    ``puzzle``: a grid, or a :class:`~sudokit.formats.Position` (a pencil-mark grid, a
    HoDoKu library line...), rated from its placed digits and candidates: the path from
    there (a position that contradicts the solution raises
    :class:`~sudokit.errors.WrongPositionError`, as :func:`explain` does);
    ``techniques`` / ``max_level`` restrict the engine (a puzzle that then stays
    unsolved rates ``extreme``); ``solutions`` skips counting solutions when the caller
    already knows (1 for a unique puzzle); ``known_stuck``: positions where these
    techniques are known to find nothing (from :func:`sudokit.logic.screen.stuck`, for
    the same ``max_level``), where the path ends without searching them again;
    ``max_seconds``: stop when that time has passed (checked between steps, and between
    the techniques tried for one), with ``stopped`` set.
    """
    deadline = None if max_seconds is None else Deadline(max_seconds)
    if isinstance(puzzle, Position):  # rated from its placed digits and candidates
        grid, count, start = start_from(puzzle)
    else:
        grid = to_grid(puzzle)
        count = solution_count(grid) if solutions is None else solutions
        start = State.from_grid(grid)
    if count == 0:
        return Rating(grid, "extreme", UNSOLVED_SCORE + 0.5, None, {}, False, 0)
    unique = count == 1
    chosen = select(techniques, max_level=max_level, rules=grid.rules, unique=unique)
    if techniques is None and grid.size == 9 and grid.rules.classic:
        chosen = tuple(t for t in chosen if t.id not in SE_NETS_INSTEAD)
    st = start
    moves = []
    path = fast_path(
        st, unique=unique, techniques=chosen, known_stuck=known_stuck, deadline=deadline
    )
    for move in path:
        moves.append(move)
        st = move.after
    rating = rate_path(grid, start, moves, st, count, chosen, unique, deadline=deadline)
    if techniques is None and not isinstance(puzzle, Position):
        rating = lowest_level(rating, moves, unique)
    return rating


def lowest_level(rating: Rating, moves: Sequence[FastStep], unique: bool) -> Rating:
    """``rating`` with the lowest level whose techniques finish the puzzle. The path takes
    the easiest step by its rating, which may be of a higher level than an available
    harder step (an XY-Chain at 7.0 before a W-Wing at 7.1): the level below the path's
    is asked of the screen (:func:`sudokit.logic.screen.finishes`), and while it finishes
    the puzzle, the level comes down. The hardest step is then the highest-rated step of
    that level or below."""
    if not rating.solved or rating.stopped or rating.level == LEVELS[0]:
        return rating
    from .screen import finishes

    level = level_index(rating.level)
    while level > 0 and finishes(rating.puzzle, LEVELS[level - 1], unique=unique):
        level -= 1
    if LEVELS[level] == rating.level:
        return rating
    top = max(
        ((_LEVEL_OF[m.technique], m.rating, m.technique) for m in moves),
        key=lambda x: (x[0] <= level, x[0], x[1]),
    )
    return replace(rating, level=LEVELS[level], hardest=top[2] if top[0] <= level else None)


def rate_path(
    grid: Grid,
    start: State,
    moves: Sequence[FastStep],
    final: State,
    solutions: int,
    techniques: Sequence[Technique],
    unique: bool,
    *,
    deadline: Deadline | None = None,
) -> Rating:
    """The rating of a path of :func:`~sudokit.logic.engine.fast_path` with
    ``techniques`` from ``start`` (the puzzle's first position) to ``final``: as
    :func:`summarize`, with the score of a 9×9 path that takes a pattern SE lacks
    (:data:`SE_LACKS`) and stays below the nets (:data:`SE_PATH_BELOW`) measured along
    the path SE would take. A ``deadline`` that passed (during the path, or during
    the SE path) makes it a stopped rating."""
    rating = summarize(grid, moves, final, solutions)
    if rating.solved and grid.size == 9 and grid.rules.classic and rating.score < SE_PATH_BELOW:
        score = _se_score(start, moves, techniques, unique, deadline)
        if score is not None and score > rating.score:
            rating = replace(rating, score=score)
    if deadline is not None and deadline.passed:  # something was cut short
        rating = replace(rating, solved=False, stopped=True)
    return rating


def _se_score(
    start: State,
    moves: Sequence[FastStep],
    chosen: Sequence[Technique],
    unique: bool,
    deadline: Deadline | None = None,
) -> float | None:
    """The score of the path SE would take where ``moves`` take a pattern SE lacks: from
    that position on, the same techniques without those patterns (the forcing chains and
    nets then prove what the pattern did, rated by their length). None when the path
    takes no such pattern, or no forcing technique is chosen to replace it."""
    first = next((i for i, m in enumerate(moves) if _se_lacks(m)), None)
    if first is None or not any(t.level == "extreme" for t in chosen):
        return None
    top = max((m.rating for m in moves[:first]), default=0.0)
    st = moves[first - 1].after if first else start
    rest = tuple(_PLAIN.get(t.id, t) for t in chosen if t.id not in SE_LACKS)
    for move in fast_path(st, unique=unique, techniques=rest, floor=top, deadline=deadline):
        top = max(top, move.rating)
        st = move.after
    return round(top, 1) if st.is_solved() else None


def _se_lacks(move: FastStep) -> bool:
    """A pattern SE lacks, or a chain with grouped nodes (SE's chains have none)."""
    if move.technique in SE_LACKS:
        return True
    if move.technique not in _PLAIN or move.step is None:
        return False
    return any(len(k.cells_from) > 1 or len(k.cells_to) > 1 for k in move.step.links)


#: On SE's path, AICs and nice loops without grouped nodes.
_PLAIN = {
    "aic": replace(BY_ID["aic"], find=chains.plain_aic),
    "nice_loop": replace(BY_ID["nice_loop"], find=chains.plain_nice_loop),
}


def summarize(grid: Grid, moves: Sequence[FastStep], final: State, solutions: int) -> Rating:
    """The rating of a path: ``moves`` from :func:`~sudokit.logic.engine.fast_path`,
    ending in ``final``, on a puzzle with ``solutions`` solutions."""
    counts: dict[str, int] = {}
    best_rating = 0.0
    hardest: str | None = None
    hardest_level = 0
    top = (-1, 0.0)  # (level, rating) of the hardest step so far
    for move in moves:
        tid = move.technique
        # A sweep of singles counts one step per placement.
        counts[tid] = counts.get(tid, 0) + (1 if move.step else len(move.placements))
        hardest_level = max(hardest_level, _LEVEL_OF[tid])
        best_rating = max(best_rating, move.rating)
        if (_LEVEL_OF[tid], move.rating) > top:  # the level first: it is what the step set
            top, hardest = (_LEVEL_OF[tid], move.rating), tid
    solved = final.is_solved() and solutions == 1
    if solved:
        level = LEVELS[hardest_level]
        score = round(best_rating, 1)
    else:
        level = "extreme"
        left = final.empty.bit_count() / grid.shape.ncells
        score = round(max(best_rating, UNSOLVED_SCORE) + left, 2)
    counts = dict(sorted(counts.items(), key=lambda kv: _ORDER[kv[0]]))
    return Rating(grid, level, score, hardest, counts, solved, solutions)


def rate_steps(steps: Sequence[Step]) -> tuple[Level, float, str | None]:
    """Level, score and hardest technique of a finished path, by the ratings of its own
    steps (:func:`rate` scores a 9×9 path with a pattern SE lacks higher: see
    :func:`rate_path`); the hardest technique is that of :attr:`Rating.hardest`."""
    level = 0
    best = 0.0
    hardest = None
    top = (-1, 0.0)
    for s in steps:
        own = level_index(BY_ID[s.technique].level)
        level = max(level, own)
        best = max(best, s.rating)
        if (own, s.rating) > top:
            top, hardest = (own, s.rating), s.technique
    return LEVELS[level], round(best, 1), hardest
