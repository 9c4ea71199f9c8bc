"""PDF books read back with pypdf, and the ``print`` and ``convert`` commands."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokit import Grid, generate, parse, solve
from sudokit.cli import main
from sudokit.formats import format_line, format_position, read_puzzles
from sudokit.geometry import SIZES

pypdf = pytest.importorskip("pypdf")
pdf = pytest.importorskip("sudokit.render.pdf")

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def _pages(data: bytes) -> list[str]:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [page.extract_text() or "" for page in reader.pages]


def _compact(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _symbols(grid: Grid) -> str:
    return "".join(grid.shape.symbols[v - 1] for v in grid.cells if v)


def _book(entries: list[pdf.BookEntry], **kw: object) -> tuple[bytes, pdf.BookInfo]:
    out = io.BytesIO()
    info = pdf.write_book(entries, out, **kw)  # type: ignore[arg-type]
    return out.getvalue(), info


@pytest.mark.parametrize("size", SIZES)
def test_every_size_prints_its_digits_and_solutions(size: int) -> None:
    grids = [generate(size, seed=s) for s in (1, 2)]
    entries = [pdf.book_entry(g, grade=size <= 9) for g in grids]
    data, info = _book(entries, per_page=1, title=f"Book {size}")
    texts = _pages(data)
    # One puzzle per page, then the solutions on their own pages.
    assert info.puzzles == 2
    assert len(texts) == info.pages == 2 + info.solution_pages
    for grid, text in zip(grids, texts, strict=False):
        assert f"Book {size}" in text
        # The givens, row by row, as text (vector digits, not a picture).
        assert _symbols(grid) in _compact(text)
    solution_text = _compact("".join(texts[2:]))
    for grid in grids:
        solution = solve(grid)
        assert solution is not None
        # The givens (bold), then the digits found, each in reading order.
        found = Grid(grid.shape, [s if not g else 0 for g, s in zip(grid, solution, strict=True)])
        assert _symbols(grid) + _symbols(found) in solution_text


def test_page_size_count_and_numbering() -> None:
    entries = [pdf.book_entry(generate(9, seed=s)) for s in range(10)]
    data, info = _book(entries, per_page=4, paper="letter")
    reader = pypdf.PdfReader(io.BytesIO(data))
    box = reader.pages[0].mediabox
    assert (round(float(box.width), 2), round(float(box.height), 2)) == LETTER
    # 10 puzzles at 4 a page: 3 pages; 10 solutions at 12 a page: 1 page.
    assert (info.pages, info.solution_pages) == (4, 1)
    assert len(reader.pages) == 4
    first = reader.pages[0].extract_text()
    assert re.search(r"1\s*·\s*(easy|medium|hard|expert|extreme)\s*·\s*\d+\.\d", first)
    data, info = _book(entries[:3], per_page=1, solutions=False)
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == info.pages == 3 and info.solution_pages == 0
    box = reader.pages[0].mediabox
    assert (round(float(box.width), 2), round(float(box.height), 2)) == A4


def test_layouts_keep_digits_large() -> None:
    for size in SIZES:
        for per_page in pdf.PER_PAGE:
            if per_page > {12: 4, 16: 2}.get(size, 6):
                with pytest.raises(ValueError, match=r"at most [24] per page"):
                    pdf.plan(size, per_page)
                continue
            layout = pdf.plan(size, per_page)
            assert layout.per_page == per_page
            assert layout.digit >= 12  # readable in every layout offered
    assert pdf.plan(9, None, large_print=True).digit >= pdf.LARGE_PRINT_PT
    with pytest.raises(ValueError, match=r"at most 4 per page fits"):
        pdf.plan(9, 6, "letter", large_print=True)
    assert pdf.plan(16, 1, large_print=True).digit >= 16


def test_candidates_and_progress_are_drawn() -> None:
    grid = parse("1...........4..3")
    placed = grid.with_cell(1, 3)
    entry = pdf.BookEntry(grid, "in progress", solve(grid), placed, None)
    data, _ = _book([entry], per_page=1, candidates=True, solutions=False)
    text = _compact(_pages(data)[0])
    masks = placed.candidates()
    # Every candidate of every empty cell is printed, as text, after the digits.
    expected = "".join("".join(str(d) for d in range(1, 5) if m >> (d - 1) & 1) for m in masks if m)
    # Givens in bold, then the placed 3 in blue, then the candidates.
    assert "143" + "3" + expected in text


def test_same_book_same_bytes() -> None:
    entries = [pdf.book_entry(generate(9, seed=s)) for s in range(3)]
    assert _book(entries)[0] == _book(entries)[0]


@pytest.mark.parametrize("count", [30, pytest.param(1000, marks=pytest.mark.slow)])
def test_a_book_streams_in_bounded_memory(count: int) -> None:
    # A book is drawn as its entries come (each one drawn before the next is asked for);
    # the 1,000-puzzle book (with the long sweeps, ``make test-slow``) also bounds memory.
    import tracemalloc

    grid = generate(9, seed=4)
    solution = solve(grid)
    made = 0
    events: list[str] = []

    class Sink(io.RawIOBase):
        """Counts the bytes written; keeps none of them."""

        written = 0

        def writable(self) -> bool:
            return True

        def write(self, data: bytes) -> int:  # type: ignore[override]
            Sink.written += len(data)
            return len(data)

    def entries():  # type: ignore[no-untyped-def]
        nonlocal made
        for _ in range(count):
            made += 1
            events.append("made")
            yield pdf.BookEntry(grid, "easy", solution)

    tracemalloc.start()
    try:
        info = pdf.write_book(entries(), Sink(), per_page=6, tick=lambda: events.append("drawn"))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert made == count
    assert events == ["made", "drawn"] * count
    # Six puzzles to a page, twelve solutions to a page at the back.
    assert info.puzzles == count and info.pages == -(-count // 6) + -(-count // 12)
    assert Sink.written > 0
    # Entries are not kept: the whole book peaks at a few MiB of Python objects (about
    # 8 MiB measured; pages wait in reportlab until the file is assembled).
    assert peak < 48 * 2**20


# --- the commands -----------------------------------------------------------------------------


def run(*args: str, input: str | None = None) -> object:
    return CliRunner().invoke(main, list(args), input=input)


def test_print_generated_book(tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    result = run(
        "print", "-n", "5", "--seed", "7", "--difficulty", "easy", "-o", str(out),
        "--title", "Five", "--per-page", "2",
    )  # fmt: skip
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    texts = _pages(out.read_bytes())
    assert len(texts) == 3 + 1
    assert all("Five" in t for t in texts)
    for i in range(5):
        puzzle = generate(9, seed=7 + i, difficulty="easy")
        assert _symbols(puzzle) in _compact("".join(texts[:3]))
    assert "easy" in texts[0]


def test_print_from_a_file_with_a_bad_line(tmp_path: Path) -> None:
    src = tmp_path / "p.sdm"
    good = format_line(generate(9, seed=3), empty="0")
    src.write_text(good + "\n" + "1" * 80 + "\n", encoding="utf-8")
    out = tmp_path / "out.pdf"
    result = run("print", "-f", str(src), "-o", str(out), "--no-solutions")
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert "line 2: 80 cells: a puzzle has" in result.output  # type: ignore[attr-defined]
    assert len(_pages(out.read_bytes())) == 1


def test_print_refuses_what_cannot_be_laid_out(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    out.write_bytes(b"keep me")
    result = run("print", "-n", "2", "--size", "16", "--per-page", "4", "-o", str(out))
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert "at most 2 per page" in result.output  # type: ignore[attr-defined]
    assert out.read_bytes() == b"keep me"


def test_convert_round_trips_through_every_format(tmp_path: Path) -> None:
    grids = [generate(9, seed=s) for s in range(3)]
    src = tmp_path / "in.txt"
    src.write_text("".join(format_line(g) + "\n" for g in grids), encoding="utf-8")
    for fmt in ("sdm", "hodoku", "json", "csv", "pretty", "sudokuwiki", "sudokuexchange"):
        out = tmp_path / f"out-{fmt}"
        result = run("convert", "-f", str(src), "--to", fmt, "-o", str(out))
        assert result.exit_code == 0, (fmt, result.output)  # type: ignore[attr-defined]
        kind = {"pretty": "line", "sudokuwiki": "link", "sudokuexchange": "link"}.get(fmt, fmt)
        assert [r.grid for r in read_puzzles(out, format=kind)] == grids, fmt
        back = run("convert", "-f", str(out), "--from", kind)
        assert back.output.split() == [format_line(g) for g in grids]  # type: ignore[attr-defined]


def test_convert_by_output_name_and_one_puzzle_formats(tmp_path: Path) -> None:
    grid = generate(9, seed=9)
    out = tmp_path / "one.sdk"
    result = run("convert", format_position(grid, "sudokuwiki"), "-o", str(out))
    assert result.exit_code == 0  # type: ignore[attr-defined]
    assert out.read_text().startswith("[Puzzle]\n")
    assert [r.grid for r in read_puzzles(out)] == [grid]
    src = tmp_path / "two.txt"
    src.write_text(format_line(grid) + "\n" + format_line(grid) + "\n")
    target = tmp_path / "two.ss"
    result = run("convert", "-f", str(src), "-o", str(target))
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert "holds one puzzle" in result.output  # type: ignore[attr-defined]
    assert not target.exists()  # nothing half-written


def test_solve_reads_the_exchange_formats(tmp_path: Path) -> None:
    grid = generate(9, seed=11)
    src = tmp_path / "p.sdk"
    src.write_text(format_position(grid, "sdk"))
    result = run("solve", "-f", str(src))
    solution = solve(grid)
    assert solution is not None
    assert result.output.strip() == format_line(solution)  # type: ignore[attr-defined]
    result = run("solve", format_position(grid, "hodoku"))
    assert result.output.strip() == format_line(solution)  # type: ignore[attr-defined]


def test_print_never_overwrites_unasked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sudoku.pdf").write_bytes(b"mine")
    result = run("print", "-n", "1", "--seed", "2", "--size", "4", "--no-rating")
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    assert (tmp_path / "sudoku.pdf").read_bytes() == b"mine"
    assert (tmp_path / "sudoku-2.pdf").read_bytes().startswith(b"%PDF")
    assert "sudoku-2.pdf" in result.output  # type: ignore[attr-defined]
