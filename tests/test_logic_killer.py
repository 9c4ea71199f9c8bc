"""The logic engine on killer cages: every killer technique on a position where it is
the engine's next step (exact placements and eliminations), soundness on Solo's killers
and on random ones, levels, and the command line speaking of cages."""

from __future__ import annotations

import random
import shutil
import subprocess
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import Grid, parse, solve
from sudokit.cli import main
from sudokit.geometry import Cage, Rules
from sudokit.logic import BY_ID, State, Step, next_step, rate, select
from sudokit.logic.engine import steps
from sudokit.logic.techniques import killer, killer45

DATA = Path(__file__).parent / "data" / "killer_solo.txt"
SGT_SOLO = shutil.which("sgt-solo") or shutil.which("sgt-solo", path="/usr/games")

KILLER_IDS = (
    "cage_last_cell",
    "cage_one_combination",
    "cage_combination",
    "cage_hidden_single",
    "cage_unit_overlap",
    "cage_permutation",
    "cage_pointing",
    "innie_outie",
    "innie_outie_pair",
    "hidden_cage",
    "cage_split",
)


def _solo_ids() -> list[str]:
    return [
        line.strip()
        for line in DATA.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]


def _rules(*cages: tuple[Sequence[int], int | None], variants: tuple[str, ...] = ()) -> Rules:
    return Rules.make(9, ("killer", *variants), cages=[Cage(tuple(c), t) for c, t in cages])


def _mask(*digits: int) -> int:
    m = 0
    for d in digits:
        m |= 1 << (d - 1)
    return m


ALL = _mask(*range(1, 10))


def _state(
    rules: Rules, cands: dict[int, int] | None = None, values: dict[int, int] | None = None
) -> State:
    """A position: an empty grid under ``rules`` with ``values`` placed (their peers lose
    them) and the candidates of the cells in ``cands`` set as given."""
    st = State(rules, [0] * 81, [ALL] * 81)
    if values:
        st = st.applied(sorted(values.items()))
    if cands:
        elims = [
            (c, d)
            for c, m in cands.items()
            for d in range(1, 10)
            if st.cands[c] >> (d - 1) & 1 and not m >> (d - 1) & 1
        ]
        st = st.applied((), elims)
    return st


def _settle(st: State, ids: Iterable[str]) -> State:
    """The position once the techniques ``ids`` find nothing more."""
    chosen = [BY_ID[i] for i in ids]
    while True:
        step = next((s for s in (t.find(st) for t in chosen) if s is not None), None)
        if step is None:
            return st
        st = st.apply(step)


def _next(st: State) -> Step:
    step = next_step(st, unique=False, techniques=select(rules=st.rules, unique=False))
    assert step is not None
    return step


def _cells(*names: str) -> list[int]:
    return [(int(x[1]) - 1) * 9 + int(x[3]) - 1 for x in names]


# --- each technique on its fixture ------------------------------------------------------


def test_last_cage_cell() -> None:
    rules = _rules((_cells("r1c1", "r1c2", "r1c3"), 15))
    st = _state(rules, values={0: 4, 1: 2})
    step = _next(st)
    assert step.technique == "cage_last_cell"
    assert step.placements == ((2, 9),)
    assert step.cages == (0,)
    assert "the 15-cage at r1c1–r1c3" in step.text and "r1c3 is 15 − 6 = 9" in step.text


def test_one_combination_cage() -> None:
    rules = _rules((_cells("r1c1", "r1c2"), 3))
    step = _next(_state(rules))
    assert step.technique == "cage_one_combination"
    assert step.eliminations == tuple((c, d) for c in (0, 1) for d in range(3, 10))
    assert "the 3-cage at r1c1–r1c2" in step.text and "only 1 and 2 make 3" in step.text


def test_one_combination_counts_digits_placed_in_the_cage() -> None:
    # 15 in three cells with a 9 placed: 6 in two cells is {1,5} or {2,4}: not one set.
    # With the 1 placed instead: 14 in two is {5,9} or {6,8}. With 8 placed: 7 = {1,6},
    # {2,5}, {3,4}. So a 4-cage of two cells with nothing placed is the one-set case.
    rules = _rules((_cells("r5c5", "r5c6", "r5c7"), 10))
    st = _state(rules, values={_cells("r5c5")[0]: 7})
    step = _next(st)
    assert step.technique == "cage_one_combination"  # 3 in two cells: {1,2}
    kept = {d for _, d in step.candidates}
    assert kept == {1, 2}
    gone = {d for _, d in step.eliminations}
    assert gone == {3, 4, 5, 6, 8, 9}  # 7 already left with the placement


def test_cage_combination() -> None:
    rules = _rules((_cells("r1c1", "r2c1"), 10))
    step = _next(_state(rules))
    assert step.technique == "cage_combination"
    assert step.eliminations == ((0, 5), (9, 5))
    assert "{1,9}, {2,8}, {3,7} or {4,6}" in step.text


def test_cage_combination_drops_sets_the_cells_cannot_hold() -> None:
    # A 10-cage with r1c1 in {1,2,3}: {4,6} cannot go in its cells, so r1c2 loses 4 and 6.
    rules = _rules((_cells("r1c1", "r1c2"), 10))
    st = _state(rules, {0: _mask(1, 2, 3), 1: _mask(4, 6, 7, 8, 9)})
    step = _next(st)
    assert step.technique == "cage_combination"
    assert step.eliminations == ((1, 4), (1, 6))
    assert "{4,6} cannot go in its cells, which leaves {1,9}, {2,8} or {3,7}" in step.text


def test_cage_permutation() -> None:
    rules = _rules((_cells("r1c1", "r1c2"), 10))
    st = _state(rules, {0: _mask(1, 2), 1: _mask(1, 2, 8, 9)})
    step = _next(st)
    assert step.technique == "cage_permutation"
    assert step.eliminations == ((1, 1), (1, 2))


def test_cage_hidden_single() -> None:
    rules = _rules((_cells("r1c1", "r1c2", "r1c3"), 7))
    st = _state(rules, {0: _mask(2, 4), 1: _mask(2, 4), 2: _mask(1, 2, 4)})
    step = _next(st)
    assert step.technique == "cage_hidden_single"
    assert step.placements == ((2, 1),)
    assert "the 7-cage at r1c1–r1c3 holds 1, 2 and 4" in step.text


def test_cage_unit_overlap() -> None:
    rules = _rules((_cells("r1c1", "r1c2"), 3))
    st = _settle(_state(rules), ["cage_one_combination"])
    step = _next(st)
    assert step.technique == "cage_unit_overlap"
    assert step.units == (0,)  # row 1 first
    assert step.eliminations == tuple(sorted((c, d) for c in range(2, 9) for d in (1, 2)))
    assert "holds 1 and 2 and lies inside row 1" in step.text


def test_cage_unit_overlap_with_must_digits_only() -> None:
    # 4 cells summing 12 in one column: {1,2,3,6} or {1,2,4,5}: 1 and 2 leave the column.
    cells = _cells("r1c5", "r2c5", "r3c5", "r4c5")
    rules = _rules((cells, 12))
    st = _settle(_state(rules), ["cage_one_combination", "cage_combination"])
    step = _next(st)
    assert step.technique == "cage_unit_overlap"
    assert step.units == (9 + 4,)  # column 5
    rest = [c for c in range(4, 81, 9) if c not in cells]
    assert step.eliminations == tuple(sorted((c, d) for c in rest for d in (1, 2)))
    assert "must hold 1 and 2" in step.text


def test_cage_pointing() -> None:
    cells = _cells("r1c3", "r1c4", "r2c3")  # across boxes 1 and 2
    rules = _rules((cells, 24))
    st = _state(rules, {2: _mask(7, 8, 9), 3: _mask(7, 8, 9), 11: _mask(7, 8)})
    step = _next(st)
    assert step.technique == "cage_pointing"
    # 7 first: r1c1 and r1c2 see r1c3 and r1c4 along row 1 and r2c3 in box 1.
    assert step.eliminations == ((0, 7), (1, 7))
    assert "r1c1 and r1c2 see all of them" in step.text
    step = _next(st.apply(step).applied((), [(c, 8) for c in (0, 1)]))
    assert step.technique == "cage_pointing"
    assert step.eliminations == tuple((c, 9) for c in (0, 1, 4, 5, 6, 7, 8))
    assert "it can only be in r1c3 or r1c4, all in row 1" in step.text


def test_innie() -> None:
    rules = _rules(
        (_cells("r1c1", "r1c2", "r1c3", "r1c4"), 20), (_cells("r1c5", "r1c6", "r1c7", "r1c8"), 16)
    )
    step = _next(_state(rules))
    assert step.technique == "innie_outie"
    assert step.placements == ((8, 9),)
    assert step.units == (0,)
    assert "row 1 holds 45" in step.text and "the innie r1c9 is 45 − 36 = 9" in step.text


def test_outie() -> None:
    rules = _rules(
        (_cells("r1c1", "r1c2", "r1c3", "r1c4"), 20),
        (_cells("r1c5", "r1c6", "r1c7"), 15),
        (_cells("r1c8", "r1c9", "r2c9"), 14),
    )
    step = _next(_state(rules))
    assert step.technique == "innie_outie"
    assert step.placements == ((17, 4),)
    assert "the outie r2c9 is 49 − 45 = 4" in step.text


def test_outie_of_two_rows() -> None:
    # Dominoes down rows 1-2 in columns 1-8 (sums 10 and 11 in turn) and a 3-cell cage
    # down column 9 (sum 12): rows 1 and 2 hold 90, the cages covering them 96: r3c9 is 6.
    cages = [((c, c + 9), 10 + c % 2) for c in range(8)] + [((8, 17, 26), 12)]
    rules = _rules(*cages)
    st = _settle(_state(rules), ["cage_one_combination", "cage_combination"])
    step = _next(st)
    assert step.technique == "innie_outie"
    assert step.placements == ((26, 6),)
    assert step.units == (0, 1) and step.rating == pytest.approx(3.0)
    assert "rows 1 and 2 hold 90 (2 × 45)" in step.text
    assert "the outie r3c9 is 96 − 90 = 6" in step.text


def test_innie_outie_pair() -> None:
    rules = _rules(
        (_cells("r1c1", "r1c2", "r1c3", "r1c4"), 20), (_cells("r1c5", "r1c6", "r1c7"), 15)
    )
    step = _next(_state(rules))
    assert step.technique == "innie_outie_pair"
    assert step.eliminations == ((7, 5), (8, 5))  # r1c8 + r1c9 = 10, two peers
    assert "the innies r1c8 and r1c9 add up to 45 − 35 = 10" in step.text


def test_innie_pair_that_may_repeat() -> None:
    # Box 1 less a 7-cell cage of 36: r3c2 and r3c3? No: take r2c3 and r3c1, not peers?
    # They share box 1, so every two cells of a box are peers; two rows' innies need not
    # be: rows 1-2 less cages leave r1c9 and r2c1, which see each other in no unit.
    top = [c for c in range(18) if c not in (8, 9)]
    cages = [((top[i], top[i + 1]), None) for i in range(0, 16, 2)]
    # Give every domino a sum of 10 but one of 12: 7 × 10 + 12 = 82, so r1c9 + r2c1 = 8.
    cages = [(cells, 10) for cells, _ in cages[:-1]] + [(cages[-1][0], 12)]
    rules = _rules(*cages)
    st = _settle(_state(rules), ["cage_one_combination", "cage_combination", "cage_permutation"])
    st = st.applied((), [(8, d) for d in (5, 6, 7)] + [(9, d) for d in (1, 2, 3)])
    v = [v for v in killer45.virtual_cages(st) if v.units == (0, 1) and v.kind == "innies"]
    assert v and v[0].part.cells == (8, 9) and v[0].part.total == 8
    assert not v[0].part.distinct  # 4 + 4 is allowed
    _, per = killer._options(st, v[0].part)
    # r1c9 has {1,2,3,4,8,9}, r2c1 {4,5,6,7,8,9}: 1+7 no (7 gone from r1c9? no: from
    # r2c1 it stays), pairs summing 8: (1,7), (2,6), (3,5), (4,4).
    assert per == [_mask(1, 2, 3, 4), _mask(4, 5, 6, 7)]


def test_hidden_cage() -> None:
    rules = _rules((_cells("r1c1", "r1c2", "r1c3"), 18), (_cells("r1c4", "r1c5", "r1c6"), 18))
    step = _next(_state(rules))
    assert step.technique == "hidden_cage"
    assert step.eliminations == tuple((c, d) for c in (6, 7, 8) for d in (7, 8, 9))
    assert "add up to 45 − 36 = 9" in step.text


def test_cage_split() -> None:
    # Row 1 splits the 20-cage: its part in row 1 adds up to 45 - 36 = 9, the rest
    # (r2c9, r3c9) to 11; column 9 less its two 15-cages and that rest leaves r1c9 = 4.
    host = _cells("r1c7", "r1c8", "r1c9", "r2c9", "r3c9")
    rules = _rules(
        (_cells("r1c1", "r1c2", "r1c3"), 18),
        (_cells("r1c4", "r1c5", "r1c6"), 18),
        (host, 20),
        (_cells("r4c9", "r5c9", "r6c9"), 15),
        (_cells("r7c9", "r8c9", "r9c9"), 15),
    )
    medium = [t.id for t in select(rules=rules, unique=False, max_level="medium")]
    st = _settle(_state(rules), medium)
    step = _next(st)
    assert step.technique == "cage_split"
    assert step.placements == ((8, 4),)
    assert step.cages[0] == 2 and step.units == (17,)
    assert "the cells of the 20-cage at r1c7,r1c8,r1c9,r2c9,r3c9 in row 1" in step.text
    assert "the rest of it (r2c9 and r3c9) to 20 − 9 = 11" in step.text
    assert "r1c9 is 45 − 30 − 11 = 4" in step.text


def test_every_killer_technique_has_a_fixture() -> None:
    killer_ids = {t.id for t in select(rules=_rules(((0, 1), 3)))} - {
        t.id for t in select(rules=Rules.make(9))
    }
    assert killer_ids == set(KILLER_IDS)
    tested = {name.removeprefix("test_") for name in globals() if name.startswith("test_")}
    names = {
        "cage_last_cell": "last_cage_cell",
        "cage_one_combination": "one_combination_cage",
        "innie_outie": "innie",
        "cage_split": "cage_split",
    }
    missing = [i for i in KILLER_IDS if names.get(i, i) not in tested]
    assert not missing, missing


# --- rules ----------------------------------------------------------------------------------


def test_uniqueness_techniques_are_off_under_cages() -> None:
    rules = _rules(((0, 1), 3))
    chosen = {t.id for t in select(rules=rules, unique=True)}
    assert not {t.id for t in select(rules=Rules.make(9), unique=True) if t.uniqueness} & chosen
    assert "unique_rectangle_1" in {t.id for t in select(rules=Rules.make(9), unique=True)}


def test_classic_puzzles_get_no_killer_technique() -> None:
    chosen = {t.id for t in select(rules=Rules.make(9))}
    assert not chosen & set(KILLER_IDS)
    st = State(Rules.make(9), [0] * 81, [ALL] * 81)
    assert all(BY_ID[i].find(st) is None for i in KILLER_IDS)


def test_cages_without_a_sum_give_no_sum_step() -> None:
    rules = _rules(((0, 1), None), ((2, 3, 4), None))
    st = _state(rules)
    assert all(BY_ID[i].find(st) is None for i in KILLER_IDS)


# --- soundness ----------------------------------------------------------------------------


@cache
def _solution(grid: Grid) -> tuple[int, ...]:
    solved = solve(grid)
    assert solved is not None
    return tuple(solved.cells)


def _check_path(grid: Grid, solution: Sequence[int], **kwargs: object) -> tuple[bool, int]:
    """Every step of the engine's path keeps ``solution``; (solved, steps)."""
    st = State.from_grid(grid)
    count = 0
    for step, after in steps(st, **kwargs):  # type: ignore[arg-type]
        for c, d in step.placements:
            assert solution[c] == d, (grid.rules.code, step.text)
        for c, d in step.eliminations:
            assert solution[c] != d, (grid.rules.code, step.text)
        st = after
        count += 1
    return st.is_solved(), count


@pytest.mark.parametrize("solo_id", _solo_ids())
def test_solo_killers_are_solved_soundly(solo_id: str) -> None:
    grid = parse(solo_id)
    assert grid.rules.killer
    solution = _solution(grid)
    assert grid.rules.is_solution(solution)
    solved, count = _check_path(grid, solution, unique=True)
    assert solved and count > 0


def _random_killer(seed: int, givens: int, max_size: int) -> tuple[Grid, tuple[int, ...]]:
    """A random killer over a random solution: connected cages of 1 to ``max_size``
    cells (their sums from the solution) and ``givens`` givens; it may have several
    solutions."""
    rng = random.Random(seed)
    base = _solution(parse(_solo_ids()[seed % 24]))
    relabel = list(range(1, 10))
    rng.shuffle(relabel)
    solution = [relabel[v - 1] for v in base]
    free = set(range(81))
    cages = []
    while free:
        start = min(free) if rng.random() < 0.5 else rng.choice(sorted(free))
        cells = [start]
        free.discard(start)
        size = rng.randint(1, max_size)
        while len(cells) < size:
            around = [
                o
                for c in cells
                for o in (c - 9, c + 9, c - 1 if c % 9 else -1, c + 1 if c % 9 < 8 else -1)
                if o in free and solution[o] not in {solution[x] for x in cells}
            ]
            if not around:
                break
            nxt = rng.choice(around)
            cells.append(nxt)
            free.discard(nxt)
        cages.append(Cage(tuple(cells), sum(solution[c] for c in cells)))
    rules = Rules.make(9, ("killer",), cages=cages)
    shown = set(rng.sample(range(81), givens))
    return Grid(rules, [v if c in shown else 0 for c, v in enumerate(solution)]), tuple(solution)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    givens=st.sampled_from([0, 0, 3, 10]),
    max_size=st.integers(2, 6),
)
def test_random_killers_keep_their_solution(seed: int, givens: int, max_size: int) -> None:
    grid, solution = _random_killer(seed, givens, max_size)
    assert grid.rules.is_solution(solution)
    # Several solutions possible: no uniqueness, and up to hard (the nets are slow).
    chosen = select(rules=grid.rules, unique=False, max_level="hard")
    _check_path(grid, solution, unique=False, techniques=chosen)


def test_random_killers_with_every_killer_technique_used() -> None:
    """Across random killers the path takes every killer technique, each soundly (a
    soundness test that never ran a technique would prove nothing of it)."""
    used: set[str] = set()
    # Seed 89 (cages up to six cells) is one whose path takes a cage split.
    for seed, size in [*((s, 3 + s % 4) for s in range(40)), (89, 6)]:
        grid, solution = _random_killer(seed, 0, size)
        chosen = select(rules=grid.rules, unique=False, max_level="hard")
        st = State.from_grid(grid)
        for step, _ in steps(st, unique=False, techniques=chosen):
            used.add(step.technique)
            for c, d in step.placements:
                assert solution[c] == d, step.text
            for c, d in step.eliminations:
                assert solution[c] != d, step.text
    assert used >= set(KILLER_IDS), set(KILLER_IDS) - used


def _fresh(st: State) -> State:
    """The same position with nothing derived before shared (the rules object is the
    same one: equal rules are one object)."""
    killer._by_placed(st.rules).clear()
    killer._fit.cache_clear()
    return State(st.rules, st.values, st.cands)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), max_size=st.integers(2, 5), picks=st.randoms())
def test_killer_steps_are_the_same_with_tables_shared_along_a_path(
    seed: int, max_size: int, picks: random.Random
) -> None:
    """The cage tables derived from the placed digits are shared by every state with
    the same digits placed (and the digit set searches by the cells' candidates): along
    a path, and after candidates are taken away with no digit placed, every killer
    technique finds what it finds in the same position derived from scratch."""
    grid, solution = _random_killer(seed, picks.choice([0, 5]), max_size)
    chosen = select(rules=grid.rules, unique=False, max_level="hard")
    techs = [BY_ID[t] for t in KILLER_IDS]
    seen = 0
    for _, after in steps(State.from_grid(grid), unique=False, techniques=chosen):
        # A sibling with the same digits placed and a wrong candidate or two fewer.
        wrong = [(c, d) for c in range(81) for d in after.candidate_digits(c) if d != solution[c]]
        sibling = after.applied((), picks.sample(wrong, min(2, len(wrong))))
        for state in (after, sibling):
            for tech in techs:
                got = tech.find(state)
                assert got == tech.find(_fresh(state)), tech.id
        seen += 1
        if seen >= 15:
            break
    assert seen


# --- levels ---------------------------------------------------------------------------------


def test_solo_killers_rate_on_the_classic_scale() -> None:
    levels = set()
    for solo_id in _solo_ids()[:8]:
        r = rate(parse(solo_id))
        assert r.solved and r.level in ("easy", "medium", "hard")
        assert any(t in r.techniques for t in ("cage_combination", "cage_one_combination"))
        levels.add(r.level)
    assert "medium" in levels


def test_a_killer_of_easy_cage_steps_rates_easy() -> None:
    # 20 givens and cages of one to three cells: singles and cage sums finish it.
    grid, _ = _random_killer(0, 20, 3)
    r = rate(grid)
    assert r.solved and r.level == "easy"
    assert "cage_last_cell" in r.techniques


# --- the command line -----------------------------------------------------------------------


def test_hint_explain_and_rate_speak_of_cages() -> None:
    solo_id = _solo_ids()[0]
    runner = CliRunner()
    result = runner.invoke(main, ["hint", "--level", "1", solo_id])
    assert result.exit_code == 0, result.output
    assert "-cage at r" in result.stdout
    result = runner.invoke(main, ["explain", solo_id])
    assert result.exit_code == 0, result.output
    assert "One-Combination Cage: only" in result.stdout
    assert "Cage Combination: " in result.stdout
    result = runner.invoke(main, ["rate", solo_id])
    assert result.exit_code == 0, result.output
    assert "medium" in result.stdout.lower() or "easy" in result.stdout.lower()


@pytest.mark.skipif(SGT_SOLO is None, reason="sgt-solo (Debian's sgt-puzzles) is not installed")
def test_a_fresh_solo_killer_is_solved_soundly() -> None:
    out = subprocess.run(
        [str(SGT_SOLO), "--generate", "1", "3x3k#9001"], capture_output=True, text=True, check=True
    ).stdout.strip()
    grid = parse(out)
    solved, _ = _check_path(grid, _solution(grid), unique=True)
    assert solved
