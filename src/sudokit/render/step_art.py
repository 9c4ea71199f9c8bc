"""Drawing a :class:`~sudokit.render.steps.StepPicture`: SVG text and PNG images.

The picture is first laid out as a short list of primitives in pixels (:func:`scene`):
rectangles, discs, polylines and text, each coloured by a *colour name* of
:class:`StepColours`. The SVG writer (standard library only) and the PNG writer (Pillow),
in :mod:`sudokit.render.step_write` and re-exported here, only stroke that list, so the
two pictures are the same. The board comes from the one
outline of :mod:`sudokit.render.outline` (regions, jigsaw pieces, diagonals, windows,
killer cages); the style follows :mod:`sudokit.render.steps`.

Three colour sets: ``light`` (the board palette's, for screens and print), ``dark``, and
``grey`` (light turned to greys for greyscale print, where the roles still differ by
shape: discs, squares, rings, strokes, hatching, dashes).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Literal

from .outline import cage_outline, dashes, outline
from .palette import DARK_PALETTE, PALETTE, Palette
from .step_branches import branch_ink
from .steps import (
    LegendRole,
    LinkPicture,
    StepPicture,
    node_anchor,
    node_box,
)

FONT_FAMILY = "DejaVu Sans, Helvetica, Arial, sans-serif"
Theme = Literal["light", "dark", "grey"]
THEMES: tuple[Theme, ...] = ("light", "dark", "grey")
Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class StepColours:
    """The colours of a step picture, as ``#rrggbb``, by name (see the module's doc)."""

    page: str
    board: str
    cell_line: str
    box_line: str
    given: str
    digit: str
    candidate: str
    ink: str
    text: str
    muted: str
    shade: str
    diagonal: str
    pattern_fill: str
    pattern_edge: str
    secondary_fill: str
    secondary_edge: str
    start_edge: str
    elim_fill: str
    elim_ink: str
    place_fill: str
    place_ink: str
    base_fill: str
    cover_hatch: str
    focus_fill: str
    unit_fill: str
    sees_fill: str
    frame: str
    fin_edge: str
    link: str
    cage_edge: str
    set_0: str
    set_1: str
    set_2: str
    set_3: str


def _from_palette(p: Palette, **step: str) -> StepColours:
    return StepColours(
        page=p.page,
        board=p.board,
        cell_line=p.cell_line,
        box_line=p.box_line,
        given=p.given,
        digit=p.forced,
        candidate=p.candidate,
        text=p.text,
        muted=p.muted,
        shade=p.shade,
        diagonal=p.diagonal,
        **step,
    )


LIGHT: StepColours = _from_palette(
    PALETTE,
    ink="#0f172a",
    pattern_fill="#bfdbfe",
    pattern_edge="#1d4ed8",
    secondary_fill="#fde68a",
    secondary_edge="#b45309",
    start_edge="#7c3aed",
    elim_fill="#fecaca",
    elim_ink="#c81e1e",
    place_fill="#bbf7d0",
    place_ink="#15803d",
    base_fill="#e0ecff",
    cover_hatch="#e8b04b",
    focus_fill="#fdf3c4",
    unit_fill="#f3f5f8",
    sees_fill="#e3e5e8",
    frame="#6d28d9",
    fin_edge="#b45309",
    link="#3730a3",
    cage_edge="#9d174d",
    set_0="#0e7490",
    set_1="#a21caf",
    set_2="#4d7c0f",
    set_3="#c2410c",
)
DARK: StepColours = _from_palette(
    DARK_PALETTE,
    ink="#f8fafc",
    pattern_fill="#1e40af",
    pattern_edge="#93c5fd",
    secondary_fill="#854d0e",
    secondary_edge="#fcd34d",
    start_edge="#c4b5fd",
    elim_fill="#7f1d1d",
    elim_ink="#fca5a5",
    place_fill="#14532d",
    place_ink="#86efac",
    base_fill="#1e3358",
    cover_hatch="#a16207",
    focus_fill="#3b3520",
    unit_fill="#243246",
    sees_fill="#3a4150",
    frame="#c4b5fd",
    fin_edge="#fcd34d",
    link="#a5b4fc",
    cage_edge="#f9a8d4",
    set_0="#67e8f9",
    set_1="#f0abfc",
    set_2="#bef264",
    set_3="#fdba74",
)


def _grey(colour: str) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    y = round(0.299 * r + 0.587 * g + 0.114 * b)
    return f"#{y:02x}{y:02x}{y:02x}"


GREY = StepColours(**{f.name: _grey(getattr(LIGHT, f.name)) for f in fields(StepColours)})
COLOURS: dict[Theme, StepColours] = {"light": LIGHT, "dark": DARK, "grey": GREY}
COLOUR_NAMES: tuple[str, ...] = tuple(f.name for f in fields(StepColours))


# --- primitives ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle (``fill``/``stroke`` are colour names; ``dash`` on/off lengths)."""

    x0: float
    y0: float
    x1: float
    y1: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    dash: tuple[float, float] | None = None
    radius: float = 0.0
    tag: str = ""


@dataclass(frozen=True, slots=True)
class Disc:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    tag: str = ""


@dataclass(frozen=True, slots=True)
class Poly:
    """A polyline (or a closed polygon, filled when ``fill`` is set)."""

    points: tuple[Point, ...]
    stroke: str | None = None
    width: float = 1.0
    dash: tuple[float, float] | None = None
    closed: bool = False
    fill: str | None = None
    tag: str = ""


@dataclass(frozen=True, slots=True)
class Label:
    x: float
    y: float
    text: str
    size: float
    fill: str
    bold: bool = False
    anchor: Literal["middle", "start"] = "middle"
    backdrop: str | None = None  # a patch of this colour behind the text
    tag: str = ""


#: Tags of the shapes that change when a page shows the grid after the step: ``x-step``
#: the step's marks (hidden after it), ``x-gone`` candidates the step removes, ``x-after``
#: digits it places (shown only after it).
STEP_TAG, GONE_TAG, AFTER_TAG = "x-step", "x-gone", "x-after"


Prim = Box | Disc | Poly | Label


@dataclass(frozen=True, slots=True)
class Scene:
    width: float
    height: float
    prims: tuple[Prim, ...]


# --- layout -------------------------------------------------------------------------


def default_cell_size(n: int) -> int:
    """About 540 px for a 9×9 board, at least 56 px per cell (16×16 candidates stay readable)."""
    return max(56, 540 // n)


def text_width_estimate(text: str, size: float) -> float:
    """About how wide ``text`` is in a sans-serif font of ``size`` px (no font files)."""
    narrow, wide = " ,.:;'ijlft1|()[]{}", "mwMW"
    return size * sum(
        0.34 if ch in narrow else 0.9 if ch in wide else 0.7 if ch.isupper() else 0.61
        for ch in text
    )


def wrap(text: str, size: float, width: float, measure: Callable[[str, float], float]) -> list[str]:
    """``text`` broken between words into lines at most ``width`` wide."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if line and measure(joined, size) > width:
            lines.append(line)
            line = word
        else:
            line = joined
    if line:
        lines.append(line)
    return lines


def scene(
    picture: StepPicture,
    *,
    cell: int | None = None,
    legend: bool = True,
    title: bool = True,
    measure: Callable[[str, float], float] = text_width_estimate,
    after: tuple[Sequence[int], Sequence[int]] | None = None,
) -> Scene:
    """The primitives of a picture, in pixels: the board with ``cell`` px per cell and, when
    asked, the step's name and sentence above it and the legend below."""
    shape = picture.shape
    n = shape.n
    cell = cell or default_cell_size(n)
    margin = max(14, cell // 3)
    side = n * cell
    width = side + 2 * margin
    out: list[Prim] = []
    text_size = max(13.0, min(17.0, width / 36))
    line_h = text_size * 1.35
    y = float(margin)
    if title:
        head = f"{picture.name} ({picture.rating:g})" if picture.rating else picture.name
        out.append(
            Label(margin, y + line_h / 2, head, text_size * 1.15, "text", bold=True, anchor="start")
        )
        y += line_h * 1.2
        for line in wrap(picture.text, text_size, side, measure):
            out.append(Label(margin, y + line_h / 2, line, text_size, "text", anchor="start"))
            y += line_h
        y += line_h * 0.4
    board_top = y
    out += board_prims(picture, margin, board_top, cell, after)
    y = board_top + side + line_h * 0.6
    if legend and picture.legend:
        swatch = line_h * 0.9
        sets_seen = 0
        for entry in picture.legend:
            lines = wrap(entry.text, text_size, side - swatch - 10, measure)
            out += swatch_prims(entry.role, margin, y, swatch, picture, sets_seen)
            sets_seen += entry.role in ("set", "branch")
            for i, line in enumerate(lines):
                out.append(
                    Label(
                        margin + swatch + 10,
                        y + swatch / 2 + i * line_h,
                        line,
                        text_size,
                        "text",
                        anchor="start",
                    )
                )
            y += max(swatch, line_h * len(lines)) + line_h * 0.25
    height = y + margin - (0 if legend and picture.legend else line_h * 0.6)
    backdrop: list[Prim] = [Box(0, 0, width, height, fill="page")]
    return Scene(width, height, tuple(backdrop + out))


def _tagged(prims: Sequence[Prim], tag: str) -> list[Prim]:
    return [replace(p, tag=tag) for p in prims]


def board_prims(
    picture: StepPicture,
    x0: float,
    y0: float,
    cell: int,
    after: tuple[Sequence[int], Sequence[int]] | None = None,
) -> list[Prim]:
    """The board: regions, tints, candidates and their marks, links, frames.

    ``after``: the digits and candidate masks after the step; the shapes that change are
    then tagged (see :data:`STEP_TAG`) and the digits placed added, tagged to be hidden,
    so that a page can show the grid before or after the step."""
    shape = picture.shape
    n = shape.n
    rules = picture.rules
    lines = outline(rules)
    side = n * cell
    out: list[Prim] = [Box(x0, y0, x0 + side, y0 + side, fill="board")]

    def cell_box(c: int) -> tuple[float, float, float, float]:
        r, k = divmod(c, n)
        return (x0 + k * cell, y0 + r * cell, x0 + (k + 1) * cell, y0 + (r + 1) * cell)

    def at(p: Point) -> Point:
        return (x0 + p[0] * cell, y0 + p[1] * cell)

    fill_of: dict[int, str] = {c: "shade" for c in lines.shaded}
    for u in picture.units:
        if u.role == "unit":
            for c in u.cells:
                fill_of.setdefault(c, "unit_fill")
    for u in picture.units:
        if u.role in ("focus", "base"):
            for c in u.cells:
                fill_of[c] = "focus_fill" if u.role == "focus" else "base_fill"
    for c in picture.cells_with("sees"):
        fill_of[c] = "sees_fill"
    for c, colour in sorted(fill_of.items()):
        out.append(Box(*cell_box(c), fill=colour, tag="" if colour == "shade" else STEP_TAG))
    covered = sorted({c for u in picture.units if u.role == "cover" for c in u.cells})
    hatch = _hatch([cell_box(c) for c in covered], cell * 0.2, "cover_hatch", max(1.0, cell / 48))
    out += _tagged(hatch, STEP_TAG)
    for x_a, y_a, x_b, y_b in lines.diagonals:
        out.append(Poly((at((x_a, y_a)), at((x_b, y_b))), "diagonal", max(2.0, cell / 24)))

    # Candidate marks under the digits.
    first_mark = len(out)
    radius = picture.candidate_radius() * cell
    small = cell * (1 - 2 * picture.pad) / max(shape.box_rows, shape.box_cols) * 0.78
    roles = {(m.cell, m.digit): m.role for m in picture.marks}
    for (c, d), role in roles.items():
        if picture.cells[c].value:
            continue
        cx, cy = at(picture.candidate_centre(c, d))
        if role == "pattern":
            out.append(Disc(cx, cy, radius, fill="pattern_fill", stroke="pattern_edge", width=1))
        elif role == "secondary":
            r = radius * 0.9
            out.append(
                Box(
                    cx - r,
                    cy - r,
                    cx + r,
                    cy + r,
                    fill="secondary_fill",
                    stroke="secondary_edge",
                    width=1,
                )
            )
        elif role == "start":
            out.append(
                Disc(
                    cx,
                    cy,
                    radius,
                    fill="pattern_fill",
                    stroke="start_edge",
                    width=max(2.0, cell / 22),
                )
            )
        elif role == "eliminated":
            out.append(Disc(cx, cy, radius, fill="elim_fill"))
        elif role == "clash":
            r, w = radius * 1.05, max(2.0, cell / 24)
            out.append(Box(cx - r, cy - r, cx + r, cy + r, stroke="elim_ink", width=w))
        elif role == "placed":
            out.append(
                Disc(
                    cx, cy, radius, fill="place_fill", stroke="place_ink", width=max(2.0, cell / 22)
                )
            )

    out[first_mark:] = _tagged(out[first_mark:], STEP_TAG)

    # Grid lines, then cages.
    for seg in lines.thin:
        out.append(Poly((at(seg[:2]), at(seg[2:])), "cell_line", 1))
    thick = max(2.0, cell / 18)
    for seg in lines.thick + lines.border:
        a, b = at(seg[:2]), at(seg[2:])
        half = thick / 2
        if a[0] == b[0]:
            a, b = (a[0], a[1] - half), (b[0], b[1] + half)
        else:
            a, b = (a[0] - half, a[1]), (b[0] + half, b[1])
        out.append(Poly((a, b), "box_line", thick))
    on, off = max(3.0, cell * 0.09) / cell, max(2.0, cell * 0.06) / cell
    highlighted = set(picture.cages)
    for i, cage in enumerate(lines.cages):
        strong = i in highlighted
        colour, width = (
            ("cage_edge", max(2.0, cell / 20)) if strong else ("box_line", max(1.0, cell / 40))
        )
        for seg in cage.segments:
            for dash in dashes(seg, on, off):
                out.append(Poly((at(dash[:2]), at(dash[2:])), colour, width))
        if cage.total is not None:
            r, k = divmod(cage.label_cell, n)
            size = max(9.0, cell * 0.22)
            out.append(
                Label(
                    x0 + k * cell + thick + 1,
                    y0 + r * cell + thick + size * 0.55,
                    str(cage.total),
                    size,
                    "cage_edge" if strong else "given",
                    bold=strong,
                    anchor="start",
                    backdrop=fill_of.get(cage.label_cell, "board"),
                )
            )

    # Links over the lines, under the digits (which stay readable).
    out += _tagged(link_prims(picture, x0, y0, cell), STEP_TAG)

    # Digits and candidates.
    big = cell * 0.6
    symbols = shape.symbols
    values_after, cands_after = after if after is not None else (None, None)
    for cp in picture.cells:
        x_a, y_a, x_b, y_b = cell_box(cp.cell)
        if values_after is not None and not cp.value and values_after[cp.cell]:
            digit = values_after[cp.cell]
            middle = ((x_a + x_b) / 2, (y_a + y_b) / 2)
            out.append(Label(*middle, symbols[digit - 1], big, "place_ink", tag=AFTER_TAG))
        if cp.value:
            out.append(
                Label(
                    (x_a + x_b) / 2,
                    (y_a + y_b) / 2,
                    symbols[cp.value - 1],
                    big,
                    "given" if cp.given else "digit",
                    bold=cp.given,
                )
            )
            continue
        for d in cp.candidates:
            cx, cy = at(picture.candidate_centre(cp.cell, d))
            mark = roles.get((cp.cell, d))
            colour = {"eliminated": "elim_ink", "placed": "place_ink"}.get(
                mark or "", "ink" if mark else "candidate"
            )
            gone = cands_after is not None and not cands_after[cp.cell] >> (d - 1) & 1
            bold = mark in ("eliminated", "placed")
            out.append(
                Label(
                    cx, cy, symbols[d - 1], small, colour, bold=bold, tag=GONE_TAG if gone else ""
                )
            )
            if mark == "eliminated":
                r = radius * 0.95
                strike = ((cx - r, cy + r), (cx + r, cy - r))
                out.append(Poly(strike, "elim_ink", max(1.5, cell / 26), tag=STEP_TAG))

    # Frames: sets, pivot, pincers, fins.
    first_frame = len(out)
    for i, s in enumerate(picture.sets):
        inset = 0.05 + 0.05 * (i % 4)
        ring = cage_outline(n, s.cells, None, inset)
        colour = f"set_{i % 4}"
        set_dash: tuple[float, float] | None = (
            None,
            (cell * 0.14, cell * 0.07),
            (cell * 0.04, cell * 0.06),
            (cell * 0.2, cell * 0.05),
        )[i % 4]
        for seg in ring.segments:
            out.append(Poly((at(seg[:2]), at(seg[2:])), colour, max(2.0, cell / 22), set_dash))
        row, col = divmod(min(s.cells), n)
        out.append(
            Label(
                x0 + (col + inset) * cell + cell * 0.1,
                y0 + (row + inset) * cell + cell * 0.1,
                s.label,
                cell * 0.2,
                colour,
                bold=True,
                backdrop="board",
            )
        )
    for c in picture.cells_with("pivot"):
        bx0, by0, bx1, by1 = cell_box(c)
        w = max(3.0, cell / 12)
        out.append(Box(bx0 + w / 2, by0 + w / 2, bx1 - w / 2, by1 - w / 2, stroke="frame", width=w))
    for c in picture.cells_with("pincer"):
        bx0, by0, bx1, by1 = cell_box(c)
        w = max(2.0, cell / 24)
        out.append(
            Box(bx0 + w * 1.5, by0 + w * 1.5, bx1 - w * 1.5, by1 - w * 1.5, stroke="frame", width=w)
        )
    for c in picture.cells_with("fin"):
        bx0, by0, bx1, by1 = cell_box(c)
        w = max(2.0, cell / 22)
        out.append(
            Box(
                bx0 + w,
                by0 + w,
                bx1 - w,
                by1 - w,
                stroke="fin_edge",
                width=w,
                dash=(w * 1.2, w * 1.2),
            )
        )
    out[first_frame:] = _tagged(out[first_frame:], STEP_TAG)
    return out


def _hatch(
    boxes: Sequence[tuple[float, float, float, float]], spacing: float, colour: str, width: float
) -> list[Prim]:
    """Diagonal hatching (lines ``x + y = k·spacing``) clipped to each box, so that the
    lines run on from cell to cell."""
    out: list[Prim] = []
    for x0, y0, x1, y1 in boxes:
        k = math.ceil((x0 + y0) / spacing)
        while k * spacing < x1 + y1:
            s = k * spacing
            # Points of x + y = s inside the box.
            pts = []
            for x, y in ((x0, s - x0), (x1, s - x1), (s - y0, y0), (s - y1, y1)):
                if x0 - 1e-9 <= x <= x1 + 1e-9 and y0 - 1e-9 <= y <= y1 + 1e-9:
                    pts.append((x, y))
            pts = sorted(set(pts))
            if len(pts) >= 2 and pts[0] != pts[-1]:
                out.append(Poly((pts[0], pts[-1]), colour, width))
            k += 1
    return out


def link_prims(picture: StepPicture, x0: float, y0: float, cell: int) -> list[Prim]:
    """The chain: grouped nodes boxed, links as gentle curves between candidates, strong
    ones solid and weak ones dashed, each with an arrowhead at its end."""
    shape = picture.shape
    out: list[Prim] = []
    width = max(1.6, cell / 26)
    radius = picture.candidate_radius() * cell

    def at(p: Point) -> Point:
        return (x0 + p[0] * cell, y0 + p[1] * cell)

    for node in picture.nodes():
        if node.grouped:
            a, b, c, d = node_box(shape, node, cell_pad=picture.pad)
            out.append(
                Box(
                    x0 + a * cell,
                    y0 + b * cell,
                    x0 + c * cell,
                    y0 + d * cell,
                    stroke="link",
                    width=width,
                    radius=radius * 0.6,
                )
            )
    for link in picture.links:
        out += _link(picture, link, at, radius, width, cell)
    return out + branch_badges(picture, at, cell)


def _link(
    picture: StepPicture,
    link: LinkPicture,
    at: Callable[[Point], Point],
    radius: float,
    width: float,
    cell: int,
) -> list[Prim]:
    shape = picture.shape
    end_c = [picture.candidate_centre(c, link.end.digit) for c in link.end.cells]
    mid_end = (sum(p[0] for p in end_c) / len(end_c), sum(p[1] for p in end_c) / len(end_c))
    p_unit = node_anchor(shape, link.start, mid_end, picture.pad)
    p, q = at(p_unit), at(node_anchor(shape, link.end, p_unit, picture.pad))
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    if length < 1e-6:
        return []
    # Bend to the left of the direction, more for long links (they pass other candidates).
    bend = min(0.18 * length, cell * 0.7) + cell * (0.05 + 0.1 * max(0, link.branch % 4))
    nx, ny = -dy / length, dx / length
    # Bow towards the board's middle, so that links along an edge stay on the board.
    middle = at((shape.n / 2, shape.n / 2))
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    if (middle[0] - mx) * nx + (middle[1] - my) * ny < 0:
        nx, ny = -nx, -ny
    ctrl = (mx + nx * bend, my + ny * bend)
    points = [_quad(p, ctrl, q, i / 24) for i in range(25)]
    points = _trim(points, radius * 1.05, radius * 1.15)
    if len(points) < 2:
        return []
    dash = None if link.strong else (cell * 0.1, cell * 0.07)
    ink = branch_ink(link.branch)
    out: list[Prim] = [Poly(tuple(points), ink, width, dash)]
    # Arrowhead along the curve's last direction.
    (ax, ay), (bx, by) = points[-2], points[-1]
    d = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / d, (by - ay) / d
    head = max(6.0, cell * 0.13)
    left = (bx - ux * head - uy * head * 0.45, by - uy * head + ux * head * 0.45)
    right = (bx - ux * head + uy * head * 0.45, by - uy * head - ux * head * 0.45)
    out.append(Poly(((bx, by), left, right), ink, 1, closed=True, fill=ink))
    return out


def branch_badges(picture: StepPicture, at: Callable[[Point], Point], cell: int) -> list[Prim]:
    """Each branch's number in a disc of its ink, beside its assumption's candidate."""
    if len(picture.branches) < 2:
        return []
    r, out = picture.candidate_radius() * cell, list[Prim]()
    for b in picture.branches:
        cx, cy = at(picture.candidate_centre(*b.start))
        x, y, ink = cx - r * 0.95, cy - r * 0.95, branch_ink(b.label - 1)
        out.append(Disc(x, y, max(6.0, r * 0.62), fill=ink, stroke="board", width=1))
        out.append(Label(x, y, str(b.label), max(8.0, r * 0.82), "board", bold=True))
    return out


def _quad(p: Point, c: Point, q: Point, t: float) -> Point:
    u = 1 - t
    return (
        u * u * p[0] + 2 * u * t * c[0] + t * t * q[0],
        u * u * p[1] + 2 * u * t * c[1] + t * t * q[1],
    )


def _trim(points: list[Point], head: float, tail: float) -> list[Point]:
    """The polyline without its first ``head`` and last ``tail`` pixels."""

    def cut(pts: list[Point], amount: float) -> list[Point]:
        left = amount
        for i in range(len(pts) - 1):
            (ax, ay), (bx, by) = pts[i], pts[i + 1]
            d = math.hypot(bx - ax, by - ay)
            if d >= left:
                t = left / d if d else 0.0
                return [(ax + (bx - ax) * t, ay + (by - ay) * t), *pts[i + 1 :]]
            left -= d
        return []

    out = cut(points, head)
    return cut(out[::-1], tail)[::-1]


def swatch_prims(
    role: LegendRole, x: float, y: float, size: float, picture: StepPicture, index: int = 0
) -> list[Prim]:
    """The small sample drawn beside a legend line, in the same style as the board
    (``index``: which set, for a set's line)."""
    cx, cy = x + size / 2, y + size / 2
    r = size * 0.36
    box = (x + 1, y + 1, x + size - 1, y + size - 1)
    if role == "pattern":
        return [Disc(cx, cy, r, fill="pattern_fill", stroke="pattern_edge")]
    if role == "secondary":
        return [Box(cx - r, cy - r, cx + r, cy + r, fill="secondary_fill", stroke="secondary_edge")]
    if role == "start":
        return [Disc(cx, cy, r, fill="pattern_fill", stroke="start_edge", width=2.5)]
    if role == "eliminated":
        return [
            Disc(cx, cy, r, fill="elim_fill"),
            Label(cx, cy, "4", size * 0.6, "elim_ink", bold=True),
            Poly(((cx - r, cy + r), (cx + r, cy - r)), "elim_ink", 2),
        ]
    if role == "placed":
        return [
            Disc(cx, cy, r, fill="place_fill", stroke="place_ink", width=2.5),
            Label(cx, cy, "7", size * 0.6, "place_ink", bold=True),
        ]
    if role in ("base", "focus", "sees"):
        fill = {"base": "base_fill", "focus": "focus_fill", "sees": "sees_fill"}[role]
        return [Box(*box, fill=fill, stroke="cell_line")]
    if role == "cover":
        return [
            Box(*box, fill="board", stroke="cell_line"),
            *_hatch([box], size * 0.2, "cover_hatch", 1.5),
        ]
    if role == "pivot":
        return [Box(*box, stroke="frame", width=4)]
    if role == "pincer":
        return [Box(x + 3, y + 3, x + size - 3, y + size - 3, stroke="frame", width=2)]
    if role == "fin":
        return [
            Box(*box, stroke="fin_edge", width=2, dash=(3, 3)),
            Box(
                cx - r * 0.7,
                cy - r * 0.7,
                cx + r * 0.7,
                cy + r * 0.7,
                fill="secondary_fill",
                stroke="secondary_edge",
            ),
        ]
    if role == "set":
        dash = (None, (5.0, 2.5), (1.5, 2.5), (7.0, 2.0))[index % 4]
        return [Box(*box, stroke=f"set_{index % 4}", width=2.5, dash=dash)]
    if role in ("strong", "weak"):
        dash = None if role == "strong" else (5.0, 3.5)
        return [
            Poly(((x, cy), (x + size - 5, cy)), "link", 2, dash),
            Poly(
                ((x + size, cy), (x + size - 7, cy - 3.5), (x + size - 7, cy + 3.5)),
                "link",
                1,
                closed=True,
                fill="link",
            ),
        ]
    if role == "group":
        return [Box(*box, stroke="link", width=2, radius=3)]
    if role == "branch":
        ink, number = branch_ink(index), Label(cx, cy, str(index + 1), size * 0.42, "board", True)
        return [Poly(((x, cy), (x + size, cy)), ink, 2.5), Disc(cx, cy, r, ink, "board"), number]
    if role == "clash":
        return [Box(cx - r, cy - r, cx + r, cy + r, stroke="elim_ink", width=2)]
    if role == "cage":
        return [
            Poly(
                (
                    (x + 2, y + 2),
                    (x + size - 2, y + 2),
                    (x + size - 2, y + size - 2),
                    (x + 2, y + size - 2),
                ),
                "cage_edge",
                2,
                (3, 2),
                closed=True,
            )
        ]
    return []


# The writers (SVG, PNG) are in :mod:`sudokit.render.step_write`.

__all__ = [
    "COLOURS",
    "COLOUR_NAMES",
    "DARK",
    "GREY",
    "LIGHT",
    "THEMES",
    "Scene",
    "StepColours",
    "Theme",
    "board_prims",
    "default_cell_size",
    "scene",
]
