# ruff: noqa: F811
"""The game's window, driven headless with posted pygame events.

The game's actions are tested on the controller, without pygame
(``test_gui_controller.py``); here: pygame events reach the game, the window redraws
what changed, resizes, screenshots and the watch window.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["SUDOKIT_THEME"] = "light"  # whatever the desktop running the tests prefers

import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from click.testing import CliRunner

# The shared fixtures are imported by name; pytest passes them as parameters.
from gui_support import (  # noqa: F401
    PUZZLE,
    FakeClock,
    _home,
    clock,
    quick_puzzle,
)
from sudokit.cli import main
from sudokit.game import Store
from sudokit.game.session import logic_step
from sudokit.game.state import GameState
from sudokit.gui.app import App
from sudokit.gui.dialogs import CustomDialog
from sudokit.logic import Hint as LogicHint


@pytest.fixture()
def app(clock: FakeClock) -> Iterator[App]:
    store = Store()
    game = App(store, puzzle=PUZZLE, clock=clock, make_puzzle=quick_puzzle)  # type: ignore[arg-type]
    game.pump()  # the first frame
    yield game
    store.close()


def key(app: App, k: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod))
    app.pump()


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.pump()


def button(app: App, name: str) -> tuple[int, int]:
    buttons = (
        app.controller.dialog.buttons
        if app.controller.dialog is not None
        else app.controller.buttons
    )
    for b in buttons:
        if b.key == name:
            return b.rect.center
    raise KeyError(name)


def cell(app: App, c: int) -> tuple[int, int]:
    return app.controller.layout.board.cell_rect(c).center


# --- pygame events reach the game ------------------------------------------------


def test_click_a_cell_and_type(app: App) -> None:
    click(app, cell(app, 3))
    assert app.controller.selected == 3
    key(app, pygame.K_6)
    s = app.controller.session
    assert s is not None and s.state.entries[3] == 6
    key(app, pygame.K_KP4)
    assert s.state.entries[3] == 4, "numpad digits work too"
    key(app, pygame.K_KP4)
    assert s.state.entries[3] == 0, "typing the same digit again takes it back"


def test_undo_redo_keys(app: App) -> None:
    s = app.controller.session
    assert s is not None
    key(app, pygame.K_4)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_6)
    assert s.state.entries[2:4] == (4, 6)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert s.state.entries[2:4] == (0, 0)
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    assert s.state.entries[2:4] == (4, 0)
    key(app, pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert s.state.entries[2:4] == (4, 6)


def test_a_held_digit_does_not_toggle(app: App) -> None:
    for _ in range(3):  # key repeat: downs without ups
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_4, mod=0, unicode="4"))
    app.pump()
    assert app.controller.session is not None and app.controller.session.state.entries[2] == 4
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_4, mod=0))
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    app.pump()
    assert app.controller.selected == 5, "arrows repeat"


def test_number_pad(app: App) -> None:
    s = app.controller.session
    assert s is not None
    click(app, button(app, "digit:4"))
    assert s.state.entries[2] == 4
    remaining = s.remaining()[4]
    assert next(b for b in app.controller.buttons if b.key == "digit:4").sub == f"{remaining} left"
    click(app, button(app, "erase"))
    click(app, button(app, "digit:7"), button=3)
    assert s.state.notes[2] == 1 << 6, "a right click writes a note"


def test_custom_dialog_typing(app: App) -> None:
    key(app, pygame.K_o, pygame.KMOD_LCTRL)
    dialog = app.controller.dialog
    assert isinstance(dialog, CustomDialog)
    click(app, button(app, "size:4"))
    for k in [pygame.K_1, pygame.K_PERIOD, pygame.K_3, pygame.K_4]:
        key(app, k)
    assert dialog.cells[:4] == [1, 0, 3, 4]
    key(app, pygame.K_BACKSPACE)  # like a text field: deletes what is before the cursor
    assert dialog.cells[:4] == [1, 0, 3, 0]
    key(app, pygame.K_BACKSPACE)
    assert dialog.cells[:4] == [1, 0, 0, 0] and dialog.selected == 2
    assert dialog.geometry is not None
    click(app, dialog.geometry.cell_rect(15).center)
    assert dialog.selected == 15
    key(app, pygame.K_ESCAPE)
    assert app.controller.dialog is None


def test_focus_loss_pauses_and_focus_gain_resumes(app: App) -> None:
    s = app.controller.session
    assert s is not None
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.pump()
    assert s.paused
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    app.pump()
    assert not s.paused


def test_quit_saves(app: App, clock: FakeClock) -> None:
    clock.now += 77
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert not app.pump()
    app.controller.store.close()
    with Store() as other:
        back = other.resume(clock=clock)
    assert back is not None and back.elapsed == pytest.approx(77)


def test_resize_relays_out(app: App) -> None:
    old = app.controller.layout.board_area
    pygame.display.set_mode((700, 900), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(700, 900), w=700, h=900))
    app.pump()
    assert not app.controller.layout.wide
    assert app.controller.layout.board_area != old
    click(app, cell(app, 4))
    assert app.controller.selected == 4


def test_redraws_only_what_changed(
    app: App, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[object] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: calls.append("flip"))
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: calls.append(rects))
    app.pump()
    assert calls == [], "nothing changed, nothing drawn"
    clock.now += 1
    app.pump()
    assert calls == [[app.controller.layout.header]], "a new second repaints the header only"
    calls.clear()
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=button(app, "hint"), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    app.pump()
    assert len(calls) == 1 and isinstance(calls[0], list) and len(calls[0]) == 1
    calls.clear()
    key(app, pygame.K_4)
    assert calls == ["flip"]


def test_a_slow_hint_leaves_the_window_answering(
    app: App, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A stand-in for the seconds the logic engine takes on the hardest puzzles: the step
    # is found only when the test says so.
    go = threading.Event()
    asked: list[GameState] = []

    def slow(state: GameState) -> LogicHint | None:
        asked.append(state)
        assert go.wait(20)
        return logic_step(state)

    c = app.controller
    c.find_step = slow
    c.hint_wait = 0.0
    s = c.session
    assert s is not None
    key(app, pygame.K_h)
    assert c.thinking and c.message.startswith("Looking for a hint")
    key(app, pygame.K_ESCAPE)
    assert not c.thinking and s.hints_used == 0, "Esc gives up"
    key(app, pygame.K_h)
    assert c.thinking and len(asked) == 1, "the same search is taken up again"
    start = c.selected
    key(app, pygame.K_RIGHT)
    assert c.selected != start, "the window answers while the hint is looked for"
    calls: list[object] = []
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: calls.append(rects))
    clock.now += 1
    app.pump()
    assert calls, "the clock still ticks on screen"
    job = c.hint_job
    assert job is not None
    go.set()
    assert job.done.wait(20)
    app.pump()
    assert not c.thinking and c.message.startswith("Hint:") and s.hints_used == 1


def test_cli_screenshot(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    result = CliRunner().invoke(
        main, ["play", "--screenshot", str(out), "--window", "900x640", str(PUZZLE)]
    )
    assert result.exit_code == 0, result.output
    assert pygame.image.load(str(out)).get_size() == (900, 640)
    assert not (tmp_path / "sudokit.db").exists(), "a screenshot touches no saved game"


def test_cli_play_refuses_bad_puzzles(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["play", "--screenshot", str(tmp_path / "x.png"), "1234"])
    assert result.exit_code == 2 and "4 cells: a puzzle has 16 (4×4)" in result.output
    result = CliRunner().invoke(main, ["play", "--screenshot", str(tmp_path / "x.png"), "." * 81])
    assert result.exit_code == 2 and "several solutions" in result.output


def test_import_sudokit_does_not_import_the_gui() -> None:
    code = (
        "import sys, sudokit, sudokit.game;"
        "print('pygame' in sys.modules, 'sudokit.gui' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"


# --- watching the computer solve ------------------------------------------------------------


def test_w_opens_the_watch_window_on_this_puzzle_and_comes_back(
    app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import sudokit.gui.watch as watch_view

    real = watch_view.run_watch
    seen: list[object] = []

    def watch_then_close(grid: object, names: list[str], **kw: object) -> None:
        seen.append(
            (
                grid,
                list(names),
                app.controller.session is not None and app.controller.session.paused,
            )
        )
        # The watch window reads its own events: Esc closes it after one frame.
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
        real(grid, names, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(watch_view, "run_watch", watch_then_close)
    size = app.screen.get_size()
    key(app, pygame.K_w, unicode="w")
    assert seen == [(PUZZLE, ["propagation"], True)], "watched the givens, the game paused"
    s = app.controller.session
    assert s is not None and not s.paused, "the game goes on as it was"
    assert pygame.display.get_surface() is app.screen and app.screen.get_size() == size
    key(app, pygame.K_RIGHT)  # the game still answers keys and draws
    shot = tmp_path / "after-watch.png"
    app.save_screenshot(shot)
    assert pygame.image.load(str(shot)).get_size() == size


def test_display_scale_and_pointer_ratio(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudokit.gui.app import display_scale, to_input
    from sudokit.gui.interpret import Press

    monkeypatch.setenv("SUDOKIT_SCALE", "1.5")
    assert display_scale() == 1.5
    monkeypatch.setenv("SUDOKIT_SCALE", "lots")
    assert display_scale() == 1.0, "off-screen, nothing to measure"
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 40), button=1)
    assert to_input(event, (2200, 1480), 2.0) == Press((200, 80), 1), "points to pixels"
