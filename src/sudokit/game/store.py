"""Saved games and statistics in one SQLite file (standard library only).

The file lives in the user's data directory (``platformdirs``), or in ``$SUDOKIT_HOME``
when that is set: ``<dir>/sudokit.db``. Each game is one row holding the puzzle, its
solution and the list of move codes; a game is restored by replaying its moves (so
everyday play exercises the save format). Every save is one transaction, so a process
killed at any moment loses at most the move being written.

A file that is damaged, or is some other program's database, is never used and never
deleted: it is renamed to ``sudokit.db.damaged-<time>`` (or ``.foreign-<time>``), a fresh
database is started, and :attr:`Store.notices` says so in plain words.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from ..errors import ParseError, SaveFileError
from ..formats import parse_line
from .levels import CUSTOM, label, order
from .session import Checking, Clock, Session, format_time

log = logging.getLogger(__name__)

#: Written in the SQLite header so a sudokit database is told apart from others ("SDKT").
APPLICATION_ID = 0x53444B54
SCHEMA_VERSION = 1
DB_NAME = "sudokit.db"

_SCHEMA = """
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    size        INTEGER NOT NULL,
    level       TEXT    NOT NULL,
    puzzle      TEXT    NOT NULL,
    solution    TEXT    NOT NULL,
    moves       TEXT    NOT NULL DEFAULT '',
    position    INTEGER NOT NULL DEFAULT 0,
    elapsed     REAL    NOT NULL DEFAULT 0,
    hints       INTEGER NOT NULL DEFAULT 0,
    mistakes    INTEGER NOT NULL DEFAULT 0,
    status      TEXT    NOT NULL DEFAULT 'playing',
    started     TEXT    NOT NULL,
    updated     TEXT    NOT NULL,
    finished    TEXT
);
CREATE INDEX games_status ON games (status, updated);
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
_GAME_COLUMNS = {
    "id", "size", "level", "puzzle", "solution", "moves", "position", "elapsed", "hints",
    "mistakes", "status", "started", "updated", "finished",
}  # fmt: skip

#: Statuses of a game row. Finished games are the ones statistics count.
PLAYING, SOLVED, GAVE_UP, ABANDONED, DAMAGED = (
    "playing",
    "solved",
    "gave-up",
    "abandoned",
    "damaged",
)
FINISHED = (SOLVED, GAVE_UP, ABANDONED)


def data_dir() -> Path:
    """Where sudokit keeps its data: ``$SUDOKIT_HOME`` or the user's data directory."""
    home = os.environ.get("SUDOKIT_HOME")
    if home:
        return Path(home).expanduser()
    return Path(platformdirs.user_data_dir("sudokit", appauthor=False))


def default_path() -> Path:
    """The database file used when none is named."""
    return data_dir() / DB_NAME


@dataclass(frozen=True, slots=True)
class LevelStats:
    """Statistics of the finished games of one size and level.

    ``best`` and ``average`` are seconds over solved games (None before the first).
    """

    size: int
    level: str
    played: int
    solved: int
    best: float | None
    average: float | None
    hints: int

    #: Column names of :meth:`cells`, for tables.
    HEADINGS = ("size", "level", "played", "solved", "best", "average", "hints")

    def cells(self, missing: str = "-") -> list[str]:
        """The row as people read it, one text per heading (``missing`` for no time)."""
        return [
            f"{self.size}×{self.size}",
            label(self.level),
            str(self.played),
            str(self.solved),
            missing if self.best is None else format_time(self.best),
            missing if self.average is None else format_time(self.average),
            str(self.hints),
        ]


@dataclass(frozen=True, slots=True)
class Finish:
    """What finishing a game meant for the records."""

    solved: bool
    elapsed: float
    previous_best: float | None

    @property
    def new_best(self) -> bool:
        return self.solved and (self.previous_best is None or self.elapsed < self.previous_best)


def _now() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S")


class _Unusable(Exception):
    """The file is not a database this version of sudokit can use (kind: why)."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


class Store:
    """The saved games and statistics.

    ``Store()`` opens (or creates) the default file; ``Store(path)`` another one;
    ``Store(":memory:")`` keeps everything in memory (nothing is written to disk).
    Opening never fails: see :attr:`notices` for what had to be done.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        #: Messages for the player about the database (a file moved aside, ...).
        self.notices: list[str] = []
        if path is None:
            path = default_path()
        self.path: Path | None = None if str(path) == ":memory:" else Path(path)
        self._conn = self._open()

    # --- opening ---------------------------------------------------------------------
    @property
    def database(self) -> str:
        """The database file's path (``:memory:`` when nothing is written)."""
        return ":memory:" if self.path is None else str(self.path)

    def _connect(self, target: str) -> sqlite3.Connection:
        # Autocommit mode: transactions are opened explicitly, see _transaction.
        conn = sqlite3.connect(target, timeout=5.0, isolation_level=None)
        conn.row_factory = sqlite3.Row
        return conn

    def _memory(self, why: str) -> sqlite3.Connection:
        self.notices.append(f"{why}; games will not be saved this time.")
        log.warning(self.notices[-1])
        self.path = None
        conn = self._connect(":memory:")
        self._initialize(conn)
        return conn

    def _open(self) -> sqlite3.Connection:
        if self.path is None:
            mem = self._connect(":memory:")
            self._initialize(mem)
            return mem
        path = self.path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            return self._memory(f"Cannot create the folder {path.parent} ({err.strerror})")
        if path.is_dir():
            return self._memory(f"{path} is a folder, not a database file")
        conn: sqlite3.Connection | None = None
        try:
            conn = self._connect(str(path))
            self._check(conn)
        except _Unusable as err:
            problem: _Unusable | None = err
        except sqlite3.DatabaseError as err:
            name = getattr(err, "sqlite_errorname", "") or ""
            if conn is None or not name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")):
                # Not the file's fault (permissions, a lock held too long, I/O): leave
                # it alone rather than moving a good database aside.
                if conn is not None:
                    conn.close()
                return self._memory(f"Cannot open {path} ({err})")
            problem = _Unusable("damaged", f"it is damaged ({err})")
        else:
            problem = None
        if problem is None:
            assert conn is not None
            self._tune(conn)
            return conn
        if conn is not None:
            conn.close()
        moved = self._move_aside(path, problem.kind)
        if moved is None:
            return self._memory(
                f"The saved-games database {path} cannot be used: {problem.reason}, "
                "and it could not be moved aside"
            )
        self.notices.append(
            f"The saved-games database {path} could not be used: {problem.reason}. "
            f"It was moved to {moved} (nothing was deleted) and a fresh one was started."
        )
        log.warning(self.notices[-1])
        try:
            fresh = self._connect(str(path))
            self._check(fresh)
        except (sqlite3.DatabaseError, _Unusable) as err:
            return self._memory(f"Cannot start a fresh database at {path} ({err})")
        self._tune(fresh)
        return fresh

    def _check(self, conn: sqlite3.Connection) -> None:
        """Accept a sudokit database, initialize an empty file, refuse anything else."""
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if app_id == 0 and not tables:
            self._initialize(conn)
            return
        if app_id != APPLICATION_ID:
            raise _Unusable("foreign", "it is not a sudokit database")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise _Unusable("newer", f"it was written by a newer sudokit (format {version})")
        verdict = conn.execute("PRAGMA quick_check").fetchone()[0]
        if verdict != "ok":
            raise _Unusable("damaged", f"it is damaged ({verdict})")
        columns = {r[1] for r in conn.execute("PRAGMA table_info(games)")}
        if not columns >= _GAME_COLUMNS or "settings" not in tables:
            raise _Unusable("damaged", "it is damaged (tables are missing)")

    def _initialize(self, conn: sqlite3.Connection) -> None:
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def _tune(self, conn: sqlite3.Connection) -> None:
        # WAL: a killed process leaves committed transactions intact and the one in
        # flight is rolled back on the next open; NORMAL sync is safe with WAL.
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.DatabaseError as err:  # e.g. a file system without shared memory
            log.info("keeping the default journal: %s", err)

    def _move_aside(self, path: Path, kind: str) -> Path | None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.{kind}-{stamp}")
        k = 1
        while target.exists():
            k += 1
            target = path.with_name(f"{path.name}.{kind}-{stamp}-{k}")
        try:
            path.rename(target)
        except OSError as err:
            log.warning("could not move %s aside: %s", path, err)
            return None
        for suffix in ("-wal", "-shm", "-journal"):
            side = path.with_name(path.name + suffix)
            if side.exists():
                try:
                    side.rename(target.with_name(target.name + suffix))
                except OSError as err:
                    log.warning("could not move %s aside: %s", side, err)
        return target

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        conn = self._conn
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as err:
            raise SaveFileError(f"cannot write {self.database}: {err}") from err
        try:
            yield conn
        except BaseException as err:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                log.exception("rollback failed")
            if isinstance(err, sqlite3.Error):
                raise SaveFileError(f"cannot write {self.database}: {err}") from err
            raise
        else:
            try:
                conn.execute("COMMIT")
            except sqlite3.Error as err:
                raise SaveFileError(f"cannot write {self.database}: {err}") from err

    # --- games -----------------------------------------------------------------------
    def save(self, session: Session) -> Finish | None:
        """Write the session (a new row the first time). When this save is the one that
        finds the game finished, the game is recorded for statistics and the returned
        :class:`Finish` says how it went; otherwise returns None."""
        moves = "\n".join(str(m) for m in session.moves)
        now = _now()
        with self._transaction() as conn:
            if session.game_id is None:
                self._retire_others(conn)
                cur = conn.execute(
                    "INSERT INTO games (size, level, puzzle, solution, started, updated)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        session.size,
                        session.level,
                        str(session.puzzle),
                        str(session.solution),
                        now,
                        now,
                    ),
                )
                game_id = cur.lastrowid
                assert game_id is not None
                row_status = PLAYING
            else:
                game_id = session.game_id
                found = conn.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
                row_status = PLAYING if found is None else found[0]
            finish: Finish | None = None
            status = row_status
            if session.finished and row_status == PLAYING:
                status = SOLVED if session.solved_by_player else GAVE_UP
                best = conn.execute(
                    "SELECT min(elapsed) FROM games"
                    " WHERE size = ? AND level = ? AND status = ? AND id != ?",
                    (session.size, session.level, SOLVED, game_id),
                ).fetchone()[0]
                finish = Finish(status == SOLVED, session.elapsed, best)
            conn.execute(
                "INSERT OR REPLACE INTO games (id, size, level, puzzle, solution, moves,"
                " position, elapsed, hints, mistakes, status, started, updated, finished)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                " coalesce((SELECT started FROM games WHERE id = ?), ?), ?,"
                " CASE WHEN ? = 'playing' THEN NULL"
                " ELSE coalesce((SELECT finished FROM games WHERE id = ?), ?) END)",
                (
                    game_id,
                    session.size,
                    session.level,
                    str(session.puzzle),
                    str(session.solution),
                    moves,
                    session.position,
                    session.elapsed,
                    session.hints_used,
                    session.mistakes_made,
                    status,
                    game_id,
                    now,
                    now,
                    status,
                    game_id,
                    now,
                ),
            )
        session.game_id = game_id
        return finish

    def _retire_others(self, conn: sqlite3.Connection) -> None:
        # One unfinished game at a time: starting another ends the previous one, which
        # counts as played (abandoned) if a move was made, and is forgotten if not.
        conn.execute("DELETE FROM games WHERE status = ? AND moves = ''", (PLAYING,))
        conn.execute(
            "UPDATE games SET status = ?, finished = ? WHERE status = ?",
            (ABANDONED, _now(), PLAYING),
        )

    def abandon(self, session: Session) -> None:
        """End an unfinished game without solving it (it counts as played when a move
        was made; an untouched game is simply dropped)."""
        if session.game_id is None or session.finished:
            return
        self.save(session)
        with self._transaction() as conn:
            if session.started:
                conn.execute(
                    "UPDATE games SET status = ?, finished = ? WHERE id = ? AND status = ?",
                    (ABANDONED, _now(), session.game_id, PLAYING),
                )
            else:
                conn.execute(
                    "DELETE FROM games WHERE id = ? AND status = ?", (session.game_id, PLAYING)
                )
        session.game_id = None

    def resume(
        self, *, checking: Checking = Checking.CONFLICTS, clock: Clock = time.monotonic
    ) -> Session | None:
        """The last unfinished game, rebuilt by replaying its moves, or None.

        A row that cannot be restored is marked damaged (kept in the file) and the
        reason added to :attr:`notices`; a save whose later moves cannot be replayed is
        restored up to the first bad move.
        """
        try:
            rows = self._conn.execute(
                "SELECT * FROM games WHERE status = ? ORDER BY updated DESC, id DESC",
                (PLAYING,),
            ).fetchall()
        except sqlite3.Error as err:
            self.notices.append(f"Cannot read the saved games in {self.database}: {err}")
            return None
        for row in rows:
            try:
                session = self._restore(row, checking=checking, clock=clock)
            except SaveFileError as err:
                self.notices.append(f"The saved game #{row['id']} cannot be restored: {err}.")
                log.warning(self.notices[-1])
                try:
                    with self._transaction() as conn:
                        conn.execute(
                            "UPDATE games SET status = ? WHERE id = ?", (DAMAGED, row["id"])
                        )
                except SaveFileError:
                    log.exception("could not mark game %s as damaged", row["id"])
                continue
            return session
        return None

    def _restore(self, row: sqlite3.Row, *, checking: Checking, clock: Clock) -> Session:
        try:
            puzzle = parse_line(str(row["puzzle"]), size=int(row["size"]))
            solution = parse_line(str(row["solution"]), size=int(row["size"]))
        except (ParseError, ValueError, TypeError) as err:
            raise SaveFileError(f"its puzzle is unreadable ({err})") from err
        if not (solution.is_solved() and puzzle.fits(solution)):
            raise SaveFileError("its solution does not fit its puzzle")
        codes = [line for line in str(row["moves"] or "").split("\n") if line.strip()]
        session, problems = Session.replay(
            puzzle,
            solution,
            codes,
            int(row["position"]),
            level=str(row["level"]),
            checking=checking,
            clock=clock,
            elapsed=float(row["elapsed"]),
        )
        session.hints_used = int(row["hints"])
        session.mistakes_made = int(row["mistakes"])
        session.game_id = int(row["id"])
        if problems:
            self.notices.append(
                f"The saved game was restored up to move {len(session.moves)}: {problems[0]}."
            )
        return session

    # --- statistics ------------------------------------------------------------------
    def stats(self) -> list[LevelStats]:
        """Per size and level, the finished games: played, solved, best and average time
        of the solved ones, hints used. Sorted by size, then level (easiest first)."""
        rows = self._conn.execute(
            "SELECT size, level, count(*) AS played,"
            " sum(status = ?) AS solved,"
            " min(CASE WHEN status = ? THEN elapsed END) AS best,"
            " avg(CASE WHEN status = ? THEN elapsed END) AS average,"
            " sum(hints) AS hints"
            f" FROM games WHERE status IN ({','.join('?' * len(FINISHED))})"
            " GROUP BY size, level",
            (SOLVED, SOLVED, SOLVED, *FINISHED),
        ).fetchall()
        out = [
            LevelStats(
                int(r["size"]),
                str(r["level"]),
                int(r["played"]),
                int(r["solved"] or 0),
                None if r["best"] is None else float(r["best"]),
                None if r["average"] is None else float(r["average"]),
                int(r["hints"] or 0),
            )
            for r in rows
        ]
        out.sort(key=lambda s: (s.size, order(s.level), s.level))
        return out

    # --- settings --------------------------------------------------------------------
    def get_setting(self, key: str, default: str) -> str:
        try:
            row = self._conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error:
            return default
        return default if row is None else str(row[0])

    def set_setting(self, key: str, value: str) -> None:
        with self._transaction() as conn:
            conn.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (key, value))


def finish_message(finish: Finish, level: str, size: int = 9) -> str:
    """The status line after a finished game: ``Solved in 07:42 — a new best for Hard!``
    (other sizes than 9×9 are named: ``... for 16×16 Hard!``)."""
    name = label(level) if size == 9 else f"{size}×{size} {label(level)}"
    when = format_time(finish.elapsed)
    if not finish.solved:
        return "Here is the solution. This game counts as played, not solved."
    if level == CUSTOM:  # records are about generated levels; a custom puzzle is one of a kind
        return f"Solved in {when} — well done!"
    if finish.previous_best is None:
        return f"Solved in {when} — your first {name} solve!"
    if finish.new_best:
        return f"Solved in {when} — a new best for {name}!"
    return f"Solved in {when} (best for {name}: {format_time(finish.previous_best)})."


__all__ = [
    "APPLICATION_ID",
    "DB_NAME",
    "Finish",
    "LevelStats",
    "Store",
    "data_dir",
    "default_path",
    "finish_message",
]
