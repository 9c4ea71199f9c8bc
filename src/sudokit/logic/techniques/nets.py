"""Forcing nets at Sudoku Explainer's levels: the techniques that finish every puzzle.

Assume a candidate is true, or false, and follow everything it forces, letting singles
appear as candidates go (a *dynamic* chain, or net). When every branch of a choice agrees
on a conclusion, it is true; when one branch breaks the rules, its assumption is false.
Sudoku Explainer (SE) grades these by what the net may use on its way:

========  ===============================================================  ======
level     what a net may use when links and singles run out                 rating
========  ===============================================================  ======
0         nothing (dynamic forcing chains)                                  8.5
1         pointing, claiming, naked and hidden pairs, X-Wings               9.0
2         level 1 and chains (X-Chains, XY-Chains, AICs)                    9.5
3         level 2 and (static) cell and unit forcing chains                 10.0
4         level 3 and forcing nets of level 0                               10.5
========  ===============================================================  ======

A level's search is exhaustive: every candidate is assumed true and false, and every
choice (a cell's candidates, a digit's places in a unit) is checked; the conclusion
with the lowest rating wins, as in SE. A step's rating is the level's base plus SE's
bonus for the net's *complexity*: the number of assumptions it rests on (every node with
all its parents, including the candidates whose removal made a single), plus the
complexity of the nested steps it used.

Nodes are ints: ``+(k + 1)`` for "candidate k is true", ``-(k + 1)`` for "false", with
``k = digit * ncells + cell``.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass

from ...solvers import native
from ..candidates import EARLIER, FLOOR, State, cells_of
from ..step import Branch, Candidate, Link, Step, digits_set, elim_text, place_text, sym
from . import forcing
from .colouring import length_bonus
from .forcing_branches import CELL, LINK, RULE, read_branch
from .nets_core import ORDER, core_offers
from .nets_graph import (
    Net,
    _ancestors,
    _clash,
    _clash_text,
    _links,
    _parents,
    _path,
    _words,
    complexity,
    node_of,
)
from .nets_rules import _LEVEL1, Finding, _removed, _rules, _view, level1

#: Base rating of each level (SE keeps 10.5 for nets nesting deeper nets: their own
#: complexity adds the rest).
BASE = (8.5, 9.0, 9.5, 10.0, 10.5, 10.5, 10.5)

#: Deepest level.
TOP = len(BASE) - 1


def propagate(st: State, start: int, level: int, below: Net | None = None) -> Net:
    """Everything the assumption ``start`` forces at ``level`` (see the module doc).

    ``below``: the same assumption's net one level down, if known: this one starts where
    that one stopped (everything it found holds here too).

    The C core, when built, follows the links and singles (``_native.net_run``: the same
    nodes in the same order, with the same parents); the level's techniques are asked
    here, at each stall.
    """
    core = native._core if st.rules.classic else None  # the core knows boxes only
    if core is None or (below is not None and below.known is not None and not below.records):
        return _propagate_python(st, start, level, below)
    return _propagate_core(core, st, start, level, below)


def _propagate_core(
    core: native._Core, st: State, start: int, level: int, below: Net | None
) -> Net:
    ncells = st.tables.ncells
    geo = native.geometry(st.shape.rules)
    # The position's candidates as the core reads them fastest, once per position.
    masks = st.memo.get("nets.masks")
    if not isinstance(masks, bytes):
        masks = st.memo["nets.masks"] = array("H", st.cands).tobytes()
    rules: dict[int, tuple[tuple[int, ...], str, int]] = {}
    on: Sequence[int] | None = None
    off: Sequence[int] | None = None
    queue: list[int] | int = start  # a fresh start: the core sets and records it
    records: list[bytes] = []
    new = False
    if below is not None and below.contradiction is None:
        on, off = below.on, below.off
        records = list(below.records)
        rules = dict(below.rules)
        queue = []
        new = True
    while True:
        on, off, pon, poff, recs, contradiction, cands, dcells = core.net_run(
            geo, masks, on, off, queue, level > 0
        )
        packed: tuple[int, int] | None = (pon, poff)
        if recs:
            records.append(recs)
        if contradiction or level == 0:
            break
        # Links and singles ran out: let the level's techniques look at what is left.
        assert cands is not None and dcells is not None
        found = _advanced(st, cands, dcells, off, level, new)
        new = False
        queue = []
        seeds: list[int] = []
        # (The core's sets are tuples: the collector soon stops tracking them.)
        ons, offs = (list(on), list(off)) if found else ([], [])
        for true, c, d, parents, what, cx in found:
            bit = 1 << c
            k = d * ncells + c + 1
            if (ons if true else offs)[d] & bit:
                continue
            node = k if true else -k
            rules[node] = (parents, what, cx)
            seeds += (node, parents[0], RULE)
            packed = None
            if (offs if true else ons)[d] & bit:
                contradiction = (k, -k)
                break
            (ons if true else offs)[d] |= bit
            queue.append(node)
        if seeds:
            on, off = ons, offs
            records.append(array("i", seeds).tobytes())
        if contradiction or not queue:
            break
    return Net(start, on, off, None, rules, contradiction, packed, tuple(records))


def _propagate_python(st: State, start: int, level: int, below: Net | None) -> Net:
    t = st.tables
    n, ncells = t.n, t.ncells
    peer = t.peer_bits
    ub = t.unit_bits
    unit_of = t.unit_of
    digits_of = st.shape.digits_of_mask
    near = t.near_bits if t.nonconsecutive else None
    cands = st.cands.copy()
    dcells = st.dcells.copy()
    on = [0] * (n + 1)
    off = [0] * (n + 1)
    why: dict[int, tuple[int, int]] = {}
    rules: dict[int, tuple[tuple[int, ...], str, int]] = {}
    queue: list[int] = []
    contradiction: tuple[int, int] | None = None

    def set_on(c: int, d: int, parent: int, reason: int) -> bool:
        nonlocal contradiction
        bit = 1 << c
        if on[d] & bit:
            return True
        node = d * ncells + c + 1
        why[node] = (parent, reason)
        if off[d] & bit:
            contradiction = (node, -node)
            return False
        on[d] |= bit
        queue.append(node)
        return True

    def set_off(c: int, d: int, parent: int, reason: int = LINK) -> bool:
        nonlocal contradiction
        bit = 1 << c
        if off[d] & bit:
            return True
        node = -(d * ncells + c + 1)
        why[node] = (parent, reason)
        if on[d] & bit:
            contradiction = (-node, node)
            return False
        off[d] |= bit
        cands[c] &= ~(1 << (d - 1))
        dcells[d] &= ~bit
        queue.append(node)
        return True

    new = False
    if below is not None and below.contradiction is None:
        on = list(below.on)
        off = list(below.off)
        why = dict(below.why)
        rules = dict(below.rules)
        for d in range(1, n + 1):
            if off[d]:
                dcells[d] &= ~off[d]
                dbit = ~(1 << (d - 1))
                for c in cells_of(off[d]):
                    cands[c] &= dbit
        new = True
    else:
        sd, sc = divmod(abs(start) - 1, ncells)
        if start > 0:
            set_on(sc, sd, 0, LINK)
        else:
            set_off(sc, sd, 0)
    head = 0
    while True:
        while head < len(queue):
            node = queue[head]
            head += 1
            d, c = divmod(abs(node) - 1, ncells)
            if node > 0:
                # Inlined set_off for the cell-mates and peers (the hottest loop).
                cbit = 1 << c
                for d2 in digits_of[cands[c] & ~(1 << (d - 1))]:
                    nd = -(d2 * ncells + c + 1)
                    why[nd] = (node, LINK)
                    if on[d2] & cbit:
                        contradiction = (-nd, nd)
                        break
                    off[d2] |= cbit
                    dcells[d2] &= ~cbit
                    queue.append(nd)
                if contradiction:
                    break
                cands[c] = 1 << (d - 1)
                x = dcells[d] & peer[c]
                if x:
                    clash = x & on[d]
                    if clash:
                        cc = clash.bit_length() - 1
                        nd = -(d * ncells + cc + 1)
                        why[nd] = (node, LINK)
                        contradiction = (-nd, nd)
                        break
                    off[d] |= x
                    dcells[d] &= ~x
                    dbit = ~(1 << (d - 1))
                    base = -(d * ncells + 1)
                    while x:
                        low = x & -x
                        x ^= low
                        cc = low.bit_length() - 1
                        cands[cc] &= dbit
                        nd = base - cc
                        why[nd] = (node, LINK)
                        queue.append(nd)
                # Non-consecutive: the digits either side leave the orthogonal neighbours.
                if near is not None:
                    for e in (d - 1, d + 1):
                        if 1 <= e <= n:
                            x = dcells[e] & near[c]
                            for cc in cells_of(x):
                                if not set_off(cc, e, node):
                                    break
                            if contradiction:
                                break
                    if contradiction:
                        break
                continue
            m = cands[c]
            cbit = 1 << c
            if not m:
                if not any(on[dd] & cbit for dd in range(1, n + 1)):
                    contradiction = (node, CELL)
                    break
            elif not m & (m - 1) and not set_on(c, m.bit_length(), node, CELL):
                break
            for u in unit_of[c]:
                x = dcells[d] & ub[u]
                if not x:
                    if not on[d] & ub[u]:
                        contradiction = (node, u)
                        break
                elif not x & (x - 1) and not set_on(x.bit_length() - 1, d, node, u):
                    break
            if contradiction:
                break
        if contradiction or level == 0:
            break
        # Links and singles ran out: let the level's techniques look at what is left.
        found = _advanced(st, cands, dcells, off, level, new)
        new = False
        for true, c, d, parents, what, cx in found:
            node = (d * ncells + c + 1) * (1 if true else -1)
            if node in why:
                continue
            rules[node] = (parents, what, cx)
            ok = set_on(c, d, parents[0], RULE) if true else set_off(c, d, parents[0], RULE)
            if not ok:
                break
        if contradiction or head == len(queue):
            break
    return Net(start, on, off, why, rules, contradiction)


# --- what a level may use (the techniques: nets_rules) -------------------------------


def _advanced(
    st: State, cands: list[int], dcells: list[int], off: Sequence[int], level: int, new: bool
) -> list[Finding]:
    """The first of the level's techniques that finds something in what is left, as
    ``(true?, cell, digit, parents, name, complexity)``; ``new``: only the techniques
    the level below lacks (the net starts from that level's end)."""
    sub = _view(st, cands, dcells)
    t = st.tables
    ncells = t.ncells
    rules = _rules(level, new)
    core = native._core if st.rules.classic else None  # the core knows boxes only
    # The level-1 patterns, asked of the core and kept by position (nets_rules.level1).
    located: tuple[Step, int] | None = None
    if core is not None and rules[: len(_LEVEL1)] == _LEVEL1:
        located = level1(sub, core)
        rules = rules[len(_LEVEL1) :]
    for rule in rules if located is None else (None, *rules):
        found = located if rule is None else rule(sub)
        if found is None:
            continue
        step, cx = found
        # The step rests on the candidates the net removed around its pattern.
        where = 0
        for c in step.cells:
            where |= 1 << c
        for c, _ in step.candidates:
            where |= 1 << c
        for u in step.units:
            where |= t.unit_bits[u]
        naked = step.technique.startswith("naked")
        digits = {d for _, d in step.candidates} | {d for _, d in step.eliminations}
        parents = _removed(t.n, ncells, off, where, None if naked else digits)
        if not parents:
            # Its pattern rests on removals further away (a hidden pair's unit, say).
            around = 0
            for c in cells_of(where):
                for u in t.unit_of[c]:
                    around |= t.unit_bits[u]
            parents = _removed(t.n, ncells, off, around, digits) or _removed(
                t.n, ncells, off, t.all_cells, None
            )
        what = step.name
        out: list[Finding] = [(True, c, d, tuple(parents), what, cx) for c, d in step.placements]
        out += [(False, c, d, tuple(parents), what, cx) for c, d in step.eliminations]
        return out
    if level >= 4:
        h = _inner(sub, level - 4, core)
        if h is not None:
            where = 0
            for net in h.nets:
                where |= 1 << (abs(net.start) - 1) % ncells
            parents = [
                -(d * ncells + c + 1) for d in range(1, t.n + 1) for c in cells_of(off[d] & where)
            ]
            if parents:
                what = f"a forcing net on {st.shape.cell_name(h.cell)}"
                out = [(True, c, d, tuple(parents), what, h.cx) for c, d in h.placements]
                out += [(False, c, d, tuple(parents), what, h.cx) for c, d in h.eliminations]
                return out
    return []


#: The deepest level whose outer search the C core runs (``_native.net_offers``).
CORE_TOP = 3
#: The lowest level whose search takes nets kept from the earlier position on the path
#: (see :func:`_still`): a net of the C core's levels is the position's own, whose history
#: (and so complexity) a net kept from before may not share.
KEEP_FROM = CORE_TOP + 1


@dataclass(slots=True)
class _Hint:
    kind: str  # "false", "true" (a contradiction), "double", "cell" or "unit"
    cell: int
    digit: int
    unit: int
    nets: list[Net]
    placements: list[Candidate]
    eliminations: list[Candidate]
    cx: int
    target: int


def _inner(st: State, level: int, core: native._Core | None) -> _Hint | None:
    """The inner search of a net's stall (``_search(st, level, inner=True)``). At levels
    0 to 2 the C core runs the nets first (``_native.net_first``): most stalls have
    nothing, and where an assumption breaks, only its net is built here."""
    if level > 2 or core is None:
        return _search(st, level, inner=True)
    found, c, d = core.net_first(native.geometry(st.shape.rules), st.cands, level)
    if found == 0:
        return None
    if found == 2:  # a cell or unit reduction: the search builds it
        return _search(st, level, inner=True)
    k = d * st.tables.ncells + c + 1
    a = _nets(st, level)[k] = propagate(st, k, level)
    assert a.contradiction is not None
    h = _Hint("false", c, d, -1, [a], [], [(c, d)], 0, 0)
    _rate(st, h)
    return h


def _rate(st: State, h: _Hint) -> None:
    """A hint's complexity and the conclusion it is rated by (the easiest, as SE rates one
    hint per conclusion)."""
    targets = [node_of(st, c, d) for c, d in h.placements]
    targets += [node_of(st, c, d, False) for c, d in h.eliminations]
    if h.kind in ("false", "true"):
        h.cx = complexity(st, [(h.nets[0], _clash(st, h.nets[0]))])
        h.target = targets[0]
    else:
        h.cx, h.target = min((complexity(st, [(n, (x,)) for n in h.nets]), x) for x in targets)


def _nets(st: State, level: int) -> dict[int, Net]:
    key = f"nets.{level}"
    memo = st.memo.get(key)
    if not isinstance(memo, dict):
        memo = {}
        st.memo[key] = memo
    return memo


def _common(
    st: State, nets: list[Net], skip: tuple[int, int] | None = None
) -> tuple[list[Candidate], list[Candidate]]:
    """What every net agrees on, among live candidates (most groups agree on nothing:
    the nets' packed cell sets say so in one AND per net)."""
    ncells = st.tables.ncells
    live = st.memo.get("nets.live")
    if not isinstance(live, int):
        live = _pack(st.dcells, ncells)
        st.memo["nets.live"] = live
    on = off = live
    for net in nets:
        packed = net.packed
        if packed is None:
            packed = net.packed = (_pack(net.on, ncells), _pack(net.off, ncells))
        on &= packed[0]
        off &= packed[1]
    if skip is not None:
        bit = ~(1 << (skip[1] * ncells + skip[0]))
        on &= bit
        off &= bit
    if not on and not off:
        return [], []
    places = [(k % ncells, k // ncells) for k in cells_of(on)]
    elims = [(k % ncells, k // ncells) for k in cells_of(off)]
    return places, elims


def _pack(sets: Sequence[int], ncells: int) -> int:
    """Cell sets per digit (index 0 unused) as one int, bit ``digit * ncells + cell``."""
    out = 0
    for d in range(1, len(sets)):
        out |= sets[d] << (d * ncells)
    return out


def _earlier(st: State, level: int) -> tuple[dict[int, Net], list[tuple[int, int]], list[int]]:
    """The nets of the state searched before on the path, what was placed since and what
    else went (cell sets per digit)."""
    before = st.memo.get(EARLIER)
    if not isinstance(before, State):
        return {}, [], []
    nets = before.memo.get(f"nets.{level}")
    if not isinstance(nets, dict) or not nets:
        return {}, [], []
    placed = [(c, v) for c, v in enumerate(st.values) if v and not before.values[c]]
    mask = 0
    for c, _ in placed:
        mask |= 1 << c
    gone = [before.dcells[d] & ~st.dcells[d] & ~mask for d in range(st.tables.n + 1)]
    return nets, placed, gone


def _still(net: Net, placed: list[tuple[int, int]], gone: list[int]) -> bool:
    """Whether an earlier state's net is this state's too: a contradiction stays one, and
    a net that already had everything since placed true and everything gone false
    reaches the same end from the same assumption."""
    if net.contradiction is not None:
        return True
    on, off = net.on, net.off
    if any(not on[d] >> c & 1 for c, d in placed):
        return False
    return all(not g & ~off[d] for d, g in enumerate(gone) if g)


class _Enough(Exception):
    def __init__(self, hint: _Hint) -> None:
        self.hint = hint


def _search(st: State, level: int, inner: bool) -> _Hint | None:
    try:
        return _exhaust(st, level, inner)
    except _Enough as e:
        return e.hint


def _exhaust(st: State, level: int, inner: bool) -> _Hint | None:
    t = st.tables
    ncells = t.ncells
    pop = st.shape.popcount
    digits_of = st.shape.digits_of_mask
    memo = _nets(st, level)

    lower = _nets(st, level - 1) if level and not inner else {}
    # Nets kept from the earlier position on the path only from KEEP_FROM up: below, every
    # net is the position's own, as the core runs them, so the two searches agree.
    keep = not inner and level >= KEEP_FROM
    earlier, placed, gone = _earlier(st, level) if keep else ({}, [], [])

    def net(node: int) -> Net:
        found = memo.get(node)
        if found is None:
            old = earlier.get(node)
            if old is not None and _still(old, placed, gone):
                found = old
            else:
                found = propagate(st, node, level, lower.get(node))
            memo[node] = found
        return found

    best: tuple[float, int, int, _Hint] | None = None
    # On a path that already has a step this hard, any step at most as hard will do:
    # the score stays the same and the search can stop early.
    floor = st.memo.get(FLOOR, 0.0)
    assert isinstance(floor, float)

    def offer(h: _Hint, order: int) -> None:
        nonlocal best
        _rate(st, h)
        rating = BASE[level] + length_bonus(h.cx - 2)
        key = (rating, h.cx, order)
        if best is None or key < best[:3]:
            best = (rating, h.cx, order, h)
        if inner or rating <= floor:
            raise _Enough(h)

    if not inner and level <= CORE_TOP and native._core is not None and st.rules.classic:
        offers = core_offers(st, level)
        if offers is not None:
            # Only the nets of an offer are built here, to be rated and told.
            digits_of = st.shape.digits_of_mask
            for kind, c, d, u, places, elims in offers:
                k = d * ncells + c + 1
                if kind == "false":
                    starts, places, elims = [k], [], [(c, d)]
                elif kind == "true":
                    starts, places, elims = [-k], [(c, d)], []
                elif kind == "double":
                    starts = [k, -k]
                elif kind == "unit":
                    x = st.dcells[d] & t.unit_bits[u]
                    starts = [d * ncells + cc + 1 for cc in cells_of(x)]
                else:
                    starts = [dd * ncells + c + 1 for dd in digits_of[st.cands[c]]]
                group = [net(x) for x in starts]
                broken = kind in ("false", "true")
                assert all((g.contradiction is not None) == broken for g in group), "core differs"
                offer(_Hint(kind, c, d, u, group, places, elims, 0, 0), ORDER[kind])
            return best[3] if best else None
    if inner:
        # Inside a net: contradictions first (the cheapest and most common find), then
        # cell and unit reductions from the true-assumptions alone.
        ons_of: list[tuple[int, list[Net]]] = []
        for c in cells_of(st.empty):
            m = st.cands[c]
            if pop[m] < 2:
                continue
            ons: list[Net] = []
            for d in digits_of[m]:
                a = net(d * ncells + c + 1)
                if a.contradiction:
                    offer(_Hint("false", c, d, -1, [a], [], [(c, d)], 0, 0), 7)
                ons.append(a)
            ons_of.append((c, ons))
        for c, ons in ons_of:
            places, elims = _common(st, ons)
            if places or elims:
                offer(_Hint("cell", c, 0, -1, ons, places, elims, 0, 0), 5)
        for u, ub in enumerate(t.unit_bits):
            for d in range(1, t.n + 1):
                x = st.dcells[d] & ub
                if x.bit_count() < 2:
                    continue
                group = [net(d * ncells + cc + 1) for cc in cells_of(x)]
                places, elims = _common(st, group)
                if places or elims:
                    offer(_Hint("unit", cells_of(x)[0], d, u, group, places, elims, 0, 0), 6)
        return None
    for c in cells_of(st.empty):
        m = st.cands[c]
        if pop[m] < 2:
            continue
        ons = []
        for d in digits_of[m]:
            k = d * ncells + c + 1
            a = net(k)
            ons.append(a)
            if a.contradiction:
                offer(_Hint("false", c, d, -1, [a], [], [(c, d)], 0, 0), 7)
            b = net(-k)
            if b.contradiction:
                offer(_Hint("true", c, d, -1, [b], [(c, d)], [], 0, 0), 7)
            elif not a.contradiction and pop[m] >= 3:
                places, elims = _common(st, [a, b], (c, d))
                if places or elims:
                    offer(_Hint("double", c, d, -1, [a, b], places, elims, 0, 0), 1)
            for u in t.unit_of[c]:
                x = st.dcells[d] & t.unit_bits[u]
                if x.bit_count() < 2 or (x & -x) != 1 << c:
                    continue  # each unit once, from its first place
                group = [net(d * ncells + cc + 1) for cc in cells_of(x)]
                if any(g.contradiction for g in group):
                    continue
                places, elims = _common(st, group)
                if places or elims:
                    offer(_Hint("unit", c, d, u, group, places, elims, 0, 0), 6)
        if not any(a.contradiction for a in ons):
            places, elims = _common(st, ons)
            if places or elims:
                offer(_Hint("cell", c, 0, -1, ons, places, elims, 0, 0), 5)
    return best[3] if best else None


_NAMES = {
    0: ("forcing_net", "Forcing Net"),
    1: ("forcing_net_plus", "Forcing Net+"),
    2: ("nested_chain_net", "Nested Forcing Net (chains)"),
    3: ("nested_multiple_net", "Nested Forcing Net (forcing chains)"),
    4: ("nested_net", "Nested Forcing Net (nets)"),
    5: ("nested_net_plus", "Nested Forcing Net (nets+)"),
    6: ("deep_nested_net", "Nested Forcing Net (nested nets)"),
}


def _to_step(st: State, h: _Hint, level: int) -> Step:
    shape = st.shape
    cn = shape.cell_name
    tid, name = _NAMES[level]
    links: list[Link] = []
    h.nets = [_fresh(st, net, level, _ends(st, net, h)) for net in h.nets]
    branches = tuple(_branch(st, net, h) for net in h.nets)
    if h.kind in ("false", "true"):
        net = h.nets[0]
        assert net.contradiction is not None
        links += _links(st, net, net.contradiction[0])
        if net.contradiction[1] == -net.contradiction[0]:
            links += _links(st, net, net.contradiction[1])
        verdict = (
            f"{cn(h.cell)} is not {sym(shape, h.digit)}"
            if h.kind == "false"
            else f"{cn(h.cell)} is {sym(shape, h.digit)}"
        )
        text = f"{name}: {_clash_text(st, net)}: a contradiction, so {verdict}."
        starts: tuple[Candidate, ...] = ((h.cell, h.digit),)
    else:
        parts = []
        # Every conclusion, net by net (each holds in every net).
        nodes = forcing.conclusion_nodes(st, h.placements, h.eliminations, h.target)
        for net in h.nets:
            parts.append(
                forcing.tell_all(
                    [_path(net, x) for x in nodes if x in net.why],
                    lambda p, net=net: _words(st, net, p),  # type: ignore[misc]
                    lambda node: forcing.node_text(st, node),
                )
            )
            links += _links(st, net, h.target)
        if h.kind == "cell":
            head = f"{cn(h.cell)} holds one of {digits_set(shape, st.cands[h.cell])}"
            starts = tuple((h.cell, d) for d in shape.digits_of_mask[st.cands[h.cell]])
        elif h.kind == "unit":
            x = st.dcells[h.digit] & st.tables.unit_bits[h.unit]
            starts = tuple((c, h.digit) for c in cells_of(x))
            head = (
                f"{sym(shape, h.digit)} goes in one of {', '.join(cn(c) for c, _ in starts)}"
                f" in {st.rules.unit_name(h.unit)}"
            )
        else:
            head = f"{cn(h.cell)} is {sym(shape, h.digit)} or it is not"
            starts = ((h.cell, h.digit),)
        result = place_text(shape, h.placements) if h.placements else ""
        if h.eliminations:
            result += (", and " if result else "") + elim_text(shape, h.eliminations)
        text = f"{name}: {head}; " + "; ".join(parts) + f"; either way {result}."
    rating = round(BASE[level] + length_bonus(h.cx - 2), 1)
    cells: list[int] = []
    for c, _ in starts:
        if c not in cells:
            cells.append(c)
    return Step(
        tid,
        name,
        text,
        placements=tuple(sorted(h.placements)),
        eliminations=tuple(sorted(h.eliminations)),
        cells=tuple(cells),
        units=(h.unit,) if h.unit >= 0 else (),
        candidates=starts,
        links=tuple(links),
        rating=rating,
        branches=branches,
    )


def _ends(st: State, net: Net, h: _Hint) -> list[int]:
    """The nodes a net of a step leads to: the step's conclusions or its contradiction."""
    if net.contradiction is not None:
        return list(_clash(st, net))
    return forcing.conclusion_nodes(st, h.placements, h.eliminations, h.target)


def _fresh(st: State, net: Net, level: int, ends: list[int]) -> Net:
    """``net``, or, when it was kept from an earlier position and its way to ``ends``
    passes candidates gone since, the same assumption's net on this position (so that
    the sentence and the picture name only candidates the grid still has)."""
    ncells = st.tables.ncells
    cands = st.cands
    nodes = _ancestors(st, net, tuple(ends))
    nodes.update(node for x in ends if x in net.why for node, _ in _path(net, x))
    if all(cands[(abs(x) - 1) % ncells] >> ((abs(x) - 1) // ncells - 1) & 1 for x in nodes):
        return net
    new = propagate(st, net.start, level)
    if net.contradiction is not None:
        return new if new.contradiction is not None else net
    return new if new.contradiction is None and all(x in new.why for x in ends) else net


def _branch(st: State, net: Net, h: _Hint) -> Branch:
    """One net of a step read back, link by link, to the step's conclusions (or its
    contradiction), with every node a single or a nested step rests on."""
    return read_branch(
        st,
        net.why,
        _ends(st, net, h),
        contradiction=net.contradiction is not None,
        parents=lambda node: _parents(st, net, node),
        rule_name=lambda node: net.rules[node][1],
    )


#: Deepest level on grids above 9×9: deeper nesting takes minutes there, and SE's scale
#: is a 9×9 one. Of ten generated 16×16 extreme puzzles, level 0 finished six, level 2 all
#: ten (the slowest rated in 43 s of CPU); every 12×12 one tried needed level 0 at most.
BIG_GRID_TOP = 2


def _best(st: State, level: int, inner: bool = False) -> Step | None:
    if level > BIG_GRID_TOP and st.tables.n > 9:
        return None
    h = _search(st, level, inner)
    return None if h is None else _to_step(st, h, level)


def forcing_net(st: State) -> Step | None:
    """Dynamic forcing chains (SE 8.5+)."""
    return _best(st, 0)


def forcing_net_plus(st: State) -> Step | None:
    """Nets that also use pointing, claiming, pairs and X-Wings (SE 9.0+)."""
    return _best(st, 1)


def nested_chain_net(st: State) -> Step | None:
    """Nets that also use chains (SE 9.5+)."""
    return _best(st, 2)


def nested_multiple_net(st: State) -> Step | None:
    """Nets that also use cell and unit forcing chains (SE 10.0+)."""
    return _best(st, 3)


def nested_net(st: State) -> Step | None:
    """Nets that also use forcing nets (SE 10.5+)."""
    return _best(st, 4)


def nested_net_plus(st: State) -> Step | None:
    """Nets that also use level-1 nets (SE 10.5+, plus their complexity)."""
    return _best(st, 5)


def deep_nested_net(st: State) -> Step | None:
    """Nets that also use level-2 nets (SE 10.5+, plus their complexity)."""
    return _best(st, 6)
