"""Saved games and statistics: round trips, crashes, damaged and foreign files."""

from __future__ import annotations

import hashlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from sudokit import SaveFileError, parse
from sudokit.game import Session, Store, default_path, finish_message
from sudokit.game.store import APPLICATION_ID

PUZZLE = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_HOME", str(tmp_path))


def solve_moves(session: Session) -> list[str]:
    out = []
    for cell in session.puzzle.empty_cells():
        r, c = divmod(cell, session.size)
        out.append(f"s r{r + 1}c{c + 1} {session.solution.cells[cell]}")
    return out


def test_default_path_honours_sudokit_home(tmp_path: Path) -> None:
    assert default_path() == tmp_path / "sudokit.db"
    with Store() as store:
        assert store.database == str(tmp_path / "sudokit.db")
        assert not store.notices
    assert (tmp_path / "sudokit.db").exists()


def test_save_then_resume_gives_the_same_game() -> None:
    clock = FakeClock()
    s = Session.new(PUZZLE, level="medium", clock=clock)
    s.hint()
    for move in ["auto", "s r1c3 4", "n r1c4 2", "s r1c4 2", "e r1c4", "s r2c2 7", "restart"]:
        s.play(move)
    s.undo()
    s.undo()  # two moves to redo
    clock.now = 125.5
    with Store() as store:
        store.save(s)
    with Store() as store:
        back = store.resume(clock=clock)
    assert back is not None
    assert back.state == s.state
    assert back.states == s.states
    assert back.moves == s.moves and back.position == s.position
    assert (back.hints_used, back.mistakes_made, back.level) == (s.hints_used, 1, "medium")
    assert back.elapsed == pytest.approx(125.5)
    assert back.game_id == s.game_id
    assert back.redo() and back.redo() and back.state == s.states[-1]


def test_every_move_saved_is_restored(tmp_path: Path) -> None:
    s = Session.new(PUZZLE)
    with Store() as store:
        for move in solve_moves(s)[:10]:
            s.play(move)
            store.save(s)
    with Store() as store:
        back = store.resume()
    assert back is not None and back.state == s.state


def test_no_unfinished_game() -> None:
    with Store() as store:
        assert store.resume() is None
        s = Session.new(PUZZLE)
        for move in solve_moves(s):
            s.play(move)
        finish = store.save(s)
        assert finish is not None and finish.solved
        assert store.resume() is None


def test_a_new_game_retires_the_previous_one() -> None:
    with Store() as store:
        untouched = Session.new(PUZZLE, level="easy")
        store.save(untouched)
        second = Session.new(PUZZLE, level="easy")
        store.save(second)  # the untouched game is dropped, not counted
        assert store.stats() == []
        second.play("s r1c3 4")
        store.save(second)
        third = Session.new(PUZZLE, level="easy")
        store.save(third)  # the second is abandoned: played, not solved
        [row] = store.stats()
        assert (row.played, row.solved) == (1, 0)
        back = store.resume()
        assert back is not None and back.game_id == third.game_id


def test_abandon() -> None:
    with Store() as store:
        s = Session.new(PUZZLE, level="hard")
        store.save(s)
        store.abandon(s)
        assert store.resume() is None and store.stats() == []
        s = Session.new(PUZZLE, level="hard")
        s.play("s r1c3 4")
        store.save(s)
        store.abandon(s)
        assert store.resume() is None
        assert store.stats()[0].played == 1


def test_statistics_and_best_times() -> None:
    clock = FakeClock()
    messages = []
    with Store() as store:
        for seconds, hints in [(300, 0), (200, 2), (250, 1)]:
            clock.now = 0
            s = Session.new(PUZZLE, level="hard", clock=clock)
            moves = solve_moves(s)
            for _ in range(hints):
                s.hint()
                s.play(moves.pop(0))  # a new position: the next hint counts again
            clock.now = seconds
            for move in moves:
                s.play(move)
            finish = store.save(s)
            assert finish is not None
            messages.append(finish_message(finish, s.level, s.size))
        gave_up = Session.new(PUZZLE, level="hard", clock=clock)
        gave_up.play("solve")
        finish = store.save(gave_up)
        assert finish is not None and not finish.solved
        assert store.save(gave_up) is None, "a game is recorded once"
        [row] = store.stats()
    assert row.size == 9 and row.level == "hard"
    assert (row.played, row.solved, row.hints) == (4, 3, 3)
    assert row.best == 200 and row.average == pytest.approx(250)
    assert messages[0] == "Solved in 05:00 — your first Hard solve!"
    assert messages[1] == "Solved in 03:20 — a new best for Hard!"
    assert messages[2] == "Solved in 04:10 (best for Hard: 03:20)."


def test_settings() -> None:
    with Store() as store:
        assert store.get_setting("checking", "conflicts") == "conflicts"
        store.set_setting("checking", "solution")
    with Store() as store:
        assert store.get_setting("checking", "x") == "solution"


# --- damaged, foreign and crashed files ------------------------------------------------------


def _fresh_and_moved(tmp_path: Path, kind: str) -> Path:
    moved = [p for p in tmp_path.iterdir() if p.name.startswith(f"sudokit.db.{kind}-")]
    assert len(moved) == 1, list(tmp_path.iterdir())
    return moved[0]


def test_garbage_file_is_moved_aside(tmp_path: Path) -> None:
    db = tmp_path / "sudokit.db"
    db.write_bytes(b"this is not a database, it is a shopping list\n" * 200)
    with Store() as store:
        assert len(store.notices) == 1
        assert "moved to" in store.notices[0] and "damaged" in store.notices[0]
        s = Session.new(PUZZLE)
        store.save(s)
        assert store.resume() is not None
    moved = _fresh_and_moved(tmp_path, "damaged")
    assert moved.read_bytes().startswith(b"this is not a database"), "never a silent loss"


def test_truncated_database_is_moved_aside(tmp_path: Path) -> None:
    with Store() as store:
        for _ in range(30):
            s = Session.new(PUZZLE)
            s.play("s r1c3 4")
            store.save(s)
    db = tmp_path / "sudokit.db"
    for side in tmp_path.glob("sudokit.db-*"):
        side.unlink()
    data = db.read_bytes()
    broken = data[: len(data) // 2] + b"\x00" * 100
    db.write_bytes(broken)
    with Store() as store:
        assert store.stats() == [] and store.resume() is None  # a fresh database
        assert len(store.notices) == 1 and "damaged" in store.notices[0]
        # The damaged file is kept, byte for byte, beside the new one.
        aside = [p for p in tmp_path.glob("sudokit.db.damaged-*") if p.is_file()]
        assert len(aside) == 1 and aside[0].read_bytes() == broken
        assert str(aside[0]) in store.notices[0]
        # And the fresh database works.
        store.save(Session.new(PUZZLE))
        assert store.resume() is not None


def test_corrupted_pages_are_moved_aside(tmp_path: Path) -> None:
    with Store() as store:
        for _ in range(50):
            s = Session.new(PUZZLE)
            s.play("s r1c3 4")
            store.save(s)
    for side in tmp_path.glob("sudokit.db-*"):
        side.unlink()
    db = tmp_path / "sudokit.db"
    data = bytearray(db.read_bytes())
    page = 4096
    for i in range(page + 8, min(len(data), 4 * page), 7):  # scribble over b-tree pages
        data[i] = 0xA5
    db.write_bytes(bytes(data))
    with Store() as store:
        assert store.notices and "damaged" in store.notices[0]
        assert store.resume() is None
    _fresh_and_moved(tmp_path, "damaged")


def test_foreign_database_is_moved_aside(tmp_path: Path) -> None:
    db = tmp_path / "sudokit.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('soup')")
    conn.commit()
    conn.close()
    with Store() as store:
        assert "not a sudokit database" in store.notices[0]
    moved = _fresh_and_moved(tmp_path, "foreign")
    assert sqlite3.connect(moved).execute("SELECT name FROM recipes").fetchone() == ("soup",)


def test_newer_database_is_moved_aside(tmp_path: Path) -> None:
    db = tmp_path / "sudokit.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE games (x)")
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    with Store() as store:
        assert "newer sudokit" in store.notices[0]
    _fresh_and_moved(tmp_path, "newer")


def test_a_folder_in_the_way_means_memory_only(tmp_path: Path) -> None:
    (tmp_path / "sudokit.db").mkdir()
    with Store() as store:
        assert "will not be saved" in store.notices[0]
        assert store.database == ":memory:"
        store.save(Session.new(PUZZLE))


def test_unreadable_saved_game_is_marked_and_skipped(tmp_path: Path) -> None:
    with Store() as store:
        s = Session.new(PUZZLE)
        s.play("s r1c3 4")
        store.save(s)
    conn = sqlite3.connect(tmp_path / "sudokit.db")
    conn.execute("UPDATE games SET puzzle = 'nonsense'")
    conn.commit()
    conn.close()
    with Store() as store:
        assert store.resume() is None
        assert "cannot be restored" in store.notices[0]
        status = store._conn.execute("SELECT status FROM games").fetchone()[0]
        assert status == "damaged"


def test_bad_moves_restore_up_to_the_first_bad_one(tmp_path: Path) -> None:
    with Store() as store:
        s = Session.new(PUZZLE)
        s.play("s r1c3 4")
        s.play("s r1c4 6")
        store.save(s)
    conn = sqlite3.connect(tmp_path / "sudokit.db")
    conn.execute("UPDATE games SET moves = 's r1c3 4' || char(10) || 's r1c1 9', position = 2")
    conn.commit()
    conn.close()
    with Store() as store:
        back = store.resume()
        assert back is not None and back.position == 1
        assert "restored up to move 1" in store.notices[0]


class _FailingConnection:
    """Wraps a connection and fails the statement that writes the game row."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
        if sql.startswith("INSERT OR REPLACE INTO games"):
            raise sqlite3.OperationalError("disk I/O error (simulated)")
        return self.conn.execute(sql, *args)


def test_interrupted_transaction_changes_nothing() -> None:
    with Store() as store:
        s = Session.new(PUZZLE)
        s.play("s r1c3 4")
        store.save(s)
        s.play("s r1c4 6")
        real = store._conn
        store._conn = _FailingConnection(real)  # type: ignore[assignment]
        with pytest.raises(SaveFileError, match="simulated"):
            store.save(s)
        store._conn = real
        back = store.resume()
        assert back is not None and back.position == 1
        assert not real.in_transaction


CHILD = textwrap.dedent(
    """
    import hashlib, random, sys, time
    from sudokit import parse
    from sudokit.game import Session, Store

    path, mode = sys.argv[1], sys.argv[2]
    store = Store(path)
    session = store.resume() or Session.new(parse(sys.argv[3]))
    if mode == "stall":
        store.save(session)
        class Stall:
            def __init__(self, conn):
                self.conn = conn
            def execute(self, sql, *args):
                out = self.conn.execute(sql, *args)
                if sql.startswith("INSERT OR REPLACE INTO games"):
                    print("in-flight", flush=True)
                    time.sleep(60)
                return out
        store._conn = Stall(store._conn)
        session.play("s r1c3 4")
        store.save(session)
    else:
        rng = random.Random(int(sys.argv[4]))
        while True:
            cells = [c for c in range(81) if not session.state.is_locked(c)]
            c = rng.choice(cells)
            r, k = divmod(c, 9)
            kind = rng.random()
            try:
                if kind < 0.6:
                    session.play(f"s r{r + 1}c{k + 1} {rng.randint(1, 9)}")
                elif kind < 0.9:
                    session.play(f"n r{r + 1}c{k + 1} {rng.randint(1, 9)}")
                else:
                    session.undo()
            except Exception:
                continue
            codes = chr(10).join(str(m) for m in session.moves)
            print("intent", session.position, hashlib.sha1(codes.encode()).hexdigest(), flush=True)
            store.save(session)
            print("done", flush=True)
    """
)


def _child(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    return subprocess.Popen(
        [sys.executable, str(script), str(tmp_path / "sudokit.db"), *args],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def test_killed_in_the_middle_of_a_save(tmp_path: Path) -> None:
    child = _child(tmp_path, "stall", str(PUZZLE))
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "in-flight"
    child.send_signal(signal.SIGKILL)
    child.wait()
    with Store() as store:
        assert store.notices == []
        back = store.resume()
    assert back is not None
    assert back.position == 0, "the move in flight is lost, nothing else"
    assert back.state == back.states[0]


def test_killed_at_random_moments(tmp_path: Path) -> None:
    rng = random.Random(7)
    for round_ in range(5):
        child = _child(tmp_path, "random", str(PUZZLE), str(round_))
        assert child.stdout is not None
        child.stdout.readline()
        time.sleep(rng.uniform(0.02, 0.3))
        child.send_signal(signal.SIGKILL)
        child.wait()
        lines = child.stdout.read().splitlines()
        # What was committed for sure (the last save reported done), and what may have
        # been in flight when the process died.
        intents = [line.split()[1:] for line in lines if line.startswith("intent")]
        done = [i for i, line in enumerate(lines) if line == "done"]
        committed = None
        if done:
            before = [line for line in lines[: done[-1]] if line.startswith("intent")]
            committed = before[-1].split()[1:]
        in_flight = intents[-1] if intents else None
        with Store() as store:
            assert store.notices == []
            back = store.resume()
        assert back is not None
        codes = "\n".join(str(m) for m in back.moves)
        found = [str(back.position), hashlib.sha1(codes.encode()).hexdigest()]
        assert found in (committed, in_flight) or (committed is None and back.position == 0)
        for state in back.states:  # every saved move replays
            assert state.puzzle == PUZZLE
