"""Killer techniques of the 45 rule: units whose digits' sum is known, less the cages inside.

- **Innie/Outie** (the 45 rule): rows, columns or boxes (1 to 4 adjacent ones) hold every
  digit once each, so their digits sum to 45 each (on 9×9). Less the cages wholly inside,
  the cells left (the *innies*) have a known sum; the cages that cover them stick out by
  cells (the *outies*) whose sum is known too. One such cell is placed.
- **Innie/Outie Pair**: two innies (or outies) with a known sum: a 2-cell virtual cage.
- **Hidden Cage**: three to five of them: a larger virtual cage with a known sum.
- **Cage Split**: the innies of some units are all in one cage that crosses them: the
  cage splits into two parts with known sums (the innies', and the rest's), and either
  part, lying wholly inside other units, counts there as a cage: the 45 rule over those
  units leaves new innies with a known sum (Solo's ``split_block``).

Virtual cages of innies or outies may repeat a digit where two of their cells are not
peers: every deduction on them allows that.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...geometry import Rules, per_rules
from ..candidates import State, Tables, cells_of, cellset
from ..step import Candidate, Step, cells_text, elim_text, join, sym
from .killer import MAX_VIRTUAL, Part, _options, _union, cage_name, cage_parts, placed_memo

#: The most adjacent rows (or columns) the 45 rule takes together.
MAX_LINES = 4


# --- the 45 rule ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Virtual:
    """Cells the 45 rule gives a sum: ``kind`` is ``innies``, ``outies`` or ``split``;
    ``units`` the group of units; ``part`` the cells and sum; ``cages`` the cages the
    sum was taken from (inside the units for innies and splits, covering them for
    outies); ``unit_total`` what the units' empty cells add up to, ``cage_total`` what
    those cages do. A split also has ``split``: the :class:`Split` whose piece lies in
    the units (its sum is taken off too)."""

    kind: str
    units: tuple[int, ...]
    part: Part
    cages: tuple[int, ...]
    unit_total: int
    cage_total: int
    split: Split | None = None


@dataclass(frozen=True, slots=True)
class Split:
    """A cage the 45 rule splits: the innies of ``innies`` (a :class:`Virtual`) all lie
    in cage ``cage``, which crosses the units; ``piece`` is the part of the cage used
    next (its cells in the units, or the rest of it) and ``piece_total`` its sum."""

    innies: Virtual
    cage: int
    piece: tuple[int, ...]
    piece_total: int


@per_rules
def _groups(rules: Rules) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Groups of units the 45 rule takes together, fewest units first: 1 to
    :data:`MAX_LINES` adjacent rows, the same of columns, single boxes (or regions) and
    two boxes (or regions) side by side. ``(units, cell set)``."""
    t = _tables(rules)
    n = t.n
    out: list[tuple[tuple[int, ...], int]] = []
    for k in range(1, min(MAX_LINES, n - 1) + 1):
        for first in (0, n):
            for a in range(n - k + 1):
                units = tuple(range(first + a, first + a + k))
                out.append((units, _union(t, units)))
        if k == 1:
            out.extend(((u,), t.unit_bits[u]) for u in range(2 * n, 3 * n))
        if k == 2:
            for r in range(2 * n, 3 * n):
                for s in range(r + 1, 3 * n):
                    if _touch(t, t.unit_bits[r], t.unit_bits[s]):
                        out.append(((r, s), t.unit_bits[r] | t.unit_bits[s]))
    return tuple(out)


@per_rules
def _near(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """Per group of :func:`_groups`, the cages with a cell in it, in cage order (only
    they can lie inside it or cross it)."""
    cages = [cellset(c.cells) for c in rules.cages]
    return tuple(tuple(i for i, b in enumerate(cages) if b & group) for _, group in _groups(rules))


def _tables(rules: Rules) -> Tables:
    from ..candidates import tables

    return tables(rules)


def _touch(t: Tables, a: int, b: int) -> bool:
    """Whether two cell sets share an edge."""
    n = t.n
    for c in cells_of(a):
        r, col = divmod(c, n)
        if (col + 1 < n and b >> (c + 1) & 1) or (r + 1 < n and b >> (c + n) & 1):
            return True
        if (col and b >> (c - 1) & 1) or (r and b >> (c - n) & 1):
            return True
    return False


def virtual_cages(st: State) -> list[Virtual]:
    """Every innie, outie and split-cage part the 45 rule gives, in the order the
    groups come (fewest units first), the splits last."""
    held = placed_memo(st)  # they depend on the placed digits alone
    cached = held.get("virtual")
    if cached is not None:
        return cached  # type: ignore[return-value]
    t = st.tables
    n = t.n
    per_unit = n * (n + 1) // 2
    values = st.values
    parts = cage_parts(st)
    bits = [cellset(p.cells) if p else 0 for p in parts]
    # Cells in a cage with a sum (whose remaining sum is known).
    summed = 0
    for b in bits:
        summed |= b
    peer = t.peer_bits
    out: list[Virtual] = []
    splits: list[Split] = []
    # Per group: (units, cells, what its empty cells add up to, cages inside, their
    # sum, innie cells).
    seen: list[tuple[tuple[int, ...], int, int, list[int], int, int]] = []

    def distinct(cells: Sequence[int]) -> bool:
        return all(peer[a] >> b & 1 for i, a in enumerate(cells) for b in cells[i + 1 :])

    def total_of(i: int) -> int:
        part = parts[i]
        assert part is not None
        return part.total

    for (units, group), near in zip(_groups(st.rules), _near(st.rules), strict=True):
        empty = group & st.empty
        if not empty:
            continue
        need = per_unit * len(units) - sum(values[c] for c in cells_of(group & ~st.empty))
        inside = [i for i in near if bits[i] and not bits[i] & ~group]
        crossing = [i for i in near if bits[i] & group and bits[i] & ~group]
        inside_total = sum(total_of(i) for i in inside)
        covered = 0
        for i in inside:
            covered |= bits[i]
        innies = empty & ~covered
        seen.append((units, group, need, inside, inside_total, innies))
        m = innies.bit_count()
        if 1 <= m <= MAX_VIRTUAL:
            cells = tuple(cells_of(innies))
            total = need - inside_total
            host = [i for i in crossing if not innies & ~bits[i]]
            v = Virtual(
                "innies",
                units,
                Part(cells, total, host[0] if host else -1, distinct(cells)),
                tuple(inside),
                need,
                inside_total,
            )
            out.append(v)
            if host:
                # The innies are all in one cage: it splits into them and the rest.
                i = host[0]
                rest = tuple(cells_of(bits[i] & ~group))
                splits.append(Split(v, i, cells, total))
                splits.append(Split(v, i, rest, total_of(i) - total))
        if crossing and not empty & ~summed:
            outies = 0
            for i in crossing:
                outies |= bits[i]
            outies &= ~group
            m = outies.bit_count()
            if 1 <= m <= MAX_VIRTUAL:
                cells = tuple(cells_of(outies))
                cover_total = inside_total + sum(total_of(i) for i in crossing)
                host = [i for i in crossing if not outies & ~bits[i]]
                out.append(
                    Virtual(
                        "outies",
                        units,
                        Part(cells, cover_total - need, host[0] if host else -1, distinct(cells)),
                        tuple(sorted(inside + crossing)),
                        need,
                        cover_total,
                    )
                )
    # A split cage's piece inside another group counts as a cage wholly inside it.
    for split in splits:
        piece = cellset(split.piece)
        for units, group, need, inside, inside_total, innies in seen:
            if units == split.innies.units or piece & ~innies or not bits[split.cage] & ~group:
                continue
            left = innies & ~piece
            m = left.bit_count()
            if 1 <= m <= MAX_VIRTUAL:
                cells = tuple(cells_of(left))
                total = need - inside_total - split.piece_total
                out.append(
                    Virtual(
                        "split",
                        units,
                        Part(cells, total, -1, distinct(cells)),
                        tuple(inside),
                        need,
                        inside_total,
                        split,
                    )
                )
    held["virtual"] = out
    return out


def total_of_cage(st: State, index: int) -> int:
    """What the empty cells of cage ``index`` add up to."""
    part = cage_parts(st)[index]
    assert part is not None
    return part.total


def group_name(rules: Rules, units: Sequence[int]) -> str:
    """``row 3``, ``rows 1 and 2``, ``boxes 4 and 5``, ``regions 2 and 3``."""
    if len(units) == 1:
        return rules.unit_name(units[0])
    kinds = {rules.unit_kind(u) for u in units}
    if len(kinds) == 1:
        kind = kinds.pop()
        n = rules.n
        plural = {"row": "rows", "column": "columns", "box": "boxes", "region": "regions"}[kind]
        return f"{plural} {join([str(u % n + 1) for u in sorted(units)])}"
    return join([rules.unit_name(u) for u in units])


def _why(st: State, v: Virtual) -> str:
    """How the 45 rule gives ``v``'s sum, as the start of a sentence."""
    n = st.tables.n
    k = len(v.units)
    per_unit = n * (n + 1) // 2
    whole = f"{group_name(st.rules, v.units)} {'holds' if k == 1 else 'hold'} {per_unit * k}"
    if k > 1:
        whole += f" ({k} × {per_unit})"
    if per_unit * k != v.unit_total:
        whole += f", {v.unit_total} in {'its' if k == 1 else 'their'} empty cells"
    count = len(v.cages)
    them = "it" if k == 1 else "them"
    cages = f"{count} cage{'s' if count != 1 else ''}"
    if v.kind == "outies":
        return f"{whole}; the {cages} covering {them} add up to {v.cage_total}"
    if not count:
        return whole
    adds = "adds" if count == 1 else "add"
    return f"{whole}; the {cages} wholly inside {them} {adds} up to {v.cage_total}"


def _virtual_step(st: State, v: Virtual, tid: str, name: str, rating: float) -> Step | None:
    shape = st.shape
    part = v.part
    cells = part.cells
    if len(cells) == 1:
        cell, d = cells[0], part.total
        if not 1 <= d <= shape.n or not st.cands[cell] >> (d - 1) & 1:
            return None
        placements: tuple[Candidate, ...] = ((cell, d),)
        elims: tuple[Candidate, ...] = ()
    else:
        sets, per = _options(st, part)
        if part.distinct and not sets:
            return None
        if not all(per):
            return None  # a wrong position
        placements = ()
        elims = tuple(
            (c, d)
            for c, m in zip(cells, per, strict=True)
            for d in shape.digits_of_mask[st.cands[c] & ~m]
        )
        if not elims:
            return None
    why = _why(st, v)
    where = cells_text(shape, cells)
    extra = len(v.split.innies.units) - 1 if v.split is not None else 0
    many = len(cells) > 1
    if v.kind == "split":
        sp = v.split
        assert sp is not None
        first = sp.innies
        cage = cage_name(st.rules, sp.cage)
        inner = first.part
        whole = total_of_cage(st, sp.cage)
        said = (
            f"{_why(st, first)}, so the cells of {cage} in "
            f"{group_name(st.rules, first.units)} ({cells_text(shape, inner.cells)}) add up "
            f"to {first.unit_total} − {first.cage_total} = {inner.total}"
        )
        if sp.piece != inner.cells:
            said += (
                f" and the rest of it ({cells_text(shape, sp.piece)}) to {whole} − "
                f"{inner.total} = {sp.piece_total}"
            )
        that = "those cells" if sp.piece != inner.cells else "the split part"
        arith = f"{v.unit_total} − {v.cage_total} − {sp.piece_total}"
        if not v.cages:
            arith = f"{v.unit_total} − {sp.piece_total}"
        text = (
            f"{name}: {said}; then {_why(st, v)}, and {that} lie in "
            f"{'it' if len(v.units) == 1 else 'them'} too, so {where} "
            f"{'add up to' if many else 'is'} {arith} = "
            f"{part.total if many else sym(shape, part.total)}"
        )
    else:
        role = "innie" if v.kind == "innies" else "outie"
        if v.kind == "innies":
            arith = f"{v.unit_total} − {v.cage_total}"
        else:
            arith = f"{v.cage_total} − {v.unit_total}"
        text = (
            f"{name}: {why}, so the {role}{'s' if many else ''} {where} "
            f"{'add' if many else 'is'}{' up to' if many else ''} {arith} = {part.total}"
        )
        if not many:
            text = text.replace(f" = {part.total}", f" = {sym(shape, part.total)}")
    if placements:
        text += "."
    else:
        text += f": {elim_text(shape, elims)}."
    units_all = tuple(v.units)
    return Step(
        tid,
        name,
        text,
        placements=placements,
        eliminations=elims,
        cells=cells,
        units=units_all,
        candidates=tuple((c, d) for c in cells for d in st.candidate_digits(c)),
        cages=v.cages if v.split is None else (v.split.cage, *v.cages),
        rating=round(rating + 0.2 * (len(v.units) - 1 + extra), 1),
    )


def _virtual_find(
    st: State, sizes: range, kinds: tuple[str, ...], tid: str, name: str, rating: float
) -> Step | None:
    """The first step on a virtual cage of ``kinds`` with a size in ``sizes``: the
    groups come fewest units first, so it is the lowest rated."""
    if not st.rules.killer:
        return None
    # Per virtual cage (by its place in the list shared by the states with the same
    # digits placed), its cells' candidates where it last gave no step: with the same
    # candidates it gives none again (whether it does depends on them alone).
    idle: dict[int, tuple[int, ...]] = placed_memo(st).setdefault("virtual_idle", {})  # type: ignore[assignment]
    cands = st.cands
    for i, v in enumerate(virtual_cages(st)):
        if v.kind in kinds and len(v.part.cells) in sizes:
            masks = tuple([cands[c] for c in v.part.cells])
            if idle.get(i) == masks:
                continue
            step = _virtual_step(st, v, tid, name, rating)
            if step is not None:
                return step
            idle[i] = masks
    return None


def innie_outie(st: State) -> Step | None:
    """The 45 rule leaves one innie or outie: its digit is the sum."""
    return _virtual_find(st, range(1, 2), ("innies", "outies"), "innie_outie", "Innie/Outie", 2.8)


def innie_outie_pair(st: State) -> Step | None:
    """Two innies or outies with a known sum: a 2-cell virtual cage."""
    return _virtual_find(
        st, range(2, 3), ("innies", "outies"), "innie_outie_pair", "Innie/Outie Pair", 3.4
    )


def hidden_cage(st: State) -> Step | None:
    """Three to five innies or outies with a known sum: a virtual cage."""
    return _virtual_find(
        st, range(3, MAX_VIRTUAL + 1), ("innies", "outies"), "hidden_cage", "Hidden Cage", 3.8
    )


def cage_split(st: State) -> Step | None:
    """A cage split by the 45 rule over some units, one of its parts inside other units:
    the innies those units then leave (one to five cells) have a known sum."""
    return _virtual_find(st, range(1, MAX_VIRTUAL + 1), ("split",), "cage_split", "Cage Split", 4.2)


__all__ = [
    "MAX_LINES",
    "Virtual",
    "cage_split",
    "group_name",
    "hidden_cage",
    "innie_outie",
    "innie_outie_pair",
    "virtual_cages",
]
