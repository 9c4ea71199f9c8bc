"""The page plays moves itself (so a tap answers before the engine has loaded); its
moves must do exactly what the engine's do. Random move logs, under every kind of rules,
are played by the page's own module (static/game.js, under Node) and by
sudokit.game.Session, and every position is compared: digits, notes, revealed cells,
the cells whose notes auto-notes keeps, the cells marked as breaking a rule, whether a
move counted or was refused."""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit.errors import IllegalMoveError
from sudokit.game import Session
from sudokit.generator import generate
from sudokit.geometry import SYMBOLS
from sudokit.grid import Grid
from sudokit.solvers import solve
from sudokit.web.bridge import handle

STATIC = Path(__file__).resolve().parents[2] / "src" / "sudokit" / "web" / "static"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")

#: (size, variant) of the puzzles played: every rule the page draws and checks itself.
KINDS = [
    (9, None),
    (6, None),
    (6, "x"),
    (6, "non-consecutive"),
    (6, "anti-knight"),
    (6, "anti-king"),
    (6, "jigsaw"),
    (4, "windoku"),
    (6, "killer"),
]

RUNNER = """
import { readFileSync } from "node:fs";
const { Session, MoveError } = await import(process.argv[2]);
const input = JSON.parse(readFileSync(0, "utf8"));
const s = new Session(input.game);
const out = [];
for (const code of input.moves) {
  let r;
  if (code === "undo") r = s.undo();
  else if (code === "redo") r = s.redo();
  else {
    try { r = s.play(code); } catch (e) { if (!(e instanceof MoveError)) throw e; r = "illegal"; }
  }
  const st = s.state;
  out.push({ r, entries: st.entries, notes: st.notes,
    revealed: [...st.revealed].sort((a, b) => a - b), auto: [...st.auto].sort((a, b) => a - b),
    conflicts: [...s.game.conflicts(st)].sort((a, b) => a - b),
    finished: s.finished, canUndo: s.canUndo, canRedo: s.canRedo });
}
process.stdout.write(JSON.stringify(out));
"""


@functools.cache
def puzzle(kind: int) -> tuple[Grid, Grid]:
    size, variant = KINDS[kind]
    difficulty = None if variant == "killer" else "easy"
    grid = generate(size, seed=kind + 1, variant=variant, difficulty=difficulty)
    solution = solve(grid)
    assert solution is not None
    return grid, solution


def text(grid: Grid) -> str:
    return "".join(SYMBOLS[d - 1] if d else "." for d in grid.cells)


@st.composite
def logs(draw: Any) -> tuple[int, list[str]]:
    kind = draw(st.sampled_from(range(len(KINDS))))
    grid, solution = puzzle(kind)
    n = grid.size
    cells = st.integers(0, n * n - 1)
    digits = st.integers(1, n)

    def name(c: int) -> str:
        return f"r{c // n + 1}c{c % n + 1}"

    def right(c: int) -> str:
        return SYMBOLS[solution.cells[c] - 1]

    move = st.one_of(
        cells.flatmap(lambda c: st.sampled_from([f"s {name(c)} {right(c)}"])),
        st.tuples(cells, digits).map(lambda t: f"s {name(t[0])} {SYMBOLS[t[1] - 1]}"),
        cells.map(lambda c: f"e {name(c)}"),
        st.tuples(cells, digits).map(lambda t: f"n {name(t[0])} {SYMBOLS[t[1] - 1]}"),
        st.lists(st.tuples(cells, digits), min_size=1, max_size=3).map(
            lambda ts: "x " + " ".join(f"{name(c)} {SYMBOLS[d - 1]}" for c, d in ts)
        ),
        st.lists(cells, min_size=1, max_size=3).map(
            lambda cs: "p " + " ".join(f"{name(c)} {right(c)}" for c in cs)
        ),
        cells.map(lambda c: f"reveal {name(c)}"),
        st.sampled_from(["auto", "clear-notes", "fix-notes", "restart", "undo", "redo"]),
    )
    moves = draw(st.lists(move, min_size=1, max_size=30))
    if draw(st.booleans()):  # most notes come from auto-notes: start there half the time
        moves.insert(0, "auto")
    if draw(st.booleans()):
        moves.append("solve")
        moves.append(draw(move))
    return kind, moves


def engine_positions(kind: int, moves: list[str]) -> list[dict[str, Any]]:
    grid, solution = puzzle(kind)
    session, _ = Session.replay(grid, solution, [])
    out = []
    for code in moves:
        r: bool | str
        if code == "undo":
            r = session.undo()
        elif code == "redo":
            r = session.redo()
        else:
            try:
                r = session.play(code)
            except IllegalMoveError:
                r = "illegal"
        state = session.state
        out.append(
            {
                "r": r,
                "entries": list(state.entries),
                "notes": list(state.notes),
                "revealed": sorted(state.revealed),
                "auto": sorted(state.auto),
                "conflicts": sorted(state.conflict_cells()),
                "finished": session.finished,
                "canUndo": session.can_undo,
                "canRedo": session.can_redo,
            }
        )
    return out


@functools.cache
def engine_game(kind: int) -> dict[str, Any]:
    """The game as the engine describes it to the page: its units, regions, extra peers
    and cages as tables, beside the rules' code."""
    grid, _ = puzzle(kind)
    line = text(grid) if grid.rules.classic else grid.rules.code + ":" + text(grid)
    game: dict[str, Any] = json.loads(handle(json.dumps({"op": "open", "args": {"text": line}})))
    assert "error" not in game, game
    return game


def page_positions(
    kind: int, moves: list[str], runner: Path, tables: bool = False
) -> list[dict[str, Any]]:
    """The positions the page's module reaches; ``tables``: it is given the engine's
    description of the game (as after New game or Open), else only the rules' code (as
    a bank puzzle)."""
    grid, solution = puzzle(kind)
    game = {"rules": grid.rules.code, "givens": text(grid), "solution": text(solution)}
    if tables:
        game = {**engine_game(kind), "solution": text(solution)}
    assert NODE is not None
    done = subprocess.run(
        [NODE, str(runner), (STATIC / "game.js").as_uri()],
        input=json.dumps({"game": game, "moves": moves}),
        capture_output=True,
        text=True,
        check=True,
    )
    result: list[dict[str, Any]] = json.loads(done.stdout)
    return result


@pytest.fixture(scope="module")
def runner(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("node") / "run.mjs"
    path.write_text(RUNNER, encoding="utf-8")
    return path


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(logs(), st.booleans())
def test_the_page_plays_every_move_as_the_engine_does(
    runner: Path, log: tuple[int, list[str]], tables: bool
) -> None:
    kind, moves = log
    expected = engine_positions(kind, moves)
    got = page_positions(kind, moves, runner, tables)
    for i, (want, have) in enumerate(zip(expected, got, strict=True)):
        assert have == want, f"{KINDS[kind]}: after {moves[: i + 1]}"


def test_a_known_log_under_auto_notes(runner: Path) -> None:
    """Auto-notes kept true: a digit erased goes back into the notes it had left."""
    grid, solution = puzzle(1)
    empty = [c for c, d in enumerate(grid.cells) if not d]
    n = grid.size
    first = f"r{empty[0] // n + 1}c{empty[0] % n + 1}"
    moves = ["auto", f"s {first} {solution.cells[empty[0]]}", f"e {first}", "undo", "undo"]
    got = page_positions(1, moves, runner)
    assert got == engine_positions(1, moves)
    assert got[0]["notes"] == got[2]["notes"] and got[0]["notes"] != got[1]["notes"]
    assert [p["r"] for p in got] == [True, True, True, True, True]


def test_a_full_cage_with_the_wrong_sum_is_marked_as_the_engine_marks_it(runner: Path) -> None:
    kind = next(i for i, (_, variant) in enumerate(KINDS) if variant == "killer")
    grid, solution = puzzle(kind)
    n = grid.size
    cage = next(c for c in grid.rules.cages if c.total is not None and len(c.cells) >= 2)
    free = [c for c in cage.cells if not grid.cells[c]]
    assert free
    moves = [f"s r{c // n + 1}c{c % n + 1} {SYMBOLS[solution.cells[c] - 1]}" for c in free]
    # the last cell gets another digit: the cage is full and adds up wrong
    last = free[-1]
    other = next(d for d in range(1, n + 1) if d != solution.cells[last])
    moves.append(f"s r{last // n + 1}c{last % n + 1} {SYMBOLS[other - 1]}")
    want = engine_positions(kind, moves)
    assert page_positions(kind, moves, runner) == want
    got = page_positions(kind, moves, runner, tables=True)
    assert got == want
    assert set(cage.cells) <= set(got[-1]["conflicts"])
