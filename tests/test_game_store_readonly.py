"""A saved-games file that can be read but not written (a read-only file system) is read:
its statistics are shown and its unfinished game offered, saving is off and said so, and
the file is never changed.

Root writes anywhere, so the read-only file system is played by SQLite's own read-only
opens: every read-write open is turned into a real ``mode=ro`` one (what SQLite does by
itself on a read-only file), or refused the way a read-only file system refuses it."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gui_support import FakeClock, quick_puzzle
from sudokit import parse
from sudokit.cli import main
from sudokit.game import Session, Store
from sudokit.gui.controller import Controller
from sudokit.gui.dialogs import MessageDialog

PUZZLE = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
_connect = sqlite3.connect


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_HOME", str(tmp_path))


def _file_with_games(tmp_path: Path) -> Path:
    """A database holding one solved Easy game and an unfinished Hard one."""
    with Store() as store:
        solved = Session.new(PUZZLE, level="easy")
        for cell in PUZZLE.empty_cells():
            r, c = divmod(cell, 9)
            solved.play(f"s r{r + 1}c{c + 1} {solved.solution.cells[cell]}")
        store.save(solved)
        unfinished = Session.new(PUZZLE, level="hard")
        unfinished.play("s r1c3 4")
        store.save(unfinished)
    path = tmp_path / "sudokit.db"
    assert path.exists() and not path.with_name("sudokit.db-wal").exists()
    return path


def _digest(folder: Path) -> dict[str, str]:
    """The database files' digests (the side files a reader of a WAL database makes
    where it can, empty of data, left out)."""
    files = [p for p in folder.iterdir() if not p.name.endswith(("-shm", "-wal"))]
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


def _read_only_file_system(
    monkeypatch: pytest.MonkeyPatch, refuse: Callable[[str], bool]
) -> list[str]:
    """Every open of a file is read-only: a read-write one becomes ``mode=ro`` (as SQLite
    falls back by itself), and the URIs ``refuse`` picks fail as on a read-only file
    system; returns the URIs opened."""
    opened: list[str] = []

    def connect(target: str, *args: Any, uri: bool = False, **kwargs: Any) -> sqlite3.Connection:
        if target == ":memory:":
            memory: sqlite3.Connection = _connect(target, *args, uri=uri, **kwargs)
            return memory
        if not uri:
            target = Path(target).resolve().as_uri() + "?mode=ro"
        opened.append(target)
        if refuse(target):
            raise sqlite3.OperationalError("unable to open database file")
        conn: sqlite3.Connection = _connect(target, *args, uri=True, **kwargs)
        return conn

    monkeypatch.setattr(sqlite3, "connect", connect)
    return opened


def _check_read_only_store(store: Store, path: Path) -> None:
    assert store.read_only and store.database == str(path)
    [notice] = store.notices
    assert notice.startswith(f"The saved-games database {path} is read-only")
    assert "saving is off" in notice
    [row] = store.stats()
    assert (row.level, row.played, row.solved) == ("easy", 1, 1)
    back = store.resume()
    assert back is not None and back.level == "hard" and back.state.entries[2] == 4
    back.play("s r1c4 6")
    store.save(back)  # kept in memory: no error, nothing written
    assert store.resume() is not None


def test_a_file_sqlite_can_only_read_is_read_and_never_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _file_with_games(tmp_path)
    before = _digest(tmp_path)
    opened = _read_only_file_system(monkeypatch, lambda uri: False)
    with Store() as store:
        _check_read_only_store(store, path)
    assert any(uri.endswith("?mode=ro") for uri in opened)
    assert _digest(tmp_path) == before


def test_a_file_whose_side_files_cannot_be_made_is_read_as_immutable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A WAL database on a read-only file system: SQLite cannot make its -shm file, so
    # only an immutable open reads it.
    path = _file_with_games(tmp_path)
    before = _digest(tmp_path)
    opened = _read_only_file_system(monkeypatch, lambda uri: "immutable=1" not in uri)
    with Store() as store:
        _check_read_only_store(store, path)
    assert opened[-1].endswith("?mode=ro&immutable=1")
    assert _digest(tmp_path) == before


def test_a_file_that_cannot_be_read_at_all_is_said_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _file_with_games(tmp_path)
    _read_only_file_system(monkeypatch, lambda uri: True)
    with Store() as store:
        assert not store.read_only and store.database == ":memory:"
        [notice] = store.notices
        assert "Cannot open" in notice and "will not be saved" in notice


def test_the_stats_command_reads_a_read_only_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _file_with_games(tmp_path)
    _read_only_file_system(monkeypatch, lambda uri: "immutable=1" not in uri)
    result = CliRunner().invoke(main, ["stats"])
    assert result.exit_code == 0, result.output
    assert "Easy" in result.stdout and str(path) in result.stdout
    assert result.stderr.startswith(f"note: The saved-games database {path} is read-only")
    assert "saving is off" in result.stderr


def test_the_game_offers_the_saved_game_and_says_saving_is_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _file_with_games(tmp_path)
    before = _digest(tmp_path)
    _read_only_file_system(monkeypatch, lambda uri: "immutable=1" not in uri)
    store = Store()
    try:
        game = Controller(store, clock=FakeClock(), make_puzzle=quick_puzzle)
        assert game.session is not None and game.session.level == "hard"
        assert "read-only" in game.message and "saving is off" in game.message
        assert isinstance(game.dialog, MessageDialog)
    finally:
        store.close()
    assert _digest(tmp_path) == before
