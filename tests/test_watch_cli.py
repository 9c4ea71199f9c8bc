"""``sudokit watch`` on the command line: summaries, JSON, GIF export, errors."""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import sudokit
from sudokit import classic_solve, parse
from sudokit.cli import main

FAMOUS = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = ".7..89.2..52.41..3..6.2517..89...5373.1.57.8......8.4.6.4.937.2...5..6......76..."
KEYS = {"algorithm", "steps", "tries", "placements", "backtracks", "guesses", "solved", "solution"}


@functools.cache
def big_puzzle() -> sudokit.Grid:
    """A 16×16 puzzle, made once."""
    return sudokit.generate(16, seed=3)


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["watch", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_json_has_the_documented_keys_and_tutorial_counters() -> None:
    code, out, _ = invoke(EASY, "--algorithm", "naive", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= KEYS
    classic = classic_solve(parse(EASY))
    assert (data["tries"], data["placements"], data["backtracks"]) == (
        classic.tries,
        classic.placements,
        classic.backtracks,
    )
    assert data["algorithm"] == "naive" and data["solved"] is True
    assert data["solution"] == str(sudokit.solve(parse(EASY)))


def test_compare_prints_one_json_object_per_algorithm(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    code, out, _ = invoke(FAMOUS, "--compare", "mrv,propagation,dlx", "--json")
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["algorithm"] for r in rows] == ["mrv", "propagation", "dlx"]
    assert all(set(r) >= KEYS and r["solved"] for r in rows)
    assert rows[1]["guesses"] == sudokit.search(parse(FAMOUS), 1).guesses


def test_summary_text() -> None:
    code, out, _ = invoke(FAMOUS, "-a", "propagation", "--summary")
    assert code == 0
    assert out.splitlines()[0] == "algorithm    propagation (Constraint propagation)"
    assert "solved       yes" in out
    code, out, _ = invoke(FAMOUS, "--compare", "mrv,dlx", "--summary")
    assert code == 0 and out.count("algorithm") == 2


def test_default_puzzle_is_the_tutorial_board_and_stdin_and_files_work(tmp_path: Path) -> None:
    code, out, _ = invoke("--json")
    assert code == 0 and json.loads(out)["solved"]
    code, out, _ = invoke("-", "--json", stdin=EASY + "\n")
    assert code == 0 and json.loads(out)["solution"] == str(sudokit.solve(parse(EASY)))
    path = tmp_path / "puzzles.txt"
    path.write_text("# a comment\n" + FAMOUS + "\n" + EASY + "\n", encoding="utf-8")
    code, out, _ = invoke(str(path), "--json")
    assert code == 0 and json.loads(out)["solution"] == str(sudokit.solve(parse(FAMOUS)))


def test_max_steps_stops_early() -> None:
    code, out, _ = invoke(FAMOUS, "-a", "naive", "--json", "--max-steps", "1000")
    data = json.loads(out)
    assert code == 0 and data["steps"] == 1000 and not data["solved"] and not data["finished"]


def test_gif_export(tmp_path: Path) -> None:
    from PIL import Image

    path = tmp_path / "out.gif"
    code, out, err = invoke(
        FAMOUS, "-a", "mrv", "--gif", str(path), "--fps", "12", "--max-frames", "20"
    )
    assert code == 0, out
    assert err.startswith(f"wrote {path}:") and "wrote" not in out  # said on stderr, as show
    with Image.open(path) as im:
        assert im.is_animated and im.n_frames <= 20
    code, out, _ = invoke(FAMOUS, "--gif", str(path), "--max-frames", "8", "--json")
    assert code == 0 and json.loads(out)["solved"]


def test_no_solution_is_an_outcome_not_an_error() -> None:
    code, out, _ = invoke("12345678.........9" + "." * 63, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["solved"] is False and data["solution"] is None and data["finished"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["123", "--json"], "3 cells: a puzzle has 16 (4×4)"),
        (["--algorithm", "bogus", "--json"], "unknown algorithm 'bogus'"),
        (["--compare", "mrv,bogus", "--json"], "unknown algorithm 'bogus'"),
        (["--speed", "fast"], "not a number of steps per second"),
        (["--speed", "0"], "must be positive"),
    ],
)
def test_bad_input_exits_with_usage_error(args: list[str], message: str) -> None:
    code, _, err = invoke(*args)
    assert code == 2
    assert message in err


def test_window_is_opened_with_the_options(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pygame")
    import sudokit.gui.watch as gui

    calls: list[tuple[object, ...]] = []

    def fake(grid: sudokit.Grid, names: list[str], *, speed: float, candidates: bool) -> None:
        calls.append((str(grid), names, speed, candidates))

    monkeypatch.setattr(gui, "run_watch", fake)
    code, _, _ = invoke(FAMOUS, "--compare", "naive,mrv", "--speed", "max", "--no-candidates")
    assert code == 0
    assert calls == [(FAMOUS, ["naive", "mrv"], float("inf"), False)]


def test_a_trace_that_cannot_finish_stops_at_the_default_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # naive on the 17-clue FAMOUS puzzle takes billions of steps: without a window nothing
    # else would stop it. A small cap keeps the test quick; the logic is the default's.
    monkeypatch.setattr("sudokit.cli.watch.default_max_steps", lambda n: 5_000)
    code, out, err = invoke(FAMOUS, "--algorithm", "naive", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["steps"] == 5_000 and data["finished"] is False and data["solved"] is False
    assert "naive stopped after 5,000 steps without finishing" in err
    assert "--max-steps" in err
    code, out, err = invoke(FAMOUS, "--algorithm", "naive", "--summary")
    assert code == 0 and "stopped early" in out and "stopped after 5,000 steps" in err


def test_max_steps_zero_means_no_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sudokit.cli.watch.default_max_steps", lambda n: 10)
    code, out, err = invoke(EASY, "--algorithm", "naive", "--json", "--max-steps", "0")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["finished"] is True and data["steps"] > 10


def test_run_reports_progress_every_so_many_steps() -> None:
    from sudokit.watch import registry

    seen: list[int] = []
    summary = registry.run(
        parse(FAMOUS), "naive", max_steps=3 * registry.PROGRESS_EVERY + 5, progress=seen.append
    )
    assert seen == [registry.PROGRESS_EVERY * k for k in (1, 2, 3)]
    assert summary.counters.steps == 3 * registry.PROGRESS_EVERY + 5


def test_a_gif_cut_short_by_the_cap_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pytest.importorskip("PIL")
    monkeypatch.setattr("sudokit.cli.watch.default_max_steps", lambda n: 300)
    path = tmp_path / "naive.gif"
    code, _, err = invoke(FAMOUS, "-a", "naive", "--gif", str(path), "--max-frames", "4")
    assert code == 0 and path.stat().st_size > 0
    assert "naive 300 steps" in err  # "wrote FILE: ..." goes to stderr
    assert "the GIF stops after 300 steps, before the end" in err
    code, _, err = invoke(EASY, "-a", "mrv", "--gif", str(path), "--max-frames", "4")
    assert code == 0 and "before the end" not in err


def test_a_16x16_puzzle_on_the_command_line_is_not_taken_for_a_file_name() -> None:
    # 256 symbols: longer than a file name may be, so asking whether it is a file fails.
    grid = big_puzzle()
    code, out, err = invoke(str(grid), "-a", "propagation", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["solved"] is True and data["solution"] == str(sudokit.solve(grid))


def test_the_default_cap_is_smaller_on_big_boards() -> None:
    from sudokit.watch import DEFAULT_MAX_STEPS, default_max_steps

    caps = [default_max_steps(n) for n in (4, 6, 9, 12, 16)]
    assert caps[:3] == [DEFAULT_MAX_STEPS] * 3
    assert caps == sorted(caps, reverse=True) and caps[4] >= 100_000
    # A step on 16×16 looks at about three times the cells of a 9×9 step.
    assert caps[4] * 256 <= DEFAULT_MAX_STEPS * 81


def test_a_16x16_trace_stops_at_its_own_default_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudokit.watch import registry

    seen: list[int | None] = []
    real = registry.run

    def spy(grid: sudokit.Grid, name: str, **kw: object) -> registry.Summary:
        seen.append(kw.get("max_steps"))  # type: ignore[arg-type]
        return real(grid, name, max_steps=10)

    monkeypatch.setattr("sudokit.cli.watch.run", spy)
    code, _, _ = invoke(str(big_puzzle()), "-a", "naive", "--json")
    assert code == 0 and seen == [registry.default_max_steps(16)]
    code, _, _ = invoke(FAMOUS, "-a", "naive", "--summary")
    assert code == 0 and seen[-1] == registry.DEFAULT_MAX_STEPS


def test_progress_on_a_terminal_goes_to_stderr_only(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import sudokit.cli.watch as cli_watch

    reports: list[tuple[str, int, int | None]] = []
    real = cli_watch._terminal_progress

    @contextlib.contextmanager
    def spying() -> Iterator[Callable[[str, int, int | None], None] | None]:
        with real() as report:
            assert report is not None  # a terminal: a live display

            def both(what: str, done: int, total: int | None) -> None:
                reports.append((what, done, total))
                report(what, done, total)

            yield both

    monkeypatch.setattr(cli_watch, "stderr_is_terminal", lambda: True)
    monkeypatch.setattr(cli_watch, "_terminal_progress", spying)
    code, out, _ = invoke(FAMOUS, "-a", "naive", "--json", "--max-steps", "70000")
    assert code == 0 and json.loads(out)["steps"] == 70_000  # stdout: the JSON alone
    assert ("naive steps", 65_536, 70_000) in reports
    if importlib.util.find_spec("PIL") is not None:
        reports.clear()
        gif = tmp_path / "a.gif"
        code, _, err = invoke(EASY, "-a", "mrv", "--gif", str(gif), "--max-frames", "3")
        assert code == 0 and f"wrote {gif}" in err
        assert [r for r in reports if r[0] == "frames"][-1] == ("frames", 2, 2)
