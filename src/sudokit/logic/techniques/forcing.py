"""Forcing chains (static): assume a candidate true and follow the links.

A *cell* forcing chain does this for every candidate of one cell, a *unit* forcing chain
for every place of a digit in one unit: whatever all the branches agree on is true, since
one of them must be. A branch that ends in a contradiction proves its assumption false.
Chains follow only links (the weak and strong links of :mod:`.chains`, without groups),
so each conclusion is reached along a chain; the forcing *nets*, where singles appear as
candidates go, are in :mod:`.nets`.

Nodes: ``on`` / ``off`` cell sets per digit; the reason of each node is kept (its parent
node and how it follows) so that a conclusion can be told as the chain leading to it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...solvers import native
from ..candidates import State, cells_of
from ..step import Branch as StepBranch
from ..step import Candidate, Step, digits_set, elim_text, place_text, sym
from .colouring import length_bonus
from .forcing_branches import LINK, path_to, read_branch


@dataclass(slots=True)
class Branch:
    """What follows from one assumption: the true (``on``) and false (``off``) cell sets
    per digit, each node's parent and reason, and a contradiction if one was met."""

    on: list[int]
    off: list[int]
    why: dict[int, tuple[int, int]]  # node -> (parent node, reason); node = ±(key + 1)
    #: Where it broke: ``(true node, false node)`` of one candidate.
    contradiction: tuple[int, int] | None


def _key(st: State, cell: int, digit: int) -> int:
    return digit * st.tables.ncells + cell


def _strong(st: State) -> dict[int, list[tuple[int, int]]]:
    """Every candidate's strong links, ``key -> [(cell, digit)]`` (memoized on the
    state: every propagation on it follows them)."""
    found = st.memo.get("forcing.strong")
    if isinstance(found, dict):
        return found
    t = st.tables
    ncells = t.ncells
    out: dict[int, list[tuple[int, int]]] = {}
    for c in cells_of(st.empty):
        m = st.cands[c]
        if m.bit_count() == 2:
            lo = m & -m
            d1, d2 = lo.bit_length(), (m ^ lo).bit_length()
            out.setdefault(d1 * ncells + c, []).append((c, d2))
            out.setdefault(d2 * ncells + c, []).append((c, d1))
    for d in range(1, t.n + 1):
        dc = st.dcells[d]
        for ub in t.unit_bits:
            x = dc & ub
            if x.bit_count() == 2:
                lo = x & -x
                a, b = lo.bit_length() - 1, (x ^ lo).bit_length() - 1
                out.setdefault(d * ncells + a, []).append((b, d))
                out.setdefault(d * ncells + b, []).append((a, d))
    st.memo["forcing.strong"] = out
    return out


def propagate(st: State, cell: int, digit: int) -> Branch:
    """Everything "``digit`` is in ``cell``" forces along links (see the module docstring).

    Nodes are ints: ``+(k + 1)`` for "candidate k is true", ``-(k + 1)`` for "false",
    with ``k = digit * ncells + cell``.
    """
    t = st.tables
    n, ncells = t.n, t.ncells
    peer = t.peer_bits
    digits_of = st.shape.digits_of_mask
    cands = st.cands
    dcells = st.dcells
    strong = _strong(st)
    on = [0] * (n + 1)
    off = [0] * (n + 1)
    why: dict[int, tuple[int, int]] = {}
    start = digit * ncells + cell + 1
    why[start] = (0, LINK)
    on[digit] |= 1 << cell
    queue = [start]
    head = 0
    contradiction: tuple[int, int] | None = None
    while head < len(queue):
        node = queue[head]
        head += 1
        d, c = divmod(abs(node) - 1, ncells)
        if node > 0:
            # Weak links: the cell's other candidates, the digit in the peers.
            cbit = 1 << c
            for d2 in digits_of[cands[c] & ~(1 << (d - 1))]:
                if off[d2] & cbit:
                    continue
                nd = -(d2 * ncells + c + 1)
                why[nd] = (node, LINK)
                if on[d2] & cbit:
                    contradiction = (-nd, nd)
                    break
                off[d2] |= cbit
                queue.append(nd)
            if contradiction:
                break
            x = dcells[d] & peer[c] & ~off[d]
            if x:
                clash = x & on[d]
                if clash:
                    nd = -(d * ncells + (clash & -clash).bit_length())
                    why[nd] = (node, LINK)
                    contradiction = (-nd, nd)
                    break
                off[d] |= x
                base = -(d * ncells + 1)
                while x:
                    low = x & -x
                    x ^= low
                    nd = base - (low.bit_length() - 1)
                    why[nd] = (node, LINK)
                    queue.append(nd)
            continue
        # Strong links: the cell's other candidate, the unit's other place.
        for c2, d2 in strong.get(-node - 1, ()):
            bit = 1 << c2
            if on[d2] & bit:
                continue
            nd = d2 * ncells + c2 + 1
            why[nd] = (node, LINK)
            if off[d2] & bit:
                contradiction = (nd, -nd)
                break
            on[d2] |= bit
            queue.append(nd)
        if contradiction:
            break
    return Branch(on, off, why, contradiction)


def _branches(st: State) -> dict[int, Branch]:
    """Memo of propagations on ``st`` by start key (shared by the searches)."""
    key = "forcing.static"
    memo = st.memo.get(key)
    if not isinstance(memo, dict):
        memo = {}
        st.memo[key] = memo
    return memo


def _branch(st: State, cell: int, digit: int) -> Branch:
    memo = _branches(st)
    k = _key(st, cell, digit)
    b = memo.get(k)
    if b is None:
        b = propagate(st, cell, digit)
        memo[k] = b
    return b


def _path(branch: Branch, node: int) -> list[tuple[int, int]]:
    return path_to(branch.why, node)


def node_text(st: State, node: int) -> str:
    """``r5c4 is 4`` / ``r5c4 is not 3``."""
    d, c = divmod(abs(node) - 1, st.tables.ncells)
    return f"{st.shape.cell_name(c)} is {'' if node > 0 else 'not '}{sym(st.shape, d)}"


def _say_path(st: State, path: list[tuple[int, int]]) -> str:
    words = [node_text(st, node) for node, _ in path]
    if len(words) == 1:
        return words[0]
    return f"if {words[0]}, then " + ", so ".join(words[1:])


Path = list[tuple[int, int]]


def tell_all(
    paths: list[Path], words: Callable[[Path], list[str]], plain: Callable[[int], str]
) -> str:
    """One branch's chains to every conclusion of a step, so that each is justified: the
    first chain whole (``if A, then B, so C``), each further one from the last node
    already told (``..., and as B, D``). ``words`` says a path's nodes, ``plain`` one
    node without its reason."""
    first = words(paths[0])
    text = first[0] if len(first) == 1 else f"if {first[0]}, then " + ", so ".join(first[1:])
    said = {node for node, _ in paths[0]}
    anchor: int | None = None
    for path in paths[1:]:
        k = max((i for i, (node, _) in enumerate(path) if node in said), default=-1)
        if k == len(path) - 1:
            continue  # that conclusion was told on the way
        rest = ", so ".join(words(path)[k + 1 :])
        node = path[k][0] if k >= 0 else 0
        if node == anchor:
            text += f" and {rest}"  # as r1c9 is 1, r8c9 is not 1 and r9c9 is not 1
        else:
            text += f", and as {plain(node)}, {rest}" if k >= 0 else f", and {rest}"
        anchor = node
        said.update(node for node, _ in path)
    return text


def conclusion_nodes(
    st: State, placements: Sequence[Candidate], eliminations: Sequence[Candidate], first: int
) -> list[int]:
    """The nodes of a step's conclusions, ``first`` (the one its rating measures) first."""
    nodes = [_node(st, p, True) for p in placements] + [_node(st, e, False) for e in eliminations]
    return [first] + [x for x in nodes if x != first]


@dataclass(slots=True)
class _Found:
    kind: str  # "cell", "unit" or "contradiction"
    starts: list[tuple[int, int]]  # the assumptions (cell, digit)
    unit: int
    placements: tuple[Candidate, ...]
    eliminations: tuple[Candidate, ...]
    branches: list[Branch]
    length: int


def _conclusions(st: State, branches: list[Branch]) -> tuple[list[Candidate], list[Candidate]]:
    """What every branch agrees on: placements, then eliminations (still candidates)."""
    n = st.tables.n
    places: list[Candidate] = []
    elims: list[Candidate] = []
    for d in range(1, n + 1):
        on = off = -1
        for b in branches:
            on &= b.on[d]
            off &= b.off[d]
        on &= st.dcells[d]
        off &= st.dcells[d]
        places += [(c, d) for c in cells_of(on)]
        elims += [(c, d) for c in cells_of(off)]
    # A placement already implies its cell's and peers' eliminations; keep them anyway
    # (they are sound and the step lists what it proves).
    return sorted(places), sorted(elims)


def _length(st: State, branches: list[Branch], target: int) -> int:
    return sum(len(_path(b, target)) for b in branches)


def _agree(st: State, starts: list[Candidate]) -> list[Branch] | None:
    """The branches of ``starts`` if none breaks and they may agree on something: stops
    at the first branch after which nothing is left in common (most groups)."""
    n = st.tables.n
    dcells = st.dcells
    on = dcells.copy()
    off = dcells.copy()
    out = []
    for c, d in starts:
        b = _branch(st, c, d)
        if b.contradiction:
            return None
        out.append(b)
        live = 0
        for dd in range(1, n + 1):
            on[dd] &= b.on[dd]
            off[dd] &= b.off[dd]
            live |= on[dd] | off[dd]
        if not live:
            return None
    return out


#: The C core's codes for the kinds of group (see ``_native.forcing_search``).
_KIND_BITS = {"contradiction": 1, "cell": 2, "cell3": 4, "unit": 8}


def _search(st: State, kinds: tuple[str, ...]) -> _Found | None:
    """The first group of assumptions (by size, then contradictions, cells, units) whose
    branches all hold and agree on something, or the first branch that breaks.

    The C core walks the branches when it is built (the same search, in the same order):
    the nested forcing nets ask this on every position their assumptions reach, and it
    was most of their time. Only the group found is walked again here, with its chains."""
    core = native._core
    if core is None or not st.rules.classic:  # the core knows boxes only
        return _search_python(st, kinds)
    bits = sum(_KIND_BITS[k] for k in kinds)
    found = core.forcing_search(native.geometry(st.shape.rules), st.cands, bits)
    if found is None:
        return None
    code, a, b = found
    if code == _KIND_BITS["contradiction"]:
        return _Found("contradiction", [(a, b)], -1, (), ((a, b),), [_branch(st, a, b)], 0)
    if code == _KIND_BITS["cell"]:
        kind, unit = "cell", -1
        starts = [(a, d) for d in st.shape.digits_of_mask[st.cands[a]]]
    else:
        kind, unit = "unit", a
        starts = [(c, b) for c in cells_of(st.dcells[b] & st.tables.unit_bits[a])]
    bs = _agree(st, starts)
    assert bs is not None, "the core and the chains disagree"
    places, elims = _conclusions(st, bs)
    return _Found(kind, starts, unit, tuple(places), tuple(elims), bs, 0)


def _search_python(st: State, kinds: tuple[str, ...]) -> _Found | None:
    t = st.tables
    pop = st.shape.popcount
    n = t.n
    digits_of = st.shape.digits_of_mask
    # Fewest branches first: bivalue cells and bilocal digits, then three, then four.
    for k in (2, 3, 4):
        if "contradiction" in kinds and k == 2:
            # A single assumption that breaks: cheapest to check on the smallest cells.
            for c in cells_of(st.empty):
                if pop[st.cands[c]] > 3:
                    continue
                for d in digits_of[st.cands[c]]:
                    b = _branch(st, c, d)
                    if b.contradiction:
                        return _Found("contradiction", [(c, d)], -1, (), ((c, d),), [b], 0)
        if "cell" in kinds or ("cell3" in kinds and k >= 3):
            for c in cells_of(st.empty):
                if pop[st.cands[c]] != k:
                    continue
                starts = [(c, d) for d in digits_of[st.cands[c]]]
                bs = _agree(st, starts)
                if bs is None:
                    continue
                places, elims = _conclusions(st, bs)
                if places or elims:
                    return _Found("cell", starts, -1, tuple(places), tuple(elims), bs, 0)
        if "unit" in kinds:
            for u, ub in enumerate(t.unit_bits):
                for d in range(1, n + 1):
                    x = st.dcells[d] & ub
                    if x.bit_count() != k:
                        continue
                    starts = [(c, d) for c in cells_of(x)]
                    bs = _agree(st, starts)
                    if bs is None:
                        continue
                    places, elims = _conclusions(st, bs)
                    if places or elims:
                        return _Found("unit", starts, u, tuple(places), tuple(elims), bs, 0)
    return None


def _node(st: State, cand: Candidate, true: bool) -> int:
    c, d = cand
    k = _key(st, c, d) + 1
    return k if true else -k


def _to_step(st: State, f: _Found, tid: str, name: str, draw: bool = True) -> Step:
    """``draw``: read back the branches, link by link (for a picture; nested steps skip it)."""
    shape = st.shape
    cn = shape.cell_name
    branches: tuple[StepBranch, ...] = ()
    if f.kind == "contradiction":
        (c, d), b = f.starts[0], f.branches[0]
        assert b.contradiction is not None
        node, other = b.contradiction
        if draw:
            branches = (read_branch(st, b.why, (node, other), contradiction=True),)
        path = _path(b, node)
        first = _say_path(st, path)
        # The same candidate came out both true and false.
        second = _path(b, other)
        length = len(path) + len(second)
        again = _say_path(st, second[1:]) if len(second) > 2 else _say_path(st, second)
        clash = f"; but also {again.removeprefix('if ')}"
        text = (
            f"{name}: {first}{clash}: a contradiction, so {cn(c)} is not {sym(shape, d)}, "
            f"and {elim_text(shape, f.eliminations)}."
        )
    else:
        target_cand = f.placements[0] if f.placements else f.eliminations[0]
        target = _node(st, target_cand, bool(f.placements))
        # Every conclusion, branch by branch (each holds in every branch).
        nodes = conclusion_nodes(st, f.placements, f.eliminations, target)
        if draw:
            branches = tuple(read_branch(st, b.why, nodes) for b in f.branches)
        parts = [
            tell_all(
                [_path(b, x) for x in nodes if x in b.why],
                lambda p: [node_text(st, node) for node, _ in p],
                lambda node: node_text(st, node),
            )
            for b in f.branches
        ]
        length = _length(st, f.branches, target)
        if f.kind == "cell":
            ((c, _),) = f.starts[:1]
            head = f"{cn(c)} holds one of {digits_set(shape, st.cands[c])}"
        else:
            d = f.starts[0][1]
            head = f"{sym(shape, d)} goes in one of {', '.join(cn(c) for c, _ in f.starts)}"
            head += f" in {st.rules.unit_name(f.unit)}"
        result = (
            place_text(shape, f.placements) if f.placements else elim_text(shape, f.eliminations)
        )
        text = f"{name}: {head}; " + "; ".join(parts) + f"; either way {result}."
        if f.placements and f.eliminations:
            text = text[:-1] + f", and {elim_text(shape, f.eliminations)}."
    base = 8.0
    cells: list[int] = []
    for c, _ in f.starts:
        if c not in cells:
            cells.append(c)
    return Step(
        tid,
        name,
        text,
        placements=f.placements,
        eliminations=f.eliminations,
        cells=tuple(cells),
        units=(f.unit,) if f.unit >= 0 else (),
        candidates=tuple(f.starts),
        rating=round(base + length_bonus(length), 1),
        branches=branches,
    )


def cell_forcing_chain(st: State) -> Step | None:
    """Every candidate of a cell leads, along chains, to the same conclusion (or one
    candidate leads to a contradiction)."""
    f = _search(st, ("contradiction", "cell"))
    return None if f is None else _to_step(st, f, "cell_forcing_chain", "Cell Forcing Chain")


def unit_forcing_chain(st: State) -> Step | None:
    """Every place of a digit in a unit leads, along chains, to the same conclusion."""
    f = _search(st, ("unit",))
    return None if f is None else _to_step(st, f, "unit_forcing_chain", "Unit Forcing Chain")


def multiple_forcing_chain(st: State) -> tuple[Step, int] | None:
    """A cell or unit forcing chain (no contradictions; cells of three candidates or more,
    a bivalue cell being a chain's business), with its length (the sum of its chains'):
    what SE's nested nets of level 3 use along their way."""
    f = _search(st, ("cell3", "unit"))
    if f is None:
        return None
    name = "Cell Forcing Chain" if f.kind == "cell" else "Unit Forcing Chain"
    step = _to_step(st, f, f"{f.kind}_forcing_chain", name, draw=False)
    first = f.placements[0] if f.placements else f.eliminations[0]
    return step, _length(st, f.branches, _node(st, first, bool(f.placements)))
