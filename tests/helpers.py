"""Test helpers: an independent checker, an independent counter, and a corpus of puzzles.

Nothing here uses sudokit's geometry tables or solvers to decide what is true: units are
computed from scratch from ``(n, box_rows, box_cols)``, and solution counts of the corpus
are established by a small backtracking counter written for the tests (or by
construction). sudokit is only used to *produce* candidate puzzles (``generate``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import sudokit

#: Box shape (rows, columns) of every size, written out independently of sudokit.
BOXES: dict[int, tuple[int, int]] = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
SIZES: tuple[int, ...] = (4, 6, 9, 12, 16)

#: A well-known hard 9×9 puzzle (Norvig's essay) and its solution.
FAMOUS = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
FAMOUS_SOLUTION = (
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
)

#: The board of the classic backtracking tutorials, and its solution.
TUTORIAL_BOARD: list[list[int]] = [
    [7, 8, 0, 4, 0, 0, 1, 2, 0],
    [6, 0, 0, 0, 7, 5, 0, 0, 9],
    [0, 0, 0, 6, 0, 1, 0, 7, 8],
    [0, 0, 7, 0, 4, 0, 2, 6, 0],
    [0, 0, 1, 0, 5, 0, 9, 3, 0],
    [9, 0, 4, 0, 6, 0, 0, 0, 5],
    [0, 7, 0, 3, 0, 0, 0, 1, 2],
    [1, 2, 0, 0, 0, 7, 4, 0, 0],
    [0, 4, 9, 2, 0, 6, 0, 0, 7],
]
TUTORIAL_SOLUTION: list[list[int]] = [
    [7, 8, 5, 4, 3, 9, 1, 2, 6],
    [6, 1, 2, 8, 7, 5, 3, 4, 9],
    [4, 9, 3, 6, 2, 1, 5, 7, 8],
    [8, 5, 7, 9, 4, 3, 2, 6, 1],
    [2, 6, 1, 7, 5, 8, 9, 3, 4],
    [9, 3, 4, 1, 6, 2, 7, 8, 5],
    [5, 7, 8, 3, 9, 4, 6, 1, 2],
    [1, 2, 6, 5, 8, 7, 4, 9, 3],
    [3, 4, 9, 2, 1, 6, 8, 5, 7],
]


# --- independent geometry ------------------------------------------------------------


@cache
def units(n: int, box_rows: int, box_cols: int) -> tuple[tuple[int, ...], ...]:
    """Rows, columns and boxes of an ``n × n`` grid, computed from scratch."""
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    boxes = [
        tuple((top + i) * n + left + j for i in range(box_rows) for j in range(box_cols))
        for top in range(0, n, box_rows)
        for left in range(0, n, box_cols)
    ]
    return tuple(rows + cols + boxes)


@cache
def peers(n: int, box_rows: int, box_cols: int) -> tuple[frozenset[int], ...]:
    """For each cell, the other cells that share a row, column or box with it."""
    out: list[set[int]] = [set() for _ in range(n * n)]
    for unit in units(n, box_rows, box_cols):
        for cell in unit:
            out[cell].update(unit)
    return tuple(frozenset(s - {cell}) for cell, s in enumerate(out))


def is_solution(
    puzzle_cells: Sequence[int] | None,
    solution_cells: Sequence[int] | None,
    n: int,
    box_rows: int,
    box_cols: int,
) -> bool:
    """Whether ``solution_cells`` is a valid complete grid that keeps every given."""
    if puzzle_cells is None or solution_cells is None:
        return False
    puzzle, solution = list(puzzle_cells), list(solution_cells)
    if len(puzzle) != n * n or len(solution) != n * n or box_rows * box_cols != n:
        return False
    if any(type(v) is not int for v in solution):
        return False
    everything = set(range(1, n + 1))
    for unit in units(n, box_rows, box_cols):
        if {solution[c] for c in unit} != everything:
            return False
    return all(g == 0 or g == s for g, s in zip(puzzle, solution, strict=True))


def has_duplicates(cells: Sequence[int], n: int, box_rows: int, box_cols: int) -> bool:
    for unit in units(n, box_rows, box_cols):
        digits = [cells[c] for c in unit if cells[c]]
        if len(digits) != len(set(digits)):
            return True
    return False


# --- independent counting ------------------------------------------------------------


def brute_count(
    cells: Sequence[int], n: int, box_rows: int, box_cols: int, limit: int = 2
) -> tuple[int, list[int] | None]:
    """Count solutions up to ``limit`` by plain backtracking (fewest candidates first).

    Returns the count and the first solution found. Written for the tests only, so that
    expected counts do not come from the solver under test.
    """
    grid = list(cells)
    if has_duplicates(grid, n, box_rows, box_cols):
        return 0, None
    full = (1 << n) - 1
    row_used = [0] * n
    col_used = [0] * n
    box_used = [0] * n
    bands = n // box_cols  # boxes per band

    def box(cell: int) -> int:
        r, c = divmod(cell, n)
        return (r // box_rows) * bands + c // box_cols

    for cell, v in enumerate(grid):
        if v:
            bit = 1 << (v - 1)
            row_used[cell // n] |= bit
            col_used[cell % n] |= bit
            box_used[box(cell)] |= bit
    empties = [c for c, v in enumerate(grid) if not v]
    places = {c: (c // n, c % n, box(c)) for c in empties}
    found: list[list[int]] = []
    count = 0

    def rec() -> bool:
        nonlocal count
        best, best_mask, best_k = -1, 0, n + 1
        for c in empties:
            if grid[c]:
                continue
            r, k, b = places[c]
            mask = full & ~(row_used[r] | col_used[k] | box_used[b])
            pop = mask.bit_count()
            if pop < best_k:
                best, best_mask, best_k = c, mask, pop
                if pop <= 1:
                    break
        if best < 0:
            count += 1
            if not found:
                found.append(grid[:])
            return count >= limit
        r, k, b = places[best]
        mask = best_mask
        while mask:
            bit = mask & -mask
            mask ^= bit
            grid[best] = bit.bit_length()
            row_used[r] |= bit
            col_used[k] |= bit
            box_used[b] |= bit
            stop = rec()
            row_used[r] ^= bit
            col_used[k] ^= bit
            box_used[b] ^= bit
            grid[best] = 0
            if stop:
                return True
        return False

    rec()
    return count, (found[0] if found else None)


def singles_solve(cells: Sequence[int], n: int, box_rows: int, box_cols: int) -> list[int] | None:
    """Fill the grid by naked singles alone; the full grid, or None if they get stuck.

    When naked singles complete a puzzle, every placement was forced: the puzzle has
    exactly one solution.
    """
    grid = list(cells)
    ps = peers(n, box_rows, box_cols)
    full = set(range(1, n + 1))
    progress = True
    while progress:
        progress = False
        for cell in range(n * n):
            if grid[cell]:
                continue
            left = full - {grid[p] for p in ps[cell]}
            if len(left) == 1:
                grid[cell] = left.pop()
                progress = True
            elif not left:
                return None
    return grid if all(grid) else None


# --- building puzzles ------------------------------------------------------------------


def pattern_solution(n: int, box_rows: int, box_cols: int, rng: random.Random) -> list[int]:
    """A valid complete grid: the textbook pattern, shuffled by validity-keeping moves."""
    base = [
        ((r % box_rows) * box_cols + r // box_rows + c) % n + 1 for r in range(n) for c in range(n)
    ]
    # Rows: shuffle the bands, and the rows inside each band.
    bands = list(range(n // box_rows))
    rng.shuffle(bands)
    rows = []
    for band in bands:
        inside = list(range(box_rows))
        rng.shuffle(inside)
        rows += [band * box_rows + i for i in inside]
    stacks = list(range(n // box_cols))
    rng.shuffle(stacks)
    cols = []
    for stack in stacks:
        inside = list(range(box_cols))
        rng.shuffle(inside)
        cols += [stack * box_cols + i for i in inside]
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    return [relabel[base[rows[r] * n + cols[c]] - 1] for r in range(n) for c in range(n)]


def singles_puzzle(
    solution: Sequence[int], n: int, br: int, bc: int, rng: random.Random
) -> list[int]:
    """Blank cells of ``solution`` in random order while naked singles still solve it."""
    cells = list(solution)
    order = list(range(n * n))
    rng.shuffle(order)
    for cell in order:
        saved = cells[cell]
        cells[cell] = 0
        if singles_solve(cells, n, br, bc) is None:
            cells[cell] = saved
    return cells


def deadly_rectangle(solution: Sequence[int], n: int, br: int, bc: int) -> tuple[int, ...] | None:
    """Four cells ``a b / b a`` on two rows and two columns spanning exactly two boxes.

    Swapping ``a`` and ``b`` there gives another valid grid, so blanking them leaves at
    least two solutions.
    """
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    same_band = r1 // br == r2 // br
                    same_stack = c1 // bc == c2 // bc
                    if same_band == same_stack:
                        continue  # one box or four boxes: not a deadly pattern
                    a, b = solution[r1 * n + c1], solution[r1 * n + c2]
                    if solution[r2 * n + c1] == b and solution[r2 * n + c2] == a:
                        return (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
    return None


# --- the corpus --------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One corpus puzzle with what is known about it.

    ``count`` is the exact number of solutions, capped at 3 (3 means "3 or more").
    ``solution`` is the solution when there is exactly one. ``duplicates`` marks
    puzzles whose givens clash.
    """

    name: str
    size: int
    cells: tuple[int, ...]
    count: int
    solution: tuple[int, ...] | None = None
    duplicates: bool = False

    @property
    def box(self) -> tuple[int, int]:
        return BOXES[self.size]

    @property
    def grid(self) -> sudokit.Grid:
        return sudokit.Grid.from_cells(list(self.cells), sudokit.Shape.of(self.size))

    @property
    def empty_count(self) -> int:
        return sum(1 for v in self.cells if not v)

    def __str__(self) -> str:  # pytest ids
        return self.name


def _count(cells: Sequence[int], size: int, limit: int = 3) -> tuple[int, list[int] | None]:
    br, bc = BOXES[size]
    return brute_count(cells, size, br, bc, limit)


def _contradict(
    puzzle: Sequence[int], solution: Sequence[int], size: int, rng: random.Random
) -> list[int]:
    """Put a wrong digit in an empty cell of a unique puzzle without clashing with a given.

    The only solution is ruled out, so the result has none, yet no unit holds a duplicate.
    """
    br, bc = BOXES[size]
    ps = peers(size, br, bc)
    empties = [c for c, v in enumerate(puzzle) if not v]
    rng.shuffle(empties)
    for cell in empties:
        taken = {puzzle[p] for p in ps[cell]}
        wrong = [d for d in range(1, size + 1) if d != solution[cell] and d not in taken]
        if wrong:
            out = list(puzzle)
            out[cell] = rng.choice(wrong)
            return out
    raise AssertionError("no empty cell takes a wrong digit without a clash")


def _duplicate_cases(size: int, solution: Sequence[int]) -> Iterator[Case]:
    """Puzzles whose givens clash: in a row, in a column, and in a box only."""
    n = size
    bc = BOXES[size][1]
    # Row: r1c1 and r1cn both hold 1.
    cells = [0] * (n * n)
    cells[0] = cells[n - 1] = 1
    yield Case(f"{n}x{n}-dup-row", n, tuple(cells), 0, duplicates=True)
    # Column: r1c1 and rnc1 both hold 2.
    cells = [0] * (n * n)
    cells[0] = cells[(n - 1) * n] = 2
    yield Case(f"{n}x{n}-dup-column", n, tuple(cells), 0, duplicates=True)
    # Box only: r1c1 and r2c2 both hold n (different row and column, same box).
    cells = [0] * (n * n)
    cells[0] = cells[n + 1] = n
    yield Case(f"{n}x{n}-dup-box", n, tuple(cells), 0, duplicates=True)
    # A complete grid spoiled by copying a digit onto its row neighbour in the next box.
    cells = list(solution)
    cells[bc] = cells[bc - 1]
    yield Case(f"{n}x{n}-dup-full", n, tuple(cells), 0, duplicates=True)


def _dead_cell_9() -> Case:
    """r1c9 has no candidate: 1-8 in its row and 9 in its column; no duplicate."""
    cells = [0] * 81
    for c in range(8):
        cells[c] = c + 1
    cells[5 * 9 + 8] = 9
    return Case("9x9-dead-cell", 9, tuple(cells), 0)


def _no_place_9() -> Case:
    """Every empty cell has candidates, but digit 1 has no place left in row 1."""
    cells = [0] * 81
    cells[1 * 9 + 0] = 1  # r2c1: box 1 has its 1, so r1c1-r1c3 cannot hold 1
    cells[2 * 9 + 3] = 1  # r3c4: box 2 likewise for r1c4-r1c6
    cells[6], cells[7], cells[8] = 2, 3, 4  # r1c7-r1c9 are filled
    return Case("9x9-no-place-for-1", 9, tuple(cells), 0)


def _generated(size: int, seed: int) -> tuple[str, list[int], list[int]] | None:
    """A puzzle from ``sudokit.generate`` with its solution, if it really is unique.

    A generator bug must not break the corpus (test_generator reports it), so a puzzle
    that is not unique by the independent count is left out.
    """
    try:
        puzzle = list(sudokit.generate(size, seed=seed, symmetry="none"))
    except Exception:
        return None
    if len(puzzle) != size * size:
        return None
    count, solution = _count(puzzle, size)
    if count != 1 or solution is None:
        return None
    return f"{size}x{size}-generated-{seed}", puzzle, solution


def _size_cases(size: int) -> list[Case]:
    n = size
    br, bc = BOXES[size]
    rng = random.Random(f"sudokit-corpus-{size}")  # one stream per size: stable cases
    out: list[Case] = []
    # Unique puzzles built without sudokit: naked singles alone solve them.
    uniques: list[tuple[str, list[int], list[int]]] = []
    for k in range(2):
        solution = pattern_solution(n, br, bc, rng)
        assert is_solution([0] * (n * n), solution, n, br, bc)
        puzzle = singles_puzzle(solution, n, br, bc, rng)
        assert singles_solve(puzzle, n, br, bc) == solution
        uniques.append((f"{n}x{n}-singles-{k}", puzzle, solution))
    # Unique puzzles from the generator (harder: minimal, need guessing).
    seeds = {4: (1, 2, 3), 6: (1, 2, 3), 9: (1, 2, 3), 12: (1, 2), 16: ()}[size]
    generated = [g for g in (_generated(size, seed) for seed in seeds) if g is not None]
    uniques += generated
    for name, puzzle, solution in uniques:
        out.append(Case(name, n, tuple(puzzle), 1, tuple(solution)))

    # Exactly two solutions: a deadly rectangle blanked in a full grid, then more cells
    # blanked while the count stays two.
    made = 0
    for name, _, solution in uniques:
        rect = deadly_rectangle(solution, n, br, bc)
        if rect is None:
            continue
        cells = list(solution)
        for c in rect:
            cells[c] = 0
        assert _count(cells, size)[0] == 2
        order = [c for c in range(n * n) if cells[c]]
        rng.shuffle(order)
        for c in order[: n * n // 3]:
            saved = cells[c]
            cells[c] = 0
            if _count(cells, size)[0] != 2:
                cells[c] = saved
        out.append(Case(f"{name}-deadly", n, tuple(cells), 2))
        made += 1
        if made == 2:
            break
    # Two or more: clues of a unique puzzle cleared until it is no longer unique.
    if size <= 12:
        name, puzzle, _ = generated[0] if generated else uniques[0]
        cells = list(puzzle)
        filled = [c for c in range(n * n) if cells[c]]
        rng.shuffle(filled)
        for c in filled:
            cells[c] = 0
            count = _count(cells, size)[0]
            if count >= 2:
                out.append(Case(f"{name}-cleared", n, tuple(cells), count))
                break
    # Many solutions: the empty grid.
    out.append(Case(f"{n}x{n}-empty", n, (0,) * (n * n), 3))

    # No solution, no duplicate: a wrong digit added to a unique puzzle.
    for name, puzzle, solution in [uniques[0], *generated[:1]]:
        cells = _contradict(puzzle, solution, size, rng)
        assert not has_duplicates(cells, n, br, bc)
        assert _count(cells, size)[0] == 0, name  # confirmed independently
        out.append(Case(f"{name}-contradicted", n, tuple(cells), 0))
    out.extend(_duplicate_cases(size, uniques[0][2]))
    return out


@cache
def corpus() -> tuple[Case, ...]:
    """Puzzles of every size with 0, 1, 2 and 3+ solutions (built once per session)."""
    out: list[Case] = []
    for size in SIZES:
        out += _size_cases(size)
    # Fixed, hand-written puzzles.
    famous = tuple(0 if ch == "." else int(ch) for ch in FAMOUS)
    out.append(Case("9x9-famous", 9, famous, 1, tuple(int(ch) for ch in FAMOUS_SOLUTION)))
    tutorial = tuple(v for row in TUTORIAL_BOARD for v in row)
    out.append(
        Case("9x9-tutorial", 9, tutorial, 1, tuple(v for row in TUTORIAL_SOLUTION for v in row))
    )
    out.append(_dead_cell_9())
    out.append(_no_place_9())
    return tuple(out)


def cases(kind: str | None = None, sizes: Sequence[int] = SIZES) -> list[Case]:
    """Corpus cases of some sizes; ``kind`` is ``"none"``, ``"unique"`` or ``"several"``."""
    if kind not in (None, "none", "unique", "several"):
        raise ValueError(f"unknown kind {kind!r}")

    def wanted(c: Case) -> bool:
        if kind == "none":
            return c.count == 0
        if kind == "unique":
            return c.count == 1
        if kind == "several":
            return c.count >= 2
        return True

    return [c for c in corpus() if c.size in sizes and wanted(c)]


@cache
def solutions(size: int) -> tuple[tuple[int, ...], ...]:
    """Known complete grids of a size (from the corpus's unique puzzles)."""
    return tuple(c.solution for c in corpus() if c.size == size and c.solution is not None)


# A random 16×16 grid blanked at random (83 givens, several solutions). Searched in one
# order only (fewest candidates first, digits ascending, singles and locked candidates),
# the count to 2 runs for minutes in a barren subtree; the first restart finds both
# solutions within a few thousand guesses.
HEAVY_16 = tuple(
    0 if ch == "." else int(ch, 17)
    for ch in ".3CD.E..6.7..B..5.8....9..2.3..G...1.....DF8....2..B.5.7....D8FA"
    ".....B..8......9...E.A...9.7..3....8.4...A.B..D..C.2.7...6.1..B."
    ".2.......7.9....4.5.7.9.A...F..DA.........8..C.......2A..BCG..17"
    "E.4...7..26...GF..D6..2.5...1....7...6.A.F..........5....4.....2"
)


def variant_groups(
    n: int, variants: Sequence[str] = (), regions: Sequence[int] | None = None
) -> list[list[int]]:
    """The groups of cells that hold every digit once, from the plain definitions: rows,
    columns, boxes (or ``regions``, one number per cell), the two diagonals for ``x``, the
    windows one cell in from each box edge for ``windoku``."""
    from sudokit.geometry import BOX_SHAPES

    br, bc = BOX_SHAPES[n]
    groups: list[list[int]] = [[r * n + c for c in range(n)] for r in range(n)]
    groups += [[r * n + c for r in range(n)] for c in range(n)]
    if regions is None:
        regions = [(i // n) // br * br + (i % n) // bc for i in range(n * n)]
    for label in set(regions):
        groups.append([i for i in range(n * n) if regions[i] == label])
    if "x" in variants:
        groups.append([i * n + i for i in range(n)])
        groups.append([i * n + n - 1 - i for i in range(n)])
    if "windoku" in variants:
        for r0 in range(1, n, br + 1):
            for c0 in range(1, n, br + 1):
                if r0 + br <= n and c0 + br <= n:
                    groups.append([(r0 + i) * n + c0 + j for i in range(br) for j in range(br)])
    return groups


def is_variant_solution(
    puzzle_cells: Sequence[int],
    solution_cells: Sequence[int],
    n: int,
    variants: Sequence[str] = (),
    regions: Sequence[int] | None = None,
    cages: Iterable[Any] = (),
) -> bool:
    """Whether ``solution_cells`` keeps every given and every rule of the named variants.

    Written from the rules' plain definitions, apart from ``sudokit.geometry.Rules``: rows,
    columns, boxes (or ``regions``, one number per cell), the two diagonals for ``x``, the
    windows one cell in from each box edge for ``windoku``, no equal digits a knight's or a
    king's move apart, no consecutive digits side by side; each of ``cages`` (``(cells,
    total)`` pairs or objects with ``.cells`` and ``.total``; total None: no sum) with no
    digit twice and, with a total, digits adding up to it.
    """
    s, p = list(solution_cells), list(puzzle_cells)
    if len(s) != n * n or len(p) != n * n or any(g and g != v for g, v in zip(p, s, strict=True)):
        return False
    groups = variant_groups(n, variants, regions)
    if any(sorted(s[i] for i in g) != list(range(1, n + 1)) for g in groups):
        return False
    for cage in cages:
        cage_cells, total = (cage.cells, cage.total) if hasattr(cage, "cells") else cage
        digits = [s[i] for i in cage_cells]
        if len(set(digits)) != len(digits) or (total is not None and sum(digits) != total):
            return False
    for r in range(n):
        for c in range(n):
            v = s[r * n + c]
            for dr in (-2, -1, 0, 1, 2):
                for dc in (-2, -1, 0, 1, 2):
                    rr, cc = r + dr, c + dc
                    if not (0 <= rr < n and 0 <= cc < n) or (dr, dc) == (0, 0):
                        continue
                    w = s[rr * n + cc]
                    knight = {abs(dr), abs(dc)} == {1, 2}
                    king = abs(dr) <= 1 and abs(dc) <= 1
                    if knight and "anti-knight" in variants and v == w:
                        return False
                    if king and "anti-king" in variants and v == w:
                        return False
                    side = abs(dr) + abs(dc) == 1
                    if side and "non-consecutive" in variants and abs(v - w) == 1:
                        return False
    return True


@cache
def all_4x4() -> tuple[tuple[int, ...], ...]:
    """Every complete 4×4 grid (288), from the plain rules: rows are permutations, and
    columns and boxes hold each digit once."""
    perms = list(itertools.permutations(range(1, 5)))
    out = []
    for rows in itertools.product(perms, repeat=4):
        cells = [d for row in rows for d in row]
        cols = all(len({cells[r * 4 + c] for r in range(4)}) == 4 for c in range(4))
        boxes = all(
            len({cells[(br + i) * 4 + bc + j] for i in range(2) for j in range(2)}) == 4
            for br in (0, 2)
            for bc in (0, 2)
        )
        if cols and boxes:
            out.append(tuple(cells))
    return tuple(out)


def random_cages(
    solution: Sequence[int],
    n: int,
    rng: random.Random,
    max_size: int = 5,
    cover: float = 1.0,
    sums: float = 1.0,
) -> list[tuple[tuple[int, ...], int | None]]:
    """Random killer cages over a complete grid ``solution``, as ``(cells, total)`` pairs:
    connected pieces of up to ``max_size`` cells with no digit twice, grown from random
    cells; about ``cover`` of the cells end up caged, and about ``sums`` of the cages have
    their sum (from ``solution``; the others None)."""
    cells = list(range(n * n))
    rng.shuffle(cells)
    owner = [-1] * (n * n)
    cages: list[list[int]] = []
    for start in cells:
        if owner[start] >= 0 or rng.random() >= cover:
            continue
        cage = [start]
        owner[start] = len(cages)
        want = rng.randint(1, max_size)
        while len(cage) < want:
            border = [
                d
                for c in cage
                for d in (c - n, c + n, c - 1 if c % n else -1, c + 1 if (c + 1) % n else -1)
                if 0 <= d < n * n
                and owner[d] < 0
                and solution[d] not in {solution[x] for x in cage}
            ]
            if not border:
                break
            d = rng.choice(border)
            owner[d] = len(cages)
            cage.append(d)
        cages.append(cage)
    out: list[tuple[tuple[int, ...], int | None]] = []
    for cage in cages:
        total = sum(solution[c] for c in cage) if rng.random() < sums else None
        out.append((tuple(sorted(cage)), total))
    return out
