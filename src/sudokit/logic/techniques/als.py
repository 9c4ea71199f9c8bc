"""Almost Locked Sets: the ALS-XZ rule, the ALS-XY-Wing, ALS chains and the Death Blossom.

An *almost locked set* (ALS) is ``k`` empty cells of one unit holding ``k + 1`` digits
between them: remove any one digit and the rest is locked. Two ALSs A and B (no cell in
common) with a *restricted common* digit x (every x of A sees every x of B, so x is in
at most one of them) lock a second common digit z: one of the two has no x, so it is
locked and holds z. A cell seeing every z of both ALSs cannot be z.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...geometry import Rules, Shape
from ...solvers import native
from ..candidates import EARLIER, State, cells_of
from ..step import Step, cells_text, digits_set, elim_text, sym

#: Largest ALS (in cells) the search builds: on 9×9 every size a unit allows, as HoDoKu
#: does; on bigger grids four (larger sets there cost far more than they find). The
#: Death Blossom, which combines a set per stem digit, takes sets of up to
#: :data:`BLOSSOM_MAX_CELLS` cells (HoDoKu's solver does not use it at all).
MAX_CELLS = 8
BIG_GRID_MAX_CELLS = 4
BLOSSOM_MAX_CELLS = 4


#: Whether the C core, when built, finds the sets, their graph and the ALS chain under
#: classic rules (the same answers as the Python search, which False keeps, to compare).
NATIVE = True

#: ``State.memo`` key prefix: the graph the core gave with the sets of a key.
_NATIVE_GRAPH = "native.graph."


def _native(st: State) -> native._Core | None:
    return native._core if NATIVE and st.rules.classic else None


def _limit(st: State, max_cells: int | None) -> int:
    """The largest set :func:`find_als` takes for ``max_cells``."""
    if max_cells is None:
        max_cells = MAX_CELLS if st.tables.n <= 9 else BIG_GRID_MAX_CELLS
    return min(max_cells, st.tables.n - 1)


#: Per search (a ``State.memo`` key), the rules, candidates and empty cells of the last
#: position where it found nothing. Only ever used to search less where that search
#: already settled the answer (see :func:`changed_since_vain`): every answer is the same
#: as a full search's.
_LAST: dict[str, tuple[Rules, tuple[int, ...], int]] = {}


def found_nothing(st: State, key: str) -> None:
    """Record that the search ``key`` found nothing in ``st``."""
    st.memo[key] = True
    _LAST[key] = (st.rules, tuple(st.cands), st.empty)


def changed_since_vain(st: State, key: str) -> int:
    """The cells a search ``key`` must look at: every cell, or, when it found nothing in
    the position searched before on the path (or in the last position where it found
    nothing, when this one keeps a subset of its candidates), the cells whose candidates
    changed since. The searches that use this (ALS-XZ, the ALS-XY-Wing, Sue de Coq) take
    a pattern of cells whose candidates alone make it, and remove candidates from cells
    outside it: a pattern whose cells all kept their candidates is the same pattern
    there, and what it removes now is among what it removed there (candidates only went
    away), which was nothing. So only patterns with a changed cell can remove anything,
    and the first of those (in search order) is the full search's answer."""
    everything: int = st.tables.all_cells
    before = st.memo.get(EARLIER)
    if isinstance(before, State) and before.memo.get(key) and before.rules is st.rules:
        old_cands: tuple[int, ...] | list[int] = before.cands
        old_empty = before.empty
    else:
        last = _LAST.get(key)
        if last is None or last[0] is not st.rules:
            return everything
        _, old_cands, old_empty = last
        if st.empty & ~old_empty or any(m & ~o for m, o in zip(st.cands, old_cands, strict=True)):
            return everything
    changed = old_empty ^ st.empty
    for c, m in enumerate(st.cands):
        if m != old_cands[c]:
            changed |= 1 << c
    return changed


@dataclass(frozen=True, slots=True)
class Als:
    """An almost locked set: its cells, digits, unit, and per digit the cells holding
    it and the cells seeing all of those."""

    cells: int
    mask: int
    unit: int
    where: tuple[int, ...]  # per digit (index d), cells of the set holding d
    seen: tuple[int, ...]  # per digit, cells (with d) that see every one of ``where[d]``


def find_als(st: State, max_cells: int | None = None) -> list[Als]:
    """Every ALS of up to ``max_cells`` cells (by default :data:`MAX_CELLS`, or
    :data:`BIG_GRID_MAX_CELLS` above 9×9; a bivalue cell is the one-cell ALS). Memoized
    on the state."""
    max_cells = _limit(st, max_cells)
    key = f"als.{max_cells}"
    found = st.memo.get(key)
    if isinstance(found, list):
        return found
    wider = st.memo.get(f"als.{MAX_CELLS}")
    if isinstance(wider, list) and max_cells < MAX_CELLS:
        # The smaller sets, in the same order as a search of their own would give.
        smaller: list[Als] = [a for a in wider if a.cells.bit_count() <= max_cells]
        st.memo[key] = smaller
        return smaller
    core = _native(st)
    if core is not None and max_cells >= 1:
        found, links = core.als_graph(native.geometry(st.rules), st.cands, st.empty, max_cells)
        made = [Als(*s) for s in found]
        st.memo[key] = made
        # The graph comes with the sets: kept for _restricted_graph.
        st.memo[_NATIVE_GRAPH + key] = links
        return made
    t = st.tables
    cands = st.cands
    dcells = st.dcells
    peer = t.peer_bits
    digits_of = st.shape.digits_of_mask
    # Where a digit sits in a set decides which cells see all of it: shared by many sets.
    seen_of: dict[tuple[int, int], int] = {}
    known: set[int] = set()
    out: list[Als] = []
    for u, ub in enumerate(t.unit_bits):
        cells = tuple(cells_of(ub & st.empty))
        for cbits, mask in _unit_sets(cells, tuple(cands[c] for c in cells), max_cells):
            if cbits in known:
                continue
            known.add(cbits)
            where = [0] * (t.n + 1)
            seen = [0] * (t.n + 1)
            for d in digits_of[mask]:
                w = dcells[d] & cbits
                where[d] = w
                s = seen_of.get((d, w))
                if s is None:
                    s = dcells[d]  # peers exclude the cell itself
                    for c in cells_of(w):
                        s &= peer[c]
                    seen_of[d, w] = s
                seen[d] = s
            out.append(Als(cbits, mask, u, tuple(where), tuple(seen)))
    st.memo[key] = out
    return out


@lru_cache(maxsize=4096)
def _unit_sets(
    cells: tuple[int, ...], masks: tuple[int, ...], max_cells: int
) -> tuple[tuple[int, int], ...]:
    """The ALSs among ``cells`` (the empty cells of one unit, with their candidate
    ``masks``) of up to ``max_cells`` cells, as ``(cell set, digits)`` in search order. A
    step changes few units, so the next position finds most units here unchanged."""
    limit = min(max_cells, len(cells) - 1)
    out = []
    # Depth-first over growing cell sets. A set grown from one with p digits has p digits
    # or more, so it is an ALS only with p - 1 cells or more: a set is not grown when
    # neither the largest ALS nor the cells left after it (the set and every later cell)
    # reach that (its growths hold no ALS: the others come out in the same order).
    n = len(cells)
    stack = [(0, 0, 0, 0)]  # (next index, size, cell set, digits)
    while stack:
        start, size, cbits, mask = stack.pop()
        if size and mask.bit_count() == size + 1:
            out.append((cbits, mask))
        if size == limit:
            continue
        for i in range(start, n):
            nm = mask | masks[i]
            if nm.bit_count() <= min(limit, size + n - i) + 1:
                stack.append((i + 1, size + 1, cbits | 1 << cells[i], nm))
    return tuple(out)


def _eliminations(st: State, a: Als, b: Als, rccs: list[int]) -> list[tuple[int, int]]:
    """Singly linked (one restricted common x): the other common digits go from cells
    seeing all of them in both sets. Doubly linked (two): both sets are locked, so every
    digit goes from cells seeing all of its places in one set, and the restricted
    commons from cells seeing them in both."""
    shape = st.shape
    outside = ~(a.cells | b.cells)
    found: set[tuple[int, int]] = set()
    common = a.mask & b.mask
    if len(rccs) == 1:
        for z in shape.digits_of_mask[common & ~(1 << (rccs[0] - 1))]:
            for c in cells_of(a.seen[z] & b.seen[z] & outside):
                found.add((c, z))
        return sorted(found)
    for x in rccs:
        for c in cells_of(a.seen[x] & b.seen[x] & outside):
            found.add((c, x))
    locked = 0
    for x in rccs:
        locked |= 1 << (x - 1)
    for s in (a, b):
        for z in shape.digits_of_mask[s.mask & ~locked]:
            for c in cells_of(s.seen[z] & outside):
                found.add((c, z))
    return sorted(found)


#: ``State.memo`` keys: the search found nothing in this state.
_XZ = "als.xz.vain"
_XY = "als.xy.vain"


def als_xz(st: State) -> Step | None:
    """Two ALSs with a restricted common digit x: cells seeing every z of both lose z
    (doubly linked, with two restricted commons: more goes)."""
    shape = st.shape
    changed = changed_since_vain(st, _XZ)
    sets, graph = _restricted_graph(st)
    best: tuple[int, int, int, list[int], list[tuple[int, int]]] | None = None
    for i, a in enumerate(sets):
        # The graph lists a pair once per restricted common, smallest digit first.
        partners: dict[int, list[int]] = {}
        a_new = a.cells & changed
        for j, x in graph[i]:
            if j > i and (a_new or sets[j].cells & changed):
                partners.setdefault(j, []).append(x)
        for j, rccs in partners.items():
            b = sets[j]
            common = a.mask & b.mask
            if not common & (common - 1):
                continue  # x alone: nothing to lock
            elims = _eliminations(st, a, b, rccs)
            if not elims:
                continue
            size = a.cells.bit_count() + b.cells.bit_count()
            if best is None or size < best[0]:
                best = (size, i, j, rccs, elims)
    if best is None:
        found_nothing(st, _XZ)
        return None
    _, i, j, rccs, elims = best
    a, b = sets[i], sets[j]
    a_cells, b_cells = cells_of(a.cells), cells_of(b.cells)

    def name(s: Als, cells: list[int]) -> str:
        return f"{cells_text(shape, cells)} {digits_set(shape, s.mask)}"

    sets_text = f"{name(a, a_cells)} and {name(b, b_cells)} are almost locked sets"
    if len(rccs) == 1:
        x = rccs[0]
        zs = sorted({d for _, d in elims})
        text = (
            f"ALS-XZ: {sets_text} sharing {sym(shape, x)} only where they see each other, "
            f"so one of them has no {sym(shape, x)} and is locked; either way "
            f"{' and '.join(sym(shape, z) for z in zs)} "
            f"{'is' if len(zs) == 1 else 'are'} in one of them: {elim_text(shape, elims)}."
        )
    else:
        xs = " and ".join(sym(shape, x) for x in rccs)
        text = (
            f"ALS-XZ (doubly linked): {sets_text} sharing {xs} only where they see each "
            f"other; each set needs one of them, so each holds exactly one and is "
            f"locked: {elim_text(shape, elims)}."
        )
    return Step(
        "als_xz",
        "ALS-XZ",
        text,
        eliminations=tuple(elims),
        cells=tuple(a_cells + b_cells),
        units=(a.unit, b.unit),
        candidates=tuple((c, d) for c in a_cells for d in st.candidate_digits(c)),
        secondary=tuple((c, d) for c in b_cells for d in st.candidate_digits(c)),
        rating=7.5,
        sets=(tuple(a_cells), tuple(b_cells)),
    )


def _restricted_graph(
    st: State, max_cells: int | None = None
) -> tuple[list[Als], list[list[tuple[int, int]]]]:
    """The ALSs of up to ``max_cells`` cells (see :func:`find_als`) and, per ALS, the
    ALSs with no cell in common that it shares a restricted common digit with, as
    ``(index, digit)`` pairs (a pair of sets with two such digits appears twice).
    Memoized on the state."""
    sets = find_als(st, max_cells)
    key = f"als.graph.{max_cells}"
    found = st.memo.get(key)
    if isinstance(found, list):
        return sets, found
    core = _native(st)
    limit = _limit(st, max_cells)
    if core is not None and limit >= 1:
        kept = st.memo.pop(f"{_NATIVE_GRAPH}als.{limit}", None)
        if isinstance(kept, list):
            links: list[list[tuple[int, int]]] = kept
        else:  # the sets were taken from a wider search's
            _, links = core.als_graph(native.geometry(st.rules), st.cands, st.empty, limit)
        st.memo[key] = links
        return sets, links
    digits_of = st.shape.digits_of_mask
    # x is restricted common to A and B when every x of B is among the cells seeing every
    # x of A (seeing is symmetric): so B's first x lies in A.seen[x]. Sets are indexed by
    # (x, their first cell holding x), and each A looks only at the cells it sees.
    by_first: dict[tuple[int, int], list[int]] = {}
    for i, a in enumerate(sets):
        for d in digits_of[a.mask]:
            w = a.where[d]
            by_first.setdefault((d, (w & -w).bit_length() - 1), []).append(i)
    edges: list[tuple[int, int, int]] = []
    for i, a in enumerate(sets):
        for x in digits_of[a.mask]:
            seen = a.seen[x]
            for c in cells_of(seen):
                for j in by_first.get((x, c), ()):
                    b = sets[j]
                    if j > i and not b.where[x] & ~seen and not a.cells & b.cells:
                        edges.append((i, x, j))
    # The order of each list is part of the result (ties go to the first found).
    edges.sort()
    graph: list[list[tuple[int, int]]] = [[] for _ in sets]
    for i, x, j in edges:
        graph[i].append((j, x))
        graph[j].append((i, x))
    st.memo[key] = graph
    return sets, graph


def als_xy_wing(st: State) -> Step | None:
    """Three ALSs: C shares a restricted common x with A and another, y, with B. C lacks
    at most one of its digits, so it holds x or y, and then A (no x) or B (no y) is
    locked: a digit z of both A and B, neither x nor y, is in A or in B, and cells seeing
    every z of both lose z."""
    shape = st.shape
    changed = changed_since_vain(st, _XY)
    sets, graph = _restricted_graph(st)
    digits_of = shape.digits_of_mask
    best: tuple[int, int, int, int, int, int, list[tuple[int, int]]] | None = None
    for ci, pivot in enumerate(sets):
        wings = graph[ci]
        # With the pivot unchanged, a wing pair needs a changed set.
        pivot_new = pivot.cells & changed
        for p, (ai, x) in enumerate(wings):
            a = sets[ai]
            a_new = pivot_new or a.cells & changed
            for bi, y in wings[p + 1 :]:
                if y == x or bi == ai:
                    continue
                b = sets[bi]
                if not (a_new or b.cells & changed):
                    continue
                if a.cells & b.cells:
                    continue
                zs = a.mask & b.mask & ~(1 << (x - 1)) & ~(1 << (y - 1))
                if not zs:
                    continue
                elims = [(c, z) for z in digits_of[zs] for c in cells_of(a.seen[z] & b.seen[z])]
                if not elims:
                    continue
                size = (a.cells | b.cells | pivot.cells).bit_count()
                if best is None or size < best[0]:
                    best = (size, ai, bi, ci, x, y, sorted(elims))
    if best is None:
        found_nothing(st, _XY)
        return None
    _, ai, bi, ci, x, y, elims = best
    a, b, pivot = sets[ai], sets[bi], sets[ci]
    a_cells, b_cells, c_cells = cells_of(a.cells), cells_of(b.cells), cells_of(pivot.cells)

    def name(letter: str, s: Als, cells: list[int]) -> str:
        where = ", ".join(shape.cell_name(c) for c in cells)
        return f"{letter} ({where}: {digits_set(shape, s.mask)})"

    sx, sy = sym(shape, x), sym(shape, y)
    z_text, verb = _digits_removed(shape, elims)
    text = (
        f"ALS-XY-Wing: three almost locked sets, {name('A', a, a_cells)}, "
        f"{name('B', b, b_cells)} and {name('C', pivot, c_cells)}; C shares {sx} with A and "
        f"{sy} with B only where they see each other. C holds {sx} or {sy}, so A has no "
        f"{sx} or B no {sy}, and that one is locked; either way {z_text} "
        f"{verb} in A or in B: {elim_text(shape, elims)}."
    )
    return Step(
        "als_xy_wing",
        "ALS-XY-Wing",
        text,
        eliminations=tuple(elims),
        cells=tuple(a_cells + b_cells + c_cells),
        units=(a.unit, b.unit, pivot.unit),
        candidates=tuple((c, d) for c in a_cells + b_cells for d in st.candidate_digits(c)),
        secondary=tuple((c, d) for c in c_cells for d in st.candidate_digits(c)),
        rating=7.8,
        sets=(tuple(a_cells), tuple(b_cells), tuple(c_cells)),
    )


def _set_text(shape: Shape, a: Als) -> str:
    """``r1c6, r2c4 {3,5,6}``: an ALS's cells and digits."""
    return f"{', '.join(shape.cell_name(c) for c in cells_of(a.cells))} {digits_set(shape, a.mask)}"


def _digits_removed(shape: Shape, elims: list[tuple[int, int]]) -> tuple[str, str]:
    """The digits ``elims`` remove and their verb: ``("7", "is")``, ``("7 and 9", "are")``."""
    removed = sorted({z for _, z in elims})
    return " and ".join(sym(shape, z) for z in removed), "is" if len(removed) == 1 else "are"


#: Most candidates of a Death Blossom's stem (one petal each); more are rare and costly.
MAX_STEM = 4
#: Petals kept per stem digit (the smallest first), to bound the combinations tried.
MAX_PETALS = 16


def _blossom(
    st: State,
    sets: list[Als],
    petals: list[list[int]],
    stem_bit: int,
    chosen: tuple[int, ...],
    cells: int,
    common: int,
) -> tuple[tuple[int, ...], list[tuple[int, int]]] | None:
    """The first choice of one petal per stem digit (from ``petals``, no cell shared)
    whose common digits remove something, depth first; ``common``: digits in every petal
    chosen so far (and not in the stem)."""
    if len(chosen) == len(petals):
        elims: list[tuple[int, int]] = []
        for z in st.shape.digits_of_mask[common]:
            seeing = st.dcells[z] & ~cells & ~stem_bit
            for i in chosen:
                seeing &= sets[i].seen[z]
            elims.extend((c, z) for c in cells_of(seeing))
        return (chosen, sorted(elims)) if elims else None
    for i in petals[len(chosen)]:
        a = sets[i]
        if a.cells & cells or not common & a.mask:
            continue
        got = _blossom(st, sets, petals, stem_bit, (*chosen, i), cells | a.cells, common & a.mask)
        if got is not None:
            return got
    return None


def death_blossom(st: State) -> Step | None:
    """A stem cell and, for each of its candidates d, an ALS (a petal) whose every d sees
    the stem: whatever the stem holds, its petal loses that digit and is locked. A digit
    z in every petal (and not in the stem) is then in one of them, and cells seeing every
    z of every petal lose z."""
    shape = st.shape
    peer = st.tables.peer_bits
    sets = find_als(st, BLOSSOM_MAX_CELLS)
    digits_of = shape.digits_of_mask
    # Per digit, the sets holding it, smallest first (the order petals are tried in).
    holding: dict[int, list[int]] = {}
    for i in sorted(range(len(sets)), key=lambda i: sets[i].cells.bit_count()):
        for d in digits_of[sets[i].mask]:
            holding.setdefault(d, []).append(i)
    best: tuple[int, int, tuple[int, ...], list[tuple[int, int]]] | None = None
    for stem in cells_of(st.empty):
        smask = st.cands[stem]
        k = smask.bit_count()
        if not 3 <= k <= MAX_STEM:
            continue  # a two-digit stem is a one-cell ALS: the ALS-XY-Wing finds those
        stem_bit = 1 << stem
        petals: list[list[int]] = []
        sees = peer[stem]
        for d in digits_of[smask]:
            options: list[int] = []
            for i in holding.get(d, ()):
                a = sets[i]
                if not a.cells & stem_bit and not a.where[d] & ~sees and a.mask & ~smask:
                    options.append(i)
                    if len(options) == MAX_PETALS:
                        break
            petals.append(options)
        if not all(petals):
            continue

        got = _blossom(st, sets, petals, 1 << stem, (), 0, shape.all_mask & ~smask)
        if got is None:
            continue
        chosen, elims = got
        size = 1 + sum(sets[i].cells.bit_count() for i in chosen)
        if best is None or size < best[0]:
            best = (size, stem, chosen, elims)
    if best is None:
        return None
    _, stem, chosen, elims = best
    petal_text = []
    cells: list[int] = []
    for d, i in zip(digits_of[st.cands[stem]], chosen, strict=True):
        cells += cells_of(sets[i].cells)
        petal_text.append(f"{sym(shape, d)}: {_set_text(shape, sets[i])}")
    z_text, verb = _digits_removed(shape, elims)
    text = (
        f"Death Blossom: whatever {shape.cell_name(stem)} "
        f"{digits_set(shape, st.cands[stem])} holds, the almost locked set of that digit "
        f"({'; '.join(petal_text)}) loses it, since each of its places sees "
        f"{shape.cell_name(stem)}, and is locked; {z_text} "
        f"{verb} in every set, so in one of them: "
        f"{elim_text(shape, elims)}."
    )
    return Step(
        "death_blossom",
        "Death Blossom",
        text,
        eliminations=tuple(elims),
        cells=(stem, *cells),
        units=tuple(sets[i].unit for i in chosen),
        candidates=tuple((c, d) for c in cells for d in st.candidate_digits(c)),
        secondary=tuple((stem, d) for d in st.candidate_digits(stem)),
        rating=7.9,
        sets=tuple(tuple(cells_of(sets[i].cells)) for i in chosen),
    )


#: Longest ALS chain searched (in sets), and how many partial chains one search may grow
#: (the work is bounded whatever the position; the bound is the same on every machine, so
#: the result is too).
MAX_CHAIN = 5
CHAIN_WORK = 20_000


def als_chain(st: State) -> Step | None:
    """Almost locked sets A1, A2, ..., Ak (four or more), each sharing a restricted common
    digit with the next, no two consecutive ones the same. Consecutive sets have no cell
    in common; sets further apart may overlap, since each inference below concerns two
    consecutive sets only (HoDoKu allows the same). If A1 held
    no z, it would be locked and hold its common digit with A2, which then lacks it and
    is locked, and so on to Ak, which is locked without its common digit with A(k-1) and
    holds z. So a digit z of A1 and Ak (not their common digits with the chain) is in one
    of them, and cells seeing every z of both lose z. The shortest chain is taken."""
    core = _native(st)
    if core is not None:
        found = core.als_chain(
            native.geometry(st.rules),
            st.cands,
            st.empty,
            _limit(st, None),
            MAX_CHAIN,
            CHAIN_WORK,
        )
        if found is None:
            return None
        chain, commons, removed = found
        return _chain_step(st, find_als(st), list(chain), list(commons), list(removed))
    shape = st.shape
    sets, graph = _restricted_graph(st)
    digits_of = shape.digits_of_mask
    # A set can end a chain only if some digit of it has cells outside seeing all its
    # places (large sets rarely do): the search starts and ends at those alone.
    reach = [0] * len(sets)  # cells seeing every place of some digit of the set
    for i, a in enumerate(sets):
        for z in digits_of[a.mask]:
            reach[i] |= a.seen[z]
    work = 0
    for length in range(4, MAX_CHAIN + 1):
        best: tuple[int, list[int], list[int], list[tuple[int, int]]] | None = None
        for first in range(len(sets)):
            if not reach[first]:
                continue
            stack: list[tuple[list[int], list[int], int]] = [([first], [], sets[first].cells)]
            while stack:
                path, rccs, cells = stack.pop()
                work += 1
                if work > CHAIN_WORK:
                    break
                last = path[-1]
                if len(path) < length - 1:
                    for nxt, r in graph[last]:
                        if (rccs and r == rccs[-1]) or nxt in path:
                            continue
                        stack.append(([*path, nxt], [*rccs, r], cells | sets[nxt].cells))
                    continue
                # The last set: its chains are judged here, in the order (and with the
                # work) they would have been pushed and popped.
                a = sets[first]
                for nxt, r in reversed(graph[last]):
                    if r == rccs[-1] or nxt in path:
                        continue
                    work += 1
                    if work > CHAIN_WORK:
                        break
                    if nxt < first:
                        continue  # the same chain read from the other end
                    b = sets[nxt]
                    zs = a.mask & b.mask & ~(1 << (rccs[0] - 1)) & ~(1 << (r - 1))
                    if not zs:
                        continue
                    size = (cells | b.cells).bit_count()
                    if (best is not None and size >= best[0]) or not reach[first] & reach[nxt]:
                        continue
                    elims = [(c, z) for z in digits_of[zs] for c in cells_of(a.seen[z] & b.seen[z])]
                    if elims:
                        best = (size, [*path, nxt], [*rccs, r], sorted(elims))
                else:
                    continue
                break
        if best is not None:
            return _chain_step(st, sets, *best[1:])
    return None


def _chain_step(
    st: State, sets: list[Als], path: list[int], rccs: list[int], elims: list[tuple[int, int]]
) -> Step:
    shape = st.shape
    parts = []
    cells: list[int] = []
    for k, i in enumerate(path):
        a = sets[i]
        cells += cells_of(a.cells)
        parts.append(_set_text(shape, a))
        if k < len(rccs):
            parts.append(f"={sym(shape, rccs[k])}=")
    z_text, verb = _digits_removed(shape, elims)
    text = (
        f"ALS chain: {' '.join(parts)} are almost locked sets, each sharing the digit "
        f"shown with the next only where they see each other. If the first held no "
        f"{z_text}, it would be locked, and so would each set after it, down to the last, "
        f"which would then hold {z_text}: {z_text} {verb} "
        f"in the first or the last set, so {elim_text(shape, elims)}."
    )
    ends = sets[path[0]].cells | sets[path[-1]].cells
    middle = 0
    for i in path[1:-1]:
        middle |= sets[i].cells
    return Step(
        "als_chain",
        "ALS Chain",
        text,
        eliminations=tuple(elims),
        # Sets apart in the chain may share cells: each cell is named once.
        cells=tuple(dict.fromkeys(cells)),
        units=tuple(sets[i].unit for i in path),
        candidates=tuple((c, d) for c in cells_of(ends) for d in st.candidate_digits(c)),
        secondary=tuple((c, d) for c in cells_of(middle & ~ends) for d in st.candidate_digits(c)),
        rating=round(7.9 + 0.1 * (len(path) - 4), 1),
        sets=tuple(tuple(cells_of(sets[i].cells)) for i in path),
    )
