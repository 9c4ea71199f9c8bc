"""The classic tutorial solver: plain recursive backtracking, kept for learners.

It does exactly what the well-known tutorials do: find the first empty cell in row-major
order, try the digits 1..n in ascending order, keep a digit that does not clash with its
row, column or box, recurse, and put the cell back to 0 when the rest cannot be completed.
It is very slow on hard puzzles; the counters show why.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..grid import Grid, require_classic


@dataclass(slots=True)
class ClassicResult:
    """The outcome and the counters of one classic run.

    - ``tries``: digits tested in a cell, valid or not;
    - ``placements``: digits that passed the row/column/box check and were written;
    - ``backtracks``: written digits undone because the rest could not be completed.

    On a solved puzzle ``placements - backtracks`` equals the number of empty cells.
    ``finished`` is False when ``max_tries`` stopped the search early.
    """

    solution: Grid | None = None
    count: int = 0
    tries: int = 0
    placements: int = 0
    backtracks: int = 0
    finished: bool = True


class _Budget(Exception):
    pass


def classic_solve(grid: Grid, *, limit: int = 1, max_tries: int | None = None) -> ClassicResult:
    """Run the tutorial algorithm, counting solutions up to ``limit``.

    The board is a list of rows, as in the tutorials. ``max_tries`` bounds the work (for
    benchmarks); when it runs out the result has ``finished=False``. Classic rules only:
    a grid under variant rules raises :class:`~sudokit.errors.UnsupportedRulesError`.
    """
    require_classic(grid, "the classic tutorial solver")
    shape = grid.shape
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    board = grid.rows()
    result = ClassicResult()
    if grid.conflicts():
        return result  # duplicate givens: no solution, as the tutorials' check would find

    def valid(digit: int, row: int, col: int) -> bool:
        if digit in board[row]:
            return False
        for r in range(n):
            if board[r][col] == digit:
                return False
        r0, c0 = row - row % br, col - col % bc
        for r in range(r0, r0 + br):
            for c in range(c0, c0 + bc):
                if board[r][c] == digit:
                    return False
        return True

    def find_empty() -> tuple[int, int] | None:
        for r in range(n):
            for c in range(n):
                if board[r][c] == 0:
                    return r, c
        return None

    def backtrack() -> bool:
        """True to stop: the limit of solutions is reached."""
        spot = find_empty()
        if spot is None:
            result.count += 1
            if result.solution is None:
                result.solution = Grid(shape, [v for row in board for v in row])
            return result.count >= limit
        row, col = spot
        for digit in range(1, n + 1):
            result.tries += 1
            if max_tries is not None and result.tries > max_tries:
                raise _Budget
            if valid(digit, row, col):
                board[row][col] = digit
                result.placements += 1
                if backtrack():
                    return True
                board[row][col] = 0
                result.backtracks += 1
        return False

    try:
        backtrack()
    except _Budget:
        result.finished = False
        result.tries = max_tries or 0
    return result
