"""Big grids: 12×12 and 16×16 generation and solution counting, C core and pure Python.

    python benchmarks/bench_big.py                       # 100 seeds, 1,000 puzzles per size
    python benchmarks/bench_big.py --seeds 30 --puzzles 300 --python-seeds 5

(a) ``generate(size, seed=s)`` for the seeds ``0..K-1``; (b) random puzzles: a random
valid grid with 50-70 % of its cells blanked at random (some have one solution, most
several), each counted to 2, in one or more sets (``--puzzle-seeds``). Every call is
timed in CPU seconds (``time.process_time``), so other work on the machine does not
count; the table gives median, p95 (generation) or p99 (counting), max and the calls that
took half a second or more. The pure-Python backend runs on as many (a few minutes in all)
unless its options ask for fewer, the same first ones, so the rows compare like with like.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable, Sequence

from _common import percentile, render_table
from sudokit import count_solutions, generate
from sudokit.geometry import Shape
from sudokit.grid import Grid
from sudokit.solvers import backend_for, fast
from sudokit.solvers.fast import engine


def random_puzzles(size: int, count: int, seed: int = 2024) -> list[Grid]:
    """Random valid grids of ``size``, each blanked 50-70 % at random."""
    shape = Shape.of(size)
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cells = engine(shape).random_fill(rng)
        blanks = round(shape.ncells * rng.uniform(0.5, 0.7))
        for c in rng.sample(range(shape.ncells), blanks):
            cells[c] = 0
        out.append(Grid(shape, cells))
    return out


def timed(calls: Sequence[Callable[[], object]]) -> list[float]:
    out = []
    for call in calls:
        start = time.process_time()
        call()
        out.append(time.process_time() - start)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="12,16")
    ap.add_argument("--seeds", type=int, default=100, help="generate() seeds per size (C)")
    ap.add_argument("--puzzles", type=int, default=1000, help="random puzzles per size and set (C)")
    ap.add_argument(
        "--puzzle-seeds",
        default="2024",
        help="seeds of the random puzzle sets, comma-separated (e.g. 2024,11,7,3,5,101,102,"
        "103,104,105 for the 20,000 puzzles of docs/solver.md)",
    )
    ap.add_argument("--python-seeds", type=int, default=100)
    ap.add_argument("--python-puzzles", type=int, default=1000)
    ap.add_argument(
        "--singles",
        action="store_true",
        help="add the pure-Python backend with singles only (before locked candidates)",
    )
    args = ap.parse_args(argv)
    rows = []
    locked_from = fast.LOCKED_FROM
    for size in (int(s) for s in args.sizes.split(",")):
        puzzles = [
            p
            for seed in (int(x) for x in args.puzzle_seeds.split(","))
            for p in random_puzzles(size, args.puzzles, seed)
        ]
        variants = [
            ("native", args.seeds, len(puzzles)),
            ("python", args.python_seeds, args.python_puzzles),
        ]
        if args.singles:
            variants.append(("python singles", args.python_seeds, args.python_puzzles))
        for backend, seeds, count in variants:
            os.environ["SUDOKIT_BACKEND"] = backend.split()[0]
            # The engines are cached per shape: rebuild them for the propagation asked for.
            fast.LOCKED_FROM = 99 if backend.endswith("singles") else locked_from
            fast.engine.cache_clear()
            assert backend_for(Shape.of(size)).name == backend.split()[0], backend
            gen = timed([lambda n=size, s=s: generate(n, seed=s) for s in range(seeds)])
            counts: list[int] = []
            solve = timed(
                [lambda p=p, out=counts: out.append(count_solutions(p, 2)) for p in puzzles[:count]]
            )
            unique = sum(c == 1 for c in counts)
            runs = (
                ("generate", gen, "p95", 95),
                (f"count ({unique} of {len(counts)} unique)", solve, "p99", 99),
            )
            for task, times, tail, q in runs:
                if not times:
                    continue
                rows.append(
                    [
                        f"{size}×{size}",
                        backend,
                        task,
                        str(len(times)),
                        f"{statistics.median(times) * 1000:.1f}",
                        f"{tail} {percentile(times, q) * 1000:.1f}",
                        f"{max(times) * 1000:.1f}",
                        str(sum(t >= 0.5 for t in times)),
                    ]
                )
    os.environ.pop("SUDOKIT_BACKEND", None)
    header = ["size", "backend", "task", "n", "median ms", "tail ms", "max ms", "≥ 0.5 s"]
    print(render_table(header, rows))


if __name__ == "__main__":
    main()
