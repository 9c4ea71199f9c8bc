"""The branches of a forcing step, link by link: what its picture draws and a reader checks.

A forcing chain or net records, for every node it reaches, the node it came from and why
(``why``: node -> ``(parent, reason)``, the nodes as in :mod:`.forcing`: ``+(k + 1)`` for
"candidate k is true", ``-(k + 1)`` for "false", ``k = digit * ncells + cell``). This
module reads a branch back from that record as a :class:`~sudokit.logic.step.Branch`:
every link from the assumption to the step's conclusions (or to its contradiction), each
after the links it rests on, so that the branch can be followed, and checked, in order.

Only the step a search settles on is read back (its sentence reads the same record), so
the searches themselves pay nothing for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..candidates import State
from ..step import Branch, Candidate, Implication, Reason

# Reasons a node follows from its parent, shared by forcing chains and nets (a reason
# >= 0 is a unit: the only place left for the digit in that unit).
LINK = -1  # the assumption itself, or a peer / cell-mate of a true candidate
CELL = -2  # the only candidate left in its cell
RULE = -3  # a technique applied to the candidates left (nets of levels 1 and up)

Why = dict[int, tuple[int, int]]


def path_to(why: Why, node: int) -> list[tuple[int, int]]:
    """The nodes from the assumption to ``node``, each with its reason."""
    out = []
    while node:
        parent, reason = why[node]
        out.append((node, reason))
        node = parent
    out.reverse()
    return out


def candidate_of(st: State, node: int) -> tuple[Candidate, bool]:
    """A node as ``((cell, digit), true?)``."""
    d, c = divmod(abs(node) - 1, st.tables.ncells)
    return (c, d), node > 0


def read_branch(
    st: State,
    why: Why,
    ends: Sequence[int],
    *,
    contradiction: bool = False,
    parents: Callable[[int], tuple[int, ...]] | None = None,
    rule_name: Callable[[int], str] | None = None,
) -> Branch:
    """The branch that ``why`` records, from its assumption (the node whose parent is 0)
    to every node of ``ends`` that it reached, each link after the links its source and
    what it rests on come from.

    ``parents``: every node a ``cell``, ``unit`` or ``rule`` node rests on (a forcing
    net's; static chains have links only); ``rule_name``: the technique of a ``rule`` node.
    """
    links: list[Implication] = []
    done: dict[int, int] = {}  # node -> its place in the order told
    start = 0
    for end in ends:
        if end not in why or end in done:
            continue
        # Depth first, each node after everything it rests on (no recursion: nets are deep).
        todo: list[tuple[int, bool]] = [(end, False)]
        while todo:
            node, ready = todo.pop()
            if node in done:
                continue
            parent, reason = why[node]
            rests = _rests(node, parent, reason, parents)
            if not ready:
                todo.append((node, True))
                todo += [(p, False) for p in reversed(rests) if p not in done and p in why]
                continue
            done[node] = len(done)
            if not parent:
                start = node
                continue
            if rests and parent not in rests:
                parent = max(rests, key=lambda p: done.get(p, -1))  # the last to go
            links.append(_implication(st, node, parent, reason, rests, rule_name))
    if not start:  # no end was reached: the assumption alone
        start = next(node for node, (parent, _) in why.items() if not parent)
    told = [candidate_of(st, e) for e in ends if e in why]
    (cell, digit), true = candidate_of(st, start)
    return Branch((cell, digit), true, tuple(links), tuple(told), contradiction)


def _rests(
    node: int, parent: int, reason: int, parents: Callable[[int], tuple[int, ...]] | None
) -> tuple[int, ...]:
    """What ``node`` rests on: its parent first, then (in a net) the rest. A net kept
    from an earlier position may name a parent whose candidate has gone since: then
    only the rest."""
    if not parent:
        return ()
    if reason == LINK or parents is None:
        return (parent,)
    every = parents(node)
    if parent not in every:
        return every
    return (parent, *(p for p in every if p != parent))


def _implication(
    st: State,
    node: int,
    parent: int,
    reason: int,
    rests: tuple[int, ...],
    rule_name: Callable[[int], str] | None,
) -> Implication:
    source, source_true = candidate_of(st, parent)
    target, target_true = candidate_of(st, node)
    why: Reason
    unit = -1
    rule = ""
    if reason == LINK:
        why = "strong" if target_true else "weak"
    elif reason == CELL:
        why = "cell"
    elif reason == RULE:
        why = "rule"
        rule = rule_name(node) if rule_name is not None else ""
    else:
        why, unit = "unit", reason
    on = () if why in ("weak", "strong") else tuple(candidate_of(st, p)[0] for p in rests)
    return Implication(source, source_true, target, target_true, why, on, unit, rule)


__all__ = ["candidate_of", "read_branch"]
