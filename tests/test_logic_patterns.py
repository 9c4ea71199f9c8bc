"""Named patterns found before forcing chains: grouped discontinuous nice loops, Franken
and mutant fish, multi-colouring and 3D Medusa. Positions are inline (the per-technique
fixtures with their exact results are in test_logic_techniques.py); soundness is checked
on the paths of generated puzzles of every size and under variant units."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import Grid, generate, parse, solve
from sudokit.logic import BY_ID, State
from sudokit.logic.engine import select, steps
from sudokit.logic.grade import SE_LACKS
from sudokit.logic.techniques import chains, fish_franken
from test_logic_techniques import candidates, position

NEW = (
    "multi_colouring",
    "medusa",
    "franken_fish",
    "finned_franken_fish",
    "mutant_fish",
    "finned_mutant_fish",
)

# HoDoKu's regression library, grouped discontinuous nice loops (type 2): the chain's
# end is a group of one digit, its start a candidate of another in a cell that sees the
# whole group. Found by no chain search before.
GROUPED_DNL = [
    (
        "7.14....34...3..71.3.1.74...1...43.997.31..483486..71.1.7..3984.93.4.127..4..1536",
        "r3c1:6 r3c3:2 r4c4:25 r4c5:25 r5c3:2 r7c2:2 r8c1:8 r9c4:28 r9c5:28",
        "r3c1:5",
    ),
    (
        "3.64....1.8.2...9671..6.4..96...52..17.....64..37.6..96...8..4223...46..84.6.29.5",
        "r1c2:5 r1c8:7 r2c5:5 r2c6:7 r2c7:5 r3c3:5 r3c8:3 r4c8:8 r4c9:8 r5c7:8 r7c4:5 "
        "r7c7:7 r8c3:5",
        "r4c5:3",
    ),
]

FRANKEN = (
    ".6.8.27352.76354.8385.7.26.5.6.8.3.7..876315.73.25.6848.2..657.65...78..173528946",
    "r1c5:4 r3c6:1 r4c2:4 r4c4:1 r5c2:9 r7c4:4 r8c4:14",
)


@pytest.mark.parametrize(("grid", "removed", "eliminated"), GROUPED_DNL)
def test_grouped_discontinuous_nice_loop(grid: str, removed: str, eliminated: str) -> None:
    state = position(grid, removed)
    step = BY_ID["aic"].find(state)
    assert step is not None
    assert step.name == "Grouped Discontinuous Nice Loop"
    assert set(step.eliminations) == candidates(eliminated)
    ((cell, digit),) = step.eliminations
    # The chain runs from a candidate of the eliminated cell to a group of its digit
    # that the cell sees entirely: drawn as links, the first strong.
    assert step.links[0].strong
    first, last = step.links[0], step.links[-1]
    assert first.cells_from == (cell,) or last.cells_to == (cell,)
    ends = [k for k in (first, last) if len(k.cells_from) > 1 or len(k.cells_to) > 1]
    assert ends, "a grouped end"
    solution = solve(parse(grid))
    assert solution is not None and solution[cell] != digit


def test_ungrouped_chain_that_closes_on_its_cell_is_named_a_loop() -> None:
    # An AIC whose ends share a cell, or see each other on other digits, removes from
    # an end's own cell: HoDoKu's discontinuous nice loop. Ends apart keep "AIC".
    # (HoDoKu's library, a discontinuous nice loop position.)
    state = position(
        ".4..6.1.2.275..496.....43.841...7985....5.2.1......6.7..4....13.619...24.3...1.69", ""
    )
    g = chains.graph(state, "plain")
    named = set()
    for start in sorted(g.strong):
        found = chains._walk(state, g, start, chains.MAX_NODES + 1)
        if found is None or any(x >= g.base for x in found.nodes):
            continue
        step = chains._to_step(state, g, found, "aic")
        ends = {found.nodes[0] % g.ncells, found.nodes[-1] % g.ncells}
        inside = all(c in ends for c, _ in step.eliminations) or bool(step.placements)
        assert (step.name == "Discontinuous Nice Loop") == inside
        named.add(step.name)
    assert named == {"AIC", "Discontinuous Nice Loop"}


def test_franken_fish_is_not_a_basic_fish() -> None:
    state = position(*FRANKEN)
    step = BY_ID["franken_fish"].find(state)
    assert step is not None and step.name == "Franken Swordfish"
    kinds = {u // 9 for u in step.units}
    assert 2 in kinds, "a box among the base or cover units"
    # The sentence names the three base and the three cover units, and the cell.
    assert "column 1, column 9 and box 2" in step.text
    assert "row 1, row 3 and row 5" in step.text
    assert step.eliminations == ((2, 9),)
    # Every base candidate is drawn; no fins.
    assert step.secondary == ()
    assert all(d == 9 for _, d in step.candidates)


def test_finned_franken_fish_draws_its_fins() -> None:
    state = position(FRANKEN[0], FRANKEN[1] + " r1c3:9")
    step = BY_ID["finned_franken_fish"].find(state)
    assert step is not None and step.name == "Finned Franken Swordfish"
    assert [c for c, _ in step.secondary] == [58]  # r7c5
    (target,) = step.eliminations
    # The cell that loses the digit sees every fin.
    assert all(state.tables.peer_bits[c] >> target[0] & 1 for c, _ in step.secondary)


def test_fish_with_too_many_fins_is_not_taken() -> None:
    # Fins beyond MAX_FINS: a search with none allowed finds only the unfinned fish.
    state = position(FRANKEN[0], FRANKEN[1] + " r1c3:9")
    saved = fish_franken.MAX_FINS
    try:
        fish_franken.MAX_FINS = 0
        fish_franken._CACHE.clear()
        state.memo.clear()
        assert BY_ID["finned_franken_fish"].find(state) is None
    finally:
        fish_franken.MAX_FINS = saved
        fish_franken._CACHE.clear()


def test_multi_colouring_sentence_and_picture() -> None:
    grid = ".9..4187678.3..15441.8..329..91...6.1...6.9..674..851.967485231.4..12.95521......"
    step = BY_ID["multi_colouring"].find(State.from_grid(parse(grid)))
    assert step is not None
    assert set(step.eliminations) == candidates("r4c1:3 r5c3:3")
    assert "see each other, so their colours are not both true" in step.text
    # The two colours that may be true are drawn apart from the two linked ones.
    assert step.candidates and step.secondary
    assert not set(step.candidates) & set(step.secondary)


def test_new_patterns_are_scored_along_se_path() -> None:
    # Sudoku Explainer has none of them: a classic 9×9 path that takes one is scored
    # along the path SE would take, so the scores of the classics do not drift.
    assert set(NEW) <= SE_LACKS


def test_franken_fish_come_before_forcing_chains() -> None:
    order = [t.id for t in select(shape=parse(FRANKEN[0]).shape)]
    ratings = {t: BY_ID[t].rating for t in order}
    for tid in NEW:
        assert ratings[tid] < ratings["cell_forcing_chain"]
    # Graded generation screens up to expert at every candidate: the fish stay out.
    assert {BY_ID[t].level for t in NEW[2:]} == {"extreme"}


def _check_path(grid: Grid, max_steps: int = 60, every: int = 6) -> int:
    """Run every new finder at states along the engine's path (up to ``max_steps``
    steps, every ``every``-th state); every step found must keep the solution. Returns
    how many steps they found."""
    solution = solve(grid)
    assert solution is not None
    found = 0
    start = State.from_grid(grid)
    states = [start, *(after for _, after in steps(start, unique=True, max_steps=max_steps))]
    for state in states[::every]:
        for tid in NEW:
            step = BY_ID[tid].find(state)
            if step is None:
                continue
            found += 1
            for c, d in step.eliminations:
                assert state.cands[c] >> (d - 1) & 1
                assert solution[c] != d, (tid, step.text)
            for c, d in step.placements:
                assert solution[c] == d, (tid, step.text)
    return found


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    size=st.sampled_from([4, 6, 9]),
    variant=st.sampled_from(["", "x", "windoku", "jigsaw"]),
    seed=st.integers(0, 10_000),
)
def test_sound_on_generated_puzzles(size: int, variant: str, seed: int) -> None:
    if variant == "windoku" and size != 9:
        variant = "x"
    _check_path(generate(size, seed=seed, variant=variant or None))


def test_sound_on_hard_classics() -> None:
    # Puzzles whose paths reach forcing: the new finders meet many candidates there.
    found = 0
    for text in (
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    ):
        found += _check_path(parse(text), max_steps=30, every=10)
    assert found > 0
