"""What the command line says around its answers: notes, progress, errors and help texts."""

from __future__ import annotations

import json
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result
from hypothesis import given
from hypothesis import strategies as st

from sudokit import generate, parse
from sudokit.cli import COMMANDS, SUMMARIES, main
from sudokit.errors import CellCountError
from sudokit.geometry import CELL_COUNTS
from sudokit.logic import TECHNIQUES, explain

UNIQUE = ".3...1.....8..7..91..94....9.3....8..2.6.3.9..6....3.7....25..32..8..9.....7...2."
#: UNIQUE without its r5c2 clue: several solutions.
SEVERAL = ".3...1.....8..7..91..94....9.3....8....6.3.9..6....3.7....25..32..8..9.....7...2."
SEVERAL_4 = "................"
UNIQUE_4 = "...2...42...3..."


def run(args: Sequence[str], input: str | bytes | None = None, **kwargs: Any) -> Result:
    return CliRunner().invoke(main, list(args), input=input, **kwargs)


def notes(result: Result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.startswith("note: ")]


# --- solve -f marks a puzzle with several solutions ------------------------------------------

SEVERAL_FILE = [UNIQUE, "# a comment", SEVERAL, UNIQUE_4, SEVERAL_4, UNIQUE]
SEVERAL_LINES = [3, 5]


@pytest.mark.parametrize("stdin", [False, True], ids=["file", "pipe"])
def test_solve_file_notes_each_line_with_several_solutions(tmp_path: Path, stdin: bool) -> None:
    path = tmp_path / "p.txt"
    path.write_text("".join(line + "\n" for line in SEVERAL_FILE), encoding="utf-8")
    if stdin:
        result = run(["solve", "-f", "-"], input=path.read_bytes())
    else:
        result = run(["solve", "-f", str(path)])
    assert result.exit_code == 0, result.output
    assert len(result.stdout.splitlines()) == 5  # every puzzle still gets its solution
    assert sorted(notes(result)) == [
        f"note: line {n}: several solutions; one is shown" for n in SEVERAL_LINES
    ]


def test_solve_file_notes_in_pretty_output(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("".join(line + "\n" for line in SEVERAL_FILE), encoding="utf-8")
    result = run(["solve", "-f", str(path), "--pretty"])
    assert result.exit_code == 0
    assert sorted(notes(result)) == [
        f"note: line {n}: several solutions; one is shown" for n in SEVERAL_LINES
    ]


def test_solve_file_json_says_whether_the_solution_is_unique(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("".join(line + "\n" for line in SEVERAL_FILE), encoding="utf-8")
    result = run(["solve", "-f", str(path), "--json"])
    assert result.exit_code == 0
    got = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["line"], r["unique"]) for r in got] == [
        (1, True),
        (3, False),
        (4, True),
        (5, False),
        (6, True),
    ]
    assert all(r["status"] == "solved" for r in got)
    assert notes(result) == []  # the field says it
    (one,) = [json.loads(x) for x in run(["solve", "--json", SEVERAL]).stdout.splitlines()]
    assert one["unique"] is False


# --- show says what it wrote -----------------------------------------------------------------


def test_show_says_which_pictures_it_wrote(tmp_path: Path) -> None:
    png, svg = tmp_path / "board.png", tmp_path / "board.svg"
    result = run(["show", UNIQUE, "--png", str(png), "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    assert png.stat().st_size > 0 and svg.stat().st_size > 0
    assert result.stderr.splitlines() == [f"wrote {png}", f"wrote {svg}"]
    assert "wrote" not in result.stdout  # stdout is the picture alone, fit for a pipe


# --- a wrong number of cells names every size ------------------------------------------------

EVERY_COUNT = "a puzzle has 16 (4×4), 36 (6×6), 81 (9×9), 144 (12×12) or 256 (16×16) cells"


def test_a_six_letter_word_is_not_told_it_lacks_ten_cells() -> None:
    result = run(["solve", "123456"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == f"error: 6 cells: {EVERY_COUNT}"


@given(st.integers(min_value=1, max_value=400).filter(lambda k: k not in CELL_COUNTS))
def test_a_wrong_count_names_every_size(count: int) -> None:
    with pytest.raises(CellCountError) as info:
        parse("1" + "." * (count - 1))
    message = str(info.value)
    assert message.startswith(f"{count} cell{'s' if count > 1 else ''}: {EVERY_COUNT}")
    nearest = min(CELL_COUNTS, key=lambda c: (abs(c - count), c))
    n = CELL_COUNTS[nearest]
    close = f"; {abs(nearest - count)} too {'few' if count < nearest else 'many'} for {n}×{n}"
    assert message.endswith(close) == (abs(nearest - count) <= n)


# --- an unknown technique is answered with the nearest ids -----------------------------------


@pytest.mark.parametrize(
    ("given", "nearest"),
    [
        ("xwing", "x_wing"),
        ("X-Wing", "x_wing"),
        ("Naked Pair", "naked_pair"),
        ("xy_wnig", "xy_wing"),
    ],
)
def test_require_suggests_the_nearest_technique(given: str, nearest: str) -> None:
    result = run(["generate", "--require", given])
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"error: --require: unknown technique {given!r}: did you mean ")
    assert nearest in line
    assert "sudokit.logic" not in line  # no Python attribute for a user to look up
    with pytest.raises(ValueError, match=f"did you mean .*{nearest}"):
        generate(9, seed=1, require=[given])
    with pytest.raises(ValueError, match=f"did you mean .*{nearest}"):
        explain(UNIQUE, techniques=[given])


def test_require_lists_every_id_when_none_is_near() -> None:
    result = run(["generate", "--require", "x_wing,zzzz"])
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: --require: unknown technique 'zzzz': the ids are ")
    listed = line.split("the ids are ", 1)[1].split(", ")
    assert listed == [t.id for t in TECHNIQUES]


# --- help texts ------------------------------------------------------------------------------


def _commands() -> dict[str, click.Command]:
    ctx = click.Context(main)
    found = {name: main.get_command(ctx, name) for name in COMMANDS}
    return {name: command for name, command in found.items() if command is not None}


def _help(*args: str) -> str:
    # 78 columns: what click formats for an 80-column terminal.
    result = run([*args, "--help"], terminal_width=78)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_command_list_cuts_no_summary() -> None:
    listed = _help().split("Commands:\n", 1)[1]
    assert "..." not in listed
    for name, summary in SUMMARIES.items():
        assert f"  {name:<8}  {summary}\n" in listed


@pytest.mark.parametrize("name", list(COMMANDS))
def test_help_shows_no_markup_and_documents_every_option(name: str) -> None:
    text = _help(name)
    assert "``" not in text and "::" not in text.replace("https://", "")
    command = _commands()[name]
    for param in command.params:
        if isinstance(param, click.Option) and not param.hidden:
            assert param.help, f"{name} {param.opts[0]} has no help"


def test_watch_names_each_algorithm_once() -> None:
    text = " ".join(_help("watch").split())
    option = text.split("--algorithm NAME", 1)[1].split("--compare", 1)[0]
    assert option.count("human") == 1
    assert text.count("human") == 2  # in the option and in the description


def test_generate_dask_is_not_said_to_need_a_file() -> None:
    option = next(p for p in _commands()["generate"].params if p.name == "dask")
    assert isinstance(option, click.Option) and option.help
    assert "With -f" not in option.help and "puzzles" in option.help


def _examples(name: str) -> list[str]:
    text = _help(name)
    block = text.split("Examples:\n", 1)[1].split("\n\n", 1)[0]
    return [line.strip() for line in block.splitlines() if line.strip().startswith("sudokit ")]


#: Examples that need nothing but themselves: no file, pipe, substitution or cluster.
_NEEDS = ("$(", "|", ">", "<", " -f ", "--dask", " -o ", "-n 1000")


@pytest.mark.parametrize("name", ["solve", "count", "validate", "show", "generate", "convert"])
def test_the_self_contained_examples_run_as_printed(name: str, tmp_path: Path) -> None:
    examples = [e for e in _examples(name) if not any(sign in e for sign in _NEEDS)]
    assert examples, f"{name} has an example to try"
    for example in examples:
        args = shlex.split(example)[1:]
        result = run(args)
        assert result.exit_code == 0, f"{example}\n{result.output}"


# --- print: a bounded book, and '-' for stdout -----------------------------------------------


def test_print_refuses_a_book_past_the_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(["print", "-n", "99999999999999999999"])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: -n: at most 10,000 puzzles in one book (split it into several)\n"
    )
    assert list(tmp_path.iterdir()) == []  # refused before any work, nothing written


def test_print_stops_a_file_past_the_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sudokit.cli import printing

    monkeypatch.setattr(printing, "BOOK_MAX", 3)
    source = tmp_path / "p.txt"
    source.write_text((UNIQUE_4 + "\n") * 5, encoding="utf-8")
    out = tmp_path / "book.pdf"
    result = run(["print", "-f", str(source), "-o", str(out), "--no-rating"])
    assert result.exit_code == 2
    assert "error: the input: at most 3 puzzles in one book" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.txt"]  # no partial book


def test_print_to_stdout_with_a_dash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(["print", UNIQUE_4, "-o", "-", "--no-rating"])
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes.startswith(b"%PDF-") and b"%%EOF" in result.stdout_bytes[-32:]
    assert not (tmp_path / "-").exists()
    assert result.stderr.startswith("wrote the book to stdout: 1 puzzle on ")
    converted = run(["convert", UNIQUE_4, "-o", "-"])  # the same '-' as convert's
    assert converted.stdout == UNIQUE_4 + "\n" and not (tmp_path / "-").exists()
