"""Colours: both themes read at WCAG contrast 4.5:1 or more; the system's choice is
followed; the board hides its marks when paused and keeps Check's mark under the cursor."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from sudokit.geometry import Shape
from sudokit.gui.board import MIN_NOTE, BoardView, draw_board, note_layout
from sudokit.gui.layout import Rect, compute_layout, natural_window
from sudokit.gui.settings import resolve_theme, system_prefers_dark
from sudokit.gui.theme import DARK, LIGHT, THEMES, Theme, contrast

#: Every colour a digit or a note is drawn in, and every background a cell can have.
CELL_TEXT = ["given", "entry", "note", "note_match", "error", "revealed"]
CELL_BACKGROUNDS = [
    "surface",
    "tint_peer",
    "tint_same",
    "tint_selected",
    "tint_conflict",
    "tint_hint",
    "tint_hint_soft",
    "tint_check",
    "shade",
]
#: Text of the interface on what it is drawn on.
UI_TEXT = [
    ("text", "background"),
    ("text", "surface"),
    ("text", "button"),
    ("text", "button_hover"),
    ("text", "button_pressed"),
    ("muted", "background"),
    ("muted", "surface"),
    ("muted", "button"),
    ("faint", "background"),
    ("faint", "button"),
    ("accent_text", "accent"),
    ("accent_dark", "chip"),
    ("accent_dark", "tint_same"),
    ("error", "background"),
    ("success", "background"),
]


def test_contrast_matches_wcag() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert contrast((10, 20, 30), (10, 20, 30)) == 1.0


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=lambda t: t.name)
def test_every_cell_state_reads_at_4_5_to_1(theme: Theme) -> None:
    low = [
        (text, bg, round(contrast(getattr(theme, text), getattr(theme, bg)), 2))
        for text in CELL_TEXT
        for bg in CELL_BACKGROUNDS
        if contrast(getattr(theme, text), getattr(theme, bg)) < 4.5
    ]
    assert low == []


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=lambda t: t.name)
def test_interface_text_reads_at_4_5_to_1(theme: Theme) -> None:
    low = [
        (a, b, round(contrast(getattr(theme, a), getattr(theme, b)), 2))
        for a, b in UI_TEXT
        if contrast(getattr(theme, a), getattr(theme, b)) < 4.5
    ]
    assert low == []


def test_themes_are_light_and_dark() -> None:
    assert THEMES == {"light": LIGHT, "dark": DARK}
    assert contrast(DARK.background, (0, 0, 0)) < contrast(LIGHT.background, (0, 0, 0))


def test_the_system_theme_is_followed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_THEME", "dark")
    assert system_prefers_dark() is True
    monkeypatch.setenv("SUDOKIT_THEME", "light")
    assert system_prefers_dark() is False
    monkeypatch.delenv("SUDOKIT_THEME")
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("GTK_THEME", "Adwaita:dark")
    assert system_prefers_dark() is True
    monkeypatch.setenv("GTK_THEME", "Adwaita")
    assert system_prefers_dark() is False
    assert resolve_theme("system", True) == "dark"
    assert resolve_theme("system", None) == "light"
    assert resolve_theme("light", True) == "light"


# --- the board --------------------------------------------------------------------------


def _pixels(surface: pygame.Surface, rect: Rect, color: tuple[int, int, int]) -> int:
    r = pygame.Rect(rect).inflate(-4, -4)
    return sum(
        1
        for x in range(r.x, r.right)
        for y in range(r.y, r.bottom)
        if tuple(surface.get_at((x, y)))[:3] == color
    )


@pytest.fixture()
def surface() -> pygame.Surface:
    pygame.font.init()
    return pygame.Surface((460, 460))


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=lambda t: t.name)
def test_a_paused_board_shows_no_mark(surface: pygame.Surface, theme: Theme) -> None:
    shape = Shape.of(4)
    digits = [1, 2, 0, 0] + [0] * 12
    marked = BoardView(shape, digits, tints={1: theme.tint_check}, mistakes={1})
    geo = draw_board(surface, Rect(0, 0, 460, 460), marked, theme)
    assert _pixels(surface, geo.cell_rect(1), theme.tint_check) > 100
    hidden = BoardView(shape, digits, tints={1: theme.tint_check}, mistakes={1}, hidden=True)
    draw_board(surface, Rect(0, 0, 460, 460), hidden, theme)
    assert _pixels(surface, geo.cell_rect(1), theme.tint_check) == 0
    assert _pixels(surface, geo.cell_rect(1), theme.error) == 0


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=lambda t: t.name)
def test_checks_mark_shows_under_the_cursor(surface: pygame.Surface, theme: Theme) -> None:
    shape = Shape.of(4)
    digits = [1, 2, 0, 0] + [0] * 12
    view = BoardView(shape, digits, selected=1, tints={1: theme.tint_check}, mistakes={1})
    geo = draw_board(surface, Rect(0, 0, 460, 460), view, theme)
    box = geo.cell_rect(1)
    assert _pixels(surface, box, theme.tint_check) > 100, "the mark's colour, not the cursor's"
    assert _pixels(surface, box, theme.error) > 10, "the digit in red"
    assert _pixels(surface, box, theme.accent) > 20, "the cursor as an outline"


# --- big boards ---------------------------------------------------------------------------


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_sixteen_notes_are_at_least_10_pixels_in_their_window(scale: float) -> None:
    w, h = natural_window(16)
    layout = compute_layout((round(w * scale), round(h * scale)), 16, scale)
    positional, size, _, _ = note_layout(layout.board.cell, Shape.of(16))
    assert positional and size >= MIN_NOTE * scale * 0.99


@pytest.mark.parametrize("cell", range(18, 60, 3))
def test_small_sixteen_cells_switch_to_readable_compact_notes(cell: int) -> None:
    positional, size, cols, rows = note_layout(cell, Shape.of(16))
    assert size >= MIN_NOTE
    if not positional:
        assert cols * rows >= 2, "room for a note and the sign of more"


# --- buttons in every state ---------------------------------------------------------------

BUTTON_KINDS = ["normal", "primary", "ghost", "digit", "segment", "toggle"]
#: (hover, pressed): at rest, under the mouse, held down (with or without the mouse on it).
BUTTON_STATES = [(False, False), (True, False), (True, True), (False, True)]


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=lambda t: t.name)
def test_every_button_reads_at_4_5_to_1_at_rest_hovered_and_pressed(theme: Theme) -> None:
    from sudokit.gui.layout import Button
    from sudokit.gui.widgets import button_colors

    low = []
    for kind in BUTTON_KINDS:
        for on in (False, True):
            b = Button("b", "Label", kind, active=on, sub="3 left" if kind == "digit" else "")
            for hover, pressed in BUTTON_STATES:
                colors = button_colors(b, theme, hover=hover, pressed=pressed)
                under = colors.fill if colors.fill is not None else theme.background
                lines = [("text", colors.text)] + ([("sub", colors.sub)] if b.sub else [])
                for what, ink in lines:
                    ratio = contrast(ink, under)
                    if ratio < 4.5:
                        low.append((kind, on, hover, pressed, what, round(ratio, 2)))
    assert low == []


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=lambda t: t.name)
@pytest.mark.parametrize("kind", BUTTON_KINDS)
def test_buttons_are_drawn_in_the_colours_that_were_checked(kind: str, theme: Theme) -> None:
    from sudokit.gui.layout import Button
    from sudokit.gui.widgets import button_colors, draw_button

    pygame.font.init()
    surface = pygame.Surface((200, 80))
    b = Button("b", "", kind, Rect(10, 10, 180, 60))
    for hover, pressed in BUTTON_STATES:
        surface.fill(theme.background)
        draw_button(surface, b, theme, hover=hover, pressed=pressed)
        fill = button_colors(b, theme, hover=hover, pressed=pressed).fill
        assert tuple(surface.get_at((100, 40)))[:3] == (fill or theme.background)
