"""The logic commands of the command line: hint, explain, rate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokit import generate
from sudokit.cli import main

HARD = ".7.59..4..4...1..71..7.6.2.4...3.....59...37.....6...9.3.6.9..45..3...6..6..54.3."
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# No duplicate givens, but no solution either.
NONE = "43...1.....8..7..91..94....9.3....8..2.6.3.9..6....3.7....25..32..8..9.....7...2."


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def test_hint() -> None:
    code, out, _ = run("hint", EASY)
    assert code == 0 and out.startswith("In box ")
    code, out, _ = run("hint", "--level", "1", EASY)
    assert out.startswith("Look for a Hidden Single in box ")
    code, out, _ = run("hint", "--json", HARD)
    record = json.loads(out)
    assert record["kind"] == "step" and record["technique"] == "hidden_single"
    assert len(record["texts"]) == 3 and record["placements"][0]["cell"].startswith("r")


def test_hint_errors() -> None:
    code, _, err = run("hint", "12345")
    assert code == 2 and err.startswith("error:")
    code, out, _ = run("hint", NONE)
    assert code == 1 and "no solution" in out


def test_explain() -> None:
    code, out, _ = run("explain", HARD)
    lines = out.splitlines()
    assert code == 0 and lines[0].lstrip().startswith("1. ") and lines[-1].startswith("Solved in")
    assert any("X-Wing" in line for line in lines)
    code, out, _ = run("explain", "--json", HARD)
    record = json.loads(out)
    assert record["solved"] is True
    step = record["steps"][0]
    assert set(step) >= {"technique", "name", "placements", "eliminations", "explanation"}
    assert step["placements"] == [{"cell": step["placements"][0]["cell"], "digit": 3}]


@pytest.mark.slow
def test_explain_finishes_the_hardest() -> None:
    # AI Escargot: forcing nets of every level finish it, one step at a time.
    escargot = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
    code, out, _ = run("explain", escargot)
    assert code == 0 and out.splitlines()[-1].startswith("Solved in ")
    assert "Forcing Net" in out


def test_rate_one() -> None:
    code, out, _ = run("rate", HARD)
    assert code == 0 and out.splitlines()[:2] == ["level: hard", "score: 6.6"]
    code, out, _ = run("rate", "--json", EASY)
    record = json.loads(out)
    assert record["level"] == "easy" and record["hardest"] == "hidden_single"
    assert set(record) >= {"puzzle", "level", "score", "hardest", "techniques"}


def test_rate_file(tmp_path: Path) -> None:
    puzzles = [str(generate(seed=s)) for s in range(6)]
    lines = [*puzzles[:3], "not a puzzle", *puzzles[3:]]
    path = tmp_path / "p.txt"
    path.write_text("\n".join(lines) + "\n")
    code, out, _ = run("rate", "-f", str(path), "--json")
    records = [json.loads(x) for x in out.splitlines()]
    assert code == 2 and len(records) == 7
    assert records[3]["error"] and records[3]["line"] == 4
    assert [r["puzzle"] for r in records if not r["error"]] == puzzles
    code, out2, _ = run("rate", "-f", "-", input="\n".join(puzzles) + "\n")
    assert code == 0
    text = out2.splitlines()
    assert [t.split()[0] for t in text] == [r["level"] for r in records if not r["error"]]


def test_rate_jobs(tmp_path: Path) -> None:
    puzzles = [str(generate(seed=s)) for s in range(10)]
    path = tmp_path / "p.txt"
    path.write_text("\n".join(puzzles) + "\nbad\n")
    one = run("rate", "-f", str(path))
    two = run("rate", "-f", str(path), "-j", "2")
    assert one == two and one[0] == 2


def test_rate_usage() -> None:
    code, _, err = run("rate")
    assert code == 2 and "PUZZLE" in err


def test_rate_gives_no_level_without_one_solution() -> None:
    several = ".3...1.....8..7..91..94....9.3....8....6.3.9..6....3.7....25..32..8..9.....7...2."
    code, out, _ = run("rate", NONE)
    assert code == 1 and out.splitlines()[:2] == [
        "level: none (this puzzle has no solution)",
        "score: -",
    ]
    code, out, _ = run("rate", "--json", several)
    record = json.loads(out)
    assert code == 1 and record["level"] is None and record["score"] is None
    code, out, _ = run("rate", "-f", "-", input=f"{NONE}\n{several}\n{EASY}\n")
    lines = out.splitlines()
    assert code == 1 and lines[0] == "- - - (this puzzle has no solution)"
    assert lines[1].startswith("- - - (this puzzle has more than one solution")
    assert lines[2].startswith("easy ")
