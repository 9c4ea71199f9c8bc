"""What a game row read from the saved-games file must hold, and reading it back.

Every column of a row is checked before the row is used (:func:`row_problem`); the
statuses a row may have are named here.
"""

from __future__ import annotations

import math
import sqlite3

from ..errors import ParseError, RulesError
from ..formats import parse_line
from ..geometry import SIZES, Rules, Shape
from ..grid import Grid

#: Statuses of a game row. Finished games are the ones statistics count.
PLAYING, SOLVED, GAVE_UP, ABANDONED, DAMAGED = (
    "playing",
    "solved",
    "gave-up",
    "abandoned",
    "damaged",
)
FINISHED = (SOLVED, GAVE_UP, ABANDONED)
STATUSES = (PLAYING, *FINISHED)


def _is_count(value: object) -> bool:
    return type(value) is int and value >= 0


def is_seconds(value: object) -> bool:
    """Whether a column holds a time in seconds (a finite number, not negative)."""
    return isinstance(value, int | float) and math.isfinite(value) and value >= 0


def row_problem(row: sqlite3.Row) -> str | None:
    """What is wrong with a game row read from the file, or None when every column holds
    what sudokit writes there."""

    def bad(column: str, what: str) -> str:
        value = row[column]
        shown = repr(value if not isinstance(value, bytes) else value[:20])
        return f"its {column} is {shown[:40]}, not {what}"

    if type(row["id"]) is not int:
        return bad("id", "a number")
    size = row["size"]
    if type(size) is not int or size not in SIZES:
        return bad("size", "a grid size")
    checks = [
        ("position", _is_count, "a move count"),
        ("elapsed", is_seconds, "a time in seconds"),
        ("hints", _is_count, "a count"),
        ("mistakes", _is_count, "a count"),
        ("several", lambda v: v in (0, 1) and type(v) is int, "0 or 1"),
        ("status", lambda v: v in STATUSES, "a game status"),
        ("level", lambda v: isinstance(v, str) and bool(v), "a level"),
        ("moves", lambda v: isinstance(v, str), "a list of moves"),
        ("started", lambda v: isinstance(v, str), "a date"),
        ("updated", lambda v: isinstance(v, str), "a date"),
        ("finished", lambda v: v is None or isinstance(v, str), "a date"),
        ("owner", lambda v: v is None or isinstance(v, str), "an owner"),
        ("heartbeat", lambda v: v is None or is_seconds(v), "a time"),
    ]
    for column, good, what in checks:
        if not good(row[column]):
            return bad(column, what)
    for column in ("puzzle", "solution"):
        if not isinstance(row[column], str):
            return bad(column, "a puzzle")
    code = row["rules"]
    if code is not None:
        if not isinstance(code, str):
            return bad("rules", "a rules code")
        try:
            rules = Rules.parse(code)
        except RulesError as err:
            return f"its rules are unreadable ({err})"
        if rules.n != size:
            return bad("rules", f"rules for a {size}×{size} grid")
    try:
        puzzle = read_grid(row, "puzzle", check=False)
        solution = read_grid(row, "solution", check=False)  # is_solved checks
    except ParseError as err:
        return f"its puzzle is unreadable ({err})"
    if not (solution.is_solved() and puzzle.fits(solution)):
        return "its solution does not fit its puzzle"
    return None


def row_rules(row: sqlite3.Row) -> Rules:
    """The rules of a game row (classic when the row has none: an older sudokit wrote it)."""
    code = row["rules"]
    return Shape.of(int(row["size"])).rules if code is None else Rules.parse(str(code))


def read_grid(row: sqlite3.Row, column: str, *, check: bool = True) -> Grid:
    """The puzzle or solution of a game row, under the row's rules."""
    grid = parse_line(str(row[column]), size=int(row["size"]), check=False)
    rules = row_rules(row)
    if rules is not grid.rules:
        grid = Grid(rules, grid.cells)
    if check:
        conflicts = grid.conflicts()
        if conflicts:
            raise ParseError(str(conflicts[0]))
    return grid


def rules_name(code: object, size: int) -> str | None:
    """The rules' name of a row's rules code (None when it cannot be read)."""
    if code is None:
        return "classic"
    try:
        rules = Rules.parse(str(code))
    except RulesError:
        return None
    return rules.name if rules.n == size else None


__all__ = [
    "ABANDONED",
    "DAMAGED",
    "FINISHED",
    "GAVE_UP",
    "PLAYING",
    "SOLVED",
    "STATUSES",
    "is_seconds",
    "read_grid",
    "row_problem",
    "row_rules",
    "rules_name",
]
