"""GIF frames say the whole title and the whole sentence of each step: wrapped, never cut."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("PIL")
from PIL import Image, ImageSequence

from sudokit import parse
from sudokit.render import render_gif
from sudokit.render.animation import (
    gif_cell_size,
    panel_size,
    panel_text,
    title_lines,
)
from sudokit.render.picture import text_width, wrap_text
from sudokit.watch import Replay, trace

#: An expert 9×9 (generate(9, seed=3, difficulty="expert")) whose human path takes a
#: grouped AIC, told in a sentence of five lines on a 9×9 panel.
EXPERT = "..7..5..34..1...9.....39..2....9.7.8..9...2..6.1.5....2..68.....7...3..48..5..6.."
#: The longest title of the algorithms.
MRV_TITLE = "Backtracking, fewest candidates first"

words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789,.:()", min_size=1, max_size=30)


@settings(max_examples=60, deadline=None)
@given(st.lists(words, min_size=1, max_size=40), st.integers(min_value=60, max_value=500))
def test_wrapped_lines_fit_and_keep_every_word(parts: list[str], width: int) -> None:
    text = " ".join(parts)
    lines = wrap_text(text, 14, width)
    for line in lines:
        assert len(line) == 1 or text_width(line, 14) <= width
    # Every word is there, in order: only the spaces where a line breaks are gone.
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    # A word that fits a line is never broken inside.
    kept = " ".join(lines).split()
    for word in parts:
        if text_width(word, 14) <= width:
            assert word in kept


def _long_step() -> tuple[Replay, int]:
    """A replay of the human algorithm on EXPERT at its longest sentence, and that step."""
    grid = parse(EXPERT)
    replay = Replay(grid, "human")
    longest, at = "", 0
    for i, event in enumerate(trace(grid, "human"), 1):
        replay.apply(event)
        if len(replay.caption()) > len(longest):
            longest, at = replay.caption(), i
    replay = Replay(grid, "human")
    for event, _ in zip(trace(grid, "human"), range(at), strict=False):
        replay.apply(event)
    return replay, at


def test_a_long_sentence_is_drawn_whole() -> None:
    replay, _ = _long_step()
    cell = gif_cell_size(9)
    caption = replay.caption()
    text = panel_text(replay, cell)
    assert len(text.caption) >= 3  # far longer than a line
    assert " ".join(text.caption) == " ".join(caption.split())  # every word, in order
    assert all(text_width(line, 14) <= 9 * cell for line in text.caption)


def test_a_long_title_is_wrapped_beside_the_status() -> None:
    replay = Replay(parse(EXPERT), "mrv")
    assert replay.algorithm.title == MRV_TITLE
    lines = title_lines(replay, gif_cell_size(9))
    assert len(lines) == 2 and " ".join(lines) == MRV_TITLE


def test_the_gif_grows_to_hold_the_longest_sentence_and_title(tmp_path: Path) -> None:
    replay, at = _long_step()
    rows = len(panel_text(replay, gif_cell_size(9)).caption)
    out = tmp_path / "human.gif"
    info = render_gif(parse(EXPERT), ["mrv", "human"], out, max_frames=at + 2, max_steps=at)
    assert info.frames >= 2
    with Image.open(out) as image:
        width, height = image.size
        frames = [f.convert("RGB") for f in ImageSequence.Iterator(image)]
    pw, ph = panel_size(9, gif_cell_size(9), 2, rows)
    assert (width, height) == (2 * pw + 16, ph)
    # The last frame is at the long step: its footer holds ink on every caption line.
    last = frames[-1]
    board_bottom = ph - 96 - (rows - 1) * 18
    x0 = pw + 16 + 16
    for row in range(rows):
        top = board_bottom + 16 + row * 18
        band = last.crop((x0, top, x0 + 9 * gif_cell_size(9), top + 14))
        assert band.convert("L").getextrema()[0] < 128, f"caption line {row + 1} is empty"
