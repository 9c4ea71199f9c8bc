"""GIFs of watched algorithms: one panel per algorithm, frames at evenly spaced steps."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from ..files import check_writable, open_replacing
from ..grid import Grid
from ..watch import (
    Backtrack,
    Contradiction,
    Event,
    Failed,
    Place,
    Replay,
    Solved,
    Stuck,
    run,
    trace,
)
from .picture import draw_picture, font, wrap_text
from .style import PALETTE, Palette, hex_rgb, view_of_replay

HEADER = 40  # with a title of one line
FOOTER = 96  # with a caption of one line
PAD = 16
#: Title and caption: font size and line height (a longer text takes more lines, and
#: the header or footer grows: the step's sentence is the point of a frame).
TITLE_PX, TITLE_LINE = 18, 24
CAPTION_PX, CAPTION_LINE = 14, 18
#: Room kept at the right of the title for the status ("step 1,234,567").
STATUS_ROOM = 110


def gif_cell_size(n: int) -> int:
    """Cells for animation frames: a 9×9 board about 400 px wide."""
    return max(28, 396 // n)


def header_height(title_rows: int = 1) -> int:
    return max(HEADER, 16 + title_rows * TITLE_LINE)


def footer_height(caption_rows: int = 1) -> int:
    return FOOTER + (max(caption_rows, 1) - 1) * CAPTION_LINE


def panel_size(n: int, cell: int, title_rows: int = 1, caption_rows: int = 1) -> tuple[int, int]:
    """A panel's width and height, with a title and a caption of so many lines."""
    return (n * cell + 2 * PAD, header_height(title_rows) + n * cell + footer_height(caption_rows))


def title_lines(replay: Replay, cell: int) -> list[str]:
    """The panel's title (the algorithm's), in lines that fit beside the status."""
    inner = replay.shape.n * cell
    return wrap_text(replay.algorithm.title, TITLE_PX, inner - STATUS_ROOM)


@dataclass(frozen=True, slots=True)
class PanelText:
    """What a panel says under its board at one moment: the caption in lines (the last
    event's sentence, whole), its colour, and the counters."""

    caption: list[str]
    colour: str
    counters: list[tuple[str, int]]


def panel_text(replay: Replay, cell: int, palette: Palette = PALETTE) -> PanelText:
    """The caption and counters of ``replay`` now, the caption wrapped to the panel."""
    if replay.status == "solved":
        caption = f"Solved in {replay.counters.steps:,} steps"
    else:
        caption = replay.caption() or replay.algorithm.summary
    lines = wrap_text(caption, CAPTION_PX, replay.shape.n * cell)
    return PanelText(lines, _caption_colour(replay.last, palette), _counter_items(replay))


def _counter_items(replay: Replay) -> list[tuple[str, int]]:
    c = replay.counters
    second = ("tries", c.tries) if replay.kept is None else ("eliminations", c.eliminations)
    return [
        ("steps", c.steps),
        second,
        ("placements", c.placements),
        ("guesses", c.guesses),
        ("backtracks", c.backtracks),
        ("depth", c.depth),
    ]


def _caption_colour(event: Event | None, palette: Palette) -> str:
    if isinstance(event, Contradiction | Backtrack | Failed | Stuck):
        return palette.bad
    if isinstance(event, Solved):
        return palette.focus
    if isinstance(event, Place):
        return palette.guessed if event.guess else palette.forced
    return palette.text


def draw_panel(
    draw: ImageDraw.ImageDraw,
    replay: Replay,
    at: tuple[int, int],
    cell: int,
    palette: Palette = PALETTE,
    *,
    candidates: bool = True,
) -> None:
    """One algorithm's panel: title and step, the board, the last event, the counters
    (as tall as :func:`panel_size` says for its title's and caption's lines)."""
    title_rows = len(title_lines(replay, cell))
    draw_panel_top(draw, replay, at, cell, palette, candidates=candidates, title_rows=title_rows)
    text = panel_text(replay, cell, palette)
    below = at[1] + header_height(title_rows) + replay.shape.n * cell
    draw_panel_text(draw, text, (at[0], below), cell * replay.shape.n, palette, len(text.caption))


def draw_panel_top(
    draw: ImageDraw.ImageDraw,
    replay: Replay,
    at: tuple[int, int],
    cell: int,
    palette: Palette = PALETTE,
    *,
    candidates: bool = True,
    title_rows: int = 1,
) -> None:
    """The header (title and status, the title in ``title_rows`` lines' room) and the board."""
    x0, y0 = at
    n = replay.shape.n
    width = n * cell + 2 * PAD
    header = header_height(title_rows)
    lines = title_lines(replay, cell)
    top = y0 + (header - len(lines) * TITLE_LINE) // 2
    for i, line in enumerate(lines):
        draw.text(
            (x0 + PAD, top + i * TITLE_LINE + TITLE_LINE // 2 + 2),
            line,
            font=font(TITLE_PX),
            fill=palette.text,
            anchor="lm",
        )
    status = {
        "solved": ("solved", palette.focus),
        "failed": ("no solution", palette.bad),
        "stuck": ("stuck", palette.bad),
    }.get(replay.status, (f"step {replay.counters.steps:,}", palette.muted))
    draw.text(
        (x0 + width - PAD, top + TITLE_LINE // 2 + 2),
        status[0],
        font=font(14),
        fill=status[1],
        anchor="rm",
    )
    board_y = y0 + header
    draw_picture(
        draw, view_of_replay(replay, candidates=candidates), (x0 + PAD, board_y), cell, palette
    )


def draw_panel_text(
    draw: ImageDraw.ImageDraw,
    text: PanelText,
    at: tuple[int, int],
    inner: int,
    palette: Palette = PALETTE,
    caption_rows: int = 1,
) -> None:
    """The footer under a board whose bottom-left corner is ``at`` (``inner`` pixels
    wide): the caption's lines, then the counters below ``caption_rows`` lines' room."""
    x0, board_bottom = at
    y = board_bottom + 16
    for i, line in enumerate(text.caption):
        draw.text(
            (x0 + PAD, y + i * CAPTION_LINE),
            line,
            font=font(CAPTION_PX),
            fill=text.colour,
            anchor="lt",
        )
    y += (max(caption_rows, 1) - 1) * CAPTION_LINE
    column = inner / 3
    for i, (label, value) in enumerate(text.counters):
        cx = x0 + PAD + round((i % 3) * column)
        cy = y + 26 + (i // 3) * 26
        number = f"{value:,}"
        draw.text((cx, cy), number, font=font(16), fill=palette.text, anchor="lt")
        left, _, right, _ = font(16).getbbox(number)
        draw.text(
            (cx + right - left + 6, cy + 3), label, font=font(12), fill=palette.muted, anchor="lt"
        )


@dataclass(frozen=True, slots=True)
class GifInfo:
    """What :func:`write_gif` made: frames written, steps per algorithm, length in seconds."""

    frames: int
    steps: dict[str, int]
    seconds: float
    complete: bool  # False when max_steps cut a trace short


def sample_points(total: int, frames: int) -> list[int]:
    """Up to ``frames`` step counts from 1 to ``total``, evenly spaced, ending at ``total``."""
    if total <= 0 or frames <= 0:
        return []
    if total <= frames:
        return list(range(1, total + 1))
    return [-(-(k + 1) * total // frames) for k in range(frames)]  # ceil, strictly rising


def _advance(replay: Replay, events: Iterator[Event], steps: int) -> None:
    apply = replay.apply
    while replay.counters.steps < steps:
        event = next(events, None)
        if event is None:
            return
        apply(event)


#: Hears how far :func:`write_gif` got: ``(what, done, total or None)``.
Progress = Callable[[str, int, int | None], None]


def _counting(
    progress: Progress | None, name: str, cap: int | None
) -> Callable[[int], None] | None:
    if progress is None:
        return None
    return lambda steps: progress(f"{name} steps", steps, cap)


def write_gif(
    grid: Grid,
    algorithms: Sequence[str],
    path: str | os.PathLike[str],
    *,
    fps: float = 8,
    max_frames: int = 240,
    max_steps: int | None = None,
    candidates: bool = True,
    cell_size: int | None = None,
    hold: float = 2.5,
    palette: Palette = PALETTE,
    progress: Progress | None = None,
) -> GifInfo:
    """Write a GIF of ``algorithms`` solving ``grid``, side by side in lock-step.

    Frames: the puzzle, then the boards after evenly spaced steps (lock-step: a panel
    whose trace has ended stays at its end), the last held ``hold`` seconds.
    ``progress``, when given, hears ``(what, done, total)`` as the work goes: the steps
    of each trace counted (``total`` the cap, or None), then the frames drawn.
    """
    if not algorithms:
        raise ValueError("no algorithm to animate")
    if max_frames < 2:
        raise ValueError("max_frames must be at least 2")
    if fps <= 0:
        raise ValueError("fps must be positive")
    check_writable(path)  # before the work, not after it
    totals = {
        a: run(grid, a, max_steps=max_steps, progress=_counting(progress, a, max_steps))
        for a in algorithms
    }
    steps = {a: s.counters.steps for a, s in totals.items()}
    if progress is not None:
        for a, count in steps.items():
            progress(f"{a} steps", count, max_steps)
    points = sample_points(max(steps.values()), max_frames - 1)
    n = grid.size
    cell = cell_size or gif_cell_size(n)
    replays = [Replay(grid, a) for a in algorithms]
    streams = [trace(grid, a) for a in algorithms]
    title_rows = max(len(title_lines(r, cell)) for r in replays)
    pw, top_height = panel_size(n, cell, title_rows)[0], header_height(title_rows) + n * cell
    width = pw * len(algorithms) + PAD * (len(algorithms) - 1)

    # Each frame is drawn in two parts: the boards now, the captions (whose longest sets
    # the height of the footer of every frame) once every frame is known.
    def frame() -> tuple[Image.Image, list[PanelText]]:
        image = Image.new("RGB", (width, top_height), palette.page)
        draw = ImageDraw.Draw(image)
        for i, replay in enumerate(replays):
            at = (i * (pw + PAD), 0)
            draw_panel_top(
                draw, replay, at, cell, palette, candidates=candidates, title_rows=title_rows
            )
        return image, [panel_text(r, cell, palette) for r in replays]

    parts = [frame()]
    for i, point in enumerate(points, 1):
        for replay, events in zip(replays, streams, strict=True):
            _advance(replay, events, point)
        parts.append(frame())
        if progress is not None:
            progress("frames", i, len(points))
    caption_rows = max(len(t.caption) for _, texts in parts for t in texts)
    ph = top_height + footer_height(caption_rows)

    def whole(top: Image.Image, texts: list[PanelText]) -> Image.Image:
        image = Image.new("RGB", (width, ph), palette.page)
        image.paste(top, (0, 0))
        draw = ImageDraw.Draw(image)
        for i, text in enumerate(texts):
            at = (i * (pw + PAD), top_height)
            draw_panel_text(draw, text, at, n * cell, palette, caption_rows)
        return image

    frames = [whole(top, texts) for top, texts in parts]
    del parts

    # One palette for every frame, so colours hold still: taken from the last frame (it
    # shows most digits) with a swatch of every palette colour added.
    swatch = Image.new("RGB", (width, ph + 8), palette.page)
    swatch.paste(frames[-1], (0, 0))
    colours = [getattr(palette, f.name) for f in dataclasses.fields(palette)]
    strip = ImageDraw.Draw(swatch)
    for i, colour in enumerate(colours):
        strip.rectangle((i * 8, ph, i * 8 + 7, ph + 7), fill=hex_rgb(colour))
    shared = swatch.quantize(colors=96, method=Image.Quantize.MEDIANCUT)
    images = [f.quantize(palette=shared, dither=Image.Dither.NONE) for f in frames]
    step_ms = max(20, round(1000 / fps))
    durations = [step_ms] * len(images)
    durations[0] = max(step_ms, 800)
    durations[-1] = max(step_ms, round(hold * 1000))
    with open_replacing(path) as out:
        images[0].save(
            out,
            format="GIF",
            save_all=True,
            append_images=images[1:],
            duration=durations,
            loop=0,
            optimize=True,  # unchanged pixels become transparent: small deltas
        )
    return GifInfo(
        len(images),
        steps,
        sum(durations) / 1000,
        all(s.finished for s in totals.values()),
    )


__all__ = [
    "GifInfo",
    "PanelText",
    "Progress",
    "draw_panel",
    "draw_panel_text",
    "draw_panel_top",
    "gif_cell_size",
    "panel_size",
    "panel_text",
    "sample_points",
    "title_lines",
    "write_gif",
]
