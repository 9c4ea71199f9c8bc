"""The table of formats in docs/formats.md says truly which formats carry a variant's
rules: each format convert writes is tried on an X puzzle and read back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokit import generate, parse
from sudokit.cli import main
from sudokit.formats import format_rules_line

DOC = Path(__file__).resolve().parent.parent / "docs" / "formats.md"


def _rows() -> dict[str, str]:
    """``--to`` name → the "carries besides the givens" cell, for each row of the table."""
    rows: dict[str, str] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) != 5 or cells[0] in ("format", "---"):
            continue
        writer = re.match(r"`([a-z-]+)`", cells[2])
        if writer:
            rows[writer.group(1)] = cells[4]
    return rows


ROWS = _rows()
PUZZLE = generate(9, variant="x", seed=1, difficulty="easy")


def test_the_table_is_read() -> None:
    assert {"line", "pretty", "json", "csv", "solo", "sdm"} <= set(ROWS)


@pytest.mark.parametrize("writer", sorted(ROWS))
def test_the_table_says_which_formats_carry_rules(writer: str) -> None:
    result = CliRunner().invoke(main, ["convert", "--to", writer, format_rules_line(PUZZLE)])
    carries = ROWS[writer]
    says_rules = "rules" in carries or carries in ("all of it", "as f-puzzles JSON")
    if result.exit_code != 0:
        assert "classic puzzles only" in result.output
        assert not says_rules, f"{writer}: refuses a variant, but the table says {carries!r}"
        return
    back = parse(result.stdout.strip().splitlines()[-1] if writer == "csv" else result.stdout)
    assert back.rules is PUZZLE.rules and back.cells == PUZZLE.cells
    assert says_rules, f"{writer}: carries the rules, but the table says {carries!r}"
