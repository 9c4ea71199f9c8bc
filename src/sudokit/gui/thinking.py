"""Finding a hint off the window's thread. Without pygame.

Most hints take milliseconds, but on the hardest puzzles the logic engine's next step can
take seconds (forcing nets). A :class:`HintJob` looks for it on a worker thread, so the
window keeps drawing and answering; the controller applies the answer only if the player's
position is still the one it was found for.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from ..game.session import Session
from ..game.state import GameState
from ..logic import Hint as LogicHint

log = logging.getLogger(__name__)

#: ``find(state)``: the logic engine's step for a position (None when it is solved).
FindStep = Callable[[GameState], "LogicHint | None"]


class HintJob:
    """The step for ``state`` of ``session``, being found. ``found`` holds it once
    ``done`` is set, unless ``error`` says why not."""

    def __init__(self, session: Session, state: GameState, find: FindStep) -> None:
        self.session = session
        self.state = state
        self.found: LogicHint | None = None
        self.error: str | None = None
        self.done = threading.Event()
        self._thread = threading.Thread(
            target=self._work, args=(find,), name="sudokit-hint", daemon=True
        )
        self._thread.start()

    def _work(self, find: FindStep) -> None:
        try:
            self.found = find(self.state)
        except Exception as err:  # shown to the player; the window must not die of it
            log.exception("finding a hint failed")
            self.error = str(err) or type(err).__name__
        finally:
            self.done.set()

    def answers(self, session: Session | None) -> bool:
        """Whether this job's answer is for ``session``'s current position."""
        return session is self.session and session.state == self.state
