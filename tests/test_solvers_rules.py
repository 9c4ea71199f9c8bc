"""Solvers honour a puzzle's rules: X, windoku, jigsaw, anti-knight, anti-king,
non-consecutive and their combinations, checked against plain definitions and a brute
counter; classic rules keep their engines."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import is_variant_solution
from sudokit import Grid, count_solutions, is_unique, search, solve
from sudokit.errors import UnsupportedRulesError
from sudokit.geometry import Rules, Shape
from sudokit.solvers import backend_for, native, registry
from sudokit.solvers.batch import search_chunks, search_many
from sudokit.solvers.registry import Outcome, PythonBackend
from test_rules import random_regions
from variants import brute_count, variant_puzzle, variant_solution

#: Jigsaw layouts with solutions (a random layout may have none, and proving that can
#: take a search of hours).
LAYOUTS = {
    4: "AABBABBCACCCDDDD",
    6: "AAABBBAACBDBACCCDBCCDDDEFFFEDEFFFEEE",
    9: "AABBBBCCCAABBBBCCCAAAAABDCDEEEFFFDCDEEFFFFDCDEEEEFFDDDGGGHHHHIIGGGHIIIIIGGGHHHHII",
    12: "AAAAABBBCCCCAAABBBBBCDCCAEAABBBFCDCCEEAEBFFFCDDDEEEEFFFFCDDDEEEEFFFFDDDDGGGGHHHHIIII"
    "GGGGHHHHIIIIJGGGHHHHIKIIJGJJJLLLLKKIJJJJLLLLKKKKJJJLLLLKKKKK",
    16: "AAABBBBBBCCDDDDDAAABBBBBCCCDDDDDAAAAABBBCCCCCDDDAAAAABBCCECCCFDDGGGHHHHHCEEEFFDF"
    "GGGGHHHHEEEEFFFFGGGGHHHHEEEEFFFFGGIGGHHHEEEEFFFFIGIIJJJJJKKKLLLLIIIIJJJKKKKKLLLL"
    "IIIIJJJJKKKKLLLLIIIIJJJJKKKKLLLLMMMMNNNOOOOPPPPPMMMMMNNNNNOPPPPPMMMNMNNNOOOOPPPP"
    "MMMNNNNOOOOOOOPP",
}
#: A 6×6 layout that allows X too.
LAYOUT_6X = "AAABBBAAABBCDDDCBCDDDCCCEEEFFFEEEFFF"

BACKENDS = ["python"] + (["native"] if native.AVAILABLE else [])


def rules_of(n: int, variants: tuple[str, ...], seed: int = 0) -> Rules:
    """Rules for the test cases; a jigsaw takes a fixed layout (``seed`` > 0 and 4×4 or
    6×6: a random one, which may have no solution)."""
    regions = None
    if "jigsaw" in variants:
        if seed and n <= 6:
            regions = random_regions(n, random.Random(seed))
        elif n == 6 and "x" in variants:
            regions = [ord(ch) - 65 for ch in LAYOUT_6X]
        else:
            regions = [ord(ch) - 65 for ch in LAYOUTS[n]]
    return Rules.make(n, [v for v in variants if v != "jigsaw"], regions)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each backend in turn, forced."""
    monkeypatch.setenv("SUDOKIT_BACKEND", request.param)
    return str(request.param)


#: (size, variants) worth solving: every variant where it makes sense, and combinations.
CASES = [
    (4, ("x",)),
    (6, ("x",)),
    (9, ("x",)),
    (12, ("x",)),
    (16, ("x",)),
    (9, ("windoku",)),
    (4, ("jigsaw",)),
    (6, ("jigsaw",)),
    (9, ("jigsaw",)),
    (12, ("jigsaw",)),
    (16, ("jigsaw",)),
    (6, ("anti-knight",)),
    (9, ("anti-knight",)),
    (9, ("anti-king",)),
    (12, ("anti-king",)),
    (9, ("non-consecutive",)),
    (9, ("x", "anti-knight")),
    (6, ("jigsaw", "x")),
    (9, ("jigsaw", "x")),
    (9, ("windoku", "anti-king")),
]


@pytest.mark.parametrize(("n", "variants"), CASES)
def test_solutions_keep_the_rules(n: int, variants: tuple[str, ...], backend: str) -> None:
    rules = rules_of(n, variants)
    regions = rules.region_of if rules.jigsaw else None
    solution = variant_solution(rules, random.Random(n))
    assert solution is not None
    assert is_variant_solution([0] * rules.ncells, solution, n, variants, regions)
    # A puzzle from it: its (first) solution keeps the rules and the givens.
    rng = random.Random(1)
    puzzle = Grid(rules, [v if rng.random() < 0.5 else 0 for v in solution])
    out = solve(puzzle)
    assert out is not None and out.rules is rules
    assert is_variant_solution(puzzle.cells, out.cells, n, variants, regions)
    assert out.is_solved()


@pytest.mark.parametrize(
    ("n", "variants"), [(n, v) for n, v in CASES if n <= 9 and "non-consecutive" not in v]
)
def test_a_puzzle_made_unique_is_unique(n: int, variants: tuple[str, ...], backend: str) -> None:
    rules = rules_of(n, variants)
    puzzle = variant_puzzle(rules, random.Random(7), tries=30)
    outcome = search(puzzle)
    assert outcome.count == 1 and is_unique(puzzle)
    regions = rules.region_of if rules.jigsaw else None
    assert outcome.solution is not None
    assert is_variant_solution(puzzle.cells, outcome.solution, n, variants, regions)


SMALL = [
    (4, ()),
    (4, ("x",)),
    (4, ("jigsaw",)),
    (4, ("anti-knight",)),
    (6, ("x",)),
    (6, ("jigsaw",)),
    (6, ("anti-knight",)),
    (6, ("anti-king",)),
    (6, ("non-consecutive",)),
    (6, ("jigsaw", "x")),
    (6, ("x", "anti-knight")),
]


@pytest.mark.parametrize("backend_name", BACKENDS)
@settings(max_examples=25)
@given(
    case=st.sampled_from(SMALL),
    seed=st.integers(0, 2**32),
    keep=st.floats(0.25, 0.7),
    noise=st.booleans(),
)
def test_counts_agree_with_a_brute_counter(
    backend_name: str, case: tuple[int, tuple[str, ...]], seed: int, keep: float, noise: bool
) -> None:
    """Random puzzles: givens of a random solution (or random digits, often without one):
    the count to 3 is the brute counter's, on each backend."""
    n, variants = case
    rng = random.Random(seed)
    os.environ["SUDOKIT_BACKEND"] = backend_name
    rules = rules_of(n, variants, seed=seed % 7)
    regions = rules.region_of if rules.jigsaw else None
    solution = variant_solution(rules, rng)
    if solution is None or noise:
        cells = [rng.randint(1, n) if rng.random() < keep / 3 else 0 for _ in range(n * n)]
    else:
        cells = [v if rng.random() < keep else 0 for v in solution]
    grid = Grid(rules, cells)
    expected = brute_count(cells, n, variants, regions, limit=3)
    outcome = search(grid, 3)
    assert outcome.count == expected == count_solutions(grid, 3)
    if expected:
        assert outcome.solution is not None
        assert is_variant_solution(cells, outcome.solution, n, variants, regions)
    else:
        assert outcome.solution is None and solve(grid) is None
    del os.environ["SUDOKIT_BACKEND"]


def test_a_variant_puzzle_is_not_answered_as_classic(backend: str) -> None:
    rules = Rules.make(9, ["x"])
    puzzle = variant_puzzle(rules, random.Random(3))
    classic = Grid(Shape.of(9), puzzle.cells)
    assert count_solutions(puzzle) == 1
    assert count_solutions(classic) == 2  # the diagonals are what makes it unique
    out = solve(puzzle)
    assert out is not None and out.rules is rules
    assert is_variant_solution(puzzle.cells, out.cells, 9, ["x"])


class ClassicOnly:
    """A backend that solves classic rules only (as the C core did before it took
    rules): the pure-Python engine underneath."""

    name = "classic-only"
    priority = -1

    def supports(self, rules: Rules) -> bool:
        return rules.classic

    def run(self, rules: Rules | Shape, cells: Sequence[int], limit: int) -> Outcome:
        return PythonBackend().run(rules, cells, limit)


@pytest.fixture
def classic_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry._REGISTRY, ClassicOnly.name, ClassicOnly())
    registry.forget_choices()
    yield
    registry.forget_choices()


def test_a_backend_that_solves_classic_only_is_skipped_for_variants(
    classic_only: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SUDOKIT_BACKEND", raising=False)
    x = Rules.make(9, ["x"])
    assert backend_for(x).supports(x)
    assert backend_for(Shape.of(9).rules) is backend_for(Shape.of(9))


def test_forcing_a_backend_on_rules_it_cannot_solve_is_refused(
    classic_only: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SUDOKIT_BACKEND", ClassicOnly.name)
    puzzle = Grid(Rules.make(9, ["x"]), [0] * 81)
    with pytest.raises(
        UnsupportedRulesError, match="X rules are not supported by the classic-only"
    ):
        search(puzzle)
    with pytest.raises(UnsupportedRulesError):
        solve(puzzle)
    assert count_solutions(Grid(Shape.of(9), [0] * 81)) == 2  # classic still goes there
    assert backend_for(Shape.of(9)).name == ClassicOnly.name


def test_batches_keep_the_rules(backend: str) -> None:
    rng = random.Random(4)
    x = variant_puzzle(Rules.make(9, ["x"]), rng)
    jig = variant_puzzle(rules_of(6, ("jigsaw",)), rng)
    classic = Grid(Shape.of(9), x.cells)
    outs = search_many([x, classic, jig, x])
    assert [o.count for o in outs] == [1, 2, 1, 1]
    assert outs[0].solution == outs[3].solution
    assert outs[0].solution is not None and Rules.make(9, ["x"]).is_solution(outs[0].solution)
    chunks = list(search_chunks([[x, classic], [jig]], jobs=2))
    assert [[o.count for o in c] for c in chunks] == [[1, 2], [1]]
