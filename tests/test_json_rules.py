"""Every command's --json answer reads back under the puzzle's rules: "puzzle" holds the
digits alone and a variant's rules go in "rules" (as the JSON records ``read_puzzles``
reads), for one puzzle given and for a file of them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokit import Grid, generate, read_puzzles
from sudokit.cli import main
from sudokit.formats import format_rules_line
from sudokit.logic import explain, rate

#: Classic, and rules of each kind: an extra unit, windows, regions of a jigsaw, moves
#: (easy puzzles: quick to rate and explain).
PUZZLES = [
    generate(9, seed=2, difficulty="easy"),
    generate(9, variant="x", seed=2, difficulty="easy"),
    generate(9, variant="windoku", seed=2, difficulty="easy"),
    generate(rules="6+jigsaw:AAABBBAACCBBACCCBDEECFDDEEFFDDEEFFFD", seed=2, difficulty="easy"),
    generate(9, variant="anti-knight", seed=2, difficulty="easy"),
]
IDS = [g.rules.code[:12] for g in PUZZLES]

#: The commands answering puzzles in JSON, with their options.
COMMANDS = [
    ["solve", "--json"],
    ["count", "--json"],
    ["validate", "--json"],
    ["hint", "--json"],
    ["rate", "--json"],
    ["explain", "--json"],
]


def _read_back(out: str) -> list[Grid]:
    records = list(read_puzzles(out.splitlines()))
    for record in records:
        assert record.grid is not None, record.error
    return [r.grid for r in records if r.grid is not None]


def _same(a: Grid, b: Grid) -> bool:
    return a.rules is b.rules and a.cells == b.cells


def _check_fields(out: str, grid: Grid) -> None:
    for line in out.splitlines():
        record = json.loads(line)
        assert ":" not in record["puzzle"]  # the digits alone
        assert record.get("rules") == (None if grid.rules.classic else grid.rules.code)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize("grid", PUZZLES, ids=IDS)
def test_an_answer_reads_back_under_its_rules(command: list[str], grid: Grid) -> None:
    result = CliRunner().invoke(main, [*command, format_rules_line(grid)])
    assert result.exit_code == 0, result.output
    _check_fields(result.stdout, grid)
    (back,) = _read_back(result.stdout)
    assert _same(back, grid)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_files_answers_read_back_under_their_rules(command: list[str], tmp_path: Path) -> None:
    src = tmp_path / "mixed.txt"
    src.write_text("".join(format_rules_line(g) + "\n" for g in PUZZLES), encoding="utf-8")
    result = CliRunner().invoke(main, [*command, "-f", str(src)])
    assert result.exit_code == 0, result.output
    back = _read_back(result.stdout)
    assert len(back) == len(PUZZLES)
    for grid, again in zip(PUZZLES, back, strict=True):
        assert _same(again, grid), (command, grid.rules.code)


def test_generated_answers_read_back_under_their_rules() -> None:
    for args in (["--variant", "x,windoku"], ["--variant", "jigsaw", "--size", "6"], []):
        result = CliRunner().invoke(
            main, ["generate", "-n", "2", "--seed", "5", "--difficulty", "easy", "--json", *args]
        )
        assert result.exit_code == 0, result.output
        back = _read_back(result.stdout)
        for i, again in enumerate(back):
            kw = {"variant": args[1]} if args else {}
            size = int(args[3]) if len(args) > 2 else 9
            made = generate(size, seed=5 + i, difficulty="easy", **kw)  # type: ignore[arg-type]
            _check_fields(result.stdout.splitlines()[i], made)
            assert _same(again, made)


@pytest.mark.parametrize("grid", PUZZLES[1:3], ids=IDS[1:3])
def test_the_librarys_answers_carry_the_rules(grid: Grid) -> None:
    for answer in (rate(grid).to_dict(), explain(grid).to_dict()):
        assert answer["rules"] == grid.rules.code
        (back,) = _read_back(json.dumps(answer))
        assert _same(back, grid)
    assert "rules" not in rate(PUZZLES[0]).to_dict()
