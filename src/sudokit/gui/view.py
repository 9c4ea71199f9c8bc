"""Drawing the game's main screen from a :class:`~sudokit.gui.controller.Controller`.

Every function here only reads the controller (DESIGN rule 5): the header with the
timer, the board with its card (paused, making a puzzle), the panel of buttons and the
status line. The window decides what to redraw from ``controller.dirty``.
"""

from __future__ import annotations

import pygame

from ..game import Checking, Session, format_time, label
from ..geometry import Shape
from .board import BoardView, draw_board
from .controller import Controller
from .layout import Button
from .theme import Color, Theme, blit_text, fit_text, fonts
from .widgets import draw_button, draw_card


def flash_colors(controller: Controller, theme: Theme) -> dict[int, Color]:
    colors = {"hint": theme.tint_hint, "hint-area": theme.tint_hint_soft, "check": theme.tint_check}
    return {cell: colors[kind] for cell, kind in controller.flash.items()}


def board_view(controller: Controller, s: Session, theme: Theme) -> BoardView:
    state = s.state
    hidden = s.paused and not s.finished
    return BoardView(
        state.shape,
        state.board.cells,
        givens=frozenset(c for c, v in enumerate(state.puzzle.cells) if v),
        notes=state.notes,
        selected=None if hidden else controller.selected,
        conflicts=s.marked_conflicts(),
        mistakes=s.marked_mistakes(),
        revealed=state.revealed,
        tints=flash_colors(controller, theme),
        hidden=hidden,
        outline_selected=controller.notes_mode,
    )


def draw_main(surface: pygame.Surface, c: Controller, theme: Theme) -> None:
    surface.fill(theme.background)
    draw_header(surface, c, theme)
    draw_board_area(surface, c, theme)
    draw_panel(surface, c, theme)
    draw_status(surface, c, theme)


def _draw(surface: pygame.Surface, c: Controller, b: Button, theme: Theme) -> None:
    c.decorate(b)
    draw_button(surface, b, theme, hover=b.key == c.hover, pressed=b.key == c.pressed)
    if b.key == "pause":
        _pause_icon(surface, c, b, theme)


def draw_one_button(surface: pygame.Surface, c: Controller, b: Button, theme: Theme) -> None:
    """Redraw one button of the main screen (hovered, pressed, released)."""
    if b.key in ("resume", "cancel-new"):
        draw_board_area(surface, c, theme)
        return
    pygame.draw.rect(surface, theme.background, b.rect.inflate(4, 4))
    _draw(surface, c, b, theme)


def draw_header(surface: pygame.Surface, c: Controller, theme: Theme) -> None:
    t, hd = theme, c.layout.header
    pygame.draw.rect(surface, t.background, hd)
    # The mark: a small 3×3 grid, then the name.
    mark = pygame.Rect(hd.x, hd.centery - 13, 26, 26)
    pygame.draw.rect(surface, t.accent, mark, border_radius=7)
    for i in (1, 2):
        x = mark.x + i * mark.w // 3
        y = mark.y + i * mark.h // 3
        pygame.draw.line(surface, t.accent_text, (x, mark.y + 5), (x, mark.bottom - 6), 2)
        pygame.draw.line(surface, t.accent_text, (mark.x + 5, y), (mark.right - 6, y), 2)
    name = mark
    if c.layout.show_name:
        name = blit_text(
            surface, "sudokit", 24, t.text, midleft=(mark.right + 10, hd.centery), bold=True
        )
    s = c.session
    if s is not None:
        text = f"{s.size}×{s.size} · {label(s.level)}"
        chip_w = 24 + fonts().size(text, 15, True)[0]
        chip = pygame.Rect(name.right + 16, hd.centery - 14, chip_w, 28)
        pygame.draw.rect(surface, t.chip, chip, border_radius=14)
        blit_text(surface, text, 15, t.accent_dark, center=chip.center, bold=True)
    for b in c.buttons:
        if b.key == "pause" or (b.key == "checking" and hd.colliderect(b.rect)):
            _draw(surface, c, b, t)
    if s is not None:
        pause = c.layout.button("pause")
        color = t.muted if s.paused else t.text
        timer = blit_text(
            surface,
            format_time(s.elapsed),
            24,
            color,
            midright=(pause.rect.x - 6, hd.centery),
            bold=True,
        )
        if c.checking is Checking.SOLUTION:
            blit_text(
                surface,
                f"Mistakes {s.mistakes_made}",
                15,
                t.error if s.mistakes_made else t.muted,
                midright=(timer.x - 14, hd.centery + 1),
            )


def _pause_icon(surface: pygame.Surface, c: Controller, b: Button, theme: Theme) -> None:
    s = c.session
    color = theme.text if b.enabled else theme.button_disabled_text
    cx, cy = b.rect.center
    if s is not None and s.paused and not s.finished:
        pygame.draw.polygon(surface, color, [(cx - 5, cy - 8), (cx - 5, cy + 8), (cx + 8, cy)])
    else:
        pygame.draw.rect(surface, color, (cx - 7, cy - 8, 5, 16), border_radius=1)
        pygame.draw.rect(surface, color, (cx + 2, cy - 8, 5, 16), border_radius=1)


def draw_board_area(surface: pygame.Surface, c: Controller, theme: Theme) -> None:
    t = theme
    area = c.layout.board_area
    pygame.draw.rect(surface, t.background, area.inflate(8, 8))
    s = c.session
    if s is None:
        shape = Shape.of(c.size)
        view = BoardView(shape, [0] * shape.ncells, hidden=True)
    else:
        view = board_view(c, s, t)
    draw_board(surface, area, view, t)
    card = c.layout.card
    if c.job is not None:
        job = c.job
        veil = pygame.Surface(area.size, pygame.SRCALPHA)
        veil.fill((*t.background, 190))
        surface.blit(veil, area.topleft)
        draw_card(surface, card, t)
        dots = "." * (1 + int((c.clock() - job.started) * 3) % 3)
        text = f"Making a {job.size}×{job.size} {label(job.level)} puzzle{dots}"
        blit_text(
            surface,
            fit_text(text, 18, card.w - 30),
            18,
            t.text,
            midleft=(card.x + 24, card.y + 40),
            bold=True,
        )
        blit_text(
            surface,
            "A few seconds at most; Esc cancels.",
            15,
            t.muted,
            midleft=(card.x + 24, card.y + 70),
        )
        if s is not None:
            _draw(surface, c, c.layout.cancel_new, t)
    elif s is not None and s.paused and not s.finished:
        draw_card(surface, card, t)
        blit_text(surface, "Paused", 26, t.text, center=(card.centerx, card.y + 42), bold=True)
        blit_text(
            surface,
            f"{format_time(s.elapsed)} played · press P to go on",
            15,
            t.muted,
            center=(card.centerx, card.y + 76),
        )
        _draw(surface, c, c.layout.resume, t)


def draw_panel(surface: pygame.Surface, c: Controller, theme: Theme) -> None:
    for b in c.buttons:
        if b.key not in ("pause", "checking"):
            _draw(surface, c, b, theme)


def draw_status(surface: pygame.Surface, c: Controller, theme: Theme) -> None:
    t, st = theme, c.layout.status
    pygame.draw.rect(surface, t.background, st)
    pygame.draw.line(surface, t.line_thin, (st.x, st.y + 2), (st.right, st.y + 2))
    right = blit_text(surface, "? shortcuts", 14, t.faint, midright=(st.right, st.centery + 2))
    checking = c.layout.button("checking")
    if st.colliderect(checking.rect):
        _draw(surface, c, checking, t)
        right = pygame.Rect(checking.rect)
    colors = {"error": t.error, "warn": t.text, "success": t.success, "info": t.text}
    if c.message:
        text = fit_text(c.message, 16, right.x - st.x - 20)
        color = colors.get(c.message_kind, t.text)
        blit_text(surface, text, 16, color, midleft=(st.x, st.centery + 2))
    elif c.notes_mode:
        text = "Notes mode: digits go in as notes (N to switch)."
        blit_text(surface, text, 16, t.muted, midleft=(st.x, st.centery + 2))
