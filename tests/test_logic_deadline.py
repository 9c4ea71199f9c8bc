"""--max-seconds: the logic engine stops cleanly when its time is up, with what it has.

Time is a fake clock here (one second passes each time the engine looks at it), so the
tests never depend on the machine's speed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from sudokit.cli import main
from sudokit.logic import engine, explain, hint, rate

#: Norvig's hard puzzle: a path of 69 steps.
FAMOUS = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.fixture
def ticking(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A clock for the engine that moves one second each time it is read."""
    now = [0.0]

    def monotonic() -> float:
        now[0] += 1.0
        return now[0]

    monkeypatch.setattr(engine, "time", SimpleNamespace(monotonic=monotonic))
    yield


def test_explain_stops_with_a_prefix_of_the_path(ticking: None) -> None:
    whole = explain(FAMOUS)
    assert whole.solved and not whole.stopped
    cut = explain(FAMOUS, max_seconds=5)
    assert cut.stopped and not cut.solved
    assert 0 < len(cut.steps) < len(whole.steps)
    assert cut.steps == whole.steps[: len(cut.steps)]
    assert cut.to_dict()["stopped"] is True


def test_enough_time_changes_nothing(ticking: None) -> None:
    plenty = rate(FAMOUS, max_seconds=10**9)
    assert not plenty.stopped
    assert plenty == rate(FAMOUS)
    assert explain(FAMOUS, max_seconds=10**9).steps == explain(FAMOUS).steps


def test_rate_stops_unrated_with_the_steps_found(ticking: None) -> None:
    r = rate(FAMOUS, max_seconds=5)
    assert r.stopped and not r.solved
    assert 0 < sum(r.techniques.values()) < sum(rate(FAMOUS).techniques.values())


def test_hint_says_it_stopped(ticking: None) -> None:
    answer = hint(FAMOUS, max_seconds=0.5)
    assert answer is not None and answer.kind == "stopped"
    assert "0.5 s" in answer.text()


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_rate_command_says_unrated(ticking: None) -> None:
    code, out, err = run("rate", "--max-seconds", "5", FAMOUS)
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "level: unrated (stopped after 5 s)"
    assert lines[1] == "score: -"
    assert lines[3].startswith("techniques: ") and lines[3] != "techniques: -"
    assert "stopped after 5 s" in err and "--max-seconds" in err
    code, out, _ = run("rate", "--max-seconds", "5", "--json", FAMOUS)
    record = json.loads(out)
    assert code == 1
    assert (record["level"], record["score"], record["stopped"]) == (None, None, True)


def test_rate_file_marks_each_stopped_puzzle(ticking: None, tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(FAMOUS + "\n" + FAMOUS + "\n", encoding="utf-8")
    code, out, _ = run("rate", "-f", str(path), "--max-seconds", "5")
    assert code == 1
    assert out.splitlines() == ["- - - (unrated: stopped after 5 s)"] * 2


def test_explain_command_prints_the_steps_so_far(ticking: None) -> None:
    code, out, _ = run("explain", "--max-seconds", "5", FAMOUS)
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("1. ")
    assert lines[-1].startswith(f"Stopped after 5 s with {len(lines) - 1} steps found and ")
    code, out, _ = run("explain", "--max-seconds", "5", "--json", FAMOUS)
    assert json.loads(out)["stopped"] is True


def test_hint_command_says_it_stopped(ticking: None) -> None:
    code, out, _ = run("hint", "--max-seconds", "0.5", FAMOUS)
    assert code == 1
    assert out == "No step found within 0.5 s: the search was stopped.\n"


def test_max_seconds_must_be_positive() -> None:
    code, _, err = run("rate", "--max-seconds", "0", FAMOUS)
    assert code == 2 and "--max-seconds" in err
