"""The game's Copy, Print and SudokuWiki link, without a window."""

from __future__ import annotations

import io

import pytest

from sudokit import generate, parse
from sudokit.formats import parse_hodoku, parse_link, parse_pencilmarks, parse_position
from sudokit.game import Session
from sudokit.game.exchange import COPY_FORMATS, copy_text, position_of, sudokuwiki_link

PUZZLE = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"


def _session() -> Session:
    session = Session.new(parse(PUZZLE))
    # r1c2 is 6 in the solution; a note 4 and 7 in r1c3.
    solution = session.state.solution
    assert session.play(f"s r1c2 {solution.cells[1]}")
    assert session.play("n r1c3 7")
    assert session.play("n r1c3 8")
    return session


def test_position_of_a_game() -> None:
    session = _session()
    position = position_of(session.state)
    assert position.givens == parse(PUZZLE)
    assert position.placed == session.state.board
    assert position.candidates is not None and position.candidates[2] == (1 << 6) | (1 << 7)
    assert position_of(Session.new(parse(PUZZLE)).state).placed is None


def test_every_copy_format_reads_back() -> None:
    state = _session().state
    for fmt in COPY_FORMATS:
        text = copy_text(state, fmt)
        assert parse_position(text).givens.fits(state.solution), fmt
    # The formats that hold progress keep it.
    hodoku = parse_hodoku(copy_text(state, "hodoku"))
    assert hodoku.placed == state.board
    pm = parse_pencilmarks(copy_text(state, "pencilmarks"))
    assert pm.givens == state.board
    assert pm.candidates is not None and pm.candidates[2] == state.notes[2]


def test_sudokuwiki_link_is_the_board_as_it_stands() -> None:
    state = _session().state
    link = sudokuwiki_link(state)
    assert link.startswith("https://www.sudokuwiki.org/sudoku.htm?bd=")
    assert parse_link(link) == state.board
    small = Session.new(generate(4, seed=1)).state
    with pytest.raises(ValueError, match=r"9×9 puzzles only"):
        sudokuwiki_link(small)


def test_print_the_game_and_a_new_book() -> None:
    pypdf = pytest.importorskip("pypdf")
    from sudokit.render import pdf

    state = _session().state
    out = io.BytesIO()
    info = pdf.write_book([pdf.game_entry(state)], out, per_page=1, candidates=True)
    assert (info.puzzles, info.pages) == (1, 2)
    text = "".join(pypdf.PdfReader(out).pages[0].extract_text().split())
    # Givens in bold, the player's digit in blue, the notes 7 and 8 as candidates.
    assert str(state.solution.cells[1]) in text and "78" in text
    out = io.BytesIO()
    entries = pdf.generated_entries(3, 6, difficulty="easy", seed=5)
    info = pdf.write_book(entries, out, title="Six")
    assert info.puzzles == 3
    first = pypdf.PdfReader(out).pages[0].extract_text()
    assert "Six" in first and "easy" in first
