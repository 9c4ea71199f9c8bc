"""The command line against the batch API, per puzzle, start-up cancelled out.

For each set, ``sudokit count -f`` and ``sudokit solve -f`` run on N and on 2N puzzles
(child CPU time, user + system, best of ``--repeat``); the difference over N is the CLI's
marginal cost per puzzle, start-up excluded. The batch API's cost per puzzle
(``native.run_many`` on the same records, with the same limit: 2 for count, 1 for solve)
is timed in the same run, in this process. With ``--dask``, ``rate -f`` on a local
2-worker Dask cluster against ``--jobs 2``.

First the start-up table: the CPU of ``python -c pass``, ``import click``, ``import
sudokit`` and a one-puzzle ``sudokit solve LINE`` through the console script, each the
median of ``--startup-runs`` runs taken in turn, and each as a multiple of ``python -c
pass``. The children run with bytecode caching on (``PYTHONDONTWRITEBYTECODE`` dropped,
one warm-up run each), as an installed package starts.

    python benchmarks/bench_cli.py                 # magictour ×10, forum, 17-clue, easy
    python benchmarks/bench_cli.py --startup-only  # the start-up table alone
    python benchmarks/bench_cli.py -n 2000 --dask
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import DEFAULT_DATA_DIR
from sudokit.solvers import native

SETS = (
    ("magictour ×10", "puzzles3_magictour_top1465", 10),
    ("forum hardest", "puzzles6_forum_hardest_1106", 1),
    ("17-clue", "puzzles2_17_clue", 1),
    ("easy", "easy_generated_1000", 1),
)
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _lines(path: Path, copies: int) -> list[str]:
    lines = [s.strip() for s in path.read_text().splitlines()]
    return [s for s in lines if s and not s.startswith("#")] * copies


def _child_cpu(
    args: list[str], stdin: Path | None = None, env: dict[str, str] | None = None
) -> float:
    """CPU seconds (user + system) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stdin or os.devnull, "rb") as inp:
        subprocess.run(args, stdin=inp, stdout=subprocess.DEVNULL, env=env, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _console_script() -> list[str]:
    """The ``sudokit`` command as users run it: the console script installed beside this
    Python (its own start-up included), else ``python -m sudokit``."""
    script = Path(sys.executable).with_name("sudokit")
    return [sys.executable, str(script)] if script.exists() else [sys.executable, "-m", "sudokit"]


def startup_table(runs: int) -> None:
    """CPU of starting up, median of ``runs`` runs of each command taken in turn (a load
    that drifts during the run weighs on every row alike), and each over ``python -c pass``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    rows = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "import click": [sys.executable, "-c", "import click"],
        "import sudokit": [sys.executable, "-c", "import sudokit"],
        "sudokit solve LINE": [*_console_script(), "solve", PUZZLE],
    }
    times: dict[str, list[float]] = {label: [] for label in rows}
    for args in rows.values():
        _child_cpu(args, env=env)  # warm-up: bytecode written, files in the page cache
    for _ in range(runs):
        for label, args in rows.items():
            times[label].append(_child_cpu(args, env=env))
    bare = statistics.median(times["python -c pass"])
    print(f"start-up, CPU ms (user + system, median of {runs}):")
    for label, values in times.items():
        cpu = statistics.median(values)
        print(f"  {label:<20} {cpu * 1e3:7.1f}   {cpu / bare:5.2f}× python -c pass")


def _best(fn: object, repeat: int) -> float:
    return min(fn() for _ in range(repeat))  # type: ignore[operator]


def _api_cpu(data: bytes, limit: int, repeat: int) -> float:
    def once() -> float:
        start = time.process_time()
        native.run_many(data, limit)
        return time.process_time() - start

    return _best(once, repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=4000, help="puzzles per set (N; 2N also run)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR)
    parser.add_argument("--dask", action="store_true", help="also rate -f on Dask vs --jobs")
    parser.add_argument("--startup-runs", type=int, default=21, help="runs per start-up row")
    parser.add_argument("--startup-only", action="store_true", help="the start-up table alone")
    args = parser.parse_args()
    startup_table(args.startup_runs)
    if args.startup_only:
        return
    if not native.active():
        sys.exit("the C core is not active: nothing to compare")
    cli = [sys.executable, "-m", "sudokit"]
    print()
    header = f"{'set':<15} {'command':<6} {'CLI µs/puzzle':>14} {'API µs/puzzle':>14} {'ratio':>6}"
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory() as tmp:
        for name, file, copies in SETS:
            path = args.data / file
            if not path.exists():
                print(f"{name:<15} (missing: {path})")
                continue
            lines = _lines(path, copies)
            lines = (lines * (2 * args.n // max(1, len(lines)) + 1))[: 2 * args.n]
            small, big = Path(tmp, "n.txt"), Path(tmp, "2n.txt")
            small.write_text("\n".join(lines[: args.n]) + "\n")
            big.write_text("\n".join(lines) + "\n")
            for command, limit in (("count", 2), ("solve", 1)):
                run_small = [*cli, command, "-f", str(small)]
                run_big = [*cli, command, "-f", str(big)]
                t1 = _best(lambda a=run_small: _child_cpu(a), args.repeat)
                t2 = _best(lambda a=run_big: _child_cpu(a), args.repeat)
                marginal = (t2 - t1) / args.n
                data = "".join(lines[: args.n]).encode()
                api = _api_cpu(data, limit, args.repeat) / args.n
                print(
                    f"{name:<15} {command:<6} {marginal * 1e6:>14.2f} {api * 1e6:>14.2f} "
                    f"{marginal / api:>6.2f}"
                )
        if args.dask:
            path = args.data / "puzzles3_magictour_top1465"
            sample = Path(tmp, "rate.txt")
            sample.write_text("\n".join(_lines(path, 1)[:200]) + "\n")
            print()
            for label, extra in (
                ("--jobs 2", ["-j", "2"]),
                ("--dask local -j 2", ["--dask", "local", "-j", "2"]),
            ):
                start = time.perf_counter()
                subprocess.run(
                    [*cli, "rate", "-f", str(sample), *extra],
                    stdout=subprocess.DEVNULL,
                    check=False,
                )
                wall = time.perf_counter() - start
                rate = 200 / wall
                print(f"rate -f, 200 magictour puzzles, {label:<18} {rate:7.1f} puzzles/s (wall)")


if __name__ == "__main__":
    main()
