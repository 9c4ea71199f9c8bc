"""Formats that carry a puzzle's rules: Solo game IDs, f-puzzles JSON and links (and the
lz-string codec under them), SudokuPad links, and the rules in our own line and JSON forms."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import is_variant_solution

import sudokit
from sudokit.cli import main
from sudokit.errors import ParseError, UnsupportedPuzzleError, UnsupportedRulesError
from sudokit.formats import read_puzzles
from sudokit.formats.fpuzzles import (
    format_fpuzzles,
    format_fpuzzles_link,
    format_sudokupad_link,
    parse_fpuzzles,
    parse_fpuzzles_link,
)
from sudokit.formats.lzstring import (
    LZStringError,
    compress_to_base64,
    decompress_from_base64,
)
from sudokit.formats.sniffing import format_position, parse_position
from sudokit.formats.solo import format_solo, parse_solo
from sudokit.geometry import BOX_SHAPES, VARIANTS, Rules
from sudokit.grid import Grid

DATA = Path(__file__).parent / "data"
SOLO_IDS = [
    line.strip()
    for line in (DATA / "solo_ids.txt").read_text().splitlines()
    if line.strip() and not line.startswith("#")
]
SGT_SOLO = shutil.which("sgt-solo") or shutil.which("sgt-solo", path="/usr/games")


def _killer(solo_id: str) -> bool:
    return "k" in solo_id.split(":")[0]


# --- an independent solution counter ----------------------------------------------------


def _count(cells: Sequence[int], n: int, groups: list[list[int]], limit: int = 2) -> int:
    """Solutions up to ``limit`` of a grid whose ``groups`` each hold every digit once:
    plain backtracking, fewest candidates first, written apart from sudokit."""
    grid = list(cells)
    of: list[list[int]] = [[] for _ in range(n * n)]
    for g, group in enumerate(groups):
        for c in group:
            of[c].append(g)
    used = [0] * len(groups)
    for c, v in enumerate(grid):
        if v:
            for g in of[c]:
                if used[g] >> v & 1:
                    return 0
                used[g] |= 1 << v
    full = ((1 << n) - 1) << 1
    found = 0

    def search() -> None:
        nonlocal found
        best, best_mask, best_count = -1, 0, n + 1
        for c, v in enumerate(grid):
            if not v:
                mask = full
                for g in of[c]:
                    mask &= ~used[g]
                k = bin(mask).count("1")
                if k < best_count:
                    best, best_mask, best_count = c, mask, k
                    if k <= 1:
                        break
        if best < 0:
            found += 1
            return
        for d in range(1, n + 1):
            if best_mask >> d & 1:
                grid[best] = d
                for g in of[best]:
                    used[g] |= 1 << d
                search()
                for g in of[best]:
                    used[g] &= ~(1 << d)
                grid[best] = 0
                if found >= limit:
                    return

    search()
    return found


def _solo_groups(solo_id: str, regions: Sequence[int]) -> tuple[int, list[list[int]]]:
    """The units of a Solo puzzle from its params alone (boxes by Solo's own formula: ``c``
    rows tall, ``r`` columns wide), the jigsaw regions as given."""
    m = re.match(r"(\d+)(?:x(\d+))?([a-z]*)", solo_id)
    assert m is not None
    c, r = int(m.group(1)), int(m.group(2) or m.group(1))
    flags = m.group(3)
    jigsaw = "j" in flags
    n = c if jigsaw else c * r
    groups = [[row * n + col for col in range(n)] for row in range(n)]
    groups += [[row * n + col for row in range(n)] for col in range(n)]
    labels = regions if jigsaw else [(i // n // c) * c + (i % n) // r for i in range(n * n)]
    for label in sorted(set(labels)):
        groups.append([i for i in range(n * n) if labels[i] == label])
    if "x" in flags:
        groups.append([i * n + i for i in range(n)])
        groups.append([i * n + n - 1 - i for i in range(n)])
    return n, groups


# --- lz-string --------------------------------------------------------------------------

# Made by the reference lz-string 1.5.0 (LZString.compressToBase64).
LZ_VECTORS = [
    ("", "Q==="),
    ("a", "IZA="),
    ("Hello, world", "BIUwNmD2A0AEDukBOYAmQ==="),
    ("aaaaaaaaaaaaaaaaaaaa", "IY1/kA=="),
    ('{"size":9}', "N4IgzglgXgpiBcBOAvkA"),
    ("héllo wörld €", "BYS4NmD2AEDuBvAnMATagagiA==="),
    ("😀 emoji", "rwbgA9gECmC2D2BWBLIA"),
]


@pytest.mark.parametrize(("text", "payload"), LZ_VECTORS)
def test_lzstring_matches_the_reference(text: str, payload: str) -> None:
    assert compress_to_base64(text) == payload
    assert decompress_from_base64(payload) == text


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400) | st.text(alphabet='{}[]":,0123456789abc', max_size=2000))
def test_lzstring_round_trip(text: str) -> None:
    payload = compress_to_base64(text)
    assert len(payload) % 4 == 0
    assert decompress_from_base64(payload) == text


@pytest.mark.parametrize("payload", ["N4Ig!gl", "", "====", "N4IgzglgXgpiBcBOAvk"[:5]])
def test_lzstring_refuses_damage(payload: str) -> None:
    with pytest.raises(LZStringError):
        decompress_from_base64(payload)


# --- Solo game IDs ------------------------------------------------------------------------


@pytest.mark.parametrize("solo_id", [i for i in SOLO_IDS if not _killer(i)])
def test_solo_ids_of_solo_read_and_write_back(solo_id: str) -> None:
    grid = parse_solo(solo_id)
    params = solo_id.split(":")[0]
    assert grid.rules.diagonals == ("x" in re.sub(r"^\d+(x\d+)?", "", params))
    assert format_solo(grid) == solo_id
    assert sudokit.parse(solo_id) == grid
    # Solo makes puzzles with one solution: under the rules read, so must it be.
    n, groups = _solo_groups(solo_id, grid.rules.region_of)
    assert _count(grid.cells, n, groups) == 1


def test_solo_jigsaw_solution_keeps_the_rules() -> None:
    solo_id = next(i for i in SOLO_IDS if i.startswith("9jx:"))
    grid = parse_solo(solo_id)
    assert grid.rules.jigsaw and grid.rules.diagonals
    n, groups = _solo_groups(solo_id, grid.rules.region_of)
    # A solution by the independent counter's search, checked by the independent checker.
    cells = list(grid.cells)
    for c in range(n * n):
        if not cells[c]:
            for d in range(1, n + 1):
                cells[c] = d
                if _count(cells, n, groups, limit=1):
                    break
    assert is_variant_solution(grid.cells, cells, n, ("x",), grid.rules.region_of)


def test_solo_turned_boxes_are_regions() -> None:
    solo_id = next(i for i in SOLO_IDS if i.startswith("3x2:"))
    grid = parse_solo(solo_id)
    assert grid.rules.jigsaw  # boxes 3 rows by 2 columns: not sudokit's 2×3 boxes
    assert {grid.rules.region_of[c] for c in (0, 1, 6, 7, 12, 13)} == {grid.rules.region_of[0]}
    assert format_solo(grid) == solo_id


@pytest.mark.parametrize("solo_id", [i for i in SOLO_IDS if _killer(i)])
def test_solo_killer_is_read_with_its_cages(solo_id: str) -> None:
    grid = parse_solo(solo_id)
    assert grid.rules.killer and sudokit.parse(solo_id) == grid
    assert format_solo(grid) == solo_id


CLASSIC_ID = "3x3:d3a1_4_8f9_2a8e5a3b6b7a9a3_8a6a2a5_1a4a5b6b1a3e4a7_2f9_6_8a4d"


@pytest.mark.parametrize(
    ("solo_id", "message"),
    [
        ("3x3:qqq", "not enough cells: 51 of 81"),
        ("3x3:d3a1_4!" + "z" * 3, "'!' at character 11 is not a given"),
        ("3x3:10" + "z" * 3, "10 at character 5 (r1c1) is not a digit 1-9"),
        ("3x3:" + "z" * 4, "too many cells"),
        ("3x3#12345", "random-seed ID"),
        ("5x5:" + "z" * 25, "a 25×25 grid is not supported"),
        ("3x3q:" + "z" * 3, "'q' at character 4 is not a Solo parameter"),
        ("1x9:" + "z" * 3, "both dimensions must be at least 2"),
        ("9j:" + "z" * 3 + "c", "expected 2 comma-separated parts"),
        ("9j:" + "z" * 3 + "c," + "_" * 145, "jigsaw regions"),
        ("4j:p,b_d_ca_____aa_", "too much data in the jigsaw regions"),
        ("4j:p,b_d_", "not enough data in the jigsaw regions"),
        ("4j:p,b_d_C", "'C' at character 10 is not a run of region edges"),
    ],
)
def test_solo_malformed_ids_name_what_and_where(solo_id: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        parse_solo(solo_id)


def test_solo_long_runs_of_edges_as_solo_reads_them() -> None:
    # Regions = rows on 16×16: 240 inner vertical edges without a wall ('z' is 26 of them,
    # no wall after; Solo refuses the 25 its comments describe), then 240 walls.
    solo_id = "16j:zzzzzzzzzv,zzzzzzzzzf" + "_" * 240
    grid = parse_solo(solo_id)
    assert grid.rules.region_of == tuple(c // 16 for c in range(256))
    assert format_solo(grid) == solo_id


def test_solo_refuses_rules_it_cannot_hold() -> None:
    for variants in (("windoku",), ("anti-knight",), ("anti-king",), ("non-consecutive",)):
        grid = Grid(Rules.make(9, variants), (0,) * 81)
        with pytest.raises(UnsupportedRulesError, match="Solo game ID holds classic"):
            format_solo(grid)
    # A jigsaw region in two pieces has no walls Solo can draw.
    regions = [c % 4 for c in range(16)]  # columns...
    regions[0], regions[3] = 3, 0  # ...with two corners swapped
    grid = Grid(Rules.make(4, (), regions), (0,) * 16)
    with pytest.raises(UnsupportedRulesError, match="in one piece"):
        format_solo(grid)


@st.composite
def ruled_grids(draw: st.DrawFn, solo: bool = False) -> Grid:
    """A grid of any size under rules of any kind (jigsaw regions from Solo's puzzles, the
    rows, or Solo's turned boxes), with random digits where givens go."""
    n = draw(st.sampled_from([4, 6, 9, 12, 16]))
    names = ["x"] if solo else [v for v in VARIANTS if v not in ("jigsaw", "killer")]
    variants = draw(st.lists(st.sampled_from(names), unique=True, max_size=3))
    if BOX_SHAPES[n][0] != BOX_SHAPES[n][1] and "windoku" in variants:
        variants.remove("windoku")
    region_choices: list[list[int] | None] = [None, [c // n for c in range(n * n)]]
    for solo_id in SOLO_IDS:
        if solo_id.startswith(f"{n}j") and not _killer(solo_id):
            region_choices.append(list(parse_solo(solo_id).rules.region_of))
    br, bc = BOX_SHAPES[n]
    region_choices.append([(c // n // bc) * bc + (c % n) // br for c in range(n * n)])
    regions = draw(st.sampled_from(region_choices))
    rules = Rules.make(n, variants, regions)
    cells = draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n))
    return Grid(rules, cells)


@settings(max_examples=150, deadline=None)
@given(ruled_grids(solo=True))
def test_solo_round_trip(grid: Grid) -> None:
    assert parse_solo(format_solo(grid), check=False) == grid


@pytest.mark.skipif(SGT_SOLO is None, reason="Solo (sgt-puzzles) is not installed")
def test_solo_accepts_what_we_write() -> None:
    ids = []
    for solo_id in SOLO_IDS:
        if not _killer(solo_id):
            grid = parse_solo(solo_id)
            ids.append(format_solo(Grid(grid.rules, (0,) * grid.rules.ncells)))
    ids.append(format_solo(Grid(Rules.make(16, (), [c // 16 for c in range(256)]), (0,) * 256)))
    ids.append(format_solo(Grid(Rules.make(16, (), [c % 16 for c in range(256)]), (0,) * 256)))
    for solo_id in ids:
        assert SGT_SOLO is not None
        done = subprocess.run(
            [SGT_SOLO, "--print", "1x1"],
            input=solo_id + "\n",
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, (solo_id, done.stderr[-300:])


# --- f-puzzles and SudokuPad ----------------------------------------------------------------

# Published examples (lisudoku's sudoku-formats README and tests): a classic grid with one
# given, and a killer puzzle.
FP_ONE_GIVEN = (
    "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBf"
    "ZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A"
)
FP_KILLER = (
    "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1"
    "p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYg"
    "iCAUFlZaNmb2zh5ucU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA="
)


def test_fpuzzles_published_links() -> None:
    position = parse_fpuzzles_link(FP_ONE_GIVEN)
    assert str(position.givens) == "1" + "." * 80
    assert position.givens.rules.classic
    assert parse_fpuzzles_link(FP_KILLER).givens.rules.killer


def _fp(size: int = 9, **keys: object) -> dict[str, Any]:
    grid: list[list[dict[str, Any]]] = [[{} for _ in range(size)] for _ in range(size)]
    grid[0][0] = {"value": 1, "given": True}
    return {"size": size, "grid": grid, **keys}


@pytest.mark.parametrize(
    ("key", "words"),
    [
        ("thermometer", "thermometer"),
        ("arrow", "arrow"),
        ("sandwichsum", "sandwich"),
        ("littlekillersum", "little killer"),
        ("xv", "XV"),
        ("palindrome", "palindrome"),
        ("ratio", "kropki"),
        ("disjointgroups", "disjoint-groups"),
        ("somethingnew", "f-puzzles key 'somethingnew'"),
    ],
)
def test_fpuzzles_refuses_constraints_it_cannot_play(key: str, words: str) -> None:
    value: object = True if key == "disjointgroups" else [{"cells": ["R1C1", "R1C2"]}]
    with pytest.raises(UnsupportedPuzzleError, match=f"^{words}"):
        parse_fpuzzles(json.dumps({**_fp(), key: value}))
    # An empty list of the same constraint asks for nothing.
    assert parse_fpuzzles(json.dumps({**_fp(), key: []})).givens.rules.classic


def test_fpuzzles_rules_keys() -> None:
    x = parse_fpuzzles(_fp(**{"diagonal+": True, "diagonal-": True, "antiknight": True}))
    assert x.givens.rules.variants == ("x", "anti-knight")
    with pytest.raises(UnsupportedPuzzleError, match="single diagonal"):
        parse_fpuzzles(_fp(**{"diagonal+": True}))
    rules = Rules.make(9, ["windoku"])
    windows = parse_fpuzzles(format_fpuzzles(Grid(rules, (0,) * 81)))
    assert windows.givens.rules is rules
    with pytest.raises(UnsupportedPuzzleError, match="extra-region"):
        parse_fpuzzles(_fp(extraregion=[{"cells": ["R1C1", "R1C2", "R2C1"]}]))
    # Drawings with cells may carry rules of their own; cell-less ones are metadata.
    with pytest.raises(UnsupportedPuzzleError, match="drawn lines"):
        parse_fpuzzles(_fp(line=[{"lines": [["R1C1", "R1C2"]]}]))
    meta = parse_fpuzzles(_fp(title="T", cage=[{"value": "author: Someone"}])).meta
    assert meta == (("title", "T"), ("author", "Someone"))


def test_fpuzzles_regions_and_placed_digits() -> None:
    value = _fp(4)
    rows = value["grid"]
    for r in range(4):
        for c in range(4):
            rows[r][c]["region"] = c  # the columns as regions
    rows[1][1] = {"value": 2, "region": 1}  # placed by a player, not given
    position = parse_fpuzzles(value)
    assert position.givens.rules.jigsaw
    assert position.givens.cells[5] == 0 and position.current.cells[5] == 2
    rows[2][2]["region"] = None
    with pytest.raises(UnsupportedPuzzleError, match="row 3, column 3 is outside every region"):
        parse_fpuzzles(value)
    rows[2][2]["region"] = 2
    rows[0][1]["value"] = 7
    with pytest.raises(ParseError, match="row 1, column 2: 7 is not a digit 1-4"):
        parse_fpuzzles(value)


@settings(max_examples=150, deadline=None)
@given(ruled_grids())
def test_fpuzzles_round_trip(grid: Grid) -> None:
    assert parse_fpuzzles(format_fpuzzles(grid), check=False).givens == grid
    for link in (format_fpuzzles_link(grid), format_sudokupad_link(grid)):
        assert "+" not in link.split("?")[-1]
        assert parse_fpuzzles_link(link, check=False).givens == grid


def test_links_survive_a_plus_read_as_a_space() -> None:
    grid = parse_solo(SOLO_IDS[-1])
    link = format_sudokupad_link(grid)
    assert sudokit.parse(link) == grid
    mangled = link.replace("%2B", " ")
    assert sudokit.parse(mangled) == grid
    assert sudokit.parse(link.replace("sudokupad.app/", "sudokupad.app/?puzzleid=")) == grid


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("https://sudokupad.app/4FN8RN9LfN", "SudokuPad short link"),
        ("https://sudokupad.app/sclN4Ig", "damaged"),
        ("https://f-puzzles.com/?id=abc", "f-puzzles short link"),
        ("https://f-puzzles.com/?load=N4Ig!", "damaged"),
    ],
)
def test_links_that_cannot_be_read(link: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        sudokit.parse(link)


# --- our own formats carry the rules ------------------------------------------------------

RULES_WRITERS = ["line", "pretty", "csv", "json", "fpuzzles", "fpuzzles-link", "sudokupad"]


@settings(max_examples=100, deadline=None)
@given(ruled_grids())
def test_every_format_keeps_the_rules(grid: Grid) -> None:
    for to in RULES_WRITERS:
        text = format_position(grid, to)
        assert parse_position(text, check=False).givens == grid, to
        if to != "csv":
            assert sudokit.parse(text, check=False) == grid, to
    for to in ("sdk", "sdm", "ss", "hodoku", "pencilmarks", "sudokuwiki"):
        if grid.rules.classic:
            continue
        with pytest.raises(UnsupportedRulesError, match="classic puzzles only"):
            format_position(grid, to)


def test_a_classic_line_is_unchanged() -> None:
    grid = parse_solo(CLASSIC_ID)
    assert format_position(grid, "line") == str(grid)
    assert "rules" not in json.loads(format_position(grid, "json"))


def test_pretty_printed_fpuzzles_file_and_json_rules() -> None:
    grid = parse_solo(next(i for i in SOLO_IDS if i.startswith("9jx:")))
    text = json.dumps(json.loads(format_fpuzzles(grid)), indent=2)
    assert sudokit.parse(text) == grid
    record = json.loads(format_position(grid, "json"))
    assert record["rules"] == grid.rules.code
    record["rules"] = "9+wobbly"
    with pytest.raises(ParseError, match="wobbly"):
        sudokit.parse(json.dumps(record))


def test_files_of_solo_ids_read_on_past_errors() -> None:
    records = list(read_puzzles(io.StringIO("\n".join(SOLO_IDS) + "\n3x3:qq\n")))
    assert len(records) == len(SOLO_IDS) + 1
    bad = [r for r in records if not r.ok]
    assert len(bad) == 1
    assert str(bad[-1].error).startswith(f"line {len(SOLO_IDS) + 1}: Solo game ID")
    assert sum(r.ok for r in records) == len(SOLO_IDS)


def test_files_of_fpuzzles_json_and_links() -> None:
    thermo = json.dumps(_fp(thermometer=[{"lines": [["R1C1", "R1C2"]]}]))
    lines = [json.dumps(_fp()), thermo, json.dumps(_fp(**{"diagonal+": 1, "diagonal-": 1}))]
    records = list(read_puzzles(io.StringIO("\n".join(lines))))
    assert [r.ok for r in records] == [True, False, True]
    assert str(records[1].error) == "line 2: thermometer constraints are not supported"
    assert records[2].grid is not None and records[2].grid.rules.diagonals
    links = [FP_ONE_GIVEN, FP_KILLER, format_sudokupad_link(parse_solo(SOLO_IDS[-1]))]
    records = list(read_puzzles(io.StringIO("\n".join(links))))
    assert [r.ok for r in records] == [True, True, True]
    assert records[1].grid is not None and records[1].grid.rules.killer


# --- the command line ---------------------------------------------------------------------


def test_convert_to_and_from_the_variant_formats(tmp_path: Path) -> None:
    runner = CliRunner()
    solo_id = next(i for i in SOLO_IDS if i.startswith("9jx:"))
    done = runner.invoke(main, ["convert", solo_id, "--to", "fpuzzles"])
    assert done.exit_code == 0, done.output
    back = runner.invoke(main, ["convert", done.output.strip(), "--to", "solo"])
    assert back.exit_code == 0 and back.output.strip() == solo_id
    refused = runner.invoke(main, ["convert", solo_id, "--to", "sdk"])
    assert refused.exit_code == 2
    assert "hold classic puzzles only, not X + jigsaw rules" in refused.output
    thermo = json.dumps(_fp(thermometer=[{"lines": [["R1C1", "R1C2"]]}]))
    single = runner.invoke(main, ["convert", thermo, "--to", "line"])
    assert single.exit_code == 2
    assert "thermometer constraints are not supported" in single.output
    path = tmp_path / "ids.txt"
    path.write_text("\n".join(SOLO_IDS) + "\n")
    batch = runner.invoke(main, ["convert", "-f", str(path), "--to", "sudokupad"])
    assert batch.exit_code == 0, batch.output  # killers too
    written = [line for line in batch.output.splitlines() if line.startswith("https://")]
    assert len(written) == len(SOLO_IDS)
    assert isinstance(sudokit.parse(written[0]), Grid)


def test_lines_of_digits_are_not_solo_ids() -> None:
    from sudokit.formats.sniffing import sniff

    for line in ("0" * 81 + ":7", "1" * 16 + "#x", "12345:" + "." * 81):
        assert sniff([line])[1] is None, line
    assert sniff([CLASSIC_ID])[1] == "solo"


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["3x3:", "9j:", "2x3x:", "4j:", "3x3k:", "16j:"]),
    st.text(alphabet="abcz_0123456789,!Aj", max_size=300),
)
def test_solo_damage_is_a_parse_error(params: str, desc: str) -> None:
    try:
        grid = parse_solo(params + desc, check=False)
    except ParseError:
        return
    assert format_solo(grid).split(":")[1].count(",") == desc.count(",")


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([4, 9, 3, "9"]),
    st.dictionaries(
        st.sampled_from(["grid", "region", "diagonal+", "extraregion", "thermometer", "cage"]),
        _JSON,
    ),
    _JSON,
)
def test_fpuzzles_damage_is_a_parse_error(size: object, keys: dict[str, Any], cell: Any) -> None:
    value: dict[str, Any] = {"size": size, **keys}
    if "grid" not in keys and isinstance(size, int):
        value["grid"] = [[cell] * size for _ in range(size)]
    try:
        position = parse_fpuzzles(json.dumps(value), check=False)
    except ParseError:
        return
    assert parse_fpuzzles(format_fpuzzles(position), check=False) == position


def test_batch_workers_get_the_rules() -> None:
    # hint, explain and rate send lines to their workers, which parse them again.
    from sudokit.cli.logic import _well_formed

    ids = [i for i in SOLO_IDS if not _killer(i)]
    records = [r for r in read_puzzles(io.StringIO("\n".join(ids))) if r.ok]
    assert [sudokit.parse(line) for line in _well_formed(records)] == [r.grid for r in records]
