"""Hints that teach: the next logical step for a player's position, in three levels.

:func:`hint` looks at the puzzle (its givens), the player's grid and, when they keep
them, the player's notes. It first checks for mistakes (a digit that is not the
solution's, notes that rule out the digit a cell needs), then asks the engine for the
easiest step *on the player's own candidates*: a cell with notes keeps only its noted
candidates (that the rules still allow), a cell without notes has every candidate the
rules allow. The answer is progressive:

1. the technique and where to look (``Look for a Hidden Single in box 5.``);
2. the cells (``... Look at r4c6.``);
3. the full deduction (``In box 5, 7 fits only in r4c6.``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..formats.position import Position
from ..grid import Grid
from ..solvers import search
from .candidates import State
from .engine import Deadline, PuzzleLike, next_step, start_state, to_grid, wrong_position
from .step import Step, cells_text, sym
from .techniques import killer, killer45

HintKind = Literal[
    "step", "mistake", "notes", "wrong_elimination", "stuck", "no_solution", "stopped"
]

#: Techniques whose step is about one unit, so "look in this unit" is the first nudge.
_UNIT_TECHNIQUES = frozenset(
    {
        "full_house",
        "hidden_single",
        "naked_single",
        "direct_pointing",
        "direct_claiming",
        "direct_hidden_pair",
        "direct_hidden_triple",
        "pointing",
        "claiming",
        "naked_pair",
        "naked_triple",
        "naked_quad",
        "hidden_pair",
        "hidden_triple",
        "hidden_quad",
    }
)


#: Killer techniques whose step comes from the 45 rule over a group of units, so "look
#: in these units" is the first nudge (the others look in a cage).
_GROUP_TECHNIQUES = frozenset({"innie_outie", "innie_outie_pair", "hidden_cage", "cage_split"})


@dataclass(frozen=True)
class Hint:
    """A hint in three levels of detail (``texts[0]`` vaguest, ``texts[2]`` complete).

    - ``kind``: ``step`` (a logical step, in ``step``), ``mistake`` (a wrong digit in
      ``cells``), ``notes`` (notes in ``cells`` rule out the digit that belongs there),
      ``wrong_elimination`` (a candidate removed from the cell in ``cells`` is the digit
      that belongs there),
      ``stuck`` (no technique applies; ``cells`` is a good cell to guess, ``texts[2]``
      names its digit), ``no_solution`` (the puzzle has none), ``stopped`` (the time
      given ran out before a step was found);
    - ``cells`` / ``units``: what to highlight at the deepest level.
    """

    kind: HintKind
    texts: tuple[str, str, str]
    step: Step | None = None
    cells: tuple[int, ...] = ()
    units: tuple[int, ...] = ()

    def text(self, level: int = 3) -> str:
        """The hint at ``level`` 1, 2 or 3 (clamped)."""
        return self.texts[min(max(level, 1), 3) - 1]


def _article(name: str) -> str:
    if name.startswith("One"):  # One-Combination Cage: "a one"
        return "a"
    return "an" if name[0] in "AEIOX" else "a"


def step_texts(grid: Grid, step: Step) -> tuple[str, str, str]:
    """The three levels of a step hint."""
    shape = grid.shape
    focus = ""
    digits = {d for _, d in step.candidates}
    if len(digits) == 1 and step.technique not in _UNIT_TECHNIQUES:
        focus += f" on {sym(shape, digits.pop())}"
    if step.units and step.technique in _UNIT_TECHNIQUES:
        focus += f" in {grid.rules.unit_name(step.units[0])}"
    elif step.technique in _GROUP_TECHNIQUES:
        focus = f" in {killer45.group_name(grid.rules, step.units)}"
    elif step.cages:
        focus = f" in {killer.cage_name(grid.rules, step.cages[0])}"
    first = f"Look for {_article(step.name)} {step.name}{focus}."
    cells = step.cells[:10]
    second = f"{first} Look at {cells_text(shape, cells)}." if cells else first
    return first, second, step.text


def hint(
    puzzle: PuzzleLike,
    current: Grid | None = None,
    notes: Sequence[int] | None = None,
    *,
    max_seconds: float | None = None,
    candidates: Sequence[int] | None = None,
) -> Hint | None:
    """The next hint for a player, or None when their grid is solved.

    - ``puzzle``: the givens (a :class:`~sudokit.grid.Grid` or anything ``parse`` reads),
      or a :class:`~sudokit.formats.Position` (a pencil-mark grid, a HoDoKu library
      line...): its placed digits are the ``current`` grid and its candidates the
      ``candidates``, unless those are given;
    - ``current``: the player's grid (givens plus their digits); the puzzle when None;
    - ``notes``: the player's pencil marks, one mask per cell (digit ``d`` is bit
      ``d - 1``; 0 = no notes in that cell), or None when they keep none;
    - ``candidates``: the candidates left, one mask per cell (0 = none left in that
      cell), where the step starts from: a removed candidate that is the solution's
      digit is a ``wrong_elimination`` hint, not built on;
    - ``max_seconds``: stop looking for a step when that time has passed (between the
      techniques tried): a ``stopped`` hint.

    Raises ValueError when ``current`` does not keep the givens or sizes differ.
    """
    if isinstance(puzzle, Position):
        current = puzzle.current if current is None else current
        candidates = puzzle.candidates if candidates is None else candidates
    grid = to_grid(puzzle)
    cur = grid if current is None else current
    shape = grid.shape
    if cur.shape is not shape:
        raise ValueError(
            f"the current grid is {cur.size}×{cur.size}, the puzzle {grid.size}×{grid.size}"
        )
    if cur.rules is not grid.rules:
        # Text read as classic takes the other grid's variant rules; two variants differ.
        if grid.rules.classic:
            grid = Grid(cur.rules, grid.cells)
        elif cur.rules.classic:
            cur = Grid(grid.rules, cur.cells)
        else:
            raise ValueError(
                f"the current grid's rules ({cur.rules.name}) are not the puzzle's"
                f" ({grid.rules.name})"
            )
    for c, v in enumerate(grid.cells):
        if v and cur[c] != v:
            raise ValueError(f"the current grid changes the given at {shape.cell_name(c)}")
    if notes is not None and len(notes) != shape.ncells:
        raise ValueError(f"expected {shape.ncells} note masks, got {len(notes)}")
    if candidates is not None and len(candidates) != shape.ncells:
        raise ValueError(f"expected {shape.ncells} candidate masks, got {len(candidates)}")
    outcome = search(grid, 2)
    if outcome.count == 0 or outcome.solution is None:
        text = "This puzzle has no solution: check the givens."
        return Hint("no_solution", (text, text, text))
    unique = outcome.count == 1
    solution = outcome.solution
    # Wrong digits first: a duplicate always, a digit that differs from the (unique)
    # solution otherwise.
    wrong = sorted(cur.conflicting_cells() - {c for c, v in enumerate(grid.cells) if v})
    if not wrong and unique:
        wrong = [c for c, v in enumerate(cur.cells) if v and v != solution[c]]
    if wrong:
        c = wrong[0]
        return Hint(
            "mistake",
            (
                "There is a mistake in your grid.",
                f"Check {shape.cell_name(c)}.",
                f"{shape.cell_name(c)} is not {sym(shape, cur[c])}: take it out.",
            ),
            cells=(c,),
        )
    if cur.is_complete():
        return None
    if notes is not None and unique:
        for c, k in enumerate(notes):
            if k and not cur[c] and not k >> (solution[c] - 1) & 1:
                return Hint(
                    "notes",
                    (
                        "One of your notes rules out a digit that is needed.",
                        f"Check the notes in {shape.cell_name(c)}.",
                        f"{shape.cell_name(c)} needs {sym(shape, solution[c])} in its notes.",
                    ),
                    cells=(c,),
                )
    state = start_state(cur, candidates)
    if notes is not None:
        cands = [m & k if k else m for m, k in zip(state.cands, notes, strict=True)]
        state = State(cur.rules, cur.cells, cands)
    if candidates is not None and unique:
        bad = wrong_position(cur, state, solution)
        if bad is not None:
            name, digit = shape.cell_name(bad.cell), sym(shape, bad.digit)
            return Hint(
                "wrong_elimination",
                (
                    "A candidate that was removed is needed.",
                    f"Check the candidates of {name}.",
                    f"{name} is {digit}: {digit} was removed from its candidates by mistake.",
                ),
                cells=(bad.cell,),
            )
    deadline = None if max_seconds is None else Deadline(max_seconds)
    step = next_step(state, unique=unique, deadline=deadline)
    if step is not None:
        return Hint("step", step_texts(cur, step), step, step.cells, step.units)
    if deadline is not None and deadline.passed:
        text = f"No step found within {max_seconds:g} s: the search was stopped."
        return Hint("stopped", (text, text, text))
    # No technique applies: point at the cell with the fewest candidates.
    pop = shape.popcount
    c = min(cur.empty_cells(), key=lambda x: (pop[state.cands[x]], x))
    first = "No technique finds a step here: this position needs a guess."
    last = f"{shape.cell_name(c)} is {sym(shape, solution[c])}."
    if not unique:
        first = "This puzzle has more than one solution, so logic alone cannot finish it."
        last = f"{shape.cell_name(c)} can be {sym(shape, solution[c])} (in one of the solutions)."
    return Hint("stuck", (first, f"{first} Try {shape.cell_name(c)}.", last), cells=(c,))
