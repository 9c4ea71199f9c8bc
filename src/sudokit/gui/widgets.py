"""Buttons and the small drawing helpers of the interface.

Buttons are plain records (:class:`~sudokit.gui.layout.Button`: a key, a label, a
rectangle, flags); the layout places them, the controller asks which one is under the
mouse, and this module draws them with their hover and pressed states.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import pygame

from .layout import Button, Rect
from .theme import Color, Theme, blit_text, fit_text, fonts


def label_size(rect: Rect) -> int:
    """A label size that suits a button's height (at most 20 up to 55-pixel buttons,
    growing with bigger ones: a high-density display has tall buttons)."""
    return max(12, round(min(rect.h * 0.40, 20 * max(1.0, rect.h / 55))))


class ButtonColors(NamedTuple):
    """The colours of a button in one state."""

    #: None: nothing drawn (a ghost button at rest shows what is under it).
    fill: Color | None
    border: Color | None
    text: Color
    #: The small second line of a number-pad key ("3 left").
    sub: Color


def button_colors(button: Button, theme: Theme, *, hover: bool, pressed: bool) -> ButtonColors:
    """The colours :func:`draw_button` uses for ``button`` at rest, under the mouse or
    held down (a test checks every text against its fill, in both themes)."""
    enabled = button.enabled
    kind = button.kind
    fill: Color | None
    border: Color | None = None
    if kind == "primary" or (kind in ("segment", "toggle") and button.active):
        # Filled with the accent; a toggle that is on looks like a pressed key.
        if not enabled:
            fill = theme.button_border
        elif pressed:
            fill = theme.accent_pressed
        elif hover:
            fill = theme.accent_hover
        else:
            fill = theme.accent
        text = theme.accent_text
    elif kind in ("segment", "toggle"):
        fill = theme.button_pressed if pressed else theme.button_hover if hover else theme.button
        border, text = theme.button_border, theme.text
    else:
        if button.active:
            fill = theme.tint_same
        elif pressed and enabled:
            fill = theme.button_pressed
        elif hover and enabled:
            fill = theme.button_hover
        else:
            fill = theme.button
        border = theme.accent if button.active else theme.button_border
        if kind == "ghost" and not (hover or button.active):
            fill = border = None
        text = theme.accent_dark if button.active else theme.text
        if kind == "ghost":
            text = theme.muted if not hover else theme.text
    if not enabled or button.dim:
        text = theme.button_disabled_text
    # The faint second line reads on a key at rest or hovered; darker fills take muted.
    sub = theme.faint if fill in (None, theme.button, theme.button_hover) else theme.muted
    return ButtonColors(fill, border, text, sub)


def draw_button(
    surface: pygame.Surface, button: Button, theme: Theme, *, hover: bool, pressed: bool
) -> None:
    rect = button.rect
    if rect.w <= 0 or rect.h <= 0:
        return
    radius = max(6, min(12, rect.h // 4))
    enabled = button.enabled
    kind = button.kind
    colors = button_colors(button, theme, hover=hover, pressed=pressed)
    if colors.fill is not None:
        pygame.draw.rect(surface, colors.fill, rect, border_radius=radius)
    if colors.border is not None:
        pygame.draw.rect(surface, colors.border, rect, 1, border_radius=radius)
    text_color = colors.text
    if kind == "digit":
        big = max(14, min(rect.h, rect.w) * 46 // 100)
        if button.sub and rect.h < 46:
            # Too short for two lines: the count goes small in the corner.
            big = max(12, rect.h * 62 // 100)
            color = text_color if enabled and not button.dim else theme.button_disabled_text
            blit_text(surface, button.label, big, color, center=rect.center)
            count = button.sub.split()[0] if button.sub[0].isdigit() else ""
            if count and rect.w > 3 * big:
                small = max(11, rect.h // 4)
                right = (rect.right - max(6, rect.h // 7), rect.centery)
                blit_text(surface, count, small, colors.sub, midright=right)
            return
        if button.sub:
            blit_text(
                surface,
                button.label,
                big,
                text_color if enabled and not button.dim else theme.button_disabled_text,
                center=(rect.centerx, rect.y + rect.h * 44 // 100),
                bold=False,
            )
            small = max(10, big * 40 // 100)
            blit_text(
                surface,
                button.sub,
                small,
                colors.sub,
                center=(rect.centerx, rect.y + rect.h * 80 // 100),
            )
        else:
            blit_text(surface, button.label, big, text_color, center=rect.center)
        return
    size = label_size(rect)
    room = rect.w - 12
    if kind == "toggle" and _draw_switch(surface, button, colors, size, room):
        return
    while size > 11 and fonts().size(button.label, size)[0] > room:
        size -= 1  # a smaller label reads better than a cut one
    text = fit_text(button.label, size, room)
    blit_text(surface, text, size, text_color, center=(rect.centerx, rect.centery + 1))


def _draw_switch(
    surface: pygame.Surface, button: Button, colors: ButtonColors, size: int, room: int
) -> bool:
    """A toggle's label with a small switch before it (knob right and filled when on);
    False, drawing nothing, when both do not fit: then the fill alone tells."""
    label_w = fonts().size(button.label, size)[0]
    h = max(8, round(size * 0.8))
    w, gap = round(h * 1.8), max(4, size // 3)
    if label_w + gap + w > room:
        return False
    rect = button.rect
    x = rect.centerx - (label_w + gap + w) // 2
    pill = pygame.Rect(x, rect.centery - h // 2 + 1, w, h)
    knob = max(2, h // 2 - 2)
    ink = colors.text
    if button.active:
        pygame.draw.rect(surface, ink, pill, border_radius=h // 2)
        knob_fill = colors.fill if colors.fill is not None else ink
        pygame.draw.circle(surface, knob_fill, (pill.right - h // 2, pill.centery), knob)
    else:
        pygame.draw.rect(surface, ink, pill, max(1, h // 8), border_radius=h // 2)
        pygame.draw.circle(surface, ink, (pill.x + h // 2, pill.centery), knob)
    blit_text(surface, button.label, size, ink, midleft=(pill.right + gap, rect.centery + 1))
    return True


def draw_card(surface: pygame.Surface, rect: Rect, theme: Theme, *, radius: int = 16) -> None:
    """A white rounded card with a soft shadow."""
    from .theme import shadow

    shadow(surface, rect, radius, theme)
    pygame.draw.rect(surface, theme.surface, rect, border_radius=radius)


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit ``width`` pixels."""
    f = fonts()
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if line and f.size(trial, size, bold)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def draw_lines(
    surface: pygame.Surface,
    lines: Sequence[str],
    size: int,
    color: Color,
    topleft: tuple[int, int],
    *,
    spacing: float = 1.35,
    bold: bool = False,
) -> int:
    """Draw lines of text downwards; returns the y below the last one."""
    x, y = topleft
    step = round(size * spacing)
    for line in lines:
        if line:
            blit_text(surface, line, size, color, topleft=(x, y), bold=bold)
        y += step
    return y
