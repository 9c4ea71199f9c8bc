"""The one palette of boards, light and dark: the game, the watch window and the pictures
(PNG, SVG, GIF) all take their board colours from here.

Plain data with no imports, so the game's theme (:mod:`sudokit.gui.theme`) builds on it
without loading the pictures' code. The game's own interface colours (buttons, tints of
the selection) live in its theme; what a board shows — page, board, lines, givens, the
digits found by logic or by guessing, notes, errors — is the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


def hex_rgb(text: str) -> RGB:
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


@dataclass(frozen=True, slots=True)
class Palette:
    """Colours as ``#rrggbb``. Every field is a colour (the GIF writer lists them all).

    Shared with the game's theme: ``page`` (its background), ``board`` (a cell),
    ``box_line``/``cell_line`` (thick and thin lines), ``given``, ``forced`` (a digit
    logic found: the game's "revealed"), ``guessed`` and ``solution`` (the game's
    entries), ``candidate`` (notes), ``bad`` (errors), ``text``, ``muted``. The rest mark
    a watched step: the focused cell and unit, the digit on trial, the last event's cell;
    ``bar``/``bar_text``/``bar_muted``: the watch window's status bar. ``shade``: the
    shaded cells of a variant (windoku's windows), light grey in print and in greyscale;
    ``diagonal``: X's diagonals.
    """

    page: str = "#ecf0f5"
    board: str = "#ffffff"
    box_line: str = "#334155"
    cell_line: str = "#cbd5e1"
    given: str = "#0f172a"
    forced: str = "#0d645a"
    guessed: str = "#1d4ed8"
    solution: str = "#1d4ed8"
    candidate: str = "#475569"
    focus: str = "#157347"
    focus_unit: str = "#fdf6d3"
    tried: str = "#934c00"
    tried_fill: str = "#fff1d6"
    placed_guess_fill: str = "#dfe9ff"
    placed_forced_fill: str = "#d9f5ea"
    backtrack_fill: str = "#ffd9d9"
    bad: str = "#b91c1c"
    bad_fill: str = "#ffe3e3"
    eliminated_fill: str = "#fdeaea"
    text: str = "#1e293b"
    muted: str = "#526074"
    bar: str = "#1e293b"
    bar_text: str = "#ffffff"
    bar_muted: str = "#cbd5e1"
    shade: str = "#e2e6ec"
    diagonal: str = "#94a3b8"


#: The light palette: the pictures' (made for print) and the light theme's.
PALETTE = Palette()
DARK_PALETTE = Palette(
    page="#0f172a",
    board="#1e293b",
    box_line="#94a3b8",
    cell_line="#37465c",
    given="#f1f5f9",
    forced="#78e6d2",
    guessed="#a5cdff",
    solution="#a5cdff",
    candidate="#bec8d7",
    focus="#6edc96",
    focus_unit="#343430",
    tried="#fbbf24",
    tried_fill="#4a3b14",
    placed_guess_fill="#233c69",
    placed_forced_fill="#17453c",
    backtrack_fill="#55232d",
    bad="#ffafaf",
    bad_fill="#55232d",
    eliminated_fill="#46232d",
    text="#e2e8f0",
    muted="#aab7c8",
    bar="#020617",
    bar_text="#f1f5f9",
    bar_muted="#aab7c8",
    shade="#353d4a",
    diagonal="#6b7a90",
)
PALETTES = {"light": PALETTE, "dark": DARK_PALETTE}

__all__ = ["DARK_PALETTE", "PALETTE", "PALETTES", "RGB", "Palette", "hex_rgb"]
