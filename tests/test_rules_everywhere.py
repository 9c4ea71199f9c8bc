"""A puzzle is answered under its rules or refused, never answered as classic: for every
entry point, an X puzzle whose classic reading has other solutions (the first a classic
search finds breaks the diagonals) gets its X answer or an UnsupportedRulesError."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from click.testing import CliRunner

from helpers import is_variant_solution
from sudokit import Grid, count_solutions, is_unique, search, solve
from sudokit.cli import main
from sudokit.errors import UnsupportedRulesError
from sudokit.game.session import Session
from sudokit.game.state import GameState
from sudokit.geometry import Rules, Shape
from sudokit.logic import explain, hint, rate
from sudokit.solvers import native
from sudokit.solvers.batch import search_many
from sudokit.solvers.classic import classic_solve

X = Rules.make(9, ["x"])
LINE = "..42...9.6....9...9..5..7...3..9..6.......1....7.....57....2.........38.........."
#: The one solution under X.
X_SOLUTION = "574213698618479253923568741135794862896325174247186935759832416462951387381647529"
#: The first solution a classic search finds: it breaks the diagonals.
CLASSIC_SOLUTION = (
    "154237698672189534983546712231495867569728143847613925718362459425971386396854271"
)
PUZZLE = Grid(X, [0 if ch == "." else int(ch) for ch in LINE])
CLASSIC = Grid(Shape.of(9), PUZZLE.cells)
BACKENDS = ["python"] + (["native"] if native.AVAILABLE else [])


def digits(text: str) -> list[int]:
    return [int(ch) for ch in text]


def test_the_puzzle_is_what_this_module_needs() -> None:
    assert is_variant_solution(PUZZLE.cells, digits(X_SOLUTION), 9, ["x"])
    assert not is_variant_solution(PUZZLE.cells, digits(CLASSIC_SOLUTION), 9, ["x"])
    assert is_variant_solution(PUZZLE.cells, digits(CLASSIC_SOLUTION), 9)
    assert count_solutions(CLASSIC, 3) == 3


def honoured_or_refused(call: Callable[[], Any], check: Callable[[Any], None]) -> str:
    """Run ``call``: an UnsupportedRulesError naming the X rules passes, else its answer
    must pass ``check``."""
    try:
        answer = call()
    except UnsupportedRulesError as err:
        assert "X rules are not supported" in str(err)
        return "refused"
    check(answer)
    return "honoured"


@pytest.mark.parametrize("backend", BACKENDS)
def test_solve_count_search_on_each_backend(backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_BACKEND", backend)

    def solved(out: Grid | None) -> None:
        assert out is not None and str(out) == X_SOLUTION and out.rules is X

    honoured_or_refused(lambda: solve(PUZZLE), solved)
    honoured_or_refused(lambda: count_solutions(PUZZLE), lambda c: c == 1 or pytest.fail(c))
    honoured_or_refused(lambda: is_unique(PUZZLE), lambda u: u is True or pytest.fail(u))

    def one(o: Any) -> None:
        assert o.count == 1 and o.solution == digits(X_SOLUTION)

    honoured_or_refused(lambda: search(PUZZLE), one)
    honoured_or_refused(lambda: search_many([PUZZLE, CLASSIC])[0], one)


def test_validate_a_classic_solution_breaks_the_x_rules() -> None:
    wrong = Grid(X, digits(CLASSIC_SOLUTION))
    assert not wrong.is_solved() and wrong.conflicts()
    assert any("diagonal" in str(k) for k in wrong.conflicts())
    assert Grid(X, digits(X_SOLUTION)).is_solved()


def test_rate_hint_explain() -> None:
    def rated(r: Any) -> None:
        assert r.solutions == 1

    honoured_or_refused(lambda: rate(PUZZLE), rated)

    def hinted(h: Any) -> None:
        for cell, digit in h.step.placements:
            assert digit == int(X_SOLUTION[cell])

    honoured_or_refused(lambda: hint(PUZZLE), hinted)
    honoured_or_refused(lambda: hint(CLASSIC, PUZZLE), hinted)
    honoured_or_refused(lambda: hint(LINE.replace(".", "0"), PUZZLE), hinted)

    def explained(e: Any) -> None:
        assert str(e.final) == X_SOLUTION or not e.solved

    honoured_or_refused(lambda: explain(PUZZLE), explained)


def test_watch_every_algorithm() -> None:
    from sudokit.watch import algorithms
    from sudokit.watch import run as watch_run

    def watched(summary: Any) -> None:
        # A trace stopped early has no answer; an answer is the X one.
        assert summary.solution is not None or not summary.finished
        if summary.solution is not None:
            assert str(summary.solution) == X_SOLUTION

    for name in algorithms():
        honoured_or_refused(lambda name=name: watch_run(PUZZLE, name, max_steps=200_000), watched)


def test_the_classic_tutorial_solver_refuses() -> None:
    with pytest.raises(UnsupportedRulesError, match="tutorial solver: X rules"):
        classic_solve(PUZZLE)


def test_game_conflicts_follow_the_rules() -> None:
    solution = Grid(X, digits(X_SOLUTION))
    classic = digits(CLASSIC_SOLUTION)
    entries = tuple(0 if g else v for g, v in zip(PUZZLE.cells, classic, strict=True))
    state = GameState(PUZZLE, solution, entries, (0,) * 81)
    # Under classic rules this board is a solution: no conflicts. Under X it has some.
    assert state.conflict_cells()
    assert state.conflict_cells() <= {i * 10 for i in range(9)} | {8 * (i + 1) for i in range(9)}
    session = Session.new(PUZZLE)
    assert str(session.state.solution) == X_SOLUTION


def test_print_a_book() -> None:
    pytest.importorskip("reportlab")
    from sudokit.render.pdf import book_entry, write_book

    def printed(entry: Any) -> None:
        assert entry.solution is not None and str(entry.solution) == X_SOLUTION
        assert "several" not in entry.caption
        write_book([entry], io.BytesIO())

    honoured_or_refused(lambda: book_entry(PUZZLE), printed)
    honoured_or_refused(lambda: book_entry(PUZZLE, grade=False), printed)


@pytest.mark.parametrize("backend", BACKENDS)
def test_generate_makes_puzzles_under_the_rules_asked_for(
    backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A generated X puzzle carries X rules and has one solution under them, which keeps
    the diagonals (a classic puzzle in X clothes would not)."""
    from sudokit import generate

    monkeypatch.setenv("SUDOKIT_BACKEND", backend)
    puzzle = generate(variant="x", seed=3)
    assert puzzle.rules is X
    assert count_solutions(puzzle) == 1
    solution = solve(puzzle)
    assert solution is not None and solution.rules is X
    assert is_variant_solution(puzzle.cells, solution.cells, 9, ["x"])


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("solve", "9+x:" + X_SOLUTION),  # a variant's solution line carries its rules
        ("count", "1"),
        ("validate", "valid: exactly one solution"),
    ],
)
@pytest.mark.parametrize("option", [["--variant", "x"], ["--rules", "9+x"]])
def test_cli_reads_plain_digits_under_the_rules_given(
    command: str, expected: str, option: list[str]
) -> None:
    result = CliRunner().invoke(main, [command, *option, LINE])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == expected


@pytest.mark.parametrize("option", [["--variant", "x"], ["--rules", "9+x"]])
def test_cli_logic_commands_read_plain_digits_under_the_rules_given(
    option: list[str], tmp_path: Any
) -> None:
    """rate/hint/explain take --variant/--rules too: read as classic, the line has several
    solutions and no level; under X it has one, a level, and a path that solves it."""
    classic = CliRunner().invoke(main, ["rate", LINE])
    assert classic.exit_code == 1 and "more than one solution" in classic.output
    rated = CliRunner().invoke(main, ["rate", "--json", *option, LINE])
    assert rated.exit_code == 0, rated.output
    record = json.loads(rated.output)
    assert record["rules"] == "9+x" and record["level"] and record["solved"]
    explained = CliRunner().invoke(main, ["explain", "--json", *option, LINE])
    assert explained.exit_code == 0, explained.output
    assert json.loads(explained.output)["solved"] is True
    assert CliRunner().invoke(main, ["hint", *option, LINE]).exit_code == 0
    # In a file, a line the rules do not fit is that line's error; the others are answered.
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{LINE}\n1234341221434321\n")
    result = CliRunner().invoke(main, ["rate", *option, "-f", str(path)])
    lines = result.output.splitlines()
    assert lines[0].split()[0] in ("easy", "medium", "hard", "expert", "extreme")
    assert lines[1].startswith("error: line 2:")
    # --variant x reads it as a 4×4 X puzzle, whose ↘ diagonal holds 1 twice.
    assert ("9×9" if option[0] == "--rules" else "duplicate 1 in the ↘ diagonal") in lines[1]


def test_cli_digits_that_clash_only_under_the_rules_are_a_parse_error() -> None:
    result = CliRunner().invoke(main, ["solve", "--variant", "x", "1234341221434321"])
    assert result.exit_code == 2
    assert "duplicate 1 in the ↘ diagonal (r1c1, r4c4)" in result.output


@pytest.mark.parametrize("command", ["rate", "hint", "explain"])
def test_cli_refusals_are_errors(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused variant is ``error: ...`` with exit 2 on the command line."""
    import sudokit.cli.logic as logic

    def refuse(*args: object, **kwargs: object) -> None:
        raise UnsupportedRulesError(f"{command}: X rules are not supported yet")

    monkeypatch.setattr(logic, command, refuse)
    result = CliRunner().invoke(main, [command, LINE])
    assert result.exit_code == 2
    assert f"error: {command}: X rules are not supported yet" in result.output


def test_cli_bad_rules_are_errors() -> None:
    result = CliRunner().invoke(main, ["solve", "--variant", "x,anti-nite", LINE])
    assert result.exit_code == 2 and "did you mean 'anti-knight'" in result.output
    result = CliRunner().invoke(main, ["count", "--rules", "4+x", LINE])
    assert result.exit_code == 2 and "the rules are for a 4×4 grid" in result.output


def test_the_library_never_drops_a_variants_rules_on_the_way() -> None:
    """``format_pretty`` keeps a variant's rules (it reads back under them), and the C
    core's batch counts a variant grid under its own rules, not as the classic grid of
    the same digits."""
    from sudokit import format_pretty, parse

    assert parse(format_pretty(PUZZLE)) == PUZZLE
    if native.AVAILABLE:
        assert native.count_many([PUZZLE, CLASSIC], limit=2) == [
            count_solutions(PUZZLE, 2),
            count_solutions(CLASSIC, 2),
        ]
        solution = solve(PUZZLE)
        assert solution is not None
        assert native.solve_many([PUZZLE]) == ["".join(map(str, solution.cells))]
