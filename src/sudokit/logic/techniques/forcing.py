"""Forcing chains and nets: the last logical resort.

Assume a candidate is true and follow what it forces. A *cell* forcing chain does this for
every candidate of one cell, a *unit* forcing chain for every place of a digit in one
unit: whatever all the branches agree on is true, since one of them must be. A branch
that ends in a contradiction proves its assumption false.

*Chains* follow only links (the weak and strong links of :mod:`.chains`, without groups),
so each conclusion is reached along a chain. A *forcing net* also lets singles appear as
candidates disappear ("r5c5 has only 7 left"), which reaches much further.

Nodes: ``on`` / ``off`` cell sets per digit; the reason of each node is kept (its parent
node and how it follows) so that a conclusion can be told as the chain leading to it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..candidates import State, cells_of
from ..step import Candidate, Step, digits_set, elim_text, place_text, sym
from .colouring import length_bonus

# Reasons a node follows from its parent.
LINK = -1  # a weak or strong link
CELL = -2  # the only candidate left in its cell (nets only)
# A reason >= 0 is a unit: the only place left for the digit in that unit (nets only).


@dataclass(slots=True)
class Branch:
    """What follows from one assumption: the true (``on``) and false (``off``) cell sets
    per digit, each node's parent and reason, and a contradiction if one was met."""

    on: list[int]
    off: list[int]
    why: dict[int, tuple[int, int]]  # node -> (parent node, reason); node = ±(key + 1)
    #: Where it broke: ``(true node, false node)`` of one candidate, or ``(node, CELL)``
    #: when ``node`` left its cell empty, ``(node, u)`` when it left no place in unit u.
    contradiction: tuple[int, int] | None


def _key(st: State, cell: int, digit: int) -> int:
    return digit * st.tables.ncells + cell


def propagate(st: State, cell: int, digit: int, dynamic: bool) -> Branch:
    """Everything "``digit`` is in ``cell``" forces (see the module docstring).

    Nodes are ints: ``+(k + 1)`` for "candidate k is true", ``-(k + 1)`` for "false",
    with ``k = digit * ncells + cell``.
    """
    t = st.tables
    n, ncells = t.n, t.ncells
    peer = t.peer_bits
    ub = t.unit_bits
    unit_of = t.unit_of
    digits_of = st.shape.digits_of_mask
    base_cands = st.cands
    base_dcells = st.dcells
    cands = base_cands.copy() if dynamic else base_cands
    dcells = base_dcells.copy() if dynamic else base_dcells
    on = [0] * (n + 1)
    off = [0] * (n + 1)
    why: dict[int, tuple[int, int]] = {}
    start = digit * ncells + cell + 1
    why[start] = (0, LINK)
    on[digit] |= 1 << cell
    queue = [start]
    head = 0
    contradiction: tuple[int, int] | None = None

    def set_on(c: int, d: int, parent: int, reason: int) -> bool:
        nonlocal contradiction
        bit = 1 << c
        if on[d] & bit:
            return True
        node = d * ncells + c + 1
        if off[d] & bit:
            why[node] = (parent, reason)
            contradiction = (node, -node)
            return False
        on[d] |= bit
        why[node] = (parent, reason)
        queue.append(node)
        return True

    def set_off(c: int, d: int, parent: int) -> bool:
        nonlocal contradiction
        bit = 1 << c
        if off[d] & bit:
            return True
        node = -(d * ncells + c + 1)
        why[node] = (parent, LINK)
        if on[d] & bit:
            contradiction = (-node, node)
            return False
        off[d] |= bit
        if dynamic:
            cands[c] &= ~(1 << (d - 1))
            dcells[d] &= ~bit
        queue.append(node)
        return True

    while head < len(queue):
        node = queue[head]
        head += 1
        k = abs(node) - 1
        d, c = divmod(k, ncells)
        if node > 0:
            for d2 in digits_of[cands[c] & ~(1 << (d - 1))]:
                if not set_off(c, d2, node):
                    break
            else:
                x = dcells[d] & peer[c] & ~off[d]
                while x:
                    low = x & -x
                    x ^= low
                    if not set_off(low.bit_length() - 1, d, node):
                        break
            if contradiction:
                break
            continue
        if not dynamic:
            # Strong links of the position: the cell's other candidate, the unit's other place.
            m = base_cands[c]
            if m.bit_count() == 2 and not set_on(c, (m & ~(1 << (d - 1))).bit_length(), node, LINK):
                break
            for u in unit_of[c]:
                x = base_dcells[d] & ub[u]
                if x.bit_count() == 2:
                    other = (x & ~(1 << c)).bit_length() - 1
                    if not set_on(other, d, node, LINK):
                        break
            if contradiction:
                break
            continue
        # Nets: singles appear as candidates go.
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
    return Branch(on, off, why, contradiction)


def _branches(st: State, dynamic: bool) -> dict[int, Branch]:
    """Memo of propagations on ``st`` by start key (shared by the three searches)."""
    key = "forcing.dynamic" if dynamic else "forcing.static"
    memo = st.memo.get(key)
    if not isinstance(memo, dict):
        memo = {}
        st.memo[key] = memo
    return memo


def _branch(st: State, cell: int, digit: int, dynamic: bool) -> Branch:
    memo = _branches(st, dynamic)
    k = _key(st, cell, digit)
    b = memo.get(k)
    if b is None:
        b = propagate(st, cell, digit, dynamic)
        memo[k] = b
    return b


def _path(branch: Branch, node: int) -> list[tuple[int, int]]:
    """The nodes from the assumption to ``node``, each with its reason."""
    out = []
    while node:
        parent, reason = branch.why[node]
        out.append((node, reason))
        node = parent
    out.reverse()
    return out


def _say_path(st: State, path: list[tuple[int, int]]) -> str:
    shape = st.shape
    ncells = st.tables.ncells
    words = []
    for i, (node, reason) in enumerate(path):
        d, c = divmod(abs(node) - 1, ncells)
        s = f"{shape.cell_name(c)} is {'' if node > 0 else 'not '}{sym(shape, d)}"
        if reason == CELL:
            s += " (its last candidate)"
        elif reason >= 0 and i:
            s += f" (the last place for {sym(shape, d)} in {shape.unit_name(reason)})"
        words.append(s)
    if len(words) == 1:
        return words[0]
    return f"if {words[0]}, then " + ", so ".join(words[1:])


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


def _search(st: State, dynamic: bool, kinds: tuple[str, ...]) -> _Found | None:
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
                    b = _branch(st, c, d, dynamic)
                    if b.contradiction:
                        return _Found("contradiction", [(c, d)], -1, (), ((c, d),), [b], 0)
        if "cell" in kinds or ("cell3" in kinds and k >= 3):
            for c in cells_of(st.empty):
                if pop[st.cands[c]] != k:
                    continue
                starts = [(c, d) for d in digits_of[st.cands[c]]]
                bs = [_branch(st, c, d, dynamic) for c, d in starts]
                if any(b.contradiction for b in bs):
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
                    bs = [_branch(st, c, d, dynamic) for c, d in starts]
                    if any(b.contradiction for b in bs):
                        continue
                    places, elims = _conclusions(st, bs)
                    if places or elims:
                        return _Found("unit", starts, u, tuple(places), tuple(elims), bs, 0)
    return None


def _node(st: State, cand: Candidate, true: bool) -> int:
    c, d = cand
    k = _key(st, c, d) + 1
    return k if true else -k


def _to_step(st: State, f: _Found, dynamic: bool, tid: str, name: str) -> Step:
    shape = st.shape
    cn = shape.cell_name
    if f.kind == "contradiction":
        (c, d), b = f.starts[0], f.branches[0]
        assert b.contradiction is not None
        node, other = b.contradiction
        path = _path(b, node)
        first = _say_path(st, path)
        length = len(path)
        dd, cc = divmod(abs(node) - 1, st.tables.ncells)
        if other == CELL:
            clash = f", which leaves {cn(cc)} without a candidate"
        elif 0 <= other < 3 * st.tables.n:
            clash = f", which leaves {sym(shape, dd)} no place in {shape.unit_name(other)}"
        else:
            # The same candidate came out both true and false.
            second = _path(b, other)
            length += len(second)
            again = _say_path(st, second[1:]) if len(second) > 2 else _say_path(st, second)
            clash = f"; but also {again.removeprefix('if ')}"
        text = (
            f"{name}: {first}{clash}: a contradiction, so {cn(c)} is not {sym(shape, d)}, "
            f"and {elim_text(shape, f.eliminations)}."
        )
    else:
        target_cand = f.placements[0] if f.placements else f.eliminations[0]
        target = _node(st, target_cand, bool(f.placements))
        parts = [_say_path(st, _path(b, target)) for b in f.branches]
        length = _length(st, f.branches, target)
        if f.kind == "cell":
            ((c, _),) = f.starts[:1]
            head = f"{cn(c)} holds one of {digits_set(shape, st.cands[c])}"
        else:
            d = f.starts[0][1]
            head = f"{sym(shape, d)} goes in one of {', '.join(cn(c) for c, _ in f.starts)}"
            head += f" in {shape.unit_name(f.unit)}"
        result = (
            place_text(shape, f.placements) if f.placements else elim_text(shape, f.eliminations)
        )
        text = f"{name}: {head}; " + "; ".join(parts) + f"; either way {result}."
        if f.placements and f.eliminations:
            text = text[:-1] + f", and {elim_text(shape, f.eliminations)}."
    base = 8.5 if dynamic else 8.0
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
    )


def cell_forcing_chain(st: State) -> Step | None:
    """Every candidate of a cell leads, along chains, to the same conclusion (or one
    candidate leads to a contradiction)."""
    f = _search(st, False, ("contradiction", "cell"))
    return None if f is None else _to_step(st, f, False, "cell_forcing_chain", "Cell Forcing Chain")


def unit_forcing_chain(st: State) -> Step | None:
    """Every place of a digit in a unit leads, along chains, to the same conclusion."""
    f = _search(st, False, ("unit",))
    return None if f is None else _to_step(st, f, False, "unit_forcing_chain", "Unit Forcing Chain")


def multiple_forcing_chain(st: State) -> tuple[Step, int] | None:
    """A cell or unit forcing chain (no contradictions; cells of three candidates or more,
    a bivalue cell being a chain's business), with its length (the sum of its chains'):
    what SE's nested nets of level 3 use along their way."""
    f = _search(st, False, ("cell3", "unit"))
    if f is None:
        return None
    name = "Cell Forcing Chain" if f.kind == "cell" else "Unit Forcing Chain"
    step = _to_step(st, f, False, f"{f.kind}_forcing_chain", name)
    first = f.placements[0] if f.placements else f.eliminations[0]
    return step, _length(st, f.branches, _node(st, first, bool(f.placements)))


def forcing_net(st: State) -> Step | None:
    """Forcing with singles along the way: contradiction, cell or unit."""
    f = _search(st, True, ("contradiction", "cell", "unit"))
    return None if f is None else _to_step(st, f, True, "forcing_net", "Forcing Net")
