"""The engine: the next step (the easiest that works) and the whole logical path.

The next step is the easiest available one by its rating (as Sudoku Explainer takes
them), not by its technique's level: a 7.0 XY-chain comes before a 7.1 W-Wing. Ties go
to the shortest explanation (the fewest cells and links). The techniques are tried by
the lowest rating their steps can have, and the search stops once no technique left can
rate lower than the best step found. The step is applied and the search starts again.
Uniqueness techniques are tried only when the puzzle is known to have exactly one
solution. When no technique applies the path ends unsolved: the puzzle needs guessing
(or techniques beyond the engine's).
"""

from __future__ import annotations

import time
from collections.abc import Container, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import WrongPositionError
from ..formats import parse
from ..formats.position import Position
from ..formats.text import puzzle_fields
from ..geometry import Rules, Shape
from ..grid import Grid
from ..solvers import search
from .candidates import EARLIER, FLOOR, State, cells_of
from .step import Candidate, Step
from .techniques import BY_ID, TECHNIQUES, Technique, level_index, unknown_technique
from .techniques.chains import BEAT
from .techniques.singles import naked_single_rating

PuzzleLike = Grid | Position | str | Sequence[Sequence[int]]


def to_grid(puzzle: PuzzleLike) -> Grid:
    """A Grid from anything :func:`sudokit.parse` reads (checked at the edge); a
    :class:`~sudokit.formats.Position`'s givens."""
    if isinstance(puzzle, Position):
        return puzzle.givens
    return puzzle if isinstance(puzzle, Grid) else parse(puzzle)


def position_of(puzzle: PuzzleLike) -> tuple[Grid, Grid, tuple[int, ...] | None]:
    """``(givens, current, candidates)`` of ``puzzle``: a Position's placed digits and
    candidates (None: not given), else the puzzle's own grid and None."""
    if isinstance(puzzle, Position):
        return puzzle.givens, puzzle.current, puzzle.candidates
    grid = to_grid(puzzle)
    return grid, grid, None


def start_state(current: Grid, candidates: Sequence[int] | None = None) -> State:
    """The candidate state of ``current``: ``candidates`` (a mask per cell; only the
    digits the rules still allow are kept, and a cell may be left with none), or every
    candidate the rules allow when None."""
    allowed = current.candidates()
    if candidates is None:
        return State(current.rules, current.cells, allowed)
    if len(candidates) != len(allowed):
        raise ValueError(f"expected {len(allowed)} candidate masks, got {len(candidates)}")
    cands = [0 if v else a & k for v, a, k in zip(current.cells, allowed, candidates, strict=True)]
    return State(current.rules, current.cells, cands)


def wrong_position(
    current: Grid, state: State, solution: Sequence[int]
) -> WrongPositionError | None:
    """What in the position contradicts the (unique) ``solution``: the first placed digit
    that is not the solution's, else the first candidate removed that is (cells in
    order), as an error to raise or report; None when the position is sound."""
    shape = current.shape
    for c, v in enumerate(current.cells):
        if v and v != solution[c]:
            digit = shape.symbols[v - 1]
            return WrongPositionError(
                f"wrong digit: {shape.cell_name(c)} holds {digit}, which is not its digit "
                "in the solution",
                kind="placement",
                cell=c,
                digit=v,
            )
    for c, v in enumerate(current.cells):
        if not v and not state.cands[c] >> (solution[c] - 1) & 1:
            name, digit = shape.cell_name(c), shape.symbols[solution[c] - 1]
            return WrongPositionError(
                f"wrong elimination: {digit} was removed from the candidates of {name}, "
                f"but {name} is {digit} in the solution",
                kind="elimination",
                cell=c,
                digit=solution[c],
            )
    return None


def start_from(puzzle: PuzzleLike) -> tuple[Grid, int, State]:
    """The givens, their number of solutions (0, 1, 2) and the state to start from; a
    position that contradicts a unique solution raises :class:`WrongPositionError`."""
    grid, current, candidates = position_of(puzzle)
    state = start_state(current, candidates)
    if current is grid and candidates is None:
        return grid, solution_count(grid), state
    outcome = search(grid, 2)
    if outcome.count == 1 and outcome.solution is not None:
        wrong = wrong_position(current, state, outcome.solution)
        if wrong is not None:
            raise wrong
    return grid, outcome.count, state


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


#: The lowest rating a technique's steps can have, where it is below the technique's
#: base rating: a naked single rates as the direct technique also available (see
#: :func:`~sudokit.logic.techniques.singles.naked_single_rating`). Every other step rates
#: at least its technique's base (chains, colouring and nets add a length bonus).
LOWEST_RATING = {"naked_single": 1.7}


def lowest_rating(tech: Technique) -> float:
    """The lowest rating a step of ``tech`` can have."""
    return LOWEST_RATING.get(tech.id, tech.rating)


_REGISTRY_INDEX = {t.id: i for i, t in enumerate(TECHNIQUES)}

#: The rating where forcing chains and nets begin.
FORCING_RATING = 8.0

#: The forcing nets, one technique per level of nesting (see ``techniques/nets.py``).
NET_IDS = frozenset(
    {
        "forcing_net",
        "forcing_net_plus",
        "nested_chain_net",
        "nested_multiple_net",
        "nested_net",
        "nested_net_plus",
        "deep_nested_net",
    }
)


def by_rating(techniques: Iterable[Technique]) -> list[Technique]:
    """``techniques`` in the order :func:`next_step` tries them: by the lowest rating
    their steps can have, then in registry order."""
    return sorted(
        techniques, key=lambda t: (lowest_rating(t), _REGISTRY_INDEX.get(t.id, len(TECHNIQUES)))
    )


def explanation_size(step: Step) -> int:
    """How much a step asks the reader to follow: its cells and links (ties between
    steps of the same rating go to the smaller)."""
    return len(step.cells) + len(step.links)


def next_step(
    state: State,
    *,
    unique: bool = False,
    techniques: Sequence[Technique] | None = None,
    deadline: Deadline | None = None,
) -> Step | None:
    """The easiest step available, or None: the lowest rating, then the shortest
    explanation (:func:`explanation_size`), then the earliest technique of the registry.

    Techniques are tried by the lowest rating their steps can have (:func:`by_rating`),
    and once no technique left can rate below the best step found, the search stops.

    ``unique``: whether the puzzle is known to have one solution (enables the uniqueness
    techniques); ``techniques``: the techniques to try, from :func:`select`;
    ``deadline``: once it passes no further technique is tried (the best step found so
    far, or None).
    """
    if techniques is None:
        techniques = select(rules=state.rules, unique=unique)
    best: Step | None = None
    best_key = (0.0, 0)
    floor = state.memo.get(FLOOR, 0.0)
    assert isinstance(floor, float)
    for tech in by_rating(techniques):
        if (tech.uniqueness or tech.deep) and not unique:
            continue
        if best is not None and (
            lowest_rating(tech) > best.rating
            # On a path already rated this high, a forcing step cannot change the score:
            # the costly forcing searches stop at the first (as the nets do, see FLOOR).
            or FORCING_RATING <= best.rating <= floor
            # Sudoku Explainer's rule for the nets: a level is tried only when the
            # levels below find nothing (a deeper net may rate lower by its length, but
            # searching it costs the most of all: minutes on the forum's hardest).
            or (best.technique in NET_IDS and tech.id in NET_IDS)
        ):
            break
        if deadline is not None and deadline.over():
            break
        step = tech.find(state)
        if step is not None:
            key = (step.rating, explanation_size(step))
            if best is None or key < best_key:
                best, best_key = step, key
                # The rating to beat, for searches that can stop short of it.
                state.memo[BEAT] = best.rating
    state.memo.pop(BEAT, None)
    return best


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
        rules = self.puzzle.rules
        return {
            **puzzle_fields(self.puzzle),
            "steps": [s.to_dict(rules) for s in self.steps],
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

    ``puzzle``: a grid, or a :class:`~sudokit.formats.Position` (a pencil-mark grid, a
    HoDoKu library line...): the path then starts from its placed digits and the
    candidates it gives, and a position that contradicts the solution (a candidate
    removed that is the solution's digit, a wrong digit placed) raises
    :class:`~sudokit.errors.WrongPositionError` naming the cell and digit;
    ``techniques`` / ``max_level`` restrict the techniques (see :func:`select`);
    ``keep_states`` keeps the candidate state after every step in ``states``;
    ``max_seconds``: stop when that time has passed (between steps, or between the
    techniques tried for one), with the steps found so far and ``stopped`` set.
    """
    deadline = None if max_seconds is None else Deadline(max_seconds)
    grid, count, state = start_from(puzzle)
    unique = count == 1
    chosen = select(techniques, max_level=max_level, rules=grid.rules, unique=unique)
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
