"""Generation speed: seconds per puzzle and clue counts, by size, symmetry and difficulty.

    python benchmarks/bench_generate.py                 # sizes 4, 6, 9, 12; 30 seeds each
    python benchmarks/bench_generate.py -k 100 --sizes 9 --symmetries rot180,none
    python benchmarks/bench_generate.py --big           # adds 16×16 (slow: seconds per puzzle)

For every combination, ``sudokit.generate(size, seed=s, symmetry=..., difficulty=...)``
runs for the seeds ``0..K-1`` and each call is timed on its own (``time.perf_counter``);
the table gives the median and 90th percentile per puzzle in milliseconds (the JSON keeps
seconds), and the clue counts.
The same seeds give the same puzzles with any backend, so runs are comparable.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from _common import fmt_num, machine_info, percentile, render_table
from sudokit import generate
from sudokit.generator import DIFFICULTIES, SYMMETRIES
from sudokit.geometry import Shape
from sudokit.solvers import backend_for

DEFAULT_K = 30
DEFAULT_BIG_K = 5
DIFFICULTY_ORDER = ("easy", "medium", "hard")


@dataclass(slots=True)
class Row:
    size: int
    symmetry: str
    difficulty: str
    puzzles: int
    median_s: float
    p90_s: float
    mean_clues: float
    min_clues: int
    max_clues: int
    total_s: float


def measure(size: int, symmetry: str, difficulty: str, k: int) -> Row:
    seconds: list[float] = []
    clues: list[int] = []
    for seed in range(k):
        t0 = time.perf_counter()
        grid = generate(size, seed=seed, symmetry=symmetry, difficulty=difficulty)
        seconds.append(time.perf_counter() - t0)
        clues.append(grid.clue_count)
    return Row(
        size=size,
        symmetry=symmetry,
        difficulty=difficulty,
        puzzles=k,
        median_s=statistics.median(seconds),
        p90_s=percentile(seconds, 90),
        mean_clues=statistics.fmean(clues),
        min_clues=min(clues),
        max_clues=max(clues),
        total_s=sum(seconds),
    )


def _names(spec: str | None, known: Sequence[str], what: str) -> list[str]:
    if not spec:
        return list(known)
    names = [s.strip() for s in spec.split(",") if s.strip()]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise SystemExit(f"unknown {what}: {', '.join(unknown)} (choose from {', '.join(known)})")
    return names


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "-k",
        "--count",
        type=int,
        default=DEFAULT_K,
        help=f"puzzles per combination, seeds 0..K-1 (default {DEFAULT_K})",
    )
    p.add_argument("--sizes", help="comma-separated sizes (default 4,6,9,12; 16 with --big)")
    p.add_argument("--big", action="store_true", help="add 16×16")
    p.add_argument(
        "--big-count",
        type=int,
        default=DEFAULT_BIG_K,
        help=f"puzzles per combination for 16×16 (default {DEFAULT_BIG_K})",
    )
    p.add_argument("--symmetries", help="comma-separated, default all: " + ", ".join(SYMMETRIES))
    p.add_argument(
        "--difficulties", help="comma-separated, default all: " + ", ".join(DIFFICULTY_ORDER)
    )
    p.add_argument("--markdown", action="store_true", help="print a markdown pipe table")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write raw results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = p.parse_args(argv)
    if args.count < 1 or args.big_count < 1:
        p.error("counts must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else [4, 6, 9, 12]
    if args.big and 16 not in sizes:
        sizes.append(16)
    for s in sizes:
        Shape.of(s)  # unsupported sizes fail here, before any work
    symmetries = _names(args.symmetries, list(SYMMETRIES), "symmetry")
    known_difficulties = [d for d in DIFFICULTY_ORDER if d in DIFFICULTIES]
    difficulties = _names(args.difficulties, known_difficulties, "difficulty")

    rows: list[Row] = []
    for size in sizes:
        k = args.big_count if size == 16 else args.count
        generate(size, seed=-1, difficulty="easy")  # untimed: builds the shape's tables
        for symmetry in symmetries:
            for difficulty in difficulties:
                row = measure(size, symmetry, difficulty, k)
                rows.append(row)
                if not args.quiet:
                    print(
                        f"{size}×{size} {symmetry:<8} {difficulty:<6} {row.total_s:7.2f} s",
                        file=sys.stderr,
                        flush=True,
                    )

    info = machine_info()
    backends = ", ".join(f"{s}×{s}: {backend_for(Shape.of(s)).name}" for s in sizes)
    head = [
        f"machine: {info['platform']}",
        f"cpu: {info['cpu']}, cores: {info['cores']}",
        f"python: {info['python']}",
        f"backends: {backends}",
        f"seeds 0..{args.count - 1}"
        + (f" (16×16: 0..{args.big_count - 1})" if 16 in sizes else ""),
    ]
    headers = [
        "size",
        "symmetry",
        "difficulty",
        "puzzles",
        "median ms",
        "p90 ms",
        "mean clues",
        "clues min-max",
    ]
    body = [
        [
            f"{r.size}×{r.size}",
            r.symmetry,
            r.difficulty,
            str(r.puzzles),
            fmt_num(r.median_s * 1e3),
            fmt_num(r.p90_s * 1e3),
            f"{r.mean_clues:.1f}",
            f"{r.min_clues}-{r.max_clues}",
        ]
        for r in rows
    ]
    right = [False, False, False, True, True, True, True, True]
    print("\n".join(("- " + h) if args.markdown else h for h in head))
    print()
    print(render_table(headers, body, right=right, markdown=args.markdown))
    if args.json:
        payload = {"machine": info, "backends": backends, "results": [asdict(r) for r in rows]}
        args.json.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
