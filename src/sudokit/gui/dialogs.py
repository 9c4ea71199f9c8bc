"""Modal dialogs: enter your own puzzle, share, statistics, help, confirmations.

A dialog is a model without pygame: it lays itself out in the window (plain rectangles)
and turns keys and clicks into a :data:`DialogResult` for the controller (start a game,
close, confirm). :mod:`sudokit.gui.dialog_view` draws them. Esc closes every dialog.
The new-game dialog is in :mod:`sudokit.gui.dialog_new`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..errors import ParseError
from ..formats import parse
from ..game import (
    Checking,
    LevelStats,
    examine,
)
from ..game.moves import Move, SetDigit, position_moves
from ..geometry import SIZES, Rules, Shape
from ..grid import Grid
from .interpret import Key, key_digit
from .layout import BoardGeometry, Button, Rect, fit_board, grid_layout
from .settings import Settings


def _where_the_player_was(text: str, givens: Grid) -> tuple[Move, ...]:
    """The moves to where a pasted pencil-mark grid (a HoDoKu line with placed digits and
    deleted candidates, f-puzzles centre marks...) had got to; none for a bare puzzle."""
    from ..formats import parse_position

    try:
        position = parse_position(text, check=False)
    except (ParseError, ValueError):
        return ()
    if position.givens.cells != givens.cells or position.givens.rules != givens.rules:
        return ()
    return position_moves(position)


@dataclass(frozen=True, slots=True)
class Close:
    """The dialog is done; nothing else to do."""


@dataclass(frozen=True, slots=True)
class StartNew:
    """Generate a new game of this size and level, under ``rules``: ``""`` (classic),
    variant names (``x+jigsaw``, see :func:`~sudokit.game.variant_key`) or a rules code."""

    size: int
    level: str
    rules: str = ""


@dataclass(frozen=True, slots=True)
class StartCustom:
    """Play this (checked) puzzle. ``solution`` is None for a puzzle with several
    solutions that the player chose to play anyway; ``moves`` take the new game to where
    the player was (a pasted pencil-mark grid's placed digits and notes)."""

    puzzle: Grid
    solution: Grid | None
    moves: tuple[Move, ...] = ()


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


@dataclass(frozen=True, slots=True)
class Changed:
    """A setting changed; the dialog stays open."""

    key: str
    value: str


DialogResult = Close | StartNew | StartCustom | Confirmed | Share | Changed | None

#: The keys that confirm a dialog (Enter, and the keypad's).
ENTER = ("return", "kp-enter")


class Dialog:
    """Base class: a card with a title and buttons along the bottom."""

    title = ""
    width = 520
    height = 320

    def __init__(self) -> None:
        self.rect = Rect(0, 0, self.width, self.height)
        self.buttons: list[Button] = []
        #: Window pixels per interface pixel (see :mod:`sudokit.gui.layout`).
        self.k = 1.0

    def px(self, v: float) -> int:
        """``v`` interface pixels in window pixels."""
        return round(v * self.k)

    def layout(self, screen: Rect, scale: float = 1.0) -> None:
        """Centre the card in ``screen`` (shrunk to fit) and place its content."""
        # A window too small for the card at this scale gets a smaller scale, not a cut card.
        fit = min((screen.w - 24) / self.width, (screen.h - 24) / self.height)
        self.k = max(0.6, min(scale, fit))
        w = max(100, min(self.px(self.width), screen.w - 24))
        h = max(100, min(self.px(self.height), screen.h - 24))
        self.rect = Rect.centered(w, h, screen.center)
        self._layout_content()

    def _layout_content(self) -> None:
        self._bottom_buttons(self.buttons)

    def _bottom_buttons(self, buttons: Sequence[Button], width: int = 132) -> None:
        px = self.px
        x = self.rect.right - px(24)
        y = self.rect.bottom - px(24 + 42)
        for b in reversed(buttons):
            b.rect = Rect(x - px(width), y, px(width), px(42))
            x -= px(width + 10)

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
        if key.name in ENTER:
            return Confirmed(self.confirm_action) if self.confirm_action else Close()
        return super().key(key)

    def click(self, key: str) -> DialogResult:
        if key == "confirm" and self.confirm_action:
            return Confirmed(self.confirm_action)
        return super().click(key)


class CustomDialog(Dialog):
    """Type or paste a puzzle; Start checks it (malformed, no solution, several)."""

    title = "Enter your own puzzle"
    width = 620
    height = 760

    def __init__(self, size: int, clipboard: Callable[[], str | None]) -> None:
        super().__init__()
        self.clipboard = clipboard
        self.shape = Shape.of(size if size in SIZES else 9)
        #: The puzzle's rules: classic, or those of a pasted variant (an f-puzzles or
        #: SudokuPad link, a Solo game ID, a ``9+x:...`` line).
        self.rules: Rules = self.shape.rules
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
        #: Takes Start's place when the puzzle has several solutions.
        self.anyway = Button("anyway", "Play anyway", "primary")
        #: The puzzle Start found to have several solutions (None: not checked, or fine).
        self.several: tuple[int, ...] | None = None
        #: A pasted pencil-mark grid's placed digits and notes, as moves, and the givens
        #: they are for (typing another puzzle drops them).
        self.moves: tuple[Move, ...] = ()
        self._moves_for: tuple[int, ...] | None = None
        self.board_rect = Rect(0, 0, 0, 0)
        self._sync()

    @property
    def geometry(self) -> BoardGeometry:
        """Where the puzzle's cells are (always the current size's)."""
        return fit_board(self.board_rect, self.shape)

    def _sync(self) -> None:
        for b in self.size_buttons:
            b.active = b.key == f"size:{self.shape.n}"
        if self.several is not None and self.several != tuple(self.cells):
            self.several = None  # edited since: Start checks again
        actions = list(self.actions)
        if self.several is not None:
            actions[-1] = self.anyway
        self.buttons = [*self.size_buttons, *actions]

    def _layout_content(self) -> None:
        px = self.px
        inner = self.rect.inflate(-px(56), 0)
        row = Rect(inner.x, self.rect.y + px(70), inner.w, px(36))
        for b, r in zip(
            self.size_buttons, grid_layout(row, len(SIZES), len(SIZES), px(8)), strict=True
        ):
            b.rect = r
        top = row.bottom + px(16)
        bottom = self.rect.bottom - px(24 + 42 + 70)
        side = max(60, min(inner.w, bottom - top))
        self.board_rect = Rect(self.rect.centerx - side // 2, top, side, side)
        self._bottom_buttons(self.actions, width=110)
        self.anyway.rect = self.actions[-1].rect

    # --- editing ---------------------------------------------------------------------
    def _resize(self, size: int) -> None:
        if size != self.shape.n:
            self.shape = Shape.of(size)
            self.rules = self.shape.rules
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
        self.rules = grid.rules
        self.cells = list(grid.cells)
        self.selected = 0
        self.error = ""
        kind = "" if grid.rules.classic else f" {grid.rules.name}"
        self.info = f"Pasted a {grid.size}×{grid.size}{kind} puzzle."
        self.moves, self._moves_for = _where_the_player_was(text, grid), tuple(grid.cells)
        if self.moves:
            placed = sum(isinstance(m, SetDigit) for m in self.moves)
            what = [f"{placed} digit{'s' if placed != 1 else ''} placed"] if placed else []
            if len(self.moves) > placed:
                what.append("notes")
            self.info = (
                f"Pasted a {grid.size}×{grid.size}{kind} puzzle with {' and '.join(what)}: "
                "it starts where you were."
            )
        self._sync()

    def _moves(self) -> tuple[Move, ...]:
        """The pasted position's moves, while the puzzle is the one pasted."""
        return self.moves if self._moves_for == tuple(self.cells) else ()

    def start(self) -> DialogResult:
        grid = Grid(self.rules, self.cells)
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
            if "several solutions" in problem:
                self.several = tuple(self.cells)
                self.error += " You can play it anyway: any grid that keeps the rules wins."
                self._sync()
            return None
        return StartCustom(grid, verdict.solution, self._moves())

    def key(self, key: Key) -> DialogResult:
        k = key.name
        n = self.shape.n
        if key.ctrl:
            if k == "v":
                self.paste()
            return None
        result = self._edit(key, n)
        self._sync()
        return result

    def _edit(self, key: Key, n: int) -> DialogResult:
        k = key.name
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
        elif k in ENTER:
            return self.start()
        else:
            return super().key(key)
        return None

    def click(self, key: str) -> DialogResult:
        if key == "anyway" and self.several == tuple(self.cells):
            return StartCustom(Grid(self.rules, self.cells), None, self._moves())
        result = self._click(key)
        self._sync()
        return result

    def _click(self, key: str) -> DialogResult:
        if key.startswith("size:"):
            self._resize(int(key[5:]))
        elif key == "paste":
            self.paste()
        elif key == "clear":
            self.rules = self.shape.rules  # a puzzle typed afresh is a classic one
            self.info = "Type digits (arrows move), or paste a puzzle with Ctrl+V."
            self.cells = [0] * self.shape.ncells
            self.selected = 0  # a puzzle typed again starts at the first cell
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
        px = self.px
        x, w = self.rect.x + px(28), self.rect.w - px(56)
        y = self.rect.y + px(96)
        h = px(42)
        self.pdf.rect = Rect(x, y, w, h)
        y += px(94)
        self.less.rect = Rect(x, y, px(48), h)
        self.more.rect = Rect(x + px(56), y, px(48), h)
        self.book.rect = Rect(x + px(112), y, w - px(112), h)
        y += px(94)
        self.format.rect = Rect(x, y, w - px(130), h)
        self.copy.rect = Rect(x + w - px(120), y, px(120), h)
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
        if k in ENTER:
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


#: The settings dialog's rows: (setting, title, [(value, label)]).
SETTING_ROWS: list[tuple[str, str, list[tuple[str, str]]]] = [
    ("theme", "Theme", [("system", "System"), ("light", "Light"), ("dark", "Dark")]),
    ("timer", "Timer", [("shown", "Shown"), ("hidden", "Hidden")]),
    # The names hints use, round the board: r3c5 is row 3, column 5.
    ("labels", "Row and column labels", [("shown", "Shown"), ("hidden", "Hidden")]),
    (
        "checking",
        "Errors",
        [
            (Checking.OFF.value, "Hidden"),
            (Checking.CONFLICTS.value, "Conflicts"),
            (Checking.SOLUTION.value, "All mistakes"),
        ],
    ),
    (
        "scale",
        "Interface size",
        [("auto", "Auto"), ("1", "100%"), ("1.25", "125%"), ("1.5", "150%"), ("2", "200%")],
    ),
]


class SettingsDialog(Dialog):
    """Theme, timer, labels, errors shown, interface size: each click applies and saves."""

    title = "Settings"
    width = 600
    height = 564

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings
        self.rows = [
            (key, title, [Button(f"{key}:{v}", text, "segment") for v, text in options])
            for key, title, options in SETTING_ROWS
        ]
        self.close = Button("close", "Done", "primary")
        self._sync()

    def value(self, key: str) -> str:
        value = getattr(self.settings, key)
        return value.value if isinstance(value, Checking) else str(value)

    def _sync(self) -> None:
        for key, _, buttons in self.rows:
            for b in buttons:
                b.active = b.key == f"{key}:{self.value(key)}"
        self.buttons = [*(b for _, _, row in self.rows for b in row), self.close]

    def refresh(self) -> None:
        """Show the settings as they are now (the controller applies each click)."""
        self._sync()

    def row_tops(self) -> list[int]:
        """Where each row's title goes."""
        return [self.rect.y + self.px(72 + 84 * i) for i in range(len(self.rows))]

    def _layout_content(self) -> None:
        px = self.px
        inner = self.rect.inflate(-px(56), 0)
        widest = max(len(row) for _, _, row in self.rows)
        for top, (_, _, buttons) in zip(self.row_tops(), self.rows, strict=True):
            row = Rect(inner.x, top + px(26), inner.w, px(40))
            for b, r in zip(buttons, grid_layout(row, widest, widest, px(8)), strict=False):
                b.rect = r
        self._bottom_buttons([self.close])

    def key(self, key: Key) -> DialogResult:
        if key.name in ENTER:
            return Close()
        return super().key(key)

    def click(self, key: str) -> DialogResult:
        if ":" in key:
            name, value = key.split(":", 1)
            known = any(name == row for row, _, _ in SETTING_ROWS)
            if known and value != self.value(name):
                return Changed(name, value)
            return None
        return super().click(key)


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
        if any(s.rules != "classic" for s in self.stats):
            self.width = 780  # room for a column of rules' names
        self.buttons = [Button("close", "Close", "primary")]

    def key(self, key: Key) -> DialogResult:
        if key.name in (*ENTER, "s"):
            return Close()
        return super().key(key)


#: Every shortcut, as the help overlay lists them.
SHORTCUTS: list[tuple[str, str]] = [
    ("Click, arrow keys", "select a cell"),
    ("1-9, numpad", "enter a digit (A-G on 12×12 and 16×16)"),
    ("Digit, no cell selected", "put it in each cell clicked (pad too)"),
    ("Same digit again, Esc", "stop putting it in"),
    ("Backspace, Delete, 0", "erase the cell"),
    ("N", "notes mode on or off"),
    ("Shift+digit, Ctrl+digit", "write or remove a note"),
    ("M / Shift+M", "fill in all notes / clear all notes"),
    ("Ctrl+Z", "undo"),
    ("Ctrl+Y, Ctrl+Shift+Z", "redo"),
    ("H", "hint: again for more, once more plays it"),
    ("W", "watch the computer solve this puzzle"),
    ("P", "pause or resume (the board is hidden)"),
    ("Ctrl+N", "new game"),
    ("Ctrl+O", "enter your own puzzle"),
    ("Ctrl+V", "paste a puzzle: any format, or a link"),
    ("Ctrl+C", "copy the puzzle (format chosen in Print)"),
    ("Ctrl+P", "print: a PDF or a book, copy, links"),
    ("Ctrl+,", "settings: theme, timer, errors, size"),
    ("S", "statistics"),
    ("? or F1", "this help"),
    ("F11", "full screen or back to the window"),
    ("Esc", "close a dialog, clear the selection"),
    ("Ctrl+Q", "quit (the game is saved)"),
]


class HelpDialog(Dialog):
    """Every shortcut: in two columns on a wide window, else in one."""

    title = "Keyboard shortcuts"
    width = 700
    height = 700
    #: The card of the two-column table.
    WIDE = (1040, 500)

    def __init__(self) -> None:
        super().__init__()
        self.buttons = [Button("close", "Close", "primary")]
        #: The table's columns of shortcuts (1 or 2).
        self.columns = 1

    def layout(self, screen: Rect, scale: float = 1.0) -> None:
        # Two columns when the wide card fits (almost) at the display's scale.
        w, h = self.WIDE
        fit = min((screen.w - 24) / w, (screen.h - 24) / h)
        self.columns = 2 if fit >= 0.9 * scale else 1
        self.width, self.height = (w, h) if self.columns == 2 else (700, 700)
        super().layout(screen, scale)

    def key(self, key: Key) -> DialogResult:
        if key.name in (*ENTER, "f1") or key.text == "?":
            return Close()
        return super().key(key)


__all__ = [
    "ENTER",
    "SHORTCUTS",
    "Changed",
    "Close",
    "Confirmed",
    "CustomDialog",
    "Dialog",
    "DialogResult",
    "HelpDialog",
    "MessageDialog",
    "SettingsDialog",
    "Share",
    "ShareDialog",
    "StartCustom",
    "StartNew",
    "StatsDialog",
]
