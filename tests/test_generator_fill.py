"""The random full grid behind variant generation: one search, specified in
``_native/fill.c``, run by the C core and by the pure-Python reference, so that a seed
gives the same grid (and the same puzzle) with or without the C core; every grid keeps
its rules (checked apart from ``sudokit.geometry``); classic generation does not use it."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from helpers import is_variant_solution
from sudokit import generate
from sudokit import generator_fill as gen
from sudokit.errors import GenerationError, RulesError
from sudokit.generator_fill import random_regions, random_solution
from sudokit.geometry import Rules
from sudokit.solvers import native

needs_core = pytest.mark.skipif(native._core is None, reason="the C core is not built")

EXTRAS = ("x", "windoku", "anti-knight", "anti-king", "non-consecutive")

#: Guesses the reference may spend per size in these tests (the pure-Python search is
#: slow on big grids); running out is an outcome both must agree on too.
TEST_CAP = {4: 5_000, 6: 5_000, 9: 3_000, 12: 300, 16: 100}


def outcome_python(rules: Rules, seed: int, cap: int) -> object:
    try:
        return gen._python_fill(rules, seed, cap)
    except GenerationError:
        return "spent"


def outcome_c(rules: Rules, seed: int, cap: int) -> object:
    assert native._core is not None
    status, cells = native._core.fill(native.geometry(rules), seed, cap, gen.FILL_RUN)
    return {0: cells, 1: None, 2: "spent"}[status]


@st.composite
def rule_sets(draw: st.DrawFn) -> tuple[Rules, list[str], tuple[int, ...] | None]:
    n = draw(st.sampled_from([4, 6, 9, 9, 9, 12, 16]))
    words = draw(st.lists(st.sampled_from(EXTRAS), max_size=2, unique=True))
    regions = None
    if draw(st.booleans()):
        regions = random_regions(n, random.Random(draw(st.integers(0, 2**32))))
    try:
        rules = Rules.make(n, [*words, *(["jigsaw"] if regions else [])], regions)
    except RulesError:
        assume(False)
    return rules, words, regions


@needs_core
@settings(max_examples=50, deadline=None)
@given(rule_sets(), st.integers(0, 2**64 - 1))
def test_c_and_python_fill_the_same_grid(
    case: tuple[Rules, list[str], tuple[int, ...] | None], seed: int
) -> None:
    rules, words, regions = case
    cap = TEST_CAP[rules.n]
    expected = outcome_python(rules, seed, cap)
    assert outcome_c(rules, seed, cap) == expected
    if isinstance(expected, list):
        assert is_variant_solution([0] * rules.ncells, expected, rules.n, words, regions)


@needs_core
@pytest.mark.parametrize(
    "words", [["non-consecutive"], ["x", "anti-knight"], ["x", "anti-king"], ["windoku"]]
)
def test_long_fills_agree_and_keep_the_rules(words: list[str]) -> None:
    # Fills that restart many times (heavy-tailed searches): the runs and their budgets,
    # not only the first descent, are the same in both.
    rules = Rules.make(9, words)
    s = random.Random(2).getrandbits(64)
    cells = gen._python_fill(rules, s, gen.FILL_CAP[9])
    assert cells is not None
    assert outcome_c(rules, s, gen.FILL_CAP[9]) == cells
    assert is_variant_solution([0] * 81, cells, 9, words)


def test_python_fill_reports_no_grid_and_spent_budgets() -> None:
    # No 4×4 non-consecutive grid exists: the search proves it.
    assert gen._python_fill(Rules.make(4, ["non-consecutive"]), 7, 10_000) is None
    with pytest.raises(GenerationError, match="in 1 guesses"):
        gen._python_fill(Rules.make(9, ["x", "anti-knight"]), 7, 1)


@needs_core
def test_c_fill_reports_no_grid_and_spent_budgets() -> None:
    assert outcome_c(Rules.make(4, ["non-consecutive"]), 7, 10_000) is None
    assert outcome_c(Rules.make(9, ["x", "anti-knight"]), 7, 1) == "spent"


def test_random_solution_draws_one_number_from_the_stream(monkeypatch: pytest.MonkeyPatch) -> None:
    # The fill takes 64 bits of the generator's stream and nothing else, with either
    # backend: what is drawn after it (the carving) is the same too.
    rules = Rules.make(9, ["x"])
    grids, nexts = [], []
    for backend in ("python", None):
        if backend:
            monkeypatch.setenv("SUDOKIT_BACKEND", backend)
        else:
            monkeypatch.delenv("SUDOKIT_BACKEND", raising=False)
        rng = random.Random(11)
        grids.append(random_solution(rules, rng))
        nexts.append(rng.random())
    expected = random.Random(11)
    expected.getrandbits(64)
    assert nexts == [expected.random()] * 2
    assert grids[0] == grids[1]


@needs_core
@pytest.mark.parametrize("variant", ["anti-king", "jigsaw,x"])
def test_same_seed_same_variant_puzzle_with_either_backend(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    slow = generate(9, seed=5, variant=variant)
    monkeypatch.delenv("SUDOKIT_BACKEND")
    fast = generate(9, seed=5, variant=variant)
    assert fast.cells == slow.cells
    assert fast.rules == slow.rules


def test_classic_generation_does_not_use_the_variant_fill(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("classic generation called the variant fill")

    monkeypatch.setattr(gen, "random_solution", refuse)
    monkeypatch.setattr(gen, "_python_fill", refuse)
    for size in (4, 6, 9):
        generate(size, seed=1)
    generate(9, seed=2, difficulty="hard")
    generate(rules=Rules.make(9, []), seed=3)
