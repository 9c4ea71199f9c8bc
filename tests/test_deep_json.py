"""A hostile JSON text (nested a thousand deep, a number of 5,000 digits) is a ParseError
naming its line in every reader: a file goes on past it, the command line says
``error: line N: …``, and the game says it cannot read the pasted text."""

from __future__ import annotations

import contextlib
import functools
import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit import ParseError, parse
from sudokit.cli import main
from sudokit.formats import parse_position, read_puzzles
from sudokit.gui.dialogs import CustomDialog

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
GOOD = json.dumps({"puzzle": PUZZLE})
DEEP = "[" * 1000 + "]" * 1000  # 2 KB
DEEP_ROWS = "[[" + DEEP + "]]"
HOSTILE_LINES = [
    DEEP,
    '{"puzzle": ' + DEEP + "}",
    '{"puzzle": "' + PUZZLE + '", "candidates": ' + DEEP + "}",
    '{"puzzle": "' + PUZZLE + '", "meta": [[' + "1" * 5000 + ', "x"]]}',
]


def test_a_file_reads_on_past_deep_lines(tmp_path: Path) -> None:
    lines = [GOOD]
    for hostile in HOSTILE_LINES:
        lines += [hostile, GOOD]
    path = tmp_path / "puzzles.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    records = list(read_puzzles(path))
    assert [r.line for r in records] == list(range(1, len(lines) + 1))
    assert [r.ok for r in records] == [True, False] * len(HOSTILE_LINES) + [True]
    for r in records:
        if not r.ok:
            assert r.error is not None and r.error.line == r.line
            assert str(r.error).startswith(f"line {r.line}: not JSON: ")
    assert "nested too deeply" in str(records[1].error)
    assert "a number too long" in str(records[7].error)


def test_one_deep_text_is_a_parse_error() -> None:
    for text in (DEEP, DEEP_ROWS, "[[" + "1" * 5000 + "]]", *HOSTILE_LINES):
        for reader in (parse, parse_position):
            try:
                reader(text)
            except ParseError as err:
                assert len(str(err)) < 200  # the message names the fault, not the text
            else:
                raise AssertionError(f"{reader.__name__} read {text[:20]!r}")


def test_a_deep_value_in_a_row_is_named_shortly() -> None:
    nested: Any = 1
    for _ in range(900):
        nested = [nested]
    rows = [[0] * 9 for _ in range(9)]
    rows[2][4] = nested
    try:
        parse(json.dumps(rows))
    except ParseError as err:
        assert str(err).startswith("row 3, column 5: [[[")
        assert "is not an integer" in str(err) and len(str(err)) < 200
    else:
        raise AssertionError("read")


def test_the_batch_command_reports_the_line_and_goes_on() -> None:
    data = "\n".join([GOOD, HOSTILE_LINES[1], GOOD]) + "\n"
    result = CliRunner().invoke(main, ["solve", "-f", "-"], input=data)
    assert result.exit_code == 2
    solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    assert result.stdout.splitlines() == [
        solved,
        "error: line 2: not JSON: nested too deeply to read",
        solved,
    ]


def test_pasting_a_deep_text_in_the_game() -> None:
    for text in (DEEP_ROWS, HOSTILE_LINES[1]):
        dialog = CustomDialog(9, functools.partial(str, text))
        dialog.paste()
        assert dialog.error.startswith("Cannot read the pasted text: ")
        assert "nested too deeply" in dialog.error
    dialog.paste(PUZZLE)  # the dialog still works
    assert dialog.error == "" and dialog.cells[0] == 5


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False)
    | st.text(alphabet="123456789.", max_size=90),
    lambda inner: (
        st.lists(inner, max_size=10)
        | st.dictionaries(
            st.sampled_from(["puzzle", "placed", "candidates", "meta", "x"]), inner, max_size=5
        )
    ),
    max_leaves=60,
)


@settings(max_examples=100, deadline=None)
@given(_JSON, st.sampled_from([0, 1, 2, 50, 990, 1000, 3000]), st.sampled_from(["[", "{"]))
def test_any_json_is_read_or_refused_with_a_parse_error(value: Any, depth: int, kind: str) -> None:
    text = json.dumps(value)
    for _ in range(depth):  # nested as deep as a hostile file may
        text = "[" + text + "]" if kind == "[" else '{"puzzle": ' + text + "}"
    for candidate in (text, "[[" + text + "]]", '{"puzzle": ' + text + "}"):
        with contextlib.suppress(ParseError):
            parse(candidate)
        records = list(read_puzzles([candidate, GOOD], format="json"))
        assert [r.line for r in records] == [1, 2] and records[1].ok
        assert records[0].error is None or str(records[0].error).startswith("line 1: ")
