"""The registry of solver backends and the value a search returns.

Backends register themselves here; ``SUDOKIT_BACKEND=<name>`` forces one (a backend that
does not support a size falls back to ``python`` for it; one that supports the size but not
a puzzle's variant rules refuses with :class:`~sudokit.errors.UnsupportedRulesError`).
Dispatch keys on the puzzle's :class:`~sudokit.geometry.Rules`: classic rules go to the
fastest backend, variant rules to one that supports them (the pure-Python engine supports
every rules). A module of its own so that the
backends (``native``) and the batch code import it without importing the package's
``__init__``, which imports them.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, Protocol

from ..errors import UnsupportedRulesError
from ..geometry import Rules, Shape, per_rules


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
    """What a solver backend provides. Inputs are trusted: validated cells under rules the
    backend supports (:meth:`run` is only given rules :meth:`supports` accepted; a
    :class:`~sudokit.geometry.Shape` there means its classic rules)."""

    name: str
    priority: int

    def supports(self, rules: Rules) -> bool: ...

    def run(self, rules: Rules | Shape, cells: Sequence[int], limit: int) -> Outcome:
        """Count solutions up to ``limit`` (>= 1), returning the first one found."""
        ...


class PythonBackend:
    """The pure-Python solvers: the packed bit-mask engine for classic rules (every size),
    the general engine for every other rules."""

    name = "python"
    priority = 0

    def supports(self, rules: Rules) -> bool:
        return True

    def run(self, rules: Rules | Shape, cells: Sequence[int], limit: int) -> Outcome:
        shape = rules if isinstance(rules, Shape) else rules.shape
        if rules is shape or rules is shape.rules:
            from . import fast  # on use: the C core answers most sizes without it

            r = fast.engine(shape).run(cells, limit)
        else:
            assert isinstance(rules, Rules)
            from . import general

            r = general.engine(rules).run(cells, limit)
        return Outcome(r.count, r.solution, r.guesses)


_REGISTRY: dict[str, Backend] = {}


#: The backend chosen per shape and classic rules, for the ``SUDOKIT_BACKEND`` value it
#: was chosen under: a call on one grid costs a dictionary look-up, not a scan of the
#: registry. Variant rules keep their choice on themselves (:func:`_variant_choices`), so
#: that the many rules a killer maker tries are freed with their puzzles.
_CHOSEN: dict[Rules | Shape, Backend] = {}
_CHOSEN_UNDER: list[Any] = [None]


def register(backend: Backend) -> None:
    """Add (or replace) a backend by name."""
    _REGISTRY[backend.name] = backend
    forget_choices()


def forget_choices() -> None:
    """Drop every backend choice kept (a backend's abilities changed: a registration, or a
    test standing in for another build of the C core)."""
    _CHOSEN.clear()
    _GENERATION[0] += 1


#: Bumped when the registry changes: variant rules' kept choices older than it are stale.
_GENERATION = [0]


@per_rules
def _variant_choices(rules: Rules) -> dict[tuple[Any, int], Backend]:
    return {}


register(PythonBackend())


def backends() -> list[str]:
    """Names of the available backends, the one used for 9×9 first."""
    active = backend_for(Shape.of(9)).name
    rest = sorted((b for b in _REGISTRY.values() if b.name != active), key=lambda b: -b.priority)
    return [active] + [b.name for b in rest]


def backend_for(rules: Rules | Shape) -> Backend:
    """The backend that solves grids under these rules (a shape: its classic rules):
    forced by ``SUDOKIT_BACKEND`` or the highest-priority one that supports them. The
    choice is kept until the variable changes or a backend registers.

    Raises :class:`~sudokit.errors.UnsupportedRulesError` when ``SUDOKIT_BACKEND`` forces
    a backend that solves the size but not these rules: it is never answered as classic.
    """
    forced = _environ.get(_KEY)
    if forced != _CHOSEN_UNDER[0]:
        _CHOSEN.clear()
        _CHOSEN_UNDER[0] = forced
    chosen = _CHOSEN.get(rules)
    if chosen is None:
        target = rules.rules if isinstance(rules, Shape) else rules
        if target.classic:
            chosen = _CHOSEN[rules] = _choose(target)
        else:
            kept = _variant_choices(target)
            key = (forced, _GENERATION[0])
            chosen = kept.get(key)
            if chosen is None:
                kept.clear()
                chosen = kept[key] = _choose(target)
    return chosen


# os.environ encodes the key and decodes the value on every read (most of a one-grid
# call's cost); its own table, which every write through os.environ updates, answers
# "changed?" at a dictionary's cost. Elsewhere than CPython, the plain mapping.
_environ: Any = getattr(os.environ, "_data", os.environ)
_KEY: Any = "SUDOKIT_BACKEND"
if _environ is not os.environ:
    _KEY = os.environ.encodekey(_KEY)


def _choose(rules: Rules) -> Backend:
    forced = os.environ.get("SUDOKIT_BACKEND")
    if forced:
        chosen = _REGISTRY.get(forced)
        if chosen is None:
            names = ", ".join(sorted(_REGISTRY))
            raise ValueError(f"SUDOKIT_BACKEND={forced!r} is not available (available: {names})")
        if chosen.supports(rules):
            return chosen
        if not rules.classic and chosen.supports(rules.shape.rules):
            raise UnsupportedRulesError(
                f"SUDOKIT_BACKEND={forced}: {rules.name} rules are not supported by the"
                f" {forced} backend yet (unset SUDOKIT_BACKEND to solve them in Python)"
            )
        return _REGISTRY["python"]
    return max((b for b in _REGISTRY.values() if b.supports(rules)), key=lambda b: b.priority)
