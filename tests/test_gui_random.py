"""Thousands of random keys and clicks (seeded): the game never raises and stays sound."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["SUDOKIT_THEME"] = "light"  # whatever the desktop running the tests prefers

import random
from pathlib import Path

import pygame
import pytest

from sudokit import generate
from sudokit.game import Store
from sudokit.gui.app import App

_PUZZLES: dict[int, object] = {}


def quick_puzzle(size: int, level: str, seed: object) -> object:
    if size not in _PUZZLES:
        _PUZZLES[size] = generate(size, seed=size, difficulty="easy")
    return _PUZZLES[size]


KEYS = [
    *range(pygame.K_0, pygame.K_9 + 1),
    *range(pygame.K_KP1, pygame.K_KP9 + 1),
    *range(pygame.K_a, pygame.K_g + 1),
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_PERIOD,
    pygame.K_SPACE,
    pygame.K_n,
    pygame.K_h,
    pygame.K_m,
    pygame.K_p,
    pygame.K_s,
    pygame.K_v,
    pygame.K_z,
    pygame.K_y,
    pygame.K_o,
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_F1,
    pygame.K_TAB,
]
MODS = [0, 0, 0, 0, pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT]


def random_event(rng: random.Random, app: App) -> list[pygame.event.Event]:
    kind = rng.random()
    w, h = app.screen.get_size()
    if kind < 0.45:
        k = rng.choice(KEYS)
        mod = rng.choice(MODS)
        down = pygame.event.Event(
            pygame.KEYDOWN, key=k, mod=mod, unicode="?" if rng.random() < 0.03 else ""
        )
        if rng.random() < 0.1:  # held down: the key repeats before it is released
            return [down, down, down]
        return [down, pygame.event.Event(pygame.KEYUP, key=k, mod=mod)]
    # Clicks: half on something clickable, half anywhere.
    game = app.controller
    buttons = game.dialog.buttons if game.dialog is not None else game.buttons
    if rng.random() < 0.5 and buttons:
        b = rng.choice(buttons)
        pos = (rng.randint(b.rect.left, max(b.rect.left, b.rect.right - 1)), b.rect.centery)
    else:
        pos = (rng.randrange(w), rng.randrange(h))
    if kind < 0.55:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    button = rng.choice([1, 1, 1, 3, 2, 4])
    up = pos if rng.random() < 0.9 else (rng.randrange(w), rng.randrange(h))
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=up, button=button),
    ]


def check_sound(app: App) -> None:
    s = app.controller.session
    assert s is not None
    state = s.state
    n = s.size
    for c in range(n * n):
        if state.puzzle.cells[c]:
            assert state.entries[c] == 0 and state.board.cells[c] == state.puzzle.cells[c]
        if state.entries[c]:
            assert state.notes[c] == 0
    selected = app.controller.selected
    assert selected is None or 0 <= selected < n * n


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_thousands_of_random_events(
    seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SUDOKIT_HOME", str(tmp_path))
    clipboard = [
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"[:81]
    ]
    rng = random.Random(seed)
    with Store() as store:
        app = App(
            store,
            size=9,
            level="easy",
            make_puzzle=quick_puzzle,  # type: ignore[arg-type]
            clipboard=lambda: clipboard[0],
        )
        app.pump()
        events = 0
        sizes = [(1100, 740), (700, 900), (600, 460)]
        while events < 5000:
            for _ in range(20):
                for e in random_event(rng, app):
                    pygame.event.post(e)
                    events += 1
            if rng.random() < 0.02:  # now and then the window is resized
                w, h = rng.choice(sizes)
                pygame.display.set_mode((w, h), pygame.RESIZABLE)
                pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h))
            if rng.random() < 0.05:
                clipboard[0] = rng.choice(["", "garbage", "1" * 16, "." * 81, clipboard[0]])
            assert app.pump(), "the game keeps running"
            while (job := app.controller.job) is not None:
                job.done.wait(5)
                app.pump()
            check_sound(app)
        # Whatever happened, the saved game is the game on screen.
        app.controller.save()
        store.close()  # the window closes: another may resume its game
        with Store() as other:
            back = other.resume()
        s = app.controller.session
        assert s is not None
        if not s.finished:
            assert back is not None and back.state == s.state
