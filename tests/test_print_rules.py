"""``sudokit print`` under variant rules: books made with --variant or --rules, variant
puzzles given or read from a file, each page stating the rules, solutions solved under
them."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from sudokit import Grid, generate, parse, solve
from sudokit.cli import main
from sudokit.formats import format_line, format_rules_line
from sudokit.geometry import Rules
from sudokit.render.pdf import rules_line

pypdf = pytest.importorskip("pypdf")

#: A 6×6 jigsaw layout (regions A-F).
JIGSAW6 = "6+jigsaw:AAABBBAACCBBACCCBDEECFDDEEFFDDEEFFFD"


def _pages(data: bytes) -> list[str]:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [page.extract_text() or "" for page in reader.pages]


def _compact(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _symbols(grid: Grid) -> str:
    return "".join(grid.shape.symbols[v - 1] for v in grid.cells if v)


def _solved_symbols(grid: Grid) -> str:
    """The givens then the digits found, as a solution page prints them."""
    solution = solve(grid)
    assert solution is not None
    assert grid.rules.is_solution(solution.cells)
    found = Grid(grid.rules, [s if not g else 0 for g, s in zip(grid, solution, strict=True)])
    return _symbols(grid) + _symbols(found)


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def _book(result: Result, out: Path, puzzles: int) -> tuple[list[str], list[str]]:
    """The book's pages of puzzles and of solutions."""
    assert result.exit_code == 0, result.output
    assert f"{puzzles} puzzle" in result.output
    texts = _pages(out.read_bytes())
    heading = [i for i, t in enumerate(texts) if "solutions" in t]
    assert heading, "no solution pages"
    return texts[: heading[0]], texts[heading[0] :]


def test_a_generated_book_under_variants(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    result = run(
        "print", "-n", "3", "--variant", "x,windoku", "--seed", "4", "--per-page", "2",
        "-o", str(out),
    )  # fmt: skip
    pages, solutions = _book(result, out, 3)
    assert len(pages) == 2
    stated = _compact(rules_line(Rules.make(9, ["x", "windoku"])))
    for page in pages:
        assert stated in _compact(page)  # every page of puzzles states the rules
    for i in range(3):
        puzzle = generate(9, variant="x,windoku", seed=4 + i)
        assert puzzle.rules.code == "9+x+windoku"
        assert _symbols(puzzle) in _compact("".join(pages))
        assert _solved_symbols(puzzle) in _compact("".join(solutions))


def test_a_generated_book_under_a_code_takes_its_size(tmp_path: Path) -> None:
    out = tmp_path / "jigsaw.pdf"
    result = run("print", "-n", "2", "--rules", JIGSAW6, "--seed", "1", "-o", str(out))
    pages, solutions = _book(result, out, 2)
    for i in range(2):
        puzzle = generate(rules=JIGSAW6, seed=1 + i)
        assert puzzle.size == 6
        assert _symbols(puzzle) in _compact("".join(pages))
        assert _solved_symbols(puzzle) in _compact("".join(solutions))
    assert "jigsaw" in pages[0].lower()
    result = run("print", "-n", "2", "--rules", JIGSAW6, "--size", "9", "-o", str(out))
    assert result.exit_code == 2 and "--size 9 does not match --rules" in result.output


def test_a_generated_jigsaw_book_draws_its_regions(tmp_path: Path) -> None:
    out = tmp_path / "j.pdf"
    result = run("print", "-n", "1", "--variant", "jigsaw", "--seed", "2", "-o", str(out))
    pages, _ = _book(result, out, 1)
    puzzle = generate(9, variant="jigsaw", seed=2)
    assert puzzle.rules.jigsaw and _symbols(puzzle) in _compact(pages[0])


def test_a_given_puzzle_read_under_the_variant(tmp_path: Path) -> None:
    puzzle = generate(9, variant="x", seed=3)
    digits = format_line(puzzle)  # bare digits: no rules
    out = tmp_path / "given.pdf"
    pages, solutions = _book(run("print", digits, "--variant", "x", "-o", str(out)), out, 1)
    assert _compact(rules_line(puzzle.rules)) in _compact(pages[0])
    assert _solved_symbols(puzzle) in _compact("".join(solutions))
    # The rules a line carries and the rules asked for must agree.
    line = format_rules_line(generate(9, variant="windoku", seed=3))  # 9+windoku:...
    result = run("print", line, "--variant", "x", "-o", str(out))
    assert result.exit_code == 2 and "not X as asked" in result.output
    result = run("print", digits, "--variant", "jigsaw", "-o", str(out))
    assert result.exit_code == 2 and "jigsaw needs its regions" in result.output


def test_a_file_of_mixed_rules_states_each_pages_rules(tmp_path: Path) -> None:
    grids = [
        generate(9, variant="x", seed=1),
        generate(9, seed=1),
        generate(9, variant="anti-knight", seed=1),
    ]
    src = tmp_path / "mixed.txt"
    src.write_text("".join(format_rules_line(g) + "\n" for g in grids), encoding="utf-8")
    assert [parse(format_rules_line(g)).rules for g in grids] == [g.rules for g in grids]
    out = tmp_path / "mixed.pdf"
    pages, solutions = _book(run("print", "-f", str(src), "-o", str(out)), out, 3)
    assert len(pages) == 3  # a change of rules starts a page
    for grid, page in zip(grids, pages, strict=True):
        assert _symbols(grid) in _compact(page)
        stated = rules_line(grid.rules)
        assert (_compact(stated) in _compact(page)) if stated else "Rules:" not in page
    for grid in grids:
        assert _solved_symbols(grid) in _compact("".join(solutions))
