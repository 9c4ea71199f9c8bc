"""The JSON form of a step (``Step.to_dict``): a forcing chain or net carries its branches,
link by link, in names a reader can follow on the grid (``r1c2=5``, ``r1c2<>5``), through
``sudokit hint --json`` and ``sudokit explain --json`` too.

Positions are those of ``test_forcing_branches`` (from top1465's logical paths).
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from tests.test_forcing_branches import POSITIONS, check_branch, position

from sudokit import parse
from sudokit.cli import main
from sudokit.formats import Position, format_hodoku
from sudokit.geometry import Rules
from sudokit.logic import State
from sudokit.logic.engine import next_step
from sudokit.logic.step import Branch, Candidate, Step

_NODE = re.compile(r"r(\d+)c(\d+)(=|<>)(\d+)")


def node(text: str, n: int = 9) -> tuple[Candidate, bool]:
    """``r1c2=5`` back as ``((cell, digit), true?)``."""
    m = _NODE.fullmatch(text)
    assert m, f"not a node: {text!r}"
    r, c, sign, d = m.groups()
    return ((int(r) - 1) * n + int(c) - 1, int(d)), sign == "="


def check_branch_json(data: dict[str, object], branch: Branch, rules: Rules) -> None:
    """``data`` is ``branch`` whole: the same assumption, links, ends and verdict, each
    link resting only on the assumption or on links told before it."""
    assert set(data) == {"assume", "links", "ends", "contradiction"}
    assert node(str(data["assume"])) == (branch.start, branch.true)
    assert data["contradiction"] is branch.contradiction
    assert [node(e) for e in data["ends"]] == list(branch.ends)  # type: ignore[attr-defined]
    links = data["links"]
    assert isinstance(links, list) and len(links) == len(branch.links)
    told = {branch.start: branch.true}
    for got, k in zip(links, branch.links, strict=True):
        keys = {"candidate", "why", "rests_on"}
        keys |= {"unit"} if k.reason == "unit" else {"rule"} if k.reason == "rule" else set()
        assert set(got) == keys, got
        assert got["why"] == k.reason
        assert node(got["candidate"]) == (k.target, k.target_true)
        rests = [node(r) for r in got["rests_on"]]
        assert rests[0] == (k.source, k.source_true), "the node it follows from comes first"
        if k.reason in ("weak", "strong"):
            assert len(rests) == 1
        else:
            assert {c for c, _ in rests} == set(k.rests_on)
            assert all(not true for _, true in rests)
        for cand, true in rests:
            assert told.get(cand) == true, f"{got}: rests on {cand} before it is told"
        if k.reason == "unit":
            assert got["unit"] == rules.unit_name(k.unit)
        if k.reason == "rule":
            assert got["rule"] == k.rule and k.rule
        told.setdefault(k.target, k.target_true)


def forcing_step(case: str) -> tuple[State, Step]:
    find, grid, removed = POSITIONS[case]
    state = position(grid, removed)
    step = find(state)
    assert step is not None and step.branches
    return state, step


@pytest.mark.parametrize("case", sorted(POSITIONS))
def test_a_forcing_step_writes_every_branch_link_by_link(case: str) -> None:
    state, step = forcing_step(case)
    for branch in step.branches:  # the fixture still holds on the grid
        check_branch(state, branch, step)
    data = json.loads(json.dumps(step.to_dict(state.rules)))
    assert len(data["branches"]) == len(step.branches)
    for got, branch in zip(data["branches"], step.branches, strict=True):
        check_branch_json(got, branch, state.rules)
    # The conclusions the branches reach are the step's.
    if not step.branches[0].contradiction:
        for got in data["branches"]:
            ends = dict(node(e) for e in got["ends"])
            assert all(ends.get((c, d)) is False for c, d in step.eliminations)
            assert all(ends.get((c, d)) is True for c, d in step.placements)


def test_a_step_without_branches_writes_none() -> None:
    state = State.from_grid(parse(POSITIONS["unit"][1]))
    step = next_step(state, unique=True)
    assert step is not None and not step.branches
    assert "branches" not in step.to_dict(state.rules)


def hodoku_line(case: str) -> tuple[State, str]:
    _, grid, removed = POSITIONS[case]
    state = position(grid, removed)
    return state, format_hodoku(Position(parse(grid), candidates=tuple(state.cands)))


@pytest.mark.parametrize("case", ["unit", "net_unit"])
def test_hint_json_carries_the_branches_of_a_forcing_hint(case: str) -> None:
    state, line = hodoku_line(case)
    step = next_step(state, unique=True)
    assert step is not None and step.branches
    result = CliRunner().invoke(main, ["hint", "--json", line])
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["technique"] == step.technique
    assert len(record["branches"]) == len(step.branches) > 1
    for got, branch in zip(record["branches"], step.branches, strict=True):
        check_branch_json(got, branch, state.rules)


def test_explain_json_carries_branches_on_its_forcing_steps() -> None:
    _, line = hodoku_line("unit")
    result = CliRunner().invoke(main, ["explain", "--json", line])
    assert result.exit_code == 0, result.output
    steps = json.loads(result.stdout)["steps"]
    first = steps[0]
    assert first["technique"] == "unit_forcing_chain"
    assert len(first["branches"]) == 3
    for s in steps:
        forcing = "forcing" in s["technique"]
        assert ("branches" in s) == forcing, s["technique"]
        for b in s.get("branches", ()):
            assert b["links"] and b["ends"]


def test_the_web_bridge_explain_carries_the_branches_of_forcing_steps() -> None:
    # The position is the game's board (the bridge's explain sets the notes aside): the
    # top1465 puzzle's path from its givens has forcing steps.
    from sudokit.logic.engine import explain
    from sudokit.web.bridge import Engine

    grid = POSITIONS["unit"][1]
    path = explain(parse(grid))
    forcing = [s for s in path.steps if s.branches]
    assert forcing
    engine = Engine()
    game = json.loads(engine.handle(json.dumps({"op": "open", "args": {"text": grid}})))
    assert "error" not in game, game
    got = json.loads(engine.handle(json.dumps({"op": "explain", "args": {}})))["steps"]
    assert [s["technique"] for s in got] == [s.technique for s in path.steps]
    for data, step in zip(got, path.steps, strict=True):
        assert ("branches" in data) == bool(step.branches)
        for b, branch in zip(data.get("branches", ()), step.branches, strict=True):
            check_branch_json(b, branch, path.puzzle.rules)


def test_a_variant_unit_is_named_by_its_rules() -> None:
    """A link that is the last place in a diagonal (X) or a window is named so, at 16×16
    too (digits as numbers, cells as r16c1)."""
    from sudokit.logic.step import Implication

    x = Rules.make(9, ("x",))
    diagonal = 3 * 9  # the ↘ diagonal: the first unit after the boxes
    link = Implication((0, 4), False, (80, 4), True, "unit", ((0, 4),), diagonal)
    branch = Branch((0, 4), False, (link,), (((80, 4), True),))
    data = branch.to_dict(x)
    assert data["links"][0]["unit"] == "the ↘ diagonal"
    assert data["assume"] == "r1c1<>4" and data["ends"] == ["r9c9=4"]
    check_branch_json(data, branch, x)
    big = Rules.make(16)
    far = Branch((240, 16), True, (), (((240, 16), True),)).to_dict(big)
    assert far["assume"] == "r16c1=16"


def _bridge_at(case: str) -> tuple[State, object]:
    """The web bridge's game at the fixture's position: the givens, every candidate noted
    (``auto``), then the fixture's removed candidates ruled out (``x``)."""
    from sudokit.web.bridge import Engine

    _, grid, removed = POSITIONS[case]
    state, full = position(grid, removed), position(grid, "")
    gone = [
        f"r{c // 9 + 1}c{c % 9 + 1} {d}"
        for c in range(81)
        for d in range(1, 10)
        if full.cands[c] >> (d - 1) & 1 and not state.cands[c] >> (d - 1) & 1
    ]
    engine = Engine()
    args = {"rules": "9", "givens": grid, "moves": ["auto", "x " + " ".join(gone)]}
    game = json.loads(engine.handle(json.dumps({"op": "sync", "args": args})))
    assert "error" not in game, game
    noted = [sum(1 << (d - 1) for d in ds) for ds in game["notes"]]
    empty = [not d for d in game["cells"]]
    assert [k if e else 0 for k, e in zip(noted, empty, strict=True)] == [
        k if e else 0 for k, e in zip(state.cands, empty, strict=True)
    ]
    return state, engine


@pytest.mark.parametrize("case", ["unit", "net_unit"])
def test_the_web_bridge_hint_carries_the_branches_at_its_last_stage(case: str) -> None:
    state, engine = _bridge_at(case)
    step = next_step(state, unique=True)
    assert step is not None and step.branches

    def hint(stage: int) -> dict[str, object]:
        op = {"op": "hint", "args": {"stage": stage}}
        return json.loads(engine.handle(json.dumps(op)))  # type: ignore[attr-defined]

    for stage in (1, 2):  # the first stages only point: no branches yet
        told = hint(stage)
        assert told["technique"] == step.technique and "branches" not in told, told
    told = hint(3)
    assert told["technique"] == step.technique
    assert [tuple(e) for e in told["eliminations"]] == list(step.eliminations)  # type: ignore[attr-defined]
    got = told["branches"]
    assert isinstance(got, list) and len(got) == len(step.branches) > 1
    for data, branch in zip(got, step.branches, strict=True):
        check_branch_json(data, branch, state.rules)
    # Each branch reaches the conclusions that the hint's Apply plays.
    for data in got:
        ends = dict(node(e) for e in data["ends"])
        assert all(ends.get((c, d)) is False for c, d in step.eliminations)
        assert all(ends.get((c, d)) is True for c, d in step.placements)
    assert told["moves"]


def test_the_web_bridge_hint_of_a_pattern_step_has_no_branches() -> None:
    from sudokit.web.bridge import Engine

    engine = Engine()
    game = {"op": "open", "args": {"text": POSITIONS["unit"][1]}}
    assert "error" not in json.loads(engine.handle(json.dumps(game)))
    told = json.loads(engine.handle(json.dumps({"op": "hint", "args": {"stage": 3}})))
    assert told["stage"] == 3 and told["kind"] == "logic" and told["moves"], told
    assert "branches" not in told
