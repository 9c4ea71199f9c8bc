"""The picture of one logical step, as plain data that every front end draws.

:func:`step_picture` turns a :class:`~sudokit.logic.Step` and the candidate grid it was
found on into a :class:`StepPicture`: every cell with its digit or candidates and the
roles it plays in the step, the units it reads (base and cover sets of a fish), the cell
sets (the almost locked sets of an ALS step), the links of a chain in order, what is
eliminated and what is placed, the cells that see both ends of a chain, the killer cages
it reads, and a legend in words. Nothing here draws: the SVG and PNG writers
(:mod:`sudokit.render.step_art`), the HTML page and the desktop game all stroke this one
model, over the board's :func:`~sudokit.render.outline.outline`.

The house style every drawer follows (so that the legend's words are true everywhere,
and a greyscale print still tells the roles apart by shape):

- ``pattern`` candidates: a filled disc in the first pattern colour (blue);
- ``secondary`` candidates (fins, the second colour, the other set): a filled square in
  the second colour (amber);
- ``start`` candidates (where a forcing chain starts): a ring;
- ``eliminated`` candidates: red, struck through by a diagonal stroke;
- ``placed`` candidates: green, bold, in a thick ring;
- ``base`` units: tinted; ``cover`` units: hatched; ``focus``: the unit to look at, tinted;
- ``pivot`` cells: a thick frame; ``pincer`` cells: a thin frame; ``fin`` cells a dotted one;
- cells that see both ends (``sees``): a grey tint;
- links from candidate to candidate, strong ones solid, weak ones dashed, arrows in the
  chain's order; a grouped node (several cells holding one digit) boxed round its
  candidates.

Coordinates are the outline's *unit coordinates*: a cell is 1 × 1, ``x`` to the right,
``y`` downwards. :func:`candidate_centre` and :func:`node_box` place candidates and nodes
the same way for every drawer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..geometry import Rules, Shape
from ..grid import Grid
from ..logic.step import Candidate, Step, cells_text, digits_text, elim_text, join, place_text
from .step_branches import BranchPicture, branch_legend, branch_links

#: What a cell is in a step (a cell may be several things).
CellRole = Literal[
    "pattern",  # one of the pattern's cells
    "pivot",  # a wing's pivot, a death blossom's stem
    "pincer",  # a wing's pincers (the ends its eliminations see)
    "link",  # the cells of a wing's strong link (W-Wing)
    "fin",  # a finned fish's fin
    "set",  # a cell of one of the step's sets (almost locked sets)
    "start",  # where a forcing chain starts
    "sees",  # a cell that sees both ends (its eliminations follow from that)
    "target",  # a cell that loses candidates
    "placed",  # a cell that gets its digit
]

#: What a unit is in a step.
UnitRole = Literal["base", "cover", "focus", "unit"]

#: What a candidate is in a step (``clash``: where a forcing branch breaks).
MarkRole = Literal["pattern", "secondary", "start", "eliminated", "placed", "clash"]

#: Roles of the legend's lines (what the swatch beside the words shows).
LegendRole = Literal[
    "pattern",
    "secondary",
    "start",
    "eliminated",
    "placed",
    "base",
    "cover",
    "focus",
    "pivot",
    "pincer",
    "fin",
    "set",
    "sees",
    "strong",
    "weak",
    "group",
    "cage",
    "branch",
    "clash",
]


@dataclass(frozen=True, slots=True)
class Node:
    """A chain's node: ``digit`` in one cell, or in several cells (a grouped node)."""

    cells: tuple[int, ...]
    digit: int

    @property
    def grouped(self) -> bool:
        return len(self.cells) > 1


@dataclass(frozen=True, slots=True)
class LinkPicture:
    """One link of a chain, from ``start`` to ``end``: ``strong`` (if one is false the
    other is true: solid) or weak (not both true: dashed); ``order`` its place in the
    chain (0 first), which the arrows follow."""

    start: Node
    end: Node
    strong: bool
    order: int
    #: The forcing branch it belongs to (0 first; -1: a chain's, not a branch's).
    branch: int = -1


@dataclass(frozen=True, slots=True)
class CellPicture:
    """A cell before the step: its digit (0: empty), whether it is a given, its
    candidates (empty when it holds a digit) and its roles in the step."""

    cell: int
    value: int
    given: bool
    candidates: tuple[int, ...]
    roles: tuple[CellRole, ...] = ()


@dataclass(frozen=True, slots=True)
class UnitPicture:
    """A unit the step reads: its index in the rules' units, its role, its cells and its
    name (``row 3``)."""

    unit: int
    role: UnitRole
    cells: tuple[int, ...]
    name: str


@dataclass(frozen=True, slots=True)
class CellSet:
    """A set of cells the step reasons about as one (an almost locked set), labelled
    ``A``, ``B``, ... with the digits it holds."""

    label: str
    cells: tuple[int, ...]
    digits: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Mark:
    """A candidate the step marks: ``(cell, digit)`` and its role."""

    cell: int
    digit: int
    role: MarkRole


@dataclass(frozen=True, slots=True)
class LegendLine:
    """One line of the legend: the role its swatch shows, and the words."""

    role: LegendRole
    text: str


@dataclass(frozen=True, slots=True)
class StepPicture:
    """Everything a picture of one step shows (see the module's doc for the style).

    ``cells`` holds every cell of the grid in order (``cells[c].cell == c``); ``marks``
    the candidates the step marks, an eliminated or placed candidate last so its role
    wins; ``links`` the chain in order (a forcing step's: branch by branch, each link
    numbered by its ``branch``); ``branches`` a forcing step's cases; ``cages`` indices
    into ``rules.cages``.
    """

    rules: Rules
    technique: str
    name: str
    text: str
    rating: float
    cells: tuple[CellPicture, ...]
    units: tuple[UnitPicture, ...] = ()
    sets: tuple[CellSet, ...] = ()
    links: tuple[LinkPicture, ...] = ()
    marks: tuple[Mark, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    placements: tuple[Candidate, ...] = ()
    cages: tuple[int, ...] = ()
    legend: tuple[LegendLine, ...] = ()
    branches: tuple[BranchPicture, ...] = ()

    @property
    def shape(self) -> Shape:
        return self.rules.shape

    @property
    def n(self) -> int:
        return self.rules.n

    def role_of(self, cell: int, digit: int) -> MarkRole | None:
        """The role of candidate ``(cell, digit)`` in the step (the last mark wins), or None."""
        found: MarkRole | None = None
        for m in self.marks:
            if m.cell == cell and m.digit == digit:
                found = m.role
        return found

    def cells_with(self, role: CellRole) -> tuple[int, ...]:
        """The cells playing ``role``, ascending."""
        return tuple(c.cell for c in self.cells if role in c.roles)

    def units_with(self, role: UnitRole) -> tuple[int, ...]:
        """The units playing ``role``, in the step's order."""
        return tuple(u.unit for u in self.units if u.role == role)

    @property
    def pad(self) -> float:
        """The space kept round each cell's candidates (wider under killer cages)."""
        return candidate_pad(self.rules)

    def candidate_centre(self, cell: int, digit: int) -> tuple[float, float]:
        """Where candidate ``(cell, digit)`` is drawn, in unit coordinates."""
        return candidate_centre(self.shape, cell, digit, self.pad)

    def candidate_radius(self) -> float:
        """The radius of a candidate's mark, in cells."""
        return candidate_radius(self.shape, self.pad)

    def nodes(self) -> tuple[Node, ...]:
        """The chain's nodes in order, each once."""
        out: dict[Node, None] = {}
        for link in self.links:
            out.setdefault(link.start)
            out.setdefault(link.end)
        return tuple(out)


# --- geometry (unit coordinates, shared by every drawer) ------------------------------

#: Space kept between a cell's edge and its candidates, in cells.
CANDIDATE_PAD = 0.07
#: The same under killer cages: candidates stay inside the cages' dashed outlines.
CAGED_CANDIDATE_PAD = 0.19


def candidate_pad(rules: Rules) -> float:
    """The space kept round a cell's candidates under ``rules``."""
    return CAGED_CANDIDATE_PAD if rules.cages else CANDIDATE_PAD


def candidate_centre(
    shape: Shape, cell: int, digit: int, pad: float = CANDIDATE_PAD
) -> tuple[float, float]:
    """Where candidate ``digit`` of ``cell`` is drawn: the centre of its spot in the
    cell's small ``box_rows × box_cols`` grid (1 2 3 / 4 5 6 / 7 8 9 on a 9×9), ``pad``
    in from the cell's edges (see :func:`candidate_pad`)."""
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    r, c = divmod(cell, n)
    i = digit - 1
    w, h = (1 - 2 * pad) / bc, (1 - 2 * pad) / br
    return (c + pad + (i % bc + 0.5) * w, r + pad + (i // bc + 0.5) * h)


def candidate_radius(shape: Shape, pad: float = CANDIDATE_PAD) -> float:
    """The radius of a candidate's mark (disc, square, ring), in cells."""
    return (1 - 2 * pad) / max(shape.box_rows, shape.box_cols) * 0.46


def node_box(
    shape: Shape, node: Node, pad: float | None = None, cell_pad: float = CANDIDATE_PAD
) -> tuple[float, float, float, float]:
    """The box ``(x0, y0, x1, y1)`` round a node's candidates (``pad`` beyond their
    centres; a candidate's radius by default): what a drawer frames for a grouped node."""
    pad = candidate_radius(shape, cell_pad) * 1.05 if pad is None else pad
    points = [candidate_centre(shape, c, node.digit, cell_pad) for c in node.cells]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def node_anchor(
    shape: Shape, node: Node, towards: tuple[float, float], cell_pad: float = CANDIDATE_PAD
) -> tuple[float, float]:
    """Where a link meets ``node``: the candidate of the node nearest ``towards``."""
    points = [candidate_centre(shape, c, node.digit, cell_pad) for c in node.cells]
    return min(points, key=lambda p: ((p[0] - towards[0]) ** 2 + (p[1] - towards[1]) ** 2, p))


# --- building the picture -----------------------------------------------------------

_BASIC_FISH = ("x_wing", "swordfish", "jellyfish")


def is_fish(technique: str) -> bool:
    """Fish read base and cover units (``units`` is the base units then as many covers)."""
    if technique == "turbot_fish":  # a chain of two strong links, not a fish
        return False
    return (
        technique in _BASIC_FISH
        or technique.startswith(("finned_", "sashimi_", "franken", "mutant"))
        or technique.endswith("fish")
    )


_PIVOT_WINGS = frozenset({"xy_wing", "xyz_wing", "wxyz_wing"})
_ALS = frozenset({"als_xz", "als_xy_wing", "als_chain", "death_blossom"})


def step_picture(
    board_before: Grid,
    candidates: Sequence[int],
    step: Step,
    *,
    givens: Grid | None = None,
) -> StepPicture:
    """The picture of ``step`` found on ``board_before`` (its digits) with ``candidates``
    (one mask per cell, digit ``d`` is bit ``d - 1``: the engine's ``State.cands``).

    ``givens``: the puzzle, to tell its clues from digits placed since (all digits count
    as givens when None). Raises ValueError when the candidates do not fit the board.
    """
    rules = board_before.rules
    shape = rules.shape
    n, ncells = rules.n, shape.ncells
    if len(candidates) != ncells:
        raise ValueError(f"expected {ncells} candidate masks, got {len(candidates)}")
    if givens is not None and givens.shape is not shape:
        raise ValueError(f"the givens are {givens.size}×{givens.size}, the board {n}×{n}")
    digits_of = shape.digits_of_mask
    tid = step.technique
    roles: dict[int, list[CellRole]] = {}

    def add(cell: int, role: CellRole) -> None:
        got = roles.setdefault(cell, [])
        if role not in got:
            got.append(role)

    # Units: base and cover sets for fish, the unit to look at first otherwise.
    units: list[UnitPicture] = []
    fish = is_fish(tid) and len(step.units) >= 2 and len(step.units) % 2 == 0
    for i, u in enumerate(step.units):
        if u < 0 or u >= len(rules.units):
            continue
        role: UnitRole
        if fish:
            role = "base" if i < len(step.units) // 2 else "cover"
        elif tid in _ALS or tid == "msls":  # (an MSLS's rows and columns weigh the same)
            role = "unit"
        else:
            role = "focus" if i == 0 else "unit"
        units.append(UnitPicture(u, role, tuple(rules.units[u]), rules.unit_name(u)))

    # Cells by role.
    for c in step.cells:
        add(c, "pattern")
    if tid in _PIVOT_WINGS and len(step.cells) >= 3:
        add(step.cells[0], "pivot")
        for c in step.cells[1:]:
            add(c, "pincer")
    elif tid == "w_wing" and len(step.cells) == 4:
        for c in step.cells[:2]:
            add(c, "pincer")
        for c in step.cells[2:]:
            add(c, "link")
    if fish:
        for c, _ in step.secondary:
            add(c, "fin")
    if tid == "death_blossom" and step.secondary:
        add(step.secondary[0][0], "pivot")
    if tid.endswith(("forcing_chain", "net", "net_plus")):
        for c, _ in step.candidates:
            add(c, "start")

    # Cell sets (almost locked sets).
    sets = _sets_of(step, rules, candidates)
    for s in sets:
        for c in s.cells:
            add(c, "set")

    # Links in chain order (a forcing step's branch by branch).
    links = tuple(
        LinkPicture(
            Node(tuple(k.cells_from), k.digit_from),
            Node(tuple(k.cells_to), k.digit_to),
            k.strong,
            i,
        )
        for i, k in enumerate(step.links)
    )
    branches: tuple[BranchPicture, ...] = ()
    if step.branches:
        drawn, branches = branch_links(step, shape)
        links = tuple(
            LinkPicture(
                Node((k.source[0],), k.source[1]),
                Node((k.target[0],), k.target[1]),
                k.target_true,
                j,
                i,
            )
            for i, keep in enumerate(drawn)
            for j, k in enumerate(keep)
        )

    # "Sees both ends": the cells whose eliminations come from seeing a chain's two ends
    # (or a wing's pincers, or both colours).
    ends = _ends(step, links)
    peers = rules.peers
    if ends:
        for c in dict.fromkeys(c for c, _ in step.eliminations):
            if all(e != c and e in peers[c] for end in ends for e in end):
                add(c, "sees")
    if tid.endswith(("colouring", "coloring")) and step.candidates and step.secondary:
        one = {c for c, _ in step.candidates}
        other = {c for c, _ in step.secondary}
        for c, _ in step.eliminations:
            if c not in one | other and one & set(peers[c]) and other & set(peers[c]):
                add(c, "sees")
    for c, _ in step.eliminations:
        add(c, "target")
    for c, _ in step.placements:
        add(c, "placed")

    # Candidate marks: the pattern's, then eliminations and placements (their role wins).
    start_role: MarkRole = (
        "start" if tid.endswith(("forcing_chain", "net", "net_plus")) else "pattern"
    )
    marks: dict[Candidate, MarkRole] = {}
    for cand in step.candidates:
        marks[cand] = start_role
    for cand in step.secondary:
        marks.setdefault(cand, "secondary")
    for link in links:
        for node in (link.start, link.end):
            for c in node.cells:
                marks.setdefault((c, node.digit), "pattern")
    for b in branches:
        for cand in b.clash:
            marks.pop(cand, None)
            marks[cand] = "clash"
    for cand in step.eliminations:
        marks.pop(cand, None)
        marks[cand] = "eliminated"
    for cand in step.placements:
        marks.pop(cand, None)
        marks[cand] = "placed"
    values = board_before.cells
    # A step's own candidates are always drawn, even if the masks given lack them.
    masks = list(candidates)
    for c, d in (*step.eliminations, *step.placements):
        if not values[c]:
            masks[c] |= 1 << (d - 1)
    cells = tuple(
        CellPicture(
            c,
            values[c],
            bool(values[c]) and (givens is None or givens[c] == values[c]),
            () if values[c] else digits_of[masks[c]],
            tuple(roles.get(c, ())),
        )
        for c in range(ncells)
    )
    picture = StepPicture(
        rules,
        tid,
        step.name,
        step.text,
        step.rating,
        cells,
        tuple(units),
        sets,
        links,
        tuple(Mark(c, d, r) for (c, d), r in marks.items()),
        tuple(step.eliminations),
        tuple(step.placements),
        tuple(i for i in step.cages if 0 <= i < len(rules.cages)),
        branches=branches,
    )
    return _with_legend(picture, step)


def board_picture(
    board: Grid, candidates: Sequence[int] | None = None, *, givens: Grid | None = None
) -> StepPicture:
    """The picture of a grid with no step on it: its digits and, when given, its
    candidates (the start or the end of an explanation)."""
    masks = list(candidates) if candidates is not None else [0] * board.shape.ncells
    return step_picture(board, masks, Step("board", "", ""), givens=givens)


def _ends(step: Step, links: Sequence[LinkPicture]) -> list[tuple[int, ...]]:
    """The cells every eliminated candidate must see for the step's conclusion: a
    chain's two ends, a wing's pincers (and an XYZ-Wing's pivot)."""
    tid = step.technique
    if tid in ("xyz_wing", "wxyz_wing"):
        return [(c,) for c in step.cells]
    if step.branches:  # a forcing step's conclusions follow from its branches
        return []
    if links and not step.placements:
        first, last = links[0].start, links[-1].end
        if first != last and tid != "nice_loop":
            return [first.cells, last.cells]
    return []


def _sets_of(step: Step, rules: Rules, candidates: Sequence[int]) -> tuple[CellSet, ...]:
    """The almost locked sets of an ALS step, labelled in the order its sentence names
    them (from ``Step.sets`` when the technique gives them)."""
    groups: list[tuple[int, ...]] = [tuple(s) for s in step.sets]
    if not groups and step.technique == "als_xz":
        groups = [
            tuple(dict.fromkeys(c for c, _ in step.candidates)),
            tuple(dict.fromkeys(c for c, _ in step.secondary)),
        ]
    digits_of = rules.shape.digits_of_mask
    out = []
    for i, cells in enumerate(g for g in groups if g):
        mask = 0
        for c in cells:
            mask |= candidates[c]
        out.append(CellSet(chr(ord("A") + i), tuple(sorted(cells)), digits_of[mask]))
    return tuple(out)


#: What the two candidate colours stand for, where a technique gives them a meaning.
_MARK_WORDS = {
    "als_xz": ("set A's candidates", "set B's candidates"),
    "als_xy_wing": ("the candidates of sets A and B", "the candidates of set C, the pivot set"),
    "als_chain": ("the candidates of the end sets", "the candidates of the sets between"),
    "death_blossom": ("the petals' candidates", "the stem's candidates"),
    "sue_de_coq": ("the intersection's candidates", "the sets beside it"),
    "unique_rectangle_5": ("the rectangle's candidates", "the extra candidate in its corners"),
    "unique_rectangle_2": ("the rectangle's candidates", "the extra candidate in its corners"),
    "msls": ("the digits the rows keep to the crossings", "the digits the columns keep there"),
}


def _with_legend(picture: StepPicture, step: Step) -> StepPicture:
    from dataclasses import replace

    return replace(picture, legend=tuple(legend_lines(picture, step)))


def legend_lines(picture: StepPicture, step: Step | None = None) -> list[LegendLine]:
    """The legend of a picture in words, one line per kind of mark it shows."""
    shape = picture.shape
    rules = picture.rules
    out: list[LegendLine] = []
    tid = picture.technique

    def unit_list(role: UnitRole) -> str:
        return join([u.name for u in picture.units if u.role == role])

    base, cover = unit_list("base"), unit_list("cover")
    focus = unit_list("focus")
    if base:
        out.append(LegendLine("base", f"Tinted: the base units ({base})."))
    if cover:
        out.append(LegendLine("cover", f"Hatched: the cover units ({cover})."))
    if focus and not base:
        out.append(LegendLine("focus", f"Tinted: {focus}, where to look."))
    for i in picture.cages:
        out.append(LegendLine("cage", f"Bold dashed outline: {rules.cage_name(i)}."))
    pivots, pincers = picture.cells_with("pivot"), picture.cells_with("pincer")
    if pivots:
        word = "stem" if tid == "death_blossom" else "pivot"
        out.append(LegendLine("pivot", f"Thick frame: the {word} {cells_text(shape, pivots)}."))
    if pincers:
        out.append(LegendLine("pincer", f"Thin frame: the pincers {cells_text(shape, pincers)}."))
    fins = picture.cells_with("fin")
    if fins:
        out.append(
            LegendLine("fin", f"Dotted frame, amber squares: the fin {cells_text(shape, fins)}.")
        )
    for s in picture.sets:
        out.append(
            LegendLine(
                "set",
                f"Set {s.label}: {cells_text(shape, s.cells)}, "
                f"holding {digits_text(shape, s.digits)}.",
            )
        )
    roles = {m.role for m in picture.marks}
    colouring = tid.endswith("colouring") or tid.endswith("coloring")
    first, second = _MARK_WORDS.get(tid, ("the pattern's candidates", "the pattern's other part"))
    if colouring:
        first, second = "one colour", "the other colour"
    if picture.branches:
        first = "the candidates the branches go through"
    if "pattern" in roles:
        out.append(LegendLine("pattern", f"Blue discs: {first}."))
    if "secondary" in roles and not fins:
        out.append(LegendLine("secondary", f"Amber squares: {second}."))
    if "start" in roles and picture.branches:
        cases = "its assumption" if len(picture.branches) == 1 else "one for each case"
        out.append(LegendLine("start", f"Ring: where each branch starts, {cases}."))
    elif "start" in roles:
        out.append(LegendLine("start", "Rings: where the chains start, one for each case."))
    if picture.branches:
        strong = any(k.strong for k in picture.links)
        weak = any(not k.strong for k in picture.links)
        out += [LegendLine(*x) for x in branch_legend(shape, picture.branches, strong, weak)]
    elif picture.links:
        if any(k.strong for k in picture.links):
            out.append(
                LegendLine(
                    "strong", "Solid line: a strong link (if one end is false, the other is true)."
                )
            )
        if any(not k.strong for k in picture.links):
            out.append(
                LegendLine("weak", "Dashed line: a weak link (the two ends are not both true).")
            )
        if len(picture.links) > 1:
            out.append(LegendLine("strong", "Arrows follow the chain in order, from its start."))
        if any(node.grouped for node in picture.nodes()):
            out.append(
                LegendLine(
                    "group", "Box round several candidates: a group, one of which holds the digit."
                )
            )
    sees = picture.cells_with("sees")
    if sees:
        what = "both pincers" if pincers else "both colours" if colouring else "both ends"
        if tid in ("xyz_wing", "wxyz_wing"):
            what = "the pivot and both pincers"
        verb = "sees" if len(sees) == 1 else "see"
        out.append(LegendLine("sees", f"Grey cells: {cells_text(shape, sees)} {verb} {what}."))
    if picture.eliminations:
        out.append(
            LegendLine("eliminated", f"Red, struck out: {elim_text(shape, picture.eliminations)}.")
        )
    if picture.placements:
        out.append(LegendLine("placed", f"Green, ringed: {place_text(shape, picture.placements)}."))
    return out


__all__ = [
    "CAGED_CANDIDATE_PAD",
    "CANDIDATE_PAD",
    "BranchPicture",
    "CellPicture",
    "CellRole",
    "CellSet",
    "LegendLine",
    "LegendRole",
    "LinkPicture",
    "Mark",
    "MarkRole",
    "Node",
    "StepPicture",
    "UnitPicture",
    "UnitRole",
    "board_picture",
    "candidate_centre",
    "candidate_pad",
    "candidate_radius",
    "is_fish",
    "legend_lines",
    "node_anchor",
    "node_box",
    "step_picture",
]
