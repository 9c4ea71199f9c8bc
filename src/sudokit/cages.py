"""Killer cages as rules data: the :class:`Cage` value, the checks a set of cages must
pass, and their part of a rules code (``killer:1112=3/131423=15``). Used by
:class:`sudokit.geometry.Rules`, which re-exports :class:`Cage`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .errors import RulesError


def _cell_name(n: int) -> Callable[[int], str]:
    return lambda cell: f"r{cell // n + 1}c{cell % n + 1}"


@dataclass(frozen=True)
class Cage:
    """A killer cage: ``cells`` (sorted cell indices; any set, connected or not) whose
    digits never repeat and, unless ``total`` is None, add up to ``total``.

    A cage is not a unit (it need not hold every digit); its cells are peers.
    ``Cage((1, 0), 3)`` keeps its cells sorted: ``Cage((0, 1), 3)``.
    """

    cells: tuple[int, ...]
    total: int | None = None

    def __post_init__(self) -> None:
        cells = tuple(sorted(int(c) for c in self.cells))
        if not cells:
            raise RulesError("a cage needs at least one cell")
        if len(set(cells)) != len(cells):
            twice = next(c for c in cells if cells.count(c) > 1)
            raise RulesError(f"a cage lists cell {twice} twice")
        object.__setattr__(self, "cells", cells)
        if self.total is not None:
            object.__setattr__(self, "total", int(self.total))

    def place(self, n: int) -> str:
        """Where the cage is, for people: ``r1c1–r1c3`` for a straight run of cells in a
        row or column, otherwise every cell (``r1c1,r1c2,r2c1``)."""
        cells = self.cells
        name = _cell_name(n)
        if len(cells) == 1:
            return name(cells[0])
        first, last = cells[0], cells[-1]
        same_row = all(c // n == first // n for c in cells) and last - first == len(cells) - 1
        same_col = all(c % n == first % n for c in cells) and last - first == n * (len(cells) - 1)
        if same_row or same_col:
            return f"{name(first)}–{name(last)}"
        return ",".join(name(c) for c in cells)


def cage_bounds(size: int, n: int) -> tuple[int, int]:
    """The least and greatest sums of ``size`` distinct digits ``1..n``."""
    return size * (size + 1) // 2, size * (2 * n - size + 1) // 2


def check_cages(n: int, cages: Iterable[Cage]) -> tuple[Cage, ...]:
    """The cages in canonical order (by first cell); RulesError for a cell off the grid, a
    cell in two cages, a cage larger than ``n`` or a sum its digits cannot make."""
    ncells, cell_name = n * n, _cell_name(n)
    out = []
    owner: dict[int, Cage] = {}
    for cage in cages:
        if not isinstance(cage, Cage):
            raise RulesError(f"a cage must be a Cage, not {type(cage).__name__}")
        off = [c for c in cage.cells if not 0 <= c < ncells]
        if off:
            raise RulesError(f"a cage has cell {off[0]}, outside the {n}×{n} grid")
        where = cage.place(n)
        if len(cage.cells) > n:
            raise RulesError(
                f"the cage at {where} has {len(cage.cells)} cells; its digits cannot all"
                f" differ with only {n} digits"
            )
        if cage.total is not None:
            lo, hi = cage_bounds(len(cage.cells), n)
            if not lo <= cage.total <= hi:
                some = f"{len(cage.cells)} different digits" if len(cage.cells) > 1 else "a digit"
                raise RulesError(
                    f"the cage at {where} cannot add up to {cage.total}: {some} 1–{n} add up"
                    f" to {lo}–{hi}"
                )
        for c in cage.cells:
            if c in owner:
                raise RulesError(
                    f"{cell_name(c)} is in two cages (at {owner[c].place(n)} and {where})"
                )
            owner[c] = cage
        out.append(cage)
    return tuple(sorted(out, key=lambda cage: cage.cells[0]))


def cage_code(cage: Cage, n: int, symbols: str) -> str:
    cells = "".join(symbols[c // n] + symbols[c % n] for c in cage.cells)
    return cells if cage.total is None else f"{cells}={cage.total}"


def parse_cages(code: str, size: int, arg: str, symbols: str) -> list[Cage]:
    """The cages of a killer code's argument (``1112=3/131423=15``); RulesError naming the
    cage and the fault (``symbols``: the digit symbols, row and column names)."""
    symbols = symbols[:size]
    cages = []
    for number, text in enumerate(arg.split("/"), 1):
        where = f"rules {code!r}: cage {number} ({text!r})"
        cells_text, eq, total_text = text.partition("=")
        cells_text = cells_text.upper()
        if not cells_text or len(cells_text) % 2:
            raise RulesError(
                f"{where}: its cells are pairs of a row and a column symbol (r1c2 is 12)"
            )
        bad = [ch for ch in cells_text if ch not in symbols]
        if bad:
            raise RulesError(f"{where}: {bad[0]!r} is not a row or column (1–{symbols[-1]})")
        total: int | None = None
        if eq:
            if not total_text.isdigit() or len(total_text) > 4:
                raise RulesError(f"{where}: the sum {total_text!r} is not a number")
            total = int(total_text)
        cells = [
            symbols.index(cells_text[i]) * size + symbols.index(cells_text[i + 1])
            for i in range(0, len(cells_text), 2)
        ]
        try:
            cages.append(Cage(tuple(cells), total))
        except RulesError as err:
            raise RulesError(f"{where}: {err}") from None
    return cages


__all__ = ["Cage", "cage_bounds", "cage_code", "check_cages", "parse_cages"]
