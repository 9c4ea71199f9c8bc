"""Helpers shared by several technique families (kept here so that no family imports
another's module for them)."""

from __future__ import annotations

from collections.abc import Iterable

from ..candidates import State, cells_of


def single_after(
    st: State, eliminations: Iterable[tuple[int, int]], kind: int | None = None
) -> tuple[int, int, int] | None:
    """A hidden single that ``eliminations`` would create (none of it before):
    ``(cell, digit, unit)``, boxes first; ``kind``: only in units of that kind (0 rows,
    1 columns, 2 boxes). What makes a technique "direct"."""
    t = st.tables
    n = t.n
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
        for u in sorted(units, key=lambda u: (u < 2 * n, u)):
            if kind is not None and u // n != kind:
                continue
            x = left & t.unit_bits[u]
            if x and not x & (x - 1) and (before & t.unit_bits[u]) != x:
                cand = (x.bit_length() - 1, d, u)
                if best is None or (u < 2 * n, u) < (best[2] < 2 * n, best[2]):
                    best = cand
                break
    return best
