"""PDF puzzle books: time, CPU and peak memory of ``sudokit print`` by book size.

Each book is made by a fresh ``sudokit print`` process (so its peak resident memory is its
own), from a file of generated 9×9 puzzles (graded and solved while printing) and, for
comparison, generated on the fly with ``-n``. The table shows how time and memory grow
with the number of puzzles: pages are drawn as puzzles come, so memory should stay
nearly flat.

    .venv/bin/python benchmarks/bench_print.py                 # 100 and 1,000 puzzles
    .venv/bin/python benchmarks/bench_print.py --counts 50,500 --per-page 6
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SUDOKIT = [sys.executable, "-m", "sudokit"]


def _run(args: list[str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak RSS (MiB) of one child process."""
    start = time.perf_counter()
    # A fresh process per book, waited for with wait4 so its own peak RSS is reported.
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        err = proc.stderr.read().decode() if proc.stderr else ""
        raise SystemExit(f"failed: {' '.join(args)}\n{err}")
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, usage.ru_maxrss / 1024


def _pages(path: Path) -> int:
    try:
        from pypdf import PdfReader
    except ImportError:
        return -1
    return len(PdfReader(path).pages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", default="100,1000", help="book sizes, comma-separated")
    parser.add_argument("--per-page", default="4", choices=["1", "2", "4", "6"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts = [int(c) for c in args.counts.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        source = folder / "puzzles.txt"
        with source.open("w") as out:
            subprocess.run(
                [*SUDOKIT, "generate", "-n", str(max(counts)), "--seed", str(args.seed)],
                stdout=out,
                check=True,
            )
        lines = source.read_text().splitlines()
        # Baseline: the interpreter and the imports alone.
        base = _run([*SUDOKIT, "print", "--help"])
        rows.append(("python + imports (print --help)", 0, 0, base))
        for count in counts:
            part = folder / f"p{count}.txt"
            part.write_text("\n".join(lines[:count]) + "\n")
            pdf = folder / f"f{count}.pdf"
            measured = _run(
                [*SUDOKIT, "print", "-f", str(part), "-o", str(pdf), "--per-page", args.per_page]
            )
            rows.append((f"-f file, graded, {count} puzzles", count, _pages(pdf), measured))
            pdf = folder / f"n{count}.pdf"
            measured = _run(
                [*SUDOKIT, "print", "-n", str(count), "--seed", str(args.seed), "-o", str(pdf),
                 "--per-page", args.per_page]
            )  # fmt: skip
            rows.append((f"-n {count} (generated, graded)", count, _pages(pdf), measured))
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, --per-page {args.per_page}")
    print()
    print("| book | puzzles | pages | wall s | CPU s | CPU ms/puzzle | peak RSS MiB |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, count, pages, (wall, cpu, rss) in rows:
        per = f"{1000 * (cpu - base[1]) / count:.1f}" if count else "—"
        shown = str(pages) if count else "—"
        print(f"| {name} | {count:,} | {shown} | {wall:.2f} | {cpu:.2f} | {per} | {rss:.0f} |")


if __name__ == "__main__":
    main()
