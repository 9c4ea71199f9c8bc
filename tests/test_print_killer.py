"""Killer books and pictures: every cage's sum is in the PDF's text (and in the SVG), the
cages are drawn dashed, the solutions at the back carry no sums, and `sudokit print
--variant killer` makes a book of killers."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokit import solve
from sudokit.cli import main
from sudokit.generator import generate
from sudokit.grid import Grid
from sudokit.render.outline import dashes, outline
from sudokit.render.pdf import book_entry, write_book
from sudokit.render.svg import board_svg

pypdf = pytest.importorskip("pypdf")


def _killers(count: int) -> list[Grid]:
    return [generate(9, seed=s, variant="killer", difficulty="easy") for s in range(count)]


def _numbers(text: str) -> list[int]:
    return [int(t) for t in re.findall(r"\d+", text)]


def test_a_book_page_holds_every_cage_sum_and_the_solutions_none() -> None:
    puzzles = _killers(4)
    out = io.BytesIO()
    info = write_book([book_entry(p, grade=False) for p in puzzles], out, title="Killer")
    assert info.puzzles == 4 and info.solution_pages == 1
    reader = pypdf.PdfReader(io.BytesIO(out.getvalue()))
    first = reader.pages[0].extract_text()
    assert "killer" in first.lower(), "the page states the rules"
    found = Counter(_numbers(first))
    sums = Counter(c.total for p in puzzles for c in p.rules.cages)
    assert not sums - found, "every cage's sum is on the page"
    # The solutions at the back: 81 digits each, the numbers 1 to 4 and the page
    # number, and not one digit more (no sums there).
    back = reader.pages[-1].extract_text()
    assert sum(ch.isdigit() for ch in back) == 4 * 81 + 4 + len(str(len(reader.pages)))


def test_cage_outlines_are_dashed_and_inside_the_cells() -> None:
    grid = _killers(1)[0]
    lines = outline(grid.rules)
    assert len(lines.cages) == len(grid.rules.cages)
    for cage in lines.cages:
        assert cage.label_cell == min(cage.cells)
        for x0, y0, x1, y1 in cage.segments:
            for v in (x0, y0, x1, y1):
                assert abs(v - round(v)) > 0.05, "inset from the cell edges"
            parts = dashes((x0, y0, x1, y1), 0.09, 0.06)
            if abs(x1 - x0) + abs(y1 - y0) > 0.5:
                assert len(parts) > 2
            assert parts[0][:2] == (x0, y0) and parts[-1][2:] == (x1, y1), "inked corners"


def test_svg_and_png_carry_the_sums() -> None:
    grid = _killers(1)[0]
    svg = board_svg(grid)
    texts = _numbers(" ".join(re.findall(r">(\d+)</text>", svg)))
    assert sorted(texts) == sorted(c.total for c in grid.rules.cages if c.total is not None)
    solution = solve(grid)
    assert solution is not None


def test_print_variant_killer_makes_a_book(tmp_path: Path) -> None:
    target = tmp_path / "killer.pdf"
    result = CliRunner().invoke(
        main,
        [
            "print",
            "-n",
            "2",
            "--variant",
            "killer",
            "--difficulty",
            "easy",
            "--seed",
            "3",
            "-o",
            str(target),
        ],
    )
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(str(target))
    text = reader.pages[0].extract_text()
    made = [generate(9, seed=s, variant="killer", difficulty="easy") for s in (3, 4)]
    found = _numbers(text)
    for p in made:
        assert all(c.total in found for c in p.rules.cages)
