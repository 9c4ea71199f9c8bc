"""Soundness: on puzzles with one solution, no step places a wrong digit or removes the
solution's digit.

Always on puzzles sudokit generates (every size); on samples of the shared datasets in
``../shared/data`` when they are present (``SUDOKIT_DATA`` points elsewhere). The
benchmark ``benchmarks/bench_logic.py`` runs the same check over whole datasets.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sudokit import Grid, generate, parse, solve
from sudokit.logic import State, explain
from sudokit.logic.engine import fast_path, select

DATA = Path(os.environ.get("SUDOKIT_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))


def check_path(puzzle: Grid) -> tuple[bool, set[str]]:
    """Walk the whole path, checking every move against the solution; (solved, ids)."""
    solution = solve(puzzle)
    assert solution is not None
    state = State.from_grid(puzzle)
    used: set[str] = set()
    chosen = select(shape=puzzle.shape, unique=True)
    for move in fast_path(state, unique=True, techniques=chosen):
        used.add(move.technique)
        for c, d in move.placements:
            assert solution[c] == d, (str(puzzle), move.technique, "placement", c, d)
        for c, d in move.eliminations:
            assert solution[c] != d, (str(puzzle), move.technique, "elimination", c, d)
            assert state.cands[c] >> (d - 1) & 1, (str(puzzle), move.technique, "no-op", c, d)
        assert move.placements or move.eliminations
        state = move.after
    return state.is_solved(), used


_SLOW = pytest.mark.slow


@pytest.mark.parametrize(
    ("size", "count"),
    [
        (4, 150),
        (6, 150),
        (9, 300),
        (12, 2),
        # The whole sweep: ``pytest -m slow`` (``make test-slow``) and the logic benchmark.
        pytest.param(4, 600, marks=_SLOW),
        pytest.param(6, 600, marks=_SLOW),
        pytest.param(9, 2400, marks=_SLOW),
        pytest.param(12, 8, marks=_SLOW),
    ],
)
def test_generated(size: int, count: int) -> None:
    used: set[str] = set()
    solved = 0
    for seed in range(count):
        ok, ids = check_path(generate(size, seed=seed))
        solved += ok
        used |= ids
    assert solved >= count * 0.4
    if size == 9:
        # The sample exercises the engine well beyond singles.
        assert len(used) >= 15, sorted(used)


def test_generated_step_by_step() -> None:
    # The one-at-a-time path (explain) is sound too and ends where the sweeps end.
    for seed in range(40):
        puzzle = generate(seed=10_000 + seed)
        solution = solve(puzzle)
        assert solution is not None
        ex = explain(puzzle, keep_states=True)
        for before, step in zip(ex.states, ex.steps, strict=False):
            for c, d in step.placements:
                assert solution[c] == d
            for c, d in step.eliminations:
                assert solution[c] != d and before.cands[c] >> (d - 1) & 1
        assert ex.solved == check_path(puzzle)[0]


def _sample(name: str, every: int, limit: int) -> list[Grid]:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"{path} not present")
    out = []
    for i, line in enumerate(path.read_text().splitlines()):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        token = line.split()[1] if name.endswith("diabolical.txt") else line[:81]
        if i % every == 0:
            out.append(parse(token))
        if len(out) >= limit:
            break
    return out


@pytest.mark.parametrize(
    ("name", "every", "limit"),
    [
        ("puzzles3_magictour_top1465", 97, 12),
        ("puzzles2_17_clue", 491, 12),
        ("rated/qqwing_expert.sdm", 10, 12),
        ("rated/sudoku-exchange_diabolical.txt", 397, 12),
        pytest.param("puzzles3_magictour_top1465", 20, 60, marks=_SLOW),
        pytest.param("puzzles2_17_clue", 491, 60, marks=_SLOW),
        pytest.param("rated/qqwing_expert.sdm", 10, 60, marks=_SLOW),
        pytest.param("rated/sudoku-exchange_diabolical.txt", 397, 60, marks=_SLOW),
    ],
)
def test_datasets(name: str, every: int, limit: int) -> None:
    for puzzle in _sample(name, every, limit):
        check_path(puzzle)
