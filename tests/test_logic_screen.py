"""Screening (sudokit.logic.screen) and the graded generation that uses it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit import generate, parse, solve
from sudokit import generator as gen
from sudokit.geometry import Shape
from sudokit.grid import Grid
from sudokit.logic import TECHNIQUES, rate, screen
from sudokit.logic.screen import finishes, singles_finish
from sudokit.solvers.fast import engine

_SHAPE = Shape.of(9)


def _candidates(seed: int, count: int) -> list[Grid]:
    """Minimal puzzles as graded generation draws them, before any grading."""
    rng = random.Random(seed)
    groups = gen.symmetry_groups(_SHAPE, "rot180")
    return [gen._carve(_SHAPE, rng, groups, 0) for _ in range(count)]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_singles_closure_is_sound_and_settles_exactly_the_easy_puzzles(seed: int) -> None:
    (grid,) = _candidates(seed, 1)
    solution = solve(grid)
    assert solution is not None
    cells = engine(_SHAPE).singles(grid.cells)
    assert cells is not None
    assert all(v in (0, s) for v, s in zip(cells, solution.cells, strict=True))
    assert all(g == 0 or v == g for v, g in zip(cells, grid.cells, strict=True))
    assert singles_finish(grid) == all(cells) == (rate(grid, max_level="easy").solved)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_screen_agrees_with_the_engine_at_every_level(seed: int) -> None:
    # Screening only rejects; it must not reject what the engine would keep, nor keep
    # (as "does not finish") what the engine finishes.
    for grid in _candidates(seed, 3):
        for level in ("medium", "hard", "expert"):
            expected = rate(grid, max_level=level, solutions=1).solved
            assert finishes(grid, level) == expected, (str(grid), level)


def test_rectangles_are_taken_while_they_are_there() -> None:
    # The engine finishes this one at "hard" with a Unique Rectangle type 6 and a Hidden
    # Rectangle; a W-Wing taken first removes their pattern and leaves nothing to do.
    grid = parse(
        ".5...9..3.9.82..452.37....64...5.......9.1.......6...93....72.892..36.5.6..5...9."
    )
    assert rate(grid, max_level="hard", solutions=1).solved
    assert finishes(grid, "hard")


def test_every_technique_has_its_place_in_the_screen() -> None:
    # A technique left out would be tried last, after eliminations that may take its
    # pattern away: its place must be decided, not inherited. The direct forms add
    # nothing there (their eliminations' singles are swept anyway).
    placed = set(screen._PREFERENCE) | screen.SUBSUMED
    missing = [
        t.id
        for t in TECHNIQUES
        if t.level != "extreme" and t.id not in placed and not t.id.startswith("direct_")
    ]
    assert missing == []


def test_an_extreme_candidate_is_not_finished_by_the_screen() -> None:
    puzzle = generate(seed=0, difficulty="extreme")
    assert not finishes(puzzle, "expert")
    assert finishes(puzzle, "expert") == rate(puzzle, max_level="expert").solved


def _unscreened(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gen, "singles_finish", lambda grid: False)
    monkeypatch.setattr(gen, "stuck", lambda grid, level: ())


@pytest.mark.parametrize(
    ("level", "seeds"), [("hard", (0, 1, 2, 3)), ("expert", (0, 1, 2)), ("extreme", (1, 12))]
)
def test_screening_keeps_every_seeds_puzzle(
    monkeypatch: pytest.MonkeyPatch, level: str, seeds: tuple[int, ...]
) -> None:
    screened = [generate(seed=s, difficulty=level) for s in seeds]
    _unscreened(monkeypatch)
    assert [generate(seed=s, difficulty=level) for s in seeds] == screened


@pytest.mark.slow
@pytest.mark.parametrize("level", ["medium", "hard", "expert", "extreme"])
def test_screening_keeps_every_seeds_puzzle_sweep(
    monkeypatch: pytest.MonkeyPatch, level: str
) -> None:
    seeds = range(20, 40)
    screened = [generate(seed=s, difficulty=level) for s in seeds]
    for puzzle in screened:
        assert rate(puzzle).level == level
    _unscreened(monkeypatch)
    assert [generate(seed=s, difficulty=level) for s in seeds] == screened


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert", "extreme"])
def test_generated_puzzles_rate_at_their_level_on_both_backends(
    monkeypatch: pytest.MonkeyPatch, level: str
) -> None:
    seeds = (3,) if level == "extreme" else (3, 5)
    puzzles = [generate(seed=s, difficulty=level) for s in seeds]
    for puzzle in puzzles:
        assert rate(puzzle).level == level
    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    assert [generate(seed=s, difficulty=level) for s in seeds] == puzzles


def test_the_grading_ends_where_the_screen_stopped_with_the_same_rating() -> None:
    # Extreme candidates: the screen's stuck position is the engine's last one, and the
    # rating with it known is the rating without.
    for seed in (0, 6, 11):
        puzzle = generate(seed=seed, difficulty="extreme")
        at = screen.stuck(puzzle, "expert")
        assert at is not None and len(at) == 81
        assert rate(puzzle, max_level="expert", solutions=1, known_stuck=(at,)) == rate(
            puzzle, max_level="expert", solutions=1
        )
    # A finished puzzle has no stuck position; an unknown one changes nothing.
    hard = generate(seed=3, difficulty="hard")
    assert screen.stuck(hard, "hard") is None
    assert rate(hard, known_stuck=((0,) * 81,)) == rate(hard)


def test_a_known_stuck_position_is_where_the_path_ends() -> None:
    # The path stops at a position said to be stuck, even one where a step exists: the
    # caller vouches for it (the generator passes only what the screen found).
    from sudokit.logic.candidates import State
    from sudokit.logic.engine import fast_path, select

    puzzle = generate(seed=3, difficulty="hard")
    techniques = select(max_level="hard", shape=_SHAPE, unique=True)
    path = list(fast_path(State.from_grid(puzzle), unique=True, techniques=techniques))
    middle = next(m for m in path if m.step is not None)
    before = path[path.index(middle) - 1].after if path.index(middle) else None
    assert before is not None
    cut = list(
        fast_path(
            State.from_grid(puzzle),
            unique=True,
            techniques=techniques,
            known_stuck=(tuple(before.cands),),
        )
    )
    assert cut == path[: path.index(middle)]


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32))
def test_one_pass_over_several_levels_answers_as_each_screen_alone(seed: int) -> None:
    # Each level goes on from where the one below it stopped: the first level that
    # finishes is the one a screen of each level alone names, and where none does, the
    # position left holds every digit of the solution.
    levels = ("medium", "hard", "expert")
    for grid in _candidates(seed, 3):
        at, left = screen.first_finishing(grid, levels)
        expected = next((i for i, level in enumerate(levels) if finishes(grid, level)), 3)
        assert at == expected, str(grid)
        if at < len(levels):
            assert left is None
            continue
        assert left is not None and len(left) == 81
        solution = solve(grid)
        assert solution is not None
        for cell, mask in enumerate(left):
            assert not mask or mask >> (solution.cells[cell] - 1) & 1


def test_one_pass_under_cages() -> None:
    grid = generate(6, seed=5, variant="killer", difficulty="medium")
    assert screen.first_finishing(grid, ("easy", "medium")) == (1, None)
    at, left = screen.first_finishing(grid, ("easy",))
    assert at == 1 and left == screen.stuck(grid, "easy")


def test_one_pass_does_not_ask_again_where_the_level_below_stopped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Where the medium techniques got stuck each of them found nothing: the hard pass
    # asks only its own techniques there (and all of them again after a move).
    puzzle = generate(seed=1, difficulty="hard")
    below = screen._stuck_state(puzzle, "medium", True)
    assert isinstance(below, screen.State)
    medium = {t.id for t in screen._screen_order("medium", puzzle.rules, True)[0]}
    asked: list[tuple[str, object]] = []
    move = screen._move

    def recording(tech: screen.Technique, state: screen.State) -> object:
        asked.append((tech.id, state))
        return move(tech, state)

    monkeypatch.setattr(screen, "_move", recording)
    assert screen.first_finishing(puzzle, ("medium", "hard")) == (1, None)
    there = [tid for tid, state in asked if state is below]
    assert there, "the hard techniques were asked where the medium ones stopped"
    assert not medium & set(there)
    assert rate(puzzle).level == "hard"
