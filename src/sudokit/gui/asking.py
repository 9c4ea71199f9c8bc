"""New games and the dialogs, for the controller: making a new puzzle, playing the
player's own, asking before a game in progress is abandoned, and opening the dialogs
and acting on their answers. Without pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..game import (
    CUSTOM,
    SEVERAL_SOLUTIONS,
    Finish,
    Move,
    Session,
    Solve,
    Store,
    format_time,
    label,
    variant_key,
    variant_label,
    variant_problem,
)
from ..geometry import Rules
from ..grid import Grid
from . import making
from .dialog_new import LevelsFor, NewGameDialog, nearest_level, offered_levels
from .dialogs import (
    Changed,
    Close,
    Confirmed,
    CustomDialog,
    Dialog,
    DialogResult,
    HelpDialog,
    MessageDialog,
    SettingsDialog,
    Share,
    StartCustom,
    StartNew,
    StatsDialog,
)
from .interpret import Intent, PastePuzzle
from .layout import Dirty
from .making import Job, MakePuzzle
from .settings import Settings


class Asking:
    """The controller's new games and dialogs (a part of
    :class:`~sudokit.gui.controller.Controller`, kept apart to keep each file small)."""

    # What the controller provides.
    session: Session | None
    settings: Settings
    store: Store
    clock: Callable[[], float]
    make_puzzle: MakePuzzle | None
    levels_for: LevelsFor
    clipboard: Callable[[], str | None]
    job: Job | None
    dialog: Dialog | None
    dirty: Dirty
    _asked_new: StartNew | StartCustom | None
    _custom_draft: CustomDialog | None

    def say(self, text: str, kind: str = "info", *, sticky: bool = False) -> None:
        raise NotImplementedError

    def save(self) -> Finish | None:
        raise NotImplementedError

    def _install(self, session: Session, *, fresh: bool = True) -> None:
        raise NotImplementedError

    def _open(self, dialog: Dialog) -> None:
        raise NotImplementedError

    def _can_play(self) -> Session | None:
        raise NotImplementedError

    def apply(self, intent: Intent | None) -> None:
        raise NotImplementedError

    def play(self, move: Move) -> bool:
        raise NotImplementedError

    def change_setting(self, key: str, value: str) -> None:
        raise NotImplementedError

    if TYPE_CHECKING:  # provided by the controller and its other parts

        @property
        def generating(self) -> bool: ...

        def _share(self, action: str, count: int, fmt: str) -> None: ...

    # --- new games ----------------------------------------------------------------------------
    def start_new(
        self,
        size: int,
        level: str,
        seed: int | str | None = None,
        *,
        rules: str = "",
        wait: float = 0.0,
    ) -> None:
        """Make a new puzzle off the window's thread; it replaces the game when ready.

        ``rules``: ``""`` (classic), variant names (``x+jigsaw``: a remembered choice
        this size cannot have is classic instead) or a rules code (its size wins).
        ``wait``: seconds to wait for it here, so quick sizes show no "making" state.
        """
        if self.job is not None:
            self.job.cancel()
        if rules[:1].isdigit():  # a rules code: the size is the rules'
            code = Rules.parse(rules)
            size, variant = code.n, variant_key(code.variants)
            rules = code.code if variant else ""
        else:
            if variant_problem(size, rules):
                rules = ""
            variant = rules
        level = nearest_level(offered_levels(self.levels_for, size, variant), level)
        job = making.start(self.make_puzzle, size, level, seed, self.clock(), rules)
        self.job = job
        if wait > 0:
            job.done.wait(wait)
        self._poll_job()
        self.dirty.all = True

    def _poll_job(self) -> None:
        job = self.job
        if job is None or not job.done.is_set():
            return
        self.job = None
        if job.cancelled:
            return
        if job.result is None:
            self.say(f"Could not make a puzzle: {job.error}", "error")
            return
        puzzle, solution = job.result
        self._install(Session(puzzle, solution, level=job.level, clock=self.clock))
        kind = "" if puzzle.rules.classic else f" {puzzle.rules.name}"
        self.say(f"New {puzzle.size}×{puzzle.size}{kind} {label(job.level)} game. Good luck!")

    def cancel_generation(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
            if self.session is not None:
                self.say("No new game then: your game is as you left it.")
            else:
                self.say("No new game then. New game (Ctrl+N) starts one.")
            self.dirty.all = True

    # --- dialogs ----------------------------------------------------------------------------
    def open_new_game(self) -> None:
        s = self.settings
        self._open(NewGameDialog(s.size, s.level, self.levels_for, s.rules))

    def open_settings(self) -> None:
        self._open(SettingsDialog(self.settings))

    def open_custom(self) -> None:
        size = self.session.size if self.session is not None else 9
        draft, self._custom_draft = self._custom_draft, None  # what was typed, kept
        self._open(draft or CustomDialog(size, self.clipboard))

    def paste(self) -> None:
        """Ctrl+V on the board: the clipboard's puzzle, in "your puzzle" to check and start."""
        self.apply(PastePuzzle(self.clipboard() or ""))

    def play_anyway(self, puzzle: Grid) -> None:
        """Play a puzzle with several solutions: any grid that keeps the rules wins, so
        nothing is checked against one solution (no mistakes; Check sees broken rules)."""
        try:
            session = Session.new(puzzle, level=CUSTOM, clock=self.clock, several=True)
        except ValueError as err:
            self.say(f"Cannot play this puzzle: {err}.", "warn")
            return
        self._install(session)
        self.say(SEVERAL_SOLUTIONS, sticky=True)

    def open_stats(self) -> None:
        self.save()
        self._open(StatsDialog(self.store.stats(), self.store.database))

    def open_help(self) -> None:
        self._open(HelpDialog())

    def ask_solve(self) -> None:
        if self._can_play() is None:
            return
        self._open(
            MessageDialog(
                "Show the solution?",
                "The whole solution is filled in and this game counts as played, not solved.",
                confirm=("Show solution", "solve"),
                cancel="Keep playing",
            )
        )

    def _outcome(self, outcome: DialogResult) -> None:
        self.dirty.all = True
        if outcome is None:
            return
        if isinstance(outcome, Changed):  # the settings dialog stays open
            self.change_setting(outcome.key, outcome.value)
            if isinstance(self.dialog, SettingsDialog):
                self.dialog.refresh()  # the choice shows at once
            return
        closing, self.dialog = self.dialog, None
        match outcome:
            case StartNew() | StartCustom() as asked if self._in_progress():
                if isinstance(closing, CustomDialog):
                    self._custom_draft = closing  # Keep playing keeps the puzzle typed
                self._ask_abandon(asked)
            case StartNew() | StartCustom() as asked:
                self._begin(asked)
            case Confirmed("solve"):
                self.play(Solve())
            case Confirmed("new"):
                self.open_new_game()
            case Confirmed("abandon"):
                pending, self._asked_new = self._asked_new, None
                if pending is not None:
                    self._begin(pending)
            case Share(action, count, fmt):
                self._share(action, count, fmt)
            case Close():
                pass

    def _in_progress(self) -> bool:
        """Whether a new game would end one with moves in it (it counts as abandoned)."""
        s = self.session
        return s is not None and s.started and not s.finished

    def _ask_abandon(self, asked: StartNew | StartCustom) -> None:
        """Ask before a new game or the player's own puzzle ends the one in progress."""
        s = self.session
        assert s is not None
        self._asked_new = asked
        played = f" ({format_time(s.elapsed)} played)" if self.settings.timer == "shown" else ""
        if isinstance(asked, StartNew):
            n, what = asked.size, label(asked.level)
            if asked.rules:
                what = f"{variant_label(asked.rules)} {what}"
            instead, confirm = f"Start a {n}×{n} {what} game instead?", "New game"
        else:
            instead, confirm = "Play the puzzle you entered instead?", "Play it"
        self._open(
            MessageDialog(
                "Abandon this game?",
                f"Your {s.size}×{s.size} {label(s.level)} game{played} will end and count "
                f"as played, not solved. {instead}",
                confirm=(confirm, "abandon"),
                cancel="Keep playing",
            )
        )

    def _begin(self, asked: StartNew | StartCustom) -> None:
        """Start the new game or the player's own puzzle (asked first if need be)."""
        match asked:
            case StartNew(size, level, rules):
                self._start_asked(size, level, rules)
            case StartCustom(puzzle, solution, moves):
                self._custom_draft = None
                if solution is None:
                    self.play_anyway(puzzle)
                else:
                    self._install(Session(puzzle, solution, level=CUSTOM, clock=self.clock))
                    kind = "" if puzzle.rules.classic else f" {puzzle.rules.name}"
                    self.say(f"Your{kind} puzzle is ready. Good luck!")
                # a pasted pencil-mark grid: its placed digits and notes, played as moves
                # (undo takes them back one by one)
                if moves and self.session is not None and self.session.puzzle == puzzle:
                    played = sum(self.play(m) for m in moves)
                    finished = self.session is None or self.session.finished
                    if played and solution is not None and not finished:
                        self.say("Your puzzle is ready, where you were. Good luck!")

    def _start_asked(self, size: int, level: str, rules: str = "") -> None:
        self._asked_new = None
        self.settings.size, self.settings.level, self.settings.rules = size, level, rules
        for key in ("size", "level", "rules"):
            self.settings.save(self.store, key)
        self.start_new(size, level, rules=rules, wait=0.3)
        if self.generating:
            what = f"{variant_label(rules)} " if rules else ""
            self.say(f"Making a {size}×{size} {what}{label(level)} puzzle…", sticky=True)


__all__ = ["Asking"]
