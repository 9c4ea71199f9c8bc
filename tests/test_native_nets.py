"""The outer forcing-net searches of level 0 to 3 run by the C core (``_native.net_offers``).

An outer search asks every candidate's true- and false-assumption net whether it breaks
and what it agrees on with others, and offers each conclusion it finds, in order, to be
rated. The core runs the nets and makes the offers; only the nets of an offer are built
in Python. The offers (and so the step chosen) must be the pure-Python search's own.
"""

from __future__ import annotations

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

Offered = tuple[str, int, int, int, list[Any], list[Any], list[int]]


def _offers(state: State, level: int, core: bool) -> list[Offered]:
    """Every offer the outer search of ``level`` makes, in order, with its nets' starts
    (the search runs to its end: a fresh position has no floor to stop at)."""
    seen: list[Offered] = []
    rate = nets._rate

    def record(st: State, h: Any) -> None:
        seen.append(
            (
                h.kind,
                h.cell,
                h.digit,
                h.unit,
                h.placements,
                h.eliminations,
                [n.start for n in h.nets],
            )
        )
        rate(st, h)

    with pytest.MonkeyPatch.context() as m:
        m.setattr(nets, "_rate", record)
        m.setattr(nets, "CORE_TOP", 3 if core else -1)
        state.memo.clear()
        nets._exhaust(state, level, False)
    return seen


def _dead(state: State) -> bool:
    """An open cell without candidates: a contradiction no search is asked about."""
    return any(not state.cands[c] for c in cells_of(state.empty))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(candidate_states(), st.integers(0, 3))
def test_the_core_offers_what_the_python_search_offers(state: Any, level: int) -> None:
    # Contradictions, a candidate's two nets agreeing, a unit's and a cell's nets
    # agreeing: the same offers in the same order, with the same conclusions.
    if _dead(state) or (level == 3 and state.tables.n > 9):  # (slow in Python)
        return
    try:
        theirs = _offers(state, level, core=False)
    except IndexError:  # a pattern with no removal under it (not a net's stall)
        return
    assert _offers(state, level, core=True) == theirs


@pytest.mark.parametrize(("level", "grid", "removed"), NEEDED, ids=[f"level{c[0]}" for c in NEEDED])
def test_offers_where_a_level_is_needed_are_the_python_searchs(
    level: int, grid: str, removed: str
) -> None:
    # Positions of the forum's hardest where the level is the lowest that finds a step:
    # the nets' stalls reach the level's own patterns, chains and forcing chains.
    state = position(grid, removed)
    ours = _offers(state, level, core=True)
    assert ours
    assert ours == _offers(state, level, core=False)


@pytest.mark.parametrize(("level", "grid", "removed"), NEEDED, ids=[f"level{c[0]}" for c in NEEDED])
def test_a_search_gives_the_same_step_with_the_nets_run_in_c(
    level: int, grid: str, removed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ours = nets._best(position(grid, removed), level)
    monkeypatch.setattr(nets, "CORE_TOP", -1)  # every net built in Python
    theirs = nets._best(position(grid, removed), level)
    assert ours is not None
    assert ours == theirs


def test_net_offers_checks_its_input() -> None:
    core = native._core
    assert core is not None
    geo = native.geometry(Shape.of(4).rules)
    with pytest.raises(ValueError, match="expected 16 candidate masks, got 15"):
        core.net_offers(geo, [0] * 15, 0)
    with pytest.raises(TypeError, match="exactly 3 arguments"):
        core.net_offers(geo, [0] * 16)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="level must be 0 to 3"):
        core.net_offers(geo, [0] * 16, 4)
    assert core.net_offers(geo, [0] * 16, 1) == b""
    # A solved-but-two-cells 4×4: offers are records of six ints and their candidates.
    state = State.from_grid(generate(4, seed=1))
    assert _offers(state, 0, core=True) == _offers(state, 0, core=False)


def _path(grid: str) -> list[tuple[str, float, tuple[Any, ...], tuple[Any, ...]]]:
    from sudokit import parse
    from sudokit.logic.engine import fast_path, select

    g = parse(grid)
    return [
        (m.technique, m.rating, m.placements, m.eliminations)
        for m in fast_path(State.from_grid(g), unique=True, techniques=select(rules=g.rules))
    ]


@pytest.mark.parametrize(
    "grid",
    # Three of the forum's hardest: a level-2 and a level-3 net are the first needed at
    # one of their positions; in the third, nets kept from the position before took a
    # level-1 step rated 9.8 where the position's own nets rate one 9.5.
    [
        NEEDED[1][1],
        NEEDED[2][1],
        "...4......5..8.2.6.....71..2...4....3......1...5.3.8.25...6.3.8..6....9...8......",
    ],
    ids=["level2", "level3", "kept"],
)
def test_a_whole_path_is_the_same_with_and_without_the_core(
    grid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Along a path, the Python search may keep nets from the position before; below the
    # core's top level it does not, so that every step, rating and conclusion agree.
    ours = _path(grid)
    monkeypatch.setattr(nets, "CORE_TOP", -1)
    assert sum(t.startswith(("forcing_net", "nested")) for t, *_ in ours) >= 3
    assert _path(grid) == ours
