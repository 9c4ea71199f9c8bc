"""A plain constraint-propagation solver in the style of Peter Norvig's Sudoku essay.

This is the *reference* the project's pure-Python solver is measured against, so it is
written the way the essay teaches, without tricks and without handicaps:

- the state is a dict ``cell -> string of candidate digits`` (cells are the ints 0..80,
  row-major, as everywhere in sudokit);
- :func:`assign` keeps one digit in a cell by eliminating all the others;
- :func:`eliminate` removes one digit from one cell and applies the two rules:

  1. a cell left with one digit removes that digit from all its peers;
  2. a unit left with one place for a digit puts the digit there;

- :func:`search` is depth-first: it branches on the unsettled cell with the fewest
  candidates (the lowest cell on ties), trying its digits in ascending order, each on a
  copy of the dict.

Unlike the essay's ``search``, which stops at the first solution, this one counts
solutions up to a limit (2 answers "is it unique?") and counts guesses: every digit
tried in a branching cell is one guess, the same convention as ``sudokit``'s solvers.

9×9 only. Run it as a script to solve puzzles given on the command line.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

__all__ = ["DIGITS", "PEERS", "UNITS", "NorvigResult", "assign", "eliminate", "solve"]

DIGITS = "123456789"
CELLS = range(81)

Values = dict[int, str]


def _unit_list() -> list[list[int]]:
    rows = [[r * 9 + c for c in range(9)] for r in range(9)]
    cols = [[r * 9 + c for r in range(9)] for c in range(9)]
    boxes = [
        [r * 9 + c for r in range(br, br + 3) for c in range(bc, bc + 3)]
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    ]
    return rows + cols + boxes


UNIT_LIST: list[list[int]] = _unit_list()
#: The three units (row, column, box) of each cell.
UNITS: dict[int, list[list[int]]] = {s: [u for u in UNIT_LIST if s in u] for s in CELLS}
#: The 20 other cells sharing a unit with each cell.
PEERS: dict[int, set[int]] = {s: set().union(*UNITS[s]) - {s} for s in CELLS}


def assign(values: Values, s: int, d: str) -> Values | None:
    """Keep only ``d`` in cell ``s`` by eliminating the other digits; None on contradiction."""
    others = values[s].replace(d, "")
    if all(eliminate(values, s, d2) is not None for d2 in others):
        return values
    return None


def eliminate(values: Values, s: int, d: str) -> Values | None:
    """Remove ``d`` from cell ``s`` and propagate; None on contradiction."""
    if d not in values[s]:
        return values  # already gone
    values[s] = values[s].replace(d, "")
    left = values[s]
    # Rule 1: a cell with one digit left removes it from its peers.
    if not left:
        return None  # no digit left for this cell
    if len(left) == 1 and not all(eliminate(values, s2, left) is not None for s2 in PEERS[s]):
        return None
    # Rule 2: a unit with one place left for d puts d there.
    for unit in UNITS[s]:
        places = [s2 for s2 in unit if d in values[s2]]
        if not places:
            return None  # d has no place in this unit
        if len(places) == 1 and assign(values, places[0], d) is None:
            return None
    return values


def parse(cells: str) -> Values | None:
    """Candidates after assigning the givens of an 81-character puzzle (``.`` or ``0`` for
    empty); None when the givens contradict each other."""
    values = dict.fromkeys(CELLS, DIGITS)
    for s, ch in enumerate(cells):
        if ch in DIGITS and assign(values, s, ch) is None:
            return None
    return values


@dataclass(slots=True)
class NorvigResult:
    """Solutions counted (up to the limit), the first one as 81 digits, and guesses."""

    count: int = 0
    solution: str | None = None
    guesses: int = 0


def _search(values: Values, result: NorvigResult, limit: int) -> None:
    unsettled = [s for s in CELLS if len(values[s]) > 1]
    if not unsettled:
        result.count += 1
        if result.solution is None:
            result.solution = "".join(values[s] for s in CELLS)
        return
    _, s = min((len(values[s]), s) for s in unsettled)
    for d in values[s]:
        result.guesses += 1
        child = assign(values.copy(), s, d)
        if child is not None:
            _search(child, result, limit)
            if result.count >= limit:
                return


def solve(puzzle: str, limit: int = 1) -> NorvigResult:
    """Count the solutions of an 81-character puzzle up to ``limit`` (>= 1)."""
    result = NorvigResult()
    values = parse(puzzle)
    if values is not None:
        _search(values, result, limit)
    return result


def main(argv: list[str]) -> int:
    for puzzle in argv or [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ]:
        r = solve(puzzle, limit=2)
        print(f"{puzzle}\n{r.solution or 'no solution'}  (count {r.count}, {r.guesses} guesses)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
