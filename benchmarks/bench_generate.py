"""Generation speed: CPU time per puzzle and clue counts, by size, symmetry and difficulty.

    python benchmarks/bench_generate.py                 # sizes 4, 6, 9, 12; 30 seeds each
    python benchmarks/bench_generate.py -k 100 --sizes 9 --symmetries rot180,none
    python benchmarks/bench_generate.py --big           # adds 16×16 (slow: seconds per puzzle)
    python benchmarks/bench_generate.py --sizes 9 --symmetries rot180 \
        --difficulties hard,expert,extreme --compare    # graded: screened against not
    python benchmarks/bench_generate.py --agreement 2000  # screen against engine
    python benchmarks/bench_generate.py --agreement-data ../shared/data/puzzles3_magictour_top1465
    python benchmarks/bench_generate.py --variants all -k 20 \
        --difficulties any,easy,medium,hard   # 9×9 variants: per variant and level

For every combination, ``sudokit.generate(size, seed=s, symmetry=..., difficulty=...)``
runs for the seeds ``0..K-1`` and each call is timed on its own (CPU time of the process,
``time.process_time``, so other work on a shared machine counts less); the table gives
the median, 95th percentile and maximum per puzzle in milliseconds (the JSON keeps
seconds), and the clue counts. Levels a size cannot reach are skipped.

``--compare`` also runs every graded combination with the generator's screens switched
off (each candidate graded in full, as before screening existed), interleaved seed by
seed so that both see the same machine load, and adds the unscreened median, p95 and
max, the ratio of the medians and how many seeds gave the same puzzle both ways.
``--agreement K`` instead draws K 9×9 candidates as graded generation does (before any
grading), or ``--agreement-data FILE`` reads the unique 9×9 puzzles of a file, and asks,
per level, whether the screen and the engine (``rate`` capped at the level) finish each:
their counts, the puzzles where they disagree (the screen's order-independence,
measured) and the mean CPU milliseconds of each.
``--variants x,jigsaw,x+anti-knight,...`` (``all``: every variant and a few
combinations) times variant puzzles instead, 9×9 unless ``--sizes`` says otherwise, per
variant and level (``any``: a minimal puzzle of any level, no grading); a level the
variant does not reach (``levels_for``) or the logic engine does not grade is skipped.
The same seeds give the same puzzles with any backend, so runs are comparable.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

from _common import fmt_num, load_set, machine_info, percentile, render_table
from sudokit import generate, generator
from sudokit.errors import GenerationError
from sudokit.generator import DIFFICULTIES, SYMMETRIES, levels_for
from sudokit.geometry import Rules, Shape
from sudokit.grid import Grid
from sudokit.solvers import backend_for

DEFAULT_K = 30
DEFAULT_BIG_K = 5
DIFFICULTY_ORDER = ("easy", "medium", "hard", "expert", "extreme")
DEFAULT_DIFFICULTIES = ("easy", "medium", "hard")
#: ``--variants all``: each variant, and the combinations people play most.
ALL_VARIANTS = (
    "x",
    "windoku",
    "jigsaw",
    "anti-knight",
    "anti-king",
    "non-consecutive",
    "x+anti-knight",
    "x+anti-king",
    "jigsaw+x",
    "jigsaw+windoku",
    "killer",
    "killer+x",
    "jigsaw+killer",
)


@dataclass(slots=True)
class Times:
    median_s: float
    p95_s: float
    max_s: float
    total_s: float

    @classmethod
    def of(cls, seconds: Sequence[float]) -> Times:
        return cls(statistics.median(seconds), percentile(seconds, 95), max(seconds), sum(seconds))


@dataclass(slots=True)
class Row:
    size: int
    symmetry: str
    difficulty: str
    puzzles: int
    times: Times
    mean_clues: float
    min_clues: int
    max_clues: int
    median_draws: float = 0.0
    unscreened: Times | None = None
    same_puzzles: int | None = None
    extra: dict[str, float] = field(default_factory=dict)
    variant: str = "classic"


@contextmanager
def unscreened() -> Iterator[None]:
    """The generator without its screens: every candidate graded in full."""
    names = vars(generator)
    saved = names["singles_finish"], names["stuck"]
    names["singles_finish"] = lambda grid: False
    names["stuck"] = lambda grid, level: ()  # never finished, and no position known
    try:
        yield
    finally:
        names["singles_finish"], names["stuck"] = saved


@contextmanager
def counting_draws(drawn: list[int]) -> Iterator[None]:
    """Count the candidate puzzles the generator draws (one ``_carve`` each) in
    ``drawn[0]``: a rare level costs its rarity in draws."""
    names = vars(generator)
    carve = names["_carve"]

    def counted(*args: object) -> Grid:
        drawn[0] += 1
        return carve(*args)  # type: ignore[no-any-return]

    names["_carve"] = counted
    try:
        yield
    finally:
        names["_carve"] = carve


def _timed(
    size: int, seed: int, symmetry: str, difficulty: str, variant: str | None = None
) -> tuple[float, str, int, int]:
    drawn = [0]
    level = None if difficulty == "any" else difficulty
    with counting_draws(drawn):
        t0 = time.process_time()
        grid = generate(size, seed=seed, symmetry=symmetry, difficulty=level, variant=variant)
        t = time.process_time() - t0
    return t, str(grid), grid.clue_count, drawn[0]


def measure(
    size: int, symmetry: str, difficulty: str, k: int, compare: bool, variant: str | None = None
) -> Row:
    seconds: list[float] = []
    before: list[float] = []
    clues: list[int] = []
    draws: list[int] = []
    same = 0
    for seed in range(k):
        t, puzzle, count, drawn = _timed(size, seed, symmetry, difficulty, variant)
        seconds.append(t)
        clues.append(count)
        draws.append(drawn)
        if compare:
            with unscreened():
                t, old, _, _ = _timed(size, seed, symmetry, difficulty)
            before.append(t)
            same += old == puzzle
    return Row(
        size=size,
        symmetry=symmetry,
        difficulty=difficulty,
        puzzles=k,
        times=Times.of(seconds),
        mean_clues=statistics.fmean(clues),
        min_clues=min(clues),
        max_clues=max(clues),
        median_draws=statistics.median(draws),
        unscreened=Times.of(before) if compare else None,
        same_puzzles=same if compare else None,
        variant=variant or "classic",
    )


def candidates(k: int) -> Iterator[Grid]:
    """``k`` 9×9 candidates as graded generation draws them (seed ``i``: the ``i``-th)."""
    shape = Shape.of(9)
    groups = generator.symmetry_groups(shape, "rot180")
    for seed in range(k):
        yield generator._carve(shape, random.Random(seed), groups, 0)


def agreement(grids: Iterable[Grid]) -> list[list[str]]:
    """Screen against engine on unique puzzles: per level, how many each finishes, and
    on how many they disagree."""
    from sudokit.logic import rate
    from sudokit.logic.screen import finishes, singles_finish

    levels = ("easy", "medium", "hard", "expert")
    done = {lv: [0, 0, 0, 0.0, 0.0] for lv in levels}  # engine, screen, differ, s, s
    k = 0
    for grid in grids:
        k += 1
        for lv in levels:
            t0 = time.process_time()
            screened = singles_finish(grid) if lv == "easy" else finishes(grid, lv)
            t1 = time.process_time()
            graded = rate(grid, max_level=lv, solutions=1).solved
            t2 = time.process_time()
            row = done[lv]
            row[0] += graded
            row[1] += screened
            row[2] += graded != screened
            row[3] += t1 - t0
            row[4] += t2 - t1
    return [
        [
            f"up to {lv}",
            str(k),
            str(int(a)),
            str(int(b)),
            str(int(d)),
            fmt_num(ts * 1e3 / k),
            fmt_num(tr * 1e3 / k),
        ]
        for lv, (a, b, d, ts, tr) in done.items()
    ]


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
        "--difficulties",
        help=f"comma-separated, from {', '.join(DIFFICULTY_ORDER)} "
        f"(default {','.join(DEFAULT_DIFFICULTIES)})",
    )
    p.add_argument(
        "--compare",
        action="store_true",
        help="also time each graded row with the screens off (as before screening)",
    )
    p.add_argument(
        "--agreement",
        type=int,
        metavar="K",
        help="instead: screen against engine on K 9×9 candidates, per level",
    )
    p.add_argument(
        "--agreement-data",
        type=Path,
        metavar="FILE",
        help="instead: screen against engine on the unique 9×9 puzzles of FILE",
    )
    p.add_argument(
        "--variants",
        metavar="V,V+W,...",
        help="instead: variant puzzles (9×9 unless --sizes), per variant and level; a "
        "combination joins its variants with '+'; 'all': " + ",".join(ALL_VARIANTS),
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
    if args.variants and not args.sizes:
        sizes = [9]
    if args.big and 16 not in sizes:
        sizes.append(16)
    for s in sizes:
        Shape.of(s)  # unsupported sizes fail here, before any work
    symmetries = _names(args.symmetries, list(SYMMETRIES), "symmetry")
    known_difficulties = [d for d in DIFFICULTY_ORDER if d in DIFFICULTIES]
    variants: list[str | None] = [None]
    if args.variants:
        known_difficulties.insert(0, "any")
        spec = ",".join(ALL_VARIANTS) if args.variants == "all" else args.variants
        asked = [v.strip() for v in spec.split(",") if v.strip()]
        for v in asked:
            generator.levels_for(9, v.replace("+", ","))  # an unknown name fails here
        variants = list(asked)
    difficulties = _names(
        args.difficulties or ",".join(DEFAULT_DIFFICULTIES), known_difficulties, "difficulty"
    )

    if args.agreement or args.agreement_data:
        headers = ["techniques", "puzzles", "engine finishes", "screen finishes"]
        headers += ["disagree", "screen ms", "engine ms"]
        if args.agreement_data:
            from sudokit import count_solutions

            grids, _ = load_set(args.agreement_data, None)
            table = agreement(g for g in grids if count_solutions(g) == 1)
        else:
            table = agreement(candidates(args.agreement))
        print(render_table(headers, table, right=[False] + [True] * 6, markdown=args.markdown))
        return 0

    rows: list[Row] = []
    for size in sizes:
        k = args.big_count if size == 16 else args.count
        generate(size, seed=-1, difficulty="easy")  # untimed: builds the shape's tables
        for variant in variants:
            names = variant.replace("+", ",") if variant else None
            reach = ("any", *levels_for(size, names)) if names else levels_for(size)
            for symmetry in symmetries:
                for difficulty in difficulties:
                    if difficulty not in reach:
                        continue
                    try:
                        row = measure(size, symmetry, difficulty, k, args.compare, names)
                    except GenerationError as err:  # rules no grid keeps, levels not graded
                        if not args.quiet:
                            print(f"{variant} {size}×{size} {difficulty}: {err}", file=sys.stderr)
                        continue
                    rows.append(row)
                    if not args.quiet:
                        print(
                            f"{variant or ''} {size}×{size} {symmetry:<8} {difficulty:<7} "
                            f"{row.times.total_s:7.2f} s",
                            file=sys.stderr,
                            flush=True,
                        )

    info = machine_info()
    backends = ", ".join(f"{s}×{s}: {backend_for(Shape.of(s)).name}" for s in sizes)
    if args.variants:
        backends += "; variants: " + backend_for(Rules.make(9, ["x"])).name
    head = [
        f"machine: {info['platform']}",
        f"cpu: {info['cpu']}, cores: {info['cores']}",
        f"python: {info['python']}",
        f"backends: {backends}",
        "times: CPU seconds of this process per generate() call",
        f"seeds 0..{args.count - 1}"
        + (f" (16×16: 0..{args.big_count - 1})" if 16 in sizes else ""),
    ]
    headers = [
        "variant",
        "size",
        "symmetry",
        "difficulty",
        "puzzles",
        "median ms",
        "p95 ms",
        "max ms",
        "mean clues",
        "clues min-max",
        "median draws",
    ]
    compared = any(r.unscreened is not None for r in rows)
    if compared:
        headers += ["unscreened median ms", "p95 ms", "max ms", "median ratio", "same puzzles"]

    def ms(x: float) -> str:
        return fmt_num(x * 1e3)

    body = []
    for r in rows:
        line = [
            r.variant.replace(",", "+"),
            f"{r.size}×{r.size}",
            r.symmetry,
            r.difficulty,
            str(r.puzzles),
            ms(r.times.median_s),
            ms(r.times.p95_s),
            ms(r.times.max_s),
            f"{r.mean_clues:.1f}",
            f"{r.min_clues}-{r.max_clues}",
            f"{r.median_draws:g}",
        ]
        if compared:
            u = r.unscreened
            line += (
                [
                    ms(u.median_s),
                    ms(u.p95_s),
                    ms(u.max_s),
                    f"{u.median_s / r.times.median_s:.1f}×",
                    f"{r.same_puzzles}/{r.puzzles}",
                ]
                if u is not None
                else ["—"] * 5
            )
        body.append(line)
    right = [False, False, False, False] + [True] * (len(headers) - 4)
    print("\n".join(("- " + h) if args.markdown else h for h in head))
    print()
    print(render_table(headers, body, right=right, markdown=args.markdown))
    if args.json:
        payload = {"machine": info, "backends": backends, "results": [asdict(r) for r in rows]}
        args.json.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
