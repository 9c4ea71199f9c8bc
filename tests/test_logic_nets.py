"""Forcing nets at Sudoku Explainer's levels (``logic/techniques/nets.py``).

Positions that need each level (the level below finds nothing there) come from the
logical paths of puzzles of the forum's hardest list; the generated puzzles are sudokit's.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import candidate_states
from sudokit import generate, parse, solve
from sudokit.logic import State, explain, rate
from sudokit.logic.candidates import FLOOR, cells_of
from sudokit.logic.step import Step
from sudokit.logic.techniques import BY_ID, chains, nets, nets_rules
from sudokit.solvers import native

_TOKEN = re.compile(r"r(\d)c(\d):(\d+)")


def position(grid: str, removed: str) -> State:
    out = []
    for r, c, ds in _TOKEN.findall(removed):
        out += [((int(r) - 1) * 9 + int(c) - 1, int(d)) for d in ds]
    return State.from_grid(parse(grid)).applied((), out)


def sound(state: State, step: Step) -> None:
    solution = solve(state.to_grid())
    assert solution is not None
    assert step.placements or step.eliminations
    for c, d in step.placements:
        assert solution[c] == d
    for c, d in step.eliminations:
        assert solution[c] != d
        assert state.cands[c] >> (d - 1) & 1


# (level, placed digits, removed candidates): the level is the lowest that finds a step.
NEEDED = [
    (
        1,
        "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9..28.....5.6.......2",
        "r4c7:2 r5c7:2",
    ),
    (
        2,
        "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9..28.....5.6.......2",
        "r2c4:8 r4c7:2 r5c7:2",
    ),
    (
        3,
        ".....5..4.9.....2...6.7.3.....7..8....86.....13..8......3.1.6...2......54......9.",
        "r2c6:1 r3c6:1 r4c8:6 r4c9:6",
    ),
]


@pytest.mark.parametrize(
    ("level", "grid", "removed"),
    [
        pytest.param(*case, marks=[pytest.mark.slow] if case[0] >= 2 else [], id=f"level{case[0]}")
        for case in NEEDED
    ],
)
def test_each_level_is_needed(level: int, grid: str, removed: str) -> None:
    state = position(grid, removed)
    assert nets._best(state, level - 1) is None
    step = nets._best(state, level)
    assert step is not None
    assert step.technique == nets._NAMES[level][0]
    assert step.rating >= nets.BASE[level]
    sound(state, step)
    # The sentence names every cell the step changes; the links draw every branch.
    for c, _ in (*step.placements, *step.eliminations):
        assert state.shape.cell_name(c) in step.text
    assert step.links


def _late_position(seed: int) -> State:
    """The position before the last forcing step of a generated extreme puzzle."""
    grid = generate(seed=seed, difficulty="extreme")
    state = State.from_grid(grid)
    before = state
    for step, after in _path(state):
        if BY_ID[step.technique].level == "extreme":
            before = state
        state = after
    return before


def _path(state: State) -> list[tuple[Step, State]]:
    from sudokit.logic.engine import steps

    return list(steps(state, unique=True))


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), level=st.integers(0, 2))
def test_nets_are_sound_on_generated_puzzles(seed: int, level: int) -> None:
    state = _late_position(seed)
    step = nets._best(state, level)
    if step is not None:
        sound(state, step)


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), cells=st.lists(st.integers(0, 80), min_size=8, max_size=8))
def test_a_net_starts_where_the_level_below_stopped(seed: int, cells: list[int]) -> None:
    # What a level-1 net finds is the same from scratch and from the level-0 net.
    state = _late_position(seed)
    for c in cells:
        for d in state.shape.digits_of_mask[state.cands[c]]:
            for node in (nets.node_of(state, c, d), nets.node_of(state, c, d, False)):
                cold = nets.propagate(state, node, 1)
                below = nets.propagate(state, node, 0)
                warm = nets.propagate(state, node, 1, below)
                assert (cold.contradiction is None) == (warm.contradiction is None)
                if cold.contradiction is None:
                    assert cold.on == warm.on
                    assert cold.off == warm.off


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), cells=st.lists(st.integers(0, 80), min_size=4, max_size=4))
def test_what_nets_agree_on_is_each_digits_cells_in_every_net(seed: int, cells: list[int]) -> None:
    # The packed check must give exactly the candidates live in the position that every
    # net sets true (or false), digit by digit, with the skipped candidate left out.
    state = _late_position(seed)
    for c in cells:
        digits = state.shape.digits_of_mask[state.cands[c]]
        ons = [nets.propagate(state, nets.node_of(state, c, d), 0) for d in digits]
        groups: list[tuple[list[nets.Net], tuple[int, int] | None]] = [(ons, None)]
        groups += [
            ([on, nets.propagate(state, nets.node_of(state, c, d, False), 0)], (c, d))
            for on, d in zip(ons, digits, strict=True)
        ]
        for group, skip in groups:
            places, elims = [], []
            for d in range(1, 10):
                on = off = state.dcells[d]
                for net in group:
                    on &= net.on[d]
                    off &= net.off[d]
                if skip is not None and skip[1] == d:
                    on &= ~(1 << skip[0])
                    off &= ~(1 << skip[0])
                places += [(x, d) for x in range(81) if on >> x & 1]
                elims += [(x, d) for x in range(81) if off >> x & 1]
            assert nets._common(state, group, skip) == (places, elims)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_a_stall_gets_the_chain_of_its_own_candidates(seed: int) -> None:
    # The nets keep the chains found at their stalls: asked in turn at two positions that
    # differ by one candidate, each gets the chain a fresh search finds there.
    state = _late_position(seed)
    cell = next(c for c in cells_of(state.empty) if state.cands[c].bit_count() >= 2)
    digit = state.shape.digits_of_mask[state.cands[cell]][0]
    other = state.applied((), [(cell, digit)])
    for position in (state, other, state, other):
        assert _seen(nets_rules._chain(position)) == _seen(_fresh_chain(position))


@settings(max_examples=120, deadline=None)
@given(candidate_states())
def test_a_stall_gets_the_first_level1_pattern_of_its_own_candidates(state: State) -> None:
    # The nets take the first of pointing, claiming, naked pair, hidden pair and X-Wing
    # that finds something, as the core names it (and locates pointing and claiming), and
    # keep it by position: asked twice, and after a position one candidate away, each
    # position gets what the finders in order find there.
    core = native._core
    if core is None:
        pytest.skip("the C core is not built")
    nets_rules._level1_found(state.rules).clear()
    cell = next((c for c in cells_of(state.empty) if state.cands[c].bit_count() >= 2), None)
    positions = [state, state]
    if cell is not None:
        digit = state.shape.digits_of_mask[state.cands[cell]][0]
        other = state.applied((), [(cell, digit)])
        positions += [other, state, other]
    for position in positions:
        if any(not position.cands[c] for c in cells_of(position.empty)):
            # An open cell without candidates is a contradiction: the nets stop there and
            # never ask (the core counts a unit's open cells by their candidates).
            continue
        expected = next((f for rule in nets_rules._LEVEL1 if (f := rule(position))), None)
        assert nets_rules.level1(position, core) == expected


def _fresh_chain(state: State) -> tuple[Step, int] | None:
    step = chains.short_aic(state)
    return None if step is None else (step, len(step.links) + 1)


def _seen(chain: tuple[Step, int] | None) -> object:
    """What a net takes from a chain it uses: the pattern, what it proves, its name and
    complexity (not its sentence: a nested step is told by its name)."""
    if chain is None:
        return None
    step, cx = chain
    return (step.technique, step.name, step.cells, step.candidates, step.units), (
        step.placements,
        step.eliminations,
        cx,
    )


#: One of the forum's hardest (SE 11.9), rated by a level-4 net here.
HARDEST_41 = "..3..6.8....1..2......7...4..9..8.6..3..4...1.7.2.....3....5.....5...6..98.....5."


def _hint_key(h: nets._Hint) -> tuple[object, ...]:
    fields = (h.kind, h.cell, h.digit, h.unit, h.placements, h.eliminations, h.cx, h.target)
    return (*fields, [a.start for a in h.nets])


@pytest.mark.skipif(native._core is None, reason="the C core is not built")
def test_a_nested_nets_inner_search_from_the_core_is_the_python_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # At every stall of a level-4 net on the way through one of the forum's hardest (rated
    # 11.8 here, 11.9 by SE), the inner search the core runs gives the hint the Python
    # search gives: nothing (most stalls), the first assumption that breaks (most of the
    # rest, built alone), or a cell or unit of nets agreeing on something (searched). So
    # do a level-5 and a level-6 net's (level-1 nets inside, taking pointing, claiming,
    # pairs and X-Wings at their stalls; level-2 nets, then chains too) at the first 40.
    inner = nets._inner
    kinds: dict[tuple[int, str], int] = {}

    def check(st: State, level: int, core: object) -> object:
        ours = inner(st, level, core)  # type: ignore[arg-type]
        view = nets_rules._view(st, list(st.cands), list(st.dcells))
        theirs = nets._search(view, level, inner=True)
        kind = (level, "none" if theirs is None else theirs.kind)
        kinds[kind] = kinds.get(kind, 0) + 1
        if theirs is None or ours is None:
            assert ours is theirs
        else:
            assert _hint_key(ours) == _hint_key(theirs)
        return ours

    def both(st: State, level: int, core: object) -> object:
        if level == 0 and sum(kinds.values()) < 120:
            for deeper in (1, 2):
                check(nets_rules._view(st, list(st.cands), list(st.dcells)), deeper, core)
        return check(st, level, core) if level == 0 else inner(st, level, core)  # type: ignore[arg-type]

    monkeypatch.setattr(nets, "_inner", both)
    rating = rate(HARDEST_41)
    assert (rating.score, rating.hardest) == (11.8, "nested_net")
    assert {(0, "none"), (0, "false"), (0, "unit"), (1, "none"), (1, "false")} <= kinds.keys()
    assert {(2, "none"), (2, "false")} <= kinds.keys()


def test_a_floor_lets_the_search_stop_early_at_no_higher_rating() -> None:
    state = position(NEEDED[0][1], NEEDED[0][2])
    best = nets._best(state, 1)
    assert best is not None
    again = position(NEEDED[0][1], NEEDED[0][2])
    again.memo[FLOOR] = 12.0
    quick = nets._best(again, 1)
    assert quick is not None
    sound(again, quick)
    assert best.rating <= quick.rating <= 12.0


@pytest.mark.parametrize("seed", [5, 11])
def test_rate_and_explain_agree_on_extreme_puzzles(seed: int) -> None:
    # Both walk the same path (both let the searches stop at the floor) and finish it.
    grid = generate(seed=seed, difficulty="extreme")
    r = rate(grid)
    e = explain(grid)
    assert r.solved and e.solved
    assert r.score == max(s.rating for s in e.steps)
    assert r.level == "extreme"


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), pick=st.randoms(use_true_random=False))
def test_a_net_under_non_consecutive_rules_takes_the_neighbours_digits_either_side(
    seed: int, pick: object
) -> None:
    """Under non-consecutive rules a digit made true takes the digits one above and one
    below from its orthogonal neighbours, as a peer takes the digit itself; what a net
    finds from there stays sound."""
    import random

    from sudokit.geometry import Rules

    assert isinstance(pick, random.Random)
    rules = Rules.make(6, ("non-consecutive",))
    grid = generate(6, seed=seed, variant="non-consecutive")
    assert grid.rules == rules
    state = State.from_grid(grid)
    n, ncells = 6, 36
    free = [c for c in range(ncells) if state.cands[c]]
    for c in pick.sample(free, min(4, len(free))):
        for d in state.shape.digits_of_mask[state.cands[c]]:
            net = nets.propagate(state, nets.node_of(state, c, d), 0)
            if net.contradiction is not None:
                continue
            for m in rules.neighbours[c]:
                for e in (d - 1, d + 1):
                    if 1 <= e <= n and state.cands[m] >> (e - 1) & 1:
                        assert net.off[e] >> m & 1, (c, d, m, e)
    for level in (0, 1):
        step = nets._best(state, level)
        if step is not None:
            sound(state, step)
