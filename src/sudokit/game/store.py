"""Saved games and statistics in one SQLite file (standard library only).

The file lives in the user's data directory (``platformdirs``), or in ``$SUDOKIT_HOME``
when that is set: ``<dir>/sudokit.db``. Each game is one row holding the puzzle, its
solution and the list of move codes; a game is restored by replaying its moves (so
everyday play exercises the save format). Every save is one transaction, so a process
killed at any moment loses at most the move being written.

A file that is damaged, or is some other program's database, is never used and never
deleted: it is renamed to ``sudokit.db.damaged-<time>`` (or ``.foreign-<time>``), a fresh
database is started, and :attr:`Store.notices` says so in plain words. Inside a good file,
every column of every row read is checked; a row with a bad value is marked ``damaged``,
kept, reported once and left out (never fatal).

Several windows may share one file. A game belongs to the store that plays it: the row
holds its owner (host, process, token) and a heartbeat refreshed by every save. Starting a
game in one window never ends a game another live window is playing, resuming skips such
games, and a finish is always recorded (a game taken over after its owner went silent is
saved by the old owner as a game of its own rather than lost).
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import platformdirs

from ..errors import SaveFileError
from ..geometry import Rules
from .levels import order
from .rows import (
    ABANDONED,
    DAMAGED,
    FINISHED,
    GAVE_UP,
    PLAYING,
    SOLVED,
    STATUSES,
    is_seconds,
    read_grid,
    row_problem,
    row_rules,
    rules_name,
)
from .session import Checking, Clock, Session
from .stats import Finish, LevelStats

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
    finished    TEXT,
    several     INTEGER NOT NULL DEFAULT 0,
    owner       TEXT,
    heartbeat   REAL,
    rules       TEXT
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
#: Columns added later, without a new format number: an older sudokit still reads the file.
_ADDED_COLUMNS = {
    "several": "INTEGER NOT NULL DEFAULT 0",
    "owner": "TEXT",
    "heartbeat": "REAL",
    # The puzzle's rules code (Rules.code: "9", "9+x", "9+jigsaw:AAAB..."); the rows of
    # files made before variants are given their size's classic code when it is added.
    "rules": "TEXT",
}
#: A game whose owner has not saved for this long (seconds) may be taken over, when the
#: owner runs on another machine (on this one, whether its process lives decides, see
#: :meth:`Store._held_elsewhere`).
LEASE_SECONDS = 15 * 60
#: On this machine, a heartbeat older than this means the process id was reused.
LOCAL_LEASE_SECONDS = 24 * 3600


def data_dir() -> Path:
    """Where sudokit keeps its data: ``$SUDOKIT_HOME`` or the user's data directory."""
    home = os.environ.get("SUDOKIT_HOME")
    if home:
        return Path(home).expanduser()
    return Path(platformdirs.user_data_dir("sudokit", appauthor=False))


def default_path() -> Path:
    """The database file used when none is named."""
    return data_dir() / DB_NAME


def _now() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S")


def _owner_parts(owner: str) -> tuple[str, int | None]:
    host, _, rest = owner.rpartition("@")
    pid = rest.partition(":")[0]
    return host, int(pid) if pid.isdigit() else None


def _process_alive(pid: int) -> bool:
    if os.name != "posix":
        return True  # no cheap check: the heartbeat decides
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, owned by someone else
        return True
    return True


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
        #: Who plays the games this store saves: host, process id and a random token.
        self.owner = f"{socket.gethostname()}@{os.getpid()}:{secrets.token_hex(4)}"
        self._host = socket.gethostname()
        self._reported: set[int] = set()
        self._closed = False
        #: Whether the file could only be read (a read-only file system or file): its
        #: games and statistics are read into memory, and nothing is written back.
        self.read_only = False
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
                # it alone rather than moving a good database aside. It may still be
                # readable (a read-only file system).
                if conn is not None:
                    conn.close()
                return self._read_only(path) or self._memory(f"Cannot open {path} ({err})")
            problem = _Unusable("damaged", f"it is damaged ({err})")
        else:
            problem = None
        if problem is None:
            assert conn is not None
            if not self._writable(conn):  # SQLite fell back to reading only
                conn.close()
                return self._read_only(path) or self._memory(f"Cannot write {path}")
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

    @staticmethod
    def _writable(conn: sqlite3.Connection) -> bool:
        """Whether the file takes writes (a file SQLite could only open for reading,
        on a read-only file system, does not)."""
        try:
            conn.execute("DELETE FROM settings WHERE 0")  # a write that changes nothing
        except sqlite3.Error as err:
            return getattr(err, "sqlite_errorname", "") != "SQLITE_READONLY"
        return True

    def _read_only(self, path: Path) -> sqlite3.Connection | None:
        """The games and statistics of a file that can be read but not written (a
        read-only file system or file), copied into memory, so that they are shown and
        the saved game offered while nothing is written back; None if it cannot be read.

        It is opened read-only (``mode=ro``), or, when SQLite cannot even make the side
        files it reads a journal through, as an immutable file (``immutable=1``)."""
        if not path.is_file():
            return None
        uri = path.resolve().as_uri()
        reason = ""
        for query in ("mode=ro", "mode=ro&immutable=1"):
            source: sqlite3.Connection | None = None
            try:
                source = sqlite3.connect(f"{uri}?{query}", uri=True, timeout=5.0)
                copy = self._connect(":memory:")
                source.backup(copy)
            except sqlite3.Error as err:
                reason = str(err)
                log.info("cannot read %s with %s: %s", path, query, err)
                continue
            finally:
                if source is not None:
                    source.close()
            try:
                self._check(copy)
            except (sqlite3.DatabaseError, _Unusable) as err:
                copy.close()
                return self._memory(
                    f"The saved-games database {path} cannot be used ({err}) and cannot be "
                    "changed (it is read-only)"
                )
            self.read_only = True
            self.notices.append(
                f"The saved-games database {path} is read-only: your games and statistics "
                "are read from it, but saving is off (nothing you play is written)."
            )
            log.info(self.notices[-1])
            return copy
        log.info("cannot read %s: %s", path, reason)
        return None

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
        missing = [c for c in _ADDED_COLUMNS if c not in columns]
        if missing:
            conn.execute("BEGIN IMMEDIATE")
            try:
                for column in missing:
                    conn.execute(f"ALTER TABLE games ADD COLUMN {column} {_ADDED_COLUMNS[column]}")
                if "rules" in missing:  # every game saved so far is a classic one
                    conn.execute(
                        "UPDATE games SET rules = CAST(size AS TEXT)"
                        " WHERE rules IS NULL AND typeof(size) = 'integer'"
                    )
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

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
        """Close the file, letting go of the game this store was playing (another window
        may resume it at once). Closing twice is harmless."""
        if self._closed:
            return
        self._closed = True
        try:
            with self._transaction() as conn:
                conn.execute(
                    "UPDATE games SET heartbeat = NULL WHERE owner = ? AND status = ?",
                    (self.owner, PLAYING),
                )
        except SaveFileError as err:
            log.info("could not release the games of this window: %s", err)
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

    # --- rows ------------------------------------------------------------------------
    def _rows(self, where: str, params: tuple[object, ...] = ()) -> list[sqlite3.Row]:
        """The game rows matching ``where`` whose every column is good. A bad row is
        marked damaged (kept in the file, left out from now on) and reported once."""
        try:
            rows = self._conn.execute(f"SELECT * FROM games WHERE {where}", params).fetchall()
        except sqlite3.Error as err:
            self.notices.append(f"Cannot read the saved games in {self.database}: {err}")
            log.warning(self.notices[-1])
            return []
        good = []
        for row in rows:
            problem = row_problem(row)
            if problem is None:
                good.append(row)
            else:
                self._set_aside(row["id"], problem)
        return good

    def _set_aside(self, game_id: object, problem: str) -> None:
        if isinstance(game_id, int) and game_id not in self._reported:
            self._reported.add(game_id)
            self.notices.append(
                f"The saved game #{game_id} cannot be restored: {problem}. It is kept in "
                "the file, marked damaged, and left out of the statistics."
            )
            log.warning(self.notices[-1])
        try:
            with self._transaction() as conn:
                conn.execute("UPDATE games SET status = ? WHERE id = ?", (DAMAGED, game_id))
        except SaveFileError:
            log.exception("could not mark game %s as damaged", game_id)

    def _held_elsewhere(self, row: sqlite3.Row, now: float) -> bool:
        """Whether another live store (another window, maybe another process) plays the
        game of ``row``."""
        owner, beat = row["owner"], row["heartbeat"]
        # Anything but a name and a time (a damaged value included) holds no lease.
        if not isinstance(owner, str) or not is_seconds(beat) or owner == self.owner:
            return False
        if beat > now + LEASE_SECONDS:  # a clock far off, or a bad value: no lease
            return False
        host, pid = _owner_parts(owner)
        if host == self._host and pid is not None:
            return _process_alive(pid) and now - float(beat) < LOCAL_LEASE_SECONDS
        return now - float(beat) < LEASE_SECONDS

    # --- games -----------------------------------------------------------------------
    def save(self, session: Session) -> Finish | None:
        """Write the session (a new row the first time). When this save is the one that
        finds the game finished, the game is recorded for statistics and the returned
        :class:`Finish` says how it went; otherwise returns None.

        If another window has taken the game over meanwhile (this one had gone silent),
        the session is saved as a new game, so neither window's play is lost."""
        moves = "\n".join(str(m) for m in session.moves)
        now, beat = _now(), time.time()
        with self._transaction() as conn:
            game_id = session.game_id
            row_status = PLAYING
            if game_id is not None:
                found = conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
                theirs = found is not None and found["owner"] not in (None, self.owner)
                if theirs and (self._held_elsewhere(found, beat) or found["status"] == PLAYING):
                    log.info("game %s was taken over elsewhere: saved anew", game_id)
                    game_id = None
                elif found is not None and (
                    found["status"] in (SOLVED, GAVE_UP)
                    or (found["status"] == ABANDONED and found["owner"] == self.owner)
                ):
                    row_status = str(found["status"])
                # Otherwise: playing, ended by another window while this one still played
                # it, or marked damaged: this save makes it whole again.
            if game_id is None:
                self._retire_others(conn, beat)
                cur = conn.execute(
                    "INSERT INTO games (size, level, puzzle, solution, started, updated, rules)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        session.size,
                        session.level,
                        str(session.puzzle),
                        str(session.solution),
                        now,
                        now,
                        session.rules.code,
                    ),
                )
                game_id = cur.lastrowid
                assert game_id is not None
            finish: Finish | None = None
            status = row_status
            if session.finished and row_status == PLAYING:
                status = SOLVED if session.solved_by_player else GAVE_UP
                best = self._best(conn, session.rules, session.level, game_id)
                finish = Finish(status == SOLVED, session.elapsed, best)
            conn.execute(
                "INSERT OR REPLACE INTO games (id, size, level, puzzle, solution, moves,"
                " position, elapsed, hints, mistakes, status, started, updated, finished,"
                " several, owner, heartbeat, rules)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                " coalesce((SELECT started FROM games WHERE id = ?), ?), ?,"
                " CASE WHEN ? = 'playing' THEN NULL"
                " ELSE coalesce((SELECT finished FROM games WHERE id = ?), ?) END, ?, ?, ?, ?)",
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
                    0 if session.unique else 1,
                    self.owner,
                    beat,
                    session.rules.code,
                ),
            )
        session.game_id = game_id
        return finish

    def _best(
        self, conn: sqlite3.Connection, rules: Rules, level: str, game_id: int
    ) -> float | None:
        """The best time of the other solved games of this size, level and rules' name."""
        rows = conn.execute(
            "SELECT elapsed, rules FROM games WHERE size = ? AND level = ? AND status = ?"
            " AND id != ? AND typeof(elapsed) IN ('integer', 'real') AND elapsed >= 0",
            (rules.n, level, SOLVED, game_id),
        ).fetchall()
        name = rules.name
        times = [float(r["elapsed"]) for r in rows if rules_name(r["rules"], rules.n) == name]
        return min(times) if times else None

    def _retire_others(self, conn: sqlite3.Connection, now: float) -> None:
        # One unfinished game per window: starting another ends the previous one, which
        # counts as played (abandoned) if a move was made, and is forgotten if not. Games
        # that another live window plays are left alone.
        rows = conn.execute(
            "SELECT id, moves, owner, heartbeat FROM games WHERE status = ?", (PLAYING,)
        ).fetchall()
        for row in rows:
            if self._held_elsewhere(row, now):
                continue
            if row["moves"] == "":
                conn.execute("DELETE FROM games WHERE id = ?", (row["id"],))
            else:
                conn.execute(
                    "UPDATE games SET status = ?, finished = ?, owner = ? WHERE id = ?",
                    (ABANDONED, _now(), self.owner, row["id"]),
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
        """The last unfinished game that no other window is playing, rebuilt by replaying
        its moves, or None. The game then belongs to this store.

        A row that cannot be restored is marked damaged (kept in the file) and the
        reason added to :attr:`notices`; a save whose later moves cannot be replayed is
        restored up to the first bad move.
        """
        # Rows of unknown status are read too, so that they are found and set aside.
        known = ",".join("?" * len(FINISHED))
        rows = self._rows(f"status NOT IN ({known}, ?)", (*FINISHED, DAMAGED))
        rows.sort(key=lambda r: (r["updated"], r["id"]), reverse=True)
        for row in rows:
            if self._held_elsewhere(row, time.time()):
                log.info("game %s is being played in another window", row["id"])
                continue
            try:
                session = self._restore(row, checking=checking, clock=clock)
            except SaveFileError as err:
                self._set_aside(row["id"], str(err))
                continue
            if not self._claim(row["id"]):
                continue
            return session
        return None

    def _claim(self, game_id: int) -> bool:
        """Make the game this store's, unless another window took it a moment ago."""
        try:
            with self._transaction() as conn:
                row = conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
                now = time.time()
                if row is None or row["status"] != PLAYING or self._held_elsewhere(row, now):
                    return False
                conn.execute(
                    "UPDATE games SET owner = ?, heartbeat = ? WHERE id = ?",
                    (self.owner, now, game_id),
                )
        except SaveFileError as err:  # a read-only file: play without the lease
            log.info("cannot take game %s: %s", game_id, err)
        return True

    def _restore(self, row: sqlite3.Row, *, checking: Checking, clock: Clock) -> Session:
        # The row passed row_problem: every column holds what save() writes.
        puzzle = read_grid(row, "puzzle", check=False)
        solution = read_grid(row, "solution")
        codes = [line for line in str(row["moves"]).split("\n") if line.strip()]
        session, problems = Session.replay(
            puzzle,
            solution,
            codes,
            int(row["position"]),
            level=str(row["level"]),
            checking=checking,
            clock=clock,
            elapsed=float(row["elapsed"]),
            unique=not row["several"],
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
        """Per size, rules and level, the finished games: played, solved, best and
        average time of the solved ones, hints used. Sorted by size, then rules (classic
        first), then level (easiest first).
        Rows with a bad column are set aside (see :attr:`notices`), never counted."""
        known = ",".join("?" * len(STATUSES))
        rows = self._rows(f"status != ? AND status NOT IN ({known})", (DAMAGED, *STATUSES))
        rows += self._rows(f"status IN ({','.join('?' * len(FINISHED))})", FINISHED)
        groups: dict[tuple[int, str, str], list[sqlite3.Row]] = {}
        for r in rows:
            if r["status"] in FINISHED:
                name = row_rules(r).name
                groups.setdefault((r["size"], name, r["level"]), []).append(r)
        out = []
        for (size, name, level), games in groups.items():
            times = [float(g["elapsed"]) for g in games if g["status"] == SOLVED]
            out.append(
                LevelStats(
                    size,
                    level,
                    len(games),
                    len(times),
                    min(times) if times else None,
                    sum(times) / len(times) if times else None,
                    sum(int(g["hints"]) for g in games),
                    name,
                )
            )
        out.sort(key=lambda s: (s.size, s.rules != "classic", s.rules, order(s.level), s.level))
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


__all__ = [
    "APPLICATION_ID",
    "DB_NAME",
    "Store",
    "data_dir",
    "default_path",
]
