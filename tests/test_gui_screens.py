"""Screenshots of the main screens, drawn headless (set SUDOKIT_SCREENSHOTS=DIR to keep them)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from sudokit import generate, parse
from sudokit.game import AutoNotes, Checking, Store
from sudokit.gui import screenshot
from sudokit.gui.app import App

PUZZLE = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")


@pytest.fixture()
def shots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SUDOKIT_HOME", str(tmp_path / "home"))
    keep = os.environ.get("SUDOKIT_SCREENSHOTS")
    out = Path(keep) if keep else tmp_path / "screens"
    out.mkdir(parents=True, exist_ok=True)
    return out


def _key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    app.pump()


def _playing(app: App) -> None:
    """A game in progress: some digits, notes, one mistake, a selection."""
    s = app.session
    assert s is not None
    app.play(AutoNotes())
    empty = s.puzzle.empty_cells()
    k = len(empty)
    for c in empty[: min(14, k // 3)]:
        app.select(c)
        app.enter(s.solution.cells[c])
    wrong = empty[-3]
    app.select(wrong)
    app.enter(s.solution.cells[wrong] % s.size + 1)
    app.select(empty[k // 2])
    app.pump()


def _save(app: App, path: Path) -> Path:
    app.save_screenshot(path)
    assert path.stat().st_size > 5000
    image = pygame.image.load(str(path))
    assert image.get_size() == app.screen.get_size()
    return path


SCREENS: dict[str, Callable[[App], None]] = {
    "opening": lambda app: None,
    "playing": _playing,
    "notes-mode": lambda app: (_playing(app), _key(app, pygame.K_n)),
    "paused": lambda app: _key(app, pygame.K_p),
    "new-game": lambda app: _key(app, pygame.K_n, pygame.KMOD_LCTRL),
    "your-puzzle": lambda app: _key(app, pygame.K_o, pygame.KMOD_LCTRL),
    "help": lambda app: _key(app, pygame.K_F1),
    "solve-confirm": lambda app: app.activate("solve"),
}


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_main_screens(shots: Path, name: str) -> None:
    with Store() as store:
        app = App(store, puzzle=PUZZLE)
        app.pump()
        SCREENS[name](app)
        app.pump()
        _save(app, shots / f"{name}.png")


def test_solved_and_statistics(shots: Path) -> None:
    clock = [0.0]
    with Store() as store:
        app = App(store, puzzle=PUZZLE, clock=lambda: clock[0])
        s = app.session
        assert s is not None
        clock[0] = 425
        for c in PUZZLE.empty_cells():
            app.select(c)
            app.enter(s.solution.cells[c])
        app.pump()
        _save(app, shots / "solved.png")
        _key(app, pygame.K_ESCAPE)
        _key(app, pygame.K_s)
        _save(app, shots / "statistics.png")


@pytest.mark.parametrize("size", [4, 6, 12, 16])
def test_other_sizes(shots: Path, size: int) -> None:
    with Store() as store:
        app = App(store, puzzle=generate(size, seed=2, difficulty="easy"))
        app.checking = Checking.SOLUTION
        _playing(app)
        _save(app, shots / f"size-{size}.png")


def test_tall_and_small_windows(shots: Path) -> None:
    for w, h in [(700, 940), (560, 440), (1600, 1000)]:
        with Store() as store:
            app = App(store, puzzle=PUZZLE, window=(w, h))
            _playing(app)
            _save(app, shots / f"window-{w}x{h}.png")


def test_screenshot_function(shots: Path) -> None:
    path = screenshot(shots / "screenshot.png", seed=7)
    assert pygame.image.load(str(path)).get_size() == (1100, 740)


def test_docs_screenshot(shots: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The picture in the docs: a game in progress. ``SUDOKIT_UPDATE_DOCS=1`` rewrites
    ``docs/screenshot.png`` with it."""
    monkeypatch.setenv("SUDOKIT_HOME", str(shots / "docs-home"))
    clock = [0.0]
    with Store() as store:
        app = App(store, size=9, level="medium", seed=2024, resume=False, clock=lambda: clock[0])
        s = app.session
        assert s is not None
        app.play(AutoNotes())
        empty = s.puzzle.empty_cells()
        for c in empty[::2][:16]:
            app.select(c)
            app.enter(s.solution.cells[c])
        placed = empty[::2][:16]
        digit = max(range(1, 10), key=lambda d: sum(s.solution.cells[c] == d for c in placed))
        target = next(c for c in placed if s.solution.cells[c] == digit)
        app.select(target)
        clock[0] = 252
        app.hint()
        app.select(target)
        app.pump()
        path = _save(app, shots / "docs-screenshot.png")
    if os.environ.get("SUDOKIT_UPDATE_DOCS"):
        docs = Path(__file__).resolve().parent.parent / "docs" / "screenshot.png"
        docs.write_bytes(path.read_bytes())
