"""Aligned pair and triple exclusion (``logic/techniques/aligned.py``): base cells whose
digits must leave a candidate in every small cell that sees them all. The positions come
from the paths of sudoku-exchange puzzles that Sukaku Explainer rates 7.5, checked
against their solutions."""

from __future__ import annotations

import itertools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import generate, parse, solve
from sudokit.logic import BY_ID, State
from sudokit.logic.candidates import EARLIER
from sudokit.logic.engine import next_step, select
from sudokit.logic.grade import SE_LACKS
from sudokit.logic.techniques import aligned
from sudokit.logic.techniques.aligned import (
    _unsupported,
    aligned_pair_exclusion,
    aligned_triple_exclusion,
)
from test_logic_techniques import candidates, position

# The next step on Sudoku Explainer's path (sudokit's own path takes a Type 6 Unique
# Rectangle there first).
PAIR = ".9.367.4..4....97.27.94.6.1...59341..1..2..6.4.......97......96.8..3..2...21798.4"
PAIR_REMOVED = (
    "r1c1:5 r1c3:5 r1c9:8 r2c1:18 r2c3:18 r2c6:5 r2c9:25 r3c3:8 r3c8:5 r5c3:3 r6c2:6 "
    "r6c3:56 r6c8:3 r7c3:35 r7c6:45 r8c1:56 r8c3:56"
)
# The next step on sudokit's path.
TRIPLE = "..17...24.....4..8.4..231...6......22176384599..2...1.8.345..6.1..3......7...29.."
TRIPLE_REMOVED = "r2c4:9 r4c4:1 r4c6:9"


def _sound(state: State, eliminations: tuple[tuple[int, int], ...]) -> None:
    solution = solve(state.to_grid())
    assert solution is not None
    for c, d in eliminations:
        assert state.cands[c] >> (d - 1) & 1
        assert solution[c] != d


def test_pair_exclusion_removes_what_no_pair_of_digits_allows() -> None:
    state = position(PAIR, PAIR_REMOVED)
    step = aligned_pair_exclusion(state)
    assert step is not None
    assert step.technique == "aligned_pair_exclusion"
    assert step.rating == BY_ID["aligned_pair_exclusion"].rating == 6.2
    assert set(step.eliminations) == candidates("r5c9:5")
    _sound(state, step.eliminations)
    # r4c9 {2,7,8}: 2 with 5 empties r1c9 {2,5}, 7 empties r8c9 {5,7}, 8 empties r6c8.
    assert step.text.startswith("Aligned Pair Exclusion: r4c9 {2,7,8} and r5c9 {3,5,7,8} both")
    assert (
        "if r5c9 were 5: r4c9 = 2 empties r1c9 {2,5}, r4c9 = 7 empties r8c9 {5,7}, "
        "r4c9 = 8 empties r6c8 {5,8}; so 5 can be removed from r5c9." in step.text
    )
    name = state.shape.cell_name
    assert [name(c) for c in step.cells[:2]] == ["r4c9", "r5c9"]
    assert {name(c) for c in step.cells[2:]} >= {"r1c9", "r6c8", "r8c9"}
    assert {c for c, _ in step.secondary} == set(step.cells[2:])


def test_pair_exclusion_is_the_next_step_on_sudoku_explainers_path() -> None:
    state = position(PAIR, PAIR_REMOVED)
    se = [t for t in select(unique=True) if t.id not in SE_LACKS]
    step = next_step(state, unique=True, techniques=se)
    assert step is not None and step.technique == "aligned_pair_exclusion"
    # Without it, SE's techniques would need a chain rated higher.
    without = [t for t in se if t.id != "aligned_pair_exclusion"]
    other = next_step(position(PAIR, PAIR_REMOVED), unique=True, techniques=without)
    assert other is not None and other.rating > 6.2


def test_triple_exclusion_is_the_next_step() -> None:
    state = position(TRIPLE, TRIPLE_REMOVED)
    step = next_step(state, unique=True, techniques=select(unique=True))
    assert step is not None
    assert step.technique == "aligned_triple_exclusion" and step.rating == 7.5
    assert set(step.eliminations) == candidates("r8c3:9")
    _sound(state, step.eliminations)
    assert step.text.startswith(
        "Aligned Triple Exclusion: r7c7 {2,7}, r8c2 {2,5,9} and r8c3 {2,4,5,6,9} all see "
        "r7c2 {2,9} and r8c9 {5,7}"
    )
    # Every choice for the other two is ruled out, each with its reason.
    assert "r7c7, r8c2 = 2, 9 repeats 9 in row 8" in step.text
    assert "r7c7, r8c2 = 7, 5 empties r8c9 {5,7}" in step.text
    assert step.text.count(" = ") == 6


def test_a_search_repeated_along_the_path_sees_a_changed_excluder() -> None:
    # The position before: r8c9 still holds 8, so it does not exclude 5 and 7 together.
    after = position(TRIPLE, TRIPLE_REMOVED)
    cands = list(after.cands)
    cands[7 * 9 + 8] |= 1 << 7
    before = State(after.rules, after.values, cands)
    assert aligned_triple_exclusion(before) is None  # searched: nothing there
    after.memo[EARLIER] = before
    step = aligned_triple_exclusion(after)
    assert step is not None and set(step.eliminations) == candidates("r8c3:9")
    # The same when the position before had an easier step and no search: the last
    # position searched in vain, of which this one keeps a subset, stands in.
    assert aligned_triple_exclusion(before) is None
    step = aligned_triple_exclusion(position(TRIPLE, TRIPLE_REMOVED))
    assert step is not None and set(step.eliminations) == candidates("r8c3:9")


def test_a_search_repeated_along_the_path_finds_what_a_fresh_one_does() -> None:
    # Walk a path, asking each technique both with the position before known and afresh.
    state = State.from_grid(parse(TRIPLE))
    techniques = select(unique=True)
    seen = 0
    for _ in range(60):
        if state.is_solved():
            break
        for find in (aligned_pair_exclusion, aligned_triple_exclusion):
            aligned._LAST.clear()  # no search to build on: a full one
            fresh = find(State(state.rules, state.values, state.cands))
            kept = find(state)
            assert (kept and kept.eliminations) == (fresh and fresh.eliminations)
            seen += state.memo.get(EARLIER) is not None
        step = next_step(state, unique=True, techniques=techniques)
        assert step is not None
        nxt = state.apply(step)
        nxt.memo[EARLIER] = state
        state = nxt
    assert seen


_SMALL = [m for m in range(1, 512) if 2 <= m.bit_count() <= 3]


@settings(max_examples=400, deadline=None)
@given(
    k=st.sampled_from([2, 3]),
    masks=st.lists(st.integers(1, 511), min_size=3, max_size=3),
    sees=st.lists(st.booleans(), min_size=3, max_size=3),
    excluders=st.lists(st.sampled_from(_SMALL), min_size=1, max_size=4),
)
def test_unsupported_digits_are_those_in_no_possible_choice(
    k: int, masks: list[int], sees: list[bool], excluders: list[int]
) -> None:
    masks = masks[:k]
    excluders = [e for e in excluders if e.bit_count() <= k] or [0b11]
    pairs = list(itertools.combinations(range(k), 2))
    see = [[False] * k for _ in range(k)]
    for (i, j), s in zip(pairs, sees, strict=False):
        see[i][j] = see[j][i] = s
    # Brute force: every choice of one digit per cell.
    ok = [0] * k
    bits = [[1 << d for d in range(9) if m >> d & 1] for m in masks]
    for choice in itertools.product(*bits):
        if any(choice[i] == choice[j] and see[i][j] for i, j in pairs):
            continue
        got = 0
        for x in choice:
            got |= x
        if any(not e & ~got for e in excluders):
            continue  # every digit of an excluder taken
        for i, x in enumerate(choice):
            ok[i] |= x
    want = [m & ~a for m, a in zip(masks, ok, strict=True)]
    assert _unsupported(masks, see, excluders) == (want if any(want) else [])


_HARD = [(PAIR, PAIR_REMOVED), (TRIPLE, TRIPLE_REMOVED)]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    source=st.sampled_from(["hard", "generated", "x", "anti-knight", "jigsaw"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_never_removes_the_solutions_digit(source: str, seed: int) -> None:
    """On hard positions and generated puzzles (classic and variant rules), with wrong
    candidates taken away at random, neither technique removes a solution's digit."""
    rng = random.Random(seed)
    if source == "hard":
        state = position(*rng.choice(_HARD))
    elif source == "generated":
        state = State.from_grid(generate(rng.choice([6, 9]), seed=rng.randrange(40)))
    else:
        state = State.from_grid(generate(9, seed=rng.randrange(10), variant=source))
    solution = solve(state.to_grid())
    assert solution is not None
    wrong = [
        (c, d)
        for c in range(len(state.cands))
        for d in state.candidate_digits(c)
        if solution[c] != d
    ]
    state = state.applied(eliminations=rng.sample(wrong, rng.randrange(len(wrong) // 2 + 1)))
    for find in (aligned_pair_exclusion, aligned_triple_exclusion):
        step = find(state)
        if step is not None:
            assert step.eliminations
            for c, d in step.eliminations:
                assert solution[c] != d, (find.__name__, str(state), c, d)
