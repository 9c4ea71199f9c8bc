"""Chains: X-Chain, XY-Chain and alternating inference chains (AIC) with grouped nodes.

A *node* is a digit in one cell, or (grouped nodes) the digit somewhere in two or more
cells where two units meet: a box and a line, or a diagonal or window and any unit. A
*strong* link between two nodes means "if one is false, the other is true" (the only
two places of a digit in a unit; the only two candidates of a cell); a *weak* link means
"not both" (the same digit in cells that see each other; two digits of one cell).

An alternating chain from node A to node Z starts and ends with strong links, so "A is
false" leads to "Z is true": one of A and Z is true, and every candidate that sees both
(weakly linked to both) goes. The search runs a breadth-first walk from "A is false" for
every A, so each chain found is the shortest from its start; the shortest overall wins.

Node ids: the candidate (cell, digit) is ``digit * ncells + cell``; group ``g`` is
``base + g`` with ``base = (n + 1) * ncells``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from ...solvers import native
from ..candidates import State, Tables, cells_of
from ..step import Candidate, Link, Step, elim_text, sym
from .colouring import length_bonus

#: Longest chain (in nodes) the search follows.
MAX_NODES = 40
#: Longest continuous loop looked for: a search that finds none walks every start to
#: this depth, before the AIC search runs (longer loops are rare; AICs find their parts).
MAX_LOOP = 12

#: Whether the grouped AIC search asks the C core (when built; classic rules) whether it
#: would find a chain, and skips itself when not (the benchmarks turn it off to compare).
NATIVE_SKIP = True

#: Memo key: the rating of the best step the engine has found so far at this position
#: (:func:`sudokit.logic.engine.next_step`), which a step must not exceed to be taken.
BEAT = "chains.beat"


@dataclass(slots=True)
class Graph:
    """The strong links of a state (and its grouped nodes) for one kind of chain."""

    mode: str
    ncells: int
    base: int
    #: node -> nodes that are true when it is false.
    strong: dict[int, list[int]]
    #: group index -> (digit, cell set).
    groups: list[tuple[int, int]]
    #: group index -> cells (same digit) that see every cell of the group.
    group_seen: list[int]
    #: candidate node -> groups of its digit it sees entirely.
    cell_groups: dict[int, list[int]]
    #: cells a chain may use for weak links (all, or only bivalue cells for XY-Chains).
    allowed: int
    #: group index -> groups of the same digit all of whose cells see all of it.
    group_groups: list[list[int]]
    #: cell -> its peers (the state's table, kept here for the loop tests).
    peer: tuple[int, ...] | list[int]


def graph(st: State, mode: str) -> Graph:
    """The link graph of ``st`` for ``mode``: ``"x"`` (one digit, no groups), ``"plain"``
    (any digits, no groups), ``"xy"``
    (bivalue cells only) or ``"aic"`` (everything, with grouped nodes). Memoized on the
    state."""
    key = "chains." + mode
    found = st.memo.get(key)
    if isinstance(found, Graph):
        return found
    g = _build(st, mode)
    st.memo[key] = g
    return g


def _build(st: State, mode: str) -> Graph:
    t = st.tables
    n, ncells = t.n, t.ncells
    base = (n + 1) * ncells
    pop = st.shape.popcount
    cands = st.cands
    strong: dict[int, list[int]] = {}
    groups: list[tuple[int, int]] = []
    group_ids: dict[tuple[int, int], int] = {}
    bival = 0
    for c in cells_of(st.empty):
        if pop[cands[c]] == 2:
            bival |= 1 << c

    def link(a: int, b: int) -> None:
        strong.setdefault(a, []).append(b)
        strong.setdefault(b, []).append(a)

    if mode in ("xy", "aic", "plain"):
        for c in cells_of(bival):
            m = cands[c]
            lo = m & -m
            d1, d2 = lo.bit_length(), (m ^ lo).bit_length()
            link(d1 * ncells + c, d2 * ncells + c)
    if mode in ("x", "aic", "plain"):
        for d in range(1, n + 1):
            dc = st.dcells[d]
            for ub in t.unit_bits:
                x = dc & ub
                if x.bit_count() == 2:
                    lo = x & -x
                    link(d * ncells + lo.bit_length() - 1, d * ncells + (x ^ lo).bit_length() - 1)
    if mode == "aic":

        def node(d: int, cells: int) -> int:
            if not cells & (cells - 1):
                return d * ncells + cells.bit_length() - 1
            key = (d, cells)
            gid = group_ids.get(key)
            if gid is None:
                gid = len(groups)
                group_ids[key] = gid
                groups.append(key)
            return base + gid

        for d in range(1, n + 1):
            dc = st.dcells[d]
            # A line meets boxes, a box meets lines: the digit's places in a unit fall
            # into segments; exactly two segments (not both single cells) make a
            # grouped strong link.
            for u in range(2 * n):
                x = dc & t.unit_bits[u]
                if x.bit_count() < 3:
                    continue
                segs = [x & seg for _, seg in t.line_boxes[u] if x & seg]
                # (A jigsaw region may meet the line in one cell: not a segment, so
                # the two must hold every place.)
                if len(segs) == 2 and segs[0] | segs[1] == x:
                    link(node(d, segs[0]), node(d, segs[1]))
            for b in range(n):
                x = dc & t.unit_bits[2 * n + b]
                if x.bit_count() < 3:
                    continue
                for want_rows in (True, False):
                    segs = [
                        x & seg for u, seg in t.box_lines[b] if (u < n) == want_rows and x & seg
                    ]
                    if len(segs) == 2 and segs[0] | segs[1] == x:
                        link(node(d, segs[0]), node(d, segs[1]))
            if t.extras:
                _extra_groups(t, dc, d, node, link, strong)
    group_seen = []
    cell_groups: dict[int, list[int]] = {}
    peer = t.peer_bits
    for gid, (d, cells) in enumerate(groups):
        seen = t.all_cells
        for c in cells_of(cells):
            seen &= peer[c]
        seen &= st.dcells[d]
        group_seen.append(seen)
        for c in cells_of(seen):
            cell_groups.setdefault(d * ncells + c, []).append(gid)
    allowed = bival if mode == "xy" else t.all_cells
    of_digit: dict[int, list[tuple[int, int]]] = {}
    for gid, (d, cells) in enumerate(groups):
        of_digit.setdefault(d, []).append((gid, cells))
    group_groups = [
        [h for h, hcells in of_digit[d] if h != gid and hcells & ~group_seen[gid] == 0]
        for gid, (d, _) in enumerate(groups)
    ]
    return Graph(
        mode, ncells, base, strong, groups, group_seen, cell_groups, allowed, group_groups, peer
    )


def _extra_groups(
    t: Tables,
    dc: int,
    d: int,
    node: Callable[[int, int], int],
    link: Callable[[int, int], None],
    strong: dict[int, list[int]],
) -> None:
    """Grouped strong links that an extra unit (a diagonal, a window) makes: in any
    unit, the digit's places where it meets an extra unit against the rest, and in an
    extra unit its places where it meets any other unit against the rest, when the
    rest is one cell or lies where the unit meets one other unit. The unit holds the
    digit once, so exactly one side does; each side lies in two units, so cells seeing
    all of it are what a grouped node needs. (The splits of rows, columns and boxes
    among themselves are made above, as under classic rules.)"""
    first = t.extras.start
    for u, ub in enumerate(t.unit_bits):
        x = dc & ub
        if x.bit_count() < 3:
            continue
        near = t.overlaps[u]
        for v, inter in near:
            if u < first and v < first:
                continue
            a = x & inter
            b = x & ~inter
            if not a or not b:
                continue
            if b & (b - 1) and all(b & ~other for _, other in near):
                continue
            na, nb = node(d, a), node(d, b)
            if nb not in strong.get(na, ()):
                link(na, nb)


@dataclass(slots=True)
class Found:
    """A chain found: nodes from the start (false) to the end (true), and its result."""

    nodes: list[int]
    placements: tuple[Candidate, ...]
    eliminations: tuple[Candidate, ...]


def _elims(st: State, g: Graph, a: int, z: int) -> tuple[Candidate, ...]:
    """Candidates weakly linked to both chain ends (``a`` false-start, ``z`` true-end)."""
    ncells, base = g.ncells, g.base
    peer = st.tables.peer_bits
    if a < base:
        da, ca = divmod(a, ncells)
        seen_a = peer[ca]
    else:
        da = g.groups[a - base][0]
        seen_a = g.group_seen[a - base]
        ca = -1
    if z < base:
        dz, cz = divmod(z, ncells)
        seen_z = peer[cz]
    else:
        dz = g.groups[z - base][0]
        seen_z = g.group_seen[z - base]
        cz = -1
    if da == dz:
        x = st.dcells[da] & seen_a & seen_z
        return tuple((c, da) for c in cells_of(x))
    if ca < 0 or cz < 0:
        # A group and a candidate of another digit: the candidate's cell, seeing all of
        # the group, cannot hold the group's digit (it holds its own, or the group does):
        # a grouped discontinuous nice loop through that cell.
        if ca < 0 and cz >= 0 and seen_a >> cz & 1:
            return ((cz, da),)
        if cz < 0 and ca >= 0 and seen_z >> ca & 1:
            return ((ca, dz),)
        return ()
    cands = st.cands
    if ca == cz:
        rest = cands[ca] & ~(1 << (da - 1)) & ~(1 << (dz - 1))
        return tuple((ca, d) for d in st.shape.digits_of_mask[rest])
    if not peer[ca] >> cz & 1:
        return ()
    out = []
    if cands[cz] >> (da - 1) & 1:
        out.append((cz, da))
    if cands[ca] >> (dz - 1) & 1:
        out.append((ca, dz))
    return tuple(sorted(out))


def _walk(st: State, g: Graph, start: int, limit: int, loop: bool = False) -> Found | None:
    """Breadth-first from "``start`` is false"; the first (shortest) chain end that
    proves something, within ``limit`` nodes. ``loop``: only chains whose end closes a
    continuous loop back to the start (see :func:`nice_loop`)."""
    ncells, base = g.ncells, g.base
    strong = g.strong
    dcells = st.dcells
    cands = st.cands
    peer = st.tables.peer_bits
    digits_of = st.shape.digits_of_mask
    aic = g.mode in ("aic", "plain")
    allowed = g.allowed
    n = st.tables.n
    # The start's digit, cell (-1 for a group) and the cells seeing all of it: a chain
    # end can only prove something if it shares the digit or the cell, or sees the cell.
    if start < base:
        da, ca = divmod(start, ncells)
        seen_a = peer[ca]
    else:
        da, ca = g.groups[start - base][0], -1
        seen_a = g.group_seen[start - base]
    near_a = dcells[da] & seen_a
    off_bits = [0] * (n + 1)
    par_on: dict[int, int] = {}
    par_off: dict[int, int] = {start: -1}
    if start < base:
        off_bits[start // ncells] |= 1 << (start % ncells)
    frontier = [start]
    depth = 1
    while frontier and depth < limit:
        new_on = []
        for x in frontier:
            for y in strong.get(x, ()):
                if y not in par_on:
                    par_on[y] = x
                    new_on.append(y)
        depth += 1
        for z in new_on:
            if loop:
                if z < base and start < base:
                    # Two single candidates (most ends): the weak-link test inline.
                    dz, cz = divmod(z, ncells)
                    if not (cz == ca if dz != da else peer[ca] >> cz & 1):
                        continue
                if z != start and _weak(g, z, start):
                    nodes = _chain(z, start, par_on, par_off)
                    if len(set(nodes)) == len(nodes):
                        el = _loop_elims(st, g, nodes)
                        if el:
                            return Found(nodes, (), el)
                continue
            if z == start and start < base:
                return Found(_chain(z, start, par_on, par_off), ((z % ncells, z // ncells),), ())
            # Cheap tests first; _elims builds the answer only for a likely end.
            if z < base:
                dz, cz = divmod(z, ncells)
                if dz == da:
                    if not near_a & peer[cz]:
                        continue
                elif ca < 0:
                    if not near_a >> cz & 1:
                        continue
                elif ca != cz and not peer[ca] >> cz & 1:
                    continue
            elif g.groups[z - base][0] != da:
                if ca < 0 or not g.group_seen[z - base] >> ca & 1:
                    continue
            elif not near_a & g.group_seen[z - base]:
                continue
            el = _elims(st, g, start, z)
            if el:
                return Found(_chain(z, start, par_on, par_off), (), el)
        if depth + 1 >= limit:
            break
        frontier = []
        for y in new_on:
            if y < base:
                d, c = divmod(y, ncells)
                x = dcells[d] & peer[c] & allowed & ~off_bits[d]
                if x:
                    # A false node leads on only through a strong link: keep just those.
                    off_bits[d] |= x
                    off = d * ncells
                    while x:
                        low = x & -x
                        x ^= low
                        nd = off + low.bit_length() - 1
                        if nd in strong:
                            par_off[nd] = y
                            frontier.append(nd)
                if aic:
                    for d2 in digits_of[cands[c] & ~(1 << (d - 1))]:
                        nd = d2 * ncells + c
                        if nd not in par_off and nd in strong:
                            par_off[nd] = y
                            off_bits[d2] |= 1 << c
                            frontier.append(nd)
                    for gid in g.cell_groups.get(y, ()):
                        nd = base + gid
                        if nd not in par_off:
                            par_off[nd] = y
                            frontier.append(nd)
            else:
                gid = y - base
                d = g.groups[gid][0]
                x = g.group_seen[gid] & ~off_bits[d]
                if x:
                    off_bits[d] |= x
                    off = d * ncells
                    while x:
                        low = x & -x
                        x ^= low
                        nd = off + low.bit_length() - 1
                        if nd in strong:
                            par_off[nd] = y
                            frontier.append(nd)
                for h in g.group_groups[gid]:
                    nd = base + h
                    if nd not in par_off:
                        par_off[nd] = y
                        frontier.append(nd)
        depth += 1
    return None


def _weak(g: Graph, u: int, v: int) -> bool:
    """Whether nodes ``u`` and ``v`` cannot both be true: two digits of one cell, or one
    digit in cells that all see each other."""
    u_cells, du = _node_cells(g, u)
    v_cells, dv = _node_cells(g, v)
    if du != dv:
        return len(u_cells) == 1 and u_cells == v_cells
    if set(u_cells) & set(v_cells):
        return False
    # One digit: a group's group_seen holds the cells (with the digit) seeing all of it.
    if u >= g.base:
        seen = g.group_seen[u - g.base]
        return all(seen >> c & 1 for c in v_cells)
    if v >= g.base:
        return u_cells[0] in cells_of(g.group_seen[v - g.base])
    return _sees(g, u_cells[0], v_cells[0])


def _sees(g: Graph, a: int, b: int) -> bool:
    return bool(g.peer[a] >> b & 1)


def _loop_elims(st: State, g: Graph, nodes: list[int]) -> tuple[Candidate, ...]:
    """What a continuous loop removes: each weak link of it (true node -> false node,
    the last node back to the first) holds exactly one true node, so a digit shared by
    its two ends leaves every cell seeing both, and a cell holding both ends keeps only
    those two digits."""
    peer = g.peer
    out: set[Candidate] = set()
    pairs = [(nodes[i], nodes[i + 1]) for i in range(1, len(nodes) - 1, 2)]
    pairs.append((nodes[-1], nodes[0]))
    for u, v in pairs:
        u_cells, du = _node_cells(g, u)
        v_cells, dv = _node_cells(g, v)
        if du == dv:
            x = st.dcells[du]
            for c in (*u_cells, *v_cells):
                x &= peer[c]
            out.update((c, du) for c in cells_of(x))
        else:
            (c,) = u_cells
            rest = st.cands[c] & ~(1 << (du - 1)) & ~(1 << (dv - 1))
            out.update((c, d) for d in st.shape.digits_of_mask[rest])
    return tuple(sorted(out))


def _chain(end: int, start: int, par_on: dict[int, int], par_off: dict[int, int]) -> list[int]:
    """The nodes from ``start`` (false) to ``end`` (true); they alternate false/true."""
    out = [end]
    node = par_on[end]
    on = False  # the state of ``node``
    while True:
        out.append(node)
        if not on and node == start:
            break
        node = par_off[node] if not on else par_on[node]
        on = not on
    out.reverse()
    return out


def _node_cells(g: Graph, node: int) -> tuple[tuple[int, ...], int]:
    if node < g.base:
        return (node % g.ncells,), node // g.ncells
    d, cells = g.groups[node - g.base]
    return tuple(cells_of(cells)), d


def _say(st: State, g: Graph, node: int, on: bool) -> str:
    cells, d = _node_cells(g, node)
    s = sym(st.shape, d)
    names = [st.shape.cell_name(c) for c in cells]
    if len(names) == 1:
        return f"{names[0]} is {s}" if on else f"{names[0]} is not {s}"
    if on:
        return f"{' or '.join(names)} is {s}"
    return f"none of {', '.join(names)} is {s}"


def _discontinuous(g: Graph, found: Found) -> bool:
    """Whether an AIC closes on itself, the loop broken at one cell: it places its start
    (the start false makes it true), or it removes a candidate from the cell of one of
    its ends (the other end's digit, seen from there). HoDoKu and SudokuWiki call these
    discontinuous nice loops; an elimination outside the chain's cells keeps the AIC's
    name."""
    if found.placements:
        return True
    ends = {c for x in (found.nodes[0], found.nodes[-1]) if x < g.base for c in (x % g.ncells,)}
    return bool(found.eliminations) and all(c in ends for c, _ in found.eliminations)


def _to_step(st: State, g: Graph, found: Found, kind: str) -> Step:
    names = {
        "x_chain": "X-Chain",
        "xy_chain": "XY-Chain",
        "aic": "AIC",
        "nice_loop": "Continuous Nice Loop",
    }
    base_rating = {"x_chain": 6.6, "xy_chain": 6.8, "aic": 7.0, "nice_loop": 7.0}
    nodes = found.nodes
    grouped = any(x >= g.base for x in nodes)
    shape = st.shape
    parts = []
    for i, x in enumerate(nodes):
        parts.append(_say(st, g, x, on=i % 2 == 1))
    chain = parts[0] + ", then " + ", so ".join(parts[1:])
    name = names[kind]
    if kind == "aic" and _discontinuous(g, found):
        name = "Discontinuous Nice Loop"
    if kind == "aic" and grouped:
        name = "Grouped " + name
    head = name
    if kind == "x_chain":
        head += f" on {sym(shape, nodes[0] // g.ncells)}"
    if kind == "nice_loop":
        text = (
            f"{head}: if {chain}, and that closes the loop ({_say(st, g, nodes[-1], True)} "
            f"and {_say(st, g, nodes[0], True)} cannot both hold). Around the loop each "
            f"strong link has at least one true end and each weak link at most one, so "
            f"each weak link has exactly one: {elim_text(shape, found.eliminations)}."
        )
    elif found.placements:
        ((c, d),) = found.placements
        text = (
            f"{head}: if {chain}, which contradicts the start, so "
            f"{shape.cell_name(c)} is {sym(shape, d)}."
        )
    else:
        text = (
            f"{head}: if {chain}; so {_say(st, g, nodes[0], True)} or "
            f"{_say(st, g, nodes[-1], True)}, and {elim_text(shape, found.eliminations)}."
        )
    links = []
    for i in range(len(nodes) - 1):
        a_cells, da = _node_cells(g, nodes[i])
        b_cells, db = _node_cells(g, nodes[i + 1])
        links.append(Link(a_cells, da, b_cells, db, strong=i % 2 == 0))
    if kind == "nice_loop":  # the weak link that closes the loop
        a_cells, da = _node_cells(g, nodes[-1])
        b_cells, db = _node_cells(g, nodes[0])
        links.append(Link(a_cells, da, b_cells, db, strong=False))
    cells: list[int] = []
    cands: list[Candidate] = []
    for x in nodes:
        xc, d = _node_cells(g, x)
        for c in xc:
            if c not in cells:
                cells.append(c)
            cands.append((c, d))
    length = len(nodes)
    return Step(
        kind,
        name,
        text,
        placements=found.placements,
        eliminations=found.eliminations,
        cells=tuple(cells),
        candidates=tuple(dict.fromkeys(cands)),
        links=tuple(links),
        rating=round(base_rating[kind] + (0.1 if grouped else 0.0) + length_bonus(length), 1),
    )


def _search(st: State, mode: str, kind: str, max_nodes: int = MAX_NODES) -> Step | None:
    loop = kind == "nice_loop"
    g = graph(st, mode)
    starts = sorted(g.strong)
    best: Found | None = None
    # Every walk after the first chain found is cut at that chain's length, so the
    # search deepens by itself (measured: faster than explicit iterative deepening).
    limit = max_nodes + 1
    for start in starts:
        found = _walk(st, g, start, limit, loop)
        if found is None:
            continue
        if best is None or len(found.nodes) < len(best.nodes):
            best = found
            limit = len(found.nodes)
            if limit <= 4:
                break
    if best is None:
        return None
    return _to_step(st, g, best, kind)


def x_chain(st: State) -> Step | None:
    """An alternating chain on one digit."""
    return _search(st, "x", "x_chain")


def xy_chain(st: State) -> Step | None:
    """An alternating chain through bivalue cells."""
    return _search(st, "xy", "xy_chain")


def _shortest_aic(st: State, mode: str) -> Step | None:
    """The shortest AIC of ``mode`` ("aic" with grouped nodes, "plain" without),
    memoized on the state (the nice loops ask first)."""
    key = f"chains.{mode}.aic"
    if key in st.memo:
        return cast(Step | None, st.memo[key])
    # On the hardest positions there is mostly none, found only after walking every
    # start to its full depth: the core answers whether there is one at once.
    core = native._core if NATIVE_SKIP and mode == "aic" and st.rules.classic else None
    if core is not None and not core.aic_any(native.geometry(st.rules), st.cands, MAX_NODES):
        st.memo[key] = None
        return None
    step = _search(st, mode, "aic")
    st.memo[key] = step
    return step


def _loop(st: State, mode: str) -> Step | None:
    chain = _shortest_aic(st, mode)
    if chain is None:
        return None  # each elimination of a loop would end an AIC no longer than it
    longest = MAX_LOOP
    beat = st.memo.get(BEAT)
    if isinstance(beat, float) and chain.rating > beat:
        # Only a loop rated at most ``beat`` can be taken, and rated below the AIC a loop
        # has its own rating, which grows with its length: longer loops are not walked.
        while longest and round(7.0 + length_bonus(longest), 1) > beat:
            longest -= 1
        if not longest:
            return None
    step = _search(st, mode, "nice_loop", longest)
    if step is None:
        return None
    if chain.rating < step.rating:
        step = dataclasses.replace(step, rating=chain.rating)
    return step


def aic(st: State) -> Step | None:
    """An alternating inference chain over any digits, with grouped nodes (the shortest;
    memoized on the state, which :func:`nice_loop` asks first)."""
    return _shortest_aic(st, "aic")


def nice_loop(st: State) -> Step | None:
    """A continuous nice loop: an alternating chain whose end is weakly linked back to its
    start. Around it, each strong link holds at least one true node and each weak link
    at most one, and they pair off the same nodes: so each weak link holds exactly one,
    and all of them eliminate at once (what several AICs would find one by one).

    Rated as the shortest AIC of the position: each elimination of the loop is also the
    end of an AIC, and Sudoku Explainer (which has no loops) rates the chain it needs."""
    return _loop(st, "aic")


def plain_aic(st: State) -> Step | None:
    """An AIC without grouped nodes (the shortest): Sudoku Explainer's chains have no
    groups, so its path is scored with these (:func:`sudokit.logic.grade.rate_path`)."""
    return _shortest_aic(st, "plain")


def plain_nice_loop(st: State) -> Step | None:
    """A continuous nice loop without grouped nodes, rated as the shortest such AIC."""
    return _loop(st, "plain")


def short_aic(st: State) -> Step | None:
    """An AIC without grouped nodes of at most 16 nodes: what a forcing net may use along
    its way (Sudoku Explainer's forcing chains have no groups; longer chains cost more
    than they add there).

    The nets use this search where the C core is not built or the rules are not classic;
    the core finds the very same chain (``_native.chain_find``)."""
    return _search(st, "plain", "aic", 16)


__all__ = [
    "Graph",
    "aic",
    "graph",
    "nice_loop",
    "plain_aic",
    "plain_nice_loop",
    "short_aic",
    "x_chain",
    "xy_chain",
]
