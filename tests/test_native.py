"""The C core (``sudokit._native``) against the pure-Python backend and an independent
checker, its batch API, its boundary checks, and a short fuzzing run.

Skipped when the core is not built; ``make test`` checks separately that it is built
wherever a C compiler exists, so a broken build cannot hide behind these skips.
"""

from __future__ import annotations

import array
import os
import random
import shutil
import subprocess
from collections.abc import Sequence
from functools import partial
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sudokit
from helpers import (
    BOXES,
    FAMOUS,
    FAMOUS_SOLUTION,
    HEAVY_16,
    Case,
    cases,
    is_solution,
    pattern_solution,
)
from strategies import candidate_states
from sudokit.errors import CellCountError, ParseError, SymbolError
from sudokit.geometry import Shape
from sudokit.solvers import batch
from sudokit.solvers import native as native_mod
from sudokit.solvers.registry import PythonBackend, backend_for, backends

pytestmark = pytest.mark.skipif(
    not native_mod.AVAILABLE, reason="the C core (sudokit._native) is not built"
)

REPO_ROOT = Path(__file__).resolve().parent.parent
SHAPE = Shape.of(9)
PYTHON = PythonBackend()


def native() -> native_mod.NativeBackend:
    backend = backend_for(SHAPE)
    assert isinstance(backend, native_mod.NativeBackend)
    return backend


def line(cells: Sequence[int]) -> str:
    return "".join("." if v == 0 else str(v) for v in cells)


def assert_agree(cells: Sequence[int], limit: int) -> None:
    """Same count as the Python backend; a valid solution; the same one when unique."""
    ours = native().run(SHAPE, cells, limit)
    theirs = PYTHON.run(SHAPE, cells, limit)
    assert ours.count == theirs.count, line(cells)
    assert (ours.solution is None) == (ours.count == 0)
    if ours.count:
        assert is_solution(cells, ours.solution, 9, 3, 3), line(cells)
    if ours.count == 1 and limit >= 2:  # unique: the solution is determined
        assert ours.solution == theirs.solution


# --- registry --------------------------------------------------------------------------


def test_native_is_the_9x9_backend() -> None:
    assert backends()[0] == "native"
    assert backend_for(SHAPE).name == "native"
    assert native_mod.active()
    assert native_mod.BUILD


@pytest.mark.parametrize("size", [4, 6, 12, 16])
def test_native_serves_every_size(size: int) -> None:
    assert backend_for(Shape.of(size)).name == "native"


# --- every size: the general kernel ------------------------------------------------------


def geo(n: int) -> object:
    """The C core's tables of classic n×n rules."""
    return native_mod.geometry(Shape.of(n).rules)


def run_general(cells: Sequence[int], n: int, limit: int) -> sudokit.Outcome:
    return native().run(Shape.of(n), cells, limit)


@pytest.mark.parametrize("case", cases(sizes=[4, 6, 12, 16]), ids=str)
@pytest.mark.parametrize("limit", [1, 2, 3])
def test_general_corpus(case: Case, limit: int) -> None:
    n = case.size
    out = run_general(case.cells, n, limit)
    assert out.count == min(case.count, limit)
    assert (out.solution is None) == (case.count == 0)
    if case.count:
        assert is_solution(case.cells, out.solution, n, *BOXES[n])
    if case.solution is not None:
        assert tuple(out.solution or ()) == case.solution


@st.composite
def sized_grids(draw: st.DrawFn) -> tuple[int, list[int]]:
    """A size and cells: a valid grid with cells blanked (unique or several solutions),
    sometimes a digit changed (mostly no solution then)."""
    n = draw(st.sampled_from([4, 6, 9, 12, 16]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    cells = pattern_solution(n, *BOXES[n], rng)
    # Big grids blanked past about half have no quick pure-Python answer to compare with.
    most = n * n if n <= 9 else n * n * 45 // 100
    for c in rng.sample(range(n * n), draw(st.integers(0, most))):
        cells[c] = 0
    if draw(st.booleans()):
        cells[rng.randrange(n * n)] = rng.randint(1, n)
    return n, cells


@given(sized_grids(), st.integers(1, 3))
def test_general_agrees_with_python_on_every_size(grid: tuple[int, list[int]], limit: int) -> None:
    n, cells = grid
    shape = Shape.of(n)
    ours = run_general(cells, n, limit)
    theirs = PYTHON.run(shape, cells, limit)
    assert ours.count == theirs.count
    if ours.count:
        assert is_solution(cells, ours.solution, n, *BOXES[n])
    if ours.count == 1 and limit >= 2:
        assert ours.solution == theirs.solution


@given(sized_grids(), st.integers(1, 3), st.integers(1, 8))
def test_general_counts_do_not_depend_on_restarts(
    grid: tuple[int, list[int]], limit: int, budget: int
) -> None:
    # A first budget of a few guesses makes nearly every search restart, several times:
    # solutions met in an abandoned run must be neither lost nor counted twice.
    n, cells = grid
    core = native_mod._core
    assert core is not None
    count, solution, guesses = core.run_general(geo(n), bytes(cells), limit, budget)
    assert count == PYTHON.run(Shape.of(n), cells, limit).count
    assert (solution is None) == (count == 0)
    if solution is not None:
        assert is_solution(cells, list(solution), n, *BOXES[n])
    assert core.run_general(geo(n), bytes(cells), limit, budget)[2] == guesses


def test_restarts_leave_no_heavy_tail() -> None:
    cells = list(HEAVY_16)
    out = run_general(cells, 16, 2)
    assert out.count == 2
    assert is_solution(cells, out.solution, 16, 4, 4)
    assert 1000 < out.guesses < 100_000, "restarted once or twice, not lost in the first run"


@given(sized_grids(), st.integers(1, 3))
def test_one_call_search_matches_the_kernels(grid: tuple[int, list[int]], limit: int) -> None:
    # core.search is sudokit.search's path: tuple or list or bytes in, the shape from the
    # number of cells, the solution as a list; the same answer as each kernel's own entry.
    n, cells = grid
    core = native_mod._core
    assert core is not None
    if n == 9:
        count, solution, guesses = core.run(bytes(cells), limit)
    else:
        count, solution, guesses = core.run_general(geo(n), bytes(cells), limit)
    expected = (count, None if solution is None else list(solution), guesses)
    assert core.search(tuple(cells), limit) == expected
    assert core.search(cells, limit) == expected
    assert core.search(bytes(cells), limit) == expected
    assert core.search(cells, limit, geo(n)) == expected


def test_one_call_search_checks_its_input() -> None:
    core = native_mod._core
    assert core is not None
    with pytest.raises(ValueError, match="expected 16, 36, 81, 144 or 256 cell values, got 80"):
        core.search((0,) * 80, 2)
    with pytest.raises(ValueError, match="cell 80: value is out of range 0-9"):
        core.search((0,) * 80 + (10,), 2)
    with pytest.raises(ValueError, match="cell 3: value is out of range 0-4"):
        core.search([0, 0, 0, -1] + [0] * 12, 2)
    with pytest.raises(ValueError, match="cell 0: value is out of range 0-16"):
        core.search((2**70,) + (0,) * 255, 2)
    with pytest.raises(TypeError, match="cell 5: expected an int, not str"):
        core.search((0,) * 5 + ("1",) + (0,) * 75, 2)
    with pytest.raises(ValueError, match="limit must be at least 1"):
        core.search((0,) * 81, 0)
    with pytest.raises(ValueError, match="cell 2: value 7 is out of range 0-4"):
        core.search(bytes([0, 0, 7] + [0] * 13), 2)


def test_general_kernel_checks_its_input() -> None:
    core = native_mod._core
    assert core is not None
    with pytest.raises(TypeError, match="expected the rules' geometry"):
        core.run_general(4, bytes(16), 2)
    with pytest.raises(TypeError, match="expected the rules' geometry"):
        core.run_general((4, 2), bytes(16), 2)
    with pytest.raises(ValueError, match="expected 16 cell values, got 15"):
        core.run_general(geo(4), bytes(15), 2)
    with pytest.raises(ValueError, match="expected 36 cell values, got 16"):
        core.run_general(geo(6), bytes(16), 2)
    with pytest.raises(ValueError, match="cell 3: value 5 is out of range 0-4"):
        core.run_general(geo(4), bytes([0, 0, 0, 5] + [0] * 12), 2)
    with pytest.raises(ValueError, match="limit must be at least 1"):
        core.run_general(geo(4), bytes(16), 0)


#: Searches that never end (every solution of an empty grid), through each entry point.
ENDLESS = {
    "count_solutions 9x9": "sudokit.count_solutions('.' * 81, limit=10**15)",
    "search 9x9": "sudokit.search('.' * 81, 10**15)",
    "run_many 9x9": "native.run_many('.' * 81, 10**15)",
    "core run 9x9": "native._core.run(bytes(81), 2**62)",
    "core run_general 16x16": (
        "native._core.run_general(native.geometry(sudokit.Shape.of(16).rules), bytes(256), 2**62)"
    ),
    "count_solutions 16x16": "sudokit.count_solutions('.' * 256, limit=10**15)",
}

_CHILD = """
import signal, sys
# Whatever the parent left (a background job starts with SIGINT ignored): Ctrl-C raises.
signal.signal(signal.SIGINT, signal.default_int_handler)
import sudokit
from sudokit.solvers import native
print("ready", flush=True)
try:
    {call}
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(0)
print("finished", flush=True)
sys.exit(1)
"""


@pytest.mark.parametrize("call", list(ENDLESS.values()), ids=list(ENDLESS))
def test_ctrl_c_stops_a_long_search(call: str) -> None:
    import signal
    import sys
    import time

    proc = subprocess.Popen(
        [sys.executable, "-c", _CHILD.format(call=call)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "SUDOKIT_BACKEND"},
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "ready\n"
        time.sleep(0.5)  # the search is under way (sent earlier, Python itself would stop)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)  # a safety net: it stops within milliseconds
    finally:
        proc.kill()
        proc.wait()
    assert out == "interrupted\n", err
    assert proc.returncode == 0


def test_environment_forces_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    assert backend_for(SHAPE).name == "python"
    assert not native_mod.active()
    assert backends()[0] == "python"
    # The batch path follows the registry too (Python's guess counts differ from C's).
    famous = FAMOUS.encode()
    assert native_mod.run_many(famous, 2).guesses == [PYTHON.run(SHAPE, _cells(FAMOUS), 2).guesses]


def _cells(text: str) -> list[int]:
    return [0 if ch in ".0" else int(ch) for ch in text]


# --- agreement -------------------------------------------------------------------------


@pytest.mark.parametrize("case", cases(sizes=[9]), ids=str)
@pytest.mark.parametrize("limit", [1, 2, 3])
def test_corpus(case: Case, limit: int) -> None:
    out = native().run(SHAPE, case.cells, limit)
    assert out.count == min(case.count, limit)
    if case.count:
        assert is_solution(case.cells, out.solution, 9, 3, 3)
    if case.solution is not None:
        assert tuple(out.solution or ()) == case.solution
    assert_agree(case.cells, limit)


def test_public_functions_use_it() -> None:
    grid = sudokit.parse(FAMOUS)
    assert sudokit.format_line(sudokit.solve(grid) or grid) == FAMOUS_SOLUTION
    assert sudokit.count_solutions(grid) == 1
    assert sudokit.is_unique(grid)
    assert sudokit.count_solutions("." * 81, limit=5) == 5
    assert sudokit.search(grid, 1).guesses >= 0


@st.composite
def grids(draw: st.DrawFn) -> list[int]:
    """Cells of every kind: a valid grid with cells blanked (unique or several solutions),
    sometimes a digit changed (often none), or random givens (mostly duplicates)."""
    kind = draw(st.sampled_from(["blanked", "changed", "random", "sparse"]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    if kind in ("blanked", "changed"):
        cells = pattern_solution(9, *BOXES[9], rng)
        blanks = draw(st.integers(0, 81))
        for c in rng.sample(range(81), blanks):
            cells[c] = 0
        if kind == "changed":
            cells[rng.randrange(81)] = rng.randint(1, 9)
        return cells
    givens = draw(st.integers(0, 30 if kind == "random" else 8))
    cells = [0] * 81
    for c in rng.sample(range(81), givens):
        cells[c] = rng.randint(1, 9)
    return cells


@given(grids(), st.integers(1, 4))
def test_agrees_with_python(cells: list[int], limit: int) -> None:
    assert_agree(cells, limit)


@given(st.lists(grids(), min_size=0, max_size=6), st.integers(1, 3))
def test_batch_matches_single_calls(puzzles: list[list[int]], limit: int) -> None:
    data = "".join(line(c) for c in puzzles).encode()
    batch = native_mod.run_many(data, limit)
    assert len(batch.counts) == len(batch.guesses) == len(puzzles)
    assert len(batch.solutions) == 81 * len(puzzles)
    for i, cells in enumerate(puzzles):
        one = native().run(SHAPE, cells, limit)
        assert batch.counts[i] == one.count
        assert batch.guesses[i] == one.guesses
        expected = line(one.solution) if one.solution else "." * 81
        assert batch.solutions[81 * i : 81 * i + 81].decode() == expected
        assert batch.solution(i) == (expected if one.count else None)


DATASETS = (
    "easy_generated_1000",
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
)
#: Puzzles per data set; keeps the Python side of the comparison to a few seconds.
SAMPLE = int(os.environ.get("SUDOKIT_NATIVE_SAMPLE", "120"))


@pytest.mark.parametrize("name", DATASETS)
def test_datasets_sample(data_dir: Path, name: str) -> None:
    path = data_dir / name
    if not path.is_file():
        pytest.skip(f"{name} not in {data_dir}")
    lines = [r.text for r in islice(sudokit.read_puzzles(path, check=False), 60_000) if r.grid]
    rng = random.Random(name)
    sample = rng.sample(lines, min(SAMPLE, len(lines)))
    batch = native_mod.run_many("".join(sample), 2)
    for i, text in enumerate(sample):
        cells = _cells(text)
        theirs = PYTHON.run(SHAPE, cells, 2)
        assert batch.counts[i] == theirs.count, text
        solution = batch.solution(i)
        assert solution is not None
        assert is_solution(cells, _cells(solution), 9, 3, 3), text
        if theirs.count == 1:
            assert _cells(solution) == theirs.solution, text


def test_generator_same_seed_same_puzzle(monkeypatch: pytest.MonkeyPatch) -> None:
    made = [sudokit.generate(9, seed=seed) for seed in (1, 2, "x")]
    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    assert [sudokit.generate(9, seed=seed) for seed in (1, 2, "x")] == made


# --- the batch API and its boundary ------------------------------------------------------


def test_friendly_functions() -> None:
    dead = "12345678." + "." * 45 + "........9" + "." * 18  # r1c9 has no candidate
    assert native_mod.solve_many([FAMOUS, " " + FAMOUS + "\n", dead]) == [
        FAMOUS_SOLUTION,
        FAMOUS_SOLUTION,
        None,
    ]
    assert native_mod.count_many([FAMOUS, "." * 81, dead], limit=3) == [1, 3, 0]
    outcomes = batch.search_many([sudokit.parse(FAMOUS)])
    assert outcomes[0].count == 1
    assert line(outcomes[0].solution or []) == FAMOUS_SOLUTION
    assert native_mod.solve_many([]) == []


def test_buffer_types() -> None:
    data = (FAMOUS + "0" * 81).encode()
    expected = native_mod.run_many(data, 2)
    assert expected.counts == [1, 2]
    assert expected.solutions[81 * 2 - 1 :].count(b".") == 0
    for form in (bytearray(data), memoryview(data), data.decode()):
        assert native_mod.run_many(form, 2) == expected
    empty = native_mod.run_many(b"", 2)
    assert empty == native_mod.Batch([], b"", [])


@pytest.mark.parametrize("size", [1, 80, 82, 161, 163])
def test_wrong_length(size: int) -> None:
    data = ("1" * size).encode()
    with pytest.raises(CellCountError) as info:
        native_mod.run_many(data)
    assert isinstance(info.value, ParseError)
    assert isinstance(info.value, ValueError)
    assert "81" in str(info.value)


@pytest.mark.parametrize("bad", ["x", " ", "\n", "A", "-", "é", "\x00"])
def test_bad_symbol_is_named(bad: str) -> None:
    text = FAMOUS + FAMOUS[:40] + bad + FAMOUS[41:]
    with pytest.raises(SymbolError) as info:
        native_mod.run_many(text)
    err = info.value
    assert (err.line, err.row, err.col) == (2, 4, 4)
    assert repr(bad) in str(err) and "row 5, column 5" in str(err)
    if bad.isascii():
        with pytest.raises(SymbolError):
            native_mod.run_many(text.encode())


def test_pack_names_the_puzzle() -> None:
    with pytest.raises(CellCountError) as info:
        native_mod.pack([FAMOUS, FAMOUS[:-1]])
    assert info.value.line == 2
    with pytest.raises(CellCountError):
        native_mod.pack([sudokit.parse("." * 16)])


def test_limit_checks() -> None:
    with pytest.raises(ValueError):
        native_mod.run_many(FAMOUS, 0)
    assert native_mod.run_many(FAMOUS, 10**30).counts == [1]  # past any count: no limit


def test_raw_module_checks_its_own_input() -> None:
    """The compiled functions validate too: Python callers cannot reach the core with
    out-of-range data even without the wrapper."""
    core = pytest.importorskip("sudokit._native")
    with pytest.raises(ValueError):
        core.run(bytes(80), 1)
    with pytest.raises(ValueError):
        core.run(bytes([10] + [0] * 80), 1)
    with pytest.raises(ValueError):
        core.run(bytes(81), 0)
    with pytest.raises(TypeError):
        core.run(bytes(81), 1.5)
    with pytest.raises(ValueError):
        core.run_many(b"." * 82, 1)
    with pytest.raises(ValueError):
        core.run_many(b"." * 80 + b"a", 1)
    assert core.find_bad_symbol(b"12.0x") == 4
    assert core.find_bad_symbol(b"") == -1
    count, solution, _ = core.run(bytes(_cells(FAMOUS)), 2**70)  # past any count
    assert count == 1 and solution is not None


@pytest.mark.parametrize("jobs", [1, 2])
def test_engine_keeps_the_order_of_batches(jobs: int) -> None:
    chunks = [(FAMOUS * k + "." * 81).encode() for k in range(5)]
    with batch.executor(jobs, threads=True) as runner:
        results = list(runner.map(partial(native_mod.run_many, limit=2), chunks))
    assert [r.counts for r in results] == [[1] * k + [2] for k in range(5)]


def test_batches_on_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    solve = partial(native_mod.run_many, limit=2)
    with batch.Processes(2) as runner:
        results = list(runner.map(solve, [FAMOUS.encode(), b"", FAMOUS.encode() * 2]))
        assert [r.counts for r in results] == [[1], [], [1, 1]]
        with pytest.raises(SymbolError):
            list(runner.map(solve, [b"x" * 81]))


# --- fuzzing -----------------------------------------------------------------------------


def _compiler() -> str | None:
    for name in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if name and shutil.which(name):
            return name
    return None


def test_fuzz(tmp_path: Path) -> None:
    """A short AddressSanitizer run of fuzz/fuzz_native.c (see fuzz/README.md)."""
    cc = _compiler()
    if cc is None:
        pytest.skip("no C compiler")
    exe = tmp_path / "fuzz-native"
    sources = [
        REPO_ROOT / "fuzz" / "fuzz_native.c",
        REPO_ROOT / "fuzz" / "standalone.c",
        REPO_ROOT / "src" / "sudokit" / "_native" / "solver.c",
        REPO_ROOT / "src" / "sudokit" / "_native" / "general.c",
        REPO_ROOT / "src" / "sudokit" / "_native" / "forcing.c",
        REPO_ROOT / "src" / "sudokit" / "_native" / "chains.c",
        REPO_ROOT / "src" / "sudokit" / "_native" / "als.c",
    ]
    flags = ["-g", "-O1", "-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"]
    build = subprocess.run(
        [cc, *flags, *map(str, sources), "-o", str(exe)], capture_output=True, text=True
    )
    if build.returncode != 0:
        if "san" in build.stderr:  # -fsanitize unsupported, libasan or libubsan missing
            pytest.skip(f"{cc} cannot build with AddressSanitizer here: {build.stderr[-300:]}")
        pytest.fail(f"building the fuzz target failed:\n{build.stderr}")
    seconds = os.environ.get("SUDOKIT_FUZZ_SECONDS", "3")
    run = subprocess.run(
        [str(exe), "-seconds", seconds, "-seed", str(random.randrange(2**31))],
        capture_output=True,
        text=True,
        timeout=float(seconds) + 120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no findings" in run.stdout


@given(grids(), st.integers(1, 3))
def test_general_kernel_agrees_with_the_9x9_kernel(cells: list[int], limit: int) -> None:
    core = native_mod._core
    assert core is not None
    count, solution, _ = core.run_general(geo(9), bytes(cells), limit)
    assert count == core.run(bytes(cells), limit)[0]
    assert (solution is None) == (count == 0)
    if solution is not None:
        assert is_solution(cells, list(solution), 9, 3, 3)


# --- the generator's carving loop ---------------------------------------------------------


def _carve_reference(n: int, full: list[int], order: list[tuple[int, ...]], keep: int) -> list[int]:
    """The removal loop written plainly: each group's removal is tried on a copy."""
    shape = Shape.of(n)
    cells = list(full)
    for group in order:
        trial = [0 if i in group else v for i, v in enumerate(cells)]
        if sum(1 for v in trial if v) >= keep and PYTHON.run(shape, trial, 2).count == 1:
            cells = trial
    return cells


@given(
    st.sampled_from([4, 6, 9, 12]),
    st.integers(0, 2**32),
    st.sampled_from(["rot180", "rot90", "mirror", "diagonal", "none"]),
    st.integers(0, 70),
)
def test_carve_keeps_what_the_python_loop_keeps(n: int, seed: int, symmetry: str, pct: int) -> None:
    from sudokit.generator import symmetry_groups

    core = native_mod._core
    assert core is not None
    rng = random.Random(seed)
    full = pattern_solution(n, *BOXES[n], rng)
    order = symmetry_groups(Shape.of(n), symmetry)
    rng.shuffle(order)
    keep = n * n * pct // 100
    ours = core.carve(geo(n), full, order, keep)
    assert ours == _carve_reference(n, full, order, keep)
    assert PYTHON.run(Shape.of(n), ours, 2).count == 1
    assert sum(1 for v in ours if v) >= keep
    assert all(v in (0, d) for v, d in zip(ours, full, strict=True))


def test_carve_checks_its_input() -> None:
    core = native_mod._core
    assert core is not None
    full = pattern_solution(4, 2, 2, random.Random(1))
    g4 = geo(4)
    with pytest.raises(ValueError, match="expected 16, 36, 81, 144 or 256 cell values, got 15"):
        core.carve(g4, full[:15], [(0,)], 0)
    with pytest.raises(ValueError, match="expected 36 cell values, got 16"):
        core.carve(geo(6), full, [(0,)], 0)
    with pytest.raises(TypeError, match="expected the rules' geometry"):
        core.carve(full, full, [(0,)], 0)
    with pytest.raises(ValueError, match="group 1: cell index out of range 0-15"):
        core.carve(g4, full, [(0,), (3, 16)], 0)
    with pytest.raises(ValueError, match="group 0: cell index out of range 0-15"):
        core.carve(g4, full, [(-1,)], 0)
    with pytest.raises(ValueError, match="group 0: expected 1 to 8 cells, got 0"):
        core.carve(g4, full, [()], 0)
    with pytest.raises(TypeError, match="groups must be a sequence"):
        core.carve(g4, full, 5, 0)
    with pytest.raises(TypeError, match="each group must be a sequence of cell indices"):
        core.carve(g4, full, [1], 0)
    with pytest.raises(TypeError, match="takes exactly 4 arguments"):
        core.carve(g4, full, [])  # type: ignore[call-arg]
    assert core.carve(g4, full, [], 0) == full


# --- the reference search of the extreme filter -------------------------------------------


@given(sized_grids())
def test_reference_search_makes_the_same_trials_in_python(grid: tuple[int, list[int]]) -> None:
    from sudokit.solvers import fast

    n, cells = grid
    core = native_mod._core
    assert core is not None
    ours = core.run_general(geo(n), bytes(cells), 2)
    theirs = fast.engine(Shape.of(n), locked=True).run(cells, 2, fast.FIRST_BUDGET)
    assert ours[0] == theirs.count
    if ours[2] < fast.FIRST_BUDGET:
        assert ours[2] == theirs.guesses


def test_search_guesses_whichever_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudokit import generate
    from sudokit.solvers import search_guesses

    grids = [generate(9, seed=s) for s in range(6)] + [sudokit.parse(FAMOUS)]
    with_core = [search_guesses(g) for g in grids]
    assert max(with_core) > 2  # the famous one is no single trial away
    monkeypatch.setattr(native_mod, "_core", None)
    assert [search_guesses(g) for g in grids] == with_core


# --- static forcing chains (the logic engine's search, in C) -------------------------------


@settings(max_examples=150, deadline=None)
@given(
    candidate_states(), st.sampled_from([("contradiction", "cell"), ("unit",), ("cell3", "unit")])
)
def test_forcing_search_in_c_is_the_python_search(state: object, kinds: tuple[str, ...]) -> None:
    from sudokit.logic.techniques import forcing

    def found(f: object) -> object:
        return None if f is None else (f.kind, f.starts, f.unit, f.placements, f.eliminations)  # type: ignore[attr-defined]

    ours = found(forcing._search(state, kinds))  # type: ignore[arg-type]
    state.memo.clear()  # type: ignore[attr-defined]
    assert ours == found(forcing._search_python(state, kinds))  # type: ignore[arg-type]


@settings(max_examples=150, deadline=None)
@given(candidate_states())
def test_pattern_chain_and_fish_checks_in_c_match_the_python_searches(state: object) -> None:
    # The nets skip the level-1 patterns and the chain search when the core says none
    # would find anything: it must never say so when one would.
    from sudokit.logic.techniques import chains, nets_rules
    from sudokit.logic.techniques import fish as fish_mod
    from sudokit.logic.techniques.nets_rules import _LEVEL1

    core = native_mod._core
    assert core is not None
    g, cands = geo(state.tables.n), state.cands  # type: ignore[attr-defined]
    from sudokit.logic.candidates import cells_of

    if not all(cands[c] for c in cells_of(state.empty)):  # type: ignore[attr-defined]
        return  # an open cell without candidates: a contradiction, never searched
    # A net's level-1 patterns: the finders' steps, without their sentences.
    from sudokit.logic.techniques import intersections, subsets

    fields = ("technique", "name", "placements", "eliminations", "cells", "units", "candidates")
    finders = (
        intersections.pointing,
        intersections.claiming,
        subsets.naked_pair,
        subsets.hidden_pair,
        fish_mod.x_wing,
    )
    for lite, full in zip(_LEVEL1, finders, strict=True):
        ours, theirs = lite(state), full(state)  # type: ignore[arg-type]
        assert (ours is None) == (theirs is None)
        if ours is not None and theirs is not None:
            assert ours[1] == 0 and ours[0].rating == theirs.rating
            assert [getattr(ours[0], f) for f in fields] == [getattr(theirs, f) for f in fields]
    # Which finder is the first to find something (a net asks only that one), and for
    # pointing and claiming the instance the finder yields first (the nets build the
    # step from it without searching).
    first = next((i + 1 for i, rule in enumerate(_LEVEL1) if rule(state) is not None), 0)  # type: ignore[arg-type]
    rule, u, v, d = core.basic_first(g, cands)
    assert rule == first
    if first in (1, 2):
        instances = (intersections._pointing_all, intersections._claiming_all)[first - 1]
        assert (u, v, d) == next(instances(state))[:3]  # type: ignore[arg-type]
        built = nets_rules._LOCKED[first - 1].make(*next(instances(state)))  # type: ignore[arg-type]
        assert built == _LEVEL1[first - 1](state)  # type: ignore[arg-type]
    else:
        assert (u, v, d) == (-1, -1, -1)
    for most in (4, 16):
        state.memo.clear()  # type: ignore[attr-defined]
        found = chains._search(state, "plain", "aic", most)  # type: ignore[arg-type]
        # The chain itself, the one the Python search picks (the nets build their step
        # from it): its nodes, start to end.
        nodes = core.chain_find(g, cands, most)
        if found is None:
            assert nodes is None
        else:
            assert nodes is not None and len(nodes) == len(found.links) + 1
            assert [(k % len(cands), k // len(cands)) for k in nodes] == [
                (link.cells_from[0], link.digit_from) for link in found.links
            ] + [(found.links[-1].cells_to[0], found.links[-1].digit_to)]
            if most == 16:  # the step a net uses: the same chain, no sentence
                chain = nets_rules._short_aic(state)  # type: ignore[arg-type]
                assert chain is not None and chain[1] == len(found.links) + 1
                fields = ("technique", "name", "placements", "eliminations", "cells")
                for field in (*fields, "units", "candidates"):
                    assert getattr(chain[0], field) == getattr(found, field), field
    for size in (2, 3, 4):
        fish = fish_mod._finned_pass(state, size)  # type: ignore[arg-type]
        assert core.finned_any(g, cands, size) == (fish != (None, None))


def _positions_with_finned_fish(n: int, seeds: range) -> list[object]:
    """Positions of generated n×n puzzles with a third of the wrong candidates taken away,
    holding a finned or sashimi fish (the pure-Python finder says so)."""
    from sudokit import generate, solve
    from sudokit.logic.candidates import State
    from sudokit.logic.techniques import fish as fish_mod

    out = []
    for seed in seeds:
        puzzle = generate(n, seed=seed)
        solution = solve(puzzle)
        assert solution is not None
        state = State.from_grid(puzzle)
        wrong = [
            (c, d) for c in range(n * n) for d in state.candidate_digits(c) if solution[c] != d
        ]
        state = state.applied(eliminations=random.Random(seed).sample(wrong, len(wrong) // 3))
        if any(fish_mod._finned_pass(state, k) != (None, None) for k in (2, 3, 4)):
            out.append(state)
    return out


@pytest.mark.parametrize("n", [6, 12])
def test_finned_fish_through_the_techniques_match_the_python_finder(n: int) -> None:
    # Through the techniques the engine calls, so the arguments fish.py gives the C check
    # (box rows, not box columns) are tested too: on 6×6 and 12×12 boxes are not square.
    from sudokit.logic.techniques import fish as fish_mod

    states = _positions_with_finned_fish(n, range(8))
    assert len(states) >= 4
    finders = {
        2: (fish_mod.finned_x_wing, fish_mod.sashimi_x_wing),
        3: (fish_mod.finned_swordfish, fish_mod.sashimi_swordfish),
        4: (fish_mod.finned_jellyfish, fish_mod.sashimi_jellyfish),
    }
    seen = 0
    for state in states:
        for k, (finned, sashimi) in finders.items():
            expected = fish_mod._finned_pass(state, k)  # type: ignore[arg-type]
            state.memo.clear()  # type: ignore[attr-defined]
            assert (finned(state), sashimi(state)) == expected  # type: ignore[arg-type]
            seen += expected != (None, None)
    assert seen >= 4


@settings(max_examples=80, deadline=None)
@given(candidate_states(), st.integers(0, 3), st.randoms(use_true_random=False))
def test_nets_followed_in_c_are_the_python_nets(state: Any, level: int, rnd: random.Random) -> None:
    # A net the core follows reaches the same nodes in the same order with the same
    # parents (its why, read back from the records), the same techniques' findings and
    # the same contradiction as the pure-Python net, from scratch and from the net one
    # level down.
    from sudokit.logic.candidates import cells_of
    from sudokit.logic.techniques import nets

    core = native_mod._core
    assert core is not None
    ncells = state.tables.ncells
    starts = [
        sign * (d * ncells + c + 1)
        for c in cells_of(state.empty)
        for d in state.shape.digits_of_mask[state.cands[c]]
        for sign in (1, -1)
    ]
    for start in rnd.sample(starts, min(6, len(starts))):
        below: tuple[Any, Any] = (None, None)
        for lv in range(level + 1):
            try:
                state.memo.clear()
                ours = nets._propagate_core(core, state, start, lv, below[0])
                state.memo.clear()
                theirs = nets._propagate_python(state, start, lv, below[1])
            except IndexError:  # a pattern with no removal under it (not a net's stall)
                break
            assert (tuple(ours.on), tuple(ours.off)) == (tuple(theirs.on), tuple(theirs.off))
            assert list(ours.why.items()) == list(theirs.why.items())
            assert (ours.rules, ours.contradiction) == (theirs.rules, theirs.contradiction)
            if ours.packed is not None:
                assert ours.packed == (nets._pack(ours.on, ncells), nets._pack(ours.off, ncells))
            below = (ours, theirs) if rnd.random() < 0.7 else (None, None)


@settings(max_examples=120, deadline=None)
@given(candidate_states(), st.integers(0, 2))
def test_inner_net_search_in_c_finds_what_the_python_search_finds(state: Any, level: int) -> None:
    # A level-4 to 6 net's inner search (nets of level 0 to 2 from every true-assumption,
    # taking the first pointing, claiming, pair or X-Wing at a stall, then the chain): the core
    # names the first assumption that breaks, in the Python search's order, or says
    # whether a cell or unit of nets agrees on something; the hint built from its answer
    # is the Python search's own, complexity and all.
    from sudokit.logic.techniques import nets

    core = native_mod._core
    assert core is not None
    theirs = nets._search(nets._view(state, list(state.cands), list(state.dcells)), level, True)
    found, cell, digit = core.net_first(geo(state.tables.n), state.cands, level)
    if theirs is None:
        assert (found, cell, digit) == (0, -1, -1)
    elif theirs.kind == "false":
        assert (found, cell, digit) == (1, theirs.cell, theirs.digit)
    else:
        assert (found, cell, digit) == (2, -1, -1)
    ours = nets._inner(nets._view(state, list(state.cands), list(state.dcells)), level, core)
    if theirs is None or ours is None:
        assert ours is theirs
        return
    fields = ("kind", "cell", "digit", "unit", "placements", "eliminations", "cx", "target")
    assert [getattr(ours, f) for f in fields] == [getattr(theirs, f) for f in fields]
    assert [a.start for a in ours.nets] == [a.start for a in theirs.nets]


def test_inner_net_search_in_c_checks_its_input() -> None:
    core = native_mod._core
    assert core is not None
    with pytest.raises(ValueError, match="expected 81 candidate masks, got 80"):
        core.net_first(geo(9), [0] * 80, 0)
    with pytest.raises(TypeError, match="exactly 3 arguments"):
        core.net_first(geo(9), [0] * 81)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="level must be 0, 1 or 2"):
        core.net_first(geo(9), [0] * 81, 3)
    assert core.net_first(geo(4), [0] * 16, 1) == (0, -1, -1)
    # A cell of two candidates where one breaks at once: digit 1 at r1c1 leaves r1c2
    # nothing (its only candidate is 1).
    cands = [0b0011, 0b0001] + [0] * 14
    assert core.net_first(geo(4), cands, 0) == (1, 0, 1)


def test_forcing_search_checks_its_input() -> None:
    core = native_mod._core
    assert core is not None
    with pytest.raises(TypeError, match="expected the rules' geometry"):
        core.forcing_search(10, [0] * 100, 15)
    with pytest.raises(ValueError, match="expected 81 candidate masks, got 80"):
        core.forcing_search(geo(9), [0] * 80, 15)
    with pytest.raises(ValueError, match="cell 3: not a candidate mask of 4 digits"):
        core.forcing_search(geo(4), [0, 0, 0, 16] + [0] * 12, 15)
    with pytest.raises(ValueError, match="cell 0: not a candidate mask"):
        core.forcing_search(geo(4), ["x"] + [0] * 15, 15)
    with pytest.raises(ValueError, match="kinds must be a combination"):
        core.forcing_search(geo(4), [0] * 16, 16)
    assert core.forcing_search(geo(4), [0] * 16, 15) is None
    with pytest.raises(ValueError, match="expected 16 candidate masks, got 3"):
        core.basic_first(geo(4), [0] * 3)
    with pytest.raises(ValueError, match="max_nodes must be 2 to 1000"):
        core.chain_find(geo(4), [0] * 16, 1)
    assert core.basic_first(geo(4), [0] * 16) == (0, -1, -1, -1)
    # Masks may come as native uint16 bytes (the nets keep a position's so).
    with pytest.raises(ValueError, match="expected 16 candidate masks"):
        core.basic_first(geo(4), bytes(30))
    with pytest.raises(ValueError, match="cell 1: not a candidate mask of 4 digits"):
        core.basic_first(geo(4), array.array("H", [0, 16] + [0] * 14).tobytes())
    assert core.basic_first(geo(4), array.array("H", [0] * 16).tobytes())[0] == 0
    with pytest.raises(ValueError, match="max_nodes must be 2 to 1000"):
        core.chain_find(geo(4), [0] * 16, 1001)
    assert core.chain_find(geo(4), [0] * 16, 16) is None
    with pytest.raises(ValueError, match="on: expected 5 cell sets"):
        core.net_run(geo(4), [0] * 16, [0] * 4, [0] * 5, [], False)
    with pytest.raises(ValueError, match="off: not a set of 16 cells"):
        core.net_run(geo(4), [0] * 16, [0] * 5, [0, 1 << 16, 0, 0, 0], [], False)
    with pytest.raises(ValueError, match="queue: node 5 is not one the net reached"):
        core.net_run(geo(4), [15] * 16, [0] * 5, [0] * 5, [5], False)
    # r1c1 is 1 in a grid of all candidates: its row, column and box lose the 1.
    on, off, _, _, records, broken, cands, _ = core.net_run(
        geo(4), [15] * 16, [0, 1, 0, 0, 0], [0] * 5, [17], True
    )
    assert broken is None and on == (0, 1, 0, 0, 0)
    assert off == (0, sum(1 << c for c in (1, 2, 3, 4, 5, 8, 12)), 1, 1, 1)
    assert cands is not None and cands[0] == 1 and cands[1] == 14 and cands[15] == 15
    assert len(records) == 12 * (3 + 7)  # the cell's other digits, then the peers
    with pytest.raises(ValueError, match="size must be 2 to 4, got 5"):
        core.finned_any(geo(9), [0] * 81, 5)
    assert core.finned_any(geo(9), [0] * 81, 2) is False
