"""Batches of puzzles under variant rules: the batch API (``run_many`` with rules,
``solve_many``/``count_many`` over a mix, ``search_many``) and the file commands over a
file that mixes rules line by line, each puzzle answered under its own rules, as alone."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import is_variant_solution
from sudokit import Grid, count_solutions, search
from sudokit.cli import main
from sudokit.errors import CellCountError, SymbolError
from sudokit.formats import format_line, format_rules_line
from sudokit.generator_fill import random_regions
from sudokit.geometry import Cage, Rules, Shape
from sudokit.solvers import native
from sudokit.solvers.batch import search_many
from variants import variant_solution

needs_core = pytest.mark.skipif(not native.AVAILABLE, reason="the C core is not built")

#: Variant rules of every kind, the sizes and combinations that make sense.
NAMES = [
    ("x",),
    ("windoku",),
    ("anti-knight",),
    ("anti-king",),
    ("non-consecutive",),
    ("x", "anti-knight"),
]


def _jigsaw(n: int, seed: int) -> Rules:
    return Rules.make(n, regions=random_regions(n, random.Random(seed)))


def _killer() -> Rules:
    """4×4 killer: the boxes' halves as cages with their sums (from a known solution)."""
    solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    cages = [
        Cage((r * 4 + c, r * 4 + c + 1), solution[r * 4 + c] + solution[r * 4 + c + 1])
        for r in range(4)
        for c in (0, 2)
    ]
    return Rules.make(4, cages=cages)


def _solution(rules: Rules, rng: random.Random) -> list[int]:
    """A solution of the empty grid under ``rules``: random, or for non-consecutive rules
    (slow to fill at random in pure Python) the C core's first."""
    if rules.neighbours and native.AVAILABLE:
        solution = search(Grid(rules, (0,) * rules.ncells), 1).solution
    else:
        solution = variant_solution(rules, rng)
    assert solution is not None
    return list(solution)


def _puzzle(rules: Rules, rng: random.Random, tries: int | None = None) -> Grid:
    """A unique puzzle under ``rules``: digits removed in random order while the count
    stays 1 (``tries`` removals tried at most)."""
    cells = _solution(rules, rng)
    order = list(range(rules.ncells))
    rng.shuffle(order)
    for cell in order[:tries]:
        kept, cells[cell] = cells[cell], 0
        if count_solutions(Grid(rules, cells)) != 1:
            cells[cell] = kept
    return Grid(rules, cells)


@cache
def mixed() -> tuple[Grid, ...]:
    """Unique puzzles under each variant rules (9×9, jigsaw 6×6 and 9×9, X 4×4, killer 4×4),
    with classic ones between them."""
    rng = random.Random(21)
    rules = [Rules.make(9, names) for names in NAMES]
    rules += [_jigsaw(9, 1), _jigsaw(6, 2), Rules.make(4, ("x",)), _killer()]
    puzzles: list[Grid] = []
    for r in rules:
        puzzles.append(_puzzle(r, rng))
        puzzles.append(_puzzle(Shape.of(r.n).rules, rng))
    return tuple(puzzles)


def ambiguous_as_classic() -> list[Grid]:
    """The variant puzzles of :func:`mixed` that have several solutions as classic ones:
    answered as classic, they would be answered wrong."""
    return [
        g
        for g in mixed()
        if not g.rules.classic and count_solutions(Grid(g.rules.shape.rules, g.cells)) != 1
    ]


def test_the_mix_would_be_answered_wrong_as_classic() -> None:
    # The premise of the tests below: the rules change the answers.
    assert len(ambiguous_as_classic()) >= 6


# --- the batch API -------------------------------------------------------------------------


@needs_core
@pytest.mark.parametrize("index", range(0, 20, 2))
def test_run_many_with_rules_answers_each_record_as_search_alone(index: int) -> None:
    grid = mixed()[index]
    rules = grid.rules
    other = _puzzle(rules, random.Random(index), tries=rules.ncells // 2)
    records = [grid, other, Grid(rules, (0,) * rules.ncells)]
    data = "".join(format_line(g) for g in records)
    batch = native.run_many(data, 2, rules)
    assert batch.size == rules.ncells
    for k, g in enumerate(records):
        alone = search(g, 2)
        assert (batch.counts[k], batch.guesses[k]) == (alone.count, alone.guesses)
        assert alone.solution is not None
        assert batch.solution(k) == format_line(Grid(rules, alone.solution))
    assert batch.counts[2] == 2  # the empty grid: several


def test_run_many_with_rules_says_no_solution_as_dots() -> None:
    rules = Rules.make(4, ("x",))
    # 1 twice on the main diagonal: fine as classic, impossible under X.
    bad = "1.........1....."
    batch = native.run_many(bad + "." * 16, 2, rules)
    assert batch.counts == [0, 2]
    assert batch.solution(0) is None
    assert batch.solutions[:16] == b"." * 16
    # The same digits as classic: solved (the rules, not the digits, rule it out).
    assert native.run_many(bad, 2, Shape.of(4)).counts == [2]


def test_run_many_with_rules_names_a_bad_record() -> None:
    rules = Rules.make(6, ("anti-king",))
    with pytest.raises(SymbolError) as err:
        native.run_many("." * 36 + "." * 20 + "7" + "." * 15, 2, rules)
    assert (err.value.line, err.value.row, err.value.col) == (2, 3, 2)
    assert "'7' is not a digit (1-6" in str(err.value)
    with pytest.raises(CellCountError, match="whole records of 36 cells: 40 bytes"):
        native.run_many("." * 40, 2, rules)
    with pytest.raises(ValueError, match="limit"):
        native.run_many("." * 36, 0, rules)


def test_solve_many_and_count_many_answer_a_mix_each_under_its_rules() -> None:
    puzzles = list(mixed())
    # Lines carrying their rules' code, grids, and a plain 81-symbol line, mixed.
    inputs: list[str | Grid] = [format_rules_line(g) if i % 2 else g for i, g in enumerate(puzzles)]
    inputs.append("." * 81)
    assert native.count_many(inputs, limit=2) == [1] * len(puzzles) + [2]
    solutions = native.solve_many(inputs)
    assert solutions[-1] is not None
    for grid, line in zip(puzzles, solutions[:-1], strict=True):
        assert line is not None
        cells = [grid.rules.shape.symbols.index(ch) + 1 for ch in line]
        assert grid.rules.is_solution(cells)
        assert all(g in (0, v) for g, v in zip(grid.cells, cells, strict=True))


def test_solve_many_checks_a_mix_against_the_plain_rules() -> None:
    # The rules written out apart from sudokit (helpers.is_variant_solution).
    for names in NAMES:
        grid = _puzzle(Rules.make(9, names), random.Random(len(names)))
        [line] = native.solve_many([format_rules_line(grid)])
        assert line is not None
        assert is_variant_solution(grid.cells, [int(ch) for ch in line], 9, names)


def test_count_many_names_the_input_place_of_a_bad_line() -> None:
    good = format_rules_line(mixed()[0])
    with pytest.raises(SymbolError) as err:
        native.count_many([good, "." * 81, good, "9+x:" + "." * 80 + "Z"])
    assert err.value.line == 4
    with pytest.raises(CellCountError) as err2:
        native.count_many([good, "9+windoku:" + "." * 80])
    assert err2.value.line == 2
    with pytest.raises(SymbolError, match="row 9, column 9: 'é' is not a digit") as err3:
        native.count_many([good, "." * 80 + "é"])
    assert err3.value.line == 2


def test_count_many_on_the_python_backend_gives_the_same_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    puzzles = list(mixed()[:8])
    expected = native.count_many(puzzles)
    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    assert native.count_many(puzzles) == expected == [1] * 8
    assert native.solve_many(puzzles[:2])[0] is not None


def test_search_many_answers_a_mix_as_search_alone() -> None:
    puzzles = list(mixed()) + [Grid(g.rules, (0,) * g.rules.ncells) for g in mixed()[::4]]
    # Twice over, shuffled, so every rules has a group of several puzzles.
    order = puzzles * 2
    random.Random(3).shuffle(order)
    assert search_many(order, 2) == [search(g, 2) for g in order]


@needs_core
@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from([*NAMES, ("x",), ("anti-king", "non-consecutive")]),
    st.sampled_from([4, 6, 9]),
    st.integers(0, 2**32),
    st.lists(st.integers(0, 80), max_size=12),
    st.integers(1, 3),
)
def test_run_many_with_rules_matches_search_on_random_grids(
    names: tuple[str, ...], n: int, seed: int, clues: list[int], limit: int
) -> None:
    """Any givens (consistent or not, few or many): each record of a batch gets what
    :func:`search` gives it alone."""
    if n < 9:  # X alone has solutions on every small size
        names = ("x",)
    rules = Rules.make(n, names)
    rng = random.Random(seed)
    solution = _solution(rules, rng)
    grids = []
    for k in range(3):
        cells = [0] * rules.ncells
        for c in clues:
            c %= rules.ncells
            # Mostly the solution's digits; now and then a random one (no solution).
            cells[c] = solution[c] if (c + k) % 5 else rng.randint(1, n)
        grids.append(Grid(rules, cells))
    batch = native.run_many("".join(format_line(g) for g in grids), limit, rules)
    for k, g in enumerate(grids):
        alone = search(g, limit)
        assert (batch.counts[k], batch.guesses[k]) == (alone.count, alone.guesses)
        if alone.solution is not None:
            assert batch.solution(k) == format_line(Grid(rules, alone.solution))


# --- the file commands over a mixed file -----------------------------------------------------


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def _mixed_file() -> tuple[str, list[str]]:
    records = [format_rules_line(g) for g in mixed()]
    records.insert(3, "9+x:bad")
    return "\n".join(records) + "\n", records


@pytest.mark.parametrize("command", ["solve", "count", "validate"])
def test_file_commands_answer_a_mixed_file_as_each_puzzle_alone(command: str) -> None:
    data, records = _mixed_file()
    code, out, _ = run(command, "-f", "-", input=data)
    assert code == 2  # the malformed line
    lines = out.splitlines()
    assert len(lines) == len(records)
    for record, line in zip(records, lines, strict=True):
        if record == "9+x:bad":
            assert line.startswith("error: line 4: ")
        else:
            assert line == run(command, record)[1].rstrip("\n")
    if command == "validate":
        assert set(lines) - {lines[3]} == {"valid: exactly one solution"}
    assert run(command, "-f", "-", "-j", "2", input=data) == (code, out, "")


def test_count_of_a_mixed_file_is_not_the_classic_count() -> None:
    records = [format_rules_line(g) for g in ambiguous_as_classic()]
    code, out, _ = run("count", "-f", "-", input="\n".join(records) + "\n")
    assert (code, out.split()) == (0, ["1"] * len(records))
    # The same digits read as classic (a jigsaw's may clash in a box: left out).
    plain = [format_line(g) for g in ambiguous_as_classic() if g.size == 9 and not g.rules.jigsaw]
    assert len(plain) >= 5
    out = run("count", "-f", "-", input="\n".join(plain) + "\n")[1]
    assert out.split() == ["2"] * len(plain)


def test_rate_answers_a_mixed_file_as_each_puzzle_alone() -> None:
    # Easy puzzles (half the cells given): rating them is quick.
    rng = random.Random(4)
    rules = [Rules.make(9, names) for names in NAMES] + [_jigsaw(6, 5), Shape.of(9).rules]
    grids = [_puzzle(r, rng, tries=r.ncells // 2) for r in rules]
    records = [format_rules_line(g) for g in grids]
    data = "\n".join(records) + "\n"
    code, out, _ = run("rate", "-f", "-", "--json", input=data)
    assert code == 0
    answers = [json.loads(line) for line in out.splitlines()]
    for grid, record, answer in zip(grids, records, answers, strict=True):
        alone = json.loads(run("rate", "--json", record)[1])
        assert {k: v for k, v in answer.items() if k != "line"} == {
            k: v for k, v in alone.items() if k != "line"
        }
        assert answer.get("rules") == (None if grid.rules.classic else grid.rules.code)
    assert run("rate", "-f", "-", "--json", "-j", "2", input=data) == (code, out, "")


def test_dask_answers_a_mixed_file_as_one_process() -> None:
    pytest.importorskip("distributed")
    data, _ = _mixed_file()
    alone = run("hint", "-f", "-", "--json", input=data)
    assert run("hint", "-f", "-", "--json", "--dask", "local", "-j", "2", input=data) == alone
    assert alone[0] == 2


def test_variant_option_applies_to_every_line_of_a_file() -> None:
    grids = [g for g in mixed() if g.rules == Rules.make(9, ("x",))]
    plain = "\n".join(format_line(g) for g in grids) + "\n"
    assert run("count", "-f", "-", "--variant", "x", input=plain)[1].split() == ["1"] * len(grids)
    # A line that says other rules than --variant is that line's error; the rest go on.
    other = format_rules_line(mixed()[4])
    code, out, _ = run("count", "-f", "-", "--variant", "x", input=plain + other + "\n")
    assert code == 2
    assert out.splitlines()[-1].startswith(f"error: line {len(grids) + 1}: ")
    assert out.split()[: len(grids)] == ["1"] * len(grids)
