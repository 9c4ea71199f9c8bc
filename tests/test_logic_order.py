"""The simplest step first: the engine's next step is the easiest available by its
rating (not by its technique's level), ties going to the shortest explanation; and a
forcing step with several conclusions justifies each of them."""

from __future__ import annotations

import itertools
import re

import pytest

from sudokit import parse
from sudokit.formats import parse_position
from sudokit.logic import BY_ID, State, explain, hint, next_step
from sudokit.logic.engine import (
    by_rating,
    explanation_size,
    lowest_rating,
    select,
    start_state,
    steps,
)

#: A position (magictour top1465, on the way) where a W-Wing (7.1) and an XY-Chain (7.0)
#: are both available and nothing easier is.
W_WING_OR_XY_CHAIN = (
    ":0000:x:5+67.+9..3..+3.+861.+4.1+48+3+7+5+9..62.+14+8......7...8......+9....1.+9+8+36.43..5+2"
    "..+1.....+1+72.+3:219 229 943 548 159 559 959 461 562 767 568 768 269 669 769 882 983 991::"
)

#: magictour top1465 #1: its path takes a unit forcing chain and a forcing net that
#: each remove several candidates.
FORCING = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


#: The hard puzzle of test_logic_engine.py.
HARD = ".7.59..4..4...1..71..7.6.2.4...3.....59...37.....6...9.3.6.9..45..3...6..6..54.3."


def _state(line: str) -> State:
    pos = parse_position(line)
    return start_state(pos.current, pos.candidates)


def test_an_xy_chain_at_7_0_comes_before_a_w_wing_at_7_1() -> None:
    st = _state(W_WING_OR_XY_CHAIN)
    w_wing = BY_ID["w_wing"].find(st)
    assert w_wing is not None and w_wing.rating == 7.1  # the fixture still holds
    step = next_step(st, unique=True)
    assert step is not None
    assert (step.technique, step.rating) == ("xy_chain", 7.0)
    # The hint and the explanation from that position say the same.
    h = hint(parse_position(W_WING_OR_XY_CHAIN))
    assert h is not None and h.step is not None and h.step.technique == "xy_chain"
    first = explain(parse_position(W_WING_OR_XY_CHAIN)).steps[0]
    assert first.technique == "xy_chain"


def test_ties_go_to_the_shortest_explanation() -> None:
    # At the hardest step of this path a skyscraper (four cells) and a sashimi X-Wing
    # (three) both rate 6.6.
    path = explain(HARD)
    hardest = max(path.steps, key=lambda s: s.rating)
    assert (hardest.technique, hardest.rating) == ("sashimi_x_wing", 6.6)
    assert explanation_size(hardest) == 3


def _positions(puzzle: str, techniques: list, limit: int = 80) -> list[State]:
    st = State.from_grid(parse(puzzle))
    out = [st]
    for _, after in itertools.islice(steps(st, unique=True, techniques=techniques), limit):
        out.append(after)
    return out


def test_the_bounded_search_finds_what_trying_every_technique_finds() -> None:
    """next_step stops early (no technique left can rate lower): it must still give the
    lowest rating and, among those, the shortest explanation of all the techniques."""
    grid = parse(FORCING)
    techniques = [t for t in select(rules=grid.rules, unique=True) if t.rating < 8.5]
    positions = _positions(FORCING, techniques)
    compared = 0
    for st in positions[:-1]:
        found = [s for t in by_rating(techniques) if (s := t.find(st)) is not None]
        if not found:
            continue
        best = min((s.rating, explanation_size(s)) for s in found)
        step = next_step(st, unique=True, techniques=techniques)
        assert step is not None
        assert (step.rating, explanation_size(step)) == best
        compared += 1
    assert compared > 20


def test_no_step_rates_below_its_techniques_lowest_rating() -> None:
    """The bound the search stops on: every technique's steps rate at least
    lowest_rating (a naked single may rate as low as a direct pointing)."""
    grid = parse(FORCING)
    techniques = [t for t in select(rules=grid.rules, unique=True) if t.rating < 8.5]
    seen = set()
    for st in _positions(FORCING, techniques):
        for t in techniques:
            s = t.find(st)
            if s is not None:
                assert s.rating >= lowest_rating(t), (t.id, s.rating)
                seen.add(t.id)
    assert {"naked_single", "hidden_single", "x_chain", "aic"} <= seen


def _said(shape_name: str, placed: bool, digit: int) -> str:
    return f"{shape_name} is {'' if placed else 'not '}{digit}"


@pytest.mark.parametrize("technique", ["unit_forcing_chain", "forcing_net"])
def test_a_forcing_step_justifies_each_of_its_conclusions(technique: str) -> None:
    path = explain(FORCING)
    shape = path.puzzle.shape
    several = [
        s
        for s in path.steps
        if s.technique == technique and len(s.placements) + len(s.eliminations) > 1
    ]
    assert several, f"no {technique} with several conclusions on this path"
    for s in several:
        body = s.text.split("; either way ")[0]
        branches = [b for b in re.split(r"; (?=if )", body) if b.startswith("if ")]
        assert len(branches) >= 2
        for branch in branches:
            for c, d in s.placements:
                assert _said(shape.cell_name(c), True, d) in branch, (branch, c, d)
            for c, d in s.eliminations:
                assert _said(shape.cell_name(c), False, d) in branch, (branch, c, d)
