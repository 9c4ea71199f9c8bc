"""Drawing the dialogs of :mod:`sudokit.gui.dialogs` and :mod:`sudokit.gui.dialog_new`;
it only reads them."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from ..game import LevelStats
from ..grid import Grid
from .board import BoardView, draw_board
from .dialog_new import NewGameDialog
from .dialogs import (
    SHORTCUTS,
    CustomDialog,
    Dialog,
    HelpDialog,
    MessageDialog,
    SettingsDialog,
    ShareDialog,
    StatsDialog,
)
from .theme import Theme, blit_text, fit_tail, fit_text, fonts
from .widgets import draw_button, draw_card, draw_lines, wrap


def draw_dialog(
    surface: pygame.Surface, dialog: Dialog, theme: Theme, hover: str | None, pressed: str | None
) -> None:
    """Draw ``dialog``: its card, title, content and buttons."""
    rect, px = dialog.rect, dialog.px
    draw_card(surface, rect, theme, radius=px(16))
    title = fit_text(dialog.title, px(24), rect.w - px(56), bold=True)
    blit_text(
        surface, title, px(24), theme.text, topleft=(rect.x + px(28), rect.y + px(24)), bold=True
    )
    if isinstance(dialog, MessageDialog):
        lines = wrap(dialog.text, px(17), rect.w - px(56))
        draw_lines(surface, lines, px(17), theme.muted, (rect.x + px(28), rect.y + px(72)))
    elif isinstance(dialog, SettingsDialog):
        for top, (_, name, _) in zip(dialog.row_tops(), dialog.rows, strict=True):
            blit_text(surface, name, px(16), theme.muted, topleft=(rect.x + px(28), top))
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
    px = d.px
    x = d.rect.x + px(28)
    blit_text(surface, "Size", px(16), theme.muted, topleft=(x, d.rect.y + px(72)))
    blit_text(surface, "Difficulty", px(16), theme.muted, topleft=(x, d.rect.y + px(156)))
    blit_text(surface, "Rules", px(16), theme.muted, topleft=(x, d.rect.y + px(240)))
    y = d.rect.y + px(356)
    for line in wrap(d.note, px(15), d.rect.w - px(56))[:2]:
        blit_text(surface, line, px(15), theme.muted, topleft=(x, y))
        y += px(20)


def custom_info_lines(d: CustomDialog) -> list[str]:
    """The line under the board of "Your puzzle", with its count of givens: two lines at
    most (as an error gets), the second cut to fit."""
    px = d.px
    width = d.rect.w - px(56)
    count = sum(1 for v in d.cells if v)
    text = f"{d.info}  ({count} given{'s' if count != 1 else ''})"
    lines = wrap(text, px(15), width)
    if len(lines) > 2:
        lines = [lines[0], fit_text(" ".join(lines[1:]), px(15), width)]
    return lines


def _custom(surface: pygame.Surface, d: CustomDialog, theme: Theme) -> None:
    grid = Grid(d.rules, d.cells)
    view = BoardView(
        d.shape,
        d.cells,
        givens=frozenset(c for c, v in enumerate(d.cells) if v),
        selected=d.selected,
        conflicts=grid.conflicting_cells(),
        highlight_digit=-1,
        rules=d.rules,
    )
    draw_board(surface, d.board_rect, view, theme)
    px = d.px
    y = d.board_rect.bottom + px(14)
    x = d.rect.x + px(28)
    width = d.rect.w - px(56)
    if d.error:
        for line in wrap(d.error, px(16), width)[:2]:
            blit_text(surface, line, px(16), theme.error, topleft=(x, y))
            y += px(21)
    else:
        for line in custom_info_lines(d):
            blit_text(surface, line, px(15), theme.muted, topleft=(x, y))
            y += px(20)


class StatsTable(NamedTuple):
    """The statistics table as drawn: headings, the rows' texts (cut to fit), and each
    column's left edge and width."""

    heads: list[str]
    rows: list[list[str]]
    xs: list[int]
    widths: list[int]


def stats_table(d: StatsDialog) -> StatsTable:
    """The statistics table laid out in ``d``: a Rules column when a variant has records,
    each column as wide as its widest text and the room left shared out; when the card is
    narrow the rules' names give way, cut with an ellipsis, never overlapping."""
    px = d.px
    x0, width = d.rect.x + px(28), d.rect.w - px(56)
    heads = [h.title() for h in LevelStats.HEADINGS]
    rows = [s.cells(missing="—") for s in d.stats]
    if any(s.rules != "classic" for s in d.stats):
        heads.insert(1, "Rules")
        rows = [
            [f"{s.size}×{s.size}", s.rules[:1].upper() + s.rules[1:], *cells[1:]]
            for s, cells in zip(d.stats, rows, strict=True)
        ]
    f = fonts()
    gap = px(14)
    need = [
        max([f.size(h, px(15), True)[0], *(f.size(r[i], px(17))[0] for r in rows)]) + gap
        for i, h in enumerate(heads)
    ]
    if len(heads) > len(LevelStats.HEADINGS) and sum(need) > width:
        need[1] = max(px(60), need[1] - (sum(need) - width))
    spare = max(0, width - sum(need)) // len(heads)
    widths = [w + spare for w in need]
    xs = [x0 + sum(widths[:i]) for i in range(len(heads))]
    rows = [
        [fit_text(text, px(17), w - gap) for text, w in zip(row, widths, strict=True)]
        for row in rows
    ]
    return StatsTable(heads, rows, xs, widths)


def _stats(surface: pygame.Surface, d: StatsDialog, theme: Theme) -> None:
    px = d.px
    x0, y = d.rect.x + px(28), d.rect.y + px(76)
    width = d.rect.w - px(56)
    table = stats_table(d)
    for h, x in zip(table.heads, table.xs, strict=True):
        blit_text(surface, h, px(15), theme.muted, topleft=(x, y), bold=True)
    y += px(30)
    pygame.draw.line(surface, theme.line_thin, (x0, y - px(8)), (x0 + width, y - px(8)))
    if not d.stats:
        text = "No finished games yet."
        blit_text(surface, text, px(17), theme.muted, topleft=(x0, y + px(6)))
    bottom = d.rect.bottom - px(24 + 42 + 44)
    for row in table.rows:
        if y > bottom:
            blit_text(surface, "…", px(17), theme.muted, topleft=(x0, y))
            break
        for text, x in zip(row, table.xs, strict=True):
            blit_text(surface, text, px(17), theme.text, topleft=(x, y))
        y += px(28)
    where = "Saved in " + fit_tail(d.database, px(13), width - px(230))
    blit_text(surface, where, px(13), theme.muted, topleft=(x0, d.rect.bottom - px(52)))


class HelpLine(NamedTuple):
    """One shortcut of the help table: its keys at ``x``, what they do from ``split`` to
    ``right`` (its column's edge), on the line whose top is ``y``."""

    keys: str
    what: str
    x: int
    split: int
    right: int
    y: int


class HelpTable(NamedTuple):
    """The help table: one text size, its lines, and the bottom they keep above."""

    size: int
    lines: list[HelpLine]
    bottom: int


def help_table(d: HelpDialog) -> HelpTable:
    """The help table, in :attr:`HelpDialog.columns` columns: the biggest text size (up to
    17) at which every line fits its column and every column fits above the buttons. In
    each column the descriptions start after its widest keys; the columns share the
    width left over."""
    px, f = d.px, fonts()
    cols = d.columns
    per = -(-len(SHORTCUTS) // cols)
    groups = [SHORTCUTS[c * per : (c + 1) * per] for c in range(cols)]
    top, bottom = d.rect.y + px(74), d.rect.bottom - px(24 + 42 + 8)
    inner, gap, space = d.rect.w - px(56), px(32), px(16)
    step = min(px(29), (bottom - top) // per)

    def widths(size: int) -> list[tuple[int, int]]:
        """Per column: its widest keys and its widest description."""
        return [
            (
                max(f.size(k, size, True)[0] for k, _ in group),
                max(f.size(w, size)[0] for _, w in group),
            )
            for group in groups
        ]

    def need(size: int) -> int:
        return sum(k + space + w for k, w in widths(size)) + gap * (cols - 1)

    size = max(9, min(px(17), round(step * 0.75)))
    while size > 9 and need(size) > inner:
        size -= 1
    spare = max(0, inner - need(size)) // cols
    lines = []
    x = d.rect.x + px(28)
    for group, (keys_w, what_w) in zip(groups, widths(size), strict=True):
        right = x + keys_w + space + what_w + spare
        for r, (keys, what) in enumerate(group):
            lines.append(HelpLine(keys, what, x, x + keys_w + space, right, top + r * step))
        x = right + gap
    return HelpTable(size, lines, bottom)


def _help(surface: pygame.Surface, d: HelpDialog, theme: Theme) -> None:
    table = help_table(d)
    size = table.size
    for line in table.lines:
        what = fit_text(line.what, size, line.right - line.split)
        blit_text(surface, line.keys, size, theme.text, topleft=(line.x, line.y), bold=True)
        blit_text(surface, what, size, theme.muted, topleft=(line.split, line.y))


def _share(surface: pygame.Surface, d: ShareDialog, theme: Theme) -> None:
    px = d.px
    x, width = d.rect.x + px(28), d.rect.w - px(56)
    notes = [
        (d.pdf.rect.y, "This game, with your digits and notes; its solution on page 2."),
        (d.book.rect.y, f"A new book of {d.book_count} {d.book_what} puzzles, with solutions."),
        (d.format.rect.y, "Copy the puzzle as (click to change the format):"),
    ]
    size = px(15)
    for top, text in notes:
        text = fit_text(text, size, width)
        blit_text(surface, text, size, theme.muted, topleft=(x, top - px(26)))
    y = d.copy_link.rect.y - px(58)
    if d.link is None:
        text = "Open in SudokuWiki: its links hold 9×9 puzzles only."
        blit_text(surface, fit_text(text, size, width), size, theme.muted, topleft=(x, y))
    else:
        text = "Open in SudokuWiki (copy the link):"
        blit_text(surface, text, size, theme.muted, topleft=(x, y))
        link = fit_text(d.link, px(13), width)
        blit_text(surface, link, px(13), theme.text, topleft=(x, y + px(22)))
