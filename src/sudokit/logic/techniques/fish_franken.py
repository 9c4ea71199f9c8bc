"""Franken and mutant fish: fish whose base and cover sets mix rows, columns and boxes.

A fish on a digit takes ``k`` *base* units, each holding the digit exactly once, and
``k`` *cover* units that hold every base candidate. The base units' ``k`` digits are in
``k`` different cells, and each cover unit holds at most one of them, so every cover unit
holds exactly one: a cover candidate outside the base goes, and so does a base candidate
in two cover units ("cannibalistic"), which would fill two covers at once.

A basic fish (:mod:`.fish`) takes rows for base and columns for cover (or the other way
round). A **Franken** fish adds boxes: base rows and boxes, cover columns and boxes (or
columns and boxes, rows and boxes). A **mutant** fish mixes freely: rows and columns in
one set, or diagonals and windows under variant rules. Every unit of the rules holds each
digit once, so any of them may be a base or a cover set (killer cages are no units).

**Fins** are base candidates no cover holds, and candidates in two base units (*endo*
fins): either a fin holds the digit, or the fish stands, so only cells that see every fin
lose the digit. Fish up to :data:`MAX_SIZE` units and :data:`MAX_FINS` fins are searched,
mutant fish with a base that mixes rows and columns (or holds an extra unit), on grids up
to :data:`MAX_GRID`.

Ratings (Sudoku Explainer has no such fish: it proves their eliminations with chains and
forcing chains): HoDoKu's order, which puts a Franken X-Wing with ALS-XZ (7.5 here) and
the finned and mutant fish after ALS chains and before forcing chains (8.0): Franken
7.5 / 7.6 / 7.7 by size, finned Franken 7.7 / 7.8 / 7.9, mutant and finned mutant 7.9.
"""

from __future__ import annotations

from typing import cast

from ...solvers import native
from ..candidates import State, cells_of
from ..step import Step, elim_text, join, sym

#: The largest fish looked for (3: swordfish; HoDoKu's defaults stop there too).
MAX_SIZE = 3
#: The largest grid searched: on 12×12 and 16×16 the unit triples to try grow past a
#: second per position (and the nets there stop early anyway).
MAX_GRID = 9
#: The most exo fins a fish may have (endo fins come on top: they are forced).
MAX_FINS = 2

_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_RATING = {
    ("franken", False): {2: 7.5, 3: 7.6, 4: 7.7},
    ("franken", True): {2: 7.7, 3: 7.8, 4: 7.9},
    ("mutant", False): {2: 7.9, 3: 7.9, 4: 7.9},
    ("mutant", True): {2: 7.9, 3: 7.9, 4: 7.9},
}
#: The technique ids, by (family, finned).
IDS = {
    ("franken", False): "franken_fish",
    ("franken", True): "finned_franken_fish",
    ("mutant", False): "mutant_fish",
    ("mutant", True): "finned_mutant_fish",
}

#: What a digit's search found, by (tables, digit, the digit's cell set, family): the fish only
#: read the digit's cells, so a later position where they did not change gets the same
#: answer (most of a path's positions change one or two digits).
_CACHE: dict[tuple[int, int, int, str], dict[tuple[str, bool], Fish]] = {}
_CACHE_SIZE = 20_000

#: A fish found: size, digit, base units, cover units, body cells, fins, eliminations.
Fish = tuple[int, int, tuple[int, ...], tuple[int, ...], int, int, int]


def _family(kind_of: tuple[int, ...], base: tuple[int, ...], cover: tuple[int, ...]) -> str:
    """``basic`` (rows and columns: :mod:`.fish`), ``franken`` or ``mutant``."""
    kb = {kind_of[u] for u in base}
    kc = {kind_of[u] for u in cover}
    if (kb == {0} and kc == {1}) or (kb == {1} and kc == {0}):
        return "basic"
    if (kb <= {0, 2} and kc <= {1, 2}) or (kb <= {1, 2} and kc <= {0, 2}):
        return "franken"
    return "mutant"


def _digit(st: State, d: int, family: str) -> dict[tuple[str, bool], Fish]:
    """The first fish of ``family`` (``franken`` or ``mutant``) on ``d``, unfinned and
    finned, smallest first. Franken fish take base units from rows and boxes and
    covers from columns and boxes (or the other way round), which keeps the search
    small; mutant fish take any units."""
    t = st.tables
    dc = st.dcells[d]
    key = (id(t), d, dc, family)
    found = _CACHE.get(key)
    if found is not None:
        return found
    found = {}
    ub = t.unit_bits
    peer = t.peer_bits
    kind_of = t.kind_of
    units = [u for u in range(len(ub)) if (dc & ub[u]).bit_count() >= 2]
    part = {u: dc & ub[u] for u in units}
    if family == "franken":
        plans = [({0, 2}, {1, 2}), ({1, 2}, {0, 2})]
    else:
        every = set(kind_of)
        plans = [(every, every)]
    for kinds_base, kinds_cover in plans:
        bases = [u for u in units if kind_of[u] in kinds_base]
        # The cover units holding each candidate cell, as a list and as a unit set.
        holders: dict[int, list[int]] = {}
        hmask: dict[int, int] = {}
        for u in units:
            if kind_of[u] in kinds_cover:
                for c in cells_of(part[u]):
                    holders.setdefault(c, []).append(u)
                    hmask[c] = hmask.get(c, 0) | 1 << u
        for k in range(2, MAX_SIZE + 1):
            # Base units in increasing order; a partial base that k covers and the fins
            # cannot hold already is not extended.
            stack: list[tuple[int, tuple[int, ...], int, int]] = [(0, (), 0, 0)]
            while stack and len(found) < 2:
                at, base, union, endo = stack.pop()
                for i in range(at, len(bases)):
                    u = bases[i]
                    e = endo | (union & part[u])
                    if e.bit_count() > MAX_FINS:
                        continue
                    un = union | part[u]
                    if _apart(un & ~e, hmask) > k + MAX_FINS:
                        continue
                    b = (*base, u)
                    if len(b) < k:
                        stack.append((i + 1, b, un, e))
                        continue
                    if family == "mutant" and not _mixed(kind_of, b):
                        continue
                    _covers(st, d, k, b, un, e, holders, part, peer, kind_of, dc, family, found)
                    if len(found) == 2:
                        break
            if len(found) == 2:
                break
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    _CACHE[key] = found
    return found


def _mixed(kind_of: tuple[int, ...], base: tuple[int, ...]) -> bool:
    """Whether a base mixes rows and columns, or holds an extra unit (a diagonal, a
    window): the mutant fish looked for (a base of one line kind and boxes, with a
    cover that mixes, is left out: searching those too took twice as long)."""
    kinds = {kind_of[u] for u in base}
    return {0, 1} <= kinds or max(kinds) > 2


def _apart(cells: int, hmask: dict[int, int]) -> int:
    """How many of ``cells`` no cover unit holds two of (found greedily): each needs its
    own cover, or is a fin; more than the covers and fins allowed, and no fish."""
    used = 0
    count = 0
    while cells:
        low = cells & -cells
        cells ^= low
        h = hmask.get(low.bit_length() - 1, 0)
        if not h & used:
            count += 1
            used |= h
    return count


def _covers(
    st: State,
    d: int,
    k: int,
    base: tuple[int, ...],
    union: int,
    endo: int,
    holders: dict[int, list[int]],
    part: dict[int, int],
    peer: tuple[int, ...],
    kind_of: tuple[int, ...],
    dc: int,
    family: str,
    found: dict[tuple[str, bool], Fish],
) -> None:
    """Every choice of ``k`` covers for ``base``, each once: the lowest base cell not yet
    covered is covered by one of its units (the units tried before it are then left
    out, as another branch has them), or made a fin (its units left out), while the
    fins still share a cell that could lose the digit."""
    sight0 = st.tables.all_cells
    for f in cells_of(endo):
        sight0 &= peer[f]
    if endo and not sight0 & dc:
        return
    banned0 = 0
    for u in base:
        banned0 |= 1 << u
    stack: list[tuple[tuple[int, ...], int, int, int, int]] = [((), 0, 0, sight0, banned0)]
    while stack:
        cover, covered, fins, sight, banned = stack.pop()
        rest = union & ~covered & ~fins & ~endo
        if len(cover) == k:
            if (fins | rest).bit_count() > MAX_FINS:
                continue
            for f in cells_of(rest):
                sight &= peer[f]
            allfins = fins | rest | endo
            _judge(d, k, base, cover, union, allfins, sight, part, kind_of, dc, family, found)
            continue
        if not rest:
            continue  # fewer covers than bases: the digit would not fit (a broken grid)
        low = rest & -rest
        c = low.bit_length() - 1
        ban = banned
        last = len(cover) + 1 == k
        for u in holders.get(c, ()):
            if not ban >> u & 1:
                # With the last cover, what it leaves must fit in the fins.
                if not last or (fins | rest & ~part[u]).bit_count() <= MAX_FINS:
                    stack.append(((*cover, u), covered | part[u], fins, sight, ban))
                ban |= 1 << u
        if (fins | low).bit_count() <= MAX_FINS:
            s = sight & peer[c]
            if s & dc & ~union:
                stack.append((cover, covered, fins | low, s, ban))


def _judge(
    d: int,
    k: int,
    base: tuple[int, ...],
    cover: tuple[int, ...],
    union: int,
    fins: int,
    sight: int,
    part: dict[int, int],
    kind_of: tuple[int, ...],
    dc: int,
    family: str,
    found: dict[tuple[str, bool], Fish],
) -> None:
    cov = 0
    twice = 0
    for u in cover:
        twice |= cov & part[u]
        cov |= part[u]
    targets = (cov & ~union) | (twice & union & ~fins)
    if fins:
        targets &= sight
    if not targets & dc:
        return
    if (family, bool(fins)) in found or _family(kind_of, base, cover) != family:
        return
    found[(family, bool(fins))] = (k, d, base, cover, union & ~fins, fins, targets & dc)


def _find(st: State, family: str, finned: bool) -> Step | None:
    """The smallest fish of ``family``, finned or not (both searched in one pass and
    memoized on the state: the engine asks for one after the other)."""
    if st.tables.n > MAX_GRID:
        return None
    key = "fish." + family
    memo = st.memo.get(key)
    if memo is None:
        best: dict[tuple[str, bool], Fish] = {}
        digits = _digits(st, family)
        for d in range(1, st.tables.n + 1):
            if not digits >> (d - 1) & 1:
                continue
            for kind, fish in _digit(st, d, family).items():
                if kind not in best or fish[0] < best[kind][0]:
                    best[kind] = fish
        memo = {kind: _step(st, kind, fish) for kind, fish in best.items()}
        st.memo[key] = memo
    return cast(dict[tuple[str, bool], Step], memo).get((family, finned))


def _digits(st: State, family: str) -> int:
    """The digits to search (bit ``d - 1`` for ``d``): nearly always there is no such fish,
    and the C core, when built, names the digits that hold one at once (the same search;
    it knows classic rules only). Every digit otherwise."""
    core = native._core if st.rules.classic else None
    if core is None or (MAX_SIZE, MAX_FINS) != (3, 2):  # the core's bounds
        return (1 << st.tables.n) - 1
    kinds = core.franken_digits(native.geometry(st.rules), st.cands, family == "mutant")
    return (kinds | kinds >> 16) & 0xFFFF  # without fins, with fins


def _step(st: State, kind: tuple[str, bool], fish: Fish) -> Step:
    k, d, base, cover, body, fins, targets = fish
    family, finned = kind
    rules = st.rules
    shape = st.shape
    s = sym(shape, d)
    name = ("Finned " if finned else "") + f"{family.capitalize()} {_NAMES[k]}"
    elims = tuple((c, d) for c in cells_of(targets))
    bnames = join([rules.unit_name(u) for u in base])
    cnames = join([rules.unit_name(u) for u in cover])
    fin_list = cells_of(fins)
    if finned:
        fin_words = join([shape.cell_name(c) for c in fin_list])
        text = (
            f"{name} on {s}: {bnames} each hold one {s}, and all their {s}s but "
            f"{'the fins' if len(fin_list) > 1 else 'the fin'} {fin_words} lie in {cnames}, "
            f"which hold at most one {s} each. Either a fin is {s}, or each of these holds "
            f"one of the base's {s}s; either way, in cells that see every fin, "
            f"{elim_text(shape, elims)}."
        )
    else:
        text = (
            f"{name} on {s}: {bnames} each hold one {s}, and all their {s}s lie in "
            f"{cnames}, which hold at most one {s} each: so each holds exactly one of "
            f"them, and {elim_text(shape, elims)}."
        )
    body_cells = cells_of(body)
    return Step(
        IDS[kind],
        name,
        text,
        eliminations=elims,
        cells=tuple(body_cells),
        units=(*base, *cover),
        candidates=tuple((c, d) for c in body_cells),
        secondary=tuple((c, d) for c in fin_list),
        rating=_RATING[kind][k],
    )


def franken_fish(st: State) -> Step | None:
    """A Franken fish (boxes among the base or cover units) without fins."""
    return _find(st, "franken", False)


def finned_franken_fish(st: State) -> Step | None:
    """A Franken fish with fins: cells seeing every fin lose the digit."""
    return _find(st, "franken", True)


def mutant_fish(st: State) -> Step | None:
    """A mutant fish (rows and columns in one set, or extra units) without fins."""
    return _find(st, "mutant", False)


def finned_mutant_fish(st: State) -> Step | None:
    """A mutant fish with fins."""
    return _find(st, "mutant", True)


__all__ = [
    "MAX_FINS",
    "MAX_GRID",
    "MAX_SIZE",
    "finned_franken_fish",
    "finned_mutant_fish",
    "franken_fish",
    "mutant_fish",
]
