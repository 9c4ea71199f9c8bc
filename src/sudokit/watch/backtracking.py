"""Backtracking as the tutorials teach it (``naive``) and on the most constrained cell
first (``mrv``)."""

from __future__ import annotations

from collections.abc import Iterator

from ..grid import Grid
from .events import (
    Backtrack,
    Contradiction,
    Event,
    Failed,
    Focus,
    Place,
    Solved,
    Steps,
    Try,
    _bit,
    _duplicates,
)

# --- naive: the tutorial ----------------------------------------------------------------


def naive(grid: Grid) -> Iterator[Event]:
    """The classic tutorial: first empty cell in row-major order, digits 1..n ascending.

    Written like the tutorial, on a list of rows, so the two read side by side; every
    digit tested is a :class:`Try`, one that clashes a :class:`Contradiction` naming the
    clash, one that fits a :class:`Place`, and putting the cell back to 0 a
    :class:`Backtrack`.
    """
    if grid.conflicts():
        yield from _duplicates(grid)
        return
    shape = grid.shape
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    sym = shape.symbols
    board = grid.rows()

    def clash(digit: int, row: int, col: int) -> str | None:
        """Why ``digit`` cannot go at (row, col), checked in the tutorial's order."""
        if digit in board[row]:
            return f"{sym[digit - 1]} is already in row {row + 1}"
        for r in range(n):
            if board[r][col] == digit:
                return f"{sym[digit - 1]} is already in column {col + 1}"
        r0, c0 = row - row % br, col - col % bc
        for r in range(r0, r0 + br):
            for c in range(c0, c0 + bc):
                if board[r][c] == digit:
                    box = shape.box_of(r0 * n + c0) + 1
                    return f"{sym[digit - 1]} is already in box {box}"
        return None

    def find_empty() -> tuple[int, int] | None:
        for r in range(n):
            for c in range(n):
                if board[r][c] == 0:
                    return r, c
        return None

    def backtrack() -> Steps:
        spot = find_empty()
        if spot is None:
            yield Solved(Grid(shape, [v for row in board for v in row]))
            return True
        row, col = spot
        cell = row * n + col
        yield Focus(cell, "the first empty cell")
        for digit in range(1, n + 1):
            yield Try(cell, digit)
            reason = clash(digit, row, col)
            if reason is not None:
                yield Contradiction(cell, reason)
                continue
            board[row][col] = digit
            yield Place(cell, digit, "fits its row, column and box", guess=True)
            if (yield from backtrack()):
                return True
            board[row][col] = 0
            yield Backtrack(cell, digit)
        return False

    if not (yield from backtrack()):
        yield Failed("No solution: every digit of the first empty cell leads to a dead end")


# --- mrv: backtracking on the most constrained cell ---------------------------------------


def mrv(grid: Grid) -> Iterator[Event]:
    """Backtracking that fills the first cell with the fewest candidates (no propagation).

    Candidates are what the row, column and box still allow; a cell with none is a dead
    end found at once, which is why this beats the tutorial by orders of magnitude.
    """
    if grid.conflicts():
        yield from _duplicates(grid)
        return
    shape = grid.shape
    n, ncells, full = shape.n, shape.ncells, shape.all_mask
    unit_of = shape.unit_of
    pop = shape.popcount
    values = list(grid.cells)
    used = [0] * (3 * n)  # per unit, the digits it holds
    for cell, v in enumerate(values):
        if v:
            for u in unit_of[cell]:
                used[u] |= _bit(v)

    def allowed(cell: int) -> int:
        r, c, b = unit_of[cell]
        return full & ~(used[r] | used[c] | used[b])

    def choose() -> tuple[int, int]:
        """The first empty cell with the fewest candidates (-1 when none is empty)."""
        best, best_mask, fewest = -1, 0, n + 1
        for cell in range(ncells):
            if not values[cell]:
                m = allowed(cell)
                k = pop[m]
                if k < fewest:
                    best, best_mask, fewest = cell, m, k
                    if k == 0:
                        break  # a dead end: nothing can be more constrained
        return best, best_mask

    def search() -> Steps:
        cell, mask = choose()
        if cell < 0:
            yield Solved(Grid(shape, values))
            return True
        k = pop[mask]
        yield Focus(cell, f"fewest candidates ({k})")
        if not mask:
            yield Contradiction(cell, f"No digit fits {shape.cell_name(cell)}: dead end")
            return False
        units = unit_of[cell]
        for i, digit in enumerate(shape.digits_of_mask[mask], start=1):
            bit = _bit(digit)
            yield Try(cell, digit)
            values[cell] = digit
            for u in units:
                used[u] |= bit
            yield Place(cell, digit, f"candidate {i} of {k}", guess=True)
            if (yield from search()):
                return True
            values[cell] = 0
            for u in units:
                used[u] &= ~bit
            yield Backtrack(cell, digit)
        return False

    if not (yield from search()):
        yield Failed("No solution: every candidate leads to a dead end")
