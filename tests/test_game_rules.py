"""The game honours a puzzle's rules: saves keep them, statistics are kept per variant,
conflicts, notes, mistakes and check follow them, and a hint the logic engine cannot give
is said in words rather than crashing."""

from __future__ import annotations

import random
import sqlite3
from functools import cache
from pathlib import Path

import pytest

from helpers import is_variant_solution
from sudokit import Grid, parse
from sudokit.errors import UnsupportedRulesError
from sudokit.game import Session, Store, finish_message
from sudokit.game import session as session_module
from sudokit.geometry import Rules
from test_rules import random_regions
from variants import variant_puzzle

CLASSIC = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_HOME", str(tmp_path))


@cache
def puzzle(*variants: str) -> Grid:
    """A unique 9×9 puzzle under the named variants (jigsaw: a random layout)."""
    rng = random.Random(21)
    regions = random_regions(9, rng) if "jigsaw" in variants else None
    rules = Rules.make(9, [v for v in variants if v != "jigsaw"], regions)
    return variant_puzzle(rules, rng)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _finish(store: Store, grid: Grid, level: str, seconds: float) -> None:
    clock = Clock()
    s = Session.new(grid, level=level, clock=clock)
    n = s.size
    clock.now = seconds  # the solve ends the timer at this time
    for cell in grid.empty_cells():
        s.play(f"s r{cell // n + 1}c{cell % n + 1} {s.solution.cells[cell]}")
    assert s.elapsed == seconds
    store.save(s)


# --- the store ----------------------------------------------------------------------------
def test_a_variant_game_resumes_with_its_rules(tmp_path: Path) -> None:
    grid = puzzle("jigsaw", "x")
    with Store(tmp_path / "sudokit.db") as store:
        s = Session.new(grid, level="custom")
        first = grid.empty_cells()[0]
        s.play(f"s r{first // 9 + 1}c{first % 9 + 1} {s.solution.cells[first]}")
        store.save(s)
    with Store(tmp_path / "sudokit.db") as store:
        back = store.resume()
        assert back is not None and store.notices == []
        assert back.rules is grid.rules and back.puzzle == grid
        assert back.solution.rules is grid.rules
        assert is_variant_solution(
            grid.cells, back.solution.cells, 9, ("x",), list(grid.rules.region_of)
        )
        assert back.state.board.cells[first] == back.solution.cells[first]


def test_a_file_of_the_previous_format_keeps_every_game_and_statistic(tmp_path: Path) -> None:
    db = tmp_path / "sudokit.db"
    with Store(db) as store:
        _finish(store, CLASSIC, "hard", 200)
        _finish(store, CLASSIC, "easy", 50)
        before = store.stats()
        s = Session.new(CLASSIC, level="medium")
        s.play("s r1c3 4")
        store.save(s)
        game = s.game_id
    conn = sqlite3.connect(db)
    with conn:  # the table as the previous format had it, without the rules
        conn.execute("ALTER TABLE games DROP COLUMN rules")
    conn.close()
    with Store(db) as store:
        assert store.notices == []
        assert store.stats() == before
        assert [s.cells() for s in before] == [
            ["9×9", "Easy", "1", "1", "00:50", "00:50", "0"],
            ["9×9", "Hard", "1", "1", "03:20", "03:20", "0"],
        ]
        back = store.resume()
        assert back is not None and back.game_id == game and back.rules.classic
        assert back.state.board.cells[2] == 4
    conn = sqlite3.connect(db)
    codes = {r[0] for r in conn.execute("SELECT rules FROM games")}
    conn.close()
    assert codes == {"9"}  # the old rows were given the classic code


def test_statistics_are_kept_per_variant(tmp_path: Path) -> None:
    x = puzzle("x")
    with Store(tmp_path / "sudokit.db") as store:
        _finish(store, CLASSIC, "hard", 300)
        _finish(store, x, "hard", 100)
        _finish(store, puzzle("jigsaw"), "hard", 400)
        stats = store.stats()
        assert [(s.rules, s.level, s.played, s.best) for s in stats] == [
            ("classic", "hard", 1, 300.0),
            ("X", "hard", 1, 100.0),
            ("jigsaw", "hard", 1, 400.0),
        ]
        assert stats[0].cells()[0] == "9×9" and stats[1].cells()[0] == "9×9 X"
        # A second X game is compared with the X record, not the classic one.
        clock = Clock()
        s = Session.new(x, level="hard", clock=clock)
        clock.now = 150.0
        for cell in x.empty_cells():
            s.play(f"s r{cell // 9 + 1}c{cell % 9 + 1} {s.solution.cells[cell]}")
        finish = store.save(s)
    assert finish is not None and finish.previous_best == 100.0 and not finish.new_best
    assert "for X Hard" in finish_message(finish, "hard", 9, s.rules.name)


def test_a_row_with_unreadable_rules_is_set_aside_and_the_others_kept(tmp_path: Path) -> None:
    db = tmp_path / "sudokit.db"
    with Store(db) as store:
        _finish(store, CLASSIC, "hard", 200)
        _finish(store, puzzle("x"), "hard", 100)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE games SET rules = '9+bishop' WHERE rules = '9+x'")
    conn.close()
    with Store(db) as store:
        stats = store.stats()
        assert [(s.rules, s.played) for s in stats] == [("classic", 1)]
        assert any("rules are unreadable" in n and "bishop" in n for n in store.notices)


# --- playing under the rules --------------------------------------------------------------
def _cell_off_diagonals(grid: Grid) -> tuple[int, int]:
    """An empty diagonal cell and a digit already on that diagonal but not in its row,
    column or box (so only the X rule forbids it)."""
    rules = grid.rules
    diag = rules.units[27]
    for cell in diag:
        if grid.cells[cell]:
            continue
        on_diag = {grid.cells[c] for c in diag if grid.cells[c]}
        classic = {grid.cells[p] for p in grid.shape.peers[cell]}
        for d in sorted(on_diag - classic):
            return cell, d
    raise AssertionError("no such cell")


def test_conflicts_notes_and_mistakes_follow_x_rules() -> None:
    grid = puzzle("x")
    s = Session.new(grid)
    cell, digit = _cell_off_diagonals(grid)
    s.play("auto")
    # Auto-notes leave out the digit the diagonal already holds.
    assert not s.state.notes[cell] >> (digit - 1) & 1
    s.play(f"s r{cell // 9 + 1}c{cell % 9 + 1} {digit}")
    assert cell in s.conflicts()  # twice on the diagonal: a conflict under X
    assert s.mistakes_made == 1 and cell in s.mistakes()
    assert s.check().wrong == frozenset({cell})


def test_placing_a_digit_clears_it_from_the_notes_of_knight_moves() -> None:
    grid = puzzle("anti-knight")
    s = Session.new(grid)
    rules = grid.rules
    classic = grid.shape.peers

    def far(c: int) -> list[int]:  # empty cells a knight's move away, outside c's box
        return [p for p in rules.extra_peers[c] if not grid.cells[p] and p not in classic[c]]

    cell = next(c for c in grid.empty_cells() if far(c))
    knight = far(cell)[0]
    digit = s.solution.cells[cell]
    assert (knight, digit) not in s.state.note_clashes()
    s.play(f"n r{knight // 9 + 1}c{knight % 9 + 1} {digit}")  # a pencilled note
    s.play(f"s r{cell // 9 + 1}c{cell % 9 + 1} {digit}")
    # Placing the digit took the note out of the cell a knight's move away.
    assert not s.state.notes[knight] >> (digit - 1) & 1


def test_non_consecutive_notes_and_erasing() -> None:
    grid = puzzle("non-consecutive")
    s = Session.new(grid)
    rules = grid.rules
    s.play("auto")
    cell = next(
        c for c in grid.empty_cells() if sum(not grid.cells[p] for p in rules.neighbours[c]) >= 2
    )
    digit = s.solution.cells[cell]
    s.play(f"s r{cell // 9 + 1}c{cell % 9 + 1} {digit}")
    near = [p for p in rules.neighbours[cell] if not grid.cells[p]]
    for p in near:  # the neighbours' notes lost digit ± 1
        for d in (digit - 1, digit + 1):
            if 1 <= d <= 9:
                assert not s.state.notes[p] >> (d - 1) & 1
    assert s.state.note_clashes() == frozenset()
    s.play(f"e r{cell // 9 + 1}c{cell % 9 + 1}")  # erasing gives them back where allowed
    assert s.state.notes == tuple(grid.candidates())


def test_a_variant_game_is_solved_under_its_rules() -> None:
    grid = puzzle("windoku")
    s = Session.new(grid)
    for cell in grid.empty_cells():
        s.play(f"s r{cell // 9 + 1}c{cell % 9 + 1} {s.solution.cells[cell]}")
    assert s.finished and s.solved_by_player
    assert is_variant_solution(grid.cells, s.state.board.cells, 9, ("windoku",))


def test_a_hint_the_engine_refuses_is_said_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> object:
        raise UnsupportedRulesError("the logic engine does not handle X + anti-knight rules")

    monkeypatch.setattr(session_module, "logic_hint", refuse)
    grid = puzzle("x")
    s = Session.new(grid)
    h = s.hint()
    assert h.kind == "unavailable"
    assert h.message == "Hints are not available for X puzzles yet."
    assert s.hints_used == 0


def test_a_hint_follows_the_rules() -> None:
    grid = puzzle("x")
    s = Session.new(grid)
    try:
        h = s.hint()
    except UnsupportedRulesError:  # pragma: no cover - the game must catch it
        pytest.fail("the game let the logic engine's refusal through")
    if h.kind == "unavailable":
        pytest.skip("the logic engine does not handle X yet")
    for _ in range(2):
        h = s.hint()
    assert s.play_hint()
    board = s.state.board
    assert all(not v or v == s.solution.cells[c] for c, v in enumerate(board.cells))


# --- the window's "your puzzle" dialog ----------------------------------------------------
@pytest.mark.parametrize("variants", [("x",), ("jigsaw",)], ids="+".join)
def test_a_pasted_variant_is_played_under_its_rules(variants: tuple[str, ...]) -> None:
    from sudokit.formats import format_rules_line, format_solo
    from sudokit.gui.dialogs import CustomDialog, StartCustom

    grid = puzzle(*variants)
    for text in (format_rules_line(grid), format_solo(grid)):
        d = CustomDialog(9, lambda: None)
        d.paste(text)
        assert d.error == "" and grid.rules.name in d.info
        result = d.start()
        assert isinstance(result, StartCustom) and result.puzzle == grid
        assert result.solution is not None and result.solution.rules is grid.rules
