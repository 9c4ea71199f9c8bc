"""Exceptions raised by sudokit.

Outcomes such as "no solution" or "several solutions" are values, never exceptions;
these classes are for input that cannot be understood and for moves that are not allowed.
"""

from __future__ import annotations


class SudokuError(Exception):
    """Base class of every error sudokit raises on purpose."""


class ParseError(SudokuError, ValueError):
    """Input that is not a well-formed puzzle.

    The message names the problem and its place. Where known, the place is also kept in
    attributes: ``line`` (1-based line of a file or picture), ``row`` and ``col``
    (0-based, as everywhere in the code; messages use 1-based names).
    """

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        row: int | None = None,
        col: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.row = row
        self.col = col

    def __str__(self) -> str:
        if self.line is not None:
            return f"line {self.line}: {self.message}"
        return self.message

    def at_line(self, line: int) -> ParseError:
        """Return the same error placed on ``line`` of a file."""
        err = type(self).__new__(type(self))
        err.__dict__.update(self.__dict__)
        err.args = self.args
        err.line = line
        return err


class CellCountError(ParseError):
    """The input has a number of cells that is no supported grid size."""


class SymbolError(ParseError):
    """A character or value that is not a digit of the grid's size."""


class ShapeError(ParseError):
    """A nested list that is empty or ragged."""


class DuplicateError(ParseError):
    """Two givens with the same digit in one unit (row, column or box)."""


class RulesError(SudokuError, ValueError):
    """Rules that cannot be built: jigsaw regions that do not cut the grid into ``n`` parts
    of ``n`` cells, windows on a size without square boxes, a variant name unknown."""


class UnsupportedRulesError(SudokuError, ValueError):
    """A puzzle whose rules a part of sudokit does not handle (yet): it is refused, never
    answered as if its rules were classic. ``str()`` names the rules and the part."""


class UnsupportedPuzzleError(ParseError, UnsupportedRulesError):
    """A puzzle read from a format (a Solo game ID, an f-puzzles file or link) with a rule
    sudokit does not handle yet: killer cages, thermometers, arrows... It is refused, never
    read without that rule. Both a :class:`ParseError` (a file reader reports it on its
    line and reads on) and an :class:`UnsupportedRulesError`."""


class WrongPositionError(SudokuError, ValueError):
    """A position to start the logic from that contradicts the puzzle's solution: a
    candidate removed that is the solution's digit (``kind`` ``"elimination"``) or a
    placed digit that is not (``"placement"``). ``cell`` (0-based) and ``digit`` say
    which; the message names them (``r4c1``)."""

    def __init__(self, message: str, *, kind: str, cell: int, digit: int) -> None:
        super().__init__(message)
        self.kind = kind
        self.cell = cell
        self.digit = digit


class GenerationError(SudokuError, ValueError):
    """A puzzle that cannot be made as asked: a level or a technique the size cannot
    reach, or none found within the attempts. Never answered with an easier puzzle."""


class IllegalMoveError(SudokuError):
    """A game move that the rules do not allow (overwriting a given, a digit out of range)."""


class SaveFileError(SudokuError):
    """A save or statistics database that cannot be read."""


class WriteError(SudokuError, OSError):
    """A file that cannot be written: ``cannot write PATH: reason``.

    ``path`` and ``reason`` are kept apart for callers that word it themselves. Being an
    ``OSError`` too, it is caught where file errors are.
    """

    def __init__(self, path: str, reason: str) -> None:
        shown = path if path else "''"
        super().__init__(f"cannot write {shown}: {reason}")
        self.path = path
        self.reason = reason

    def __str__(self) -> str:
        return str(self.args[0])
