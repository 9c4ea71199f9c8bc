"""Solver speed on the standard 9×9 puzzle sets: sudokit's backends against references.

    python benchmarks/bench_solvers.py                      # default run, a few minutes
    python benchmarks/bench_solvers.py --limit 50 --markdown
    python benchmarks/bench_solvers.py --mode first --sets 17_clue,hardest_1106

Contenders, each called on a puzzle already in its own input form:

- every registered sudokit backend (``backend.run(shape, cells, limit)``; a compiled
  backend registered later shows up on its own);
- ``norvig``: the plain constraint-propagation reference in ``benchmarks/norvig.py``;
- ``classic``: the tutorial backtracking solver, with a per-puzzle budget of tries and a
  time cap per set; only the puzzles it finished are timed, and the row says so;
- the PyPI peers ``py-sudoku``, ``hodoku-py``, ``rustoku`` and ``dokusan`` when they are
  installed (they are not project dependencies: ``pip install`` them to compare).

Every set is run twice per contender: a warm-up pass whose every answer is checked (an
independent checker for solutions, sudokit's python backend for counts), then a timed
pass that only calls the solver (``time.perf_counter``, garbage collector paused).
Benchmarks are not tests (DESIGN.md rule 8): a wrong answer is reported, not asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib.metadata
import json
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import norvig
import sudokit
from _common import (
    DATASETS,
    DEFAULT_DATA_DIR,
    Dataset,
    fmt_num,
    load_set,
    machine_info,
    render_table,
    solution_error,
)
from sudokit.geometry import Shape
from sudokit.grid import Grid
from sudokit.solvers import _REGISTRY, backends
from sudokit.solvers.classic import classic_solve

SHAPE = Shape.of(9)
DEFAULT_LIMIT = 300
DEFAULT_TIME_CAP = 10.0
DEFAULT_CLASSIC_TRIES = 200_000
MAX_ERRORS_SHOWN = 3


@dataclass(frozen=True, slots=True)
class Answer:
    """A contender's result in common terms; ``finished`` False when it gave up."""

    count: int
    solution: Sequence[int] | None
    guesses: int | None = None
    finished: bool = True


@dataclass(slots=True)
class Contender:
    """A solver wrapped for the benchmark.

    ``prepare`` turns a puzzle into the solver's own input (not timed); ``run(input,
    limit)`` is the timed call and returns the solver's raw result; ``decode`` turns that
    into an :class:`Answer` for checking (not timed).
    """

    key: str
    name: str
    kind: str  # "sudokit", "reference", "tutorial" or "peer"
    prepare: Callable[[Grid], Any]
    run: Callable[[Any, int], Any]
    decode: Callable[[Any], Answer]
    #: Honours ``limit`` 2 (counts up to 2 solutions); when False it only runs in
    #: ``first`` mode.
    counts: bool = True
    #: Subject to ``--time-cap`` (the slow ones: the tutorial solver and the peers);
    #: sudokit's backends and the reference always do the whole set.
    capped: bool = True
    note: str = ""
    version: str = ""


# --- sudokit backends, the reference, the tutorial solver ------------------------------


def _outcome_answer(out: sudokit.Outcome) -> Answer:
    return Answer(out.count, out.solution, out.guesses)


def sudokit_contenders() -> list[Contender]:
    """One per registered backend, the active one first."""
    version = _dist_version("sudokit")
    out = []
    for name in backends():
        backend = _REGISTRY[name]
        if not backend.supports(SHAPE):
            continue
        out.append(
            Contender(
                key=name,
                name=f"sudokit:{name}",
                kind="sudokit",
                prepare=lambda g: g.cells,
                run=partial(backend.run, SHAPE),
                decode=_outcome_answer,
                capped=False,
                version=version,
            )
        )
    return out


def _norvig_answer(r: norvig.NorvigResult) -> Answer:
    sol = None if r.solution is None else [int(ch) for ch in r.solution]
    return Answer(r.count, sol, r.guesses)


def norvig_contender() -> Contender:
    return Contender(
        key="norvig",
        name="norvig (reference)",
        kind="reference",
        prepare=lambda g: "".join(map(str, g.cells)),
        run=norvig.solve,
        decode=_norvig_answer,
        capped=False,
    )


def classic_contender(max_tries: int) -> Contender:
    def run(grid: Grid, limit: int) -> Any:
        return classic_solve(grid, limit=limit, max_tries=max_tries)

    def decode(r: Any) -> Answer:
        sol = None if r.solution is None else r.solution.cells
        return Answer(r.count, sol, None, r.finished)

    return Contender(
        key="classic",
        name="classic (tutorial)",
        kind="tutorial",
        prepare=lambda g: g,
        run=run,
        decode=decode,
        note=f"at most {max_tries:,} tries per puzzle",
    )


# --- PyPI peers (optional) ------------------------------------------------------------


def _dist_version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "?"


def _digits(text: str) -> list[int]:
    return [int(ch) if ch.isdigit() else 0 for ch in text]


def pysudoku_contender() -> Contender | None:
    """py-sudoku (module ``sudoku``): MRV backtracking with forward checking.

    ``first``: ``Sudoku(...).solve()``. ``count``: the two searches of its own
    ``has_multiple_solutions`` (digits ascending, then descending: the same grid twice
    means unique), done through its solver class so that the first grid is kept too.
    """
    try:
        from sudoku.sudoku import Sudoku, _SudokuSolver  # type: ignore[import-untyped]
    except ImportError:
        return None

    def prepare(g: Grid) -> list[list[int]]:
        return g.rows()

    def run(board: list[list[int]], limit: int) -> Any:
        puzzle = Sudoku(3, 3, board=board)
        if limit == 1:
            board_out = puzzle.solve().board
            if any(v is None for row in board_out for v in row):
                return (0, None)
            return (1, board_out)
        if not puzzle.validate():
            return (0, None)
        solver = _SudokuSolver(puzzle)
        blanks = solver._SudokuSolver__get_blanks()
        search = solver._SudokuSolver__get_solution
        fillers = solver._SudokuSolver__calculate_blank_cell_fillers
        first = search(
            Sudoku._copy_board(puzzle.board), blanks, fillers(blanks), [False] * len(blanks)
        )
        if first is None:
            return (0, None)
        last = search(
            Sudoku._copy_board(puzzle.board),
            blanks,
            fillers(blanks),
            [False] * len(blanks),
            reverse=True,
        )
        return (1 if first == last else 2, first)

    def decode(raw: Any) -> Answer:
        count, board = raw
        return Answer(count, None if board is None else [v for row in board for v in row])

    return Contender(
        key="py-sudoku",
        name="py-sudoku",
        kind="peer",
        prepare=prepare,
        run=run,
        decode=decode,
        note="count mode: two searches (ascending, descending digits)",
        version=_dist_version("py-sudoku"),
    )


def hodoku_contender() -> Contender | None:
    """hodoku-py: the backtracking solver its generator uses (C accelerated when built).

    It always counts to 2, so in ``first`` mode it does the work of ``count``.
    """
    try:
        from hodoku.generator import generator as hodoku_generator
    except ImportError:
        return None
    solver = hodoku_generator.SudokuGenerator()
    accel = getattr(hodoku_generator, "_gen_accel", None) is not None

    def run(text: str, limit: int) -> Any:
        solver.solve_string(text)
        return (solver.get_solution_count(), solver.get_solution())

    def decode(raw: Any) -> Answer:
        count, sol = raw
        return Answer(count, sol if count else None)

    return Contender(
        key="hodoku-py",
        name="hodoku-py" + (" (C)" if accel else ""),
        kind="peer",
        prepare=lambda g: "".join(map(str, g.cells)),
        run=run,
        decode=decode,
        note="SudokuGenerator.solve_string; always counts to 2",
        version=_dist_version("hodoku-py"),
    )


def rustoku_contender() -> Contender | None:
    """rustoku (Rust core): ``solve`` in ``first`` mode, ``solve_all`` in ``count`` mode
    (it has no limit: it enumerates every solution)."""
    try:
        import rustoku  # type: ignore[import-not-found]
    except ImportError:
        return None

    def run(text: str, limit: int) -> Any:
        try:
            if limit == 1:
                return rustoku.solve(text)
            return rustoku.solve_all(text)
        except Exception:  # unsolvable input may raise rather than return None
            return None

    def decode(raw: Any) -> Answer:
        if raw is None:
            return Answer(0, None)
        if isinstance(raw, str):
            return Answer(1, _digits(raw))
        sols = list(raw)
        return Answer(len(sols), _digits(str(sols[0])) if sols else None)

    return Contender(
        key="rustoku",
        name="rustoku",
        kind="peer",
        prepare=lambda g: "".join(map(str, g.cells)),
        run=run,
        decode=decode,
        note="count mode: solve_all enumerates every solution",
        version=_dist_version("rustoku"),
    )


def dokusan_contender() -> Contender | None:
    """dokusan: singles then backtracking; finds one solution, cannot count."""
    try:
        from dokusan import exceptions as dk_exceptions
        from dokusan import solvers as dk_solvers
        from dokusan.boards import BoxSize
        from dokusan.boards import Sudoku as DkSudoku
    except ImportError:
        return None
    box = BoxSize(3, 3)

    def run(rows: list[list[int]], limit: int) -> Any:
        try:
            return dk_solvers.backtrack(DkSudoku.from_list(rows, box_size=box))
        except dk_exceptions.DokusanError:
            return None

    def decode(raw: Any) -> Answer:
        if raw is None:
            return Answer(0, None)
        return Answer(1, [cell.value or 0 for row in raw.rows() for cell in row])

    return Contender(
        key="dokusan",
        name="dokusan",
        kind="peer",
        prepare=lambda g: g.rows(),
        run=run,
        decode=decode,
        counts=False,
        note="finds one solution only: first mode only",
        version=_dist_version("dokusan"),
    )


PEERS = (pysudoku_contender, hodoku_contender, rustoku_contender, dokusan_contender)


# --- running --------------------------------------------------------------------------


@dataclass(slots=True)
class Row:
    """One contender on one set: what was run, checked and timed."""

    dataset: str
    solver: str
    kind: str
    puzzles: int  # puzzles of the set in this run
    timed: int = 0  # puzzles timed (fewer when capped)
    seconds: float = 0.0
    guesses: float | None = None  # mean per timed puzzle
    ratio: float | None = None
    capped_by: str = ""  # why not every puzzle was timed
    errors: list[str] = field(default_factory=list)
    note: str = ""

    @property
    def partial(self) -> bool:
        return self.timed < self.puzzles

    @property
    def us_per_puzzle(self) -> float | None:
        return self.seconds / self.timed * 1e6 if self.timed else None

    @property
    def per_second(self) -> float | None:
        return self.timed / self.seconds if self.timed and self.seconds > 0 else None


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class _OutOfTime(BaseException):
    """Raised by the alarm inside a solver that overruns the time cap (a BaseException so
    that no solver's own ``except Exception`` swallows it)."""


@contextlib.contextmanager
def alarm(seconds: float) -> Iterator[None]:
    """Interrupt pure-Python code after ``seconds`` (Unix; elsewhere the cap is only
    checked between puzzles)."""
    if not hasattr(signal, "setitimer") or seconds <= 0:
        yield
        return

    def ring(signum: int, frame: object) -> None:
        raise _OutOfTime

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def warm_up(
    c: Contender,
    inputs: list[Any],
    grids: list[Grid],
    expected: list[int],
    limit: int,
    time_cap: float,
    row: Row,
) -> tuple[list[int], list[Answer]]:
    """Run every puzzle once and check every answer, within ``time_cap`` seconds (0: no
    cap). Returns the indices of the puzzles to time and their answers."""
    kept: list[tuple[int, Answer]] = []  # one list, so that the alarm cannot split a pair
    unfinished = 0
    i = 0
    start = time.perf_counter()
    try:
        with alarm(time_cap):
            for i, (inp, grid) in enumerate(zip(inputs, grids, strict=True)):
                if time_cap and time.perf_counter() - start > time_cap:
                    raise _OutOfTime  # where there is no alarm
                ans = c.decode(c.run(inp, limit))
                if not ans.finished:
                    unfinished += 1
                    continue
                problem = None
                if min(ans.count, limit) != expected[i]:
                    problem = f"count {ans.count}, expected {expected[i]}"
                elif ans.count:
                    problem = solution_error(grid.cells, ans.solution)
                if problem:
                    row.errors.append(f"puzzle {i + 1} ({sudokit.format_line(grid)}): {problem}")
                    continue
                kept.append((i, ans))
    except _OutOfTime:
        row.capped_by = f"time cap {time_cap:g} s reached at puzzle {i + 1}"
    if unfinished:
        budget = f"{unfinished} over the tries budget"
        row.capped_by = f"{budget}; {row.capped_by}" if row.capped_by else budget
    return [i for i, _ in kept], [a for _, a in kept]


def time_pass(c: Contender, inputs: list[Any], limit: int, repeat: int) -> float:
    """The best of ``repeat`` timed passes over ``inputs``, in seconds."""
    run = c.run
    best = float("inf")
    for _ in range(repeat):
        with gc_paused():
            t0 = time.perf_counter()
            for inp in inputs:
                run(inp, limit)
            best = min(best, time.perf_counter() - t0)
    return best


def bench_set(
    ds: Dataset,
    grids: list[Grid],
    contenders: list[Contender],
    limit: int,
    time_cap: float,
    repeat: int,
    log: Callable[[str], None],
) -> list[Row]:
    reference = _REGISTRY["python"]
    expected = [min(reference.run(SHAPE, g.cells, limit).count, limit) for g in grids]
    rows = []
    for c in contenders:
        row = Row(ds.name, c.name, c.kind, len(grids), note=c.note)
        inputs = [c.prepare(g) for g in grids]
        t0 = time.perf_counter()
        cap = time_cap if c.capped else 0.0
        keep, answers = warm_up(c, inputs, grids, expected, limit, cap, row)
        log(f"  {c.name:<24} warm-up {time.perf_counter() - t0:6.1f} s, {len(keep)} checked")
        for e in row.errors[:MAX_ERRORS_SHOWN]:
            log(f"    WRONG: {e}")
        if row.errors:
            rows.append(row)  # a solver that answers wrongly is not timed
            continue
        timed_inputs = [inputs[i] for i in keep]
        row.timed = len(timed_inputs)
        if timed_inputs:
            row.seconds = time_pass(c, timed_inputs, limit, repeat)
            gs = [a.guesses for a in answers]
            if all(g is not None for g in gs):
                row.guesses = sum(g for g in gs if g is not None) / len(gs)
        rows.append(row)
    complete = [r.us_per_puzzle for r in rows if not r.partial and r.us_per_puzzle]
    fastest = min(complete) if complete else None
    for r in rows:
        if fastest and r.us_per_puzzle:
            r.ratio = r.us_per_puzzle / fastest
    # Fastest first; rows over a subset after the complete ones; wrong answers last.
    return sorted(rows, key=lambda r: (bool(r.errors), r.partial, r.us_per_puzzle or 0.0))


# --- output ---------------------------------------------------------------------------


def header_lines(args: argparse.Namespace, contenders: list[Contender]) -> list[str]:
    info = machine_info()
    mode = (
        "count (solutions counted up to 2: solve + uniqueness check)"
        if args.mode == "count"
        else "first (stop at the first solution)"
    )
    solvers = ", ".join(c.name + (f" {c.version}" if c.version else "") for c in contenders)
    limit = "all puzzles" if args.limit == 0 else f"first {args.limit} puzzles of each set"
    return [
        f"machine: {info['platform']}",
        f"cpu: {info['cpu']}, cores: {info['cores']}",
        f"python: {info['python']}",
        f"mode: {mode}",
        f"puzzles: {limit}; time cap {args.time_cap:g} s per set for classic and peers; "
        f"best of {args.repeat} timed pass(es)",
        f"solvers: {solvers}",
        f"data: {args.data}",
    ]


def table(rows: list[Row], markdown: bool) -> str:
    headers = ["dataset", "solver", "puzzles", "puzzles/s", "µs/puzzle", "guesses/puzzle", "ratio"]
    body = []
    for r in rows:
        if r.errors:
            body.append([r.dataset, r.solver, f"WRONG ({len(r.errors)})", "—", "—", "—", "—"])
            continue
        mark = " †" if r.partial else ""
        puzzles = f"{r.timed}/{r.puzzles}{mark}" if r.partial else str(r.timed)
        ratio = "—" if r.ratio is None else f"{r.ratio:.2f}"
        if r.partial and r.ratio is not None:
            ratio = f"({ratio})"
        body.append(
            [
                r.dataset,
                r.solver,
                puzzles,
                fmt_num(r.per_second),
                fmt_num(r.us_per_puzzle),
                fmt_num(r.guesses),
                ratio,
            ]
        )
    right = [False, False, True, True, True, True, True]
    return render_table(headers, body, right=right, markdown=markdown)


def footnotes(rows: list[Row], contenders: list[Contender]) -> list[str]:
    notes = [
        "ratio: µs/puzzle over the fastest solver that did the whole set (1.00 = fastest).",
        "guesses: digits tried in a branching cell (— where the solver does not report them).",
    ]
    partial = [r for r in rows if r.partial and not r.errors]
    if partial:
        notes.append(
            "† only the puzzles finished within the caps are timed: those reached before the "
            "time cap and, for classic, those within its tries budget (the easier ones, which "
            "flatters it); a ratio in parentheses is over that subset:"
        )
        notes.extend(f"  {r.dataset} / {r.solver}: {r.capped_by}" for r in partial)
    wrong = [r for r in rows if r.errors]
    for r in wrong:
        notes.append(f"WRONG answers from {r.solver} on {r.dataset}: {r.errors[0]}")
    for c in contenders:
        if c.note:
            notes.append(f"{c.name}: {c.note}.")
    return notes


# --- command line ---------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=(
            "sets: " + ", ".join(d.name for d in DATASETS) + "\n"
            "solvers: the sudokit backends (" + ", ".join(backends()) + "), norvig, classic, "
            "and py-sudoku, hodoku-py, rustoku, dokusan when installed"
        ),
    )
    p.add_argument(
        "--data",
        type=Path,
        default=DEFAULT_DATA_DIR,
        help="folder of the puzzle files (default: ../shared/data next to the repository)",
    )
    p.add_argument(
        "--limit",
        type=int,
        default=DEFAULT_LIMIT,
        help=f"take the first N puzzles of each set; 0 for all (default {DEFAULT_LIMIT}: "
        "the whole default run takes a few minutes on a 2-core machine)",
    )
    p.add_argument(
        "--mode",
        choices=["first", "count"],
        default="count",
        help="first: stop at the first solution (limit 1); count: count to 2, i.e. solve and "
        "check uniqueness (limit 2; default)",
    )
    p.add_argument("--sets", help="comma-separated parts of set names (default: all)")
    p.add_argument(
        "--solvers",
        help="comma-separated solver keys, e.g. python,norvig,hodoku-py (default: all)",
    )
    p.add_argument(
        "--time-cap",
        type=float,
        default=DEFAULT_TIME_CAP,
        help=f"seconds the classic solver and each peer may spend on one set's checking pass "
        f"before the rest of the set is left out (default {DEFAULT_TIME_CAP:g}); their timed "
        "pass then covers only the puzzles finished, and the row is marked. sudokit's "
        "backends and norvig always do the whole set",
    )
    p.add_argument(
        "--classic-max-tries",
        type=int,
        default=DEFAULT_CLASSIC_TRIES,
        help=f"per-puzzle budget of the classic solver (default {DEFAULT_CLASSIC_TRIES:,})",
    )
    p.add_argument("--repeat", type=int, default=1, help="timed passes, best kept (default 1)")
    p.add_argument("--markdown", action="store_true", help="print markdown (pipe tables)")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write raw results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = p.parse_args(argv)
    if args.limit < 0 or args.repeat < 1 or args.time_cap <= 0:
        p.error("--limit must be >= 0, --repeat >= 1 and --time-cap > 0")
    return args


def select_sets(spec: str | None, mode: str, log: Callable[[str], None]) -> list[Dataset]:
    chosen = list(DATASETS)
    if spec:
        parts = [s.strip() for s in spec.split(",") if s.strip()]
        chosen = [d for d in DATASETS if any(p in d.name for p in parts)]
    if mode == "first":
        for d in [d for d in chosen if d.count_only]:
            log(f"skipping {d.name}: every puzzle has several solutions (use --mode count)")
        chosen = [d for d in chosen if not d.count_only]
    return chosen


def select_contenders(args: argparse.Namespace, log: Callable[[str], None]) -> list[Contender]:
    found: list[Contender] = [
        *sudokit_contenders(),
        norvig_contender(),
        classic_contender(args.classic_max_tries),
    ]
    for make in PEERS:
        c = make()
        if c is not None:
            found.append(c)
    if args.solvers:
        keys = {k.strip() for k in args.solvers.split(",") if k.strip()}
        unknown = keys - {c.key for c in found} - {c.name for c in found}
        if unknown:
            log(f"not available, ignored: {', '.join(sorted(unknown))}")
        found = [c for c in found if c.key in keys or c.name in keys]
    if args.mode == "count":
        for c in [c for c in found if not c.counts]:
            log(f"skipping {c.name} in count mode: it cannot count solutions")
        found = [c for c in found if c.counts]
    return found


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)

    def log(msg: str) -> None:
        if not args.quiet:
            print(msg, file=sys.stderr, flush=True)

    data: Path = args.data
    if not data.is_dir():
        print(f"no data folder at {data}: nothing to measure (give one with --data DIR)")
        return 0
    limit = 1 if args.mode == "first" else 2
    sets = select_sets(args.sets, args.mode, log)
    contenders = select_contenders(args, log)
    if not sets or not contenders:
        print("nothing to run: no matching sets or solvers")
        return 0

    head = header_lines(args, contenders)
    rows: list[Row] = []
    loaded: dict[str, int] = {}
    for ds in sets:
        path = data / ds.name
        if not path.is_file():
            log(f"{ds.name}: not found in {data}, skipped")
            continue
        grids, skipped = load_set(path, args.limit or None)
        loaded[ds.name] = len(grids)
        log(f"{ds.name}: {len(grids)} puzzles" + (f" ({skipped} lines skipped)" if skipped else ""))
        rows.extend(bench_set(ds, grids, contenders, limit, args.time_cap, args.repeat, log))

    if args.markdown:
        print("\n".join(f"- {line}" for line in head))
    else:
        print("\n".join(head))
    print()
    print(table(rows, args.markdown))
    print()
    notes = footnotes(rows, contenders)
    print(
        "\n".join(("- " + n if not n.startswith("  ") else "  - " + n.strip()) for n in notes)
        if args.markdown
        else "\n".join(notes)
    )

    if args.json:
        payload = {
            "machine": machine_info(),
            "mode": args.mode,
            "limit": args.limit,
            "time_cap": args.time_cap,
            "classic_max_tries": args.classic_max_tries,
            "repeat": args.repeat,
            "data": str(data),
            "sets": loaded,
            "solvers": [
                {"key": c.key, "name": c.name, "kind": c.kind, "version": c.version, "note": c.note}
                for c in contenders
            ],
            "results": [
                {
                    **asdict(r),
                    "us_per_puzzle": r.us_per_puzzle,
                    "puzzles_per_s": r.per_second,
                    "partial": r.partial,
                }
                for r in rows
            ],
        }
        args.json.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
        log(f"results written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
