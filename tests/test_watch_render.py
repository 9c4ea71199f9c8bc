"""Pictures: still PNG/SVG boards and GIFs of traced solves."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

PIL = pytest.importorskip("PIL")
from PIL import Image  # noqa: E402

import sudokit  # noqa: E402
from sudokit import parse  # noqa: E402
from sudokit.render import render_gif, render_png, render_svg  # noqa: E402
from sudokit.render.animation import sample_points  # noqa: E402

FAMOUS = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = ".7..89.2..52.41..3..6.2517..89...5373.1.57.8......8.4.6.4.937.2...5..6......76..."
SMALL = "4..1..2..4..1..2"


def test_png_of_puzzle_solution_and_candidates(tmp_path: Path) -> None:
    grid = parse(FAMOUS)
    plain, solved, marks = tmp_path / "p.png", tmp_path / "s.png", tmp_path / "c.png"
    render_png(grid, plain)
    render_png(grid, solved, solution=True)
    render_png(grid, marks, candidates=True)
    images = [Image.open(p) for p in (plain, solved, marks)]
    assert all(im.format == "PNG" and im.size[0] == im.size[1] >= 400 for im in images)
    # The solution adds ink; candidates add more ink than the bare puzzle.
    counts = [sum(im.convert("L").histogram()[:200]) for im in images]
    assert counts[1] > counts[0] and counts[2] > counts[0]
    # A given solution grid works too, and so does every size.
    render_png(grid, plain, solution=sudokit.solve(grid))
    for size in (4, 6, 12):
        render_png(sudokit.generate(size, seed=1), tmp_path / f"{size}.png", candidates=True)
        assert Image.open(tmp_path / f"{size}.png").size[0] > 100


def test_svg_is_plain_text_with_every_digit(tmp_path: Path) -> None:
    grid = parse(FAMOUS)
    path = tmp_path / "board.svg"
    text = render_svg(grid, path, solution=True)
    assert path.read_text(encoding="utf-8") == text
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    digits = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert len(digits) == 81
    assert "".join(d or "" for d in digits) == str(sudokit.solve(grid))
    bold = [t for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("font-weight")]
    assert len(bold) == grid.clue_count
    marks = ET.fromstring(render_svg(grid, candidates=True))
    count = sum(1 for _ in marks.iter("{http://www.w3.org/2000/svg}text"))
    expected = grid.clue_count + sum(m.bit_count() for m in grid.candidates())
    assert count == expected


def test_sample_points_are_even_and_bounded() -> None:
    assert sample_points(5, 10) == [1, 2, 3, 4, 5]
    points = sample_points(1000, 10)
    assert len(points) == 10 and points[-1] == 1000
    assert all(b - a == 100 for a, b in itertools.pairwise(points))
    assert sample_points(7, 3) == [3, 5, 7]
    assert sample_points(0, 3) == []


@pytest.mark.parametrize(
    ("algorithm", "text", "max_frames"),
    [("propagation", FAMOUS, 40), ("mrv", FAMOUS, 25), ("naive", SMALL, 200), ("dlx", EASY, 30)],
)
def test_gif_is_a_valid_animation_within_the_frame_bound(
    tmp_path: Path, algorithm: str, text: str, max_frames: int
) -> None:
    path = tmp_path / f"{algorithm}.gif"
    info = render_gif(parse(text), algorithm, path, fps=10, max_frames=max_frames)
    with Image.open(path) as im:
        assert im.format == "GIF"
        assert im.is_animated
        assert 2 <= im.n_frames <= max_frames
        assert im.n_frames <= info.frames <= max_frames
        im.seek(im.n_frames - 1)
        assert im.info["duration"] >= 1000  # the end is held
    assert info.complete and info.steps[algorithm] > 0


def test_gif_of_a_comparison_is_side_by_side(tmp_path: Path) -> None:
    path = tmp_path / "compare.gif"
    single = tmp_path / "single.gif"
    info = render_gif(parse(FAMOUS), ["mrv", "propagation"], path, max_frames=12)
    render_gif(parse(FAMOUS), "mrv", single, max_frames=12)
    assert set(info.steps) == {"mrv", "propagation"}
    with Image.open(path) as both, Image.open(single) as one:
        assert both.size[0] > 2 * one.size[0] - 40 and both.size[1] == one.size[1]
        assert both.n_frames <= 12


def test_gif_stops_at_max_steps(tmp_path: Path) -> None:
    info = render_gif(parse(FAMOUS), "naive", tmp_path / "n.gif", max_frames=5, max_steps=500)
    assert not info.complete and info.steps["naive"] == 500


def test_gif_rejects_bad_arguments(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="max_frames"):
        render_gif(parse(SMALL), "mrv", tmp_path / "x.gif", max_frames=1)
    with pytest.raises(ValueError, match="unknown algorithm"):
        render_gif(parse(SMALL), "nope", tmp_path / "x.gif")


def test_gif_reports_its_progress(tmp_path: Path) -> None:
    from sudokit.watch import registry

    heard: list[tuple[str, int, int | None]] = []
    cap = 2 * registry.PROGRESS_EVERY + 7
    info = render_gif(
        parse(FAMOUS),
        ["naive", "mrv"],
        tmp_path / "p.gif",
        max_frames=6,
        max_steps=cap,
        progress=lambda what, done, total: heard.append((what, done, total)),
    )
    naive = [(d, t) for w, d, t in heard if w == "naive steps"]
    assert naive == [(registry.PROGRESS_EVERY, cap), (2 * registry.PROGRESS_EVERY, cap), (cap, cap)]
    assert ("mrv steps", info.steps["mrv"], cap) in heard
    frames = [(d, t) for w, d, t in heard if w == "frames"]
    assert frames == [(k, info.frames - 1) for k in range(1, info.frames)]
    assert not info.complete and info.steps["naive"] == cap
