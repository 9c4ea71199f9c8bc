"""Where things go: rectangles computed from the window's size, without pygame.

Everything here is plain data and pure functions, so the controller can hit-test clicks
and tests can check layouts without a window. :class:`Rect` is a named tuple
``(x, y, w, h)``, which pygame accepts wherever it takes a rectangle.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..geometry import Shape

__all__ = [
    "BoardGeometry",
    "Button",
    "Dirty",
    "Layout",
    "Rect",
    "button_at",
    "compute_layout",
    "fit_board",
    "grid_layout",
    "overlay_card",
]


class Rect(NamedTuple):
    """An immutable rectangle; the half-open area ``x <= px < x + w``."""

    x: int
    y: int
    w: int
    h: int

    @classmethod
    def centered(cls, w: int, h: int, center: tuple[int, int]) -> Rect:
        return cls(center[0] - w // 2, center[1] - h // 2, w, h)

    @property
    def left(self) -> int:
        return self.x

    @property
    def top(self) -> int:
        return self.y

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def centerx(self) -> int:
        return self.x + self.w // 2

    @property
    def centery(self) -> int:
        return self.y + self.h // 2

    @property
    def center(self) -> tuple[int, int]:
        return (self.centerx, self.centery)

    @property
    def topleft(self) -> tuple[int, int]:
        return (self.x, self.y)

    @property
    def size(self) -> tuple[int, int]:
        return (self.w, self.h)

    def collidepoint(self, pos: tuple[int, int]) -> bool:
        return self.x <= pos[0] < self.x + self.w and self.y <= pos[1] < self.y + self.h

    def colliderect(self, other: Rect) -> bool:
        return (
            self.x < other.x + other.w
            and other.x < self.x + self.w
            and self.y < other.y + other.h
            and other.y < self.y + self.h
        )

    def inflate(self, dx: int, dy: int) -> Rect:
        """Grown by ``dx``, ``dy`` in all, around the same centre (as pygame's)."""
        return Rect(self.x - dx // 2, self.y - dy // 2, self.w + dx, self.h + dy)

    def move(self, dx: int, dy: int) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)


@dataclass(slots=True)
class Button:
    """A clickable rectangle.

    ``kind``: ``normal``, ``primary`` (filled with the accent), ``ghost`` (no border until
    hovered), ``digit`` (a number-pad key: big label, small ``sub`` line under it) or
    ``segment`` (one choice of a segmented control; ``active`` when chosen) or
    ``toggle`` (on or off, like notes mode: filled with the accent while ``active``).
    """

    key: str
    label: str
    kind: str = "normal"
    rect: Rect = field(default_factory=lambda: Rect(0, 0, 0, 0))
    enabled: bool = True
    active: bool = False
    sub: str = ""
    dim: bool = False

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


def button_at(buttons: Iterable[Button], pos: tuple[int, int]) -> Button | None:
    for b in buttons:
        if b.hit(pos):
            return b
    return None


def grid_layout(
    area: Rect, count: int, columns: int, gap: int, row_height: int | None = None
) -> list[Rect]:
    """``count`` rectangles in rows of ``columns`` filling ``area``'s width."""
    rows = max(1, -(-count // columns))
    w = (area.w - gap * (columns - 1)) / columns
    h = row_height if row_height is not None else (area.h - gap * (rows - 1)) / rows
    out = []
    for i in range(count):
        r, c = divmod(i, columns)
        x = area.x + round(c * (w + gap))
        y = area.y + round(r * (h + gap))
        x2 = area.x + round(c * (w + gap) + w)
        out.append(Rect(x, y, x2 - x, round(h)))
    return out


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """Where a board's cells are: whole-pixel cells of side ``cell`` from ``rect``."""

    shape: Shape
    rect: Rect
    cell: int

    def cell_rect(self, cell: int) -> Rect:
        r, c = divmod(cell, self.shape.n)
        return Rect(self.rect.x + c * self.cell, self.rect.y + r * self.cell, self.cell, self.cell)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The cell under a point, or None outside the board."""
        x, y = pos[0] - self.rect.x, pos[1] - self.rect.y
        n = self.shape.n
        if self.cell <= 0 or not (0 <= x < self.cell * n and 0 <= y < self.cell * n):
            return None
        return (y // self.cell) * n + x // self.cell


def fit_board(area: Rect, shape: Shape) -> BoardGeometry:
    """The largest board with whole-pixel cells that fits ``area``, centred."""
    cell = max(1, min(area.w, area.h) // shape.n)
    side = cell * shape.n
    return BoardGeometry(shape, Rect.centered(side, side, area.center), cell)


@dataclass(slots=True)
class Dirty:
    """What changed since the last frame."""

    all: bool = True
    board: bool = False
    header: bool = False
    buttons: set[str] = field(default_factory=set)
    #: The screen under an open dialog changed (a setting): draw it again, not the copy.
    backdrop: bool = False

    @property
    def any(self) -> bool:
        return self.all or self.board or self.header or bool(self.buttons) or self.backdrop

    def clear(self) -> None:
        self.all = self.board = self.header = self.backdrop = False
        self.buttons.clear()


# --- the game window ---------------------------------------------------------------------

#: The main screen's buttons: (key, label), in their groups.
TOOLS = [
    ("undo", "Undo"),
    ("redo", "Redo"),
    ("notes", "Notes"),
    ("auto", "Auto-notes"),
    ("hint", "Hint"),
    ("check", "Check"),
]
ACTIONS = [
    ("new", "New game"),
    ("restart", "Restart"),
    ("custom", "Your puzzle"),
    ("solve", "Solve"),
    ("print", "Print…"),
    ("copy", "Copy"),
    ("stats", "Statistics"),
    ("help", "Help"),
]
#: Rows of action buttons in the wide layout (two columns) and in the tall one (three).
_ACTION_ROWS = -(-len(ACTIONS) // 2)
_ACTION_ROWS_TALL = -(-len(ACTIONS) // 3)
_ROW_H = 40  # button height in the tall (portrait) layout


#: The window a board size opens in, in interface pixels: 16×16 gets a bigger one, so its
#: notes are at least 10 pixels high.
NATURAL = {16: (1300, 960)}
NATURAL_DEFAULT = (1100, 740)


def natural_window(n: int) -> tuple[int, int]:
    return NATURAL.get(n, NATURAL_DEFAULT)


def interface_scale(size: tuple[int, int], n: int, scale: float) -> float:
    """Window pixels per interface pixel: the display's ``scale``, grown or shrunk a
    little with the window, so a big window gets bigger text and a small one still fits."""
    nw, nh = natural_window(n)
    if size[0] < size[1] * 1.05:  # a tall window: the board on top, the controls under it
        nw, nh = nh, nw
    fit = min(size[0] / (nw * scale), size[1] / (nh * scale))
    return scale * max(0.7, min(1.5, fit))


@dataclass(slots=True)
class Layout:
    """The main screen at one window size: its areas, its buttons and the board."""

    size: tuple[int, int]
    #: Window pixels per interface pixel (the display's density, the window's size).
    scale: float
    header: Rect
    board_area: Rect
    panel: Rect
    status: Rect
    wide: bool
    #: Show the name "sudokit" in the header (there is room for it).
    show_name: bool
    board: BoardGeometry
    #: The panel's and header's buttons (tools, number pad, erase, actions, pause, errors).
    buttons: list[Button]
    #: The card over the board (paused, making a puzzle) and its buttons.
    card: Rect
    resume: Button
    cancel_new: Button
    #: The font size of the row and column labels round the board (0: none shown).
    labels: int = 0

    def button(self, key: str) -> Button:
        return next(b for b in self.buttons if b.key == key)

    def px(self, v: float) -> int:
        """``v`` interface pixels in window pixels."""
        return round(v * self.scale)


def overlay_card(area: Rect, k: float = 1.0) -> Rect:
    """The card shown over the board (paused, making a puzzle)."""
    w, h = round(420 * k), round(190 * k)
    return Rect.centered(min(w, area.w - 20), min(h, area.h - 20), area.center)


def board_labels(area: Rect, n: int, k: float) -> tuple[int, int]:
    """Row and column labels round a board in ``area``: their font size and the margin
    they take left of the board and above it (the board keeps the area's lower right
    corner, level with the panel)."""
    cell = min(area.w, area.h) / n
    font = round(max(10 * k, min(15 * k, cell * 0.3)))
    wide = 1.9 if n >= 10 else 1.3  # "r16" or "r9" beside a row
    return font, round(font * wide + 4 * k)


def _after_labels(area: Rect, margin: int) -> Rect:
    """Where the board goes in ``area`` when its labels take ``margin`` on the left and
    at the top: the lower right square that is left."""
    side = max(1, min(area.w, area.h) - margin)
    return Rect(area.right - side, area.bottom - side, side, side)


def compute_layout(
    size: tuple[int, int], n: int, scale: float = 1.0, *, labels: bool = False
) -> Layout:
    """The main screen of a ``size`` window for an ``n``×``n`` board; ``scale``: the
    display's pixels per interface pixel."""
    w, h = size
    k = interface_scale(size, n, scale)

    def px(v: float) -> int:
        return round(v * k)

    margin = max(px(12), min(px(28), min(w, h) // 30))
    header_h, status_h = (px(64), px(40)) if h >= px(560) else (px(50), px(34))
    top, bottom = header_h, h - status_h
    content_h = max(100, bottom - top - px(8))
    wide = w >= h * 1.05
    if wide:
        panel_w = max(px(240), min(px(380), int(w * 0.30)))
        side = max(100, min(content_h, w - panel_w - 3 * margin))
        x0 = max(margin, (w - side - margin - panel_w) // 2)
        board_area = Rect(x0, top, side, side)
        panel = Rect(board_area.right + margin, top, panel_w, side)
        header = Rect(x0, 0, panel.right - x0, header_h)
    else:
        # Tall window: the board on top, the controls in rows under it.
        pad_rows = 1 if n <= 9 else 2
        rows = pad_rows + max(2, _ACTION_ROWS_TALL)
        panel_h = px(rows * _ROW_H + (rows - 1) * 8 + 8)
        side = max(100, min(w - 2 * margin, content_h - panel_h - margin))
        panel_w = max(side, min(w - 2 * margin, px(640)))
        board_area = Rect((w - side) // 2, top, side, side)
        panel = Rect((w - panel_w) // 2, board_area.bottom + margin, panel_w, panel_h)
        header = Rect(panel.x, 0, panel.w, header_h)
    status = Rect(header.x, h - status_h, header.w, status_h)
    buttons = _panel_buttons(panel, wide, Shape.of(n), k)
    # The header holds, from the left, the mark, the name (when there is room) and
    # the size/level chip; from the right, settings, pause, timer, mistakes and the
    # errors setting, which moves to the status line when the window is too narrow.
    cy = header.centery
    settings = Button(
        "settings", "", "ghost", Rect(header.right - px(40), cy - px(18), px(40), px(36))
    )
    pause = Button("pause", "", "ghost", settings.rect.move(-px(44), 0))
    show_name = header.w >= px(700)
    left_end = header.x + px(26 + (120 if show_name else 0) + 16 + 150)
    check_w = px(168)
    check_x = pause.rect.x - px(100 + 110) - check_w
    if check_x >= left_end + px(8):
        checking_rect = Rect(check_x, cy - px(16), check_w, px(32))
    else:
        checking_rect = Rect(
            status.right - px(96) - check_w, status.centery - px(13), check_w, px(30)
        )
    checking = Button("checking", "", "ghost", checking_rect)
    card = overlay_card(board_area, k)
    font_l, margin_l = board_labels(board_area, n, k) if labels else (0, 0)
    under = Rect.centered(px(150), px(42), (card.centerx, card.bottom - px(20 + 21)))
    return Layout(
        size=(w, h),
        scale=k,
        header=header,
        board_area=board_area,
        panel=panel,
        status=status,
        wide=wide,
        show_name=show_name,
        board=fit_board(_after_labels(board_area, margin_l), Shape.of(n)),
        buttons=[*buttons, pause, settings, checking],
        card=card,
        resume=Button("resume", "Resume", "primary", under),
        cancel_new=Button("cancel-new", "Cancel", "normal", under),
        labels=font_l,
    )


def _panel_buttons(p: Rect, wide: bool, shape: Shape, k: float) -> list[Button]:
    def px(v: float) -> int:
        return round(v * k)

    n = shape.n
    tools = [Button(k, t, "toggle" if k == "notes" else "normal") for k, t in TOOLS]
    pad = [Button(f"digit:{d}", shape.symbols[d - 1], "digit") for d in range(1, n + 1)]
    erase = Button("erase", "Erase")
    actions = [Button(k, t, "primary" if k == "new" else "normal") for k, t in ACTIONS]
    gap = px(10)
    if wide:
        pad_cols = shape.box_cols if n != 6 else 3
        pad_rows = -(-n // pad_cols)
        g8 = px(8)
        # Natural sizes, scaled together with the panel's height (the board's).
        pad_w = (p.w - g8 * (pad_cols - 1)) / pad_cols
        natural = (
            px((2 + _ACTION_ROWS) * 42 + 36 + 2 * 18 + 8 + pad_rows * 60) + (_ACTION_ROWS + 1) * gap
        )
        f = max(0.6, min(1.3, p.h / natural))
        tool_h = action_h = round(px(42) * f)
        erase_h, section, gap = round(px(36) * f), round(px(18) * f), max(4, round(gap * f))
        # The number pad takes what the fixed rows leave, keys no taller than wide.
        actions_h = _ACTION_ROWS * action_h + (_ACTION_ROWS - 1) * gap
        fixed = 2 * tool_h + gap + section + g8 + erase_h + section + actions_h
        row = min(pad_w * 0.9, (p.h - fixed - g8 * (pad_rows - 1)) / pad_rows)
        pad_h = round(max(px(24), row) * pad_rows + g8 * (pad_rows - 1))
        y = p.y
        _place(tools, _tool_rects(Rect(p.x, y, p.w, 2 * tool_h + gap), tools, gap))
        y += 2 * tool_h + gap + section
        _place(pad, grid_layout(Rect(p.x, y, p.w, pad_h), n, pad_cols, g8))
        y += pad_h + g8
        erase.rect = Rect(p.x, y, p.w, erase_h)
        # The game actions sit at the bottom, level with the board's lower edge.
        y = max(y + erase_h + section, p.bottom - actions_h)
        _place(actions, grid_layout(Rect(p.x, y, p.w, actions_h), len(actions), 2, gap))
    else:
        row_h, small = px(_ROW_H), px(8)
        per_row = n if n <= 9 else -(-n // 2)
        rows = -(-n // per_row)
        erase_w = px(96)
        g6 = px(6)
        pad_area = Rect(p.x, p.y, p.w - erase_w - small, rows * row_h + (rows - 1) * g6)
        _place(pad, grid_layout(pad_area, n, per_row, g6))
        erase.rect = Rect(pad_area.right + small, p.y, erase_w, row_h)
        y = pad_area.bottom + small + small
        # Tools on the left, actions on the right, the width shared by their labels.
        inner, wt, wa = p.w - 2 * small, _label_weight(tools), _label_weight(actions)
        tools_w = round(inner * wt / (wt + wa))
        _place(tools, _tool_rects(Rect(p.x, y, tools_w, 2 * row_h + small), tools, small))
        rows = _ACTION_ROWS_TALL
        actions_w = inner - tools_w
        area = Rect(p.right - actions_w, y, actions_w, rows * row_h + (rows - 1) * small)
        _place(actions, _tool_rects(area, actions, small))
    return [*tools, *pad, erase, *actions]


def _label_weight(buttons: Sequence[Button]) -> int:
    """The widest row of three of ``buttons``, in letters (as :func:`_tool_rects` counts)."""
    return max(sum(len(b.label) + 3 for b in buttons[i : i + 3]) for i in range(0, len(buttons), 3))


def _tool_rects(area: Rect, tools: Sequence[Button], gap: int) -> list[Rect]:
    """The buttons in rows of three filling ``area``, each row shared out by the length
    of its labels: "Auto-notes" or "Your puzzle" gets the room to be read whole in a
    small window."""
    rows = -(-len(tools) // 3)
    h = (area.h - gap * (rows - 1)) / rows
    out = []
    for r in range(rows):
        row = tools[3 * r : 3 * r + 3]
        weights = [len(b.label) + 3 for b in row]  # + 3: the label's margins, in letters
        unit = (area.w - gap * (len(row) - 1)) / sum(weights)
        x, y = float(area.x), area.y + round(r * (h + gap))
        for weight in weights:
            right = x + weight * unit
            out.append(Rect(round(x), y, round(right) - round(x), round(h)))
            x = right + gap
    return out


def _place(buttons: Sequence[Button], rects: Sequence[Rect]) -> None:
    for b, r in zip(buttons, rects, strict=True):
        b.rect = r
