"""Print and share in the game, played on the controller without pygame: the dialog,
PDFs of the game and of a new book, copying in every format, the SudokuWiki link."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sudokit import generate, parse
from sudokit.formats import parse_hodoku, parse_link, parse_position
from sudokit.game import Store
from sudokit.game.exchange import COPY_FORMATS
from sudokit.grid import Grid
from sudokit.gui.controller import Controller
from sudokit.gui.dialogs import ShareDialog
from sudokit.gui.interpret import Key, KeyUp, Motion, Press, Release

PUZZLE = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")


def quick_puzzle(size: int, level: str, seed: object) -> Grid:
    return generate(size, seed=1, difficulty="easy")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_HOME", str(tmp_path / "home"))


@pytest.fixture()
def copied() -> list[str]:
    return []


@pytest.fixture()
def game(tmp_path: Path, copied: list[str]) -> Iterator[Controller]:
    store = Store()
    out = tmp_path / "pdfs"
    out.mkdir()
    yield Controller(
        store, puzzle=PUZZLE, make_puzzle=quick_puzzle, copy=copied.append, export_dir=out
    )
    store.close()


def key(c: Controller, name: str, *, ctrl: bool = False) -> None:
    c.handle(Key(name, ctrl=ctrl))
    c.handle(KeyUp(name))
    c.tick()


def click(c: Controller, name: str) -> None:
    buttons = c.dialog.buttons if c.dialog is not None else c.active_buttons()
    pos = next(b.rect.center for b in buttons if b.key == name)
    c.handle(Motion(pos))
    c.handle(Press(pos, 1))
    c.handle(Release(pos, 1))
    c.tick()


def test_print_button_opens_the_dialog_with_the_link(game: Controller) -> None:
    click(game, "print")
    dialog = game.dialog
    assert isinstance(dialog, ShareDialog)
    assert dialog.link is not None and parse_link(dialog.link) == PUZZLE
    key(game, "escape")
    assert game.dialog is None
    key(game, "p", ctrl=True)
    assert isinstance(game.dialog, ShareDialog)


def test_save_the_game_as_pdf(game: Controller, tmp_path: Path) -> None:
    pypdf = pytest.importorskip("pypdf")
    game.select(2)
    game.enter(4)
    key(game, "p", ctrl=True)
    click(game, "pdf")
    assert game.dialog is None
    files = sorted((tmp_path / "pdfs").glob("*.pdf"))
    assert [f.name for f in files] == ["sudoku-9x9-custom.pdf"]
    assert str(files[0]) in game.message and game.message_kind == "success"
    reader = pypdf.PdfReader(files[0])
    assert len(reader.pages) == 2  # the puzzle, then its solution
    text = "".join(reader.pages[0].extract_text().split())
    givens = "".join(str(v) for v in PUZZLE.cells if v)
    assert givens + "4" in text  # the givens in bold, then the player's 4 in blue
    # A second save does not overwrite the first.
    game.export_pdf()
    assert len(list((tmp_path / "pdfs").glob("*.pdf"))) == 2


def test_save_a_book_in_the_background(game: Controller, tmp_path: Path) -> None:
    pypdf = pytest.importorskip("pypdf")
    key(game, "p", ctrl=True)
    dialog = game.dialog
    assert isinstance(dialog, ShareDialog)
    click(game, "book-less")
    click(game, "book-less")
    assert dialog.book_count == 6
    click(game, "book")
    job = game.book_job
    assert job is not None
    assert "Making a book of 6" in game.message
    assert job.done.wait(60)
    game.tick()
    assert game.book_job is None
    assert game.message_kind == "success" and str(job.path) in game.message
    reader = pypdf.PdfReader(job.path)
    assert len(reader.pages) == 2 + 1  # 4 a page, then the solutions
    assert "6 9×9" in reader.pages[0].extract_text()


def test_copy_in_every_format(game: Controller, copied: list[str]) -> None:
    game.select(2)
    game.enter(4)
    key(game, "p", ctrl=True)
    seen = []
    for _ in COPY_FORMATS:
        dialog = game.dialog
        assert isinstance(dialog, ShareDialog)
        seen.append(dialog.fmt)
        click(game, "copy")  # copies, closes, and remembers the format
        assert game.copy_format == seen[-1]
        assert game.session is not None
        assert parse_position(copied[-1]).givens.fits(game.session.state.solution)
        key(game, "p", ctrl=True)
        click(game, "format")  # the next format
    assert sorted(seen) == sorted(COPY_FORMATS)
    # The format is remembered: Ctrl+C copies in it, and HoDoKu keeps the placed 4.
    key(game, "escape")
    game.copy_format = "hodoku"
    key(game, "c", ctrl=True)
    position = parse_hodoku(copied[-1])
    assert position.placed is not None and position.placed.cells[2] == 4
    assert "HoDoKu" in game.message


def test_copy_the_sudokuwiki_link(game: Controller, copied: list[str]) -> None:
    key(game, "p", ctrl=True)
    click(game, "link")
    assert parse_link(copied[-1]) == PUZZLE
    assert "SudokuWiki" in game.message


def test_nine_by_nine_only_formats_say_so(tmp_path: Path, copied: list[str]) -> None:
    store = Store()
    try:
        c = Controller(
            store,
            puzzle=generate(4, seed=2),
            make_puzzle=quick_puzzle,
            copy=copied.append,
            export_dir=tmp_path,
        )
        key(c, "p", ctrl=True)
        dialog = c.dialog
        assert isinstance(dialog, ShareDialog) and dialog.link is None
        assert not next(b for b in dialog.buttons if b.key == "link").enabled
        key(c, "escape")
        c.copy_format = "sdk"
        key(c, "c", ctrl=True)
        assert copied == []
        assert c.message_kind == "warn" and "9×9 puzzles only" in c.message
    finally:
        store.close()


def test_no_clipboard_is_said_plainly(tmp_path: Path) -> None:
    store = Store()
    try:
        c = Controller(store, puzzle=PUZZLE, make_puzzle=quick_puzzle, export_dir=tmp_path)
        key(c, "c", ctrl=True)
        assert c.message == "There is no clipboard to copy to."
    finally:
        store.close()
