# ruff: noqa: F811
"""Killer in the game: cages drawn (dashed outlines and sums, both themes, small and
large cells), the combination helper of the selected cage, conflicts for a digit twice
in a cage and for a full cage with the wrong sum, and Killer offered by New game."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gui_support import FakeClock, _home, clock  # noqa: F401
from helpers import random_cages
from sudokit import solve
from sudokit.game import Checking, Session, Store
from sudokit.generator import generate
from sudokit.geometry import Cage, Rules
from sudokit.grid import Grid
from sudokit.gui.board import BoardView, cage_inset, draw_board
from sudokit.gui.cage_help import cage_help
from sudokit.gui.controller import Controller
from sudokit.gui.dialog_new import NewGameDialog
from sudokit.gui.interpret import Key, KeyUp, Motion, Press, Release
from sudokit.gui.layout import Rect
from sudokit.gui.theme import DARK, LIGHT, Theme
from sudokit.gui.view import draw_status, selected_cage_help

#: A 4×4 solution and cages over it (sums from it): the first row's two pairs, and so on.
SOLUTION_4 = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]


def _killer_4() -> Rules:
    cells = [(0, 1), (2, 3), (4, 8), (5, 6), (7, 11), (9, 10), (12, 13), (14, 15)]
    return Rules.make(4, (), None, [Cage(c, sum(SOLUTION_4[i] for i in c)) for c in cells])


def _draw(rules: Rules, theme: Theme, side: int) -> tuple[pygame.Surface, object]:
    surface = pygame.Surface((side + 20, side + 20))
    surface.fill(theme.background)
    view = BoardView(rules.shape, [0] * rules.ncells, rules=rules)
    geo = draw_board(surface, Rect(10, 10, side, side), view, theme)
    return surface, geo


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
@pytest.mark.parametrize("side", [160, 560])
def test_cages_are_drawn_as_dashed_outlines_with_their_sums(theme: Theme, side: int) -> None:
    pygame.init()
    rules = _killer_4()
    caged, geo = _draw(rules, theme, side)
    plain, _ = _draw(rules.shape.rules, theme, side)
    cell = geo.cell  # type: ignore[attr-defined]
    inset = cage_inset(cell)
    top_left = geo.cell_rect(1)  # type: ignore[attr-defined]  # r1c2: the 3-cage's right cell
    y = top_left.y + inset
    row = [caged.get_at((x, y))[:3] for x in range(top_left.x + 2, top_left.right - inset)]
    plain_row = [plain.get_at((x, y))[:3] for x in range(top_left.x + 2, top_left.right - inset)]
    inked = [a != b for a, b in zip(row, plain_row, strict=True)]
    assert any(inked), "the cage's top edge is drawn"
    assert not all(inked), "dashed: gaps between the dashes"
    assert theme.line_thick in row, "in the line colour"
    # The sum, 3, at the top-left of r1c1: ink of the text colour in its corner.
    first = geo.cell_rect(0)  # type: ignore[attr-defined]
    corner = [
        caged.get_at((x, yy))[:3]
        for x in range(first.x, first.x + first.w // 2)
        for yy in range(first.y, first.y + first.h // 3)
    ]
    assert any(sum(abs(a - b) for a, b in zip(p, theme.text, strict=True)) < 90 for p in corner)
    # Inside a cage no line separates its cells: between r1c1 and r1c2, half-way down,
    # the board looks as it does without cages.
    inner = (first.right, first.centery)
    assert caged.get_at(inner)[:3] == plain.get_at(inner)[:3]


def test_the_helper_lists_the_cage_combinations_and_crosses_out_what_the_board_rules_out() -> None:
    rules9 = Rules.make(9, (), None, [Cage((0, 1, 2), 15), Cage((9, 10), 3)])
    digits = [0] * 81
    help_ = cage_help(rules9, digits, None, 1)
    assert help_ is not None and help_.title == "Cage 15 in 3 cells"
    texts = [c.text for c in help_.combinations]
    assert texts == ["159", "168", "249", "258", "267", "348", "357", "456"]
    assert all(c.possible for c in help_.combinations)
    # A 9 placed in the cage: only the sets with a 9 stay.
    digits[0] = 9
    help_ = cage_help(rules9, digits, None, 2)
    assert help_ is not None
    assert [c.text for c in help_.possible] == ["159", "249"]
    # A 5 in row 1 outside the cage rules out 159 (both its free cells see that 5).
    digits[5] = 5
    help_ = cage_help(rules9, digits, None, 2)
    assert help_ is not None and [c.text for c in help_.possible] == ["249"]
    # Notes rule out too: with 2 and 4 out of r1c2's notes, 249 cannot go in.
    notes = [0] * 81
    notes[1] = 0b1_0000_0001  # 1 and 9 only
    help_ = cage_help(rules9, digits, notes, 2)
    assert help_ is not None and help_.possible == ()
    assert cage_help(rules9, digits, None, 40) is None, "r5c5 is in no cage"
    assert cage_help(rules9.shape.rules, digits, None, 1) is None
    two = cage_help(rules9, [0] * 81, None, 9)
    assert two is not None and [c.text for c in two.combinations] == ["12"]


def test_a_repeat_in_a_cage_and_a_wrong_sum_are_conflicts() -> None:
    cage = Rules.make(9, (), None, [Cage((2, 3), 9)])
    grid = Grid(cage, [0, 0, 4, 4] + [0] * 77)
    kinds = {k.relation for k in grid.conflicts()}
    assert "cage" in kinds
    said = [str(k) for k in grid.conflicts()]
    assert "duplicate 4 in cage r1c3–r1c4 (sum 9) (r1c3, r1c4)" in said
    wrong = Grid(cage, [0, 0, 4, 6] + [0] * 77)
    assert [str(k) for k in wrong.conflicts()] == [
        "cage r1c3–r1c4 (sum 9) adds up to 10 (r1c3, r1c4)"
    ]
    assert wrong.has_conflicts() and wrong.conflicting_cells() == {2, 3}
    right = Grid(cage, [0, 0, 4, 5] + [0] * 77)
    assert not right.conflicts() and not right.has_conflicts()


def test_the_game_marks_cage_conflicts(clock: FakeClock) -> None:
    puzzle = generate(6, seed=1, variant="killer", difficulty="easy")
    solution = solve(puzzle)
    assert solution is not None
    session = Session(puzzle, solution, checking=Checking.CONFLICTS, clock=clock)
    rules = puzzle.rules
    cage = next(c for c in rules.cages if len(c.cells) >= 2)
    a, b = cage.cells[0], cage.cells[1]
    # Two cells of the cage with the same digit (in a row or column they clash there too;
    # the cage's own conflict is there either way).
    session.play(f"s {rules.cell_name(a)} 1")
    session.play(f"s {rules.cell_name(b)} 1")
    assert {a, b} <= session.marked_conflicts()
    assert any(k.relation == "cage" for k in session.state.board.conflicts())
    # The cage filled with distinct digits that do not add up.
    for c in cage.cells:
        session.play(f"e {rules.cell_name(c)}")
    digits = [d for d in range(1, 7)]
    wrong = digits[: len(cage.cells)]
    if sum(wrong) == cage.total:
        wrong = [*wrong[:-1], wrong[-1] + 1]
    for c, d in zip(cage.cells, wrong, strict=False):
        session.play(f"s {rules.cell_name(c)} {d}")
    sums = [k for k in session.state.board.conflicts() if k.relation == "sum"]
    assert sums and set(cage.cells) <= session.marked_conflicts()


def _key(c: Controller, name: str, *, ctrl: bool = False) -> None:
    c.handle(Key(name, ctrl=ctrl))
    c.handle(KeyUp(name))
    c.tick()


def _click(c: Controller, name: str) -> None:
    assert c.dialog is not None
    [b] = [b for b in c.dialog.buttons if b.key == name]
    assert b.enabled, f"{name} is greyed out"
    pos = b.rect.center
    c.handle(Motion(pos))
    c.handle(Press(pos, 1))
    c.handle(Release(pos, 1))
    c.tick()


def test_new_game_offers_killer_and_the_status_line_shows_the_helper(clock: FakeClock) -> None:
    with Store() as store:
        c = Controller(store, puzzle=generate(4, seed=1), clock=clock)
        _key(c, "n", ctrl=True)
        dialog = c.dialog
        assert isinstance(dialog, NewGameDialog)
        _click(c, "size:6")
        _click(c, "rules:killer")
        assert dialog.variant == "killer"
        assert [b.key for b in dialog.level_buttons] == ["level:easy", "level:medium"]
        _click(c, "level:easy")
        _click(c, "start")
        if c.job is not None:
            assert c.job.done.wait(120)
            c.tick()
        s = c.session
        assert s is not None and s.rules.killer
        assert all(v == 0 for v in s.puzzle.cells)
        c.select(0)
        c.say("")
        helper = selected_cage_help(c)
        assert helper is not None
        cage = s.rules.cages[s.rules.cage_of[0]]
        assert helper.total == cage.total and helper.size == len(cage.cells)
        pygame.init()
        surface = pygame.Surface(c.layout.size if hasattr(c.layout, "size") else (1100, 740))
        surface.fill(LIGHT.background)
        draw_status(surface, c, LIGHT)
        st = c.layout.status
        ink = {surface.get_at((x, st.centery))[:3] for x in range(st.x, st.x + st.w // 3)}
        assert len(ink) > 2, "the helper's text is drawn in the status line"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), blanks=st.floats(0, 1), changes=st.integers(0, 4))
def test_cage_conflicts_match_the_plain_definition(seed: int, blanks: float, changes: int) -> None:
    """Random cages over a 4×4 solution, some cells emptied and some changed: the grid's
    cage conflicts are exactly the repeats and the wrong sums of full cages, as read from
    the plain definition, and has_conflicts agrees with conflicts."""
    rng = random.Random(seed)
    cages = random_cages(SOLUTION_4, 4, rng, max_size=4, sums=0.8)
    rules = Rules.make(4, (), None, [Cage(c, t) for c, t in cages])
    cells = [0 if rng.random() < blanks else v for v in SOLUTION_4]
    for _ in range(changes):
        cells[rng.randrange(16)] = rng.randint(1, 4)
    grid = Grid(rules, cells)
    expected = set()
    for i, cage in enumerate(rules.cages):
        values = [cells[c] for c in cage.cells]
        for d in set(values) - {0}:
            if values.count(d) > 1:
                expected.add(("cage", i, tuple(c for c in cage.cells if cells[c] == d)))
        full = all(values) and len(set(values)) == len(values)
        if cage.total is not None and full and sum(values) != cage.total:
            expected.add(("sum", i, cage.cells))
    found = {
        (k.relation, k.unit, k.cells) for k in grid.conflicts() if k.relation in ("cage", "sum")
    }
    assert found == expected
    assert grid.has_conflicts() == bool(grid.conflicts())
    assert bool(rules.broken(cells)) == bool(grid.conflicts())


def test_a_paused_killer_hides_its_cages_as_a_classic_board_hides_its_givens() -> None:
    pygame.init()
    rules = _killer_4()
    views = []
    for r in (rules, rules.shape.rules):
        surface = pygame.Surface((180, 180))
        view = BoardView(rules.shape, [0] * 16, rules=r, hidden=True)
        draw_board(surface, Rect(10, 10, 160, 160), view, LIGHT)
        views.append(pygame.image.tobytes(surface, "RGB"))
    assert views[0] == views[1]
