"""What a forcing net may use when its links and singles run out, by level (see
:mod:`.nets`): pointing and claiming, pairs and X-Wings (level 1), the shortest AIC
(level 2) and static forcing chains (level 3), each as a finder that returns a step and
its complexity.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ...geometry import Rules, per_rules
from ...solvers import native
from ..candidates import State, cells_of
from ..step import Step
from . import chains, fish, forcing, intersections, subsets
from .intersections import Instance

Finding = tuple[bool, int, int, tuple[int, ...], str, int]

#: A technique a net may use: a step and its complexity (SE counts a nested chain's own
#: complexity; a simple pattern adds nothing).
Rule = Callable[[State], tuple[Step, int] | None]


def _simple(find: Callable[[State], Step | None]) -> Rule:
    def rule(st: State) -> tuple[Step, int] | None:
        step = find(st)
        return None if step is None else (step, 0)

    rule.__name__ = find.__name__
    return rule


#: How many chains :func:`_chains_found` keeps per rules.
_CHAINS_SIZE = 2048


@per_rules
def _chains_found(rules: Rules) -> dict[tuple[int, ...], tuple[Step, int] | None]:
    """The chains found at the nets' stalls, by position: different assumptions, and the
    same assumption's nets on the path's next positions, often stall at the same position
    (the chain depends on the candidates alone: the cells with none are the filled ones).
    Kept on the rules, so that they go with them."""
    return {}


def _chain(st: State) -> tuple[Step, int] | None:
    found = _chains_found(st.rules)
    key = tuple(st.cands)
    if key in found:
        return found[key]
    chain = _short_aic(st)
    if len(found) >= _CHAINS_SIZE:
        found.clear()
    found[key] = chain
    return chain


def _short_aic(st: State) -> tuple[Step, int] | None:
    """``chains.short_aic`` and its complexity (its number of nodes): the C core, when
    built, finds the very chain the Python search picks (the nets ask at most of their
    stalls, and building the chain in Python was most of a level-2 net's time). A net
    tells a nested step by its name only, so the step has no sentence."""
    core = native._core if st.rules.classic else None  # the core knows boxes only
    if core is None:
        step = chains.short_aic(st)
        return None if step is None else (step, len(step.links) + 1)
    nodes = core.chain_find(native.geometry(st.shape.rules), st.cands, 16)
    if nodes is None:
        return None
    t = st.tables
    ncells = t.ncells
    g = chains.Graph(
        "plain", ncells, (t.n + 1) * ncells, {}, [], [], {}, t.all_cells, [], t.peer_bits
    )
    start, end = nodes[0], nodes[-1]
    if start == end:
        found = chains.Found(list(nodes), ((end % ncells, end // ncells),), ())
    else:
        found = chains.Found(list(nodes), (), chains._elims(st, g, start, end))
    name = "Discontinuous Nice Loop" if chains._discontinuous(g, found) else "AIC"
    step = Step(
        "aic",
        name,
        "",
        placements=found.placements,
        eliminations=found.eliminations,
        cells=tuple(dict.fromkeys(k % ncells for k in nodes)),
        candidates=tuple(dict.fromkeys((k % ncells, k // ncells) for k in nodes)),
    )
    return step, len(nodes)


def _locked(
    tid: str, name: str, rating: float, instances: Callable[[State], Iterator[Instance]]
) -> Rule:
    """Pointing or claiming as a net uses it: the finder's first instance, as a step
    without a sentence (a net tells a nested step by its name only)."""

    def rule(st: State) -> tuple[Step, int] | None:
        inst = next(instances(st), None)
        if inst is None:
            return None
        where, other, d, x, out = inst
        cells = cells_of(x)
        step = Step(
            tid,
            name,
            "",
            eliminations=tuple((c, d) for c in cells_of(out)),
            cells=tuple(cells),
            units=(where, other),
            candidates=tuple((c, d) for c in cells),
            rating=rating,
        )
        return step, 0

    rule.__name__ = tid
    return rule


_LEVEL1: tuple[Rule, ...] = (
    _locked("pointing", "Pointing", 2.6, intersections._pointing_all),
    _locked("claiming", "Claiming", 2.8, intersections._claiming_all),
    *(_simple(f) for f in (subsets.naked_pair, subsets.hidden_pair, fish.x_wing)),
)
_LEVEL2: tuple[Rule, ...] = (_chain,)
_LEVEL3: tuple[Rule, ...] = (forcing.multiple_forcing_chain,)


def _rules(level: int, new: bool = False) -> tuple[Rule, ...]:
    """The techniques a net of ``level`` uses; ``new``: only those the level below lacks."""
    if new:
        return (_LEVEL1, _LEVEL2, _LEVEL3)[level - 1] if level <= 3 else ()
    rules = _LEVEL1
    if level >= 2:
        rules += _LEVEL2
    if level >= 3:
        rules += _LEVEL3
    return rules


def _view(st: State, cands: list[int], dcells: list[int]) -> State:
    """``st`` with the candidates a net left (a view for the techniques to read)."""
    sub = State.__new__(State)
    sub.shape = st.shape
    sub.rules = st.rules
    sub.tables = st.tables
    sub.values = st.values
    sub.cands = cands
    sub.dcells = dcells
    sub.empty = st.empty
    sub.memo = {}
    return sub


def _removed(
    n: int, ncells: int, off: Sequence[int], where: int, digits: set[int] | None
) -> list[int]:
    """The false-nodes of the net in cells ``where`` (of ``digits``, or any)."""
    out: list[int] = []
    for d in range(1, n + 1):
        if digits is None or d in digits:
            out += [-(d * ncells + c + 1) for c in cells_of(off[d] & where)]
    return out
