"""The game state: an immutable value, everything undo has to restore.

A :class:`GameState` holds the puzzle (givens), the solution, the digits the player
entered, the player's notes (pencil marks) and the cells revealed by hints or "solve".
Selection, cursor and notes mode are not here: they are UI state (DESIGN rule 4).
States are only ever replaced, never changed, so undo is a list of states.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..geometry import Rules, Shape
from ..grid import Grid


@dataclass(frozen=True, slots=True)
class GameState:
    """One position of a game.

    - ``entries[cell]``: the digit the player put in a cell, ``0`` for none (always
      ``0`` on givens);
    - ``notes[cell]``: a mask of the digits pencilled in a cell (digit ``d`` is bit
      ``d - 1``); only empty cells hold notes;
    - ``revealed``: cells whose digit was revealed by a hint or by solving; like givens
      they cannot be changed any more;
    - ``auto``: cells whose notes the player let the game keep (filled by auto-notes and
      not cleared since): erasing a digit gives their notes back what it had taken;
    - ``unique``: False for a puzzle played although it has several solutions; then
      ``solution`` is only one of them, and the board is solved when it is complete
      and keeps the rules, whichever solution it is.

    Build the first position with :meth:`start`; every later one comes from
    :func:`sudokit.game.apply`.
    """

    puzzle: Grid
    solution: Grid
    entries: tuple[int, ...]
    notes: tuple[int, ...]
    revealed: frozenset[int] = frozenset()
    auto: frozenset[int] = frozenset()
    unique: bool = True
    #: Givens and entries together (derived, kept to avoid rebuilding it on every read).
    board: Grid = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        cells = tuple(g or e for g, e in zip(self.puzzle.cells, self.entries, strict=True))
        object.__setattr__(self, "board", Grid(self.puzzle.rules, cells))

    @classmethod
    def start(cls, puzzle: Grid, solution: Grid, *, unique: bool = True) -> GameState:
        """The opening position: the givens, nothing entered, no notes."""
        ncells = puzzle.shape.ncells
        if solution.rules is not puzzle.rules:  # the solution is read under the puzzle's rules
            solution = Grid(puzzle.rules, solution.cells)
        return cls(puzzle, solution, (0,) * ncells, (0,) * ncells, unique=unique)

    @property
    def shape(self) -> Shape:
        return self.puzzle.shape

    @property
    def rules(self) -> Rules:
        """The puzzle's rules (classic, X, jigsaw...): what conflicts and notes follow."""
        return self.puzzle.rules

    @property
    def size(self) -> int:
        return self.puzzle.size

    def is_given(self, cell: int) -> bool:
        return self.puzzle.cells[cell] != 0

    def is_locked(self, cell: int) -> bool:
        """Whether the player may not change the cell: a given or a revealed digit."""
        return self.puzzle.cells[cell] != 0 or cell in self.revealed

    def digit(self, cell: int) -> int:
        """The digit shown in a cell (given or entered), ``0`` for an empty cell."""
        return self.board.cells[cell]

    def is_solved(self) -> bool:
        """Whether the board is the solution (with several solutions: any of them)."""
        if self.unique:
            return self.board == self.solution
        return self.board.is_solved()

    def wrong_cells(self) -> frozenset[int]:
        """Entered digits that differ from the solution (none can be said to be wrong
        when the puzzle has several solutions)."""
        if not self.unique:
            return frozenset()
        sol = self.solution.cells
        return frozenset(c for c, e in enumerate(self.entries) if e and e != sol[c])

    def conflict_cells(self) -> frozenset[int]:
        """Cells whose digit breaks a rule (twice in a unit, and under variant rules a
        knight's or king's move apart or consecutive side by side), givens included."""
        return self.board.conflicting_cells()

    def note_clashes(self) -> frozenset[tuple[int, int]]:
        """Notes a placed digit already rules out: ``(cell, digit)`` for each note ``digit``
        of an empty cell that one of its peers holds (under non-consecutive rules, also a
        digit next to an orthogonal neighbour's)."""
        cells = self.board.cells
        out = set()
        for cell, mask in enumerate(self.notes):
            if not mask or cells[cell]:
                continue
            clash = mask & ruled_out(self.rules, cells, cell)
            while clash:
                bit = clash & -clash
                out.add((cell, bit.bit_length()))
                clash ^= bit
        return frozenset(out)

    def remaining(self) -> dict[int, int]:
        """For each digit, how many cells still need it (by the rules: ``n`` minus placed)."""
        n = self.puzzle.size
        left = dict.fromkeys(range(1, n + 1), n)
        for v in self.board.cells:
            if v:
                left[v] -= 1
        return {d: max(0, k) for d, k in left.items()}


def ruled_out(rules: Rules, cells: tuple[int, ...] | list[int], cell: int) -> int:
    """The mask of digits the placed ``cells`` rule out in ``cell`` under ``rules``: its
    peers' digits and, under non-consecutive rules, the digits next to an orthogonal
    neighbour's."""
    used = 0
    for p in rules.peers[cell]:
        if cells[p]:
            used |= 1 << (cells[p] - 1)
    for p in rules.neighbours[cell]:
        w = cells[p]
        if w:
            used |= (1 << w) | (1 << (w - 2) if w > 1 else 0)
    return used & rules.all_mask
