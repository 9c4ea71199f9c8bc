"""What a forcing net may use when its links and singles run out, by level (see
:mod:`.nets`): pointing and claiming, pairs and X-Wings (level 1), the shortest AIC
(level 2) and static forcing chains (level 3), each as a finder that returns a step and
its complexity.
"""

from __future__ import annotations

from array import array
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


class _Locked:
    """Pointing or claiming as a net uses it: the finder's first instance, as a step
    without a sentence (a net tells a nested step by its name only). ``make`` builds the
    step of an instance found elsewhere (the C core names it: ``_native.basic_first``)."""

    def __init__(
        self, tid: str, name: str, rating: float, instances: Callable[[State], Iterator[Instance]]
    ) -> None:
        self.tid, self.name, self.rating, self.instances = tid, name, rating, instances
        self.__name__ = tid

    def __call__(self, st: State) -> tuple[Step, int] | None:
        inst = next(self.instances(st), None)
        return None if inst is None else self.make(*inst)

    def make(self, where: int, other: int, d: int, x: int, out: int) -> tuple[Step, int]:
        cells = cells_of(x)
        step = Step(
            self.tid,
            self.name,
            "",
            eliminations=tuple((c, d) for c in cells_of(out)),
            cells=tuple(cells),
            units=(where, other),
            candidates=tuple((c, d) for c in cells),
            rating=self.rating,
        )
        return step, 0


def _hidden_pair(st: State) -> tuple[Step, int] | None:
    """The first hidden pair (``subsets.hidden_pair``'s step without its sentence), found
    without listing the others."""
    found = next(subsets._hidden_iter(st, 2), None)
    if found is None:
        return None
    u, digits, where, elims = found
    cells = cells_of(where)
    cands = st.cands
    step = Step(
        "hidden_pair",
        "Hidden Pair",
        "",
        eliminations=tuple(elims),
        cells=tuple(cells),
        units=(u,),
        candidates=tuple((c, d) for c in cells for d in digits if cands[c] >> (d - 1) & 1),
        rating=subsets._RATING["hidden", 2],
    )
    return step, 0


_LOCKED = (
    _Locked("pointing", "Pointing", 2.6, intersections._pointing_all),
    _Locked("claiming", "Claiming", 2.8, intersections._claiming_all),
)
_LEVEL1: tuple[Rule, ...] = (
    *_LOCKED,
    _simple(subsets.naked_pair),
    _hidden_pair,
    _simple(fish.x_wing),
)
_LEVEL2: tuple[Rule, ...] = (_chain,)
_LEVEL3: tuple[Rule, ...] = (forcing.multiple_forcing_chain,)


#: How many positions :func:`_level1_found` keeps per rules.
_LEVEL1_SIZE = 1 << 14


@per_rules
def _level1_found(rules: Rules) -> dict[bytes, tuple[Step, int] | None]:
    """The first level-1 pattern found at the nets' stalls, by position: the nets of every
    level ask it first, and different assumptions and levels often stall at the same
    position (the pattern depends on the candidates alone)."""
    return {}


def level1(st: State, core: native._Core) -> tuple[Step, int] | None:
    """The first of the level-1 patterns (:data:`_LEVEL1`, in that order) that finds
    something in ``st`` (classic rules), or None: the C core says which one at once
    (most stalls have none), and for pointing and claiming where, so that the step is
    built without searching."""
    found = _level1_found(st.rules)
    key = array("H", st.cands).tobytes()
    if key in found:
        return found[key]
    first, u, v, d = core.basic_first(native.geometry(st.shape.rules), key)
    out: tuple[Step, int] | None = None
    if first in (1, 2) and u >= 0:
        t = st.tables
        x = st.dcells[d] & t.unit_bits[u]
        out = _LOCKED[first - 1].make(u, v, d, x, st.dcells[d] & t.unit_bits[v] & ~x)
    elif first:
        for rule in _LEVEL1[first - 1 :]:
            out = rule(st)
            if out is not None:
                break
    if len(found) >= _LEVEL1_SIZE:
        found.clear()
    found[key] = out
    return out


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
