"""Killer sudoku: counting to 2 per puzzle in the C core, in pure Python and in a general
constraint solver (OR-Tools CP-SAT), on the same puzzles.

    python benchmarks/bench_killer.py                       # Solo's killers, 30 per kind, seed 1
    python benchmarks/bench_killer.py --puzzles 50 --seed 7 --generated --markdown

Puzzles, made at bench time from the seed:

- Simon Tatham's Solo (``sgt-solo --generate N 'PARAMS#SEED'``, Debian's sgt-puzzles):
  9×9 killers with no givens at Solo's default level (``3x3k``) and at its hardest
  (``3x3kdu``, "unreasonable"), killer-X (``3x3xk``) and jigsaw killer (``9jk``); skipped
  with a message when ``sgt-solo`` is not installed;
- with ``--generated``: sudokit's own killers (:func:`sudokit.generate` with
  ``variant="killer"``, seeds from ``--seed``), which are unique by construction.

Each contender counts every puzzle's solutions to 2 (solves it and proves it unique);
CPU seconds (``time.process_time``) per puzzle, median, 95th percentile and maximum.
C: the search call alone, best of 3 (the rules' tables are built once per rules and
reported apart, ``tables``); Python: the pure engine's count, its per-rules set-up
done before; CP-SAT: one worker, counting by enumerating solutions until the second,
time including building the model (``pip install ortools`` to compare; it is not a
dependency, and the columns are left out without it). Ratios are of medians measured
in the same run. Benchmarks are not tests: a disagreement is reported, not raised.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from _common import cpsat_count, render_table
from sudokit.formats.solo import parse_solo
from sudokit.grid import Grid
from sudokit.solvers import native
from sudokit.solvers.general import engine

#: Solo's parameters per row: a label and the parameter string (the seed goes after '#').
SOLO_KINDS = [
    ("Solo 3x3k", "3x3k"),
    ("Solo 3x3k unreasonable", "3x3kdu"),
    ("Solo 3x3xk (killer-X)", "3x3xk"),
    ("Solo 9jk (jigsaw killer)", "3x3jk"),
]


def solo_program() -> str | None:
    return shutil.which("sgt-solo") or shutil.which("sgt-solo", path="/usr/games")


def solo_puzzles(program: str, params: str, count: int, seed: int) -> list[Grid]:
    """``count`` puzzles from Solo, the same for the same seed and Solo version."""
    out = subprocess.run(
        [program, "--generate", str(count), f"{params}#{seed}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [parse_solo(line) for line in out.splitlines() if line.strip()]


def generated_puzzles(count: int, seed: int) -> list[Grid]:
    from sudokit import generate

    return [generate(9, variant="killer", seed=seed * 100_003 + i) for i in range(count)]


def cpu(call: Callable[[], object]) -> float:
    start = time.process_time()
    call()
    return time.process_time() - start


def c_count(grid: Grid) -> tuple[int, int]:
    core = native._core
    assert core is not None
    count, _, guesses = core.search(grid.cells, 2, native.geometry(grid.rules))
    return count, guesses


@dataclass
class Times:
    """CPU seconds per puzzle of one contender on one set."""

    seconds: list[float]

    def median(self) -> float:
        return statistics.median(self.seconds)

    def p95(self) -> float:
        ordered = sorted(self.seconds)
        return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]

    def max(self) -> float:
        return max(self.seconds)


def measure(grids: Sequence[Grid], have_cpsat: bool) -> dict[str, object]:
    tables = []
    for grid in grids:
        # The tables made afresh (geometry() keeps them on the rules once made).
        build = native._geometry.__wrapped__  # type: ignore[attr-defined]
        tables.append(cpu(lambda: build(grid.rules)))  # noqa: B023
    expected = [c_count(g) for g in grids]
    c_times = Times([min(cpu(lambda: c_count(g)) for _ in range(3)) for g in grids])  # noqa: B023
    engines = {g.rules: engine(g.rules) for g in grids}
    py_counts: list[int] = []
    py_seconds = []
    for g in grids:
        e = engines[g.rules]
        py_seconds.append(cpu(lambda: py_counts.append(e.run(list(g.cells), 2).count)))  # noqa: B023
    result: dict[str, object] = {
        "counts": [c for c, _ in expected],
        "guesses": statistics.median(gs for _, gs in expected),
        "tables": statistics.median(tables),
        "c": c_times,
        "python": Times(py_seconds),
        "agree": py_counts == [c for c, _ in expected],
    }
    if have_cpsat:
        sat_counts: list[int] = []
        sat = Times([cpu(lambda: sat_counts.append(cpsat_count(g.rules, g.cells))) for g in grids])  # noqa: B023
        result["cpsat"] = sat
        result["agree"] = result["agree"] and sat_counts == result["counts"]
    return result


def us(seconds: float) -> str:
    return f"{seconds * 1e6:,.0f}"


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:,.2f}"


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", type=int, default=30, help="puzzles per kind (default 30)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--generated", action="store_true", help="add sudokit's own killers (generate)")
    ap.add_argument("--no-solo", action="store_true", help="leave Solo's puzzles out")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args(argv)
    if native._core is None:
        raise SystemExit("bench_killer needs the C core")
    try:
        import ortools.sat.python.cp_model  # type: ignore[import-not-found]  # noqa: F401

        have_cpsat = True
    except ImportError:
        have_cpsat = False
        print("(CP-SAT left out: ortools is not installed)")
    sets: list[tuple[str, list[Grid]]] = []
    program = None if args.no_solo else solo_program()
    if program is None and not args.no_solo:
        print("(Solo's puzzles left out: sgt-solo is not installed; Debian: sgt-puzzles)")
    if program is not None:
        for label, params in SOLO_KINDS:
            sets.append((label, solo_puzzles(program, params, args.puzzles, args.seed)))
    if args.generated:
        sets.append(("sudokit generate killer", generated_puzzles(args.puzzles, args.seed)))
    if not sets:
        raise SystemExit("no puzzles: install sgt-solo or pass --generated")
    rows = []
    for label, grids in sets:
        r = measure(grids, have_cpsat)
        c, py = r["c"], r["python"]
        assert isinstance(c, Times) and isinstance(py, Times)
        counts = r["counts"]
        assert isinstance(counts, list)
        row = [
            label,
            str(len(grids)),
            f"{sum(1 for k in counts if k == 1)}/{len(grids)}",
            f"{r['guesses']:g}",
            us(float(r["tables"])),  # type: ignore[arg-type]
            us(c.median()),
            us(c.p95()),
            us(c.max()),
            ms(py.median()),
            ms(py.max()),
            f"{py.median() / c.median():,.0f}×",
        ]
        if have_cpsat:
            sat = r["cpsat"]
            assert isinstance(sat, Times)
            row += [ms(sat.median()), ms(sat.max()), f"{sat.median() / c.median():,.0f}×"]
        row.append("ok" if r["agree"] else "DISAGREE")
        rows.append(row)
    headers = ["puzzles", "n", "unique", "C guesses (median)", "tables µs"]
    headers += ["C µs median", "C µs p95", "C µs max", "Python ms median", "Python ms max"]
    headers += ["Python/C"]
    if have_cpsat:
        headers += ["CP-SAT ms median", "CP-SAT ms max", "CP-SAT/C"]
    headers.append("counts")
    print(
        f"9×9 killers, {args.puzzles} per kind (seed {args.seed}), count to 2, CPU time per puzzle"
    )
    print(
        render_table(
            headers, rows, right=[False] + [True] * (len(headers) - 1), markdown=args.markdown
        )
    )


if __name__ == "__main__":
    main()
