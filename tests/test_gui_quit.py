"""Quitting always ends the game: its loop returns and its saved game is let go, also
when the quit comes while the watch view is open or as it closes."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["SUDOKIT_THEME"] = "light"

from collections.abc import Callable

import pygame
import pytest

# _home: the fixture that keeps saves in a temporary folder.
from gui_support import PUZZLE, _home  # noqa: F401
from sudokit import gui
from sudokit.game import Store
from sudokit.gui.controller import Controller

#: Turns of the game's loop a test allows before calling it stuck (each waits for an
#: event at most a quarter of a second).
TURNS = 24


def _key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def _play(
    monkeypatch: pytest.MonkeyPatch,
    in_watch: Callable[[], None],
    after_watch: Callable[[], None] = lambda: None,
) -> list[str]:
    """Run the game as ``sudokit play`` does; on its first turn W opens the watch, where
    ``in_watch`` posts events; ``after_watch`` posts events as the watch closes (after its
    last frame, before the game has its window back). Returns what happened."""
    import sudokit.gui.watch as watch_view

    seen: list[str] = []
    real_watch = watch_view.run_watch
    real_frame = watch_view.WatchScreen.frame
    turns = [0]
    real_tick = Controller.tick

    def tick(self: Controller) -> None:
        turns[0] += 1
        if turns[0] == 1:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0))
        assert turns[0] < TURNS, "the game went on after it was asked to quit"
        real_tick(self)

    def watching(*args: object, **kw: object) -> bool:
        seen.append("watch")
        in_watch()
        return real_watch(*args, **kw)  # type: ignore[arg-type]

    def frame(self: watch_view.WatchScreen, surface: pygame.Surface, dt: float) -> bool:
        going = real_frame(self, surface, dt)
        if not going:
            after_watch()  # typed while the watch closes
        return going

    monkeypatch.setattr(Controller, "tick", tick)
    monkeypatch.setattr(watch_view, "run_watch", watching)
    monkeypatch.setattr(watch_view.WatchScreen, "frame", frame)
    store = Store()
    gui.run(PUZZLE, store=store)
    seen.append("returned")
    return seen


def _game_is_free() -> bool:
    """Whether another window may take the saved game up (the quitting one let go)."""
    with Store() as other:
        return other.resume() is not None


def test_ctrl_q_typed_as_the_watch_closes_ends_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # W, Esc, Ctrl+Q in quick succession: the Ctrl+Q arrives after the watch's last frame,
    # before the game's view is back. It used to be dropped with the watch's window, and
    # the game went on, its window out of sight, its game held.
    seen = _play(
        monkeypatch,
        in_watch=lambda: pygame.event.post(_key(pygame.K_ESCAPE)),
        after_watch=lambda: pygame.event.post(_key(pygame.K_q, pygame.KMOD_CTRL)),
    )
    assert seen == ["watch", "returned"]
    assert _game_is_free()


@pytest.mark.parametrize(
    "events",
    [
        [pygame.event.Event(pygame.QUIT)],  # a logout, a signal: no close button
        [_key(pygame.K_q, pygame.KMOD_CTRL)],
        [_key(pygame.K_ESCAPE), _key(pygame.K_q, pygame.KMOD_CTRL)],  # in one frame
    ],
    ids=["quit", "ctrl-q", "esc-then-ctrl-q"],
)
def test_a_quit_in_the_watch_ends_the_game(
    monkeypatch: pytest.MonkeyPatch, events: list[pygame.event.Event]
) -> None:
    def post() -> None:
        for e in events:
            pygame.event.post(e)

    assert _play(monkeypatch, in_watch=post) == ["watch", "returned"]
    assert _game_is_free()


def test_closing_the_watch_view_goes_back_to_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # Its close button (a window close, then the quit the system adds) closes the watch
    # only; the game goes on until its own Ctrl+Q.
    def close() -> None:
        pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE))
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    after: list[int] = []

    def then_quit() -> None:
        after.append(1)

    import sudokit.gui.controller as controller_module

    real_watch = controller_module.Controller.watch

    def watch(self: Controller) -> None:
        real_watch(self)
        assert self.running, "the game goes on after the watch is closed"
        s = self.session
        assert s is not None and not s.paused, "and its clock with it"
        pygame.event.post(_key(pygame.K_q, pygame.KMOD_CTRL))

    monkeypatch.setattr(Controller, "watch", watch)
    assert _play(monkeypatch, in_watch=close, after_watch=then_quit) == ["watch", "returned"]
    assert after == [1]
    assert _game_is_free()


def test_w_opens_the_watch_again_after_it_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    # The W key's release goes to the watch: the game must not think W is still held.
    count = [0]
    real_watch = Controller.watch

    def watch(self: Controller) -> None:
        count[0] += 1
        real_watch(self)
        if count[0] == 1:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0))
        else:
            pygame.event.post(_key(pygame.K_q, pygame.KMOD_CTRL))

    monkeypatch.setattr(Controller, "watch", watch)
    seen = _play(monkeypatch, in_watch=lambda: pygame.event.post(_key(pygame.K_ESCAPE)))
    assert seen == ["watch", "watch", "returned"]
    assert count == [2]
