"""`sudokit stats`: the statistics in the terminal, and where they are kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokit import parse
from sudokit.cli import main
from sudokit.game import Session, Store

PUZZLE = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_HOME", str(tmp_path))


def _finish(level: str, *, give_up: bool, seconds: float) -> None:
    clock = [0.0]
    s = Session.new(PUZZLE, level=level, clock=lambda: clock[0])
    clock[0] = seconds
    if give_up:
        s.play("solve")
    else:
        for c in PUZZLE.empty_cells():
            r, k = divmod(c, 9)
            s.play(f"s r{r + 1}c{k + 1} {s.solution.cells[c]}")
    with Store() as store:
        store.save(s)


def test_no_games_yet_creates_nothing(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["stats"])
    assert result.exit_code == 0
    assert "No finished games yet" in result.output
    assert str(tmp_path / "sudokit.db") in result.output
    assert not (tmp_path / "sudokit.db").exists()
    data = json.loads(CliRunner().invoke(main, ["stats", "--json"]).output)
    assert data == {
        "database": str(tmp_path / "sudokit.db"),
        "levels": [],
        "totals": {"played": 0, "solved": 0, "hints": 0},
    }


def test_table_and_json(tmp_path: Path) -> None:
    _finish("hard", give_up=False, seconds=300)
    _finish("hard", give_up=False, seconds=200)
    _finish("easy", give_up=True, seconds=50)
    result = CliRunner().invoke(main, ["stats"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].split() == ["size", "level", "played", "solved", "best", "average", "hints"]
    assert lines[1].split() == ["9×9", "Easy", "1", "0", "-", "-", "0"]
    assert lines[2].split() == ["9×9", "Hard", "2", "2", "03:20", "04:10", "0"]
    data = json.loads(CliRunner().invoke(main, ["stats", "--json"]).output)
    assert data["database"] == str(tmp_path / "sudokit.db")
    hard = next(row for row in data["levels"] if row["level"] == "hard")
    assert hard == {
        "size": 9,
        "rules": "classic",
        "level": "hard",
        "played": 2,
        "solved": 2,
        "best_seconds": 200.0,
        "average_seconds": 250.0,
        "hints": 0,
    }
    assert data["totals"] == {"played": 3, "solved": 2, "hints": 0}


def test_a_damaged_database_is_reported(tmp_path: Path) -> None:
    (tmp_path / "sudokit.db").write_bytes(b"not sqlite" * 100)
    result = CliRunner().invoke(main, ["stats", "--json"])
    assert result.exit_code == 0
    assert "note: The saved-games database" in result.stderr
    assert json.loads(result.stdout)["levels"] == []
    assert any(p.name.startswith("sudokit.db.damaged-") for p in tmp_path.iterdir())
