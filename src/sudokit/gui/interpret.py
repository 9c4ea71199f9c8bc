"""Input → intent: what a key, a click or pasted text asks for, without pygame.

After Simon Tatham's midend: the window turns its events into the plain records below
(:data:`InputEvent`), and :func:`interpret` turns one of them, with a snapshot of the UI
(:class:`UiState`), into an intent: a game :class:`~sudokit.game.Move`, or a
:data:`UiChange` (select a cell, run a command, speak to the open dialog). It decides
nothing itself and changes nothing: the :class:`~sudokit.gui.controller.Controller`
applies the intent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..game import AutoNotes, ClearNotes, Erase, Move, SetDigit, ToggleNote
from .layout import BoardGeometry, Button, button_at

# --- input: what the window saw ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Key:
    """A key pressed. ``name``: ``a``-``z``, ``0``-``9``, ``kp0``-``kp9``, ``kp.``,
    ``left``/``right``/``up``/``down``, ``escape``, ``return``, ``backspace``,
    ``delete``, ``space``, ``period``, ``comma``, ``tab``, ``f1``, ``f11``…; ``text``: the
    character it typed, if any (``?`` is Shift+/ on one keyboard and something else on another)."""

    name: str
    ctrl: bool = False
    shift: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class KeyUp:
    name: str


@dataclass(frozen=True, slots=True)
class Press:
    """A mouse button went down (1 left, 2 middle, 3 right)."""

    pos: tuple[int, int]
    button: int = 1


@dataclass(frozen=True, slots=True)
class Release:
    pos: tuple[int, int]
    button: int = 1


@dataclass(frozen=True, slots=True)
class Motion:
    pos: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Paste:
    """Text given to the game (the clipboard, a drop): a puzzle, perhaps."""

    text: str


@dataclass(frozen=True, slots=True)
class Resize:
    size: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Focus:
    """The window gained (or lost: minimised, another window on top) the focus."""

    gained: bool


@dataclass(frozen=True, slots=True)
class Expose:
    """The window must be drawn again (uncovered)."""


@dataclass(frozen=True, slots=True)
class Quit:
    """The window is closing."""


InputEvent = Key | KeyUp | Press | Release | Motion | Paste | Resize | Focus | Expose | Quit

# --- intents: what the input asks for -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Select:
    """Put the cursor on ``cell`` (None: no cell)."""

    cell: int | None


@dataclass(frozen=True, slots=True)
class MoveCursor:
    dr: int
    dc: int


#: The commands a key or a button can give.
COMMANDS = frozenset(
    {
        "undo",
        "redo",
        "notes",
        "hint",
        "check",
        "pause",
        "resume",
        "new",
        "restart",
        "custom",
        "solve",
        "stats",
        "help",
        "settings",
        "checking",
        "watch",
        "cancel-new",
        "cancel-hint",
        "paste",
        "print",
        "copy",
        "quit",
        "fullscreen",
    }
)


@dataclass(frozen=True, slots=True)
class Command:
    """One of :data:`COMMANDS`."""

    name: str


@dataclass(frozen=True, slots=True)
class Arm:
    """Digit-first entry: ``digit`` is placed in each cell clicked next (0: none)."""

    digit: int


@dataclass(frozen=True, slots=True)
class Warn:
    """Say why nothing happened."""

    text: str


@dataclass(frozen=True, slots=True)
class PressButton:
    """A button is held down (it is activated when released over it)."""

    key: str
    mouse: int


@dataclass(frozen=True, slots=True)
class ReleaseButton:
    """The held button was let go elsewhere: nothing happens."""


@dataclass(frozen=True, slots=True)
class PastePuzzle:
    """Open "your puzzle" with this text in it."""

    text: str


@dataclass(frozen=True, slots=True)
class DialogKey:
    """A key for the open dialog."""

    key: Key


@dataclass(frozen=True, slots=True)
class DialogButton:
    """A click on one of the open dialog's buttons."""

    key: str


@dataclass(frozen=True, slots=True)
class DialogClick:
    """A click in the open dialog, on none of its buttons."""

    pos: tuple[int, int]
    button: int


UiChange = (
    Select
    | Arm
    | MoveCursor
    | Command
    | Warn
    | PressButton
    | ReleaseButton
    | PastePuzzle
    | DialogKey
    | DialogButton
    | DialogClick
)
Intent = Move | UiChange


@dataclass(frozen=True, slots=True)
class UiState:
    """What :func:`interpret` may look at: a read-only snapshot of the UI and the game."""

    size: int
    selected: int | None = None
    notes_mode: bool = False
    #: The player's digits (0: none), or None when there is no game.
    entries: Sequence[int] | None = None
    #: A game is on screen, neither paused nor waiting for a new puzzle.
    playing: bool = False
    generating: bool = False
    #: A hint is being looked for (Esc gives up on it).
    thinking: bool = False
    dialog: bool = False
    #: The buttons that can be clicked now (the dialog's, when one is open).
    buttons: Sequence[Button] = ()
    board: BoardGeometry | None = None
    pressed: str | None = None
    pressed_mouse: int = 1
    #: The digit armed for digit-first entry (0: none).
    armed: int = 0


_ERASE = {"backspace", "delete", "0", "kp0", "kp."}
_ARROWS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}
_CTRL = {
    "n": "new",
    "o": "custom",
    "q": "quit",
    "y": "redo",
    "v": "paste",
    "p": "print",
    "c": "copy",
    "comma": "settings",
}
_PLAIN = {"p": "pause", "s": "stats", "f1": "help", "f11": "fullscreen"}
_PLAYING = {"h": "hint", "w": "watch", "n": "notes"}


def key_digit(key: Key, n: int) -> int | None:
    """The digit a key stands for on an ``n``-sized grid: 1-9 (numpad too), A-G above 9."""
    name = key.name
    if len(name) == 1 and "1" <= name <= "9":
        d = int(name)
    elif len(name) == 3 and name.startswith("kp") and "1" <= name[2] <= "9":
        d = int(name[2])
    elif len(name) == 1 and "a" <= name <= "g":
        d = 10 + ord(name) - ord("a")
    else:
        return None
    return d if d <= n else None


def is_arrow(name: str) -> bool:
    return name in _ARROWS


def interpret(ui: UiState, event: InputEvent) -> Intent | None:
    """The intent of one input event, or None when it asks for nothing."""
    match event:
        case Key():
            return _key(ui, event)
        case Press(pos, button):
            if button not in (1, 3):
                return None
            b = button_at(ui.buttons, pos)
            if b is not None:
                return PressButton(b.key, button)
            if ui.dialog:
                return DialogClick(pos, button)
            if ui.playing and ui.board is not None:
                cell = ui.board.cell_at(pos)
                if cell is not None and ui.armed:
                    # The armed digit goes in (a note in notes mode or on a right click);
                    # the cursor stays off, so the pad arms another digit.
                    there = UiState(ui.size, cell, ui.notes_mode, ui.entries, playing=True)
                    return _enter(there, ui.armed, note=button == 3)
                if cell is not None:
                    return Select(cell)
            return None
        case Release(pos, _):
            if ui.pressed is None:
                return None
            b = button_at(ui.buttons, pos)
            if b is None or b.key != ui.pressed:
                return ReleaseButton()
            if ui.dialog:
                return DialogButton(b.key)
            return activate(ui, b.key, right=ui.pressed_mouse == 3)
        case Paste(text):
            return None if ui.dialog else PastePuzzle(text)
        case Quit():
            return Command("quit")
    return None


def _key(ui: UiState, key: Key) -> Intent | None:
    if ui.dialog:
        return DialogKey(key)
    name = key.name
    if key.ctrl:
        if name == "z":
            return Command("redo" if key.shift else "undo")
        if name in _CTRL:
            return Command(_CTRL[name])
        d = key_digit(key, ui.size)
        return _enter(ui, d, note=True) if d is not None and ui.entries is not None else None
    if name == "escape":
        if ui.generating and ui.entries is not None:
            return Command("cancel-new")
        if ui.thinking:
            return Command("cancel-hint")
        return Arm(0) if ui.armed else Select(None)
    if key.text == "?":
        return Command("help")
    if name in _PLAIN:
        return Command(_PLAIN[name])
    if not ui.playing:
        return None
    if name in _ARROWS:
        return MoveCursor(*_ARROWS[name])
    if name in _PLAYING:
        return Command(_PLAYING[name])
    if name == "m":
        return ClearNotes() if key.shift else AutoNotes()
    if name in _ERASE:
        return _erase(ui)
    d = key_digit(key, ui.size)
    return _enter(ui, d, note=key.shift) if d is not None else None


def activate(ui: UiState, key: str, *, right: bool = False) -> Intent | None:
    """What the main screen's button ``key`` does (``right``: a right click)."""
    if key.startswith("digit:"):
        return _enter(ui, int(key[6:]), note=right)
    if key == "auto":
        return AutoNotes() if ui.playing else None
    if key == "erase":
        return _erase(ui)
    if key in COMMANDS:
        return Command(key)
    return None


def _enter(ui: UiState, digit: int, *, note: bool) -> Intent | None:
    """Type ``digit`` in the selected cell: a note in notes mode or when asked; typing
    the digit the cell holds takes it back."""
    if not ui.playing or ui.entries is None:
        return None
    if ui.selected is None:
        # Digit-first entry: the digit is armed, each cell clicked next gets it (the
        # same digit again, or Esc, disarms).
        return Arm(0 if digit == ui.armed else digit)
    r, c = divmod(ui.selected, ui.size)
    if note or ui.notes_mode:
        return ToggleNote(r, c, digit)
    if ui.entries[ui.selected] == digit:
        return Erase(r, c)
    return SetDigit(r, c, digit)


def _erase(ui: UiState) -> Intent | None:
    if not ui.playing or ui.selected is None:
        return None
    r, c = divmod(ui.selected, ui.size)
    return Erase(r, c)
