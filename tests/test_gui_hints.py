"""Hints a player can follow: the board's rows and columns are named as hints name them,
the hint's cell stands out, the full deduction shows its reasons, and asking once more
plays it as an ordinary move."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["SUDOKIT_THEME"] = "light"

from collections.abc import Iterator

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gui_support import PUZZLE, FakeClock, _home, clock, quick_puzzle  # noqa: F401
from sudokit import IllegalMoveError, generate
from sudokit.game import (
    AutoNotes,
    Eliminate,
    GameState,
    PlaceDigits,
    Session,
    SetDigit,
    Store,
    apply,
    parse_move,
)
from sudokit.game.session import hint_reasons, logic_step
from sudokit.geometry import Shape
from sudokit.gui.board import label_names
from sudokit.gui.controller import Controller
from sudokit.gui.dialogs import SettingsDialog
from sudokit.gui.interpret import DialogButton
from sudokit.gui.settings import Settings
from sudokit.gui.theme import DARK, LIGHT, Theme, contrast
from sudokit.logic.hint import Hint as LogicHint
from sudokit.logic.step import Step

#: Every background a cell next to a hint's cell can have.
CELL_BACKGROUNDS = [
    "surface",
    "tint_peer",
    "tint_same",
    "tint_selected",
    "tint_conflict",
    "tint_hint",
    "tint_hint_soft",
    "tint_check",
]


@pytest.fixture()
def game(clock: FakeClock) -> Iterator[Controller]:  # noqa: F811
    store = Store()
    c = Controller(store, puzzle=PUZZLE, clock=clock, make_puzzle=quick_puzzle)
    c.hint_wait = 30.0  # hints here take milliseconds: never the slow path
    yield c
    store.close()


# --- row and column labels ----------------------------------------------------------------


@pytest.mark.parametrize("n", [4, 6, 9, 12, 16])
def test_labels_name_cells_as_hints_do(n: int) -> None:
    shape = Shape.of(n)
    rows, cols = label_names(n)
    for cell in range(shape.ncells):
        r, c = divmod(cell, n)
        assert rows[r] + cols[c] == shape.cell_name(cell)


def test_labels_are_shown_by_default_and_the_setting_is_kept(game: Controller) -> None:
    lay = game.layout
    assert game.settings.labels == "shown" and lay.labels > 0
    board, area = lay.board.rect, lay.board_area
    # Room for "r9" left of the board and "c9" above it, inside the board's area.
    assert board.x - area.x >= 1.2 * lay.labels and board.y - area.y >= lay.labels
    game.open_settings()
    assert isinstance(game.dialog, SettingsDialog)
    game.apply(DialogButton("labels:hidden"))
    assert game.layout.labels == 0 and game.layout.board.rect.w > board.w, "the board grows"
    assert Settings.load(game.store).labels == "hidden", "kept for next time"
    assert any(b.key == "labels:hidden" and b.active for b in game.dialog.buttons)


def _screen(c: Controller, theme: Theme) -> pygame.Surface:
    from sudokit.gui.view import draw_main

    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface(c.window)
    draw_main(surface, c, theme)
    return surface


def _count(surface: pygame.Surface, rect: object, color: tuple[int, int, int]) -> int:
    r = pygame.Rect(rect)  # type: ignore[arg-type]
    return sum(
        1
        for x in range(r.x, r.right)
        for y in range(r.y, r.bottom)
        if tuple(surface.get_at((x, y)))[:3] == color
    )


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=lambda t: t.name)
def test_labels_are_drawn_beside_the_board(game: Controller, theme: Theme) -> None:
    board, area = game.layout.board.rect, game.layout.board_area
    gutter = pygame.Rect(area.x, board.y, board.x - area.x, board.h)
    shown = _screen(game, theme)
    assert _count(shown, gutter, theme.background) < gutter.w * gutter.h, "r1…r9 drawn"
    game.change_setting("labels", "hidden")
    board = game.layout.board.rect
    gutter = pygame.Rect(area.x, board.y, max(1, board.x - area.x - 4), board.h)
    hidden = _screen(game, theme)
    assert _count(hidden, gutter, theme.background) == gutter.w * gutter.h


# --- the hint's cell stands out -------------------------------------------------------------


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=lambda t: t.name)
@pytest.mark.parametrize("ring", ["hint_ring", "reason_ring"])
def test_hint_rings_read_at_3_to_1_on_every_cell(theme: Theme, ring: str) -> None:
    for background in CELL_BACKGROUNDS:
        ratio = contrast(getattr(theme, ring), getattr(theme, background))
        assert ratio >= 3.0, f"{theme.name}: {ring} on {background} is {ratio:.2f}:1"


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=lambda t: t.name)
def test_the_hints_cell_is_ringed_at_the_second_stage(game: Controller, theme: Theme) -> None:
    game.hint()
    game.hint()
    (target,) = [c for c, k in game.flash.items() if k == "hint"]
    surface = _screen(game, theme)
    rect = game.layout.board.cell_rect(target)
    ring = _count(surface, rect, theme.hint_ring)
    assert ring >= 4 * rect.w, "a ring all round the cell, in a colour that stands out"
    # Its neighbours are tinted, not ringed.
    other = game.layout.board.cell_rect(target - 1)
    assert _count(surface, other, theme.hint_ring) == 0


# --- the reasons, and playing the step ------------------------------------------------------


def test_the_full_deduction_marks_its_reasons(game: Controller) -> None:
    for _ in range(3):
        game.hint()
    s = game.session
    assert s is not None
    # In box 2, 8 fits only in r1c6: the 8 in r3c3 rules out row 3's empty cells of the
    # box, the 8 in r5c4 rules out r1c4.
    assert "8 fits only in r1c6" in game.message
    reasons = sorted(c for c, k in game.flash.items() if k == "hint-reason")
    assert reasons == [20, 39]
    assert all(s.state.board.cells[c] == 8 for c in reasons)
    assert game.button("hint").label == "Apply", "the button offers to play it"


def test_asking_again_plays_the_step_as_one_undoable_move(game: Controller) -> None:
    s = game.session
    assert s is not None
    for _ in range(3):
        game.hint()
    assert s.position == 0 and s.hints_used == 1
    game.hint()
    assert s.moves == (SetDigit(0, 5, 8),) and s.state.board.cells[5] == 8
    assert s.hints_used == 1, "playing a hint already told is not another hint"
    assert not game.flash and game.button("hint").label == "Hint"
    game.undo()
    assert s.state.board.cells[5] == 0 and s.position == 0


def _elimination_session() -> Session:
    """A position whose next step only rules out candidates (found by playing hints)."""
    s = Session.new(generate(9, seed=1, difficulty="hard"))
    s.play(AutoNotes())
    for _ in range(81):
        for _ in range(3):
            h = s.hint()
        if h.eliminations:
            return s
        assert s.play_hint()
    raise AssertionError("no elimination step found")


def test_an_elimination_is_played_as_one_move() -> None:
    s = _elimination_session()
    h = s.hint()
    (move,) = s.hint_moves()
    assert isinstance(move, Eliminate)
    before = s.state
    assert s.play_hint()
    n = s.size
    for cell, digit in h.eliminations:
        assert not s.state.notes[cell] >> (digit - 1) & 1
    changed = {c for c in range(n * n) if s.state.notes[c] != before.notes[c]}
    assert changed == {c for c, _ in h.eliminations}
    assert s.undo() and s.state == before


def test_a_step_that_places_several_digits_is_one_undoable_move() -> None:
    # A step that fills two cells at once (a forcing net can): Apply plays it as one move,
    # one undo takes it back, and a save restores it from its code.
    s = Session.new(PUZZLE)
    start = s.state
    n = s.size
    empty = [c for c in range(n * n) if not start.board.cells[c]]
    placements = tuple((c, s.solution.cells[c]) for c in (empty[0], empty[-1]))
    step = Step("forcing_net", "Forcing Net", "Both cells are forced.", placements=placements)
    found = LogicHint("step", ("Look.", "Here.", "Both cells are forced."), step)
    for _ in range(3):
        s.hint((start, found))
    expected = PlaceDigits(tuple((c // n, c % n, d) for c, d in placements))
    assert s.hint_moves() == (expected,)
    assert s.play_hint()
    assert s.moves == (expected,) and s.position == 1
    assert all(s.state.board.cells[c] == d for c, d in placements)
    assert s.mistakes_made == 0
    with Store() as store:
        store.save(s)
    with Store() as store:
        back = store.resume()
    assert back is not None and back.moves == (expected,) and back.state == s.state
    assert s.undo() and s.state == start, "one undo takes the whole step back"


_place = st.tuples(st.integers(0, 8), st.integers(0, 8), st.integers(1, 9))


@given(st.lists(_place, min_size=1, max_size=5).map(tuple))
@settings(max_examples=80, deadline=None)
def test_place_digits_round_trips_and_plays_each_digit_in_order(placements: tuple) -> None:  # type: ignore[type-arg]
    move = PlaceDigits(placements)
    assert parse_move(str(move)) == move
    assert parse_move(str(move).upper()) == move
    start = GameState.start(PUZZLE, Session.new(PUZZLE).solution)
    expected = start
    try:
        for r, c, d in placements:
            expected = apply(expected, SetDigit(r, c, d))
    except IllegalMoveError as err:
        with pytest.raises(IllegalMoveError) as raised:
            apply(start, move)
        assert str(raised.value) == str(err), "the same cell is named"
        return
    assert apply(start, move) == expected


def test_hidden_single_reasons_rule_out_every_other_cell() -> None:
    # On many positions: each reason holds the placed digit, and every other empty cell of
    # the unit has a reason among its peers.
    for seed in range(1, 9):
        puzzle = generate(9, seed=seed, difficulty="easy")
        state = GameState.start(puzzle, puzzle)
        found = logic_step(state)
        if found is None or found.step is None or found.step.technique != "hidden_single":
            continue
        step = found.step
        board = state.board
        shape = board.shape
        reasons = hint_reasons(board, step)
        target, digit = step.placements[0]
        assert all(board.cells[r] == digit for r in reasons)
        for x in shape.units[step.units[0]]:
            if x != target and not board.cells[x]:
                assert any(r in shape.peers[x] for r in reasons), shape.cell_name(x)


_cand = st.tuples(st.integers(0, 8), st.integers(0, 8), st.integers(1, 9))


@given(st.lists(_cand, min_size=1, max_size=6).map(tuple))
@settings(max_examples=60, deadline=None)
def test_eliminate_round_trips_and_only_rules_out(candidates: tuple) -> None:  # type: ignore[type-arg]
    move = Eliminate(candidates)
    assert parse_move(str(move)) == move
    start = GameState.start(PUZZLE, PUZZLE)
    try:
        after = apply(start, move)
    except Exception as err:  # a given, named in the message
        assert "given" in str(err) or "holds a digit" in str(err)
        return
    assert after.board == start.board, "no digit changes"
    allowed = start.board.candidates()
    for cell in range(81):
        assert after.notes[cell] & ~allowed[cell] == 0, "nothing the rules forbid appears"
    for r, c, d in candidates:
        assert not after.notes[r * 9 + c] >> (d - 1) & 1
