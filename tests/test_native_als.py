"""Almost locked sets, their restricted-common graph and the ALS chain search, in the C
core (``_native.als_graph``, ``_native.als_chain``).

Under classic rules the engine takes the sets, the graph and the chain from the core; each
must be the Python search's own, in the same order (ties go to the first found), and the
chain search must count its work as the Python one does: the bound decides which chain is
found.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import candidate_states, path_positions
from sudokit import generate
from sudokit.geometry import Rules, Shape
from sudokit.logic.candidates import State
from sudokit.logic.step import Step
from sudokit.logic.techniques import als
from sudokit.solvers import native

pytestmark = pytest.mark.skipif(native._core is None, reason="the C core is not built")


def _core() -> Any:
    assert native._core is not None
    return native._core


def _geo(n: int) -> object:
    return native.geometry(Shape.of(n).rules)


@contextmanager
def _python_only() -> Iterator[None]:
    saved = als.NATIVE
    als.NATIVE = False
    try:
        yield
    finally:
        als.NATIVE = saved


@contextmanager
def _work(bound: int) -> Iterator[None]:
    saved = als.CHAIN_WORK
    als.CHAIN_WORK = bound
    try:
        yield
    finally:
        als.CHAIN_WORK = saved


def _fresh(state: State) -> State:
    out = state.copy()
    out.memo.clear()
    return out


Graph = tuple[list[als.Als], list[list[tuple[int, int]]]]


def _graphs(state: State, max_cells: int | None) -> tuple[Graph, Graph]:
    ours = als._restricted_graph(_fresh(state), max_cells)
    with _python_only():
        theirs = als._restricted_graph(_fresh(state), max_cells)
    return ours, theirs


def _chains(state: State) -> tuple[Step | None, Step | None]:
    ours = als.als_chain(_fresh(state))
    with _python_only():
        theirs = als.als_chain(_fresh(state))
    return ours, theirs


def test_the_core_is_used_under_classic_rules(monkeypatch: Any) -> None:
    # The flag sends the search to Python: both paths must be taken for the comparisons
    # below to mean anything.
    state = State.from_grid(generate(9, seed=1))
    calls: list[str] = []
    real = native._core

    class Spy:
        def __getattr__(self, name: str) -> Any:
            calls.append(name)
            return getattr(real, name)

    monkeypatch.setattr(native, "_core", Spy())
    als.als_chain(_fresh(state))
    assert "als_graph" in calls and "als_chain" in calls
    calls.clear()
    with _python_only():
        als.als_chain(_fresh(state))
    assert not calls


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(candidate_states(), st.sampled_from([None, 1, 2, 3, 4, 8]))
def test_sets_and_graph_are_the_python_searchs(state: Any, max_cells: int | None) -> None:
    (sets, graph), (py_sets, py_graph) = _graphs(state, max_cells)
    assert sets == py_sets
    assert graph == py_graph


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(candidate_states(), st.sampled_from([0, 1, 2, 5, 30, 200, 1000, als.CHAIN_WORK]))
def test_the_chain_is_the_python_searchs(state: Any, bound: int) -> None:
    # Small work bounds stop the search at every stage: the chain kept must be the one
    # the Python search keeps when it stops at the same point.
    with _work(bound):
        ours, theirs = _chains(state)
    assert ours == theirs


def test_sets_graph_and_chains_along_the_paths_of_hard_puzzles() -> None:
    # The positions the engine meets: each answer must be the Python one, and the chain
    # search must find chains there (under the full bound and a small one).
    found = {"chains": 0, "chains, bound 300": 0, "none": 0}
    for seed in (3, 11, 29):
        for state in path_positions(seed):
            (sets, graph), (py_sets, py_graph) = _graphs(state, None)
            assert sets == py_sets and graph == py_graph, seed
            ours, theirs = _chains(state)
            assert ours == theirs, seed
            found["chains" if ours else "none"] += 1
            with _work(300):
                ours, theirs = _chains(state)
            assert ours == theirs, seed
            found["chains, bound 300"] += ours is not None
    assert found["chains"] >= 100 and found["none"] >= 10, found
    assert 50 < found["chains, bound 300"] < found["chains"] - 50, found


def test_a_blossom_after_the_graph_takes_the_smaller_sets_of_the_wider_search() -> None:
    # The Death Blossom's sets (four cells at most) come from the wider search when it
    # ran, else from a search of their own: the same either way.
    state = path_positions(11)[5]
    wide = _fresh(state)
    als._restricted_graph(wide)
    own = als.find_als(_fresh(state), als.BLOSSOM_MAX_CELLS)
    assert als.find_als(wide, als.BLOSSOM_MAX_CELLS) == own
    with _python_only():
        assert als.find_als(_fresh(state), als.BLOSSOM_MAX_CELLS) == own
    assert own and max(a.cells.bit_count() for a in own) == als.BLOSSOM_MAX_CELLS


def test_an_empty_cell_without_candidates_is_part_of_the_sets() -> None:
    # Empty cells come from the caller, not from the masks: a cell left with no
    # candidate joins sets (with one digit fewer) as in Python.
    state = path_positions(3)[4]
    cell = next(iter(c for c in range(81) if state.cands[c]))
    broken = State(
        state.rules, state.values, [0 if c == cell else m for c, m in enumerate(state.cands)]
    )
    (sets, graph), (py_sets, py_graph) = _graphs(broken, None)
    assert sets == py_sets and graph == py_graph
    assert any(a.cells >> cell & 1 for a in sets)


def test_als_graph_and_als_chain_check_their_input() -> None:
    core = _core()
    g4 = _geo(4)
    with pytest.raises(TypeError, match=r"als_graph\(\) takes exactly 4 arguments"):
        core.als_graph(g4, [0] * 16, 0)
    with pytest.raises(TypeError, match=r"als_chain\(\) takes exactly 6 arguments"):
        core.als_chain(g4, [0] * 16, 0, 3, 5)
    with pytest.raises(TypeError, match="expected the rules' geometry"):
        core.als_graph(object(), [0] * 16, 0, 3)
    with pytest.raises(ValueError, match="classic rules only"):
        core.als_graph(native.geometry(Rules.make(9, ["x"])), [511] * 81, 0, 8)
    with pytest.raises(ValueError, match="expected 16 candidate masks, got 15"):
        core.als_graph(g4, [0] * 15, 0, 3)
    with pytest.raises(ValueError, match="empty: not a set of 16 cells"):
        core.als_graph(g4, [0] * 16, 1 << 16, 3)
    with pytest.raises(ValueError, match="empty: not a set of 16 cells"):
        core.als_graph(g4, [0] * 16, -1, 3)
    with pytest.raises(TypeError, match="empty: expected an int"):
        core.als_graph(g4, [0] * 16, "0", 3)
    with pytest.raises(ValueError, match="max_cells must be 1 to 3, got 4"):
        core.als_graph(g4, [0] * 16, 0, 4)
    with pytest.raises(ValueError, match="max_cells must be 1 to 8, got 0"):
        core.als_chain(_geo(9), [0] * 81, 0, 0, 5, 10)
    with pytest.raises(ValueError, match="max_chain must be 0 to 8, got 9"):
        core.als_chain(g4, [0] * 16, 0, 3, 9, 10)
    with pytest.raises(ValueError, match="max_work must be 0 to"):
        core.als_chain(g4, [0] * 16, 0, 3, 5, -1)
    # Nothing empty: no sets, no chain.
    assert core.als_graph(g4, [0] * 16, 0, 3) == ([], [])
    assert core.als_chain(g4, [0] * 16, 0, 3, 5, 10) is None


def test_als_graph_gives_the_sets_fields_and_the_graph() -> None:
    # 4x4, row 1 empty, the rest filled: r1c1 {1,2} is a one-cell set, its 1 seen by
    # r1c3 and its 2 by r1c2. Each set comes as (cells, digits, unit, where, seen), the
    # graph as (index, digit) pairs.
    cands = [0b0011, 0b0110, 0b0101, 0b1000] + [0] * 12
    sets, graph = _core().als_graph(_geo(4), cands, 0b1111, 3)
    state = State(Shape.of(4), [0] * 4 + [1] * 12, cands)
    with _python_only():
        py_sets, py_graph = als._restricted_graph(state)
    assert [als.Als(*s) for s in sets] == py_sets
    assert graph == py_graph
    assert (0b0001, 0b0011, 0, (0, 1, 1, 0, 0), (0, 0b0100, 0b0010, 0, 0)) in sets
    assert any(graph)
