"""Watched solving algorithms: readable generators that yield small events.

The fast solvers keep no hooks (design rule 3). The algorithms here are written again,
for reading and watching: each is a generator that yields one small event per step —
look at a cell, try a digit, place one, eliminate a candidate, hit a contradiction, take a
digit back, solved. Nothing is computed ahead, so a trace of millions of steps costs no
memory up front; a viewer pulls a few events per frame.

- ``naive``: the classic tutorial (first empty cell in row-major order, digits
  ascending, check row, column and box); its counters equal :func:`classic_solve`'s;
- ``mrv``: the same backtracking, but on the first cell with the fewest candidates;
- ``propagation``: naked and hidden singles to a fixpoint, then a guess on the first cell
  with the fewest candidates — the fast solver's method, with the same guess count;
- ``dlx``: Knuth's Algorithm X with dancing links over the exact-cover matrix;
- ``human``: the logic engine's techniques, one deduction per step (when
  :mod:`sudokit.logic` is available).

:func:`trace` gives the events, :func:`run` the counters and the solution, and
:class:`Replay` is the board they describe (it applies events and undoes them, for
viewers that step back).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Literal

from ..geometry import Shape
from ..grid import Grid

# --- events ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Focus:
    """The algorithm looks at a cell (the one it will fill next)."""

    cell: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class FocusUnit:
    """The algorithm asks where ``digit`` can go in ``unit``."""

    unit: int
    digit: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class Try:
    """A digit is tried in a cell: a test (``naive``) or a trial assignment."""

    cell: int
    digit: int


@dataclass(frozen=True, slots=True)
class Place:
    """A digit is written in a cell; ``guess`` when it is a trial that may be undone."""

    cell: int
    digit: int
    reason: str
    guess: bool = False


@dataclass(frozen=True, slots=True)
class Eliminate:
    """A candidate is removed from a cell."""

    cell: int
    digit: int
    reason: str


@dataclass(frozen=True, slots=True)
class Contradiction:
    """The tried digit clashes, or the board cannot be completed from here."""

    cell: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class Backtrack:
    """The trial of ``digit`` in ``cell`` is undone, with everything that followed it.

    ``guess`` matches the :class:`Place` it undoes (a forced choice is not a guess).
    """

    cell: int
    digit: int
    guess: bool = True


@dataclass(frozen=True, slots=True)
class Solved:
    solution: Grid


@dataclass(frozen=True, slots=True)
class Failed:
    """The puzzle has no solution."""

    reason: str


@dataclass(frozen=True, slots=True)
class Stuck:
    """No known technique applies (``human``): the algorithm gives up unsolved."""

    reason: str


Event = (
    Focus
    | FocusUnit
    | Try
    | Place
    | Eliminate
    | Contradiction
    | Backtrack
    | Solved
    | Failed
    | Stuck
)
#: A step of a recursive trace: yields events, returns whether it solved (or went on).
Steps = Generator[Event, None, bool]
#: Events that end a trace.
FINAL = (Solved, Failed, Stuck)


def describe(event: Event, shape: Shape) -> str:
    """One line for people: ``Try 5 in r1c3``."""
    sym = shape.symbols
    match event:
        case Focus(cell, note):
            return f"Look at {shape.cell_name(cell)}" + (f": {note}" if note else "")
        case FocusUnit(unit, digit, note):
            text = f"Where can {sym[digit - 1]} go in {shape.unit_name(unit)}?"
            return f"{text} {note}" if note else text
        case Try(cell, digit):
            return f"Try {sym[digit - 1]} in {shape.cell_name(cell)}"
        case Place(cell, digit, reason, guess):
            head = f"{'Guess' if guess else 'Place'} {sym[digit - 1]} in {shape.cell_name(cell)}"
            return f"{head}: {reason}" if reason else head
        case Eliminate(cell, digit, reason):
            return f"Remove {sym[digit - 1]} from {shape.cell_name(cell)}: {reason}"
        case Contradiction(_, reason):
            return reason
        case Backtrack(cell, digit, _):
            return f"Take back {sym[digit - 1]} from {shape.cell_name(cell)}"
        case Solved():
            return "Solved"
        case Failed(reason) | Stuck(reason):
            return reason
    raise TypeError(f"not an event: {event!r}")


# --- counters -------------------------------------------------------------------------


@dataclass(slots=True)
class Counters:
    """Totals of a trace, updated one event at a time.

    - ``steps``: events so far; ``tries``: :class:`Try` events (for ``naive``, digits
      tested, valid or not); ``placements``: :class:`Place` events; ``backtracks``:
      :class:`Backtrack` events; ``guesses``: placements that are trials;
    - ``depth``: trials on the current path (``max_depth`` the deepest so far);
    - ``eliminations``: candidates removed; ``contradictions``: dead ends and clashes.
    """

    steps: int = 0
    tries: int = 0
    placements: int = 0
    backtracks: int = 0
    guesses: int = 0
    depth: int = 0
    max_depth: int = 0
    eliminations: int = 0
    contradictions: int = 0

    def update(self, event: Event) -> None:
        self.steps += 1
        kind = type(event)
        if kind is Eliminate:
            self.eliminations += 1
        elif kind is Try:
            self.tries += 1
        elif isinstance(event, Place):
            self.placements += 1
            if event.guess:
                self.guesses += 1
                self.depth += 1
                if self.depth > self.max_depth:
                    self.max_depth = self.depth
        elif isinstance(event, Backtrack):
            self.backtracks += 1
            if event.guess:
                self.depth -= 1
        elif kind is Contradiction:
            self.contradictions += 1

    def snapshot(self) -> tuple[int, ...]:
        return (
            self.steps,
            self.tries,
            self.placements,
            self.backtracks,
            self.guesses,
            self.depth,
            self.max_depth,
            self.eliminations,
            self.contradictions,
        )

    def restore(self, values: tuple[int, ...]) -> None:
        (
            self.steps,
            self.tries,
            self.placements,
            self.backtracks,
            self.guesses,
            self.depth,
            self.max_depth,
            self.eliminations,
            self.contradictions,
        ) = values

    def as_dict(self) -> dict[str, int]:
        return {
            "steps": self.steps,
            "tries": self.tries,
            "placements": self.placements,
            "backtracks": self.backtracks,
            "guesses": self.guesses,
            "depth": self.depth,
            "max_depth": self.max_depth,
            "eliminations": self.eliminations,
            "contradictions": self.contradictions,
        }


# --- helpers shared by the algorithms ---------------------------------------------------


def _bit(digit: int) -> int:
    return 1 << (digit - 1)


def _digit(bit: int) -> int:
    return bit.bit_length()


def initial_candidates(grid: Grid) -> list[int]:
    """Per cell: a given's own bit, or the digits its given peers leave open."""
    return [_bit(v) if v else m for v, m in zip(grid.cells, grid.candidates(), strict=True)]


def _duplicates(grid: Grid) -> Iterator[Event]:
    conflicts = grid.conflicts()
    if conflicts:
        first = conflicts[0]
        yield Contradiction(first.cells[1], f"The givens clash: {first}")
        yield Failed("No solution: the givens clash")


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


# --- propagation: the fast solver's method, step by step ----------------------------------


def propagation(grid: Grid) -> Iterator[Event]:
    """Naked and hidden singles to a fixpoint, then a guess; the fast solver, watched.

    The state is one candidate mask per cell. A settled cell removes its digit from its
    peers (a peer left with one candidate is a *naked single*); a digit with one place
    left in a unit is a *hidden single*. When nothing more follows, the first cell with
    the fewest candidates is tried with each candidate in ascending order, as
    :mod:`sudokit.solvers.fast` does. Singles reach the same fixpoint in any order, so
    the guesses here are the fast solver's, one for one.
    """
    if grid.conflicts():
        yield from _duplicates(grid)
        return
    shape = grid.shape
    n, ncells, full = shape.n, shape.ncells, shape.all_mask
    peers, units, pop = shape.peers, shape.units, shape.popcount
    sym = shape.symbols
    name = shape.cell_name

    def settle(cand: list[int], queue: deque[tuple[int, bool]]) -> Steps:
        """Propagate until nothing follows; the generator returns False on a contradiction.

        ``queue`` holds settled cells whose digit must leave their peers, flagged True
        when the cell still needs its :class:`Place` event (a naked single found while
        eliminating).
        """
        while True:
            while queue:
                cell, announce = queue.popleft()
                bit = cand[cell]
                digit = _digit(bit)
                if announce:
                    yield Place(cell, digit, "naked single (the only candidate left)")
                because = f"{name(cell)} is {sym[digit - 1]}"
                for p in peers[cell]:
                    m = cand[p]
                    if m & bit:
                        m ^= bit
                        cand[p] = m
                        yield Eliminate(p, digit, because)
                        if not m:
                            yield Contradiction(p, f"{name(p)} has no candidate left")
                            return False
                        if not m & (m - 1):
                            queue.append((p, True))
            found = yield from hidden_single(cand)
            if found is None:
                return False
            if found < 0:
                return True
            queue.append((found, False))

    def hidden_single(cand: list[int]) -> Generator[Event, None, int | None]:
        """Place the first hidden single; return its cell, -1 if none, None on a clash."""
        for unit, cells in enumerate(units):
            once = twice = 0
            for c in cells:
                m = cand[c]
                twice |= once & m
                once |= m
            if once != full:
                digit = _digit((full & ~once) & -(full & ~once))
                yield Contradiction(
                    None, f"{sym[digit - 1]} has no place left in {shape.unit_name(unit)}"
                )
                return None
            singles = once & ~twice
            if not singles:
                continue
            for c in cells:
                m = cand[c]
                if m & singles and m & (m - 1):
                    s = m & singles
                    if s & (s - 1):
                        a, b = shape.digits_of_mask[s][:2]
                        yield Contradiction(
                            c,
                            f"{name(c)} is the only place for both {sym[a - 1]} and "
                            f"{sym[b - 1]} in {shape.unit_name(unit)}",
                        )
                        return None
                    digit = _digit(s)
                    yield FocusUnit(unit, digit)
                    cand[c] = s
                    yield Place(
                        c, digit, f"hidden single (its only place in {shape.unit_name(unit)})"
                    )
                    return c
        return -1

    def choose(cand: list[int]) -> int:
        """The first unsettled cell with the fewest candidates, as the fast solver picks."""
        best, fewest = -1, n + 1
        for c in range(ncells):
            k = pop[cand[c]]
            if 1 < k < fewest:
                best, fewest = c, k
                if k == 2:
                    break
        return best

    def search(cand: list[int]) -> Steps:
        cell = choose(cand)
        if cell < 0:
            yield Solved(Grid(shape, [_digit(m) for m in cand]))
            return True
        mask = cand[cell]
        k = pop[mask]
        yield Focus(cell, f"nothing more follows; guess here ({k} candidates)")
        for i, digit in enumerate(shape.digits_of_mask[mask], start=1):
            yield Try(cell, digit)
            trial = cand[:]
            trial[cell] = _bit(digit)
            yield Place(cell, digit, f"candidate {i} of {k}", guess=True)
            if (yield from settle(trial, deque([(cell, False)]))) and (yield from search(trial)):
                return True
            yield Backtrack(cell, digit)
        return False

    cand = initial_candidates(grid)
    for cell in range(ncells):
        if not cand[cell]:
            yield Contradiction(cell, f"{name(cell)} has no candidate left")
            yield Failed("No solution: a cell has no candidate")
            return
    # Givens have already left their peers (the candidates say so); empty cells left
    # with one candidate are the first naked singles.
    queue = deque((c, True) for c in range(ncells) if not grid.cells[c] and pop[cand[c]] == 1)
    if not (yield from settle(cand, queue)):
        yield Failed("No solution: the givens lead to a contradiction")
        return
    if not (yield from search(cand)):
        yield Failed("No solution: every guess leads to a contradiction")


# --- dlx: Algorithm X with dancing links ---------------------------------------------------


def dlx(grid: Grid) -> Iterator[Event]:
    """Knuth's Algorithm X over the exact-cover matrix, with dancing links.

    Rows are the possible placements (cell, digit); columns are the constraints: every
    cell holds a digit, every unit holds every digit. Choosing a row covers its columns,
    which removes every row that conflicts with it — those are the eliminations. Each
    step takes the column with the fewest rows left (Knuth's heuristic, leftmost on a
    tie) and tries its rows in order; undoing a choice uncovers in reverse, which is
    what the links make cheap.
    """
    if grid.conflicts():
        yield from _duplicates(grid)
        return
    shape = grid.shape
    n, ncells = shape.n, shape.ncells
    sym = shape.symbols
    name = shape.cell_name
    cand = initial_candidates(grid)
    for cell in range(ncells):
        if not cand[cell]:
            yield Contradiction(cell, f"{name(cell)} has no candidate left")
            yield Failed("No solution: a cell has no candidate")
            return

    # Constraint ids: cell c -> c; unit u (0..3n-1, as in Shape.units) holding digit d
    # -> ncells + u * n + d - 1. Only constraints the givens leave open become columns.
    def constraints(cell: int, digit: int) -> tuple[int, ...]:
        return (cell, *(ncells + u * n + digit - 1 for u in shape.unit_of[cell]))

    satisfied = {k for c, v in enumerate(grid.cells) if v for k in constraints(c, v)}
    open_ids = [k for k in range(ncells + 3 * n * n) if k not in satisfied]
    # Node 0 is the root; nodes 1..len(open_ids) the column headers; then row nodes.
    ncol = len(open_ids)
    column_of_id = {k: i + 1 for i, k in enumerate(open_ids)}
    left = list(range(-1, ncol))
    left[0] = ncol
    right = [*range(1, ncol + 1), 0]
    up = list(range(ncol + 1))
    down = list(range(ncol + 1))
    col = list(range(ncol + 1))
    size = [0] * (ncol + 1)
    row_of: list[tuple[int, int]] = [(-1, 0)] * (ncol + 1)  # node -> (cell, digit)
    header_id = [-1, *open_ids]

    for cell in range(ncells):
        if grid.cells[cell]:
            continue
        for digit in shape.digits_of_mask[cand[cell]]:
            first = len(col)
            for k in constraints(cell, digit):
                c = column_of_id[k]
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
        return Contradiction(None, f"{sym[d]} has no place left in {shape.unit_name(unit)}")

    def search() -> Steps:
        if right[0] == 0:
            solution = list(grid.cells)
            for cell, digit in chosen:
                solution[cell] = digit
            yield Solved(Grid(shape, solution))
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


# --- the registry ---------------------------------------------------------------------------

Candidates = Literal["kept", "derived", "none"]


@dataclass(frozen=True, slots=True)
class Algorithm:
    """A watched algorithm: its generator and how a viewer should show it.

    ``candidates``: ``kept`` when the algorithm keeps candidate marks (the viewer shows
    the replayed ones), ``derived`` when it only computes what row, column and box allow
    (the viewer may show those), ``none`` when it looks at no candidates at all.
    """

    name: str
    title: str
    summary: str
    run: Callable[[Grid], Iterator[Event]]
    candidates: Candidates


def human(grid: Grid) -> Iterator[Event]:
    """The logic engine's path: the easiest technique that applies, one step at a time.

    Each step shows its pattern (a :class:`Focus` named after the technique), then
    its placements and eliminations, each carrying the step's explanation; the
    candidates a placement removes from its peers follow.
    """
    # The logic engine sits above the solvers: imported here, when a trace starts.
    from ..logic.candidates import State
    from ..logic.engine import select, steps
    from . import search

    if grid.conflicts():
        yield from _duplicates(grid)
        return
    shape = grid.shape
    count = search(grid, 2).count
    if count == 0:
        yield Failed("No solution: the puzzle contradicts itself")
        return
    unique = count == 1
    state = State.from_grid(grid)
    kept = initial_candidates(grid)
    # Candidates the engine starts without (none today) leave first, so the board a
    # viewer replays matches the engine's from the start.
    for cell in range(shape.ncells):
        if not grid.cells[cell]:
            for digit in shape.digits_of_mask[kept[cell] & ~state.cands[cell]]:
                yield Eliminate(cell, digit, "not allowed by the givens")
            kept[cell] = state.cands[cell]
    for step, after in steps(state, unique=unique, techniques=select(shape=shape, unique=unique)):
        pattern = step.cells or tuple(c for c, _ in step.placements + step.eliminations)
        if pattern:
            yield Focus(pattern[0], step.name)
        placed: dict[int, list[int]] = {}
        for cell, digit in step.placements:
            yield Place(cell, digit, step.text)
            kept[cell] = _bit(digit)
            placed.setdefault(digit, []).append(cell)
        explicit = set(step.eliminations)
        for cell, digit in step.eliminations:
            if kept[cell] & _bit(digit) and not after.values[cell]:
                kept[cell] &= ~_bit(digit)
                yield Eliminate(cell, digit, step.text)
        for cell in range(shape.ncells):  # what the placements took from their peers
            if after.values[cell]:
                continue
            for digit in shape.digits_of_mask[kept[cell] & ~after.cands[cell]]:
                if (cell, digit) in explicit:
                    continue
                source = next((c for c in placed.get(digit, ()) if c in shape.peers[cell]), None)
                because = (
                    f"{shape.cell_name(source)} is {shape.symbols[digit - 1]}"
                    if source is not None
                    else step.text
                )
                yield Eliminate(cell, digit, because)
            kept[cell] = after.cands[cell]
        state = after
    if state.is_solved():
        yield Solved(state.to_grid())
    elif state.broken():
        yield Failed("No solution: the steps ran into a contradiction")
    else:
        yield Stuck("No technique applies here: the rest needs guessing")


ALGORITHMS: dict[str, Algorithm] = {
    a.name: a
    for a in (
        Algorithm(
            "naive",
            "Naive backtracking",
            "The tutorial: first empty cell, digits 1..n in order, back up on a dead end.",
            naive,
            "none",
        ),
        Algorithm(
            "mrv",
            "Backtracking, fewest candidates first",
            "Fills the cell with the fewest candidates first, so dead ends show early.",
            mrv,
            "derived",
        ),
        Algorithm(
            "propagation",
            "Constraint propagation",
            "Naked and hidden singles until nothing follows, then a guess: the fast solver.",
            propagation,
            "kept",
        ),
        Algorithm(
            "dlx",
            "Algorithm X (dancing links)",
            "Exact cover: the most constrained cell or unit first; covering eliminates.",
            dlx,
            "kept",
        ),
        Algorithm(
            "human",
            "Human techniques",
            "One deduction per step, the easiest technique that applies, explained.",
            human,
            "kept",
        ),
    )
}


def algorithms() -> list[str]:
    """Names of the watched algorithms, in teaching order."""
    return list(ALGORITHMS)


def get_algorithm(name: str) -> Algorithm:
    """The algorithm called ``name``; ``ValueError`` naming the choices if unknown."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        names = ", ".join(ALGORITHMS)
        raise ValueError(f"unknown algorithm {name!r} (choose from {names})") from None


def trace(grid: Grid, algorithm: str = "propagation") -> Iterator[Event]:
    """The events of ``algorithm`` solving ``grid``, pulled lazily; the last is final."""
    return get_algorithm(algorithm).run(grid)


@dataclass(frozen=True, slots=True)
class Summary:
    """What a whole trace did: its counters and how it ended."""

    algorithm: str
    counters: Counters
    solved: bool
    solution: Grid | None
    finished: bool  # False when max_steps stopped it early

    def as_dict(self) -> dict[str, object]:
        """The JSON form: ``algorithm``, the counters, ``solved``, ``solution``."""
        c = self.counters
        return {
            "algorithm": self.algorithm,
            "steps": c.steps,
            "tries": c.tries,
            "placements": c.placements,
            "backtracks": c.backtracks,
            "guesses": c.guesses,
            "eliminations": c.eliminations,
            "max_depth": c.max_depth,
            "solved": self.solved,
            "finished": self.finished,
            "solution": None if self.solution is None else str(self.solution),
        }


def run(grid: Grid, algorithm: str = "propagation", *, max_steps: int | None = None) -> Summary:
    """Run a trace to its end (or ``max_steps`` events) without drawing; count it."""
    counters = Counters()
    update = counters.update
    last: Event | None = None
    finished = False
    for event in trace(grid, algorithm):
        if max_steps is not None and counters.steps >= max_steps:
            break
        update(event)
        last = event
    else:
        finished = True
    solution = last.solution if isinstance(last, Solved) else None
    return Summary(algorithm, counters, solution is not None, solution, finished)


# --- replay: the board a trace describes ----------------------------------------------------

#: How a cell got its digit (for colours).
EMPTY, GIVEN, FORCED, GUESSED = 0, 1, 2, 3
_VALUE, _ORIGIN, _CAND = 0, 1, 2

Status = Literal["running", "solved", "failed", "stuck", "stopped"]

#: An undo record (from :meth:`Replay.apply`): the event, the view and the counters
#: before it, the log length before it (or the entries a backtrack rolled back), and
#: the open trials before it.
Undo = tuple[
    Event,
    tuple[int | None, int | None, tuple[int, int] | None, Event | None, Status],
    tuple[int, ...],
    int,
    list[tuple[int, int, int, int]] | None,
    list[tuple[int, int, int]],
]


class Replay:
    """The board a trace has reached: digits, candidates, focus, counters.

    :meth:`apply` takes the next event and returns a record :meth:`undo` takes back, so
    a viewer can step back over a bounded history. Changes are logged since the open
    trials began, so a :class:`Backtrack` restores the board as it was before its
    :class:`Try`, whatever the algorithm did in between.
    """

    def __init__(self, grid: Grid, algorithm: str = "propagation") -> None:
        self.grid = grid
        self.shape = grid.shape
        self.algorithm = get_algorithm(algorithm)
        self.values = list(grid.cells)
        self.origin = [GIVEN if v else EMPTY for v in grid.cells]
        #: Candidate masks the algorithm keeps (None when it keeps none).
        self.kept: list[int] | None = (
            initial_candidates(grid) if self.algorithm.candidates == "kept" else None
        )
        self.focus: int | None = None
        self.focus_unit: int | None = None
        #: The digit on trial: (cell, digit), until it is placed or rejected.
        self.tried: tuple[int, int] | None = None
        self.last: Event | None = None
        self.status: Status = "running"
        self.counters = Counters()
        self._log: list[tuple[int, int, int, int]] = []  # (what, cell, old, new)
        self._marks: list[tuple[int, int, int]] = []  # open trials: (cell, digit, log length)

    # --- reading --------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.status != "running"

    def candidates(self) -> list[int] | None:
        """Masks to draw in empty cells: kept ones, or derived from the digits, or None."""
        if self.kept is not None:
            return self.kept
        if self.algorithm.candidates == "derived":
            return Grid(self.shape, self.values).candidates()
        return None

    def board(self) -> Grid:
        return Grid(self.shape, self.values)

    def caption(self) -> str:
        """The last event in words ('' before the first)."""
        return "" if self.last is None else describe(self.last, self.shape)

    # --- changing ---------------------------------------------------------------------
    def _set(self, what: int, cell: int, new: int) -> None:
        store = self.values if what == _VALUE else self.origin if what == _ORIGIN else self.kept
        assert store is not None
        old = store[cell]
        if old != new:
            store[cell] = new
            self._log.append((what, cell, old, new))

    def _store(self, what: int) -> list[int]:
        store = self.values if what == _VALUE else self.origin if what == _ORIGIN else self.kept
        assert store is not None
        return store

    def apply(self, event: Event) -> Undo:
        """Take one event; the returned record undoes it."""
        view = (self.focus, self.focus_unit, self.tried, self.last, self.status)
        counted = self.counters.snapshot()
        log_length = len(self._log)
        marks = self._marks[:] if type(event) is Backtrack else []
        rolled: list[tuple[int, int, int, int]] | None = None
        self.counters.update(event)
        self.last = event
        if self.focus_unit is not None and type(event) not in (Try, Place):
            self.focus_unit = None  # a unit's question lasts until its answer is placed
        match event:
            case Focus(cell):
                self.focus, self.focus_unit, self.tried = cell, None, None
            case FocusUnit(unit):
                self.focus, self.focus_unit, self.tried = None, unit, None
            case Try(cell, digit):
                self.focus, self.tried = cell, (cell, digit)
                self._marks.append((cell, digit, log_length))
            case Place(cell, digit, _, guess):
                self.focus, self.tried = cell, None
                self._set(_VALUE, cell, digit)
                self._set(_ORIGIN, cell, GUESSED if guess else FORCED)
                if self.kept is not None:
                    self._set(_CAND, cell, _bit(digit))
            case Eliminate(cell, digit):
                if self.kept is not None:
                    self._set(_CAND, cell, self.kept[cell] & ~_bit(digit))
            case Contradiction(cell):
                if cell is not None:
                    self.focus = cell
            case Backtrack(cell, digit, _):
                self.focus, self.focus_unit, self.tried = cell, None, None
                rolled = self._rollback(cell, digit)
            case Solved(solution):
                self.focus = self.focus_unit = None
                self.tried = None
                for c, v in enumerate(solution.cells):
                    if self.values[c] != v:
                        self._set(_VALUE, c, v)
                        self._set(_ORIGIN, c, FORCED)
                self.status = "solved"
            case Failed():
                self.status = "failed"
            case Stuck():
                self.status = "stuck"
        return (event, view, counted, log_length, rolled, marks)

    def _rollback(self, cell: int, digit: int) -> list[tuple[int, int, int, int]]:
        for i in range(len(self._marks) - 1, -1, -1):
            c, d, position = self._marks[i]
            if c == cell and d == digit:
                del self._marks[i:]
                rolled = self._log[position:]
                del self._log[position:]
                for what, at, old, _ in reversed(rolled):
                    self._store(what)[at] = old
                return rolled
        return []

    def undo(self, record: Undo) -> None:
        """Take back the event ``record`` came from (records undo last-in, first-out)."""
        _, view, counted, log_length, rolled, marks = record
        if rolled is not None:  # a backtrack: redo what it rolled back
            for what, at, _, new in rolled:
                self._store(what)[at] = new
            self._log.extend(rolled)
            self._marks[:] = marks
        else:
            while len(self._log) > log_length:
                what, at, old, _ = self._log.pop()
                self._store(what)[at] = old
            if type(record[0]) is Try:
                self._marks.pop()
        self.focus, self.focus_unit, self.tried, self.last, self.status = view
        self.counters.restore(counted)


__all__ = [
    "ALGORITHMS",
    "EMPTY",
    "FINAL",
    "FORCED",
    "GIVEN",
    "GUESSED",
    "Algorithm",
    "Backtrack",
    "Contradiction",
    "Counters",
    "Eliminate",
    "Event",
    "Failed",
    "Focus",
    "FocusUnit",
    "Place",
    "Replay",
    "Solved",
    "Stuck",
    "Summary",
    "Try",
    "Undo",
    "algorithms",
    "describe",
    "dlx",
    "get_algorithm",
    "initial_candidates",
    "mrv",
    "naive",
    "propagation",
    "run",
    "trace",
]
