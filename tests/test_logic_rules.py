"""The logic engine under variant rules: tables from the rules, techniques over every
unit and the rules' peers, the variant techniques, uniqueness only where sound, and every
step of every path true to the puzzle's one solution."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import Grid, parse, solve
from sudokit.geometry import Rules, Shape
from sudokit.logic import LEVELS, State, explain, hint, rate
from sudokit.logic import grade as grade_module
from sudokit.logic.candidates import rectangle_keeps_units, tables
from sudokit.logic.engine import select, steps
from sudokit.logic.techniques import BY_ID, intersections, variants
from variants import variant_puzzle

#: A 6×6 jigsaw (regions A-F) and a puzzle on it whose path takes the Law of Leftovers.
JIGSAW6 = Rules.parse("6+jigsaw:AAABBBAACCBBACCCBDEECFDDEEFFDDEEFFFD")
JIGSAW6_PUZZLE = ".1....5..2..2.....1.5..6.......5...4"


def _cell(n: int, r: int, c: int) -> int:
    return (r - 1) * n + c - 1


def _state(rules: Rules) -> State:
    return State.from_grid(Grid(rules, [0] * rules.ncells))


def _without(state: State, cells: list[int], digit: int) -> State:
    return state.applied(eliminations=[(c, digit) for c in cells])


def _check_path(grid: Grid, max_level: str | None = "expert") -> tuple[bool, set[str]]:
    """Walk the engine's path on ``grid`` (a unique puzzle) and assert every step is
    true to the solution: placements right, eliminations wrong digits, and the
    solution's digit kept in every empty cell. ``(solved, techniques used)``."""
    rules = grid.rules
    solved = solve(grid)
    assert solved is not None
    solution = solved.cells
    assert rules.is_solution(solution)
    state = State.from_grid(grid)
    for c in range(rules.ncells):
        assert grid.cells[c] or state.cands[c] >> (solution[c] - 1) & 1
    used: set[str] = set()
    chosen = select(rules=rules, unique=True, max_level=max_level)
    for step, after in steps(state, unique=True, techniques=chosen):
        for c, d in step.placements:
            assert solution[c] == d, (rules.code, str(grid), step.text)
        for c, d in step.eliminations:
            assert solution[c] != d, (rules.code, str(grid), step.text)
        for c in range(rules.ncells):
            assert after.values[c] or after.cands[c] >> (solution[c] - 1) & 1, step.text
        used.add(step.technique)
        state = after
    return state.is_solved(), used


# --- tables ---------------------------------------------------------------------------


@pytest.mark.parametrize("size", [4, 6, 9, 12, 16])
def test_classic_tables_are_the_shapes(size: int) -> None:
    shape = Shape.of(size)
    t = tables(shape)
    n = shape.n
    assert t is tables(shape.rules)
    assert t.unit_of == shape.unit_of
    assert len(t.unit_bits) == 3 * n and not t.extras
    assert t.uniqueness and not t.nonconsecutive and not any(t.near_bits)
    # Boxes meet lines only, lines meet boxes only (as the classic techniques expect).
    for b in range(n):
        assert [u for u, _ in t.overlaps[2 * n + b]] == [u for u, _ in t.box_lines[b]]
        assert all(u < 2 * n for u, _ in t.box_lines[b])
    for u in range(2 * n):
        assert all(2 * n <= v < 3 * n for v, _ in t.overlaps[u])


def test_tables_follow_the_rules() -> None:
    x = tables(Rules.make(9, ["x", "anti-knight"]))
    centre = _cell(9, 5, 5)
    assert x.unit_of[centre] == (4, 13, 22, 27, 28)  # row, column, box, both diagonals
    assert x.peer_bits[centre] >> _cell(9, 3, 4) & 1  # a knight's move
    assert x.peer_bits[centre] >> _cell(9, 1, 1) & 1  # the ↘ diagonal
    assert not x.uniqueness
    # The ↘ diagonal meets boxes 1, 5 and 9 in three cells, no line in two.
    assert [v for v, _ in x.overlaps[27]] == [18, 22, 26]
    nc = tables(Rules.make(9, ["non-consecutive"]))
    assert nc.nonconsecutive and not nc.uniqueness
    assert nc.near_bits[0] == 1 << 1 | 1 << 9
    assert tables(Rules.make(9, ["windoku"])).uniqueness


def test_a_placement_takes_consecutive_digits_from_the_neighbours() -> None:
    rules = Rules.make(9, ["non-consecutive"])
    after = _state(rules).applied([(_cell(9, 5, 5), 5)])
    for r, c in ((4, 5), (6, 5), (5, 4), (5, 6)):
        assert after.candidate_digits(_cell(9, r, c)) == (1, 2, 3, 7, 8, 9)
    assert 4 in after.candidate_digits(_cell(9, 4, 4))  # diagonal: not a neighbour


# --- techniques over every unit --------------------------------------------------------


def test_pointing_from_a_diagonal_into_a_box() -> None:
    rules = Rules.make(9, ["x"])
    n = 9
    off_box = [_cell(n, i, i) for i in range(4, 10)]
    state = _without(_state(rules), off_box, 5)
    step = intersections.pointing(state)
    assert step is not None
    diagonal, box1 = 3 * n, 2 * n
    assert step.units == (diagonal, box1)
    on_diagonal = {_cell(n, i, i) for i in (1, 2, 3)}
    box = [_cell(n, r, c) for r in (1, 2, 3) for c in (1, 2, 3)]
    assert set(step.eliminations) == {(c, 5) for c in box if c not in on_diagonal}
    assert step.text.startswith("In the ↘ diagonal, 5 can only be in box 1")


def test_a_hidden_single_in_a_window() -> None:
    rules = Rules.make(9, ["windoku"])
    window = rules.units[27]
    state = _without(_state(rules), list(window[1:]), 7)
    # Rows, columns and boxes still have room for 7: only the window pins it.
    step = BY_ID["hidden_single"].find(state)
    assert step is not None
    assert step.placements == ((window[0], 7),)
    assert "window 1" in step.text
    assert step.rating == 1.5


def test_jigsaw_steps_speak_of_regions() -> None:
    grid = Grid(JIGSAW6, parse(JIGSAW6_PUZZLE).cells)
    path = explain(grid)
    assert path.solved
    texts = [s.text for s in path.steps]
    assert any("region" in t for t in texts)
    assert not any("box" in t for t in texts), [t for t in texts if "box" in t]
    h = hint(grid)
    assert h is not None and "box" not in " ".join(h.texts)
    # A puzzle read as classic text takes the player's grid's rules; two variants differ.
    assert hint(JIGSAW6_PUZZLE, grid) == h
    with pytest.raises(ValueError, match="rules"):
        hint(grid, Grid(Rules.make(6, ["x"]), grid.cells))


# --- variant techniques ------------------------------------------------------------------


def test_law_of_leftovers_fixture() -> None:
    grid = Grid(JIGSAW6, parse(JIGSAW6_PUZZLE).cells)
    # Up to hard techniques (with chains, an X-Chain as easy as the Empty Rectangle
    # and shorter takes the path elsewhere).
    solved, used = _check_path(grid, "hard")
    assert solved and "law_of_leftovers" in used
    path = explain(grid, max_level="hard")
    step = next(s for s in path.steps if s.technique == "law_of_leftovers")
    assert step.text == (
        "Law of Leftovers: columns 1 and 2 hold every digit twice, and so do regions 1 and "
        "5; so the cells of the columns outside those regions (r3c2) hold the same digits "
        "as the cells of the regions outside them (r1c3): 6 can be removed from r1c3."
    )


def test_law_of_leftovers_is_for_jigsaw_only() -> None:
    assert variants.law_of_leftovers(_state(Rules.make(6))) is None
    assert "law_of_leftovers" not in {t.id for t in select(rules=Rules.make(9, ["x"]))}
    assert "law_of_leftovers" in {t.id for t in select(rules=JIGSAW6)}
    assert "law_of_leftovers" not in {t.id for t in select(shape=Shape.of(9))}


def test_nonconsecutive_neighbour() -> None:
    rules = Rules.make(9, ["non-consecutive"])
    n = 9
    corner = _cell(n, 1, 1)
    state = _without(_state(rules), [corner], 1)
    for d in (1, 2, 3, 5, 7, 8, 9):
        state = state.applied(eliminations=[(corner, d)])
    assert state.candidate_digits(corner) == (4, 6)
    step = BY_ID["nonconsecutive_neighbour"].find(state)
    assert step is not None
    assert set(step.eliminations) == {(_cell(n, 1, 2), 5), (_cell(n, 2, 1), 5)}
    assert step.text.startswith("Non-consecutive Neighbour: r1c1 can only be 4 or 6")


def test_nonconsecutive_pointing() -> None:
    rules = Rules.make(9, ["non-consecutive"])
    n = 9
    row1 = [_cell(n, 1, c) for c in range(1, 10)]
    state = _without(_state(rules), [c for c in row1 if c not in (row1[0], row1[2])], 3)
    step = BY_ID["nonconsecutive_pointing"].find(state)
    assert step is not None
    assert set(step.eliminations) == {(row1[1], 2), (row1[1], 4)}
    assert "in row 1, 3 can only be in r1c1 or r1c3, all beside r1c2" in step.text


def test_variant_techniques_stay_off_classic_puzzles() -> None:
    classic = {t.id for t in select(shape=Shape.of(9))}
    assert classic == {t.id for t in select(rules=Rules.make(9))}
    assert not classic & {"nonconsecutive_neighbour", "nonconsecutive_pointing"}
    nc = {t.id for t in select(rules=Rules.make(9, ["non-consecutive"]))}
    assert {"nonconsecutive_neighbour", "nonconsecutive_pointing"} <= nc


# --- uniqueness ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["anti-knight", "anti-king", "non-consecutive"])
def test_no_uniqueness_where_a_swap_breaks_a_rule(variant: str) -> None:
    chosen = select(rules=Rules.make(9, [variant]), unique=True)
    assert not any(t.uniqueness for t in chosen)
    assert any(t.uniqueness for t in select(rules=Rules.make(9, ["x"]), unique=True))


def test_deadly_rectangles_keep_every_unit() -> None:
    n = 9
    x = tables(Rules.make(9, ["x"]))
    # Opposite corners on the ↘ diagonal: a swap puts one digit twice there.
    assert not rectangle_keeps_units(x, [_cell(n, r, c) for r in (1, 2) for c in (1, 2)])
    # Off the diagonals, within two boxes: a deadly pattern as in classic.
    assert rectangle_keeps_units(x, [_cell(n, r, c) for r in (1, 4) for c in (2, 3)])
    # Across four boxes: never (classic too).
    assert not rectangle_keeps_units(x, [_cell(n, r, c) for r in (1, 4) for c in (2, 5)])
    w = tables(Rules.make(9, ["windoku"]))
    # Two boxes, but r2c2 alone in window 1.
    assert not rectangle_keeps_units(w, [_cell(n, r, c) for r in (1, 2) for c in (2, 5)])
    # r2c2 and r2c4 in window 1: a row pair.
    assert rectangle_keeps_units(w, [_cell(n, r, c) for r in (1, 2) for c in (2, 4)])
    j = tables(JIGSAW6)
    # r1c1, r1c2 in region A and r2c1, r2c2 in A too: all four in one region.
    assert not rectangle_keeps_units(j, [_cell(6, r, c) for r in (1, 2) for c in (1, 2)])
    # r1c2, r1c4 (A, B) and r5c2, r5c4 (E, F): one corner per region.
    assert not rectangle_keeps_units(j, [_cell(6, r, c) for r in (1, 5) for c in (2, 4)])
    # r2c5, r2c6 in B and r4c5, r4c6 in D: two regions, a row pair each.
    assert rectangle_keeps_units(j, [_cell(6, r, c) for r in (2, 4) for c in (5, 6)])


# --- levels and scores -------------------------------------------------------------------


def test_variant_scores_skip_the_sudoku_explainer_path(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []

    def se_score(*args: object, **kwargs: object) -> None:
        calls.append(args)

    monkeypatch.setattr(grade_module, "_se_score", se_score)
    grid = variant_puzzle(Rules.make(9, ["windoku"]), random.Random(3), tries=45)
    r = rate(grid)
    assert r.solved and r.level in LEVELS and 1.0 <= r.score < grade_module.SE_PATH_BELOW
    assert calls == []  # Sudoku Explainer's path is a classic 9×9 one
    classic = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    rate(classic)  # a classic 9×9 puzzle takes it
    assert len(calls) == 1


# --- soundness ---------------------------------------------------------------------------

#: Rules that have solutions at these sizes, alone and combined.
SMALL_RULES = [
    Rules.make(4, ["x"]),
    Rules.make(4, ["windoku"]),
    Rules.make(4, ["anti-knight"]),
    Rules.make(6, ["x"]),
    Rules.make(6, ["anti-knight"]),
    Rules.make(6, ["anti-king"]),
    Rules.make(6, ["non-consecutive"]),
    JIGSAW6,
    Rules.make(6, ["x"], regions=JIGSAW6.region_of),
]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from(SMALL_RULES))
def test_small_variant_paths_are_true(seed: int, rules: Rules) -> None:
    grid = variant_puzzle(rules, random.Random(seed))
    _check_path(grid)


NINE_RULES = [
    ["x"],
    ["windoku"],
    ["anti-knight"],
    ["anti-king"],
    ["non-consecutive"],
    ["x", "anti-knight"],
    ["x", "windoku"],
]


# Making 9×9 non-consecutive puzzles takes half a minute in pure Python: in the sweep.
@pytest.mark.parametrize(
    "variant", [v for v in NINE_RULES if v != ["non-consecutive"]], ids="+".join
)
def test_nine_by_nine_variant_paths_are_true(variant: list[str]) -> None:
    rules = Rules.make(9, variant)
    for seed in range(2):
        grid = variant_puzzle(rules, random.Random(seed), tries=45)
        solved, _ = _check_path(grid)
        r = rate(grid, max_level="expert")
        assert r.solved == solved
        assert r.level in LEVELS


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [*SMALL_RULES, *(Rules.make(9, v) for v in NINE_RULES), Rules.make(12, ["x"])],
    ids=lambda r: r.code[:24],
)
def test_variant_paths_are_true_sweep(rules: Rules) -> None:
    for seed in range(6):
        tries = None if rules.n <= 6 else 55 if rules.n == 9 else 90
        grid = variant_puzzle(rules, random.Random(seed), tries=tries)
        _check_path(grid)
        assert explain(grid, max_level="expert").steps
