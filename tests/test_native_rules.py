"""The C core under every rules: X, windoku, jigsaw, anti-knight, anti-king,
non-consecutive and their combinations, at every size where they make sense, given as
tables through one geometry object per rules. Counts agree with the pure-Python engine,
solutions keep the rules (checked from their plain definitions), and the geometry is
checked at the boundary."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import is_variant_solution
from sudokit import Grid, count_solutions, search
from sudokit.geometry import Rules, Shape
from sudokit.solvers import backend_for, native
from sudokit.solvers.general import engine
from test_solvers_rules import LAYOUT_6X, LAYOUTS

pytestmark = pytest.mark.skipif(not native.AVAILABLE, reason="needs the C core")

#: (size, variants) with solutions: every variant at every size where it has some, and
#: combinations.
CASES: list[tuple[int, tuple[str, ...]]] = [
    *((n, ("x",)) for n in (4, 6, 9, 12, 16)),
    *((n, ("windoku",)) for n in (4, 9, 16)),
    *((n, ("jigsaw",)) for n in (4, 6, 9, 12, 16)),
    *((n, ("anti-knight",)) for n in (4, 6, 9, 12, 16)),
    *((n, ("anti-king",)) for n in (6, 9, 12, 16)),
    *((n, ("non-consecutive",)) for n in (6, 9, 12, 16)),
    (4, ("windoku", "x")),
    (9, ("windoku", "x")),
    (16, ("windoku", "x")),
    (9, ("x", "anti-knight")),
    (9, ("x", "anti-king")),
    (9, ("x", "non-consecutive")),
    (9, ("anti-knight", "anti-king")),
    (9, ("windoku", "anti-king")),
    (9, ("windoku", "anti-knight")),
    (6, ("jigsaw", "x")),
    (9, ("jigsaw", "x")),
    (12, ("x", "anti-king")),
    (16, ("x", "anti-knight", "anti-king")),
]


def ident(case: tuple[int, tuple[str, ...]]) -> str:
    return f"{case[0]}+{'+'.join(case[1])}"


def rules_of(n: int, variants: tuple[str, ...]) -> Rules:
    regions = None
    if "jigsaw" in variants:
        layout = LAYOUT_6X if n == 6 and "x" in variants else LAYOUTS[n]
        regions = [ord(ch) - 65 for ch in layout]
    return Rules.make(n, [v for v in variants if v != "jigsaw"], regions)


@cache
def solution_of(n: int, variants: tuple[str, ...], seed: int = 0) -> tuple[int, ...]:
    """A solution of the empty grid under the rules: a random one from the pure-Python
    engine, or where that is slow (big grids, non-consecutive) the C core's first one
    (checked from the plain definitions all the same)."""
    rules = rules_of(n, variants)
    if n > 9 or "non-consecutive" in variants:
        found = c_search(rules, [0] * rules.ncells, 1)[1]
        assert found is not None and is_variant_solution(
            [0] * rules.ncells, found, n, variants, rules.region_of if rules.jigsaw else None
        )
    else:
        found = engine(rules).random_fill(random.Random(seed))
    assert found is not None, f"{ident((n, variants))} has no solution"
    return tuple(found)


def c_search(rules: Rules, cells: list[int], limit: int) -> tuple[int, list[int] | None, int]:
    core = native._core
    assert core is not None
    return core.search(cells, limit, native.geometry(rules))


def check(rules: Rules, variants: tuple[str, ...], cells: list[int], limit: int) -> int:
    """The C count equals the pure-Python engine's; its solution keeps the rules."""
    count, solution, _ = c_search(rules, cells, limit)
    assert count == engine(rules).run(cells, limit).count
    regions = rules.region_of if rules.jigsaw else None
    if count:
        assert solution is not None
        assert is_variant_solution(cells, solution, rules.n, variants, regions)
    else:
        assert solution is None
    return count


@pytest.mark.parametrize("case", CASES, ids=ident)
def test_c_counts_like_python_and_keeps_the_rules(case: tuple[int, tuple[str, ...]]) -> None:
    n, variants = case
    rules = rules_of(n, variants)
    full = list(solution_of(n, variants))
    rng = random.Random(n)
    counts = set()
    # From nearly full (unique) to sparse (several solutions), and a clash (none).
    for keep in (0.9, 0.75, 0.6) if n > 9 or "non-consecutive" in variants else (0.9, 0.7, 0.55):
        cells = [v if rng.random() < keep else 0 for v in full]
        counts.add(check(rules, variants, cells, 3))
    clash = list(full)
    clash[0] = clash[1]
    assert check(rules, variants, clash, 2) == 0
    assert check(rules, variants, full, 3) == 1
    assert counts & {1, 2, 3}


#: Cases cheap enough for many random puzzles in pure Python too.
SMALL = [c for c in CASES if c[0] <= 9 and "non-consecutive" not in c[1]] + [
    (6, ("non-consecutive",))
]


@settings(max_examples=120, deadline=None)
@given(
    case=st.sampled_from(SMALL),
    seed=st.integers(0, 3),
    holes=st.randoms(use_true_random=False),
    keep=st.floats(0.3, 0.95),
    noise=st.integers(0, 2),
)
def test_random_variant_puzzles_agree_with_python(
    case: tuple[int, tuple[str, ...]], seed: int, holes: random.Random, keep: float, noise: int
) -> None:
    """Variant puzzles made by solving the empty grid under the rules and removing
    digits (and sometimes changing one): C and Python count alike, to 2 and to 3."""
    n, variants = case
    rules = rules_of(n, variants)
    cells = [v if holes.random() < keep else 0 for v in solution_of(n, variants, seed)]
    for _ in range(noise):
        cells[holes.randrange(n * n)] = holes.randint(0, n)
    for limit in (2, 3):
        check(rules, variants, cells, limit)


def test_restarts_keep_the_counts_under_variant_rules() -> None:
    # A first budget of one guess makes every search restart: counts do not change.
    core = native._core
    assert core is not None
    for n, variants in [(9, ("x",)), (9, ("jigsaw",)), (9, ("anti-knight",)), (6, ("x",))]:
        rules = rules_of(n, variants)
        rng = random.Random(5)
        cells = [v if rng.random() < 0.4 else 0 for v in solution_of(n, variants)]
        geo = native.geometry(rules)
        expected = engine(rules).run(cells, 3).count
        for budget in (1, 3, 1000):
            count, solution, _ = core.run_general(geo, bytes(cells), 3, budget)
            assert count == expected
            assert solution is not None and rules.is_solution(list(solution))


#: A minimal unique 9×9 non-consecutive puzzle (7 clues) whose search takes thousands of
#: guesses.
NON_CONSECUTIVE_MINIMAL = (
    "030000000000000000000003005000000060000002000000000000009000000000100000000000000"
)


@settings(max_examples=30, deadline=None)
@given(
    variants=st.sampled_from(
        [("x",), ("windoku",), ("jigsaw",), ("anti-king",), ("windoku", "x"), ("jigsaw", "x")]
    ),
    seed=st.integers(0, 2**32 - 1),
    drop=st.integers(0, 80),
)
def test_minimal_variant_puzzles_count_one_and_two_like_python(
    variants: tuple[str, ...], seed: int, drop: int
) -> None:
    """Minimal 9×9 puzzles (every clue needed: the deepest searches, where a wrong
    elimination at a child node would lose a solution) count 1 in C and in Python, and 2
    once a clue is taken away."""
    core = native._core
    assert core is not None
    rules = rules_of(9, variants)
    rng = random.Random(seed)
    full = engine(rules).random_fill(rng)
    assert full is not None
    order = [(c,) for c in range(81)]
    rng.shuffle(order)
    puzzle = core.carve(native.geometry(rules), list(full), order, 0)
    assert check(rules, variants, puzzle, 2) == 1
    clues = [c for c in range(81) if puzzle[c]]
    fewer = list(puzzle)
    fewer[clues[drop % len(clues)]] = 0
    assert check(rules, variants, fewer, 2) == 2


def test_a_9x9_variant_search_walks_its_tree_once() -> None:
    # Restarts pay on big grids' heavy-tailed trees; a 9×9 tree under other rules is
    # walked whole in one run, where restarting at 1000 guesses walked it again and again.
    core = native._core
    assert core is not None
    rules = Rules.parse("9+non-consecutive")
    geo = native.geometry(rules)
    cells = bytes(int(ch) for ch in NON_CONSECUTIVE_MINIMAL)
    count, solution, guesses = core.run_general(geo, cells, 2)
    assert count == 1
    assert solution is not None and rules.is_solution(list(solution))
    assert guesses > 1000  # a real search, past the budget of the first run
    assert core.run_general(geo, cells, 2, 1 << 30)[::2] == (1, guesses)
    restarted = core.run_general(geo, cells, 2, 1001)
    assert restarted[0] == 1
    assert restarted[2] > 2 * guesses


@settings(max_examples=40, deadline=None)
@given(
    turns=st.integers(0, 3),
    mirror=st.booleans(),
    reverse=st.booleans(),
    holes=st.randoms(use_true_random=False),
    keep=st.floats(0.3, 0.9),
    noise=st.integers(0, 2),
)
def test_non_consecutive_9x9_counts_agree_with_python(
    turns: int, mirror: bool, reverse: bool, holes: random.Random, keep: float, noise: int
) -> None:
    """9×9 non-consecutive puzzles (a solution turned, mirrored, its digits maybe
    reversed, then holes and sometimes a changed digit): the C core, with its eliminations
    by a digit's places beside a cell, counts as the pure-Python engine does."""
    variants = ("non-consecutive",)
    rules = rules_of(9, variants)
    grid = list(solution_of(9, variants))
    for _ in range(turns):
        grid = [grid[(8 - c) * 9 + r] for r in range(9) for c in range(9)]
    if mirror:
        grid = [grid[r * 9 + 8 - c] for r in range(9) for c in range(9)]
    if reverse:
        grid = [10 - v for v in grid]
    assert is_variant_solution([0] * 81, grid, 9, variants)
    cells = [v if holes.random() < keep else 0 for v in grid]
    for _ in range(noise):
        cells[holes.randrange(81)] = holes.randint(0, 9)
    check(rules, variants, cells, 2)


#: Unique puzzles the C core settles by propagation alone, each only through the
#: eliminations across the rules' relations: a digit whose places in a unit all see a cell
#: (a unit or a king's or knight's move away) leaves that cell; under non-consecutive, a
#: cell whose candidates all lie within {e-1, e, e+1} takes e from its neighbours, and a
#: cell that every place of a digit d in a unit is beside (or is) loses d-1 and d+1 (the
#: last two puzzles: 10 clues, 80 and 100 guesses without that step).
SETTLED_WITHOUT_GUESSING = [
    (
        "9+anti-king",
        "400010000000000750000504060000060000200000910000300006007000003010000000900000005",
    ),
    (
        "9+anti-knight",
        "900470030010000000000036000006009000000000800000000100000080000000000500000000000",
    ),
    (
        "9+non-consecutive",
        "000029000000000900000000060000002000000500600002000000000000400000008050000000000",
    ),
    (
        "9+non-consecutive",
        "000900800000003006000000000000300000000000009005060000000000000000000000000009500",
    ),
    (
        "9+non-consecutive",
        "000900000000000000300005000000700049000090200000002000000000000000800000000000000",
    ),
]


@pytest.mark.parametrize(("code", "puzzle"), SETTLED_WITHOUT_GUESSING)
def test_eliminations_across_the_relations_settle_without_guessing(code: str, puzzle: str) -> None:
    core = native._core
    assert core is not None
    rules = Rules.parse(code)
    cells = [int(ch) for ch in puzzle]
    count, solution, guesses = core.run_general(native.geometry(rules), bytes(cells), 2)
    assert (count, guesses) == (1, 0)
    assert engine(rules).run(cells, 2).count == 1
    assert solution is not None
    assert is_variant_solution(cells, list(solution), 9, rules.variants)


def test_every_variant_goes_to_the_c_core_and_is_not_answered_as_classic(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("SUDOKIT_BACKEND", raising=False)
    backend = backend_for(Shape.of(9))
    assert backend.name == "native"
    for n, variants in CASES:
        assert backend.supports(rules_of(n, variants))
        assert backend_for(rules_of(n, variants)).name == "native"
    # An X puzzle that the diagonals make unique: two solutions as classic.
    x = Rules.make(9, ["x"])
    full = solution_of(9, ("x",))
    cells = list(full)
    for cell in random.Random(3).sample(range(81), 81):
        kept, cells[cell] = cells[cell], 0
        if count_solutions(Grid(x, cells)) != 1:
            cells[cell] = kept
    assert count_solutions(Grid(x, cells)) == 1
    assert count_solutions(Grid(x.shape, cells)) == 2
    out = search(Grid(x, cells))
    assert out.solution is not None and x.is_solution(out.solution)
    assert native.NativeBackend(native._core).run(x, cells, 2).count == 1  # type: ignore[arg-type]


def test_the_geometry_says_what_it_holds() -> None:
    core = native._core
    assert core is not None
    for n in (4, 6, 9, 12, 16):
        classic = native.geometry(Shape.of(n).rules)
        assert native.geometry(Shape.of(n).rules) is classic  # one per rules, kept
        info = core.geometry_info(classic)
        assert info[:3] == (n, 3 * n, True)
        assert set(info[3]) == {len(Shape.of(n).peers[0])}
    x = Rules.make(9, ["x"])
    n, units, classic_flag, peers = core.geometry_info(native.geometry(x))
    assert (n, units, classic_flag) == (9, 29, False)
    assert peers == [len(p) for p in x.peers]
    for case in CASES:
        rules = rules_of(*case)
        info = core.geometry_info(native.geometry(rules))
        assert info == (rules.n, len(rules.units), False, [len(p) for p in rules.peers])


def test_the_logic_helpers_refuse_variant_rules() -> None:
    # They search as the classic techniques do; under other rules the engine's Python
    # searches run, never the classic ones.
    core = native._core
    assert core is not None
    geo = native.geometry(Rules.make(9, ["x"]))
    cands = [511] * 81
    with pytest.raises(ValueError, match="classic rules only"):
        core.basic_first(geo, cands)
    with pytest.raises(ValueError, match="classic rules only"):
        core.chain_find(geo, cands, 16)
    with pytest.raises(ValueError, match="classic rules only"):
        core.finned_any(geo, cands, 2)
    with pytest.raises(ValueError, match="classic rules only"):
        core.forcing_search(geo, cands, 15)


def test_the_geometry_is_checked_at_the_boundary() -> None:
    core = native._core
    assert core is not None
    rules = Rules.make(4, ["x"])
    units, extra, near = rules.units, rules.extra_peers, rules.neighbours
    with pytest.raises(ValueError, match="no 5x5 grid"):
        core.geometry(5, units, extra, near)
    with pytest.raises(ValueError, match="expected 12 to 64 units, got 11"):
        core.geometry(4, units[:11], extra, near)
    with pytest.raises(ValueError, match="unit 2: expected 4 cells, got 3"):
        core.geometry(4, (*units[:2], units[2][:3], *units[3:]), extra, near)
    with pytest.raises(ValueError, match="unit 0: not a cell index 0-15"):
        core.geometry(4, ((0, 1, 2, 16), *units[1:]), extra, near)
    with pytest.raises(ValueError, match="a unit holds a cell twice"):
        core.geometry(4, ((0, 1, 2, 2), *units[1:]), extra, near)
    with pytest.raises(ValueError, match="extra peers: expected 16 cell lists, got 3"):
        core.geometry(4, units, extra[:3], near)
    with pytest.raises(ValueError, match="neighbours of cell 0: more than 4 cells"):
        core.geometry(4, units, extra, ((1, 2, 3, 4, 5), *near[1:]))
    with pytest.raises(ValueError, match="a neighbour is off the grid"):
        core.geometry(4, units, extra, ((0,), *near[1:]))
    with pytest.raises(TypeError, match="expected the rules' geometry"):
        core.search([0] * 16, 2, (4, 2))
    with pytest.raises(ValueError, match="expected 81 cell values, got 16"):
        core.search([0] * 16, 2, native.geometry(Rules.make(9, ["x"])))


def test_carve_under_variant_rules_keeps_the_puzzle_unique_under_them() -> None:
    from sudokit.generator import symmetry_groups

    core = native._core
    assert core is not None
    for n, variants in [(9, ("x",)), (9, ("jigsaw",)), (6, ("anti-knight",)), (9, ("windoku",))]:
        rules = rules_of(n, variants)
        full = list(solution_of(n, variants))
        order = symmetry_groups(Shape.of(n), "none")
        random.Random(2).shuffle(order)
        puzzle = core.carve(native.geometry(rules), full, order, 0)
        assert engine(rules).run(puzzle, 2).count == 1
        assert all(v in (0, d) for v, d in zip(puzzle, full, strict=True))
        # carved as far as the rules allow: every given left is needed
        for c in range(n * n):
            if puzzle[c]:
                less = list(puzzle)
                less[c] = 0
                assert engine(rules).run(less, 2).count == 2


_CHILD = """
import signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)
from sudokit.geometry import Rules
from sudokit.solvers import native
geo = native.geometry(Rules.parse({code!r}))
print("ready", flush=True)
try:
    native._core.run_general(geo, bytes({cells}), 2**62)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(0)
print("finished", flush=True)
sys.exit(1)
"""


@pytest.mark.parametrize("code", ["16+x+anti-knight", "9+non-consecutive"])
def test_ctrl_c_stops_a_long_variant_search(code: str) -> None:
    import signal
    import time

    cells = Rules.parse(code).ncells
    proc = subprocess.Popen(
        [sys.executable, "-c", _CHILD.format(code=code, cells=cells)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "SUDOKIT_BACKEND"},
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "ready\n"
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 0, err
    assert out == "interrupted\n"


_JIGSAW_9 = "AABBBBCCCAABBBBCCCAAAAABDCDEEEFFFDCDEEFFFFDCDEEEEFFDDDGGGHHHHIIGGGHIIIIIGGGHHHHII"

#: Minimal unique 9x9 puzzles with the C core's guesses counting to 2 when every pass at
#: every node looks at every unit. The passes look again only at what changed since they
#: last looked (hidden singles and locked candidates per unit, box-line locked candidates
#: per band of lines); a change they missed would weaken propagation at some child node,
#: and the search would need more guesses (or lose a solution).
FULL_STRENGTH_GUESSES = [
    (
        "9+x",
        "000600003009800050040002000203007000000300000000000500700000005000000001060000080",
        442,
    ),
    (
        "9+x",
        "000900000500070002000002500000000460000040080900018000020050000085000100000000000",
        82,
    ),
    (
        "9+windoku",
        "008000030300090000000000600000002000004000000050000006470000905000000000035600008",
        150,
    ),
    (
        "9+windoku",
        "000031000080400000000000000050000000200000007000005002000060004000000070001904000",
        136,
    ),
    (
        "9+jigsaw:" + _JIGSAW_9,
        "000008409000001030000080005003006000000040070200090080785000000009010000600000090",
        44,
    ),
    (
        "9+anti-knight",
        "090000000800600300040000000070201000000000000000000000000002000000000000602007400",
        438,
    ),
    (
        "9+anti-king",
        "006350070040000080035000000000005000008000000000020001000009200000000403900032000",
        60,
    ),
    (
        "9+non-consecutive",
        "300000000000000000000000000000003050020000000000000000000000000000000380090000000",
        1634,
    ),
    (
        "9+x+anti-knight",
        "000000400000000000000000060003090000080007000000000100000000000000000000200000000",
        237,
    ),
    (
        "9+x+windoku",
        "000000004800000000030010000000000050090000020000040860500000000100000000006000000",
        418,
    ),
    (
        "9+x+jigsaw:" + _JIGSAW_9,
        "000000010000007000000000000002000003000300004010000000060240000008050000500000020",
        1225,
    ),
]


@pytest.mark.parametrize(("code", "puzzle", "guesses"), FULL_STRENGTH_GUESSES)
def test_incremental_passes_keep_the_full_propagation(code: str, puzzle: str, guesses: int) -> None:
    core = native._core
    assert core is not None
    rules = Rules.parse(code)
    cells = [int(ch) for ch in puzzle]
    count, solution, walked = core.run_general(native.geometry(rules), bytes(cells), 2)
    assert (count, walked) == (1, guesses)
    assert solution is not None
    regions = [ord(ch) - ord("A") for ch in _JIGSAW_9] if "jigsaw" in rules.variants else None
    assert is_variant_solution(cells, list(solution), 9, rules.variants, regions)
