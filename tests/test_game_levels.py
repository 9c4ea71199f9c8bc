"""Honest levels: a game is played and counted under the level its puzzle really has."""

from __future__ import annotations

import pytest

from sudokit import generate
from sudokit.game import CUSTOM, LEVELS, Session, Store, filed_level
from sudokit.grid import Grid
from sudokit.logic import rate


@pytest.mark.parametrize(("size", "seed"), [(4, 1), (4, 2), (6, 1)])
def test_a_game_is_filed_under_its_rated_level(size: int, seed: int) -> None:
    # Whatever level was asked for, the level filed is the one the puzzle rates.
    puzzle = generate(size, seed=seed)
    real = rate(puzzle).level
    assert filed_level(puzzle, "extreme") == real
    if size == 4:
        assert real != "extreme", "no 4×4 puzzle needs extreme techniques"


@pytest.mark.parametrize(("size", "seed", "level"), [(9, 3, "expert"), (9, 1, "extreme")])
def test_the_filed_level_needs_no_forcing_net(size: int, seed: int, level: str) -> None:
    # Rated up to expert only: unsolved there is extreme, whatever the nets then need.
    puzzle = generate(size, seed=seed, difficulty=level)
    assert filed_level(puzzle, "easy") == rate(puzzle).level == level


@pytest.mark.slow
def test_a_big_extreme_puzzle_is_filed_and_finished_by_logic() -> None:
    # This 16×16 needs a Forcing Net+ (nets at level 1): finished by logic all the same.
    puzzle = generate(16, seed=3, difficulty="extreme")
    assert filed_level(puzzle, "easy") == "extreme"
    r = rate(puzzle)
    assert r.solved and r.hardest == "forcing_net_plus"


def test_custom_puzzles_stay_custom() -> None:
    assert filed_level(generate(4, seed=1), CUSTOM) == CUSTOM


def test_the_window_files_a_new_game_under_its_real_level() -> None:
    from sudokit.gui.controller import Controller

    asked: list[str] = []

    def make(size: int, level: str, seed: object) -> Grid:
        asked.append(level)
        return generate(size, seed=5)  # a maker that ignores the level asked for

    with Store(":memory:") as store:
        game = Controller(store, size=9, level="extreme", make_puzzle=make)
        if game.job is not None:
            game.job.done.wait(60)
            game.tick()
        assert game.session is not None and asked == ["extreme"]
        real = rate(game.session.puzzle).level
        assert game.session.level == real != "extreme"
        for cell in game.session.puzzle.empty_cells():
            r, c = divmod(cell, 9)
            game.session.play(f"s r{r + 1}c{c + 1} {game.session.solution.cells[cell]}")
        store.save(game.session)
        [row] = store.stats()
    assert row.level == real and row.level in LEVELS


def test_a_saved_level_a_size_cannot_reach_asks_for_the_nearest_below() -> None:
    from sudokit.gui.controller import Controller

    asked: list[str] = []

    def make(size: int, level: str, seed: object) -> Grid:
        asked.append(level)
        return generate(size, seed=1, difficulty=level)

    with Store(":memory:") as store:
        game = Controller(store, size=6, level="extreme", make_puzzle=make)
        if game.job is not None:
            game.job.done.wait(60)
            game.tick()
        game.start_new(4, "hard", wait=60)
    assert asked == ["hard", "easy"]


def test_statistics_use_the_level_of_the_session() -> None:
    puzzle = generate(4, seed=2)
    with Store(":memory:") as store:
        s = Session.new(puzzle, level=filed_level(puzzle, "hard"))
        s.play("solve")
        store.save(s)
        assert [row.level for row in store.stats()] == [rate(puzzle).level]
