"""What the game's controller tests and window tests share: a puzzle, puzzles made once
per size (so no test waits for the generator), a clock the test moves, and the fixtures
that keep saves in a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudokit import generate, parse
from sudokit.grid import Grid

PUZZLE = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
_CACHE: dict[int, Grid] = {}


def quick_puzzle(size: int, level: str, seed: object) -> Grid:
    """Puzzles made once per size, so tests never wait for the generator."""
    if size not in _CACHE:
        _CACHE[size] = generate(size, seed=1, difficulty="easy")
    return _CACHE[size]


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_HOME", str(tmp_path))


@pytest.fixture()
def clock() -> FakeClock:
    return FakeClock()
