"""Helpers shared by several technique families (kept here so that no family imports
another's module for them)."""

from __future__ import annotations

from collections.abc import Iterable

from ..candidates import State, cells_of


def single_after(
    st: State, eliminations: Iterable[tuple[int, int]], kind: int | None = None
) -> tuple[int, int, int] | None:
    """A hidden single that ``eliminations`` would create (none of it before):
    ``(cell, digit, unit)``, boxes first, then lines, then extra units; ``kind``: only
    in units of that kind (:attr:`~sudokit.logic.candidates.Tables.kind_of`: 0 rows, 1
    columns, 2 boxes or regions, 3 diagonals, 4 windows). What makes a technique
    "direct"."""
    t = st.tables
    n = t.n
    kind_of = t.kind_of

    def order(u: int) -> int:
        """Boxes (or regions) first, then lines, then extra units."""
        return 0 if 2 * n <= u < 3 * n else 1 if u < 2 * n else 2

    removed: dict[int, int] = {}
    for c, d in eliminations:
        removed[d] = removed.get(d, 0) | 1 << c
    best: tuple[int, int, int] | None = None
    for d, gone in sorted(removed.items()):
        before = st.dcells[d]
        left = before & ~gone
        units: set[int] = set()
        for c in cells_of(gone):
            units.update(t.unit_of[c])
        for u in sorted(units, key=lambda u: (order(u), u)):
            if kind is not None and kind_of[u] != kind:
                continue
            x = left & t.unit_bits[u]
            if x and not x & (x - 1) and (before & t.unit_bits[u]) != x:
                cand = (x.bit_length() - 1, d, u)
                if best is None or (order(u), u) < (order(best[2]), best[2]):
                    best = cand
                break
    return best
