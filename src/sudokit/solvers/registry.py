"""The registry of solver backends and the value a search returns.

Backends register themselves here; ``SUDOKIT_BACKEND=<name>`` forces one (a backend that
does not support a size falls back to ``python`` for it). A module of its own so that the
backends (``native``) and the batch code import it without importing the package's
``__init__``, which imports them.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, Protocol

from ..geometry import Shape


class Outcome(tuple[int, list[int] | None, int]):
    """A search's result: how many solutions (capped at the limit), the first, guesses.

    ``count, solution, guesses = outcome`` unpacks it. A tuple underneath, because a
    one-puzzle search takes microseconds and a dataclass's construction would be a good
    part of them; ``count`` is the solution count here, not ``tuple.count``.
    """

    __slots__ = ()

    def __new__(cls, count: int, solution: list[int] | None, guesses: int) -> Outcome:
        return tuple.__new__(cls, (count, solution, guesses))

    @property
    def count(self) -> int:  # type: ignore[override]
        """Solutions found, capped at the limit."""
        return self[0]

    @property
    def solution(self) -> list[int] | None:
        """The first solution found (digits), or None."""
        return self[1]

    @property
    def guesses(self) -> int:
        """Trial assignments the search made (configurations or cell digits tried)."""
        return self[2]

    def __repr__(self) -> str:
        return f"Outcome(count={self[0]!r}, solution={self[1]!r}, guesses={self[2]!r})"

    def __getnewargs__(self) -> tuple[int, list[int] | None, int]:
        return (self[0], self[1], self[2])


class Backend(Protocol):
    """What a solver backend provides. Inputs are trusted: validated cells of a shape."""

    name: str
    priority: int

    def supports(self, shape: Shape) -> bool: ...

    def run(self, shape: Shape, cells: Sequence[int], limit: int) -> Outcome:
        """Count solutions up to ``limit`` (>= 1), returning the first one found."""
        ...


class PythonBackend:
    """The pure-Python bit-mask solver (every size)."""

    name = "python"
    priority = 0

    def supports(self, shape: Shape) -> bool:
        return True

    def run(self, shape: Shape, cells: Sequence[int], limit: int) -> Outcome:
        from . import fast  # on use: the C core answers most sizes without it

        r = fast.engine(shape).run(cells, limit)
        return Outcome(r.count, r.solution, r.guesses)


_REGISTRY: dict[str, Backend] = {}


#: The backend chosen per shape, for the ``SUDOKIT_BACKEND`` value it was chosen under:
#: a call on one grid costs a dictionary look-up, not a scan of the registry.
_CHOSEN: dict[Shape, Backend] = {}
_CHOSEN_UNDER: list[Any] = [None]


def register(backend: Backend) -> None:
    """Add (or replace) a backend by name."""
    _REGISTRY[backend.name] = backend
    _CHOSEN.clear()


register(PythonBackend())


def backends() -> list[str]:
    """Names of the available backends, the one used for 9×9 first."""
    active = backend_for(Shape.of(9)).name
    rest = sorted((b for b in _REGISTRY.values() if b.name != active), key=lambda b: -b.priority)
    return [active] + [b.name for b in rest]


def backend_for(shape: Shape) -> Backend:
    """The backend that solves grids of this shape: forced by ``SUDOKIT_BACKEND`` or the
    highest-priority one that supports it. The choice is kept until the variable changes
    or a backend registers."""
    forced = _environ.get(_KEY)
    if forced != _CHOSEN_UNDER[0]:
        _CHOSEN.clear()
        _CHOSEN_UNDER[0] = forced
    chosen = _CHOSEN.get(shape)
    if chosen is None:
        chosen = _CHOSEN[shape] = _choose(shape)
    return chosen


# os.environ encodes the key and decodes the value on every read (most of a one-grid
# call's cost); its own table, which every write through os.environ updates, answers
# "changed?" at a dictionary's cost. Elsewhere than CPython, the plain mapping.
_environ: Any = getattr(os.environ, "_data", os.environ)
_KEY: Any = "SUDOKIT_BACKEND"
if _environ is not os.environ:
    _KEY = os.environ.encodekey(_KEY)


def _choose(shape: Shape) -> Backend:
    forced = os.environ.get("SUDOKIT_BACKEND")
    if forced:
        chosen = _REGISTRY.get(forced)
        if chosen is None:
            names = ", ".join(sorted(_REGISTRY))
            raise ValueError(f"SUDOKIT_BACKEND={forced!r} is not available (available: {names})")
        if chosen.supports(shape):
            return chosen
        return _REGISTRY["python"]
    return max((b for b in _REGISTRY.values() if b.supports(shape)), key=lambda b: b.priority)
