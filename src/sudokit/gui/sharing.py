"""Print and share, for the controller: this game or a new book as PDF, the puzzle copied
as text or as a SudokuWiki link. Without pygame: the window hands in a ``copy`` function
that puts text on its clipboard.
"""

from __future__ import annotations

import io
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import SaveFileError
from ..files import write_bytes
from ..game import Session, Store, label
from ..game.exchange import COPY_FORMATS, copy_text, sudokuwiki_link
from .dialogs import Dialog, ShareDialog
from .settings import Settings

log = logging.getLogger(__name__)


@dataclass
class BookJob:
    """A PDF book being made in a worker thread (making and grading puzzles takes time)."""

    count: int
    path: Path
    error: str | None = None
    done: threading.Event = field(default_factory=threading.Event)


def default_export_dir() -> Path:
    """Where PDFs go: the user's documents folder, else the home folder."""
    import platformdirs

    documents = Path(platformdirs.user_documents_dir())
    return documents if documents.is_dir() else Path.home()


class Sharing:
    """The controller's print and share actions (a part of
    :class:`~sudokit.gui.controller.Controller`, kept apart to keep each file small)."""

    # What the controller provides.
    session: Session | None
    settings: Settings
    store: Store

    def say(self, text: str, kind: str = "info", *, sticky: bool = False) -> None:
        raise NotImplementedError

    def _open(self, dialog: Dialog) -> None:
        raise NotImplementedError

    def _init_sharing(
        self, store: Store, copy: Callable[[str], None] | None, export_dir: Path | None
    ) -> None:
        #: Puts text on the clipboard; None: there is no clipboard to copy to.
        self.copy = copy
        self._export_dir = export_dir
        self.copy_format = store.get_setting("copy-format", "line")
        if self.copy_format not in COPY_FORMATS:
            self.copy_format = "line"
        self.book_count = 12
        self.book_job: BookJob | None = None

    def open_share(self) -> None:
        """The "Print and share" dialog: this game or a new book as PDF, copy, links."""
        s = self.session
        if s is None:
            return
        link = sudokuwiki_link(s.state) if s.size == 9 else None
        size, level = self.settings.size, self.settings.level
        what = f"{size}×{size} {label(level)}"
        self._open(ShareDialog(COPY_FORMATS, self.copy_format, link, self.book_count, what))

    def _share(self, action: str, count: int, fmt: str) -> None:
        if action == "pdf":
            self.export_pdf()
        elif action == "book":
            self.book_count = count
            self.export_book(count)
        elif action == "copy":
            if fmt != self.copy_format:
                self.copy_format = fmt
                try:
                    self.store.set_setting("copy-format", fmt)
                except SaveFileError as err:
                    log.warning("cannot save the setting: %s", err)
            self.copy_puzzle()
        elif action == "link":
            self.copy_link()

    def _put(self, text: str, what: str) -> None:
        if self.copy is None:
            self.say("There is no clipboard to copy to.", "warn")
            return
        try:
            self.copy(text)
        except Exception as err:  # a clipboard that fails must not end the game
            log.exception("copying failed")
            self.say(f"Could not copy: {err}", "error")
            return
        self.say(f"Copied {what}.")

    def copy_puzzle(self) -> None:
        """Put the puzzle on the clipboard in the chosen format (with the player's
        digits and notes where the format holds them)."""
        s = self.session
        if s is None:
            return
        fmt = self.copy_format
        try:
            text = copy_text(s.state, fmt)
        except ValueError as err:
            self.say(f"Cannot copy as {COPY_FORMATS[fmt]}: {err}.", "warn")
            return
        self._put(text, f"the puzzle as {COPY_FORMATS[fmt]}")

    def copy_link(self) -> None:
        """Put the SudokuWiki link of the board on the clipboard, to open in a browser."""
        s = self.session
        if s is None:
            return
        try:
            link = sudokuwiki_link(s.state)
        except ValueError as err:
            self.say(f"No SudokuWiki link: {err}.", "warn")
            return
        self._put(link, "the SudokuWiki link: paste it in your browser")

    @property
    def export_dir(self) -> Path:
        if self._export_dir is None:
            self._export_dir = default_export_dir()
        return self._export_dir

    def _free_path(self, stem: str) -> Path:
        """A new file name in the export folder (never one that exists)."""
        folder = self.export_dir
        path = folder / f"{stem}.pdf"
        number = 2
        while path.exists():
            path = folder / f"{stem}-{number}.pdf"
            number += 1
        return path

    def export_pdf(self) -> Path | None:
        """Save the game as a one-page PDF (the player's digits in blue, notes as small
        candidates) with its solution on the next page; say where."""
        s = self.session
        if s is None:
            return None
        from ..render import pdf  # reportlab is loaded when a PDF is wanted

        n = s.size
        path = self._free_path(f"sudoku-{n}x{n}-{s.level}")
        try:
            entry = pdf.game_entry(s.state)
            out = io.BytesIO()
            pdf.write_book(
                [entry],
                out,
                title=f"Sudoku {n}×{n} {label(s.level)}",
                per_page=1,
                candidates=any(s.state.notes),
            )
            write_bytes(path, out.getvalue())
        except (OSError, ValueError, ImportError) as err:
            self.say(f"Could not save the PDF: {err}", "error", sticky=True)
            return None
        self.say(f"Saved {path}", "success")
        return path

    def export_book(self, count: int, *, wait: float = 0.0) -> BookJob | None:
        """Make a PDF book of ``count`` new puzzles of the size and level chosen for new
        games, in a worker thread; the status line says when it is saved and where."""
        if self.book_job is not None:
            self.say("A book is being made already.", "warn")
            return None
        size, level = self.settings.size, self.settings.level
        path = self._free_path(f"sudoku-book-{count}x{size}-{level}")
        job = BookJob(count, path)

        def work() -> None:
            try:
                from ..render import pdf

                entries = pdf.generated_entries(count, size, difficulty=level)
                out = io.BytesIO()  # written whole at the end: no half-made file is left
                title = f"Sudoku: {count} {size}×{size} {label(level)} puzzles"
                pdf.write_book(entries, out, title=title)
                write_bytes(path, out.getvalue())
            except Exception as err:  # reported to the player, the window stays up
                log.exception("making a book failed")
                job.error = str(err) or type(err).__name__
            finally:
                job.done.set()

        self.book_job = job
        threading.Thread(target=work, name="sudokit-book", daemon=True).start()
        self.say(f"Making a book of {count} {size}×{size} {label(level)} puzzles…", sticky=True)
        if wait > 0:
            job.done.wait(wait)
        self._poll_book()
        return job

    def _poll_book(self) -> None:
        job = self.book_job
        if job is None or not job.done.is_set():
            return
        self.book_job = None
        if job.error is not None:
            self.say(f"Could not make the book: {job.error}", "error", sticky=True)
        else:
            self.say(f"Saved a book of {job.count} puzzles: {job.path}", "success")


__all__ = ["BookJob", "Sharing", "default_export_dir"]
