"""Aligned pair and triple exclusion (Sudoku Explainer's "Aligned Pair Exclusion", 6.2,
and "Aligned Triplet Exclusion", 7.5).

Take two cells (three) and every cell that sees all of them and holds only two
candidates (two or three): such an *excluder* cannot have all its candidates taken by
the base cells. So a choice of digits for the base cells that covers an excluder's
candidates is impossible, and so is one that puts a digit twice in cells that see each
other. A candidate of a base cell that takes part in no possible choice is removed.

The search is Sudoku Explainer's, so that a path takes these steps where SE does: any
two cells with two excluders or more in common; for three, a third cell with two or
three candidates that sees one of the other two (SE's "twin area", which keeps the
search small), again with two excluders or more in common (and, to keep the time, at
most :data:`TRIPLE_MOST` candidates in the three cells). "Sees" is the rules' peer
relation, so the technique holds under every rule set: an excluder cannot share a digit
with any base cell it sees.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...geometry import Rules, Shape
from ..candidates import EARLIER, State, cells_of
from ..step import Candidate, Step, digits_set, elim_text, join, sym

#: Ratings on the Sudoku Explainer scale.
PAIR_RATING = 6.2
TRIPLE_RATING = 7.5

#: The most candidates the three cells of a triple exclusion hold in all: sets of eleven
#: or more are nearly half of those searched, and the search is kept to the time rating
#: can spare. Of the triple exclusions found on the paths of the sudoku-exchange puzzles
#: Sukaku Explainer rates 7.5 and of magictour top1465's first 300, all but a few held 8
#: to 10 (one of eleven on Sudoku Explainer's path of a top1465 puzzle, which then takes
#: a chain and scores 8.5 for SE's 7.5).
TRIPLE_MOST = 10

_NAMES = {2: "Aligned Pair Exclusion", 3: "Aligned Triple Exclusion"}
_IDS = {2: "aligned_pair_exclusion", 3: "aligned_triple_exclusion"}


def aligned_pair_exclusion(st: State) -> Step | None:
    """Two cells with two or more bivalue cells seeing both: a candidate of one that,
    with every candidate of the other, would empty one of those cells (or repeat a digit
    in a unit they share) is removed."""
    peer = st.tables.peer_bits
    cands = st.cands
    excl, base, changed = _prepare(st, 2)
    below = 0  # the base cells before b
    for b in base:
        seen_b = peer[b] & excl
        partners = _twice(peer, seen_b) & below
        below |= 1 << b
        if not (changed >> b & 1 or seen_b & changed):
            partners &= changed  # else as searched before
        if not partners:
            continue
        mb = cands[b]
        held_b = [(peer[e], cands[e]) for e in cells_of(seen_b)]
        for a in cells_of(partners):
            # Only a digit of one cell whose every partner in the other empties an
            # excluder with it can go: such excluders hold a digit of each cell.
            ma = cands[a]
            with_: dict[int, int] = {}
            for pe, me in held_b:
                if pe >> a & 1:
                    p = me & -me
                    q = me ^ p
                    if (p & ma and q & mb) or (q & ma and p & mb):
                        with_[p] = with_.get(p, 0) | q
                        with_[q] = with_.get(q, 0) | p
            aligned = peer[a] >> b & 1
            for x, partner in with_.items():
                if (x & ma and not (mb & ~x if aligned else mb) & ~partner) or (
                    x & mb and not (ma & ~x if aligned else ma) & ~partner
                ):
                    found = _exclusion(st, (a, b), seen_b & peer[a])
                    if found is not None:
                        return found
                    break
    _found_nothing(st, 2)
    return None


def aligned_triple_exclusion(st: State) -> Step | None:
    """Three cells with two or more cells of two or three candidates seeing all three (one
    of the three cells has two or three candidates itself and sees another of them): a
    candidate of one that fits no choice of digits for the other two is removed."""
    peer = st.tables.peer_bits
    cands = st.cands
    pop = st.shape.popcount
    excl, base, changed = _prepare(st, 3)
    base_bits = 0
    # up_to[k]: the base cells with k candidates or fewer.
    up_to = [0] * (TRIPLE_MOST + 1)
    for c in base:
        base_bits |= 1 << c
        k = pop[cands[c]]
        if k <= TRIPLE_MOST:
            up_to[k] |= 1 << c
    for k in range(1, TRIPLE_MOST + 1):
        up_to[k] |= up_to[k - 1]
    below = 0  # the base cells before b
    for b in base:
        seen_b = peer[b] & excl
        above_b = base_bits & ~((2 << b) - 1)
        room = TRIPLE_MOST - 2 - pop[cands[b]]  # for a, leaving two for the third
        partners = _twice(peer, seen_b) & below & up_to[max(room, 0)]
        below |= 1 << b
        # What changed since a search that found nothing (everything, on a first one):
        # a set needs a changed cell or a changed excluder to find something now.
        b_new = changed >> b & 1
        thirds_new = above_b & changed
        if not (b_new or seen_b & changed or thirds_new):
            partners &= changed
        for a in cells_of(partners):
            common2 = seen_b & peer[a]
            need = above_b if b_new or changed >> a & 1 or common2 & changed else thirds_new
            if not need:
                continue
            # The excluders the three cells can empty: the pair's digits leave at most
            # one of theirs for the third cell.
            ma, mb = cands[a], cands[b]
            ab_digits = ma | mb
            held_by = []
            emptiable = 0
            for e in cells_of(common2):
                me = cands[e]
                rest = me & ~ab_digits
                if not rest & (rest - 1):
                    held_by.append((peer[e], me))
                    emptiable |= 1 << e
            # The third cell (after b) sees two of them or more.
            thirds = _twice(peer, emptiable) & need & up_to[room + 2 - pop[ma]]
            if not thirds:
                continue
            pa, pb = peer[a], peer[b]
            ab = pa >> b & 1
            a_small, b_small = excl >> a & 1, excl >> b & 1
            for c in cells_of(thirds):
                # SE's twin area: one of the three has two or three candidates and sees
                # another of them.
                if not (
                    (a_small and (ab or pa >> c & 1))
                    or (b_small and (ab or pb >> c & 1))
                    or (excl >> c & 1 and (pa >> c & 1 or pb >> c & 1))
                ):
                    continue
                # Cheap conditions first. Two excluders or more that the three cells can
                # empty (with one, what goes is a short chain's, found long before);
                mc = cands[c]
                union = ma | mb | mc
                held = 0
                count = 0
                for pe, me in held_by:
                    if pe >> c & 1 and not me & ~union:
                        held |= me
                        count += 1
                if count < 2:
                    continue
                # and a digit that not every choice of free digits (in no excluder)
                # supports.
                fa, fb, fc = pop[ma & ~held], pop[mb & ~held], pop[mc & ~held]
                if (
                    min(fb, fc) >= 2
                    and max(fb, fc) >= 3
                    and min(fa, fc) >= 2
                    and max(fa, fc) >= 3
                    and min(fa, fb) >= 2
                    and max(fa, fb) >= 3
                ):
                    continue
                excluders = [me for pe, me in held_by if pe >> c & 1 and not me & ~union]
                pc = peer[c]
                sees = [
                    [False, ab, pc >> a & 1],
                    [ab, False, pc >> b & 1],
                    [pc >> a & 1, pc >> b & 1, False],
                ]
                if _unsupported([ma, mb, mc], sees, excluders):
                    found = _exclusion(st, (a, b, c), common2 & pc)
                    if found is not None:
                        return found
    _found_nothing(st, 3)
    return None


def _twice(peer: tuple[int, ...], cells: int) -> int:
    """The cells that see two cells of ``cells`` or more."""
    once = twice = 0
    while cells:
        low = cells & -cells
        cells ^= low
        p = peer[low.bit_length() - 1]
        twice |= once & p
        once |= p
    return twice


#: ``State.memo`` keys: the search found nothing in this state.
_KEYS = {2: "aligned.2", 3: "aligned.3"}

#: Per size of set, the rules and candidates of the last position searched in vain. Only
#: ever used to search less where that search already settled the answer (see
#: :func:`_prepare`), so every answer is the same as a full search's.
_LAST: dict[int, tuple[Rules, tuple[int, ...]]] = {}


def _found_nothing(st: State, k: int) -> None:
    st.memo[_KEYS[k]] = True
    _LAST[k] = (st.rules, tuple(st.cands))


def _prepare(st: State, k: int) -> tuple[int, list[int], int]:
    """The excluders (cells of two to ``k`` candidates, as a cell set), the base cells
    (two candidates or more, seeing two excluders or more) and the cells to look at:
    every cell, or, when the state searched before on the path found nothing (or the
    last state searched in vain, of which this one keeps a subset of the candidates),
    the cells whose candidates changed since (a set of base cells and excluders that did
    not change found nothing there, and finds nothing now: excluders only went away)."""
    pop = st.shape.popcount
    cands = st.cands
    peer = st.tables.peer_bits
    excl = 0
    many = []
    for c in cells_of(st.empty):
        m = pop[cands[c]]
        if m >= 2:
            many.append(c)
            if m <= k:
                excl |= 1 << c
    base = []
    for c in many:
        seen = peer[c] & excl
        if seen & (seen - 1):
            base.append(c)
    changed = st.tables.all_cells
    before = st.memo.get(EARLIER)
    old: Sequence[int] | None = None
    if isinstance(before, State) and before.memo.get(_KEYS[k]) and before.rules is st.rules:
        old = before.cands
    else:
        # The last position searched in vain, when this one follows from it (the
        # position before may have had an easier step, and no search).
        last = _LAST.get(k)
        if last is not None and last[0] is st.rules:
            old = last[1]
            if any(m & ~o for m, o in zip(cands, old, strict=True)):
                old = None
    if old is not None:
        changed = 0
        for c, m in enumerate(cands):
            if m != old[c]:
                changed |= 1 << c
    return excl, base, changed


def _exclusion(st: State, cells: tuple[int, ...], common: int) -> Step | None:
    """The step of the base ``cells`` with the excluders ``common``, if it removes
    anything."""
    cands = st.cands
    peer = st.tables.peer_bits
    masks = [cands[c] for c in cells]
    union = 0
    for m in masks:
        union |= m
    # Only an excluder whose digits the base cells all hold can be emptied.
    excluders = [cands[e] for e in cells_of(common) if not cands[e] & ~union]
    if not excluders:
        return None
    # A choice whose other digits lie in no excluder empties none: with two such free
    # digits in each of the other cells (three in one of them), every digit of a cell
    # has one.
    held = 0
    for m in excluders:
        held |= m
    pop = st.shape.popcount
    if len(cells) == 2 and min(pop[m & ~held] for m in masks) >= 2:
        return None  # (three cells: checked before the call)
    sees = [[bool(peer[x] >> y & 1) for y in cells] for x in cells]
    left = _unsupported(masks, sees, excluders)
    if not left:
        return None
    digit = st.shape.digits_of_mask
    out = [(cells[i], d) for i, m in enumerate(left) for d in digit[m]]
    return _step(st, cells, sorted(out), _dead(st, cells, common), sees)


def _dead(st: State, cells: tuple[int, ...], common: int) -> dict[int, int]:
    """Every digit set (a mask) the base ``cells`` can take that empties an excluder,
    with that excluder (the first, in cell order)."""
    cands = st.cands
    k = len(cells)
    union = 0
    for c in cells:
        union |= cands[c]
    dead: dict[int, int] = {}
    for e in cells_of(common):
        me = cands[e]
        if not me & ~union:
            for m in _supersets(me, union & ~me, k - st.shape.popcount[me]):
                dead.setdefault(m, e)
    return dead


def _supersets(mask: int, spare: int, room: int) -> list[int]:
    """``mask`` with up to ``room`` digits of ``spare`` added."""
    out = [mask]
    if room <= 0:
        return out
    bits = []
    while spare:
        low = spare & -spare
        bits.append(low)
        spare ^= low
    for i, x in enumerate(bits):
        out.append(mask | x)
        if room > 1:
            out.extend(mask | x | y for y in bits[i + 1 :])
    return out


def _unsupported(
    masks: list[int], sees: Sequence[Sequence[int]], excluders: list[int]
) -> list[int]:
    """Per base cell (candidate ``masks``), the digits (a mask) in no possible choice of
    digits for all of them: no digit twice in cells that see each other, and no
    excluder (candidate masks of two digits, or of up to three for three cells) left
    without a candidate. An empty list when there are none.

    Bit-parallel: ``pair[x]`` holds the digits that, with ``x``, empty an excluder of two;
    ``third[x | y]`` those that, with ``x`` and ``y``, empty one of three."""
    pair: dict[int, int] = {}
    third: dict[int, int] = {}
    for e in excluders:
        p = e & -e
        rest = e ^ p
        q = rest & -rest
        r = rest ^ q
        if not r:
            pair[p] = pair.get(p, 0) | q
            pair[q] = pair.get(q, 0) | p
        else:
            third[p | q] = third.get(p | q, 0) | r
            third[p | r] = third.get(p | r, 0) | q
            third[q | r] = third.get(q | r, 0) | p
    if len(masks) == 2:
        a, b = masks
        both = sees[0][1]
        left = [0, 0]
        for i, (mine, other) in enumerate(((a, b), (b, a))):
            xs = mine
            while xs:
                x = xs & -xs
                xs ^= x
                ys = other & ~x if both else other
                if not ys & ~pair.get(x, 0):
                    left[i] |= x
        return left if left[0] or left[1] else []
    allowed = [0, 0, 0]
    for i, j, k in ((0, 1, 2), (1, 0, 2), (2, 0, 1)):
        s_ij, s_ik, s_jk = sees[i][j], sees[i][k], sees[j][k]
        xs = masks[i] & ~allowed[i]
        while xs:
            x = xs & -xs
            xs ^= x
            with_x = pair.get(x, 0)
            ys = masks[j] & ~with_x
            if s_ij:
                ys &= ~x
            zs_x = masks[k] & ~with_x
            if s_ik:
                zs_x &= ~x
            while ys:
                y = ys & -ys
                ys ^= y
                zs = zs_x & ~(pair.get(y, 0) | third.get(x | y, 0))
                if s_jk:
                    zs &= ~y
                if zs:  # x, y and any of these
                    allowed[i] |= x
                    allowed[j] |= y
                    allowed[k] |= zs
                    break
    left = [m & ~a for m, a in zip(masks, allowed, strict=True)]
    return left if any(left) else []


def _why(
    st: State,
    cells: tuple[int, ...],
    combo: tuple[int, ...],
    dead: dict[int, int],
    sees: list[list[bool]],
) -> str:
    """Why a choice of digits for the base cells is impossible, in words."""
    shape = st.shape
    k = len(cells)
    for i in range(k):
        for j in range(i + 1, k):
            if combo[i] == combo[j] and sees[i][j]:
                return f"repeats {sym(shape, combo[i])} in {_shared(st, cells[i], cells[j])}"
    mask = 0
    for x in combo:
        mask |= 1 << (x - 1)
    e = dead[mask]
    return f"empties {shape.cell_name(e)} {digits_set(shape, st.cands[e])}"


def _shared(st: State, a: int, b: int) -> str:
    """The unit two cells share, named (or "cells that see each other")."""
    t = st.tables
    for u in t.unit_of[a]:
        if t.unit_bits[u] >> b & 1:
            return st.rules.unit_name(u)
    return f"{st.shape.cell_name(a)} and {st.shape.cell_name(b)}, which see each other"


def _step(
    st: State,
    cells: tuple[int, ...],
    elims: list[Candidate],
    dead: dict[int, int],
    sees: list[list[bool]],
) -> Step:
    shape = st.shape
    cn = shape.cell_name
    k = len(cells)
    excluders = sorted(set(dead.values()))
    parts = []
    for cell, d in elims:
        i = cells.index(cell)
        reasons = [
            f"{_combo_name(shape, cells, combo, i)} {_why(st, cells, combo, dead, sees)}"
            for combo in _combos(i, d, st, cells)
        ]
        parts.append(f"if {cn(cell)} were {sym(shape, d)}: {', '.join(reasons)}")
    where = join([f"{cn(c)} {digits_set(shape, st.cands[c])}" for c in cells])
    seen = join([f"{cn(e)} {digits_set(shape, st.cands[e])}" for e in excluders])
    text = (
        f"{_NAMES[k]}: {where} {'both' if k == 2 else 'all'} see {seen}, so their "
        f"digits must leave each of those a candidate (and cells that see each other "
        f"cannot share a digit); {'; '.join(parts)}; so {elim_text(shape, elims)}."
    )
    return Step(
        _IDS[k],
        _NAMES[k],
        text,
        eliminations=tuple(elims),
        cells=(*cells, *excluders),
        candidates=tuple((c, d) for c in cells for d in st.candidate_digits(c)),
        secondary=tuple((e, d) for e in excluders for d in st.candidate_digits(e)),
        rating=PAIR_RATING if k == 2 else TRIPLE_RATING,
    )


def _combos(i: int, d: int, st: State, cells: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every choice of digits for the base cells with cell ``i`` taking ``d``."""
    out: list[tuple[int, ...]] = [()]
    for j, c in enumerate(cells):
        opts = (d,) if j == i else st.candidate_digits(c)
        out = [(*x, y) for x in out for y in opts]
    return out


def _combo_name(shape: Shape, cells: tuple[int, ...], combo: tuple[int, ...], i: int) -> str:
    """``r1c5 = 3`` or ``r1c5, r2c7 = 3, 8``: the other cells' digits in a choice."""
    others = [j for j in range(len(cells)) if j != i]
    names = ", ".join(shape.cell_name(cells[j]) for j in others)
    return f"{names} = {', '.join(sym(shape, combo[j]) for j in others)}"
