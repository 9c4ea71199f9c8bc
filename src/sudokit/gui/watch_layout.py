"""Where the watch window puts things: lanes, boards, captions and counters, and the
window's size. Pure arithmetic on sizes (no pygame), so the layout is tested without a
window."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

WINDOW = (1000, 760)
#: The smallest window the watch opens in or resizes to.
MIN_WINDOW = (640, 480)
#: Layout: gap between panels and the status bar's height.
GAP, BAR = 24, 40
#: Heights in a lane: the title row, one caption line, one counter (a value over its label).
TITLE, CAPTION_LINE, COUNTER = 36, 22, 46
#: A counter column is at least this wide (the widest value over the widest label).
COUNTER_WIDTH = 108
#: The width of the caption and counters when they stand beside the board.
SIDE = 2 * COUNTER_WIDTH + 40


@dataclass(frozen=True, slots=True)
class LaneBox:
    """Where one lane goes: its rectangle, the board's square in it, the counter grid."""

    x: int
    y: int
    width: int
    height: int
    board: tuple[int, int, int]  # x, y, side
    cell: int
    counter_columns: int
    caption_lines: int
    #: Caption and counters beside the board (a wide lane) rather than under it.
    beside: bool = False

    @property
    def text_left(self) -> int:
        """Where the caption and the counters start."""
        return self.board[0] + self.board[2] + GAP if self.beside else self.x

    @property
    def text_width(self) -> int:
        return SIDE if self.beside else self.width

    @property
    def caption_top(self) -> int:
        return self.board[1] if self.beside else self.board[1] + self.board[2] + 10

    @property
    def counters_top(self) -> int:
        return self.caption_top + self.caption_lines * CAPTION_LINE + 8


def arrange(width: int, height: int, lanes: int, n: int, caption_lines: int = 2) -> list[LaneBox]:
    """Lay ``lanes`` boards of size ``n`` out in a window: the rows × columns arrangement
    that gives the biggest cells, each lane with its title, caption and counters below
    the board (never over one another). Pure: the same numbers give the same boxes."""
    best: list[LaneBox] = []
    best_cell = -1
    for cols in range(1, lanes + 1):
        rows = -(-lanes // cols)
        if (rows - 1) * cols >= lanes:
            continue  # an empty row: the same as fewer rows
        lane_w = (width - GAP * (cols + 1)) // cols
        lane_h = (height - BAR - GAP * (rows + 1)) // rows
        for beside in (False, True):
            if beside:
                columns = 2
                text_h = caption_lines * CAPTION_LINE + 8 + 3 * COUNTER
                if lane_h - TITLE < text_h:
                    continue  # the counters would not fit beside the board
                cell = min(lane_w - SIDE - GAP, lane_h - TITLE) // n
                used_w, used_h = cell * n + GAP + SIDE, TITLE + max(cell * n, text_h)
            else:
                columns = max(1, min(3, lane_w // COUNTER_WIDTH))
                below = 10 + caption_lines * CAPTION_LINE + 8 + -(-6 // columns) * COUNTER
                cell = min(lane_w, lane_h - TITLE - below) // n
                used_w, used_h = cell * n, TITLE + cell * n + below
            if cell <= best_cell:
                continue
            best_cell, side = cell, cell * n
            # What the window has beyond the lanes' needs goes around them, evenly.
            spare_h = max(0, lane_h - used_h) // 2
            best = []
            for i in range(lanes):
                r, c = divmod(i, cols)
                x = GAP + c * (lane_w + GAP)
                y = GAP // 2 + r * (lane_h + GAP) + spare_h
                bx = x + (lane_w - used_w) // 2
                box = LaneBox(
                    x,
                    y,
                    lane_w,
                    lane_h - spare_h,
                    (bx, y + TITLE, side),
                    cell,
                    columns,
                    caption_lines,
                    beside,
                )
                best.append(box)
    return best


#: The desktop assumed when the system does not say (a common full-HD screen).
DESKTOP = (1920, 1080)


def wanted_cell(n: int) -> int:
    """The cell size a window opens with when the screen has room: a comfortable board,
    and on 12×12 and 16×16 notes in their own places at :data:`~sudokit.gui.board.MIN_NOTE`
    pixels or more."""
    return max(56, min(100, 600 // n))


def _cell_in(width: int, height: int, lanes: int, n: int, caption_lines: int) -> int:
    boxes = arrange(width, height, lanes, n, caption_lines)
    return min((b.cell for b in boxes), default=0)


def _least(fits: Callable[[int], bool], low: int, high: int) -> int:
    """The least value in ``low..high`` for which ``fits`` holds (``high`` if none);
    ``fits`` must be monotone."""
    while low < high:
        mid = (low + high) // 2
        if fits(mid):
            high = mid
        else:
            low = mid + 1
    return high


def window_for(
    lanes: int,
    desktop: tuple[int, int] | None = None,
    n: int = 9,
    caption_lines: int = 3,
) -> tuple[int, int]:
    """The window a watch of ``lanes`` boards of size ``n`` opens in: the biggest cells
    the desktop allows, up to :func:`wanted_cell`, in a window no bigger than they need
    (so the boards fill it). ``caption_lines`` defaults to the most a lane ever shows."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        desktop = DESKTOP
    # Room for the window's frame and the desktop's panels.
    most_w, most_h = max(MIN_WINDOW[0], desktop[0] - 60), max(MIN_WINDOW[1], desktop[1] - 80)
    target = min(wanted_cell(n), _cell_in(most_w, most_h, lanes, n, caption_lines))
    # The lowest window first (screens are wide: boards side by side, text beside a
    # lone board), then the narrowest at that height. Cells only grow with the window,
    # so each least size is found by bisection.
    height = _least(
        lambda h: _cell_in(most_w, h, lanes, n, caption_lines) >= target, MIN_WINDOW[1], most_h
    )
    width = _least(
        lambda w: _cell_in(w, height, lanes, n, caption_lines) >= target, MIN_WINDOW[0], most_w
    )
    return width, height


def counter_cells(box: LaneBox) -> list[tuple[int, int, int]]:
    """Where each of the six counters goes in a lane: ``(x, y, width)``, in columns that
    share the lane's width, so a value and its label never run into the next one."""
    columns = box.counter_columns
    width = box.text_width // columns
    top, left = box.counters_top, box.text_left
    return [(left + (i % columns) * width, top + (i // columns) * COUNTER, width) for i in range(6)]
