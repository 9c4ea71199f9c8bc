"""SudokuPad's own format: scl and ctc links (lz-string over SudokuPad's plain or compact
JSON), read under sudokit's rules or refused naming what cannot be played, and scl written
byte for byte as SudokuPad's own zipper writes it.

The vectors were made by SudokuPad's converter and zipper (its f-puzzles decoder and
PuzzleZipper, run on the f-puzzles JSON that sudokit writes for the same puzzles); the
Parity Fish link is a real published SudokuPad link."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

import sudokit
from sudokit.cli import main
from sudokit.errors import ParseError, SymbolError, UnsupportedPuzzleError
from sudokit.formats.fpuzzles import format_sudokupad_link, parse_fpuzzles_link
from sudokit.formats.lzstring import compress_to_base64, decompress_from_base64
from sudokit.formats.position import Position
from sudokit.formats.sniffing import format_position, parse_position
from sudokit.formats.solo import parse_solo
from sudokit.formats.sudokupad import (
    format_sudokupad,
    format_sudokupad_scl_link,
    parse_sudokupad,
    parse_sudokupad_payload,
    sudokupad_object,
)
from sudokit.formats.sudokupad_zip import SHORT_KEYS, unzip_json, zip_json
from sudokit.geometry import Cage, Rules
from sudokit.grid import Grid
from test_formats_variants import ruled_grids
from test_killer_formats import killer_grids

DATA = Path(__file__).parent / "data"
SITE = "https://sudokupad.app/"

# A Solo killer-X (3x3xk), and SudokuPad's scl for it: its converter's output from the
# f-puzzles form, compact JSON with killer cages {unique, cells, value, sum} and the
# diagonals as corner-to-corner lines.
SOLO_KILLER_X = (
    "3x3xk:zzzc,_a_a__a__a__a_a___a_a____a____a____________a______a_c_ab__aa_____aab_ba__aa___aaa_"
    "aa__aba_aa_abaaa_,13_7a11_14a11_7_15b17a7d17b6a9_14_7_8_5b17e11_15a16a9a16b10_7a10a17_10a5b"
    "7d10a30b10_11a17f9c"
)
SCL_KILLER_X = (
    "sclN4SwJgXA5AZgDgVwF5IDYFMDMmwE4DsAhpvrjGAMYCMhARpgAxViZXoAcnFDMuBhUADQUAzhACsDYeggBtWYMVL"
    "FAXUELlStRs2Dtu1eoN6jB/WdO7zVtQCcZ82VIbapVV4IBM2qoJfrfdwCvbU8/UMEg2TDvbSdBTA8AFg9xHwT0lOC0"
    "9TDE3MEs6ME0uKkANg98D3Z0yuDq4NqC+uLG4tq4zHD1bqju73UkntlhqOHB2XER6ajp2PVZbvylwu1unNGMobWdze"
    "mV6aLp0sXu1u727uat1uH24Zvp1un26c7F8pGvqK/J/BGAKiAMm7BGYKiYIW8i+Ky+RS+mwBKwBRQBmzBKzBRTBpxh"
    "glaX3aXxuANaAPaAJuYNaYPaYM6agohDkwAQADsQABHBAyAAughECAAthAqN0KA54v5ZL4ZYEVGoAG5izAAX0EbM5P"
    "P5gpFEABkrk8SiUgWKvwGq13N5EAFQtFVF8RvkUhWvkSyrFVCtHJtuodYuGLviRSkpxVVCSvu1tvt+qd0mNFTqisEk"
    "Z9mr9OrtetFhqlUnavmqXstWdjAYT0xDUhuvg+kfEMf9ucDVALxt8kxi6xCXo7LZz8fzSfkviKvgjBqHcbzYs78jCM"
    "rC7gH5etw/nXxDeQiKS95VnVdFuDHxU2GzTKtwx7bCeDUrCFwJ2mGlQH0YrrZHBvPYSuQRS3TGdvy3QMwV3QQbmua8"
    "IHYO9fxrKVuhlPo4ObMC53bRdVhWboimGA8QMHLCT29c9hhlaYXAHTNN2w6tKMiN9+xIzCGPIqgdylYZDgyAcjzI+9"
    "T2Y/YSjg29hN/bjmIeaDtHeODuMQ+cqCkENZm0H5lIYVTA1w+ZtJCdQQTgjds0Yx0NKlI5jOIyM9OktTDNfdREWMj8"
    "SIsysRLFGzjVeYzgMc/T9WQ40vhlAFaJAjjLPI3DYW0ZFzLC6zzxJFKFIHJzOL8xhzyBbQwRlCESpM2RMTgxh0v8or"
    "diqtZcrqxMQ3RbKvIzVrcIpCr6Ry7y6rPENcQqrqICk4AVSgPkQD5DAIAAAgAVXZOaFvQMAoCtGbCAQPkAAsAHtbGW"
    "taAGt2WOgB3dkds1GbbAQDAxCWgA5Y6lue16lrgWxjqVcAtqWmBTqWo6QBEP7kDQdAADoloABQwQgRHQJaKEO9AKAu"
    "iHse+9BUEIPkQaBsB0C+8GbvQWgRHmjGwdsb6XvQER4Z2tRUFZCgIEwJIACEBYAUS+I6IDCG64GTQRcG0M9aKtXn+a"
    "F0XBHFyXpddEYzzllQ1X1oA"
)
# A 4×4 anti-king killer with one given, as SudokuPad's plain JSON behind a ctc prefix
# (with SudokuPad's placeholder title, author and rules, which are not kept).
CTC_KILLER_4 = (
    "ctcN4IglgJiBcIGYAcCuAvFAbAppgDATggCYAjAgVkJ2IDY8BDYiAZjwA4BGQuzYpunOHjzUQAGhABjTOnQBlMCkww"
    "yOcVJkBnGAG1twAL6iDRwwYC6ovaesmLVkw9AA3OuiRLo7fXeO/rZixAAJ0wAczAAewA7LWhdbVUcO1V2O3ZRJMt01"
    "LsE0UJk0SY0/JLi3MIMu0rUyyYqutEcy21KgstK4sb27XrywIk6UMxYvRAkKLAAR3cYABcg9zVpdFG8zLzmkBc3DxA"
    "mMRANJABbGCZTccmZjwWlyRW11R7VLu108sud2dg5sDmsNAAAQAVSifwBmCgX1cPxAdCQcwAFhEgsCwQBrKIRADuUR"
    "AMN2MGCSCwGmBADkIkDFmSgQgghEnJAoUC4KigciwBp6agMJgAHRAgAKWDoGkwQIkSMwEgxnJlNOkdDmrOZEEw1I5O"
    "J4Gn+kvZQRppJGAoJgROmDmdAgKroMFAdHBYAxYCioXmi0whhAoXQEWIrh08OdrvdIDM+iAA="
)
KILLER_4 = Grid(
    Rules.make(4, ["anti-king"], None, [Cage((0, 1), 3), Cage((2, 3, 7))]),
    [0] * 11 + [1] + [0] * 4,
)
# SudokuPad's zipper on sudokit's object for KILLER_4: what format_sudokupad must write.
ZIPPED_KILLER_4 = (
    "{id:'sudokit32130e7840bf491b',metadata:{antiking:t},global:['antiking'],cs:50,"
    "ce:[[,,,],[,,,],[,,,{v:1}],[,,,]],re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],"
    "[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],ca:[{unique:t,sum:3,ce:[[0,0],[0,1]],"
    "v:3},{unique:t,ce:[[0,2],[0,3],[1,3]]},{v:'rules: Normal sudoku rules apply: place the "
    "digits 1 to 4 once each in every row, column and box.\\nAnti-king: diagonally touching "
    "cells never share a digit.\\nKiller: the digits in a cage never repeat and add up to its "
    "sum.'}]}"
)


def _parity_fish() -> str:
    lines = (DATA / "sudokupad_parity_fish.txt").read_text().splitlines()
    return next(line for line in lines if line.startswith("scl"))


# --- what SudokuPad writes, read -----------------------------------------------------------


def test_reads_sudokupads_own_killer_x() -> None:
    grid = parse_solo(SOLO_KILLER_X)
    for link in (
        SITE + SCL_KILLER_X,
        SITE + "?puzzleid=" + SCL_KILLER_X,
        SITE + "sudoku/" + SCL_KILLER_X,
        SITE + "?puzzle=" + SCL_KILLER_X.replace("+", "%2B"),
        SITE + "?puzzleid=" + SCL_KILLER_X.replace("+", " "),  # '+' read as a space
    ):
        assert sudokit.parse(link) == grid, link
    position = parse_fpuzzles_link(SITE + SCL_KILLER_X)
    assert position.givens.rules.killer and position.givens.rules.diagonals
    assert position.meta == ()  # SudokuPad's "Untitled" and "Unknown" are not kept


def test_reads_a_ctc_link_of_plain_json() -> None:
    assert "{" in decompress_from_base64(CTC_KILLER_4[3:])[:2]  # plain JSON, not compact
    position = parse_fpuzzles_link(SITE + CTC_KILLER_4)
    assert position.givens == KILLER_4
    assert position.givens.rules.code == "4+anti-king+killer:1112=3/131424"
    assert position.meta == ()


def test_a_real_link_is_refused_naming_what_it_draws() -> None:
    link = SITE + _parity_fish()
    with pytest.raises(UnsupportedPuzzleError, match="kropki dots"):
        sudokit.parse(link)
    value = unzip_json(decompress_from_base64(_parity_fish()[3:]))
    assert value["metadata"]["title"] == "Parity Fish"  # 't' inside metadata made long
    del value["overlays"]
    with pytest.raises(UnsupportedPuzzleError, match="background picture"):
        parse_sudokupad(value)  # its red lines are in the picture
    del value["metadata"]["bgimage"]
    position = parse_sudokupad(value)
    assert position.givens.rules.classic and not any(position.givens.cells)
    meta = dict(position.meta)
    assert meta["title"] == "Parity Fish" and meta["author"] == "Marty Sears"
    assert meta["rules"].startswith("Normal sudoku rules apply;")


# --- writing -------------------------------------------------------------------------------


def test_writes_what_sudokupads_zipper_writes() -> None:
    assert format_sudokupad(KILLER_4) == ZIPPED_KILLER_4
    link = format_sudokupad_scl_link(KILLER_4)
    assert link.startswith("https://sudokupad.app/scl") and "+" not in link
    assert sudokit.parse(link) == KILLER_4
    assert format_position(KILLER_4, "sudokupad-scl") == link


@settings(max_examples=80, deadline=None)
@given(st.one_of(ruled_grids(), killer_grids()))
def test_scl_round_trip(grid: Grid) -> None:
    link = format_sudokupad_scl_link(grid)
    assert parse_fpuzzles_link(link, check=False).givens == grid
    assert parse_sudokupad(sudokupad_object(grid), check=False).givens == grid
    assert parse_position(link, check=False).givens == grid


def test_candidates_and_metadata_go_along() -> None:
    grid = parse_solo(SOLO_KILLER_X)
    masks = tuple(0b101 if i == 2 else 0x1FF for i in range(81))
    position = Position(grid, None, masks, (("title", 'A "fish"'), ("author", "O’Brien\\")))
    back = parse_sudokupad(format_sudokupad(position))
    assert back.candidates is not None and back.candidates[2] == 0b101
    meta = dict(back.meta)
    assert meta["title"] == 'A "fish"' and meta["author"] == "O’Brien\\"
    assert meta["rules"].startswith("Normal sudoku rules apply")
    assert "X: both main diagonals hold every digit once." in meta["rules"]


# --- the compact JSON ----------------------------------------------------------------------

_KEYS = st.sampled_from([k for k in SHORT_KEYS if k != "d"] + ["unique", "sum", "a b", "it's"])
_TEXT = st.text(max_size=12).filter(
    lambda s: (
        not s.lstrip("-").isdigit()
        and not (len(s) == 6 and all(c in "0123456789abcdefABCDEF" for c in s))
    )
)
_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**9), 10**9)
    | _TEXT
    | st.sampled_from(["#000000", "#34BBE6", "15"]),
    lambda inner: (
        st.lists(inner, min_size=1, max_size=4).map(lambda xs: [x if x != [] else 0 for x in xs])
        | st.dictionaries(_KEYS, inner, max_size=4)
    ),
    max_leaves=20,
)


def _norm(value: Any) -> Any:
    """What SudokuPad's compact form keeps: empty lists of an object left out, whole-number
    strings as numbers."""
    if isinstance(value, dict):
        return {k: _norm(v) for k, v in value.items() if v != []}
    if isinstance(value, list):
        return [_norm(v) for v in value]
    if isinstance(value, str) and value in ("15",):
        return 15
    return value


@settings(max_examples=300, deadline=None)
@given(_VALUES)
@example({"text": 'it\'s "x", O’Brien\\ a:true,{[,]} #000000', "color": "#FFFFFF", "width": [True]})
def test_compact_json_round_trip(value: Any) -> None:
    puzzle = {"id": "x", "cells": value}  # a puzzle: an object with keys
    text = zip_json(puzzle)
    assert '"' not in text  # SudokuPad swaps the quotes back only when there is none
    assert unzip_json(text) == _norm(puzzle)


def test_six_hex_digits_read_as_sudokupad_reads_them() -> None:
    # SudokuPad's unzipper makes every string of six hex digits a colour, quoted or not.
    assert unzip_json("{t:'deface',c:abcdef,ce:['C0FFEE',123456],v:123456}") == {
        "title": "#deface",
        "color": "#abcdef",
        "cells": ["#C0FFEE", 123456],
        "value": "#123456",
    }
    assert unzip_json('{"title":"deface"}') == {"title": "deface"}  # plain JSON as it is


_HEX_WORDS = st.sampled_from(["deface", "BADBED", "c0ffee", "123456", "#abcdef", "#C0FFEE"])
_WORDS = st.lists(_HEX_WORDS | st.text(max_size=8), min_size=1, max_size=4).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(_HEX_WORDS | _WORDS, _HEX_WORDS | _WORDS, st.lists(_HEX_WORDS, max_size=2))
@example("deface", "Normal sudoku rules apply. Colour: 34BBE6", [])
@example("7", "c0ffee", [])
@example("7", "", ["deface"])
def test_titles_and_rules_text_round_trip(title: str, rules: str, more: list[str]) -> None:
    puzzle = {"id": "x", "title": title, "rules": rules, "cages": [{"value": v} for v in more]}
    puzzle["lines"] = [{"color": "#34BBE6", "wayPoints": [[0, 0], [1, 1]]}]
    back = unzip_json(zip_json(puzzle))
    assert set(back) - {"cages"} == set(puzzle) - {"cages"}  # an empty list may be left out
    assert back["lines"] == puzzle["lines"]
    assert back.get("cages", []) == puzzle["cages"]
    for key in ("title", "rules"):  # SudokuPad writes whole-number text as a number
        assert back[key] in (puzzle[key], _whole(puzzle[key]))


def _whole(text: str) -> object:
    return int(text) if re.fullmatch(r"-?[1-9][0-9]*|0", text) else text


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("{ce:[[,,]],", "character 12"),
        ("{ce:[[1,2]]x}", "character 12"),
        ("{ce:'abc}", "never ends"),
        ("{:1}", "expected a key"),
        ("{ce:nope}", "'nope' is not a value"),
    ],
)
def test_damaged_compact_json_names_the_place(text: str, where: str) -> None:
    with pytest.raises(ParseError, match=where):
        unzip_json(text)


# --- what is refused, and where ------------------------------------------------------------


def _puzzle(n: int = 4, **keys: Any) -> dict[str, Any]:
    cells: list[list[dict[str, Any]]] = [[{} for _ in range(n)] for _ in range(n)]
    cells[0][0] = {"value": 1}
    record = sudokupad_object(Grid(Rules.make(n), [0] * (n * n)))
    return {"cells": cells, "regions": record["regions"], **keys}


def _line(points: list[list[float]]) -> dict[str, Any]:
    return {"color": "#34BBE6", "thickness": 2, "wayPoints": points}


@pytest.mark.parametrize(
    ("keys", "words"),
    [
        ({"lines": [_line([[0.5, 0.5], [0.5, 2.5]])]}, "drawn lines \\(thermometers"),
        ({"lines": [_line([[0, 0], [4, 4]])]}, "single diagonal \\(↘\\)"),
        ({"arrows": [{"wayPoints": [[0.5, 0.5], [1.5, 1.5]]}]}, "arrows are not"),
        ({"overlays": [{"center": [1, 0.5], "width": 0.3, "height": 0.3}]}, "kropki dots"),
        (
            {"underlays": [{"center": [0.5, 0.5], "width": 0.7, "height": 0.7, "rounded": True}]},
            "even/odd cells",
        ),
        ({"global": ["disjoint"]}, "'disjoint-groups'"),
        ({"global": ["antiX"]}, "'antiX'"),
        ({"global": [["antiknight"]]}, "global rule \"\\['antiknight'\\]\""),
        (
            {"cages": [{"cells": [[0, 1], [0, 2]], "unique": False}]},
            "may repeat \\(cage 1, at r1c2\\)",
        ),
        ({"cages": [{"cells": [[0, 1], [0, 2]], "value": "x", "unique": True}]}, "labelled 'x'"),
        ({"cages": [{"cells": [[0, 1], [0, 2]]}]}, "drawn cages without a sum \\(cage 1"),
        ({"cages": [{"cells": [[0, 1]], "style": "fpRowIndexer"}]}, "'fpRowIndexer'"),
        (
            {
                "cages": [
                    {
                        "style": "extraregion",
                        "unique": True,
                        "sum": 10,
                        "cells": [[0, 0], [0, 1], [1, 0], [2, 2]],
                    }
                ]
            },
            "extra regions",
        ),
        ({"regions": []}, "without regions"),
        ({"foglight": [[0, 0]]}, "fog of war"),
        ({"somethingnew": [1]}, "SudokuPad key 'somethingnew'"),
        ({"metadata": {"bgimage": "https://example.com/a.png"}}, "background picture"),
    ],
)
def test_refuses_what_it_cannot_play(keys: dict[str, Any], words: str) -> None:
    with pytest.raises(UnsupportedPuzzleError, match=words):
        parse_sudokupad(_puzzle(**keys))
    link = SITE + "scl" + compress_to_base64(zip_json(_puzzle(**keys)))
    with pytest.raises(UnsupportedPuzzleError, match=words):
        sudokit.parse(link)


@pytest.mark.parametrize(
    ("keys", "words"),
    [
        (
            {"cells": [[{"value": 7}, {}, {}, {}]] + [[{}] * 4] * 3},
            "row 1, column 1: 7 is not a digit 1-4",
        ),
        (
            {"cages": [{"cells": [[0, 1], [4, 0]], "value": 3}]},
            "cage 1 has the cell \\[4, 0\\], outside",
        ),
        (
            {"cages": [{"cells": [[0, 1], "r1c1"], "value": 3}]},
            "cage 1 has 'r1c1', which is not a cell",
        ),
        (
            {"cages": [{"cells": [[0, 1], [0, 1]], "value": 3}]},
            "cage 1 \\(at r1c2\\) lists a cell twice",
        ),
        (
            {"cages": [{"cells": [[0, 1], [0, 2]], "value": 3, "sum": 4}]},
            "labelled 3 but its sum is 4",
        ),
        ({"cages": [{"cells": [[0, 1], [0, 2]], "value": 30}]}, "cannot add up to 30"),
        ({"regions": [[[0, 0]] * 4] * 4}, "r1c1 is in two regions"),
        (
            {"cells": [[{"value": "²"}, {}, {}, {}]] + [[{}] * 4] * 3},
            "row 1, column 1: '²' is not a digit 1-4",
        ),
        (
            {"cells": [[{}, {"centremarks": ["²"]}, {}, {}]] + [[{}] * 4] * 3},
            "row 1, column 2: centre mark '²' is not a digit",
        ),
        (
            {"cages": [{"cells": [[0, 1], [0, 2]], "value": 3, "sum": "²"}]},
            "cage 1 \\(at r1c2\\): its sum '²' is not a number",
        ),
        (
            {"cages": [{"cells": [[0, 1], [0, 2]], "value": 3.5}]},
            "cage 1 \\(at r1c2\\): its label 3.5 is not a whole number",
        ),
        (
            {"cages": [{"cells": [[0, 1], [0, 2]], "sum": 2.5}]},
            "cage 1 \\(at r1c2\\): its sum 2.5 is not a whole number",
        ),
        ({"cells": [[{}] * 5] * 5}, "a 5×5 grid is not supported"),
    ],
)
def test_bad_input_names_the_place(keys: dict[str, Any], words: str) -> None:
    with pytest.raises(ParseError, match=words):
        parse_sudokupad(_puzzle(**keys))


@pytest.mark.parametrize("cage", [{"value": 3.0}, {"sum": 3.0}, {"value": 3.0, "sum": 3}])
def test_a_whole_number_written_as_a_float_is_a_cage_sum(cage: dict[str, Any]) -> None:
    value = _puzzle(cages=[{"unique": True, "cells": [[0, 1], [0, 2]], **cage}])
    for data in (value, json.dumps(value), zip_json(value)):  # 3.0 in JSON and compact JSON
        cages = parse_sudokupad(data, check=False).givens.rules.cages
        assert [(c.cells, c.total) for c in cages] == [((1, 2), 3)]


def test_a_digit_twice_is_named() -> None:
    value = _puzzle()
    value["cells"][0][3] = {"value": "1"}
    with pytest.raises(ParseError, match="duplicate 1 in row 1"):
        parse_sudokupad(value)
    assert parse_sudokupad(value, check=False).givens.cells[3] == 1
    value["cells"][0][3] = {"value": "x"}
    with pytest.raises(SymbolError, match="row 1, column 4: 'x' is not a digit"):
        parse_sudokupad(value)


def test_what_is_read_and_what_is_harmless() -> None:
    n = 9
    windows = [
        u
        for u, k in zip(
            Rules.make(n, ["windoku"]).units, Rules.make(n, ["windoku"]).unit_kinds, strict=True
        )
        if k == "window"
    ]
    old_style = [{"cells": [[c // n, c % n] for c in w]} for w in windows]  # older SudokuPad
    value = _puzzle(
        n,
        cages=[
            *old_style,
            {"cells": [[8, 7], [8, 8]], "value": 17},  # a numbered cage is a killer cage
            {"cells": [[0, 8]], "unique": False, "hidden": True},  # SudokuPad's bounds
            {"value": "title: Windows"},
            {"value": "solution: 123"},
        ],
        underlays=[{"center": [4.5, 4.5], "width": 1, "height": 1, "backgroundColor": "#FFD0D0"}],
        **{"global": ["antiknight"], "metadata": {"author": "Someone", "antiking": True}},
        lines=[_line([[0, 9], [4.5, 4.5], [9, 0]]), _line([[9, 9], [0, 0]])],
    )
    position = parse_sudokupad(value)
    rules = position.givens.rules
    assert rules.variants == ("x", "windoku", "anti-knight", "anti-king", "killer")
    assert rules.cages == (Cage((79, 80), 17),)
    assert position.meta == (("title", "Windows"), ("author", "Someone"))


def test_short_links_and_other_formats_are_named() -> None:
    with pytest.raises(ParseError, match="short link needs SudokuPad's server"):
        sudokit.parse("https://sudokupad.app/4FN8RN9LfN")
    with pytest.raises(UnsupportedPuzzleError, match="classic puzzle format"):
        sudokit.parse("https://sudokupad.app/classicABC")
    with pytest.raises(ParseError, match="damaged"):
        sudokit.parse("https://sudokupad.app/sclN4Ig")
    # the f-puzzles form SudokuPad also takes, under its short prefix too
    link = format_sudokupad_link(KILLER_4)
    assert sudokit.parse(link.replace("/fpuzzles", "/fpuz")) == KILLER_4
    assert isinstance(parse_sudokupad_payload("scl" + CTC_KILLER_4[3:]), Position)


def test_sudokupad_json_is_read_as_json() -> None:
    text = json.dumps(sudokupad_object(KILLER_4))
    assert sudokit.parse(text) == KILLER_4


# --- the command line ---------------------------------------------------------------------


def test_solve_and_convert_scl_links() -> None:
    runner = CliRunner()
    grid = sudokit.parse(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    )
    link = format_sudokupad_scl_link(grid)
    done = runner.invoke(main, ["solve", link])
    assert done.exit_code == 0, done.output
    assert done.output.strip() == (
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
    )
    back = runner.invoke(main, ["convert", SITE + SCL_KILLER_X, "--to", "solo"])
    assert back.exit_code == 0, back.output
    assert back.output.strip() == SOLO_KILLER_X
    out = runner.invoke(main, ["convert", SOLO_KILLER_X, "--to", "sudokupad-scl"])
    assert out.exit_code == 0 and out.output.startswith("https://sudokupad.app/scl")
    assert sudokit.parse(out.output.strip()) == parse_solo(SOLO_KILLER_X)
    refused = runner.invoke(main, ["solve", SITE + _parity_fish()])
    assert refused.exit_code == 2
    assert "kropki dots" in refused.output
