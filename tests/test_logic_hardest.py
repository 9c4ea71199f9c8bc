"""The hardest step a rating reports is the one that set the puzzle's level.

A medium puzzle's path may hold naked singles rated 2.3, above the direct techniques
(1.7-2.0) that made it medium: its hardest step is still one of those, never a single.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit import generate
from sudokit.logic import explain, rate
from sudokit.logic.grade import rate_steps
from sudokit.logic.techniques import BY_ID


def _level_of(technique: str | None) -> str | None:
    return None if technique is None else BY_ID[technique].level


def test_fifty_medium_puzzles_name_a_medium_step() -> None:
    # Before, 20 of these 50 said their hardest step was a naked single.
    for seed in range(50):
        r = rate(generate(seed=seed, difficulty="medium"))
        assert r.level == "medium", seed
        assert _level_of(r.hardest) == "medium", (seed, r.hardest)


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_the_hardest_step_is_of_the_puzzles_level(level: str) -> None:
    for seed in range(5):
        r = rate(generate(seed=seed, difficulty=level))
        assert _level_of(r.hardest) == r.level == level, (seed, r.hardest)


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), level=st.sampled_from(["easy", "medium", "hard"]))
def test_hardest_sets_the_level_for_any_seed(seed: int, level: str) -> None:
    r = rate(generate(seed=seed, difficulty=level))
    assert _level_of(r.hardest) == r.level
    # And it is the highest-rated step of that level: the score is the path's highest
    # rating, which a step of a lower level may hold.
    steps = explain(generate(seed=seed, difficulty=level)).steps
    top = [s.rating for s in steps if BY_ID[s.technique].level == r.level]
    assert r.hardest in {s.technique for s in steps if s.rating == max(top)}
    assert r.score >= max(top) - 1e-9


def test_rate_steps_agrees() -> None:
    # The explanation's own summary names the same step.
    for seed in range(10):
        puzzle = generate(seed=seed, difficulty="medium")
        level, _score, hardest = rate_steps(explain(puzzle).steps)
        assert level == "medium"
        assert _level_of(hardest) == "medium"
