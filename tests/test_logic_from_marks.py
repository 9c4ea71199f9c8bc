"""Hints from where the player is: given a pencil-mark grid, a HoDoKu library line with
deleted candidates or f-puzzles centre marks, hint, explain and rate start from the
candidates given; a removed candidate that is the solution's digit is a wrong
elimination, reported (naming the cell and digit), never built on."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import parse, solve
from sudokit.cli import main
from sudokit.errors import WrongPositionError
from sudokit.formats import Position, format_position, parse_position
from sudokit.logic import explain, hint, rate

DATA = Path(os.environ.get("SUDOKIT_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
REGLIB = DATA / "rated" / "hodoku_reglib-1.3.txt"

#: A HoDoKu library line (a jellyfish on 3) whose deleted candidates include 1 in r4c1
#: and r4c9: from the bare grid a pointing removes exactly those.
R4C1 = (
    ":0302:3:72+4+5+6.+8.+9+5.1+7.8+6+24.+864.2.+7+5.6.8..+5+4.4.5+92+67.8.+7+8+3+45+96..+4+76+892+5.8."
    "+21..4+9+6+6..+2.+4.87:141 149:335 392 395::"
)

#: A line whose deleted candidates leave a hidden single: 2 in r4c7.
HIDDEN = (
    ":0002:2:..23......7.+1..8+24.4..2...14.96.3...+65+7....1..+2.7.94.68.+5.7.+14.2.1....7.+7.+4..16.."
    ":845 257 259 859 865::247:"
)
#: The same with 2 also removed from r4c7, its solution digit: a wrong elimination.
WRONG = HIDDEN.replace(":845 257", ":845 247 257")


def _removed(position: Position) -> set[tuple[int, int]]:
    """The candidates the position removed (beyond what the rules remove)."""
    allowed = position.current.candidates()
    got = position.candidate_masks()
    n = position.givens.size
    return {
        (c, d)
        for c in range(len(got))
        for d in range(1, n + 1)
        if allowed[c] >> (d - 1) & 1 and not got[c] >> (d - 1) & 1
    }


def _touched(step) -> set[tuple[int, int]]:  # type: ignore[no-untyped-def]
    return set(step.placements) | set(step.eliminations) | set(step.candidates)


def test_the_hint_does_not_remove_a_candidate_already_deleted() -> None:
    pos = parse_position(R4C1)
    removed = _removed(pos)
    assert {(27, 1), (35, 1)} <= removed
    h = hint(pos)
    assert h is not None and h.kind == "step" and h.step is not None
    assert not _touched(h.step) & removed
    assert "r4c1" not in h.text(3) or "1 can be removed from r4c1" not in h.text(3)


def test_hint_explain_and_rate_start_from_the_candidates() -> None:
    pos = parse_position(HIDDEN)
    h = hint(pos)
    assert h is not None and h.step is not None
    # From the candidates left, 2 has one place in column 7.
    assert (h.step.technique, h.step.placements) == ("hidden_single", ((33, 2),))
    path = explain(pos)
    assert path.solved and path.steps[0].placements == ((33, 2),)
    assert not any(_touched(s) & _removed(pos) for s in path.steps[:1])
    # Rated from the position: only what is left to do (no hidden pair is needed).
    r = rate(pos)
    assert r.solved and "hidden_pair" not in r.techniques
    assert sum(r.techniques.values()) == len(pos.current.empty_cells()) + sum(
        1 for s in path.steps if not s.placements
    )


def test_a_wrong_elimination_is_reported_not_built_on() -> None:
    pos = parse_position(WRONG)
    h = hint(pos)
    assert h is not None and h.kind == "wrong_elimination"
    assert h.cells == (33,)
    assert "r4c7" in h.text(3) and "2" in h.text(3)
    for fn in (explain, rate):
        with pytest.raises(WrongPositionError, match="r4c7") as err:
            fn(pos)
        assert (err.value.kind, err.value.cell, err.value.digit) == ("elimination", 33, 2)


def test_the_command_line_starts_from_the_candidates_and_reports_a_wrong_elimination(
    tmp_path: Path,
) -> None:
    runner = CliRunner()
    ok = runner.invoke(main, ["hint", HIDDEN])
    assert ok.exit_code == 0 and ok.output.strip() == "In column 7, 2 fits only in r4c7."
    for command in ("hint", "explain", "rate"):
        res = runner.invoke(main, [command, WRONG])
        assert res.exit_code == 1, (command, res.output)
        assert "r4c7" in res.output and "2" in res.output
    lines = tmp_path / "lines.txt"
    lines.write_text(f"{HIDDEN}\n{WRONG}\n")
    res = runner.invoke(main, ["rate", "-f", str(lines), "--json"])
    assert res.exit_code == 1
    first, second = (json.loads(x) for x in res.output.splitlines())
    assert first["error"] is None and first["level"] is not None
    assert "wrong elimination" in second["error"] and "r4c7" in second["error"]
    res = runner.invoke(main, ["hint", "-f", str(lines), "--json"])
    kinds = [json.loads(x)["kind"] for x in res.output.splitlines()]
    assert kinds == ["step", "wrong_elimination"]


def test_a_pencil_mark_grid_and_f_puzzles_centre_marks_give_the_same_hint() -> None:
    pos = parse_position(R4C1)
    expected = hint(pos)
    assert expected is not None and expected.step is not None
    for kind in ("pencilmarks", "fpuzzles", "fpuzzles-link"):
        text = format_position(pos, kind)
        again = parse_position(text)
        assert again.candidate_masks() == pos.candidate_masks(), kind
        got = hint(again)
        assert got is not None and got.step == expected.step, kind
    res = CliRunner().invoke(main, ["hint", format_position(pos, "pencilmarks")])
    assert res.exit_code == 0 and res.output.strip() == expected.text(3)


def test_f_puzzles_centre_marks_that_are_not_digits_name_the_cell() -> None:
    data = json.loads(format_position(parse_position(R4C1), "fpuzzles"))
    data["grid"][3][0]["centerPencilMarks"] = [1, 12]
    with pytest.raises(ValueError, match="row 4, column 1"):
        parse_position(json.dumps(data))


@pytest.mark.skipif(not REGLIB.exists(), reason="HoDoKu regression library not present")
def test_hodoku_library_hints_never_mention_a_deleted_candidate() -> None:
    checked = 0
    for line in REGLIB.read_text().splitlines():
        fields = line.split(":")
        if not line.startswith(":") or len(fields) < 5 or not fields[4].strip():
            continue
        pos = parse_position(line)
        h = hint(pos)
        assert h is not None
        if h.step is None:
            continue
        removed = _removed(pos)
        assert not _touched(h.step) & removed, (line, h.text(3))
        for c, d in removed:
            name = pos.givens.shape.cell_name(c)
            assert f"{d} can be removed from {name}" not in h.text(3), line
        checked += 1
    assert checked > 500


PUZZLES = (
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ".7.59..4..4...1..71..7.6.2.4...3.....59...37.....6...9.3.6.9..45..3...6..6..54.3.",
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PUZZLES), st.randoms(use_true_random=False), st.floats(0.0, 0.6))
def test_random_removals_that_keep_the_solution_never_give_a_hint_about_them(
    puzzle: str, rnd, share: float
) -> None:  # type: ignore[no-untyped-def]
    grid = parse(puzzle)
    solution = solve(grid)
    assert solution is not None
    cands = list(grid.candidates())
    removed = set()
    for c, m in enumerate(cands):
        for d in range(1, 10):
            if m >> (d - 1) & 1 and d != solution[c] and rnd.random() < share:
                cands[c] &= ~(1 << (d - 1))
                removed.add((c, d))
    pos = Position(grid, None, tuple(cands))
    h = hint(pos)
    assert h is not None and h.kind == "step" and h.step is not None
    assert not _touched(h.step) & removed
    # And the step is sound: placements are the solution's, eliminations are not.
    assert all(solution[c] == d for c, d in h.step.placements)
    assert all(solution[c] != d for c, d in h.step.eliminations)
