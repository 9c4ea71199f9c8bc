"""The general pure-Python solver: any :class:`~sudokit.geometry.Rules` (X, windoku,
jigsaw, anti-knight, anti-king, non-consecutive, killer and their combinations).

Classic rules go to :mod:`sudokit.solvers.fast`, which packs the grid into one big int
and is faster; this engine reads the rules' tables instead of index arithmetic, so one
search serves every variant.

The state is a list of candidate masks, one per cell (bit ``d - 1`` for digit ``d``).
Propagation runs to a fixpoint:

- a cell left with one digit removes it from all its peers (the cells of its units and,
  under anti-knight or anti-king, the cells a knight's or king's move away) and, under
  non-consecutive, the digits one above and one below from its orthogonal neighbours;
- a digit with one place left in a unit (rows, columns, boxes or regions, diagonals,
  windows) goes there; a digit with no place left, or two digits forced into one cell,
  is a contradiction;
- killer: a cage's cells are peers (singles reach them as above); each cage with a sum
  keeps the digit sets (:func:`sudokit.killer.combinations`) its cells can still hold,
  one digit per cell, and each cell keeps the digits it takes in one of them; a digit
  every remaining set holds leaves the other cells of a unit the whole cage lies in.

Then the search branches on the first open cell (row-major) with the fewest candidates,
digits ascending. From 12×12 up the canonical order gets a budget of guesses, then the
search restarts in random orders with doubling budgets (as the classic engine does): big
grids' search trees are heavy-tailed. ``guesses`` counts the trial assignments made at
branch points. No hooks, no events.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..geometry import Rules, per_rules
from ..killer import cage_candidates, cage_masks, fitting
from .fast import FIRST_BUDGET, RESTART_FROM, SearchResult


class _OutOfBudget(Exception):
    """A run spent its budget of guesses (caught by :meth:`Engine.run`)."""


class Engine:
    """Solver functions for one set of rules, their tables bound for speed."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        n = rules.n
        self.n = n
        self.ncells = rules.ncells
        self.all = rules.all_mask
        self.peers = rules.peers
        self.units = rules.units
        self.near = rules.neighbours if rules.nonconsecutive else None
        # Locked candidates: for two units sharing two cells or more, a digit whose places
        # in the first all lie in the shared cells is taken from the second's other cells.
        self.locked = [
            (
                tuple(sorted(set(u) & set(v))),
                tuple(sorted(set(u) - set(v))),
                tuple(sorted(set(v) - set(u))),
            )
            for u in rules.units
            for v in rules.units
            if u is not v and len(set(u) & set(v)) >= 2 and set(v) - set(u)
        ]
        # Killer: each cage with a sum, its combinations, and the other cells of the units
        # that hold the whole cage (where the digits every combination has cannot go).
        self.cages = [
            (
                cage.cells,
                cage_masks(cage, n),
                tuple(
                    sorted(
                        {c for u in rules.units if set(cage.cells) <= set(u) for c in u}
                        - set(cage.cells)
                    )
                ),
            )
            for cage in rules.cages
            if cage.total is not None
        ]
        # What a cage's cells can hold, per (cage, candidates): the search meets the same
        # cage states again and again.
        self._memo: dict[tuple[int, tuple[int, ...]], tuple[int, ...] | None] = {}
        # For each single-digit mask, the masks of the digits one below and one above it.
        self.adjacent = {
            1 << (d - 1): ((1 << d) | ((1 << (d - 2)) if d > 1 else 0)) & rules.all_mask
            for d in range(1, n + 1)
        }

    # --- propagation -----------------------------------------------------------------
    def propagate(self, cand: list[int], todo: list[int]) -> bool:
        """Run singles to a fixpoint from the cells in ``todo`` (just settled). False on a
        contradiction; ``cand`` is changed in place."""
        peers, near, adjacent, units, every = (
            self.peers,
            self.near,
            self.adjacent,
            self.units,
            self.all,
        )
        while True:
            while todo:
                cell = todo.pop()
                bit = cand[cell]
                for p in peers[cell]:
                    m = cand[p]
                    if m & bit:
                        m &= ~bit
                        if not m:
                            return False
                        cand[p] = m
                        if not m & (m - 1):
                            todo.append(p)
                if near is not None:
                    adj = adjacent[bit]
                    for p in near[cell]:
                        m = cand[p]
                        if m & adj:
                            m &= ~adj
                            if not m:
                                return False
                            cand[p] = m
                            if not m & (m - 1):
                                todo.append(p)
            for unit in units:
                once = twice = 0
                for c in unit:
                    m = cand[c]
                    twice |= once & m
                    once |= m
                if once != every:
                    return False  # a digit with no place left
                hidden = once & ~twice
                if hidden:
                    for c in unit:
                        m = cand[c]
                        if m & hidden and m & (m - 1):
                            h = m & hidden
                            if h & (h - 1):
                                return False  # two digits with only this cell
                            cand[c] = h
                            todo.append(c)
            if todo:
                continue
            changed = False
            if self.cages:
                result = self._cage_step(cand, todo)
                if result is None:
                    return False
                if todo:
                    continue
                changed = result
            for inter, rest_u, rest_v in self.locked:
                inside = outside = 0
                for c in rest_u:
                    outside |= cand[c]
                for c in inter:
                    inside |= cand[c]
                elim = inside & ~outside
                if elim:
                    for c in rest_v:
                        m = cand[c]
                        if m & elim:
                            m &= ~elim
                            if not m:
                                return False
                            cand[c] = m
                            changed = True
                            if not m & (m - 1):
                                todo.append(c)
            if not changed:
                return True

    def _cage_step(self, cand: list[int], todo: list[int]) -> bool | None:
        """Narrow every cage's cells to the digits of its combinations that still fit, and
        take the digits all of them hold from the rest of a unit holding the whole cage.
        None on a contradiction; else whether a candidate went (settled cells in
        ``todo``)."""
        memo = self._memo
        changed = False
        for index, (cells, combos, outside) in enumerate(self.cages):
            masks = tuple([cand[c] for c in cells])
            key = (index, masks)
            if key in memo:
                found = memo[key]
            else:
                fits = fitting(combos, masks)
                if not fits:
                    found = None
                else:
                    must = self.all
                    for combo in fits:
                        must &= combo
                    found = (*cage_candidates(fits, masks), must)
                if len(memo) > 200_000:
                    memo.clear()
                memo[key] = found
            if found is None:
                return None
            for c, old, m in zip(cells, masks, found, strict=False):
                if m != old:
                    if not m:
                        return None
                    cand[c] = m
                    changed = True
                    if not m & (m - 1):
                        todo.append(c)
            must = found[-1]
            if must and outside:
                for c in outside:
                    m = cand[c]
                    if m & must:
                        m &= ~must
                        if not m:
                            return None
                        cand[c] = m
                        changed = True
                        if not m & (m - 1):
                            todo.append(c)
        return changed

    def start(self, cells: Sequence[int]) -> list[int] | None:
        """The candidates after propagating the givens, or None on a contradiction."""
        cand = [self.all] * self.ncells
        todo = []
        for cell, v in enumerate(cells):
            if v:
                cand[cell] = 1 << (v - 1)
                todo.append(cell)
        # Two givens that break a rule are caught here: the first one's eliminations
        # empty the other's cell.
        if not self.propagate(cand, todo):
            return None
        return cand

    # --- search --------------------------------------------------------------------------
    def _pick(self, cand: list[int], rng: random.Random | None) -> int:
        """The open cell with the fewest candidates (the first on ties; a random one of
        them with ``rng``), or -1 when every cell is settled."""
        best, fewest = -1, self.n + 1
        ties: list[int] = []
        for cell, m in enumerate(cand):
            if m & (m - 1):
                k = m.bit_count()
                if k < fewest:
                    best, fewest = cell, k
                    ties = [cell]
                    if k == 2 and rng is None:
                        break
                elif k == fewest and rng is not None:
                    ties.append(cell)
        if rng is not None and ties:
            return rng.choice(ties)
        return best

    def run(self, cells: Sequence[int], limit: int) -> SearchResult:
        """Count solutions up to ``limit`` (>= 1), keeping the first found."""
        result = SearchResult()
        cand = self.start(cells)
        if cand is None:
            return result
        if self.n < RESTART_FROM:
            known: list[tuple[int, ...]] = []
            self._search(cand, limit, float("inf"), None, known, result)
            result.count = len(known)
            result.solution = [m.bit_length() for m in known[0]] if known else None
            return result
        seen: list[tuple[int, ...]] = []
        budget = float(FIRST_BUDGET)
        rng: random.Random | None = None
        while True:
            found: list[tuple[int, ...]] = []
            spent = SearchResult()
            try:
                self._search(list(cand), limit, budget, rng, found, spent)
                exhausted = True
            except _OutOfBudget:
                exhausted = False
            result.guesses += spent.guesses
            seen.extend(s for s in found if s not in seen)
            # A run that ends within its budget has seen every solution (up to the limit).
            if exhausted or len(seen) >= limit:
                break
            budget *= 2
            rng = random.Random(int(budget))
        result.count = min(len(seen), limit)
        result.solution = [m.bit_length() for m in seen[0]] if seen else None
        return result

    def _search(
        self,
        cand: list[int],
        limit: int,
        budget: float,
        rng: random.Random | None,
        found: list[tuple[int, ...]],
        spent: SearchResult,
    ) -> bool:
        """Depth-first search below ``cand`` (propagated); True once ``limit`` solutions are
        found."""
        cell = self._pick(cand, rng)
        if cell < 0:
            found.append(tuple(cand))
            return len(found) >= limit
        m = cand[cell]
        bits = []
        while m:
            bit = m & -m
            bits.append(bit)
            m ^= bit
        if rng is not None:
            rng.shuffle(bits)
        for bit in bits:
            spent.guesses += 1
            if spent.guesses > budget:
                raise _OutOfBudget
            trial = list(cand)
            trial[cell] = bit
            if self.propagate(trial, [cell]) and self._search(
                trial, limit, budget, rng, found, spent
            ):
                return True
        return False

    def random_fill(
        self, rng: random.Random, cells: Sequence[int] | None = None
    ) -> list[int] | None:
        """A random solution (keeping ``cells`` when given), or None when there is none:
        random digit orders, restarting with doubling budgets."""
        cand = self.start(cells if cells is not None else [0] * self.ncells)
        if cand is None:
            return None
        budget = float(FIRST_BUDGET)
        while True:
            found: list[tuple[int, ...]] = []
            try:
                self._search(list(cand), 1, budget, rng, found, SearchResult())
            except _OutOfBudget:
                budget *= 2
                continue
            return [m.bit_length() for m in found[0]] if found else None


@per_rules
def engine(rules: Rules) -> Engine:
    """The (cached) engine for a set of rules."""
    return Engine(rules)
