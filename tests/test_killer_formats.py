"""Killer puzzles in every format that carries rules: the rules line, show's picture, JSON
records, f-puzzles JSON and links, SudokuPad links and Solo game IDs; what is written
reads back as the same rules and givens, and bad input is named."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sudokit
from helpers import BOXES, pattern_solution, random_cages
from sudokit.errors import ParseError, UnsupportedRulesError
from sudokit.formats import format_shown, parse_shown, read_puzzles
from sudokit.formats.fpuzzles import fpuzzles_object, parse_fpuzzles
from sudokit.formats.position import RULES_FORMATS
from sudokit.formats.sniffing import format_position, parse_position
from sudokit.formats.solo import format_solo, parse_solo
from sudokit.geometry import SIZES, Cage, Rules
from sudokit.grid import Grid
from test_rules import random_regions

DATA = Path(__file__).parent / "data"
SOLO_KILLERS = [
    line.strip()
    for line in (DATA / "solo_ids.txt").read_text().splitlines()
    if line.strip() and not line.startswith("#") and "k" in line.split(":")[0]
]


@st.composite
def killer_grids(draw: st.DrawFn, solo: bool = False) -> Grid:
    """A killer grid of any size (Solo's: up to 9×9, cages in one piece and no lone cell
    without a sum), with X or jigsaw regions now and then, and some givens."""
    n = draw(st.sampled_from([4, 6, 9] if solo else SIZES))
    rng = random.Random(draw(st.integers(0, 2**32)))
    solution = pattern_solution(n, *BOXES[n], rng)
    pairs = random_cages(
        solution,
        n,
        rng,
        max_size=draw(st.integers(1, min(n, 6))),
        cover=draw(st.sampled_from([0.3, 1.0])),
        sums=draw(st.sampled_from([0.5, 1.0])),
    )
    if solo:
        pairs = [(cells, total) for cells, total in pairs if total is not None or len(cells) > 1]
    if not pairs:
        pairs = [((0,), solution[0])]
    variants = draw(st.sampled_from([(), ("x",), ("anti-king",)] if not solo else [(), ("x",)]))
    regions = random_regions(n, rng) if draw(st.booleans()) else None
    rules = Rules.make(n, variants, regions, [Cage(c, t) for c, t in pairs])
    givens = [v if rng.random() < 0.2 else 0 for v in solution]
    return Grid(rules, givens)


def _same(back: Grid, grid: Grid) -> None:
    assert back.rules is grid.rules
    assert back.cells == grid.cells


@settings(max_examples=60, deadline=None)
@given(killer_grids(), st.sampled_from(sorted(RULES_FORMATS - {"solo"})))
def test_every_rules_format_round_trips(grid: Grid, to: str) -> None:
    text = format_position(grid, to)
    _same(parse_position(text, check=False).givens, grid)


@settings(max_examples=60, deadline=None)
@given(killer_grids(solo=True))
def test_solo_ids_round_trip(grid: Grid) -> None:
    text = format_solo(grid)
    assert "k" in text.split(":")[0]
    _same(parse_solo(text, check=False), grid)


@settings(max_examples=40, deadline=None)
@given(killer_grids())
def test_show_pictures_round_trip_and_read_from_files(grid: Grid) -> None:
    text = format_shown(grid)
    assert text.splitlines()[0].startswith(f"rules: {grid.rules.name} (")
    _same(parse_shown(text, check=False), grid)
    # two pictures in one file, without blank lines between them
    records = list(read_puzzles(io.StringIO(text + "\n" + text + "\n"), check=False))
    assert [r.ok for r in records] == [True, True], [r.error for r in records]
    assert records[0].grid is not None
    _same(records[0].grid, grid)


def test_show_picture_of_a_solo_killer() -> None:
    grid = parse_solo(SOLO_KILLERS[0])
    lines = format_shown(grid).splitlines()
    assert lines[0].startswith("rules: killer (9+killer); each row its cells' cages")
    cage = grid.rules.cages[0]
    # the first row: digits, then labels, then the sums of the cages starting in it
    assert lines[1].startswith(". . . | . . . | . . .    a ")
    assert f"a={cage.total}" in lines[1]
    assert len(lines) == 1 + 9 + 2  # heading, rows, two rulers


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace("a=", "zz=", 1), "'zz' has a sum but no cells"),
        (lambda t: t.replace("a=", "a=x", 1), "is not a cage sum such as a=12"),
        (lambda t: "\n".join(t.splitlines()[:-1]), "expected 9 rows under the rules, got 8"),
        (lambda t: t.replace("(9+killer)", ""), "needs the code with its size"),
    ],
)
def test_bad_show_pictures_are_named(change: object, message: str) -> None:
    text = format_shown(parse_solo(SOLO_KILLERS[0]))
    assert callable(change)
    with pytest.raises(ParseError, match=message):
        parse_shown(change(text))


def test_fpuzzles_cages() -> None:
    grid = Grid(Rules.make(4, cages=[Cage((0, 1), 3), Cage((2, 3))]), [0] * 16)
    record = fpuzzles_object(grid)
    assert record["killercage"] == [
        {"cells": ["R1C1", "R1C2"], "value": "3"},
        {"cells": ["R1C3", "R1C4"]},
    ]
    # numbers as numbers, and SudokuPad's numbered cosmetic cage, read as killer cages
    record["killercage"][0]["value"] = 3
    record["cage"] = [
        {"cells": ["R2C1", "R2C2"], "value": "7"},
        {"cells": [], "value": "title: a killer"},
    ]
    rules = parse_fpuzzles(record).givens.rules
    assert rules.cages == (Cage((0, 1), 3), Cage((2, 3)), Cage((4, 5), 7))


@pytest.mark.parametrize(
    ("cages", "message"),
    [
        ([{"cells": ["R1C1", "R1C2"], "value": "abc"}], "killer cage 1 .at R1C1.: its sum 'abc'"),
        ([{"cells": ["R1C1"], "value": "3"}, {"cells": ["R1C1", "R1C2"]}], "r1c1 is in two"),
        ([{"cells": ["R1C1", "R9C9"], "value": "3"}], "'R9C9' is not a cell"),
        ([{"cells": ["R1C1", "R1C2"], "value": "30"}], "cannot add up to 30"),
        ([{"value": "3"}], "killer cage 1 must have a list of cells"),
    ],
)
def test_bad_fpuzzles_cages_are_named(cages: list[dict[str, object]], message: str) -> None:
    record = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)], "killercage": cages}
    with pytest.raises(ParseError, match=message):
        parse_fpuzzles(json.dumps(record))


def test_a_cosmetic_cage_with_words_is_still_refused() -> None:
    record = {
        "size": 4,
        "grid": [[{} for _ in range(4)] for _ in range(4)],
        "cage": [{"cells": ["R1C1", "R1C2"], "value": "odd"}],
    }
    with pytest.raises(ParseError, match="drawn cages"):
        parse_fpuzzles(record)


def test_solo_killer_errors_are_named() -> None:
    solo_id = SOLO_KILLERS[0]
    head, grid_part, walls, sums = solo_id.replace(":", ",", 1).split(",")
    with pytest.raises(ParseError, match="expected 3 comma-separated parts"):
        parse_solo(f"{head}:{grid_part},{walls}")
    with pytest.raises(ParseError, match="not enough data in the cages"):
        parse_solo(f"{head}:{grid_part},{walls[:-5]},{sums}")
    with pytest.raises(ParseError, match=r"'!' at character \d+ is not a run of cage edges"):
        parse_solo(f"{head}:{grid_part},!{walls[1:]},{sums}")
    with pytest.raises(ParseError, match="not enough cells in the cage sums"):
        parse_solo(f"{head}:{grid_part},{walls},{sums[:-3]}")
    # a sum moved off its cage's first cell (r1c1's cage runs on to r1c2 here or below)
    grid = parse_solo(solo_id)
    first = grid.rules.cages[0]
    moved = [0] * 81
    moved[first.cells[1]] = first.total or 0
    for cage in grid.rules.cages[1:]:
        moved[cage.cells[0]] = cage.total or 0
    from sudokit.formats.solo import _encode_grid

    with pytest.raises(ParseError, match="is not at its cage's first cell"):
        parse_solo(f"{head}:{grid_part},{walls},{_encode_grid(tuple(moved))}")


def test_solo_cannot_hold_every_killer() -> None:
    big = Grid(Rules.make(12, cages=[Cage((0, 1), 3)]), [0] * 144)
    with pytest.raises(UnsupportedRulesError, match="killers up to 9×9"):
        format_solo(big)
    apart = Grid(Rules.make(9, cages=[Cage((0, 80), 10)]), [0] * 81)
    with pytest.raises(UnsupportedRulesError, match="cage in several"):
        format_solo(apart)
    assert sudokit.parse(format_position(apart, "fpuzzles")).rules is apart.rules
