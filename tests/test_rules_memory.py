"""Rules are interned weakly and the tables made for them live on them: rules nobody holds
any more are freed, so making thousands of killers (each tries dozens of cage layouts)
does not grow memory without bound."""

from __future__ import annotations

import gc

from sudokit import generate
from sudokit.geometry import Rules
from sudokit.logic import rate
from sudokit.solvers import count_solutions


def killer_rules_alive() -> int:
    gc.collect()
    return sum(1 for rules in list(Rules._interned.values()) if rules.cages)


def test_rules_of_finished_puzzles_are_freed() -> None:
    made = [generate(6, seed=seed, variant="killer", difficulty="easy") for seed in range(10)]
    for puzzle in made:  # every cache a puzzle goes through: solvers, logic, native tables
        count_solutions(puzzle, 2)
        rate(puzzle)
    assert len(made) == 10
    del made, puzzle
    # A few stay in bounded caches of recent positions; the hundreds of layouts tried
    # on the way (about 40 per puzzle when every cache kept them) are gone.
    assert killer_rules_alive() <= 40


def test_equal_rules_are_still_one_object_while_held() -> None:
    code = "4+killer:1112=3/1314=7"
    first = Rules.parse(code)
    gc.collect()
    assert Rules.parse(code) is first
