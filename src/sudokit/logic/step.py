"""The value a technique returns: one deduction with what it takes to explain and draw it.

A :class:`Step` carries the placements and eliminations, the pattern (cells, units and
candidates to highlight, the links of a chain) and one plain-English sentence. The small
text helpers here name cells, units and digits the same way in every technique.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..geometry import Rules, Shape

#: A candidate: ``(cell, digit)``.
Candidate = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Link:
    """One link of a chain, for drawing: from a node to a node, strong or weak.

    A node is a digit in one cell or, for grouped nodes, in several cells of one box and
    line; ``strong`` links mean "if not this, then that", weak ones "not both".
    """

    cells_from: tuple[int, ...]
    digit_from: int
    cells_to: tuple[int, ...]
    digit_to: int
    strong: bool


#: Why one node of a forcing branch follows from the one before it: ``weak`` (a true
#: candidate's cell-mate or peer is false), ``strong`` (the other of only two: a bivalue
#: cell or a digit's two places in a unit), ``cell`` (the last candidate left in its cell),
#: ``unit`` (the last place left for its digit in a unit), ``rule`` (a technique applied
#: to the candidates left, inside a forcing net).
Reason = Literal["weak", "strong", "cell", "unit", "rule"]


@dataclass(frozen=True, slots=True)
class Implication:
    """One link of a forcing branch: ``source`` being true (``source_true``) or false
    makes ``target`` true or false, for ``reason``.

    ``rests_on``: for ``cell``, ``unit`` and ``rule``, every false candidate the target
    rests on (``source`` among them: the last to go); ``unit`` the unit of a ``unit``
    reason; ``rule`` the technique's name for a ``rule`` one.
    """

    source: Candidate
    source_true: bool
    target: Candidate
    target_true: bool
    reason: Reason
    rests_on: tuple[Candidate, ...] = ()
    unit: int = -1
    rule: str = ""

    def to_dict(self, where: Shape | Rules) -> dict[str, Any]:
        """JSON-ready: ``{"candidate": "r3c4=5", "why": "unit", "unit": "row 3",
        "rests_on": ["r3c1<>5", ...]}``. ``rests_on`` names every node the link follows
        from, the one it follows from last first (for ``weak`` and ``strong``, the source
        alone); ``unit`` only for a ``unit`` link, ``rule`` only for a ``rule`` one."""
        if self.rests_on:
            rests = [self.source, *(r for r in self.rests_on if r != self.source)]
            # cell, unit and rule links rest on candidates that are false
            on = [node_name(where, r, r == self.source and self.source_true) for r in rests]
        else:
            on = [node_name(where, self.source, self.source_true)]
        out: dict[str, Any] = {
            "candidate": node_name(where, self.target, self.target_true),
            "why": self.reason,
        }
        if self.reason == "unit":
            out["unit"] = where.unit_name(self.unit)
        elif self.reason == "rule":
            out["rule"] = self.rule
        out["rests_on"] = on
        return out


@dataclass(frozen=True, slots=True)
class Branch:
    """One case of a forcing step: the assumption ``start`` is true (``true``) or false,
    and what follows, link by link.

    ``links`` form a tree from the start: each link's source is the start or the target
    of a link before it; they lead to every node of ``ends``: the step's conclusions as
    ``(candidate, true?)`` (the one its rating measures first), or, when ``contradiction``,
    the nodes that cannot all hold (one candidate both true and false, or every candidate
    of a cell or every place of a digit in a unit false)."""

    start: Candidate
    true: bool
    links: tuple[Implication, ...]
    ends: tuple[tuple[Candidate, bool], ...]
    contradiction: bool = False

    def to_dict(self, where: Shape | Rules) -> dict[str, Any]:
        """JSON-ready: ``{"assume": "r1c2=5", "links": [...], "ends": ["r5c4<>3"],
        "contradiction": false}``; a node is named ``r1c2=5`` (true) or ``r1c2<>5``
        (false), links as :meth:`Implication.to_dict`."""
        return {
            "assume": node_name(where, self.start, self.true),
            "links": [k.to_dict(where) for k in self.links],
            "ends": [node_name(where, cand, true) for cand, true in self.ends],
            "contradiction": self.contradiction,
        }


@dataclass(frozen=True, slots=True)
class Step:
    """One deduction found by a technique.

    - ``technique``: the stable id (``hidden_single``, ``x_wing``, ...), ``name`` its
      display name;
    - ``placements`` / ``eliminations``: ``(cell, digit)`` pairs;
    - the pattern for highlighting: ``cells``, ``units`` (the first one is the unit to
      look at, when the technique has one), ``candidates`` (the pattern's candidates) and
      ``secondary`` (fins, the second colour, ...); ``links`` for chains; ``cages``
      the killer cages the step reads (indices into the rules' cages, the first one to
      look at first); ``sets`` the cell sets the step reasons about as wholes (the
      almost locked sets of an ALS step, in the order its sentence names them);
      ``branches`` the cases of a forcing chain or net, each with its chain of
      implications (see :class:`Branch`);
    - ``text``: one plain-English sentence;
    - ``rating``: the step's difficulty on the Sudoku Explainer scale (see
      :mod:`sudokit.logic.grade`).
    """

    technique: str
    name: str
    text: str
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    cells: tuple[int, ...] = ()
    units: tuple[int, ...] = ()
    candidates: tuple[Candidate, ...] = ()
    secondary: tuple[Candidate, ...] = ()
    links: tuple[Link, ...] = ()
    rating: float = 0.0
    cages: tuple[int, ...] = ()
    sets: tuple[tuple[int, ...], ...] = ()
    branches: tuple[Branch, ...] = ()

    def to_dict(self, shape: Shape | Rules) -> dict[str, Any]:
        """A JSON-ready dict; cells are named ``r3c5`` and digits are ints. A forcing
        chain or net adds ``"branches"`` (see :meth:`Branch.to_dict`); give the puzzle's
        :class:`~sudokit.geometry.Rules` to name a variant's extra units in them."""
        out: dict[str, Any] = {
            "technique": self.technique,
            "name": self.name,
            "placements": [{"cell": shape.cell_name(c), "digit": d} for c, d in self.placements],
            "eliminations": [
                {"cell": shape.cell_name(c), "digit": d} for c, d in self.eliminations
            ],
            "explanation": self.text,
            "rating": self.rating,
        }
        if self.branches:
            out["branches"] = [b.to_dict(shape) for b in self.branches]
        return out


# --- text helpers ------------------------------------------------------------------


def node_name(where: Shape | Rules, cand: Candidate, true: bool) -> str:
    """A node of a forcing branch in JSON: ``r1c2=5`` (true) or ``r1c2<>5`` (false);
    the digit as a number at every size (``r1c2=12``)."""
    cell, digit = cand
    return f"{where.cell_name(cell)}{'=' if true else '<>'}{digit}"


def join(words: Sequence[str], conj: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {conj} {words[-1]}"


def sym(shape: Shape, digit: int) -> str:
    """A digit as the player sees it (``A``..``G`` above 9)."""
    return shape.symbols[digit - 1]


def digits_text(shape: Shape, digits: Iterable[int], conj: str = "and") -> str:
    """``4``, ``4 and 7``, ``1, 4 and 7``."""
    return join([sym(shape, d) for d in sorted(digits)], conj)


def digits_set(shape: Shape, mask: int) -> str:
    """A mask as ``{2,5,8}``: a cell's candidates in compact form."""
    return "{" + ",".join(sym(shape, d) for d in shape.digits_of_mask[mask]) + "}"


def cells_text(shape: Shape, cells: Iterable[int], conj: str = "and") -> str:
    """``r5c3``, ``r5c3 and r9c8``, ..."""
    return join([shape.cell_name(c) for c in sorted(cells)], conj)


def units_text(shape: Shape, units: Sequence[int]) -> str:
    """``rows 2 and 7``: units of one kind share the kind word; ``row 2 and box 5``."""
    kinds = {u // shape.n for u in units}
    if len(kinds) == 1 and len(units) > 1:
        kind = shape.unit_kind(units[0])
        plural = {"row": "rows", "column": "columns", "box": "boxes"}[kind]
        return f"{plural} {join([str(u % shape.n + 1) for u in sorted(units)])}"
    return join([shape.unit_name(u) for u in units])


def elim_text(shape: Shape, eliminations: Iterable[Candidate]) -> str:
    """``4 can be removed from r5c3 and r9c8``; cells losing the same digits are grouped:
    ``1 and 2 can be removed from r8c7, and 4 from r8c9``."""
    masks: dict[int, int] = {}
    for c, d in eliminations:
        masks[c] = masks.get(c, 0) | 1 << (d - 1)
    groups: dict[int, list[int]] = {}
    for c in sorted(masks):
        groups.setdefault(masks[c], []).append(c)
    parts = []
    for i, m in enumerate(sorted(groups, key=lambda m: (m & -m, groups[m][0]))):
        what = digits_text(shape, shape.digits_of_mask[m])
        where = cells_text(shape, groups[m])
        parts.append(f"{what} can be removed from {where}" if i == 0 else f"{what} from {where}")
    if len(parts) > 2:
        return ", ".join(parts[:-1]) + ", and " + parts[-1]
    return " and ".join(parts) if len(parts) < 2 else f"{parts[0]}, and {parts[1]}"


def place_text(shape: Shape, placements: Iterable[Candidate]) -> str:
    """``r4c6 is 7`` / ``r4c6 is 7 and r5c1 is 2``."""
    return join([f"{shape.cell_name(c)} is {sym(shape, d)}" for c, d in sorted(placements)])


def result_text(
    shape: Shape, placements: Sequence[Candidate], eliminations: Sequence[Candidate]
) -> str:
    """What a step achieves, as the end of its sentence."""
    if placements:
        return place_text(shape, placements)
    return elim_text(shape, eliminations)
