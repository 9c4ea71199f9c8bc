"""Throughput of sudokit's C core on the 9×9 data sets, and what each of its ideas buys.

    python benchmarks/bench_native.py                  # throughput table (about a minute)
    python benchmarks/bench_native.py --ablation       # + the ablation table (needs cc)
    python benchmarks/bench_native.py --agree          # + full agreement with pure Python
    python benchmarks/bench_native.py --data DIR --sets magictour,1905 --markdown
    python benchmarks/bench_native.py --tdoku /path/to/libtdoku.so   # + tdoku, side by side

Throughput, per data set, end to end from Python on one core:

- ``batch``: :func:`sudokit.solvers.native.run_many` on the whole file's records (buffer
  checks, solving, result lists), in count mode (``limit=2``: solve and prove unique)
  and first-solution mode (``limit=1``);
- ``per call``: :func:`sudokit.search` on each already-parsed grid (the public one-puzzle
  API through the backend registry);
- guesses per puzzle (configurations or cell digits tried).

Every set is checked first (each solution by an independent checker, counts against
what the data set promises). Timings are the best of ``--repeat`` runs, each at least
``--min-time`` seconds; wall-clock time is the headline, process CPU time is shown too
because a busy machine inflates the first and not the second.

The ablation table rebuilds the core from ``src/sudokit/_native/solver.c`` with
compile-time switches (see the top of that file) into the stand-alone driver
``driver.c`` and times the C alone (CPU time), so each row differs from the next by one
idea. Benchmarks are not tests (DESIGN.md rule 8): wrong answers are reported.

``--tdoku LIB`` adds tdoku (https://github.com/t-dillon/tdoku), the fastest published
solver, as a contender in count mode: a shared library you build yourself that exports
``TdokuSolverDpllTriadSimd`` (see benchmarks/README.md). It has no batch API, so both
it and sudokit's core (``sk_search``, the same one-puzzle C entry that ``run_many``
loops over) are called once per puzzle through ctypes, in the same loop, CPU time; each
call carries the same ctypes overhead (about a microsecond), which narrows the ratio on
the fast sets.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import sudokit
from _common import DATASETS, DEFAULT_DATA_DIR, fmt_num, machine_info, render_table, solution_error
from sudokit.geometry import Shape
from sudokit.grid import Grid
from sudokit.solvers import backend_for, native

REPO_ROOT = Path(__file__).resolve().parent.parent
NATIVE_DIR = REPO_ROOT / "src" / "sudokit" / "_native"
SHAPE = Shape.of(9)

#: Ablation rows: a label and the compile-time switches of solver.c (defaults: all on).
SINGLES = "-DSK_LOCKED=0 -DSK_STACKS=0 -DSK_TRIADS=0"
ABLATION: tuple[tuple[str, str], ...] = (
    ("singles only, branch on the first open cell", f"{SINGLES} -DSK_GUESS=0"),
    ("singles only, first fewest-candidates cell", f"{SINGLES} -DSK_GUESS=1"),
    ("+ locked candidates in rows (band permutations)", "-DSK_STACKS=0 -DSK_TRIADS=0 -DSK_GUESS=1"),
    ("+ locked candidates in columns (stack permutations)", "-DSK_TRIADS=0 -DSK_GUESS=1"),
    ("+ triads (a minirow or minicolumn holds 3 digits)", "-DSK_GUESS=1"),
    ("+ branching on band/stack configurations: default", ""),
    ("default without triads", "-DSK_TRIADS=0"),
)


@dataclass
class SetResult:
    name: str
    puzzles: int
    wrong: int
    counts: dict[int, int]
    batch_count: tuple[float, float]  # (wall, cpu) seconds per pass, limit 2
    batch_first: tuple[float, float]  # limit 1
    per_call: tuple[float, float]  # sudokit.search(grid, 2)
    guesses_count: float
    guesses_first: float


def read_records(path: Path) -> list[str]:
    """The data set reader rule: skip empty and '#' lines, keep the first 81 characters."""
    out = []
    with path.open(encoding="ascii", errors="replace") as f:
        for raw in f:
            if raw.strip() and not raw.startswith("#"):
                out.append(raw[:81])
    return out


def best_time(run: Callable[[], object], repeat: int, min_time: float) -> tuple[float, float]:
    """Best (wall, cpu) seconds of one call of ``run``, over ``repeat`` rounds of at least
    ``min_time`` seconds each."""
    best_wall = best_cpu = float("inf")
    for _ in range(repeat):
        calls = 0
        wall0, cpu0 = time.perf_counter(), time.process_time()
        while True:
            run()
            calls += 1
            wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
            if wall >= min_time:
                break
        best_wall = min(best_wall, wall / calls)
        best_cpu = min(best_cpu, cpu / calls)
    return best_wall, best_cpu


def bench_set(name: str, path: Path, repeat: int, min_time: float) -> SetResult:
    lines = read_records(path)
    data = "".join(lines).encode("ascii")
    # Check pass: every solution valid, counts as promised.
    batch = native.run_many(data, 2)
    wrong = 0
    counts: dict[int, int] = {}
    for i, text in enumerate(lines):
        givens = [0 if ch in ".0" else int(ch) for ch in text]
        solution = batch.solution(i)
        counts[batch.counts[i]] = counts.get(batch.counts[i], 0) + 1
        if solution is None or solution_error(givens, [int(ch) for ch in solution]):
            wrong += 1
    first = native.run_many(data, 1)
    grids = [Grid(SHAPE, [0 if ch in ".0" else int(ch) for ch in text]) for text in lines]

    def per_call() -> None:
        for g in grids:
            sudokit.search(g, 2)

    return SetResult(
        name=name,
        puzzles=len(lines),
        wrong=wrong,
        counts=counts,
        batch_count=best_time(lambda: native.run_many(data, 2), repeat, min_time),
        batch_first=best_time(lambda: native.run_many(data, 1), repeat, min_time),
        per_call=best_time(per_call, max(1, repeat - 1), min_time),
        guesses_count=sum(batch.guesses) / len(lines),
        guesses_first=sum(first.guesses) / len(lines),
    )


def throughput_table(results: list[SetResult], markdown: bool) -> str:
    headers = [
        "data set",
        "puzzles",
        "batch count/s",
        "(CPU)",
        "batch first/s",
        "per call count/s",
        "µs/puzzle",
        "guesses/p count",
        "guesses/p first",
    ]
    rows = []
    for r in results:
        rows.append(
            [
                r.name,
                f"{r.puzzles:,}",
                fmt_num(r.puzzles / r.batch_count[0]),
                fmt_num(r.puzzles / r.batch_count[1]),
                fmt_num(r.puzzles / r.batch_first[0]),
                fmt_num(r.puzzles / r.per_call[0]),
                fmt_num(1e6 * r.batch_count[0] / r.puzzles),
                f"{r.guesses_count:.2f}",
                f"{r.guesses_first:.2f}",
            ]
        )
    return render_table(headers, rows, right=[False] + [True] * 8, markdown=markdown)


def agree(name: str, path: Path) -> str:
    """Every puzzle: the C core and the pure-Python backend give the same count, and the
    same solution when it is unique."""
    lines = read_records(path)
    batch = native.run_many("".join(lines), 2)
    python = sudokit.solvers.PythonBackend()
    bad = 0
    start = time.perf_counter()
    for i, text in enumerate(lines):
        cells = [0 if ch in ".0" else int(ch) for ch in text]
        theirs = python.run(SHAPE, cells, 2)
        ours = batch.solution(i)
        same_count = theirs.count == batch.counts[i]
        same_solution = theirs.count != 1 or (
            ours is not None and [int(ch) for ch in ours] == theirs.solution
        )
        if not (same_count and same_solution):
            bad += 1
            if bad <= 3:
                print(f"  {name}: disagreement on {text}", file=sys.stderr)
    took = time.perf_counter() - start
    return f"{name}: {len(lines):,} puzzles, {bad} disagreements ({took:.0f} s)"


def compiler() -> str | None:
    for name in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if name and shutil.which(name):
            return name
    return None


def ablation(sets: list[tuple[str, Path]], markdown: bool, repeat: int, cap: float) -> str:
    cc = compiler()
    if cc is None:
        return "ablation: no C compiler found"
    version = subprocess.run([cc, "--version"], capture_output=True, text=True).stdout
    rows: list[list[str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, flags in ABLATION:
            exe = Path(tmp) / f"driver{len(rows)}"
            cmd = [cc, "-O3", *flags.split(), "-o", str(exe)]
            cmd += [str(NATIVE_DIR / "driver.c"), str(NATIVE_DIR / "solver.c")]
            subprocess.run(cmd, check=True)
            row = [label]
            for _, path in sets:
                try:
                    out = subprocess.run(
                        [str(exe), str(path), "2", str(repeat)],
                        capture_output=True,
                        text=True,
                        timeout=cap,
                        check=True,
                    ).stdout.split()
                except subprocess.TimeoutExpired:
                    row.append(f"> {cap:.0f} s")
                    continue
                n, seconds, guesses = int(out[0]), float(out[1]), int(out[2])
                row.append(f"{fmt_num(n / seconds)} ({guesses / n:.1f})")
            rows.append(row)
            print(f"  ablation: {label} done", file=sys.stderr)
    headers = ["C core, -O3, CPU time: puzzles/s (guesses/puzzle)"] + [n for n, _ in sets]
    note = f"compiler: {version.splitlines()[0] if version else cc}"
    table = render_table(headers, rows, right=[False] + [True] * len(sets), markdown=markdown)
    return f"{table}\n\n{note}"


def tdoku_table(
    sets: list[tuple[str, Path]], lib: Path, repeat: int, min_time: float, markdown: bool
) -> str:
    """Count to 2, puzzle by puzzle through ctypes: tdoku against sudokit's core."""
    tdoku = ctypes.CDLL(str(lib.resolve())).TdokuSolverDpllTriadSimd
    tdoku.restype = ctypes.c_size_t
    tdoku.argtypes = [
        ctypes.c_char_p,
        ctypes.c_size_t,
        ctypes.c_uint32,
        ctypes.c_char_p,
        ctypes.POINTER(ctypes.c_size_t),
    ]
    assert native._core is not None
    core = ctypes.CDLL(native._core.__file__).sk_search
    core.restype = ctypes.c_uint64
    core.argtypes = [
        ctypes.c_char_p,
        ctypes.c_uint64,
        ctypes.c_char_p,
        ctypes.POINTER(ctypes.c_uint64),
    ]
    out = ctypes.create_string_buffer(82)
    g_tdoku, g_core = ctypes.c_size_t(), ctypes.c_uint64()
    rows = []
    for name, path in sets:
        lines = read_records(path)
        # tdoku reads 81 symbols and a terminator ('.' for empty); sudokit cell values
        texts = [line.replace("0", ".").encode("ascii") for line in lines]
        cells = [bytes(0 if ch in ".0" else int(ch) for ch in line) for line in lines]
        theirs = [tdoku(t, 2, 0, out, ctypes.byref(g_tdoku)) for t in texts]
        ours = [core(c, 2, out, ctypes.byref(g_core)) for c in cells]
        differ = sum(a != b for a, b in zip(theirs, ours, strict=True))

        def run_tdoku(texts: list[bytes] = texts) -> None:
            for t in texts:
                tdoku(t, 2, 0, out, ctypes.byref(g_tdoku))

        def run_core(cells: list[bytes] = cells) -> None:
            for c in cells:
                core(c, 2, out, ctypes.byref(g_core))

        t_cpu = best_time(run_tdoku, repeat, min_time)[1]
        s_cpu = best_time(run_core, repeat, min_time)[1]
        rows.append(
            [
                name,
                f"{len(lines):,}",
                fmt_num(len(lines) / s_cpu),
                fmt_num(len(lines) / t_cpu),
                f"{s_cpu / t_cpu:.2f}",
                "" if not differ else f"{differ} COUNTS DIFFER",
            ]
        )
    headers = ["data set", "puzzles", "sudokit /s", "tdoku /s", "time ratio", ""]
    table = render_table(headers, rows, right=[False] + [True] * 4 + [False], markdown=markdown)
    return f"count to 2, one call per puzzle through ctypes, CPU time:\n{table}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, help="data folder")
    parser.add_argument("--sets", default="", help="comma-separated parts of set names")
    parser.add_argument("--repeat", type=int, default=3, help="timed rounds, best kept")
    parser.add_argument("--min-time", type=float, default=0.3, help="seconds per round")
    parser.add_argument("--markdown", action="store_true", help="pipe tables")
    parser.add_argument("--ablation", action="store_true", help="also the ablation table")
    parser.add_argument("--ablation-cap", type=float, default=300, help="seconds per cell")
    parser.add_argument("--agree", action="store_true", help="full agreement with Python")
    parser.add_argument(
        "--tdoku",
        type=Path,
        metavar="LIB",
        help="a tdoku shared library you built (exports TdokuSolverDpllTriadSimd)",
    )
    args = parser.parse_args(argv)

    if not native.AVAILABLE:
        print("the C core (sudokit._native) is not built: nothing to measure", file=sys.stderr)
        return 1
    if backend_for(SHAPE).name != "native":
        print("note: SUDOKIT_BACKEND overrides the C core for per-call timings", file=sys.stderr)
    wanted = [w for w in args.sets.split(",") if w]
    sets = [
        (d.name, args.data / d.name)
        for d in DATASETS
        if (args.data / d.name).is_file() and (not wanted or any(w in d.name for w in wanted))
    ]
    if not sets:
        print(f"no data sets found in {args.data}", file=sys.stderr)
        return 1

    info = machine_info()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"machine: {info['cpu']}, {info['cores']} cores, load average {load}")
    print(f"python: {info['python']}")
    print(f"C core: {native.BUILD}; sudokit {sudokit.__version__}; one core, one process\n")

    results = []
    for name, path in sets:
        results.append(bench_set(name, path, args.repeat, args.min_time))
        r = results[-1]
        counts = ", ".join(f"{k}: {v:,}" for k, v in sorted(r.counts.items()))
        status = "all solutions valid" if not r.wrong else f"{r.wrong} WRONG SOLUTIONS"
        print(f"  {name}: {status}; counts (limit 2) {counts}", file=sys.stderr)
    print(throughput_table(results, args.markdown))

    if args.tdoku is not None:
        print()
        print(tdoku_table(sets, args.tdoku, args.repeat, args.min_time, args.markdown))
    if args.ablation:
        print()
        print(ablation(sets, args.markdown, args.repeat, args.ablation_cap))
    if args.agree:
        print()
        for name, path in sets:
            print(agree(name, path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
