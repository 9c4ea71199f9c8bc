"""Whether the grouped AIC search finds a chain at all, answered by the C core
(``_native.aic_any``).

On the hardest puzzles the search mostly finds nothing, after walking every start to its
full depth; the engine asks the core first and searches only when it says yes. So the
core's answer must be the Python search's own, yes and no, at every position.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import candidate_states, path_positions
from sudokit.geometry import Rules, Shape
from sudokit.logic.candidates import State
from sudokit.logic.techniques import chains
from sudokit.solvers import native

pytestmark = pytest.mark.skipif(native._core is None, reason="the C core is not built")


def _core() -> Any:
    assert native._core is not None
    return native._core


def _geo(n: int) -> object:
    return native.geometry(Shape.of(n).rules)


def _python(state: State, most: int) -> bool:
    state.memo.clear()
    return chains._search(state, "aic", "aic", most) is not None


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(candidate_states(), st.sampled_from([0, 1, 2, 3, 4, 5, 7, 8, 12, chains.MAX_NODES]))
def test_aic_any_is_whether_the_python_search_finds_a_chain(state: Any, most: int) -> None:
    # Short limits too: the depth at which a walk stops (odd limits included) must be
    # the Python walk's.
    assert _core().aic_any(_geo(state.tables.n), state.cands, most) == _python(state, most)


def test_aic_any_along_the_paths_of_hard_puzzles() -> None:
    # Where the engine needs forcing nets on the paths of hard puzzles (100 candidates
    # and more left) the search finds nothing, walking every start to its full depth;
    # elsewhere it mostly finds a chain, or nothing near the end. Each answer must be the
    # Python search's, and all three kinds must be there.
    answers = {"yes": 0, "no": 0, "no, open": 0}
    for seed in (3, 11, 29):
        for state in path_positions(seed):
            ours = _core().aic_any(_geo(9), state.cands, chains.MAX_NODES)
            assert ours == _python(state, chains.MAX_NODES), seed
            left = sum(state.shape.popcount[m] for m in state.cands)
            answers["yes" if ours else "no, open" if left >= 100 else "no"] += 1
    assert answers["yes"] >= 20 and answers["no"] >= 5 and answers["no, open"] >= 3, answers


def test_the_engine_skips_the_search_when_the_core_says_none(monkeypatch: Any) -> None:
    # A hard position where no grouped AIC exists: the search is not run, and None is
    # kept.
    no = next(
        s for s in path_positions(3) if not _core().aic_any(_geo(9), s.cands, chains.MAX_NODES)
    )
    assert sum(no.shape.popcount[m] for m in no.cands) >= 100
    no.memo.clear()

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched although the core said there is no chain")

    monkeypatch.setattr(chains, "_search", refuse)
    assert chains.aic(no) is None
    assert "chains.aic.aic" in no.memo
    # Without the core's answer the search runs (and then finds nothing either).
    no.memo.clear()
    monkeypatch.setattr(chains, "NATIVE_SKIP", False)
    with pytest.raises(AssertionError, match="searched although"):
        chains.aic(no)


def test_aic_any_checks_its_input() -> None:
    core = _core()
    with pytest.raises(TypeError, match=r"aic_any\(\) takes exactly 3 arguments"):
        core.aic_any(_geo(4), [0] * 16)
    with pytest.raises(TypeError, match="expected the rules' geometry"):
        core.aic_any(object(), [0] * 16, 40)
    with pytest.raises(ValueError, match="classic rules only"):
        core.aic_any(native.geometry(Rules.make(9, ["x"])), [511] * 81, 40)
    with pytest.raises(ValueError, match="expected 16 candidate masks, got 15"):
        core.aic_any(_geo(4), [0] * 15, 40)
    with pytest.raises(ValueError, match="cell 2: not a candidate mask of 4 digits"):
        core.aic_any(_geo(4), [0, 0, 16] + [0] * 13, 40)
    with pytest.raises(ValueError, match="max_nodes must be 0 to 1000, got -1"):
        core.aic_any(_geo(4), [0] * 16, -1)
    with pytest.raises(ValueError, match="max_nodes must be 0 to 1000, got 1001"):
        core.aic_any(_geo(4), [0] * 16, 1001)
    assert core.aic_any(_geo(4), [0] * 16, 40) is False


def test_aic_any_finds_a_grouped_chain_the_plain_search_misses() -> None:
    # 4x4, digit 1 only, at r1c1 r1c2 r1c3 r2c1 r3c1 r3c3. In box 1 "r1c2 is not 1"
    # leaves r1c1 or r2c1 (a group in column 1), which takes 1 from r3c1, so r3c3 (row
    # 3) is 1: r1c3, seeing r1c2 and r3c3, loses 1. Without the group there is none.
    cands = [0] * 16
    for cell in (0, 1, 2, 4, 8, 10):
        cands[cell] = 1
    state = State(Shape.of(4), [0] * 16, cands)
    assert chains._search(state, "plain", "aic") is None
    assert _python(state, chains.MAX_NODES) is True
    assert _core().aic_any(_geo(4), cands, chains.MAX_NODES) is True
    # The chain has four nodes: a limit of 2 stops short of it (one of 3 does not: a
    # walk reaches the next true nodes while it is under its limit plus one).
    assert _python(state, 2) is False
    assert _core().aic_any(_geo(4), cands, 2) is False
    assert _python(state, 3) is True
    assert _core().aic_any(_geo(4), cands, 3) is True
