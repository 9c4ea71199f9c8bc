"""sudokit: a Sudoku toolkit and game.

    >>> import sudokit
    >>> line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> puzzle = sudokit.parse(line)
    >>> sudokit.count_solutions(puzzle)
    1
    >>> print(sudokit.format_pretty(sudokit.solve(puzzle))[:21])
    4 1 7 | 3 6 9 | 8 2 5

Sizes 4×4, 6×6, 9×9, 12×12 and 16×16; symbols ``1-9`` then ``A-G``; ``.`` or ``0`` empty.
"""

from __future__ import annotations

from .errors import (
    CellCountError,
    DuplicateError,
    IllegalMoveError,
    ParseError,
    SaveFileError,
    ShapeError,
    SudokuError,
    SymbolError,
)

#: ``typing.TYPE_CHECKING`` without importing :mod:`typing` (type checkers take the name
#: as true): ``import sudokit`` imports nothing but :mod:`sudokit.errors`.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .formats import (
        Record,
        format_line,
        format_pretty,
        format_rows,
        parse,
        parse_line,
        parse_pretty,
        parse_rows,
        read_puzzles,
    )
    from .generator import SYMMETRIES, generate
    from .geometry import SIZES, Shape
    from .grid import Conflict, Grid, Status
    from .logic import Explanation, Hint, Rating, Step, explain, hint, rate
    from .solvers import Outcome, backends, count_solutions, is_unique, search, solve
    from .solvers.classic import ClassicResult, classic_solve

__version__ = "0.1.0"

#: Names imported on first use, so that ``import sudokit`` stays light and a command
#: loads only what it uses: the logic engine and the generator cost more to import than a
#: whole one-puzzle solve, and the formats and solvers as much as the solve itself.
_LAZY = {
    **dict.fromkeys(
        (
            "Record",
            "format_line",
            "format_pretty",
            "format_rows",
            "parse",
            "parse_line",
            "parse_pretty",
            "parse_rows",
            "read_puzzles",
        ),
        "formats",
    ),
    "SIZES": "geometry",
    "Shape": "geometry",
    "Conflict": "grid",
    "Grid": "grid",
    "Status": "grid",
    **dict.fromkeys(
        ("Outcome", "backends", "count_solutions", "is_unique", "search", "solve"), "solvers"
    ),
    "SYMMETRIES": "generator",
    "generate": "generator",
    "Explanation": "logic",
    "Hint": "logic",
    "Rating": "logic",
    "Step": "logic",
    "explain": "logic",
    "hint": "logic",
    "rate": "logic",
    "ClassicResult": "solvers.classic",
    "classic_solve": "solvers.classic",
}


#: Subpackages that ``import sudokit`` used to load, still reachable as attributes
#: (``sudokit.solvers.native`` after a bare ``import sudokit``).
_SUBMODULES = frozenset(("formats", "geometry", "grid", "solvers"))


def __getattr__(name: str) -> Any:
    import importlib

    module = _LAZY.get(name)
    if module is None:
        if name in _SUBMODULES:
            return importlib.import_module(f"{__name__}.{name}")
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "SIZES",
    "SYMMETRIES",
    "CellCountError",
    "ClassicResult",
    "Conflict",
    "DuplicateError",
    "Explanation",
    "Grid",
    "Hint",
    "IllegalMoveError",
    "Outcome",
    "ParseError",
    "Rating",
    "Record",
    "SaveFileError",
    "Shape",
    "ShapeError",
    "Status",
    "Step",
    "SudokuError",
    "SymbolError",
    "__version__",
    "backends",
    "classic_solve",
    "count_solutions",
    "explain",
    "format_line",
    "format_pretty",
    "format_rows",
    "generate",
    "hint",
    "is_unique",
    "parse",
    "parse_line",
    "parse_pretty",
    "parse_rows",
    "rate",
    "read_puzzles",
    "search",
    "solve",
]
