"""The C core's answer to "which digits hold a Franken or mutant fish?" against the
pure-Python search it stands in for (the engine searches only the digits it names)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import candidate_states
from sudokit import generate, parse, solve
from sudokit.logic import BY_ID, State
from sudokit.logic.techniques import fish_franken
from sudokit.solvers import native as native_mod

pytestmark = pytest.mark.skipif(
    not native_mod.AVAILABLE, reason="the C core (sudokit._native) is not built"
)

FAMILIES = ("franken", "mutant")

# A Franken swordfish on 9 (rows 1, 3, 5 covered by columns 1, 9 and box 2), and the same
# position with a fin (see test_logic_patterns).
FRANKEN = ".6.8.27352.76354.8385.7.26.5.6.8.3.7..876315.73.25.6848.2..657.65...78..173528946"
FRANKEN_REMOVED = "r1c5:4 r3c6:1 r4c2:4 r4c4:1 r5c2:9 r7c4:4 r8c4:14"


def position(grid: str, removed: str) -> State:
    state = State.from_grid(parse(grid))
    gone = []
    for item in removed.split():
        cell, digits = item.split(":")
        r, c = int(cell[1]) - 1, int(cell[3]) - 1
        gone += [(r * 9 + c, int(d)) for d in digits]
    return state.applied(eliminations=gone)


def core_digits(state: State, family: str) -> int:
    core = native_mod._core
    assert core is not None
    return core.franken_digits(native_mod.geometry(state.rules), state.cands, family == "mutant")


def python_digits(state: State, family: str) -> int:
    """As the core answers: bit d-1 when a fish without fins is found on d, bit d+15 when
    one with fins is."""
    out = 0
    for d in range(1, state.tables.n + 1):
        found = fish_franken._digit(state, d, family)
        out |= ((family, False) in found) << (d - 1) | ((family, True) in found) << (d + 15)
    return out


def without_core(state: State, tid: str, monkeypatch: pytest.MonkeyPatch) -> object:
    with monkeypatch.context() as m:
        m.setattr(native_mod, "_core", None)
        fish_franken._CACHE.clear()
        state.memo.clear()
        step = BY_ID[tid].find(state)
    fish_franken._CACHE.clear()
    state.memo.clear()
    return step


@settings(max_examples=120, deadline=None)
@given(candidate_states(), st.sampled_from(FAMILIES))
def test_core_names_the_digits_the_python_search_finds_a_fish_on(state: State, family: str) -> None:
    if state.tables.n > fish_franken.MAX_GRID:
        # Not searched in C (nor in Python, which stops first): every digit is named.
        assert core_digits(state, family) == ((1 << state.tables.n) - 1) * 0x10001
        return
    assert core_digits(state, family) == python_digits(state, family)


def _thinned(seed: int, share: float) -> State:
    """A position of a generated 9×9 puzzle with ``share`` of its wrong candidates gone:
    such positions are rich in fish."""
    puzzle = generate(9, seed=seed)
    solution = solve(puzzle)
    assert solution is not None
    state = State.from_grid(puzzle)
    wrong = [(c, d) for c in range(81) for d in state.candidate_digits(c) if solution[c] != d]
    rng = random.Random(seed)
    return state.applied(eliminations=rng.sample(wrong, int(len(wrong) * share)))


def test_core_agrees_where_fish_abound() -> None:
    found = 0
    for seed in range(40):
        for share in (0.4, 0.6):
            state = _thinned(seed, share)
            for family in FAMILIES:
                ours = python_digits(state, family)
                assert core_digits(state, family) == ours, (seed, share, family)
                found += ours >> 16 != 0 and ours & 0xFFFF != 0
    # The comparison covers digits with fish with and without fins, not only the
    # (usual) empty answer.
    assert found >= 10


@pytest.mark.parametrize(
    ("removed", "tid"),
    [
        (FRANKEN_REMOVED, "franken_fish"),
        (FRANKEN_REMOVED + " r1c3:9", "finned_franken_fish"),
    ],
)
def test_the_step_found_is_the_python_search_s(
    removed: str, tid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = position(FRANKEN, removed)
    kinds = core_digits(state, "franken")
    assert kinds and not kinds & ~(1 << 8 | 1 << 24)  # only 9 holds a fish
    fish_franken._CACHE.clear()
    state.memo.clear()
    step = BY_ID[tid].find(state)
    assert step is not None
    assert step == without_core(state, tid, monkeypatch)


def test_a_digit_of_more_than_64_cells_is_named_unsearched() -> None:
    rules = parse("." * 81).rules
    # Every candidate in every cell: 81 cells per digit, past one machine word, so the
    # core names every digit and leaves them to Python.
    every = State(rules, [0] * 81, [511] * 81)
    assert core_digits(every, "franken") == core_digits(every, "mutant") == 511 * 0x10001
    # 64 cells per digit (the first 17 cells hold none): searched, as Python does.
    most = State(rules, [0] * 81, [0] * 17 + [511] * 64)
    for family in FAMILIES:
        assert core_digits(most, family) == python_digits(most, family)


def test_bad_arguments_are_refused() -> None:
    core = native_mod._core
    assert core is not None
    geo = native_mod.geometry(parse("." * 81).rules)
    with pytest.raises(ValueError, match="mutant must be 0 or 1, got 2"):
        core.franken_digits(geo, [0] * 81, 2)
    with pytest.raises(ValueError, match="expected 81 candidate masks, got 80"):
        core.franken_digits(geo, [0] * 80, 0)
