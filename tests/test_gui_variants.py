# ruff: noqa: F811
"""New games under variant rules: New game's rules choice goes through the puzzle maker
(a thread, or a process for big grids) to the game, and is remembered; ``play --variant``
and ``play --rules`` start one; the statistics give variants a readable column."""

from __future__ import annotations

from typing import Any

import pytest

# The shared fixtures are imported by name; pytest passes them as parameters.
from gui_support import PUZZLE, FakeClock, _home, clock  # noqa: F401
from helpers import is_variant_solution
from sudokit import count_solutions, generate
from sudokit.game import LevelStats, Store
from sudokit.gui import making
from sudokit.gui.controller import Controller
from sudokit.gui.dialog_new import NewGameDialog
from sudokit.gui.dialogs import StatsDialog
from sudokit.gui.interpret import Key, KeyUp, Motion, Press, Release
from sudokit.gui.layout import Rect
from sudokit.gui.settings import Settings


def _key(c: Controller, name: str, *, ctrl: bool = False) -> None:
    c.handle(Key(name, ctrl=ctrl))
    c.handle(KeyUp(name))
    c.tick()


def _click(c: Controller, name: str) -> None:
    assert c.dialog is not None
    [b] = [b for b in c.dialog.buttons if b.key == name]
    assert b.enabled, f"{name} is greyed out"
    pos = b.rect.center
    c.handle(Motion(pos))
    c.handle(Press(pos, 1))
    c.handle(Release(pos, 1))
    c.tick()


def _wait(c: Controller) -> None:
    if c.job is not None:
        assert c.job.done.wait(120), "the puzzle is made"
        c.tick()


def _new_game(c: Controller, *clicks: str) -> NewGameDialog:
    _key(c, "n", ctrl=True)
    dialog = c.dialog
    assert isinstance(dialog, NewGameDialog)
    for name in clicks:
        _click(c, name)
    return dialog


def test_x_chosen_in_new_game_starts_an_x_game_and_is_remembered(clock: FakeClock) -> None:
    with Store() as store:
        c = Controller(store, puzzle=PUZZLE, clock=clock)
        dialog = _new_game(c, "rules:x", "level:easy")
        assert dialog.variant == "x"
        assert "diagonals hold every digit once" in dialog.note
        _click(c, "start")
        _wait(c)
        s = c.session
        assert s is not None and s.rules.variants == ("x",)
        assert s.puzzle.rules.diagonals and not s.puzzle.rules.classic
        puzzle, solution = s.puzzle.cells, s.solution.cells
        assert is_variant_solution(puzzle, solution, 9, ["x"])
        assert count_solutions(s.puzzle, limit=2) == 1, "one X solution"
        assert "X" in c.message
        # Remembered like size and level: in the settings, and in the next dialog.
        assert c.settings.rules == "x" and Settings.load(store).rules == "x"
        again = _new_game(c)
        assert [b.key for b in again.rules_buttons if b.active] == ["rules:x"]


def test_jigsaw_plus_x_starts_a_game_on_random_regions(clock: FakeClock) -> None:
    with Store() as store:
        c = Controller(store, puzzle=PUZZLE, clock=clock)
        dialog = _new_game(c, "rules:jigsaw", "rules:+x")
        assert dialog.variant == "x+jigsaw"
        offered = [b.key for b in dialog.level_buttons]
        assert "level:medium" not in offered, "X + jigsaw does not reach medium"
        assert "offers Easy, Hard, Expert and Extreme only" in dialog.note
        _click(c, "level:easy")
        _click(c, "start")
        _wait(c)
        s = c.session
        assert s is not None and set(s.rules.variants) == {"x", "jigsaw"}
        regions = s.rules.region_of
        assert is_variant_solution(s.puzzle.cells, s.solution.cells, 9, ["x"], regions)
        assert count_solutions(s.puzzle, limit=2) == 1
        assert Settings.load(store).rules == "x+jigsaw"


def test_windoku_is_greyed_out_where_no_grid_has_windows(clock: FakeClock) -> None:
    with Store() as store:
        c = Controller(store, puzzle=PUZZLE, clock=clock)
        dialog = _new_game(c, "rules:windoku", "size:6")
        windoku = next(b for b in dialog.rules_buttons if b.key == "rules:windoku")
        assert not windoku.enabled and dialog.variant == ""
        assert "Windoku needs square boxes; a 6×6 grid has none." in dialog.note
        _click(c, "size:9")
        assert dialog.variant == "windoku", "the choice comes back where it can be had"
        _click(c, "size:4")
        assert dialog.variant == "windoku"
        off = {b.key for b in dialog.rules_buttons if not b.enabled}
        assert off == {"rules:anti-king", "rules:non-consecutive"}
        _click(c, "size:12")
        assert dialog.variant == "" and not windoku.enabled


def test_a_remembered_variant_a_size_cannot_have_falls_back_to_classic(
    clock: FakeClock,
) -> None:
    asked: list[tuple[int, str]] = []

    def make(size: int, level: str, seed: object, rules: str = "") -> Any:
        asked.append((size, rules))
        return generate(size, seed=1, difficulty="easy", variant=rules or None)

    with Store() as store:
        store.set_setting("rules", "windoku")
        store.set_setting("size", "6")
        store.set_setting("level", "easy")
        c = Controller(store, clock=clock, make_puzzle=make, resume=False)
        _wait(c)
        assert asked == [(6, "")] and c.session is not None and c.session.rules.classic


def test_settings_read_any_spelling_and_forget_unknown_variants() -> None:
    with Store() as store:
        store.set_setting("rules", "jigsaw,diagonal")
        assert Settings.load(store).rules == "x+jigsaw"
        store.set_setting("rules", "sandwich")
        assert Settings.load(store).rules == ""
        store.set_setting("rules", "classic")
        assert Settings.load(store).rules == ""


def test_a_big_variant_is_made_in_a_process_with_its_regions() -> None:
    job = making.start(None, 12, "easy", 5, started=0.0, rules="jigsaw")
    assert job.done.wait(120), "made"
    assert job.error is None and job.result is not None
    puzzle, solution = job.result
    expected = generate(12, seed=5, difficulty="easy", variant="jigsaw")
    assert puzzle == expected and puzzle.rules.code == expected.rules.code
    assert is_variant_solution(puzzle.cells, solution.cells, 12, [], puzzle.rules.region_of)


# --- sudokit play --variant / --rules -------------------------------------------------------


@pytest.fixture()
def launched(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """``sudokit play`` with the window replaced: what it would have opened."""
    import sudokit.gui as gui

    seen: list[dict[str, Any]] = []

    def run(puzzle: Any = None, **kw: Any) -> None:
        seen.append({"puzzle": puzzle, **kw})

    monkeypatch.setattr(gui, "run", run)
    return seen


def _play(*args: str) -> Any:
    from click.testing import CliRunner

    from sudokit.cli import main

    return CliRunner().invoke(main, ["play", *args])


def test_play_variant_starts_a_new_game_under_those_rules(
    launched: list[dict[str, Any]],
) -> None:
    assert _play("--variant", "jigsaw,x").exit_code == 0
    assert _play("--variant", "diagonal", "--size", "6").exit_code == 0
    assert _play("--rules", "9+x+anti-knight").exit_code == 0
    assert [(w["rules"], w["size"], w["puzzle"]) for w in launched] == [
        ("x+jigsaw", None, None),
        ("x", 6, None),
        ("9+x+anti-knight", None, None),
    ]
    assert _play().exit_code == 0 and launched[-1]["rules"] is None, "no rules: resume"


def test_play_variant_refuses_what_cannot_be_made(launched: list[dict[str, Any]]) -> None:
    result = _play("--variant", "windoku", "--size", "6")
    assert result.exit_code == 2
    assert "--variant windoku: Windoku needs square boxes; a 6×6 grid has none." in result.output
    result = _play("--variant", "anti-kink")
    assert result.exit_code != 0 and "did you mean 'anti-king'" in result.output
    result = _play("--rules", "9+x", "--size", "6")
    assert result.exit_code == 2 and "--size 6 does not match --rules 9+x" in result.output
    assert launched == []


def test_play_variant_reads_a_given_puzzle_under_the_rules(
    launched: list[dict[str, Any]],
) -> None:
    puzzle = generate(9, seed=3, variant="x")
    assert _play("--variant", "x", "".join(str(v) for v in puzzle.cells)).exit_code == 0
    [w] = launched
    assert w["puzzle"].rules.variants == ("x",) and w["rules"] is None


def test_a_new_x_game_from_the_command_line_is_an_x_game(clock: FakeClock) -> None:
    with Store() as store:
        c = Controller(store, rules="x", level="easy", clock=clock)
        _wait(c)
        s = c.session
        assert s is not None and s.rules.variants == ("x",)
        assert is_variant_solution(s.puzzle.cells, s.solution.cells, 9, ["x"])


# --- statistics -----------------------------------------------------------------------------


@pytest.mark.parametrize("window", [(640, 480), (1100, 740)])
def test_statistics_give_variants_a_column_that_never_overlaps(window: tuple[int, int]) -> None:
    from sudokit.gui.dialog_view import stats_table
    from sudokit.gui.theme import fonts

    rows = [
        LevelStats(9, "easy", 3, 2, 300.0, 400.0, 1),
        LevelStats(9, "expert", 2, 1, 1500.0, 1500.0, 2, "X + jigsaw"),
        LevelStats(16, "extreme", 1, 0, None, None, 0, "X + windoku + non-consecutive"),
    ]
    dialog = StatsDialog(rows, "sudokit.db")
    dialog.layout(Rect(0, 0, *window))
    table = stats_table(dialog)
    assert table.heads[:3] == ["Size", "Rules", "Level"]
    assert [r[:3] for r in table.rows][:2] == [
        ["9×9", "Classic", "Easy"],
        ["9×9", "X + jigsaw", "Expert"],
    ]
    f = fonts()
    for row in table.rows:
        for text, x, w, right in zip(
            row, table.xs, table.widths, [*table.xs[1:], 10**6], strict=True
        ):
            assert x + f.size(text, dialog.px(17))[0] < right, f"{text!r} runs into the next column"
            assert w > 0
    assert table.xs[-1] + table.widths[-1] <= dialog.rect.right - dialog.px(28) + len(table.xs)
