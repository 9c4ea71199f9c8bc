"""Graded generation: generate(difficulty=..., require=[...]) against rate()."""

from __future__ import annotations

import pytest

from sudokit import count_solutions, generate
from sudokit.generator import DIFFICULTIES, LEVELS
from sudokit.logic import LEVELS as GRADES
from sudokit.logic import rate


def test_levels_are_the_graders() -> None:
    assert LEVELS == GRADES
    assert set(DIFFICULTIES) == set(LEVELS)


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_exact_level(level: str) -> None:
    for seed in range(4):
        puzzle = generate(seed=seed, difficulty=level)
        assert count_solutions(puzzle) == 1
        assert rate(puzzle).level == level
        assert puzzle.clue_count >= round(DIFFICULTIES[level] * 81)


def test_extreme() -> None:
    puzzle = generate(seed=1, difficulty="extreme")
    assert rate(puzzle).level == "extreme"


def test_same_seed_same_puzzle() -> None:
    for level in ("medium", "hard"):
        assert generate(seed=7, difficulty=level) == generate(seed=7, difficulty=level)
    assert generate(seed=7, difficulty="medium", symmetry="none") != generate(
        seed=7, difficulty="medium"
    )


@pytest.mark.parametrize("symmetry", ["none", "mirror", "rot90"])
def test_symmetry_kept(symmetry: str) -> None:
    from sudokit.generator import symmetry_groups

    puzzle = generate(seed=3, difficulty="hard", symmetry=symmetry)
    for group in symmetry_groups(puzzle.shape, symmetry):
        assert len({bool(puzzle[c]) for c in group}) == 1
    assert rate(puzzle).level == "hard"


def test_require() -> None:
    puzzle = generate(seed=2, require=["x_wing"])
    r = rate(puzzle)
    assert "x_wing" in r.techniques and r.level == "hard"
    puzzle = generate(seed=2, difficulty="expert", require=["pointing"])
    r = rate(puzzle)
    assert "pointing" in r.techniques and r.level == "expert"


def test_require_errors() -> None:
    with pytest.raises(ValueError, match="unknown technique"):
        generate(seed=1, require=["x_wings"])
    with pytest.raises(ValueError, match="cannot be needed"):
        generate(seed=1, difficulty="easy", require=["x_wing"])


def test_small_sizes_settle_for_the_closest_level() -> None:
    # 4×4 puzzles never need more than singles: the attempts run out and an easy one
    # comes back, unique as always.
    puzzle = generate(4, seed=1, difficulty="hard")
    assert count_solutions(puzzle) == 1
    assert rate(puzzle).level == "easy"
    puzzle = generate(6, seed=1, difficulty="medium")
    assert count_solutions(puzzle) == 1
