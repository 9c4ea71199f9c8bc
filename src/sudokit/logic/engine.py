"""The engine: the next step (the easiest that works) and the whole logical path.

The engine tries the registry's techniques in order and applies the first step found,
then starts again from the top. Uniqueness techniques are tried only when the puzzle is
known to have exactly one solution. When no technique applies the path ends unsolved:
the puzzle needs guessing (or techniques beyond the engine's).
"""

from __future__ import annotations

import time
from collections.abc import Container, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..formats import parse
from ..formats.text import puzzle_fields
from ..geometry import Rules, Shape
from ..grid import Grid
from ..solvers import search
from .candidates import EARLIER, FLOOR, State, cells_of
from .step import Candidate, Step
from .techniques import BY_ID, TECHNIQUES, Technique, level_index, unknown_technique
from .techniques.singles import naked_single_rating

PuzzleLike = Grid | str | Sequence[Sequence[int]]


def to_grid(puzzle: PuzzleLike) -> Grid:
    """A Grid from anything :func:`sudokit.parse` reads (checked at the edge)."""
    return puzzle if isinstance(puzzle, Grid) else parse(puzzle)


class Deadline:
    """A time limit for the engine, checked between steps and between the techniques
    tried for one step: once it has passed, the path ends where it is (a step being
    searched is finished first) and :attr:`passed` says so."""

    __slots__ = ("at", "passed", "seconds")

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.at = time.monotonic() + seconds
        self.passed = False

    def over(self) -> bool:
        if not self.passed and time.monotonic() >= self.at:
            self.passed = True
        return self.passed


def select(
    techniques: Iterable[str | Technique] | None = None,
    *,
    max_level: str | None = None,
    shape: Shape | None = None,
    unique: bool = True,
    rules: Rules | None = None,
) -> tuple[Technique, ...]:
    """The techniques to try, in registry order.

    ``techniques``: ids (or entries) to allow, all by default; ``max_level``: drop
    techniques above that level; ``shape``: drop those that say nothing at that size;
    ``unique=False`` drops the uniqueness techniques and the deep forcing nets;
    ``rules``: keep only the techniques sound and meaningful under those rules (the
    classic rules of ``shape`` by default: no variant technique).
    """
    if techniques is None:
        chosen = TECHNIQUES
    else:
        ids = set()
        for t in techniques:
            tid = t if isinstance(t, str) else t.id
            if tid not in BY_ID:
                raise ValueError(unknown_technique(tid))
            ids.add(tid)
        chosen = tuple(t for t in TECHNIQUES if t.id in ids)
    top = level_index(max_level) if max_level is not None else len(TECHNIQUES)
    if rules is not None:
        shape = rules.shape
    n = shape.n if shape is not None else 16
    return tuple(
        t
        for t in chosen
        if level_index(t.level) <= top
        and t.min_size <= n
        and (unique or not (t.uniqueness or t.deep))
        and (t.applies(rules) if rules is not None and not rules.classic else not t.variant)
    )


def next_step(
    state: State,
    *,
    unique: bool = False,
    techniques: Sequence[Technique] | None = None,
    deadline: Deadline | None = None,
) -> Step | None:
    """The step of the first technique (in registry order) that finds one, or None.

    ``unique``: whether the puzzle is known to have one solution (enables the uniqueness
    techniques); ``techniques``: the techniques to try, from :func:`select`;
    ``deadline``: when it passes, None (no further technique is tried).
    """
    if techniques is None:
        techniques = select(rules=state.rules, unique=unique)
    for tech in techniques:
        if (tech.uniqueness or tech.deep) and not unique:
            continue
        if deadline is not None and deadline.over():
            return None
        step = tech.find(state)
        if step is not None:
            return step
    return None


def steps(
    state: State,
    *,
    unique: bool = False,
    techniques: Sequence[Technique] | None = None,
    max_steps: int | None = None,
    deadline: Deadline | None = None,
) -> Iterator[tuple[Step, State]]:
    """Every step of the path from ``state``, with the state after it (up to
    ``max_steps`` of them, and until ``deadline`` passes)."""
    if techniques is None:
        techniques = select(rules=state.rules, unique=unique)
    count = 0
    top = 0.0
    searched: State | None = None
    while not state.is_solved():
        if max_steps is not None and count >= max_steps:
            return
        _prepare(state, top, searched)
        searched = state
        step = next_step(state, unique=unique, techniques=techniques, deadline=deadline)
        if step is None:
            return
        top = max(top, step.rating)
        state = state.apply(step)
        count += 1
        yield step, state
        if not unique and state.broken():
            return  # a puzzle without solution ran into its contradiction


def _prepare(state: State, top: float, searched: State | None) -> None:
    """Tell the techniques the path's rating so far and the state searched before (only
    one back: the path's states are not all kept alive). The state two back has its
    caches dropped: a caller keeping the path's states (``rate`` keeps every move) would
    otherwise keep every state's nets, hundreds of MB on a 16×16."""
    state.memo[FLOOR] = top
    if searched is not None and searched is not state:
        older = searched.memo.pop(EARLIER, None)
        if isinstance(older, State) and older is not state:
            older.memo.clear()
        state.memo[EARLIER] = searched


@dataclass(frozen=True, slots=True)
class FastStep:
    """One move of :func:`fast_path`: a step, or a sweep of singles (``step`` None)."""

    technique: str
    rating: float
    placements: tuple[Candidate, ...]
    eliminations: tuple[Candidate, ...]
    step: Step | None
    after: State


def _singles_sweep(st: State) -> tuple[str, float, tuple[Candidate, ...]] | None:
    """Every single of the easiest kind present: full houses, else hidden singles in
    boxes, else in lines, else naked singles. ``(technique id, rating, placements)``."""
    t = st.tables
    n = t.n
    empty = st.empty
    cands = st.cands
    ub = t.unit_bits
    out: dict[int, int] = {}
    for u in range(len(ub)):
        e = empty & ub[u]
        if e and not e & (e - 1):
            c = e.bit_length() - 1
            m = cands[c]
            if m and not m & (m - 1):
                out[c] = m.bit_length()
    if out:
        return "full_house", 1.0, tuple(sorted(out.items()))
    dcells = st.dcells
    lines = (*range(2 * n), *t.extras) if t.extras else range(2 * n)
    for units, rating in ((range(2 * n, 3 * n), 1.2), (lines, 1.5)):
        for u in units:
            b = ub[u]
            for d in range(1, n + 1):
                x = dcells[d] & b
                if x and not x & (x - 1):
                    out[x.bit_length() - 1] = d
        if out:
            return "hidden_single", rating, tuple(sorted(out.items()))
    for c in cells_of(empty):
        m = cands[c]
        if m and not m & (m - 1):
            out[c] = m.bit_length()
    if out:
        return "naked_single", naked_single_rating(st), tuple(sorted(out.items()))
    return None


_SINGLES = frozenset({"full_house", "hidden_single", "naked_single"})


def fast_path(
    state: State,
    *,
    unique: bool,
    techniques: Sequence[Technique],
    known_stuck: Container[tuple[int, ...]] = (),
    floor: float = 0.0,
    deadline: Deadline | None = None,
) -> Iterator[FastStep]:
    """The path from ``state`` as :func:`steps` walks it, except that runs of singles are
    placed in sweeps (every full house at once, then every hidden single of the boxes,
    ...). Singles reach the same position in any order, so every other step is the same
    as on the one-at-a-time path. Used by grading and the soundness checks.

    ``known_stuck``: positions (candidate masks, as :func:`sudokit.logic.screen.stuck`
    gives them) where none of ``techniques`` is known to find a step: the path ends
    there without searching again. ``floor``: the rating of the path before ``state``
    (a path resumed where another left off searches as that one would have).
    ``deadline``: the path ends where it is once that has passed."""
    sweeps = {t.id for t in techniques} >= _SINGLES
    rest = tuple(t for t in techniques if t.id not in _SINGLES) if sweeps else techniques
    st = state
    top = floor
    searched: State | None = None
    while not st.is_solved():
        if sweeps:
            sweep = _singles_sweep(st)
            if sweep is not None:
                tid, rating, placements = sweep
                if st is not searched:
                    st.memo.clear()  # what rating the singles cached (see _prepare)
                st = st.applied(placements)
                yield FastStep(tid, rating, placements, (), None, st)
                continue
        if known_stuck and tuple(st.cands) in known_stuck:
            return
        _prepare(st, top, searched)
        searched = st
        step = next_step(st, unique=unique, techniques=rest, deadline=deadline)
        if step is None:
            return
        top = max(top, step.rating)
        st = st.apply(step)
        yield FastStep(step.technique, step.rating, step.placements, step.eliminations, step, st)
        if not unique and st.broken():
            return


@dataclass(frozen=True)
class Explanation:
    """The logical path of a puzzle: the steps in order and how it ended.

    ``solved``: the steps fill the grid; ``final``: the grid after the last step;
    ``solutions``: how many solutions the puzzle has (0, 1, or 2 for "several");
    ``stopped``: the time given ran out first (the steps are those found until then).
    """

    puzzle: Grid
    steps: tuple[Step, ...]
    solved: bool
    final: Grid
    solutions: int
    states: tuple[State, ...] = field(default=(), repr=False, compare=False)
    stopped: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"puzzle": line, "steps": [...], "solved": bool, "stopped": bool}``
        (see :meth:`Step.to_dict`); a variant's rules' code under ``"rules"``, as the JSON
        records :func:`~sudokit.formats.read_puzzles` reads."""
        shape = self.puzzle.shape
        return {
            **puzzle_fields(self.puzzle),
            "steps": [s.to_dict(shape) for s in self.steps],
            "solved": self.solved,
            "stopped": self.stopped,
        }


def solution_count(grid: Grid) -> int:
    """0, 1, or 2 (several)."""
    return search(grid, 2).count


def explain(
    puzzle: PuzzleLike,
    *,
    techniques: Iterable[str | Technique] | None = None,
    max_level: str | None = None,
    keep_states: bool = False,
    max_seconds: float | None = None,
) -> Explanation:
    """The whole logical path of ``puzzle``, step by step, easiest technique first.

    ``techniques`` / ``max_level`` restrict the techniques (see :func:`select`);
    ``keep_states`` keeps the candidate state after every step in ``states``;
    ``max_seconds``: stop when that time has passed (between steps, or between the
    techniques tried for one), with the steps found so far and ``stopped`` set.
    """
    deadline = None if max_seconds is None else Deadline(max_seconds)
    grid = to_grid(puzzle)
    count = solution_count(grid)
    unique = count == 1
    chosen = select(techniques, max_level=max_level, rules=grid.rules, unique=unique)
    state = State.from_grid(grid)
    found: list[Step] = []
    states: list[State] = [state] if keep_states else []
    if count > 0:
        for step, after in steps(state, unique=unique, techniques=chosen, deadline=deadline):
            found.append(step)
            state = after
            if keep_states:
                states.append(after)
    return Explanation(
        puzzle=grid,
        steps=tuple(found),
        solved=state.is_solved() and count == 1,
        final=state.to_grid(),
        solutions=count,
        states=tuple(states),
        stopped=deadline is not None and deadline.passed and not state.is_solved(),
    )
