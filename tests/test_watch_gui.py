"""The watch window, headless: posted key events drive every control; screenshots saved."""

from __future__ import annotations

import os

# Before pygame is imported anywhere: no window, no sound device.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

import sudokit  # noqa: E402
from sudokit import parse  # noqa: E402
from sudokit import watch as traced  # noqa: E402
from sudokit.gui import watch as gui  # noqa: E402
from sudokit.gui import watch_layout as layout  # noqa: E402
from sudokit.gui.watch import SPEEDS, WatchScreen  # noqa: E402

FAMOUS = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = ".7..89.2..52.41..3..6.2517..89...5373.1.57.8......8.4.6.4.937.2...5..6......76..."


@pytest.fixture
def surface() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1000, 760))
    pygame.display.quit()


def press(screen: WatchScreen, surface: pygame.Surface, *keys: int, mod: int = 0) -> None:
    """Post key presses to pygame's queue and let the screen take them in one frame."""
    for key in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    screen.frame(surface, 0.0)


def shot(surface: pygame.Surface, tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"{name}.png"
    pygame.image.save(surface, str(path))
    assert path.stat().st_size > 5000
    return path


def state(screen: WatchScreen) -> list[tuple[object, ...]]:
    return [
        (
            tuple(lane.replay.values),
            None if lane.replay.kept is None else tuple(lane.replay.kept),
            lane.replay.last,
            lane.replay.counters.snapshot(),
        )
        for lane in screen.lanes
    ]


def test_step_forward_and_back(surface: pygame.Surface, tmp_path: Path) -> None:
    screen = WatchScreen(parse(FAMOUS), ["propagation"])
    screen.frame(surface, 0.0)
    shot(surface, tmp_path, "start")
    states = [state(screen)]
    for _ in range(40):
        press(screen, surface, pygame.K_RIGHT)
        states.append(state(screen))
    assert screen.tick == 40 and screen.lanes[0].steps == 40
    shot(surface, tmp_path, "stepped")
    for i in range(39, 29, -1):
        press(screen, surface, pygame.K_LEFT)
        assert state(screen) == states[i]
    assert screen.tick == 30
    shot(surface, tmp_path, "back")
    for i in range(31, 41):  # forward again replays the same events
        press(screen, surface, pygame.K_RIGHT)
        assert state(screen) == states[i]
    expected = list(traced.trace(parse(FAMOUS), "propagation"))[40]
    press(screen, surface, pygame.K_RIGHT)
    assert screen.lanes[0].replay.last == expected


def test_play_pause_and_speed(surface: pygame.Surface, tmp_path: Path) -> None:
    screen = WatchScreen(parse(FAMOUS), ["mrv"], speed=4)
    press(screen, surface, pygame.K_SPACE)
    assert screen.playing
    screen.update(1.0)  # one second at 4 steps per second
    assert screen.tick == 4
    press(screen, surface, pygame.K_UP, pygame.K_UP)
    assert screen.speed == 15
    press(screen, surface, pygame.K_DOWN)
    assert screen.speed == 8
    screen.update(0.5)
    assert screen.tick == 8
    press(screen, surface, pygame.K_SPACE)
    assert not screen.playing
    screen.update(1.0)
    assert screen.tick == 8
    for _ in SPEEDS:
        press(screen, surface, pygame.K_DOWN)
    assert screen.speed == SPEEDS[0] == 1
    for _ in SPEEDS:
        press(screen, surface, pygame.K_EQUALS)
    assert screen.speed == float("inf")
    shot(surface, tmp_path, "max-speed")


def test_top_speed_skips_frames_not_steps(surface: pygame.Surface, tmp_path: Path) -> None:
    grid = parse(FAMOUS)
    screen = WatchScreen(grid, ["propagation"], speed=float("inf"), playing=True)
    frames = 0
    while screen.playing and frames < 2000:
        screen.frame(surface, 1 / 60)
        frames += 1
    assert screen.finished and screen.lanes[0].replay.status == "solved"
    total = traced.run(grid, "propagation").counters.steps
    assert screen.tick == total and frames < total  # many steps per drawn frame
    assert screen.lanes[0].replay.board() == sudokit.solve(grid)
    shot(surface, tmp_path, "solved")
    press(screen, surface, pygame.K_DOWN, pygame.K_SPACE)  # Space after the end: again
    assert screen.playing and screen.tick == 0 and screen.speed == SPEEDS[-2]


def test_restart_algorithm_candidates_help(surface: pygame.Surface, tmp_path: Path) -> None:
    screen = WatchScreen(parse(EASY), ["naive"])
    press(screen, surface, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT)
    assert screen.tick == 3
    press(screen, surface, pygame.K_r)
    assert screen.tick == 0 and screen.lanes[0].steps == 0
    names = traced.algorithms()
    seen = [screen.names[0]]
    for _ in names:
        press(screen, surface, pygame.K_a)
        seen.append(screen.names[0])
    assert seen[: len(names)] == names and seen[-1] == "naive"
    assert screen.lanes[0].replay.algorithm.name == "naive"
    press(screen, surface, pygame.K_a, pygame.K_a)  # propagation keeps candidates
    assert screen.candidates
    press(screen, surface, pygame.K_c)
    assert not screen.candidates
    shot(surface, tmp_path, "no-candidates")
    press(screen, surface, pygame.K_c, pygame.K_h)
    assert screen.candidates and screen.show_help
    shot(surface, tmp_path, "help")
    press(screen, surface, pygame.K_ESCAPE)  # Esc closes the help first
    assert not screen.show_help and screen.running
    press(screen, surface, pygame.K_ESCAPE)
    assert not screen.running


def test_new_and_pasted_puzzles(
    surface: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = WatchScreen(parse(FAMOUS), ["mrv"])
    old = screen.grid
    press(screen, surface, pygame.K_n)
    assert screen.grid != old and sudokit.count_solutions(screen.grid) == 1
    # Paste: V opens the box with the clipboard's text; typing adds, Enter takes it.
    monkeypatch.setattr(gui, "_clipboard", lambda: EASY[:40])
    press(screen, surface, pygame.K_v)
    assert screen.entry == EASY[:40]
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=EASY[40:]))
    screen.frame(surface, 0.0)
    shot(surface, tmp_path, "paste")
    press(screen, surface, pygame.K_RETURN)
    assert screen.entry is None and screen.grid == parse(EASY)
    # A bad puzzle keeps the box open with the error; Backspace edits, Esc cancels.
    monkeypatch.setattr(gui, "_clipboard", lambda: "12x")
    press(screen, surface, pygame.K_v)
    press(screen, surface, pygame.K_RETURN)
    assert screen.entry == "12x" and screen.entry_error
    shot(surface, tmp_path, "paste-error")
    press(screen, surface, pygame.K_BACKSPACE)
    assert screen.entry == "12"
    press(screen, surface, pygame.K_v, mod=pygame.KMOD_CTRL)  # Ctrl+V pastes into the box
    assert screen.entry == "1212x"
    press(screen, surface, pygame.K_ESCAPE)
    assert screen.entry is None and screen.grid == parse(EASY) and screen.running


def test_compare_runs_in_lock_step(surface: pygame.Surface, tmp_path: Path) -> None:
    grid = parse(EASY)
    screen = WatchScreen(grid, ["propagation", "naive"], speed=float("inf"))
    short = traced.run(grid, "propagation").counters.steps
    long = traced.run(grid, "naive").counters.steps
    while screen.tick < short + 10:
        assert screen.step()
    fast, slow = screen.lanes
    assert fast.finished and fast.steps == short  # the finished lane waits at its end
    assert slow.steps == screen.tick
    screen.draw(surface)
    shot(surface, tmp_path, "compare")
    for _ in range(15):  # back past the end of the shorter trace
        assert screen.step_back()
    assert slow.steps == screen.tick == short - 5 and fast.steps == short - 5
    screen.playing = True
    while screen.playing:
        screen.frame(surface, 1 / 60)
    assert screen.tick == long and slow.replay.status == "solved"


def test_history_is_bounded(surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gui, "HISTORY", 5)
    screen = WatchScreen(parse(FAMOUS), ["dlx"])
    press(screen, surface, *[pygame.K_RIGHT] * 8)
    press(screen, surface, *[pygame.K_LEFT] * 8)
    assert screen.tick == 3 and "History" in screen.note
    screen.draw(surface)


def test_quit_event_and_run_watch(surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = WatchScreen(parse(FAMOUS), ["mrv"])
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert not screen.frame(surface, 0.0)
    # The real entry point: one frame, then a close request.
    frames: list[int] = []
    real_frame = WatchScreen.frame

    def one_frame(self: WatchScreen, target: pygame.Surface, dt: float) -> bool:
        frames.append(1)
        real_frame(self, target, dt)
        return False

    monkeypatch.setattr(WatchScreen, "frame", one_frame)
    gui.run_watch(parse(FAMOUS), ["mrv", "dlx"], speed=10)
    assert frames == [1]


def test_unsolvable_puzzle_shows_failure(surface: pygame.Surface, tmp_path: Path) -> None:
    grid = parse("11" + "." * 79, check=False)
    screen = WatchScreen(grid, ["mrv"], playing=True, speed=100)
    screen.frame(surface, 1.0)
    assert screen.finished and screen.lanes[0].replay.status == "failed"
    shot(surface, tmp_path, "failed")


def step_or_wait(screen: WatchScreen) -> None:
    """One step; a lane whose trace runs ahead may need a moment for its next event."""
    for _ in range(2000):
        if screen.step():
            return
        assert any(lane.waiting for lane in screen.lanes), "the run ended"
        time.sleep(0.005)
    raise AssertionError("no event within 10 s")


def test_human_explains_its_steps(surface: pygame.Surface, tmp_path: Path) -> None:
    screen = WatchScreen(parse(FAMOUS), ["human"])
    while not isinstance(screen.lanes[0].replay.last, traced.Eliminate):
        step_or_wait(screen)
    assert screen.lanes[0].replay.caption().startswith("Remove ")
    screen.draw(surface)
    shot(surface, tmp_path, "human")


def test_a_slow_logic_step_never_holds_the_window(
    surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The logic engine can take seconds for one step on the hardest puzzles: the trace
    # runs ahead on a worker thread and the window draws on while it thinks.
    go = threading.Event()
    real = gui.trace

    def slow(grid: sudokit.Grid, algorithm: str) -> Iterator[traced.Event]:
        events = real(grid, algorithm)
        yield from itertools.islice(events, 3)
        assert go.wait(20)
        yield from events

    monkeypatch.setattr(gui, "trace", slow)
    screen = WatchScreen(parse(EASY), ["human"])
    lane = screen.lanes[0]
    for _ in range(3):
        step_or_wait(screen)
    screen.playing = True
    screen.speed = SPEEDS[-1]
    for _ in range(5):
        screen.frame(surface, 1 / 60)  # returns at once: nothing to pull yet
    assert lane.waiting and screen.playing and not screen.finished
    assert lane.replay.counters.steps == 3
    go.set()
    for _ in range(2000):
        screen.frame(surface, 1 / 60)
        if screen.finished:
            break
        time.sleep(0.005)
    assert screen.finished and lane.replay.status == "solved"
    assert list(lane.replay.values) == list(sudokit.solve(parse(EASY)) or [])


def test_restart_stops_the_worker_of_the_old_run(surface: pygame.Surface) -> None:
    screen = WatchScreen(parse(FAMOUS), ["human"])
    old = screen.lanes[0]._ahead
    assert old is not None
    screen.restart()
    assert old._stop.is_set() and screen.lanes[0]._ahead is not old


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


@pytest.mark.parametrize("lanes", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("n", [4, 9, 16])
@pytest.mark.parametrize("window", [(1000, 760), (1416, 820), (800, 600), (2400, 1300)])
def test_compare_layout_keeps_boards_text_and_counters_apart(
    lanes: int, n: int, window: tuple[int, int]
) -> None:
    width, height = window
    boxes = layout.arrange(width, height, lanes, n, caption_lines=3)
    assert len(boxes) == lanes
    areas = []
    for box in boxes:
        bx, by, side = box.board
        assert box.cell >= 4 and side == box.cell * n
        assert bx >= 0 and bx + side <= width and by >= 0 and by + side <= height - layout.BAR
        cells = layout.counter_cells(box)
        bottom = cells[-1][1] + layout.COUNTER
        assert bottom <= height - layout.BAR, "the counters stay above the status bar"
        text = (box.text_left, box.caption_top, box.text_width, bottom - box.caption_top)
        areas += [(bx, by, side, side), text]
        for i, a in enumerate(cells):  # counters side by side, never over one another
            for b in cells[i + 1 :]:
                assert not _overlap(
                    (a[0], a[1], a[2], layout.COUNTER), (b[0], b[1], b[2], layout.COUNTER)
                )
            assert a[2] >= layout.COUNTER_WIDTH or box.counter_columns == 1
    for i, a in enumerate(areas):
        for b in areas[i + 1 :]:
            assert not _overlap(a, b), (a, b)


def test_compare_layout_uses_the_window() -> None:
    # Three 9×9 boards in the window a compare opens in are big, not tiny.
    size = layout.window_for(3, (1920, 1080))
    boxes = layout.arrange(*size, 3, 9)
    assert min(b.cell for b in boxes) >= 44
    # One 16×16 board: notes stay readable (the board module's compact form at worst).
    size = layout.window_for(1, (1920, 1080), 16)
    (box,) = layout.arrange(*size, 1, 16)
    assert box.cell >= 44 and box.beside


def test_counters_text_fits_its_column(surface: pygame.Surface) -> None:
    from sudokit.gui.theme import fonts

    screen = WatchScreen(parse(FAMOUS), ["naive", "mrv", "propagation", "dlx", "human"])
    screen.elapsed = 12345.6
    for lane in screen.lanes:
        for _ in range(500):
            lane.forward()
    for size in [(1000, 760), (1400, 820)]:
        for box, lane in zip(layout.arrange(*size, 5, 9, 3), screen.lanes, strict=True):
            for (value, label), (_, _, width) in zip(
                gui.counter_items(lane.replay, screen.elapsed),
                layout.counter_cells(box),
                strict=True,
            ):
                assert fonts().size(label, 14)[0] < width, label
                assert fonts().size(value, 20, True)[0] < width, value


DESKTOPS = [(1280, 800), (1366, 768), (1920, 1080), (2560, 1440), None]


@pytest.mark.parametrize("desktop", DESKTOPS)
@pytest.mark.parametrize("n", [4, 6, 9, 12, 16])
@pytest.mark.parametrize("lanes", [1, 2, 3, 5])
def test_the_window_opens_tight_around_its_boards(
    desktop: tuple[int, int] | None, n: int, lanes: int
) -> None:
    width, height = layout.window_for(lanes, desktop, n)
    room = desktop or layout.DESKTOP
    assert width <= max(layout.MIN_WINDOW[0], room[0]) and height <= max(
        layout.MIN_WINDOW[1], room[1]
    )
    cell = min(b.cell for b in layout.arrange(width, height, lanes, n, 3))
    assert cell <= layout.wanted_cell(n)
    # Either the cells are as big as wanted or the screen allows no bigger.
    most = layout.arrange(room[0] - 60, room[1] - 80, lanes, n, 3)
    assert cell == min(layout.wanted_cell(n), most[0].cell)
    # No band of the window is left empty: a few pixels less either way and the boards
    # shrink (unless the window is at its smallest).
    if width - 8 >= layout.MIN_WINDOW[0]:
        assert layout.arrange(width - 8, height, lanes, n, 3)[0].cell < cell
    if height - 8 >= layout.MIN_WINDOW[1]:
        assert layout.arrange(width, height - 8, lanes, n, 3)[0].cell < cell


@pytest.mark.parametrize("desktop", [(1920, 1080), (2560, 1440), None])
def test_16x16_notes_are_readable_in_the_window_it_opens(
    desktop: tuple[int, int] | None,
) -> None:
    from sudokit.geometry import Shape
    from sudokit.gui.board import MIN_NOTE, note_layout

    for lanes in (1, 2):
        size = layout.window_for(lanes, desktop, 16)
        (box, *_) = layout.arrange(*size, lanes, 16, 3)
        positional, font, _, _ = note_layout(box.cell, Shape.of(16))
        assert font >= MIN_NOTE
        if lanes == 1:  # one board: each note in its own place, at least 10 px
            assert positional


def test_titles_share_one_size_and_fit(surface: pygame.Surface) -> None:
    from sudokit.gui.theme import fonts

    titles = [traced.get_algorithm(a).title for a in traced.algorithms()]
    wide = [fonts().size(t, gui.TITLE_SIZES[0], True)[0] for t in titles]
    assert gui.title_size(titles, [max(wide)] * len(titles)) == gui.TITLE_SIZES[0]
    assert gui.title_size(titles, [max(wide) - 1] * len(titles)) == gui.TITLE_SIZES[-1]


def test_no_notes_under_the_digit_on_trial(
    surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sudokit.gui.board import BoardView
    from sudokit.gui.theme import Theme
    from sudokit.render.style import view_of_replay

    screen = WatchScreen(parse("1..4" "...." "...." "2..." ), ["mrv"])  # fmt: skip
    lane = screen.lanes[0]
    while not isinstance(lane.replay.last, traced.Try):
        lane.forward()
    cell, digit = lane.replay.last.cell, lane.replay.last.digit
    view = view_of_replay(lane.replay, candidates=True)
    assert view.candidates is not None and view.candidates[cell] & (1 << (digit - 1))
    drawn: list[BoardView] = []
    real = gui.draw_board

    def spy(surface: pygame.Surface, rect: pygame.Rect, board: BoardView, *rest: Theme) -> object:
        drawn.append(board)
        return real(surface, rect, board, *rest)

    monkeypatch.setattr(gui, "draw_board", spy)
    gui.draw_watch_board(surface, pygame.Rect(0, 0, 400, 400), view)
    (board,) = drawn
    assert board.notes is not None and board.notes[cell] == 0
    assert any(board.notes[c] for c in range(16) if c != cell)
