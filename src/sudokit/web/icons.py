"""The web app's icons: a clean grid mark in the boards' own palette.

The PNGs live in ``static/icons/`` (the build copies them as they are, so building needs
no Pillow); this module draws them. After changing the mark, write them again with
``python -m sudokit.web.icons``. A test checks the files are what this draws.

- ``icon-192.png``, ``icon-512.png``: a rounded tile on a transparent ground (purpose
  "any": tabs, desktop shortcuts);
- ``maskable-192.png``, ``maskable-512.png``: the tile's colour to every edge, the mark
  inside the middle 80 % that every launcher's mask keeps (purpose "maskable": phones);
- ``apple-touch-icon.png`` (180): full-bleed as well, iOS rounds it itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..render.palette import PALETTE, hex_rgb

#: The tile: the boards' dark slate (their thick lines); the board on it: white, thin lines
#: in the boards' grey; the centre cell in the accent blue of the game's selection, its
#: neighbours in the box in the selection's light tint.
TILE = hex_rgb(PALETTE.box_line)
BOARD = hex_rgb(PALETTE.board)
THIN = hex_rgb(PALETTE.cell_line)
THICK = hex_rgb(PALETTE.box_line)
ACCENT = (37, 99, 235)
TINT = (200, 221, 253)
#: Cells shaded in the mark (row, column): a selected centre cell and a cross of its peers.
MARKED = {(4, 4): ACCENT, (3, 4): TINT, (5, 4): TINT, (4, 3): TINT, (4, 5): TINT}

#: File name → (pixels, full-bleed).
ICONS: dict[str, tuple[int, bool]] = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "maskable-192.png": (192, True),
    "maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}

ICON_DIR = Path(__file__).resolve().parent / "static" / "icons"


def draw(size: int, full_bleed: bool) -> Any:
    """The icon at ``size`` pixels (a Pillow image; Pillow is imported only here, being
    optional): drawn at 4× and scaled down, for smooth edges."""
    from PIL import Image, ImageDraw

    s = size * 4
    image = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    if full_bleed:
        pen.rectangle((0, 0, s - 1, s - 1), fill=TILE)
        board = round(s * 0.56)  # inside the maskable safe zone (a circle of 80 %)
    else:
        pen.rounded_rectangle((0, 0, s - 1, s - 1), radius=round(s * 0.22), fill=TILE)
        board = round(s * 0.66)
    cell = board // 9
    board = cell * 9
    x0 = y0 = (s - board) // 2
    pen.rounded_rectangle(
        (x0, y0, x0 + board - 1, y0 + board - 1), radius=round(cell * 0.35), fill=BOARD
    )
    for (r, c), colour in MARKED.items():
        pen.rectangle(
            (x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell - 1, y0 + (r + 1) * cell - 1),
            fill=colour,
        )
    thin = max(1, round(cell * 0.06))
    thick = max(2, round(cell * 0.16))
    for i in (1, 2, 4, 5, 7, 8):
        at = x0 + i * cell
        pen.rectangle((at - thin // 2, y0, at + (thin - 1) // 2, y0 + board - 1), fill=THIN)
        at = y0 + i * cell
        pen.rectangle((x0, at - thin // 2, x0 + board - 1, at + (thin - 1) // 2), fill=THIN)
    for i in (3, 6):
        at = x0 + i * cell
        pen.rectangle((at - thick // 2, y0, at + (thick - 1) // 2, y0 + board - 1), fill=THICK)
        at = y0 + i * cell
        pen.rectangle((x0, at - thick // 2, x0 + board - 1, at + (thick - 1) // 2), fill=THICK)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def write(folder: Path = ICON_DIR) -> list[Path]:
    """Write every icon of :data:`ICONS` into ``folder``; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, (size, full_bleed) in ICONS.items():
        path = folder / name
        draw(size, full_bleed).save(path, optimize=True)
        out.append(path)
    return out


if __name__ == "__main__":  # pragma: no cover - a maintainer's tool
    for written in write():
        print(written.name)
