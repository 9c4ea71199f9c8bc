"""Shared pieces of the benchmark scripts: data sets, an independent checker, the
machine header, and table output.

Nothing here imports a solver: the checker in particular is written from the rules of
the game alone, so that it can judge every solver, sudokit's included.
"""

from __future__ import annotations

import itertools
import math
import os
import platform
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from sudokit import read_puzzles
from sudokit.geometry import Rules
from sudokit.grid import Grid

REPO_ROOT = Path(__file__).resolve().parent.parent
#: Where the data sets live unless ``--data`` says otherwise (outside the repository).
DEFAULT_DATA_DIR = REPO_ROOT.parent / "shared" / "data"


@dataclass(frozen=True, slots=True)
class Dataset:
    """One 9×9 puzzle file of the benchmark."""

    name: str
    label: str
    #: Every puzzle has several solutions: only meaningful when counting to 2.
    count_only: bool = False


DATASETS: tuple[Dataset, ...] = (
    Dataset("easy_generated_1000", "easy (kaggle-style stand-in)"),
    Dataset("puzzles2_17_clue", "all 17-clue puzzles"),
    Dataset("puzzles3_magictour_top1465", "magictour top 1465"),
    Dataset("puzzles5_forum_hardest_1905_11+", "forum hardest 1905, SE 11+"),
    Dataset("puzzles6_forum_hardest_1106", "forum hardest 1106"),
    Dataset("puzzles7_serg_benchmark", "serg benchmark (≥2 solutions)", count_only=True),
)


def load_set(path: Path, limit: int | None) -> tuple[list[Grid], int]:
    """The first ``limit`` well-formed 9×9 puzzles of a file, and how many lines were
    skipped as malformed (or of another size)."""
    grids: list[Grid] = []
    skipped = 0
    for record in read_puzzles(path, check=False):
        if limit is not None and len(grids) >= limit:
            break
        if record.grid is None or record.grid.size != 9:
            skipped += 1
            continue
        grids.append(record.grid)
    return grids, skipped


# --- the independent checker ----------------------------------------------------------

_BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4)}


@cache
def _units(n: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Every unit of an n×n grid with a name for people (1-based)."""
    br, bc = _BOXES[n]
    rows = [(f"row {r + 1}", tuple(r * n + c for c in range(n))) for r in range(n)]
    cols = [(f"column {c + 1}", tuple(r * n + c for r in range(n))) for c in range(n)]
    boxes = [
        (
            f"box {b + 1}",
            tuple(r * n + c for r in range(r0, r0 + br) for c in range(c0, c0 + bc)),
        )
        for b, (r0, c0) in enumerate((r0, c0) for r0 in range(0, n, br) for c0 in range(0, n, bc))
    ]
    return tuple(rows + cols + boxes)


def solution_error(givens: Sequence[int], solution: Sequence[int] | None) -> str | None:
    """Why ``solution`` is not a solution of the puzzle ``givens``, or None if it is.

    A solution is a complete grid of the same size whose every row, column and box holds
    each digit once, and that keeps every given.
    """
    if solution is None:
        return "no solution returned"
    ncells = len(givens)
    n = math.isqrt(ncells)
    if len(solution) != ncells:
        return f"solution has {len(solution)} cells, expected {ncells}"
    digits = set(range(1, n + 1))
    for cell, (g, v) in enumerate(zip(givens, solution, strict=True)):
        if v not in digits:
            return f"cell {cell}: {v!r} is not a digit 1..{n}"
        if g and g != v:
            return f"cell {cell}: given {g} changed to {v}"
    for name, unit in _units(n):
        if {solution[c] for c in unit} != digits:
            return f"{name} does not hold every digit 1..{n} once"
    return None


# --- the machine ----------------------------------------------------------------------


def cpu_model() -> str:
    """The CPU model from /proc/cpuinfo when there is one, else what platform knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key.strip() in ("model name", "Model", "Hardware") and value.strip():
                    return value.strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def machine_info() -> dict[str, str]:
    try:
        usable = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        usable = os.cpu_count() or 0
    impl = platform.python_implementation()
    return {
        "platform": platform.platform(),
        "cpu": cpu_model(),
        "cores": f"{os.cpu_count() or '?'} ({usable} usable)",
        "python": f"{impl} {platform.python_version()} ({sys.executable})",
    }


# --- numbers and tables ---------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) with linear interpolation between ranks."""
    if not values:
        return math.nan
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def fmt_num(x: float | None, digits: int = 3) -> str:
    """A number with ``digits`` significant figures (grouped thousands), or a dash."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    if x == 0:
        return "0"
    magnitude = math.floor(math.log10(abs(x)))
    decimals = max(0, digits - 1 - magnitude)
    return f"{x:,.{decimals}f}"


def render_table(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    right: Sequence[bool] | None = None,
    markdown: bool = False,
) -> str:
    """Rows of text as aligned columns: a pipe table when ``markdown``, else plain."""
    ncols = len(headers)
    right = list(right) if right is not None else [False] * ncols
    widths = [
        max(len(str(cell)) for cell in itertools.chain([headers[i]], (r[i] for r in rows)))
        for i in range(ncols)
    ]

    def line(cells: Sequence[str]) -> str:
        parts = [
            str(c).rjust(w) if r else str(c).ljust(w)
            for c, w, r in zip(cells, widths, right, strict=True)
        ]
        if markdown:
            return "| " + " | ".join(parts) + " |"
        return "  ".join(parts).rstrip()

    out = [line(headers)]
    if markdown:
        out.append(
            "|"
            + "|".join(
                ("-" * (w + 1) + ":") if r else ("-" * (w + 2))
                for w, r in zip(widths, right, strict=True)
            )
            + "|"
        )
    else:
        out.append("  ".join("-" * w for w in widths))
    out.extend(line(r) for r in rows)
    return "\n".join(out)


def cpsat_count(
    rules: Rules, cells: Sequence[int], tree: list[tuple[int, int]] | None = None
) -> int:
    """Solutions up to 2 under ``rules`` by OR-Tools CP-SAT (one worker), the yardstick:
    units and cages all different, cage sums, knight/king peers, non-consecutive pairs.
    ``tree``, when given, receives the search's (branches, conflicts)."""
    from ortools.sat.python import cp_model  # type: ignore[import-not-found]

    n = rules.n
    model = cp_model.CpModel()
    x = [
        model.new_constant(v) if v else model.new_int_var(1, n, f"c{i}")
        for i, v in enumerate(cells)
    ]
    for unit in rules.units:
        model.add_all_different([x[c] for c in unit])
    for a, others in enumerate(rules.extra_peers):
        for b in others:
            if a < b:
                model.add(x[a] != x[b])
    for cage in rules.cages:
        model.add_all_different([x[c] for c in cage.cells])
        if cage.total is not None:
            model.add(sum(x[c] for c in cage.cells) == cage.total)
    for a, others in enumerate(rules.neighbours):
        for b in others:
            if a < b:
                model.add(x[a] - x[b] != 1)
                model.add(x[b] - x[a] != 1)

    class Two(cp_model.CpSolverSolutionCallback):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.found = 0

        def on_solution_callback(self) -> None:
            self.found += 1
            if self.found >= 2:
                self.stop_search()

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    seen = Two()
    solver.solve(model, seen)
    if tree is not None:
        tree.append((solver.num_branches, solver.num_conflicts))
    return seen.found
