"""Colours, fonts and the text cache shared by everything the GUI draws.

Fonts are the system's (no downloaded files): a clean sans-serif found with
``pygame.font.match_font`` from a list of common families, else pygame-ce's own default
font. Rendered text is cached, because ``Font.render`` is the costliest call in a frame
(a 16×16 board with notes is thousands of small glyphs).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import pygame

from ..render.palette import DARK_PALETTE, PALETTE, Palette, hex_rgb
from .layout import Rect

Color = tuple[int, int, int]


def _rgb(palette: Palette) -> dict[str, Color]:
    """A board palette's colours as RGB, by field."""
    return {name: hex_rgb(getattr(palette, name)) for name in Palette.__dataclass_fields__}


_L, _D = _rgb(PALETTE), _rgb(DARK_PALETTE)


@dataclass(frozen=True, slots=True)
class Theme:
    """A palette. The default is the light one: slate greys, one blue accent, red only
    for errors. Every digit and note colour reads at a WCAG contrast of at least 4.5:1
    on every cell background (a test computes the ratios).

    What a board shows (page, cells, lines, digits, notes, errors, text) comes from
    :mod:`sudokit.render.palette`, the one source the watch window and the pictures
    draw with too; the rest is the interface's own."""

    name: str = "light"
    background: Color = _L["page"]
    surface: Color = _L["board"]
    text: Color = _L["text"]
    muted: Color = _L["muted"]
    faint: Color = (92, 106, 126)
    accent: Color = (37, 99, 235)
    #: The accent as text on light tints (chips, active toggles).
    accent_dark: Color = (29, 78, 216)
    accent_text: Color = (255, 255, 255)
    #: Fills of accent buttons under the mouse and held down (under ``accent_text``).
    accent_hover: Color = (29, 78, 216)
    accent_pressed: Color = (30, 64, 175)
    success: Color = (21, 115, 71)
    error: Color = _L["bad"]
    # Board.
    line_thin: Color = _L["cell_line"]
    line_thick: Color = _L["box_line"]
    #: Shaded cells (windoku's windows) and X's diagonals.
    shade: Color = _L["shade"]
    diagonal: Color = _L["diagonal"]
    given: Color = _L["given"]
    entry: Color = _L["guessed"]
    revealed: Color = _L["forced"]
    note: Color = _L["candidate"]
    note_match: Color = (29, 78, 216)
    tint_peer: Color = (238, 243, 250)
    chip: Color = (219, 232, 252)
    tint_same: Color = (219, 232, 252)
    tint_selected: Color = (200, 221, 253)
    tint_conflict: Color = (254, 228, 228)
    tint_hint: Color = (254, 240, 190)
    tint_hint_soft: Color = (255, 248, 225)
    tint_check: Color = (254, 228, 228)
    #: The ring round a hint's cell, and round the digits that are its reason: each at
    #: least 3:1 against every cell background (a test computes it).
    hint_ring: Color = (194, 65, 12)
    reason_ring: Color = (124, 58, 237)
    # Widgets.
    button: Color = (255, 255, 255)
    button_hover: Color = (241, 245, 251)
    button_pressed: Color = (222, 231, 245)
    button_border: Color = (203, 213, 225)
    button_disabled_text: Color = (160, 172, 190)
    shadow: Color = (15, 23, 42)
    #: The veil over the screen under a dialog (RGBA).
    dim: tuple[int, int, int, int] = (15, 23, 42, 110)


LIGHT = Theme()
DARK = Theme(
    name="dark",
    background=_D["page"],
    surface=_D["board"],
    text=_D["text"],
    muted=_D["muted"],
    faint=(150, 164, 184),
    accent=(37, 99, 235),
    accent_dark=(165, 205, 255),
    accent_text=(255, 255, 255),
    success=(110, 220, 150),
    error=_D["bad"],
    line_thin=_D["cell_line"],
    line_thick=_D["box_line"],
    shade=_D["shade"],
    diagonal=_D["diagonal"],
    given=_D["given"],
    entry=_D["guessed"],
    revealed=_D["forced"],
    note=_D["candidate"],
    note_match=(165, 205, 255),
    tint_peer=(38, 52, 74),
    chip=(35, 60, 105),
    tint_same=(35, 60, 105),
    tint_selected=(45, 75, 130),
    tint_conflict=(85, 35, 45),
    tint_hint=(80, 65, 25),
    tint_hint_soft=(52, 52, 48),
    tint_check=(85, 35, 45),
    hint_ring=(251, 191, 36),
    reason_ring=(196, 181, 253),
    button=(30, 41, 59),
    button_hover=(41, 55, 79),
    button_pressed=(51, 68, 99),
    button_border=(71, 85, 105),
    button_disabled_text=(100, 116, 139),
    shadow=(0, 0, 0),
    dim=(0, 0, 0, 130),
)
THEMES = {"light": LIGHT, "dark": DARK}


def luminance(color: Color) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = color
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: Color, b: Color) -> float:
    """WCAG 2 contrast ratio of two colours, 1 to 21."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# Families tried in order for the interface: what ships with Windows, macOS and the common
# Linux desktops, then the everywhere fallbacks.
_FAMILIES = [
    "inter",
    "segoeui",
    "helveticaneue",
    "sfprotext",
    "roboto",
    "notosans",
    "cantarell",
    "ubuntu",
    "opensans",
    "dejavusans",
    "liberationsans",
    "arial",
]


def _find_font(bold: bool) -> str | None:
    for family in _FAMILIES:
        try:
            path = pygame.font.match_font(family, bold=bold)
        except Exception:  # a broken font config must not stop the game
            return None
        if not path:
            continue
        # pygame's family table may map a family to its condensed cut; prefer the
        # normal width when it sits next to it.
        if "Condensed" in path:
            wide = path.replace("Condensed", "")
            if os.path.exists(wide):
                path = wide
        return str(path)
    return None


class Fonts:
    """Fonts by size and weight, and a cache of rendered (anti-aliased) text."""

    def __init__(self) -> None:
        self._paths = {False: _find_font(False), True: _find_font(True)}
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: dict[tuple[str, int, bool, Color], pygame.Surface] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        size = max(6, int(size))
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            path = self._paths[bold]
            try:
                font = pygame.font.Font(path, size)
            except (OSError, pygame.error):
                font = pygame.font.Font(None, size)
            self._fonts[key] = font
        return font

    def render(self, text: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
        key = (text, int(size), bold, color)
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) > 4000:  # window resizes leave stale sizes behind
                self._text.clear()
            surf = self.font(size, bold).render(text, True, color)
            self._text[key] = surf
        return surf

    def size(self, text: str, size: int, bold: bool = False) -> tuple[int, int]:
        return self.font(size, bold).size(text)


_default: Fonts | None = None


def fonts() -> Fonts:
    """The shared font cache (created after ``pygame.font.init()``)."""
    global _default
    if _default is None:
        if not pygame.font.get_init():
            pygame.font.init()
        _default = Fonts()
    return _default


def blit_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: Color,
    *,
    center: tuple[int, int] | None = None,
    topleft: tuple[int, int] | None = None,
    midleft: tuple[int, int] | None = None,
    midright: tuple[int, int] | None = None,
    bold: bool = False,
) -> pygame.Rect:
    """Draw cached text placed by one anchor; returns where it went."""
    surf = fonts().render(text, size, color, bold)
    rect = surf.get_rect()
    if center is not None:
        rect.center = center
    elif topleft is not None:
        rect.topleft = topleft
    elif midleft is not None:
        rect.midleft = midleft
    elif midright is not None:
        rect.midright = midright
    surface.blit(surf, rect)
    return rect


def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """The text, cut with an ellipsis so it fits ``width`` pixels."""
    f = fonts()
    if f.size(text, size, bold)[0] <= width:
        return text
    while text and f.size(text + "…", size, bold)[0] > width:
        text = text[:-1]
    return text + "…"


def fit_tail(text: str, size: int, width: int) -> str:
    """The text, cut at the front with an ellipsis so it fits (for paths: the end says
    most)."""
    f = fonts()
    if f.size(text, size)[0] <= width:
        return text
    while text and f.size("…" + text, size)[0] > width:
        text = text[1:]
    return "…" + text


def shadow(surface: pygame.Surface, rect: Rect, radius: int, theme: Theme) -> None:
    """A soft drop shadow under a card: a few translucent rounded rects."""
    layer = pygame.Surface((rect.w + 24, rect.h + 24), pygame.SRCALPHA)
    for i, alpha in enumerate((10, 14, 20)):
        grow = 10 - 4 * i
        r = pygame.Rect(12 - grow, 12 - grow + 4, rect.w + 2 * grow, rect.h + 2 * grow)
        pygame.draw.rect(layer, (*theme.shadow, alpha), r, border_radius=radius + grow)
    surface.blit(layer, (rect.x - 12, rect.y - 12))
