"""Graded generation: generate(difficulty=..., require=[...]) against rate()."""

from __future__ import annotations

import pytest

from sudokit import count_solutions, generate
from sudokit.errors import GenerationError
from sudokit.generator import DIFFICULTIES, LEVELS, levels_for
from sudokit.logic import LEVELS as GRADES
from sudokit.logic import TECHNIQUES, rate


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
    # Needed: the hardest step is the X-Wing, and without it the puzzle rates harder.
    assert r.hardest == "x_wing"
    without = rate(puzzle, techniques=[t.id for t in TECHNIQUES if t.id != "x_wing"])
    assert without.score > r.score
    puzzle = generate(seed=2, difficulty="expert", require=["pointing"])
    r = rate(puzzle)
    assert "pointing" in r.techniques and r.level == "expert"


def test_require_errors() -> None:
    with pytest.raises(ValueError, match="unknown technique"):
        generate(seed=1, require=["x_wings"])
    with pytest.raises(ValueError, match="cannot be needed"):
        generate(seed=1, difficulty="easy", require=["x_wing"])


def test_small_sizes_offer_only_the_levels_they_reach() -> None:
    assert levels_for(4) == ("easy",)
    assert levels_for(6) == ("easy", "hard")
    assert levels_for(9) == GRADES
    # What a size offers, it makes: the rated level is the one asked for.
    for size in (4, 6):
        for level in levels_for(size):
            for seed in range(3):
                puzzle = generate(size, seed=seed, difficulty=level)
                assert count_solutions(puzzle) == 1
                assert rate(puzzle).level == level


@pytest.mark.parametrize(
    ("size", "kwargs", "message"),
    [
        (4, {"difficulty": "hard"}, "4×4 puzzles cannot be made hard: they reach easy"),
        (4, {"difficulty": "extreme"}, "cannot be made extreme"),
        (6, {"difficulty": "medium"}, "6×6 puzzles cannot be made medium: they reach easy, hard"),
        (4, {"require": ["x_wing"]}, "X-Wing is a hard technique and 4×4 puzzles reach easy only"),
    ],
)
def test_unreachable_requests_are_refused_not_served_easier(
    size: int, kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(GenerationError, match=message):
        generate(size, seed=1, **kwargs)  # type: ignore[arg-type]


def test_a_level_not_found_within_the_attempts_is_an_error() -> None:
    with pytest.raises(GenerationError, match="no 9×9 puzzle extreme found in 1 attempts"):
        generate(9, seed=1, difficulty="extreme", max_attempts=1)


def test_cli_refuses_an_unreachable_level() -> None:
    from click.testing import CliRunner

    from sudokit.cli import main

    result = CliRunner().invoke(main, ["generate", "--size", "4", "--difficulty", "extreme"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: 4×4 puzzles cannot be made extreme: they reach easy"
    assert result.stdout == ""


def test_graded_puzzles_do_not_depend_on_the_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    # The C core carves in one call and answers the extreme filter's search; pure Python
    # must draw and keep the very same candidates.
    from sudokit.solvers import native

    asked = [(3, "hard"), (11, "extreme")]
    made = [generate(seed=s, difficulty=level) for s, level in asked]
    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    monkeypatch.setattr(native, "_core", None)
    assert [generate(seed=s, difficulty=level) for s, level in asked] == made


def test_one_full_grid_serves_several_candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudokit import generator
    from sudokit.solvers import fast

    fills = []
    real = fast.Engine.random_fill

    def counting(self: fast.Engine, rng: object) -> list[int]:
        fills.append(1)
        return real(self, rng)  # type: ignore[arg-type]

    carves = []
    real_carve = generator._carve

    def counting_carve(*args: object) -> object:
        carves.append(1)
        return real_carve(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(fast.Engine, "random_fill", counting)
    monkeypatch.setattr(generator, "_carve", counting_carve)
    assert rate(generate(seed=2, difficulty="extreme")).level == "extreme"
    assert len(carves) > generator.CARVES_PER_FILL
    assert len(fills) == -(-len(carves) // generator.CARVES_PER_FILL)


def test_extreme_candidates_need_more_than_a_trial() -> None:
    # The filter in front of the screens: a candidate the reference search settles in
    # two guesses is not drawn as extreme; the kept puzzle is one it does not settle.
    from sudokit import generator
    from sudokit.solvers import search_guesses

    for seed in (0, 6):
        puzzle = generate(seed=seed, difficulty="extreme")
        assert search_guesses(puzzle) > generator.EXTREME_MIN_GUESSES
        assert rate(puzzle, max_level="expert").solved is False


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_sixteen_by_sixteen_reaches_the_middle_levels(level: str) -> None:
    # Random 16×16 puzzles are nearly all extreme: these seeds found no medium or hard
    # puzzle in 40 plain draws. Carved with the level in view, each lands on it.
    from sudokit import generator

    assert level in generator.GUIDED[16]
    for seed in (0, 1):
        puzzle = generate(16, seed=seed, difficulty=level)
        assert count_solutions(puzzle) == 1
        assert rate(puzzle).level == level
        assert puzzle.clue_count >= round(DIFFICULTIES[level] * 256)


@pytest.mark.slow
def test_sixteen_by_sixteen_expert() -> None:
    puzzle = generate(16, seed=0, difficulty="expert")
    assert rate(puzzle).level == "expert"
