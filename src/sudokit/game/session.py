"""A game session: the moves played so far, undo/redo, the timer, mistakes, hints, checks.

The session owns a list of :class:`GameState` values and a position in it (DESIGN rule 4,
after Simon Tatham's midend): undo and redo only move the position, a new move drops the
redo tail, and ``restart`` is an ordinary move, so it is undoable too. Nothing here draws
or prints; the GUI reads the session and turns input into calls.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..errors import IllegalMoveError, UnsupportedRulesError
from ..geometry import Rules
from ..grid import Grid
from ..logic import Hint as LogicHint
from ..logic import hint as logic_hint
from ..logic.step import Branch, Step
from ..solvers import search
from .levels import CUSTOM
from .moves import (
    Eliminate,
    FixNotes,
    Move,
    PlaceDigits,
    SetDigit,
    Solve,
    apply,
    parse_move,
)
from .state import GameState

Clock = Callable[[], float]


class Checking(enum.StrEnum):
    """How much of the player's errors the game shows as they play."""

    #: Nothing is marked (the player asks with "check").
    OFF = "off"
    #: Digits that break a rule (twice in a unit) are marked.
    CONFLICTS = "conflicts"
    #: Rule conflicts and every digit that differs from the solution are marked.
    SOLUTION = "solution"


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a puzzle can be played: its solution, or the reason it cannot.

    A puzzle with several solutions has no ``solution`` but a ``problem``, ``several``
    set and one of its solutions in ``example``: it can still be played on purpose
    ("play anyway", see :meth:`Session.new`).
    """

    solution: Grid | None
    problem: str | None
    several: bool = False
    example: Grid | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


#: What the player is told about a puzzle played although it has several solutions.
SEVERAL_SOLUTIONS = (
    "This puzzle has several solutions: any grid that keeps the rules wins, so digits are "
    "not checked against one solution, and hints only follow the rules."
)


def examine(puzzle: Grid) -> Verdict:
    """Check a puzzle for play: no duplicate givens, exactly one solution."""
    conflicts = puzzle.conflicts()
    if conflicts:
        return Verdict(None, f"the givens break the rules: {conflicts[0]}")
    outcome = search(puzzle, 2)
    if outcome.count == 0 or outcome.solution is None:
        return Verdict(None, "this puzzle has no solution")
    if outcome.count > 1:
        return Verdict(
            None,
            "this puzzle has several solutions (a Sudoku needs exactly one)",
            several=True,
            example=Grid(puzzle.rules, outcome.solution),
        )
    return Verdict(Grid(puzzle.rules, outcome.solution), None)


@dataclass(frozen=True, slots=True)
class GameHint:
    """What a hint said and which cells it is about.

    ``kind`` is ``mistake`` (a wrong digit to erase), ``logic`` (the next logical step, from
    the logic engine), ``notes`` (the player's notes rule out a needed digit), ``stuck``
    (no technique applies), ``unavailable`` (the logic engine does not handle these
    rules yet) or ``none`` (the puzzle is solved).
    """

    kind: str
    message: str
    cells: tuple[int, ...] = ()
    #: Units (rows, columns, boxes; indices as in :mod:`sudokit.geometry`) to look at.
    units: tuple[int, ...] = ()
    #: At the full deduction: the cells whose digits are the step's reason (for a hidden
    #: single, the placed digits that rule out the unit's other cells; for a naked single,
    #: those that rule out the cell's other digits; else the pattern's cells).
    reasons: tuple[int, ...] = ()
    #: At the full deduction: the pattern's candidates and what the step rules out,
    #: ``(cell, digit)``.
    pattern: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    #: The step can be played for the player (:meth:`Session.play_hint`).
    playable: bool = False
    #: The logic engine's technique id (``hidden_single``, ``x_wing``...) of a logic step;
    #: ``""`` for any other hint.
    technique: str = ""
    #: At the full deduction of a forcing chain or net: its branches, each a case assumed
    #: and the chain of links it leads to (see :class:`~sudokit.logic.step.Branch`).
    branches: tuple[Branch, ...] = ()


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The answer to "check": the wrong digits and how many cells are still empty."""

    wrong: frozenset[int]
    empty: int
    message: str


def format_time(seconds: float) -> str:
    """``07:42``, or ``1:02:03`` past an hour."""
    s = int(seconds)
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


class Session:
    """One game being played.

    ``clock`` (seconds, monotonic) is injectable so tests can drive the timer. The timer
    runs from creation unless ``running`` is false, and stops for good once the puzzle
    is solved. ``unique=False`` plays a puzzle that has several solutions (``solution``
    is one of them): the board is solved when it is complete and keeps the rules, no
    digit is called a mistake, and checking against the solution is off.
    """

    def __init__(
        self,
        puzzle: Grid,
        solution: Grid,
        *,
        level: str = CUSTOM,
        checking: Checking = Checking.CONFLICTS,
        clock: Clock = time.monotonic,
        elapsed: float = 0.0,
        running: bool = True,
        unique: bool = True,
    ) -> None:
        if solution.rules is not puzzle.rules:  # the solution is read under the puzzle's rules
            solution = Grid(puzzle.rules, solution.cells)
        self.puzzle = puzzle
        self.solution = solution
        self.level = level
        self.unique = unique
        if not unique and checking is Checking.SOLUTION:
            checking = Checking.CONFLICTS  # there is no one solution to compare with
        self.checking = checking
        self.hints_used = 0
        self.mistakes_made = 0
        #: The store's id of this game, once it has been saved.
        self.game_id: int | None = None
        self._states: list[GameState] = [GameState.start(puzzle, solution, unique=unique)]
        self._moves: list[Move] = []
        self._pos = 0
        self._clock = clock
        self._base = float(elapsed)
        self._since: float | None = clock() if running else None
        # The position the last hint was about, the hint, the logic step and its level.
        self._last_hint: tuple[GameState, GameHint, LogicHint | None, int] | None = None

    # --- creating --------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        puzzle: Grid,
        *,
        level: str = CUSTOM,
        checking: Checking = Checking.CONFLICTS,
        clock: Clock = time.monotonic,
        several: bool = False,
    ) -> Session:
        """A session for a puzzle that is checked first; ``ValueError`` says why a
        puzzle cannot be played (duplicates, no solution, several solutions). With
        ``several=True`` a puzzle with several solutions is played anyway."""
        verdict = examine(puzzle)
        solution = verdict.example if several and verdict.several else verdict.solution
        if solution is None:
            raise ValueError(verdict.problem)
        return cls(
            puzzle,
            solution,
            level=level,
            checking=checking,
            clock=clock,
            unique=not verdict.several,
        )

    @classmethod
    def replay(
        cls,
        puzzle: Grid,
        solution: Grid,
        moves: Iterable[str | Move],
        position: int | None = None,
        *,
        level: str = CUSTOM,
        checking: Checking = Checking.CONFLICTS,
        clock: Clock = time.monotonic,
        elapsed: float = 0.0,
        running: bool = True,
        unique: bool = True,
    ) -> tuple[Session, list[str]]:
        """Rebuild a session by replaying moves (how saves are restored).

        ``position`` is where undo had taken the game (the moves after it form the redo
        list); None means after the last move. Returns the session and a list of
        problems: a move that cannot be read or played ends the replay there, keeping
        everything before it.
        """
        session = cls(
            puzzle,
            solution,
            level=level,
            checking=checking,
            clock=clock,
            elapsed=elapsed,
            running=running,
            unique=unique,
        )
        problems: list[str] = []
        for number, item in enumerate(moves, start=1):
            try:
                move = parse_move(item) if isinstance(item, str) else item
                state = apply(session._states[-1], move)
            except IllegalMoveError as err:
                problems.append(f"move {number}: {err}")
                break
            session._states.append(state)
            session._moves.append(move)
        last = len(session._moves)
        session._pos = last if position is None else max(0, min(position, last))
        if session.finished:
            session._stop()
        return session, problems

    # --- reading ---------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The current position."""
        return self._states[self._pos]

    @property
    def size(self) -> int:
        return self.puzzle.size

    @property
    def rules(self) -> Rules:
        """The puzzle's rules: conflicts, notes, check and hints follow them."""
        return self.puzzle.rules

    @property
    def position(self) -> int:
        """How many moves of :attr:`moves` are played (the rest can be redone)."""
        return self._pos

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move, including those undone that redo can play again."""
        return tuple(self._moves)

    @property
    def states(self) -> tuple[GameState, ...]:
        """Every position: the start, then one after each move."""
        return tuple(self._states)

    @property
    def finished(self) -> bool:
        """Whether the board is the solution (by the player or by "solve")."""
        return self.state.is_solved()

    @property
    def gave_up(self) -> bool:
        """Whether "solve" was played on the way to the current position."""
        return any(isinstance(m, Solve) for m in self._moves[: self._pos])

    @property
    def solved_by_player(self) -> bool:
        return self.finished and not self.gave_up

    @property
    def started(self) -> bool:
        """Whether any move has been played (the game is worth keeping)."""
        return bool(self._moves)

    def conflicts(self) -> frozenset[int]:
        """Cells whose digit stands twice in a unit."""
        return self.state.conflict_cells()

    def mistakes(self) -> frozenset[int]:
        """Entered digits that differ from the solution, now."""
        return self.state.wrong_cells()

    def marked_conflicts(self) -> frozenset[int]:
        """The conflicts to show, per the checking setting."""
        return frozenset() if self.checking is Checking.OFF else self.conflicts()

    def marked_mistakes(self) -> frozenset[int]:
        """The wrong digits to show, per the checking setting."""
        return self.mistakes() if self.checking is Checking.SOLUTION else frozenset()

    def remaining(self) -> dict[int, int]:
        """For each digit, how many more times it has to be placed."""
        return self.state.remaining()

    # --- playing ---------------------------------------------------------------------
    def play(self, move: Move | str) -> bool:
        """Play a move (or its text code). Returns False when it changed nothing (then it
        is not recorded). Raises :class:`IllegalMoveError` and changes nothing when the
        move is not allowed or the game is over."""
        if isinstance(move, str):
            move = parse_move(move)
        if self.finished:
            raise IllegalMoveError("the puzzle is already solved")
        before = self.state
        after = apply(before, move)
        if after == before:
            return False
        del self._states[self._pos + 1 :]
        del self._moves[self._pos :]
        self._states.append(after)
        self._moves.append(move)
        self._pos += 1
        if self.unique and isinstance(move, SetDigit | PlaceDigits):
            placed = (
                move.placements
                if isinstance(move, PlaceDigits)
                else ((move.row, move.col, move.digit),)
            )
            sol, n = self.solution.cells, self.size
            self.mistakes_made += sum(
                d != sol[r * n + c] and d != before.entries[r * n + c] for r, c, d in placed
            )
        if after.is_solved():
            self._stop()
        return True

    @property
    def can_undo(self) -> bool:
        return self._pos > 0 and not self.finished

    @property
    def can_redo(self) -> bool:
        return self._pos < len(self._moves) and not self.finished

    def undo(self) -> bool:
        """Step back one move; False when there is none (or the game is over)."""
        if not self.can_undo:
            return False
        self._pos -= 1
        return True

    def redo(self) -> bool:
        """Play the next undone move again; False when there is none."""
        if not self.can_redo:
            return False
        self._pos += 1
        if self.finished:
            self._stop()
        return True

    # --- timer -----------------------------------------------------------------------
    @property
    def elapsed(self) -> float:
        """Seconds played, not counting pauses."""
        if self._since is None:
            return self._base
        return self._base + max(0.0, self._clock() - self._since)

    @property
    def paused(self) -> bool:
        return self._since is None

    def pause(self) -> None:
        if self._since is not None:
            self._base = self.elapsed
            self._since = None

    def resume(self) -> None:
        """Start the timer again (a finished game's timer stays stopped)."""
        if self._since is None and not self.finished:
            self._since = self._clock()

    def _stop(self) -> None:
        self.pause()

    # --- help ------------------------------------------------------------------------
    def check(self) -> CheckResult:
        """Compare the entered digits with the solution (whatever the checking setting)."""
        state = self.state
        wrong = state.wrong_cells()
        empty = sum(1 for v in state.board.cells if not v)
        if not self.unique:
            k = len(state.conflict_cells())
            if state.is_solved():
                message = "Solved — the grid keeps every rule."
            elif k:
                message = f"{k} digits break the rules (several solutions: no other check)."
            else:
                message = f"No rule broken — {empty} cells to go (several solutions)."
        elif wrong:
            names = ", ".join(state.shape.cell_name(c) for c in sorted(wrong)[:6])
            more = "…" if len(wrong) > 6 else ""
            k = len(wrong)
            message = f"{k} wrong digit{'s' if k > 1 else ''}: {names}{more}"
        elif empty:
            message = f"No mistakes so far — {empty} cell{'s' if empty > 1 else ''} to go."
        else:
            message = "Solved — every digit is right."
        return CheckResult(wrong, empty, message)

    def hint_search(self) -> GameState | None:
        """The position whose hint needs the logic engine's search, or None when
        :meth:`hint` answers at once (solved, a wrong digit, or more of the last hint).

        The search is a pure function of that position, :func:`logic_step`, and can run
        on another thread (on the hardest puzzles it takes seconds); its answer goes back
        to :meth:`hint` as ``found``.
        """
        state = self.state
        if self.finished or state.wrong_cells():
            return None
        last = self._last_hint
        if last is not None and last[0] == state:
            return None
        return state

    def hint(self, found: tuple[GameState, LogicHint | None] | None = None) -> GameHint:
        """Help with the current position; counted in :attr:`hints_used` once per position.

        A wrong digit is pointed out first. Notes that rule out a needed digit are all
        corrected at once, as one undoable move (one hint). Otherwise the logic engine's
        next step is explained progressively: asking again before anything changed
        tells more (the technique and where to look, then the cells, then the whole
        deduction). With several solutions, the hint says so when logic cannot go on.

        ``found``: a position and :func:`logic_step`'s answer for it, computed elsewhere;
        used when it is the current position, else the step is found here.
        """
        state = self.state
        if self.finished:
            return GameHint("none", "The puzzle is solved.")
        last = self._last_hint
        if last is not None and last[0] == state:
            step, level = last[2], last[3]
            if step is None or level >= 3:
                return last[1]
            result = _describe(step, level + 1, state.board)
            self._last_hint = (state, result, step, level + 1)
            return result
        shape = state.shape
        wrong = sorted(state.wrong_cells())
        step = None
        if wrong:
            first = wrong[0]
            result = GameHint(
                "mistake",
                f"Hint: {shape.cell_name(first)} is wrong — erase it first.",
                (first,),
            )
        else:
            try:
                step = found[1] if found is not None and found[0] == state else logic_step(state)
            except UnsupportedRulesError:
                return unavailable_hint(state.rules)  # not counted: no help was given
            # The engine answers every unsolved position (a step, a wrong note, "stuck").
            assert step is not None, "the logic engine gave no hint for an unsolved grid"
            if step.kind == "notes":
                return self._fix_notes(state)
            result = _describe(step, 1, state.board)
            if not self.unique and step.kind == "stuck":
                result = GameHint(
                    result.kind, f"{result.message} {SEVERAL_SOLUTIONS}", result.cells
                )
        self.hints_used += 1
        self._last_hint = (state, result, step, 1)
        return result

    @property
    def hint_told(self) -> tuple[GameHint, int] | None:
        """The hint told about the current position and how much of it: its stage, 1 to
        3 (a hint told whole at once, such as a wrong digit, is 3); None when none was."""
        last = self._last_hint
        if last is None or last[0] != self.state:
            return None
        return last[1], (last[3] if last[2] is not None else 3)

    def hint_moves(self) -> tuple[Move, ...]:
        """The moves that play the step the last hint told in full, when it is about the
        current position (else none): one move, its placements (one :class:`SetDigit`, or
        several as one :class:`PlaceDigits`) or its eliminations."""
        last = self._last_hint
        if last is None or last[0] != self.state or last[3] < 3 or self.finished:
            return ()
        found = last[2]
        step = found.step if found is not None else None
        if step is None:
            return ()
        n = self.size
        if len(step.placements) == 1:
            ((c, d),) = step.placements
            return (SetDigit(c // n, c % n, d),)
        if step.placements:
            return (PlaceDigits(tuple((c // n, c % n, d) for c, d in step.placements)),)
        if step.eliminations:
            return (Eliminate(tuple((c // n, c % n, d) for c, d in step.eliminations)),)
        return ()

    def play_hint(self) -> bool:
        """Play the step the last hint told in full (see :meth:`hint_moves`): an ordinary
        move, undone in one undo like any other. False when there is none to play."""
        moves = self.hint_moves()
        played = False
        for move in moves:
            played = self.play(move) or played
        return played

    def _fix_notes(self, state: GameState) -> GameHint:
        """Correct every note that rules out a needed digit, as one move and one hint."""
        sol, board = state.solution.cells, state.board.cells
        cells = tuple(
            c for c, k in enumerate(state.notes) if k and not board[c] and not k >> (sol[c] - 1) & 1
        )
        self.play(FixNotes())
        self.hints_used += 1
        names = ", ".join(state.shape.cell_name(c) for c in cells[:6])
        more = "…" if len(cells) > 6 else ""
        k = len(cells)
        result = GameHint(
            "notes",
            f"Hint: your notes ruled out a needed digit in {k} cell{'s' if k > 1 else ''} "
            f"({names}{more}); they are corrected now.",
            cells,
        )
        self._last_hint = None  # asking again gives the next step
        return result


def unavailable_hint(rules: Rules) -> GameHint:
    """What the player is told when the logic engine refuses these rules."""
    return GameHint("unavailable", f"Hints are not available for {rules.name} puzzles yet.")


def logic_step(state: GameState) -> LogicHint | None:
    """The logic engine's hint for the player's position and notes (None: solved).

    Pure and safe to call on another thread: it reads only the (immutable) state. Raises
    :class:`~sudokit.errors.UnsupportedRulesError` for rules the engine does not handle."""
    notes = state.notes if any(state.notes) else None
    return logic_hint(state.puzzle, state.board, notes)


# The engine's kinds of hint, as the game names them.
_KINDS = {"step": "logic", "mistake": "mistake", "notes": "notes", "stuck": "stuck"}


def _describe(step: LogicHint, level: int, board: Grid) -> GameHint:
    """The engine's hint told at ``level``: 1 names the technique and where to look, 2
    adds the cells, 3 is the whole deduction with its reasons, and can be played."""
    units = tuple(step.units[:1])
    cells = step.cells if level >= 2 else ()
    kind = _KINDS.get(step.kind, "logic")
    found = step.step
    if level < 3 or found is None:
        more = " (Ask again for more.)" if level < 3 else ""
        technique = found.technique if found is not None else ""
        return GameHint(
            kind, f"Hint: {step.text(level)}{more}", cells, units=units, technique=technique
        )
    playable = bool(found.placements or found.eliminations)
    more = " (Ask again to play it.)" if playable else ""
    return GameHint(
        kind,
        f"Hint: {step.text(level)}{more}",
        cells,
        units=units,
        reasons=hint_reasons(board, found),
        pattern=tuple(found.candidates),
        eliminations=tuple(found.eliminations),
        playable=playable,
        technique=found.technique,
        branches=tuple(found.branches),
    )


def hint_reasons(board: Grid, step: Step) -> tuple[int, ...]:
    """The cells whose digits are the reason for ``step`` on ``board``.

    - a hidden single: for each other empty cell of its unit, a placed digit (the one
      placed) among that cell's peers, as few as cover them all (a cell ruled out only
      by the player's notes has none);
    - a naked single: for each other digit, a peer holding it;
    - any other step: the cells of its pattern, but those it places in.
    """
    rules = board.rules
    cells = board.cells
    peers = rules.peers
    if step.technique == "hidden_single" and step.placements and step.units:
        target, digit = step.placements[0]
        others = [x for x in rules.units[step.units[0]] if x != target and not cells[x]]
        holders = {x: [p for p in peers[x] if cells[p] == digit] for x in others}
        chosen: list[int] = []
        left = {x for x in others if holders[x]}
        while left:  # greedy cover: the digit that rules out most of what is left
            best = max(
                {p for x in left for p in holders[x]},
                key=lambda p: (sum(p in holders[x] for x in left), -p),
            )
            chosen.append(best)
            left = {x for x in left if best not in holders[x]}
        return tuple(sorted(chosen))
    if step.technique == "naked_single" and step.placements:
        target, digit = step.placements[0]
        first: dict[int, int] = {}
        for p in sorted(peers[target]):
            if cells[p] and cells[p] != digit:
                first.setdefault(cells[p], p)
        return tuple(sorted(first.values()))
    placed = {c for c, _ in step.placements}
    return tuple(sorted({c for c, _ in step.candidates} - placed))
