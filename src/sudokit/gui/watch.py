"""The watch window (pygame-ce): algorithms solving a puzzle, step by step, side by side.

Design rule 5: the window pulls. Each frame takes the keys, then pulls as many events
from each trace as the speed asks for (within a time budget, so at top speed the board is
drawn once per frame while the algorithm runs flat out), then draws. Stepping back undoes
replayed events from a bounded history; stepping forward again re-applies them before
pulling new ones. Several algorithms run in lock-step: one tick moves each by one event.

The board is drawn by the game's :func:`sudokit.gui.board.draw_board`, with the watch's
own marks laid on top (focus outline, trial digit, tints); what a board shows and the
mark colours come from :mod:`sudokit.render.style`, shared with the PNG and GIF pictures.
"""

from __future__ import annotations

import math
import queue
import random
import threading
import time
from collections import deque
from collections.abc import Iterator, Sequence
from typing import cast

import pygame

from ..errors import ParseError
from ..formats import parse
from ..generator import generate
from ..grid import Grid
from ..render.palette import PALETTES
from ..render.steps import StepPicture, step_picture
from ..render.style import (
    FORCED,
    GIVEN,
    PALETTE,
    SOLUTION,
    Palette,
    PictureView,
    hex_rgb,
    view_of_replay,
)
from ..watch import (
    Backtrack,
    Contradiction,
    Event,
    Failed,
    Place,
    Replay,
    Solved,
    Stuck,
    Undo,
    algorithms,
    trace,
)
from .board import BoardGeometry, BoardView, draw_board
from .step_overlay import StepOverlay, step_overlay
from .theme import LIGHT, THEMES, Theme, fit_text, fonts
from .watch_layout import (
    BAR,
    CAPTION_LINE,
    MIN_WINDOW,
    WINDOW,
    LaneBox,
    arrange,
    counter_cells,
    window_for,
)

#: Steps per second the speed keys move through; the last is "as fast as it draws".
SPEEDS: tuple[float, ...] = (
    1,
    2,
    4,
    8,
    15,
    30,
    60,
    120,
    250,
    500,
    1000,
    2500,
    5000,
    10000,
    25000,
    math.inf,
)
#: Events each algorithm can step back over.
HISTORY = 5000
#: Share of a frame spent pulling events at high speed (the rest draws).
BUDGET = 0.6
FPS = 60


#: Algorithms whose next event can take seconds (the logic engine's forcing nets on the
#: hardest puzzles): their trace runs ahead on a worker thread, so the window never waits.
AHEAD = frozenset({"human"})


class Ahead:
    """A trace pulled on a worker thread into a short queue; :meth:`poll` never blocks."""

    WAITING: object = object()

    def __init__(self, events: Iterator[Event], size: int = 256) -> None:
        self._queue: queue.Queue[Event | None] = queue.Queue(size)
        self._stop = threading.Event()
        self._done = False
        threading.Thread(
            target=self._run, args=(events,), name="sudokit-watch", daemon=True
        ).start()

    def _run(self, events: Iterator[Event]) -> None:
        try:
            for event in events:
                while not self._stop.is_set():
                    try:
                        self._queue.put(event, timeout=0.1)
                        break
                    except queue.Full:
                        continue
                if self._stop.is_set():
                    return
        finally:
            # The end (or a failure, logged by the thread's hook): the lane stops there.
            while not self._stop.is_set():
                try:
                    self._queue.put(None, timeout=0.1)
                    break
                except queue.Full:
                    continue

    def poll(self) -> Event | object | None:
        """The next event, None at the end, or :attr:`WAITING` if it is not ready yet."""
        if self._done:
            return None
        try:
            event = self._queue.get_nowait()
        except queue.Empty:
            return self.WAITING
        if event is None:
            self._done = True
        return event

    def close(self) -> None:
        self._stop.set()


class Lane:
    """One algorithm's run: its trace, the replayed board, and the history to go back."""

    def __init__(self, grid: Grid, algorithm: str, history: int | None = None) -> None:
        self.algorithm = algorithm
        self.replay = Replay(grid, algorithm)
        events = trace(grid, algorithm)
        self._events: Iterator[Event] = events
        self._ahead = Ahead(events) if algorithm in AHEAD else None
        #: The next event is being worked out (only for traces that run ahead).
        self.waiting = False
        self._history: deque[Undo] = deque(maxlen=HISTORY if history is None else history)
        self._redo: list[Event] = []
        self._picture: tuple[object, StepPicture] | None = None

    def picture(self) -> StepPicture | None:
        """The picture of the logical step being played (the human solver's), drawn on
        the digits and candidates it was found on; None between steps."""
        shown = self.replay.step
        if shown is None:
            return None
        if self._picture is None or self._picture[0] is not shown:
            board = Grid(self.replay.rules, shown.values)
            candidates = shown.candidates or board.candidates()
            picture = step_picture(board, candidates, shown.step, givens=self.replay.grid)
            self._picture = (shown, picture)
        return self._picture[1]

    def close(self) -> None:
        """Stop the worker of a trace that runs ahead (the lane is no longer shown)."""
        if self._ahead is not None:
            self._ahead.close()

    @property
    def steps(self) -> int:
        return self.replay.counters.steps

    @property
    def finished(self) -> bool:
        return self.replay.finished

    def forward(self) -> bool:
        """Apply the next event (one undone earlier, else a new one); False at the end."""
        if self.replay.finished:
            return False
        self.waiting = False
        if self._redo:
            event = self._redo.pop()
        else:
            pulled = next(self._events, None) if self._ahead is None else self._ahead.poll()
            if pulled is Ahead.WAITING:
                self.waiting = True
                return False
            if pulled is None:
                self.replay.status = "stopped"
                return False
            event = cast(Event, pulled)
        self._history.append(self.replay.apply(event))
        return True

    def can_go_back(self) -> bool:
        return bool(self._history)

    def back(self) -> bool:
        if not self._history:
            return False
        record = self._history.pop()
        self.replay.undo(record)
        self._redo.append(record[0])
        return True


def draw_watch_board(
    surface: pygame.Surface,
    rect: pygame.Rect,
    view: PictureView,
    palette: Palette = PALETTE,
    theme: Theme = LIGHT,
    overlay: StepOverlay | None = None,
) -> BoardGeometry:
    """Draw a watched board into ``rect`` through the game's board drawing.

    ``overlay``: the logical step being played, drawn with its pattern (the human
    solver's), candidates shown in the cells it is about.

    What the game's board cannot say itself is laid on top: the tinted unit and the last
    event's cell (as tints), the candidate just removed (a red note), the digit on trial
    (amber, red when it fails, struck through when taken back) and the focused cell's
    green outline, as in the tutorial.
    """
    shape = view.shape
    tints: dict[int, tuple[int, int, int]] = {}
    if view.focus_unit is not None:
        for c in (view.rules or shape.rules).units[view.focus_unit]:
            tints[c] = hex_rgb(palette.focus_unit)
    if view.tried is not None and view.values[view.tried[0]] != view.tried[1]:
        tints[view.tried[0]] = hex_rgb(palette.tried_fill)
    if view.mark is not None:
        kind, cell = view.mark
        tints[cell] = hex_rgb(_MARK_FILL[kind](palette))
    notes = None if view.candidates is None else list(view.candidates)
    if notes is not None and view.tried is not None and not view.values[view.tried[0]]:
        notes[view.tried[0]] = 0  # the digit on trial is drawn there, over no notes
    note_colors: dict[tuple[int, int], tuple[int, int, int]] = {}
    if notes is not None and view.struck is not None:
        cell, digit = view.struck
        if not view.values[cell]:
            notes[cell] |= 1 << (digit - 1)  # shown once more, in red, as it leaves
            note_colors[cell, digit] = hex_rgb(palette.bad)
    if overlay is not None:
        notes = overlay.notes_under(notes)
    game_view = BoardView(
        shape,
        view.values,
        givens=frozenset(c for c, o in enumerate(view.origin) if o == GIVEN),
        notes=notes,
        revealed=frozenset(c for c, o in enumerate(view.origin) if o in (FORCED, SOLUTION)),
        tints=tints,
        note_colors=note_colors,
        rules=view.rules,
    )
    geo = draw_board(surface, rect, game_view, theme, overlay)
    size = geo.cell
    if view.tried is not None:
        cell, digit = view.tried
        if view.values[cell] != digit:
            failing = view.mark is not None and view.mark[0] in ("contradiction", "backtrack")
            colour = hex_rgb(palette.bad if failing else palette.tried)
            box = geo.cell_rect(cell)
            digit_size = round(size * (0.58 if shape.n <= 9 else 0.54))
            glyph = fonts().render(shape.symbols[digit - 1], digit_size, colour)
            surface.blit(glyph, glyph.get_rect(center=(box.centerx, box.centery + 1)))
            if view.mark is not None and view.mark[0] == "backtrack":
                h = size // 4
                x, y = box.center
                pygame.draw.line(surface, colour, (x - h, y + h), (x + h, y - h), 3)
    if view.focus is not None:
        width = max(3, size // 14)
        box = geo.cell_rect(view.focus).inflate(-2, -2)
        pygame.draw.rect(surface, hex_rgb(palette.focus), box, width)
    return geo


_MARK_FILL = {
    "guess": lambda p: p.placed_guess_fill,
    "forced": lambda p: p.placed_forced_fill,
    "backtrack": lambda p: p.backtrack_fill,
    "contradiction": lambda p: p.bad_fill,
    "eliminate": lambda p: p.eliminated_fill,
    "try": lambda p: p.tried_fill,
}


#: Title font sizes, largest first: every lane's title takes the same size.
TITLE_SIZES = (22, 19)


def title_size(titles: Sequence[str], widths: Sequence[int]) -> int:
    """The one size for the lanes' titles: the largest at which every title fits its
    lane, else the smallest (a title that still does not fit gives its short name)."""
    f = fonts()
    for size in TITLE_SIZES:
        if all(f.size(t, size, True)[0] <= w for t, w in zip(titles, widths, strict=True)):
            return size
    return TITLE_SIZES[-1]


def counter_items(replay: Replay, elapsed: float) -> list[tuple[str, str]]:
    """The six counters a lane shows, ``(value, label)``."""
    c = replay.counters
    second = ("tries", c.tries) if replay.kept is None else ("eliminations", c.eliminations)
    return [
        (f"{c.steps:,}", "steps"),
        (f"{second[1]:,}", second[0]),
        (f"{c.guesses:,}", "guesses"),
        (f"{c.backtracks:,}", "backtracks"),
        (f"{c.depth:,}", "depth"),
        (f"{elapsed:.1f} s", "elapsed"),
    ]


def _wrap(text: str, size: int, width: int, lines: int) -> list[str]:
    """Words of ``text`` in at most ``lines`` lines that fit ``width`` pixels."""
    f = fonts()
    out: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if f.size(trial, size)[0] <= width or not current:
            current = trial
        else:
            out.append(current)
            current = word
    if current:
        out.append(current)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1].rstrip(".,;:") + "…"
    return out


def _text(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: str,
    at: tuple[int, int],
    *,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    glyphs = fonts().render(text, size, hex_rgb(colour), bold)
    rect = glyphs.get_rect(**{anchor: at})
    surface.blit(glyphs, rect)
    return rect


def speed_label(speed: float) -> str:
    return "max" if math.isinf(speed) else f"{speed:g} steps/s"


HELP = [
    ("Space", "play / pause"),
    ("Right", "one step"),
    ("Left", "step back"),
    ("Up / Down", "faster / slower"),
    ("R", "restart"),
    ("A", "next algorithm"),
    ("C", "candidates on / off"),
    ("N", "new puzzle"),
    ("V", "paste a puzzle"),
    ("H", "this help"),
    ("Esc", "quit"),
]


class WatchScreen:
    """The state of the watch window: lanes, speed, play/pause, and the input it takes.

    ``handle`` takes one pygame event, ``update`` advances by a frame's time, ``draw``
    paints; ``frame`` does all three for the events waiting in pygame's queue.
    """

    def __init__(
        self,
        grid: Grid,
        names: Sequence[str],
        *,
        speed: float = 4.0,
        candidates: bool = True,
        playing: bool = False,
        size: tuple[int, int] = WINDOW,
        palette: Palette | None = None,
        theme: str = "light",
    ) -> None:
        if not names:
            raise ValueError("no algorithm to watch")
        self.grid = grid
        self.names = list(names)
        self.speed = speed
        self.candidates = candidates
        self.playing = playing
        self.size = size
        #: ``light`` or ``dark``: the board's colours and the page's (the game's theme).
        self.theme = THEMES.get(theme, LIGHT)
        self.palette = palette or PALETTES.get(theme, PALETTE)
        self.running = True
        #: The program is asked to end (Ctrl+Q, or a quit no close button asked for: a
        #: logout, a signal), not only this view: the game it was opened from ends too.
        self.quit_all = False
        self._closing = False  # a close button was pressed: its quit closes this view only
        self.show_help = False
        self.entry: str | None = None  # the paste box's text while it is open
        self.entry_error = ""
        self.note = ""
        self.restart()

    # --- running ----------------------------------------------------------------------
    def restart(self) -> None:
        for lane in getattr(self, "lanes", ()):
            lane.close()
        self.lanes = [Lane(self.grid, name) for name in self.names]
        self.tick = 0
        self.elapsed = 0.0
        self._owed = 0.0

    @property
    def finished(self) -> bool:
        return all(lane.finished for lane in self.lanes)

    def step(self) -> bool:
        """One lock-step tick: each lane that is behind and not finished takes one event."""
        target = self.tick + 1
        moved = False
        for lane in self.lanes:
            if lane.steps < target and lane.forward():
                moved = True
        if moved:
            self.tick = target
        return moved

    def step_back(self) -> bool:
        if self.tick == 0:
            return False
        target = self.tick - 1
        behind = [lane for lane in self.lanes if lane.steps > target]
        if not all(lane.can_go_back() for lane in behind):
            self.note = f"History holds the last {HISTORY:,} steps"
            return False
        for lane in behind:
            lane.back()
        self.tick = target
        return True

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds of playing: as many steps as the speed asks for."""
        if not self.playing:
            return
        if self.finished:
            self.playing = False
            return
        self.elapsed += dt
        deadline = time.perf_counter() + BUDGET / FPS
        if math.isinf(self.speed):
            due = 1 << 62
        else:
            self._owed += self.speed * dt
            due = int(self._owed)
            self._owed -= due
        done = 0
        while done < due:
            if not self.step():
                # A lane still working out its next event keeps the run playing.
                self.playing = any(lane.waiting for lane in self.lanes)
                break
            done += 1
            if not done % 64 and time.perf_counter() > deadline:
                self._owed = 0.0  # cannot keep up: skip the debt, never slow the algorithm
                break

    def set_speed(self, faster: bool) -> None:
        if faster:
            self.speed = next((s for s in SPEEDS if s > self.speed), SPEEDS[-1])
        else:
            self.speed = next((s for s in reversed(SPEEDS) if s < self.speed), SPEEDS[0])
        self.note = f"Speed: {speed_label(self.speed)}"

    def next_algorithm(self) -> None:
        names = algorithms()
        last = self.names[-1]
        self.names[-1] = names[(names.index(last) + 1) % len(names)] if last in names else names[0]
        self.restart()
        self.note = f"Algorithm: {self.names[-1]}"

    def new_puzzle(self) -> None:
        difficulty = "easy" if "naive" in self.names else "medium"
        self.grid = generate(self.grid.size, seed=random.randrange(1 << 30), difficulty=difficulty)
        self.restart()
        self.note = f"New {difficulty} puzzle"

    def set_puzzle(self, text: str) -> bool:
        try:
            self.grid = parse(text)
        except ParseError as e:
            self.entry_error = str(e)
            return False
        self.restart()
        self.note = "Pasted puzzle"
        return True

    # --- input --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.WINDOWCLOSE:
            self._closing = True
            self.running = False
        elif event.type == pygame.QUIT:
            self.running = False
            self.quit_all = self.quit_all or not self._closing
        elif event.type == pygame.VIDEORESIZE:
            self.size = (max(MIN_WINDOW[0], event.w), max(MIN_WINDOW[1], event.h))
        elif self.entry is not None:
            self._handle_entry(event)
        elif event.type == pygame.KEYDOWN:
            self._handle_key(event)

    def _handle_key(self, event: pygame.event.Event) -> None:
        key = event.key
        self.note = ""
        if key == pygame.K_q and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.running = False
            self.quit_all = True
        elif key in (pygame.K_ESCAPE, pygame.K_q):
            if self.show_help:
                self.show_help = False
            else:
                self.running = False
        elif key == pygame.K_SPACE:
            if self.finished:
                self.restart()
            self.playing = not self.playing
        elif key == pygame.K_RIGHT:
            self.playing = False
            self.step()
        elif key == pygame.K_LEFT:
            self.playing = False
            self.step_back()
        elif key in (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.set_speed(faster=True)
        elif key in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.set_speed(faster=False)
        elif key == pygame.K_r:
            self.restart()
            self.note = "Restarted"
        elif key == pygame.K_a:
            self.next_algorithm()
        elif key == pygame.K_c:
            self.candidates = not self.candidates
        elif key == pygame.K_n:
            self.new_puzzle()
        elif key == pygame.K_v:
            self.playing = False
            self.entry = _clipboard()
            self.entry_error = ""
        elif key in (pygame.K_h, pygame.K_QUESTION, pygame.K_F1):
            self.show_help = not self.show_help

    def _handle_entry(self, event: pygame.event.Event) -> None:
        assert self.entry is not None
        if event.type == pygame.TEXTINPUT:
            self.entry += event.text
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.entry = None
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.set_puzzle(self.entry):
                    self.entry = None
            elif event.key == pygame.K_BACKSPACE:
                self.entry = self.entry[:-1]
                self.entry_error = ""
            elif event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.entry += _clipboard()

    def frame(self, surface: pygame.Surface, dt: float) -> bool:
        """Take the waiting input, advance, draw; False once the window should close."""
        for event in pygame.event.get():
            self.handle(event)
        self.update(dt)
        self.draw(surface)
        return self.running

    # --- drawing ------------------------------------------------------------------------
    def _caption_lines(self) -> int:
        return 3 if any(lane.algorithm == "human" for lane in self.lanes) else 2

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        surface.fill(hex_rgb(self.palette.page))
        boxes = arrange(width, height, len(self.lanes), self.grid.size, self._caption_lines())
        titles = [lane.replay.algorithm.title for lane in self.lanes]
        size = title_size(titles, [box.width for box in boxes])
        for lane, box in zip(self.lanes, boxes, strict=True):
            self._draw_lane(surface, lane, box, size)
        self._draw_bar(surface)
        if self.show_help:
            self._draw_help(surface)
        if self.entry is not None:
            self._draw_entry(surface)

    def _draw_lane(
        self, surface: pygame.Surface, lane: Lane, box: LaneBox, title_px: int = TITLE_SIZES[0]
    ) -> None:
        p = self.palette
        replay = lane.replay
        bx, by, side = box.board
        status, colour = {
            "solved": ("solved", p.focus),
            "failed": ("no solution", p.bad),
            "stuck": ("stuck", p.bad),
            "stopped": ("stopped", p.bad),
        }.get(replay.status, ("", p.muted))
        # The title spans the lane, not only the board: names stay whole where they can.
        left, room = box.x, box.width
        if status:
            tag = _text(
                surface, status, 18, colour, (left + room, box.y + 8), bold=True, anchor="topright"
            )
            room -= tag.width + 12
        full = replay.algorithm.title
        if fonts().size(full, title_px, True)[0] > room:
            full = replay.algorithm.name  # the short name users type, whole
        title = fit_text(full, title_px, room, bold=True)
        _text(surface, title, title_px, p.text, (left, box.y + 6), bold=True)
        view = view_of_replay(replay, candidates=self.candidates)
        picture = lane.picture()
        overlay = None if picture is None else step_overlay(picture, self.theme, view.values)
        draw_watch_board(surface, pygame.Rect(bx, by, side, side), view, p, self.theme, overlay)
        if replay.status == "solved":
            caption = f"Solved in {replay.counters.steps:,} steps"
        else:
            caption = replay.caption() or replay.algorithm.summary
        last = replay.last
        colour = p.text
        if isinstance(last, Contradiction | Backtrack | Failed | Stuck):
            colour = p.bad
        elif isinstance(last, Solved):
            colour = p.focus
        elif isinstance(last, Place):
            colour = p.guessed if last.guess else p.forced
        y = box.caption_top
        for line in _wrap(caption, 17, box.text_width, box.caption_lines):
            _text(surface, line, 17, colour, (box.text_left, y))
            y += CAPTION_LINE
        for (value, label), (cx, cy, cw) in zip(
            counter_items(replay, self.elapsed), counter_cells(box), strict=True
        ):
            _text(surface, fit_text(value, 20, cw - 6, bold=True), 20, p.text, (cx, cy), bold=True)
            _text(surface, fit_text(label, 14, cw - 6), 14, p.muted, (cx, cy + 24))

    def _draw_bar(self, surface: pygame.Surface) -> None:
        p = self.palette
        width, height = surface.get_size()
        surface.fill(hex_rgb(p.bar), pygame.Rect(0, height - BAR, width, BAR))
        state = "done" if self.finished else "playing" if self.playing else "paused"
        left = f"{state} · {speed_label(self.speed)} · tick {self.tick:,}"
        if self.note:
            left += f" · {self.note}"
        used = _text(surface, left, 17, p.bar_text, (16, height - BAR // 2), anchor="midleft")
        hint = "Space play  Left/Right step  Up/Down speed  R restart  A algorithm  N new  V paste"
        if fonts().size(hint, 14)[0] + 40 < width - used.right:
            _text(
                surface, hint, 14, p.bar_muted, (width - 16, height - BAR // 2), anchor="midright"
            )

    def _draw_help(self, surface: pygame.Surface) -> None:
        p = self.palette
        width, height = surface.get_size()
        box = pygame.Rect(0, 0, 380, 40 + 28 * len(HELP))
        box.center = (width // 2, height // 2)
        surface.fill(hex_rgb(p.board), box)
        pygame.draw.rect(surface, hex_rgb(p.box_line), box, 2)
        for i, (key, what) in enumerate(HELP):
            y = box.y + 20 + i * 28
            _text(surface, key, 17, p.text, (box.x + 24, y), bold=True)
            _text(surface, what, 17, p.muted, (box.x + 150, y))

    def _draw_entry(self, surface: pygame.Surface) -> None:
        p = self.palette
        width, height = surface.get_size()
        box = pygame.Rect(0, 0, min(width - 40, 900), 150)
        box.center = (width // 2, height // 2)
        surface.fill(hex_rgb(p.board), box)
        pygame.draw.rect(surface, hex_rgb(p.focus), box, 3)
        head = "Paste or type a puzzle (. or 0 for empty), Enter to watch it, Esc to cancel"
        _text(surface, head, 15, p.muted, (box.x + 16, box.y + 14))
        text = " ".join((self.entry or "").split()) or "…"
        for i, line in enumerate(_chunks(text, 54)[-3:]):
            _text(surface, line, 18, p.text, (box.x + 16, box.y + 42 + i * 24))
        if self.entry_error:
            _text(surface, self.entry_error, 15, p.bad, (box.x + 16, box.bottom - 26))


def _chunks(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def _clipboard() -> str:
    """The clipboard's text, or '' where there is none (headless, no clipboard)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError):
        return ""
    return text or ""


def run_watch(
    grid: Grid,
    names: Sequence[str],
    *,
    speed: float = 4.0,
    candidates: bool = True,
    playing: bool = True,
    keep_display: bool = False,
    theme: str | None = None,
) -> bool:
    """Open the watch window on ``grid`` with one panel per algorithm; return on close:
    True when the whole program is asked to end (Ctrl+Q, a logout, a signal), False
    when only the watch is closed (Esc, Q, its close button).

    The game opens it too, in its own window: ``run_watch(puzzle, ["propagation"],
    keep_display=True)`` draws in the window already open and leaves it open on return,
    so nothing typed as the watch closes is lost (closing the display drops the waiting
    events) and the game's window is never gone while the program runs. ``theme``:
    ``light`` or ``dark`` (the game passes its own); None follows the desktop.
    """
    if theme is None:
        from .settings import resolve_theme, system_prefers_dark

        theme = resolve_theme("system", system_prefers_dark())
    pygame.display.init()  # display and fonts only: watching needs no sound
    pygame.font.init()
    screen: WatchScreen | None = None
    try:
        info = pygame.display.Info()
        desktop = (info.current_w, info.current_h) if info.current_w > 0 else None
        window = window_for(len(names), desktop, grid.size)
        surface = pygame.display.set_mode(window, pygame.RESIZABLE)
        pygame.display.set_caption("sudokit watch")
        screen = WatchScreen(
            grid, names, speed=speed, candidates=candidates, playing=playing, theme=theme
        )
        clock = pygame.time.Clock()
        while True:
            dt = clock.tick(FPS) / 1000
            if not screen.frame(surface, dt):
                break
            pygame.display.flip()
    finally:
        # Not pygame.quit(): the shared font cache (gui.theme) must stay valid for the
        # game window this may have been opened from, and for the next window.
        if not keep_display:
            pygame.display.quit()
    return screen is not None and screen.quit_all


__all__ = [
    "HISTORY",
    "SPEEDS",
    "TITLE_SIZES",
    "Lane",
    "WatchScreen",
    "counter_items",
    "draw_watch_board",
    "run_watch",
    "title_size",
]
