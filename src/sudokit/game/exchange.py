"""The game's position in the exchange formats: what Copy, Print and "Open in
SudokuWiki" hand over. Nothing here draws or touches a clipboard; the front end does.
"""

from __future__ import annotations

from ..formats import Position, format_position, format_sudokuwiki
from .state import GameState

#: The formats the game offers to copy, with the names a menu shows.
COPY_FORMATS: dict[str, str] = {
    "line": "One line",
    "pretty": "Picture",
    "pencilmarks": "Pencil marks",
    "hodoku": "HoDoKu library line",
    "sdk": "SadMan .sdk",
    "ss": "Simple Sudoku .ss",
    "json": "JSON",
    "sudokuwiki": "SudokuWiki link",
    "sudokuexchange": "SudokuExchange link",
}


def position_of(state: GameState) -> Position:
    """The givens, the player's digits and, when the player has pencilled notes, those
    notes as the candidates (cells without notes have none)."""
    placed = state.board if state.board != state.puzzle else None
    candidates = state.notes if any(state.notes) else None
    return Position(state.puzzle, placed, candidates, ())


def copy_text(state: GameState, to: str) -> str:
    """The position as text in format ``to`` (a key of :data:`COPY_FORMATS`). Raises
    ``ValueError`` when the format cannot hold the grid's size (the 9×9-only ones)."""
    return format_position(position_of(state), to)


def sudokuwiki_link(state: GameState) -> str:
    """A link that opens the board as it stands (givens and the player's digits) in
    SudokuWiki's solver; 9×9 only (``ValueError`` otherwise)."""
    return format_sudokuwiki(state.board)
