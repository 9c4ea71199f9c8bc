"""The watched algorithms: they reach solve()'s solution and count like their solvers."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sudokit
from helpers import HEAVY_16, is_solution
from sudokit import Grid, classic_solve, parse
from sudokit import watch as traced
from sudokit.geometry import Shape
from sudokit.solvers import fast
from sudokit.watch import (
    Backtrack,
    Contradiction,
    Counters,
    Eliminate,
    Failed,
    Focus,
    Place,
    Replay,
    Solved,
    Try,
)

#: The board of the classic backtracking tutorials.
TUTORIAL = "".join(
    [
        "78.4..12.",
        "6...75..9",
        "...6.1.78",
        "..7.4.26.",
        "..1.5.93.",
        "9.4.6...5",
        ".7.3...12",
        "12...74..",
        ".492.6..7",
    ]
)
#: Easy 9×9 puzzles (32-36 clues) the tutorial algorithm solves in well under a second.
EASY = [
    TUTORIAL,
    ".7..89.2..52.41..3..6.2517..89...5373.1.57.8......8.4.6.4.937.2...5..6......76...",
    "..43...98....8.4.51......7.4.2.365.....8.5.....521.7.9.6......79.1.7....74...12..",
]
#: Hard 9×9 puzzles: guessing is needed, the tutorial algorithm is far too slow.
HARD = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
]
SMALL = ["4..1..2..4..1..2", "...1.2...56...1..53..6...63...1.2..."]
TWELVE = (
    "83...2...796.4.1A....3.....C.8..........7...2....943.C5.1..A.A7.B..1.8.57.C.8..A."
    "26.A..2.6C.75B....9...2..........B.5.....8....5B.2.B51...8...A3"
)
#: Well-formed but unsolvable: r1c9 cannot hold anything (1-8 in its row, 9 in its column).
NO_SOLUTION = "12345678." + "........9" + "." * 63
DUPLICATES = "11" + "." * 79

ALGORITHMS = ["naive", "mrv", "propagation", "dlx"]


def corpus(algorithm: str) -> list[str]:
    if algorithm == "naive":
        return SMALL + EASY
    return SMALL + EASY + HARD + [TWELVE]


def replayed(grid: Grid, algorithm: str) -> tuple[Replay, list[traced.Event]]:
    replay = Replay(grid, algorithm)
    events = []
    for event in traced.trace(grid, algorithm):
        replay.apply(event)
        events.append(event)
    return replay, events


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_every_algorithm_reaches_the_solution_of_solve(algorithm: str) -> None:
    for text in corpus(algorithm):
        grid = parse(text)
        expected = sudokit.solve(grid)
        assert expected is not None
        replay, events = replayed(grid, algorithm)
        assert events[-1] == Solved(expected)
        assert replay.status == "solved"
        assert replay.board() == expected
        assert all(not isinstance(e, traced.FINAL) for e in events[:-1])
        if replay.kept is not None:  # kept candidates agree with the digits
            assert replay.kept == [1 << (v - 1) for v in expected.cells]
        summary = traced.run(grid, algorithm)
        assert summary.solved and summary.solution == expected and summary.finished
        assert summary.counters.steps == len(events)
        assert summary.counters.depth == summary.counters.max_depth or algorithm != "naive"


@pytest.mark.parametrize("text", SMALL + EASY)
def test_naive_counts_exactly_like_the_tutorial_code(text: str) -> None:
    grid = parse(text)
    classic = classic_solve(grid)
    c = traced.run(grid, "naive").counters
    assert (c.tries, c.placements, c.backtracks) == (
        classic.tries,
        classic.placements,
        classic.backtracks,
    )
    assert c.placements - c.backtracks == len(grid.empty_cells())
    assert c.guesses == c.placements
    assert c.contradictions == c.tries - c.placements


def test_naive_first_events_follow_the_tutorial_order() -> None:
    first = list(itertools.islice(traced.trace(parse(TUTORIAL), "naive"), 18))
    assert first == [
        # r1c3 is the first empty cell: 1 and 2 are in its row, 3 fits.
        Focus(2, "the first empty cell"),
        Try(2, 1),
        Contradiction(2, "1 is already in row 1"),
        Try(2, 2),
        Contradiction(2, "2 is already in row 1"),
        Try(2, 3),
        Place(2, 3, "fits its row, column and box", guess=True),
        # r1c5: 1-4 in its row now, 5 and 6 in column 5, 7 and 8 in the row; 9 fits.
        Focus(4, "the first empty cell"),
        Try(4, 1),
        Contradiction(4, "1 is already in row 1"),
        Try(4, 2),
        Contradiction(4, "2 is already in row 1"),
        Try(4, 3),
        Contradiction(4, "3 is already in row 1"),
        Try(4, 4),
        Contradiction(4, "4 is already in row 1"),
        Try(4, 5),
        Contradiction(4, "5 is already in column 5"),
    ]


def test_naive_names_box_clashes() -> None:
    # r1c1 of a 4×4: 1 is not in row 1 or column 1 but in box 1 (at r2c2).
    events = list(itertools.islice(traced.trace(parse(".....1" + "." * 10), "naive"), 3))
    assert events[2] == Contradiction(0, "1 is already in box 1")


@pytest.mark.parametrize("text", SMALL + EASY + HARD + [TWELVE])
def test_propagation_guesses_like_the_python_fast_backend(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    grid = parse(text)
    outcome = sudokit.search(grid, 1)
    summary = traced.run(grid, "propagation")
    assert summary.counters.guesses == outcome.guesses
    assert summary.counters.tries == outcome.guesses
    assert summary.solution is not None and list(summary.solution.cells) == outcome.solution
    # The engine itself, whatever backend the environment picks for search().
    assert fast.engine(grid.shape).run(grid.cells, 1).guesses == outcome.guesses


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([12, 16]), st.integers(0, 2**32), st.floats(0.45, 0.65))
def test_propagation_with_locked_candidates_guesses_like_the_fast_engine(
    size: int, seed: int, blank: float
) -> None:
    # Random grids blanked at random: most have many solutions, which is where the two
    # must still take the same branches to the same first solution.
    shape = Shape.of(size)
    engine = fast.engine(shape)
    rng = random.Random(seed)
    cells = [0 if rng.random() < blank else d for d in engine.random_fill(rng)]
    grid = Grid(shape, cells)
    outcome = engine.run(cells, 1)
    summary = traced.run(grid, "propagation")
    assert summary.counters.guesses == outcome.guesses
    assert summary.solution is not None and list(summary.solution.cells) == outcome.solution
    assert is_solution(cells, summary.solution.cells, size, shape.box_rows, shape.box_cols)


def test_propagation_restarts_like_the_fast_engine() -> None:
    # Past its budget the canonical order gives up: every trial is undone, and the
    # search starts again in the fast engine's next order, guess for guess.
    grid = Grid(Shape.of(16), list(HEAVY_16))
    replay = Replay(grid, "propagation")
    root: list[int] | None = None
    restarts = 0
    for event in traced.trace(grid, "propagation"):
        if isinstance(event, Focus) and root is None:
            root = list(replay.values)
        if isinstance(event, Focus) and "start again in another order" in event.note:
            restarts += 1
            assert replay.values == root, "back to the state before the first guess"
        replay.apply(event)
    outcome = fast.engine(grid.shape).run(grid.cells, 1)
    assert restarts == 1
    assert replay.counters.guesses == outcome.guesses > fast.FIRST_BUDGET
    assert list(replay.board().cells) == outcome.solution
    assert is_solution(grid.cells, outcome.solution, 16, 4, 4)


def test_propagation_points_and_claims_from_twelve_up() -> None:
    shape = Shape.of(16)
    rng = random.Random(3)
    cells = [0 if rng.random() < 0.6 else d for d in fast.engine(shape).random_fill(rng)]
    reasons = [
        e.reason
        for e in traced.trace(Grid(shape, cells), "propagation")
        if isinstance(e, Eliminate)
    ]
    assert any(r.startswith("pointing: in box ") for r in reasons)
    assert any(
        r.startswith("claiming: in row ") or r.startswith("claiming: in column ") for r in reasons
    )
    # 9×9 keeps to singles, as the fast solver does there.
    assert not any(
        isinstance(e, Eliminate) and ":" in e.reason.split(" ")[0]
        for e in traced.trace(parse(HARD[0]), "propagation")
    )


@given(st.sampled_from([4, 6]), st.integers(0, 10_000))
def test_all_algorithms_agree_on_generated_small_puzzles(size: int, seed: int) -> None:
    grid = sudokit.generate(size, seed=seed)
    expected = sudokit.solve(grid)
    for algorithm in ALGORITHMS:
        assert traced.run(grid, algorithm).solution == expected
    c = traced.run(grid, "naive").counters
    classic = classic_solve(grid)
    assert (c.tries, c.placements, c.backtracks) == (
        classic.tries,
        classic.placements,
        classic.backtracks,
    )
    assert traced.run(grid, "propagation").counters.guesses == (
        fast.engine(grid.shape).run(grid.cells, 1).guesses
    )


@pytest.mark.parametrize("algorithm", traced.algorithms())
@pytest.mark.parametrize("text", [NO_SOLUTION, DUPLICATES])
def test_unsolvable_puzzles_end_failed(algorithm: str, text: str) -> None:
    grid = parse(text, check=False)
    replay, events = replayed(grid, algorithm)
    assert isinstance(events[-1], Failed)
    assert replay.status == "failed"
    summary = traced.run(grid, algorithm)
    assert not summary.solved and summary.solution is None
    assert summary.counters.depth == 0
    if algorithm == "naive":
        classic = classic_solve(grid)
        c = summary.counters
        assert (c.tries, c.placements, c.backtracks) == (
            classic.tries,
            classic.placements,
            classic.backtracks,
        )


def test_traces_are_lazy() -> None:
    # The empty 9×9 grid under naive backtracking: the first events come at once.
    events = traced.trace(Grid.empty(sudokit.Shape.of(9)), "naive")
    assert sum(1 for _ in itertools.islice(events, 1000)) == 1000
    summary = traced.run(parse(HARD[0]), "naive", max_steps=5000)
    assert not summary.finished and summary.counters.steps == 5000


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_replay_undo_restores_every_earlier_board(algorithm: str) -> None:
    grid = parse(EASY[1] if algorithm == "naive" else HARD[1])
    replay = Replay(grid, algorithm)

    def state() -> tuple[object, ...]:
        kept = None if replay.kept is None else tuple(replay.kept)
        return (
            tuple(replay.values),
            tuple(replay.origin),
            kept,
            replay.focus,
            replay.focus_unit,
            replay.tried,
            replay.last,
            replay.status,
            replay.counters.snapshot(),
        )

    states = [state()]
    records = []
    for event in itertools.islice(traced.trace(grid, algorithm), 3000):
        records.append(replay.apply(event))
        states.append(state())
    # Undo everything, checking each earlier board, then redo the second half.
    for i in range(len(records) - 1, -1, -1):
        replay.undo(records[i])
        assert state() == states[i]
    events = [r[0] for r in records]
    for i, event in enumerate(events):
        records[i] = replay.apply(event)
        assert state() == states[i + 1]


def test_backtrack_restores_the_board_before_the_try() -> None:
    grid = parse(HARD[0])
    replay = Replay(grid, "propagation")
    before: dict[tuple[int, int], tuple[list[int], list[int] | None]] = {}
    checked = 0
    for event in traced.trace(grid, "propagation"):
        if isinstance(event, Try):
            kept = None if replay.kept is None else replay.kept[:]
            before[event.cell, event.digit] = (replay.values[:], kept)
        replay.apply(event)
        if isinstance(event, Backtrack):
            assert (replay.values, replay.kept) == before[event.cell, event.digit]
            checked += 1
    assert checked > 0


def test_counters_follow_events() -> None:
    c = Counters()
    for event in [
        Focus(0),
        Try(0, 1),
        Place(0, 1, "", guess=True),
        Eliminate(1, 1, "x"),
        Contradiction(1, "x"),
        Backtrack(0, 1),
        Place(0, 2, "forced"),
    ]:
        c.update(event)
    assert c.as_dict() == {
        "steps": 7,
        "tries": 1,
        "placements": 2,
        "backtracks": 1,
        "guesses": 1,
        "depth": 0,
        "max_depth": 1,
        "eliminations": 1,
        "contradictions": 1,
    }


def test_descriptions_and_registry() -> None:
    shape = sudokit.Shape.of(9)
    assert traced.describe(Try(2, 3), shape) == "Try 3 in r1c3"
    assert traced.describe(Backtrack(80, 9), shape) == "Take back 9 from r9c9"
    assert "hidden single" in traced.describe(Place(0, 1, "hidden single"), shape)
    assert traced.algorithms()[:4] == ALGORITHMS
    with pytest.raises(ValueError, match="unknown algorithm 'nope'"):
        traced.trace(parse(EASY[0]), "nope")


def test_importing_sudokit_stays_light() -> None:
    import subprocess
    import sys

    code = (
        "import sys, sudokit, sudokit.watch;"
        "bad = [m for m in ('pygame', 'PIL', 'sudokit.cli', 'sudokit.render', 'sudokit.gui')"
        " if m in sys.modules]; print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("text", SMALL + EASY)
def test_human_solves_easy_puzzles_one_explained_step_at_a_time(text: str) -> None:
    grid = parse(text)
    replay, events = replayed(grid, "human")
    assert events[-1] == Solved(sudokit.solve(grid))
    assert replay.kept == [1 << (v - 1) for v in replay.values]
    assert replay.counters.guesses == replay.counters.backtracks == 0
    assert any(isinstance(e, Focus) and e.note for e in events)  # the technique's name
    assert all(isinstance(e, Place) and e.reason for e in events if isinstance(e, Place))


@pytest.mark.parametrize("text", HARD)
def test_human_stops_stuck_without_wrong_steps(text: str) -> None:
    grid = parse(text)
    solution = sudokit.solve(grid)
    assert solution is not None
    replay, events = replayed(grid, "human")
    assert isinstance(events[-1], traced.Solved | traced.Stuck)
    assert grid.fits(replay.board()) and replay.board().fits(solution)
    assert all(v in (0, s) for v, s in zip(replay.values, solution.cells, strict=True))
    assert replay.kept is not None
    for cell, mask in enumerate(replay.kept):  # the solution's digit is never eliminated
        assert mask >> (solution.cells[cell] - 1) & 1
