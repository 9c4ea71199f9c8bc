"""Drawing the game's main screen from a :class:`~sudokit.gui.controller.Controller`.

Every function here only reads the controller (DESIGN rule 5): the header with the
timer, the board with its card (paused, making a puzzle), the panel of buttons and the
status line. The window decides what to redraw from ``controller.dirty``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from ..game import Checking, Session, format_time, label
from ..geometry import VARIANTS, Rules, Shape
from .board import BoardView, draw_board, draw_labels
from .cage_help import CageHelp, cage_help, draw_cage_help
from .controller import Controller
from .layout import Button
from .step_overlay import StepOverlay, step_overlay
from .theme import Color, Theme, blit_text, fit_text, fonts
from .widgets import draw_button, draw_card, wrap


def flash_colors(controller: Controller, theme: Theme) -> dict[int, Color]:
    colors = {
        "hint": theme.tint_hint,
        "hint-area": theme.tint_hint_soft,
        "hint-reason": theme.tint_hint_soft,
        "check": theme.tint_check,
    }
    return {cell: colors[kind] for cell, kind in controller.flash.items()}


def hint_marks(
    controller: Controller, theme: Theme
) -> tuple[dict[int, Color], dict[tuple[int, int], Color]]:
    """The rings of a hint (its cell, the digits that are its reason) and the colours of
    the notes its full deduction is about (the pattern's, and those it rules out)."""
    colors = {"hint": theme.hint_ring, "hint-reason": theme.reason_ring}
    rings = {c: colors[k] for c, k in controller.flash.items() if k in colors}
    notes = {"pattern": theme.reason_ring, "ruled-out": theme.error}
    return rings, {cd: notes[k] for cd, k in controller.hint_notes.items()}


#: Singles: their picture shows the unit and the digit placed; the hint's own marks (its
#: cell ringed, the digits that are the reason ringed) stay beside it.
_SINGLES = ("hidden_single", "naked_single")


def hint_overlay(controller: Controller, s: Session, theme: Theme) -> StepOverlay | None:
    """The step the hint told in full, drawn on the board (not on a paused board)."""
    if s.paused and not s.finished:
        return None
    picture = controller.hint_picture()
    return None if picture is None else step_overlay(picture, theme)


def board_view(controller: Controller, s: Session, theme: Theme) -> BoardView:
    state = s.state
    hidden = s.paused and not s.finished
    overlay = hint_overlay(controller, s, theme)
    # Check's finds are marked like mistakes (red, underlined) as well as tinted, so the
    # mark reads on any background, the cursor's included.
    checked = frozenset(c for c, kind in controller.flash.items() if kind == "check")
    rings, note_colors = hint_marks(controller, theme)
    if s.checking is not Checking.OFF:  # notes a placed digit rules out, in the error colour
        clashes = dict.fromkeys(state.note_clashes(), theme.error)
        note_colors = {**clashes, **note_colors}
    tints = flash_colors(controller, theme)
    notes: Sequence[int] | None = state.notes
    if overlay is not None:
        notes = overlay.notes_under(state.notes)
        if overlay.picture.technique not in _SINGLES:
            # The step's picture shows it all: the hint's own tints and rings would cover
            # it (a single keeps its ring and the rings round the digits that are its reason).
            hinted = ("hint", "hint-area", "hint-reason")
            tints = {c: k for c, k in tints.items() if controller.flash.get(c) not in hinted}
            rings = {}
    phase = controller.celebration_phase()
    if phase is not None:  # solved: a wave of colour from the top left corner
        n = state.size
        front = phase * (2 * n + 2) - 2
        for cell in range(n * n):
            if abs(sum(divmod(cell, n)) - front) < 1.5:
                tints[cell] = theme.tint_selected
    return BoardView(
        state.shape,
        state.board.cells,
        givens=frozenset(c for c, v in enumerate(state.puzzle.cells) if v),
        notes=notes,
        selected=None if hidden else controller.selected,
        conflicts=s.marked_conflicts(),
        mistakes=s.marked_mistakes() | checked,
        revealed=state.revealed,
        tints=tints,
        hidden=hidden,
        highlight_digit=controller.armed,
        outline_selected=controller.notes_mode,
        rings=rings,
        note_colors=note_colors,
        rules=state.puzzle.rules,
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
    elif b.key == "settings":
        _gear_icon(surface, c, b, theme)


def draw_one_button(surface: pygame.Surface, c: Controller, b: Button, theme: Theme) -> None:
    """Redraw one button of the main screen (hovered, pressed, released)."""
    if b.key in ("resume", "cancel-new"):
        draw_board_area(surface, c, theme)
        return
    pygame.draw.rect(surface, theme.background, b.rect.inflate(4, 4))
    _draw(surface, c, b, theme)


def draw_header(surface: pygame.Surface, c: Controller, theme: Theme) -> None:
    t, hd, px = theme, c.layout.header, c.layout.px
    pygame.draw.rect(surface, t.background, hd)
    # The mark: a small 3×3 grid, then the name.
    mark = pygame.Rect(hd.x, hd.centery - px(13), px(26), px(26))
    pygame.draw.rect(surface, t.accent, mark, border_radius=px(7))
    line = max(2, px(2))
    for i in (1, 2):
        x = mark.x + i * mark.w // 3
        y = mark.y + i * mark.h // 3
        pygame.draw.line(
            surface, t.accent_text, (x, mark.y + px(5)), (x, mark.bottom - px(6)), line
        )
        pygame.draw.line(surface, t.accent_text, (mark.x + px(5), y), (mark.right - px(6), y), line)
    name = mark
    if c.layout.show_name:
        name = blit_text(
            surface, "sudokit", px(24), t.text, midleft=(mark.right + px(10), hd.centery), bold=True
        )
    s = c.session
    if s is not None:
        kind = "" if s.rules.classic else f" {s.rules.name}"
        text = f"{s.size}×{s.size}{kind} · {label(s.level)}"
        chip_w = px(24) + fonts().size(text, px(15), True)[0]
        chip = pygame.Rect(name.right + px(16), hd.centery - px(14), chip_w, px(28))
        pygame.draw.rect(surface, t.chip, chip, border_radius=px(14))
        blit_text(surface, text, px(15), t.accent_dark, center=chip.center, bold=True)
    for b in c.buttons:
        if b.key in ("pause", "settings") or (b.key == "checking" and hd.colliderect(b.rect)):
            _draw(surface, c, b, t)
    if s is not None:
        pause = c.layout.button("pause")
        right = pause.rect.x - px(6)
        if c.settings.timer == "shown":
            color = t.muted if s.paused else t.text
            timer = blit_text(
                surface,
                format_time(s.elapsed),
                px(24),
                color,
                midright=(right, hd.centery),
                bold=True,
            )
            right = timer.x - px(14)
        if c.checking is Checking.SOLUTION:
            blit_text(
                surface,
                f"Mistakes {s.mistakes_made}",
                px(15),
                t.error if s.mistakes_made else t.muted,
                midright=(right, hd.centery + 1),
            )


def _pause_icon(surface: pygame.Surface, c: Controller, b: Button, theme: Theme) -> None:
    s = c.session
    px = c.layout.px
    color = theme.text if b.enabled else theme.button_disabled_text
    cx, cy = b.rect.center
    if s is not None and s.paused and not s.finished:
        points = [(cx - px(5), cy - px(8)), (cx - px(5), cy + px(8)), (cx + px(8), cy)]
        pygame.draw.polygon(surface, color, points)
    else:
        for x in (cx - px(7), cx + px(2)):
            pygame.draw.rect(surface, color, (x, cy - px(8), px(5), px(16)), border_radius=1)


def _gear_icon(surface: pygame.Surface, c: Controller, b: Button, theme: Theme) -> None:
    """A cog: eight teeth round a ring."""
    px = c.layout.px
    color = theme.text if b.key == c.hover else theme.muted
    cx, cy = b.rect.center
    outer, ring = px(9), px(6)
    for i in range(8):
        a = math.pi * i / 4
        end = (cx + outer * math.cos(a), cy + outer * math.sin(a))
        pygame.draw.line(surface, color, (cx, cy), end, max(3, px(4)))
    pygame.draw.circle(surface, color, (cx, cy), ring + max(1, px(1)))
    pygame.draw.circle(
        surface,
        theme.button_hover if b.key == c.hover else theme.background,
        (cx, cy),
        max(2, px(3)),
    )


def draw_board_area(surface: pygame.Surface, c: Controller, theme: Theme) -> None:
    t, px = theme, c.layout.px
    area = c.layout.board_area
    pygame.draw.rect(surface, t.background, area.inflate(8, 8))
    s = c.session
    if s is None:
        shape = Shape.of(c.size)
        view = BoardView(shape, [0] * shape.ncells, hidden=True)
    else:
        view = board_view(c, s, t)
    overlay = None if s is None else hint_overlay(c, s, t)
    geo = draw_board(surface, c.layout.board.rect, view, t, overlay)
    if c.layout.labels:
        draw_labels(surface, geo, t, c.layout.labels)
    card = c.layout.card
    inner = card.w - px(48)
    if c.job is not None:
        job = c.job
        veil = pygame.Surface(area.size, pygame.SRCALPHA)
        veil.fill((*t.background, 200))
        surface.blit(veil, area.topleft)
        draw_card(surface, card, t, radius=px(16))
        # The title in two lines when one is too narrow: it is never cut.
        lines = wrap(
            f"Making a {job.size}×{job.size} {label(job.level)} puzzle", px(19), inner, True
        )
        y = card.y + px(22)
        for line in lines[:2]:
            blit_text(surface, line, px(19), t.text, topleft=(card.x + px(24), y), bold=True)
            y += px(25)
        seconds = int(c.clock() - job.started)
        what = f"{seconds} s so far." if seconds else "Just started."
        if job.size >= 12:
            what += " Big grids can take a while."
        for line in wrap(what, px(15), inner)[:2]:
            blit_text(surface, line, px(15), t.muted, topleft=(card.x + px(24), y + px(4)))
            y += px(20)
        _draw(surface, c, c.layout.cancel_new, t)
    elif s is not None and s.paused and not s.finished:
        draw_card(surface, card, t, radius=px(16))
        blit_text(
            surface, "Paused", px(26), t.text, center=(card.centerx, card.y + px(42)), bold=True
        )
        played = f"{format_time(s.elapsed)} played · " if c.settings.timer == "shown" else ""
        blit_text(
            surface,
            fit_text(f"{played}press P to go on", px(15), inner),
            px(15),
            t.muted,
            center=(card.centerx, card.y + px(78)),
        )
        _draw(surface, c, c.layout.resume, t)


def rules_line(rules: Rules) -> str:
    """A variant's rules for the status line: ``Rules: X — both main diagonals hold
    every digit once.``"""
    parts = [VARIANTS[v].partition(" (")[2].rstrip(")") for v in rules.variants]
    words = "; ".join(p for p in parts if p)
    return f"{rules.name[0].upper()}{rules.name[1:]}: {words}."


def making_title(c: Controller) -> list[str]:
    """The making card's title, in two lines when one is too narrow: never cut."""
    if c.job is None:
        return []
    px = c.layout.px
    text = f"Making a {c.job.size}×{c.job.size} {label(c.job.level)} puzzle"
    return wrap(text, px(19), c.layout.card.w - px(48), True)


def draw_panel(surface: pygame.Surface, c: Controller, theme: Theme) -> None:
    for b in c.buttons:
        if b.key not in ("pause", "settings", "checking"):
            _draw(surface, c, b, theme)


def selected_cage_help(c: Controller) -> CageHelp | None:
    """The combination helper of the selected cell's killer cage, while a game is on."""
    s = c.session
    if s is None or not s.rules.cages or (s.paused and not s.finished):
        return None
    state = s.state
    return cage_help(s.rules, state.board.cells, state.notes, c.selected)


def draw_status(surface: pygame.Surface, c: Controller, theme: Theme) -> None:
    t, st, px = theme, c.layout.status, c.layout.px
    pygame.draw.rect(surface, t.background, st)
    pygame.draw.line(surface, t.line_thin, (st.x, st.y + 2), (st.right, st.y + 2))
    right = blit_text(surface, "? shortcuts", px(14), t.faint, midright=(st.right, st.centery + 2))
    checking = c.layout.button("checking")
    if st.colliderect(checking.rect):
        _draw(surface, c, checking, t)
        right = pygame.Rect(checking.rect)
    colors = {"error": t.error, "warn": t.text, "success": t.success, "info": t.text}
    if c.message:
        text = fit_text(c.message, px(16), right.x - st.x - px(20))
        color = colors.get(c.message_kind, t.text)
        blit_text(surface, text, px(16), color, midleft=(st.x, st.centery + 2))
    elif (helper := selected_cage_help(c)) is not None:
        area = pygame.Rect(st.x, st.y + 2, right.x - st.x - px(20), st.h)
        draw_cage_help(surface, helper, area, px(15), t)
    elif c.notes_mode:
        text = "Notes mode: digits go in as notes (N to switch)."
        text = fit_text(text, px(16), right.x - st.x - px(20))
        blit_text(surface, text, px(16), t.muted, midleft=(st.x, st.centery + 2))
    elif c.session is not None and not c.session.rules.classic:
        # A variant's rules, in one line, whenever nothing else is said.
        text = fit_text(rules_line(c.session.rules), px(15), right.x - st.x - px(20))
        blit_text(surface, text, px(15), t.muted, midleft=(st.x, st.centery + 2))
