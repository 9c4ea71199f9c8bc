"""The picture of a step (render.steps) and its drawing (render.step_art): the model names
the pattern's cells, units, sets and links from known positions (HoDoKu's regression
library), every elimination and placement is drawn, the SVG parses in every theme at
every size and under variant rules, and ``hint --png/--svg`` writes the picture."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokit import parse
from sudokit.cli import main
from sudokit.geometry import Rules
from sudokit.grid import Grid
from sudokit.logic import BY_ID, State, explain
from sudokit.logic.step import Step
from sudokit.render.step_art import THEMES, Label, Poly, scene
from sudokit.render.step_write import step_svg, svg_of_scene
from sudokit.render.steps import StepPicture, step_picture

SVG = "{http://www.w3.org/2000/svg}"

#: Positions of HoDoKu's regression library 1.3 (givens, + = placed; removed candidates
#: as digit-row-column): an X-Wing, an XY-Wing, a grouped AIC, an ALS-XZ, a finned X-Wing,
#: a hidden single.
REGLIB = {
    "x_wing": (
        "9.....+5+6+1..+6.+1.7+937+1..962486...2+147+9........5....4...642..+586+1+75.71.+2..+4..1....+52",
        "",
    ),
    "xy_wing": (
        "+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6+3+1254.....7..+6........3",
        "",
    ),
    "aic": (
        "3.2....1.+1..97........+1....5..+18.6....15...7..8.+74.+1..9....1.27.1.4.......5..79.+1",
        "",
    ),
    "als_xz": (
        ".24.6.+7..5.74.9.1.....+7......+5.9+4+87+14+7.+6.85.3..8..7.6.+7......46.+46..3.+57.5.7+4+61..",
        "314 819 225 134 237 937 238 938 239 839 269 372 972 973 274 291 891 999",
    ),
    "finned_x_wing": (
        "1.........5.....61..8+1..2...7...9.......1.3..4...5...6.+6.+398+14+2+9+42+5+71+6..+8+136+4279+5",
        "962",
    ),
    "hidden_single": (
        "2+8.+64...74+6....+2.+8317+9+285+46.5+3..9.2+4.+42.3.7.+9.9.4...8+35+382+9+6471.+7......21+2..8...5",
        "",
    ),
}


def _cell(name: str) -> int:
    """``r4c1`` -> 27 (9×9)."""
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def _position(tid: str) -> tuple[Grid, State, Step]:
    givens, removed = REGLIB[tid]
    grid = parse(givens.replace("+", ""))
    gone = sorted(((int(t[1]) - 1) * 9 + int(t[2]) - 1, int(t[0])) for t in removed.split())
    state = State.from_grid(grid).applied((), gone)
    step = BY_ID[tid].find(state)
    assert step is not None, tid
    return grid, state, step


def _picture(tid: str) -> tuple[StepPicture, Step]:
    grid, state, step = _position(tid)
    return step_picture(state.to_grid(), state.cands, step, givens=grid), step


def test_x_wing_names_base_and_cover_units_and_its_eliminations() -> None:
    picture, _step = _picture("x_wing")
    assert picture.units_with("base") == (2, 6)  # rows 3 and 7
    assert picture.units_with("cover") == (9 + 2, 9 + 3)  # columns 3 and 4
    corners = {_cell(x) for x in ("r3c3", "r3c4", "r7c3", "r7c4")}
    assert set(picture.cells_with("pattern")) == corners
    assert {(m.cell, m.digit) for m in picture.marks if m.role == "pattern"} == {
        (c, 3) for c in corners
    }
    # HoDoKu's eliminations: 3 from r1c3, r1c4, r4c3, ..., r9c4.
    hodoku = ["313", "314", "343", "344", "353", "354", "363", "364", "394"]
    expected = {(_cell(f"r{t[1]}c{t[2]}"), 3) for t in hodoku}
    assert {(m.cell, m.digit) for m in picture.marks if m.role == "eliminated"} == expected
    assert set(picture.cells_with("target")) == {c for c, _ in expected}
    assert not picture.links and not picture.cells_with("sees")
    roles = [line.role for line in picture.legend]
    assert roles[:2] == ["base", "cover"] and "eliminated" in roles


def test_xy_wing_names_pivot_pincers_links_and_cells_seeing_both() -> None:
    picture, step = _picture("xy_wing")
    assert picture.cells_with("pivot") == (_cell("r4c1"),)
    assert picture.cells_with("pincer") == (_cell("r4c4"), _cell("r5c2"))
    # The chain in order: 9 in a pincer, its other digit, the pivot's two digits, the other
    # pincer, its 9: strong and weak links alternate, starting strong.
    assert [k.strong for k in picture.links] == [True, False, True, False, True]
    assert [k.order for k in picture.links] == [0, 1, 2, 3, 4]
    assert picture.links[0].start.digit == 9 and picture.links[-1].end.digit == 9
    for a, b in zip(picture.links, picture.links[1:], strict=False):
        assert a.end == b.start  # each link starts where the last one ended
    sees = {_cell(x) for x in ("r4c2", "r4c3", "r5c4", "r5c5", "r5c6")}
    assert set(picture.cells_with("sees")) == sees == {c for c, _ in step.eliminations}
    assert any("pivot r4c1" in line.text for line in picture.legend)


def test_grouped_chain_has_grouped_nodes_drawn_as_boxes() -> None:
    picture, step = _picture("aic")
    assert len(picture.links) == len(step.links) >= 3
    grouped = [node for node in picture.nodes() if node.grouped]
    assert grouped, "HoDoKu's grouped AIC has a group node"
    for node in grouped:
        rows = {c // 9 for c in node.cells}
        cols = {c % 9 for c in node.cells}
        assert len(rows) == 1 or len(cols) == 1  # a group lies on one line
    sc = scene(picture, cell=60, title=False, legend=False)
    boxes = [p for p in sc.prims if getattr(p, "stroke", None) == "link" and hasattr(p, "x1")]
    assert len(boxes) == len(grouped)
    # Strong links solid, weak ones dashed, one curve and one arrowhead per link.
    curves = [p for p in sc.prims if isinstance(p, Poly) and p.stroke == "link" and not p.closed]
    heads = [p for p in sc.prims if isinstance(p, Poly) and p.fill == "link"]
    assert len(curves) == len(heads) == len(picture.links)
    assert [c.dash is None for c in curves] == [k.strong for k in picture.links]


def test_als_xz_names_its_two_sets() -> None:
    picture, step = _picture("als_xz")
    assert [s.label for s in picture.sets] == ["A", "B"]
    assert [set(s.cells) for s in picture.sets] == [set(x) for x in step.sets]
    for s in picture.sets:
        assert len(s.digits) == len(s.cells) + 1  # an almost locked set
        assert all("set" in picture.cells[c].roles for c in s.cells)
    assert sum(line.role == "set" for line in picture.legend) == 2


def test_finned_fish_marks_its_fin() -> None:
    picture, step = _picture("finned_x_wing")
    fins = {c for c, _ in step.secondary}
    assert fins and set(picture.cells_with("fin")) == fins
    assert len(picture.units_with("base")) == len(picture.units_with("cover")) == 2


def test_single_marks_the_placement_and_its_unit() -> None:
    picture, step = _picture("hidden_single")
    ((cell, digit),) = step.placements
    assert picture.role_of(cell, digit) == "placed"
    assert picture.cells_with("placed") == (cell,)
    assert picture.units_with("focus") == step.units[:1]
    assert any(line.role == "placed" and "is" in line.text for line in picture.legend)


def _drawn(
    picture: StepPicture, cell: int = 60
) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """The candidates drawn in red and struck, and those drawn in green, found back from
    the shapes' positions."""
    sc = scene(picture, cell=cell, title=False, legend=False)
    margin = max(14, cell // 3)
    shape = picture.shape
    where = {}
    for c in range(shape.ncells):
        for d in range(1, shape.n + 1):
            x, y = picture.candidate_centre(c, d)
            where[(round(margin + x * cell, 1), round(margin + y * cell, 1))] = (c, d)
    struck, green = set(), set()
    labels = {
        (round(p.x, 1), round(p.y, 1)): p.fill
        for p in sc.prims
        if isinstance(p, Label) and p.size < cell / 2
    }
    strikes = {
        (
            round((p.points[0][0] + p.points[1][0]) / 2, 1),
            round((p.points[0][1] + p.points[1][1]) / 2, 1),
        )
        for p in sc.prims
        if isinstance(p, Poly) and p.stroke == "elim_ink" and len(p.points) == 2
    }
    for xy, fill in labels.items():
        if xy not in where:
            continue
        if fill == "elim_ink" and xy in strikes:
            struck.add(where[xy])
        elif fill == "place_ink":
            green.add(where[xy])
    return struck, green


PUZZLES = {
    # X-Wing, XY-Wing, Hidden Rectangle, AIC and XY-Chain on the way (top1465).
    "9x9": "1.......3.6.3..7...7...5..121.7...9...7........8.1..2....8.64....9.2..6....4.....",
}


@pytest.mark.parametrize("size", [9, 6, 16])
def test_every_elimination_and_placement_of_a_path_is_drawn(size: int) -> None:
    from sudokit.generator import generate

    grid = parse(PUZZLES["9x9"]) if size == 9 else generate(size, seed=5, difficulty="hard")
    expl = explain(grid, keep_states=True)
    assert expl.solved
    for i, step in enumerate(expl.steps):
        before = expl.states[i]
        picture = step_picture(before.to_grid(), before.cands, step, givens=grid)
        struck, green = _drawn(picture)
        assert struck == set(step.eliminations), step.text
        assert green == set(step.placements), step.text


def test_an_elimination_missing_from_the_masks_is_still_drawn() -> None:
    grid, state, step = _position("x_wing")
    cands = list(state.cands)
    c, d = step.eliminations[0]
    cands[c] &= ~(1 << (d - 1))
    picture = step_picture(state.to_grid(), cands, step, givens=grid)
    assert (c, d) in _drawn(picture)[0]


def test_bad_masks_are_refused_with_the_counts() -> None:
    _grid, state, step = _position("x_wing")
    with pytest.raises(ValueError, match="expected 81 candidate masks, got 80"):
        step_picture(state.to_grid(), state.cands[:80], step)


def _parses(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


@pytest.mark.parametrize("theme", THEMES)
def test_svg_parses_in_every_theme_with_legend_and_sentence(theme: str) -> None:
    picture, _step = _picture("xy_wing")
    root = _parses(step_svg(picture, theme=theme))
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "XY-Wing" in texts and "Thick frame: the pivot r4c1." in texts
    fills = {e.get("fill") for e in root.iter() if e.get("fill") not in (None, "none")}
    if theme == "grey":  # greyscale: every colour a grey
        assert all(f[1:3] == f[3:5] == f[5:7] for f in fills if f)
    else:
        assert len(fills) > 8


def test_greyscale_keeps_roles_apart_by_shape() -> None:
    """In print the roles differ by shape: pattern discs, secondary squares, struck
    eliminations, hatched cover units, dashed weak links."""
    picture, _ = _picture("finned_x_wing")
    root = _parses(step_svg(picture, theme="grey"))
    assert any(True for _ in root.iter(f"{SVG}circle"))  # pattern discs
    paths = list(root.iter(f"{SVG}path"))
    assert any(p.get("stroke-dasharray") for p in root.iter(f"{SVG}rect"))  # the fin's frame
    assert len(paths) > 20  # hatching of the cover units and strikes


def _svg_of(grid: Grid, count: int = 12) -> list[str]:
    """The dark SVGs of the first ``count`` steps of the path of ``grid``."""
    from sudokit.logic.engine import steps

    state = State.from_grid(grid)
    out = []
    for step, after in steps(state, unique=True, max_steps=count):
        picture = step_picture(state.to_grid(), state.cands, step, givens=grid)
        out.append(step_svg(picture, theme="dark"))
        state = after
    return out


def test_svg_at_16x16_jigsaw_and_killer() -> None:
    from sudokit.generator import generate

    jigsaw_rules = Rules.parse("6+jigsaw:AAABBBAACCBBACCCBDEECFDDEEFFDDEEFFFD")
    grids = [
        generate(16, seed=5, difficulty="hard"),
        Grid(jigsaw_rules, parse(".1....5..2..2.....1.5..6.......5...4").cells),
    ]
    killer_line = (Path(__file__).parent / "data" / "killer_solo.txt").read_text().splitlines()
    grids.append(parse(next(x for x in killer_line if x.startswith("3x3k:"))))
    for grid in grids:
        svgs = _svg_of(grid)
        assert svgs
        for text in svgs:
            root = _parses(text)
            assert root.get("width")
    # The killer's cages are drawn (dashed outlines and sums).
    killer = grids[-1]
    text = _svg_of(killer)[0]
    sums = {str(c.total) for c in killer.rules.cages if c.total is not None}
    drawn = {t.text for t in _parses(text).iter(f"{SVG}text")}
    assert sums <= drawn


def test_svg_with_classes_carries_no_colours() -> None:
    picture, _ = _picture("aic")
    text = svg_of_scene(scene(picture), None, classes=True)
    root = _parses(text)
    assert not [e for e in root.iter() if (e.get("fill") or "none").startswith("#")]
    assert 'class="f-pattern_fill s-pattern_edge' in text


def test_hint_png_and_svg(tmp_path: Path) -> None:
    from PIL import Image

    puzzle = PUZZLES["9x9"]
    png, svg = tmp_path / "hint.png", tmp_path / "hint.svg"
    result = CliRunner().invoke(main, ["hint", "--png", str(png), "--svg", str(svg), puzzle])
    assert result.exit_code == 0, result.output
    root = _parses(svg.read_text())
    width, height = float(root.get("width") or 0), float(root.get("height") or 0)
    with Image.open(png) as image:
        assert image.format == "PNG"
        # The PNG is the SVG's picture: the same width, and the height within the
        # wrapping of the sentence and legend (the PNG measures its font, the SVG guesses).
        assert image.size[0] == round(width)
        assert abs(image.size[1] - height) < 0.25 * height
        assert image.size[1] > image.size[0]  # the sentence and legend below the board


def test_hint_png_refuses_a_file_of_puzzles(tmp_path: Path) -> None:
    source = tmp_path / "p.txt"
    source.write_text(PUZZLES["9x9"] + "\n")
    result = CliRunner().invoke(main, ["hint", "-f", str(source), "--png", str(tmp_path / "x.png")])
    assert result.exit_code == 2
    assert "give PUZZLE, not -f" in result.output


def test_print_explained_draws_every_step_beyond_singles(tmp_path: Path) -> None:
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("reportlab")
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    out = tmp_path / "learn.pdf"
    result = CliRunner().invoke(
        main, ["print", PUZZLES["9x9"], easy, "--explained", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(str(out))
    text = "\n".join(page.extract_text() for page in reader.pages)
    text = " ".join(text.split())
    expl = explain(parse(PUZZLES["9x9"]))
    beyond = [
        (i, s)
        for i, s in enumerate(expl.steps, start=1)
        if s.technique not in ("full_house", "hidden_single", "naked_single")
    ]
    assert len(beyond) >= 5
    for i, step in beyond:
        assert f"Puzzle 1, step {i}: {step.name}" in text
    assert text.count("Puzzle 1, step ") == len(beyond)  # singles are left out
    assert "Puzzle 2: singles alone solve it." in text
    assert "the steps explained" in text
    # Without --explained the book has no such pages.
    plain = tmp_path / "plain.pdf"
    CliRunner().invoke(main, ["print", PUZZLES["9x9"], "-o", str(plain)])
    assert len(pypdf.PdfReader(str(plain)).pages) < len(reader.pages)
