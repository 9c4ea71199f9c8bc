"""The board outline every drawer strokes: thin and thick edges from the regions,
diagonals, shaded windows, cage outlines."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudokit.geometry import SIZES, Rules, Shape
from sudokit.render.outline import Segment, cage_outline, merge, outline
from test_rules import any_rules, random_regions

Edge = tuple[bool, int, int]  # (horizontal, line, index along it): one cell edge


def edges_of(seg: Segment) -> list[Edge]:
    """The unit cell edges a segment covers (it must lie on grid lines)."""
    x0, y0, x1, y1 = seg
    assert x0 <= x1 and y0 <= y1 and (x0 == x1 or y0 == y1), seg
    assert all(v == int(v) for v in seg), seg
    if y0 == y1:
        return [(True, int(y0), i) for i in range(int(x0), int(x1))]
    return [(False, int(x0), i) for i in range(int(y0), int(y1))]


def all_edges(n: int) -> list[Edge]:
    return [(h, line, i) for h in (True, False) for line in range(n + 1) for i in range(n)]


def cells_of(edge: Edge, n: int) -> tuple[int, int] | None:
    """The two cells an inner edge separates (None on the border)."""
    horizontal, line, i = edge
    if line in (0, n):
        return None
    if horizontal:  # between rows line-1 and line, in column i
        return ((line - 1) * n + i, line * n + i)
    return (i * n + line - 1, i * n + line)


@given(any_rules())
def test_every_cell_edge_is_covered_exactly_once(rules: Rules) -> None:
    o = outline(rules)
    covered = [e for seg in o.thin + o.thick + o.border for e in edges_of(seg)]
    assert sorted(covered) == sorted(all_edges(rules.n))


@given(any_rules())
def test_thick_edges_separate_exactly_the_cells_of_different_regions(rules: Rules) -> None:
    o, n, region = outline(rules), rules.n, rules.region_of
    thick = {e for seg in o.thick for e in edges_of(seg)}
    thin = {e for seg in o.thin for e in edges_of(seg)}
    border = {e for seg in o.border for e in edges_of(seg)}
    for edge in all_edges(n):
        pair = cells_of(edge, n)
        if pair is None:
            assert edge in border
        else:
            a, b = pair
            assert (edge in thick) == (region[a] != region[b]), (edge, pair)
            assert (edge in thin) == (region[a] == region[b]), (edge, pair)


@given(any_rules())
def test_collinear_segments_of_one_kind_are_merged(rules: Rules) -> None:
    o = outline(rules)
    for kind in (o.thin, o.thick):
        ends: dict[tuple[float, float, bool], int] = {}
        for x0, y0, x1, y1 in kind:
            horizontal = y0 == y1
            for point in ((x0, y0), (x1, y1)):
                key = (*point, horizontal)
                ends[key] = ends.get(key, 0) + 1
        # Two segments of one kind on one line never meet end to end.
        assert all(count == 1 for count in ends.values())


@pytest.mark.parametrize("n", SIZES)
def test_classic_lines_are_the_box_lines_drawn_before(n: int) -> None:
    shape = Shape.of(n)
    br, bc = shape.box_rows, shape.box_cols
    o = outline(shape.rules)
    # The loops the drawers had: a full-length line at every i, thick on box edges.
    thin = {(i, 0, i, n) for i in range(1, n) if i % bc} | {
        (0, i, n, i) for i in range(1, n) if i % br
    }
    thick = {(i, 0, i, n) for i in range(bc, n, bc)} | {(0, i, n, i) for i in range(br, n, br)}
    assert set(o.thin) == thin and len(o.thin) == len(thin)
    assert set(o.thick) == thick and len(o.thick) == len(thick)
    assert set(o.border) == {(0, 0, n, 0), (n, 0, n, n), (0, n, n, n), (0, 0, 0, n)}
    assert o.diagonals == () and o.shaded == () and o.cages == () and o.caption == ""


def test_variants_draw_diagonals_windows_and_say_the_rest() -> None:
    x = outline(Rules.make(9, ["x", "anti-knight"]))
    assert x.diagonals == ((0, 0, 9, 9), (0, 9, 9, 0))
    assert x.shaded == () and x.caption == "X + anti-knight"
    assert outline(Rules.make(9, ["x"])).thick == outline(Shape.of(9).rules).thick
    windoku = outline(Rules.make(9, ["windoku"]))
    assert windoku.diagonals == ()
    windows = {
        (r, c)
        for r0 in (1, 5)
        for c0 in (1, 5)
        for r in range(r0, r0 + 3)
        for c in range(c0, c0 + 3)
    }
    assert {divmod(cell, 9) for cell in windoku.shaded} == windows
    assert outline(Rules.make(6, ["non-consecutive"])).caption == "non-consecutive"


def test_a_jigsaw_has_thick_edges_where_its_pieces_meet() -> None:
    regions = random_regions(6, random.Random(4))
    rules = Rules.make(6, regions=regions)
    assert rules.jigsaw
    o = outline(rules)
    assert o.thick != outline(Shape.of(6).rules).thick and o.caption == "jigsaw"


def test_outlines_are_cached_per_rules() -> None:
    rules = Rules.make(9, ["windoku"])
    assert outline(rules) is outline(rules)


def degrees(segments: tuple[Segment, ...]) -> dict[tuple[float, float], int]:
    out: dict[tuple[float, float], int] = {}
    for x0, y0, x1, y1 in segments:
        for p in ((round(x0, 6), round(y0, 6)), (round(x1, 6), round(y1, 6))):
            out[p] = out.get(p, 0) + 1
    return out


@pytest.mark.parametrize(
    "cells",
    [(0,), (0, 1), (0, 9, 10), (1, 9, 10, 11, 19), (0, 1, 2, 9, 11, 18, 19, 20)],
)
def test_cage_outlines_are_closed_and_inside_their_cells(cells: tuple[int, ...]) -> None:
    cage = cage_outline(9, cells, 17)
    assert cage.label_cell == min(cells) and cage.total == 17
    # A closed outline: every corner joins exactly two segments (a ring cage has two loops).
    assert set(degrees(cage.segments).values()) == {2}
    # Inside the cage's cells, off every cell edge.
    for x0, y0, x1, y1 in cage.segments:
        for x, y in ((x0, y0), (x1, y1)):
            assert x != int(x) and y != int(y)
        for k in range(9):
            x, y = x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8
            assert int(y) * 9 + int(x) in cells


@given(st.lists(st.tuples(st.booleans(), st.integers(0, 3), st.integers(0, 5), st.integers(1, 3))))
def test_merge_keeps_the_covered_points(raw: list[tuple[bool, int, int, int]]) -> None:
    segs: list[Segment] = [
        (a, line, a + length, line) if horizontal else (line, a, line, a + length)
        for horizontal, line, a, length in raw
    ]
    covered = {e for seg in segs for e in edges_of(seg)}
    merged = merge(segs)
    assert {e for seg in merged for e in edges_of(seg)} == covered
    assert len(merged) <= len(segs)


# --- the drawers stroke it ------------------------------------------------------------------


def jigsaw9() -> Rules:
    return Rules.make(9, regions=random_regions(9, random.Random(3)))


def region_edge_off_the_boxes(rules: Rules) -> tuple[int, int]:
    """Two side-by-side cells (left, right) of different regions but the same box."""
    n, box = rules.n, rules.shape.box_index
    for cell in range(rules.ncells):
        same_box = cell % n < n - 1 and box[cell] == box[cell + 1]
        if same_box and rules.region_of[cell] != rules.region_of[cell + 1]:
            return cell, cell + 1
    raise AssertionError("no such edge")


def test_png_draws_diagonals_windows_and_jigsaw_regions() -> None:
    from sudokit.grid import Grid
    from sudokit.render.palette import PALETTE, hex_rgb
    from sudokit.render.picture import board_image

    cell, margin = 48, 16

    def pixel(rules: Rules, x: float, y: float) -> tuple[int, int, int]:
        image = board_image(Grid(rules, [0] * rules.ncells), cell_size=cell)
        rgb = image.getpixel((margin + round(x * cell), margin + round(y * cell)))
        assert isinstance(rgb, tuple)
        return (rgb[0], rgb[1], rgb[2])

    board, shade = hex_rgb(PALETTE.board), hex_rgb(PALETTE.shade)
    diagonal, thick = hex_rgb(PALETTE.diagonal), hex_rgb(PALETTE.box_line)
    classic, x, windoku, jigsaw = (
        Shape.of(9).rules,
        Rules.make(9, ["x"]),
        Rules.make(9, ["windoku"]),
        jigsaw9(),
    )
    assert pixel(classic, 4.5, 4.5) == board and pixel(x, 4.5, 4.5) == diagonal
    assert pixel(x, 2.5, 6.5) == diagonal and pixel(x, 2.5, 5.5) == board
    assert pixel(windoku, 2.5, 2.5) == shade and pixel(windoku, 4.5, 4.5) == board
    left, _ = region_edge_off_the_boxes(jigsaw)
    r, c = divmod(left, 9)
    assert pixel(classic, c + 1, r + 0.5) != thick and pixel(jigsaw, c + 1, r + 0.5) == thick


def test_svg_draws_diagonals_windows_and_jigsaw_regions() -> None:
    from sudokit.grid import Grid
    from sudokit.render.palette import PALETTE
    from sudokit.render.svg import board_svg

    def svg(rules: Rules) -> str:
        return board_svg(Grid(rules, [0] * rules.ncells), cell_size=40)

    assert "M13 13L373 373M13 373L373 13" in svg(Rules.make(9, ["x"]))
    assert PALETTE.diagonal not in svg(Shape.of(9).rules)
    assert svg(Rules.make(9, ["windoku"])).count(f'fill="{PALETTE.shade}"') == 36
    jigsaw = jigsaw9()
    left, _ = region_edge_off_the_boxes(jigsaw)
    r, c = divmod(left, 9)
    heavy = svg(jigsaw).split(f'stroke="{PALETTE.box_line}"')[0].rsplit('d="', 1)[1]
    x, y = 13 + (c + 1) * 40, 13 + r * 40
    # A vertical thick segment runs through that edge (classic has none there).
    spans = [
        (float(a), float(b))
        for xa, a, b in re.findall(r"M([\d.]+) ([\d.]+)V([\d.]+)", heavy)
        if float(xa) == x
    ]
    assert any(a <= y and b >= y + 40 for a, b in spans)


@pytest.mark.parametrize("theme_name", ["light", "dark"])
def test_game_board_draws_diagonals_windows_and_jigsaw_regions(theme_name: str) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from sudokit.gui.board import BoardView, draw_board
    from sudokit.gui.theme import THEMES

    theme = THEMES[theme_name]
    pygame.init()

    def pixel(rules: Rules, x: float, y: float) -> tuple[int, int, int]:
        surface = pygame.Surface((480, 480))
        view = BoardView(rules.shape, [0] * rules.ncells, rules=rules)
        geo = draw_board(surface, pygame.Rect(0, 0, 480, 480), view, theme)
        at = (geo.rect.x + round(x * geo.cell), geo.rect.y + round(y * geo.cell))
        color = surface.get_at(at)
        return (color.r, color.g, color.b)

    classic, x, windoku, jigsaw = (
        Shape.of(9).rules,
        Rules.make(9, ["x"]),
        Rules.make(9, ["windoku"]),
        jigsaw9(),
    )
    assert pixel(classic, 4.5, 4.5) == theme.surface and pixel(x, 4.5, 4.5) == theme.diagonal
    assert pixel(windoku, 2.5, 2.5) == theme.shade and pixel(windoku, 4.5, 4.5) == theme.surface
    left, _ = region_edge_off_the_boxes(jigsaw)
    r, c = divmod(left, 9)
    assert pixel(classic, c + 1, r + 0.5) != theme.line_thick
    assert pixel(jigsaw, c + 1, r + 0.5) == theme.line_thick


def test_pdf_books_state_the_rules_and_draw_them() -> None:
    import io

    pypdf = pytest.importorskip("pypdf")
    from sudokit.grid import Grid
    from sudokit.render.pdf import BookEntry, write_book

    rules = [Shape.of(9).rules, Rules.make(9, ["x", "anti-knight"]), Rules.make(9, ["windoku"])]
    rules.append(jigsaw9())
    out = io.BytesIO()
    write_book([BookEntry(Grid(r, [0] * 81)) for r in rules], out, per_page=4, solutions=False)
    reader = pypdf.PdfReader(io.BytesIO(out.getvalue()))
    # A page per rules: the variants' pages say them under the heading.
    assert len(reader.pages) == 4
    texts = [page.extract_text() for page in reader.pages]
    assert "Rules" not in texts[0]
    assert "Rules: X (both main diagonals hold every digit once); anti-knight" in texts[1]
    assert "Rules: windoku" in texts[2] and "Rules: jigsaw" in texts[3]

    def form(page: object) -> str:
        xobjects = page["/Resources"]["/XObject"]  # type: ignore[index]
        (ref,) = xobjects.values()
        return str(ref.get_object().get_data().decode())

    classic, x, windoku, jigsaw = (form(p) for p in reader.pages)
    lines = classic.count(" l")
    assert lines == 12 + 4 + 4  # thin lines, box lines, the border
    assert x.count(" l") == lines + 2  # and the two diagonals
    assert windoku.count(" re f") == 36 and " re f" not in classic  # the shaded windows
    assert jigsaw.count(" l") > lines


# --- show: the rules in text ------------------------------------------------------------------


@pytest.mark.parametrize("n", SIZES)
def test_show_prints_classic_puzzles_as_before(n: int) -> None:
    from sudokit.formats import format_pretty
    from sudokit.generator import generate
    from sudokit.render.text import format_shown

    grid = generate(n, seed=3)
    assert format_shown(grid) == format_pretty(grid)


def test_show_states_the_rules_and_maps_jigsaw_regions() -> None:
    from sudokit.formats import format_pretty
    from sudokit.grid import Grid
    from sudokit.render.text import format_shown

    cells = [0] * 81
    cells[0], cells[80] = 5, 7
    x = Grid(Rules.make(9, ["x", "anti-knight"]), cells)
    assert format_shown(x) == "rules: X + anti-knight (9+x+anti-knight)\n" + format_pretty(
        Grid(x.shape, x.cells)
    )
    rules = Rules.make(9, ["x"], regions=random_regions(9, random.Random(3)))
    lines = format_shown(Grid(rules, cells)).splitlines()
    assert lines[0].startswith("rules: X + jigsaw")
    assert len(lines) == 10 and "|" not in "".join(lines)  # no box lines: there are no boxes
    digits = [line.split("    ")[0].split() for line in lines[1:]]
    regions = "".join("".join(line.split("    ")[1].split()) for line in lines[1:])
    assert digits[0][0] == "5" and digits[8][8] == "7"
    assert Rules.parse("9+x+jigsaw:" + regions) is rules


def test_show_command_prints_a_variant_puzzles_rules() -> None:
    import json

    from click.testing import CliRunner

    from sudokit.cli import main

    rows: list[list[dict[str, object]]] = [[{} for _ in range(9)] for _ in range(9)]
    rows[0][0] = {"value": 5, "given": True}
    text = json.dumps({"size": 9, "grid": rows, "diagonal+": True, "diagonal-": True})
    result = CliRunner().invoke(main, ["show", text])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "rules: X (9+x)"
    assert result.output.splitlines()[1].startswith("5 . . | ")
