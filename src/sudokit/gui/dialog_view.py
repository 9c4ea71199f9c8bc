"""Drawing the dialogs of :mod:`sudokit.gui.dialogs`; it only reads them."""

from __future__ import annotations

import pygame

from ..game import LevelStats
from ..grid import Grid
from .board import BoardView, draw_board
from .dialogs import (
    SHORTCUTS,
    CustomDialog,
    Dialog,
    HelpDialog,
    MessageDialog,
    NewGameDialog,
    ShareDialog,
    StatsDialog,
)
from .theme import Theme, blit_text, fit_tail, fit_text
from .widgets import draw_button, draw_card, draw_lines, wrap


def draw_dialog(
    surface: pygame.Surface, dialog: Dialog, theme: Theme, hover: str | None, pressed: str | None
) -> None:
    """Draw ``dialog``: its card, title, content and buttons."""
    rect = dialog.rect
    draw_card(surface, rect, theme)
    title = fit_text(dialog.title, 24, rect.w - 56, bold=True)
    blit_text(surface, title, 24, theme.text, topleft=(rect.x + 28, rect.y + 24), bold=True)
    if isinstance(dialog, MessageDialog):
        lines = wrap(dialog.text, 17, rect.w - 56)
        draw_lines(surface, lines, 17, theme.muted, (rect.x + 28, rect.y + 72))
    elif isinstance(dialog, NewGameDialog):
        _new_game(surface, dialog, theme)
    elif isinstance(dialog, CustomDialog):
        _custom(surface, dialog, theme)
    elif isinstance(dialog, StatsDialog):
        _stats(surface, dialog, theme)
    elif isinstance(dialog, HelpDialog):
        _help(surface, dialog, theme)
    elif isinstance(dialog, ShareDialog):
        _share(surface, dialog, theme)
    for b in dialog.buttons:
        draw_button(surface, b, theme, hover=b.key == hover, pressed=b.key == pressed)


def _new_game(surface: pygame.Surface, d: NewGameDialog, theme: Theme) -> None:
    x = d.rect.x + 28
    blit_text(surface, "Size", 16, theme.muted, topleft=(x, d.rect.y + 72))
    blit_text(surface, "Difficulty", 16, theme.muted, topleft=(x, d.rect.y + 156))
    if d.note:
        text = fit_text(d.note, 14, d.rect.w - 56)
        blit_text(surface, text, 14, theme.muted, topleft=(x, d.rect.y + 232))


def _custom(surface: pygame.Surface, d: CustomDialog, theme: Theme) -> None:
    grid = Grid(d.shape, d.cells)
    view = BoardView(
        d.shape,
        d.cells,
        givens=frozenset(c for c, v in enumerate(d.cells) if v),
        selected=d.selected,
        conflicts=grid.conflicting_cells(),
        highlight_digit=-1,
    )
    draw_board(surface, d.board_rect, view, theme)
    y = d.board_rect.bottom + 14
    x = d.rect.x + 28
    width = d.rect.w - 56
    if d.error:
        for line in wrap(d.error, 16, width)[:2]:
            blit_text(surface, line, 16, theme.error, topleft=(x, y))
            y += 21
    else:
        count = sum(1 for v in d.cells if v)
        text = f"{d.info}  ({count} given{'s' if count != 1 else ''})"
        blit_text(surface, fit_text(text, 15, width), 15, theme.muted, topleft=(x, y))


def _stats(surface: pygame.Surface, d: StatsDialog, theme: Theme) -> None:
    x0, y = d.rect.x + 28, d.rect.y + 76
    width = d.rect.w - 56
    heads = [h.title() for h in LevelStats.HEADINGS]
    share = [0.11, 0.19, 0.13, 0.13, 0.15, 0.16, 0.13]
    xs = [x0 + round(sum(share[:i]) * width) for i in range(len(heads))]
    for h, x in zip(heads, xs, strict=True):
        blit_text(surface, h, 15, theme.muted, topleft=(x, y), bold=True)
    y += 30
    pygame.draw.line(surface, theme.line_thin, (x0, y - 8), (x0 + width, y - 8))
    if not d.stats:
        blit_text(surface, "No finished games yet.", 17, theme.muted, topleft=(x0, y + 6))
    bottom = d.rect.bottom - 24 - 42 - 44
    for s in d.stats:
        if y > bottom:
            blit_text(surface, "…", 17, theme.muted, topleft=(x0, y))
            break
        for text, x in zip(s.cells(missing="—"), xs, strict=True):
            blit_text(surface, text, 17, theme.text, topleft=(x, y))
        y += 28
    where = "Saved in " + fit_tail(d.database, 13, width - 230)
    blit_text(surface, where, 13, theme.muted, topleft=(x0, d.rect.bottom - 52))


def _help(surface: pygame.Surface, d: HelpDialog, theme: Theme) -> None:
    x0, y = d.rect.x + 28, d.rect.y + 74
    bottom = d.rect.bottom - 24 - 42 - 8
    step = max(20, min(29, (bottom - y) // len(SHORTCUTS)))
    size = max(12, min(17, step - 10))
    split = x0 + round((d.rect.w - 56) * 0.42)
    for keys, what in SHORTCUTS:
        blit_text(surface, keys, size, theme.text, topleft=(x0, y), bold=True)
        text = fit_text(what, size, d.rect.right - 28 - split)
        blit_text(surface, text, size, theme.muted, topleft=(split, y))
        y += step


def _share(surface: pygame.Surface, d: ShareDialog, theme: Theme) -> None:
    x, width = d.rect.x + 28, d.rect.w - 56
    notes = [
        (d.pdf.rect.y, "This game, with your digits and notes; its solution on page 2."),
        (d.book.rect.y, f"A new book of {d.book_count} {d.book_what} puzzles, with solutions."),
        (d.format.rect.y, "Copy the puzzle as (click to change the format):"),
    ]
    for top, text in notes:
        blit_text(surface, fit_text(text, 15, width), 15, theme.muted, topleft=(x, top - 26))
    y = d.copy_link.rect.y - 58
    if d.link is None:
        text = "Open in SudokuWiki: its links hold 9×9 puzzles only."
        blit_text(surface, fit_text(text, 15, width), 15, theme.muted, topleft=(x, y))
    else:
        blit_text(surface, "Open in SudokuWiki (copy the link):", 15, theme.muted, topleft=(x, y))
        link = fit_text(d.link, 13, width)
        blit_text(surface, link, 13, theme.text, topleft=(x, y + 22))
