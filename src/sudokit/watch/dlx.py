"""Knuth's Algorithm X with dancing links, watched."""

from __future__ import annotations

from collections.abc import Iterator

from ..grid import Grid
from .events import (
    Backtrack,
    Contradiction,
    Eliminate,
    Event,
    Failed,
    Focus,
    FocusUnit,
    Place,
    Solved,
    Steps,
    Try,
    _duplicates,
    initial_candidates,
)

# --- dlx: Algorithm X with dancing links ---------------------------------------------------


def dlx(grid: Grid) -> Iterator[Event]:
    """Knuth's Algorithm X over the exact-cover matrix, with dancing links.

    Rows are the possible placements (cell, digit); columns are the constraints: every
    cell holds a digit, every unit holds every digit. Choosing a row covers its columns,
    which removes every row that conflicts with it — those are the eliminations. Each
    step takes the column with the fewest rows left (Knuth's heuristic, leftmost on a
    tie) and tries its rows in order; undoing a choice uncovers in reverse, which is
    what the links make cheap.

    Under variant rules every unit is a column of digits: regions, diagonals, windows.
    Knight's and king's moves and non-consecutive neighbours are not "exactly once"
    constraints but "at most once" ones: each pair of placements they forbid together
    is a *secondary* column (Knuth's generalized exact cover), covered when either row
    is chosen, so the other leaves, but never chosen to branch on.
    """
    if grid.conflicts():
        yield from _duplicates(grid)
        return
    rules = grid.rules
    shape = grid.shape
    n, ncells = shape.n, shape.ncells
    sym = shape.symbols
    name = shape.cell_name
    unit_of = rules.unit_of
    cand = initial_candidates(grid)
    for cell in range(ncells):
        if not cand[cell]:
            yield Contradiction(cell, f"{name(cell)} has no candidate left")
            yield Failed("No solution: a cell has no candidate")
            return

    # Constraint ids: cell c -> c; unit u (as in Rules.units: rows, columns, boxes or
    # regions, then any diagonals and windows) holding digit d -> ncells + u * n + d - 1.
    # Only constraints the givens leave open become columns.
    def constraints(cell: int, digit: int) -> tuple[int, ...]:
        return (cell, *(ncells + u * n + digit - 1 for u in unit_of[cell]))

    satisfied = {k for c, v in enumerate(grid.cells) if v for k in constraints(c, v)}
    open_ids = [k for k in range(ncells + len(rules.units) * n) if k not in satisfied]
    # Secondary columns: placements that may not stand together (a knight's or king's
    # move apart with one digit, consecutive digits side by side), as pairs of rows.
    exclusive: dict[tuple[int, int], list[int]] = {}
    secondary: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for a in range(ncells):
        for b in rules.extra_peers[a]:
            if a < b:
                secondary += [((a, d), (b, d)) for d in range(1, n + 1)]
        for b in rules.neighbours[a]:
            if a < b:
                secondary += [((a, d), (b, d + 1)) for d in range(1, n)]
                secondary += [((a, d + 1), (b, d)) for d in range(1, n)]
    nsec = 0
    for pair in secondary:  # only pairs of rows that are both still possible
        if all(not grid.cells[c] and cand[c] >> (d - 1) & 1 for c, d in pair):
            for row in pair:
                exclusive.setdefault(row, []).append(nsec)
            nsec += 1
    # Node 0 is the root; nodes 1..len(open_ids) the column headers, then the secondary
    # columns' headers (outside the root's ring: never chosen); then row nodes.
    ncol = len(open_ids)
    nhead = ncol + nsec
    column_of_id = {k: i + 1 for i, k in enumerate(open_ids)}
    left = [*range(-1, ncol), *range(ncol + 1, nhead + 1)]
    left[0] = ncol
    right = [*range(1, ncol + 1), 0, *range(ncol + 1, nhead + 1)]
    up = list(range(nhead + 1))
    down = list(range(nhead + 1))
    col = list(range(nhead + 1))
    size = [0] * (nhead + 1)
    row_of: list[tuple[int, int]] = [(-1, 0)] * (nhead + 1)  # node -> (cell, digit)
    header_id = [-1, *open_ids, *[-1] * nsec]

    for cell in range(ncells):
        if grid.cells[cell]:
            continue
        for digit in shape.digits_of_mask[cand[cell]]:
            first = len(col)
            columns = [column_of_id[k] for k in constraints(cell, digit)]
            columns += [ncol + 1 + k for k in exclusive.get((cell, digit), ())]
            for c in columns:
                node = len(col)
                col.append(c)
                row_of.append((cell, digit))
                up.append(up[c])
                down.append(c)
                down[up[c]] = node
                up[c] = node
                size[c] += 1
                left.append(node - 1 if node > first else node)
                right.append(first)
                if node > first:
                    right[node - 1] = node
                left[first] = node

    def cover(c: int, removed: list[int] | None) -> None:
        left[right[c]] = left[c]
        right[left[c]] = right[c]
        i = down[c]
        while i != c:
            if removed is not None:
                removed.append(i)
            j = right[i]
            while j != i:
                up[down[j]] = up[j]
                down[up[j]] = down[j]
                size[col[j]] -= 1
                j = right[j]
            i = down[i]

    def uncover(c: int) -> None:
        i = up[c]
        while i != c:
            j = left[i]
            while j != i:
                size[col[j]] += 1
                up[down[j]] = j
                down[up[j]] = j
                j = left[j]
            i = up[i]
        left[right[c]] = c
        right[left[c]] = c

    def describe_column(c: int) -> Event:
        k = header_id[c]
        if k < ncells:
            return Focus(k, f"{size[c]} digit(s) can go here")
        unit, d = divmod(k - ncells, n)
        return FocusUnit(unit, d + 1, f"({size[c]} place(s))")

    def dead_end(c: int) -> Contradiction:
        k = header_id[c]
        if k < ncells:
            return Contradiction(k, f"No digit can go in {name(k)}: dead end")
        unit, d = divmod(k - ncells, n)
        return Contradiction(None, f"{sym[d]} has no place left in {rules.unit_name(unit)}")

    def search() -> Steps:
        if right[0] == 0:
            solution = list(grid.cells)
            for cell, digit in chosen:
                solution[cell] = digit
            yield Solved(Grid(rules, solution))
            return True
        c, j = right[0], right[0]
        while j != 0:  # the column with the fewest rows, leftmost on a tie
            if size[j] < size[c]:
                c = j
            j = right[j]
        yield describe_column(c)
        if size[c] == 0:
            yield dead_end(c)
            return False
        count = size[c]
        siblings: list[int] = []
        cover(c, siblings)
        r, i = down[c], 1
        while r != c:
            cell, digit = row_of[r]
            yield Try(cell, digit)
            # Algorithm X tries every row it picks, but a column with one row left
            # leaves no choice: only real branches count as guesses (and as depth).
            guess = count > 1
            reason = f"choice {i} of {count}" if guess else "the only choice"
            yield Place(cell, digit, reason, guess=guess)
            chosen.append((cell, digit))
            removed = [s for s in siblings if s != r]
            j = right[r]
            while j != r:
                cover(col[j], removed)
                j = right[j]
            because = f"{name(cell)} is {sym[digit - 1]}"
            for node in removed:
                other, d = row_of[node]
                if other != cell:  # the cell's own other digits go with the placement
                    yield Eliminate(other, d, because)
            if (yield from search()):
                return True
            j = left[r]
            while j != r:
                uncover(col[j])
                j = left[j]
            chosen.pop()
            yield Backtrack(cell, digit, guess)
            r, i = down[r], i + 1
        uncover(c)
        return False

    chosen: list[tuple[int, int]] = []
    if not (yield from search()):
        yield Failed("No solution: every choice leads to a dead end")
