"""The engine, explanations, grading and hints."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import sudokit
from sudokit import Grid, generate, parse, solve
from sudokit.logic import LEVELS, State, explain, hint, next_step, rate
from sudokit.logic.grade import SE_LACKS, rate_steps
from sudokit.logic.screen import finishes

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# Hard: intersections, a hidden pair, an X-Wing, XYZ-Wings, a Unique Rectangle, a
# Skyscraper (generate(seed=0)).
HARD = ".7.59..4..4...1..71..7.6.2.4...3.....59...37.....6...9.3.6.9..45..3...6..6..54.3."
# AI Escargot: beyond the engine's static logic.
ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."


def test_explain_easy() -> None:
    ex = explain(EASY)
    assert ex.solved and ex.solutions == 1
    assert ex.final == solve(EASY)
    assert {s.technique for s in ex.steps} <= {"full_house", "hidden_single", "naked_single"}
    d = ex.to_dict()
    assert d["solved"] is True
    first = d["steps"][0]
    assert set(first) >= {"technique", "name", "placements", "eliminations", "explanation"}
    assert first["placements"][0]["cell"].startswith("r")
    assert isinstance(first["placements"][0]["digit"], int)


def test_rate_easy() -> None:
    r = rate(EASY)
    assert (r.level, r.hardest, r.solved) == ("easy", "hidden_single", True)
    assert r.score == 1.2
    assert sum(r.techniques.values()) == 81 - parse(EASY).clue_count
    d = r.to_dict()
    assert set(d) >= {"puzzle", "level", "score", "hardest", "techniques"}


def test_rate_matches_explain() -> None:
    for seed in range(60):
        p = generate(seed=seed)
        r = rate(p)
        ex = explain(p)
        if ex.solved and rate_steps(ex.steps)[0] != r.level:
            # The path took a step of a higher level that rates lower than what the
            # level below offered (an XY-Chain at 7.0 before a Hidden Rectangle): the
            # level is the lowest whose techniques finish the puzzle.
            path_level = rate_steps(ex.steps)[0]
            assert LEVELS.index(r.level) < LEVELS.index(path_level)
            assert finishes(p, r.level) and not finishes(p, LEVELS[LEVELS.index(r.level) - 1])
        elif ex.solved and not SE_LACKS & {s.technique for s in ex.steps}:
            assert rate_steps(ex.steps) == (r.level, r.score, r.hardest)
        elif ex.solved:  # scored along the path SE would take (test_logic_als.py)
            level, score, hardest = rate_steps(ex.steps)
            assert (level, hardest) == (r.level, r.hardest) and score <= r.score
        else:
            assert r.level == "extreme"
        assert r.solved == ex.solved
        non_singles = [s.technique for s in ex.steps if not s.technique.endswith("single")]
        non_singles = [t for t in non_singles if t != "full_house"]
        counted = [t for t, k in r.techniques.items() for _ in range(k)]
        counted = [t for t in counted if not t.endswith("single") and t != "full_house"]
        assert sorted(non_singles) == sorted(counted)


def test_rate_hard() -> None:
    r = rate(HARD)
    # A skyscraper and a sashimi X-Wing both rate 6.6 at the hardest step: the
    # sashimi's three cells make the shorter explanation.
    assert (r.level, r.solved, r.hardest, r.score) == ("hard", True, "sashimi_x_wing", 6.6)
    assert r.techniques["x_wing"] == 1


def test_levels_cover_generated_range() -> None:
    seen = {rate(generate(seed=s)).level for s in range(120)}
    assert {"easy", "medium", "hard"} <= seen
    assert seen <= set(LEVELS)


def test_max_level_restricts() -> None:
    r = rate(ESCARGOT, max_level="medium")
    assert r.level in ("medium", "extreme")
    for tid in r.techniques:
        assert tid in {
            "full_house", "hidden_single", "naked_single", "pointing", "claiming",
            "naked_pair", "hidden_pair", "naked_triple", "hidden_triple",
        }  # fmt: skip


def test_no_solution_and_several() -> None:
    none = EASY[:1] + "3" + EASY[2:]  # a second 3 in row 1
    r = rate(parse(none, check=False))
    assert (r.level, r.solved, r.solutions) == ("extreme", False, 0)
    several = "." * 81
    r = rate(several)
    assert r.solutions == 2 and not r.solved and r.level == "extreme"
    # Uniqueness techniques are never used when the puzzle is not unique.
    p = generate(seed=3)
    loose = Grid(p.shape, [0 if i < 20 else v for i, v in enumerate(p.cells)])
    for step in explain(loose).steps:
        assert not step.technique.startswith("unique_") and step.technique != "bug_plus_one"


@pytest.mark.parametrize("size", [4, 6, 9])
def test_sizes(size: int) -> None:
    p = generate(size, seed=1)
    r = rate(p)
    assert r.solved or r.level == "extreme"
    ex = explain(p)
    if ex.solved:
        assert ex.final == solve(p)


def test_next_step_on_state() -> None:
    state = State.from_grid(parse(EASY))
    step = next_step(state, unique=True)
    assert step is not None and step.technique in ("full_house", "hidden_single")
    after = state.apply(step)
    ((cell, digit),) = step.placements
    assert after.values[cell] == digit and after.cands[cell] == 0


# --- hints ---------------------------------------------------------------------------


def test_hint_levels() -> None:
    h = hint(EASY)
    assert h is not None and h.kind == "step" and h.step is not None
    one, two, three = h.texts
    assert one.startswith("Look for a") and one.endswith(".")
    assert two.startswith(one) and "r" in two[len(one) :]
    assert three == h.step.text
    assert h.text(1) == one and h.text(9) == three


def test_hint_follows_player_progress() -> None:
    puzzle = parse(EASY)
    solution = solve(puzzle)
    assert solution is not None
    current = puzzle
    for _ in range(30):
        h = hint(puzzle, current)
        assert h is not None and h.step is not None
        for c, d in h.step.placements:
            assert solution[c] == d
            current = current.with_cell(c, d)
    assert hint(puzzle, solution) is None


def test_hint_mistake() -> None:
    puzzle = parse(EASY)
    solution = solve(puzzle)
    assert solution is not None
    cell = puzzle.empty_cells()[0]
    wrong = next(d for d in range(1, 10) if d != solution[cell])
    h = hint(puzzle, puzzle.with_cell(cell, wrong))
    assert h is not None and h.kind == "mistake" and h.cells == (cell,)
    assert puzzle.shape.cell_name(cell) in h.text(2)


def test_hint_honours_notes() -> None:
    puzzle = parse(HARD)
    solution = solve(puzzle)
    assert solution is not None
    # Notes that already hold only the solution's digit everywhere: the next step is a
    # naked single (only possible because of the notes), not whatever the grid offers.
    notes = [0 if v else 1 << (solution[c] - 1) for c, v in enumerate(puzzle.cells)]
    h = hint(puzzle, notes=notes)
    assert h is not None and h.step is not None
    assert h.step.technique in ("full_house", "hidden_single", "naked_single")
    # Notes that leave out the digit a cell needs are pointed out.
    cell = puzzle.empty_cells()[0]
    bad = list(notes)
    bad[cell] = sudokit.Shape.of(9).all_mask & ~(1 << (solution[cell] - 1))
    h = hint(puzzle, notes=bad)
    assert h is not None and h.kind == "notes" and h.cells == (cell,)


def test_hint_notes_change_the_step() -> None:
    # Without notes the puzzle's first hard step is a technique; with notes that already
    # made that elimination, the hint moves on.
    puzzle = parse(HARD)
    state = State.from_grid(puzzle)
    step = None
    while True:
        step = next_step(state, unique=True)
        assert step is not None
        if step.eliminations:
            break
        state = state.apply(step)
    current = Grid(puzzle.shape, state.values)
    h = hint(puzzle, current, notes=state.apply(step).cands)
    assert h is not None and h.step is not None
    assert h.step != step


def test_hint_several_solutions() -> None:
    h = hint("." * 81)
    assert h is not None and h.kind == "stuck"
    assert "more than one solution" in h.text(1)


def test_hint_edges() -> None:
    with pytest.raises(ValueError, match="given"):
        hint(EASY, parse(EASY).with_cell(2, 0))
    with pytest.raises(ValueError, match="note masks"):
        hint(EASY, notes=[0] * 10)
    h = hint(parse("1" + "1" + "." * 79, check=False))
    assert h is not None and h.kind == "no_solution"


def test_logic_does_not_import_generator() -> None:
    root = Path(sudokit.__file__).parent / "logic"
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                assert "generator" not in mod, path
                assert not mod.startswith(("game", "cli", "gui")), path
