"""Modal dialogs: new game, enter your own puzzle, statistics, help, confirmations.

A dialog is a model without pygame: it lays itself out in the window (plain rectangles)
and turns keys and clicks into a :data:`DialogResult` for the controller (start a game,
close, confirm). :mod:`sudokit.gui.dialog_view` draws them. Esc closes every dialog.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..errors import ParseError
from ..formats import parse
from ..game import LEVELS, LevelStats, examine, label
from ..geometry import SIZES, Shape
from ..grid import Grid
from .interpret import Key, key_digit
from .layout import BoardGeometry, Button, Rect, fit_board, grid_layout


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


@dataclass(frozen=True, slots=True)
class Share:
    """Print or copy. ``action``: ``pdf`` (this game as a PDF), ``book`` (a PDF of
    ``count`` new puzzles), ``copy`` (the puzzle as text in format ``fmt``) or ``link``
    (the SudokuWiki link)."""

    action: str
    count: int = 0
    fmt: str = ""


DialogResult = Close | StartNew | StartCustom | Confirmed | Share | None

_ENTER = ("return", "kp-enter")


class Dialog:
    """Base class: a card with a title and buttons along the bottom."""

    title = ""
    width = 520
    height = 320

    def __init__(self) -> None:
        self.rect = Rect(0, 0, self.width, self.height)
        self.buttons: list[Button] = []

    def layout(self, screen: Rect) -> None:
        w = max(100, min(self.width, screen.w - 24))
        h = max(100, min(self.height, screen.h - 24))
        self.rect = Rect.centered(w, h, screen.center)
        self._layout_content()

    def _layout_content(self) -> None:
        self._bottom_buttons(self.buttons)

    def _bottom_buttons(self, buttons: Sequence[Button], width: int = 132) -> None:
        x = self.rect.right - 24
        y = self.rect.bottom - 24 - 42
        for b in reversed(buttons):
            b.rect = Rect(x - width, y, width, 42)
            x -= width + 10

    def key(self, key: Key) -> DialogResult:
        return Close() if key.name == "escape" else None

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

    def key(self, key: Key) -> DialogResult:
        if key.name in _ENTER:
            return Confirmed(self.confirm_action) if self.confirm_action else Close()
        return super().key(key)

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
        row = Rect(inner.x, self.rect.y + 98, inner.w, 40)
        for b, r in zip(
            self.size_buttons, grid_layout(row, len(SIZES), len(SIZES), 8), strict=True
        ):
            b.rect = r
        row = Rect(inner.x, self.rect.y + 182, inner.w, 40)
        cols = len(self.level_buttons)
        for b, r in zip(self.level_buttons, grid_layout(row, cols, cols, 8), strict=True):
            b.rect = r
        self._bottom_buttons(self.actions)

    @property
    def note(self) -> str:
        """A line under the choices, about the chosen puzzle."""
        if self.size == 16 and self.level != self.levels[0]:
            return "A 16×16 puzzle at this level takes a few seconds to make."
        return ""

    def key(self, key: Key) -> DialogResult:
        k = key.name
        if k in _ENTER:
            return StartNew(self.size, self.level)
        if k in ("left", "right"):
            i = self.levels.index(self.level) + (1 if k == "right" else -1)
            self.level = self.levels[i % len(self.levels)]
        elif k in ("up", "down"):
            i = SIZES.index(self.size) + (1 if k == "down" else -1)
            self.size = SIZES[i % len(SIZES)]
        else:
            return super().key(key)
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
        self.board_rect = Rect(0, 0, 0, 0)
        self._sync()

    @property
    def geometry(self) -> BoardGeometry:
        """Where the puzzle's cells are (always the current size's)."""
        return fit_board(self.board_rect, self.shape)

    def _sync(self) -> None:
        for b in self.size_buttons:
            b.active = b.key == f"size:{self.shape.n}"
        self.buttons = [*self.size_buttons, *self.actions]

    def _layout_content(self) -> None:
        inner = self.rect.inflate(-56, 0)
        row = Rect(inner.x, self.rect.y + 70, inner.w, 36)
        for b, r in zip(
            self.size_buttons, grid_layout(row, len(SIZES), len(SIZES), 8), strict=True
        ):
            b.rect = r
        top = row.bottom + 16
        bottom = self.rect.bottom - 24 - 42 - 70
        side = max(60, min(inner.w, bottom - top))
        self.board_rect = Rect(self.rect.centerx - side // 2, top, side, side)
        self._bottom_buttons(self.actions, width=110)

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

    def paste(self, text: str | None = None) -> None:
        """Read a puzzle from ``text``, else from the clipboard."""
        if text is None:
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

    def key(self, key: Key) -> DialogResult:
        k = key.name
        n = self.shape.n
        if key.ctrl:
            if k == "v":
                self.paste()
            return None
        digit = key_digit(key, n)
        if digit is not None:
            self.cells[self.selected] = digit
            self.error = ""
            self._move(1)
        elif k in ("0", "kp0", "period", "kp.", "space"):
            self.cells[self.selected] = 0
            self._move(1)
        elif k == "delete":
            self.cells[self.selected] = 0
        elif k == "backspace":
            if not self.cells[self.selected]:
                self._move(-1)
            self.cells[self.selected] = 0
        elif k in ("left", "right", "up", "down"):
            self._move({"left": -1, "right": 1, "up": -n, "down": n}[k])
        elif k in _ENTER:
            return self.start()
        else:
            return super().key(key)
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
        cell = self.geometry.cell_at(pos)
        if cell is not None:
            self.selected = cell
        return None


class ShareDialog(Dialog):
    """Print this game or a new book as PDF; copy the puzzle as text or as a link."""

    title = "Print and share"
    width = 640
    height = 470
    #: Book sizes offered by the − and + buttons.
    BOOK_COUNTS = (2, 4, 6, 8, 12, 24, 48, 100)

    def __init__(
        self,
        formats: dict[str, str],
        fmt: str,
        link: str | None,
        book_count: int,
        book_what: str,
    ) -> None:
        super().__init__()
        self.formats = formats
        self.fmt = fmt if fmt in formats else next(iter(formats))
        #: The SudokuWiki link of the board, or None when the size has none (not 9×9).
        self.link = link
        self.book_count = book_count if book_count in self.BOOK_COUNTS else 12
        #: What the book's puzzles are, in words ("9×9 medium").
        self.book_what = book_what
        self.pdf = Button("pdf", "Save this puzzle as PDF", "primary")
        self.less = Button("book-less", "−")
        self.more = Button("book-more", "+")
        self.book = Button("book", "")
        self.format = Button("format", "")
        self.copy = Button("copy", "Copy")
        self.copy_link = Button("link", "Copy link", enabled=link is not None)
        self.close = Button("close", "Close")
        self._sync()

    def _sync(self) -> None:
        self.book.label = f"Save a book of {self.book_count}"
        self.format.label = f"{self.formats[self.fmt]}  ▸"
        self.buttons = [
            self.pdf,
            self.less,
            self.more,
            self.book,
            self.format,
            self.copy,
            self.copy_link,
            self.close,
        ]

    def _layout_content(self) -> None:
        x, w = self.rect.x + 28, self.rect.w - 56
        y = self.rect.y + 96
        self.pdf.rect = Rect(x, y, w, 42)
        y += 94
        self.less.rect = Rect(x, y, 48, 42)
        self.more.rect = Rect(x + 56, y, 48, 42)
        self.book.rect = Rect(x + 112, y, w - 112, 42)
        y += 94
        self.format.rect = Rect(x, y, w - 130, 42)
        self.copy.rect = Rect(x + w - 120, y, 120, 42)
        self._bottom_buttons([self.copy_link, self.close], width=150)

    def _step(self, by: int) -> None:
        counts = self.BOOK_COUNTS
        i = min(max(counts.index(self.book_count) + by, 0), len(counts) - 1)
        self.book_count = counts[i]

    def _cycle(self, by: int) -> None:
        keys = list(self.formats)
        self.fmt = keys[(keys.index(self.fmt) + by) % len(keys)]

    def key(self, key: Key) -> DialogResult:
        k = key.name
        if k in _ENTER:
            return Share("pdf")
        if k in ("left", "right"):
            self._cycle(1 if k == "right" else -1)
        elif k in ("up", "down"):
            self._step(1 if k == "up" else -1)
        elif key.ctrl and k == "c":
            return Share("copy", fmt=self.fmt)
        else:
            return super().key(key)
        self._sync()
        return None

    def click(self, key: str) -> DialogResult:
        if key == "pdf":
            return Share("pdf")
        if key == "book":
            return Share("book", count=self.book_count)
        if key == "copy":
            return Share("copy", fmt=self.fmt)
        if key == "link" and self.link is not None:
            return Share("link")
        if key == "book-less":
            self._step(-1)
        elif key == "book-more":
            self._step(1)
        elif key == "format":
            self._cycle(1)
        else:
            return super().click(key)
        self._sync()
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

    def key(self, key: Key) -> DialogResult:
        if key.name in (*_ENTER, "s"):
            return Close()
        return super().key(key)


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
    ("Ctrl+V", "paste a puzzle to play (lines, pictures, links, .sdk…)"),
    ("Ctrl+C", "copy the puzzle (in the format chosen in Print)"),
    ("Ctrl+P", "print: PDF of this puzzle or a book, copy, links"),
    ("S", "statistics"),
    ("? or F1", "this help"),
    ("Esc", "close a dialog, clear the selection"),
    ("Ctrl+Q", "quit (the game is saved)"),
]


class HelpDialog(Dialog):
    """Every shortcut."""

    title = "Keyboard shortcuts"
    width = 640
    height = 660

    def __init__(self) -> None:
        super().__init__()
        self.buttons = [Button("close", "Close", "primary")]

    def key(self, key: Key) -> DialogResult:
        if key.name in (*_ENTER, "f1") or key.text == "?":
            return Close()
        return super().key(key)


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
    "Share",
    "ShareDialog",
    "StartCustom",
    "StartNew",
    "StatsDialog",
]
