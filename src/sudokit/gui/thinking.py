"""Finding a hint off the window's thread, and the controller's hint actions. Without
pygame.

Most hints take milliseconds, but on the hardest puzzles the logic engine's next step can
take seconds (forcing nets). A :class:`HintJob` looks for it on a worker thread, so the
window keeps drawing and answering; the controller applies the answer only if the player's
position is still the one it was found for.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from ..errors import UnsupportedRulesError
from ..game.play import Play
from ..game.session import Session, logic_step, unavailable_hint
from ..game.state import GameState
from ..logic import Hint as LogicHint
from ..logic.engine import start_state
from ..render.steps import StepPicture, step_picture

log = logging.getLogger(__name__)

#: Seconds ``hint`` waits for the logic engine before the window goes on without it: most
#: hints take milliseconds and appear at once; the hardest puzzles' can take seconds.
HINT_WAIT = 0.3

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
        #: The logic engine does not handle the puzzle's rules (yet).
        self.unsupported = False
        self.done = threading.Event()
        self._thread = threading.Thread(
            target=self._work, args=(find,), name="sudokit-hint", daemon=True
        )
        self._thread.start()

    def _work(self, find: FindStep) -> None:
        try:
            self.found = find(self.state)
        except UnsupportedRulesError:
            self.unsupported = True
        except Exception as err:  # shown to the player; the window must not die of it
            log.exception("finding a hint failed")
            self.error = str(err) or type(err).__name__
        finally:
            self.done.set()

    def answers(self, session: Session | None) -> bool:
        """Whether this job's answer is for ``session``'s current position."""
        return session is self.session and session.state == self.state


class Hinting:
    """The controller's hint actions (a part of
    :class:`~sudokit.gui.controller.Controller`, kept apart to keep each file small): a
    hint found at once is shown at once; a slow one is looked for while play goes on."""

    # What the controller provides.
    session: Session | None
    game: Play | None
    flash: dict[int, str]
    selected: int | None

    def say(self, text: str, kind: str = "info", *, sticky: bool = False) -> None:
        raise NotImplementedError

    def save(self) -> object:
        raise NotImplementedError

    def _can_play(self) -> Session | None:
        raise NotImplementedError

    def _changed(self) -> None:
        raise NotImplementedError

    def _init_hinting(self) -> None:
        #: The hint being looked for on a worker thread (the hardest puzzles' take seconds).
        self.hint_job: HintJob | None = None
        #: A hint search given up on (Esc) that is still running: asking again for the
        #: same position takes its answer rather than starting a second search.
        self._spare_hint: HintJob | None = None
        #: How the hint's step is found, and how long ``hint`` waits for it before the
        #: window goes on with "Looking for a hint…".
        self.find_step: FindStep = logic_step
        self.hint_wait = HINT_WAIT
        #: Notes a hint's full deduction is about, by why: ``pattern`` (its candidates),
        #: ``ruled-out`` (what it eliminates). Cleared with :attr:`flash`.
        self.hint_notes: dict[tuple[int, int], str] = {}
        #: The logic engine's last answer and the position it is for: the step the hint's
        #: last stage draws on the board (:meth:`hint_picture`).
        self._hint_answer: tuple[GameState, LogicHint | None] | None = None
        self._hint_picture: tuple[GameState, StepPicture] | None = None

    def _drop_hints(self) -> None:
        self.hint_job = self._spare_hint = None
        self._hint_answer = self._hint_picture = None

    def hint_picture(self) -> StepPicture | None:
        """The picture of the step the hint told in full (its pattern, links, what it
        removes and places), while the board is still at the position it is for; None
        before the last stage, for a hint that is no logical step, and once play moved on."""
        s = self.session
        if s is None or self._hint_answer is None:
            return None
        told = s.hint_told
        if told is None or told[1] < 3 or told[0].kind != "logic":
            return None
        state, found = self._hint_answer
        if found is None or found.step is None or state != s.state:
            return None
        cached = self._hint_picture
        if cached is not None and cached[0] is state:
            return cached[1]
        picture = step_picture(
            state.board, engine_candidates(state), found.step, givens=state.puzzle
        )
        self._hint_picture = (state, picture)
        return picture

    @property
    def thinking(self) -> bool:
        """A hint is being looked for."""
        return self.hint_job is not None

    def hint(self) -> None:
        s = self._can_play()
        if s is None:
            return
        if self.hint_job is not None:
            self.say("Still looking for a hint… (Esc stops.)", sticky=True)
            return
        if s.hint_moves():  # told in full already: asking again plays it
            self.play_hint()
            return
        state = s.hint_search()
        if state is None:
            self._show_hint()
            return
        spare, self._spare_hint = self._spare_hint, None
        job = spare if spare is not None and spare.answers(s) else HintJob(s, state, self.find_step)
        if job.done.wait(self.hint_wait):
            self._hint_found(job)
            return
        self.hint_job = job
        self.say("Looking for a hint… (Esc stops.)", sticky=True)

    def play_hint(self) -> None:
        """Play the step the hint told in full, as ordinary (undoable) moves."""
        s, g = self._can_play(), self.game
        if s is None or g is None or not g.apply_hint():
            return
        self._changed()
        if not s.finished:  # else the "solved" message stands
            self.say("Hint played. Undo takes it back.")

    def cancel_hint(self) -> None:
        job = self.hint_job
        if job is None:
            return
        self.hint_job = None
        if not job.done.is_set():
            self._spare_hint = job
        self.say("No hint then. H asks again.")

    def _poll_hint(self) -> None:
        job = self.hint_job
        if job is None or not job.done.is_set():
            return
        self.hint_job = None
        if not job.answers(self.session) or self._can_play() is None:
            # The player moved on meanwhile: the step is for a grid no longer there.
            self.say("The position changed while a hint was looked for. H asks again.")
            return
        self._hint_found(job)

    def _hint_found(self, job: HintJob) -> None:
        s = job.session
        if job.unsupported:
            self.say(unavailable_hint(s.rules).message)
            return
        if job.error is not None:
            self.say(f"No hint: {job.error}", "error")
            return
        self._show_hint((job.state, job.found))

    def _show_hint(self, found: tuple[GameState, LogicHint | None] | None = None) -> None:
        """Tell the game's next hint stage (the game is the one the search was for)."""
        g = self.game
        assert g is not None
        if found is not None:
            self._hint_answer = found
        h = g.hint(found=found)
        if h.changed:
            self._changed()
        else:
            self.save()  # the hint count
        self.flash = dict.fromkeys(h.area, "hint-area")
        self.flash.update(dict.fromkeys(h.reasons, "hint-reason"))
        self.flash.update(dict.fromkeys(h.cells, "hint"))
        self.hint_notes = dict.fromkeys(h.pattern, "pattern")
        self.hint_notes.update(dict.fromkeys(h.eliminations, "ruled-out"))
        if h.cells and h.kind == "mistake":
            self.selected = h.cells[0]
        if not g.session.finished:  # the last cell revealed: the "solved" message stands
            self.say(h.text, "info")


def engine_candidates(state: GameState) -> list[int]:
    """The candidates the logic engine reads at ``state`` (as
    :func:`~sudokit.game.session.logic_step` asks it): what the digits allow, narrowed
    by the player's notes where they keep some."""
    cands = list(start_state(state.board).cands)
    if any(state.notes):
        cands = [m & k if k else m for m, k in zip(cands, state.notes, strict=True)]
    return cands
