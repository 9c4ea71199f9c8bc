"""The exchange formats: examples written from the formats' descriptions, round trips by
hypothesis, and malformed input with precise errors."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sudokit
from helpers import solutions
from sudokit import CellCountError, DuplicateError, Grid, ParseError, Shape, SymbolError
from sudokit.formats import (
    WRITE_FORMATS,
    Position,
    format_hodoku,
    format_of_name,
    format_pencilmarks,
    format_position,
    format_sdk,
    format_ss,
    format_sudokuexchange,
    format_sudokuwiki,
    parse,
    parse_hodoku,
    parse_link,
    parse_pencilmarks,
    parse_position,
    parse_sdk,
    parse_ss,
    read_puzzles,
    sniff,
)
from sudokit.geometry import SIZES

# A puzzle in SudoCue's documented .sdk form (metadata lines, then bare rows).
SDK_SUDOCUE = """#ARuud
#DA random puzzle created by SudoCue
#CJust start plugging in the numbers
#B03-08-2006
#SSudoCue
#LEasy
#Uhttp://www.sudocue.net/
2..1.5..3
.54...71.
.1.2.3.8.
6.28.73.4
.........
1.53.98.6
.2.7.1.6.
.81...24.
7..4.2..1
"""
SDK_LINE = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"

# SadMan's own form: a [Puzzle] section, and a [State] with two digits placed.
SDK_SECTIONS = """[Puzzle]
2..1.5..3
.54...71.
.1.2.3.8.
6.28.73.4
.........
1.53.98.6
.2.7.1.6.
.81...24.
7..4.2..1
[State]
2..1.5..3
.54...71.
.1.2.3.8.
6.28.73.4
.........
1.53.98.6
.2.7.1.6.
.81...24.
7..4.2.51
[PencilMarks]
whatever a program keeps here
"""

# Simple Sudoku's file and its clipboard picture of the same puzzle.
SS_FILE = """.3.|4..|...
9.2|8.6|3.1
...|...|.2.
-----------
8..|.6.|7..
.6.|2.5|.9.
..3|.4.|..8
-----------
.7.|...|...
4.8|9.2|5.6
...|..8|.3.
"""
SS_CLIPBOARD = """ *-----------*
 |.3.|4..|...|
 |9.2|8.6|3.1|
 |...|...|.2.|
 |---+---+---|
 |8..|.6.|7..|
 |.6.|2.5|.9.|
 |..3|.4.|..8|
 |---+---+---|
 |.7.|...|...|
 |4.8|9.2|5.6|
 |...|..8|.3.|
 *-----------*
 Simple Sudoku
  Version 4.2n
"""
SS_LINE = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."

# The candidate grid Simple Sudoku prints for the puzzle above (typed from its picture).
PM_SIMPLE = """*--------------------------------------------------------------------*
| 1567   3      1567   | 4      12579  179    | 689    5678   579    |
| 9      45     2      | 8      57     6      | 3      457    1      |
| 1567   1458   14567  | 1357   13579  1379   | 4689   2      4579   |
|----------------------+----------------------+----------------------|
| 8      12459  1459   | 13     6      139    | 7      145    2345   |
| 17     6      147    | 2      1378   5      | 14     9      34     |
| 1257   1259   3      | 17     4      179    | 126    156    8      |
|----------------------+----------------------+----------------------|
| 12356  7      1569   | 1356   135    134    | 12489  148    249    |
| 4      1      8      | 9      137    2      | 5      17     6      |
| 1256   1259   1569   | 1567   157    8      | 1249   3      2479   |
*--------------------------------------------------------------------*
"""

# HoDoKu library lines: a plain puzzle as HoDoKu copies it, and a position with placed
# digits (+) and deleted candidates (digit, row, column).
HODOKU_PLAIN = ":0000:x:" + SDK_LINE + ":::"
HODOKU_POSITION = (
    ":0100:5:2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2.+51"
    ":611 911:::"
)

WIKI = "https://www.sudokuwiki.org/sudoku.htm?bd=" + SDK_LINE.replace(".", "0")
EXCHANGE = "https://sudokuexchange.com/play/?s=" + SDK_LINE.replace(".", "0")


def test_sdk_as_sudocue_documents_it() -> None:
    position = parse_sdk(SDK_SUDOCUE)
    assert position.givens == parse(SDK_LINE)
    assert dict(position.meta) == {
        "author": "Ruud",
        "description": "A random puzzle created by SudoCue",
        "comment": "Just start plugging in the numbers",
        "date": "03-08-2006",
        "source": "SudoCue",
        "level": "Easy",
        "url": "http://www.sudocue.net/",
    }
    # Written back with a [Puzzle] section; the metadata keeps its order and letters.
    text = format_sdk(position)
    assert text.splitlines()[:8] == [*SDK_SUDOCUE.splitlines()[:7], "[Puzzle]"]
    assert parse_sdk(text) == position


def test_sdk_sections_with_a_state() -> None:
    position = parse_sdk(SDK_SECTIONS)
    assert position.givens == parse(SDK_LINE)
    assert position.placed is not None
    assert position.placed.cells[79] == 5 and position.givens.cells[79] == 0
    assert position.current == position.placed
    assert parse_sdk(format_sdk(position)) == position
    assert "[State]" in format_sdk(position)


def test_sdk_state_must_keep_the_givens() -> None:
    text = SDK_SECTIONS.replace("[State]\n2..1.5..3", "[State]\n8..1.5..3")
    with pytest.raises(ParseError, match=r"line 12: \[State\] changes the given at r1c1"):
        parse_sdk(text)


def test_sdk_errors_name_line_row_and_column() -> None:
    bad = SDK_SUDOCUE.replace(".1.2.3.8.", ".1.2.x.8.")
    with pytest.raises(SymbolError) as info:
        parse_sdk(bad)
    assert str(info.value).startswith("line 10: row 3, column 6: 'x' is not a digit")
    assert (info.value.line, info.value.row, info.value.col) == (10, 2, 5)
    short = SDK_SUDOCUE.replace("6.28.73.4", "6.28.73.")
    with pytest.raises(CellCountError, match=r"^line 11: row 4 has 8 cells, expected 9$"):
        parse_sdk(short)
    dup = SDK_SUDOCUE.replace(".54...71.", "254...71.")
    with pytest.raises(DuplicateError, match=r"^line 9: duplicate 2 in "):
        parse_sdk(dup)


def test_sdk_and_other_9x9_formats_refuse_other_sizes() -> None:
    four = parse("1...........4..3")
    for fmt in ("sdk", "sdm", "ss", "hodoku", "sudokuwiki", "sudokuexchange"):
        with pytest.raises(ValueError, match=r"9×9 puzzles only, not 4×4"):
            format_position(four, fmt)
    rows16 = "[Puzzle]\n" + "\n".join(["." * 16] * 16)
    with pytest.raises(CellCountError, match=r"SadMan .sdk files hold 9×9 puzzles only, not 16"):
        parse_sdk(rows16)
    with pytest.raises(CellCountError, match=r"HoDoKu library lines hold 9×9 puzzles only"):
        parse_hodoku(":0000:x:" + "." * 16 + ":::")
    with pytest.raises(CellCountError, match=r"links hold 9×9 puzzles only, not 4×4"):
        parse_link("https://www.sudokuwiki.org/sudoku.htm?bd=" + "0" * 16)


def test_ss_file_and_clipboard() -> None:
    assert parse_ss(SS_FILE) == parse(SS_LINE)
    assert parse_ss(SS_CLIPBOARD) == parse(SS_LINE)
    assert format_ss(parse(SS_LINE)) == SS_FILE
    # Both are read by content too, as an argument or through read_puzzles.
    assert parse(SS_CLIPBOARD) == parse(SS_LINE)
    assert [r.grid for r in read_puzzles(SS_CLIPBOARD.splitlines())] == [parse(SS_LINE)]


def test_ss_errors() -> None:
    bad = SS_FILE.replace("8..|.6.|7..", "8..|.6.|7?.")
    with pytest.raises(SymbolError, match=r"^line 5: row 4, column 8: '\?' is not a digit"):
        parse_ss(bad)
    with pytest.raises(CellCountError, match=r"^line 1: expected 9 rows, got 8$"):
        parse_ss("\n".join(SS_FILE.splitlines()[:-1]))


def test_pencilmarks_from_simple_sudoku() -> None:
    position = parse_pencilmarks(PM_SIMPLE)
    # Solved cells are the single digits: the puzzle's givens and r8c2, a naked single.
    assert position.givens == parse(SS_LINE).with_cell(64, 1)
    assert position.candidates is not None
    r1c1 = position.candidates[0]
    assert [d for d in range(1, 10) if r1c1 >> (d - 1) & 1] == [1, 5, 6, 7]
    # Its candidates are a subset of what the rules allow (a solver removed some).
    allowed = parse(SS_LINE).candidates()
    assert all(m & ~a == 0 for m, a in zip(position.candidates, allowed, strict=True))
    # Written back and read again, the position is the same.
    assert parse_pencilmarks(format_pencilmarks(position)) == position
    assert parse(PM_SIMPLE) == position.givens


def test_pencilmark_errors() -> None:
    bad = PM_SIMPLE.replace("| 17     6      147 ", "| 17     6      1x7 ")
    with pytest.raises(SymbolError, match=r"^line 7: row 5, column 3: 'x' is not a candidate"):
        parse_pencilmarks(bad)
    twice = PM_SIMPLE.replace("| 8      12459", "| 8      12259")
    with pytest.raises(SymbolError, match=r"row 4, column 2: candidate '2' written twice"):
        parse_pencilmarks(twice)
    lines = PM_SIMPLE.splitlines()
    with pytest.raises(CellCountError, match=r"incomplete pencil-mark grid: 8 of 9 rows"):
        parse_pencilmarks("\n".join(lines[:-2]))


def test_hodoku_lines() -> None:
    plain = parse_hodoku(HODOKU_PLAIN)
    assert plain == Position(parse(SDK_LINE))
    assert format_hodoku(plain) == HODOKU_PLAIN
    position = parse_hodoku(HODOKU_POSITION)
    assert position.givens == parse(SDK_LINE)
    assert position.placed is not None and position.placed.cells[79:] == (5, 1)
    assert position.candidates is not None
    # 6 deleted from r1c1 is moot (a given); 9 deleted from r1c1 likewise; r1c2 keeps
    # the rules' candidates.
    allowed = position.placed.candidates()
    assert position.candidates[1] == allowed[1]
    again = parse_hodoku(format_hodoku(position))
    assert again.givens == position.givens and again.placed == position.placed


def test_hodoku_deleted_candidates_round_trip() -> None:
    line = ":0000:x:" + SDK_LINE + ":72 1 :::"
    with pytest.raises(ParseError, match=r"deleted candidate '72' is not <digit><row><col>"):
        parse_hodoku(line)
    line = ":0000:x:" + SDK_LINE + ":612 912::"
    position = parse_hodoku(line)
    assert position.candidates is not None
    assert position.candidates[1] == position.givens.candidates()[1] & ~(1 << 5) & ~(1 << 8)
    assert format_hodoku(position) == line


def test_hodoku_errors() -> None:
    with pytest.raises(SymbolError, match=r"row 1, column 3: 'x' is not a digit"):
        parse_hodoku(":0000:x:..x" + "." * 78 + ":::")
    with pytest.raises(CellCountError, match=r"the givens field holds 80 cells, expected 81"):
        parse_hodoku(":0000:x:" + "." * 80 + ":::")
    with pytest.raises(ParseError, match=r"not a HoDoKu library line"):
        parse_hodoku("0000:x:")


def test_links() -> None:
    grid = parse(SDK_LINE)
    assert format_sudokuwiki(grid) == WIKI
    assert format_sudokuexchange(grid) == EXCHANGE
    assert parse_link(WIKI) == grid
    assert parse_link(EXCHANGE + "&d=3") == grid
    assert parse_link("www.sudokuwiki.org/sudoku.htm?bd=" + SDK_LINE) == grid
    assert parse(WIKI) == grid
    with pytest.raises(ParseError, match=r"packed form with candidates"):
        parse_link("https://www.sudokuwiki.org/sudoku.htm?bd=S9B4s010g0918")
    with pytest.raises(ParseError, match=r"no puzzle in the link"):
        parse_link("https://www.sudokuwiki.org/")
    with pytest.raises(SymbolError, match=r"row 1, column 1: 'x'"):
        parse_link("https://sudokuexchange.com/play/?s=x" + "0" * 80)


def test_read_by_extension(tmp_path: Path) -> None:
    grid = parse(SDK_LINE)
    files = {
        "a.sdk": SDK_SUDOCUE,
        "b.ss": SS_FILE,
        "c.sdm": SDK_LINE.replace(".", "0") + "\r\n" + SS_LINE + "\r\n",
        "d.json": format_position(grid, "json") + "\n",
        "e.csv": "id,puzzle,rating\n7," + SDK_LINE + ",1.5\n",
        "f.pm": PM_SIMPLE,
        "g.txt": HODOKU_PLAIN + "\n" + WIKI + "\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    read = {name: [r.grid for r in read_puzzles(tmp_path / name)] for name in files}
    assert read["a.sdk"] == [grid]
    assert read["b.ss"] == [parse(SS_LINE)]
    assert read["c.sdm"] == [grid, parse(SS_LINE)]
    assert read["d.json"] == [grid]
    assert read["e.csv"] == [grid]
    assert read["f.pm"] == [parse(SS_LINE).with_cell(64, 1)]
    # A .txt is read by content: the first line is a HoDoKu line, so all are.
    records = list(read_puzzles(tmp_path / "g.txt"))
    assert records[0].grid == grid
    assert records[1].error is not None and records[1].error.line == 2
    assert format_of_name("X.SDK") == "sdk" and format_of_name("x.txt") is None


def test_sdm_is_9x9_only(tmp_path: Path) -> None:
    path = tmp_path / "small.sdm"
    path.write_text("1...........4..3\n" + SDK_LINE + "\n", encoding="utf-8")
    records = list(read_puzzles(path))
    assert records[0].error is not None
    assert str(records[0].error) == "line 1: SadMan .sdm files hold 9×9 puzzles only, not 4×4"
    assert records[1].grid == parse(SDK_LINE)


def test_malformed_records_do_not_stop_a_file() -> None:
    lines = [HODOKU_PLAIN, ":0000:x:" + "." * 80 + ":::", "# note", HODOKU_POSITION]
    records = list(read_puzzles(lines))
    assert [r.ok for r in records] == [True, False, True]
    assert [r.line for r in records] == [1, 2, 4]
    assert str(records[1].error).startswith("line 2: the givens field holds 80 cells")
    assert records[2].position is not None and records[2].position.placed is not None


def test_sniffing_leaves_plain_files_alone() -> None:
    lines = ["# comment", "", SDK_LINE, "5 3 . | . 7 ."]
    again, kind = sniff(iter(lines))
    assert kind is None
    assert list(again) == lines


# --- round trips ---------------------------------------------------------------------------


@st.composite
def grids(draw: st.DrawFn, sizes: tuple[int, ...] = SIZES) -> Grid:
    n = draw(st.sampled_from(sizes))
    solution = draw(st.sampled_from(solutions(n)))
    keep = draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    return Grid(Shape.of(n), [v if k else 0 for v, k in zip(solution, keep, strict=True)])


@st.composite
def positions(draw: st.DrawFn, sizes: tuple[int, ...] = SIZES) -> Position:
    """Givens, some placed digits (from the same solution) and candidates that a solver
    could have left: each a subset of what the rules allow."""
    n = draw(st.sampled_from(sizes))
    solution = draw(st.sampled_from(solutions(n)))
    kinds = draw(st.lists(st.sampled_from("gpe"), min_size=n * n, max_size=n * n))
    givens = Grid(Shape.of(n), [v if k == "g" else 0 for v, k in zip(solution, kinds, strict=True)])
    placed = Grid(Shape.of(n), [v if k != "e" else 0 for v, k in zip(solution, kinds, strict=True)])
    allowed = placed.candidates()
    masks = tuple(draw(st.integers(0, a)) & a if a else 0 for a in allowed)
    name = draw(st.text("abc xyz", min_size=1, max_size=8).map(str.strip).filter(bool))
    return Position(givens, placed if placed != givens else None, masks, (("author", name),))


@given(grids())
def test_every_write_format_reads_back_the_puzzle(grid: Grid) -> None:
    for fmt in WRITE_FORMATS:
        try:
            text = format_position(grid, fmt)
        except ValueError:
            assert grid.size != 9 and fmt in {
                "sdm",
                "sdk",
                "ss",
                "hodoku",
                "sudokuwiki",
                "sudokuexchange",
            }
            continue
        if fmt == "pencilmarks":
            # An empty cell with one candidate reads as solved: the puzzle gets easier,
            # never different.
            got = parse_position(text).givens
            assert grid.fits(got)
            continue
        assert parse_position(text).givens == grid, fmt
        assert [r.grid for r in read_puzzles(text.splitlines(), format=_reader(fmt))] == [grid]


def _reader(fmt: str) -> str | None:
    links = {"sudokuwiki", "sudokuexchange", "fpuzzles-link", "sudokupad", "sudokupad-scl"}
    return "link" if fmt in links else {"pretty": "line"}.get(fmt, fmt)


@given(positions(sizes=(9,)))
def test_sdk_round_trip(position: Position) -> None:
    kept = Position(position.givens, position.placed, None, position.meta)
    assert parse_sdk(format_sdk(position)) == kept


@given(positions(sizes=(9,)))
def test_hodoku_round_trip(position: Position) -> None:
    back = parse_hodoku(format_hodoku(position))
    assert back.givens == position.givens and back.placed == position.placed
    assert back.candidate_masks() == position.candidate_masks()


@given(positions())
def test_json_round_trip(position: Position) -> None:
    assert parse_position(format_position(position, "json")) == position


@given(positions())
def test_pencilmarks_round_trip(position: Position) -> None:
    # Cells with two or more candidates survive; a cell with one reads as solved.
    current = position.current
    masks = tuple(
        0 if v else (m if m.bit_count() != 1 else 0)
        for v, m in zip(current.cells, position.candidate_masks(), strict=True)
    )
    grid_only = Position(current, None, masks, ())
    back = parse_pencilmarks(format_pencilmarks(grid_only))
    assert back == Position(current, None, masks, ())


@settings(max_examples=50)
@given(st.text(alphabet=":+.0123456789x \n|*-[]#ABbd=?/", max_size=200))
def test_fuzz_parse_position_raises_only_parse_errors(text: str) -> None:
    with contextlib.suppress(ParseError):
        parse_position(text)


def test_public_names() -> None:
    assert sudokit.formats.parse_sdk is parse_sdk


def test_a_byte_order_mark_is_no_puzzle_text(tmp_path: Path) -> None:
    for name, text in (("a.sdk", SDK_SECTIONS), ("b.txt", HODOKU_PLAIN), ("c.ss", SS_FILE)):
        path = tmp_path / name
        path.write_bytes(b"\xef\xbb\xbf" + text.encode())
        records = list(read_puzzles(path))
        assert records and all(r.ok for r in records), (name, records[0].error)


# Lines that look a little like every format: sections, HoDoKu fields, links, frames.
_EXCHANGE_LINES = st.lists(
    st.one_of(
        st.text(alphabet=':+.0123456789x |*-[]#Ab=?/{}"', max_size=90),
        st.sampled_from(
            [
                "[Puzzle]",
                "[State]",
                "*-----------*",
                "#ARuud",
                HODOKU_PLAIN,
                WIKI,
                SS_FILE.splitlines()[0],
                PM_SIMPLE.splitlines()[1],
                SDK_LINE[:9],
            ]
        ),
    ),
    max_size=30,
)


@settings(max_examples=150)
@given(
    _EXCHANGE_LINES,
    st.sampled_from([None, "sdk", "ss", "hodoku", "pencilmarks", "link", "json", "csv", "sdm"]),
)
def test_fuzz_read_puzzles_in_every_format(lines: list[str], kind: str | None) -> None:
    # Never an exception: a record per puzzle or per bad place, in order, inside the text.
    previous = 0
    for r in read_puzzles(lines, format=kind):
        assert 1 <= r.line <= len(lines)
        assert r.line >= previous
        previous = r.line
        assert (r.grid is None) != (r.error is None)
        if r.error is not None:
            assert r.error.line == r.line
            assert str(r.error).startswith(f"line {r.line}: ")
