"""Locked candidates: pointing (box → line) and claiming (line → box), and their *direct*
forms (Sudoku Explainer's names) whose eliminations at once leave a hidden single."""

from __future__ import annotations

from collections.abc import Iterator

from ..candidates import State, cells_of
from ..step import Candidate, Step, cells_text, elim_text, sym
from ._shared import single_after

# (unit the digit is confined in, the other unit, digit, its cells, cells losing it)
Instance = tuple[int, int, int, int, int]


def _pointing_all(st: State) -> Iterator[Instance]:
    t = st.tables
    n = t.n
    for b in range(n):
        box = 2 * n + b
        bbits = t.unit_bits[box]
        for d in range(1, n + 1):
            x = st.dcells[d] & bbits
            if not x or not x & (x - 1):
                continue  # none, or a hidden single
            for line, inter in t.box_lines[b]:
                if x & ~inter:
                    continue
                out = st.dcells[d] & t.unit_bits[line] & ~bbits
                if out:
                    yield box, line, d, x, out


def _claiming_all(st: State) -> Iterator[Instance]:
    t = st.tables
    n = t.n
    for line in range(2 * n):
        lbits = t.unit_bits[line]
        for d in range(1, n + 1):
            x = st.dcells[d] & lbits
            if not x or not x & (x - 1):
                continue
            for box, inter in t.line_boxes[line]:
                if x & ~inter:
                    continue
                out = st.dcells[d] & t.unit_bits[box] & ~lbits
                if out:
                    yield line, box, d, x, out


def _step(
    st: State,
    tid: str,
    name: str,
    inst: Instance,
    rating: float,
    single: tuple[int, int, int] | None = None,
) -> Step:
    shape = st.shape
    where, other, d, x, out = inst
    elims: tuple[Candidate, ...] = tuple((c, d) for c in cells_of(out))
    cells = cells_of(x)
    text = (
        f"In {shape.unit_name(where)}, {sym(shape, d)} can only be in "
        f"{shape.unit_name(other)} ({cells_text(shape, cells)}), so "
        f"{elim_text(shape, elims)}"
    )
    placements: tuple[Candidate, ...] = ()
    if single is not None:
        c, dd, u = single
        text += (
            f"; that leaves {shape.cell_name(c)} the only place for {sym(shape, dd)} in "
            f"{shape.unit_name(u)}, so {shape.cell_name(c)} is {sym(shape, dd)}"
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
        single = single_after(st, [(c, inst[2]) for c in cells_of(inst[4])], 2)
        if single is not None:
            return _step(st, "direct_pointing", "Direct Pointing", inst, 1.7, single)
    return None


def direct_claiming(st: State) -> Step | None:
    """Claiming whose eliminations leave a hidden single in another line of the same kind,
    placed in the same step (Sudoku Explainer's rule)."""
    n = st.tables.n
    for inst in _claiming_all(st):
        single = single_after(st, [(c, inst[2]) for c in cells_of(inst[4])], inst[0] // n)
        if single is not None:
            return _step(st, "direct_claiming", "Direct Claiming", inst, 1.9, single)
    return None
