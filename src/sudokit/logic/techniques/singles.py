"""Singles: full house, hidden single, naked single."""

from __future__ import annotations

from ..candidates import State, Tables
from ..step import Step, sym
from .intersections import direct_claiming, direct_pointing
from .subsets import direct_hidden_pair


def full_house(st: State) -> Step | None:
    """The last empty cell of a unit takes the one digit missing there."""
    t = st.tables
    empty = st.empty
    shape = st.shape
    # Boxes first, then rows and columns, then any extra units: the order a player
    # scans in.
    for u in t.scan:
        e = empty & t.unit_bits[u]
        if e and not e & (e - 1):
            cell = e.bit_length() - 1
            m = st.cands[cell]
            if not m or m & (m - 1):
                continue  # a wrong position; nothing sound to say here
            d = m.bit_length()
            text = (
                f"{shape.cell_name(cell)} is the last empty cell in {st.rules.unit_name(u)}: "
                f"it takes {sym(shape, d)}."
            )
            return Step(
                "full_house",
                "Full House",
                text,
                placements=((cell, d),),
                cells=(cell,),
                units=(u,),
                candidates=((cell, d),),
                rating=1.0,
            )
    return None


def hidden_single(st: State) -> Step | None:
    """A digit with one place left in a unit goes there (boxes are checked first)."""
    t = st.tables
    n = t.n
    shape = st.shape
    rules = st.rules
    dcells = st.dcells
    for u in t.scan:
        ub = t.unit_bits[u]
        for d in range(1, n + 1):
            x = dcells[d] & ub
            if x and not x & (x - 1):
                cell = x.bit_length() - 1
                text = (
                    f"In {rules.unit_name(u)}, {sym(shape, d)} fits only in "
                    f"{shape.cell_name(cell)}."
                )
                return Step(
                    "hidden_single",
                    "Hidden Single",
                    text,
                    placements=((cell, d),),
                    cells=(cell,),
                    units=(u,),
                    candidates=((cell, d),),
                    rating=hidden_single_rating(t, u),
                )
    return None


def naked_single(st: State) -> Step | None:
    """A cell with one candidate left takes it."""
    cands = st.cands
    shape = st.shape
    for cell, m in enumerate(cands):
        if m and not m & (m - 1):
            d = m.bit_length()
            seen = 0
            for p in st.rules.peers[cell]:
                if st.values[p]:
                    seen |= 1 << (st.values[p] - 1)
            why = (
                f"every other digit is already {_SEEN_BY[st.rules.classic]}"
                if seen | m == shape.all_mask
                else "it is the only candidate left there"
            )
            text = f"{shape.cell_name(cell)} can only be {sym(shape, d)}: {why}."
            return Step(
                "naked_single",
                "Naked Single",
                text,
                placements=((cell, d),),
                cells=(cell,),
                units=(st.tables.unit_of[cell][2],),
                candidates=((cell, d),),
                rating=naked_single_rating(st),
            )
    return None


#: Where "every other digit" stands, by whether the rules are classic.
_SEEN_BY = {True: "in its row, column or box", False: "among the cells it sees"}


def hidden_single_rating(t: Tables, u: int) -> float:
    """1.2 in a box or region, 1.5 in a line; a diagonal or window (harder to scan than
    a box, easier than nothing) rates as a line."""
    n = t.n
    return 1.2 if 2 * n <= u < 3 * n else 1.5


def naked_single_rating(st: State) -> float:
    """2.3, or less when a direct technique is also available here: Sudoku Explainer
    rates direct pointing (1.7), direct claiming (1.9) and direct hidden pairs (2.0)
    below a naked single and would take one of those instead."""
    for find, rating in ((direct_pointing, 1.7), (direct_claiming, 1.9), (direct_hidden_pair, 2.0)):
        if find(st) is not None:
            return rating
    return 2.3
