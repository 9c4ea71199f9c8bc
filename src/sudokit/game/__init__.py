"""The game without a user interface: state, moves, session, saved games.

DESIGN rule 4: the game is an immutable :class:`GameState`, moves with stable text codes,
and the pure function :func:`apply`. A :class:`Session` adds undo/redo, the timer,
mistakes, hints and checks; a :class:`Store` keeps games and statistics in SQLite.
Nothing here imports pygame; :mod:`sudokit.gui` draws what a session holds.
:class:`~sudokit.game.play.Play` is the same game for any front end, in plain values.
The store is imported on first use of ``Store`` (``import sudokit.game`` loads no
sqlite3).

    >>> from sudokit import parse
    >>> from sudokit.game import Session
    >>> game = Session.new(parse("1.34" "34.2" "2.43" "43.1"))
    >>> game.play("s r1c2 2")
    True
    >>> game.state.board.cells[:4]
    (1, 2, 3, 4)
    >>> game.undo()
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .levels import (
    CUSTOM,
    DEFAULT_LEVEL,
    LEVELS,
    filed_level,
    label,
    variant_key,
    variant_label,
    variant_problem,
)
from .moves import (
    AutoNotes,
    ClearNotes,
    Eliminate,
    Erase,
    FixNotes,
    Move,
    PlaceDigits,
    Restart,
    Reveal,
    SetDigit,
    Solve,
    ToggleNote,
    apply,
    parse_move,
)
from .session import (
    SEVERAL_SOLUTIONS,
    Checking,
    CheckResult,
    GameHint,
    Session,
    Verdict,
    examine,
    format_time,
)
from .state import GameState
from .stats import Finish, LevelStats, finish_message

if TYPE_CHECKING:
    from .store import Store, data_dir, default_path


def __getattr__(name: str) -> Any:
    # The SQLite store is imported where saving happens, not with the game: a front end
    # that keeps games elsewhere (the browser's engine) never loads sqlite3.
    if name in ("Store", "data_dir", "default_path"):
        from . import store

        return getattr(store, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CUSTOM",
    "DEFAULT_LEVEL",
    "LEVELS",
    "SEVERAL_SOLUTIONS",
    "AutoNotes",
    "CheckResult",
    "Checking",
    "ClearNotes",
    "Eliminate",
    "Erase",
    "Finish",
    "FixNotes",
    "GameHint",
    "GameState",
    "LevelStats",
    "Move",
    "PlaceDigits",
    "Restart",
    "Reveal",
    "Session",
    "SetDigit",
    "Solve",
    "Store",
    "ToggleNote",
    "Verdict",
    "apply",
    "data_dir",
    "default_path",
    "examine",
    "filed_level",
    "finish_message",
    "format_time",
    "label",
    "parse_move",
    "variant_key",
    "variant_label",
    "variant_problem",
]
