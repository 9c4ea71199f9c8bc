"""A puzzle as text for people, its rules made visible (what ``sudokit show`` prints).

Classic puzzles print as :func:`~sudokit.formats.format_pretty`'s picture with box lines.
A variant puzzle says its rules on a first line, in words and as their code
(``rules: X + anti-knight (9+x+anti-knight)``); the relations the picture cannot show
(diagonals, windows, knight's and king's moves, consecutive neighbours) are read from it.
A jigsaw has no boxes: its digits print without box lines, and beside them a map of the
regions, one letter per cell (the letters of the rules' code; lower case from 12×12 up,
where the digits use capitals). :func:`sudokit.parse` reads all of it back, rules
included (:func:`~sudokit.formats.parse_shown`).
"""

from __future__ import annotations

from ..formats import format_pretty
from ..grid import Grid

#: Region letters in the map beside a jigsaw, by size (see the module's doc).
_LETTERS = "ABCDEFGHI"
_LOWER = "abcdefghijklmnop"


def format_shown(grid: Grid, *, empty: str = ".") -> str:
    """``grid`` as text with its rules visible (no trailing newline); classic puzzles
    exactly as :func:`~sudokit.formats.format_pretty`."""
    rules = grid.rules
    if rules.classic:
        return format_pretty(grid, empty=empty)
    if not rules.jigsaw:
        return f"rules: {rules.name} ({rules.code})\n" + format_pretty(grid, empty=empty)
    n = rules.n
    code = "+".join(v.partition(":")[0] for v in rules.code.split("+"))  # letters: the map
    letters = _LETTERS if n <= len(_LETTERS) else _LOWER
    symbols = empty + rules.symbols
    lines = [f"rules: {rules.name} ({code}); each cell's region on the right"]
    for r in range(n):
        row = range(r * n, r * n + n)
        digits = " ".join(symbols[grid.cells[c]] for c in row)
        regions = " ".join(letters[rules.region_of[c]] for c in row)
        lines.append(f"{digits}    {regions}")
    return "\n".join(lines)


__all__ = ["format_shown"]
