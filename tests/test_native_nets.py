"""The forcing nets of a whole outer search, run by the C core (``_native.net_all``).

An outer search of level 0 to 3 asks every candidate's true- and false-assumption net
whether it breaks and what it agrees on with others; the core runs them all at once and
only the nets of a conclusion are built again in Python. Each net the core runs must end
where the pure-Python net ends, and a search must give the same step either way.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import candidate_states
from sudokit import generate
from sudokit.geometry import Shape
from sudokit.logic.candidates import State, cells_of
from sudokit.logic.techniques import nets
from sudokit.solvers import native
from test_logic_nets import NEEDED, position

pytestmark = pytest.mark.skipif(native._core is None, reason="the C core is not built")


def _dead(state: State) -> bool:
    """An open cell without candidates: a contradiction no search is asked about."""
    return any(not state.cands[c] for c in cells_of(state.empty))


def _compare(state: State, level: int, nodes: list[int]) -> int:
    """Each of ``nodes``' nets as the core ran it against the Python net; how many were
    compared (a stall the core leaves to Python is not)."""
    ncells = state.tables.ncells
    light = nets._light(state, level)
    assert set(light) == {
        sign * (d * ncells + c + 1)
        for c in range(ncells)
        for d in state.shape.digits_of_mask[state.cands[c]]
        for sign in (1, -1)
    }
    compared = 0
    for node in nodes:
        ours = light[node]
        if ours.flag == 2:
            continue
        state.memo.clear()
        try:
            theirs = nets._propagate_python(state, node, level, None)
        except IndexError:  # a pattern with no removal under it (not a net's stall)
            continue
        assert ours.contradiction == (theirs.contradiction is not None), node
        if theirs.contradiction is None:
            assert ours.packed == (nets._pack(theirs.on, ncells), nets._pack(theirs.off, ncells))
        compared += 1
    return compared


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(candidate_states(), st.integers(0, 3), st.randoms(use_true_random=False))
def test_nets_run_together_in_c_end_as_the_python_nets(
    state: Any, level: int, rnd: random.Random
) -> None:
    # Whether each breaks, and what it made true and false, for a sample of assumptions
    # (true and false) at every level an outer search runs in the core.
    if _dead(state):
        return
    ncells = state.tables.ncells
    starts = [
        sign * (d * ncells + c + 1)
        for c in cells_of(state.empty)
        for d in state.shape.digits_of_mask[state.cands[c]]
        for sign in (1, -1)
    ]
    checked = _compare(state, level, rnd.sample(starts, min(8, len(starts))))
    assert checked or not starts or level


@pytest.mark.parametrize(("level", "grid", "removed"), NEEDED, ids=[f"level{c[0]}" for c in NEEDED])
def test_nets_of_positions_that_need_them_end_as_the_python_nets(
    level: int, grid: str, removed: str
) -> None:
    # Positions of the forum's hardest where the level is the lowest that finds a step:
    # the stalls there reach the level's own patterns, chains and forcing chains.
    state = position(grid, removed)
    ncells = state.tables.ncells
    starts = [
        sign * (d * ncells + c + 1)
        for c in cells_of(state.empty)
        for d in state.shape.digits_of_mask[state.cands[c]]
        for sign in (1, -1)
    ]
    rnd = random.Random(level)
    assert _compare(state, level, rnd.sample(starts, 40)) >= 30


@pytest.mark.parametrize(("level", "grid", "removed"), NEEDED, ids=[f"level{c[0]}" for c in NEEDED])
def test_a_search_gives_the_same_step_with_the_nets_run_in_c(
    level: int, grid: str, removed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ours = nets._best(position(grid, removed), level)
    monkeypatch.setattr(nets, "LIGHT_TOP", -1)  # every net built in Python
    theirs = nets._best(position(grid, removed), level)
    assert ours is not None
    assert ours == theirs


def test_net_all_checks_its_input() -> None:
    core = native._core
    assert core is not None
    geo = native.geometry(Shape.of(4).rules)
    with pytest.raises(ValueError, match="expected 16 candidate masks, got 15"):
        core.net_all(geo, [0] * 15, 0)
    with pytest.raises(TypeError, match="exactly 3 arguments"):
        core.net_all(geo, [0] * 16)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="level must be 0 to 3"):
        core.net_all(geo, [0] * 16, 4)
    assert core.net_all(geo, [0] * 16, 1) == b""
    # One record per assumption, true then false, for each candidate present: a flag
    # byte and two sets of (n + 1) * ncells bits.
    state = State.from_grid(generate(4, seed=1))
    data = core.net_all(geo, state.cands, 0)
    live = sum(m.bit_count() for m in state.cands)
    assert len(data) == 2 * live * (1 + 2 * ((5 * 16 + 7) // 8))
    assert _compare(state, 0, list(nets._light(state, 0))) == 2 * live
