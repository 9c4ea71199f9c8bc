"""A puzzle as text for people, its rules made visible (what ``sudokit show`` prints).

Classic puzzles print as :func:`~sudokit.formats.format_pretty`'s picture with box lines.
A variant puzzle says its rules on a first line, in words and as their code
(``rules: X + anti-knight (9+x+anti-knight)``); the relations the picture cannot show
(diagonals, windows, knight's and king's moves, consecutive neighbours) are read from it.
A jigsaw has no boxes: its digits print without box lines, and beside them a map of the
regions, one letter per cell (the letters of the rules' code; lower case from 12×12 up,
where the digits use capitals). :func:`sudokit.parse` reads all of it back, rules
included (:func:`~sudokit.formats.parse_shown`). The pair lives in :mod:`sudokit.formats`
(``convert --to pretty`` writes it); this module names it for the drawers.
"""

from __future__ import annotations

from ..formats import format_shown

__all__ = ["format_shown"]
