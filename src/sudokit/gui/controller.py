"""The game's controller: the session, the UI state and the dialogs, without pygame.

After Simon Tatham's midend. The window hands every input to :meth:`Controller.handle`
as a plain record (:mod:`sudokit.gui.interpret`); :func:`~sudokit.gui.interpret.interpret`
turns it into an intent and :meth:`Controller.apply` carries it out: a move on the
:class:`~sudokit.game.Session` (saved at once), or a change of UI state (selection, notes
mode, a dialog, a message). Drawing only reads the controller; :attr:`Controller.dirty`
says what changed since the last frame, so the window redraws no more than that.

Everything here runs without a window, so tests play whole games with no display.
New games and the dialogs' answers are in :mod:`sudokit.gui.asking`, print and share in
:mod:`sudokit.gui.sharing`, hints in :mod:`sudokit.gui.thinking`: parts of the controller.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

from ..errors import IllegalMoveError, SaveFileError
from ..game import (
    CUSTOM,
    SEVERAL_SOLUTIONS,
    Checking,
    Finish,
    Move,
    Restart,
    Session,
    Store,
    format_time,
    label,
    variant_problem,
)
from ..game.play import Play
from ..grid import Grid
from .asking import Asking
from .dialog_new import LevelsFor, reachable_levels
from .dialogs import (
    CustomDialog,
    Dialog,
    MessageDialog,
    StartCustom,
    StartNew,
)
from .interpret import (
    Arm,
    Command,
    DialogButton,
    DialogClick,
    DialogKey,
    Expose,
    Focus,
    InputEvent,
    Intent,
    Key,
    KeyUp,
    Motion,
    MoveCursor,
    PastePuzzle,
    Press,
    PressButton,
    Release,
    ReleaseButton,
    Resize,
    Select,
    UiState,
    Warn,
    activate,
    interpret,
    is_arrow,
)
from .layout import Button, Dirty, Layout, Rect, button_at, compute_layout, natural_window
from .making import Job, MakePuzzle
from .settings import Settings
from .sharing import Sharing
from .thinking import Hinting

log = logging.getLogger(__name__)

CHECKING_LABELS = {
    Checking.OFF: "Errors: hidden",
    Checking.CONFLICTS: "Errors: conflicts",
    Checking.SOLUTION: "Errors: all mistakes",
}
#: Seconds a message stays in the status line (errors and notices stay until replaced).
MESSAGE_SECONDS = 8.0
#: Seconds between saves of the time played while a game runs.
AUTOSAVE_SECONDS = 15.0
#: Seconds the wave of colour over a solved board lasts.
CELEBRATION_SECONDS = 1.0


class Controller(Sharing, Hinting, Asking):
    """The game without its window. ``window`` is the window's size in pixels."""

    def __init__(
        self,
        store: Store,
        *,
        puzzle: Grid | None = None,
        size: int | None = None,
        level: str | None = None,
        seed: int | str | None = None,
        rules: str | None = None,
        resume: bool = True,
        window: tuple[int, int] = (1100, 740),
        clock: Callable[[], float] = time.monotonic,
        make_puzzle: MakePuzzle | None = None,
        clipboard: Callable[[], str | None] | None = None,
        watcher: Callable[[Grid], None] | None = None,
        copy: Callable[[str], None] | None = None,
        export_dir: Path | None = None,
        display_scale: float = 1.0,
        levels_for: LevelsFor | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        #: Makes new puzzles; None: the generator (big grids in a process of their own).
        self.make_puzzle = make_puzzle
        #: The levels offered for a size, ``levels_for(size)``, and for a size under
        #: variant rules, ``levels_for(size, variant)`` (default: the generator's reach).
        self.levels_for = levels_for or reachable_levels
        #: The display's pixels per interface pixel, as the window measured it.
        self.display_scale = display_scale
        self.clipboard: Callable[[], str | None] = clipboard or (lambda: None)
        #: Shows the computer solving a puzzle (a window of its own); None: not offered.
        self.watcher = watcher
        self._init_sharing(store, copy, export_dir)
        self.window = window

        # UI state (DESIGN rule 4: not part of the game, not undone).
        self.session: Session | None = None
        #: The game's front-end-neutral facade over :attr:`session`: moves, hints and
        #: checks go through it, as the browser's engine's do.
        self.game: Play | None = None
        self.selected: int | None = None
        self.notes_mode = False
        #: Digit-first entry: the digit each clicked cell gets (0: none armed).
        self.armed = 0
        #: The window is asked to go full screen or back (F11); the window does it.
        self.fullscreen_request = False
        #: When the solved board's wave of colour started (None: not playing), and the
        #: dialog shown after it.
        self.celebration: float | None = None
        self._after_celebration: Dialog | None = None
        self.dialog: Dialog | None = None
        #: Counts the dialogs opened, so the view knows when one is new.
        self.dialog_serial = 0
        self.message = ""
        self.message_kind = "info"
        self._message_until: float | None = None
        self.running = True
        self.settings = Settings.load(store)
        #: Cells to tint, by why: ``hint`` (the hint's cells), ``hint-area`` (its units),
        #: ``check`` (wrong digits found by Check).
        self.flash: dict[int, str] = {}
        self.job: Job | None = None
        #: The new game (or the player's own puzzle) asked for while the player confirms
        #: ending this one.
        self._asked_new: StartNew | StartCustom | None = None
        #: The puzzle dialog as it was when the player chose to keep playing instead.
        self._custom_draft: CustomDialog | None = None
        self._init_hinting()
        self.hover: str | None = None
        self.pressed: str | None = None
        self.pressed_mouse = 1
        self._auto_paused = False
        self._held: set[str] = set()
        self._shown_second = -1
        self._last_save = clock()
        self.dirty = Dirty()
        #: A window size the controller asks the window for (after a scale change).
        self.window_request: tuple[int, int] | None = None
        self.layout: Layout = self._compute_layout()

        if puzzle is not None:
            # A puzzle handed over explicitly is played even with several solutions (the
            # command line asks for --anyway first); then any grid keeping the rules wins.
            session = Session.new(puzzle, level=CUSTOM, clock=clock, several=True)
            self._install(session)
            if session.unique:
                self.say("Your puzzle is ready. Good luck!")
            else:
                self.say(SEVERAL_SOLUTIONS, sticky=True)
        else:
            # Asking for a size, a level, a seed or rules means asking for a new game.
            wanted = resume and size is None and level is None and seed is None and rules is None
            restored = store.resume(checking=self.checking, clock=clock) if wanted else None
            if restored is not None:
                self._install(restored, fresh=False)
                what = f"{restored.size}×{restored.size} {label(restored.level)}"
                self.say(f"Welcome back: your {what} game, {format_time(restored.elapsed)}.")
            else:
                n = size or self.settings.size
                if rules and not rules[0].isdigit() and not size and variant_problem(n, rules):
                    n = 9  # the variants asked for, on the size that has every one
                self.start_new(
                    n,
                    level or self.settings.level,
                    seed,
                    rules=self.settings.rules if rules is None else rules,
                    wait=0.8,
                )
        if store.notices:  # a database moved aside: say so plainly, in full
            text = "\n\n".join(store.notices)
            self.say(" ".join(store.notices), "error", sticky=True)
            self._open(MessageDialog("About your saved games", text, width=640, height=300))

    # --- what the view reads ---------------------------------------------------------------
    @property
    def checking(self) -> Checking:
        """Which errors are shown as the player plays."""
        return self.settings.checking

    @checking.setter
    def checking(self, value: Checking) -> None:
        self.settings.checking = value
        if self.session is not None:
            self.session.checking = _for(self.session, value)

    @property
    def scale(self) -> float:
        """Interface pixels to window pixels: the display's density, or the setting."""
        if self.settings.scale == "auto":
            return self.display_scale
        return float(self.settings.scale)

    @property
    def buttons(self) -> list[Button]:
        """The main screen's buttons (tools, pad, actions, pause, errors setting)."""
        return self.layout.buttons

    def button(self, key: str) -> Button:
        """The main screen's button ``key``, up to date with the game."""
        b = self.layout.button(key)
        self.decorate(b)
        return b

    @property
    def generating(self) -> bool:
        return self.job is not None

    @property
    def size(self) -> int:
        """The board's size: the game's, else the one being made or asked for."""
        if self.session is not None:
            return self.session.size
        return self.job.size if self.job is not None else self.settings.size

    def ui_state(self) -> UiState:
        s = self.session
        return UiState(
            size=self.size,
            selected=self.selected,
            notes_mode=self.notes_mode,
            entries=s.state.entries if s is not None else None,
            playing=s is not None and not self.generating and not s.paused,
            generating=self.generating,
            thinking=self.thinking,
            dialog=self.dialog is not None,
            buttons=self.active_buttons(),
            board=self.layout.board if s is not None else None,
            pressed=self.pressed,
            pressed_mouse=self.pressed_mouse,
            armed=self.armed,
        )

    def active_buttons(self) -> list[Button]:
        """The buttons that take clicks now: the dialog's, else the screen's and the card's."""
        if self.dialog is not None:
            return self.dialog.buttons
        s = self.session
        out = []
        for b in self.layout.buttons:
            self.decorate(b)
            out.append(b)
        if s is not None and s.paused and not s.finished and not self.generating:
            out.append(self.layout.resume)
        if self.generating:
            out.append(self.layout.cancel_new)
        return out

    def enabled(self, key: str) -> bool:
        s = self.session
        always = ("new", "custom", "stats", "help", "checking", "settings")
        if s is None or self.generating:
            return key in always or (key == "cancel-new" and self.generating)
        if s.paused:
            return key in (*always, "pause", "resume", "print", "copy")
        if s.finished:
            return key in (*always, "print", "copy")
        if key == "undo":
            return s.can_undo
        if key == "redo":
            return s.can_redo
        return True

    def decorate(self, b: Button) -> None:
        """Bring a button's label and state up to date with the game."""
        s = self.session
        b.enabled = self.enabled(b.key)
        if b.key == "notes":
            b.active = self.notes_mode  # a toggle: its fill and switch say on or off
        elif b.key == "checking":
            b.label = CHECKING_LABELS[self.checking]
        elif b.key == "hint":
            # A hint told in full: the button plays it (as H does).
            b.label = "Apply" if s is not None and s.hint_moves() else "Hint"
        elif b.key.startswith("digit:") and s is not None:
            d = int(b.key[6:])
            left = s.remaining().get(d, 0)
            b.sub = f"{left} left" if left else "done"
            b.dim = left == 0
            selected_digit = s.state.digit(self.selected) if self.selected is not None else 0
            b.active = d in (selected_digit, self.armed) and not s.paused

    # --- games ----------------------------------------------------------------------------
    def _install(self, session: Session, *, fresh: bool = True) -> None:
        """Make ``session`` the game on screen (saving it, which retires the old one)."""
        old = self.session
        if old is not None and old is not session:
            self.save()
        session.checking = _for(session, self.checking)
        self.session = session
        self.game = Play(session)
        self._drop_hints()  # a hint for the old game is no use
        self.notes_mode = False
        self.armed = 0
        self.celebration = None
        self.flash.clear()
        self.hint_notes.clear()
        empty = [c for c, v in enumerate(session.state.board.cells) if not v]
        self.selected = empty[0] if empty else 0
        if fresh or session.game_id is None:
            self.save()
        if old is not None and old.size != session.size:
            self.fit_window(session.size)
        self.layout = self._compute_layout()
        self.dirty.all = True

    def fit_window(self, n: int) -> None:
        """Ask for the window an ``n``×``n`` game opens in when this one is smaller (a
        16×16 board needs more room); a bigger window is left as it is."""
        w, h = natural_window(n)
        want = (
            max(self.window[0], round(w * self.scale)),
            max(self.window[1], round(h * self.scale)),
        )
        if want != self.window:
            self.window_request = want

    def save(self) -> Finish | None:
        """Save the game (every move is saved as it is played)."""
        if self.session is None:
            return None
        try:
            finish = self.store.save(self.session)
        except SaveFileError as err:
            self.say(f"Could not save: {err}", "error", sticky=True)
            return None
        self._last_save = self.clock()
        return finish

    # --- messages ---------------------------------------------------------------------------
    def say(self, text: str, kind: str = "info", *, sticky: bool = False) -> None:
        """Show a message in the status line (errors and notices stay until replaced)."""
        self.message = text
        self.message_kind = kind
        if sticky or kind == "success":
            self._message_until = None
        else:
            self._message_until = self.clock() + MESSAGE_SECONDS
        self.dirty.all = True

    # --- input ------------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        """React to one input event."""
        if self.celebration is not None and isinstance(event, (Key, Press)):
            self.end_celebration()  # skipped: the key or click does nothing else
            return
        match event:
            case Resize(size):
                self.resize(size)
            case Focus(gained):
                self._focus(gained)
            case Expose():
                self.dirty.all = True
            case KeyUp(name):
                self._held.discard(name)
            case Key(name):
                # Key repeat is for moving around; a held digit must not toggle on and off.
                if name in self._held and not is_arrow(name):
                    return
                self._held.add(name)
                self.apply(interpret(self.ui_state(), event))
            case Motion(pos):
                self._motion(pos)
            case Release():
                intent = interpret(self.ui_state(), event)
                if self.pressed is not None:
                    self.dirty.buttons.add(self.pressed)
                    self.pressed = None
                    if self.dialog is not None:
                        self.dirty.all = True
                self.apply(intent)
            case _:
                self.apply(interpret(self.ui_state(), event))

    def apply(self, intent: Intent | None) -> None:
        """Carry out an intent: a move on the game, or a change of UI state."""
        match intent:
            case None | ReleaseButton():
                pass
            case Arm(digit):
                self.arm(digit)
            case Select(cell):
                self.select(cell)
            case MoveCursor(dr, dc):
                self.move_selection(dr, dc)
            case Command(name):
                self._command(name)
            case Warn(text):
                self.say(text, "warn")
            case PressButton(key, mouse):
                self.pressed, self.pressed_mouse = key, mouse
                self.dirty.buttons.add(key)
                if self.dialog is not None:
                    self.dirty.all = True
            case PastePuzzle(text):
                self.open_custom()
                if isinstance(self.dialog, CustomDialog):
                    self.dialog.paste(text)
            case DialogKey(key):
                if self.dialog is not None:
                    self._outcome(self.dialog.key(key))
            case DialogButton(key):
                if self.dialog is not None:
                    self._outcome(self.dialog.click(key))
            case DialogClick(pos, button):
                if self.dialog is not None:
                    self._outcome(self.dialog.mouse(pos, button))
            case _:
                self.play(intent)

    def _command(self, name: str) -> None:
        commands: dict[str, Callable[[], object]] = {
            "undo": self.undo,
            "redo": self.redo,
            "notes": self.toggle_notes,
            "hint": self.hint,
            "check": self.check,
            "pause": self.toggle_pause,
            "resume": self.toggle_pause,
            "new": self.open_new_game,
            "restart": self.restart,
            "custom": self.open_custom,
            "solve": self.ask_solve,
            "stats": self.open_stats,
            "help": self.open_help,
            "settings": self.open_settings,
            "checking": self.cycle_checking,
            "watch": self.watch,
            "cancel-new": self.cancel_generation,
            "cancel-hint": self.cancel_hint,
            "paste": self.paste,
            "print": self.open_share,
            "copy": self.copy_puzzle,
            "quit": self.quit,
            "fullscreen": self.toggle_fullscreen,
        }
        commands[name]()

    def activate(self, key: str, *, right: bool = False) -> None:
        """Do what the main screen's button ``key`` does."""
        self.apply(activate(self.ui_state(), key, right=right))

    def _motion(self, pos: tuple[int, int]) -> None:
        b = button_at(self.active_buttons(), pos)
        key = b.key if b is not None else None
        if key != self.hover:
            if self.dialog is not None:
                self.dirty.all = True
            else:
                self.dirty.buttons.update(k for k in (self.hover, key) if k is not None)
            self.hover = key

    def _focus(self, gained: bool) -> None:
        s = self.session
        if not gained:
            self._held.clear()  # their key-up events go to another window
            if s is not None and not s.paused and not s.finished:
                s.pause()
                self.save()
                self._auto_paused = True
                self.dirty.all = True
        elif self._auto_paused and s is not None:
            s.resume()
            self._auto_paused = False
            self.dirty.all = True

    def resize(self, size: tuple[int, int]) -> None:
        """The window has a new size: lay everything out again."""
        self.window = size
        self.layout = self._compute_layout()
        if self.dialog is not None:
            self.dialog.layout(Rect(0, 0, *size), self.scale)
        self.dirty.all = True

    def _compute_layout(self) -> Layout:
        labels = self.settings.labels == "shown"
        return compute_layout(self.window, self.size, self.scale, labels=labels)

    # --- playing ----------------------------------------------------------------------------
    def _can_play(self) -> Session | None:
        s = self.session
        if s is None or self.generating or s.paused:
            return None
        return s

    def _playing(self) -> Play | None:
        """The game, when it takes moves now (not paused, no new game being made)."""
        return self.game if self._can_play() is not None else None

    def play(self, move: Move) -> bool:
        """Play a move on the session (the one way moves reach the game)."""
        g = self._playing()
        if g is None:
            return False
        try:
            changed = g.play(move)
        except IllegalMoveError as err:
            text = str(err)
            self.say(text[0].upper() + text[1:] + ".", "warn")
            return False
        if changed:
            self._changed()
        return changed

    def _changed(self) -> None:
        self.flash.clear()
        self.hint_notes.clear()
        self.dirty.all = True
        finish = self.save()
        s, g = self.session, self.game
        if finish is not None and s is not None and g is not None:
            self.selected = None  # a clean look at the finished grid
            self.armed = 0
            text = g.finish_text(finish)
            if finish.solved:
                self.say(text, "success")
                # A wave of colour over the board first (the frame clock drives it; a key
                # or a click skips it), then the dialog.
                self.celebration = self.clock()
                self._after_celebration = MessageDialog(
                    "Solved!",
                    f"{text}\nHints used: {s.hints_used}.  Mistakes: {s.mistakes_made}.",
                    confirm=("New game", "new"),
                )
            else:
                self.say(text, "info", sticky=True)

    def enter(self, digit: int, *, note: bool = False) -> None:
        """Type a digit in the selected cell (a note in notes mode or when asked)."""
        self.activate(f"digit:{digit}", right=note)

    def erase(self) -> None:
        self.activate("erase")

    def undo(self) -> None:
        g = self._playing()
        if g is not None and g.undo():
            self._changed()

    def redo(self) -> None:
        g = self._playing()
        if g is not None and g.redo():
            self._changed()

    def restart(self) -> None:
        if self.play(Restart()):
            self.say("Back to the start. Undo brings your moves back.")

    def toggle_notes(self) -> None:
        self.notes_mode = not self.notes_mode
        self.dirty.all = True

    def check(self) -> None:
        g = self._playing()
        if g is None:
            return
        result = g.check()
        self.flash = dict.fromkeys(result.mistakes, "check")
        self.hint_notes.clear()
        self.say(result.text, "warn" if result.mistakes else "success")

    def toggle_pause(self) -> None:
        s = self.session
        if s is None or s.finished:
            return
        if s.paused:
            s.resume()
            self.say("Welcome back.")
        else:
            s.pause()
            self.save()
            self.say("Paused. Press P to go on.", sticky=True)
        self._auto_paused = False
        self.dirty.all = True

    def watch(self) -> None:
        """Watch the computer solve this puzzle; the game waits, paused, and comes back
        as it was."""
        s = self.session
        if s is None or self.generating or self.watcher is None:
            return
        was_paused = s.paused
        if not was_paused:
            s.pause()
        self.save()
        try:
            self.watcher(s.puzzle)
        finally:
            self.dirty.all = True
            self._held.clear()  # keys let go while the watch had them sent no key-up here
            if not was_paused and self.running:
                s.resume()

    def cycle_checking(self) -> None:
        order = list(Checking)
        self.set_checking(order[(order.index(self.checking) + 1) % len(order)])

    def set_checking(self, value: Checking) -> None:
        self.checking = value
        self.settings.save(self.store, "checking")
        explain = {
            Checking.OFF: "Errors are not shown; use Check when you want to know.",
            Checking.CONFLICTS: "Digits that break a rule are shown in red.",
            Checking.SOLUTION: "Every digit that differs from the solution is shown in red.",
        }
        self.say(explain[self.checking])

    def change_setting(self, key: str, value: str) -> None:
        """Change a setting (from the settings dialog) and save it."""
        self.dirty.backdrop = True  # the game behind the dialog shows the change too
        if key == "checking":
            self.set_checking(Checking(value))
            return
        setattr(self.settings, key, value)
        self.settings.save(self.store, key)
        if key == "scale":
            # Ask the window for the size that suits the new scale; lay out at once
            # in case it cannot change.
            w, h = natural_window(self.size)
            self.window_request = (round(w * self.scale), round(h * self.scale))
            self.resize(self.window)
        elif key == "labels":
            self.resize(self.window)  # the board makes room for them, or takes it back
        self.dirty.all = True

    def move_selection(self, dr: int, dc: int) -> None:
        s = self.session
        if s is None:
            return
        n = s.size
        if self.selected is None:
            self.select(0)
        else:
            r, c = divmod(self.selected, n)
            self.select(((r + dr) % n) * n + (c + dc) % n)

    def select(self, cell: int | None) -> None:
        if cell != self.selected:
            self.selected = cell
            # The board, and the number pad that marks the selected cell's digit.
            self.dirty.board = True
            self.dirty.buttons.update(b.key for b in self.buttons if b.key.startswith("digit:"))

    def arm(self, digit: int) -> None:
        """Digit-first entry: each cell clicked next gets ``digit`` (0: stop)."""
        s = self._can_play()
        if digit and s is None:
            return
        self.armed = digit
        if digit and s is not None:
            symbol = s.state.shape.symbols[digit - 1]
            self.say(
                f"Placing {symbol}: click the cells (right click: a note). "
                f"{symbol} again or Esc stops.",
                sticky=True,
            )
        else:
            self.say("")

    @property
    def celebrating(self) -> bool:
        """The solved board's wave is playing (the window draws at full frame rate)."""
        return self.celebration is not None

    def celebration_phase(self) -> float | None:
        """How far the wave has gone, 0 to 1 (None: no wave)."""
        if self.celebration is None:
            return None
        return min(1.0, max(0.0, (self.clock() - self.celebration) / CELEBRATION_SECONDS))

    def end_celebration(self) -> None:
        """Stop the wave and show what it led to (the "Solved!" dialog)."""
        if self.celebration is None:
            return
        self.celebration = None
        dialog, self._after_celebration = self._after_celebration, None
        if dialog is not None:
            self._open(dialog)
        self.dirty.all = True

    def toggle_fullscreen(self) -> None:
        self.fullscreen_request = True

    def quit(self) -> None:
        if self.session is not None:
            self.save()
        self.running = False

    # --- dialogs ----------------------------------------------------------------------------
    def _open(self, dialog: Dialog) -> None:
        self.dialog = dialog
        self.dialog_serial += 1
        dialog.layout(Rect(0, 0, *self.window), self.scale)
        self.pressed = None
        self.dirty.all = True

    # --- time -------------------------------------------------------------------------------
    def tick(self) -> None:
        """Work not driven by input: a finished puzzle, the timer, old messages."""
        now = self.clock()
        if self.job is not None:
            self._poll_job()
            self.dirty.board = True  # the "making" animation
        if self.hint_job is not None:
            self._poll_hint()
        if self.book_job is not None:
            self._poll_book()
        if self.celebration is not None:
            if now - self.celebration >= CELEBRATION_SECONDS:
                self.end_celebration()
            else:
                self.dirty.board = True
        s = self.session
        if s is not None:
            second = int(s.elapsed)
            if second != self._shown_second:
                self._shown_second = second
                self.dirty.header = True
            if not s.paused and not s.finished and now - self._last_save > AUTOSAVE_SECONDS:
                self.save()  # keep the time played safe
        if self._message_until is not None and now > self._message_until:
            self.message = ""
            self._message_until = None
            self.dirty.all = True


def _for(session: Session, checking: Checking) -> Checking:
    """The checking a session can do: with several solutions there is no one solution
    to compare digits with."""
    if checking is Checking.SOLUTION and not session.unique:
        return Checking.CONFLICTS
    return checking


__all__ = ["CHECKING_LABELS", "Controller"]
