"""Variant puzzles at a level: carved with the level in view, so that levels a plain
carve seldom lands on (anti-knight hard, non-consecutive at any level) come in a draw or
two, still unique, exactly at the level, seeded, symmetric and the same on any backend."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import is_variant_solution
from sudokit import Grid, count_solutions, generate, solve
from sudokit.generator import VARIANT_GUIDED, symmetry_groups
from sudokit.logic import Rating, rate
from sudokit.logic.screen import singles_finish


def check(variant: str, level: str, seed: int, **kwargs: object) -> None:
    """Made within three draws (a plain carve needed dozens to hundreds for these), unique
    under its rules (solution checked apart from the solver) and rated exactly ``level``."""
    g = generate(9, seed=seed, variant=variant, difficulty=level, max_attempts=3, **kwargs)
    assert set(g.rules.variants) == set(variant.split(","))
    assert count_solutions(g) == 1
    solution = solve(g)
    assert solution is not None
    assert is_variant_solution(g.cells, solution.cells, 9, variant.split(","))
    assert rate(g).level == level


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
@pytest.mark.parametrize("seed", [0, 1])
def test_anti_knight_levels_in_few_draws(level: str, seed: int) -> None:
    check("anti-knight", level, seed)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_non_consecutive_levels_in_few_draws(level: str) -> None:
    check("non-consecutive", level, 4)


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    variant=st.sampled_from(["x", "anti-king", "anti-knight", "windoku"]),
    level=st.sampled_from(sorted(VARIANT_GUIDED[9])),
)
def test_any_seed_lands_on_the_level(seed: int, variant: str, level: str) -> None:
    g = generate(9, seed=seed, variant=variant, difficulty=level)
    assert count_solutions(g) == 1
    assert rate(g).level == level


@pytest.mark.parametrize("seed", [4, 5])
def test_medium_keeps_the_clues_its_order_allows(seed: int) -> None:
    """Medium stops at the first removal that makes singles fall short: the puzzle needs
    more than singles, and one of its removed clue pairs put back lets singles finish it
    again."""
    g = generate(9, seed=seed, variant="anti-king", difficulty="medium")
    assert not singles_finish(g)
    solution = solve(g)
    assert solution is not None
    groups = [grp for grp in symmetry_groups(g.shape, "rot180") if not g.cells[grp[0]]]

    def with_cells(group: tuple[int, ...], values: list[int]) -> Grid:
        cells = list(g.cells)
        for c, v in zip(group, values, strict=True):
            cells[c] = v
        return Grid(g.rules, cells)

    assert any(singles_finish(with_cells(grp, [solution.cells[c] for c in grp])) for grp in groups)


@pytest.mark.parametrize("symmetry", ["rot90", "mirror", "diagonal"])
def test_symmetry_kept_at_a_level(symmetry: str) -> None:
    g = generate(9, seed=3, variant="anti-knight", difficulty="hard", symmetry=symmetry)
    n = 9
    image = {
        "rot90": lambda r, c: (c, n - 1 - r),
        "mirror": lambda r, c: (r, n - 1 - c),
        "diagonal": lambda r, c: (c, r),
    }[symmetry]
    clues = {divmod(c, n) for c, v in enumerate(g.cells) if v}
    assert all(image(r, c) in clues for r, c in clues)
    assert rate(g).level == "hard"


def test_same_seed_same_puzzle_whichever_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = [("anti-king", "medium", 5), ("x", "hard", 6)]
    made = [generate(9, seed=s, variant=v, difficulty=lv) for v, lv, s in asked]
    assert made == [generate(9, seed=s, variant=v, difficulty=lv) for v, lv, s in asked]
    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    assert [generate(9, seed=s, variant=v, difficulty=lv) for v, lv, s in asked] == made


EXPERT_VARIANTS = ["anti-knight", "x,anti-king", "jigsaw,x", "non-consecutive", "x,anti-knight"]


@pytest.mark.parametrize("variant", EXPERT_VARIANTS)
def test_variant_experts_rate_expert(variant: str) -> None:
    """Twenty variant experts (four seeds of five rule sets), graded without walking the
    expert path (see generator._screened_distance), each rated expert in full by the
    logic engine, unique under their rules."""
    for seed in range(4):
        g = generate(9, seed=seed, variant=variant, difficulty="expert")
        assert count_solutions(g) == 1
        assert rate(g).level == "expert", (variant, seed, str(g))


def test_variant_expert_grading_skips_the_expert_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """A variant expert asked for no technique is graded by the screen and a path capped
    at hard; asked for a technique, the expert path is walked as before."""
    from sudokit import generator

    caps: list[object] = []

    def spy(grid: Grid, **kwargs: Any) -> Rating:
        caps.append(kwargs.get("max_level"))
        return rate(grid, **kwargs)

    monkeypatch.setattr(generator, "rate", spy)
    generate(9, seed=1, variant="anti-knight", difficulty="expert")
    assert caps and "expert" not in caps
    caps.clear()
    generate(9, seed=1, variant="anti-knight", difficulty="expert", require=["aic"])
    assert "expert" in caps


def test_screened_distance_follows_the_level() -> None:
    """0 only for a candidate at the level: one a level below or above is refused."""
    from sudokit.generator import _screened_distance
    from sudokit.logic import LEVELS

    expert = generate(9, seed=2, variant="anti-knight", difficulty="expert")
    hard = generate(9, seed=2, variant="anti-knight", difficulty="hard")
    e, h = LEVELS.index("expert"), LEVELS.index("hard")
    assert _screened_distance(expert, e) == 0
    assert _screened_distance(hard, e) == 1  # the hard techniques finish it
    assert _screened_distance(hard, h) == 0
    assert _screened_distance(expert, h) == 1  # the hard techniques do not
