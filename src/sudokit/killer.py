"""Killer cages as digit sets: the combination tables every part of sudokit uses.

A cage of ``size`` cells with a sum holds one of the sets of ``size`` distinct digits
``1..n`` that add up to the sum: its *combinations*, as masks (digit ``d`` is bit
``d - 1``). :func:`combinations` gives them; :func:`fitting` keeps those the cage's cells
can still hold, given each cell's candidates; :func:`cage_candidates` narrows the cells to
the digits of some fitting combination placed one per cell. Pure functions, no state.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .cages import Cage, cage_bounds
from .geometry import Rules

__all__ = [
    "cage_bounds",
    "cage_candidates",
    "cage_masks",
    "combinations",
    "describe_cage",
    "fitting",
    "mask_digits",
]


@cache
def combinations(size: int, total: int | None, n: int = 9) -> tuple[int, ...]:
    """The masks of every set of ``size`` distinct digits ``1..n`` adding up to ``total``
    (every set of ``size`` digits when ``total`` is None), ascending.

    ``combinations(2, 3)`` is ``(0b11,)`` ({1, 2}); ``combinations(2, 10)`` holds {1, 9},
    {2, 8}, {3, 7} and {4, 6}; an impossible sum gives ``()``.
    """
    if not 0 <= size <= n:
        return ()
    out: list[int] = []

    def walk(low: int, left: int, rest: int, mask: int) -> None:
        if left == 0:
            if total is None or rest == 0:
                out.append(mask)
            return
        for d in range(low, n - left + 2):
            if total is not None:
                # the smallest sum of `left` digits from d up, and the largest from n down
                if d * left + left * (left - 1) // 2 > rest:
                    break
                if left * n - left * (left - 1) // 2 < rest:
                    return
            walk(d + 1, left - 1, rest - d if total is not None else 0, mask | 1 << (d - 1))

    walk(1, size, total or 0, 0)
    return tuple(sorted(out))


def cage_masks(cage: Cage, n: int) -> tuple[int, ...]:
    """The combinations of ``cage`` on an ``n × n`` grid (every digit set of its size when
    it has no sum)."""
    return combinations(len(cage.cells), cage.total, n)


def fitting(combos: Sequence[int], masks: Sequence[int]) -> tuple[int, ...]:
    """The combinations that cells with candidates ``masks`` can still hold: their digits
    can be placed one per cell, each in a cell that allows it."""
    return tuple(combo for combo in combos if _matches(combo, masks))


def cage_candidates(combos: Sequence[int], masks: Sequence[int]) -> list[int]:
    """Each cell's candidates narrowed to the digits it holds in some placement of some
    fitting combination (one digit per cell, each digit of the combination once). A cell
    left with ``0`` means the cage cannot be filled."""
    out = [0] * len(masks)
    for combo in combos:
        for i, m in enumerate(masks):
            free = m & combo & ~out[i]
            while free:
                bit = free & -free
                free ^= bit
                rest = [x for j, x in enumerate(masks) if j != i]
                if _matches(combo & ~bit, rest):
                    out[i] |= bit
    return out


def _matches(combo: int, masks: Sequence[int]) -> bool:
    """Whether the digits of ``combo`` can go one per cell of ``masks`` (as many cells as
    digits), each into a cell whose mask has it."""
    if combo.bit_count() != len(masks):
        return False
    # Hall's condition on cells is enough to try greedily with backtracking on the
    # tightest cell first; cages have at most n cells, usually few.
    order = sorted((m & combo for m in masks), key=int.bit_count)
    return _place(order, 0, combo)


def _place(masks: list[int], i: int, free: int) -> bool:
    if i == len(masks):
        return True
    options = masks[i] & free
    while options:
        bit = options & -options
        options ^= bit
        if _place(masks, i + 1, free & ~bit):
            return True
    return False


def mask_digits(mask: int) -> list[int]:
    """The digits of a mask, ascending."""
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


def describe_cage(rules: Rules, index: int) -> str:
    """The cage for people: ``the 3-cage at r1c1–r1c2`` (``the cage at …`` without a sum)."""
    cage = rules.cages[index]
    where = cage.place(rules.n)
    if cage.total is None:
        return f"the cage at {where}"
    return f"the {cage.total}-cage at {where}"
