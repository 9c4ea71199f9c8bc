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
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from ..files import write_bytes
from ..game import Store
from ..grid import Grid
from .controller import Controller, MakePuzzle, default_make_puzzle
from .dialog_view import draw_dialog
from .interpret import Expose, Focus, InputEvent, Key, KeyUp, Motion, Press, Quit, Release, Resize
from .layout import Rect
from .theme import LIGHT, Theme
from .view import draw_board_area, draw_header, draw_main, draw_one_button

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
    pygame.K_TAB: "tab",
    pygame.K_SLASH: "slash",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_F1: "f1",
}
_RESIZE = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED)


def to_input(event: pygame.event.Event, size: tuple[int, int]) -> InputEvent | None:
    """The input record for a pygame event (None: one the game ignores).

    ``size``: the window's size now (resize events are read from the surface, which
    is the truth when several arrive at once).
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
        return Motion(_pos(event))
    if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        button = int(getattr(event, "button", 1))
        kind = Press if t == pygame.MOUSEBUTTONDOWN else Release
        return kind(_pos(event), button)
    return None


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
        resume: bool = True,
        window: tuple[int, int] = (1100, 740),
        clock: Callable[[], float] = time.monotonic,
        make_puzzle: MakePuzzle = default_make_puzzle,
        clipboard: Callable[[], str | None] | None = None,
        theme: Theme = LIGHT,
    ) -> None:
        self.theme = theme
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("sudokit")
        with contextlib.suppress(pygame.error):
            pygame.display.set_icon(_icon(theme))
        self.screen = pygame.display.set_mode(window, pygame.RESIZABLE)
        pygame.key.set_repeat(320, 40)
        self._backdrop: pygame.Surface | None = None
        self._backdrop_for = -1
        self._cursor_hand = False
        self.controller = Controller(
            store,
            puzzle=puzzle,
            size=size,
            level=level,
            seed=seed,
            resume=resume,
            window=self.screen.get_size(),
            clock=clock,
            make_puzzle=make_puzzle,
            clipboard=clipboard or _read_clipboard,
            watcher=self._watch,
            copy=_write_clipboard,
        )

    # --- the loop ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """React to one pygame event."""
        if event.type in _RESIZE:
            surface = pygame.display.get_surface()
            if surface is not None:
                self.screen = surface
            self._backdrop = None
        record = to_input(event, self.screen.get_size())
        if record is not None:
            self.controller.handle(record)
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
        self.present()
        return c.running

    def run(self) -> None:
        """Loop until the window is closed (the game is saved on the way out)."""
        c = self.controller
        try:
            while c.running:
                timeout = 60 if c.generating else 250
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
                if self._backdrop is None or self._backdrop_for != c.dialog_serial:
                    draw_main(scr, c, t)
                    dim = pygame.Surface(scr.get_size(), pygame.SRCALPHA)
                    dim.fill((15, 23, 42, 110))
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

    # --- the watch window -------------------------------------------------------------------
    def _watch(self, puzzle: Grid) -> None:
        """Show the watch window on ``puzzle``, then open the game's window again."""
        from .watch import run_watch  # only when asked: the watch view is a window of its own

        size = self.screen.get_size()
        try:
            run_watch(puzzle, ["propagation"])
        finally:
            # The watch window closes the display on its way out: open the game's again.
            pygame.display.init()
            pygame.display.set_caption("sudokit")
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.key.set_repeat(320, 40)
            self._backdrop = None
            self.controller.resize(self.screen.get_size())


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
