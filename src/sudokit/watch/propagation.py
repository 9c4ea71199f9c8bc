"""Constraint propagation step by step: the fast solver's method, with its guesses."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Generator, Iterator

from ..grid import Grid
from ..solvers.fast import FIRST_BUDGET, LOCKED_FROM, RESTART_FROM, Run, runs
from .events import (
    Backtrack,
    Contradiction,
    Eliminate,
    Event,
    Failed,
    Focus,
    FocusUnit,
    Place,
    Solved,
    Steps,
    Try,
    _bit,
    _digit,
    _duplicates,
    initial_candidates,
)

# --- propagation: the fast solver's method, step by step ----------------------------------


def propagation(grid: Grid) -> Iterator[Event]:
    """Naked and hidden singles to a fixpoint, then a guess; the fast solver, watched.

    The state is one candidate mask per cell. A settled cell removes its digit from its
    peers (a peer left with one candidate is a *naked single*); a digit with one place
    left in a unit is a *hidden single*. On 12×12 and 16×16 locked candidates join them:
    a digit whose places in a box all lie in one line leaves the rest of that line
    (*pointing*), and one whose places in a line all lie in one box leaves the rest of
    that box (*claiming*). When nothing more follows, the first cell with the fewest
    candidates is tried with each candidate in ascending order, as
    :mod:`sudokit.solvers.fast` does. These rules reach the same fixpoint in any order,
    so the guesses here are the fast solver's, one for one. From 12×12 up that order
    has a budget of guesses too, and when it runs out every trial is undone and the
    search starts again in another order (the fast solver's restarts, same draws).

    Under variant rules the units and peers are the rules': a diagonal or window is a
    unit for hidden singles, a settled digit leaves the cells a knight's or king's move
    away, and under non-consecutive rules its two neighbouring digits leave the cells
    beside it.
    """
    if grid.conflicts():
        yield from _duplicates(grid)
        return
    rules = grid.rules
    shape = grid.shape
    n, ncells, full = shape.n, shape.ncells, shape.all_mask
    peers, units, pop = rules.peers, rules.units, shape.popcount
    near = rules.neighbours if rules.nonconsecutive else None
    sym = shape.symbols
    name = shape.cell_name
    unit_name = rules.unit_name
    # Each box-line intersection: (line unit, box unit, its cells, the rest of the line,
    # the rest of the box). Empty unless the size propagates locked candidates.
    segments: list[tuple[int, int, tuple[int, ...], list[int], list[int]]] = []
    if n >= LOCKED_FROM:
        for line in range(2 * n):
            for box in range(2 * n, 3 * n):
                seg = tuple(c for c in units[line] if c in units[box])
                if seg:
                    rest_line = [c for c in units[line] if c not in seg]
                    rest_box = [c for c in units[box] if c not in seg]
                    segments.append((line, box, seg, rest_line, rest_box))

    def settle(cand: list[int], queue: deque[tuple[int, bool]]) -> Steps:
        """Propagate until nothing follows; the generator returns False on a contradiction.

        ``queue`` holds settled cells whose digit must leave their peers, flagged True
        when the cell still needs its :class:`Place` event (a naked single found while
        eliminating).
        """
        while True:
            while queue:
                cell, announce = queue.popleft()
                bit = cand[cell]
                digit = _digit(bit)
                if announce:
                    yield Place(cell, digit, "naked single (the only candidate left)")
                because = f"{name(cell)} is {sym[digit - 1]}"
                for p in peers[cell]:
                    m = cand[p]
                    if m & bit:
                        m ^= bit
                        cand[p] = m
                        yield Eliminate(p, digit, because)
                        if not m:
                            yield Contradiction(p, f"{name(p)} has no candidate left")
                            return False
                        if not m & (m - 1):
                            queue.append((p, True))
                if near is not None:  # non-consecutive: digit ± 1 leave the cells beside
                    side = (bit << 1 | bit >> 1) & full
                    for p in near[cell]:
                        m = cand[p]
                        if not m & side:
                            continue
                        for d in shape.digits_of_mask[m & side]:
                            m ^= _bit(d)
                            cand[p] = m
                            yield Eliminate(p, d, f"{because}, beside it")
                        if not m:
                            yield Contradiction(p, f"{name(p)} has no candidate left")
                            return False
                        if not m & (m - 1):
                            queue.append((p, True))
            found = yield from hidden_single(cand)
            if found is None:
                return False
            if found >= 0:
                queue.append((found, False))
                continue
            if not segments:
                return True
            removed = yield from locked(cand, queue)
            if removed is None:
                return False
            if not removed:
                return True

    def locked(
        cand: list[int], queue: deque[tuple[int, bool]]
    ) -> Generator[Event, None, int | None]:
        """Apply the first pointing or claiming that removes something.

        Return how many candidates left (0 if none did), None on a contradiction; naked
        singles it makes join ``queue``.
        """
        for line, box, seg, rest_line, rest_box in segments:
            inside = 0
            for c in seg:
                inside |= cand[c]
            for rest, other, unit, there, kind in (
                (rest_line, rest_box, box, line, "pointing"),
                (rest_box, rest_line, line, box, "claiming"),
            ):
                # Digits of the segment with no place in the rest of ``unit``: they must
                # go in the segment, so they leave ``rest`` (the remainder of ``there``).
                elsewhere = 0
                for c in other:
                    elsewhere |= cand[c]
                confined = inside & ~elsewhere
                hits = [c for c in rest if confined & cand[c]]
                if not hits:
                    continue
                removed = 0
                for digit in shape.digits_of_mask[confined]:
                    bit = _bit(digit)
                    cells = [c for c in hits if cand[c] & bit]
                    if not cells:
                        continue
                    yield FocusUnit(unit, digit)
                    because = (
                        f"{kind}: in {unit_name(unit)}, {sym[digit - 1]} can only go "
                        f"in {unit_name(there)}"
                    )
                    for c in cells:
                        m = cand[c] ^ bit
                        cand[c] = m
                        removed += 1
                        yield Eliminate(c, digit, because)
                        if not m:
                            yield Contradiction(c, f"{name(c)} has no candidate left")
                            return None
                        if not m & (m - 1):
                            queue.append((c, True))
                return removed
        return 0

    def hidden_single(cand: list[int]) -> Generator[Event, None, int | None]:
        """Place the first hidden single; return its cell, -1 if none, None on a clash."""
        for unit, cells in enumerate(units):
            once = twice = 0
            for c in cells:
                m = cand[c]
                twice |= once & m
                once |= m
            if once != full:
                digit = _digit((full & ~once) & -(full & ~once))
                yield Contradiction(
                    None, f"{sym[digit - 1]} has no place left in {unit_name(unit)}"
                )
                return None
            singles = once & ~twice
            if not singles:
                continue
            for c in cells:
                m = cand[c]
                if m & singles and m & (m - 1):
                    s = m & singles
                    if s & (s - 1):
                        a, b = shape.digits_of_mask[s][:2]
                        yield Contradiction(
                            c,
                            f"{name(c)} is the only place for both {sym[a - 1]} and "
                            f"{sym[b - 1]} in {unit_name(unit)}",
                        )
                        return None
                    digit = _digit(s)
                    yield FocusUnit(unit, digit)
                    cand[c] = s
                    yield Place(c, digit, f"hidden single (its only place in {unit_name(unit)})")
                    return c
        return -1

    def choose(cand: list[int], rng: random.Random | None) -> int:
        """The first unsettled cell with the fewest candidates, as the fast solver picks;
        with ``rng``, one of those cells drawn at random, as its restarts do."""
        best, fewest = -1, n + 1
        for c in range(ncells):
            k = pop[cand[c]]
            if 1 < k < fewest:
                best, fewest = c, k
                if k == 2 and rng is None:
                    break
        if rng is None or best < 0:
            return best
        ties = [c for c in range(ncells) if pop[cand[c]] == fewest]
        return ties[rng.randrange(len(ties))]

    def search(cand: list[int], run: Run, note: str) -> Generator[Event, None, bool | None]:
        """Returns whether it solved; None when the run's budget ran out (every trial
        undone on the way out)."""
        rng = run.rng
        cell = choose(cand, rng)
        if cell < 0:
            yield Solved(Grid(rules, [_digit(m) for m in cand]))
            return True
        mask = cand[cell]
        k = pop[mask]
        digits = shape.digits_of_mask[mask]
        if rng is not None:
            r = rng.randrange(n)
            digits = tuple(d for d in digits if d > r) + tuple(d for d in digits if d <= r)
        yield Focus(cell, f"{note or 'nothing more follows'}; guess here ({k} candidates)")
        for i, digit in enumerate(digits, start=1):
            if run.guesses >= run.budget:
                return None
            run.guesses += 1
            yield Try(cell, digit)
            trial = cand[:]
            trial[cell] = _bit(digit)
            yield Place(cell, digit, f"candidate {i} of {k}", guess=True)
            if (yield from settle(trial, deque([(cell, False)]))):
                solved = yield from search(trial, run, "")
                if solved is None:
                    yield Backtrack(cell, digit)
                    return None
                if solved:
                    return True
            yield Backtrack(cell, digit)
        return False

    cand = initial_candidates(grid)
    for cell in range(ncells):
        if not cand[cell]:
            yield Contradiction(cell, f"{name(cell)} has no candidate left")
            yield Failed("No solution: a cell has no candidate")
            return
    # Givens have already left their peers (the candidates say so); empty cells left
    # with one candidate are the first naked singles.
    queue = deque((c, True) for c in range(ncells) if not grid.cells[c] and pop[cand[c]] == 1)
    if not (yield from settle(cand, queue)):
        yield Failed("No solution: the givens lead to a contradiction")
        return
    known: list[int] = []
    first = FIRST_BUDGET if n >= RESTART_FROM else None
    note = ""
    for run in runs(1, first, known):
        solved = yield from search(cand, run, note)
        if solved is not None:
            break
        note = (
            f"no answer within {run.budget:,} guesses, so every guess is undone: start "
            f"again in another order, with up to {2 * run.budget:,} guesses"
        )
    if not solved:
        yield Failed("No solution: every guess leads to a contradiction")
