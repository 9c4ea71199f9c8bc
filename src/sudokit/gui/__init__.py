"""The desktop game, with pygame-ce: the only package of sudokit that imports pygame.

The game's logic lives in modules without pygame (``interpret``, ``layout``,
``controller``, ``dialogs``), so they import and run headless; the window (``app``),
the drawing (``view``, ``dialog_view``, ``board``, ``widgets``, ``theme``) and the watch
view need pygame and are loaded when used.

- :func:`run` opens the game window (``sudokit play``);
- :func:`screenshot` draws the opening screen into a PNG, headless with
  ``SDL_VIDEODRIVER=dummy`` (``sudokit play --screenshot FILE``);
- :mod:`sudokit.gui.board` draws a board into any rectangle, for other views
  (``sudokit watch``) to reuse.
"""

from __future__ import annotations

import os

# pygame-ce prints a banner on import unless told not to; the game has its own window.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..game import Store
from ..grid import Grid

if TYPE_CHECKING:
    from .app import App
    from .board import BoardGeometry, BoardView, draw_board

_LAZY = {
    "App": "app",
    "BoardGeometry": "layout",
    "BoardView": "board",
    "draw_board": "board",
}


def __getattr__(name: str) -> Any:
    """The names that need pygame, imported on first use."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class DisplayError(RuntimeError):
    """No window can be opened (no display, no video driver)."""


def run(
    puzzle: Grid | None = None,
    *,
    size: int | None = None,
    level: str | None = None,
    seed: int | str | None = None,
    rules: str | None = None,
    store: Store | None = None,
    window: tuple[int, int] | None = None,
) -> None:
    """Open the game: the given puzzle, else the last unfinished game, else a new one.
    ``rules`` asks for a new game under them: variant names (``x+jigsaw``) or a rules code.

    Raises :class:`DisplayError` when no window can be opened.
    """
    import pygame

    from .app import App

    store = store or Store()
    try:
        try:
            app = App(
                store,
                puzzle=puzzle,
                size=size,
                level=level,
                seed=seed,
                rules=rules,
                window=window,
            )
        except pygame.error as err:
            raise DisplayError(str(err)) from err
        app.run()
    finally:
        store.close()


def screenshot(
    path: str | os.PathLike[str],
    puzzle: Grid | None = None,
    *,
    size: int | None = None,
    level: str | None = None,
    seed: int | str | None = None,
    rules: str | None = None,
    window: tuple[int, int] | None = None,
    scale: float = 1.0,
    theme: str = "light",
) -> Path:
    """Draw the opening screen of a new game into a PNG and return its path.

    Nothing is read from or written to the saved games: the screenshot shows the given
    puzzle, or a new one (``seed`` makes it reproducible). ``window`` defaults to the
    size's own window at ``scale``; ``theme``: ``light`` or ``dark``.
    """
    from .app import App

    store = Store(":memory:")
    try:
        store.set_setting("theme", theme)
        app = App(
            store,
            puzzle=puzzle,
            size=size,
            level=level,
            seed=seed,
            rules=rules,
            resume=False,
            window=window,
            scale=scale,
            detect_system=False,
        )
        game = app.controller
        if game.job is not None:  # a slow size: wait for it, a screenshot has time
            game.job.done.wait()
            game.tick()
        game.message = ""
        out = Path(path)
        app.save_screenshot(out)
        return out
    finally:
        store.close()
        import pygame

        pygame.display.quit()


__all__ = [
    "App",
    "BoardGeometry",
    "BoardView",
    "DisplayError",
    "draw_board",
    "run",
    "screenshot",
]
