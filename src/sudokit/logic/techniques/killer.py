"""Techniques of killer cages: what a cage's sum says, and the 45 rule.

A cage's cells never repeat a digit and (when it has one) add up to its sum. The
techniques work on a cage's *remaining* part: its empty cells, and its sum less the
digits already placed in it. Cage cells are peers, so the classic techniques already
use "no repeat"; these add the sums.

- **Last Cage Cell**: one empty cell left in a cage: it is the sum less the rest.
- **One-Combination Cage**: a sum that only one set of digits makes in that many cells
  (3 in two cells is 1 + 2, 24 in three is 7 + 8 + 9): every other digit leaves the cage.
- **Cage Combination**: the digit sets that make the sum, kept only where the cells can
  hold them (each digit in a different cell that allows it): a digit that no remaining
  set puts in a cell leaves it.
- **Cage Hidden Single**: a digit every remaining set holds (a *must* digit) with one
  place left in the cage goes there.
- **Cage/Unit Overlap**: a cage inside a unit: its must digits leave the unit's other
  cells.
- **Cage Pointing**: the places of a must digit in a cage all see some cell outside it
  (they lie in one row, column, box...): that cell loses the digit.
- The 45 rule (innies and outies, hidden cages, cage splits) is in :mod:`.killer45`.

"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

from ...geometry import Cage, Rules, per_rules
from ...killer import cage_candidates, combinations, describe_cage, fitting
from ..candidates import State, Tables, cells_of, cellset
from ..step import Step, cells_text, digits_text, elim_text, join, sym

#: The most cells a virtual cage (innies, outies, a split cage's part) may have.
MAX_VIRTUAL = 5


# --- combinations ------------------------------------------------------------------


def _combos(k: int, total: int, n: int) -> tuple[int, ...]:
    """The digit sets (masks) of ``k`` distinct digits 1..n summing to ``total``."""
    return combinations(k, total, n)


@lru_cache(maxsize=1 << 15)
def _fit(total: int, masks: tuple[int, ...], n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    sets = fitting(combinations(len(masks), total, n), masks)
    return sets, tuple(cage_candidates(sets, masks))


def cage_options(total: int, masks: Sequence[int], n: int) -> tuple[tuple[int, ...], list[int]]:
    """The digit sets that ``len(masks)`` distinct digits summing to ``total`` can be
    in cells allowing ``masks`` (each digit in a different cell that allows it), and per
    cell the digits it can then hold."""
    sets, per = _fit(total, tuple(masks), n)
    return sets, list(per)


@lru_cache(maxsize=1 << 15)
def _sum_options(total: int, masks: tuple[int, ...], apart: tuple[int, ...]) -> tuple[int, ...]:
    """Per cell, the digits it can hold when the cells sum to ``total``; cell ``i`` and
    cell ``j`` differ when bit ``j`` of ``apart[i]`` is set (others may repeat)."""
    k = len(masks)
    found = [0] * k
    for c in range(k):
        m = masks[c]
        while m:
            low = m & -m
            m ^= low
            if found[c] & low:
                continue
            filling = _solve_one(total, (*masks[:c], low, *masks[c + 1 :]), apart)
            if filling is not None:
                for o in range(k):
                    found[o] |= 1 << (filling[o] - 1)
    return tuple(found)


def _solve_one(total: int, masks: tuple[int, ...], apart: tuple[int, ...]) -> list[int] | None:
    """One filling of the cells from ``masks`` that sums to ``total`` (see
    :func:`_sum_options`), or None: cells with fewest digits first, cut short where the
    cells left cannot make up the rest."""
    k = len(masks)
    order = sorted(range(k), key=lambda c: masks[c].bit_count())
    rest_lo = [0] * (k + 1)
    rest_hi = [0] * (k + 1)
    for i in range(k - 1, -1, -1):
        m = masks[order[i]]
        rest_lo[i] = rest_lo[i + 1] + (m & -m).bit_length()
        rest_hi[i] = rest_hi[i + 1] + m.bit_length()
    value = [0] * k

    def fill(i: int, left: int) -> bool:
        if i == k:
            return left == 0
        if left < rest_lo[i] or left > rest_hi[i]:
            return False
        c = order[i]
        m = masks[c]
        while m:
            low = m & -m
            m ^= low
            d = low.bit_length()
            if any(apart[c] >> o & 1 and value[o] == d for o in range(k)):
                continue
            value[c] = d
            if fill(i + 1, left - d):
                return True
            value[c] = 0
        return False

    return value if fill(0, total) else None


# --- cages and their remaining parts --------------------------------------------------


@dataclass(frozen=True, slots=True)
class Part:
    """Cells with a known sum: what is left of a cage, or a virtual cage (innies,
    outies, the part of a split cage).

    ``cells``: the empty cells, ascending; ``total``: what they add up to; ``cage``:
    the cage's index when the cells are (part of) one cage; ``distinct``: every two
    cells are peers (so they hold different digits)."""

    cells: tuple[int, ...]
    total: int
    cage: int
    distinct: bool


def _cages(rules: Rules) -> tuple[Cage, ...]:
    return rules.cages


def cage_name(rules: Rules, index: int) -> str:
    """``the 15-cage at r1c1–r1c3``, as :func:`sudokit.killer.describe_cage` says it."""
    return describe_cage(rules, index)


#: How many placed-digit patterns :func:`placed_memo` keeps per rules before it starts
#: afresh (a path or a screen passes through far fewer).
_PLACED_KEEP = 1024


@per_rules
def _by_placed(rules: Rules) -> dict[bytes, dict[str, object]]:
    return {}


def placed_memo(st: State) -> dict[str, object]:
    """Tables that depend only on the rules and the digits placed (the cages' remaining
    parts, the 45 rule's virtual cages), shared by every state with the same digits
    placed: along a path most steps only remove candidates, so they are derived once per
    placement instead of once per state. Read-only for those who share them."""
    memo = st.memo.get("killer.placed")
    if memo is None:
        store = _by_placed(st.rules)
        key = bytes(st.values) if st.shape.n < 256 else repr(st.values).encode()
        memo = store.get(key)
        if memo is None:
            if len(store) >= _PLACED_KEEP:
                store.clear()
            memo = store[key] = {}
        st.memo["killer.placed"] = memo
    return memo  # type: ignore[return-value]


def cage_parts(st: State) -> list[Part | None]:
    """Per cage, what is left of it: its empty cells and their sum (None for a cage
    without a sum or without empty cells)."""
    held = placed_memo(st)
    cached = held.get("parts")
    if cached is not None:
        return cached  # type: ignore[return-value]
    out: list[Part | None] = []
    values = st.values
    for i, cage in enumerate(_cages(st.rules)):
        total = cage.total
        cells = cage.cells
        empty = tuple(c for c in cells if not values[c])
        if total is None or not empty:
            out.append(None)
            continue
        placed = sum(values[c] for c in cells)
        out.append(Part(empty, total - placed, i, True))
    held["parts"] = out
    return out


#: Per cage of two empty cells or more: its part, the digit sets that fit its cells, per
#: cell the digits it can hold, the digits every set holds, and its cell set.
_Row = tuple[Part, tuple[int, ...], tuple[int, ...], int, int]


def _cage_table(st: State) -> list[_Row]:
    """:func:`_options` of every cage's remaining part (of two cells or more), in cage
    order: derived once per state for the cage techniques asked there (each digit set
    search is also kept by the cells' candidates, across states)."""
    cached = st.memo.get("killer.table")
    if cached is not None:
        return cached  # type: ignore[return-value]
    held = placed_memo(st)
    parts = held.get("multi")
    if parts is None:
        parts = held["multi"] = [
            (p, itemgetter(*p.cells), cellset(p.cells))
            for p in cage_parts(st)
            if p is not None and len(p.cells) >= 2
        ]
    cands = st.cands
    n = st.tables.n
    out: list[_Row] = []
    for part, get, bits in parts:  # type: ignore[attr-defined]
        sets, per = _fit(part.total, get(cands), n)
        out.append((part, sets, per, _must(sets), bits))
    st.memo["killer.table"] = out
    return out


def _options(st: State, part: Part) -> tuple[tuple[int, ...], list[int]]:
    """The digit sets (for distinct cells; ``()`` otherwise) and per cell the digits
    it can hold in a filling of ``part`` that keeps its sum."""
    masks = tuple(st.cands[c] for c in part.cells)
    n = st.tables.n
    if part.distinct:
        return cage_options(part.total, masks, n)
    peer = st.tables.peer_bits
    apart = tuple(
        sum(1 << j for j, o in enumerate(part.cells) if peer[c] >> o & 1) for c in part.cells
    )
    return (), list(_sum_options(part.total, masks, apart))


def _sets_text(st: State, sets: Sequence[int]) -> str:
    """``{1,9}, {2,8} or {3,7}``: digit sets in the order their digits read."""
    shape = st.shape
    digits = sorted(shape.digits_of_mask[m] for m in sets)
    words = ["{" + ",".join(sym(shape, d) for d in ds) + "}" for ds in digits]
    return join(words, "or")


def _must(sets: Sequence[int]) -> int:
    m = -1
    for s in sets:
        m &= s
    return m if sets else 0


# --- techniques on real cages ---------------------------------------------------------


def cage_last_cell(st: State) -> Step | None:
    """A cage with one empty cell left: it holds the sum less the cage's other digits."""
    if not st.rules.killer:
        return None
    shape = st.shape
    for part in cage_parts(st):
        if part is None or len(part.cells) != 1:
            continue
        cell, d = part.cells[0], part.total
        if not 1 <= d <= shape.n or not st.cands[cell] >> (d - 1) & 1:
            continue  # a wrong position: nothing sound to say here
        cage = _cages(st.rules)[part.cage]
        total = cage.total
        assert total is not None
        name = cage_name(st.rules, part.cage)
        if len(cage.cells) == 1:
            where = shape.cell_name(cell)
            text = f"Last Cage Cell: {name} is one cell, so {where} is {sym(shape, d)}."
        else:
            text = (
                f"Last Cage Cell: {name} has one empty cell left, "
                f"{shape.cell_name(cell)}; its other digits add up to {total - d}, so "
                f"{shape.cell_name(cell)} is {total} − {total - d} = {sym(shape, d)}."
            )
        return Step(
            "cage_last_cell",
            "Last Cage Cell",
            text,
            placements=((cell, d),),
            cells=(cell,),
            candidates=((cell, d),),
            cages=(part.cage,),
            rating=1.1,
        )
    return None


def _one_sets(st: State) -> list[tuple[Part, int]]:
    """The cages (of two empty cells or more) whose remaining sum only one digit set
    makes, with that set (the digits placed in the cage left out), in cage order."""
    held = placed_memo(st)
    cached = held.get("one_sets")
    if cached is not None:
        return cached  # type: ignore[return-value]
    n = st.tables.n
    values = st.values
    out: list[tuple[Part, int]] = []
    for part in cage_parts(st):
        if part is None or len(part.cells) < 2:
            continue
        placed = 0
        for c in _cages(st.rules)[part.cage].cells:
            if values[c]:
                placed |= 1 << (values[c] - 1)
        sets = [m for m in _combos(len(part.cells), part.total, n) if not m & placed]
        if len(sets) == 1:
            out.append((part, sets[0]))
    held["one_sets"] = out
    return out


def cage_one_combination(st: State) -> Step | None:
    """A cage whose remaining sum only one digit set makes: other digits leave it."""
    if not st.rules.killer:
        return None
    shape = st.shape
    cands = st.cands
    for part, keep in _one_sets(st):
        if not any(cands[c] & ~keep for c in part.cells):
            continue
        cage = _cages(st.rules)[part.cage]
        elims = tuple((c, d) for c in part.cells for d in shape.digits_of_mask[st.cands[c] & ~keep])
        if not elims:
            continue
        k = len(part.cells)
        cells_word = "cells" if k == len(cage.cells) else "empty cells"
        text = (
            f"One-Combination Cage: only {digits_text(shape, shape.digits_of_mask[keep])} "
            f"make {part.total} in the {k} {cells_word} of {cage_name(st.rules, part.cage)}, "
            f"so it holds nothing else: {elim_text(shape, elims)}."
        )
        return Step(
            "cage_one_combination",
            "One-Combination Cage",
            text,
            eliminations=elims,
            cells=part.cells,
            candidates=tuple((c, d) for c in part.cells for d in shape.digits_of_mask[keep]),
            cages=(part.cage,),
            rating=2.0,
        )
    return None


def _all_sets(st: State, part: Part) -> tuple[int, ...]:
    """The digit sets that make the part's sum in its cells, leaving out digits already
    placed in the cage (whatever the cells' candidates)."""
    placed = 0
    for c in st.rules.cages[part.cage].cells:
        if st.values[c]:
            placed |= 1 << (st.values[c] - 1)
    return tuple(m for m in _combos(len(part.cells), part.total, st.tables.n) if not m & placed)


def _combination_step(st: State, permutation: bool) -> Step | None:
    """Cage Combination (``permutation`` False): digits of no digit set that fits the
    cells leave the cage; Cage Permutation (True): digits of a fitting set that no
    placement of it puts in that cell."""
    if not st.rules.killer:
        return None
    shape = st.shape
    cands = st.cands
    for part, sets, per, _, _ in _cage_table(st):
        if not sets:
            continue  # a wrong position: no filling at all
        union = 0
        for m in sets:
            union |= m
        cells = part.cells
        if permutation:
            if not any(cands[c] & ~m for c, m in zip(cells, per, strict=True)):
                continue  # nothing to take (checked before the steps are spelt out)
        elif not any(cands[c] & ~union for c in cells):
            continue
        keep = per if permutation else [union] * len(part.cells)
        elims = tuple(
            (c, d)
            for c, m in zip(part.cells, keep, strict=True)
            for d in shape.digits_of_mask[cands[c] & ~m]
        )
        if not elims:
            continue
        name = cage_name(st.rules, part.cage)
        every = _all_sets(st, part)
        which = "set" if len(sets) == 1 else "sets"
        if len(every) > len(sets):
            dropped = [m for m in every if m not in sets]
            said = (
                f"of the digit sets that make {part.total} in {name}, "
                f"{_sets_text(st, dropped)} cannot go in its cells, which leaves "
                f"{_sets_text(st, sets)}"
            )
        else:
            said = f"{name} can only hold the digit {which} {_sets_text(st, sets)}"
        if permutation:
            tid, title, rating = "cage_permutation", "Cage Permutation", 2.7
            said += (
                "; placing each digit in a different cell that can hold it leaves some "
                "cells fewer digits"
            )
        else:
            tid, title, rating = "cage_combination", "Cage Combination", 2.2
        text = f"{title}: {said}: {elim_text(shape, elims)}."
        return Step(
            tid,
            title,
            text,
            eliminations=elims,
            cells=part.cells,
            candidates=tuple(
                (c, d)
                for c, m in zip(part.cells, per, strict=True)
                for d in shape.digits_of_mask[cands[c] & m]
            ),
            cages=(part.cage,),
            rating=rating,
        )
    return None


def cage_combination(st: State) -> Step | None:
    """Digits that no digit set of the cage (that fits its cells) holds leave it."""
    return _combination_step(st, permutation=False)


def cage_permutation(st: State) -> Step | None:
    """Digits that no placement of a fitting digit set puts in a cell leave that cell."""
    return _combination_step(st, permutation=True)


def _must_digits(st: State) -> Iterator[tuple[Part, tuple[int, ...], int, int]]:
    """Per cage with a sum: ``(part, sets, digit, its places in the cage)`` for every
    digit all the cage's remaining digit sets hold."""
    for part, sets, _, must, bits in _cage_table(st):
        for d in st.shape.digits_of_mask[must]:
            yield part, sets, d, st.dcells[d] & bits


def _must_text(st: State, part: Part, sets: Sequence[int], d: int) -> str:
    name = cage_name(st.rules, part.cage)
    if len(sets) == 1:
        return f"{name} holds {digits_text(st.shape, st.shape.digits_of_mask[sets[0]])}"
    every = _sets_text(st, sets)
    return f"{name} must hold {sym(st.shape, d)} (it is in every set its cells allow: {every})"


def cage_hidden_single(st: State) -> Step | None:
    """A digit the cage must hold with one place left in it."""
    if not st.rules.killer:
        return None
    shape = st.shape
    for part, sets, d, places in _must_digits(st):
        if not places or places & (places - 1):
            continue
        cell = places.bit_length() - 1
        if all(st.cands[c] == 1 << (d - 1) for c in [cell]):
            continue  # a naked single says it already
        text = (
            f"Cage Hidden Single: {_must_text(st, part, sets, d)}, and only "
            f"{shape.cell_name(cell)} of it can be {sym(shape, d)}, so "
            f"{shape.cell_name(cell)} is {sym(shape, d)}."
        )
        return Step(
            "cage_hidden_single",
            "Cage Hidden Single",
            text,
            placements=((cell, d),),
            cells=part.cells,
            candidates=((cell, d),),
            cages=(part.cage,),
            rating=2.4,
        )
    return None


def cage_unit_overlap(st: State) -> Step | None:
    """A cage inside a unit: the digits it must hold leave the unit's other cells."""
    if not st.rules.killer:
        return None
    shape = st.shape
    t = st.tables
    for part, sets, _, must, bits in _cage_table(st):
        if not must:
            continue
        units = [u for u in t.unit_of[part.cells[0]] if not bits & ~t.unit_bits[u]]
        if not units:
            continue
        for u in units:
            rest = t.unit_bits[u] & ~bits
            elims = tuple(
                (c, d) for d in shape.digits_of_mask[must] for c in cells_of(st.dcells[d] & rest)
            )
            if not elims:
                continue
            elims = tuple(sorted(elims))
            digits = digits_text(shape, shape.digits_of_mask[must])
            name = cage_name(st.rules, part.cage)
            holds = (
                f"{name} holds {digits}"
                if len(sets) == 1
                else f"{name} must hold {digits} (every set its cells allow has "
                f"{'it' if must & (must - 1) == 0 else 'them'}: {_sets_text(st, sets)})"
            )
            text = (
                f"Cage/Unit Overlap: {holds} and lies inside {st.rules.unit_name(u)}, so "
                f"the rest of {st.rules.unit_name(u)} cannot hold "
                f"{'it' if must & (must - 1) == 0 else 'them'}: {elim_text(shape, elims)}."
            )
            return Step(
                "cage_unit_overlap",
                "Cage/Unit Overlap",
                text,
                eliminations=elims,
                cells=part.cells,
                units=(u,),
                candidates=tuple(
                    (c, d) for c in part.cells for d in shape.digits_of_mask[st.cands[c] & must]
                ),
                cages=(part.cage,),
                rating=2.6,
            )
    return None


def cage_pointing(st: State) -> Step | None:
    """The places of a digit the cage must hold all see a cell outside it: that cell
    loses the digit."""
    if not st.rules.killer:
        return None
    shape = st.shape
    t = st.tables
    for part, sets, d, places in _must_digits(st):
        if not places or not places & (places - 1):
            continue
        seen = t.all_cells
        for c in cells_of(places):
            seen &= t.peer_bits[c]
        gone = st.dcells[d] & seen & ~cellset(part.cells)
        if not gone:
            continue
        elims = tuple((c, d) for c in cells_of(gone))
        where = cells_of(places)
        shared = [u for u in t.unit_of[where[0]] if not places & ~t.unit_bits[u]]
        if shared and not gone & ~_union(t, shared):
            inside = f", all in {join([st.rules.unit_name(u) for u in shared])}"
        else:
            losing = cells_of(gone)
            sees = "sees" if len(losing) == 1 else "see"
            inside = f", and {cells_text(shape, losing)} {sees} all of them"
        text = (
            f"Cage Pointing: {_must_text(st, part, sets, d)}, and it can only be in "
            f"{cells_text(shape, where, 'or')}{inside}: {elim_text(shape, elims)}."
        )
        return Step(
            "cage_pointing",
            "Cage Pointing",
            text,
            eliminations=elims,
            cells=tuple(where),
            units=tuple(shared),
            candidates=tuple((c, d) for c in where),
            cages=(part.cage,),
            rating=2.8,
        )
    return None


def _union(t: Tables, units: Sequence[int]) -> int:
    out = 0
    for u in units:
        out |= t.unit_bits[u]
    return out


__all__ = [
    "MAX_VIRTUAL",
    "Part",
    "cage_combination",
    "cage_hidden_single",
    "cage_last_cell",
    "cage_name",
    "cage_one_combination",
    "cage_options",
    "cage_parts",
    "cage_permutation",
    "cage_pointing",
    "cage_unit_overlap",
]
