"""Generating variant puzzles: unique under their rules (checked apart from the solver),
keeping their givens, seeded, symmetric, with random connected jigsaw layouts; levels
through the logic engine; the classic generator unchanged."""

from __future__ import annotations

import json
import random
import re

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import is_variant_solution
from sudokit import Grid, count_solutions, generate, solve
from sudokit.cli import main
from sudokit.errors import GenerationError, RulesError
from sudokit.formats import format_line, parse
from sudokit.generator import levels_for
from sudokit.generator_fill import random_regions, random_solution
from sudokit.geometry import Rules, Shape
from sudokit.logic import rate
from variants import brute_count

# (size, variants) made at every test run; the bigger and slower ones are marked slow.
CASES = [
    (4, "x"),
    (4, "windoku"),
    (4, "jigsaw"),
    (4, "anti-knight"),
    (4, "jigsaw,x"),
    (6, "x"),
    (6, "jigsaw"),
    (6, "anti-knight"),
    (6, "anti-king"),
    (6, "non-consecutive"),
    (6, "jigsaw,x"),
    (6, "jigsaw,anti-king"),
    (9, "x"),
    (9, "windoku"),
    (9, "jigsaw"),
    (9, "anti-knight"),
    (9, "anti-king"),
    (9, "jigsaw,x"),
    (9, "x,anti-king"),
    (9, "windoku,jigsaw"),
]
SLOW_CASES = [
    (9, "non-consecutive"),
    (9, "x,anti-knight"),
    (9, "jigsaw,anti-knight"),
    (12, "x"),
    (12, "jigsaw"),
    (16, "windoku"),
]


def names(variant: str) -> list[str]:
    return variant.split(",")


def check_puzzle(g: Grid, n: int, variant: str) -> None:
    """Unique under the rules asked for, its solution keeping them (independent check)."""
    rules = g.rules
    assert g.size == n
    assert set(rules.variants) == set(names(variant))
    assert g.conflicts() == []
    assert count_solutions(g) == 1
    solution = solve(g)
    assert solution is not None
    regions = list(rules.region_of) if rules.jigsaw else None
    assert is_variant_solution(g.cells, solution.cells, n, names(variant), regions)
    if n <= 6:  # plain backtracking from the definitions, apart from sudokit
        assert brute_count(g.cells, n, names(variant), regions, limit=2) == 1


@pytest.mark.parametrize(("n", "variant"), CASES)
@pytest.mark.parametrize("seed", [0, 1])
def test_unique_under_the_rules(n: int, variant: str, seed: int) -> None:
    check_puzzle(generate(n, seed=seed, variant=variant), n, variant)


@pytest.mark.slow
@pytest.mark.parametrize(("n", "variant"), SLOW_CASES)
def test_unique_under_the_rules_bigger(n: int, variant: str) -> None:
    check_puzzle(generate(n, seed=3, variant=variant), n, variant)


@pytest.mark.parametrize(("n", "variant"), [(4, "x"), (6, "jigsaw"), (9, "x,anti-king")])
def test_minimal(n: int, variant: str) -> None:
    """No clue of a puzzle made without symmetry can go without losing uniqueness."""
    g = generate(n, seed=5, variant=variant, symmetry="none")
    for cell, v in enumerate(g.cells):
        if v:
            assert count_solutions(g.with_cell(cell, 0)) == 2, cell


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    case=st.sampled_from([c for c in CASES if c[0] <= 6]),
    symmetry=st.sampled_from(["rot180", "none", "mirror"]),
)
def test_any_seed_small(seed: int, case: tuple[int, str], symmetry: str) -> None:
    n, variant = case
    g = generate(n, seed=seed, variant=variant, symmetry=symmetry)
    check_puzzle(g, n, variant)
    assert generate(n, seed=seed, variant=variant, symmetry=symmetry) == g


@pytest.mark.parametrize("variant", ["x", "jigsaw", "anti-king,x"])
def test_same_seed_same_puzzle(variant: str) -> None:
    a = generate(9, seed="daily", variant=variant)
    b = generate(9, seed="daily", variant=variant)
    assert a == b and a.rules is b.rules
    others = {generate(9, seed=s, variant="jigsaw").rules for s in range(4)}
    assert len(others) == 4  # every seed its own layout


def test_same_seed_whichever_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    made = [generate(9, seed=s, variant=v) for s, v in ((1, "x"), (2, "jigsaw"), (3, "anti-king"))]
    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    assert [
        generate(9, seed=s, variant=v) for s, v in ((1, "x"), (2, "jigsaw"), (3, "anti-king"))
    ] == made


def test_variant_spellings() -> None:
    a = generate(9, seed=2, variant="x,anti-king")
    assert generate(9, seed=2, variant="anti-king+diagonal") == a
    assert generate(9, seed=2, variant=["anti-king", "x"]) == a
    assert generate(seed=2, rules="9+x+anti-king") == a
    assert generate(seed=2, rules=Rules.make(9, ["x", "anti-king"])) == a


@pytest.mark.parametrize("symmetry", ["rot180", "rot90", "mirror", "diagonal"])
@pytest.mark.parametrize("variant", ["x", "jigsaw", "anti-knight"])
def test_symmetry_of_the_clue_pattern(symmetry: str, variant: str) -> None:
    n = 9

    def image(r: int, c: int) -> tuple[int, int]:
        return {
            "rot180": (n - 1 - r, n - 1 - c),
            "rot90": (c, n - 1 - r),
            "mirror": (r, n - 1 - c),
            "diagonal": (c, r),
        }[symmetry]

    g = generate(9, seed=7, variant=variant, symmetry=symmetry)
    clues = {(c // n, c % n) for c, v in enumerate(g.cells) if v}
    for r, c in clues:
        assert image(r, c) in clues, (r, c)
    assert count_solutions(g) == 1


def test_given_jigsaw_layout_kept() -> None:
    layout = random_regions(6, random.Random(11))
    rules = Rules.make(6, [], layout)
    g = generate(seed=4, rules=rules)
    assert g.rules is rules
    check_puzzle(g, 6, "jigsaw")
    assert generate(seed=4, rules=rules.code) == g


def regions_connected(regions: tuple[int, ...], n: int) -> bool:
    for k in set(regions):
        cells = {i for i in range(n * n) if regions[i] == k}
        first = min(cells)
        seen, todo = {first}, [first]
        while todo:
            r, c = divmod(todo.pop(), n)
            for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= a < n and 0 <= b < n and a * n + b in cells and a * n + b not in seen:
                    seen.add(a * n + b)
                    todo.append(a * n + b)
        if seen != cells:
            return False
    return True


@pytest.mark.parametrize("n", [4, 6, 9, 12, 16])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_regions(n: int, seed: int) -> None:
    regions = random_regions(n, random.Random(seed))
    assert len(regions) == n * n
    assert sorted(regions.count(k) for k in range(n)) == [n] * n
    assert regions_connected(regions, n)
    assert regions != Shape.of(n).box_index
    assert random_regions(n, random.Random(seed)) == regions


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.sampled_from([4, 6, 9]))
def test_random_regions_any_seed(seed: int, n: int) -> None:
    regions = random_regions(n, random.Random(seed))
    assert sorted(regions.count(k) for k in range(n)) == [n] * n
    assert regions_connected(regions, n)


def test_jigsaw_puzzles_have_connected_regions() -> None:
    for seed in range(3):
        g = generate(9, seed=seed, variant="jigsaw,x")
        assert regions_connected(g.rules.region_of, 9)


def test_random_solution_keeps_the_rules() -> None:
    rules = Rules.make(9, ["windoku", "anti-king"])
    cells = random_solution(rules, random.Random(3))
    assert cells is not None
    assert is_variant_solution([0] * 81, cells, 9, ["windoku", "anti-king"])
    # None only when no grid keeps the rules, proved by the search.
    assert random_solution(Rules.make(4, ["non-consecutive"]), random.Random(1)) is None


@pytest.mark.parametrize(
    ("n", "variant", "words"),
    [
        (4, "non-consecutive", "no 4×4 grid keeps non-consecutive rules"),
        (4, "x,anti-knight", "no 4×4 grid keeps X + anti-knight rules"),
        (4, "jigsaw,anti-king", "no 4×4 jigsaw layout found"),
    ],
)
def test_rules_no_grid_keeps(n: int, variant: str, words: str) -> None:
    with pytest.raises(GenerationError, match=re.escape(words)):
        generate(n, seed=1, variant=variant)


def test_bad_requests() -> None:
    with pytest.raises(RulesError, match="did you mean"):
        generate(9, variant="diagonl")
    with pytest.raises(RulesError, match="windoku needs square boxes"):
        generate(6, variant="windoku")
    with pytest.raises(ValueError, match="not both"):
        generate(9, variant="x", rules="9+x")
    with pytest.raises(ValueError, match="does not match"):
        generate(6, rules="9+x")


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_levels_of_x_puzzles(level: str) -> None:
    g = generate(9, seed=1, variant="x", difficulty=level)
    assert g.rules.diagonals
    r = rate(g)
    assert r.level == level
    assert count_solutions(g) == 1


def test_unreachable_level_refused() -> None:
    with pytest.raises(GenerationError, match="4×4 X puzzles cannot be made hard"):
        generate(4, variant="x", difficulty="hard")
    assert levels_for(4, "x") == ("easy",)


def test_classic_unchanged() -> None:
    """The classic generator gives the puzzles it gave before variants came."""
    assert format_line(generate(9, seed=3)) == (
        "..4...35.....2..4..8.4.6.....2....81497...63585....9.....6.2.9..2..9.....35...1.."
    )
    assert format_line(generate(9, seed=7, difficulty="hard")) == (
        "..436..9.37..8.42.....4.6..4.2..6....1.....4....2..7.9..3.2.....21.7..54.4..512.."
    )
    assert generate(9, seed=3, variant=[]) == generate(9, seed=3, rules="9")
    assert generate(9, seed=3).rules.classic


# --- the command line -----------------------------------------------------------------


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_cli_variant_lines() -> None:
    result = run("generate", "--variant", "x,anti-king", "-n", "3", "--seed", "1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    for i, line in enumerate(lines):
        assert line.startswith("9+x+anti-king:")
        g = parse(line)
        assert g.rules is Rules.make(9, ["x", "anti-king"])
        assert g == generate(9, seed=1 + i, variant="x,anti-king")


def test_cli_jigsaw_json_and_formats() -> None:
    result = run("generate", "--variant", "jigsaw", "--size", "6", "--seed", "3", "--json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    g = parse(result.stdout)  # the digits in "puzzle", the rules in "rules"
    assert record["rules"] == g.rules.code and g.rules.jigsaw
    assert g == generate(6, seed=3, variant="jigsaw")
    for to in ("solo", "fpuzzles-link"):
        out = CliRunner().invoke(main, ["convert", "--to", to, "-f", "-"], input=result.stdout)
        assert out.exit_code == 0, out.output
        assert parse(out.stdout.strip()) == g  # read back under the same rules
    pretty = run("generate", "--variant", "jigsaw", "--size", "6", "--seed", "3", "--pretty")
    assert pretty.stdout.startswith("rules: jigsaw")


def test_cli_given_rules_and_classic_output() -> None:
    code = Rules.make(6, [], random_regions(6, random.Random(2))).code
    result = run("generate", "--rules", code, "--seed", "5")
    assert result.exit_code == 0, result.output
    assert parse(result.stdout.strip()) == generate(seed=5, rules=code)
    classic = run("generate", "--seed", "3")
    assert classic.stdout.strip() == format_line(generate(9, seed=3))


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--variant", "diagonl"], "did you mean 'diagonal'?"),
        (["--variant", "non-consecutive", "--size", "4"], "no 4×4 grid keeps"),
        (["--variant", "x", "--size", "4", "--difficulty", "hard"], "cannot be made hard"),
        (["--variant", "x", "--rules", "9+x"], "not both"),
        (["--rules", "9+x", "--size", "6"], "does not match"),
    ],
)
def test_cli_refusals(args: list[str], words: str) -> None:
    result = run("generate", *args)
    assert result.exit_code == 2
    assert words in result.output


def test_levels_need_the_logic_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules the logic engine does not grade: a level is refused, never guessed."""
    import sudokit.generator as gen
    from sudokit.errors import UnsupportedRulesError

    def refuse(*args: object, **kwargs: object) -> object:
        raise UnsupportedRulesError("the logic engine does not take X rules")

    monkeypatch.setattr(gen, "rate", refuse)
    with pytest.raises(GenerationError, match="levels for X puzzles need the logic engine"):
        generate(9, seed=1, variant="x", difficulty="easy")
    check_puzzle(generate(9, seed=1, variant="x"), 9, "x")  # without a level: made


def test_level_a_variant_does_not_reach() -> None:
    assert "medium" not in levels_for(9, "jigsaw,x")
    assert levels_for(9, "x") == levels_for(9)
    with pytest.raises(GenerationError, match="9×9 X \\+ jigsaw puzzles cannot be made medium"):
        generate(9, seed=1, variant="x,jigsaw", difficulty="medium")
