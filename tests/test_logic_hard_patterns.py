"""The structures of the hardest puzzles: the tridagon, the Junior Exocet, the SK loop.

Each is found where it is the engine's next step on a known puzzle (with the
deduction the forum gives for it), is sound on positions drawn from the solution, and
stays silent where its geometry does not hold.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from itertools import permutations, product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import parse
from sudokit.geometry import Rules
from sudokit.logic import BY_ID, State
from sudokit.logic.engine import next_step, select
from sudokit.logic.step import Step
from sudokit.logic.techniques import exocet, sk_loop, tridagon
from sudokit.solvers import search

#: "Thunder" (jovi_al01, the Players' Forum, 2022): yzfwsf's first step is the triplet
#: oddagon (tridagon) b1p357, b3p159, b7p159, b9p159 => r9c9 <> 1, 2, 3.
THUNDER = "45.6...896.7...4.5.89...67.8....9..6....1.......2.37...45..8.6.7.8...9.496.7...5."
#: The Golden Nugget: the classic Junior Exocet, base r1c7 and r2c7, targets r4c8 and r7c9.
GOLDEN_NUGGET = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."

#: Easter Monster: its SK loop through r2c2, r2c8, r8c8 and r8c2 is every forum solution's
#: first step.
EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"

_STUCK: dict[str, State] = {}


def stuck(puzzle: str) -> State:
    """The position where the techniques up to expert run dry."""
    if puzzle not in _STUCK:
        grid = parse(puzzle)
        state = State.from_grid(grid)
        chosen = select(max_level="expert", shape=grid.shape)
        while (step := next_step(state, unique=True, techniques=chosen)) is not None:
            state = state.apply(step)
        _STUCK[puzzle] = state
    return _STUCK[puzzle]


def solution(puzzle: str) -> tuple[int, ...]:
    found = search(parse(puzzle), 2)
    assert found.count == 1 and found.solution is not None
    return tuple(found.solution)


def assert_sound(step: Step | None, sol: tuple[int, ...]) -> None:
    assert step is not None
    for c, d in step.placements:
        assert sol[c] == d, step.text
    for c, d in step.eliminations:
        assert sol[c] != d, step.text


def cell(name: str) -> int:
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


# --- the tridagon ------------------------------------------------------------------------


def test_tridagon_parity_rule_is_the_exhaustive_answer() -> None:
    """Four boxes' transversals can hold three digits exactly when the product of their
    permutation signs is +1: every one of the 1,296 choices tried against every filling."""
    perms = list(permutations(range(3)))
    corners = [(0, 0), (0, 1), (1, 0), (1, 1)]
    for choice in product(perms, repeat=4):
        cells = [
            (band * 3 + i, stack * 3 + p[i])
            for (band, stack), p in zip(corners, choice, strict=True)
            for i in range(3)
        ]
        clash = [
            (x, y)
            for x in range(12)
            for y in range(x + 1, 12)
            if x // 3 != y // 3 and (cells[x][0] == cells[y][0] or cells[x][1] == cells[y][1])
        ]
        fillable = False
        for digits in product(perms, repeat=4):
            value = [d for box in digits for d in box]
            if all(value[x] != value[y] for x, y in clash):
                fillable = True
                break
        parity = 1
        for p in choice:
            parity *= tridagon.sign(p)
        assert fillable == (parity != tridagon.IMPOSSIBLE_PARITY), choice


def test_tridagon_is_the_next_step_on_thunder() -> None:
    state = stuck(THUNDER)
    step = next_step(state, unique=True)
    assert step is not None and step.technique == "tridagon"
    # r9c9 is the one guardian: it loses 1, 2 and 3, and 8 is all it has left.
    assert step.placements == ((cell("r9c9"), 8),)
    assert_sound(step, solution(THUNDER))
    assert len(step.cells) == 12 and len(step.units) == 4
    assert set(step.units) == {18, 20, 24, 26}  # boxes 1, 3, 7 and 9
    assert {d for _, d in step.candidates} == {1, 2, 3}
    assert step.secondary == ((cell("r9c9"), 8),)
    assert "Tridagon on 1, 2 and 3 in boxes 1, 3, 7 and 9" in step.text
    assert "r9c9" in step.text
    assert step.rating == BY_ID["tridagon"].rating


def _tridagon_position(flip: bool) -> State:
    """A hand-made position: boxes 1, 2, 4 and 5, the twelve cells on the boxes'
    diagonals hold {1,2,3} (box 5's turned the other way unless ``flip`` turns it back),
    r4c4 holds 4 as well; every other cell holds 4 to 9."""
    rules = Rules.make(9)
    other = 0b111111000
    cands = [other] * 81
    for box, p in ((0, (0, 1, 2)), (1, (0, 1, 2)), (3, (0, 1, 2)), (4, (0, 2, 1))):
        if flip and box == 4:
            p = (0, 1, 2)
        r0, c0 = box // 3 * 3, box % 3 * 3
        for i in range(3):
            cands[(r0 + i) * 9 + c0 + p[i]] = 0b111
    cands[cell("r4c4")] |= 0b1000  # the guardian (on both of box 5's transversals)
    return State(rules, [0] * 81, cands)


def test_tridagon_on_a_hand_made_position() -> None:
    step = tridagon.tridagon(_tridagon_position(flip=False))
    assert step is not None
    assert step.placements == ((cell("r4c4"), 4),)
    assert set(step.units) == {18, 19, 21, 22}
    assert len(step.cells) == 12 and cell("r4c4") in step.cells
    assert step.secondary == ((cell("r4c4"), 4),)


def test_tridagon_with_even_parity_is_no_pattern() -> None:
    """The same cells with box 5's diagonal turned back: three digits can fill them."""
    assert tridagon.tridagon(_tridagon_position(flip=True)) is None


def test_tridagon_with_guardians_in_two_cells() -> None:
    """Two guardian cells holding the same extra digit: the cells seeing both lose it."""
    position = _tridagon_position(flip=False)
    cands = list(position.cands)
    cands[cell("r4c4")] &= ~0b1000
    cands[cell("r1c1")] |= 0b10000  # 5 in r1c1 and r5c6? r5c6 is not a pattern cell:
    cands[cell("r2c2")] |= 0b10000  # r1c1 and r2c2 (box 1) both may be 5
    step = tridagon.tridagon(State(position.rules, position.values, cands))
    assert step is not None and not step.placements
    # Cells of box 1 outside the pattern see both guardians: they lose 5.
    box1 = {r * 9 + c for r in range(3) for c in range(3)} - set(step.cells)
    assert {(c, 5) for c in box1} <= set(step.eliminations)
    assert all(d == 5 for _, d in step.eliminations)
    assert sorted(step.secondary) == [(cell("r1c1"), 5), (cell("r2c2"), 5)]


# --- the Junior Exocet -------------------------------------------------------------------


def test_junior_exocet_is_the_next_step_on_the_golden_nugget() -> None:
    state = stuck(GOLDEN_NUGGET)
    step = next_step(state, unique=True)
    assert step is not None and step.technique == "junior_exocet"
    assert step.cells[:2] == (cell("r1c7"), cell("r2c7"))
    assert set(step.cells[2:]) == {cell("r4c8"), cell("r7c9")}
    assert step.eliminations == ((cell("r7c9"), 3),)
    assert_sound(step, solution(GOLDEN_NUGGET))
    assert "base r1c7 and r2c7" in step.text and "targets r4c8 and r7c9" in step.text
    assert "rows 3, 4 and 7" in step.text  # the cross-lines
    # The S cells: the cross-lines outside the stack, base digits only.
    base = state.cands[cell("r1c7")] | state.cands[cell("r2c7")]
    assert step.secondary and all(base >> (d - 1) & 1 for _, d in step.secondary)
    assert all(c % 9 >= 6 or c % 9 < 6 for c, _ in step.secondary)
    assert all(c % 9 not in (6, 7, 8) for c, _ in step.secondary)


def _exocet_position(companion: bool) -> State:
    """A hand-made band: base r1c1, r1c2 {1,2,3}; targets r2c4 {1,2,3,7} and r3c7
    {1,2,3,8}; their companions r3c4 and r2c7 {7,8,9} (r3c4 also 1 when
    ``companion``); the cross-lines are columns 3, 4 and 7, where below the band 1, 2
    and 3 sit only in rows 4 and 5; every other cell holds 4 to 9."""
    rules = Rules.make(9)
    cands = [0b111111000] * 81
    cands[cell("r1c1")] = cands[cell("r1c2")] = 0b111
    cands[cell("r2c4")] = 0b1000111
    cands[cell("r3c7")] = 0b10000111
    cands[cell("r3c4")] = cands[cell("r2c7")] = 0b111000000
    if companion:
        cands[cell("r3c4")] |= 0b1
    for name in ("r4c3", "r5c4", "r4c7", "r5c3"):
        cands[cell(name)] |= 0b111
    return State(rules, [0] * 81, cands)


def test_junior_exocet_on_a_hand_made_band() -> None:
    step = exocet.junior_exocet(_exocet_position(companion=False))
    assert step is not None
    assert step.cells == (cell("r1c1"), cell("r1c2"), cell("r2c4"), cell("r3c7"))
    assert step.eliminations == ((cell("r2c4"), 7), (cell("r3c7"), 8))
    assert "columns 3, 4 and 7" in step.text


def test_junior_exocet_needs_clean_companions() -> None:
    """A base digit in a target's companion (the other cell of its column in the band)
    breaks the proof: that Exocet is gone."""
    step = exocet.junior_exocet(_exocet_position(companion=True))
    assert step is None or cell("r2c4") not in step.cells


def test_junior_exocet_needs_cross_lines_covered_by_two_lines() -> None:
    """1 in the S cells of three rows and all three cross-lines: no two lines cover it."""
    position = _exocet_position(companion=False)
    cands = list(position.cands)
    for name in ("r6c7", "r7c4", "r8c3"):
        cands[cell(name)] |= 0b1
    step = exocet.junior_exocet(State(position.rules, position.values, cands))
    assert step is None or cell("r2c4") not in step.cells


# --- the SK loop -------------------------------------------------------------------------


def test_sk_loop_is_the_next_step_on_easter_monster() -> None:
    state = stuck(EASTER_MONSTER)
    step = next_step(state, unique=True)
    assert step is not None and step.technique == "sk_loop"
    assert_sound(step, solution(EASTER_MONSTER))
    expected = "r1c3:7 r2c5:3 r2c5:8 r2c6:8 r3c1:2 r5c2:4 r5c2:8 r5c8:3 r5c8:9 r7c3:1 r8c4:5 r8c5:4"
    got = {(cell(x[:4]), int(x[5])) for x in (expected + " r9c1:6").split()}
    assert set(step.eliminations) == got
    # Sixteen cells round the givens r2c2, r2c8, r8c8 and r8c2, in eight pairs.
    assert len(step.cells) == 16
    corners = {cell(x) for x in ("r2c2", "r2c8", "r8c8", "r8c2")}
    assert not corners & set(step.cells)
    assert step.text.startswith("SK loop: ") and "r2c1–r2c3" in step.text


def test_sk_loop_needs_sixteen_link_digits() -> None:
    """One more digit in one pair of cells (a fifth): the links no longer add up."""
    state = stuck(EASTER_MONSTER)
    step = sk_loop.sk_loop(state)
    assert step is not None
    cands = list(state.cands)
    node = cell("r2c1")
    spare = next(
        d
        for d in range(1, 10)
        if not state.cands[node] >> (d - 1) & 1
        and not state.cands[cell("r2c3")] >> (d - 1) & 1
        and d != 9
    )
    cands[node] |= 1 << (spare - 1)
    other = sk_loop.sk_loop(State(state.rules, state.values, cands))
    assert other is None or set(other.cells) != set(step.cells)


# --- soundness on positions drawn from the solution --------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    puzzle=st.sampled_from([THUNDER, GOLDEN_NUGGET, EASTER_MONSTER]),
    keep=st.lists(st.booleans(), min_size=81 * 9, max_size=81 * 9),
)
def test_patterns_sound_on_positions_that_keep_the_solution(puzzle: str, keep: list[bool]) -> None:
    """Take away any wrong candidates from the stuck position: whatever the patterns
    then find agrees with the solution."""
    state = stuck(puzzle)
    sol = solution(puzzle)
    cands = list(state.cands)
    for c in range(81):
        for d in range(1, 10):
            if d != sol[c] and not keep[c * 9 + d - 1] and not state.values[c]:
                cands[c] &= ~(1 << (d - 1))
    position = State(state.rules, state.values, cands)
    for find in (tridagon.tridagon, exocet.junior_exocet, sk_loop.sk_loop):
        step = find(position)
        if step is not None:
            assert_sound(step, sol)


def test_no_pattern_without_three_by_three_boxes() -> None:
    for shape_code in ("6", "16"):
        rules = Rules.parse(shape_code)
        n = rules.shape.n
        full = (1 << n) - 1
        state = State(rules, [0] * (n * n), [full] * (n * n))
        assert tridagon.tridagon(state) is None
        assert exocet.junior_exocet(state) is None
        assert sk_loop.sk_loop(state) is None


def test_no_pattern_on_a_jigsaw() -> None:
    regions = [(r // 3) * 3 + c // 3 for r in range(9) for c in range(9)]
    regions[0], regions[3] = regions[3], regions[0]  # two cells swap pieces
    rules = Rules.make(9, regions=regions)
    assert rules.jigsaw
    state = stuck(THUNDER)
    position = State(rules, state.values, state.cands)
    assert tridagon.tridagon(position) is None
    assert exocet.junior_exocet(position) is None
    assert sk_loop.sk_loop(position) is None


# --- the forum's hardest list (when the shared data is present) --------------------------


def test_junior_exocets_of_the_hardest_list_are_sound(data_dir: Path) -> None:
    """At the stuck position of the HardestDatabase's 16 highest-rated puzzles, the
    Junior Exocets found (the forum knows them in most of these) are all sound."""
    path = data_dir / "rated" / "HardestDatabase110626.txt"
    if not path.exists():
        pytest.skip("HardestDatabase110626.txt not present")
    rows = []
    with path.open(newline="") as f:
        for row in csv.reader(f):
            if len(row) > 5 and len(row[0]) == 81 and row[5]:
                rows.append((float(row[5]), row[0]))
    rows.sort(reverse=True)
    found = 0
    for _, puzzle in rows[:16]:
        step = exocet.junior_exocet(stuck(puzzle))
        if step is not None:
            found += 1
            assert_sound(step, solution(puzzle))
    assert found >= 5


# --- the nets' levels ---------------------------------------------------------------------


def test_a_deeper_net_is_searched_only_when_the_levels_below_find_nothing() -> None:
    """Sudoku Explainer's rule: a net level found something (here rated 11.0, by its
    length): the deeper nets, whose steps start at 10.5, are not searched at all."""
    from dataclasses import replace

    state = stuck(GOLDEN_NUGGET)
    found = Step(
        "nested_chain_net", "Nested Forcing Net (chains)", "x.", rating=11.0, eliminations=((0, 1),)
    )
    searched: list[str] = []

    def spy(tid: str) -> Callable[[State], Step | None]:
        def find(st: State) -> Step | None:
            searched.append(tid)
            return None

        return find

    chosen = [
        replace(BY_ID["nested_chain_net"], find=lambda st: found),
        *(
            replace(BY_ID[t], find=spy(t))
            for t in ("nested_multiple_net", "nested_net", "deep_nested_net")
        ),
    ]
    assert next_step(state, unique=True, techniques=chosen) is found
    assert searched == []


def test_a_nine_by_nine_score_follows_the_nets_se_needs_not_the_sk_loop() -> None:
    """Easter Monster's first step shown is its SK loop (7.9), but its score is that of
    the nested nets Sudoku Explainer needs there: the hardest puzzles keep SE's scale."""
    from sudokit.logic import rate

    step = next_step(stuck(EASTER_MONSTER), unique=True)
    assert step is not None and step.technique == "sk_loop"
    rating = rate(parse(EASTER_MONSTER), solutions=1)
    assert rating.solved
    assert "sk_loop" not in rating.techniques
    assert rating.score >= 11.0, rating
