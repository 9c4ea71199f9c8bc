"""What players expect from other Sudoku games: digit-first entry, notes a placed digit
rules out flagged, F11 full screen, and a short wave of colour over a solved board."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["SUDOKIT_THEME"] = "light"

from collections.abc import Iterator

import pygame
import pytest

from gui_support import PUZZLE, FakeClock, _home, clock, quick_puzzle  # noqa: F401
from sudokit.game import GameState, SetDigit, Store, ToggleNote, apply
from sudokit.gui.controller import Controller
from sudokit.gui.dialogs import MessageDialog
from sudokit.gui.interpret import Key, KeyUp, Motion, Press, Release


@pytest.fixture()
def game(clock: FakeClock) -> Iterator[Controller]:  # noqa: F811
    store = Store()
    c = Controller(store, puzzle=PUZZLE, clock=clock, make_puzzle=quick_puzzle)
    yield c
    store.close()


def key(c: Controller, name: str) -> None:
    c.handle(Key(name))
    c.handle(KeyUp(name))
    c.tick()


def click(c: Controller, cell: int, button: int = 1) -> None:
    pos = c.layout.board.cell_rect(cell).center
    c.handle(Motion(pos))
    c.handle(Press(pos, button))
    c.handle(Release(pos, button))
    c.tick()


# --- digit first -------------------------------------------------------------------------


def test_digit_first_places_the_armed_digit_in_each_cell_clicked(game: Controller) -> None:
    s = game.session
    assert s is not None
    key(game, "escape")  # no cell selected: a digit arms itself
    key(game, "4")
    assert game.armed == 4 and game.button("digit:4").active
    assert "Placing 4" in game.message, "the status line says which digit is armed"
    click(game, 2)
    click(game, 3)
    assert s.state.entries[2] == 4 and s.state.entries[3] == 4
    assert game.selected is None and game.armed == 4, "still armed, no cursor"
    click(game, 3)
    assert s.state.entries[3] == 0, "the armed digit again takes it back, as typing does"
    click(game, 5, button=3)
    assert s.state.notes[5] == 1 << 3, "a right click writes a note"
    pad = game.button("digit:7").rect.center
    game.handle(Press(pad, 1))
    game.handle(Release(pad, 1))
    assert game.armed == 7, "the number pad arms another digit"
    key(game, "escape")
    assert game.armed == 0 and not game.button("digit:7").active
    click(game, 6)
    assert game.selected == 6 and s.state.entries[6] == 0, "a click selects again"


# --- notes a placed digit rules out -------------------------------------------------------


def test_notes_that_clash_with_a_placed_digit_are_flagged(game: Controller) -> None:
    from sudokit.gui.theme import LIGHT
    from sudokit.gui.view import board_view

    s = game.session
    assert s is not None
    # r1c3 sees the 5 in r1c1 and the 9 in r3c2; a 1 and a 2 are still allowed.
    for d in (5, 9, 1, 2):
        game.play(ToggleNote(0, 2, d))
    assert s.state.note_clashes() == {(2, 5), (2, 9)}
    pygame.font.init()
    view = board_view(game, s, LIGHT)
    assert view.note_colors.get((2, 5)) == LIGHT.error
    assert view.note_colors.get((2, 9)) == LIGHT.error
    assert (2, 1) not in view.note_colors and (2, 2) not in view.note_colors


def test_note_clashes_follow_the_board() -> None:
    state = GameState.start(PUZZLE, PUZZLE)
    state = apply(state, ToggleNote(0, 2, 4))
    assert state.note_clashes() == frozenset()
    # Placing 4 elsewhere in the row takes it from the notes (no clash); a 4 noted after
    # is a clash, and erasing the 4 ends it.
    state = apply(state, SetDigit(0, 3, 4))
    assert state.notes[2] == 0
    state = apply(state, ToggleNote(0, 2, 4))
    assert state.note_clashes() == {(2, 4)}
    from sudokit.game import Erase

    assert apply(state, Erase(0, 3)).note_clashes() == frozenset()


# --- full screen --------------------------------------------------------------------------


def test_f11_goes_full_screen_and_back(clock: FakeClock) -> None:  # noqa: F811
    from sudokit.gui.app import App

    with Store() as store:
        app = App(store, puzzle=PUZZLE, clock=clock, window=(900, 640))
        app.pump()
        for expect_full in (True, False):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0))
            assert app.pump()
            assert app.fullscreen is expect_full
            size = app.screen.get_size()
            assert (size != (900, 640)) is expect_full, size
            assert app.controller.layout.size == size, "laid out for the new size"
        pygame.display.quit()


# --- the solved board's wave --------------------------------------------------------------


def _solve_but_one(c: Controller) -> int:
    s = c.session
    assert s is not None
    empty = PUZZLE.empty_cells()
    for cell in empty[:-1]:
        c.select(cell)
        c.enter(s.solution.cells[cell])
    c.select(empty[-1])
    return s.solution.cells[empty[-1]]


def test_a_wave_plays_over_the_solved_board_then_the_dialog(
    game: Controller,
    clock: FakeClock,  # noqa: F811
) -> None:
    from sudokit.gui.theme import LIGHT
    from sudokit.gui.view import board_view

    game.enter(_solve_but_one(game))
    assert game.celebrating and game.dialog is None
    game.dirty.clear()
    clock.now += 0.5
    game.tick()
    assert game.dirty.board, "each frame draws the board again"
    s = game.session
    assert s is not None
    pygame.font.init()
    lit = [
        c for c, color in board_view(game, s, LIGHT).tints.items() if color == LIGHT.tint_selected
    ]
    assert 0 < len(lit) < 81, "a band of cells, not the whole board"
    game.tick()
    assert game.celebrating, "driven by the clock, not by frames"
    clock.now += 0.6
    game.tick()
    assert not game.celebrating
    assert isinstance(game.dialog, MessageDialog) and game.dialog.title == "Solved!"


def test_a_key_skips_the_wave(game: Controller, clock: FakeClock) -> None:  # noqa: F811
    game.enter(_solve_but_one(game))
    assert game.celebrating
    game.handle(Key("n"))
    assert not game.celebrating and isinstance(game.dialog, MessageDialog)
    assert not game.notes_mode, "the key only skipped the wave"
