"""Random full grids and jigsaw layouts for variant generation.

The fill is one specified search, run in the C core (``_native/fill.c``) when it is built
and in Python otherwise, so that a seed gives the same grid with either: it draws one
64-bit number from the generator's stream and nothing else.
"""

from __future__ import annotations

import random

from .errors import GenerationError
from .geometry import Rules, Shape
from .solvers import backend_for, native
from .solvers import general as _general


def random_regions(size: int, rng: random.Random) -> tuple[int, ...]:
    """A random jigsaw layout: each cell's region (``0..n-1``), ``n`` connected regions
    of ``n`` cells, never the boxes. Drawn with ``rng`` alone (same seed, same layout).

    As Solo does, it starts from the boxes and trades cells across region edges: a cell
    next to another region joins it while a cell of that region joins the first, kept
    only when both regions stay connected (orthogonally). ``4 n²`` trades are tried.
    """
    shape = Shape.of(size)
    n, ncells = shape.n, shape.ncells
    near = [
        [
            (r + dr) * n + c + dc
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 0 <= r + dr < n and 0 <= c + dc < n
        ]
        for r in range(n)
        for c in range(n)
    ]
    regions = list(shape.box_index)
    members = [[c for c in range(ncells) if regions[c] == k] for k in range(n)]

    def connected(cells: list[int]) -> bool:
        inside = set(cells)
        seen = {cells[0]}
        todo = [cells[0]]
        while todo:
            for d in near[todo.pop()]:
                if d in inside and d not in seen:
                    seen.add(d)
                    todo.append(d)
        return len(seen) == len(cells)

    tries = 4 * ncells
    while True:
        for _ in range(tries):
            a = rng.randrange(ncells)
            b = rng.choice(near[a])
            ra, rb = regions[a], regions[b]
            if ra == rb:
                continue
            c = rng.choice(members[rb])
            if c == b:
                continue
            # a moves to b's region, c (another cell of it) to a's.
            new_a = [x for x in members[ra] if x != a] + [c]
            new_b = [x for x in members[rb] if x != c] + [a]
            if connected(new_a) and connected(new_b):
                members[ra], members[rb] = sorted(new_a), sorted(new_b)
                regions[a], regions[c] = rb, ra
        if tuple(regions) != shape.box_index:
            return tuple(regions)
        tries = ncells  # back where it started (a 4×4 can be): trade on


class _OutOfBudget(Exception):
    """A fill spent its budget of guesses."""


#: Guesses a random fill may spend in all before it gives up (a GenerationError): most
#: fills take a few dozen, non-consecutive 9×9 ones a few thousand.
FILL_CAP: dict[int, int] = {4: 20_000, 6: 50_000, 9: 200_000, 12: 200_000, 16: 200_000}

#: Guesses a fill may spend on a random jigsaw layout before another one is drawn, times
#: the Luby sequence over the layouts tried: some layouts let no grid keep the other
#: rules (anti-king, windoku), and proving it costs more than drawing another, while
#: rules whose fills are long (non-consecutive) still get long tries now and then.
LAYOUT_FILL_CAP: dict[int, int] = {4: 300, 6: 300, 9: 300, 12: 1_000, 16: 5_000}

#: Random jigsaw layouts drawn before generation gives up (no layout that the other
#: rules let any grid fill: non-consecutive 4×4, say).
LAYOUT_TRIES = 200


#: Guesses in the first run of a fill; later runs get this times the Luby sequence
#: (1, 1, 2, 1, 1, 2, 4, …): short random restarts, which suit fills whose search trees
#: are heavy-tailed (non-consecutive, anti-knight with X).
FILL_RUN = 30


def _luby(i: int) -> int:
    """The ``i``-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, …"""
    while True:
        k = 1
        while (1 << k) - 1 < i:
            k += 1
        if (1 << k) - 1 == i:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


_MASK64 = (1 << 64) - 1


class _Xoshiro:
    """xoshiro256** seeded by splitmix64: the fill's random numbers, the same in the C
    core (``_native/fill.c``) bit for bit."""

    __slots__ = ("s",)

    def __init__(self, seed: int) -> None:
        words = []
        x = seed
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & _MASK64
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            words.append(z ^ (z >> 31))
        self.s = words

    def below(self, k: int) -> int:
        """A number in ``0..k-1``: ``((x >> 32) * k) >> 32`` for the next output ``x``."""
        s0, s1, s2, s3 = self.s
        x = (s1 * 5) & _MASK64
        x = (((x << 7) | (x >> 57)) & _MASK64) * 9 & _MASK64
        t = (s1 << 17) & _MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = ((s3 << 45) | (s3 >> 19)) & _MASK64
        self.s = [s0, s1, s2, s3]
        return ((x >> 32) * k) >> 32


def random_solution(rules: Rules, rng: random.Random, cap: int | None = None) -> list[int] | None:
    """A random complete grid under ``rules``, drawn from one ``rng.getrandbits(64)``
    (same seed, same grid, with or without the C core, which runs the same search), or
    None when no grid keeps the rules.

    The search, specified exactly in ``_native/fill.c``: xoshiro256** seeded by
    splitmix64; propagation of singles, non-consecutive neighbours and locked
    candidates between any two units to their fixpoint; depth-first on the open cell with
    the fewest candidates (a random one of the ties), its digits in random order,
    restarting in short runs (:data:`FILL_RUN` guesses times the Luby sequence). Raises
    :class:`GenerationError` when ``cap`` guesses in all are spent without an answer.
    """
    seed = rng.getrandbits(64)
    n = rules.n
    limit = FILL_CAP.get(n, 200_000) if cap is None else cap
    core = native._core
    if (
        limit >= 1
        and core is not None
        and not rules.cages
        and backend_for(rules).name == native.NativeBackend.name
    ):
        status, cells = core.fill(native.geometry(rules), seed, limit, FILL_RUN)
        if status == 2:
            raise GenerationError(
                f"no complete {n}×{n} {rules.name} grid found in {limit} guesses: try another seed"
            )
        return cells
    return _python_fill(rules, seed, limit)


def _python_fill(rules: Rules, seed: int, limit: int) -> list[int] | None:
    """:func:`random_solution`'s search in Python: the reference for the C core's."""
    eng = _general.engine(rules)
    start = eng.start([0] * rules.ncells)
    if start is None:
        return None
    n = rules.n
    propagate = eng.propagate
    below = _Xoshiro(seed).below
    left = [0]

    def search(cand: list[int]) -> list[int] | None:
        fewest = n + 1
        ties: list[int] = []
        for cell, m in enumerate(cand):
            if m & (m - 1):
                k = m.bit_count()
                if k < fewest:
                    fewest = k
                    ties = [cell]
                elif k == fewest:
                    ties.append(cell)
        if not ties:
            return cand
        cell = ties[below(len(ties))] if len(ties) > 1 else ties[0]
        m = cand[cell]
        bits = []
        while m:
            bit = m & -m
            bits.append(bit)
            m ^= bit
        for i in range(len(bits) - 1, 0, -1):
            j = below(i + 1)
            bits[i], bits[j] = bits[j], bits[i]
        for bit in bits:
            left[0] -= 1
            if left[0] < 0:
                raise _OutOfBudget
            trial = list(cand)
            trial[cell] = bit
            if propagate(trial, [cell]):
                found = search(trial)
                if found is not None:
                    return found
        return None

    spent = 0
    run = 0
    while spent < limit:
        run += 1
        budget = min(FILL_RUN * _luby(run), limit - spent)
        left[0] = budget
        try:
            found = search(list(start))
        except _OutOfBudget:
            spent += budget
            continue
        return None if found is None else [m.bit_length() for m in found]
    raise GenerationError(
        f"no complete {n}×{n} {rules.name} grid found in {limit} guesses: try another seed"
    )


def _fill(rules: Rules, rng: random.Random) -> list[int]:
    """A random complete grid under rules given by the caller, or a GenerationError."""
    full = random_solution(rules, rng)
    if full is None:
        raise GenerationError(f"no {rules.n}×{rules.n} grid keeps {rules.name} rules")
    return full


def _variant_start(rules: Rules, draw: bool, rng: random.Random) -> tuple[Rules, list[int]]:
    """The rules (with random jigsaw regions when ``draw``) and a first full grid."""
    if not draw:
        return rules, _fill(rules, rng)
    n = rules.n
    for k in range(1, LAYOUT_TRIES + 1):
        layout = Rules.make(n, rules.variants, random_regions(n, rng))
        try:
            full = random_solution(layout, rng, LAYOUT_FILL_CAP[n] * _luby(k))
        except GenerationError:
            continue
        if full is not None:
            return layout, full
    name = Rules.make(n, ("jigsaw", *rules.variants), random_regions(n, rng)).name
    raise GenerationError(
        f"no {n}×{n} jigsaw layout found in {LAYOUT_TRIES} tries that a {name} grid can fill"
    )
