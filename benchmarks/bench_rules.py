"""Variant rules: counting to 2 per 9×9 puzzle in the C core, in pure Python and in a
general constraint solver (OR-Tools CP-SAT), on the same puzzles.

    python benchmarks/bench_rules.py                 # 50 puzzles per rules, seed 1
    python benchmarks/bench_rules.py --puzzles 20 --markdown

Puzzles: per rules, a random solution of the empty grid (the pure-Python engine, from the
seed) carved by the C core into a minimal unique puzzle (every clue needed). Each
contender counts every puzzle's solutions to 2; CPU seconds (``time.process_time``) per
puzzle, the whole set timed at once (C: best of 3 passes); the C core's guesses (trial
assignments at branch points) per puzzle, and CP-SAT's branches and conflicts, compare
the search trees. CP-SAT runs with one worker
and counts by enumerating solutions until the second; its time includes building the
model. Install it only to compare (``pip install ortools``; it is not a dependency); the
column is left out without it. Benchmarks are not tests: a disagreement is reported.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

from _common import cpsat_count, render_table
from sudokit.geometry import Rules
from sudokit.solvers import native
from sudokit.solvers.general import engine

JIGSAW_9 = "AABBBBCCCAABBBBCCCAAAAABDCDEEEFFFDCDEEFFFFDCDEEEEFFDDDGGGHHHHIIGGGHIIIIIGGGHHHHII"

RULES = [
    "9",
    "9+x",
    "9+windoku",
    "9+jigsaw:" + JIGSAW_9,
    "9+anti-knight",
    "9+anti-king",
    "9+non-consecutive",
    "9+x+anti-knight",
    "9+x+windoku",
    "9+x+jigsaw:" + JIGSAW_9,
]


def puzzles(rules: Rules, count: int, seed: int) -> list[list[int]]:
    core = native._core
    assert core is not None
    rng = random.Random(seed)
    geo = native.geometry(rules)
    out = []
    for _ in range(count):
        full = engine(rules).random_fill(rng)
        assert full is not None
        order = [(c,) for c in range(rules.ncells)]
        rng.shuffle(order)
        out.append(core.carve(geo, full, order, 0))
    return out


def cpu(call: Callable[..., object], *args: object) -> float:
    start = time.process_time()
    call(*args)
    return time.process_time() - start


def c_counts(rules: Rules, grids: Sequence[list[int]]) -> list[int]:
    core = native._core
    assert core is not None
    geo = native.geometry(rules) if rules.variants else None
    if geo is None:
        return [core.search(g, 2)[0] for g in grids]
    return [core.search(g, 2, geo)[0] for g in grids]


def c_guesses(rules: Rules, grids: Sequence[list[int]]) -> float:
    core = native._core
    assert core is not None
    geo = native.geometry(rules) if rules.variants else None
    if geo is None:
        return sum(core.search(g, 2)[2] for g in grids) / len(grids)
    return sum(core.search(g, 2, geo)[2] for g in grids) / len(grids)


def python_counts(rules: Rules, grids: Sequence[list[int]]) -> list[int]:
    if rules.classic:
        from sudokit.solvers import fast

        return [fast.engine(rules.shape).run(g, 2).count for g in grids]
    return [engine(rules).run(g, 2).count for g in grids]


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args(argv)
    if native._core is None:
        raise SystemExit("bench_rules needs the C core")
    try:
        import ortools.sat.python.cp_model  # type: ignore[import-not-found]  # noqa: F401

        have_cpsat = True
    except ImportError:
        have_cpsat = False
    rows = []
    for code in RULES:
        rules = Rules.parse(code)
        grids = puzzles(rules, args.puzzles, args.seed)
        k = len(grids)
        expected = c_counts(rules, grids)
        c_time = min(cpu(c_counts, rules, grids) for _ in range(3)) / k
        py_counts: list[int] = []
        py_time = cpu(lambda: py_counts.extend(python_counts(rules, grids))) / k  # noqa: B023
        row = [
            rules.name,
            f"{sum(sum(1 for v in g if v) for g in grids) / k:.1f}",
            f"{c_guesses(rules, grids):,.0f}",
            f"{c_time * 1e6:,.0f}",
            f"{py_time * 1e3:,.2f}",
            f"{py_time / c_time:,.0f}×",
        ]
        bad = py_counts != expected
        if have_cpsat:
            sat_counts: list[int] = []
            tree: list[tuple[int, int]] = []
            sat_time = (
                cpu(lambda: sat_counts.extend(cpsat_count(rules, g, tree) for g in grids))  # noqa: B023
                / k
            )
            row += [
                f"{sum(t[0] for t in tree) / k:,.0f}",
                f"{sum(t[1] for t in tree) / k:,.0f}",
                f"{sat_time * 1e3:,.2f}",
                f"{sat_time / c_time:,.0f}×",
            ]
            bad = bad or sat_counts != expected
        row.append("DISAGREE" if bad else "ok")
        rows.append(row)
    headers = ["rules", "clues", "C guesses", "C µs", "Python ms", "Python/C"]
    if have_cpsat:
        headers += ["CP-SAT branches", "CP-SAT conflicts", "CP-SAT ms", "CP-SAT/C"]
    headers.append("counts")
    print(
        f"{args.puzzles} minimal unique 9×9 puzzles per rules (seed {args.seed}), "
        "count to 2, CPU per puzzle"
    )
    print(
        render_table(
            headers, rows, right=[False] + [True] * (len(headers) - 1), markdown=args.markdown
        )
    )


if __name__ == "__main__":
    main()
