"""The store at its edges: rows with bad values, and several windows on one file."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sudokit import parse
from sudokit.game import Session, Store

PUZZLE = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
SEVERAL = parse("1...............")  # a 4×4 with many solutions


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_HOME", str(tmp_path))


def solve_moves(session: Session) -> list[str]:
    out = []
    for cell in session.puzzle.empty_cells():
        r, c = divmod(cell, session.size)
        out.append(f"s r{r + 1}c{c + 1} {session.solution.cells[cell]}")
    return out


def _saved_game(db: Path, *, finished: bool = False) -> int:
    with Store(db) as store:
        s = Session.new(PUZZLE, level="hard")
        moves = solve_moves(s)
        for move in moves if finished else moves[:3]:
            s.play(move)
        store.save(s)
        assert s.game_id is not None
        return s.game_id


def _set(db: Path, column: str, value: object) -> None:
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(f"UPDATE games SET {column} = ?", (value,))
    conn.close()


def _rows(db: Path) -> list[tuple[int, str]]:
    conn = sqlite3.connect(db)
    rows = conn.execute("SELECT id, status FROM games ORDER BY id").fetchall()
    conn.close()
    return rows


# --- rows with bad values -----------------------------------------------------------------


@pytest.mark.parametrize("column", ["elapsed", "position", "hints", "mistakes", "several"])
def test_a_non_numeric_column_sets_the_game_aside(tmp_path: Path, column: str) -> None:
    db = tmp_path / "sudokit.db"
    game = _saved_game(db)
    _set(db, column, "twelve")
    with Store(db) as store:
        assert store.resume() is None  # no ValueError: the game starts
        [notice] = store.notices
        assert f"#{game}" in notice and column in notice and "'twelve'" in notice
    assert _rows(db) == [(game, "damaged")]  # kept, never deleted
    with Store(db) as store:  # reported once: it is left out from now on
        assert store.resume() is None and store.notices == []


@pytest.mark.parametrize(
    ("column", "value"),
    [("elapsed", "soon"), ("hints", -1), ("size", 10), ("status", "won"), ("elapsed", 1e400)],
)
def test_statistics_leave_bad_rows_out(tmp_path: Path, column: str, value: object) -> None:
    db = tmp_path / "sudokit.db"
    _saved_game(db, finished=True)
    good = _saved_game(db, finished=True)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(f"UPDATE games SET {column} = ? WHERE id != ?", (value, good))
    conn.close()
    with Store(db) as store:
        [row] = store.stats()
        assert (row.played, row.solved) == (1, 1)
        assert len(store.notices) == 1 and "cannot be restored" in store.notices[0]
        store.stats()
        assert len(store.notices) == 1, "a bad row is reported once"
    assert sorted(status for _, status in _rows(db)) == ["damaged", "solved"]


_VALUES = st.one_of(
    st.text(max_size=12),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False),
    st.binary(max_size=8),
)
_COLUMNS = [
    "size", "level", "puzzle", "solution", "moves", "position", "elapsed", "hints",
    "mistakes", "status", "started", "updated", "finished", "several", "owner", "heartbeat",
]  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    column=st.sampled_from(_COLUMNS),
    value=_VALUES,
    finished=st.booleans(),
)
def test_any_corrupted_value_is_never_fatal(column: str, value: object, finished: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "sudokit.db"
        game = _saved_game(db, finished=finished)
        try:
            _set(db, column, value)
        except sqlite3.IntegrityError:  # a NOT NULL column refuses it: nothing to read
            assume(False)
        with Store(db) as store:
            back = store.resume()
            stats = store.stats()
            damaged = [n for n in store.notices if f"#{game} cannot be restored" in n]
        with Store(db) as other:  # another window starts a game: the bad row stays put
            other.save(Session.new(SEVERAL, several=True))
        rows = dict(_rows(db))
        if game not in rows:  # an untouched game is dropped when another one starts
            assert (column, value, finished) == ("moves", "", False)
            return
        status = rows[game]
        if status == "damaged":
            assert len(damaged) == 1 and back is None and stats == []
        elif finished:
            assert back is None and [s.played for s in stats] == [1]
        elif column in ("owner", "heartbeat"):
            # A lease that looks alive (this process wrote it) keeps the game from being
            # handed out twice; either way nothing is lost.
            assert not damaged and (back is None or back.game_id == game)
        else:
            assert back is not None and back.game_id == game and not damaged


def test_a_game_with_several_solutions_is_saved_as_such(tmp_path: Path) -> None:
    db = tmp_path / "sudokit.db"
    with Store(db) as store:
        s = Session.new(SEVERAL, several=True)
        s.play("s r1c2 2")
        store.save(s)
    with Store(db) as store:
        back = store.resume()
    assert back is not None and not back.unique and back.state == s.state


# --- several windows on one file ------------------------------------------------------------


def test_a_second_window_leaves_the_first_game_alone(tmp_path: Path) -> None:
    db = tmp_path / "sudokit.db"
    with Store(db) as first, Store(db) as second:
        mine = Session.new(PUZZLE, level="hard")
        moves = solve_moves(mine)
        mine.play(moves.pop(0))
        first.save(mine)
        assert second.resume() is None, "the first window's game is not handed out twice"
        other = Session.new(PUZZLE, level="easy")
        other.play("s r1c3 4")
        second.save(other)  # starting a game here does not end the first window's
        for move in moves:
            mine.play(move)
        finish = first.save(mine)
        assert finish is not None and finish.solved
        stats = {s.level: (s.played, s.solved) for s in second.stats()}
        assert stats == {"hard": (1, 1)}
        # A new game in the same window still retires that window's previous one.
        second.save(Session.new(PUZZLE, level="easy"))
        stats = {s.level: (s.played, s.solved) for s in first.stats()}
        assert stats == {"hard": (1, 1), "easy": (1, 0)}


def test_a_closed_window_lets_its_game_be_resumed(tmp_path: Path) -> None:
    db = tmp_path / "sudokit.db"
    with Store(db) as first:
        s = Session.new(PUZZLE)
        s.play("s r1c3 4")
        first.save(s)
    with Store(db) as second:
        back = second.resume()
        assert back is not None and back.game_id == s.game_id


def test_a_game_taken_over_is_saved_by_both(tmp_path: Path) -> None:
    db = tmp_path / "sudokit.db"
    with Store(db) as first, Store(db) as second:
        s = Session.new(PUZZLE, level="hard")
        moves = solve_moves(s)
        s.play(moves[0])
        first.save(s)
        # The first window goes silent long enough to lose its lease...
        first._conn.execute("UPDATE games SET heartbeat = 0")
        first.owner = "elsewhere@1:dead"
        taken = second.resume()
        assert taken is not None and taken.game_id == s.game_id
        first.owner = "elsewhere@1:back"
        for move in moves[1:]:  # ...then comes back and finishes its game
            s.play(move)
        assert first.save(s) is not None
        assert s.game_id != taken.game_id, "saved as a game of its own"
        for move in moves[1:]:
            taken.play(move)
        assert second.save(taken) is not None
        [row] = second.stats()
        assert (row.played, row.solved) == (2, 2)


_WINDOW = textwrap.dedent(
    """
    import sys
    from sudokit import parse
    from sudokit.game import Session, Store
    store = Store(sys.argv[1])
    s = Session.new(parse(sys.argv[2]), level="hard")
    empty = s.puzzle.empty_cells()
    def move(cell):
        r, c = divmod(cell, 9)
        return f"s r{r + 1}c{c + 1} {s.solution.cells[cell]}"
    s.play(move(empty[0]))
    store.save(s)
    print(s.game_id, flush=True)
    if sys.stdin.readline().strip() == "finish":
        for cell in empty[1:]:
            s.play(move(cell))
        print("solved" if store.save(s).solved else "not", flush=True)
    store.close()
    """
)


def _window(db: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", _WINDOW, str(db), str(PUZZLE)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def test_two_processes_on_one_file(tmp_path: Path) -> None:
    db = tmp_path / "sudokit.db"
    window = _window(db)
    assert window.stdout is not None and window.stdin is not None
    game = int(window.stdout.readline())
    with Store(db) as here:
        assert here.resume() is None
        s = Session.new(PUZZLE, level="easy")
        s.play("s r1c3 4")
        here.save(s)
        assert (game, "playing") in _rows(db)
        window.stdin.write("finish\n")
        window.stdin.flush()
        assert window.stdout.readline().strip() == "solved"
        assert window.wait(timeout=60) == 0
        stats = {row.level: (row.played, row.solved) for row in here.stats()}
    assert stats == {"hard": (1, 1)}


def test_a_killed_window_frees_its_game(tmp_path: Path) -> None:
    db = tmp_path / "sudokit.db"
    window = _window(db)
    assert window.stdout is not None
    game = int(window.stdout.readline())
    with Store(db) as here:
        assert here.resume() is None
    window.kill()
    window.wait(timeout=60)
    with Store(db) as here:
        back = here.resume()
        assert back is not None and back.game_id == game


def test_a_file_of_the_first_format_keeps_its_games(tmp_path: Path) -> None:
    db = tmp_path / "sudokit.db"
    game = _saved_game(db)
    conn = sqlite3.connect(db)
    with conn:  # the table as the first format had it, without the later columns
        conn.execute("ALTER TABLE games DROP COLUMN several")
        conn.execute("ALTER TABLE games DROP COLUMN owner")
        conn.execute("ALTER TABLE games DROP COLUMN heartbeat")
    conn.close()
    with Store(db) as store:
        assert store.notices == []
        back = store.resume()
        assert back is not None and back.game_id == game and back.unique
        back.play("solve")
        assert store.save(back) is not None
    assert _rows(db) == [(game, "gave-up")]
