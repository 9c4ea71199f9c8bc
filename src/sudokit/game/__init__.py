"""The game without a user interface: state, moves, session, saved games.

DESIGN rule 4: the game is an immutable :class:`GameState`, moves with stable text codes,
and the pure function :func:`apply`. A :class:`Session` adds undo/redo, the timer,
mistakes, hints and checks; a :class:`Store` keeps games and statistics in SQLite.
Nothing here imports pygame; :mod:`sudokit.gui` draws what a session holds.

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
from .store import Store, data_dir, default_path

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
