"""The graph a forcing net makes: its nodes, why each follows, and reading it back.

Nodes are ints: ``+(k + 1)`` for "candidate k is true", ``-(k + 1)`` for "false", with
``k = digit * ncells + cell``. A :class:`Net` records what follows from one assumption;
this module finds a node's parents and ancestors, SE's complexity of a net, and the
words and links of the path to a node. The search that builds nets is in ``nets``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from ..candidates import State, cells_of
from ..step import Link, sym
from .forcing_branches import CELL, LINK, RULE, path_to


@dataclass(slots=True)
class Net:
    """What follows from one assumption.

    ``on`` / ``off``: per digit, the cells where it became true / false; ``why``: each
    node's first parent and reason; ``rules``: for nodes a technique found, all their
    parents, the technique's sentence and its own complexity; ``contradiction``: where
    it broke, ``(true node, false node)`` of one candidate, or ``(node, CELL)`` when
    ``node`` left its cell empty, ``(node, u)`` when it left no place in unit ``u``.

    A net the C core followed keeps ``why`` as its ``records`` (native int32 triples
    ``node, parent, reason``, in the order reached) until it is first read: most nets
    are only asked what they agree on (``on``, ``off``), never why.
    """

    start: int
    on: Sequence[int]
    off: Sequence[int]
    known: dict[int, tuple[int, int]] | None  # ``why``, once made
    rules: dict[int, tuple[tuple[int, ...], str, int]]
    contradiction: tuple[int, int] | None
    #: ``on`` and ``off`` packed into one int each (bit ``digit * ncells + cell``), made
    #: when first needed (see :func:`_common`).
    packed: tuple[int, int] | None = None
    records: tuple[bytes, ...] = ()

    @property
    def why(self) -> dict[int, tuple[int, int]]:
        if self.known is None:
            why: dict[int, tuple[int, int]] = {}
            for chunk in self.records:
                r = memoryview(chunk).cast("i")
                why.update(zip(r[0::3], zip(r[1::3], r[2::3], strict=True), strict=True))
            self.known = why
        return self.known


def node_of(st: State, cell: int, digit: int, true: bool = True) -> int:
    k = digit * st.tables.ncells + cell + 1
    return k if true else -k


# --- ancestors and complexity -----------------------------------------------------------


def _parents(st: State, net: Net, node: int) -> tuple[int, ...]:
    if node in net.rules:
        return net.rules[node][0]
    parent, reason = net.why[node]
    if reason == LINK:
        return (parent,) if parent else ()
    ncells = st.tables.ncells
    d, c = divmod(abs(node) - 1, ncells)
    if reason == CELL:
        gone = st.cands[c] & ~(1 << (d - 1))
        return tuple(-(dd * ncells + c + 1) for dd in st.shape.digits_of_mask[gone])
    # A hidden single in unit ``reason``: every other place of the digit went.
    cells = st.dcells[d] & st.tables.unit_bits[reason] & ~(1 << c)
    return tuple(-(d * ncells + cc + 1) for cc in cells_of(cells))


def _ancestors(st: State, net: Net, targets: tuple[int, ...]) -> set[int]:
    seen: set[int] = set()
    todo = [x for x in targets if x in net.why]
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        todo += [p for p in _parents(st, net, node) if p not in seen and p in net.why]
    return seen


def _clash(st: State, net: Net) -> tuple[int, ...]:
    """The nodes of a net's contradiction (a broken cell or unit stands for the removal
    of all its candidates)."""
    assert net.contradiction is not None
    a, b = net.contradiction
    if b == -a:
        return (a, b)
    ncells = st.tables.ncells
    d, c = divmod(abs(a) - 1, ncells)
    if b == CELL:
        return tuple(-(dd * ncells + c + 1) for dd in st.shape.digits_of_mask[st.cands[c]])
    cells = st.dcells[d] & st.tables.unit_bits[b]
    return tuple(-(d * ncells + cc + 1) for cc in cells_of(cells))


def complexity(st: State, nets: list[tuple[Net, tuple[int, ...]]]) -> int:
    """SE's complexity: every net's ancestors of its targets, plus nested steps'."""
    total = 0
    for net, targets in nets:
        anc = _ancestors(st, net, targets)
        # A nested step counts once, however many of its conclusions the net used (the
        # conclusions of one step share its parents tuple).
        nested = {id(net.rules[x][0]): net.rules[x][2] for x in anc if x in net.rules}
        total += len(anc) + sum(nested.values())
    return total


# --- words ------------------------------------------------------------------------------


def _path(net: Net, node: int) -> list[tuple[int, int]]:
    return path_to(net.why, node)


def _say(st: State, net: Net, path: list[tuple[int, int]]) -> str:
    words = _words(st, net, path)
    if len(words) == 1:
        return words[0]
    return f"if {words[0]}, then " + ", so ".join(words[1:])


def _words(st: State, net: Net, path: list[tuple[int, int]]) -> list[str]:
    """Each node of ``path``, with why it follows (but the first, the assumption)."""
    shape = st.shape
    ncells = st.tables.ncells
    words = []
    for i, (node, reason) in enumerate(path):
        d, c = divmod(abs(node) - 1, ncells)
        s = f"{shape.cell_name(c)} is {'' if node > 0 else 'not '}{sym(shape, d)}"
        if reason == CELL:
            s += " (its last candidate)"
        elif reason == RULE:
            s += f" (by {net.rules[node][1]})"
        elif reason >= 0 and i:
            s += f" (the last place for {sym(shape, d)} in {st.rules.unit_name(reason)})"
        words.append(s)
    return words


def _links(st: State, net: Net, node: int) -> list[Link]:
    ncells = st.tables.ncells
    out = []
    path = _path(net, node)
    for (a, _), (b, _) in pairwise(path):
        da, ca = divmod(abs(a) - 1, ncells)
        db, cb = divmod(abs(b) - 1, ncells)
        out.append(Link((ca,), da, (cb,), db, b > 0))
    return out


def _clash_text(st: State, net: Net) -> str:
    shape = st.shape
    assert net.contradiction is not None
    node, other = net.contradiction
    d, c = divmod(abs(node) - 1, st.tables.ncells)
    first = _say(st, net, _path(net, node))
    if other == CELL:
        return f"{first}, which leaves {shape.cell_name(c)} without a candidate"
    if other >= 0:
        return f"{first}, which leaves {sym(shape, d)} no place in {st.rules.unit_name(other)}"
    second = _path(net, other)
    again = _say(st, net, second[1:]) if len(second) > 2 else _say(st, net, second)
    return f"{first}; but also {again.removeprefix('if ')}"
