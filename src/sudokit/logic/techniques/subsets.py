"""Naked and hidden subsets (pairs, triples, quads) within one unit."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..candidates import State, cells_of
from ..step import Candidate, Step, cells_text, digits_text, elim_text, sym
from ._shared import single_after

_SIZE_WORD = {2: "Pair", 3: "Triple", 4: "Quad"}
_RATING = {("naked", 2): 3.0, ("hidden", 2): 3.4, ("naked", 3): 3.6, ("hidden", 3): 4.0}
_RATING |= {("naked", 4): 5.0, ("hidden", 4): 5.4}
_DIRECT_RATING = {2: 2.0, 3: 2.5}


def combos(items: list[tuple[int, int]], k: int) -> Iterator[tuple[list[int], int]]:
    """Every choice of ``k`` items ``(key, bits)`` whose bits together hold exactly ``k``
    bits, with that union. Branches stop as soon as the union grows past ``k``."""
    m = len(items)
    chosen: list[int] = []

    def rec(start: int, union: int) -> Iterator[tuple[list[int], int]]:
        if len(chosen) == k:
            if union.bit_count() == k:
                yield list(chosen), union
            return
        for i in range(start, m - (k - len(chosen)) + 1):
            key, bits = items[i]
            u = union | bits
            if u.bit_count() > k:
                continue
            chosen.append(key)
            yield from rec(i + 1, u)
            chosen.pop()

    return rec(0, 0)


def _naked(st: State, k: int) -> Step | None:
    t = st.tables
    shape = st.shape
    pop = shape.popcount
    cands = st.cands
    for u in range(len(t.unit_bits)):
        ucells = t.unit_bits[u] & st.empty
        if ucells.bit_count() <= k:
            continue
        items = [(c, cands[c]) for c in cells_of(ucells) if 2 <= pop[cands[c]] <= k]
        if len(items) < k:
            continue
        for cells, mask in combos(items, k):
            cbits = 0
            for c in cells:
                cbits |= 1 << c
            # Every unit holding all the subset's cells loses the subset's digits.
            shared = [v for v in t.unit_of[cells[0]] if t.unit_bits[v] & cbits == cbits]
            others = 0
            for v in shared:
                others |= t.unit_bits[v]
            others &= ~cbits
            elims: list[Candidate] = []
            for d in shape.digits_of_mask[mask]:
                for c in cells_of(st.dcells[d] & others):
                    elims.append((c, d))
            if not elims:
                continue
            elims.sort()
            word = _SIZE_WORD[k]
            where = st.rules.unit_name(u)
            extra = [v for v in shared if v != u]
            if extra:
                where += f" (and {st.rules.unit_name(extra[0])})"
            text = (
                f"Naked {word} in {where}: {cells_text(shape, cells)} can only hold "
                f"{digits_text(shape, shape.digits_of_mask[mask])}, so "
                f"{elim_text(shape, elims)}."
            )
            return Step(
                f"naked_{word.lower()}",
                f"Naked {word}",
                text,
                eliminations=tuple(elims),
                cells=tuple(cells),
                units=(u, *extra),
                candidates=tuple((c, d) for c in cells for d in shape.digits_of_mask[cands[c]]),
                rating=_RATING["naked", k],
            )
    return None


Hidden = tuple[int, list[int], int, list[Candidate]]


def _hidden_all(st: State, k: int) -> list[Hidden]:
    """Every hidden subset of size ``k`` that removes something:
    ``(unit, digits, cell set, eliminations)``. Memoized: the direct and plain searches
    look at the same subsets."""
    key = f"subsets.hidden.{k}"
    found = st.memo.get(key)
    if not isinstance(found, list):
        found = list(_hidden_iter(st, k))
        st.memo[key] = found
    return found


def _hidden_iter(st: State, k: int) -> Iterator[Hidden]:
    t = st.tables
    shape = st.shape
    n = t.n
    for u in range(len(t.unit_bits)):
        ub = t.unit_bits[u]
        if (ub & st.empty).bit_count() <= k:
            continue
        items = []
        for d in range(1, n + 1):
            x = st.dcells[d] & ub
            if x & (x - 1) and (x.bit_count() <= k):
                items.append((d, x))
        if len(items) < k:
            continue
        for digits, where in combos(items, k):
            keep = 0
            for d in digits:
                keep |= 1 << (d - 1)
            elims: list[Candidate] = []
            for c in cells_of(where):
                for d in shape.digits_of_mask[st.cands[c] & ~keep]:
                    elims.append((c, d))
            if elims:
                yield u, digits, where, elims


def _hidden_step(
    st: State,
    k: int,
    found: Hidden,
    single: tuple[int, int, int] | None = None,
) -> Step:
    shape = st.shape
    u, digits, where, elims = found
    cells = cells_of(where)
    word = _SIZE_WORD[k]
    text = (
        f"Hidden {word} in {st.rules.unit_name(u)}: {digits_text(shape, digits)} fit only "
        f"in {cells_text(shape, cells)}, so those cells hold nothing else: "
        f"{elim_text(shape, elims)}"
    )
    tid, name, rating = f"hidden_{word.lower()}", f"Hidden {word}", _RATING["hidden", k]
    placements: tuple[Candidate, ...] = ()
    if single is not None:
        c, d, v = single
        text += (
            f"; that leaves {shape.cell_name(c)} the only place for {sym(shape, d)} in "
            f"{st.rules.unit_name(v)}, so {shape.cell_name(c)} is {sym(shape, d)}"
        )
        placements = ((c, d),)
        tid, name, rating = "direct_" + tid, "Direct " + name, _DIRECT_RATING[k]
    return Step(
        tid,
        name,
        text + ".",
        placements=placements,
        eliminations=tuple(elims),
        cells=tuple(cells),
        units=(u,),
        candidates=tuple((c, d) for c in cells for d in digits if st.cands[c] >> (d - 1) & 1),
        rating=rating,
    )


def _hidden(st: State, k: int) -> Step | None:
    for found in _hidden_all(st, k):
        return _hidden_step(st, k, found)
    return None


def _direct_hidden(st: State, k: int) -> Step | None:
    for found in _hidden_all(st, k):
        single = single_after(st, found[3])
        if single is not None:
            return _hidden_step(st, k, found, single)
    return None


def direct_hidden_pair(st: State) -> Step | None:
    """Hidden pair whose eliminations leave a hidden single, placed in the same step."""
    return _direct_hidden(st, 2)


def direct_hidden_triple(st: State) -> Step | None:
    """Hidden triple whose eliminations leave a hidden single, placed in the same step."""
    return _direct_hidden(st, 3)


def _make(kind: str, k: int) -> Callable[[State], Step | None]:
    impl = _naked if kind == "naked" else _hidden

    def find(st: State) -> Step | None:
        return impl(st, k)

    find.__name__ = f"{kind}_{_SIZE_WORD[k].lower()}"
    find.__doc__ = f"{kind.capitalize()} {_SIZE_WORD[k].lower()} in a unit."
    return find


naked_pair = _make("naked", 2)
naked_triple = _make("naked", 3)
naked_quad = _make("naked", 4)
hidden_pair = _make("hidden", 2)
hidden_triple = _make("hidden", 3)
hidden_quad = _make("hidden", 4)
