"""Backtracking as the tutorials teach it (``naive``) and on the most constrained cell
first (``mrv``), under the puzzle's rules (classic, or a variant's extra units, knight's
and king's moves and non-consecutive neighbours)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..geometry import Rules
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
    :class:`Backtrack`. Under variant rules the check goes on after row, column and box
    (or jigsaw region): the diagonals or windows through the cell, the cells a knight's
    or king's move away, the side-by-side neighbours' digits.
    """
    if grid.conflicts():
        yield from _duplicates(grid)
        return
    rules = grid.rules
    shape = grid.shape
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    sym = shape.symbols
    board = grid.rows()
    variant = _variant_clash(rules, board) if not rules.classic else None
    fits = "fits its row, column and box" if rules.classic else "fits every rule"

    def clash(digit: int, row: int, col: int) -> str | None:
        """Why ``digit`` cannot go at (row, col), checked in the tutorial's order."""
        if digit in board[row]:
            return f"{sym[digit - 1]} is already in row {row + 1}"
        for r in range(n):
            if board[r][col] == digit:
                return f"{sym[digit - 1]} is already in column {col + 1}"
        if variant is not None:
            return variant(digit, row, col)
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
            yield Solved(Grid(rules, [v for row in board for v in row]))
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
            yield Place(cell, digit, fits, guess=True)
            if (yield from backtrack()):
                return True
            board[row][col] = 0
            yield Backtrack(cell, digit)
        return False

    if not (yield from backtrack()):
        yield Failed("No solution: every digit of the first empty cell leads to a dead end")


def _variant_clash(rules: Rules, board: list[list[int]]) -> Callable[[int, int, int], str | None]:
    """The rest of naive's check under variant rules, after row and column: the box or
    region, the extra units (diagonals, windows), knight's and king's moves, neighbours."""
    n = rules.n
    sym = rules.symbols
    units, unit_of = rules.units, rules.unit_of
    extra, near = rules.extra_peers, rules.neighbours
    name = rules.cell_name

    def clash(digit: int, row: int, col: int) -> str | None:
        cell = row * n + col
        for u in unit_of[cell][2:]:  # the box or region, then diagonals and windows
            if any(board[c // n][c % n] == digit for c in units[u]):
                where = rules.unit_name(u)
                on = "on" if rules.unit_kind(u) == "diagonal" else "in"
                return f"{sym[digit - 1]} is already {on} {where}"
        for p in extra[cell]:
            if board[p // n][p % n] == digit:
                dr, dc = abs(p // n - row), abs(p % n - col)
                move = "a knight's" if dr + dc == 3 else "a king's"
                return f"{sym[digit - 1]} is already {move} move away, in {name(p)}"
        for p in near[cell]:
            w = board[p // n][p % n]
            if w and abs(w - digit) == 1:
                return f"{name(p)} next to it holds {sym[w - 1]}, consecutive"
        return None

    return clash


# --- mrv: backtracking on the most constrained cell ---------------------------------------


def mrv(grid: Grid) -> Iterator[Event]:
    """Backtracking that fills the first cell with the fewest candidates (no propagation).

    Candidates are what the row, column and box still allow (under variant rules: every
    unit of the cell, and the digits of its knight's or king's moves and of its
    non-consecutive neighbours' neighbours); a cell with none is a dead end found at
    once, which is why this beats the tutorial by orders of magnitude.
    """
    if grid.conflicts():
        yield from _duplicates(grid)
        return
    rules = grid.rules
    shape = grid.shape
    n, ncells, full = shape.n, shape.ncells, shape.all_mask
    unit_of = rules.unit_of
    pop = shape.popcount
    values = list(grid.cells)
    used = [0] * len(rules.units)  # per unit, the digits it holds
    for cell, v in enumerate(values):
        if v:
            for u in unit_of[cell]:
                used[u] |= _bit(v)
    extra, near = rules.extra_peers, rules.neighbours

    def allowed_classic(cell: int) -> int:
        r, c, b = unit_of[cell]
        return full & ~(used[r] | used[c] | used[b])

    def allowed_variant(cell: int) -> int:
        taken = 0
        for u in unit_of[cell]:
            taken |= used[u]
        for p in extra[cell]:
            if values[p]:
                taken |= _bit(values[p])
        for p in near[cell]:
            w = values[p]
            if w:
                taken |= (1 << w) | (1 << (w - 2) if w > 1 else 0)  # w + 1 and w - 1
        return full & ~taken

    allowed = allowed_classic if rules.classic else allowed_variant

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
            yield Solved(Grid(rules, values))
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
