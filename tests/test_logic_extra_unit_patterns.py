"""Diagonals and windows as units in every technique: each position below holds a
pattern that only an extra unit (an X diagonal, a windoku window) makes, and the
technique finds it; a hypothesis sweep checks that what they find on variant positions
is true."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import Grid, generate, solve
from sudokit.geometry import Rules
from sudokit.logic import State
from sudokit.logic.techniques import BY_ID


def _cell(name: str) -> int:
    """``"r3c5"`` as a 9×9 cell index."""
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def _empty(variant: str) -> State:
    return State.from_grid(Grid(Rules.make(9, [variant]), [0] * 81))


def _only(state: State, digit: int, unit: list[str], keep: list[str]) -> State:
    """``state`` with ``digit`` left in ``unit`` only in the cells ``keep``."""
    keep_cells = {_cell(c) for c in keep}
    gone = [(_cell(c), digit) for c in unit if _cell(c) not in keep_cells]
    return state.applied(eliminations=gone)


def _row(r: int) -> list[str]:
    return [f"r{r}c{c}" for c in range(1, 10)]


def _col(c: int) -> list[str]:
    return [f"r{r}c{c}" for r in range(1, 10)]


DIAGONAL = [f"r{i}c{i}" for i in range(1, 10)]
WINDOW_1 = [f"r{r}c{c}" for r in (2, 3, 4) for c in (2, 3, 4)]


def _names(step_cells: tuple[tuple[int, int], ...]) -> list[tuple[str, int]]:
    return sorted((f"r{c // 9 + 1}c{c % 9 + 1}", d) for c, d in step_cells)


def test_empty_rectangle_on_a_diagonal() -> None:
    """X: on the diagonal, 1 lies only in r1c1, r2c2 (box 1) and r9c9 (box 9); row 3
    holds 1 only in r3c1 (box 1) and r3c7. If r8c7 or r9c7 were 1, r3c7 would not be,
    so r3c1 would, leaving the diagonal's 1 to r9c9 in the same box."""
    state = _only(_empty("x"), 1, DIAGONAL, ["r1c1", "r2c2", "r9c9"])
    state = _only(state, 1, _row(3), ["r3c1", "r3c7"])
    step = BY_ID["empty_rectangle"].find(state)
    assert step is not None
    assert _names(step.eliminations) == [("r8c7", 1), ("r9c7", 1)]
    assert step.units[0] == state.rules.unit_of[0][3]  # the diagonal
    assert "diagonal" in step.text


def test_empty_rectangle_in_a_window() -> None:
    """Windoku: in the window r2-4 c2-4, 1 lies only in row 2 and column 4; column 7
    holds 1 only in r2c7 and r6c7. r6c4 would leave neither r6c7 nor, through r2c7, the
    window's row-2 cells: its 1 would be in column 4, beside r6c4."""
    state = _only(_empty("windoku"), 1, WINDOW_1, ["r2c2", "r2c3", "r3c4", "r4c4"])
    state = _only(state, 1, _col(7), ["r2c7", "r6c7"])
    step = BY_ID["empty_rectangle"].find(state)
    assert step is not None
    assert _names(step.eliminations) == [("r6c4", 1)]
    assert "window" in step.text


def test_sue_de_coq_on_a_diagonal_and_a_box() -> None:
    """X: r1c1 and r2c2 (the diagonal meets box 1) hold 1-4; r5c5 on the diagonal holds
    1 2, r1c2 in the box 3 4: four cells, four digits. 1 and 2 leave the rest of the
    diagonal, 3 and 4 the rest of box 1."""
    state = _empty("x")
    cut = [(_cell(c), d) for c in ("r1c1", "r2c2") for d in range(5, 10)]
    cut += [(_cell("r5c5"), d) for d in range(3, 10)]
    cut += [(_cell("r1c2"), d) for d in (1, 2, *range(5, 10))]
    state = state.applied(eliminations=cut)
    step = BY_ID["sue_de_coq"].find(state)
    assert step is not None
    rest_of_diagonal = [c for c in DIAGONAL if c not in ("r1c1", "r2c2", "r5c5")]
    rest_of_box = ["r1c3", "r2c1", "r2c3", "r3c1", "r3c2", "r3c3"]
    expected = {(c, d) for c in rest_of_diagonal for d in (1, 2)}
    expected |= {(c, d) for c in rest_of_box for d in (3, 4)}
    assert set(_names(step.eliminations)) == expected
    assert "diagonal" in step.text


def test_grouped_chain_through_a_diagonal() -> None:
    """X: the diagonal holds 1 only in r1c1, r2c2 (a group in box 1) and r9c9, a grouped
    strong link; row 3 holds 1 only in r3c1 and r3c6. r9c9 or r3c6 is 1: r9c6, seeing
    both, is not."""
    state = _only(_empty("x"), 1, DIAGONAL, ["r1c1", "r2c2", "r9c9"])
    state = _only(state, 1, _row(3), ["r3c1", "r3c6"])
    step = BY_ID["aic"].find(state)
    assert step is not None
    assert _names(step.eliminations) == [("r9c6", 1)]
    group = (_cell("r1c1"), _cell("r2c2"))
    assert any(lk.strong and group in (lk.cells_from, lk.cells_to) for lk in step.links)


def test_finned_x_wing_with_its_fin_on_a_diagonal() -> None:
    """X: rows 2 and 4 hold 1 in columns 5 and 8, row 2 also in r2c2 on the diagonal
    (the fin, in no box with a cover cell). Either the fin is 1 or the X-Wing holds:
    r5c5 and r8c8, in the cover columns and on the fin's diagonal, are not 1."""
    state = _only(_empty("x"), 1, _row(2), ["r2c2", "r2c5", "r2c8"])
    state = _only(state, 1, _row(4), ["r4c5", "r4c8"])
    step = BY_ID["finned_x_wing"].find(state)
    assert step is not None
    assert _names(step.eliminations) == [("r5c5", 1), ("r8c8", 1)]
    assert _names(tuple((c, 1) for c, _ in step.secondary)) == [("r2c2", 1)]
    assert "diagonal" in step.text


# --- soundness on variant positions -------------------------------------------------

#: The techniques whose patterns extra units now make.
GENERALIZED = [
    "empty_rectangle",
    "sue_de_coq",
    "aic",
    "nice_loop",
    "finned_x_wing",
    "sashimi_x_wing",
    "finned_swordfish",
    "sashimi_swordfish",
    "finned_jellyfish",
    "sashimi_jellyfish",
]

#: Rules with diagonals, windows or both, with boxes or jigsaw regions.
EXTRA_RULES = ["x", "windoku", "x,jigsaw", "x,windoku", "jigsaw,windoku"]


@cache
def _puzzle(variant: str, seed: int) -> tuple[Grid, tuple[int, ...]]:
    grid = generate(9, variant=variant, seed=seed)
    solved = solve(grid)
    assert solved is not None
    return grid, tuple(solved.cells)


def _position(variant: str, seed: int, rng: random.Random) -> tuple[State, tuple[int, ...]]:
    """A position a solver may reach: the puzzle with up to three quarters of its wrong
    candidates taken away at random (and the solution)."""
    grid, solution = _puzzle(variant, seed)
    state = State.from_grid(grid)
    wrong = [(c, d) for c in range(81) for d in state.candidate_digits(c) if solution[c] != d]
    gone = rng.sample(wrong, rng.randint(0, len(wrong) * 3 // 4))
    return state.applied(eliminations=gone), solution


def _uses_extra_unit(state: State, step_units: tuple[int, ...], text: str) -> bool:
    return any(u in state.tables.extras for u in step_units) or any(
        word in text for word in ("diagonal", "window")
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(EXTRA_RULES), st.integers(0, 3), st.integers(0, 2**32))
def test_generalized_techniques_are_sound_on_variant_positions(
    variant: str, seed: int, draw: int
) -> None:
    state, solution = _position(variant, seed, random.Random(draw))
    for tid in GENERALIZED:
        step = BY_ID[tid].find(state)
        if step is None:
            continue
        for c, d in step.eliminations:
            assert solution[c] != d, (variant, tid, step.text)
        for c, d in step.placements:
            assert solution[c] == d, (variant, tid, step.text)


def test_extra_unit_patterns_turn_up_on_variant_positions() -> None:
    """Over fixed positions of X and windoku puzzles, Empty Rectangles, Sue de Coqs and
    finned fish through a diagonal or window are found, and every one is true: the
    soundness sweep above meets the new patterns, not just the old ones."""
    seen: set[str] = set()
    for variant in ("x", "windoku"):
        for seed in range(2):
            for draw in range(6):
                state, solution = _position(variant, seed, random.Random(draw))
                for tid in GENERALIZED:
                    step = BY_ID[tid].find(state)
                    if step is None or not _uses_extra_unit(state, step.units, step.text):
                        continue
                    assert all(solution[c] != d for c, d in step.eliminations), step.text
                    seen.add("fish" if tid.startswith(("finned", "sashimi")) else tid)
    assert {"empty_rectangle", "sue_de_coq", "fish"} <= seen, seen
