"""Screening: does a puzzle finish with the techniques up to a level? Found fast.

Graded generation throws away nearly every candidate puzzle (about 249 of 250 on the way
to one 9×9 ``extreme``), and grading each in full costs milliseconds: the engine walks
the path in registry order, and before every hard step it tries every easier technique
again, while its AIC search looks for the shortest chain of all. To reject a candidate
only the question "do the techniques up to level L finish it?" matters, and the answer
hardly depends on which step comes first: a sound step only removes candidates, and with
fewer candidates a pattern still holds or has turned into something simpler (a pair into
singles, a chain into a shorter one). For singles, intersections and subsets this is
exact; for fish, wings, uniqueness and chains (whose search is bounded) it is measured:
screening and the engine agreed on every generated candidate tried (see
``docs/logic.md``). So :func:`finishes` tries cheap, productive techniques first, applies a batch of
alternating inference chains at once (the first found from each start rather than the
shortest), and places singles in sweeps; :func:`singles_finish` asks the bit-parallel
solver, which settles singles in tens of microseconds.

Screening never grades: a candidate it does not reject is rated by
:func:`sudokit.logic.rate` as always, so a kept puzzle rates exactly as ``rate`` says.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..geometry import Rules, per_rules
from ..grid import Grid
from ..solvers.fast import engine
from .candidates import State, cells_of
from .engine import select
from .step import Candidate
from .techniques import Technique, chains

# Cheapest and most productive first, measured on generated 9×9 candidates: basic
# eliminations, then the wings and fish that are quick to look for, then chains (which
# stand in for most single-digit patterns), the rest after. The uniqueness patterns come
# before the other wings and fish: they are not monotonic (other eliminations can take
# a rectangle's pattern away without leaving an easier step), so they are taken while
# they are there, as the engine's order takes them. Techniques not named here come
# last, in registry order.
_PREFERENCE = (
    "full_house",
    "hidden_single",
    "naked_single",
    "cage_last_cell",
    "cage_one_combination",
    "cage_combination",
    "cage_hidden_single",
    "cage_unit_overlap",
    "cage_permutation",
    "cage_pointing",
    "innie_outie",
    "pointing",
    "claiming",
    "nonconsecutive_neighbour",
    "nonconsecutive_pointing",
    "law_of_leftovers",
    "naked_pair",
    "hidden_pair",
    "innie_outie_pair",
    "hidden_cage",
    "cage_split",
    "aic",
    "naked_triple",
    "hidden_triple",
    "x_wing",
    "xy_wing",
    "xyz_wing",
    "unique_rectangle_1",
    "unique_rectangle_2",
    "unique_rectangle_4",
    "unique_rectangle_5",
    "unique_rectangle_3",
    "unique_rectangle_6",
    "hidden_rectangle",
    "bug_plus_one",
    "w_wing",
    "swordfish",
    "naked_quad",
    "hidden_quad",
    "jellyfish",
    "skyscraper",
    "two_string_kite",
    "turbot_fish",
    "empty_rectangle",
    "simple_colouring",
    "multi_colouring",
    "x_chain",
    "xy_chain",
    "medusa",
    "sashimi_x_wing",
    "sashimi_swordfish",
    "sashimi_jellyfish",
    "finned_x_wing",
    "finned_swordfish",
    "finned_jellyfish",
    "sue_de_coq",
    "als_xz",
    "als_xy_wing",
    "als_chain",
    "death_blossom",
    # Rarely productive and the costliest searches below extreme: last.
    "aligned_pair_exclusion",
    "aligned_triple_exclusion",
)
_RANK = {tid: i for i, tid in enumerate(_PREFERENCE)}
#: Techniques the screen leaves out: every elimination of a continuous loop is also the
#: end of an AIC (the loop without that weak link), and the AIC batch finds those.
SUBSUMED = frozenset({"nice_loop"})
_SINGLES = frozenset({"full_house", "hidden_single", "naked_single"})


Move = tuple[tuple[Candidate, ...], tuple[Candidate, ...]]

#: How many chains one AIC search gathers before its eliminations are applied: one
#: graph serves several (measured on 9×9 candidates: about 30 % faster than one chain
#: per search, or than every start's).
AIC_BATCH = 8


def aic_batch(st: State, batch: int = AIC_BATCH) -> Move | None:
    """Placements and eliminations of up to ``batch`` alternating inference chains
    (the first found from each start, not the shortest), or None when there is none."""
    g = chains.graph(st, "aic")
    placements: set[Candidate] = set()
    eliminations: set[Candidate] = set()
    found = 0
    for start in sorted(g.strong):
        chain = chains._walk(st, g, start, chains.MAX_NODES + 1)
        if chain is not None:
            placements.update(chain.placements)
            eliminations.update(chain.eliminations)
            found += 1
            if found >= batch:
                break
    return (tuple(sorted(placements)), tuple(sorted(eliminations))) if found else None


@per_rules
def _orders(rules: Rules) -> dict[tuple[str, bool], tuple[Technique, ...]]:
    return {}


def _order(max_level: str, rules: Rules, unique: bool) -> tuple[Technique, ...]:
    known = _orders(rules)
    order = known.get((max_level, unique))
    if order is None:
        order = known[max_level, unique] = _sorted_order(max_level, rules, unique)
    return order


def _sorted_order(max_level: str, rules: Rules, unique: bool) -> tuple[Technique, ...]:
    chosen = [
        t for t in select(max_level=max_level, rules=rules, unique=unique) if t.id not in SUBSUMED
    ]
    return tuple(sorted(chosen, key=lambda t: _RANK.get(t.id, len(_RANK))))


def _move(tech: Technique, st: State) -> Move | None:
    if tech.id == "aic":
        return aic_batch(st)
    step = tech.find(st)
    return None if step is None else (step.placements, step.eliminations)


def _singles(st: State) -> list[Candidate]:
    """Every naked and hidden single of the position, all kinds at once."""
    t = st.tables
    n = t.n
    ub = t.unit_bits
    dcells = st.dcells
    cands = st.cands
    out: dict[int, int] = {}
    for u in range(len(ub)):
        b = ub[u]
        for d in range(1, n + 1):
            x = dcells[d] & b
            if x and not x & (x - 1):
                out[x.bit_length() - 1] = d
    for c in cells_of(st.empty):
        m = cands[c]
        if m and not m & (m - 1):
            out[c] = m.bit_length()
    return list(out.items())


def singles_finish(grid: Grid) -> bool:
    """Whether naked and hidden singles alone fill the grid (an ``easy`` puzzle)."""
    if not grid.rules.classic:  # the bit-parallel solver knows boxes only
        st = State.from_grid(grid)
        while not st.is_solved():
            placements = _singles(st)
            if not placements:
                return False
            st = st.applied(placements)
        return not st.broken()
    return engine(grid.shape).settles(grid.cells)


def finishes(grid: Grid, max_level: str, *, unique: bool = True) -> bool:
    """Whether the techniques up to ``max_level`` finish the puzzle, in any order.

    ``unique``: the puzzle is known to have one solution (allows uniqueness techniques).
    """
    return stuck(grid, max_level, unique=unique) is None


def stuck(grid: Grid, max_level: str, *, unique: bool = True) -> tuple[int, ...] | None:
    """Where the techniques up to ``max_level`` leave the puzzle: the candidate masks of
    the position none of them changes (one per cell, 0 for a filled cell), or None when
    they finish it (``()`` if the givens contradict).

    No technique of ``select(max_level=...)`` finds a step there: each was tried, but
    the continuous loops (no AIC is left, and each loop elimination ends one) and the
    direct forms (their plain forms find nothing). So the engine, on reaching the same
    position with the same techniques, can end there (``rate(known_stuck=...)``).
    """
    # The generator asks the level below its target, and rating the kept candidate asks
    # it again (see grade.lowest_level): the last answers are kept.
    return _stuck(grid, max_level, unique)


def _stuck(grid: Grid, max_level: str, unique: bool) -> tuple[int, ...] | None:
    at = _stuck_state(grid, max_level, unique)
    return at if at is None or isinstance(at, tuple) else tuple(at.cands)


@lru_cache(maxsize=32)
def _stuck_state(grid: Grid, max_level: str, unique: bool) -> State | tuple[()] | None:
    """Where the techniques up to ``max_level`` leave the puzzle (a state none of them
    changes), None when they finish it, ``()`` when the givens contradict."""
    order, singles = _screen_order(max_level, grid.rules, unique)
    if singles and grid.rules.classic:
        # The bit-parallel solver places the opening run of singles.
        cells = engine(grid.shape).singles(grid.cells)
        if cells is None:
            return ()
        if all(cells):
            return None
        grid = Grid(grid.rules, cells)
    return _run(State.from_grid(grid), order, singles)


def _screen_order(max_level: str, rules: Rules, unique: bool) -> tuple[tuple[Technique, ...], bool]:
    """The screen's techniques up to ``max_level``, and whether singles are swept (then
    the single techniques are left out of the order: they would find nothing after a
    sweep)."""
    order = _order(max_level, rules, unique)
    singles = {t.id for t in order} >= _SINGLES
    if singles:
        order = tuple(t for t in order if t.id not in _SINGLES)
    return order, singles


def _run(
    st: State, order: tuple[Technique, ...], singles: bool, tried: frozenset[str] = frozenset()
) -> State | None:
    """``st`` advanced by ``order`` (and singles sweeps) until none changes it (that
    state) or it is solved (None). ``tried``: techniques known to find nothing in
    ``st`` itself (it is where they got stuck), not asked again until a move is made."""
    while not st.is_solved():
        placements = _singles(st) if singles else ()
        if placements:
            st = st.applied(placements)
            tried = frozenset()
            continue
        for tech in order:
            if tech.id in tried:
                continue
            move = _move(tech, st)
            if move is not None:
                st = st.applied(*move)
                tried = frozenset()
                break
        else:
            return st
    return None


def first_finishing(
    grid: Grid, levels: Sequence[str], *, unique: bool = True
) -> tuple[int, tuple[int, ...] | None]:
    """The index of the first of ``levels`` (easiest first) whose techniques finish the
    puzzle, and None; or ``len(levels)`` and where the last level's techniques leave it
    (as :func:`stuck` tells it: candidate masks, 0 for a filled cell; ``()`` when the
    givens contradict). One screen pass: each level goes on from where the one before it
    stopped (its techniques include theirs, and a sound step only takes candidates away,
    so that position is one it reaches too); there, the techniques of the level before
    are not asked again until a move is made (each found nothing in that very
    position). ``levels[0]`` is asked as :func:`stuck` asks it, and its answer kept for
    it."""
    if not levels:
        return 0, None
    at = _stuck_state(grid, levels[0], unique)
    if at is None:
        return 0, None
    if isinstance(at, tuple):
        return len(levels), ()
    tried = frozenset(t.id for t in _screen_order(levels[0], grid.rules, unique)[0])
    for i, level in enumerate(levels[1:], 1):
        order, singles = _screen_order(level, grid.rules, unique)
        after = _run(at, order, singles, tried)
        if after is None:
            return i, None
        at = after
        tried = frozenset(t.id for t in order)
    return len(levels), tuple(at.cands)


__all__ = ["AIC_BATCH", "aic_batch", "finishes", "first_finishing", "singles_finish", "stuck"]
