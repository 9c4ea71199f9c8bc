"""Arguments that are not what they seem: a missing file, a nested list, a puzzle with
several solutions played anyway."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokit import generate, parse
from sudokit.cli import main
from sudokit.errors import ParseError

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

SEVERAL = "1..............."


@pytest.mark.parametrize("command", ["solve", "count", "validate", "show", "rate", "watch"])
@pytest.mark.parametrize("name", ["puzzles.txt", "folder/x.sdk", "~/nothing-here.csv"])
def test_a_missing_file_is_named(
    command: str, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    result = CliRunner().invoke(main, [command, name])
    assert result.exit_code == 2, result.output
    assert f"no such file: {name}" in result.output
    assert "a puzzle has" not in result.output


def test_a_missing_file_for_play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["play", "--screenshot", "x.png", "mine.sdk"])
    assert result.exit_code == 2 and "error: no such file: mine.sdk" in result.output


def test_a_short_puzzle_is_still_a_puzzle_error() -> None:
    result = CliRunner().invoke(main, ["solve", "53..7....6..195"])
    assert result.exit_code == 2 and "15 cells: a puzzle has 16 (4×4)" in result.output


@pytest.mark.parametrize("size", [4, 9, 12, 16])
def test_nested_lists_with_two_digit_numbers(size: int) -> None:
    grid = generate(size, seed=2)
    text = json.dumps([list(r) for r in grid.rows()])
    assert parse(text) == grid
    result = CliRunner().invoke(main, ["show", "--line", text])
    assert result.exit_code == 0 and result.output.strip() == str(grid)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2]]", "row 4 has 3 values, expected 4"),
        ("[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,13]]", "row 4, column 4: 13 is out of range"),
        ("[[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,1]", "not a nested list of numbers"),
        ('[[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,"x"]]', "row 4, column 4: 'x' is not an integer"),
    ],
)
def test_nested_list_errors_are_precise(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse(text)
    result = CliRunner().invoke(main, ["solve", text])
    assert result.exit_code == 2 and message in result.output


def test_play_anyway(tmp_path: Path) -> None:
    shot = tmp_path / "x.png"
    refused = CliRunner().invoke(main, ["play", "--screenshot", str(shot), SEVERAL])
    assert refused.exit_code == 2 and "several solutions" in refused.output
    assert "--anyway" in refused.output and not shot.exists()
    result = CliRunner().invoke(main, ["play", "--anyway", "--screenshot", str(shot), SEVERAL])
    assert result.exit_code == 0, result.output
    assert "note: This puzzle has several solutions" in result.output and shot.exists()
    nothing = CliRunner().invoke(
        main, ["play", "--anyway", "--screenshot", str(shot), "11" + "." * 14]
    )
    assert nothing.exit_code == 2, "--anyway does not play a puzzle that breaks the rules"


def test_the_window_plays_a_puzzle_with_several_solutions() -> None:
    from sudokit.game import Store
    from sudokit.gui.controller import Controller

    with Store(":memory:") as store:
        game = Controller(store, puzzle=parse(SEVERAL))
        assert game.session is not None and not game.session.unique
        assert "several solutions" in game.message
