"""Modal dialogs: new game, enter your own puzzle, statistics, help, confirmations.

A dialog lays itself out in the window, draws itself, and turns keys and clicks into an
outcome for the app (start a game, close, confirm). Esc closes every dialog.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from ..errors import ParseError
from ..formats import parse
from ..game import LEVELS, LevelStats, examine, label
from ..geometry import SIZES, Shape
from ..grid import Grid
from .board import BoardGeometry, BoardView, draw_board
from .theme import Theme, blit_text, fit_tail, fit_text
from .widgets import Button, draw_button, draw_card, draw_lines, grid_layout, wrap


@dataclass(frozen=True, slots=True)
class Close:
    """The dialog is done; nothing else to do."""


@dataclass(frozen=True, slots=True)
class StartNew:
    """Generate a new game of this size and level."""

    size: int
    level: str


@dataclass(frozen=True, slots=True)
class StartCustom:
    """Play this (checked) puzzle."""

    puzzle: Grid
    solution: Grid


@dataclass(frozen=True, slots=True)
class Confirmed:
    """The player confirmed ``action``."""

    action: str


DialogResult = Close | StartNew | StartCustom | Confirmed | None


def key_digit(event: pygame.event.Event, n: int) -> int | None:
    """The digit a key stands for on an ``n``-sized grid: 1-9 (numpad too), A-G above 9."""
    key = getattr(event, "key", 0)
    if pygame.K_1 <= key <= pygame.K_9:
        d = key - pygame.K_0
    elif pygame.K_KP1 <= key <= pygame.K_KP9:
        d = key - pygame.K_KP1 + 1
    elif pygame.K_a <= key <= pygame.K_g:
        d = 10 + key - pygame.K_a
    else:
        return None
    return d if d <= n else None


class Dialog:
    """Base class: a card with a title and buttons along the bottom."""

    title = ""
    width = 520
    height = 320

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, self.width, self.height)
        self.buttons: list[Button] = []

    def layout(self, screen: pygame.Rect) -> None:
        w = min(self.width, screen.w - 24)
        h = min(self.height, screen.h - 24)
        self.rect = pygame.Rect(0, 0, max(w, 100), max(h, 100))
        self.rect.center = screen.center
        self._layout_content()

    def _layout_content(self) -> None:
        self._bottom_buttons(self.buttons)

    def _bottom_buttons(self, buttons: Sequence[Button], width: int = 132) -> None:
        x = self.rect.right - 24
        y = self.rect.bottom - 24 - 42
        for b in reversed(buttons):
            w = width
            b.rect = pygame.Rect(x - w, y, w, 42)
            x -= w + 10

    def draw(
        self, surface: pygame.Surface, theme: Theme, hover: str | None, pressed: str | None
    ) -> None:
        draw_card(surface, self.rect, theme)
        blit_text(
            surface,
            self.title,
            24,
            theme.text,
            topleft=(self.rect.x + 28, self.rect.y + 24),
            bold=True,
        )
        self.draw_content(surface, theme)
        for b in self.buttons:
            draw_button(surface, b, theme, hover=b.key == hover, pressed=b.key == pressed)

    def draw_content(self, surface: pygame.Surface, theme: Theme) -> None:
        pass

    def key(self, event: pygame.event.Event) -> DialogResult:
        if event.key == pygame.K_ESCAPE:
            return Close()
        return None

    def click(self, key: str) -> DialogResult:
        return Close() if key in ("close", "cancel") else None

    def mouse(self, pos: tuple[int, int], button: int) -> DialogResult:
        """A click that is on no button (inside or outside the card)."""
        return None


class MessageDialog(Dialog):
    """A title, some text, and one or two buttons."""

    def __init__(
        self,
        title: str,
        text: str,
        *,
        confirm: tuple[str, str] | None = None,
        cancel: str = "Close",
        width: int = 500,
        height: int = 230,
    ) -> None:
        self.title = title
        self.text = text
        self.width = width
        self.height = height
        super().__init__()
        self.confirm_action = confirm[1] if confirm else None
        self.buttons = [Button("cancel", cancel)]
        if confirm:
            self.buttons.append(Button("confirm", confirm[0], "primary"))

    def draw_content(self, surface: pygame.Surface, theme: Theme) -> None:
        lines = wrap(self.text, 17, self.rect.w - 56)
        draw_lines(surface, lines, 17, theme.muted, (self.rect.x + 28, self.rect.y + 72))

    def key(self, event: pygame.event.Event) -> DialogResult:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return Confirmed(self.confirm_action) if self.confirm_action else Close()
        return super().key(event)

    def click(self, key: str) -> DialogResult:
        if key == "confirm" and self.confirm_action:
            return Confirmed(self.confirm_action)
        return super().click(key)


class NewGameDialog(Dialog):
    """Pick a size and a difficulty."""

    title = "New game"
    width = 580
    height = 330

    def __init__(self, size: int, level: str, levels: Sequence[str] = LEVELS) -> None:
        super().__init__()
        self.size = size if size in SIZES else 9
        self.levels = list(levels)
        self.level = level if level in self.levels else self.levels[0]
        self.size_buttons = [Button(f"size:{s}", f"{s}×{s}", "segment") for s in SIZES]
        self.level_buttons = [Button(f"level:{lv}", label(lv), "segment") for lv in self.levels]
        self.actions = [Button("cancel", "Cancel"), Button("start", "Start", "primary")]
        self._sync()

    def _sync(self) -> None:
        for b in self.size_buttons:
            b.active = b.key == f"size:{self.size}"
        for b in self.level_buttons:
            b.active = b.key == f"level:{self.level}"
        self.buttons = [*self.size_buttons, *self.level_buttons, *self.actions]

    def _layout_content(self) -> None:
        inner = self.rect.inflate(-56, 0)
        row = pygame.Rect(inner.x, self.rect.y + 98, inner.w, 40)
        for b, r in zip(
            self.size_buttons, grid_layout(row, len(SIZES), len(SIZES), 8), strict=True
        ):
            b.rect = r
        row = pygame.Rect(inner.x, self.rect.y + 182, inner.w, 40)
        cols = len(self.level_buttons)
        for b, r in zip(self.level_buttons, grid_layout(row, cols, cols, 8), strict=True):
            b.rect = r
        self._bottom_buttons(self.actions)

    def draw_content(self, surface: pygame.Surface, theme: Theme) -> None:
        x = self.rect.x + 28
        blit_text(surface, "Size", 16, theme.muted, topleft=(x, self.rect.y + 72))
        blit_text(surface, "Difficulty", 16, theme.muted, topleft=(x, self.rect.y + 156))
        if self.size == 16 and self.level != self.levels[0]:
            note = "A 16×16 puzzle at this level takes a few seconds to make."
            blit_text(
                surface,
                fit_text(note, 14, self.rect.w - 56),
                14,
                theme.faint,
                topleft=(x, self.rect.y + 232),
            )

    def key(self, event: pygame.event.Event) -> DialogResult:
        k = event.key
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return StartNew(self.size, self.level)
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            i = self.levels.index(self.level) + (1 if k == pygame.K_RIGHT else -1)
            self.level = self.levels[i % len(self.levels)]
        elif k in (pygame.K_UP, pygame.K_DOWN):
            i = SIZES.index(self.size) + (1 if k == pygame.K_DOWN else -1)
            self.size = SIZES[i % len(SIZES)]
        else:
            return super().key(event)
        self._sync()
        return None

    def click(self, key: str) -> DialogResult:
        if key.startswith("size:"):
            self.size = int(key[5:])
        elif key.startswith("level:"):
            self.level = key[6:]
        elif key == "start":
            return StartNew(self.size, self.level)
        else:
            return super().click(key)
        self._sync()
        return None


class CustomDialog(Dialog):
    """Type or paste a puzzle; Start checks it (malformed, no solution, several)."""

    title = "Enter your own puzzle"
    width = 620
    height = 760

    def __init__(self, size: int, clipboard: Callable[[], str | None]) -> None:
        super().__init__()
        self.clipboard = clipboard
        self.shape = Shape.of(size if size in SIZES else 9)
        self.cells = [0] * self.shape.ncells
        self.selected = 0
        self.error = ""
        self.info = "Type digits (arrows move), or paste a puzzle with Ctrl+V."
        self.size_buttons = [Button(f"size:{s}", f"{s}×{s}", "segment") for s in SIZES]
        self.actions = [
            Button("paste", "Paste"),
            Button("clear", "Clear"),
            Button("cancel", "Cancel"),
            Button("start", "Start", "primary"),
        ]
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.geometry: BoardGeometry | None = None
        self._sync()

    def _sync(self) -> None:
        for b in self.size_buttons:
            b.active = b.key == f"size:{self.shape.n}"
        self.buttons = [*self.size_buttons, *self.actions]

    def _layout_content(self) -> None:
        inner = self.rect.inflate(-56, 0)
        row = pygame.Rect(inner.x, self.rect.y + 70, inner.w, 36)
        for b, r in zip(
            self.size_buttons, grid_layout(row, len(SIZES), len(SIZES), 8), strict=True
        ):
            b.rect = r
        top = row.bottom + 16
        bottom = self.rect.bottom - 24 - 42 - 70
        side = max(60, min(inner.w, bottom - top))
        self.board_rect = pygame.Rect(0, top, side, side)
        self.board_rect.centerx = self.rect.centerx
        self._bottom_buttons(self.actions, width=110)

    def draw_content(self, surface: pygame.Surface, theme: Theme) -> None:
        grid = Grid(self.shape, self.cells)
        view = BoardView(
            self.shape,
            self.cells,
            givens=frozenset(c for c, v in enumerate(self.cells) if v),
            selected=self.selected,
            conflicts=grid.conflicting_cells(),
            highlight_digit=-1,
        )
        self.geometry = draw_board(surface, self.board_rect, view, theme)
        y = self.board_rect.bottom + 14
        x = self.rect.x + 28
        width = self.rect.w - 56
        if self.error:
            for line in wrap(self.error, 16, width)[:2]:
                blit_text(surface, line, 16, theme.error, topleft=(x, y))
                y += 21
        else:
            count = sum(1 for v in self.cells if v)
            text = f"{self.info}  ({count} given{'s' if count != 1 else ''})"
            blit_text(surface, fit_text(text, 15, width), 15, theme.muted, topleft=(x, y))

    # --- editing ---------------------------------------------------------------------
    def _resize(self, size: int) -> None:
        if size != self.shape.n:
            self.shape = Shape.of(size)
            self.cells = [0] * self.shape.ncells
            self.selected = 0
            self.error = ""
            self._sync()

    def _move(self, step: int) -> None:
        self.selected = (self.selected + step) % self.shape.ncells

    def paste(self) -> None:
        text = self.clipboard()
        if not text or not text.strip():
            self.error = "The clipboard holds no text to paste."
            return
        try:
            grid = parse(text, check=False)
        except ParseError as err:
            self.error = f"Cannot read the pasted text: {err}."
            return
        self.shape = grid.shape
        self.cells = list(grid.cells)
        self.selected = 0
        self.error = ""
        self.info = f"Pasted a {grid.size}×{grid.size} puzzle."
        self._sync()

    def start(self) -> DialogResult:
        grid = Grid(self.shape, self.cells)
        if not any(self.cells):
            self.error = "Type or paste a puzzle first."
            return None
        conflicts = grid.conflicts()
        if conflicts:
            self.error = f"Malformed puzzle: {conflicts[0]}."
            return None
        verdict = examine(grid)
        if verdict.solution is None:
            problem = verdict.problem or "it cannot be played"
            self.error = problem[0].upper() + problem[1:] + "."
            return None
        return StartCustom(grid, verdict.solution)

    def key(self, event: pygame.event.Event) -> DialogResult:
        k = event.key
        mod = getattr(event, "mod", 0)
        n = self.shape.n
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            if k == pygame.K_v:
                self.paste()
            return None
        digit = key_digit(event, n)
        if digit is not None:
            self.cells[self.selected] = digit
            self.error = ""
            self._move(1)
        elif k in (pygame.K_0, pygame.K_KP0, pygame.K_PERIOD, pygame.K_KP_PERIOD, pygame.K_SPACE):
            self.cells[self.selected] = 0
            self._move(1)
        elif k == pygame.K_DELETE:
            self.cells[self.selected] = 0
        elif k == pygame.K_BACKSPACE:
            if not self.cells[self.selected]:
                self._move(-1)
            self.cells[self.selected] = 0
        elif k == pygame.K_LEFT:
            self._move(-1)
        elif k == pygame.K_RIGHT:
            self._move(1)
        elif k == pygame.K_UP:
            self._move(-n)
        elif k == pygame.K_DOWN:
            self._move(n)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.start()
        else:
            return super().key(event)
        return None

    def click(self, key: str) -> DialogResult:
        if key.startswith("size:"):
            self._resize(int(key[5:]))
        elif key == "paste":
            self.paste()
        elif key == "clear":
            self.cells = [0] * self.shape.ncells
            self.error = ""
        elif key == "start":
            return self.start()
        else:
            return super().click(key)
        return None

    def mouse(self, pos: tuple[int, int], button: int) -> DialogResult:
        # The geometry is from the last frame; after a size change it is stale until
        # the next one is drawn.
        if self.geometry is not None and self.geometry.shape is self.shape:
            cell = self.geometry.cell_at(pos)
            if cell is not None:
                self.selected = cell
        return None


class StatsDialog(Dialog):
    """The statistics table, per size and level."""

    title = "Statistics"
    width = 700
    height = 520

    def __init__(self, stats: Sequence[LevelStats], database: str) -> None:
        super().__init__()
        self.stats = list(stats)
        self.database = database
        self.height = max(320, min(640, 250 + 28 * len(self.stats)))
        self.buttons = [Button("close", "Close", "primary")]

    def draw_content(self, surface: pygame.Surface, theme: Theme) -> None:
        x0, y = self.rect.x + 28, self.rect.y + 76
        width = self.rect.w - 56
        heads = [h.title() for h in LevelStats.HEADINGS]
        share = [0.11, 0.19, 0.13, 0.13, 0.15, 0.16, 0.13]
        xs = [x0 + round(sum(share[:i]) * width) for i in range(len(heads))]
        for h, x in zip(heads, xs, strict=True):
            blit_text(surface, h, 15, theme.muted, topleft=(x, y), bold=True)
        y += 30
        pygame.draw.line(surface, theme.line_thin, (x0, y - 8), (x0 + width, y - 8))
        if not self.stats:
            blit_text(surface, "No finished games yet.", 17, theme.muted, topleft=(x0, y + 6))
        bottom = self.rect.bottom - 24 - 42 - 44
        for s in self.stats:
            if y > bottom:
                blit_text(surface, "…", 17, theme.muted, topleft=(x0, y))
                break
            for text, x in zip(s.cells(missing="—"), xs, strict=True):
                blit_text(surface, text, 17, theme.text, topleft=(x, y))
            y += 28
        where = "Saved in " + fit_tail(self.database, 13, width - 230)
        blit_text(surface, where, 13, theme.faint, topleft=(x0, self.rect.bottom - 52))

    def key(self, event: pygame.event.Event) -> DialogResult:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_s):
            return Close()
        return super().key(event)


#: Every shortcut, as the help overlay lists them.
SHORTCUTS: list[tuple[str, str]] = [
    ("Click, arrow keys", "select a cell"),
    ("1-9, numpad", "enter a digit (A-G on 12×12 and 16×16)"),
    ("Backspace, Delete, 0", "erase the cell"),
    ("N", "notes mode on or off"),
    ("Shift+digit, Ctrl+digit", "write or remove a note"),
    ("M / Shift+M", "fill in all notes / clear all notes"),
    ("Ctrl+Z", "undo"),
    ("Ctrl+Y, Ctrl+Shift+Z", "redo"),
    ("H", "hint (ask again for more)"),
    ("W", "watch the computer solve this puzzle"),
    ("P", "pause or resume (the board is hidden)"),
    ("Ctrl+N", "new game"),
    ("Ctrl+O", "enter your own puzzle"),
    ("S", "statistics"),
    ("? or F1", "this help"),
    ("Esc", "close a dialog, clear the selection"),
    ("Ctrl+Q", "quit (the game is saved)"),
]


class HelpDialog(Dialog):
    """Every shortcut."""

    title = "Keyboard shortcuts"
    width = 640
    height = 640

    def __init__(self) -> None:
        super().__init__()
        self.buttons = [Button("close", "Close", "primary")]

    def draw_content(self, surface: pygame.Surface, theme: Theme) -> None:
        x0, y = self.rect.x + 28, self.rect.y + 74
        bottom = self.rect.bottom - 24 - 42 - 8
        step = max(20, min(29, (bottom - y) // len(SHORTCUTS)))
        size = max(12, min(17, step - 10))
        split = x0 + round((self.rect.w - 56) * 0.42)
        for keys, what in SHORTCUTS:
            blit_text(surface, keys, size, theme.text, topleft=(x0, y), bold=True)
            blit_text(
                surface,
                fit_text(what, size, self.rect.right - 28 - split),
                size,
                theme.muted,
                topleft=(split, y),
            )
            y += step

    def key(self, event: pygame.event.Event) -> DialogResult:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_F1):
            return Close()
        if getattr(event, "unicode", "") == "?":
            return Close()
        return super().key(event)


__all__ = [
    "SHORTCUTS",
    "Close",
    "Confirmed",
    "CustomDialog",
    "Dialog",
    "DialogResult",
    "HelpDialog",
    "MessageDialog",
    "NewGameDialog",
    "StartCustom",
    "StartNew",
    "StatsDialog",
    "key_digit",
]
