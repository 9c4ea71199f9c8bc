"""Moves and the pure function that plays them: ``apply(state, move) -> state``.

Every move has a stable text code (``str(move)``), read back by :func:`parse_move`. Saves
store these codes and are restored by replaying them, so the codes must never change
meaning. Cells are named like people name them (``r3c5``: row 3, column 5, 1-based);
digits are symbols (``1``-``9``, then ``A``-``G`` on 12×12 and 16×16).

=====================  ==================================================================
code                   move
=====================  ==================================================================
``s r3c5 7``           set digit 7 in r3c5 (removes 7 from the notes of its peers)
``e r3c5``             erase r3c5: its digit, or its notes when it holds no digit
``n r3c5 7``           toggle the note 7 in r3c5
``p r3c5 7 r4c6 2``    set 7 in r3c5 and 2 in r4c6 (a hint's placements, played at
                       once): each as ``s`` would, in order
``x r3c5 7 r4c6 2``    rule out 7 in r3c5 and 2 in r4c6 (a hint's eliminations, played
                       at once): each leaves the cell's notes, and a cell without notes
                       gets its candidates first, without that digit
``auto``               fill every empty cell's notes with its candidates
``clear-notes``        remove every note
``fix-notes``          put back, in every cell with notes, its digit of the solution
                       where the notes had ruled it out
``reveal r3c5``        put the solution's digit in r3c5 (locked, like a given)
``solve``              fill in the whole solution
``restart``            back to the givens (undoable like any move)
=====================  ==================================================================

Illegal moves (changing a given or a revealed digit, a note in a filled cell, a digit or
cell outside the grid) raise :class:`~sudokit.errors.IllegalMoveError`; as every state is
immutable, nothing has changed when they do. A legal move that changes nothing returns an
equal state.

Notes kept by auto-notes stay true: a digit taken out of the board (erased, or replaced
by another) goes back into the notes of the peers it had been removed from, wherever the
rules allow it again, and the cell itself gets its candidates back. This depends only on
the state (``GameState.auto`` says which cells' notes are kept), so undo and replay give
back exactly the same notes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..errors import IllegalMoveError
from ..geometry import SYMBOLS
from ..grid import Grid
from .state import GameState, ruled_out

if TYPE_CHECKING:
    from ..formats.position import Position

__all__ = [
    "AutoNotes",
    "ClearNotes",
    "Eliminate",
    "Erase",
    "FixNotes",
    "Move",
    "PlaceDigits",
    "Restart",
    "Reveal",
    "SetDigit",
    "Solve",
    "ToggleNote",
    "apply",
    "parse_move",
    "position_moves",
]


def _cell_code(row: int, col: int) -> str:
    return f"r{row + 1}c{col + 1}"


@dataclass(frozen=True, slots=True)
class SetDigit:
    """Put ``digit`` in the cell at ``row``, ``col`` (0-based)."""

    row: int
    col: int
    digit: int

    def __str__(self) -> str:
        return f"s {_cell_code(self.row, self.col)} {_symbol(self.digit)}"


@dataclass(frozen=True, slots=True)
class Erase:
    """Empty a cell: its digit, or its notes when it holds no digit."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"e {_cell_code(self.row, self.col)}"


@dataclass(frozen=True, slots=True)
class ToggleNote:
    """Add ``digit`` to a cell's notes, or remove it when it is there."""

    row: int
    col: int
    digit: int

    def __str__(self) -> str:
        return f"n {_cell_code(self.row, self.col)} {_symbol(self.digit)}"


@dataclass(frozen=True, slots=True)
class PlaceDigits:
    """Put digits in several cells: ``placements`` holds ``(row, col, digit)`` (0-based
    cells), each played as :class:`SetDigit` would, in order. One move, so one undo; if
    any placement is illegal, none is made."""

    placements: tuple[tuple[int, int, int], ...]

    def __str__(self) -> str:
        parts = (f"{_cell_code(r, c)} {_symbol(d)}" for r, c, d in self.placements)
        return " ".join(("p", *parts))


@dataclass(frozen=True, slots=True)
class Eliminate:
    """Rule out digits: ``candidates`` holds ``(row, col, digit)`` (0-based cells). Each
    digit leaves its cell's notes; a cell without notes first gets its candidates (what
    the rules allow), so what is ruled out shows. One move, so one undo."""

    candidates: tuple[tuple[int, int, int], ...]

    def __str__(self) -> str:
        parts = (f"{_cell_code(r, c)} {_symbol(d)}" for r, c, d in self.candidates)
        return " ".join(("x", *parts))


@dataclass(frozen=True, slots=True)
class AutoNotes:
    """Replace every empty cell's notes with its candidates (what the rules still allow)."""

    def __str__(self) -> str:
        return "auto"


@dataclass(frozen=True, slots=True)
class ClearNotes:
    """Remove every note."""

    def __str__(self) -> str:
        return "clear-notes"


@dataclass(frozen=True, slots=True)
class FixNotes:
    """Add to the notes of every empty cell that has notes the solution's digit, where
    the notes had ruled it out (what a hint about wrong notes plays, all at once)."""

    def __str__(self) -> str:
        return "fix-notes"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Put the solution's digit in a cell and lock it."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"reveal {_cell_code(self.row, self.col)}"


@dataclass(frozen=True, slots=True)
class Solve:
    """Fill in the whole solution."""

    def __str__(self) -> str:
        return "solve"


@dataclass(frozen=True, slots=True)
class Restart:
    """Go back to the givens: no entries, no notes, no revealed cells."""

    def __str__(self) -> str:
        return "restart"


Move = (
    SetDigit
    | Erase
    | ToggleNote
    | PlaceDigits
    | Eliminate
    | AutoNotes
    | ClearNotes
    | FixNotes
    | Reveal
    | Solve
    | Restart
)


def _symbol(digit: int) -> str:
    return SYMBOLS[digit - 1] if 1 <= digit <= len(SYMBOLS) else str(digit)


def position_moves(position: Position) -> tuple[Move, ...]:
    """The moves that take a new game of ``position.givens`` to where the player was (a
    pencil-mark grid, a HoDoKu line with placed digits and deleted candidates, f-puzzles
    centre marks): its placed digits, then, when it records candidates, auto-notes less
    what it had removed. None for a bare puzzle."""
    givens = position.givens
    n = givens.size
    current = position.current.cells
    moves: list[Move] = [
        SetDigit(c // n, c % n, v) for c, v in enumerate(current) if v and not givens.cells[c]
    ]
    if position.candidates is not None:
        allowed = Grid(givens.rules, current).candidates()
        gone = tuple(
            (c // n, c % n, d)
            for c, mask in enumerate(position.candidate_masks())
            if not current[c]
            for d in range(1, n + 1)
            if allowed[c] >> (d - 1) & 1 and not mask >> (d - 1) & 1
        )
        moves.append(AutoNotes())
        if gone:
            moves.append(Eliminate(gone))
    return tuple(moves)


# --- parsing -----------------------------------------------------------------------

_CELL = r"r(\d{1,2})c(\d{1,2})"
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"s {_CELL} (\w)"), "s"),
    (re.compile(rf"e {_CELL}"), "e"),
    (re.compile(rf"n {_CELL} (\w)"), "n"),
    (re.compile(rf"p(?: {_CELL} \w)+"), "p"),
    (re.compile(rf"x(?: {_CELL} \w)+"), "x"),
    (re.compile(rf"reveal {_CELL}"), "reveal"),
    (re.compile(r"auto"), "auto"),
    (re.compile(r"clear-notes"), "clear-notes"),
    (re.compile(r"fix-notes"), "fix-notes"),
    (re.compile(r"solve"), "solve"),
    (re.compile(r"restart"), "restart"),
]


def parse_move(text: str) -> Move:
    """Read a move from its text code (see the table above); spacing is forgiving.

    Only the syntax is checked here; whether the move fits a grid is :func:`apply`'s job.
    """
    code = " ".join(text.strip().lower().split())
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(code)
        if m is None:
            continue
        if kind == "auto":
            return AutoNotes()
        if kind == "clear-notes":
            return ClearNotes()
        if kind == "fix-notes":
            return FixNotes()
        if kind == "solve":
            return Solve()
        if kind == "restart":
            return Restart()
        if kind in ("p", "x"):
            found = re.findall(rf"{_CELL} (\w)", code[1:])
            items = tuple((int(r) - 1, int(c) - 1, _digit_of(text, d)) for r, c, d in found)
            return PlaceDigits(items) if kind == "p" else Eliminate(items)
        row, col = int(m.group(1)) - 1, int(m.group(2)) - 1
        if kind == "e":
            return Erase(row, col)
        if kind == "reveal":
            return Reveal(row, col)
        digit = _digit_of(text, m.group(3))
        return SetDigit(row, col, digit) if kind == "s" else ToggleNote(row, col, digit)
    raise IllegalMoveError(f"{text.strip()!r} is not a move")


def _digit_of(text: str, symbol: str) -> int:
    symbol = symbol.upper()
    if symbol not in SYMBOLS:
        raise IllegalMoveError(f"{text.strip()!r}: {symbol!r} is not a digit")
    return SYMBOLS.index(symbol) + 1


# --- playing -----------------------------------------------------------------------


def _cell(state: GameState, row: int, col: int) -> int:
    n = state.size
    if not (0 <= row < n and 0 <= col < n):
        raise IllegalMoveError(f"{_cell_code(row, col)} is outside the {n}×{n} grid")
    return row * n + col


def _check_digit(state: GameState, digit: int) -> None:
    n = state.size
    if not 1 <= digit <= n:
        raise IllegalMoveError(f"{digit} is not a digit of a {n}×{n} grid (1-{n})")


def _check_unlocked(state: GameState, cell: int) -> None:
    if state.is_given(cell):
        raise IllegalMoveError(f"{state.shape.cell_name(cell)} is a given")
    if cell in state.revealed:
        raise IllegalMoveError(f"{state.shape.cell_name(cell)} was revealed and is fixed")


def _allowed(state: GameState, cells: list[int], cell: int) -> int:
    """The mask of digits the rules allow in ``cell`` of the board ``cells``."""
    return state.rules.all_mask & ~ruled_out(state.rules, cells, cell)


def _lift(state: GameState, cell: int) -> GameState:
    """Take the player's digit out of a cell; the cells whose notes auto-notes keeps get
    it back where the rules allow it again (the cell itself: all its candidates)."""
    digit = state.entries[cell]
    entries = list(state.entries)
    entries[cell] = 0
    if not state.auto:
        return replace(state, entries=tuple(entries))
    board = [g or e for g, e in zip(state.puzzle.cells, entries, strict=True)]
    notes = list(state.notes)
    if cell in state.auto:
        notes[cell] = _allowed(state, board, cell)
    rules = state.rules
    bit = 1 << (digit - 1)
    for p in rules.peers[cell]:
        if p in state.auto and not board[p] and _allowed(state, board, p) & bit:
            notes[p] |= bit
    near = (bit << 1 | bit >> 1) & rules.all_mask  # non-consecutive: digit ± 1
    for p in rules.neighbours[cell]:
        if p in state.auto and not board[p]:
            notes[p] |= _allowed(state, board, p) & near
    return replace(state, entries=tuple(entries), notes=tuple(notes))


def _place(state: GameState, cell: int, digit: int, revealed: frozenset[int]) -> GameState:
    """Put a digit in a cell, clear the cell's notes and remove the digit from its peers'
    notes (auto-clean: what every player does by hand right after placing). A digit it
    replaces is taken out first, as erasing would."""
    if state.entries[cell]:
        state = _lift(state, cell)
    entries = list(state.entries)
    entries[cell] = digit
    notes = list(state.notes)
    notes[cell] = 0
    rules = state.rules
    bit = 1 << (digit - 1)
    for p in rules.peers[cell]:
        notes[p] &= ~bit
    near = bit << 1 | bit >> 1  # non-consecutive: digit ± 1 leave the neighbours' notes
    for p in rules.neighbours[cell]:
        notes[p] &= ~near
    return replace(state, entries=tuple(entries), notes=tuple(notes), revealed=revealed)


def _with_cell(values: tuple[int, ...], cell: int, value: int) -> tuple[int, ...]:
    return (*values[:cell], value, *values[cell + 1 :])


def apply(state: GameState, move: Move) -> GameState:
    """The position after ``move``; raises :class:`IllegalMoveError` for a move the rules
    do not allow. Never changes ``state``."""
    match move:
        case SetDigit(row, col, digit):
            cell = _cell(state, row, col)
            _check_digit(state, digit)
            _check_unlocked(state, cell)
            if state.entries[cell] == digit:
                return state
            return _place(state, cell, digit, state.revealed)
        case Erase(row, col):
            cell = _cell(state, row, col)
            _check_unlocked(state, cell)
            if state.entries[cell]:
                return _lift(state, cell)
            if state.notes[cell]:
                # The player cleared these notes: they are no longer kept for them.
                return replace(
                    state, notes=_with_cell(state.notes, cell, 0), auto=state.auto - {cell}
                )
            return state
        case ToggleNote(row, col, digit):
            cell = _cell(state, row, col)
            _check_digit(state, digit)
            _check_unlocked(state, cell)
            if state.entries[cell]:
                raise IllegalMoveError(
                    f"{state.shape.cell_name(cell)} holds a digit; erase it to write notes"
                )
            mask = state.notes[cell] ^ (1 << (digit - 1))
            return replace(state, notes=_with_cell(state.notes, cell, mask))
        case PlaceDigits(placements):
            for row, col, digit in placements:
                state = apply(state, SetDigit(row, col, digit))
            return state
        case Eliminate(candidates):
            notes = list(state.notes)
            digits = list(state.board.cells)
            for row, col, digit in candidates:
                cell = _cell(state, row, col)
                _check_digit(state, digit)
                _check_unlocked(state, cell)
                if digits[cell]:
                    raise IllegalMoveError(f"{state.shape.cell_name(cell)} holds a digit")
                if not notes[cell]:
                    notes[cell] = _allowed(state, digits, cell)
                notes[cell] &= ~(1 << (digit - 1))
            return replace(state, notes=tuple(notes))
        case AutoNotes():
            free = frozenset(c for c in range(state.shape.ncells) if not state.is_locked(c))
            return replace(state, notes=tuple(state.board.candidates()), auto=free)
        case ClearNotes():
            return replace(state, notes=(0,) * state.shape.ncells, auto=frozenset())
        case FixNotes():
            if not state.unique:  # no single solution to say which digit is needed
                return state
            sol, board = state.solution.cells, state.board.cells
            mended = tuple(
                k | (1 << (sol[c] - 1)) if k and not board[c] else k
                for c, k in enumerate(state.notes)
            )
            return replace(state, notes=mended)
        case Reveal(row, col):
            cell = _cell(state, row, col)
            if state.is_given(cell):
                raise IllegalMoveError(f"{state.shape.cell_name(cell)} is a given")
            if cell in state.revealed:
                return state
            digit = state.solution.cells[cell]
            return _place(state, cell, digit, state.revealed | {cell})
        case Solve():
            if state.is_solved():
                return state
            sol = state.solution.cells
            entries = tuple(0 if g else s for g, s in zip(state.puzzle.cells, sol, strict=True))
            # Only the cells the player had not got right count as revealed.
            fixed = frozenset(
                c for c, e in enumerate(state.entries) if not state.is_given(c) and e != sol[c]
            )
            return replace(
                state,
                entries=entries,
                notes=(0,) * state.shape.ncells,
                revealed=state.revealed | fixed,
                auto=frozenset(),
            )
        case Restart():
            return GameState.start(state.puzzle, state.solution, unique=state.unique)
    raise IllegalMoveError(f"{move!r} is not a move")  # pragma: no cover - exhaustive
