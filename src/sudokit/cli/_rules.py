"""``--variant NAME[,NAME]`` and ``--rules CODE``: read plain puzzles under variant rules.

One decorator, :func:`rules_options`, for every command that takes a puzzle: the command
function gets ``rules``, a :class:`RulesChoice` whose :meth:`~RulesChoice.apply` puts a
parsed grid under the rules asked for (None when neither option was given).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar, overload

import click

from ..errors import DuplicateError, ParseError, RulesError
from ..geometry import Rules, variant_name
from ..grid import Grid

if TYPE_CHECKING:
    from ..formats import Record

F = TypeVar("F", bound=Callable[..., Any])


class RulesChoice:
    """The rules the command line asked for: variant names (any size) or a full code."""

    def __init__(self, variants: tuple[str, ...], code: Rules | None) -> None:
        self.variants = variants
        self.code = code

    def rules_for(self, size: int) -> Rules:
        """The rules for a ``size × size`` puzzle; RulesError when they cannot be."""
        if self.code is not None:
            if self.code.n != size:
                raise RulesError(
                    f"--rules {self.code.code}: the rules are for a {self.code.n}×{self.code.n}"
                    f" grid, the puzzle is {size}×{size}"
                )
            return self.code
        if "jigsaw" in self.variants:  # allowed for new puzzles only
            raise RulesError("jigsaw needs its regions: give --rules N+jigsaw:LETTERS")
        return Rules.make(size, self.variants)

    def apply(self, grid: Grid) -> Grid:
        """``grid`` under the rules asked for. A puzzle that carries rules of its own (read
        from a format that says them) keeps them when they agree, else RulesError."""
        rules = self.rules_for(grid.size)
        if grid.rules is rules:
            return grid
        if not grid.rules.classic:
            raise RulesError(
                f"the puzzle's own rules are {grid.rules.name}, not {rules.name} as asked"
            )
        placed = Grid(rules, grid.cells)
        # Digits that were fine as classic may clash under the rules asked for: say where,
        # as reading the puzzle with its rules in the line would.
        clashes = placed.conflicts() if placed.has_conflicts() else []
        if clashes:
            cell = clashes[0].cells[1]
            raise DuplicateError(str(clashes[0]), row=cell // grid.size, col=cell % grid.size)
        return placed

    def apply_record(self, record: Record) -> Record:
        """``record`` under the rules asked for; rules that do not fit it (another size, its
        own other rules) become that line's error, so the other lines are still answered."""
        if record.grid is None:
            return record
        try:
            return replace(record, grid=self.apply(record.grid))
        except RulesError as err:
            return replace(record, grid=None, error=ParseError(str(err), line=record.line))
        except ParseError as err:
            error = err if record.line is None else err.at_line(record.line)
            return replace(record, grid=None, error=error)


def _choice(variant: str | None, code: str | None, new: bool = False) -> RulesChoice | None:
    if variant is not None and code is not None:
        raise click.UsageError("give --variant or --rules, not both")
    if code is not None:
        return RulesChoice((), Rules.parse(code))
    if variant is not None:
        names = tuple(variant_name(v) for v in variant.replace("+", ",").split(",") if v.strip())
        if "jigsaw" in names and not new:
            raise RulesError("jigsaw needs its regions: give --rules N+jigsaw:LETTERS")
        return RulesChoice(names, None)
    return None


@overload
def rules_options(func: F) -> F: ...


@overload
def rules_options(*, new: bool = ...) -> Callable[[F], F]: ...


def rules_options(func: F | None = None, *, new: bool = False) -> Any:
    """Add ``--variant`` and ``--rules`` to a command; it receives ``rules``
    (a :class:`RulesChoice` or None). ``@rules_options(new=True)``: the rules of a new
    puzzle too, so ``--variant jigsaw`` is allowed (the maker draws its regions)."""
    if func is None:
        return functools.partial(rules_options, new=True) if new else rules_options

    @functools.wraps(func)
    def wrapper(*args: Any, variant: str | None, rules_code: str | None, **kwargs: Any) -> Any:
        return func(*args, rules=_choice(variant, rules_code, new), **kwargs)

    what = "a new puzzle (or PUZZLE, when given)" if new else "the puzzle"
    wrapped: Any = click.option(
        "--rules",
        "rules_code",
        metavar="CODE",
        help=f"Make or read {what} under these rules, given as a code: 9+x, "
        "9+x+anti-knight, 6+jigsaw:AAABBB... (one region letter per cell)."
        if new
        else "Read the puzzle under these rules, given as a code: 9+x, 9+x+anti-knight, "
        "6+jigsaw:AAABBB... (one region letter per cell).",
    )(wrapper)
    wrapped = click.option(
        "--variant",
        metavar="NAME[,NAME]",
        help=f"Make or read {what} under variant rules: x, windoku, jigsaw (random "
        "regions), anti-knight, anti-king, non-consecutive (combine them with commas)."
        if new
        else "Read the puzzle under variant rules: x, windoku, anti-knight, anti-king, "
        "non-consecutive (combine them with commas).",
    )(wrapped)
    return wrapped
