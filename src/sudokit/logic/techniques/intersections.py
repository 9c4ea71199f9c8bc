"""Locked candidates: pointing (box → line) and claiming (line → box), and their *direct*
forms (Sudoku Explainer's names) whose eliminations at once leave a hidden single."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..candidates import State, cells_of
from ..step import Candidate, Step, cells_text, elim_text, sym
from ._shared import single_after

# (unit the digit is confined in, the other unit, digit, its cells, cells losing it)
Instance = tuple[int, int, int, int, int]


def _confined(st: State, units: Iterable[int]) -> Iterator[Instance]:
    """In each of ``units``, a digit whose places all lie where it crosses another unit
    leaves the rest of that other unit (Tatham's ``solver_intersect``, for any two units
    that share two cells or more: box and line, region and line, diagonal and box,
    window and line...)."""
    t = st.tables
    n = t.n
    for u in units:
        ubits = t.unit_bits[u]
        for d in range(1, n + 1):
            x = st.dcells[d] & ubits
            if not x or not x & (x - 1):
                continue  # none, or a hidden single
            for v, inter in t.overlaps[u]:
                if x & ~inter:
                    continue
                out = st.dcells[d] & t.unit_bits[v] & ~ubits
                if out:
                    yield u, v, d, x, out


def _pointing_all(st: State) -> Iterator[Instance]:
    """Confined in a box (or region, diagonal, window), pointing out of it."""
    t = st.tables
    n = t.n
    return _confined(st, (*range(2 * n, 3 * n), *t.extras))


def _claiming_all(st: State) -> Iterator[Instance]:
    """Confined in a line, claiming where it crosses a box (or other unit)."""
    return _confined(st, range(2 * st.tables.n))


def _step(
    st: State,
    tid: str,
    name: str,
    inst: Instance,
    rating: float,
    single: tuple[int, int, int] | None = None,
) -> Step:
    shape = st.shape
    rules = st.rules
    where, other, d, x, out = inst
    elims: tuple[Candidate, ...] = tuple((c, d) for c in cells_of(out))
    cells = cells_of(x)
    text = (
        f"In {rules.unit_name(where)}, {sym(shape, d)} can only be in "
        f"{rules.unit_name(other)} ({cells_text(shape, cells)}), so "
        f"{elim_text(shape, elims)}"
    )
    placements: tuple[Candidate, ...] = ()
    if single is not None:
        c, dd, u = single
        text += (
            f"; that leaves {shape.cell_name(c)} the only place for {sym(shape, dd)} in "
            f"{rules.unit_name(u)}, so {shape.cell_name(c)} is {sym(shape, dd)}"
        )
        placements = ((c, dd),)
    return Step(
        tid,
        name,
        text + ".",
        placements=placements,
        eliminations=elims,
        cells=tuple(cells),
        units=(where, other),
        candidates=tuple((c, d) for c in cells),
        rating=rating,
    )


def pointing(st: State) -> Step | None:
    """A digit confined to one line inside a box leaves the rest of that line."""
    for inst in _pointing_all(st):
        return _step(st, "pointing", "Pointing", inst, 2.6)
    return None


def claiming(st: State) -> Step | None:
    """A digit confined to one box inside a line leaves the rest of that box."""
    for inst in _claiming_all(st):
        return _step(st, "claiming", "Claiming", inst, 2.8)
    return None


def direct_pointing(st: State) -> Step | None:
    """Pointing whose eliminations leave a hidden single in another box, placed in the same
    step (as Sudoku Explainer has it: a single in a line is a plain pointing, then a
    hidden single)."""
    for inst in _pointing_all(st):
        kind = st.tables.kind_of[inst[0]]
        single = single_after(st, [(c, inst[2]) for c in cells_of(inst[4])], kind)
        if single is not None:
            return _step(st, "direct_pointing", "Direct Pointing", inst, 1.7, single)
    return None


def direct_claiming(st: State) -> Step | None:
    """Claiming whose eliminations leave a hidden single in another line of the same kind,
    placed in the same step (Sudoku Explainer's rule)."""
    kind_of = st.tables.kind_of
    for inst in _claiming_all(st):
        single = single_after(st, [(c, inst[2]) for c in cells_of(inst[4])], kind_of[inst[0]])
        if single is not None:
            return _step(st, "direct_claiming", "Direct Claiming", inst, 1.9, single)
    return None
