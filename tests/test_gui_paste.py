# ruff: noqa: F811
"""A pasted pencil-mark grid opens where the player was: the desktop game, driven
headless with posted pygame events, plays its placed digits and notes as moves (as the
web app does), from a HoDoKu line, f-puzzles centre marks or a pencil-mark grid."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["SUDOKIT_THEME"] = "light"

import random
from collections.abc import Iterator

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gui_support import (  # noqa: F401
    PUZZLE,
    FakeClock,
    _home,
    clock,
    quick_puzzle,
)
from sudokit import solve
from sudokit.formats import Position, format_position, parse_position
from sudokit.game import Store
from sudokit.game.moves import apply, position_moves
from sudokit.game.state import GameState
from sudokit.grid import Grid
from sudokit.gui.app import App
from sudokit.gui.dialogs import CustomDialog

SOLUTION = solve(PUZZLE)
assert SOLUTION is not None


@pytest.fixture()
def app(clock: FakeClock) -> Iterator[App]:
    store = Store()
    game = App(store, puzzle=PUZZLE, clock=clock, make_puzzle=quick_puzzle)  # type: ignore[arg-type]
    game.pump()
    yield game
    store.close()


def key(app: App, k: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod))
    app.pump()


def paste(app: App, text: str) -> None:
    """Ctrl+V on the board with ``text`` on the clipboard."""
    app.controller.clipboard = lambda: text
    key(app, pygame.K_v, pygame.KMOD_CTRL)


def where_the_player_was(seed: int) -> Position:
    """PUZZLE part-played: a few right digits placed, and some wrong candidates deleted."""
    rng = random.Random(seed)
    empty = [c for c, v in enumerate(PUZZLE.cells) if not v]
    placed = list(PUZZLE.cells)
    for c in rng.sample(empty, 5):
        placed[c] = SOLUTION.cells[c]
    board = Grid(PUZZLE.rules, placed)
    masks = board.candidates()
    for c in rng.sample([c for c in empty if not placed[c] and masks[c].bit_count() > 1], 8):
        wrong = [d for d in range(1, 10) if masks[c] >> (d - 1) & 1 and d != SOLUTION.cells[c]]
        masks[c] &= ~(1 << (rng.choice(wrong) - 1))
    return Position(PUZZLE, placed=board, candidates=tuple(masks))


@pytest.mark.parametrize("fmt", ["hodoku", "fpuzzles", "pencilmarks"])
def test_a_pasted_pencil_mark_grid_opens_where_the_player_was(app: App, fmt: str) -> None:
    text = format_position(where_the_player_was(1), fmt)
    # a pencil-mark grid has no givens apart: its solved cells read as givens
    position = parse_position(text)
    givens = position.givens
    placed = [c for c, v in enumerate(position.current.cells) if v and not givens.cells[c]]
    assert len(placed) == (0 if fmt == "pencilmarks" else 5)
    paste(app, text)
    dialog = app.controller.dialog
    assert isinstance(dialog, CustomDialog)
    told = "5 digits placed and notes" if placed else "with notes"
    assert told in dialog.info and "where you were" in dialog.info, dialog.info
    assert dialog.cells == list(givens.cells)  # the dialog shows the givens
    key(app, pygame.K_RETURN)
    assert app.controller.dialog is None
    s = app.controller.session
    assert s is not None and s.puzzle == givens
    state = s.state
    # the placed digits are the player's entries, not givens
    assert state.board.cells == position.current.cells
    assert [c for c, v in enumerate(state.entries) if v] == placed
    # every empty cell's notes are the candidates the grid had left (less those its
    # digits rule out: a pencil-mark grid's single candidate reads as a placed digit)
    masks = position.candidate_masks()
    allowed = position.current.candidates()
    assert all(
        state.notes[c] == masks[c] & allowed[c] for c in range(81) if not state.board.cells[c]
    )
    assert any(state.notes)
    assert "where you were" in app.controller.message
    # the game is saved as moves: a new window resumes the same position
    app.controller.store.close()  # the window closes: another resumes its game
    with Store() as other:
        back = other.resume()
    assert back is not None and back.state.board == state.board
    assert back.state.notes == state.notes


def test_a_puzzle_typed_over_a_pasted_grid_starts_bare(app: App) -> None:
    paste(app, format_position(where_the_player_was(2), "hodoku"))
    dialog = app.controller.dialog
    assert isinstance(dialog, CustomDialog)
    first = PUZZLE.cells.index(0)
    digit = SOLUTION.cells[first]
    dialog.selected = first
    # another puzzle (one more given): the pasted moves are not for it
    key(app, pygame.K_0 + digit, unicode=str(digit))
    key(app, pygame.K_RETURN)
    assert app.controller.dialog is None
    s = app.controller.session
    assert s is not None and s.puzzle.cells[first] == digit
    assert not any(s.state.entries) and not any(s.state.notes)


def test_a_bare_puzzle_pasted_starts_at_its_givens(app: App) -> None:
    paste(app, format_position(PUZZLE, "hodoku"))
    dialog = app.controller.dialog
    assert isinstance(dialog, CustomDialog) and dialog.moves == ()
    key(app, pygame.K_RETURN)
    s = app.controller.session
    assert s is not None and not any(s.state.entries) and not any(s.state.notes)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_position_moves_reach_the_position(seed: int) -> None:
    """From a new game, the moves give the position's digits and candidates exactly."""
    position = where_the_player_was(seed)
    state = GameState.start(PUZZLE, SOLUTION)
    for move in position_moves(position):
        state = apply(state, move)
    assert state.board.cells == position.current.cells
    masks = position.candidate_masks()
    assert all(state.notes[c] == masks[c] for c in range(81) if not state.board.cells[c])


def test_the_pasted_note_is_read_whole_under_the_board(app: App) -> None:
    from sudokit.gui.dialog_view import custom_info_lines

    paste(app, format_position(where_the_player_was(1), "hodoku"))
    dialog = app.controller.dialog
    assert isinstance(dialog, CustomDialog)
    lines = custom_info_lines(dialog)
    said = " ".join(lines)
    # one line cut it to "…where you w…" at the window's usual size
    assert "…" not in said and "starts where you were" in said and "givens)" in said
    assert len(lines) <= 2
