"""The game for any front end: plain values in, plain values out.

:class:`Play` sits over a :class:`~sudokit.game.Session` and offers what a front end
does with a game — start a new one (made here, synchronously), open a puzzle, replay a
move log, play, undo, redo, the staged hints and their moves, check, auto-notes, the
explanation, the timer — and answers with plain values (:class:`View`,
:class:`HintView`, :class:`CheckView`, :class:`Explained`, and dicts ready for JSON).
It has no threads and imports no store: the desktop controller calls it from its worker
threads and its window, the browser's engine (:mod:`sudokit.web.bridge`) from a Web
Worker, and a test from anywhere.

    >>> game = Play.new(4, "easy", seed=3, clock=lambda: 0.0)
    >>> game.view().finished
    False
    >>> game.hint(stage=1).stage
    1

Making a puzzle is :func:`make` (the generator, then the puzzle examined for its
solution); a puzzle is asked for by size, level and rules as text: ``""`` for classic,
variant names such as ``x+jigsaw`` (a jigsaw gets random regions), or a rules code such
as ``9+jigsaw:AAAB…`` (that very layout).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import GenerationError, IllegalMoveError, RulesError
from ..formats import format_line
from ..geometry import SIZES, Rules
from ..grid import Grid
from ..logic import BY_ID, LEVELS
from ..logic import Hint as LogicHint
from .levels import CUSTOM, DEFAULT_LEVEL, filed_level, label, variant_key, variant_problem
from .moves import AutoNotes, ClearNotes, Move, Restart, parse_move
from .session import Clock, GameHint, Session, examine, format_time, hint_reasons
from .state import GameState
from .stats import Finish, LevelStats, finish_message

if TYPE_CHECKING:
    from ..logic import State, Step

#: ``make(size, level, seed)``: a classic puzzle; a variant one is asked for with the
#: rules as a keyword, ``make(size, level, seed, rules="x")``.
MakePuzzle = Callable[..., Grid]

#: The hint stages: 1 names the technique and where to look, 2 adds the cells, 3 is the
#: whole deduction (and can be played).
STAGES = (1, 2, 3)


# --- making puzzles -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Made:
    """A new puzzle, its solution, the level it is played and counted under, and the
    seed it was made from (None: a puzzle maker's own)."""

    puzzle: Grid
    solution: Grid
    level: str
    seed: int | str | None = None


def generate_puzzle(size: int, level: str, seed: int | str | None, rules: str = "") -> Grid:
    """The generator's puzzle of this size and level under ``rules`` (see the module's
    doc): a :class:`~sudokit.errors.GenerationError` when it cannot be made."""
    from ..generator import generate  # loaded when a puzzle is wanted

    if not rules:
        return generate(size, seed=seed, difficulty=level)
    if rules[0].isdigit():  # a code: the rules say the size
        return generate(seed=seed, difficulty=level, rules=rules)
    return generate(size, seed=seed, difficulty=level, variant=rules)


def make(
    size: int,
    level: str,
    seed: int | str | None = None,
    rules: str = "",
    *,
    maker: MakePuzzle | None = None,
) -> Made:
    """Make a puzzle, here and now (the synchronous path: a caller with threads runs it
    on one). ``maker`` replaces the generator; its puzzle is rated, so that it is never
    counted under a level it does not have (the generator's has the level asked for).

    Raises :class:`~sudokit.errors.GenerationError` (a ``ValueError``) when no such
    puzzle can be made or the puzzle made cannot be played."""
    if maker is not None:
        puzzle = maker(size, level, seed, rules=rules) if rules else maker(size, level, seed)
        filed = filed_level(puzzle, level)
    else:
        puzzle = generate_puzzle(size, level, seed, rules)
        filed = level
    verdict = examine(puzzle)
    if verdict.solution is None:
        raise GenerationError(f"the new puzzle cannot be played: {verdict.problem}")
    return Made(puzzle, verdict.solution, filed, seed if maker is None else None)


def asked_rules(size: int, variant: str) -> str:
    """The rules text for :func:`make` from what a player asked for: ``""`` or
    ``"classic"``, variant names (``x``, ``x,jigsaw``, ``anti-knight``) or a rules code;
    a :class:`~sudokit.errors.RulesError` names a word that is no variant, a size that
    is none, or rules no ``size``×``size`` grid can have."""
    variant = variant.strip()
    if variant[:1].isdigit():
        Rules.parse(variant)  # RulesError names what is wrong with the code
        return variant
    if size not in SIZES:
        sizes = ", ".join(str(n) for n in SIZES)
        raise RulesError(f"no {size}×{size} Sudoku: the sizes are {sizes}")
    key = variant_key(variant)
    problem = variant_problem(size, key)
    if problem:
        raise RulesError(problem[0].lower() + problem[1:].rstrip("."))
    return key


def levels(size: int, variant: str = "") -> tuple[str, ...]:
    """The levels a new ``size``×``size`` game can have under ``variant`` (variant names
    or ``""``): those the generator reaches."""
    from ..generator import levels_for  # loaded when asked

    return tuple(levels_for(size, variant_key(variant)) if variant else levels_for(size))


def _default_level(size: int, rules: str) -> str:
    """:data:`DEFAULT_LEVEL` if ``size`` and ``rules`` reach it, else the hardest level
    below it they reach (the easiest they reach if none is below)."""
    if rules[:1].isdigit():
        code = Rules.parse(rules)
        offered = levels(code.n, ",".join(code.variants))
    else:
        offered = levels(size, rules)
    if DEFAULT_LEVEL in offered or not offered:
        return DEFAULT_LEVEL
    below = [lv for lv in offered if LEVELS.index(lv) <= LEVELS.index(DEFAULT_LEVEL)]
    return below[-1] if below else offered[0]


# --- plain values -----------------------------------------------------------------------------


def _names(rules: Rules, cells: Iterable[int]) -> str:
    return ", ".join(rules.cell_name(c) for c in cells)


@dataclass(frozen=True, slots=True)
class View:
    """The position as a front end draws it.

    Cells are indices (row-major, 0-based); ``cells`` holds digits (0: empty), ``notes``
    each cell's noted digits, ``conflicts`` the cells whose digit breaks a rule,
    ``mistakes`` the entered digits that differ from the solution (none with several
    solutions), ``moves`` every move's code (those from ``position`` on can be redone).
    """

    cells: tuple[int, ...]
    given: tuple[bool, ...]
    notes: tuple[tuple[int, ...], ...]
    conflicts: tuple[int, ...]
    mistakes: tuple[int, ...]
    finished: bool
    can_undo: bool
    can_redo: bool
    position: int
    moves: tuple[str, ...]
    #: Cells a hint or "solve" revealed: locked like givens.
    revealed: tuple[int, ...] = ()
    #: The whole solution was asked for ("solve"): the game is not counted as solved.
    gave_up: bool = False
    elapsed: float = 0.0
    paused: bool = False
    hints_used: int = 0
    mistakes_made: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: the fields by name, tuples as lists."""
        return {
            "cells": list(self.cells),
            "given": list(self.given),
            "notes": [list(n) for n in self.notes],
            "conflicts": list(self.conflicts),
            "mistakes": list(self.mistakes),
            "finished": self.finished,
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
            "position": self.position,
            "moves": list(self.moves),
            "revealed": list(self.revealed),
            "gave_up": self.gave_up,
            "elapsed": round(self.elapsed, 3),
            "paused": self.paused,
            "hints_used": self.hints_used,
            "mistakes_made": self.mistakes_made,
        }


@dataclass(frozen=True, slots=True)
class HintView:
    """A hint as a front end shows it.

    ``kind`` as :class:`~sudokit.game.GameHint` names it (``logic``, ``mistake``,
    ``notes``, ``stuck``, ``unavailable``, ``none``); ``stage`` how much is told (1 to 3;
    a hint told whole at once is 3); ``cells`` the cells to point at, ``reasons`` the
    cells whose digits are the reason, ``area`` the cells of the unit to look at;
    ``pattern`` and ``eliminations`` ``(cell, digit)`` pairs of the deduction;
    ``moves`` the codes that play it (at stage 3, when it can be played); ``level`` the
    technique's difficulty level (None when the hint is no logic step); ``changed``: the
    hint itself changed the position (wrong notes corrected, one undoable move);
    ``branches``: at stage 3 of a forcing chain or net, its branches as JSON-ready dicts
    (see :meth:`~sudokit.logic.step.Branch.to_dict`), else none.
    """

    kind: str
    stage: int
    text: str
    cells: tuple[int, ...] = ()
    reasons: tuple[int, ...] = ()
    area: tuple[int, ...] = ()
    pattern: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    moves: tuple[str, ...] = ()
    level: str | None = None
    technique: str = ""
    changed: bool = False
    branches: tuple[dict[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out = {
            "kind": self.kind,
            "stage": self.stage,
            "text": self.text,
            "cells": list(self.cells),
            "reasons": list(self.reasons),
            "area": list(self.area),
            "pattern": [list(p) for p in self.pattern],
            "eliminations": [list(e) for e in self.eliminations],
            "moves": list(self.moves),
            "level": self.level,
            "technique": self.technique,
            "changed": self.changed,
        }
        if self.branches:
            out["branches"] = list(self.branches)
        return out


@dataclass(frozen=True, slots=True)
class CheckView:
    """The answer to Check: the wrong digits, whether the grid is solved, how many cells
    are empty, and the sentence to show."""

    mistakes: tuple[int, ...]
    solved: bool
    empty: int
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "mistakes": list(self.mistakes),
            "solved": self.solved,
            "empty": self.empty,
            "text": self.text,
        }


@dataclass(frozen=True, slots=True)
class ExplainedStep:
    """One step of the explanation: its sentence, technique (id and name), level, the
    cells of its pattern and what it places and rules out, ``(cell, digit)``; a forcing
    chain's or net's ``branches`` as JSON-ready dicts (see
    :meth:`~sudokit.logic.step.Branch.to_dict`).

    What the hint's last stage shows of the same step (see :class:`HintView`):
    ``reasons``, ``area`` and ``pattern``. ``candidates``: the ``(cell, mask)`` of every
    candidate mask the step changes (its placements' cells and peers, its
    eliminations), so that the position after it is the one before with its placements
    and these masks; ``step`` the engine's own step (not in the JSON)."""

    text: str
    technique: str
    name: str
    level: str
    cells: tuple[int, ...]
    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]
    branches: tuple[dict[str, Any], ...] = ()
    reasons: tuple[int, ...] = ()
    area: tuple[int, ...] = ()
    pattern: tuple[tuple[int, int], ...] = ()
    candidates: tuple[tuple[int, int], ...] = ()
    step: Step | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "text": self.text,
            "technique": self.technique,
            "name": self.name,
            "level": self.level,
            "cells": list(self.cells),
            "placements": [list(p) for p in self.placements],
            "eliminations": [list(e) for e in self.eliminations],
            "reasons": list(self.reasons),
            "area": list(self.area),
            "pattern": [list(p) for p in self.pattern],
            "candidates": [list(c) for c in self.candidates],
        }
        if self.branches:
            out["branches"] = list(self.branches)
        return out


@dataclass(frozen=True, slots=True)
class Explained:
    """The logical path from the current position: its steps, whether they solve the
    grid, whether the time given ran out, and a sentence about it; ``start`` the
    position the path starts from (a digit and a candidate mask per cell), whence each
    step's position is had by playing the steps before it (see
    :attr:`ExplainedStep.candidates`)."""

    steps: tuple[ExplainedStep, ...]
    solved: bool
    stopped: bool
    text: str
    start: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "steps": [s.to_dict() for s in self.steps],
            "solved": self.solved,
            "stopped": self.stopped,
            "text": self.text,
        }
        if self.steps:
            out["start"] = {"cells": list(self.start[0]), "candidates": list(self.start[1])}
        return out


def _area(rules: Rules, units: Iterable[int]) -> tuple[int, ...]:
    """The cells of ``units``: where a hint says to look."""
    return tuple(sorted({c for u in units for c in rules.units[u]}))


def _explained(rules: Rules, step: Step, before: State, after: State) -> ExplainedStep:
    """One step of the path, with what the hint's last stage shows of it on the position
    ``before`` (as :func:`~sudokit.game.session.hint_reasons` and the hint's unit tell
    it) and the candidate masks it changes on the way to ``after``."""
    return ExplainedStep(
        text=step.text,
        technique=step.technique,
        name=step.name,
        level=BY_ID[step.technique].level if step.technique in BY_ID else "",
        cells=tuple(step.cells),
        placements=tuple(step.placements),
        eliminations=tuple(step.eliminations),
        branches=tuple(b.to_dict(rules) for b in step.branches),
        reasons=hint_reasons(Grid(rules, before.values), step),
        area=_area(rules, step.units[:1]),
        pattern=tuple(step.candidates),
        candidates=tuple(
            (c, m)
            for c, (m, was) in enumerate(zip(after.cands, before.cands, strict=True))
            if m != was
        ),
        step=step,
    )


def stats_rows(rows: Iterable[LevelStats]) -> list[dict[str, Any]]:
    """Statistics as plain values, from whatever keeps them (the desktop's store): one
    dict per size, rules and level, with the numbers and ``cells``, the row as people
    read it (see :meth:`LevelStats.cells`)."""
    return [
        {
            "size": r.size,
            "rules": r.rules,
            "level": r.level,
            "label": label(r.level),
            "played": r.played,
            "solved": r.solved,
            "best": r.best,
            "average": r.average,
            "hints": r.hints,
            "cells": r.cells(),
        }
        for r in rows
    ]


# --- the facade -------------------------------------------------------------------------------


class Play:
    """One game, for any front end (see the module's doc). ``seed`` is the seed the
    puzzle was made from, when it was made from one."""

    def __init__(self, session: Session, *, seed: int | str | None = None) -> None:
        self.session = session
        self.seed = seed

    # --- starting -----------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        size: int = 9,
        level: str | None = None,
        variant: str = "",
        seed: int | str | None = None,
        *,
        clock: Clock = time.monotonic,
    ) -> Play:
        """A new game made now: ``variant`` is ``""``, variant names or a rules code (its
        size wins); no ``level`` is the default level, or the hardest one the size and
        rules reach below it (4×4 puzzles are all easy); no ``seed`` draws one (so that
        the game can be made again). A level, size or variant that cannot be had is a
        ``ValueError`` naming it."""
        if level is not None and level not in LEVELS:
            raise GenerationError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
        rules = asked_rules(size, variant)
        if level is None:
            level = _default_level(size, rules)
        if seed is None:
            seed = random.randrange(1 << 31)
        return cls.made(make(size, level, seed, rules), clock=clock)

    @classmethod
    def made(cls, made: Made, *, clock: Clock = time.monotonic) -> Play:
        """The game of a puzzle :func:`make` made."""
        session = Session(made.puzzle, made.solution, level=made.level, clock=clock)
        return cls(session, seed=made.seed)

    @classmethod
    def open(cls, puzzle: Grid, *, several: bool = True, clock: Clock = time.monotonic) -> Play:
        """A game of the player's own puzzle (level ``custom``). ``ValueError`` says why
        it cannot be played (duplicates, no solution; several solutions unless
        ``several``, which plays it anyway: any grid that keeps the rules wins)."""
        return cls(Session.new(puzzle, level=CUSTOM, clock=clock, several=several))

    @classmethod
    def replay(
        cls,
        puzzle: Grid,
        solution: Grid,
        moves: Iterable[str | Move],
        position: int | None = None,
        *,
        level: str = CUSTOM,
        unique: bool = True,
        seed: int | str | None = None,
        elapsed: float = 0.0,
        clock: Clock = time.monotonic,
    ) -> Play:
        """The game after ``moves`` (codes or moves), undone back to ``position`` (None:
        after the last). A move that cannot be read or played is an
        :class:`~sudokit.errors.IllegalMoveError` naming it by number: nothing is kept."""
        session, problems = Session.replay(
            puzzle,
            solution,
            moves,
            position,
            level=level,
            clock=clock,
            elapsed=elapsed,
            unique=unique,
        )
        if problems:
            raise IllegalMoveError(problems[0])
        return cls(session, seed=seed)

    # --- reading ------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.session.rules

    @property
    def state(self) -> GameState:
        return self.session.state

    def game(self) -> dict[str, Any]:
        """What a front end needs to draw and check the game, once: the rules (``rules``
        code and ``name``; ``n``, ``box_rows``, ``box_cols``; ``units`` as cell lists;
        ``regions``, each cell's box or jigsaw region; ``peers_extra``, each cell's
        peers outside its units, a knight's or king's move away; ``neighbours``, whether
        orthogonal neighbours may not be consecutive), the ``givens`` and ``solution``
        as lines (``.`` empty, symbols ``1``-``9`` then ``A``-``G``), ``level``,
        ``seed`` and ``unique`` (False: played although it has several solutions, and
        ``solution`` is one of them); ``cages``, killer cages as ``{"cells", "sum"}``
        (their digits never repeat; ``sum`` None: no sum)."""
        s = self.session
        rules = s.rules
        return {
            "rules": rules.code,
            "name": rules.name,
            "n": rules.n,
            "box_rows": rules.shape.box_rows,
            "box_cols": rules.shape.box_cols,
            "units": [list(u) for u in rules.units],
            "regions": list(rules.region_of),
            "peers_extra": [list(p) for p in rules.extra_peers],
            "neighbours": rules.nonconsecutive,
            "cages": [
                {"cells": list(cage.cells), "sum": cage.total}
                for cage in getattr(rules, "cages", ())
            ],
            "givens": format_line(s.puzzle),
            "solution": format_line(s.solution),
            "level": s.level,
            "seed": self.seed,
            "unique": s.unique,
        }

    def view(self) -> View:
        """The position now, as plain values."""
        s = self.session
        state = s.state
        n = state.size
        notes = tuple(
            tuple(d for d in range(1, n + 1) if mask >> (d - 1) & 1) for mask in state.notes
        )
        return View(
            cells=state.board.cells,
            given=tuple(bool(v) for v in state.puzzle.cells),
            notes=notes,
            conflicts=tuple(sorted(state.conflict_cells())),
            mistakes=tuple(sorted(state.wrong_cells())),
            finished=s.finished,
            can_undo=s.can_undo,
            can_redo=s.can_redo,
            position=s.position,
            moves=tuple(str(m) for m in s.moves),
            revealed=tuple(sorted(state.revealed)),
            gave_up=s.gave_up,
            elapsed=s.elapsed,
            paused=s.paused,
            hints_used=s.hints_used,
            mistakes_made=s.mistakes_made,
        )

    # --- playing ------------------------------------------------------------------------
    def play(self, move: str | Move) -> bool:
        """Play a move or its code (see :mod:`sudokit.game.moves`); False when it changed
        nothing. :class:`~sudokit.errors.IllegalMoveError` (nothing changed) says why a
        move cannot be played."""
        if isinstance(move, str):
            move = parse_move(move)
        return self.session.play(move)

    def undo(self) -> bool:
        return self.session.undo()

    def redo(self) -> bool:
        return self.session.redo()

    def restart(self) -> bool:
        """Back to the givens: an ordinary move, so undo brings the moves back."""
        return self.play(Restart())

    def auto_notes(self) -> bool:
        """Fill every empty cell's notes with its candidates (and keep them true)."""
        return self.play(AutoNotes())

    def clear_notes(self) -> bool:
        return self.play(ClearNotes())

    # --- help ---------------------------------------------------------------------------
    def hint_search(self) -> GameState | None:
        """The position whose hint needs the logic engine's search (which a caller with
        threads may run elsewhere, :func:`~sudokit.game.session.logic_step`, and hand
        to :meth:`hint` as ``found``), or None when :meth:`hint` answers at once."""
        return self.session.hint_search()

    def hint(
        self,
        stage: int | None = None,
        found: tuple[GameState, LogicHint | None] | None = None,
    ) -> HintView:
        """Help with the current position (counted once per position).

        ``stage`` None tells the next stage of the hint for this position, as asking
        again does on the desktop; 1, 2 or 3 tells at least that much at once (never
        less than was told already). A wrong digit is pointed out first; notes that rule
        out a needed digit are corrected at once (``changed``). ``found``: a position and
        the logic engine's answer for it, computed elsewhere (see :meth:`hint_search`).
        """
        if stage is not None and stage not in STAGES:
            raise ValueError(f"no hint stage {stage!r} (the stages are 1, 2 and 3)")
        s = self.session
        told = s.hint_told
        if stage is not None and told is not None and told[1] >= stage:
            return self._hint_view(told[0], told[1], changed=False)
        before = s.position
        h = s.hint(found)
        while stage is not None and s.position == before:
            told = s.hint_told
            if told is None or told[1] >= stage:
                break
            h = s.hint()
            if s.hint_told == told:  # told in full already
                break
        told = s.hint_told
        return self._hint_view(h, told[1] if told is not None else 3, s.position != before)

    def _hint_view(self, h: GameHint, stage: int, changed: bool) -> HintView:
        s = self.session
        technique = BY_ID.get(h.technique) if h.technique else None
        return HintView(
            kind=h.kind,
            stage=stage,
            text=h.message,
            cells=tuple(h.cells),
            reasons=tuple(h.reasons),
            area=_area(s.rules, h.units),
            pattern=tuple(h.pattern),
            eliminations=tuple(h.eliminations),
            moves=tuple(str(m) for m in s.hint_moves()),
            level=technique.level if technique is not None else None,
            technique=h.technique,
            changed=changed,
            branches=tuple(b.to_dict(s.rules) for b in h.branches),
        )

    def apply_hint(self) -> bool:
        """Play the step the hint told in full (its ``moves``), undone in one undo;
        False when there is none."""
        return self.session.play_hint()

    def check(self) -> CheckView:
        """Compare the entered digits with the solution."""
        s = self.session
        result = s.check()
        return CheckView(tuple(sorted(result.wrong)), s.finished, result.empty, result.message)

    def explain(self, *, max_seconds: float | None = None) -> Explained:
        """The whole logical path from the current position (the player's notes aside),
        step by step; ``max_seconds`` stops the search when that time has passed (with
        the steps found so far and ``stopped`` set). Wrong digits stop it before it
        starts: the answer says which to erase."""
        from ..logic import explain  # the engine's path, loaded when asked

        s = self.session
        state = s.state
        rules = s.rules
        wrong = sorted(state.wrong_cells())
        if wrong:
            k = len(wrong)
            text = f"{_names(rules, wrong[:6])}{'…' if k > 6 else ''}"
            verb = "is wrong" if k == 1 else "are wrong"
            return Explained((), False, False, f"{text} {verb}: erase first, then ask again.")
        if s.finished:
            return Explained((), True, False, "The puzzle is solved.")
        path = explain(Grid(rules, state.board.cells), max_seconds=max_seconds, keep_states=True)
        states = path.states
        steps = tuple(
            _explained(rules, step, before, after)
            for step, before, after in zip(path.steps, states, states[1:], strict=False)
        )
        k = len(steps)
        many = f"{k} step{'s' if k != 1 else ''}"
        if path.solved:
            text = f"Solved from here in {many}."
        elif path.stopped:
            text = f"The time ran out after {many}."
        elif path.solutions == 0:
            text = "No solution from here."
        else:
            text = f"After {many}, no technique known here goes further."
        start = (tuple(states[0].values), tuple(states[0].cands))
        return Explained(steps, path.solved, path.stopped, text, start)

    # --- the timer ----------------------------------------------------------------------
    @property
    def elapsed(self) -> float:
        """Seconds played, not counting pauses."""
        return self.session.elapsed

    @property
    def paused(self) -> bool:
        return self.session.paused

    def pause(self) -> None:
        self.session.pause()

    def resume(self) -> None:
        """Start the timer again (a finished game's stays stopped)."""
        self.session.resume()

    def time_text(self) -> str:
        """The time played as people read it: ``07:42``."""
        return format_time(self.session.elapsed)

    def finish_text(self, finish: Finish) -> str:
        """What to tell the player about the finished game, given what the records (the
        caller's store) made of it."""
        s = self.session
        return finish_message(finish, s.level, s.size, s.rules.name)


__all__ = [
    "STAGES",
    "CheckView",
    "Explained",
    "ExplainedStep",
    "HintView",
    "Made",
    "MakePuzzle",
    "Play",
    "View",
    "asked_rules",
    "generate_puzzle",
    "levels",
    "make",
    "stats_rows",
]
