"""The fast pure-Python solver: singles (and locked candidates from 12×12 up), MRV
branching, in SWAR style.

The whole grid is one Python int. Cell ``c`` owns a field of ``n + 1`` bits at
``(n + 1) * c``: ``n`` candidate bits and one guard bit above them. The guard lets one
subtraction act on every field at once (``(G | GUARD) - LSB`` is "each field minus one",
with no borrow crossing fields), so "which cells have no / one / two candidates" and "which
digits have one place left in a unit" are a handful of big-int operations instead of a
Python loop over cells. This is about 2.5 times faster than a list of masks.

The search is the classic one: propagate to a fixpoint (naked singles remove their digit
from the peers; a digit with one place left in a unit goes there; on 12×12 and 16×16 also
locked candidates, see ``locked`` below), then branch on the first cell (row-major) with
the fewest candidates, trying digits in ascending order. From 12×12 up that order gets a
budget of guesses, and then the search restarts in random orders (see :func:`runs`).
``guesses`` counts the trial assignments made at branch points. No hooks, no events: the
watched algorithms in :mod:`sudokit.watch` mirror it step by step.

A search state (``Packed``) is a tuple ``(G, SF, PR, PC, PB)``: the grid, the guard bits of settled
cells, and per unit kind the digits already placed, kept in the field of each unit's first
cell.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from ..geometry import Shape

Packed = tuple[int, int, int, int, int]


@dataclass(slots=True)
class SearchResult:
    """What one search found: solutions counted up to the limit, the first kept."""

    count: int = 0
    solution: list[int] | None = None
    guesses: int = 0


#: The smallest size whose search propagates locked candidates. Below it singles are
#: cheaper: a locked-candidates pass costs more than the few guesses it saves there.
LOCKED_FROM = 12

#: The smallest size whose search restarts. Search trees on big grids are heavy-tailed:
#: an early wrong guess can open a barren subtree that takes millions of guesses to
#: refute, where another order of the same branch points finds a solution at once. 9×9
#: keeps the classic search (and its guesses).
RESTART_FROM = 12
#: The guesses of the first run, in the canonical order; each later run doubles it.
FIRST_BUDGET = 1000
#: Solutions remembered across runs: enough for the usual count to 2.
KNOWN = 2
#: Trials a random fill makes before it starts again (doubled each time).
FILL_BUDGET = 10_000


@dataclass(slots=True)
class Run:
    """One run of a search: its budget, its random stream (None: the canonical order),
    what it found and the guesses it made, and the solutions every run has met (packed
    grids)."""

    limit: int
    budget: float
    rng: random.Random | None
    known: list[int]
    count: int = 0
    guesses: int = 0
    out: bool = False


def runs(limit: int, first: int | None, known: list[int]) -> Iterator[Run]:
    """The runs of one search, endless: the canonical order within ``first`` guesses,
    then orders drawn from a stream seeded by the run's number, the budget doubled each
    time (``first`` None: one run, unbounded).

    A run that ends within its budget has walked its whole tree and its count is the
    answer; solutions met in an abandoned run stay in ``known``, so a later run that
    meets them again does not count them twice (the caller stops once ``known`` holds
    ``limit`` of them). Same puzzle, same runs: the answer and guesses do not vary.
    """
    if first is None:
        yield Run(limit, math.inf, None, known)
        return
    budget = first
    yield Run(limit, budget, None, known)
    for number in itertools.count(1):
        budget *= 2
        yield Run(limit, budget, random.Random(number), known)


class Engine:
    """Solver functions for one shape, its tables bound in closures for speed.

    ``locked`` adds locked candidates to the search's propagation (default: from
    :data:`LOCKED_FROM` up); ``start``, ``singles``, ``settles`` and ``random_fill`` keep
    to singles whatever it says.
    """

    def __init__(self, shape: Shape, locked: bool | None = None) -> None:
        self.shape = shape
        n, ncells = shape.n, shape.ncells
        self.locked = n >= LOCKED_FROM if locked is None else locked
        w = n + 1
        every = shape.all_mask
        lsb = sum(1 << (w * c) for c in range(ncells))
        guard = lsb << n
        peer = [sum(1 << (w * p) for p in shape.peers[c]) for c in range(ncells)]
        units, unit_of = shape.units, shape.unit_of
        row_at = [w * units[unit_of[c][0]][0] for c in range(ncells)]
        col_at = [w * units[unit_of[c][1]][0] for c in range(ncells)]
        box_at = [w * units[unit_of[c][2]][0] for c in range(ncells)]

        def unit_kind(k: int) -> tuple[int, list[int]]:
            # The fields of the first cells of this kind's units, and the shifts that
            # bring each position of a unit onto its first cell.
            firsts = sum(every << (w * units[u][0]) for u in range(k * n, k * n + n))
            model = units[k * n]
            return firsts, [w * (c - model[0]) for c in model]

        row_first, row_shift = unit_kind(0)
        col_first, col_shift = unit_kind(1)
        box_first, box_shift = unit_kind(2)

        def propagate(g: int, sf: int, pr: int, pc: int, pb: int) -> Packed | None:
            """Settle every single; None on a contradiction."""
            while True:
                dec = (g | guard) - lsb
                if dec & guard != guard:
                    return None  # a cell has no candidate left
                multi = g & dec  # each field without its lowest bit
                new = guard & ~(((multi | guard) - lsb) & guard) & ~sf
                if new:
                    sf |= new
                    while new:
                        low = new & -new
                        new ^= low
                        pos = low.bit_length() - 1 - n
                        c = pos // w
                        b = (g >> pos) & every
                        g &= ~(peer[c] * b)
                        pr |= b << row_at[c]
                        pc |= b << col_at[c]
                        pb |= b << box_at[c]
                    continue
                # Hidden singles: per unit, the digits seen once among unsettled cells.
                open_ = g & ~((sf >> n) * every)
                hits = 0
                once = twice = 0
                for o in row_shift:
                    x = (open_ >> o) & row_first
                    twice |= once & x
                    once |= x
                if once | pr != row_first:
                    return None  # a digit has no place left in a row
                s = once & ~twice
                if s:
                    for o in row_shift:
                        hits |= open_ & (s << o)
                once = twice = 0
                for o in col_shift:
                    x = (open_ >> o) & col_first
                    twice |= once & x
                    once |= x
                if once | pc != col_first:
                    return None
                s = once & ~twice
                if s:
                    for o in col_shift:
                        hits |= open_ & (s << o)
                once = twice = 0
                for o in box_shift:
                    x = (open_ >> o) & box_first
                    twice |= once & x
                    once |= x
                if once | pb != box_first:
                    return None
                s = once & ~twice
                if s:
                    for o in box_shift:
                        hits |= open_ & (s << o)
                if not hits:
                    return g, sf, pr, pc, pb
                hdec = (hits | guard) - lsb
                if hits & hdec:
                    return None  # one cell would need two digits
                g = (g & ~(((hdec & guard) >> n) * every)) | hits

        def segment_pass(
            seg_len: int, step: int, nk: int, along: int, band: int, across: int
        ) -> Callable[[int], int]:
            # One direction of locked candidates. A segment is the ``seg_len`` cells of a
            # line inside one box, ``step`` cells apart; a line holds ``nk`` segments,
            # ``along`` cells apart, and a box ``band`` segments, ``across`` cells apart.
            # Each segment's mask sits in the field of its first cell.
            inner = [w * step * i for i in range(1, seg_len)]
            line_sh = [w * along * j for j in range(nk)]
            box_sh = [w * across * j for j in range(band)]
            seg_first = line_first = box_first = 0
            for c in range(ncells):
                r, col = divmod(c, n)
                f = every << (w * c)
                line_pos, box_pos = (col, r) if step == 1 else (r, col)
                if line_pos % seg_len:
                    continue
                seg_first |= f
                if line_pos == 0:
                    line_first |= f
                if box_pos % band == 0:
                    box_first |= f

            def counts(x: int, first: int, shifts: list[int]) -> tuple[int, int]:
                # Per group of segments (a line or a box), in its first field: the digits
                # in at least one segment, and in at least two.
                once = twice = 0
                for o in shifts:
                    y = (x >> o) & first
                    twice |= once & y
                    once |= y
                return once, twice

            def spread(x: int, shifts: list[int]) -> int:
                out = x
                for o in shifts[1:]:
                    out |= x << o
                return out

            def removals(g: int) -> int:
                """The candidates this direction removes, as fields of ``g``."""
                m = g
                for o in inner:
                    m |= g >> o
                m &= seg_first
                once, twice = counts(m, line_first, line_sh)
                in_line_only = m & spread(once & ~twice, line_sh)  # claiming
                once, twice = counts(m, box_first, box_sh)
                in_box_only = m & spread(once & ~twice, box_sh)  # pointing
                # Each segment loses what the *other* segments of its box claim and what
                # the other segments of its line point: seen twice, or once elsewhere.
                once, twice = counts(in_line_only, box_first, box_sh)
                e = spread(twice, box_sh) | (spread(once, box_sh) ^ in_line_only)
                once, twice = counts(in_box_only, line_first, line_sh)
                e |= spread(twice, line_sh) | (spread(once, line_sh) ^ in_box_only)
                out = e
                for o in inner:
                    out |= e << o
                return g & out

            return removals

        br, bc = shape.box_rows, shape.box_cols
        by_rows = segment_pass(bc, 1, br, bc, br, n)
        by_cols = segment_pass(br, n, bc, br * n, bc, 1)

        def propagate_locked(g: int, sf: int, pr: int, pc: int, pb: int) -> Packed | None:
            """Singles and locked candidates (pointing and claiming) to a fixpoint."""
            while True:
                st = propagate(g, sf, pr, pc, pb)
                if st is None or st[1] == guard:
                    return st
                g, sf, pr, pc, pb = st
                # Settled cells count in the segments' masks, as in the C core: their
                # digit has already left the rest of their units, so it confines nothing
                # that is not so already.
                gone = by_rows(g) | by_cols(g)
                if not gone:
                    return st
                g ^= gone

        def pick(g: int, sf: int, rng: random.Random | None = None) -> int:
            """Bit offset of the first cell with the fewest candidates; -1 when solved.
            With ``rng``, one of those cells drawn at random (the r-th in row-major
            order), as restarts want."""
            y = g & ~((sf >> n) * every)
            if not y:
                return -1
            y &= (y | guard) - lsb
            while True:
                # y holds each open field minus its k lowest bits; a field that empties
                # in the next step had exactly k + 1 candidates.
                d = (y | guard) - lsb
                z = y & d
                exact = d & guard & ~(((z | guard) - lsb) & guard)
                if exact:
                    if rng is not None:
                        for _ in range(rng.randrange(exact.bit_count())):
                            exact &= exact - 1
                    return (exact & -exact).bit_length() - 1 - n
                y = z

        deduce = propagate_locked if self.locked else propagate

        def search(st: Packed, run: Run) -> None:
            g = st[0]
            rng = run.rng
            pos = pick(g, st[1], rng)
            if pos < 0:
                run.count += 1
                if g not in run.known and len(run.known) < KNOWN:
                    run.known.append(g)
                return
            m = (g >> pos) & every
            if rng is not None:
                # Digits from a random one up, then round from the lowest.
                high = m >> (r := rng.randrange(n)) << r
                order = [high, m ^ high]
            else:
                order = [m]
            rest = g & ~(every << pos)
            for m in order:
                while m:
                    bit = m & -m
                    m ^= bit
                    if run.guesses >= run.budget:
                        run.out = True
                        return
                    run.guesses += 1
                    nxt = deduce(rest | (bit << pos), st[1], st[2], st[3], st[4])
                    if nxt is not None:
                        search(nxt, run)
                        if run.count >= run.limit or run.out:
                            return

        def random_search(st: Packed, rng: random.Random, left: list[int]) -> int | None:
            """A completion drawn with ``rng``; None at a dead end, -1 once ``left[0]``
            trials are spent."""
            g = st[0]
            pos = pick(g, st[1])
            if pos < 0:
                return g
            bits = [1 << (d - 1) for d in shape.digits_of_mask[(g >> pos) & every]]
            rng.shuffle(bits)
            rest = g & ~(every << pos)
            for bit in bits:
                left[0] -= 1
                if left[0] < 0:
                    return -1
                nxt = propagate(rest | (bit << pos), st[1], st[2], st[3], st[4])
                if nxt is not None:
                    done = random_search(nxt, rng, left)
                    if done is not None:
                        return done
            return None

        self.propagate: Callable[[int, int, int, int, int], Packed | None] = propagate
        self._search = search
        self._deduce = deduce
        self._random_search = random_search
        self._width = w
        self._guard = guard

    def start(self, cells: Sequence[int]) -> Packed | None:
        """The state after propagating the givens, or None if they contradict."""
        w, every = self._width, self.shape.all_mask
        g = 0
        for c, v in enumerate(cells):
            g |= (every if v == 0 else 1 << (v - 1)) << (w * c)
        return self.propagate(g, 0, 0, 0, 0)

    def singles(self, cells: Sequence[int]) -> list[int] | None:
        """The grid after every naked and hidden single (0 where a cell stays open), or
        None if the givens contradict."""
        st = self.start(cells)
        if st is None:
            return None
        g, settled = st[0], st[1] >> self.shape.n
        w, every = self._width, self.shape.all_mask
        return [
            ((g >> (w * c)) & every).bit_length() if settled >> (w * c) & 1 else 0
            for c in range(self.shape.ncells)
        ]

    def settles(self, cells: Sequence[int]) -> bool:
        """Whether naked and hidden singles alone fill the grid (no guess)."""
        st = self.start(cells)
        return st is not None and st[1] == self._guard

    def run(self, cells: Sequence[int], limit: int, budget: int | None = None) -> SearchResult:
        """Count solutions up to ``limit`` (>= 1), keeping the first as digits.

        From :data:`RESTART_FROM` up the search restarts (see :func:`runs`). A
        ``budget`` replaces :data:`FIRST_BUDGET` and makes any size restart (for tests:
        the count does not depend on it).
        """
        st = self.start(cells)
        if st is not None and self.locked:
            st = self._deduce(*st)
        if st is None:
            return SearchResult()
        if budget is None:
            first = FIRST_BUDGET if self.shape.n >= RESTART_FROM else None
        else:
            first = budget
        known: list[int] = []
        guesses = 0
        for run in runs(limit, first, known):
            self._search(st, run)
            guesses += run.guesses
            if not run.out:
                count = run.count
                break
            if len(known) >= limit:
                count = limit
                break
        else:  # pragma: no cover - runs() never ends on its own
            raise AssertionError
        w, every = self._width, self.shape.all_mask
        solution = None
        if count:
            g = known[0]
            solution = [((g >> (w * c)) & every).bit_length() for c in range(self.shape.ncells)]
        return SearchResult(count, solution, guesses)

    def random_fill(self, rng: random.Random) -> list[int]:
        """A random complete grid, drawn with ``rng`` alone (same seed, same grid)."""
        st = self.start([0] * self.shape.ncells)
        assert st is not None
        # Restarts, as for the search: a fill that meets a barren subtree (on 16×16, one
        # draw in a few thousand would take minutes) starts again, the same ``rng`` going
        # on, with twice the trials. Fills within the first budget are what they always
        # were.
        budget = FILL_BUDGET
        while (g := self._random_search(st, rng, [budget])) == -1:
            budget *= 2
        assert g is not None, "an empty grid always has a completion"
        w, every = self._width, self.shape.all_mask
        return [((g >> (w * c)) & every).bit_length() for c in range(self.shape.ncells)]


@cache
def engine(shape: Shape, locked: bool | None = None) -> Engine:
    """The (cached) engine for a shape; ``locked`` as for :class:`Engine`."""
    return Engine(shape, locked)
