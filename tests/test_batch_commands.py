"""hint, explain and generate over many puzzles on the batch engine: each file record is
answered as the same puzzle alone, in input order, the same on one process, several and
a Dask cluster."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sudokit import generate
from sudokit.cli import main

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# No duplicate givens, but no solution either.
NONE = "43...1.....8..7..91..94....9.3....8..2.6.3.9..6....3.7....25..32..8..9.....7...2."
SEVERAL = "." * 81


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def _file() -> tuple[str, list[str]]:
    """A file of generated puzzles, a malformed line, an impossible and an open puzzle."""
    puzzles = [str(generate(seed=s)) for s in range(4)]
    records = [puzzles[0], "bad", puzzles[1], NONE, puzzles[2], SEVERAL, puzzles[3], EASY]
    return "\n".join(records) + "\n", records


def test_hint_file_answers_each_puzzle_as_alone() -> None:
    data, records = _file()
    code, out, _ = run("hint", "-f", "-", "--level", "2", input=data)
    assert code == 2  # the malformed line
    lines = out.splitlines()
    assert len(lines) == len(records)
    for record, line in zip(records, lines, strict=True):
        if record == "bad":
            assert line.startswith("error: line 2: ")
        else:
            assert line == run("hint", "--level", "2", record)[1].rstrip("\n")
    assert run("hint", "-f", "-", "-j", "2", "--level", "2", input=data) == (code, out, "")


def test_hint_file_json_and_exit_codes() -> None:
    data, records = _file()
    code, out, _ = run("hint", "-f", "-", "--json", input=data)
    assert code == 2  # the malformed line, as without --json
    objects = [json.loads(x) for x in out.splitlines()]
    assert [o["line"] for o in objects] == list(range(1, len(records) + 1))
    assert objects[1]["error"] and objects[1]["kind"] is None
    assert objects[3]["kind"] == "no_solution"
    for o, record in zip(objects, records, strict=True):
        if not o["error"]:
            alone = json.loads(run("hint", "--json", record)[1])
            assert {k: v for k, v in o.items() if k not in ("error", "line")} == alone
    # Without the malformed line, the impossible puzzle decides: exit 1.
    assert run("hint", "-f", "-", input=data.replace("bad\n", ""))[0] == 1


def test_explain_file_matches_each_puzzle_alone() -> None:
    data, records = _file()
    code, out, _ = run("explain", "-f", "-", "--json", input=data)
    assert code == 2
    objects = [json.loads(x) for x in out.splitlines()]
    assert len(objects) == len(records)
    for o, record in zip(objects, records, strict=True):
        if record == "bad":
            assert o["error"].startswith("line 2: ") and o["steps"] is None
            continue
        alone = json.loads(run("explain", "--json", record)[1])
        assert {k: v for k, v in o.items() if k not in ("error", "line")} == alone
    assert run("explain", "-f", "-", "--json", "-j", "2", input=data)[1] == out


def test_explain_file_text() -> None:
    puzzles = [str(generate(seed=s)) for s in (7, 8)]
    code, out, _ = run("explain", "-f", "-", input="\n".join(puzzles) + "\n")
    assert code == 0
    blocks = out.rstrip("\n").split("\n\n")
    assert len(blocks) == 2
    for i, (block, puzzle) in enumerate(zip(blocks, puzzles, strict=True), start=1):
        head, *path = block.splitlines()
        assert head == f"# line {i}: {puzzle}"
        assert "\n".join(path) == run("explain", puzzle)[1].rstrip("\n")
        assert path[-1].startswith("Solved in ")


def test_one_puzzle_or_a_file() -> None:
    for command in ("hint", "explain"):
        code, _, err = run(command)
        assert code == 2 and "PUZZLE" in err
        code, _, err = run(command, EASY, "-f", "-", input=EASY)
        assert code == 2 and "not both" in err


def test_generate_on_workers_gives_the_same_puzzles_in_order() -> None:
    args = ("generate", "-n", "9", "--seed", "11", "--json")
    alone = run(*args)
    assert alone[0] == 0
    assert run(*args, "-j", "2") == alone
    records = [json.loads(x) for x in alone[1].splitlines()]
    assert [r["seed"] for r in records] == list(range(11, 20))
    assert [r["puzzle"] for r in records] == [str(generate(seed=s)) for s in range(11, 20)]


def test_generate_random_seeds_on_workers_are_reported() -> None:
    code, out, _ = run("generate", "-n", "5", "--json", "-j", "2")
    assert code == 0
    for r in (json.loads(x) for x in out.splitlines()):
        assert r["puzzle"] == str(generate(seed=r["seed"]))


def test_generate_refusal_on_workers() -> None:
    code, out, err = run("generate", "--size", "4", "--difficulty", "extreme", "-j", "2")
    assert code == 2 and out == ""
    assert "cannot be made extreme" in err


def test_generate_on_a_local_dask_cluster_matches_one_process() -> None:
    pytest.importorskip("distributed")
    args = ("generate", "-n", "6", "--seed", "3", "--difficulty", "hard")
    alone = run(*args)
    assert alone[0] == 0 and len(alone[1].splitlines()) == 6
    assert run(*args, "--dask", "local", "-j", "2") == alone
