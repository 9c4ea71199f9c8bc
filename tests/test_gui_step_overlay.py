# ruff: noqa: F811
"""A step drawn on the board: the game's hint at its last stage draws its pattern (the
candidates of the cells it is about even without notes, the chain's links, what it
removes struck in red), Apply plays it; the watch window draws the human solver's step
as it happens. Driven headless with posted pygame events; pixels are read back."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["SUDOKIT_THEME"] = "light"

import time
from collections.abc import Iterator

import pygame
import pytest

from gui_support import PUZZLE, FakeClock, _home, clock, quick_puzzle  # noqa: F401
from sudokit import generate, parse
from sudokit.game import Store
from sudokit.game.session import logic_step
from sudokit.gui.app import App
from sudokit.gui.board import BoardView, draw_board
from sudokit.gui.layout import Rect
from sudokit.gui.step_overlay import involved_cells, step_overlay
from sudokit.gui.theme import DARK, LIGHT, Theme
from sudokit.gui.thinking import engine_candidates
from sudokit.gui.watch import WatchScreen
from sudokit.render.palette import hex_rgb
from sudokit.render.step_art import COLOURS
from sudokit.render.steps import StepPicture, step_picture

#: A puzzle of magictour's top 1465 whose hints reach a grouped AIC after 26 steps.
CHAIN_PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
ELIM_INK = hex_rgb(COLOURS["light"].elim_ink)
LINK = hex_rgb(COLOURS["light"].link)
PLACE_INK = hex_rgb(COLOURS["light"].place_ink)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0))
    app.pump()


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.pump()


def count(surface: pygame.Surface, rect: pygame.Rect | Rect, colour: tuple[int, int, int]) -> int:
    """Pixels of exactly ``colour`` in ``rect``."""
    r = pygame.Rect(rect).clip(surface.get_rect())
    return sum(
        1
        for x in range(r.left, r.right)
        for y in range(r.top, r.bottom)
        if tuple(surface.get_at((x, y)))[:3] == colour
    )


def near(point: tuple[float, float], half: int) -> pygame.Rect:
    return pygame.Rect(round(point[0]) - half, round(point[1]) - half, 2 * half, 2 * half)


def on_board(app: App, picture: StepPicture, cell: int, digit: int) -> tuple[float, float]:
    """Where candidate ``(cell, digit)`` of the picture is on the game's board, in pixels."""
    board = app.controller.layout.board
    x, y = picture.candidate_centre(cell, digit)
    return (board.rect.x + x * board.cell, board.rect.y + y * board.cell)


@pytest.fixture()
def app(clock: FakeClock) -> Iterator[App]:
    store = Store()
    game = App(store, puzzle=PUZZLE, clock=clock, make_puzzle=quick_puzzle)
    game.controller.hint_wait = 60.0  # hints here take milliseconds: never the slow path
    game.pump()
    yield game
    store.close()


@pytest.fixture()
def chain_app(clock: FakeClock) -> Iterator[App]:
    """A game at a position whose hint is a chain (the hints before it played)."""
    store = Store()
    game = App(store, puzzle=parse(CHAIN_PUZZLE), clock=clock, make_puzzle=quick_puzzle)
    c = game.controller
    c.hint_wait = 60.0
    s = c.session
    assert s is not None
    for _ in range(60):
        found = logic_step(s.state)
        assert found is not None and found.step is not None
        if found.step.links:
            break
        for _ in range(4):  # told in three stages, then played
            c.hint()
    else:
        raise AssertionError("no chain among the first hints")
    c.selected = None
    c.dirty.all = True
    game.pump()
    yield game
    store.close()


# --- the game's hint ----------------------------------------------------------------


def test_the_last_hint_stage_draws_the_chain_and_strikes_what_it_removes(chain_app: App) -> None:
    c = chain_app.controller
    key(chain_app, pygame.K_h)
    key(chain_app, pygame.K_h)
    assert c.hint_picture() is None, "the first two stages tell, they do not draw"
    screen = chain_app.screen
    board = c.layout.board.rect
    links_before = count(screen, board, LINK)
    key(chain_app, pygame.K_h)
    picture = c.hint_picture()
    assert picture is not None and picture.links and picture.eliminations
    assert "AIC" in picture.name or "Loop" in picture.name
    assert links_before == 0
    assert count(screen, board, LINK) > 20 * len(picture.links), "the links are drawn"
    for cell, digit in picture.eliminations:
        spot = near(on_board(chain_app, picture, cell, digit), 4)
        assert count(screen, spot, ELIM_INK) >= 8, f"{cell, digit} is struck out in red"
    # A candidate of the chain that stays: no red there.
    node = picture.links[0].start
    spot = near(on_board(chain_app, picture, node.cells[0], node.digit), 4)
    assert count(screen, spot, ELIM_INK) == 0


def test_apply_plays_the_step_and_the_picture_goes(chain_app: App) -> None:
    c = chain_app.controller
    for _ in range(3):
        key(chain_app, pygame.K_h)
    picture = c.hint_picture()
    assert picture is not None
    s = c.session
    assert s is not None
    apply = next(b for b in c.buttons if b.key == "hint")
    assert apply.label == "Apply"
    click(chain_app, apply.rect.center)
    notes, cells = s.state.notes, s.state.board.cells
    for cell, digit in picture.eliminations:
        assert not notes[cell] >> (digit - 1) & 1, "the candidate is removed"
    for cell, digit in picture.placements:
        assert cells[cell] == digit
    assert c.hint_picture() is None
    assert count(chain_app.screen, c.layout.board.rect, LINK) == 0, "no link left drawn"
    c.undo()
    # Back at the position, the step told there is offered again: drawn while Apply shows.
    c.decorate(apply)
    assert (c.hint_picture() is not None) == (apply.label == "Apply")


def test_the_cells_of_the_step_show_candidates_without_notes(app: App) -> None:
    c = app.controller
    s = c.session
    assert s is not None and not any(s.state.notes)
    key(app, pygame.K_h)
    key(app, pygame.K_h)
    (cell,) = [x for x, k in c.flash.items() if k == "hint"]
    rect = c.layout.board.cell_rect(cell)
    note = app.theme.note
    assert count(app.screen, rect, note) == 0, "no notes in the hint's cell yet"
    key(app, pygame.K_h)
    picture = c.hint_picture()
    assert picture is not None and cell in involved_cells(picture)
    (placed,) = picture.placements
    assert count(app.screen, rect, note) > 0, "its other candidates are drawn"
    spot = near(on_board(app, picture, *placed), 6)
    assert count(app.screen, spot, PLACE_INK) > 10, "the digit it takes is ringed in green"


def test_a_paused_game_hides_the_picture(chain_app: App) -> None:
    c = chain_app.controller
    for _ in range(3):
        key(chain_app, pygame.K_h)
    assert c.hint_picture() is not None
    key(chain_app, pygame.K_p)
    assert count(chain_app.screen, c.layout.board.rect, LINK) == 0


# --- drawing a picture on any board -------------------------------------------------


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=lambda t: t.name)
@pytest.mark.parametrize("kind", ["16x16", "jigsaw"])
def test_every_elimination_and_placement_is_drawn(kind: str, theme: Theme) -> None:
    if kind == "16x16":
        grid = generate(16, seed=1, difficulty="easy")
    else:
        grid = generate(9, seed=3, difficulty="easy", variant="jigsaw")
    from sudokit.game import Session

    s = Session.new(grid)
    found = logic_step(s.state)
    assert found is not None and found.step is not None
    picture = step_picture(
        s.state.board, engine_candidates(s.state), found.step, givens=s.state.puzzle
    )
    colours = COLOURS[theme.name]  # type: ignore[index]
    pygame.display.init()
    surface = pygame.Surface((900, 900))
    view = BoardView(grid.shape, grid.cells, rules=grid.rules)
    geo = draw_board(surface, Rect(0, 0, 900, 900), view, theme, step_overlay(picture, theme))
    for cell, digit in picture.placements:
        x, y = picture.candidate_centre(cell, digit)
        spot = near((geo.rect.x + x * geo.cell, geo.rect.y + y * geo.cell), 6)
        assert count(surface, spot, hex_rgb(colours.place_ink)) > 5
    for cell, digit in picture.eliminations:
        x, y = picture.candidate_centre(cell, digit)
        spot = near((geo.rect.x + x * geo.cell, geo.rect.y + y * geo.cell), 4)
        assert count(surface, spot, hex_rgb(colours.elim_ink)) > 5


def test_an_unknown_layer_is_refused() -> None:
    grid = parse(CHAIN_PUZZLE)
    from sudokit.game import Session

    s = Session.new(grid)
    found = logic_step(s.state)
    assert found is not None and found.step is not None
    picture = step_picture(s.state.board, engine_candidates(s.state), found.step)
    overlay = step_overlay(picture, LIGHT)
    pygame.display.init()
    surface = pygame.Surface((400, 400))
    geo = draw_board(surface, Rect(0, 0, 400, 400), BoardView(grid.shape, grid.cells))
    with pytest.raises(ValueError, match="no overlay layer 'middle'"):
        overlay.draw(surface, geo, "middle")


# --- the watch window ---------------------------------------------------------------


def test_the_watch_window_draws_the_human_solvers_chain_as_it_happens() -> None:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((900, 760))
    screen = WatchScreen(parse(CHAIN_PUZZLE), ["human"], size=(900, 760))
    lane = screen.lanes[0]
    linked = 0
    singles_drawn = False
    deadline = time.monotonic() + 120  # the trace runs ahead on a worker thread
    while time.monotonic() < deadline:
        if not screen.step():
            if lane.waiting:
                time.sleep(0.01)
                continue
            break
        shown = lane.replay.step
        if shown is None:
            continue
        if not shown.step.links and not singles_drawn:
            screen.draw(surface)
            assert count(surface, surface.get_rect(), LINK) == 0, "a single has no links"
            singles_drawn = True
        if len(shown.step.links) >= 3:
            screen.draw(surface)
            linked = count(surface, surface.get_rect(), LINK)
            break
    else:
        raise AssertionError("the human solver never reached its chain")
    assert singles_drawn
    assert linked > 100, "the chain's links are drawn on the watched board"
    picture = lane.picture()
    assert picture is not None and picture.links
    # Stepping on through the step keeps it drawn; stepping back before it, it goes.
    while not screen.step():
        time.sleep(0.01)
    assert lane.picture() is picture
    screen.step_back()
    screen.step_back()
    screen.draw(surface)
    assert lane.replay.step is None or not lane.replay.step.step.links
    assert count(surface, surface.get_rect(), LINK) == 0
