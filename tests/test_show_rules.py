"""A variant puzzle's text reads back under its rules: the picture ``show`` prints (its
``rules:`` line and a jigsaw's region map), the lines and pictures solve prints, and the
--variant/--rules options of show and convert."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import FAMOUS, FAMOUS_SOLUTION, is_variant_solution
from sudokit import Grid, parse
from sudokit.cli import main
from sudokit.errors import CellCountError, DuplicateError, ParseError, SymbolError
from sudokit.formats import format_pretty, parse_shown, read_puzzles
from sudokit.geometry import Rules, Shape
from sudokit.render.text import format_shown
from test_rules import any_rules, random_regions

X = Rules.make(9, ["x"])
#: A 9×9 puzzle with one solution under X and three as classic.
X_LINE = "..42...9.6....9...9..5..7...3..9..6.......1....7.....57....2.........38.........."
X_SOLUTION = "574213698618479253923568741135794862896325174247186935759832416462951387381647529"
CLASSIC_LINE = FAMOUS
JIGSAW = Rules.make(9, ["x"], regions=random_regions(9, random.Random(3)))


def run(args: Sequence[str], input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def cells_of(rules: Rules, data: st.DataObject) -> list[int]:
    n = rules.n
    values = st.integers(0, n) | st.just(0)
    return data.draw(st.lists(values, min_size=n * n, max_size=n * n))


# --- show's picture reads back ----------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(any_rules(), st.data())
def test_the_shown_picture_reads_back_with_its_rules(rules: Rules, data: st.DataObject) -> None:
    grid = Grid(rules, cells_of(rules, data))
    shown = format_shown(grid)
    back = parse(shown, check=False)
    assert back == grid and back.rules is rules
    if not rules.classic:
        assert parse_shown(shown, check=False) == grid
    # In a file, one after another, with and without blank lines between: every one read.
    for sep in ("\n", "\n\n"):
        records = list(read_puzzles(io.StringIO(sep.join([shown, shown, X_LINE])), check=False))
        assert [r.error for r in records] == [None, None, None]
        assert [r.grid for r in records] == [grid, grid, parse(X_LINE)]
        assert records[0].grid is not None and records[0].grid.rules is rules


@pytest.mark.parametrize("n", [4, 6, 9, 12, 16])
def test_classic_pictures_read_as_before(n: int) -> None:
    grid = Grid(Shape.of(n), [1] + [0] * (n * n - 1))
    assert format_shown(grid) == format_pretty(grid)
    assert parse(format_shown(grid)).rules is Shape.of(n).rules


def test_the_rules_line_states_words_and_code() -> None:
    grid = Grid(Rules.make(9, ["x", "anti-knight"]), parse(X_LINE).cells)
    assert format_shown(grid).splitlines()[0] == "rules: X + anti-knight (9+x+anti-knight)"
    first = format_shown(Grid(JIGSAW, parse(X_LINE).cells)).splitlines()[0]
    assert first == "rules: X + jigsaw (9+x+jigsaw); each cell's region on the right"


def test_a_picture_under_words_alone_reads_under_them() -> None:
    picture = format_pretty(parse(X_LINE))
    grid = parse("rules: X\n" + picture)
    assert grid.rules is X and grid.cells == parse(X_LINE).cells
    assert parse("rules: diagonal + anti-king\n" + picture).rules is Rules.make(
        9, ["x", "anti-king"]
    )
    assert parse("rules: classic (9)\n" + picture).rules is Shape.of(9).rules


def test_duplicates_under_the_rules_are_errors_with_their_place() -> None:
    cells = [0] * 81
    cells[0] = cells[80] = 5  # the same digit twice on the ↘ diagonal
    text = format_shown(Grid(X, cells))
    with pytest.raises(DuplicateError, match="diagonal"):
        parse(text)
    assert parse(text, check=False).cells == tuple(cells)


@pytest.mark.parametrize(
    ("edit", "error", "message"),
    [
        (lambda s: s.replace("(9+x+jigsaw)", "(9+x+jigsw)"), ParseError, "did you mean 'jigsaw'"),
        (lambda s: s.replace("X + jigsaw", "windoku + jigsaw"), ParseError, "code says"),
        (lambda s: s.replace("(9+x+jigsaw)", "(7+x+jigsaw)"), ParseError, "7 is no size"),
        (lambda s: s.replace("    A", "    A A", 1), CellCountError, "row 1 holds 19 symbols"),
        (lambda s: s.replace("    A", "    Z", 1), SymbolError, "row 1, column 1: 'Z'"),
        (lambda s: s.replace("    A", "    B", 1), ParseError, "holding r1c1 has 10 cells, not 9"),
        (lambda s: s.rsplit("\n", 1)[0], CellCountError, "expected 9 rows"),
        (lambda s: "rules:\n" + s.split("\n", 1)[1], ParseError, "names no rules"),
    ],
)
def test_a_damaged_jigsaw_picture_says_what_is_wrong(
    edit: Any, error: type[ParseError], message: str
) -> None:
    text = edit(format_shown(Grid(JIGSAW, [0] * 81)))
    with pytest.raises(error, match=message):
        parse(text)
    # In a file, the same error on the picture's line, and the next puzzle is read.
    records = list(read_puzzles(io.StringIO("# two puzzles\n" + text + "\n\n" + X_LINE)))
    assert records[0].grid is None and records[0].error is not None
    assert str(records[0].error).startswith("line ") and message in str(records[0].error)
    assert records[-1].grid == parse(X_LINE)


# --- solve, count and validate answer variants in forms that read back ------------------------


def test_solve_prints_a_variant_solution_with_its_rules() -> None:
    result = run(["solve", "--variant", "x", X_LINE])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"9+x:{X_SOLUTION}\n"
    back = parse(result.stdout)
    assert back.rules is X and is_variant_solution(parse(X_LINE).cells, back.cells, 9, ["x"])
    # A file of variant lines: each solution line carries its rules too.
    result = run(["solve", "-f", "-"], input=f"9+x:{X_LINE}\n{CLASSIC_LINE}\n")
    first, second = result.stdout.splitlines()
    assert first == f"9+x:{X_SOLUTION}" and ":" not in second and len(second) == 81


def test_solve_pretty_prints_the_shown_picture_of_a_variant() -> None:
    result = run(["solve", "--pretty", "--variant", "x", X_LINE])
    assert result.exit_code == 0, result.output
    solution = Grid(X, [int(ch) for ch in X_SOLUTION])
    assert result.stdout == format_shown(solution) + "\n"
    assert parse(result.stdout) == solution
    result = run(["solve", "--pretty", "-f", "-"], input=f"9+x:{X_LINE}\n")
    assert result.stdout == format_shown(solution) + "\n"


def test_classic_answers_are_as_before() -> None:
    assert run(["solve", CLASSIC_LINE]).stdout == FAMOUS_SOLUTION + "\n"
    pretty = run(["solve", "--pretty", CLASSIC_LINE]).stdout
    assert pretty == format_pretty(parse(FAMOUS_SOLUTION)) + "\n"
    record = json.loads(run(["solve", "--json", CLASSIC_LINE]).stdout)
    assert "rules" not in record and record["puzzle"] == CLASSIC_LINE


@pytest.mark.parametrize("command", ["solve", "count", "validate"])
def test_json_answers_carry_a_variants_rules(command: str) -> None:
    result = run([command, "--json", "--variant", "x", X_LINE])
    record = json.loads(result.stdout)
    assert record["rules"] == "9+x" and record["puzzle"] == X_LINE
    if command == "solve":
        assert record["solution"] == X_SOLUTION
    result = run([command, "--json", "-f", "-"], input=f"9+x:{X_LINE}\n{CLASSIC_LINE}\n")
    variant, classic = (json.loads(line) for line in result.stdout.splitlines())
    assert variant["rules"] == "9+x" and "rules" not in classic
    # The records read back as JSON Lines, rules and all.
    (again,) = read_puzzles(io.StringIO(json.dumps(variant) + "\n"))
    assert again.grid is not None and again.grid.rules is X


# --- show and convert take --variant and --rules -----------------------------------------------


def test_show_reads_plain_digits_under_the_rules_asked_for() -> None:
    result = run(["show", "--variant", "x", X_LINE])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "rules: X (9+x)"
    assert parse(result.stdout) == Grid(X, parse(X_LINE).cells)
    assert run(["show", "--rules", "9+x", "--line", X_LINE]).stdout == f"9+x:{X_LINE}\n"
    # The picture goes on through a pipe: solved under X, not as classic.
    solved = run(["solve", "-f", "-"], input=result.stdout)
    assert solved.exit_code == 0, solved.output
    assert solved.stdout == f"9+x:{X_SOLUTION}\n"
    code = "9+jigsaw:" + "".join("ABCDEFGHI"[r] for r in JIGSAW.region_of)
    # Under these regions the X line holds a digit twice in a region: refused, by place,
    # as a classic line with a duplicate is.
    clash = run(["show", "--rules", code, X_LINE])
    assert clash.exit_code == 2 and "duplicate" in clash.stderr and "region" in clash.stderr
    first_row = X_LINE[:9] + "." * 72
    shown = run(["show", "--rules", code, first_row]).stdout
    assert parse(shown).rules is Rules.make(9, regions=JIGSAW.region_of)


def test_show_refuses_rules_that_do_not_fit() -> None:
    result = run(["show", "--rules", "4+x", X_LINE])
    assert result.exit_code == 2 and "4×4" in result.stderr
    result = run(["show", "--variant", "windoku", f"9+x:{X_LINE}"])
    assert result.exit_code == 2 and "own rules are X" in result.stderr
    result = run(["show", "--variant", "xx", X_LINE])
    assert result.exit_code == 2 and "unknown variant 'xx'" in result.stderr


def test_convert_reads_plain_digits_under_the_rules_asked_for() -> None:
    result = run(["convert", "--variant", "x", X_LINE, "--to", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"puzzle": X_LINE, "rules": "9+x"}
    assert run(["convert", "--rules", "9+x", X_LINE]).stdout == f"9+x:{X_LINE}\n"
    # A file: a line the rules do not fit is that line's error; the others are converted.
    result = run(["convert", "--variant", "x", "-f", "-"], input=f"{X_LINE}\n{'.' * 16}\n")
    assert result.exit_code == 0  # --variant: the rules of each puzzle's size
    assert result.stdout.splitlines() == [f"9+x:{X_LINE}", "4+x:" + "." * 16]
    result = run(["convert", "--rules", "9+x", "-f", "-"], input=f"{X_LINE}\n{'.' * 16}\n")
    assert result.exit_code == 2 and result.stdout == f"9+x:{X_LINE}\n"
    assert "line 2: --rules 9+x: the rules are for a 9×9 grid" in result.stderr
    # A classic-only format still refuses the variant rather than writing it as classic.
    result = run(["convert", "--variant", "x", X_LINE, "--to", "sdm"])
    assert result.exit_code == 2 and "classic puzzles only" in result.stderr


def test_convert_writes_a_variants_picture_that_reads_back() -> None:
    sparse = "5" + "." * 79 + "7"
    grid = Grid(JIGSAW, parse(sparse).cells)
    line = f"{JIGSAW.code}:{sparse}"
    result = run(["convert", line, "--to", "pretty"])
    assert result.exit_code == 0, result.output
    assert result.stdout == format_shown(grid) + "\n"
    # Several pictures in one file, a blank line between them, read back one by one.
    many = run(["convert", "-f", "-", "--to", "pretty"], input=f"{line}\n9+x:{X_LINE}\n")
    back = run(["convert", "-f", "-"], input=many.stdout)
    assert back.exit_code == 0, back.output
    assert back.stdout == f"{line}\n9+x:{X_LINE}\n"
    classic = run(["convert", X_LINE, "--to", "pretty"]).stdout
    assert classic == format_pretty(parse(X_LINE)) + "\n"
