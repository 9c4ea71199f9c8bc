"""The play facade: one game core for the desktop and the browser, in plain values."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit import IllegalMoveError, generate
from sudokit.errors import GenerationError, RulesError
from sudokit.formats import format_line
from sudokit.game import LevelStats, Session, examine
from sudokit.game.play import (
    Made,
    Play,
    View,
    asked_rules,
    levels,
    make,
    stats_rows,
)
from sudokit.geometry import Rules

PUZZLE = generate(9, seed=11, difficulty="medium")
SOLUTION = examine(PUZZLE).solution
assert SOLUTION is not None


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def fresh(clock: Clock | None = None) -> Play:
    assert SOLUTION is not None
    return Play(Session(PUZZLE, SOLUTION, level="medium", clock=clock or Clock()))


def without_time(view: View) -> View:
    return replace(view, elapsed=0.0)


# --- making ---------------------------------------------------------------------------------


def test_new_makes_the_generators_puzzle_for_the_seed_with_its_solution() -> None:
    game = Play.new(9, "easy", seed=5)
    info = game.game()
    assert info["givens"] == format_line(generate(9, seed=5, difficulty="easy"))
    assert info["seed"] == 5 and info["level"] == "easy" and info["unique"] is True
    solution = examine(game.session.puzzle).solution
    assert solution is not None and info["solution"] == format_line(solution)


def test_new_without_a_seed_tells_the_seed_that_makes_it_again() -> None:
    game = Play.new(4, "easy")
    seed = game.seed
    assert isinstance(seed, int)
    assert Play.new(4, "easy", seed=seed).game()["givens"] == game.game()["givens"]


def test_new_under_variant_rules_describes_its_units_and_extra_peers() -> None:
    game = Play.new(9, "easy", "x,anti-knight", seed=2)
    info = game.game()
    rules = Rules.parse(info["rules"])
    assert rules.diagonals and rules.anti_knight and info["name"] == rules.name
    assert len(info["units"]) == 29  # rows, columns, boxes and the two diagonals
    assert [0, 10, 20, 30, 40, 50, 60, 70, 80] in info["units"]
    assert info["peers_extra"][0] == [11, 19]  # a knight's move from r1c1
    assert info["regions"][80] == 8 and info["neighbours"] is False
    assert (info["n"], info["box_rows"], info["box_cols"]) == (9, 3, 3)


def test_no_level_is_medium_or_the_hardest_below_it_the_size_reaches() -> None:
    assert Play.new(9, seed=1).session.level == "medium"
    assert Play.new(4, seed=1).session.level == "easy"  # 4×4 puzzles are all easy


def test_a_rules_code_gives_its_size() -> None:
    assert Play.new(4, "easy", "6+x", seed=1).game()["n"] == 6


@pytest.mark.parametrize(
    ("size", "variant", "words"),
    [
        (7, "", "no 7×7 Sudoku"),
        (9, "diagonalz", "unknown variant 'diagonalz'"),
        (4, "anti-king", "no 4×4 grid keeps anti-king rules"),
        (9, "9+q", "unknown variant .q."),
    ],
)
def test_rules_that_cannot_be_had_are_named(size: int, variant: str, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        asked_rules(size, variant)


def test_a_level_that_does_not_exist_or_cannot_be_reached_is_an_error() -> None:
    with pytest.raises(GenerationError, match="unknown level 'super'"):
        Play.new(9, "super")
    assert "hard" not in levels(4)
    with pytest.raises(GenerationError):
        Play.new(4, "hard", seed=1)


def test_a_puzzle_maker_s_puzzle_is_filed_under_the_level_it_really_has() -> None:
    easy = generate(9, seed=3, difficulty="easy")
    made = make(9, "hard", 1, maker=lambda size, level, seed: easy)
    assert made == Made(easy, examine(easy).solution, "easy", None)  # type: ignore[arg-type]


def test_a_maker_s_unplayable_puzzle_is_refused_with_the_reason() -> None:
    empty = generate(4, seed=1)
    blank = type(empty)(empty.rules, (0,) * 16)
    with pytest.raises(GenerationError, match="several solutions"):
        make(4, "easy", maker=lambda size, level, seed: blank)


# --- playing --------------------------------------------------------------------------------


def test_the_view_tells_digits_notes_conflicts_and_mistakes() -> None:
    assert SOLUTION is not None
    game = fresh()
    empty = PUZZLE.cells.index(0)
    r, c = divmod(empty, 9)
    wrong = next(d for d in range(1, 10) if d != SOLUTION.cells[empty])
    assert game.play(f"s r{r + 1}c{c + 1} {wrong}")
    v = game.view()
    assert v.cells[empty] == wrong and not v.given[empty] and v.given[PUZZLE.cells.index(1)]
    assert v.mistakes == (empty,) and v.mistakes_made == 1
    assert v.moves == (f"s r{r + 1}c{c + 1} {wrong}",) and v.position == 1 and v.can_undo
    game.undo()
    assert game.auto_notes()
    notes = game.view().notes[empty]
    assert SOLUTION.cells[empty] in notes and notes == tuple(sorted(notes))
    d = json.loads(json.dumps(game.view().to_dict()))
    # the undone digit's move is dropped by the new move, as redo can no longer play it
    assert d["moves"] == ["auto"] and d["position"] == 1 and d["can_redo"] is False


def test_an_illegal_move_changes_nothing_and_says_why() -> None:
    game = fresh()
    given = next(i for i, v in enumerate(PUZZLE.cells) if v)
    r, c = divmod(given, 9)
    before = game.view()
    with pytest.raises(IllegalMoveError, match=f"r{r + 1}c{c + 1} is a given"):
        game.play(f"s r{r + 1}c{c + 1} 1")
    with pytest.raises(IllegalMoveError, match="not a move"):
        game.play("jump")
    assert without_time(game.view()) == without_time(before)


def test_replay_stops_nothing_silently_an_unplayable_move_is_named() -> None:
    assert SOLUTION is not None
    given = next(i for i, v in enumerate(PUZZLE.cells) if v)
    r, c = divmod(given, 9)
    with pytest.raises(IllegalMoveError, match="move 2: "):
        Play.replay(PUZZLE, SOLUTION, ["auto", f"e r{r + 1}c{c + 1}"])


def test_the_timer_pauses_and_resumes() -> None:
    clock = Clock()
    game = fresh(clock)
    clock.now += 30
    game.pause()
    clock.now += 100
    assert game.paused and game.elapsed == 30
    game.resume()
    clock.now += 12
    assert game.elapsed == 42 and game.time_text() == "00:42"


# --- property: random legal games -----------------------------------------------------------


def _legal_codes(game: Play, choices: list[int]) -> list[str]:
    """Moves picked by ``choices`` among those legal in each position as it comes."""
    assert SOLUTION is not None
    played: list[str] = []
    for pick in choices:
        v = game.view()
        if v.finished:
            break
        free = [i for i, g in enumerate(v.given) if not g and i not in v.revealed]
        cell = free[pick % len(free)]
        name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
        digit = pick // 7 % 9 + 1
        kind = pick % 5
        if kind == 4:
            code = "auto"
        elif v.cells[cell] and kind == 3:
            code = f"e {name}"
        elif not v.cells[cell] and kind == 2:
            code = f"n {name} {digit}"
        else:
            code = f"s {name} {digit}"
        game.play(code)  # legal by construction: an IllegalMoveError fails the test
        played.append(code)
    return played


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=1, max_size=25))
def test_replaying_a_games_moves_gives_the_same_view(choices: list[int]) -> None:
    assert SOLUTION is not None
    game = fresh()
    _legal_codes(game, choices)
    view = game.view()
    again = Play.replay(PUZZLE, SOLUTION, view.moves, clock=Clock())
    assert again.view().cells == view.cells
    assert again.view().notes == view.notes
    assert again.view().moves == view.moves
    assert again.view().conflicts == view.conflicts


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=1, max_size=25), st.integers(0, 25))
def test_undo_and_redo_are_inverse(choices: list[int], back: int) -> None:
    assert SOLUTION is not None
    game = fresh()
    _legal_codes(game, choices)
    if game.view().finished:
        return
    end = without_time(game.view())
    k = min(back, end.position)
    for _ in range(k):
        assert game.undo()
    middle = game.view()
    assert middle.position == end.position - k and middle.can_redo == (k > 0)
    # undone to position p: the same board as replaying the first p moves
    replayed = Play.replay(PUZZLE, SOLUTION, end.moves, middle.position)
    assert replayed.view().cells == middle.cells and replayed.view().notes == middle.notes
    for _ in range(k):
        assert game.redo()
    assert without_time(game.view()) == end


# --- help -----------------------------------------------------------------------------------


def test_hint_stages_tell_the_desktops_texts_in_order() -> None:
    desktop = fresh().session
    game = fresh()
    staged = [game.hint(stage=s) for s in (1, 2, 3)]
    told = [desktop.hint() for _ in range(3)]
    assert [h.text for h in staged] == [t.message for t in told]
    assert [h.cells for h in staged] == [tuple(t.cells) for t in told]
    assert [h.stage for h in staged] == [1, 2, 3]
    assert staged[0].cells == () and staged[2].cells and staged[2].moves
    assert staged[2].level in ("easy", "medium") and staged[2].technique
    assert game.session.hints_used == 1  # one hint, told in three stages


def test_a_stage_asked_at_once_and_never_less_than_told() -> None:
    game = fresh()
    full = game.hint(stage=3)
    assert full.stage == 3 and full.moves and full.reasons
    assert game.hint(stage=1) == full  # told already: not taken back
    assert game.hint() == full  # asking again at the end tells the same


def test_applying_the_hint_plays_its_moves_as_one_undoable_move() -> None:
    game = fresh()
    h = game.hint(stage=3)
    assert game.apply_hint()
    v = game.view()
    assert v.moves == h.moves and v.position == 1
    assert v.mistakes == () and all(v.cells[c] for c in h.cells)
    game.undo()
    assert game.view().position == 0


def test_a_wrong_digit_is_the_first_hint_told_whole() -> None:
    assert SOLUTION is not None
    game = fresh()
    empty = PUZZLE.cells.index(0)
    wrong = next(d for d in range(1, 10) if d != SOLUTION.cells[empty])
    game.play(f"s r{empty // 9 + 1}c{empty % 9 + 1} {wrong}")
    h = game.hint(stage=1)
    assert h.kind == "mistake" and h.cells == (empty,) and h.stage == 3 and h.moves == ()


def test_notes_that_rule_out_the_answer_are_fixed_by_the_hint_as_a_move() -> None:
    assert SOLUTION is not None
    game = fresh()
    empty = PUZZLE.cells.index(0)
    wrong = next(d for d in range(1, 10) if d != SOLUTION.cells[empty])
    game.play(f"n r{empty // 9 + 1}c{empty % 9 + 1} {wrong}")
    h = game.hint(stage=3)
    assert h.kind == "notes" and h.changed and empty in h.cells
    assert SOLUTION.cells[empty] in game.view().notes[empty]


def test_check_lists_the_wrong_digits() -> None:
    assert SOLUTION is not None
    game = fresh()
    empty = PUZZLE.cells.index(0)
    wrong = next(d for d in range(1, 10) if d != SOLUTION.cells[empty])
    game.play(f"s r{empty // 9 + 1}c{empty % 9 + 1} {wrong}")
    result = game.check()
    assert result.mistakes == (empty,) and not result.solved and "1 wrong digit" in result.text
    game.play("solve")
    assert game.check().solved


def test_explain_from_the_position_solves_it_and_refuses_over_wrong_digits() -> None:
    assert SOLUTION is not None
    game = fresh()
    path = game.explain()
    assert path.solved and path.steps
    cells = list(PUZZLE.cells)
    for step in path.steps:
        for c, d in step.placements:
            cells[c] = d
        assert step.level in ("easy", "medium") and step.text and step.name
    assert cells == list(SOLUTION.cells)
    empty = PUZZLE.cells.index(0)
    wrong = next(d for d in range(1, 10) if d != SOLUTION.cells[empty])
    game.play(f"s r{empty // 9 + 1}c{empty % 9 + 1} {wrong}")
    refused = game.explain()
    assert refused.steps == () and "is wrong" in refused.text


def test_stats_rows_are_plain_values() -> None:
    rows = stats_rows([LevelStats(9, "hard", 3, 2, 300.0, 400.0, 1, "X")])
    assert rows == [
        {
            "size": 9,
            "rules": "X",
            "level": "hard",
            "label": "Hard",
            "played": 3,
            "solved": 2,
            "best": 300.0,
            "average": 400.0,
            "hints": 1,
            "cells": ["9×9 X", "Hard", "3", "2", "05:00", "06:40", "1"],
        }
    ]
    json.dumps(rows)


# --- imports --------------------------------------------------------------------------------


def test_importing_the_game_does_not_import_the_store() -> None:
    probe = (
        "import sys, sudokit.game, sudokit.game.play\n"
        "print(sorted(m for m in ('sqlite3', 'sudokit.game.store') if m in sys.modules))\n"
        "from sudokit.game import Store, data_dir, default_path\n"
        "print(Store.__module__, 'sqlite3' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.split("\n")[:2] == ["[]", "sudokit.game.store True"]


def test_an_unknown_name_of_the_game_package_is_an_attribute_error() -> None:
    import sudokit.game

    with pytest.raises(AttributeError, match="Stor"):
        sudokit.game.Stor  # noqa: B018
