"""Solving and counting: every size, 0 / 1 / several solutions, backends, the classic solver."""

from __future__ import annotations

import contextlib
import itertools
import os
import pickle
import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sudokit
from helpers import (
    BOXES,
    FAMOUS,
    SIZES,
    TUTORIAL_BOARD,
    TUTORIAL_SOLUTION,
    Case,
    brute_count,
    cases,
    is_solution,
    solutions,
)
from sudokit import (
    ClassicResult,
    Grid,
    Outcome,
    Shape,
    classic_solve,
    count_solutions,
    is_unique,
    search,
    solve,
)
from sudokit import solvers as solvers_module
from sudokit.solvers import fast, registry


def check(case: Case, solution: Grid | Sequence[int] | None) -> bool:
    return is_solution(
        case.cells, None if solution is None else list(solution), case.size, *case.box
    )


def ids(case: Case) -> str:
    return case.name


@contextlib.contextmanager
def forced(name: str) -> Iterator[None]:
    """Run with ``SUDOKIT_BACKEND=name`` (usable inside hypothesis tests too)."""
    old = os.environ.get("SUDOKIT_BACKEND")
    os.environ["SUDOKIT_BACKEND"] = name
    try:
        yield
    finally:
        if old is None:
            del os.environ["SUDOKIT_BACKEND"]
        else:
            os.environ["SUDOKIT_BACKEND"] = old


def backends_for(n: int) -> list[str]:
    """The installed backends that really solve n×n grids when forced (one that lacks
    the size falls back to python, which would only repeat the python run)."""
    names = []
    for name in sudokit.backends():
        with forced(name):
            if solvers_module.backend_for(Shape.of(n)).name == name:
                names.append(name)
    return names


def with_backends(kind: str | None, sizes: Sequence[int] = SIZES) -> list[object]:
    """``(case, backend)`` parameters: every corpus case under every backend for its size."""
    return [
        pytest.param(case, name, id=f"{case.name}-{name}")
        for case in cases(kind, sizes)
        for name in backends_for(case.size)
    ]


# --- the independent checker guards everything below: make sure it can say no ---------


def test_is_solution_says_no() -> None:
    good = [v for row in TUTORIAL_SOLUTION for v in row]
    puzzle = [v for row in TUTORIAL_BOARD for v in row]
    assert is_solution(puzzle, good, 9, 3, 3)
    swapped = good[:]
    swapped[0], swapped[1] = swapped[1], swapped[0]  # rows stay permutations, columns do not
    assert not is_solution([0] * 81, swapped, 9, 3, 3)
    assert not is_solution(puzzle, [0] * 81, 9, 3, 3)
    assert not is_solution(puzzle, good[:80], 9, 3, 3)
    assert not is_solution(puzzle, None, 9, 3, 3)
    other_given = puzzle[:]
    other_given[2] = 9  # a given the solution does not keep
    assert not is_solution(other_given, good, 9, 3, 3)
    # Rows and columns are Latin but the boxes are not: must be rejected.
    latin = [(r + c) % 9 + 1 for r in range(9) for c in range(9)]
    assert not is_solution([0] * 81, latin, 9, 3, 3)
    # 6×6 boxes are 2 rows × 3 columns; a 3 × 2 box grid is not a solution.
    six = [((r % 3) * 2 + r // 3 + c) % 6 + 1 for r in range(6) for c in range(6)]
    assert is_solution([0] * 36, six, 6, 3, 2)
    assert not is_solution([0] * 36, six, 6, 2, 3)


@pytest.mark.parametrize("n", SIZES)
def test_corpus_covers_every_outcome(n: int) -> None:
    # The cases below are only as good as the corpus: every size needs each kind.
    mine = cases(sizes=(n,))
    assert any(c.count == 0 and not c.duplicates for c in mine)
    assert any(c.count == 0 and c.duplicates for c in mine)
    assert any(c.count == 1 for c in mine)
    assert any(c.count == 2 for c in mine)
    assert any(c.count >= 3 for c in mine)


# --- unique puzzles ---------------------------------------------------------------------


@pytest.mark.parametrize(("case", "backend"), with_backends("unique"))
def test_unique_puzzles(case: Case, backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_BACKEND", backend)
    g = case.grid
    sol = solve(g)
    assert sol is not None
    assert isinstance(sol, Grid)
    assert sol.shape is g.shape
    assert check(case, sol)
    assert sol.cells == case.solution
    assert count_solutions(g) == 1
    assert count_solutions(g, limit=1) == 1
    assert count_solutions(g, limit=5) == 1
    assert is_unique(g)
    out = search(g, limit=2)
    assert isinstance(out, Outcome)
    assert out.count == 1
    assert out.solution == list(case.solution)
    assert out.guesses >= 0


@pytest.mark.parametrize("case", cases("unique", sizes=(4, 9, 16)), ids=ids)
def test_every_input_form(case: Case) -> None:
    g = case.grid
    expected = Grid.from_cells(list(case.solution or ()))
    assert solve(str(g)) == expected
    assert solve(sudokit.format_pretty(g)) == expected
    assert solve(g.rows()) == expected
    assert count_solutions(sudokit.format_line(g, empty="0")) == 1


@pytest.mark.parametrize(
    ("case", "backend"),
    [
        pytest.param(case, name, id=f"{case.name}-{name}")
        for case in cases("unique")
        if "singles" in case.name
        for name in backends_for(case.size)
    ],
)
def test_singles_puzzles_need_no_guess(
    case: Case, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Naked singles alone solve these; the solver's propagation must not guess.
    monkeypatch.setenv("SUDOKIT_BACKEND", backend)
    assert search(case.grid, limit=1).guesses == 0


def test_famous_puzzle() -> None:
    sol = solve(FAMOUS)
    assert sol is not None
    assert str(sol).startswith("417369825")
    assert is_unique(FAMOUS)


# --- several solutions -------------------------------------------------------------------


@pytest.mark.parametrize(("case", "backend"), with_backends("several"))
def test_several_solutions(case: Case, backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_BACKEND", backend)
    g = case.grid
    assert count_solutions(g) == 2
    assert count_solutions(g, limit=1) == 1
    assert count_solutions(g, limit=3) == min(case.count, 3)
    assert not is_unique(g)
    sol = solve(g)
    assert check(case, sol)
    out = search(g, limit=3)
    assert out.count == min(case.count, 3)
    assert check(case, out.solution)


def test_deadly_patterns_have_exactly_two() -> None:
    # A high limit: the search must stop at 2 because there are no more, not at the limit.
    for case in [c for c in cases("several") if c.name.endswith("-deadly")]:
        for name in backends_for(case.size):
            with forced(name):
                assert search(case.grid, limit=10).count == 2, (case.name, name)


def test_all_4x4_grids() -> None:
    # There are exactly 288 complete 4×4 Sudoku grids.
    empty = Grid.empty(Shape.of(4))
    assert count_solutions(empty, limit=1000) == 288
    assert classic_solve(empty, limit=1000).count == 288
    assert count_solutions(empty, limit=100) == 100


def _band_and_stack_blanked() -> list[object]:
    params: list[object] = []
    for n in SIZES:
        br, bc = BOXES[n]
        for k, solution in enumerate(solutions(n)[:3]):
            band = [0 if c < br * n else v for c, v in enumerate(solution)]
            stack = [0 if c % n < bc else v for c, v in enumerate(solution)]
            for what, cells in (("band", band), ("stack", stack)):
                for name in backends_for(n):
                    params.append(pytest.param(n, cells, name, id=f"{n}x{n}-{k}-{what}-{name}"))
    return params


@pytest.mark.parametrize(("n", "cells", "backend"), _band_and_stack_blanked())
def test_counts_beyond_two_match_an_independent_count(
    n: int, cells: list[int], backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A complete grid with its first band (or stack) emptied has a handful to thousands
    # of completions; the count must match a plain backtracking count up to the limit.
    monkeypatch.setenv("SUDOKIT_BACKEND", backend)
    limit = 200 if n == 16 else 2000
    br, bc = BOXES[n]
    expected = brute_count(cells, n, br, bc, limit)[0]
    assert expected >= 2
    assert count_solutions(Grid.from_cells(cells), limit=limit) == expected


# --- no solution ---------------------------------------------------------------------------


@pytest.mark.parametrize(("case", "backend"), with_backends("none"))
def test_no_solution(case: Case, backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_BACKEND", backend)
    g = Grid(Shape.of(case.size), case.cells)  # trusting constructor: duplicates allowed
    assert solve(g) is None
    for limit in (1, 2, 3):
        assert count_solutions(g, limit=limit) == 0
    assert not is_unique(g)
    out = search(g)
    assert (out.count, out.solution) == (0, None)


@pytest.mark.parametrize("case", cases("none"), ids=ids)
def test_no_solution_from_text_and_lists(case: Case) -> None:
    # Duplicate givens in text or lists are an outcome for the solver, not a ParseError.
    g = Grid(Shape.of(case.size), case.cells)
    assert solve(str(g)) is None
    assert count_solutions(g.rows()) == 0
    assert not is_unique(sudokit.format_pretty(g))


def test_bad_limits() -> None:
    for limit in (0, -1):
        with pytest.raises(ValueError):
            search(FAMOUS, limit=limit)
        with pytest.raises(ValueError):
            count_solutions(FAMOUS, limit=limit)


def test_unreadable_input_raises_parse_error() -> None:
    with pytest.raises(sudokit.ParseError):
        solve("." * 80)
    with pytest.raises(sudokit.ParseError):
        count_solutions([[1, 2], [3, 4]])


# --- random partial grids ----------------------------------------------------------------


@st.composite
def partial_grids(draw: st.DrawFn) -> tuple[int, tuple[int, ...], list[int]]:
    """A known solution with random cells blanked (at most half for 12×12 and 16×16, where
    rare heavily blanked grids can take the pure-Python search many seconds)."""
    n = draw(st.sampled_from(SIZES))
    solution = draw(st.sampled_from(solutions(n)))
    if n >= 12:
        blanks = draw(st.sets(st.integers(0, n * n - 1), max_size=n * n // 2))
    else:
        blanks = draw(st.sets(st.integers(0, n * n - 1)))
    return n, solution, [0 if i in blanks else v for i, v in enumerate(solution)]


@given(partial_grids(), st.data())
def test_solve_random_partial_grids(
    drawn: tuple[int, tuple[int, ...], list[int]], data: st.DataObject
) -> None:
    n, solution, cells = drawn
    backend = data.draw(st.sampled_from(backends_for(n)))
    br, bc = BOXES[n]
    g = Grid.from_cells(cells)
    with forced(backend):
        sol = solve(g)
        count = count_solutions(g, limit=2)
    assert sol is not None
    assert is_solution(cells, list(sol), n, br, bc)
    assert g.fits(sol)
    assert count in (1, 2)
    if count == 1:
        assert list(sol) == list(solution)


@st.composite
def perturbed_grids(draw: st.DrawFn) -> tuple[int, list[int]]:
    """A known solution, blanked, then a few cells overwritten with any digit: grids with
    no solution (with or without duplicate givens), one, or several."""
    n = draw(st.sampled_from((4, 6, 9)))
    solution = draw(st.sampled_from(solutions(n)))
    # At most 50 blanks in 9×9 keeps the independent count quick.
    blanks = draw(st.sets(st.integers(0, n * n - 1), max_size=n * n if n < 9 else 50))
    cells = [0 if i in blanks else v for i, v in enumerate(solution)]
    for _ in range(draw(st.integers(0, 3))):
        cells[draw(st.integers(0, n * n - 1))] = draw(st.integers(0, n))
    return n, cells


@given(perturbed_grids(), st.data())
def test_counts_match_an_independent_count(
    drawn: tuple[int, list[int]], data: st.DataObject
) -> None:
    n, cells = drawn
    br, bc = BOXES[n]
    expected, _ = brute_count(cells, n, br, bc, 3)
    backend = data.draw(st.sampled_from(backends_for(n)))
    g = Grid.from_cells(cells)
    with forced(backend):
        out = search(g, limit=3)
        sol = solve(g)
    assert out.count == expected
    if expected:
        assert is_solution(cells, out.solution, n, br, bc)
        assert is_solution(cells, None if sol is None else list(sol), n, br, bc)
    else:
        assert out.solution is None
        assert sol is None


@given(perturbed_grids(), st.integers(1, 3), st.integers(1, 8))
def test_restarts_keep_the_count(drawn: tuple[int, list[int]], limit: int, budget: int) -> None:
    # A first budget of a few guesses makes the search restart again and again: solutions
    # met in an abandoned run must be neither lost nor counted twice.
    n, cells = drawn
    br, bc = BOXES[n]
    expected, _ = brute_count(cells, n, br, bc, limit)
    out = fast.engine(Shape.of(n)).run(cells, limit, budget=budget)
    assert out.count == expected
    if expected:
        assert is_solution(cells, out.solution, n, br, bc)
    else:
        assert out.solution is None


def test_outcome_is_a_value() -> None:
    out = search(FAMOUS, 2)
    count, solution, guesses = out
    assert (out.count, out.solution, out.guesses) == (count, solution, guesses)
    assert count == 1 and solution is not None
    assert out == Outcome(1, solution, guesses)
    assert repr(Outcome(0, None, 5)) == "Outcome(count=0, solution=None, guesses=5)"
    assert pickle.loads(pickle.dumps(out)) == out
    assert type(pickle.loads(pickle.dumps(out))) is Outcome
    with pytest.raises(AttributeError):
        out.count = 2  # type: ignore[misc]


@given(st.sampled_from(SIZES), st.integers(0, 2**32), st.integers(1, 60))
def test_random_fill_restarts_to_a_complete_grid(size: int, seed: int, budget: int) -> None:
    # A budget of a few trials makes most fills start again, several times: each still
    # ends on a valid complete grid, and the same seed on the same one.
    shape = Shape.of(size)
    engine = fast.Engine(shape)
    old = fast.FILL_BUDGET
    fast.FILL_BUDGET = budget
    try:
        first = engine.random_fill(random.Random(seed))
        again = engine.random_fill(random.Random(seed))
    finally:
        fast.FILL_BUDGET = old
    br, bc = BOXES[size]
    assert is_solution([0] * shape.ncells, first, size, br, bc)
    assert again == first


def test_random_fill_is_unchanged_within_its_budget() -> None:
    # Ordinary fills take a few hundred trials at most: the budget changes none of them.
    shape = Shape.of(9)
    unbounded = fast.Engine(shape)
    old = fast.FILL_BUDGET
    fast.FILL_BUDGET = 10**9
    try:
        expected = [unbounded.random_fill(random.Random(s)) for s in range(20)]
    finally:
        fast.FILL_BUDGET = old
    assert [fast.Engine(shape).random_fill(random.Random(s)) for s in range(20)] == expected


# --- backends ------------------------------------------------------------------------------


def test_backends_listed() -> None:
    names = sudokit.backends()
    assert "python" in names
    assert len(names) == len(set(names))
    assert names[0] == solvers_module.backend_for(Shape.of(9)).name


def test_force_python_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    for n in SIZES:
        assert solvers_module.backend_for(Shape.of(n)).name == "python"
    expected = Grid.from_cells([v for row in TUTORIAL_SOLUTION for v in row])
    assert solve(TUTORIAL_BOARD) == expected
    assert count_solutions(FAMOUS) == 1


def test_unknown_backend_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_BACKEND", "no-such-backend")
    with pytest.raises(ValueError, match="no-such-backend") as info:
        solve(FAMOUS)
    assert "python" in str(info.value)  # it names what is available
    with pytest.raises(ValueError):
        count_solutions(FAMOUS)


class _NineOnly:
    """A stand-in backend for 9×9 only, answering with a marker count."""

    name = "test-nine-only"
    priority = 10_000

    def supports(self, shape: Shape) -> bool:
        return shape.n == 9

    def run(self, shape: Shape, cells: Sequence[int], limit: int) -> Outcome:
        return Outcome(42, None, 0)


def test_registry_choice_and_forcing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SUDOKIT_BACKEND", raising=False)
    monkeypatch.setitem(registry._REGISTRY, _NineOnly.name, _NineOnly())
    four = "1..." + "." * 12
    # The highest priority backend that supports the size wins...
    assert count_solutions(FAMOUS) == 42
    assert sudokit.backends()[0] == _NineOnly.name
    assert count_solutions(four) != 42
    # ...unless another is forced; a forced backend that lacks a size falls back to python.
    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    assert count_solutions(FAMOUS) == 1
    monkeypatch.setenv("SUDOKIT_BACKEND", _NineOnly.name)
    assert count_solutions(FAMOUS) == 42
    assert solvers_module.backend_for(Shape.of(4)).name == "python"


# --- the classic tutorial solver -----------------------------------------------------------

CLASSIC_EASY_9 = [
    c
    for c in cases(sizes=(9,))
    if c.name in ("9x9-tutorial", "9x9-singles-0", "9x9-generated-1", "9x9-dead-cell")
    or c.name.endswith(("-deadly", "-contradicted"))
    or c.duplicates
]
CLASSIC_CASES = cases(sizes=(4, 6)) + CLASSIC_EASY_9


@pytest.mark.parametrize("case", CLASSIC_CASES, ids=ids)
def test_classic_agrees_with_fast(case: Case) -> None:
    g = case.grid
    result = classic_solve(g, limit=3)
    assert isinstance(result, ClassicResult)
    assert result.finished
    assert result.count == min(case.count, 3)
    if case.count == 0:
        assert result.solution is None
    else:
        assert check(case, result.solution)
    for name in backends_for(case.size):
        with forced(name):
            assert count_solutions(g, limit=3) == result.count, name
            if case.count == 1:
                assert solve(g) == result.solution, name


@pytest.mark.parametrize("case", [c for c in CLASSIC_CASES if c.count >= 1], ids=ids)
def test_classic_counters(case: Case) -> None:
    result = classic_solve(case.grid)  # stops at the first solution
    assert result.solution is not None
    assert result.count == 1
    assert result.placements - result.backtracks == case.empty_count
    assert result.tries >= result.placements >= case.empty_count
    assert result.backtracks >= 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_classic_on_easy_generated_9x9(seed: int) -> None:
    g = sudokit.generate(9, seed=seed, difficulty="easy")
    result = classic_solve(g)
    assert result.finished
    assert result.solution == solve(g)
    assert result.placements - result.backtracks == len(g.empty_cells())


def test_classic_max_tries() -> None:
    g = sudokit.parse(FAMOUS)  # far too hard for plain backtracking within 1000 tries
    result = classic_solve(g, max_tries=1000)
    assert not result.finished
    assert result.tries == 1000
    assert result.solution is None
    assert result.count == 0
    easy = sudokit.parse(TUTORIAL_BOARD)
    done = classic_solve(easy, max_tries=1_000_000)
    assert done.finished
    assert done.solution == Grid.from_cells([v for row in TUTORIAL_SOLUTION for v in row])
    assert done.tries <= 1_000_000


def test_classic_leaves_its_input_alone() -> None:
    g = sudokit.parse(TUTORIAL_BOARD)
    classic_solve(g)
    assert g.rows() == TUTORIAL_BOARD


def test_classic_duplicates_are_no_solution() -> None:
    g = Grid.from_cells([5, 5] + [0] * 79)
    result = classic_solve(g)
    assert (result.count, result.solution, result.finished) == (0, None, True)


# --- the shared datasets -------------------------------------------------------------------


def sample_lines(path: Path, k: int) -> list[str]:
    """``k`` puzzle lines spread evenly over a file."""
    with path.open(encoding="utf-8") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    step = max(1, len(lines) // k)
    return lines[::step][:k]


@pytest.mark.parametrize("backend", backends_for(9))
@pytest.mark.parametrize(
    "name",
    ["puzzles2_17_clue", "puzzles5_forum_hardest_1905_11+", "puzzles6_forum_hardest_1106"],
)
def test_dataset_unique_sets(
    data_dir: Path, name: str, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SUDOKIT_BACKEND", backend)
    path = data_dir / name
    if not path.exists():
        pytest.skip(f"{name} is not in {data_dir}")
    records = list(sudokit.read_puzzles(sample_lines(path, 200)))
    assert len(records) == 200
    for r in records:
        assert r.grid is not None, r.error
        out = search(r.grid, limit=2)
        assert out.count == 1, (name, r.text)
        assert is_solution(list(r.grid), out.solution, 9, 3, 3), (name, r.text)


@pytest.mark.parametrize("backend", backends_for(9))
def test_dataset_serg_has_several_solutions(
    data_dir: Path, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SUDOKIT_BACKEND", backend)
    path = data_dir / "puzzles7_serg_benchmark"
    if not path.exists():
        pytest.skip("no serg benchmark")
    records = list(itertools.islice(sudokit.read_puzzles(path), 50))
    assert len(records) == 50
    for r in records:
        assert r.grid is not None
        out = search(r.grid, limit=2)
        assert out.count == 2, r.text
        assert is_solution(list(r.grid), out.solution, 9, 3, 3)
