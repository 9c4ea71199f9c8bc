"""The desktop game's window: pygame events in, frames out.

DESIGN rule 5, the GUI pulls. The window turns each pygame event into a plain input
record (:mod:`sudokit.gui.interpret`) for the :class:`~sudokit.gui.controller.Controller`,
which owns the game and the UI state; then it draws what the controller marks as changed
(:mod:`sudokit.gui.view`): the timer alone repaints the header, hovering repaints one
button, a move repaints the screen.

Tests drive :class:`App` headless: post events with ``pygame.event.post`` and call
:meth:`App.pump` (one turn of the loop). Tests of the game's actions need no window:
they drive the controller.
"""

from __future__ import annotations

import contextlib
import io
import os
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from ..files import write_bytes
from ..game import Store
from ..grid import Grid
from .controller import Controller
from .dialog_view import draw_dialog
from .interpret import Expose, Focus, InputEvent, Key, KeyUp, Motion, Press, Quit, Release, Resize
from .layout import Rect, natural_window
from .making import MakePuzzle
from .settings import resolve_theme, system_prefers_dark
from .theme import THEMES, Theme
from .view import draw_board_area, draw_header, draw_main, draw_one_button, draw_status

#: pygame key codes → the names :class:`~sudokit.gui.interpret.Key` uses.
KEY_NAMES: dict[int, str] = {
    **{pygame.K_0 + i: str(i) for i in range(10)},
    **{pygame.K_a + i: chr(ord("a") + i) for i in range(26)},
    **{getattr(pygame, f"K_KP{i}"): f"kp{i}" for i in range(10)},
    pygame.K_KP_PERIOD: "kp.",
    pygame.K_KP_ENTER: "kp-enter",
    pygame.K_RETURN: "return",
    pygame.K_ESCAPE: "escape",
    pygame.K_BACKSPACE: "backspace",
    pygame.K_DELETE: "delete",
    pygame.K_SPACE: "space",
    pygame.K_PERIOD: "period",
    pygame.K_COMMA: "comma",
    pygame.K_TAB: "tab",
    pygame.K_SLASH: "slash",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_F1: "f1",
    pygame.K_F11: "f11",
}
_RESIZE = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED)


def to_input(
    event: pygame.event.Event, size: tuple[int, int], ratio: float = 1.0
) -> InputEvent | None:
    """The input record for a pygame event (None: one the game ignores).

    ``size``: the window's size now (resize events are read from the surface, which
    is the truth when several arrive at once); ``ratio``: drawing pixels per pointer
    unit (above 1 where the system reports the mouse in points, as macOS does).
    """
    t = event.type
    if t == pygame.QUIT:
        return Quit()
    if t in _RESIZE:
        return Resize(size)
    if t in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
        return Focus(False)
    if t in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED):
        return Focus(True)
    if t in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
        return Expose()
    if t in (pygame.KEYDOWN, pygame.KEYUP):
        code = getattr(event, "key", 0)
        name = KEY_NAMES.get(code, f"key{code}")
        if t == pygame.KEYUP:
            return KeyUp(name)
        mod = getattr(event, "mod", 0)
        return Key(
            name,
            ctrl=bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META)),
            shift=bool(mod & pygame.KMOD_SHIFT),
            text=str(getattr(event, "unicode", "") or ""),
        )
    if t == pygame.MOUSEMOTION:
        return Motion(_pos(event, ratio))
    if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        button = int(getattr(event, "button", 1))
        kind = Press if t == pygame.MOUSEBUTTONDOWN else Release
        return kind(_pos(event, ratio), button)
    return None


def display_scale() -> float:
    """Display pixels per interface pixel: ``SUDOKIT_SCALE`` if set, else the factor the
    desktop gave its toolkits (``GDK_SCALE``, ``QT_SCALE_FACTOR``), else guessed from the
    desktop's height (a 4K screen is most often used at 200 %, 1440 lines at 125 %), in
    steps of a quarter."""
    forced = os.environ.get("SUDOKIT_SCALE", "")
    with contextlib.suppress(ValueError):
        if forced:
            return max(0.5, min(4.0, float(forced)))
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return 1.0  # drawing off-screen: no display to measure
    for name in ("GDK_SCALE", "QT_SCALE_FACTOR"):  # what the desktop told its toolkits
        with contextlib.suppress(ValueError):
            factor = float(os.environ.get(name, "") or "nan")
            if 0.5 <= factor <= 4.0:
                return factor
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return 1.0
    if not sizes:
        return 1.0
    height = sizes[0][1]
    if height < 1400:
        return 1.0
    return max(1.0, min(3.0, round(height / 1080 * 4) / 4))


def default_window(n: int, scale: float) -> tuple[int, int]:
    """The window a game of size ``n`` opens in: its natural size at the display's scale,
    shrunk to fit the desktop."""
    w, h = natural_window(n)
    w, h = round(w * scale), round(h * scale)
    with contextlib.suppress(pygame.error, IndexError):
        dw, dh = pygame.display.get_desktop_sizes()[0]
        if os.environ.get("SDL_VIDEODRIVER") != "dummy" and dw > 0 and dh > 0:
            # Room for the title bar and the task bar.
            fit = min(1.0, dw * 0.94 / w, (dh - 90) / h)
            w, h = round(w * fit), round(h * fit)
    return w, h


class App:
    """The game window. Create it after choosing a :class:`Store`; :meth:`run` loops.

    The game itself is :attr:`controller`; the keywords are the controller's.
    """

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
        window: tuple[int, int] | None = None,
        clock: Callable[[], float] = time.monotonic,
        make_puzzle: MakePuzzle | None = None,
        clipboard: Callable[[], str | None] | None = None,
        scale: float | None = None,
        system_dark: bool | None = None,
        detect_system: bool = True,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("sudokit")
        #: Display pixels per interface pixel, measured (or given).
        self.display_scale = display_scale() if scale is None else scale
        #: Whether the desktop asks for dark windows (None: cannot tell).
        self.system_dark = system_prefers_dark() if detect_system else system_dark
        with contextlib.suppress(pygame.error):
            pygame.display.set_icon(_icon(THEMES["light"]))
        n = size or (puzzle.size if puzzle is not None else 9)
        chosen = window is None  # here, for a board of size n
        if window is None:
            window = default_window(n, self.display_scale)
        self.screen = pygame.display.set_mode(window, pygame.RESIZABLE)
        pygame.key.set_repeat(320, 40)
        self._backdrop: pygame.Surface | None = None
        self._backdrop_for = -1
        #: Full screen (F11), and the window's size to go back to.
        self.fullscreen = False
        self._windowed = window
        self._cursor_hand = False
        self.controller = Controller(
            store,
            puzzle=puzzle,
            size=size,
            level=level,
            seed=seed,
            rules=rules,
            resume=resume,
            window=self.screen.get_size(),
            clock=clock,
            make_puzzle=make_puzzle,
            clipboard=clipboard or _read_clipboard,
            watcher=self._watch,
            copy=_write_clipboard,
            display_scale=self.display_scale,
        )
        if chosen and self.controller.size != n:
            # The game resumed (or the size in the settings) is not the one the window
            # was chosen for: a 16×16 game gets its bigger window, as from New game.
            self.controller.fit_window(self.controller.size)
            self._take_window_request()

    @property
    def theme(self) -> Theme:
        """The colours now: the setting, or the desktop's choice."""
        return THEMES[resolve_theme(self.controller.settings.theme, self.system_dark)]

    def _ratio(self) -> float:
        """Drawing pixels per pointer unit (1 unless the system scales the window)."""
        try:
            w = pygame.display.get_window_size()[0]
        except (pygame.error, AttributeError):
            return 1.0
        return self.screen.get_width() / w if w > 0 else 1.0

    # --- the loop ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """React to one pygame event."""
        if event.type in _RESIZE:
            surface = pygame.display.get_surface()
            if surface is not None:
                self.screen = surface
            self._backdrop = None
        record = to_input(event, self.screen.get_size(), self._ratio())
        if record is not None:
            self.controller.handle(record)
        self._take_window_request()
        self._take_fullscreen_request()
        hand = self.controller.hover is not None
        if hand != self._cursor_hand:
            self._cursor_hand = hand
            _set_cursor(hand)

    def pump(self) -> bool:
        """One turn of the loop: handle queued events, tick, redraw what changed."""
        c = self.controller
        for event in pygame.event.get():
            self.handle(event)
            if not c.running:
                return False
        c.tick()
        self._take_window_request()  # a game made in the background may need more room
        self.present()
        return c.running

    def run(self) -> None:
        """Loop until the window is closed (the game is saved on the way out)."""
        c = self.controller
        try:
            while c.running:
                timeout = 60 if c.generating or c.thinking else 250
                if c.celebrating:
                    timeout = 16  # the solved board's wave: every frame
                event = pygame.event.wait(timeout)
                if event.type != pygame.NOEVENT:
                    self.handle(event)
                if c.running:
                    self.pump()
        finally:
            c.save()
            pygame.display.quit()

    # --- drawing ----------------------------------------------------------------------------
    def present(self) -> None:
        """Redraw what changed and show it."""
        c, scr, t = self.controller, self.screen, self.theme
        dirty = c.dirty
        if c.dialog is not None:
            if dirty.any:
                stale = self._backdrop_for != c.dialog_serial or dirty.backdrop
                if self._backdrop is None or stale:
                    draw_main(scr, c, t)
                    dim = pygame.Surface(scr.get_size(), pygame.SRCALPHA)
                    dim.fill(t.dim)
                    scr.blit(dim, (0, 0))
                    self._backdrop = scr.copy()
                    self._backdrop_for = c.dialog_serial
                else:
                    scr.blit(self._backdrop, (0, 0))
                draw_dialog(scr, c.dialog, t, c.hover, c.pressed)
                pygame.display.flip()
            dirty.clear()
            return
        self._backdrop = None
        if dirty.all:
            draw_main(scr, c, t)
            pygame.display.flip()
            dirty.clear()
            return
        rects: list[Rect] = []
        if dirty.board:
            draw_board_area(scr, c, t)
            rects.append(c.layout.board_area.inflate(8, 8))
            if c.session is not None and c.session.rules.cages:
                draw_status(scr, c, t)  # the cage helper follows the selection and board
                rects.append(c.layout.status)
        if dirty.header:
            draw_header(scr, c, t)
            rects.append(c.layout.header)
        for b in c.active_buttons():
            if b.key in dirty.buttons:
                draw_one_button(scr, c, b, t)
                rects.append(b.rect.inflate(4, 4))
        if rects:
            pygame.display.update(rects)
        dirty.clear()

    def save_screenshot(self, path: str | Path) -> None:
        self.controller.dirty.all = True
        self.present()
        picture = io.BytesIO()  # pygame would print each failed write: fail once, below
        pygame.image.save(self.screen, picture, "png")
        write_bytes(path, picture.getvalue())  # whole or not at all

    def _take_window_request(self) -> None:
        wanted, self.controller.window_request = self.controller.window_request, None
        if wanted is not None:
            self._set_window(wanted)

    def _take_fullscreen_request(self) -> None:
        """F11: full screen at the desktop's size, or back to the window it was. With
        set_mode, as toggle_fullscreen is missing on some drivers (the dummy one)."""
        c = self.controller
        if not c.fullscreen_request:
            return
        c.fullscreen_request = False
        try:
            if self.fullscreen:
                self.screen = pygame.display.set_mode(self._windowed, pygame.RESIZABLE)
            else:
                self._windowed = self.screen.get_size()
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            self.fullscreen = not self.fullscreen
        except pygame.error as err:
            c.say(f"Full screen is not available here ({err}).", "warn")
        self._backdrop = None
        c.resize(self.screen.get_size())

    def _set_window(self, size: tuple[int, int]) -> None:
        """Resize the window (to suit a new interface size or board), within the desktop;
        a window already bigger than the desktop allows (maximised) is not shrunk by that."""
        now = self.screen.get_size()
        with contextlib.suppress(pygame.error, IndexError):
            dw, dh = pygame.display.get_desktop_sizes()[0]
            if os.environ.get("SDL_VIDEODRIVER") != "dummy" and dw > 0 and dh > 0:
                size = (
                    min(size[0], max(round(dw * 0.94), now[0])),
                    min(size[1], max(dh - 90, now[1])),
                )
        if size == now:
            return
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._backdrop = None
        self.controller.resize(self.screen.get_size())

    # --- the watch window -------------------------------------------------------------------
    def _watch(self, puzzle: Grid) -> None:
        """Show the watch view on ``puzzle`` in this window, then the game again.

        The window stays open throughout: closing it and opening another lost the keys
        typed in between (a Ctrl+Q left the process running, its window gone from sight
        and its game held), so the watch borrows it and gives it back. A quit asked in
        the watch (Ctrl+Q, a logout, a signal) ends the game too.
        """
        from .watch import run_watch  # only when asked: the watch view is a window of its own

        size = self.screen.get_size()
        quit_asked = False
        try:
            quit_asked = run_watch(
                puzzle, ["propagation"], keep_display=True, theme=self.theme.name
            )
        finally:
            pygame.display.set_caption("sudokit")
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.key.set_repeat(320, 40)
            self._backdrop = None
            self.controller.resize(self.screen.get_size())
        if quit_asked:
            self.controller.quit()


def _pos(event: pygame.event.Event, ratio: float = 1.0) -> tuple[int, int]:
    pos = getattr(event, "pos", (0, 0))
    try:
        return round(float(pos[0]) * ratio), round(float(pos[1]) * ratio)
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


def _write_clipboard(text: str) -> None:
    """Put ``text`` on the clipboard (pygame-ce's clipboard API)."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError) as err:
        raise OSError(f"the clipboard cannot be written here ({err})") from None


def _icon(theme: Theme) -> pygame.Surface:
    icon = pygame.Surface((32, 32), pygame.SRCALPHA)
    pygame.draw.rect(icon, theme.accent, (0, 0, 32, 32), border_radius=8)
    for i in (1, 2):
        pygame.draw.line(icon, theme.accent_text, (i * 32 // 3, 6), (i * 32 // 3, 25), 2)
        pygame.draw.line(icon, theme.accent_text, (6, i * 32 // 3), (25, i * 32 // 3), 2)
    return icon
