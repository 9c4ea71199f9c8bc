"""The browser's engine: every op of the bridge, as the Web Worker calls it (JSON text)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import Grid, generate, solve
from sudokit.formats import format_fpuzzles_link, format_line, format_sudokuwiki
from sudokit.game import examine
from sudokit.web import bridge
from sudokit.web.bridge import MAX_EVENTS, Engine

GAME_KEYS = {
    "rules",
    "name",
    "n",
    "box_rows",
    "box_cols",
    "units",
    "regions",
    "peers_extra",
    "neighbours",
    "cages",
    "givens",
    "solution",
    "level",
    "seed",
    "unique",
}
VIEW_KEYS = {
    "cells",
    "given",
    "notes",
    "conflicts",
    "mistakes",
    "finished",
    "can_undo",
    "can_redo",
    "position",
    "moves",
    "revealed",
    "gave_up",
    "elapsed",
    "paused",
    "hints_used",
    "mistakes_made",
}

PUZZLE = generate(9, seed=11, difficulty="medium")
_SOLVED = examine(PUZZLE).solution
assert _SOLVED is not None
SOLUTION = _SOLVED
GIVENS, ANSWER = format_line(PUZZLE), format_line(SOLUTION)
EMPTY = PUZZLE.cells.index(0)
NAME = f"r{EMPTY // 9 + 1}c{EMPTY % 9 + 1}"
RIGHT = SOLUTION.cells[EMPTY]
WRONG = next(d for d in range(1, 10) if d != RIGHT)


def call(engine: Engine, op: str, **args: Any) -> Any:
    """One request as the Worker sends it; the answer parsed."""
    text = engine.handle(json.dumps({"op": op, "args": args}))
    assert isinstance(text, str)
    return json.loads(text)


def error(engine: Engine, op: str, **args: Any) -> str:
    answer = call(engine, op, **args)
    assert list(answer) == ["error"], answer  # the Worker tells errors by this one key
    return str(answer["error"])


@pytest.fixture
def engine() -> Engine:
    e = Engine(clock=lambda: 0.0)
    view = call(e, "sync", rules="9", givens=GIVENS, solution=ANSWER, moves=[])
    assert view["position"] == 0
    return e


# --- the boundary ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", "not JSON"),
        ("[1]", "must be a JSON object"),
        ('{"op": "fly"}', "unknown op 'fly' (ops: check, explain"),
        ('{"args": {}}', "unknown op None"),
        ('{"op": "new", "args": [9]}', "new: args must be a JSON object, not a list"),
        ('{"op": "new", "args": {"sise": 9}}', "new: unknown argument 'sise' (arguments: size"),
        ('{"op": "undo", "args": {"x": 1}}', "undo: unknown argument 'x' (arguments: none)"),
    ],
)
def test_a_bad_request_is_an_error_naming_it(text: str, words: str) -> None:
    answer = json.loads(Engine().handle(text))
    assert list(answer) == ["error"] and words in answer["error"]


def test_ops_on_no_game_say_how_to_start_one() -> None:
    for op in ("play", "undo", "redo", "view", "hint", "check", "explain", "watch"):
        args = {"move": "auto"} if op == "play" else {}
        assert "no game yet: start one with new, open or sync" in error(Engine(), op, **args)


def test_the_module_handle_keeps_one_game_between_requests() -> None:
    game = json.loads(bridge.handle(json.dumps({"op": "new", "args": {"size": 4, "seed": 1}})))
    assert set(game) == GAME_KEYS and game["n"] == 4
    view = json.loads(bridge.handle('{"op": "view"}'))
    assert view["cells"] == [0 if s == "." else int(s) for s in game["givens"]]


# --- new, open, share -----------------------------------------------------------------------


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_new_makes_the_seeds_puzzle(level: str) -> None:
    e = Engine()
    game = call(e, "new", size=9, level=level, seed=7)
    assert set(game) == GAME_KEYS
    assert game["givens"] == format_line(generate(9, seed=7, difficulty=level))
    assert game["level"] == level and game["seed"] == 7 and game["unique"] is True
    assert len(game["units"]) == 27 and game["cages"] == [] and game["neighbours"] is False
    assert call(e, "view")["moves"] == []


def test_new_under_variant_rules() -> None:
    game = call(Engine(), "new", size=6, level="easy", variant="x", seed=1)
    assert game["rules"] == "6+x" and game["name"] == "X" and len(game["units"]) == 20


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ({"size": 7}, "new: no 7×7 Sudoku: the sizes are 4, 6, 9, 12, 16"),
        ({"size": "9"}, "new: size must be a whole number, not a text"),
        ({"size": True}, "new: size must be a whole number, not a true/false"),
        ({"level": "super"}, "new: unknown level 'super'"),
        ({"level": 3}, "new: level must be a text, not a number"),
        ({"variant": "zigzag"}, "new: unknown variant 'zigzag'"),
        ({"size": 4, "variant": "anti-king"}, "new: no 4×4 grid keeps anti-king rules"),
        ({"seed": [1]}, "new: seed must be a whole number or a text, not a list"),
    ],
)
def test_new_names_a_bad_argument_and_keeps_the_game(
    engine: Engine, args: dict[str, Any], words: str
) -> None:
    before = call(engine, "view")
    assert words in error(engine, "new", **args)
    assert call(engine, "view") == before


@pytest.mark.parametrize(
    "text",
    [
        GIVENS,
        format_fpuzzles_link(PUZZLE),
        format_sudokuwiki(PUZZLE),
        "https://example.org/sudokit/?p=" + GIVENS,
        "?p=" + GIVENS,
    ],
    ids=["line", "f-puzzles", "sudokuwiki", "own-link", "own-query"],
)
def test_open_reads_lines_and_links(text: str) -> None:
    game = call(Engine(), "open", text=text)
    assert game["givens"] == GIVENS and game["solution"] == ANSWER and game["level"] == "custom"


def test_open_reads_a_variant_s_share_link_back() -> None:
    e = Engine()
    x = generate(9, seed=1, variant="x")
    shared = call(e, "share", rules=x.rules.code, givens=format_line(x))
    assert shared["line"].startswith("9+x:") and shared["link"].startswith("?p=9%2Bx:")
    game = call(e, "open", text="https://host/app/" + shared["link"])
    assert game["rules"] == "9+x" and game["givens"] == format_line(x)


def test_open_plays_a_puzzle_with_several_solutions_anyway() -> None:
    few = "1..." + "." * 12
    game = call(Engine(), "open", text=few)
    assert game["unique"] is False and game["n"] == 4


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "open: no puzzle given"),
        ("12x", "open: 3 cells: a puzzle has 16 (4×4)"),
        ("11" + "." * 79, "open: "),  # the duplicate, as the parser names it
        ("https://f-puzzles.com/?load=###", "open: "),
    ],
)
def test_open_gives_the_parsers_own_message(engine: Engine, text: str, words: str) -> None:
    before = call(engine, "view")
    message = error(engine, "open", text=text)
    assert message.startswith(words) and len(message) > len("open: ") + 5
    assert call(engine, "view") == before


def test_share_refuses_givens_that_break_the_rules() -> None:
    assert "givens: " in error(Engine(), "share", rules="9", givens="11" + "." * 79)
    assert "rules '9+q'" in error(Engine(), "share", rules="9+q", givens=GIVENS)
    assert "givens: " in error(Engine(), "share", rules="9", givens="12")


# --- sync, play, undo, redo -----------------------------------------------------------------


def test_sync_replays_the_pages_log_and_keeps_the_game(engine: Engine) -> None:
    log = ["auto", f"s {NAME} {WRONG}", f"e {NAME}"]
    view = call(engine, "sync", rules="9", givens=GIVENS, solution=ANSWER, moves=log, position=2)
    assert set(view) == VIEW_KEYS
    assert view["moves"] == log and view["position"] == 2 and view["can_redo"]
    assert view["cells"][EMPTY] == WRONG and view["mistakes"] == [EMPTY]
    assert call(engine, "redo")["cells"][EMPTY] == 0
    back = call(engine, "undo")
    assert back["cells"][EMPTY] == WRONG and back["position"] == 2


def test_sync_keeps_a_puzzle_with_several_solutions_as_open_gave_it() -> None:
    e = Engine()
    game = call(e, "open", text="1..." + "." * 12)
    log = ["s r1c2 3"]
    args = {"rules": "4", "givens": game["givens"], "solution": game["solution"], "moves": log}
    if game["solution"][1] == "3":
        log[0] = "s r1c2 2"
    view = call(e, "sync", unique=False, **args)
    assert view["mistakes"] == []  # no one solution to call a digit wrong by
    assert call(e, "sync", unique=True, **args)["mistakes"] == [1]
    assert "unique must be true or false" in error(e, "sync", unique="no", **args)


def test_sync_without_a_solution_solves_the_puzzle() -> None:
    e = Engine()
    call(e, "sync", rules="9", givens=GIVENS, moves=[])
    assert call(e, "check")["mistakes"] == []
    assert call(e, "play", move=f"s {NAME} {WRONG}")["mistakes"] == [EMPTY]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ({"moves": ["auto", "fly r1c1"]}, "sync: move 2: 'fly r1c1' is not a move"),
        ({"moves": ["s r1c1 0"]}, "sync: move 1: "),
        ({"moves": "auto"}, "sync: moves must be a list of move codes"),
        ({"moves": ["auto"], "position": 3}, "sync: position 3 is not between 0 and 1"),
        ({"solution": GIVENS}, "sync: solution: "),
        ({"solution": ANSWER.replace(ANSWER[0], "x", 1)}, "sync: solution: "),
        ({"givens": "1" + GIVENS[1:]}, "sync: givens: "),
        ({"rules": "10"}, "sync: rules '10': "),
    ],
)
def test_sync_refuses_a_bad_log_and_keeps_the_game(
    engine: Engine, args: dict[str, Any], words: str
) -> None:
    call(engine, "play", move=f"s {NAME} {RIGHT}")
    before = call(engine, "view")
    request = {"rules": "9", "givens": GIVENS, "solution": ANSWER, "moves": []} | args
    assert error(engine, "sync", **request).startswith(words)
    assert call(engine, "view") == before


def test_sync_refuses_a_solution_that_does_not_keep_the_givens() -> None:
    other = format_line(examine(generate(9, seed=3)).solution)  # type: ignore[arg-type]
    message = error(Engine(), "sync", rules="9", givens=GIVENS, solution=other, moves=[])
    assert "differs from its given" in message


def test_play_answers_with_the_view_and_refuses_illegal_moves(engine: Engine) -> None:
    view = call(engine, "play", move=f"n {NAME} {RIGHT}")
    assert view["notes"][EMPTY] == [RIGHT] and view["position"] == 1
    view = call(engine, "play", move=f"s {NAME} {RIGHT}")
    assert view["cells"][EMPTY] == RIGHT and view["notes"][EMPTY] == []
    given = next(i for i, v in enumerate(PUZZLE.cells) if v)
    cell = f"r{given // 9 + 1}c{given % 9 + 1}"
    assert error(engine, "play", move=f"s {cell} 1") == (
        f"play: cannot play 's {cell} 1': {cell} is a given"
    )
    assert "is not a move" in error(engine, "play", move="jump")
    assert "move is missing" in error(engine, "play")
    assert call(engine, "view")["position"] == 2


def test_undo_and_redo_with_nothing_to_undo_answer_the_same_view(engine: Engine) -> None:
    start = call(engine, "view")
    assert call(engine, "undo") == start and call(engine, "redo") == start


def test_a_conflict_is_entered_and_marked(engine: Engine) -> None:
    row = EMPTY // 9
    clash = next(PUZZLE.cells[row * 9 + c] for c in range(9) if PUZZLE.cells[row * 9 + c])
    view = call(engine, "play", move=f"s {NAME} {clash}")
    assert view["cells"][EMPTY] == clash and EMPTY in view["conflicts"]


# --- hint, check, explain -------------------------------------------------------------------


def test_hint_stages_and_apply(engine: Engine) -> None:
    first = call(engine, "hint", stage=1)
    assert {"stage", "text", "cells", "reasons", "moves", "level"} <= set(first)
    assert first["stage"] == 1 and first["cells"] == [] and first["moves"] == []
    assert first["text"].startswith("Hint: Look for")
    full = call(engine, "hint", stage=3)
    assert full["stage"] == 3 and full["cells"] and full["moves"] and full["level"] == "easy"
    for move in full["moves"]:
        view = call(engine, "play", move=move)
    assert all(view["cells"][c] == SOLUTION.cells[c] for c in full["cells"])
    assert call(engine, "hint")["stage"] == 1  # a new position: its hint starts again


def test_hint_refuses_a_stage_that_does_not_exist(engine: Engine) -> None:
    assert error(engine, "hint", stage=4) == "hint: stage must be 1, 2 or 3, not 4"
    assert "stage must be a whole number" in error(engine, "hint", stage="two")


def test_a_hint_that_fixes_notes_comes_with_the_new_view(engine: Engine) -> None:
    call(engine, "play", move=f"n {NAME} {WRONG}")
    h = call(engine, "hint", stage=1)
    assert h["kind"] == "notes" and h["changed"] is True
    assert RIGHT in h["view"]["notes"][EMPTY] and h["view"]["position"] == 2


def test_check_finds_the_mistake_and_the_solved_grid(engine: Engine) -> None:
    call(engine, "play", move=f"s {NAME} {WRONG}")
    result = call(engine, "check")
    assert result["mistakes"] == [EMPTY] and result["solved"] is False
    assert NAME in result["text"]
    call(engine, "play", move="solve")
    assert call(engine, "check")["solved"] is True


def test_explain_gives_the_whole_path_from_the_position(engine: Engine) -> None:
    path = call(engine, "explain")
    assert path["solved"] is True and path["steps"]
    step = path["steps"][0]
    assert {"text", "technique", "level", "cells"} <= set(step)
    placed = {c for s in path["steps"] for c, _ in s["placements"]}
    assert placed == {i for i, v in enumerate(PUZZLE.cells) if not v}
    assert "max_seconds must be more than 0" in error(engine, "explain", max_seconds=0)


def _positions(path: dict[str, Any]) -> list[tuple[list[int], list[int]]]:
    """The position before each step of an explain answer, then after the last: its
    ``start`` with every earlier step's placements and candidate masks applied in order."""
    cells = list(path["start"]["cells"])
    masks = list(path["start"]["candidates"])
    out = [(list(cells), list(masks))]
    for step in path["steps"]:
        for c, d in step["placements"]:
            cells[c] = d
        for c, m in step["candidates"]:
            masks[c] = m
        out.append((list(cells), list(masks)))
    return out


def test_explain_gives_each_step_s_position_and_what_the_hint_shows_of_it(
    engine: Engine,
) -> None:
    from sudokit.logic import explain

    call(engine, "play", move=f"s {NAME} {RIGHT}")  # from the player's position
    path = call(engine, "explain")
    board = list(PUZZLE.cells)
    board[EMPTY] = RIGHT
    expected = explain(Grid(PUZZLE.rules, board), keep_states=True)
    positions = _positions(path)
    assert positions == [(s.values, s.cands) for s in expected.states]
    assert positions[-1] == (list(SOLUTION.cells), [0] * 81)
    for step, (cells, masks) in zip(path["steps"], positions, strict=False):
        # what the step draws is there in the position before it
        for c, d in step["pattern"] + step["eliminations"] + step["placements"]:
            assert not cells[c] and masks[c] >> (d - 1) & 1, (step["text"], c, d)
        assert "drawing" not in step  # no forcing step on a medium path
    # the first step is the hint's last stage for the same position, told the same way
    told = call(engine, "hint", stage=3)
    first = path["steps"][0]
    for key in ("technique", "cells", "reasons", "area", "pattern", "eliminations"):
        assert first[key] == told[key], key


#: AI Escargot, whose path takes forcing nets of every level.
ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."


def test_explain_s_forcing_steps_say_what_to_draw_in_a_small_answer() -> None:
    e = Engine()
    call(e, "open", text=ESCARGOT)
    text = e.handle(json.dumps({"op": "explain", "args": {}}))
    path = json.loads(text)
    assert path["solved"] is True
    forcing = [s for s in path["steps"] if "branches" in s]
    assert len(forcing) >= 10
    assert all(("drawing" in s) == ("branches" in s) for s in path["steps"])
    for step in forcing:
        drawing = step["drawing"]
        starts = [(*b["start"], b["true"]) for b in drawing["branches"]]
        assert starts == [_node(b["assume"]) for b in step["branches"]]
        _follows_in_order(drawing)
    # every position and picture of a hardest puzzle's hundred steps, in a few hundred kB
    assert len(text) < 300_000


# --- levels ---------------------------------------------------------------------------------


def test_levels_offered_per_size_and_variant() -> None:
    assert call(Engine(), "levels", size=4) == {"levels": ["easy"]}
    assert "extreme" in call(Engine(), "levels", size=9, variant="x")["levels"]
    assert "no 5×5 Sudoku" in error(Engine(), "levels", size=5)


# --- watch ----------------------------------------------------------------------------------


def _board(result: dict[str, Any], upto: int) -> list[int]:
    cells = list(result["start"]["cells"])
    for frame in result["frames"][:upto]:
        for cell, digit, _origin in frame["cells"]:
            cells[cell] = digit
    return cells


SMALL = generate(6, seed=2)
SMALL_SOLUTION = examine(SMALL).solution


@pytest.mark.parametrize(
    "algorithm", ["backtracking", "naive", "mrv", "propagation", "human", "dlx"]
)
def test_watch_frames_replay_to_the_solution(algorithm: str) -> None:
    assert SMALL_SOLUTION is not None
    e = Engine()
    call(e, "sync", rules="6", givens=format_line(SMALL), moves=[])
    result = call(e, "watch", algorithm=algorithm, max_events=MAX_EVENTS)
    assert result["finished"] is True and result["status"] == "solved"
    assert _board(result, len(result["frames"])) == list(SMALL_SOLUTION.cells)
    last = result["frames"][-1]
    assert last["counters"] == result["counters"] and last["kind"] == "solved"
    assert result["counters"]["steps"] == len(result["frames"])
    assert all(f["text"] for f in result["frames"])
    if result["candidates"] == "kept":
        masks = list(result["start"]["candidates"])
        for frame in result["frames"]:
            for cell, mask in frame["candidates"]:
                masks[cell] = mask
        assert all(masks[c] == 1 << (d - 1) for c, d in enumerate(SMALL_SOLUTION.cells))
    else:
        assert result["start"]["candidates"] is None
        assert all(f["candidates"] == [] for f in result["frames"])


def test_watch_stops_at_max_events_and_a_backtrack_empties_its_cells(engine: Engine) -> None:
    result = call(engine, "watch", algorithm="naive", max_events=400)
    frames = result["frames"]
    assert len(frames) == 400 and result["finished"] is False
    assert result["counters"]["steps"] == 400 and frames[-1]["counters"]["steps"] == 400
    back = next(i for i, f in enumerate(frames) if f["kind"] == "backtrack")
    assert any(digit == 0 for _, digit, _ in frames[back]["cells"])
    assert _board(result, back + 1).count(0) > _board(result, back).count(0)


def test_watch_a_puzzle_given_and_bad_arguments() -> None:
    e = Engine()
    result = call(e, "watch", rules="4", givens="1.3434.22.4343.1", max_events=50)
    assert result["status"] == "solved" and result["algorithm"] == "propagation"
    assert "unknown algorithm 'quick'" in error(
        e, "watch", algorithm="quick", givens="." * 16, rules="4"
    )
    assert "max_events must be at least 1" in error(
        e, "watch", max_events=0, rules="4", givens="." * 16
    )
    capped = call(e, "watch", algorithm="naive", max_events=10**9, rules="9", givens="." * 81)
    assert capped["max_events"] == MAX_EVENTS


# --- imports --------------------------------------------------------------------------------


def test_the_bridge_loads_no_store_no_sqlite_and_no_pygame() -> None:
    probe = (
        "import sys, json, sudokit.web.bridge\n"
        "print(json.dumps(sorted(m for m in sys.modules if m in "
        "('sqlite3', '_sqlite3', 'sudokit.game.store', 'pygame', 'sudokit.gui', 'sudokit.cli'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True
    )
    assert json.loads(out.stdout) == []


def test_importtime_of_the_game_lists_no_store() -> None:
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import sudokit.game"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    imported = {line.rsplit("|", 1)[-1].strip() for line in out.stderr.splitlines()}
    assert "sudokit.game" in imported and "sudokit.game.session" in imported
    assert "sqlite3" not in imported and "sudokit.game.store" not in imported


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), keep=st.randoms(use_true_random=False))
def test_open_of_a_pencil_mark_grid_starts_where_the_player_was(seed: int, keep: Any) -> None:
    """A HoDoKu line with placed digits and deleted candidates opens with those digits
    placed and those notes, in the engine and in the moves it gives the page."""
    from sudokit.formats import Position, format_hodoku

    puzzle = generate(9, seed=seed, difficulty="easy")
    solution = solve(puzzle)
    assert solution is not None
    placed = [
        s if not g and keep.random() < 0.2 else g
        for g, s in zip(puzzle.cells, solution.cells, strict=True)
    ]
    board = Grid(puzzle.rules, placed)
    masks = board.candidates()
    notes = [
        m & ~(1 << (d - 1)) if m and keep.random() < 0.3 and d != s else m
        for m, s, d in zip(masks, solution.cells, (keep.randint(1, 9) for _ in masks), strict=True)
    ]
    line = format_hodoku(Position(puzzle, placed=board, candidates=tuple(notes)))
    e = Engine()
    game = call(e, "open", text=line)
    assert game["givens"] == format_line(puzzle)
    view = call(e, "view")
    assert view["cells"] == placed
    # A line that deletes no candidate records none: the game then keeps no notes.
    recorded = notes != masks
    digits = [[d for d in range(1, 10) if recorded and m >> (d - 1) & 1] for m in notes]
    assert [ds if not placed[c] else [] for c, ds in enumerate(view["notes"])] == [
        ds if not placed[c] else [] for c, ds in enumerate(digits)
    ]
    # The page plays the same moves to the same position.
    synced = call(
        e, "sync", rules=game["rules"], givens=game["givens"], moves=game.get("moves", [])
    )
    assert synced["cells"] == view["cells"] and synced["notes"] == view["notes"]


# --- a forcing hint's branches, as the page draws them ----------------------------------------


def _node(name: str) -> tuple[int, int, bool]:
    """``r2c5=5`` / ``r2c5<>5`` → (cell, digit, true)."""
    m = re.fullmatch(r"r(\d+)c(\d+)(=|<>)(\d+)", name)
    assert m, name
    return (int(m[1]) - 1) * 9 + int(m[2]) - 1, int(m[4]), m[3] == "="


def _follows_in_order(drawing: dict[str, Any]) -> None:
    """Every drawn link starts at its branch's assumption or at an earlier link's end."""
    reached: dict[int, set[tuple[int, int]]] = {
        i: {(b["start"][0], b["start"][1])} for i, b in enumerate(drawing["branches"])
    }
    for branch, fc, fd, tc, td, _strong in drawing["links"]:
        assert (fc, fd) in reached[branch], (branch, fc, fd)
        reached[branch].add((tc, td))


def test_a_forcing_hint_s_last_stage_says_what_to_draw() -> None:
    from tests.test_step_json import hodoku_line

    _, line = hodoku_line("unit")
    e = Engine()
    call(e, "open", text=line)
    first = call(e, "hint", stage=1)
    assert first["technique"] == "unit_forcing_chain" and "drawing" not in first
    told = call(e, "hint", stage=3)
    drawing = told["drawing"]
    branches = told["branches"]
    assert [b["label"] for b in drawing["branches"]] == list(range(1, len(branches) + 1))
    for i, (b, data) in enumerate(zip(drawing["branches"], branches, strict=True)):
        assert _node(data["assume"]) == (*b["start"], b["true"])
        assert b["drawn"] == b["total"] == len(data["links"])  # small: drawn whole
        drawn = [k for k in drawing["links"] if k[0] == i]
        # link by link as the JSON tells it: from what it rests on first to its candidate
        assert [(k[1], k[2], k[3], k[4], k[5]) for k in drawn] == [
            (*_node(k["rests_on"][0])[:2], *_node(k["candidate"])) for k in data["links"]
        ]
    _follows_in_order(drawing)
    roles = [role for role, _ in drawing["legend"]]
    assert roles.count("branch") == len(branches)
    assert {"strong", "weak"} <= set(roles)
    words = drawing["legend"][0][1]
    assert words.startswith("Branch 1: r") and "→" in words and "drawn" not in words


def test_a_net_too_big_to_draw_is_cut_down_and_says_so() -> None:
    from tests.test_step_json import forcing_step

    state, step = forcing_step("net_unit")
    whole = sum(len(b.links) for b in step.branches)
    drawing = bridge.branch_drawing(state.rules, step.branches, limit=5)
    assert 0 < len(drawing["links"]) <= 5 < whole
    _follows_in_order(drawing)
    cut = [b for b in drawing["branches"] if b["drawn"] < b["total"]]
    assert cut
    texts = [t for role, t in drawing["legend"] if role == "branch"]
    for b in cut:
        assert f"first {b['drawn']} of {b['total']} links are drawn" in texts[b["label"] - 1]
    assert bridge.branch_drawing(state.rules, step.branches)["links"].__len__() == whole
