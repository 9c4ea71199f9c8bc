"""The logic engine, measured: soundness over whole datasets, rating speed (beside the
Python peers hodoku-py and dokusan when installed), how the score ranks puzzles against
Sudoku Explainer (SE) ratings, level agreement with QQWing and HoDoKu, and graded
generation speed.

    python benchmarks/bench_logic.py                        # every section, default caps
    python benchmarks/bench_logic.py --only speed,spearman  # some sections
    python benchmarks/bench_logic.py --jobs 4 --full        # whole datasets, 4 processes
    python benchmarks/bench_logic.py --data /path/to/data --markdown

Sections:

- ``soundness``: every puzzle of every dataset (capped unless ``--full``) walked along the
  engine's path; each placement and elimination checked against the solution;
- ``speed``: puzzles rated per second on magictour top1465 and the easy set, one
  process, with hodoku-py's ``Solver().rate`` and dokusan's ``stats.rank`` on the same
  puzzles (a sample: they are slow) when installed;
- ``spearman``: Spearman rank correlation between sudokit's score and SE ratings:
  classic SE "ER" of ``rated/reference_ratings.tsv`` (per source and together) and of
  ``rated/HardestDatabase110626.txt``, Sukaku Explainer ER of the sudoku-exchange bank;
  HoDoKu's score against the same SE ratings for comparison;
- ``levels``: sudokit's level against QQWing's (the file a puzzle comes from) and
  HoDoKu 2.2.0's (from the tsv), as tables and agreement rates;
- ``techniques``: steps per expert and extreme technique on the first 100 (``--limit``)
  puzzles of magictour top1465, the forcing steps among them, and (with hodoku-py
  installed) at how many of those positions HoDoKu finds a named pattern instead;
- ``generation``: seconds per puzzle of ``generate(difficulty=...)`` per level.

The data (not in the repository) is read from ``../shared/data`` beside the repository
root, or ``--data DIR``; a section whose files are absent says so and is skipped.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from _common import DEFAULT_DATA_DIR, machine_info, percentile, render_table
from sudokit import parse, read_puzzles
from sudokit.logic import LEVELS, TECHNIQUES, State, rate
from sudokit.logic.engine import fast_path, select
from sudokit.solvers import search

try:
    from sudokit.logic.grade import rate_path
except ImportError:  # a release before SE-path scoring, measured for comparison
    from sudokit.logic.grade import summarize

    def rate_path(grid, first, moves, final, solutions, techniques, unique):  # type: ignore[no-untyped-def]
        return summarize(grid, moves, final, solutions)


SECTIONS = ("soundness", "speed", "spearman", "hardest", "levels", "techniques", "generation")

#: The famous hard puzzles (as published), rated in the ``hardest`` section.
FAMOUS = (
    (
        "AI Escargot",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ),
    (
        "Easter Monster",
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    ),
    (
        "Platinum Blonde",
        ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...",
    ),
    (
        "Golden Nugget",
        ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
    ),
    (
        "Inkala 2012",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ),
)

#: Datasets walked by the soundness section, with the default cap on puzzles (None: all).
#: The big sets are capped by default so that a run takes minutes; --full takes them whole.
SOUNDNESS_SETS: tuple[tuple[str, int | None], ...] = (
    ("easy_generated_1000", None),
    ("puzzles2_17_clue", 5000),
    ("puzzles3_magictour_top1465", None),
    # The forum's hardest need nested forcing nets: tens of seconds each in pure Python.
    ("puzzles5_forum_hardest_1905_11+", 20),
    ("puzzles6_forum_hardest_1106", 20),
    ("rated/qqwing_simple.sdm", None),
    ("rated/qqwing_easy.sdm", None),
    ("rated/qqwing_intermediate.sdm", None),
    ("rated/qqwing_expert.sdm", None),
    ("rated/sudoku-exchange_diabolical.txt", 5000),
)

#: HoDoKu's levels on sudokit's scale ("unfair" sits between hard and extreme).
HODOKU_LEVELS = {"easy": "easy", "medium": "medium", "hard": "hard", "unfair": "expert"}
HODOKU_LEVELS["extreme"] = "extreme"

Out = Callable[[str], None]

#: Forcing chains and nets (the extreme level also holds static patterns: Franken and
#: mutant fish, the structures of the hardest puzzles).
_EXTREME = {t.id: t.find.__module__.rsplit(".", 1)[-1] in ("forcing", "nets") for t in TECHNIQUES}


_SINGLES = frozenset({"full_house", "hidden_single", "naked_single"})
_NET = {t.id: t.find.__module__.endswith(".nets") for t in TECHNIQUES}
_HARD_PATTERNS = frozenset({"tridagon", "junior_exocet", "sk_loop"})


# --- examining one puzzle (in worker processes too) ----------------------------------------


def examine(text: str) -> dict[str, Any]:
    """Rate one puzzle while checking every move against its solution."""
    start = time.perf_counter()
    cpu = time.process_time()
    grid = parse(text, check=False)
    outcome = search(grid, 2)
    if outcome.count != 1 or outcome.solution is None:
        return {"solutions": outcome.count, "secs": time.perf_counter() - start}
    solution = outcome.solution
    state = State.from_grid(grid)
    moves = []
    forcing_at = []  # the positions where the path takes a forcing step
    wrong_place = wrong_elim = checked = 0
    first = state
    chosen = select(shape=grid.shape)
    for move in fast_path(state, unique=True, techniques=chosen):
        if _EXTREME[move.technique]:
            forcing_at.append((list(state.values), list(state.cands)))
        for c, d in move.placements:
            checked += 1
            wrong_place += solution[c] != d
        for c, d in move.eliminations:
            checked += 1
            wrong_elim += solution[c] == d
        moves.append(move)
        state = move.after
    r = rate_path(grid, first, moves, state, 1, chosen, True)
    return {
        "solutions": 1,
        "level": r.level,
        "score": r.score,
        "hardest": r.hardest,
        "counts": r.techniques,
        "solved": r.solved,
        "checked": checked,
        "wrong_place": wrong_place,
        "wrong_elim": wrong_elim,
        "forcing_at": forcing_at,
        "secs": time.perf_counter() - start,
        "cpu": time.process_time() - cpu,
    }


def rate_timed(text: str) -> dict[str, Any]:
    """``sudokit rate`` on one puzzle as a user runs it: its score, hardest step and CPU
    seconds. (``examine`` follows the path hints show, which takes the structures of the
    hardest puzzles that SE lacks; ``rate`` scores along the path SE would need.)"""
    grid = parse(text, check=False)
    cpu = time.process_time()
    r = rate(grid)
    return {"score": r.score, "hardest": r.hardest, "cpu": time.process_time() - cpu}


def rate_all(puzzles: Sequence[str], jobs: int) -> list[dict[str, Any]]:
    if jobs <= 1:
        return [rate_timed(p) for p in puzzles]
    with Pool(jobs) as pool:
        return pool.map(rate_timed, puzzles, chunksize=4)


def examine_all(puzzles: Sequence[str], jobs: int) -> list[dict[str, Any]]:
    if jobs <= 1:
        return [examine(p) for p in puzzles]
    with Pool(jobs) as pool:
        return pool.map(examine, puzzles, chunksize=4)


# --- statistics ------------------------------------------------------------------------------


def ranks(xs: Sequence[float]) -> list[float]:
    """1-based ranks, ties sharing their average rank."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman's rank correlation (Pearson's on ranks, ties averaged)."""
    if len(a) < 3:
        return math.nan
    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return cov / math.sqrt(va * vb) if va and vb else math.nan


# --- data -----------------------------------------------------------------------------------


def puzzles_of(path: Path, limit: int | None) -> list[str]:
    out = []
    for rec in read_puzzles(path, check=False):
        if rec.grid is not None and rec.grid.size == 9:
            out.append(str(rec.grid))
            if limit is not None and len(out) >= limit:
                break
    return out


def reference_rows(data: Path, limit: int | None = None) -> list[dict[str, str]]:
    """Rows of ``reference_ratings.tsv``; the first ``limit`` of each source file."""
    path = data / "rated" / "reference_ratings.tsv"
    if not path.exists():
        return []
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    if limit:
        seen: Counter[str] = Counter()
        kept = []
        for r in rows:
            seen[r["source_file"]] += 1
            if seen[r["source_file"]] <= limit:
                kept.append(r)
        rows = kept
    return rows


def hardest_rows(data: Path) -> list[tuple[str, float]]:
    path = data / "rated" / "HardestDatabase110626.txt"
    if not path.exists():
        return []
    out = []
    with path.open(newline="") as f:
        for row in csv.reader(f):
            # PuzzleR, Label, Poster, q1, q2, ER, EP, ED, Sx9, Sxt (first two lines: header)
            if len(row) > 5 and len(row[0]) == 81 and row[5]:
                out.append((row[0], float(row[5])))
    return out


def exchange_rows(data: Path, limit: int | None) -> list[tuple[str, float]]:
    path = data / "rated" / "sudoku-exchange_diabolical.txt"
    if not path.exists():
        return []
    out = []
    with path.open() as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3:
                out.append((parts[1], float(parts[2])))
                if limit is not None and len(out) >= limit:
                    break
    return out


class Ratings:
    """sudokit's ratings of every puzzle needed, computed once for the run."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.known: dict[str, dict[str, Any]] = {}

    def get(self, puzzles: Iterable[str]) -> list[dict[str, Any]]:
        wanted = list(puzzles)
        todo = list(dict.fromkeys(p for p in wanted if p not in self.known))
        for p, r in zip(todo, examine_all(todo, self.jobs), strict=True):
            self.known[p] = r
        return [self.known[p] for p in wanted]


# --- sections --------------------------------------------------------------------------------


def section_soundness(args: argparse.Namespace, ratings: Ratings, out: Out) -> dict[str, Any]:
    out("## Soundness\n")
    rows = []
    figures: dict[str, Any] = {}
    total_wrong = 0
    for name, cap in SOUNDNESS_SETS:
        path = args.data / name
        if not path.exists():
            out(f"- {name}: not present, skipped")
            continue
        limit = args.limit or (None if args.full else cap)
        puzzles = puzzles_of(path, limit)
        start = time.perf_counter()
        results = ratings.get(puzzles)
        secs = time.perf_counter() - start
        unique = [r for r in results if r["solutions"] == 1]
        wrong = sum(r["wrong_place"] + r["wrong_elim"] for r in unique)
        total_wrong += wrong
        checked = sum(r["checked"] for r in unique)
        solved = sum(r["solved"] for r in unique)
        figures[name] = {
            "puzzles": len(puzzles),
            "unique": len(unique),
            "moves_checked": checked,
            "wrong": wrong,
            "solved": solved,
        }
        rows.append(
            [
                name,
                f"{len(puzzles):,}",
                f"{len(unique):,}",
                f"{checked:,}",
                str(wrong),
                f"{100 * solved / max(1, len(unique)):.1f}%",
                f"{secs:.1f}",
            ]
        )
    headers = ["dataset", "puzzles", "unique", "placements+eliminations", "wrong", "solved", "s"]
    out(render_table(headers, rows, right=[False] + [True] * 6, markdown=args.markdown))
    out(f"\nWrong steps in total: {total_wrong}.\n")
    figures["wrong_total"] = total_wrong
    return figures


def _peer_rate(name: str) -> Callable[[str], object] | None:
    if name == "hodoku-py":
        try:
            from hodoku import Solver  # type: ignore[import-not-found]
        except ImportError:
            return None
        solver = Solver()
        return lambda p: solver.rate(p.replace(".", "0"))
    if name == "dokusan":
        try:
            from dokusan import stats  # type: ignore[import-not-found]
            from dokusan.boards import BoxSize, Sudoku  # type: ignore[import-not-found]
        except ImportError:
            return None

        def rank(p: str) -> object:
            board = Sudoku.from_string(p.replace(".", "0"), box_size=BoxSize(3, 3))
            return stats.rank(board)

        return rank
    return None


def _timed(fn: Callable[[str], object], puzzles: Sequence[str]) -> float:
    start = time.perf_counter()
    for p in puzzles:
        fn(p)
    return time.perf_counter() - start


def section_speed(args: argparse.Namespace, out: Out) -> dict[str, Any]:
    out("## Rating speed (one process)\n")
    figures: dict[str, Any] = {}
    rows = []
    for name, peer_cap in (("puzzles3_magictour_top1465", 30), ("easy_generated_1000", 200)):
        path = args.data / name
        if not path.exists():
            out(f"- {name}: not present, skipped")
            continue
        puzzles = puzzles_of(path, args.limit or None)
        secs = _timed(rate, puzzles)
        figures[name] = {"sudokit": {"puzzles": len(puzzles), "per_second": len(puzzles) / secs}}
        rows.append([name, "sudokit", f"{len(puzzles):,}", f"{len(puzzles) / secs:,.1f}", ""])
        # The peers are slow: an evenly spaced sample of the same puzzles.
        k = min(len(puzzles), args.peer_limit or peer_cap)
        sample = [puzzles[i * len(puzzles) // k] for i in range(k)]
        ours = _timed(rate, sample)
        for peer in ("hodoku-py", "dokusan"):
            fn = _peer_rate(peer)
            if fn is None:
                rows.append([name, peer, "-", "not installed", ""])
                continue
            theirs = _timed(fn, sample)
            speedup = theirs / ours
            figures[name][peer] = {
                "puzzles": len(sample),
                "per_second": len(sample) / theirs,
                "sudokit_per_second": len(sample) / ours,
                "sudokit_speedup": speedup,
            }
            rows.append(
                [
                    name,
                    peer,
                    f"{len(sample):,}",
                    f"{len(sample) / theirs:,.1f}",
                    f"sudokit {len(sample) / ours:,.1f}/s on these: {speedup:.1f}× faster",
                ]
            )
    headers = ["dataset", "rater", "puzzles", "puzzles/s", "same puzzles"]
    out(
        render_table(headers, rows, right=[False, False, True, True, False], markdown=args.markdown)
    )
    out(
        "\nhodoku-py rates like HoDoKu (human techniques); dokusan's `rank` counts "
        "backtracking branches, a cheaper measure.\n"
    )
    return figures


def section_spearman(args: argparse.Namespace, ratings: Ratings, out: Out) -> dict[str, Any]:
    out("## Score against Sudoku Explainer ratings (Spearman rank correlation)\n")
    figures: dict[str, Any] = {}
    rows = []
    groups: dict[str, list[tuple[float, float, float | None]]] = defaultdict(list)
    ref = [r for r in reference_rows(args.data, args.limit) if r["se_classic_er"]]
    if ref:
        results = ratings.get(r["puzzle"].replace("0", ".") for r in ref)
        for r, res in zip(ref, results, strict=True):
            if res["solutions"] != 1:
                continue
            er = float(r["se_classic_er"])
            hs = float(r["hodoku220_score"]) if r["hodoku220_score"] else None
            groups[r["source_file"]].append((res["score"], er, hs))
            groups["reference_ratings.tsv, all"].append((res["score"], er, hs))
            groups["SE classic, all sets"].append((res["score"], er, hs))
    else:
        out("- rated/reference_ratings.tsv: not present, skipped")
    hardest = hardest_rows(args.data)[:: args.hardest_every][: args.limit or None]
    if hardest:
        results = ratings.get(p for p, _ in hardest)
        for (_, er), res in zip(hardest, results, strict=True):
            if res["solutions"] == 1:
                groups["HardestDatabase110626 (ER)"].append((res["score"], er, None))
                groups["SE classic, all sets"].append((res["score"], er, None))
    exchange = exchange_rows(args.data, args.limit or (None if args.full else 5000))
    if exchange:
        results = ratings.get(p for p, _ in exchange)
        for (_, er), res in zip(exchange, results, strict=True):
            if res["solutions"] == 1:
                groups["sudoku-exchange bank (Sukaku ER)"].append((res["score"], er, None))
    # The order inside each band of SE's scale (on all classic SE ratings).
    for lo, hi in ((1, 2), (2, 4), (4, 6), (6, 8), (8, 9), (9, 10), (10, 12)):
        band = [v for v in groups.get("SE classic, all sets", []) if lo <= v[1] < hi]
        if len(band) > 2:
            groups[f"SE classic, band {lo}-{hi}"] = band
    for name, values in groups.items():
        ours = spearman([v[0] for v in values], [v[1] for v in values])
        with_h = [v for v in values if v[2] is not None]
        theirs = spearman([v[2] for v in with_h], [v[1] for v in with_h]) if with_h else math.nan
        lo = min(v[1] for v in values)
        hi = max(v[1] for v in values)
        figures[name] = {"n": len(values), "sudokit": ours, "hodoku": theirs, "range": [lo, hi]}
        rows.append(
            [
                name,
                f"{len(values):,}",
                f"{lo:.1f}-{hi:.1f}",
                f"{ours:.3f}",
                "-" if math.isnan(theirs) else f"{theirs:.3f}",
            ]
        )
    headers = ["puzzles", "n", "SE range", "sudokit score", "HoDoKu score"]
    out(render_table(headers, rows, right=[False, True, True, True, True], markdown=args.markdown))
    out("")
    return figures


def section_hardest(args: argparse.Namespace, ratings: Ratings, out: Out) -> dict[str, Any]:
    out("## The hardest puzzles: finished by logic, time, SE's ER\n")
    out(
        "`rate` as a user runs it (score, hardest step, CPU s); the path hints show "
        "checked against the solution (finished, wrong steps, nets, the hard structures).\n"
    )
    figures: dict[str, Any] = {}
    rows = []
    sets: list[tuple[str, list[tuple[str, float | None]]]] = []
    hardest = hardest_rows(args.data)[:: args.hardest_every][: args.limit or None]
    if hardest:
        sets.append((f"HardestDatabase110626, ER rows, every {args.hardest_every}", list(hardest)))
    else:
        out("- rated/HardestDatabase110626.txt: not present, skipped")
    sets.append(("the famous five", [(p, None) for _, p in FAMOUS]))
    rates: dict[str, dict[str, Any]] = {}
    for name, items in sets:
        results = ratings.get(p for p, _ in items)
        todo = [p for p, _ in items if p not in rates]
        rates.update(zip(todo, rate_all(todo, args.jobs), strict=True))
        scored = [rates[p] for p, _ in items]
        cpu = sorted(r["cpu"] for r in scored)
        finished = sum(r["solved"] for r in results)
        wrong = sum(r["wrong_place"] + r["wrong_elim"] for r in results)
        rated = [(r["score"], er) for r, (_, er) in zip(scored, items, strict=True) if er]
        rho = spearman([a for a, _ in rated], [b for _, b in rated]) if len(rated) > 2 else None
        near = sum(abs(a - b) <= 0.3 + 1e-9 for a, b in rated)  # (scores have one decimal)
        # The share of steps (beyond singles) that are forcing nets.
        beyond = [(t, k) for r in results for t, k in r["counts"].items() if t not in _SINGLES]
        nets = sum(k for t, k in beyond if _NET[t])
        steps = sum(k for _, k in beyond)
        named = sum(k for t, k in beyond if t in _HARD_PATTERNS)
        figures[name] = {
            "puzzles": len(items),
            "finished": finished,
            "wrong": wrong,
            "cpu_median": percentile(cpu, 50),
            "cpu_p95": percentile(cpu, 95),
            "cpu_max": cpu[-1],
            "spearman": rho,
            "within_0.3": near,
            "rated": len(rated),
            "nets": nets,
            "steps_beyond_singles": steps,
            "hard_patterns": named,
        }
        rows.append(
            [
                name,
                f"{len(items)}",
                f"{finished}/{len(items)}",
                f"{wrong}",
                f"{percentile(cpu, 50):.1f} / {percentile(cpu, 95):.1f} / {cpu[-1]:.1f}",
                "-" if rho is None else f"{rho:.2f}",
                "-" if not rated else f"{near}/{len(rated)}",
                f"{nets}/{steps} ({100 * nets / max(steps, 1):.0f} %)",
                f"{named}",
            ]
        )
    headers = [
        "puzzles",
        "n",
        "finished",
        "wrong",
        "rate: CPU s median / p95 / max",
        "ρ vs ER",
        "within ±0.3 of ER",
        "nets / steps beyond singles",
        "tridagon, Exocet, SK loop",
    ]
    out(render_table(headers, rows, right=[False] + [True] * 8, markdown=args.markdown))
    if hardest:
        out("\n| puzzle | ER | sudokit | hardest step | CPU s |")
        out("|---|---:|---:|---|---:|")
        for p, er in hardest:
            r = rates[p]
            out(f"| {p[:20]}… | {er} | {r['score']} | {r['hardest']} | {r['cpu']:.1f} |")
    out("")
    for label, p in FAMOUS:
        r = rates[p]
        out(f"- {label}: {r['score']} ({r['hardest']}), {r['cpu']:.1f} s CPU")
    out("")
    return figures


def _matrix(
    pairs: Sequence[tuple[str, str]], rows_order: Sequence[str], args: argparse.Namespace
) -> str:
    counts = Counter(pairs)
    rows = [[r, *(str(counts[(r, c)] or "") for c in LEVELS)] for r in rows_order]
    return render_table(
        ["", *LEVELS], rows, right=[False] + [True] * len(LEVELS), markdown=args.markdown
    )


def section_levels(args: argparse.Namespace, ratings: Ratings, out: Out) -> dict[str, Any]:
    out("## Levels against QQWing and HoDoKu\n")
    ref = reference_rows(args.data, args.limit)
    if not ref:
        out("- rated/reference_ratings.tsv: not present, skipped\n")
        return {}
    results = ratings.get(r["puzzle"].replace("0", ".") for r in ref)
    qq: list[tuple[str, str]] = []
    hd: list[tuple[str, str]] = []
    for r, res in zip(ref, results, strict=True):
        if res["solutions"] != 1:
            continue
        label = r["source_label"]
        if label.startswith("qqwing:"):
            qq.append((label.split(":")[1], res["level"]))
        if r["hodoku220_level"]:
            hd.append((r["hodoku220_level"], res["level"]))
    # QQWing: simple/easy need singles (sudokit easy), intermediate pairs and
    # intersections (medium), expert needed guessing in QQWing (hard or above here).
    qq_ok = {"simple": {"easy"}, "easy": {"easy"}, "intermediate": {"medium"}}
    qq_ok["expert"] = {"hard", "expert", "extreme"}
    qq_agree = sum(lv in qq_ok[q] for q, lv in qq) / max(1, len(qq))
    out("QQWing level (rows) against sudokit level (columns):\n")
    out(_matrix(qq, ["simple", "easy", "intermediate", "expert"], args))
    out(
        f"\nAgreement (simple/easy = easy, intermediate = medium, expert = hard+): {qq_agree:.1%}\n"
    )
    exact = sum(HODOKU_LEVELS[h] == lv for h, lv in hd) / max(1, len(hd))
    near = sum(
        abs(LEVELS.index(HODOKU_LEVELS[h]) - LEVELS.index(lv)) <= 1  # type: ignore[arg-type]
        for h, lv in hd
    ) / max(1, len(hd))
    out("HoDoKu 2.2.0 level (rows) against sudokit level (columns):\n")
    out(_matrix(hd, ["easy", "medium", "hard", "unfair", "extreme"], args))
    out(
        f"\nAgreement with HoDoKu (unfair = expert): exact {exact:.1%}, "
        f"within one level {near:.1%}\n"
    )
    return {"qqwing_agreement": qq_agree, "hodoku_exact": exact, "hodoku_within_one": near}


def section_techniques(args: argparse.Namespace, ratings: Ratings, out: Out) -> dict[str, Any]:
    """Which techniques the paths use at the top: how often a named pattern stands where
    a forcing chain or net would otherwise be needed."""
    name = "puzzles3_magictour_top1465"
    path = args.data / name
    if not path.exists():
        out(f"- {name}: not present, skipped\n")
        return {}
    limit = args.limit or 100
    out(f"## Steps per technique, expert and extreme (first {limit} of {name})\n")
    totals: Counter[str] = Counter()
    puzzles = puzzles_of(path, limit)
    results = ratings.get(puzzles)
    for r in results:
        totals.update(r.get("counts", {}))
    rows = [
        [t.name, t.level, f"{totals[t.id]:,}"]
        for t in TECHNIQUES
        if t.level in ("expert", "extreme") and totals[t.id]
    ]
    forcing = sum(totals[t.id] for t in TECHNIQUES if _EXTREME[t.id])
    out(
        render_table(
            ["technique", "level", "steps"],
            rows,
            right=[False, False, True],
            markdown=args.markdown,
        )
    )
    out(f"\nForcing steps (extreme techniques) in all: {forcing:,}\n")
    figures: dict[str, Any] = {"steps": dict(totals), "forcing": forcing}
    positions = [
        (p, at) for p, r in zip(puzzles, results, strict=True) for at in r.get("forcing_at", ())
    ]
    named = _hodoku_named(positions, args.jobs)
    if named is None:
        out("- hodoku-py is not installed: where HoDoKu names a pattern, skipped\n")
        return figures
    found = Counter(t for t in named if t is not None)
    share = sum(found.values()) / max(1, len(named))
    out(
        f"Forcing steps where HoDoKu (hodoku-py, its default solving order without forcing "
        f"chains, nets or brute force) finds a named step at the same position: "
        f"{sum(found.values())} of {len(named)} ({share:.1%})"
        + (": " + ", ".join(f"{t} {k}" for t, k in found.most_common()) if found else "")
        + "\n"
    )
    figures["hodoku_named"] = {"positions": len(named), "named": dict(found), "share": share}
    return figures


def _hodoku_step(item: tuple[str, tuple[list[int], list[int]]]) -> str | None:
    """The first step HoDoKu's solving order finds at a position, forcing chains, nets,
    templates and brute force left out; None when it finds none."""
    from hodoku.config import DEFAULT_CONFIG  # type: ignore[import-not-found,unused-ignore]
    from hodoku.core.grid import Grid  # type: ignore[import-not-found,unused-ignore]
    from hodoku.solver.step_finder import SudokuStepFinder  # type: ignore[import-not-found,unused-ignore]

    puzzle, (values, cands) = item
    grid = Grid()
    grid.set_sudoku(puzzle.replace(".", "0"))
    for c, v in enumerate(values):
        if v and not grid.get_value(c):
            grid.set_cell(c, v)
    for c, v in enumerate(values):
        if not v:
            for d in grid.get_candidates(c):
                if not cands[c] >> (d - 1) & 1:
                    grid.del_candidate(c, d)
    finder = SudokuStepFinder(grid, DEFAULT_CONFIG.solve_search)
    for cfg in DEFAULT_CONFIG.solver_steps:
        name = cfg.solution_type.name
        if any(k in name for k in ("FORCING", "BRUTE", "TEMPLATE", "GIVE_UP", "INCOMPLETE")):
            continue
        if finder.get_step(cfg.solution_type) is not None:
            return str(name)
    return None


def _hodoku_named(
    positions: Sequence[tuple[str, tuple[list[int], list[int]]]], jobs: int
) -> list[str | None] | None:
    try:
        import hodoku  # type: ignore[import-not-found,unused-ignore]  # noqa: F401
    except ImportError:
        return None
    if jobs <= 1:
        return [_hodoku_step(p) for p in positions]
    with Pool(jobs) as pool:
        return pool.map(_hodoku_step, positions, chunksize=1)


def section_generation(args: argparse.Namespace, out: Out) -> dict[str, Any]:
    out("## Graded generation (seconds per puzzle, 9×9)\n")
    from sudokit import generate

    try:
        from sudokit.generator import LEVELS as GEN_LEVELS  # type: ignore[attr-defined]
    except ImportError:
        out("- the generator has no graded levels yet, skipped\n")
        return {}
    figures: dict[str, Any] = {}
    rows = []
    k = args.gen_count
    for level in GEN_LEVELS:
        times = []
        hit = 0
        for seed in range(k):
            start = time.perf_counter()
            grid = generate(seed=seed, difficulty=level)
            times.append(time.perf_counter() - start)
            hit += rate(grid).level == level
        med, p90 = statistics.median(times), percentile(times, 90)
        figures[level] = {"n": k, "median": med, "p90": p90, "exact_level": hit / k}
        rows.append([level, str(k), f"{med:.3f}", f"{p90:.3f}", f"{hit / k:.0%}"])
    headers = ["level", "puzzles", "median s", "p90 s", "rate() == level"]
    out(render_table(headers, rows, right=[False, True, True, True, True], markdown=args.markdown))
    out("")
    return figures


# --- main ------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, help="data folder")
    parser.add_argument("--only", default=",".join(SECTIONS), help="sections, comma-separated")
    parser.add_argument("--limit", type=int, default=0, help="puzzles per dataset (0: caps)")
    parser.add_argument("--full", action="store_true", help="whole datasets, no caps")
    parser.add_argument("--peer-limit", type=int, default=0, help="puzzles for the peers")
    parser.add_argument("--gen-count", type=int, default=30, help="puzzles per level")
    parser.add_argument(
        "--hardest-every", type=int, default=10, help="every k-th ER row of the hardest list"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes for ratings")
    parser.add_argument("--markdown", action="store_true", help="pipe tables")
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    args = parser.parse_args(argv)
    chosen = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = [s for s in chosen if s not in SECTIONS]
    if unknown:
        parser.error(f"unknown sections {unknown} (choose from {', '.join(SECTIONS)})")

    def out(text: str) -> None:
        print(text, flush=True)

    out("# sudokit logic benchmark\n")
    info = machine_info()
    for key, value in info.items():
        out(f"- {key}: {value}")
    out("")
    if not args.data.exists() and any(s != "generation" for s in chosen):
        out(f"The data folder {args.data} is absent: only generation can run.\n")
        chosen = [s for s in chosen if s == "generation"]
    ratings = Ratings(args.jobs)
    figures: dict[str, Any] = {"machine": info}
    for name in chosen:
        if name == "soundness":
            figures[name] = section_soundness(args, ratings, out)
        elif name == "speed":
            figures[name] = section_speed(args, out)
        elif name == "spearman":
            figures[name] = section_spearman(args, ratings, out)
        elif name == "hardest":
            figures[name] = section_hardest(args, ratings, out)
        elif name == "levels":
            figures[name] = section_levels(args, ratings, out)
        elif name == "techniques":
            figures[name] = section_techniques(args, ratings, out)
        elif name == "generation":
            figures[name] = section_generation(args, out)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
