"""The branches of forcing chains and nets (``Step.branches``): every branch is a chain of
implications a reader can follow and check on the candidate grid, from its assumption to
the step's conclusions (or to its contradiction), link by link.

Positions come from the logical paths of top1465 puzzles (magictour).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import parse
from sudokit.logic import State
from sudokit.logic.engine import steps
from sudokit.logic.step import Branch, Candidate, Step
from sudokit.logic.techniques import forcing, nets
from sudokit.logic.techniques.forcing_branches import read_branch
from sudokit.render.step_art import STEP_TAG, Label, Poly, scene, swatch_prims
from sudokit.render.step_branches import branch_ink, branch_legend, branch_links, branch_words
from sudokit.render.steps import StepPicture, step_picture

_TOKEN = re.compile(r"r(\d)c(\d):(\d+)")
_NODE = re.compile(r"r(\d)c(\d) is (not )?(\d)")


def position(grid: str, removed: str) -> State:
    out = []
    for r, c, ds in _TOKEN.findall(removed):
        out += [((int(r) - 1) * 9 + int(c) - 1, int(d)) for d in ds]
    return State.from_grid(parse(grid)).applied((), out)


def has(state: State, cand: Candidate) -> bool:
    return bool(state.cands[cand[0]] >> (cand[1] - 1) & 1)


def check_branch(state: State, branch: Branch, step: Step | None = None) -> None:
    """``branch`` holds on ``state``'s candidates: each link follows from what the branch
    knows by then, for the reason it gives, and its ends are reached (the step's
    conclusions, or a contradiction)."""
    rules = state.rules
    n = rules.n
    units = [set(u) for u in rules.units]
    assert has(state, branch.start), "the assumption is a candidate"
    known = {branch.start: branch.true}
    clashes: list[Candidate] = []
    for k in branch.links:
        assert known.get(k.source) == k.source_true, f"{k}: its source is not known yet"
        (sc, sd), (tc, td) = k.source, k.target
        assert has(state, k.target), f"{k}: its target is no candidate"
        if k.reason == "weak":
            assert k.source_true and not k.target_true and k.source != k.target
            assert sc == tc or (sd == td and tc in rules.peers[sc]), k
        elif k.reason == "strong":
            assert not k.source_true and k.target_true
            if sc == tc:
                assert state.cands[sc] == 1 << (sd - 1) | 1 << (td - 1), f"{k}: not bivalue"
            else:
                places = [{x for x in u if has(state, (x, sd))} for u in units]
                assert sd == td and {sc, tc} in places, f"{k}: not the only two places"
        elif k.reason in ("cell", "unit"):
            assert k.target_true and k.source in k.rests_on
            assert all(known.get(r) is False for r in k.rests_on), f"{k}: rests on the unknown"
            gone = set(k.rests_on)
            if k.reason == "cell":
                left = {d for d in range(1, n + 1) if has(state, (tc, d)) and (tc, d) not in gone}
                assert left == {td}, f"{k}: not the cell's last candidate"
            else:
                u = units[k.unit]
                left = {x for x in u if has(state, (x, td)) and (x, td) not in gone}
                assert left == {tc}, f"{k}: not the unit's last place"
        else:
            assert k.reason == "rule" and k.rule and k.source in k.rests_on
            assert all(known.get(r) is False for r in k.rests_on)
        if k.target in known:
            assert known[k.target] != k.target_true and branch.contradiction, k
            clashes.append(k.target)
        else:
            known[k.target] = k.target_true
    for cand, true in branch.ends:
        assert known.get(cand) == true or cand in clashes, (cand, true)
    if branch.contradiction:
        if clashes:
            return
        # Every candidate of a cell, or every place of a digit in a unit, is false.
        assert branch.ends and not any(true for _, true in branch.ends)
        cells = {c for (c, _), _ in branch.ends}
        digits = {d for (_, d), _ in branch.ends}
        if len(cells) == 1:
            (cell,) = cells
            assert {d for d in range(1, n + 1) if has(state, (cell, d))} <= digits
        else:
            (d,) = digits
            assert any(cells <= u and {x for x in u if has(state, (x, d))} <= cells for u in units)
    elif step is not None:
        ends = dict(branch.ends)
        assert all(ends.get(p) is True for p in step.placements)
        assert all(ends.get(e) is False for e in step.eliminations)


G1 = "4...3.......6..8..........1....5..9..8....6...7.2........1927..513...942927.4.1.."
G2 = "7.8...3.....2.1...5.........4.....263...8.......1...93.9.6....4....7.5..........."
POSITIONS = {
    "cell": (
        forcing.cell_forcing_chain,
        G1,
        "r1c3:59 r2c3:59 r3c3:59 r4c3:6 r4c4:4 r4c6:4 r4c7:4 r4c9:4 r5c3:124 r6c3:146 "
        "r7c8:68 r7c9:68 r9c4:8 r9c6:68 r9c8:35 r9c9:35",
    ),
    "cell_contradiction": (
        forcing.cell_forcing_chain,
        G1,
        "r1c3:59 r1c6:59 r1c8:5 r1c9:5 r2c2:3 r2c3:59 r2c6:157 r2c8:2 r2c9:7 r3c2:6 r3c3:59 "
        "r3c6:49 r3c7:2 r3c8:35 r4c3:6 r4c4:4 r4c6:4 r4c7:4 r4c9:4 r5c3:124 r5c4:37 "
        "r5c6:17 r5c8:5 r5c9:4 r6c3:146 r6c6:4 r6c9:3 r7c8:68 r7c9:68 r9c4:8 r9c6:68 "
        "r9c8:35 r9c9:35",
    ),
    "unit": (
        forcing.unit_forcing_chain,
        G1,
        "r1c3:59 r1c6:59 r2c3:59 r2c6:17 r2c8:2 r2c9:7 r3c3:59 r3c7:2 r4c3:6 r4c4:4 r4c6:4 "
        "r4c7:4 r4c9:4 r5c3:124 r5c9:4 r6c3:146 r6c6:4 r7c8:68 r7c9:68 r9c4:8 r9c6:68 "
        "r9c8:35 r9c9:35",
    ),
    "net_contradiction": (
        nets.forcing_net,
        G1,
        "r1c3:59 r1c6:59 r2c3:59 r2c6:157 r2c8:2 r2c9:7 r3c3:59 r3c6:49 r3c7:2 r4c3:6 "
        "r4c4:4 r4c6:4 r4c7:4 r4c9:4 r5c3:124 r5c4:37 r5c9:4 r6c3:146 r6c6:4 r6c9:3 "
        "r7c8:68 r7c9:68 r9c4:8 r9c6:68 r9c8:35 r9c9:35",
    ),
    "net_unit": (
        nets.forcing_net,
        G2,
        "r2c7:8 r2c9:9 r3c4:349 r3c6:3469 r3c7:78 r3c8:78 r3c9:78 r4c5:3 r5c2:5 r5c3:5 "
        "r5c4:5 r5c6:57 r7c5:3 r7c7:8 r9c2:2 r9c5:3 r9c7:8",
    ),
    "net_plus_contradiction": (
        nets.forcing_net_plus,
        G2,
        "r1c9:9 r2c1:6 r2c5:9 r2c7:89 r2c8:6 r2c9:9 r3c3:9 r3c4:349 r3c5:9 r3c6:3469 "
        "r3c7:1478 r3c8:78 r3c9:78 r4c5:3 r5c2:5 r5c3:57 r5c4:5 r5c6:57 r6c2:26 r6c6:5 "
        "r7c3:2 r7c5:3 r7c7:8 r9c2:126 r9c5:35 r9c7:18",
    ),
}


@pytest.mark.parametrize("case", sorted(POSITIONS))
def test_every_branch_is_a_chain_to_the_conclusion(case: str) -> None:
    find, grid, removed = POSITIONS[case]
    state = position(grid, removed)
    step = find(state)
    assert step is not None
    assert step.branches
    contradiction = "contradiction" in case
    assert all(b.contradiction == contradiction for b in step.branches)
    if contradiction:
        # One assumption, proved false (or, assumed false, proved true).
        assert len(step.branches) == 1
        assert step.branches[0].start in {*step.eliminations, *step.placements}
    else:
        # One branch per case, starting at each of the step's start candidates.
        assert [b.start for b in step.branches] == list(step.candidates)
        assert all(b.true for b in step.branches)
    for branch in step.branches:
        assert branch.links
        check_branch(state, branch, step)


def test_net_links_say_why_a_node_follows() -> None:
    """Nets tell singles apart from links (the last candidate of a cell, the last place
    in a unit) and name the technique a Forcing Net+ used along its way."""
    reasons = {}
    for case in ("net_unit", "net_contradiction", "net_plus_contradiction"):
        find, grid, removed = POSITIONS[case]
        step = find(position(grid, removed))
        assert step is not None
        reasons[case] = {k.reason for b in step.branches for k in b.links}
        assert reasons[case] <= {"weak", "cell", "unit", "rule"}
    assert {"weak", "unit", "cell"} <= reasons["net_unit"] | reasons["net_contradiction"]
    assert "rule" in reasons["net_plus_contradiction"]
    find, grid, removed = POSITIONS["net_plus_contradiction"]
    step = find(position(grid, removed))
    assert step is not None
    rules = {k.rule for b in step.branches for k in b.links if k.reason == "rule"}
    assert rules and all(name in step.text for name in rules)


def test_static_chains_use_only_links() -> None:
    for case in ("cell", "unit", "cell_contradiction"):
        find, grid, removed = POSITIONS[case]
        step = find(position(grid, removed))
        assert step is not None
        assert {k.reason for b in step.branches for k in b.links} <= {"weak", "strong"}


def test_a_net_kept_from_the_position_before_names_only_candidates_left() -> None:
    """The nets searched on a path's position are kept for the next one; a branch, or a
    sentence, read from such a net could pass through candidates removed since (this
    path met three: "r2c7 is not 9" where r2c7 had lost its 9)."""
    state = State.from_grid(parse(G2))
    seen = 0
    for step, after in steps(state, unique=True):
        for branch in step.branches:
            check_branch(state, branch, step)
            seen += 1
        # The sentence too names only candidates the grid has ("r2c7 is not 9").
        for r, c, no, d in _NODE.findall(step.text):
            assert has(state, ((int(r) - 1) * 9 + int(c) - 1, int(d))), f"r{r}c{c} {no}{d}"
        state = after
    assert seen >= 20


@pytest.fixture(scope="module")
def net_state() -> State:
    _, grid, removed = POSITIONS["net_plus_contradiction"]
    return position(grid, removed)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_reached_node_reads_back_as_a_valid_chain(
    net_state: State, data: st.DataObject
) -> None:
    """Assume any candidate true or false, propagate it (statically, or as a net of level
    0 or 1), pick nodes it reached: the branch read back to them is a valid chain."""
    state = net_state
    cands = [(c, d) for c in range(81) for d in range(1, 10) if has(state, (c, d))]
    cell, digit = data.draw(st.sampled_from(cands))
    kind = data.draw(st.sampled_from(["static", "net0", "net1"]))
    true = kind == "static" or data.draw(st.booleans())
    key = digit * 81 + cell + 1
    if kind == "static":
        b = forcing.propagate(state, cell, digit)
        why, broken = b.why, b.contradiction
        parents = None
    else:
        net = nets.propagate(state, key if true else -key, int(kind[-1]))
        why, broken = net.why, net.contradiction
        parents = lambda node: nets._parents(state, net, node)  # noqa: E731
    if broken is not None:
        ends = list(broken) if broken[1] == -broken[0] else list(nets._clash(state, net))
    else:
        ends = data.draw(st.lists(st.sampled_from(sorted(why)), min_size=1, max_size=4))
    branch = read_branch(
        state,
        why,
        ends,
        contradiction=broken is not None,
        parents=parents,
        rule_name=lambda node: "a pattern",
    )
    assert branch.start == (cell, digit) and branch.true == true
    check_branch(state, branch)


# --- the picture ------------------------------------------------------------------------


def _picture(case: str, limit: int | None = None) -> tuple[State, Step, StepPicture]:
    find, grid, removed = POSITIONS[case]
    state = position(grid, removed)
    step = find(state)
    assert step is not None
    pic = step_picture(state.to_grid(), state.cands, step)
    return state, step, pic


@pytest.mark.parametrize("case", ["cell", "unit", "net_unit"])
def test_the_picture_draws_each_branch_from_its_start_to_the_conclusions(case: str) -> None:
    state, step, pic = _picture(case)
    assert [b.label for b in pic.branches] == list(range(1, len(step.branches) + 1))
    for i, b in enumerate(pic.branches):
        mine = [k for k in pic.links if k.branch == i]
        assert len(mine) == b.drawn == b.total > 0
        # Drawn in order: each link leaves the start or a node an earlier link reached.
        reached = {(b.start, b.true)}
        for k in mine:
            source = ((k.start.cells[0], k.start.digit), None)
            assert any(node == source[0] for node, _ in reached), k
            reached.add(((k.end.cells[0], k.end.digit), k.strong))
        # ... and reach every conclusion (a placement true, an elimination false).
        for cand in step.eliminations:
            assert (cand, False) in reached
        for cand in step.placements:
            assert (cand, True) in reached
    # Every conclusion is marked, every start ringed or struck, no "sees both ends".
    for cand in step.eliminations:
        assert pic.role_of(*cand) == "eliminated"
    assert all(pic.role_of(*b.start) in ("start", "eliminated") for b in pic.branches)
    assert not pic.cells_with("sees")
    # The legend tells each branch's way, from its assumption, and how arrows link.
    lines = [e.text for e in pic.legend if e.role == "branch"]
    assert len(lines) == len(step.branches)
    for line, b in zip(lines, pic.branches, strict=True):
        (cell, d), name = b.start, state.shape.cell_name(b.start[0])
        assert cell in step.cells
        assert line.startswith(f"Branch {b.label}: {name}={d} → ")
    roles = {e.role for e in pic.legend}
    assert {"strong", "weak"} & roles


def test_each_branch_has_its_own_ink_and_number() -> None:
    _, step, pic = _picture("unit")
    prims = scene(pic).prims
    inks = {p.stroke for p in prims if isinstance(p, Poly) and p.tag == STEP_TAG and p.stroke}
    assert {branch_ink(i) for i in range(len(step.branches))} <= inks
    assert len({branch_ink(i) for i in range(len(step.branches))}) == len(step.branches)
    # Numbers beside the starts (greyscale tells branches apart by them), and in the legend.
    numbers = [p.text for p in prims if isinstance(p, Label) and p.tag == STEP_TAG]
    assert sorted(numbers) == [str(b.label) for b in pic.branches]
    swatches = [e for e in pic.legend if e.role == "branch"]
    for i, entry in enumerate(swatches):
        marks = swatch_prims(entry.role, 0, 0, 18, pic, i)
        assert [p.text for p in marks if isinstance(p, Label)] == [str(i + 1)]
        assert {p.stroke for p in marks if isinstance(p, Poly)} == {branch_ink(i)}


def test_a_contradiction_is_framed_where_it_breaks() -> None:
    state, _, pic = _picture("cell_contradiction")
    (b,) = pic.branches
    (clash,) = b.clash
    assert pic.role_of(*clash) == "clash"
    name, digit = state.shape.cell_name(clash[0]), clash[1]
    clash_lines = [e.text for e in pic.legend if e.role == "clash"]
    assert clash_lines == [
        f"Red frame: where the branch breaks: {digit} in {name} would be both true and false."
    ]
    # Both ways to the clash are told: to the candidate true, then to it false.
    words = next(e.text for e in pic.legend if e.role == "branch")
    assert f"{name}={digit}" in words and f"{name}≠{digit}" in words
    assert words.endswith(": a contradiction.")


def test_a_big_net_is_drawn_in_part_and_the_legend_says_so() -> None:
    _, step, _ = _picture("net_plus_contradiction")
    shape = parse(G2).shape
    total = sum(len(b.links) for b in step.branches)
    assert total > 12
    drawn, branches = branch_links(step, shape, limit=12)
    (b,) = branches
    assert 0 < b.drawn == len(drawn[0]) <= 12 < b.total == total
    # What is drawn starts at the assumption and goes on in order.
    reached = {(b.start, b.true)}
    for k in drawn[0]:
        assert (k.source, k.source_true) in reached
        reached.add((k.target, k.target_true))
    ((_, line),) = [x for x in branch_legend(shape, branches, True, True) if x[0] == "branch"]
    assert f"(Its first {b.drawn} of {b.total} links are drawn.)" in line
    # Whole, it fits the default limit; the way it is told does not depend on the limit.
    assert branch_links(step, shape)[1][0].drawn == total
    assert branches[0].words == branch_words(shape, step.branches[0])
