"""The explanation page (render.explain_html) and ``explain --html/--svg``: one
self-contained offline page, one numbered section per step with its sentence and its
picture, the grid after each step, at every size and under variant rules."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokit import parse
from sudokit.cli import main
from sudokit.geometry import Rules
from sudokit.grid import Grid
from sudokit.logic import Explanation, explain
from sudokit.render.explain_html import explanation_html, explanation_pictures

#: X-Wing, XY-Wing, Hidden Rectangle, AIC and XY-Chain on the way (top1465).
HARD = "1.......3.6.3..7...7...5..121.7...9...7........8.1..2....8.64....9.2..6....4....."
JIGSAW6 = Grid(
    Rules.parse("6+jigsaw:AAABBBAACCBBACCCBDEECFDDEEFFDDEEFFFD"),
    parse(".1....5..2..2.....1.5..6.......5...4").cells,
)
SVG_NS = "http://www.w3.org/2000/svg"


class _Page(HTMLParser):
    """The sections, the external references and the inline SVGs of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: list[dict[str, str | None]] = []
        self.references: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "section" and "step" in (a.get("class") or ""):
            self.sections.append(a)
        for key in ("src", "href"):
            if a.get(key):
                self.references.append(f"{tag} {key}={a[key]}")
        if tag == "link":
            self.references.append("link")


def _page(grid: Grid) -> tuple[str, _Page, Explanation]:
    expl = explain(grid, keep_states=True)
    html = explanation_html(expl)
    page = _Page()
    page.feed(html)
    return html, page, expl


def _svgs(html: str) -> list[ET.Element]:
    out = []
    for m in re.finditer(r"<svg\b.*?</svg>", html, re.S):
        text = m.group(0).replace("<svg", f'<svg xmlns="{SVG_NS}"', 1)
        out.append(ET.fromstring(text))
    return out


def test_page_is_offline_with_one_section_per_step() -> None:
    html, page, expl = _page(parse(HARD))
    assert expl.solved
    steps = expl.steps
    # Nothing fetched from anywhere: no address, no external file.
    assert not re.search(r"https?://", html)
    assert page.references == []
    assert "url(" not in html and "@import" not in html
    # One section per step, numbered in order.
    assert [s["id"] for s in page.sections] == [f"step-{i}" for i in range(1, len(steps) + 1)]
    sections = re.findall(r'<section class="step".*?</section>', html, re.S)
    assert len(sections) == len(steps)
    for section, step in zip(sections, steps, strict=True):
        assert step.name in unescape(section)
        words = unescape(re.sub(r"<[^>]+>", " ", section))
        # The sentence beside the picture (without the repeated technique name).
        tail = step.text.split(": ", 1)[-1]
        assert tail[1:60] in words, step.text
        assert section.count("<svg") >= 2  # the board, and the legend's swatches
    # Every inline SVG is well-formed.
    assert len(_svgs(html)) > 2 * len(steps)


def test_page_draws_the_grid_after_each_step() -> None:
    html, _, expl = _page(parse(HARD))
    sections = re.findall(r'<section class="step".*?</section>', html, re.S)
    for section, step in zip(sections, expl.steps, strict=True):
        # Digits placed by the step are there, hidden until "after" is asked for.
        assert section.count('class="x-after"') == len(step.placements)
        if step.eliminations:
            assert 'class="x-gone"' in section
    assert ".after .x-step" in html and "ArrowRight" in html and "ArrowLeft" in html


@pytest.mark.parametrize(
    "grid",
    [
        pytest.param(parse("1...\n..2.\n.3..\n...4"), id="4x4"),
        pytest.param(JIGSAW6, id="jigsaw"),
        pytest.param(
            parse(
                "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            ),
            id="9x9",
        ),
    ],
)
def test_page_at_other_sizes_and_rules(grid: Grid) -> None:
    html, page, expl = _page(grid)
    assert len(page.sections) == len(expl.steps)
    assert _svgs(html)
    if not grid.rules.classic:
        assert "Rules: " in html


def test_pictures_need_the_states() -> None:
    expl = explain(parse(HARD))
    with pytest.raises(ValueError, match="keep_states=True"):
        explanation_pictures(expl)


def test_cli_explain_html_and_svg(tmp_path: Path) -> None:
    out, folder = tmp_path / "steps.html", tmp_path / "svg"
    result = CliRunner().invoke(
        main, ["explain", "--html", str(out), "--svg", str(folder), "--theme", "dark", HARD]
    )
    assert result.exit_code == 0, result.output
    assert "Solved in" in result.output
    steps = len(explain(parse(HARD)).steps)
    html = out.read_text(encoding="utf-8")
    assert html.count('<section class="step"') == steps
    files = sorted(folder.glob("step-*.svg"))
    assert [f.name for f in files[:2]] == ["step-001.svg", "step-002.svg"]
    assert len(files) == steps
    for f in files:
        assert ET.parse(f).getroot().tag == f"{{{SVG_NS}}}svg"


def test_cli_explain_html_refuses_a_file(tmp_path: Path) -> None:
    source = tmp_path / "p.txt"
    source.write_text(HARD + "\n")
    result = CliRunner().invoke(main, ["explain", "-f", str(source), "--html", "x.html"])
    assert result.exit_code == 2
    assert "give PUZZLE, not -f" in result.output
