"""New puzzles are made off the window's thread; big ones in a process Cancel ends."""

from __future__ import annotations

import subprocess
import time
from typing import Any

import pytest

from sudokit import generate
from sudokit.game import examine
from sudokit.gui import making


def _wait(job: making.Job, seconds: float) -> bool:
    return job.done.wait(seconds)


def test_a_small_puzzle_is_made_in_a_thread() -> None:
    job = making.start(None, 4, "easy", 3, started=0.0)
    assert _wait(job, 60)
    assert job.error is None and job.result is not None
    puzzle, solution = job.result
    assert puzzle == generate(4, seed=3, difficulty="easy")
    assert examine(puzzle).solution == solution


def test_a_big_puzzle_is_made_in_a_process_same_seed_same_puzzle() -> None:
    job = making.start(None, 12, "easy", 5, started=0.0)
    assert _wait(job, 120), "made"
    assert job.error is None and job.result is not None
    assert job.result[0] == generate(12, seed=5, difficulty="easy")


def test_cancel_ends_the_worker_process(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[subprocess.Popen[bytes]] = []
    real = subprocess.Popen

    def popen(*args: Any, **kw: Any) -> subprocess.Popen[bytes]:
        proc = real(*args, **kw)
        started.append(proc)
        return proc

    monkeypatch.setattr(subprocess, "Popen", popen)
    # This 16×16 Expert takes seconds to make: cancel must not wait for it.
    job = making.start(None, 16, "expert", 3, started=0.0)
    time.sleep(1.0)
    job.cancel()
    assert _wait(job, 10), "the job ends soon after Cancel"
    assert job.result is None and job.error is None and job.cancelled
    [proc] = started
    assert proc.wait(5) is not None, "no process left working"


def test_a_failing_maker_is_reported() -> None:
    def broken(size: int, level: str, seed: object) -> object:
        raise RuntimeError("no luck")

    job = making.start(broken, 9, "easy", None, started=0.0)  # type: ignore[arg-type]
    assert _wait(job, 10)
    assert job.result is None and job.error == "no luck"
