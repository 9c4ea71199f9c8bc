"""The desktop game: the window, the input, the loop.

DESIGN rule 5, the GUI pulls: input becomes an intent, an intent becomes a move on the
session (or a change of UI state: selection, notes mode, dialogs), and drawing only reads
the session. Every move is saved at once. Only what changed is redrawn: the timer alone
repaints the header, hovering repaints one button, a move repaints the screen.

Tests drive :class:`App` headless: post events with ``pygame.event.post`` and call
:meth:`App.pump` (one turn of the loop).
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from ..errors import IllegalMoveError, SaveFileError
from ..game import (
    CUSTOM,
    DEFAULT_LEVEL,
    LEVELS,
    AutoNotes,
    Checking,
    ClearNotes,
    Erase,
    Finish,
    Move,
    Restart,
    Session,
    SetDigit,
    Solve,
    Store,
    ToggleNote,
    examine,
    finish_message,
    format_time,
    label,
)
from ..generator import generate
from ..geometry import SIZES, Shape
from ..grid import Grid
from .board import BoardGeometry, BoardView, draw_board, fit_board
from .dialogs import (
    Close,
    Confirmed,
    CustomDialog,
    Dialog,
    DialogResult,
    HelpDialog,
    MessageDialog,
    NewGameDialog,
    StartCustom,
    StartNew,
    StatsDialog,
    key_digit,
)
from .theme import LIGHT, Color, Theme, blit_text, fit_text
from .widgets import Button, button_at, draw_button, draw_card, grid_layout

log = logging.getLogger(__name__)

MakePuzzle = Callable[[int, str, "int | str | None"], Grid]

_TOOLS = [
    ("undo", "Undo"),
    ("redo", "Redo"),
    ("notes", "Notes"),
    ("auto", "Auto-notes"),
    ("hint", "Hint"),
    ("check", "Check"),
]
_ACTIONS = [
    ("new", "New game"),
    ("restart", "Restart"),
    ("custom", "Your puzzle"),
    ("solve", "Solve"),
    ("stats", "Statistics"),
    ("help", "Help"),
]
_CHECKING_LABELS = {
    Checking.OFF: "Errors: hidden",
    Checking.CONFLICTS: "Errors: conflicts",
    Checking.SOLUTION: "Errors: all mistakes",
}
_ROW_H = 40  # button height in the tall (portrait) layout
_ERASE_KEYS = {pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_0, pygame.K_KP0, pygame.K_KP_PERIOD}
_ARROWS = {
    pygame.K_LEFT: (0, -1),
    pygame.K_RIGHT: (0, 1),
    pygame.K_UP: (-1, 0),
    pygame.K_DOWN: (1, 0),
}


def default_make_puzzle(size: int, level: str, seed: int | str | None) -> Grid:
    return generate(size, seed=seed, difficulty=level)


@dataclass
class _Job:
    """A puzzle being made in a worker thread (16×16 takes seconds in pure Python)."""

    size: int
    level: str
    started: float
    result: tuple[Grid, Grid] | None = None
    error: str | None = None
    done: threading.Event = field(default_factory=threading.Event)
    cancelled: bool = False


@dataclass
class _Layout:
    header: pygame.Rect
    board_area: pygame.Rect
    panel: pygame.Rect
    status: pygame.Rect
    wide: bool


class App:
    """The game window. Create it after choosing a :class:`Store`; :meth:`run` loops."""

    def __init__(
        self,
        store: Store,
        *,
        puzzle: Grid | None = None,
        size: int | None = None,
        level: str | None = None,
        seed: int | str | None = None,
        resume: bool = True,
        window: tuple[int, int] = (1100, 740),
        clock: Callable[[], float] = time.monotonic,
        make_puzzle: MakePuzzle = default_make_puzzle,
        clipboard: Callable[[], str | None] | None = None,
        theme: Theme = LIGHT,
    ) -> None:
        self.store = store
        self.theme = theme
        self.clock = clock
        self.make_puzzle = make_puzzle
        self.clipboard = clipboard or _read_clipboard
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("sudokit")
        with contextlib.suppress(pygame.error):
            pygame.display.set_icon(_icon(theme))
        self.screen = pygame.display.set_mode(window, pygame.RESIZABLE)
        pygame.key.set_repeat(320, 40)

        # UI state (DESIGN rule 4: not part of the game, not undone).
        self.session: Session | None = None
        self.selected: int | None = None
        self.notes_mode = False
        self.dialog: Dialog | None = None
        self.message = ""
        self.message_kind = "info"
        self._message_until: float | None = None
        self.running = True
        self.checking = _setting_checking(store)
        self.new_size = _int_setting(store, "size", 9, SIZES)
        self.new_level = store.get_setting("level", DEFAULT_LEVEL)
        if self.new_level not in LEVELS:
            self.new_level = DEFAULT_LEVEL
        self._flash: dict[int, Color] = {}
        self._job: _Job | None = None
        self._hover: str | None = None
        self._pressed: str | None = None
        self._pressed_mouse = 1
        self._auto_paused = False
        self._held: set[int] = set()
        self._shown_second = -1
        self._last_save = clock()
        self._dirty_all = True
        self._dirty_header = False
        self._dirty_board = False
        self._dirty_buttons: set[str] = set()
        self._backdrop: pygame.Surface | None = None
        self._geometry: BoardGeometry | None = None
        self.buttons: list[Button] = []
        self.layout = self._compute_layout()

        if puzzle is not None:
            verdict = examine(puzzle)
            if verdict.solution is None:
                raise ValueError(verdict.problem)
            self._install(Session(puzzle, verdict.solution, level=CUSTOM, clock=clock))
            self.say("Your puzzle is ready. Good luck!")
        else:
            # Asking for a size, a level or a seed means asking for a new game.
            wanted = resume and size is None and level is None and seed is None
            restored = store.resume(checking=self.checking, clock=clock) if wanted else None
            if restored is not None:
                self._install(restored, fresh=False)
                what = f"{restored.size}×{restored.size} {label(restored.level)}"
                self.say(f"Welcome back: your {what} game, {format_time(restored.elapsed)}.")
            else:
                self.start_new(size or self.new_size, level or self.new_level, seed, wait=0.8)
        if store.notices:  # a database moved aside: say so plainly, in full
            text = "\n\n".join(store.notices)
            self.say(" ".join(store.notices), "error", sticky=True)
            self._open(MessageDialog("About your saved games", text, width=640, height=300))

    # --- games ---------------------------------------------------------------------------
    def _install(self, session: Session, *, fresh: bool = True) -> None:
        """Make ``session`` the game on screen (saving it, which retires the old one)."""
        old = self.session
        if old is not None and old is not session:
            self._save()
        session.checking = self.checking
        self.session = session
        self.notes_mode = False
        self._flash.clear()
        empty = [c for c, v in enumerate(session.state.board.cells) if not v]
        self.selected = empty[0] if empty else 0
        if fresh or session.game_id is None:
            self._save()
        self.layout = self._compute_layout()
        self._dirty_all = True

    def start_new(
        self, size: int, level: str, seed: int | str | None = None, *, wait: float = 0.0
    ) -> None:
        """Make a new puzzle in a worker thread; it replaces the game when ready.

        ``wait``: seconds to wait for it here, so quick sizes show no "making" state.
        """
        if self._job is not None:
            self._job.cancelled = True
        job = _Job(size, level, self.clock())

        def work() -> None:
            try:
                puzzle = self.make_puzzle(size, level, seed)
                verdict = examine(puzzle)
                if verdict.solution is None:
                    job.error = f"the new puzzle cannot be played: {verdict.problem}"
                else:
                    job.result = (puzzle, verdict.solution)
            except Exception as err:  # reported to the player, the window stays up
                log.exception("generating a puzzle failed")
                job.error = str(err) or type(err).__name__
            finally:
                job.done.set()

        self._job = job
        threading.Thread(target=work, name="sudokit-generate", daemon=True).start()
        if wait > 0:
            job.done.wait(wait)
        self._poll_job()
        self._dirty_all = True

    def _poll_job(self) -> None:
        job = self._job
        if job is None or not job.done.is_set():
            return
        self._job = None
        if job.cancelled:
            return
        if job.result is None:
            self.say(f"Could not make a puzzle: {job.error}", "error")
            return
        puzzle, solution = job.result
        self._install(Session(puzzle, solution, level=job.level, clock=self.clock))
        self.say(f"New {job.size}×{job.size} {label(job.level)} game. Good luck!")

    @property
    def generating(self) -> bool:
        return self._job is not None

    def _save(self) -> Finish | None:
        if self.session is None:
            return None
        try:
            finish = self.store.save(self.session)
        except SaveFileError as err:
            self.say(f"Could not save: {err}", "error", sticky=True)
            return None
        self._last_save = self.clock()
        return finish

    # --- messages ------------------------------------------------------------------------
    def say(self, text: str, kind: str = "info", *, sticky: bool = False) -> None:
        """Show a message in the status line (errors and notices stay until replaced)."""
        self.message = text
        self.message_kind = kind
        self._message_until = None if sticky or kind == "success" else self.clock() + 8.0
        self._dirty_all = True

    # --- playing -------------------------------------------------------------------------
    def _can_play(self) -> Session | None:
        s = self.session
        if s is None or self.generating or s.paused:
            return None
        return s

    def play(self, move: Move) -> bool:
        """Play a move on the session (the one way moves reach the game)."""
        s = self._can_play()
        if s is None:
            return False
        try:
            changed = s.play(move)
        except IllegalMoveError as err:
            text = str(err)
            self.say(text[0].upper() + text[1:] + ".", "warn")
            return False
        if changed:
            self._changed()
        return changed

    def _changed(self) -> None:
        self._flash.clear()
        self._dirty_all = True
        finish = self._save()
        s = self.session
        if finish is not None and s is not None:
            self.selected = None  # a clean look at the finished grid
            text = finish_message(finish, s.level, s.size)
            if finish.solved:
                self.say(text, "success")
                self._open(
                    MessageDialog(
                        "Solved!",
                        f"{text}\nHints used: {s.hints_used}.  Mistakes: {s.mistakes_made}.",
                        confirm=("New game", "new"),
                    )
                )
            else:
                self.say(text, "info", sticky=True)

    def enter(self, digit: int, *, note: bool = False) -> None:
        """Type a digit in the selected cell (a note in notes mode or when asked)."""
        s = self._can_play()
        if s is None:
            return
        if self.selected is None:
            self.say("Select a cell first.", "warn")
            return
        n = s.size
        r, c = divmod(self.selected, n)
        if note or self.notes_mode:
            self.play(ToggleNote(r, c, digit))
        elif s.state.entries[self.selected] == digit:
            self.play(Erase(r, c))  # typing the same digit again takes it back
        else:
            self.play(SetDigit(r, c, digit))

    def erase(self) -> None:
        s = self._can_play()
        if s is None or self.selected is None:
            return
        r, c = divmod(self.selected, s.size)
        self.play(Erase(r, c))

    def undo(self) -> None:
        s = self._can_play()
        if s is not None and s.undo():
            self._changed()

    def redo(self) -> None:
        s = self._can_play()
        if s is not None and s.redo():
            self._changed()

    def hint(self) -> None:
        s = self._can_play()
        if s is None:
            return
        before = s.position
        h = s.hint()
        if s.position != before:
            self._changed()
        else:
            self._save()  # the hint count
        shape = s.state.shape
        area = {c for u in h.units for c in shape.units[u]}
        self._flash = dict.fromkeys(area, self.theme.tint_hint_soft)
        self._flash.update(dict.fromkeys(h.cells, self.theme.tint_hint))
        if h.cells and h.kind == "mistake":
            self.selected = h.cells[0]
        if not s.finished:  # the last cell revealed: the "solved" message stands
            self.say(h.message, "info")

    def check(self) -> None:
        s = self._can_play()
        if s is None:
            return
        result = s.check()
        self._flash = dict.fromkeys(result.wrong, self.theme.tint_check)
        self.say(result.message, "warn" if result.wrong else "success")

    def toggle_pause(self) -> None:
        s = self.session
        if s is None or s.finished:
            return
        if s.paused:
            s.resume()
            self.say("Welcome back.")
        else:
            s.pause()
            self._save()
            self.say("Paused. Press P to go on.", sticky=True)
        self._auto_paused = False
        self._dirty_all = True

    def watch(self) -> None:
        """Watch the computer solve this puzzle in a window of its own; the game waits,
        paused, and comes back as it was."""
        s = self.session
        if s is None or self.generating:
            return
        from .watch import run_watch  # only when asked: the watch view is a window of its own

        size = self.screen.get_size()
        was_paused = s.paused
        if not was_paused:
            s.pause()
        self._save()
        try:
            run_watch(s.puzzle, ["propagation"])
        finally:
            # The watch window closes the display on its way out: open the game's again.
            pygame.display.init()
            pygame.display.set_caption("sudokit")
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.key.set_repeat(320, 40)
            self._resized()
            if not was_paused:
                s.resume()

    def cycle_checking(self) -> None:
        order = list(Checking)
        self.checking = order[(order.index(self.checking) + 1) % len(order)]
        if self.session is not None:
            self.session.checking = self.checking
        try:
            self.store.set_setting("checking", self.checking.value)
        except SaveFileError as err:
            log.warning("cannot save the setting: %s", err)
        explain = {
            Checking.OFF: "Errors are not shown; use Check when you want to know.",
            Checking.CONFLICTS: "Digits that break a rule are shown in red.",
            Checking.SOLUTION: "Every digit that differs from the solution is shown in red.",
        }
        self.say(explain[self.checking])

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
            self._dirty_board = True
            self._dirty_buttons.update(b.key for b in self.buttons if b.key.startswith("digit:"))

    # --- dialogs ----------------------------------------------------------------------------
    def _open(self, dialog: Dialog) -> None:
        self.dialog = dialog
        dialog.layout(self.screen.get_rect())
        self._backdrop = None
        self._pressed = None
        self._dirty_all = True

    def open_new_game(self) -> None:
        self._open(NewGameDialog(self.new_size, self.new_level))

    def open_custom(self) -> None:
        size = self.session.size if self.session is not None else 9
        self._open(CustomDialog(size, self.clipboard))

    def open_stats(self) -> None:
        self._save()
        self._open(StatsDialog(self.store.stats(), self.store.database))

    def open_help(self) -> None:
        self._open(HelpDialog())

    def _outcome(self, outcome: DialogResult) -> None:
        if outcome is None:
            self._dirty_all = True
            return
        self.dialog = None
        self._backdrop = None
        self._dirty_all = True
        match outcome:
            case StartNew(size, level):
                self.new_size, self.new_level = size, level
                try:
                    self.store.set_setting("size", str(size))
                    self.store.set_setting("level", level)
                except SaveFileError as err:
                    log.warning("cannot save the setting: %s", err)
                self.start_new(size, level, wait=0.3)
                if self.generating:
                    self.say(f"Making a {size}×{size} {label(level)} puzzle…", sticky=True)
            case StartCustom(puzzle, solution):
                self._install(Session(puzzle, solution, level=CUSTOM, clock=self.clock))
                self.say("Your puzzle is ready. Good luck!")
            case Confirmed("solve"):
                self.play(Solve())
            case Confirmed("new"):
                self.open_new_game()
            case Close():
                pass

    # --- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """React to one event."""
        t = event.type
        if t == pygame.QUIT:
            self.quit()
        elif t in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED):
            self._resized()
        elif t in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self._held.clear()  # their key-up events go to another window
            s = self.session
            if s is not None and not s.paused and not s.finished:
                s.pause()
                self._save()
                self._auto_paused = True
                self._dirty_all = True
        elif t in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED):
            if self._auto_paused and self.session is not None:
                self.session.resume()
                self._auto_paused = False
                self._dirty_all = True
        elif t in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self._dirty_all = True
        elif t == pygame.KEYDOWN:
            key = getattr(event, "key", 0)
            # Key repeat is for moving around; a held digit must not toggle on and off.
            if key in self._held and key not in _ARROWS:
                return
            self._held.add(key)
            self._key(event)
        elif t == pygame.KEYUP:
            self._held.discard(getattr(event, "key", 0))
        elif t == pygame.MOUSEMOTION:
            self._motion(_pos(event))
        elif t == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(_pos(event), getattr(event, "button", 1))
        elif t == pygame.MOUSEBUTTONUP:
            self._mouse_up(_pos(event), getattr(event, "button", 1))

    def _key(self, event: pygame.event.Event) -> None:
        key = getattr(event, "key", 0)
        mod = getattr(event, "mod", 0)
        if self.dialog is not None:
            event.key = key
            self._outcome(self.dialog.key(event))
            return
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mod & pygame.KMOD_SHIFT)
        if ctrl:
            if key == pygame.K_z:
                self.redo() if shift else self.undo()
            elif key == pygame.K_y:
                self.redo()
            elif key == pygame.K_n:
                self.open_new_game()
            elif key == pygame.K_o:
                self.open_custom()
            elif key == pygame.K_q:
                self.quit()
            elif self.session is not None and (d := key_digit(event, self.session.size)):
                self.enter(d, note=True)
            return
        if key == pygame.K_ESCAPE:
            if self.generating and self.session is not None:
                self.cancel_generation()
            else:
                self.select(None)
            return
        if key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
            self.open_help()
            return
        if key == pygame.K_p:
            self.toggle_pause()
            return
        if key == pygame.K_s:
            self.open_stats()
            return
        s = self.session
        if s is None or s.paused or self.generating:
            return
        if key in _ARROWS:
            self.move_selection(*_ARROWS[key])
        elif key == pygame.K_n:
            self.notes_mode = not self.notes_mode
            self._dirty_all = True
        elif key == pygame.K_h:
            self.hint()
        elif key == pygame.K_w:
            self.watch()
        elif key == pygame.K_m:
            self.play(ClearNotes() if shift else AutoNotes())
        elif key in _ERASE_KEYS:
            self.erase()
        elif (d := key_digit(event, s.size)) is not None:
            self.enter(d, note=shift)

    def _motion(self, pos: tuple[int, int]) -> None:
        b = button_at(self._active_buttons(), pos)
        key = b.key if b is not None else None
        if key != self._hover:
            if self.dialog is not None:
                self._dirty_all = True
            else:
                for k in (self._hover, key):
                    if k is not None:
                        self._dirty_buttons.add(k)
            self._hover = key
            _set_cursor(key is not None)

    def _mouse_down(self, pos: tuple[int, int], button: int) -> None:
        if button not in (1, 3):
            return
        b = button_at(self._active_buttons(), pos)
        if b is not None:
            self._pressed = b.key
            self._pressed_mouse = button
            self._dirty_buttons.add(b.key)
            if self.dialog is not None:
                self._dirty_all = True
            return
        if self.dialog is not None:
            self._outcome(self.dialog.mouse(pos, button))
            return
        s = self.session
        if s is None or self._geometry is None or self.generating:
            return
        cell = self._geometry.cell_at(pos)
        if cell is not None and not s.paused:
            self.select(cell)

    def _mouse_up(self, pos: tuple[int, int], button: int) -> None:
        pressed, self._pressed = self._pressed, None
        if pressed is None:
            return
        self._dirty_buttons.add(pressed)
        b = button_at(self._active_buttons(), pos)
        if b is None or b.key != pressed:
            if self.dialog is not None:
                self._dirty_all = True
            return
        if self.dialog is not None:
            self._outcome(self.dialog.click(pressed))
        else:
            self.activate(pressed, right=self._pressed_mouse == 3)

    def activate(self, key: str, *, right: bool = False) -> None:
        """Do what the main screen's button ``key`` does."""
        if key.startswith("digit:"):
            self.enter(int(key[6:]), note=right)
            return
        actions: dict[str, Callable[[], object]] = {
            "undo": self.undo,
            "redo": self.redo,
            "notes": self._toggle_notes,
            "auto": lambda: self.play(AutoNotes()),
            "hint": self.hint,
            "check": self.check,
            "erase": self.erase,
            "new": self.open_new_game,
            "restart": self._restart,
            "custom": self.open_custom,
            "solve": self._ask_solve,
            "stats": self.open_stats,
            "help": self.open_help,
            "checking": self.cycle_checking,
            "pause": self.toggle_pause,
            "resume": self.toggle_pause,
            "cancel-new": self.cancel_generation,
        }
        action = actions.get(key)
        if action is not None:
            action()

    def _toggle_notes(self) -> None:
        self.notes_mode = not self.notes_mode
        self._dirty_all = True

    def _restart(self) -> None:
        if self.play(Restart()):
            self.say("Back to the start. Undo brings your moves back.")

    def _ask_solve(self) -> None:
        if self._can_play() is None:
            return
        self._open(
            MessageDialog(
                "Show the solution?",
                "The whole solution is filled in and this game counts as played, not solved.",
                confirm=("Show solution", "solve"),
                cancel="Keep playing",
            )
        )

    def cancel_generation(self) -> None:
        if self._job is not None:
            self._job.cancelled = True
            self._job = None
            self.say("No new game then.")
            self._dirty_all = True

    def quit(self) -> None:
        if self.session is not None:
            self._save()
        self.running = False

    # --- the loop ------------------------------------------------------------------------------
    def tick(self) -> None:
        """Work not driven by events: a finished puzzle, the timer, old messages."""
        now = self.clock()
        if self._job is not None:
            self._poll_job()
            self._dirty_board = True  # the "making" animation
        s = self.session
        if s is not None:
            second = int(s.elapsed)
            if second != self._shown_second:
                self._shown_second = second
                self._dirty_header = True
            if not s.paused and not s.finished and now - self._last_save > 15:
                self._save()  # keep the time played safe
        if self._message_until is not None and now > self._message_until:
            self.message = ""
            self._message_until = None
            self._dirty_all = True

    def pump(self) -> bool:
        """One turn of the loop: handle queued events, tick, redraw what changed."""
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return False
        self.tick()
        self.present()
        return self.running

    def run(self) -> None:
        """Loop until the window is closed (the game is saved on the way out)."""
        try:
            while self.running:
                timeout = 60 if self._job is not None else 250
                event = pygame.event.wait(timeout)
                if event.type != pygame.NOEVENT:
                    self.handle(event)
                if self.running:
                    self.pump()
        finally:
            if self.session is not None:
                self._save()
            pygame.display.quit()

    def save_screenshot(self, path: str | Path) -> None:
        self._dirty_all = True
        self.present()
        pygame.image.save(self.screen, str(path))

    # --- drawing --------------------------------------------------------------------------------
    def _resized(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface
        self.layout = self._compute_layout()
        if self.dialog is not None:
            self.dialog.layout(self.screen.get_rect())
        self._backdrop = None
        self._dirty_all = True

    def _compute_layout(self) -> _Layout:
        w, h = self.screen.get_size()
        margin = max(12, min(28, min(w, h) // 30))
        header_h, status_h = (64, 40) if h >= 560 else (50, 34)
        top, bottom = header_h, h - status_h
        content_h = max(100, bottom - top - 8)
        wide = w >= h * 1.05
        if wide:
            panel_w = max(240, min(380, int(w * 0.30)))
            side = max(100, min(content_h, w - panel_w - 3 * margin))
            x0 = max(margin, (w - side - margin - panel_w) // 2)
            board_area = pygame.Rect(x0, top, side, side)
            panel = pygame.Rect(board_area.right + margin, top, panel_w, side)
            header = pygame.Rect(x0, 0, panel.right - x0, header_h)
        else:
            # Tall window: the board on top, the controls in rows under it.
            n = self.session.size if self.session is not None else self.new_size
            pad_rows = 1 if n <= 9 else 2
            panel_h = (pad_rows + 2) * _ROW_H + (pad_rows + 1) * 8 + 8
            side = max(100, min(w - 2 * margin, content_h - panel_h - margin))
            panel_w = max(side, min(w - 2 * margin, 640))
            board_area = pygame.Rect((w - side) // 2, top, side, side)
            panel = pygame.Rect((w - panel_w) // 2, board_area.bottom + margin, panel_w, panel_h)
            header = pygame.Rect(panel.x, 0, panel.w, header_h)
        status = pygame.Rect(header.x, h - status_h, header.w, status_h)
        layout = _Layout(header, board_area, panel, status, wide)
        self._build_buttons(layout)
        n = self.session.size if self.session is not None else self.new_size
        self._geometry = fit_board(board_area, Shape.of(n))  # hit tests before any drawing
        return layout

    def _build_buttons(self, layout: _Layout) -> None:
        n = self.session.size if self.session is not None else self.new_size
        shape = Shape.of(n)
        tools = [Button(k, t) for k, t in _TOOLS]
        pad = [Button(f"digit:{d}", shape.symbols[d - 1], "digit") for d in range(1, n + 1)]
        erase = Button("erase", "Erase")
        actions = [Button(k, t, "primary" if k == "new" else "normal") for k, t in _ACTIONS]
        p = layout.panel
        gap = 10
        if layout.wide:
            pad_cols = shape.box_cols if n != 6 else 3
            pad_rows = -(-n // pad_cols)
            # Natural sizes, scaled together with the panel's height (the board's).
            pad_w = (p.w - 8 * (pad_cols - 1)) / pad_cols
            natural = 5 * 42 + 36 + 2 * 18 + 8 + 3 * gap + pad_rows * 60
            k = max(0.6, min(1.3, p.h / natural))
            tool_h = action_h = round(42 * k)
            erase_h, section, gap = round(36 * k), round(18 * k), max(4, round(gap * k))
            # The number pad takes what the fixed rows leave, keys no taller than wide.
            fixed = 2 * tool_h + gap + section + 8 + erase_h + section + 3 * action_h + 2 * gap
            row = min(pad_w * 0.9, (p.h - fixed - 8 * (pad_rows - 1)) / pad_rows)
            pad_h = round(max(24, row) * pad_rows + 8 * (pad_rows - 1))
            y = p.y
            area = pygame.Rect(p.x, y, p.w, 2 * tool_h + gap)
            for b, r in zip(tools, grid_layout(area, 6, 3, gap), strict=True):
                b.rect = r
            y += 2 * tool_h + gap + section
            pad_area = pygame.Rect(p.x, y, p.w, pad_h)
            for b, r in zip(pad, grid_layout(pad_area, n, pad_cols, 8), strict=True):
                b.rect = r
            y += pad_h + 8
            erase.rect = pygame.Rect(p.x, y, p.w, erase_h)
            # The game actions sit at the bottom, level with the board's lower edge.
            y = max(y + erase_h + section, p.bottom - (3 * action_h + 2 * gap))
            area = pygame.Rect(p.x, y, p.w, 3 * action_h + 2 * gap)
            for b, r in zip(actions, grid_layout(area, 6, 2, gap), strict=True):
                b.rect = r
        else:
            row_h, small = _ROW_H, 8
            per_row = n if n <= 9 else -(-n // 2)
            rows = -(-n // per_row)
            erase_w = 96
            pad_area = pygame.Rect(p.x, p.y, p.w - erase_w - small, rows * row_h + (rows - 1) * 6)
            for b, r in zip(pad, grid_layout(pad_area, n, per_row, 6), strict=True):
                b.rect = r
            erase.rect = pygame.Rect(pad_area.right + small, p.y, erase_w, row_h)
            y = pad_area.bottom + small + 8
            half = (p.w - 16) // 2
            left = pygame.Rect(p.x, y, half, 2 * row_h + small)
            right = pygame.Rect(p.right - half, y, half, 2 * row_h + small)
            for b, r in zip(tools, grid_layout(left, 6, 3, small), strict=True):
                b.rect = r
            for b, r in zip(actions, grid_layout(right, 6, 3, small), strict=True):
                b.rect = r
        header = layout.header
        cy = header.centery
        pause = Button("pause", "", "ghost", pygame.Rect(header.right - 40, cy - 18, 40, 36))
        checking = Button("checking", "", "ghost")
        # The header holds, from the left, the mark, the name (when there is room) and
        # the size/level chip; from the right, pause, timer, mistakes and the errors
        # setting, which moves to the status line when the window is too narrow.
        self._show_name = header.w >= 700
        left_end = header.x + 26 + (120 if self._show_name else 0) + 16 + 150
        check_w = 168
        check_x = pause.rect.x - 100 - 110 - check_w
        if check_x >= left_end + 8:
            checking.rect = pygame.Rect(check_x, cy - 16, check_w, 32)
        else:
            st = layout.status
            checking.rect = pygame.Rect(st.right - 96 - check_w, st.centery - 13, check_w, 30)
        self.buttons = [*tools, *pad, erase, *actions, pause, checking]
        self._overlay_buttons = [
            Button("resume", "Resume", "primary"),
            Button("cancel-new", "Cancel"),
        ]
        card = self._overlay_card(layout.board_area)
        for b in self._overlay_buttons:
            b.rect = pygame.Rect(0, 0, 150, 42)
            b.rect.midbottom = (card.centerx, card.bottom - 20)

    def _overlay_card(self, area: pygame.Rect) -> pygame.Rect:
        card = pygame.Rect(0, 0, min(380, area.w - 20), min(170, area.h - 20))
        card.center = area.center
        return card

    def _active_buttons(self) -> list[Button]:
        if self.dialog is not None:
            return self.dialog.buttons
        s = self.session
        out = []
        for b in self.buttons:
            b.enabled = self._enabled(b.key)
            out.append(b)
        if s is not None and s.paused and not s.finished and not self.generating:
            out.append(self._overlay_buttons[0])
        if self.generating and self.session is not None:
            out.append(self._overlay_buttons[1])
        return out

    def _enabled(self, key: str) -> bool:
        s = self.session
        if s is None or self.generating:
            return key in ("help", "stats", "new", "custom", "checking")
        if s.paused:
            return key in ("pause", "new", "custom", "stats", "help", "checking")
        if s.finished:
            return key in ("new", "custom", "stats", "help", "checking")
        if key == "undo":
            return s.can_undo
        if key == "redo":
            return s.can_redo
        if key == "pause":
            return True
        return True

    def present(self) -> None:
        """Redraw what changed and show it."""
        if self.dialog is not None:
            if self._dirty_all or self._dirty_buttons or self._dirty_board or self._dirty_header:
                if self._backdrop is None:
                    self._draw_main()
                    dim = pygame.Surface(self.screen.get_size(), pygame.SRCALPHA)
                    dim.fill((15, 23, 42, 110))
                    self.screen.blit(dim, (0, 0))
                    self._backdrop = self.screen.copy()
                else:
                    self.screen.blit(self._backdrop, (0, 0))
                self.dialog.draw(self.screen, self.theme, self._hover, self._pressed)
                pygame.display.flip()
            self._clean()
            return
        if self._dirty_all:
            self._draw_main()
            pygame.display.flip()
            self._clean()
            return
        rects: list[pygame.Rect] = []
        if self._dirty_board:
            self._draw_board_area()
            rects.append(self.layout.board_area.inflate(8, 8))
        if self._dirty_header:
            self._draw_header()
            rects.append(self.layout.header)
        for b in self._active_buttons():
            if b.key in self._dirty_buttons:
                self._draw_one_button(b)
                rects.append(b.rect.inflate(4, 4))
        if rects:
            pygame.display.update(rects)
        self._clean()

    def _clean(self) -> None:
        self._dirty_all = self._dirty_board = self._dirty_header = False
        self._dirty_buttons.clear()

    def _draw_main(self) -> None:
        self.screen.fill(self.theme.background)
        self._draw_header()
        self._draw_board_area()
        self._draw_panel()
        self._draw_status()

    def _draw_one_button(self, b: Button) -> None:
        if b.key in ("resume", "cancel-new"):
            self._draw_board_area()
            return
        pygame.draw.rect(self.screen, self.theme.background, b.rect.inflate(4, 4))
        self._decorate(b)
        draw_button(
            self.screen, b, self.theme, hover=b.key == self._hover, pressed=b.key == self._pressed
        )
        if b.key == "pause":
            self._draw_pause_icon(b)

    def _decorate(self, b: Button) -> None:
        """Bring a button's label and state up to date with the session."""
        s = self.session
        b.enabled = self._enabled(b.key)
        if b.key == "notes":
            b.label = "Notes: on" if self.notes_mode else "Notes: off"
            b.active = self.notes_mode
        elif b.key == "checking":
            b.label = _CHECKING_LABELS[self.checking]
        elif b.key.startswith("digit:") and s is not None:
            d = int(b.key[6:])
            left = s.remaining().get(d, 0)
            b.sub = f"{left} left" if left else "done"
            b.dim = left == 0
            selected_digit = s.state.digit(self.selected) if self.selected is not None else 0
            b.active = d == selected_digit and not s.paused

    def _draw_header(self) -> None:
        t, scr, hd = self.theme, self.screen, self.layout.header
        pygame.draw.rect(scr, t.background, hd)
        # The mark: a small 3×3 grid, then the name.
        mark = pygame.Rect(hd.x, hd.centery - 13, 26, 26)
        pygame.draw.rect(scr, t.accent, mark, border_radius=7)
        for i in (1, 2):
            x = mark.x + i * mark.w // 3
            y = mark.y + i * mark.h // 3
            pygame.draw.line(scr, t.accent_text, (x, mark.y + 5), (x, mark.bottom - 6), 2)
            pygame.draw.line(scr, t.accent_text, (mark.x + 5, y), (mark.right - 6, y), 2)
        name = mark
        if self._show_name:
            name = blit_text(
                scr, "sudokit", 24, t.text, midleft=(mark.right + 10, hd.centery), bold=True
            )
        s = self.session
        if s is not None:
            text = f"{s.size}×{s.size} · {label(s.level)}"
            chip_w = 24 + self._text_width(text, 15)
            chip = pygame.Rect(name.right + 16, hd.centery - 14, chip_w, 28)
            pygame.draw.rect(scr, t.chip, chip, border_radius=14)
            blit_text(scr, text, 15, t.accent_dark, center=chip.center, bold=True)
        for b in self.buttons:
            if b.key == "pause" or (b.key == "checking" and hd.colliderect(b.rect)):
                self._decorate(b)
                draw_button(scr, b, t, hover=b.key == self._hover, pressed=b.key == self._pressed)
                if b.key == "pause":
                    self._draw_pause_icon(b)
        if s is not None:
            pause = next(b for b in self.buttons if b.key == "pause")
            color = t.muted if s.paused else t.text
            timer = blit_text(
                scr,
                format_time(s.elapsed),
                24,
                color,
                midright=(pause.rect.x - 6, hd.centery),
                bold=True,
            )
            if self.checking is Checking.SOLUTION:
                blit_text(
                    scr,
                    f"Mistakes {s.mistakes_made}",
                    15,
                    t.error if s.mistakes_made else t.muted,
                    midright=(timer.x - 14, hd.centery + 1),
                )

    def _text_width(self, text: str, size: int) -> int:
        from .theme import fonts

        return fonts().size(text, size, True)[0]

    def _draw_pause_icon(self, b: Button) -> None:
        s = self.session
        color = self.theme.text if b.enabled else self.theme.button_disabled_text
        cx, cy = b.rect.center
        if s is not None and s.paused and not s.finished:
            pygame.draw.polygon(
                self.screen, color, [(cx - 5, cy - 8), (cx - 5, cy + 8), (cx + 8, cy)]
            )
        else:
            pygame.draw.rect(self.screen, color, (cx - 7, cy - 8, 5, 16), border_radius=1)
            pygame.draw.rect(self.screen, color, (cx + 2, cy - 8, 5, 16), border_radius=1)

    def _board_view(self, s: Session) -> BoardView:
        state = s.state
        hidden = s.paused and not s.finished
        return BoardView(
            state.shape,
            state.board.cells,
            givens=frozenset(c for c, v in enumerate(state.puzzle.cells) if v),
            notes=state.notes,
            selected=None if hidden else self.selected,
            conflicts=s.marked_conflicts(),
            mistakes=s.marked_mistakes(),
            revealed=state.revealed,
            tints=self._flash,
            hidden=hidden,
            outline_selected=self.notes_mode,
        )

    def _draw_board_area(self) -> None:
        t, scr = self.theme, self.screen
        area = self.layout.board_area
        pygame.draw.rect(scr, t.background, area.inflate(8, 8))
        s = self.session
        if s is None:
            shape = Shape.of(self._job.size if self._job is not None else self.new_size)
            view = BoardView(shape, [0] * shape.ncells, hidden=True)
        else:
            view = self._board_view(s)
        self._geometry = draw_board(scr, area, view, t)
        if self.generating:
            job = self._job
            assert job is not None
            veil = pygame.Surface(area.size, pygame.SRCALPHA)
            veil.fill((*t.background, 190))
            scr.blit(veil, area.topleft)
            card = self._overlay_card(area)
            draw_card(scr, card, t)
            dots = "." * (1 + int((self.clock() - job.started) * 3) % 3)
            text = f"Making a {job.size}×{job.size} {label(job.level)} puzzle{dots}"
            blit_text(
                scr,
                fit_text(text, 18, card.w - 30),
                18,
                t.text,
                midleft=(card.x + 24, card.y + 40),
                bold=True,
            )
            blit_text(
                scr,
                "A few seconds at most; Esc cancels.",
                15,
                t.muted,
                midleft=(card.x + 24, card.y + 70),
            )
            if self.session is not None:
                b = self._overlay_buttons[1]
                draw_button(scr, b, t, hover=self._hover == b.key, pressed=self._pressed == b.key)
        elif s is not None and s.paused and not s.finished:
            card = self._overlay_card(area)
            draw_card(scr, card, t)
            blit_text(scr, "Paused", 26, t.text, center=(card.centerx, card.y + 42), bold=True)
            blit_text(
                scr,
                f"{format_time(s.elapsed)} played · press P to go on",
                15,
                t.muted,
                center=(card.centerx, card.y + 76),
            )
            b = self._overlay_buttons[0]
            draw_button(scr, b, t, hover=self._hover == b.key, pressed=self._pressed == b.key)

    def _draw_panel(self) -> None:
        for b in self.buttons:
            if b.key in ("pause", "checking"):
                continue
            self._decorate(b)
            draw_button(
                self.screen,
                b,
                self.theme,
                hover=b.key == self._hover,
                pressed=b.key == self._pressed,
            )

    def _draw_status(self) -> None:
        t, scr, st = self.theme, self.screen, self.layout.status
        pygame.draw.rect(scr, t.background, st)
        pygame.draw.line(scr, t.line_thin, (st.x, st.y + 2), (st.right, st.y + 2))
        right = blit_text(scr, "? shortcuts", 14, t.faint, midright=(st.right, st.centery + 2))
        checking = next(b for b in self.buttons if b.key == "checking")
        if st.colliderect(checking.rect):
            self._decorate(checking)
            hover = self._hover == "checking"
            draw_button(scr, checking, t, hover=hover, pressed=self._pressed == "checking")
            right = checking.rect
        colors = {"error": t.error, "warn": t.text, "success": t.success, "info": t.text}
        if self.message:
            text = fit_text(self.message, 16, right.x - st.x - 20)
            blit_text(
                scr, text, 16, colors.get(self.message_kind, t.text), midleft=(st.x, st.centery + 2)
            )
        elif self.notes_mode:
            blit_text(
                scr,
                "Notes mode: digits go in as notes (N to switch).",
                16,
                t.muted,
                midleft=(st.x, st.centery + 2),
            )


def _pos(event: pygame.event.Event) -> tuple[int, int]:
    pos = getattr(event, "pos", (0, 0))
    try:
        return int(pos[0]), int(pos[1])
    except (TypeError, ValueError, IndexError):
        return (0, 0)


def _set_cursor(hand: bool) -> None:
    with contextlib.suppress(pygame.error, AttributeError):
        pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if hand else pygame.SYSTEM_CURSOR_ARROW)


def _read_clipboard() -> str | None:
    """The clipboard's text (pygame-ce's clipboard API), or None when there is none."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        return None
    return text or None


def _setting_checking(store: Store) -> Checking:
    try:
        return Checking(store.get_setting("checking", Checking.CONFLICTS.value))
    except ValueError:
        return Checking.CONFLICTS


def _int_setting(store: Store, key: str, default: int, allowed: tuple[int, ...]) -> int:
    try:
        value = int(store.get_setting(key, str(default)))
    except ValueError:
        return default
    return value if value in allowed else default


def _icon(theme: Theme) -> pygame.Surface:
    icon = pygame.Surface((32, 32), pygame.SRCALPHA)
    pygame.draw.rect(icon, theme.accent, (0, 0, 32, 32), border_radius=8)
    for i in (1, 2):
        pygame.draw.line(icon, theme.accent_text, (i * 32 // 3, 6), (i * 32 // 3, 25), 2)
        pygame.draw.line(icon, theme.accent_text, (6, i * 32 // 3), (25, i * 32 // 3), 2)
    return icon
