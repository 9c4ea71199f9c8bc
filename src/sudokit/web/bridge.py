"""The browser's engine: JSON text in, JSON text out, over the game's play facade.

The page's Web Worker runs this module under Pyodide and calls :func:`handle` with one
request, ``{"op": name, "args": {...}}``, as JSON text; the answer is JSON text: the
op's result, or ``{"error": message}`` (that one key, nothing else) when the request
cannot be carried out — an unknown op, a missing or wrong argument (named), a puzzle that
does not read (the format's own message), an illegal move. An error changes nothing: the
game kept stays as it was. Only strings cross the boundary.

The engine keeps one game (the last ``new``, ``open`` or ``sync``); ``play``, ``undo``,
``redo``, ``hint``, ``check``, ``explain``, ``view`` and ``watch`` act on it. Cells are
indices (row-major, 0-based); digits are ints 1..n; a grid as text is a line of
``n*n`` symbols (``.`` empty, ``1``-``9`` then ``A``-``G``); moves are the game's move
codes (``s r1c2 5``, ``e r1c2``, ``n r1c2 5``, ``p …``, ``x …``, ``auto``,
``clear-notes``, ``restart``; see :mod:`sudokit.game.moves`).

Ops and results
---------------

``new {size=9, level?, variant="", seed?}`` → *game*. ``variant``: ``""``,
variant names (``"x"``, ``"x,jigsaw"``, ``"anti-knight"``) or a rules code (its size
wins). No level: ``medium``, or the hardest level below it that the size and rules
reach (``levels`` lists them; a level they do not reach is an error). No seed draws one
(given back in ``seed``).

``open {text}`` → *game*: a line of digits, a picture, a rules-carrying line
(``9+x:…``), an f-puzzles link or JSON, a SudokuPad or SudokuWiki link, any exchange
format sudokit reads, or this app's own share link (``?p=…``, whole or its query). A
puzzle with several solutions is opened anyway (``unique`` false). A pencil-mark grid
(HoDoKu's line with placed digits and deleted candidates, f-puzzles centre marks...)
opens where the player was: the game plays its placed digits and notes, and gives them
back in ``moves`` for the page to play too.

``share {rules, givens}`` → ``{"line", "link"}``: the rules-carrying line and the page
query that opens it (``?p=<line, URL-encoded>``).

``sync {rules, givens, solution?, unique=true, moves=[], position?, level?, seed?,
elapsed?}`` → *view*: the page's game replayed (``position``: how many moves are
played, the rest can be redone; default all); it becomes the game kept. Without
``solution`` the puzzle is solved here (and may have several solutions); with it,
``unique`` false says it is one of several (the game's ``unique``, as ``open`` gave it).

``play {move}`` / ``undo`` / ``redo`` / ``view`` → *view*.

``hint {stage?}`` → ``{"stage", "text", "cells", "reasons", "moves", "level", "kind",
"area", "pattern", "eliminations", "technique", "changed"}`` (see
:class:`~sudokit.game.play.HintView`): ``stage`` 1 names the technique and where to
look, 2 adds the cells, 3 is the whole deduction, whose ``moves`` Apply plays with
``play``; no stage tells the next one. At stage 3, a forcing chain or net also holds
``"branches"``, in the shape ``explain`` gives them (below), and ``"drawing"``, what
the page draws of them (see :func:`branch_drawing`). When the hint changed the
game (wrong notes corrected: ``changed``), the result also holds ``"view"``.

``check`` → ``{"mistakes", "solved", "empty", "text"}``.

``explain {max_seconds=30}`` → ``{"steps": [{"text", "technique", "name", "level",
"cells", "placements", "eliminations", "reasons", "area", "pattern", "candidates"}…],
"solved", "stopped", "text", "start"}``: the whole logical path from the current position
(``placements``/``eliminations``/``pattern`` are ``[cell, digit]`` pairs); a forcing
chain or net adds ``"branches"``, link by link, as ``sudokit explain --json`` writes
them (``{"assume": "r1c4=9", "links": [{"candidate", "why", "rests_on"}…], "ends",
"contradiction"}``), and ``"drawing"``, as the hint's last stage gives it. Each step
can be shown on its own position, as the hint's last stage shows it (``cells``,
``reasons``, ``area``, ``pattern``, ``eliminations``): ``start`` is the path's first
position (``{"cells": [digit per cell], "candidates": [mask per cell]}``, bit d-1: digit
d; there when there are steps) and a step's ``candidates`` the ``[cell, mask]`` it
changes, so the position before step k is ``start`` with the ``placements`` and
``candidates`` of every step before it applied in order.

``levels {size=9, variant=""}`` → ``{"levels": [...]}``: the levels ``new`` can make.

``watch {algorithm="propagation", max_events=1000, rules?, givens?}`` → the kept game's
puzzle (or the one given) solved by a watched algorithm, as frames. ``algorithm``:
``naive`` (also ``backtracking``: the tutorial's), ``mrv``, ``propagation``, ``dlx``,
``human``. ``max_events`` is capped at 20000. The result::

    {"algorithm": "propagation", "title": "Constraint propagation", "summary": "...",
     "candidates": "kept" | "derived" | "none",
     "start": {"cells": [digit per cell], "candidates": [mask per cell] | null},
     "frames": [frame, ...],
     "finished": bool,          # the trace ended (else max_events stopped it)
     "status": "solved" | "failed" | "stuck" | "running",
     "counters": {...},         # the last frame's counters
     "max_events": 1000}

and each frame, one per event, carries only what changed::

    {"kind": "place",           # focus, focusunit, try, place, eliminate,
                                # contradiction, backtrack, solved, failed, stuck
     "cells": [[cell, digit, origin], ...],   # cells whose digit or origin changed;
                                # digit 0: emptied; origin 0 empty, 1 given, 2 forced
                                # (placed by logic), 3 guessed (a trial)
     "candidates": [[cell, mask], ...],       # changed candidate masks (bit d-1: digit
                                # d); only when "candidates" is "kept", else []
     "focus": cell | null,      # the cell looked at
     "unit": unit | null,       # the unit looked at (an index into game.units)
     "tried": [cell, digit] | null,           # the digit on trial
     "counters": {"steps", "tries", "placements", "backtracks", "guesses", "depth",
                  "max_depth", "eliminations", "contradictions"},
     "text": "Place 5 in r1c3: ..."}          # the event in words

A frame's board is the start with every earlier frame's ``cells`` and ``candidates``
applied in order (a backtrack's frame lists the cells it empties).

*game* = ``{"rules", "name", "n", "box_rows", "box_cols", "units", "regions",
"peers_extra", "neighbours", "cages", "givens", "solution", "level", "seed",
"unique"}`` (see :meth:`~sudokit.game.play.Play.game`).

*view* = ``{"cells", "given", "notes", "conflicts", "mistakes", "finished", "can_undo",
"can_redo", "position", "moves", "revealed", "gave_up", "elapsed", "paused",
"hints_used", "mistakes_made"}`` (see :class:`~sudokit.game.play.View`): ``notes`` is a
list of digits per cell; ``conflicts`` the cells breaking a rule; ``mistakes`` the
entered digits that differ from the solution.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, quote, urlsplit

from ..errors import IllegalMoveError, SudokuError
from ..game.play import Play
from ..geometry import Rules
from ..grid import Grid

if TYPE_CHECKING:
    from ..formats.position import Position
    from ..logic.step import Branch

#: The most frames one ``watch`` answers with.
MAX_EVENTS = 20_000
#: Frames ``watch`` gives when not told.
DEFAULT_EVENTS = 1_000
#: Seconds ``explain`` searches when not told.
EXPLAIN_SECONDS = 30.0

#: Names the page may use for the watched algorithms, beyond their own.
_ALGORITHM_ALIASES = {"backtracking": "naive"}

_Args = dict[str, Any]


class BadRequest(Exception):
    """A request the engine cannot carry out; its text is the whole message."""


class Engine:
    """The engine's state between requests: the game kept (one per Worker)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.play: Play | None = None
        self._ops: dict[str, tuple[Callable[[_Args], Any], tuple[str, ...]]] = {
            "new": (self._new, ("size", "level", "variant", "seed")),
            "open": (self._open, ("text",)),
            "share": (self._share, ("rules", "givens")),
            "sync": (
                self._sync,
                (
                    "rules",
                    "givens",
                    "solution",
                    "unique",
                    "moves",
                    "position",
                    "level",
                    "seed",
                    "elapsed",
                ),
            ),
            "play": (self._play, ("move",)),
            "undo": (self._undo, ()),
            "redo": (self._redo, ()),
            "view": (self._view, ()),
            "hint": (self._hint, ("stage",)),
            "check": (self._check, ()),
            "explain": (self._explain, ("max_seconds",)),
            "levels": (self._levels, ("size", "variant")),
            "watch": (self._watch, ("algorithm", "max_events", "rules", "givens")),
        }

    # --- the boundary -----------------------------------------------------------------
    def handle(self, text: str) -> str:
        """One request as JSON text → its answer as JSON text (see the module's doc)."""
        try:
            result = self.request(text)
        except BadRequest as err:
            result = {"error": str(err)}
        return json.dumps(result, ensure_ascii=False, separators=(",", ":"))

    def request(self, text: str) -> Any:
        """The result of one request; :class:`BadRequest` says why there is none."""
        try:
            message = json.loads(text)
        except (TypeError, ValueError) as err:
            raise BadRequest(f"the request is not JSON: {err}") from None
        if not isinstance(message, dict):
            raise BadRequest('the request must be a JSON object {"op": ..., "args": {...}}')
        op = message.get("op")
        if not isinstance(op, str) or op not in self._ops:
            names = ", ".join(sorted(self._ops))
            raise BadRequest(f"unknown op {op!r} (ops: {names})")
        args = message.get("args")
        if args is None:
            args = {}
        if not isinstance(args, dict):
            raise BadRequest(f"{op}: args must be a JSON object, not {_kind(args)}")
        run, known = self._ops[op]
        unknown = sorted(set(args) - set(known))
        if unknown:
            takes = ", ".join(known) if known else "none"
            raise BadRequest(f"{op}: unknown argument {unknown[0]!r} (arguments: {takes})")
        try:
            return run(args)
        except BadRequest as err:
            raise BadRequest(f"{op}: {err}") from None
        except (SudokuError, ValueError) as err:
            # The library's own message: a puzzle that does not read, a level or rules
            # that cannot be had, a move that cannot be played.
            raise BadRequest(f"{op}: {err}") from None

    def _game(self) -> Play:
        if self.play is None:
            raise BadRequest("no game yet: start one with new, open or sync")
        return self.play

    # --- starting games ---------------------------------------------------------------
    def _new(self, args: _Args) -> Any:
        size = _int(args, "size", 9)
        level = _str(args, "level", None) if "level" in args else None
        variant = _str(args, "variant", "")
        seed = args.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
            raise BadRequest(f"seed must be a whole number or a text, not {_kind(seed)}")
        play = Play.new(size, level, variant, seed, clock=self.clock)
        self.play = play
        return play.game()

    def _open(self, args: _Args) -> Any:
        text = _str(args, "text", None).strip()
        if not text:
            raise BadRequest("no puzzle given: paste a line of digits or a link")
        from ..formats import parse_position

        position = parse_position(_shared(text))
        play = Play.open(position.givens, clock=self.clock)
        # What a pencil-mark grid (HoDoKu, f-puzzles centre marks...) holds beyond its
        # givens is the player's: kept as moves, so the game starts where they were.
        moves = _position_moves(position)
        for code in moves:
            play.play(code)
        self.play = play
        game = play.game()
        if moves:
            game["moves"] = moves
        return game

    def _share(self, args: _Args) -> Any:
        from ..formats import format_rules_line

        puzzle = _grid(_str(args, "rules", None), _str(args, "givens", None), "givens")
        line = format_rules_line(puzzle)
        return {"line": line, "link": "?p=" + quote(line, safe=":")}

    def _sync(self, args: _Args) -> Any:
        rules = _str(args, "rules", None)
        puzzle = _grid(rules, _str(args, "givens", None), "givens")
        moves = args.get("moves", [])
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise BadRequest("moves must be a list of move codes (texts)")
        position = args.get("position")
        if position is not None:
            position = _int(args, "position", None)
            if not 0 <= position <= len(moves):
                raise BadRequest(f"position {position} is not between 0 and {len(moves)}")
        level = _str(args, "level", "custom")
        seed = args.get("seed")
        elapsed = _number(args, "elapsed", 0.0)
        solution_text = args.get("solution")
        if solution_text is None:
            opened = Play.open(puzzle, clock=self.clock).session
            solution, unique = opened.solution, opened.unique
        else:
            solution = _grid(rules, _str(args, "solution", None), "solution")
            _check_solution(puzzle, solution)
            unique = args.get("unique", True)
            if not isinstance(unique, bool):
                raise BadRequest(f"unique must be true or false, not {_kind(unique)}")
        try:
            play = Play.replay(
                puzzle,
                solution,
                moves,
                position,
                level=level,
                unique=unique,
                seed=seed if isinstance(seed, int | str) and not isinstance(seed, bool) else None,
                elapsed=elapsed,
                clock=self.clock,
            )
        except IllegalMoveError as err:
            raise BadRequest(f"{err} (the game kept is unchanged)") from None
        self.play = play
        return play.view().to_dict()

    # --- playing ------------------------------------------------------------------------
    def _play(self, args: _Args) -> Any:
        move = _str(args, "move", None)
        game = self._game()
        try:
            game.play(move)
        except IllegalMoveError as err:
            raise BadRequest(f"cannot play {move!r}: {err}") from None
        return game.view().to_dict()

    def _undo(self, args: _Args) -> Any:
        game = self._game()
        game.undo()
        return game.view().to_dict()

    def _redo(self, args: _Args) -> Any:
        game = self._game()
        game.redo()
        return game.view().to_dict()

    def _view(self, args: _Args) -> Any:
        return self._game().view().to_dict()

    # --- help ---------------------------------------------------------------------------
    def _hint(self, args: _Args) -> Any:
        stage = args.get("stage")
        if stage is not None:
            stage = _int(args, "stage", None)
            if stage not in (1, 2, 3):
                raise BadRequest(f"stage must be 1, 2 or 3, not {stage}")
        game = self._game()
        hint = game.hint(stage)
        out = hint.to_dict()
        told = game.session.hint_told
        if hint.branches and told is not None:
            out["drawing"] = branch_drawing(game.session.rules, told[0].branches)
        if hint.changed:
            out["view"] = game.view().to_dict()
        return out

    def _check(self, args: _Args) -> Any:
        return self._game().check().to_dict()

    def _explain(self, args: _Args) -> Any:
        seconds = _number(args, "max_seconds", EXPLAIN_SECONDS)
        if seconds <= 0:
            raise BadRequest(f"max_seconds must be more than 0, not {seconds}")
        game = self._game()
        path = game.explain(max_seconds=seconds)
        out = path.to_dict()
        # A forcing step is drawn as the hint's last stage draws it.
        for step, data in zip(path.steps, out["steps"], strict=True):
            if step.step is not None and step.step.branches:
                data["drawing"] = branch_drawing(game.session.rules, step.step.branches)
        return out

    def _levels(self, args: _Args) -> Any:
        from ..game.play import asked_rules, levels

        size = _int(args, "size", 9)
        variant = _str(args, "variant", "")
        rules = asked_rules(size, variant)
        if rules[:1].isdigit():
            code = Rules.parse(rules)
            return {"levels": list(levels(code.n, ",".join(code.variants)))}
        return {"levels": list(levels(size, rules))}

    def _watch(self, args: _Args) -> Any:
        name = _str(args, "algorithm", "propagation")
        limit = _int(args, "max_events", DEFAULT_EVENTS)
        if limit < 1:
            raise BadRequest(f"max_events must be at least 1, not {limit}")
        limit = min(limit, MAX_EVENTS)
        if "givens" in args or "rules" in args:
            grid = _grid(_str(args, "rules", None), _str(args, "givens", None), "givens")
        else:
            grid = self._game().session.puzzle
        return watch(grid, _ALGORITHM_ALIASES.get(name, name), limit)


# --- watching -------------------------------------------------------------------------------


def watch(grid: Grid, algorithm: str, max_events: int) -> dict[str, Any]:
    """``grid`` solved by the watched ``algorithm``, at most ``max_events`` frames, in
    the shape the module's doc gives."""
    from ..watch import Replay, get_algorithm, trace

    algo = get_algorithm(algorithm)  # ValueError names the choices
    replay = Replay(grid, algorithm)
    kept = replay.kept
    start = {"cells": list(replay.values), "candidates": None if kept is None else list(kept)}
    values, origin = list(replay.values), list(replay.origin)
    masks = list(kept) if kept is not None else []
    frames: list[dict[str, Any]] = []
    finished = True
    for event in trace(grid, algorithm):
        if len(frames) >= max_events:
            finished = False
            break
        replay.apply(event)
        cells: list[list[int]] = []
        if replay.values != values or replay.origin != origin:
            for c, (v, o) in enumerate(zip(replay.values, replay.origin, strict=True)):
                if v != values[c] or o != origin[c]:
                    cells.append([c, v, o])
            values, origin = list(replay.values), list(replay.origin)
        candidates: list[list[int]] = []
        if replay.kept is not None and replay.kept != masks:
            candidates = [[c, m] for c, m in enumerate(replay.kept) if m != masks[c]]
            masks = list(replay.kept)
        frames.append(
            {
                "kind": type(event).__name__.lower(),
                "cells": cells,
                "candidates": candidates,
                "focus": replay.focus,
                "unit": replay.focus_unit,
                "tried": None if replay.tried is None else list(replay.tried),
                "counters": _counters(replay.counters),
                "text": replay.caption(),
            }
        )
    return {
        "algorithm": algo.name,
        "title": algo.title,
        "summary": algo.summary,
        "candidates": algo.candidates,
        "start": start,
        "frames": frames,
        "finished": finished,
        "status": replay.status,
        "counters": _counters(replay.counters),
        "max_events": max_events,
    }


def _counters(c: Any) -> dict[str, int]:
    return {
        "steps": c.steps,
        "tries": c.tries,
        "placements": c.placements,
        "backtracks": c.backtracks,
        "guesses": c.guesses,
        "depth": c.depth,
        "max_depth": c.max_depth,
        "eliminations": c.eliminations,
        "contradictions": c.contradictions,
    }


# --- arguments ------------------------------------------------------------------------------


def _kind(value: object) -> str:
    if value is None:
        return "null"
    return {bool: "a true/false", int: "a number", float: "a number", str: "a text"}.get(
        type(value), "a list" if isinstance(value, list) else "an object"
    )


def _str(args: _Args, name: str, default: str | None) -> str:
    value = args.get(name, default)
    if value is None:
        raise BadRequest(f"{name} is missing")
    if not isinstance(value, str):
        raise BadRequest(f"{name} must be a text, not {_kind(value)}")
    return value


def _int(args: _Args, name: str, default: int | None) -> int:
    value = args.get(name, default)
    if value is None:
        raise BadRequest(f"{name} is missing")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"{name} must be a whole number, not {_kind(value)}")
    return value


def _number(args: _Args, name: str, default: float) -> float:
    value = args.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadRequest(f"{name} must be a number, not {_kind(value)}")
    return float(value)


def _grid(code: str, symbols: str, what: str) -> Grid:
    """The grid ``symbols`` (a line) under the rules ``code``; its own message when the
    line does not read, named by ``what``."""
    from ..formats import parse_line

    try:
        rules = Rules.parse(code.strip())
    except ValueError as err:
        raise BadRequest(f"rules {code!r}: {err}") from None
    try:
        plain = parse_line(symbols, size=rules.n, check=False)
    except ValueError as err:
        raise BadRequest(f"{what}: {err}") from None
    grid = Grid(rules, plain.cells)
    broken = grid.conflicts()
    if broken:
        raise BadRequest(f"{what}: {broken[0]}")
    return grid


def _check_solution(puzzle: Grid, solution: Grid) -> None:
    """A solution must be complete, keep the rules and keep the givens."""
    if 0 in solution.cells:
        empty = solution.cells.index(0)
        raise BadRequest(f"solution: {solution.rules.cell_name(empty)} is empty")
    for c, v in enumerate(puzzle.cells):
        if v and solution.cells[c] != v:
            raise BadRequest(f"solution: {puzzle.rules.cell_name(c)} differs from its given")


def _position_moves(position: Position) -> list[str]:
    """The codes of the moves that take a new game of ``position.givens`` to the
    position (see :func:`~sudokit.game.moves.position_moves`)."""
    from ..game.moves import position_moves

    return [str(m) for m in position_moves(position)]


def branch_drawing(
    rules: Rules, branches: Sequence[Branch], limit: int | None = None
) -> dict[str, Any]:
    """What the page draws of a forcing step's branches, as the step pictures draw them
    (:func:`~sudokit.render.step_branches.branch_links`: a huge net is cut down to the
    way to its conclusions, and the legend says how many links are drawn).

    ``{"links": [[branch, from_cell, from_digit, to_cell, to_digit, strong]…],
    "branches": [{"label", "start": [cell, digit], "true", "words", "drawn", "total",
    "contradiction", "clash": [[cell, digit]…]}…], "legend": [[role, words]…]}``:
    ``links`` in chain order, branch by branch (``branch`` 0 first); ``strong`` links
    end in a true candidate (drawn solid), the others in a false one (dashed);
    ``legend`` roles ``branch``, ``strong``, ``weak``, ``clash``. ``limit``: the most
    links drawn (the pictures' own limit when not told)."""
    from ..logic.step import Step
    from ..render.step_branches import MAX_DRAWN_LINKS, branch_legend, branch_links

    shape = rules.shape
    step = Step("", "", "", branches=tuple(branches))
    drawn, pictures = branch_links(step, shape, MAX_DRAWN_LINKS if limit is None else limit)
    links = [
        [i, k.source[0], k.source[1], k.target[0], k.target[1], k.target_true]
        for i, keep in enumerate(drawn)
        for k in keep
    ]
    strong = any(k[5] for k in links)
    weak = not all(k[5] for k in links)
    return {
        "links": links,
        "branches": [
            {
                "label": b.label,
                "start": list(b.start),
                "true": b.true,
                "words": b.words,
                "drawn": b.drawn,
                "total": b.total,
                "contradiction": b.contradiction,
                "clash": [list(c) for c in b.clash],
            }
            for b in pictures
        ],
        "legend": [list(x) for x in branch_legend(shape, pictures, strong, weak)],
    }


def _shared(text: str) -> str:
    """The puzzle in this app's own share link (``…?p=<line>``, or just its query);
    any other text as it is."""
    query = urlsplit(text).query if "?" in text else text if text.startswith("p=") else ""
    if not query:
        return text
    values = parse_qs(query).get("p")
    return values[0] if values else text


_ENGINE = Engine()


def handle(text: str) -> str:
    """One request to the Worker's engine, as JSON text; the answer as JSON text."""
    return _ENGINE.handle(text)


__all__ = ["DEFAULT_EVENTS", "MAX_EVENTS", "BadRequest", "Engine", "handle", "watch"]
