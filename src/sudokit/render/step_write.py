"""Writing a step's picture: SVG text (standard library only) and PNG images (Pillow).

Both writers stroke the one list of primitives that :func:`sudokit.render.step_art.scene`
lays out, so the two pictures are the same.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Iterator, Sequence
from html import escape
from typing import TYPE_CHECKING

from .step_art import (
    COLOUR_NAMES,
    COLOURS,
    FONT_FAMILY,
    LIGHT,
    Box,
    Disc,
    Label,
    Point,
    Poly,
    Scene,
    StepColours,
    Theme,
    scene,
    swatch_prims,
    text_width_estimate,
)
from .steps import LegendLine, StepPicture

if TYPE_CHECKING:
    from PIL import Image

# --- SVG ----------------------------------------------------------------------------


def _num(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def svg_of_scene(
    sc: Scene,
    colours: StepColours | None = LIGHT,
    *,
    classes: bool = False,
    label: str = "",
) -> str:
    """SVG text of a scene: colours inline (``colours``), or, with ``classes``, as class
    names ``f-NAME``/``s-NAME`` for a page's style sheet to colour (a page can then switch
    themes without redrawing). Shapes' tags become classes too. Runs of text in one style
    share a group, which keeps a grid of candidates small."""

    def paint(kind: str, name: str | None) -> str:
        if name is None:
            return f' {kind}="none"'
        if classes:
            return ""
        assert colours is not None
        return f' {kind}="{getattr(colours, name)}"'

    def cls(fill: str | None, stroke: str | None, tag: str = "") -> str:
        names = [tag] if tag else []
        if classes:
            names += ([f"f-{fill}"] if fill else []) + ([f"s-{stroke}"] if stroke else [])
        return f' class="{" ".join(names)}"' if names else ""

    def stroked(stroke: str | None, width: float, dash: tuple[float, float] | None) -> str:
        if not stroke:
            return ""
        out = f'{paint("stroke", stroke)} stroke-width="{_num(width)}"'
        if dash:
            out += f' stroke-dasharray="{_num(dash[0])} {_num(dash[1])}"'
        return out

    w, h = _num(sc.width), _num(sc.height)
    title = f"<title>{escape(label)}</title>" if label else ""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" role="img" font-family="{FONT_FAMILY}" '
        f'text-anchor="middle" dominant-baseline="central">{title}'
    ]
    group: tuple[float, str, bool, str] | None = None
    for p in sc.prims:
        if group is not None and not (
            isinstance(p, Label) and not p.backdrop and (p.size, p.fill, p.bold, p.anchor) == group
        ):
            out.append("</g>")
            group = None
        if isinstance(p, Box):
            rx = f' rx="{_num(p.radius)}"' if p.radius else ""
            out.append(
                f'<rect x="{_num(p.x0)}" y="{_num(p.y0)}" width="{_num(p.x1 - p.x0)}" '
                f'height="{_num(p.y1 - p.y0)}"{rx}{paint("fill", p.fill)}'
                f"{stroked(p.stroke, p.width, p.dash)}{cls(p.fill, p.stroke, p.tag)}/>"
            )
        elif isinstance(p, Disc):
            out.append(
                f'<circle cx="{_num(p.cx)}" cy="{_num(p.cy)}" r="{_num(p.r)}"'
                f"{paint('fill', p.fill)}{stroked(p.stroke, p.width, None)}"
                f"{cls(p.fill, p.stroke, p.tag)}/>"
            )
        elif isinstance(p, Poly):
            d = "M" + "L".join(f"{_num(x)} {_num(y)}" for x, y in p.points)
            d += "Z" if p.closed else ""
            cap = ""
            if not p.closed and len(p.points) > 2:
                cap = ' stroke-linecap="round" stroke-linejoin="round"'
            out.append(
                f'<path d="{d}"{paint("fill", p.fill)}{stroked(p.stroke, p.width, p.dash)}'
                f"{cap}{cls(p.fill, p.stroke, p.tag)}/>"
            )
        else:
            if p.backdrop:
                bw = text_width_estimate(p.text, p.size) + 2
                left = p.x - 1 if p.anchor == "start" else p.x - bw / 2
                out.append(
                    f'<rect x="{_num(left)}" y="{_num(p.y - p.size * 0.55)}" width="{_num(bw)}" '
                    f'height="{_num(p.size * 1.1)}"{paint("fill", p.backdrop)}'
                    f"{cls(p.backdrop, None, p.tag)}/>"
                )
            if group is None:
                weight = ' font-weight="bold"' if p.bold else ""
                anchor = ' text-anchor="start"' if p.anchor == "start" else ""
                out.append(
                    f'<g font-size="{_num(p.size)}"{weight}{anchor}{paint("fill", p.fill)}'
                    f"{cls(p.fill, None)}>"
                )
                group = (p.size, p.fill, p.bold, p.anchor)
            out.append(
                f'<text x="{_num(p.x)}" y="{_num(p.y)}"{cls(None, None, p.tag)}>'
                f"{escape(p.text)}</text>"
            )
            if p.backdrop:
                out.append("</g>")
                group = None
    if group is not None:
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def step_svg(
    picture: StepPicture,
    *,
    theme: Theme = "light",
    cell: int | None = None,
    legend: bool = True,
    title: bool = True,
    classes: bool = False,
) -> str:
    """An SVG document of a step's picture (with its name, sentence and legend unless
    turned off), in the colours of ``theme`` (or as class names, see :func:`svg_of_scene`)."""
    sc = scene(picture, cell=cell, legend=legend, title=title)
    return svg_of_scene(
        sc,
        None if classes else COLOURS[theme],
        classes=classes,
        label=f"{picture.name}: {picture.text}",
    )


def colour_css(colours: StepColours, prefix: str = "") -> str:
    """CSS rules colouring an SVG written with ``classes``: ``.f-NAME{fill:…}`` and
    ``.s-NAME{stroke:…}`` for every colour name, each selector after ``prefix``."""
    rules = []
    for name in COLOUR_NAMES:
        value = getattr(colours, name)
        rules.append(f"{prefix}.f-{name}{{fill:{value}}}{prefix}.s-{name}{{stroke:{value}}}")
    return "\n".join(rules)


# --- PNG ----------------------------------------------------------------------------


def step_image(
    picture: StepPicture,
    *,
    theme: Theme = "light",
    cell: int | None = None,
    legend: bool = True,
    title: bool = True,
) -> Image.Image:
    """A Pillow image (RGB) of a step's picture: the same scene as :func:`step_svg`."""
    from PIL import Image, ImageDraw

    from .picture import font, text_width

    def measure(text: str, size: float) -> float:
        return float(text_width(text.translate(_PILLOW_TEXT), round(size)))

    sc = scene(picture, cell=cell, legend=legend, title=title, measure=measure)
    colours = COLOURS[theme]
    scale = 2  # drawn at twice the size and scaled down: smooth curves and discs
    image = Image.new(
        "RGB", (math.ceil(sc.width) * scale, math.ceil(sc.height) * scale), colours.page
    )
    draw = ImageDraw.Draw(image)

    def col(name: str | None) -> str | None:
        return None if name is None else getattr(colours, name)

    def s(v: float) -> float:
        return v * scale

    for p in sc.prims:
        if isinstance(p, Box):
            xy = (s(p.x0), s(p.y0), s(p.x1), s(p.y1))
            if p.dash and p.stroke:
                if p.fill:
                    draw.rectangle(xy, fill=col(p.fill))
                corners = [
                    (xy[0], xy[1]),
                    (xy[2], xy[1]),
                    (xy[2], xy[3]),
                    (xy[0], xy[3]),
                    (xy[0], xy[1]),
                ]
                for a, b in dashed(corners, s(p.dash[0]), s(p.dash[1])):
                    draw.line((a, b), fill=col(p.stroke), width=round(s(p.width)))
            elif p.radius:
                draw.rounded_rectangle(
                    xy,
                    s(p.radius),
                    fill=col(p.fill),
                    outline=col(p.stroke),
                    width=round(s(p.width)) if p.stroke else 0,
                )
            else:
                if p.stroke:  # Pillow strokes inside the box; SVG centres the stroke on it
                    half = s(p.width) / 2
                    xy = (xy[0] - half, xy[1] - half, xy[2] + half, xy[3] + half)
                draw.rectangle(
                    xy,
                    fill=col(p.fill),
                    outline=col(p.stroke),
                    width=round(s(p.width)) if p.stroke else 0,
                )
        elif isinstance(p, Disc):
            r = s(p.r)
            xy = (s(p.cx) - r, s(p.cy) - r, s(p.cx) + r, s(p.cy) + r)
            draw.ellipse(
                xy,
                fill=col(p.fill),
                outline=col(p.stroke),
                width=round(s(p.width)) if p.stroke else 0,
            )
        elif isinstance(p, Poly):
            pts = [(s(x), s(y)) for x, y in p.points]
            if p.closed and p.fill:
                draw.polygon(pts, fill=col(p.fill), outline=col(p.stroke))
                continue
            if p.closed:
                pts.append(pts[0])
            w = max(1, round(s(p.width)))
            if p.dash:
                for a, b in dashed(pts, s(p.dash[0]), s(p.dash[1])):
                    draw.line((a, b), fill=col(p.stroke), width=w)
            else:
                draw.line(pts, fill=col(p.stroke), width=w, joint="curve")
        else:
            f = font(max(6, round(s(p.size))))
            text = p.text.translate(_PILLOW_TEXT)
            anchor = "lm" if p.anchor == "start" else "mm"
            if p.backdrop:
                box = draw.textbbox((s(p.x), s(p.y)), text, font=f, anchor=anchor)
                draw.rectangle(
                    (box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2), fill=col(p.backdrop)
                )
            stroke = scale // 2 if p.bold else 0
            draw.text(
                (s(p.x), s(p.y)),
                text,
                font=f,
                fill=col(p.fill),
                anchor=anchor,
                stroke_width=stroke,
                stroke_fill=col(p.fill),
            )
    return image.resize((math.ceil(sc.width), math.ceil(sc.height)), Image.Resampling.LANCZOS)


def dashed(points: Sequence[Point], on: float, off: float) -> Iterator[tuple[Point, Point]]:
    """The dashes of a polyline, ``on`` long with ``off`` gaps, continuing round corners."""
    drawing, left = True, on
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        d = math.hypot(bx - ax, by - ay)
        pos = 0.0
        while pos < d - 1e-9:
            step = min(left, d - pos)
            if drawing:
                t0, t1 = pos / d, (pos + step) / d
                yield (
                    (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                    (ax + (bx - ax) * t1, ay + (by - ay) * t1),
                )
            pos += step
            left -= step
            if left <= 1e-9:
                drawing = not drawing
                left = on if drawing else off


def write_png(picture: StepPicture, path: str | os.PathLike[str], **options: object) -> None:
    """Write a step's picture as a PNG (see :func:`step_image` for the options)."""
    from .picture import save_png

    save_png(step_image(picture, **options), path)  # type: ignore[arg-type]


def legend_swatch_svg(
    entry: LegendLine, picture: StepPicture, size: float = 18, index: int = 0
) -> str:
    """A legend line's swatch as a small SVG with class names (for a page's legend)."""
    sc = Scene(size, size, tuple(swatch_prims(entry.role, 0, 0, size, picture, index)))
    return svg_of_scene(sc, None, classes=True).strip()


#: Characters Pillow's bundled font lacks, and what the PNG writes instead.
_PILLOW_TEXT = str.maketrans({"–": "-", "—": "-", "×": "x", "→": "->", "…": "...", "≠": "<>"})
