"""Reading and writing grids: lines, pictures, nested lists, files of many puzzles."""

from __future__ import annotations

import ast
import contextlib
import io
import itertools
from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sudokit
from helpers import (
    BOXES,
    FAMOUS,
    FAMOUS_SOLUTION,
    SIZES,
    TUTORIAL_BOARD,
    has_duplicates,
    solutions,
)
from sudokit import (
    CellCountError,
    DuplicateError,
    Grid,
    ParseError,
    Record,
    Shape,
    ShapeError,
    SymbolError,
    format_line,
    format_pretty,
    format_rows,
    parse,
    parse_line,
    parse_pretty,
    parse_rows,
    read_puzzles,
)

SYMBOLS = "123456789ABCDEFG"


def value_of(ch: str) -> int:
    """The digit a symbol stands for (independently of sudokit's tables)."""
    return 0 if ch in ".0" else SYMBOLS.index(ch.upper()) + 1


# --- strategies ---------------------------------------------------------------------

sizes = st.sampled_from(SIZES)


@st.composite
def random_grids(draw: st.DrawFn) -> Grid:
    """Any grid of any size: random digits, duplicates allowed."""
    n = draw(sizes)
    cells = draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n))
    return Grid.from_cells(cells, Shape.of(n))


@st.composite
def valid_grids(draw: st.DrawFn) -> Grid:
    """A known solution of any size with random cells blanked: no duplicates."""
    n = draw(sizes)
    solution = draw(st.sampled_from(solutions(n)))
    keep = draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    return Grid.from_cells([v if k else 0 for v, k in zip(solution, keep, strict=True)])


SEPARATORS = [
    "",
    "",
    "",
    " ",
    "  ",
    "|",
    " | ",
    "\n",
    "\r\n",
    "\t",
    "-+-",
    "=",
    "─┼─",
    "│",
    "\n---\n",
]


@st.composite
def decorated_texts(draw: st.DrawFn) -> tuple[int, list[str], str]:
    """n² valid symbols (either case, . or 0) with decoration between them."""
    n = draw(sizes)
    symbols = SYMBOLS[:n]
    alphabet = ".0" + symbols + symbols.lower()
    chars = draw(st.lists(st.sampled_from(alphabet), min_size=n * n, max_size=n * n))
    seps = draw(st.lists(st.sampled_from(SEPARATORS), min_size=n * n + 1, max_size=n * n + 1))
    text = seps[0] + "".join(ch + sep for ch, sep in zip(chars, seps[1:], strict=True))
    return n, chars, text


# --- lines ----------------------------------------------------------------------------


def test_parse_line_dots_and_zeros() -> None:
    g = parse(FAMOUS)
    assert g == parse(FAMOUS.replace(".", "0")) == parse_line(FAMOUS)
    assert g.size == 9
    assert g.cells[:7] == (4, 0, 0, 0, 0, 0, 8)
    assert g.clue_count == 17
    assert parse_line("  " + FAMOUS + " \n") == g


@pytest.mark.parametrize("n", SIZES)
def test_size_is_inferred_from_the_count(n: int) -> None:
    for empty in ".0":
        g = parse(empty * (n * n))
        assert g.size == n
        assert g == Grid.empty(Shape.of(n))


def test_letters_for_big_grids() -> None:
    line = "123456789ABCDEFG" + "." * 240
    g = parse(line)
    assert g.size == 16
    assert g.cells[:16] == tuple(range(1, 17))
    assert parse(line.lower()) == g
    assert format_line(g) == line
    g12 = parse("9aBc" + "0" * 140)
    assert g12.size == 12
    assert g12.cells[:4] == (9, 10, 11, 12)
    assert format_line(g12).startswith("9ABC....")


def test_format_line_empty_symbol() -> None:
    g = parse(FAMOUS)
    assert format_line(g) == FAMOUS == str(g)
    assert format_line(g, empty="0") == FAMOUS.replace(".", "0")


@pytest.mark.parametrize("empty", ["", "..", "00"])
def test_empty_symbol_must_be_one_character(empty: str) -> None:
    # The empty symbol sits in front of the digit symbols; anything but one character
    # would shift every digit (1 printed as 2, ...) or fail on the last one.
    g = parse("12.." + "." * 12)
    for fmt in (format_line, format_pretty):
        with pytest.raises(ValueError):
            fmt(g, empty=empty)


def test_format_rows_4x4_exactly() -> None:
    g = parse("...2...42...3...")
    assert format_rows(g) == (
        "[\n    [0, 0, 0, 2],\n    [0, 0, 0, 4],\n    [2, 0, 0, 0],\n    [3, 0, 0, 0],\n]"
    )


#: What a wrong cell count says: every count a puzzle may have.
EVERY_COUNT = "a puzzle has 16 (4×4), 36 (6×6), 81 (9×9), 144 (12×12) or 256 (16×16) cells"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("." * 80, f"80 cells: {EVERY_COUNT}; 1 too few for 9×9"),
        ("." * 82, f"82 cells: {EVERY_COUNT}; 1 too many for 9×9"),
        ("." * 15, f"15 cells: {EVERY_COUNT}; 1 too few for 4×4"),
        ("." * 140, f"140 cells: {EVERY_COUNT}; 4 too few for 12×12"),
        ("." * 300, f"300 cells: {EVERY_COUNT}"),  # far from every size
        ("123456", f"6 cells: {EVERY_COUNT}"),  # a word, not a short 4×4
        ("1", f"1 cell: {EVERY_COUNT}"),
        ("", "empty puzzle: no cells found"),
        ("  \n | --- | \n", "empty puzzle: no cells found"),
    ],
)
def test_wrong_cell_counts(text: str, message: str) -> None:
    with pytest.raises(CellCountError) as info:
        parse(text)
    assert str(info.value) == message
    assert isinstance(info.value, ParseError)
    assert isinstance(info.value, ValueError)


def test_wrong_count_for_a_given_size() -> None:
    with pytest.raises(CellCountError) as info:
        parse("." * 16, size=9)
    assert str(info.value) == "expected 81 cells for 9×9, got 16"
    assert parse("." * 16, size=4).size == 4


def test_bad_symbol_names_the_place() -> None:
    text = "." * (2 * 9 + 4) + "x" + "." * (81 - 23)
    with pytest.raises(SymbolError) as info:
        parse(text)
    err = info.value
    assert str(err).startswith("row 3, column 5: 'x' is not a digit")
    assert str(err) == "row 3, column 5: 'x' is not a digit (1-9, or . or 0 for empty)"
    assert (err.row, err.col, err.line) == (2, 4, None)
    assert isinstance(err, ParseError)
    assert isinstance(err, ValueError)


@pytest.mark.parametrize(
    ("n", "symbol", "expected"),
    [
        (4, "5", "(1-4, or . or 0 for empty)"),
        (6, "7", "(1-6, or . or 0 for empty)"),
        (9, "A", "(1-9, or . or 0 for empty)"),
        (12, "D", "(1-9, A-C, or . or 0 for empty)"),
        (16, "H", "(1-9, A-G, or . or 0 for empty)"),
    ],
)
def test_symbol_out_of_range_for_the_size(n: int, symbol: str, expected: str) -> None:
    text = "." * (n * n - 1) + symbol
    with pytest.raises(SymbolError) as info:
        parse(text)
    assert str(info.value) == f"row {n}, column {n}: {symbol!r} is not a digit {expected}"
    assert (info.value.row, info.value.col) == (n - 1, n - 1)


def test_duplicates_raise_unless_unchecked() -> None:
    text = "55" + "." * 79
    with pytest.raises(DuplicateError) as info:
        parse(text)
    err = info.value
    assert str(err) == "duplicate 5 in row 1 (r1c1, r1c2)"
    assert (err.row, err.col) == (0, 1)
    assert isinstance(err, ParseError)
    assert isinstance(err, ValueError)
    g = parse(text, check=False)
    assert g.cells[:2] == (5, 5)
    assert [str(k) for k in g.conflicts()] == [
        "duplicate 5 in row 1 (r1c1, r1c2)",
        "duplicate 5 in box 1 (r1c1, r1c2)",
    ]


def test_duplicate_in_a_column_names_the_second_cell() -> None:
    cells = ["."] * 81
    cells[2 * 9 + 6] = "7"  # r3c7
    cells[7 * 9 + 6] = "7"  # r8c7
    with pytest.raises(DuplicateError) as info:
        parse_line("".join(cells))
    assert str(info.value) == "duplicate 7 in column 7 (r3c7, r8c7)"
    assert (info.value.row, info.value.col) == (7, 6)


def test_parse_a_grid() -> None:
    g = parse(FAMOUS)
    assert parse(g) is g
    bad = Grid.from_cells([5, 5] + [0] * 79)
    with pytest.raises(DuplicateError):
        parse(bad)
    assert parse(bad, check=False) is bad
    with pytest.raises(CellCountError):
        parse(g, size=4)


# --- pictures -------------------------------------------------------------------------


def test_format_pretty_4x4_exactly() -> None:
    g = parse("1234341221434321")
    assert format_pretty(g) == "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1"


def test_format_pretty_9x9_and_6x6_shapes() -> None:
    lines = format_pretty(parse(FAMOUS_SOLUTION)).split("\n")
    assert lines[0] == "4 1 7 | 3 6 9 | 8 2 5"
    assert lines[3] == "------+-------+------"
    assert len(lines) == 11
    six = format_pretty(Grid.empty(Shape.of(6)), empty="0").split("\n")
    # 2×3 boxes: two stacks of three columns, a rule after every second row.
    assert six[:3] == ["0 0 0 | 0 0 0", "0 0 0 | 0 0 0", "------+------"]
    assert len(six) == 6 + 2


@pytest.mark.parametrize("n", SIZES)
def test_format_pretty_line_count(n: int) -> None:
    br, _ = BOXES[n]
    text = format_pretty(Grid.empty(Shape.of(n)))
    assert not text.endswith("\n")
    assert len(text.split("\n")) == n + n // br - 1


@given(random_grids())
def test_pretty_round_trip_any_grid(g: Grid) -> None:
    assert parse(format_pretty(g), check=False) == g
    assert parse_pretty(format_pretty(g, empty="0"), check=False) == g
    assert parse(format_line(g), check=False) == g
    assert parse_rows(ast.literal_eval(format_rows(g)), check=False) == g
    assert parse(g.rows(), check=False) == g


@given(valid_grids())
def test_round_trip_valid_grids_with_checks(g: Grid) -> None:
    assert parse(format_pretty(g)) == g
    assert parse(format_line(g, empty="0")) == g
    assert parse(g.rows()) == g


def test_pretty_with_box_drawing_characters() -> None:
    picture = """
    ┌───────┬───────┐
    │ 1 2   │ 3 4   │
    │ 3 4   │ 1 2   │
    ├───────┼───────┤
    │ 2 1   │ 4 3   │
    │ 4 3   │ 2 1   │
    └───────┴───────┘
    """
    assert parse(picture) == parse("1234341221434321")


# --- nested lists ----------------------------------------------------------------------


def test_tutorial_board() -> None:
    g = parse(TUTORIAL_BOARD)
    assert g == parse_rows(TUTORIAL_BOARD)
    assert g.size == 9
    assert g.rows() == TUTORIAL_BOARD
    assert str(g).startswith("78.4..12.6...75..9")
    assert parse(tuple(tuple(row) for row in TUTORIAL_BOARD)) == g
    assert ast.literal_eval(format_rows(g)) == TUTORIAL_BOARD


def _board_with(r: int, c: int, value: object) -> list[list[object]]:
    board: list[list[object]] = [list(row) for row in TUTORIAL_BOARD]
    board[r][c] = value
    return board


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (10, "row 3, column 5: 10 is out of range 0-9"),
        (-1, "row 3, column 5: -1 is out of range 0-9"),
        (1.0, "row 3, column 5: 1.0 is not an integer"),
        ("5", "row 3, column 5: '5' is not an integer"),
        (None, "row 3, column 5: None is not an integer"),
        (True, "row 3, column 5: True is not an integer"),
        (False, "row 3, column 5: False is not an integer"),
    ],
)
def test_bad_values_in_lists(value: object, message: str) -> None:
    with pytest.raises(SymbolError) as info:
        parse(_board_with(2, 4, value))  # type: ignore[arg-type]
    assert str(info.value) == message
    assert (info.value.row, info.value.col) == (2, 4)
    assert isinstance(info.value, ValueError)


def test_ragged_lists() -> None:
    board = [list(row) for row in TUTORIAL_BOARD]
    board[2] = board[2][:8]
    with pytest.raises(ShapeError) as info:
        parse(board)
    assert str(info.value) == "row 3 has 8 values, expected 9"
    assert info.value.row == 2
    board = [list(row) for row in TUTORIAL_BOARD]
    board[5] = [*board[5], 0]
    with pytest.raises(ShapeError, match="row 6 has 10 values, expected 9"):
        parse(board)
    with pytest.raises(ShapeError):
        parse(TUTORIAL_BOARD[:8])  # 8 rows: no size


@pytest.mark.parametrize("rows", [[], [[]], (), [[0] * 9] * 5])
def test_empty_or_unsupported_lists(rows: object) -> None:
    with pytest.raises(ShapeError):
        parse(rows)  # type: ignore[arg-type]


def test_empty_list_message() -> None:
    with pytest.raises(ShapeError) as info:
        parse([])
    assert str(info.value) == "empty grid: no rows"


def test_rows_that_are_not_lists() -> None:
    with pytest.raises(ShapeError) as info:
        parse(["530070000"] * 9)  # type: ignore[list-item]
    assert str(info.value).startswith("row 1: expected a list of 9 values")
    with pytest.raises(ShapeError):
        parse(42)  # type: ignore[arg-type]
    with pytest.raises(ShapeError):
        parse(b"." * 81)  # type: ignore[arg-type]


def test_lists_with_wrong_size_argument() -> None:
    with pytest.raises(ShapeError) as info:
        parse(TUTORIAL_BOARD, size=4)
    assert str(info.value) == "expected 4 rows, got 9"


def test_duplicates_in_lists() -> None:
    board = _board_with(0, 2, 8)  # r1c2 already holds 8
    with pytest.raises(DuplicateError) as info:
        parse(board)  # type: ignore[arg-type]
    assert str(info.value) == "duplicate 8 in row 1 (r1c2, r1c3)"
    assert parse(board, check=False)[0, 2] == 8  # type: ignore[arg-type]


# --- fuzz: parse either works or raises ParseError ---------------------------------------


def parses_or_parse_error(text: str) -> Grid | None:
    for check in (True, False):
        try:
            g = parse(text, check=check)
        except ParseError:
            continue
        assert isinstance(g, Grid)
        return g
    return None


@given(st.text())
def test_fuzz_any_text(text: str) -> None:
    parses_or_parse_error(text)
    with contextlib.suppress(ParseError):
        parse_line(text)


FUZZ_ALPHABET = SYMBOLS + SYMBOLS.lower() + ".0" + " \t\n\r|+-=─┼│" + "xX*#,;Hh"


@given(st.text(alphabet=FUZZ_ALPHABET, max_size=300))
def test_fuzz_symbol_texts(text: str) -> None:
    parses_or_parse_error(text)


@given(
    st.integers(0, 300).flatmap(lambda k: st.text(alphabet=".0123456789", min_size=k, max_size=k))
)
def test_fuzz_lengths(text: str) -> None:
    g = parses_or_parse_error(text)
    if len(text) not in (16, 36, 81, 144, 256):
        assert g is None


@given(decorated_texts())
def test_decorated_texts_parse_to_their_symbols(drawn: tuple[int, list[str], str]) -> None:
    n, chars, text = drawn
    expected = tuple(value_of(ch) for ch in chars)
    g = parse(text, check=False)
    assert g.size == n
    assert g.cells == expected
    br, bc = BOXES[n]
    if has_duplicates(expected, n, br, bc):
        with pytest.raises(DuplicateError):
            parse(text)
    else:
        assert parse(text) == g


@given(decorated_texts(), st.data())
def test_one_bad_symbol_is_named_with_its_place(
    drawn: tuple[int, list[str], str], data: st.DataObject
) -> None:
    n, chars, _ = drawn
    # Junk, and symbols of bigger grids (digits above n, letters past the size).
    wrong = "xyz*?#@" + SYMBOLS[n:] + SYMBOLS[n:].lower()
    i = data.draw(st.integers(0, n * n - 1))
    bad = data.draw(st.sampled_from(wrong))
    chars = [*chars[:i], bad, *chars[i + 1 :]]
    with pytest.raises(SymbolError) as info:
        parse(" ".join(chars), check=False)
    row, col = divmod(i, n)
    assert str(info.value).startswith(f"row {row + 1}, column {col + 1}: {bad!r} is not a digit")
    assert (info.value.row, info.value.col) == (row, col)


# --- files of many puzzles ----------------------------------------------------------------

P1 = FAMOUS
P2 = FAMOUS_SOLUTION
P3 = "".join(str(v) if v else "." for row in TUTORIAL_BOARD for v in row)
EXCHANGE_LINE = (
    "00015097c6c3 "
    "083020090000800100029300008000098700070000060006740000300006980002005000010030540  7.2"
)
EXCHANGE_PUZZLE = (
    "083020090000800100029300008000098700070000060006740000300006980002005000010030540"
)


def read(lines: Iterable[str] | str, **kw: bool) -> list[Record]:
    source = io.StringIO(lines) if isinstance(lines, str) else lines
    return list(read_puzzles(source, **kw))


def oks(records: list[Record]) -> list[tuple[int, Grid | None]]:
    return [(r.line, r.grid) for r in records]


def test_comments_and_blank_lines() -> None:
    text = f"# header\n#\n{P1}\n\n   {P2}   \n# a comment\n\n{P3}\n"
    records = read(text)
    assert oks(records) == [(3, parse(P1)), (5, parse(P2)), (8, parse(P3))]
    assert all(r.ok and r.error is None for r in records)
    assert [r.text for r in records] == [P1, P2, P3]


def test_crlf_stream_and_file(tmp_path: Path) -> None:
    text = f"# header\r\n{P1}\r\n\r\n{P2}\r\n"
    expected = [(2, parse(P1)), (4, parse(P2))]
    assert oks(read(text)) == expected
    assert oks(read(io.StringIO(text, newline=""))) == expected
    path = tmp_path / "crlf.txt"
    path.write_bytes(text.encode())
    assert oks(list(read_puzzles(path))) == expected
    assert oks(list(read_puzzles(str(path)))) == expected


def test_a_list_of_lines_and_a_generator() -> None:
    lines = [P1, "", P2]
    assert oks(read(lines)) == [(1, parse(P1)), (3, parse(P2))]
    assert oks(read(iter(lines))) == [(1, parse(P1)), (3, parse(P2))]


def test_reading_is_lazy() -> None:
    endless = itertools.cycle([P1 + "\n", P2 + "\n"])
    first = list(itertools.islice(read_puzzles(endless), 3))
    assert [r.grid for r in first] == [parse(P1), parse(P2), parse(P1)]


def test_extra_fields() -> None:
    lines = [
        EXCHANGE_LINE,
        f"{P1},some label,9.1",
        f"{P2}\tqqwing:easy\t228",
        f"{P3} # s lc1(3) s",
        f"17  {P1}  hardest",
    ]
    records = read(lines)
    assert all(r.ok for r in records)
    assert [r.grid for r in records] == [
        parse(EXCHANGE_PUZZLE),
        parse(P1),
        parse(P2),
        parse(P3),
        parse(P1),
    ]
    assert records[0].text == EXCHANGE_PUZZLE
    assert records[0].grid is not None and records[0].grid.clue_count == 28


def test_csv_with_a_header() -> None:
    lines = ["puzzle,label,rating", f"{P1},famous,9.9", f"{P3},tutorial,1.2"]
    records = read(lines)
    assert len(records) == 3
    header = records[0]
    assert not header.ok
    assert header.line == 1
    assert header.error is not None and header.error.line == 1
    assert str(header.error).startswith("line 1: no puzzle found")
    assert [r.grid for r in records[1:]] == [parse(P1), parse(P3)]


def test_malformed_lines_are_reported_and_reading_goes_on() -> None:
    bad_symbol = "." * 22 + "x" + "." * 58  # r3c5
    dup = "55" + "." * 79
    lines = [P1, "." * 80, "hello world", bad_symbol, dup, P2]
    records = read(lines)
    assert [r.line for r in records] == [1, 2, 3, 4, 5, 6]
    assert [r.ok for r in records] == [True, False, False, False, False, True]
    assert all(r.grid is None and isinstance(r.error, ParseError) for r in records[1:5])
    errors = [r.error for r in records[1:5]]
    assert [e.line for e in errors if e] == [2, 3, 4, 5]
    assert str(errors[0]) == f"line 2: 80 cells: {EVERY_COUNT}; 1 too few for 9×9"
    assert isinstance(errors[0], CellCountError)
    assert str(errors[1]).startswith("line 3: no puzzle found")
    assert "hello world" in str(errors[1])
    assert str(errors[2]).startswith("line 4: row 3, column 5: 'x' is not a digit")
    assert isinstance(errors[2], SymbolError)
    assert (errors[2].row, errors[2].col) == (2, 4)
    assert str(errors[3]) == "line 5: duplicate 5 in row 1 (r1c1, r1c2)"
    assert isinstance(errors[3], DuplicateError)
    assert records[5].grid == parse(P2)


def test_duplicates_kept_when_unchecked() -> None:
    dup = "55" + "." * 79
    records = read([dup], check=False)
    assert records[0].ok
    assert records[0].grid is not None and records[0].grid.conflicts()


def test_invalid_utf8_does_not_stop_reading(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_bytes(P1.encode() + b"\n\xff\xfe garbage \xc3\n" + P2.encode() + b"\n")
    records = list(read_puzzles(path))
    assert [r.ok for r in records] == [True, False, True]
    assert records[1].line == 2
    assert records[2].grid == parse(P2)


@pytest.mark.parametrize("n", SIZES)
def test_pictures_in_a_file(n: int) -> None:
    solution = solutions(n)[0]
    a = Grid.from_cells(list(solution))
    b = Grid.from_cells([v if i % 3 else 0 for i, v in enumerate(solution)])
    pa, pb = format_pretty(a), format_pretty(b)
    height = len(pa.split("\n"))
    text = "# two pictures back to back, then one after a blank line\n"
    text += pa + "\n" + pb + "\n\n" + pb + "\n"
    records = read(text)
    assert [r.grid for r in records] == [a, b, b]
    assert [r.line for r in records] == [2, 2 + height, 3 + 2 * height]
    assert all(r.ok for r in records)


@pytest.mark.parametrize("n", SIZES)
def test_incomplete_picture(n: int) -> None:
    a = Grid.from_cells(list(solutions(n)[0]))
    rows = format_pretty(a).split("\n")
    partial = rows[:2]  # two rows of the picture, then the next puzzle starts
    text = "\n".join([*partial, "", *rows, P1])
    records = read(text)
    assert len(records) == 3
    first, second, third = records
    assert not first.ok
    assert first.line == 1
    assert isinstance(first.error, CellCountError)
    assert str(first.error) == f"line 1: incomplete picture: 2 of {n} rows"
    assert second.grid == a
    assert second.line == 4
    assert third.grid == parse(P1)


def test_incomplete_picture_at_the_end() -> None:
    rows = format_pretty(parse(P2)).split("\n")
    records = read([P1, *rows[:5]])
    assert records[0].grid == parse(P1)
    assert len(records) == 2
    assert str(records[1].error) == "line 2: incomplete picture: 4 of 9 rows"


def test_picture_with_duplicates() -> None:
    rows = format_pretty(parse(P3)).split("\n")
    rows[0] = rows[0].replace("7 8 .", "7 8 7", 1)  # r1c3 := 7, clashing with r1c1
    records = read(["# a bad picture", *rows, P1])
    assert len(records) == 2
    bad, good = records
    assert bad.line == 2
    assert isinstance(bad.error, DuplicateError)
    assert str(bad.error) == "line 2: duplicate 7 in row 1 (r1c1, r1c3)"
    assert good.grid == parse(P1)
    unchecked = read(["# a bad picture", *rows, P1], check=False)
    assert unchecked[0].grid is not None and unchecked[0].grid[0, 2] == 7


def test_box_drawing_picture_in_a_file(tmp_path: Path) -> None:
    picture = "┌─────┬─────┐\n│ 1 2 │ 3 4 │\n│ 3 4 │ 1 2 │\n├─────┼─────┤\n"
    picture += "│ 2 1 │ 4 3 │\n│ 4 3 │ 2 1 │\n└─────┴─────┘\n"
    path = tmp_path / "boxes.txt"
    path.write_text(picture + P1 + "\n", encoding="utf-8")
    records = list(read_puzzles(path))
    assert [(r.line, r.grid) for r in records] == [(2, parse("1234341221434321")), (8, parse(P1))]


def test_picture_followed_by_a_line() -> None:
    rows = format_pretty(parse(P3)).split("\n")
    records = read([*rows, P1])
    assert [r.grid for r in records] == [parse(P3), parse(P1)]


def test_picture_without_spaces() -> None:
    g = parse(P3)
    rows = [format_line(g)[r * 9 : r * 9 + 9] for r in range(9)]
    assert [r.grid for r in read(rows)] == [g]
    big = Grid.from_cells(list(solutions(16)[0]))
    line = format_line(big)
    big_rows = [line[r * 16 : r * 16 + 16] for r in range(16)]
    # A complete row holds letters, so it cannot be mistaken for a 4×4 puzzle.
    assert [r.grid for r in read(big_rows)] == [big]


def test_lines_of_4x4_puzzles_are_not_a_picture() -> None:
    lines = ["1234341221434321", "1...........4321", "................"]
    assert [r.grid for r in read(lines)] == [parse(x) for x in lines]


@given(st.lists(st.text(max_size=100), max_size=20))
def test_fuzz_read_puzzles_any_lines(lines: list[str]) -> None:
    check_records(list(read_puzzles(lines)), len(lines))


@given(st.lists(st.text(alphabet=FUZZ_ALPHABET, max_size=90), max_size=30))
def test_fuzz_read_puzzles_symbol_lines(lines: list[str]) -> None:
    check_records(list(read_puzzles(lines)), len(lines))


@given(st.lists(valid_grids(), min_size=1, max_size=4), st.data())
def test_fuzz_read_puzzles_pictures_and_lines(grids: list[Grid], data: st.DataObject) -> None:
    lines: list[str] = []
    for g in grids:
        style = data.draw(st.sampled_from(["pretty", "line", "zeros", "blank-then-pretty"]))
        if style == "pretty":
            lines += format_pretty(g).split("\n")
        elif style == "line":
            lines.append(format_line(g))
        elif style == "zeros":
            lines.append(format_line(g, empty="0") + " ; extra")
        else:
            lines += ["", "# next", *format_pretty(g).split("\n")]
    records = list(read_puzzles(lines))
    check_records(records, len(lines))
    assert [r.grid for r in records] == grids


def check_records(records: list[Record], nlines: int) -> None:
    previous = 0
    for r in records:
        assert isinstance(r, Record)
        assert previous < r.line <= nlines
        previous = r.line
        if r.ok:
            assert isinstance(r.grid, Grid)
            assert r.error is None
        else:
            assert r.grid is None
            assert isinstance(r.error, ParseError)
            assert r.error.line == r.line
            assert str(r.error).startswith(f"line {r.line}: ")


# --- the shared datasets -------------------------------------------------------------------

# file -> (puzzles read, at most this many lines that are not puzzles, clue range)
DATASETS: dict[str, tuple[int, int, tuple[int, int]]] = {
    "easy_generated_1000": (1000, 0, (32, 36)),
    "puzzles2_17_clue": (49158, 0, (17, 17)),
    "puzzles3_magictour_top1465": (1465, 0, (17, 28)),
    "puzzles5_forum_hardest_1905_11+": (48766, 0, (20, 37)),
    "puzzles6_forum_hardest_1106": (375, 0, (20, 24)),
    "puzzles7_serg_benchmark": (10000, 0, (34, 35)),
    "rated/HardestDatabase110626.txt": (375, 1, (17, 81)),  # a title line
    "rated/hodoku_exemplars-1.0.txt": (669, 1, (17, 81)),  # one line in reglib format
    "rated/qqwing_simple.sdm": (1000, 0, (17, 81)),
    "rated/qqwing_easy.sdm": (1000, 0, (17, 81)),
    "rated/qqwing_intermediate.sdm": (1000, 0, (17, 81)),
    "rated/qqwing_expert.sdm": (1000, 0, (17, 81)),
    "rated/reference_ratings.tsv": (6465, 1, (17, 81)),  # the header
    "rated/sudoku-exchange_diabolical.txt": (39719, 0, (17, 81)),
}


@pytest.mark.parametrize("name", sorted(DATASETS))
def test_dataset_record_counts(data_dir: Path, name: str) -> None:
    path = data_dir / name
    if not path.exists():
        pytest.skip(f"{name} is not in {data_dir}")
    expected_ok, max_errors, (low, high) = DATASETS[name]
    ok = 0
    errors = []
    for r in read_puzzles(path):
        if r.ok:
            ok += 1
            assert r.grid is not None and r.grid.size == 9
            assert low <= r.grid.clue_count <= high, (name, r.line)
        else:
            errors.append(r)
    assert ok == expected_ok
    assert len(errors) <= max_errors, [str(r.error) for r in errors[:5]]


def test_every_data_file_reads_without_raising(data_dir: Path) -> None:
    files = [p for d in (data_dir, data_dir / "rated") if d.is_dir() for p in sorted(d.iterdir())]
    unknown = [
        p
        for p in files
        if p.is_file() and str(p.relative_to(data_dir)).replace("\\", "/") not in DATASETS
    ]
    for path in unknown:
        with path.open(encoding="utf-8", errors="replace") as f:
            nlines = sum(1 for _ in f)
        check_records(list(read_puzzles(path)), nlines)


def test_first_17_clue_puzzle_as_text(data_dir: Path) -> None:
    path = data_dir / "puzzles2_17_clue"
    if not path.exists():
        pytest.skip("no 17-clue file")
    with path.open() as f:
        raw = next(line.strip() for line in f if line.strip() and not line.startswith("#"))
    first = next(iter(read_puzzles(path)))
    assert first.text == raw[:81]
    assert first.grid == sudokit.parse(raw[:81])


def test_a_picture_that_looks_like_pencil_marks_reads_as_a_picture() -> None:
    # Found by the property test above: spaced groups of digits on a first line look
    # like a pencil-mark grid, but the whole text is a 12×12 picture.
    text = ". 1111 . .\n" + "." * 137
    grid = parse(text, check=False)
    assert grid.size == 12 and grid.cells[1:5] == (1, 1, 1, 1)
    with pytest.raises(DuplicateError):
        parse(text)
