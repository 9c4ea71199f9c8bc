"""The core commands of the ``sudokit`` command line: solve, count, validate, show, generate.

Most tests run the click group in-process with :class:`click.testing.CliRunner`; a few
start ``python -m sudokit`` to see what only a real process shows (terminals, pipes).
"""

from __future__ import annotations

import json
import math
import os
import queue
import select
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import sudokit
from sudokit.cli import main

# --- puzzles (made with sudokit.generate, then edited by hand) ------------------------------

#: A 9×9 puzzle with exactly one solution, and that solution.
UNIQUE = ".3...1.....8..7..91..94....9.3....8..2.6.3.9..6....3.7....25..32..8..9.....7...2."
SOLUTION = "639251748458367219172948536913574682527683194864192357791425863245836971386719425"
#: UNIQUE with its r5c2 clue (a 2) taken away: 263 solutions.
SEVERAL = ".3...1.....8..7..91..94....9.3....8....6.3.9..6....3.7....25..32..8..9.....7...2."
SEVERAL_COUNT = 263
#: UNIQUE with a 4 written in r1c1, where its solution has a 6: no duplicate, no solution.
NONE = "43...1.....8..7..91..94....9.3....8..2.6.3.9..6....3.7....25..32..8..9.....7...2."
#: Malformed versions of UNIQUE.
BAD_SYMBOL = "x" + UNIQUE[1:]
BAD_SYMBOL_MESSAGE = "row 1, column 1: 'x' is not a digit (1-9, or . or 0 for empty)"
SHORT = UNIQUE[1:]
SHORT_MESSAGE = (
    "80 cells: a puzzle has 16 (4×4), 36 (6×6), 81 (9×9), 144 (12×12) or 256 (16×16) cells; "
    "1 too few for 9×9"
)
DUPLICATE = "3" + UNIQUE[1:]
DUPLICATE_MESSAGE = "duplicate 3 in row 1 (r1c1, r1c2)"

#: One puzzle of every size (4, 6, 12 and 16 from sudokit.generate with small seeds).
PUZZLES_BY_SIZE = {
    4: "...2...42...3...",
    6: "13..2.6....5..4......1..4....1.6..32",
    9: UNIQUE,
    12: (
        "A..4..23.7..31..9....4.2.89.C..4....B..8.4...C.A6A......9..4......B.8.6..2.7.6......"
        "4..B......268.5...9.7..1....1..5.6A.1.C....2..35..3.67..2..8"
    ),
    16: (
        "3...1...B5....9....E.B....1.......56....A4.3C1.G9..BC.8A2F.7...48..1.E.G.D..B.F.2B9"
        "...6F.3.EGD..GF..4..3.8.A.....E.......9.F.5....E.6.3.......7.....F.7.5..G..8A..A8E."
        "G.31...FCD.7.3..C.D.F.6..17...D.51E6.CF..21.4CG.A2....57.......C....G.8....A....FB."
        "..5...9"
    ),
}

SOLVE_KEYS = ["puzzle", "solution", "status", "unique", "error", "line"]
COUNT_KEYS = ["puzzle", "count", "limit", "error", "line"]
VALIDATE_KEYS = ["puzzle", "status", "error", "line"]
GENERATE_KEYS = ["puzzle", "seed", "size", "symmetry", "difficulty", "require", "clues"]

BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
SYMBOLS = "123456789ABCDEFG"


def is_solution_of(puzzle: str, solution: str) -> bool:
    """An independent check: ``solution`` is a complete, valid grid keeping every given."""
    n = math.isqrt(len(puzzle))
    if len(solution) != n * n:
        return False
    if any(p not in ".0" and p != s for p, s in zip(puzzle, solution, strict=True)):
        return False
    br, bc = BOXES[n]
    rows = [solution[r * n : r * n + n] for r in range(n)]
    cols = ["".join(row[c] for row in rows) for c in range(n)]
    boxes = [
        "".join(rows[r][c] for r in range(r0, r0 + br) for c in range(c0, c0 + bc))
        for r0 in range(0, n, br)
        for c0 in range(0, n, bc)
    ]
    return all(set(unit) == set(SYMBOLS[:n]) for unit in rows + cols + boxes)


def run(args: Sequence[str], input: str | bytes | None = None, **kwargs: Any) -> Result:
    return CliRunner().invoke(main, list(args), input=input, **kwargs)


def lines(result: Result) -> list[str]:
    return result.stdout.splitlines()


def records(result: Result) -> list[dict[str, object]]:
    return [json.loads(line) for line in lines(result)]


def write(path: Path, *rows: str) -> str:
    path.write_text("".join(row + "\n" for row in rows), encoding="utf-8")
    return str(path)


def subprocess_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TTY_", "FORCE_", "NO_COL"))}
    env.update(extra)
    return env


# --- help ----------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["solve", "count", "validate", "show", "generate"])
def test_every_command_has_help_with_examples(command: str) -> None:
    result = run([command, "--help"])
    assert result.exit_code == 0
    assert "Usage:" in result.stdout
    assert "Examples:" in result.stdout
    assert f"sudokit {command}" in result.stdout


def test_group_help_lists_the_commands() -> None:
    result = run(["--help"])
    assert result.exit_code == 0
    for command in ["solve", "count", "validate", "show", "generate"]:
        assert command in result.stdout


def test_python_dash_m_sudokit_shows_help() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "sudokit", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env=subprocess_env(),
    )
    assert proc.returncode == 0
    assert proc.stdout.startswith("Usage: sudokit")
    assert "solve" in proc.stdout and "generate" in proc.stdout


def test_commands_that_need_no_progress_bar_do_not_import_rich() -> None:
    code = (
        "import sys\n"
        "from sudokit.cli import main\n"
        "try:\n"
        f"    main(['solve', {UNIQUE!r}])\n"
        "except SystemExit as exit:\n"
        "    assert exit.code == 0, exit.code\n"
        "assert 'rich' not in sys.modules, 'rich was imported'\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == SOLUTION


# --- solve PUZZLE --------------------------------------------------------------------------


def test_solve_prints_the_solution_as_one_line() -> None:
    result = run(["solve", UNIQUE])
    assert result.exit_code == 0
    assert result.stdout == SOLUTION + "\n"
    assert result.stderr == ""


@pytest.mark.parametrize("size", sorted(PUZZLES_BY_SIZE))
def test_solve_takes_every_size(size: int) -> None:
    puzzle = PUZZLES_BY_SIZE[size]
    result = run(["solve", puzzle])
    assert result.exit_code == 0, result.stderr
    (solution,) = lines(result)
    assert is_solution_of(puzzle, solution)


def test_solve_takes_zeros_for_empty_cells() -> None:
    result = run(["solve", UNIQUE.replace(".", "0")])
    assert result.exit_code == 0
    assert result.stdout == SOLUTION + "\n"


def test_solve_takes_a_picture_as_one_argument() -> None:
    picture = run(["show", UNIQUE]).stdout
    assert "\n" in picture.strip()
    result = run(["solve", picture])
    assert result.exit_code == 0
    assert result.stdout == SOLUTION + "\n"


def test_solve_takes_a_hand_drawn_picture() -> None:
    picture = "\n".join(UNIQUE[r * 9 : r * 9 + 9] for r in range(9))
    result = run(["solve", picture])
    assert result.exit_code == 0
    assert result.stdout == SOLUTION + "\n"


def test_solve_notes_on_stderr_when_there_are_several_solutions() -> None:
    result = run(["solve", SEVERAL])
    assert result.exit_code == 0
    (solution,) = lines(result)
    assert is_solution_of(SEVERAL, solution)
    assert result.stderr == "note: this puzzle has more than one solution; showing one\n"


def test_solve_says_no_solution_with_exit_status_1() -> None:
    result = run(["solve", NONE])
    assert result.exit_code == 1
    assert result.stdout == "no solution\n"


@pytest.mark.parametrize(
    ("puzzle", "message"),
    [
        (BAD_SYMBOL, BAD_SYMBOL_MESSAGE),
        (SHORT, SHORT_MESSAGE),
        (DUPLICATE, DUPLICATE_MESSAGE),
        ("", "empty puzzle: no cells found"),
    ],
)
def test_solve_rejects_a_malformed_puzzle_with_exit_status_2(puzzle: str, message: str) -> None:
    result = run(["solve", puzzle])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines()[0] == f"error: {message}"
    assert "Traceback" not in result.output


def test_a_malformed_argument_is_pointed_at() -> None:
    result = run(["solve", DUPLICATE])
    assert result.stderr.splitlines()[1:] == [f"  {DUPLICATE}", "  ^^"]
    result = run(["solve", UNIQUE[:40] + "?" + UNIQUE[41:]])
    assert result.stderr.splitlines()[1:] == [
        f"  {UNIQUE[:40]}?{UNIQUE[41:]}",
        "  " + " " * 40 + "^",
    ]


def test_a_file_name_given_as_puzzle_gets_a_hint(tmp_path: Path) -> None:
    path = write(tmp_path / "puzzles.txt", UNIQUE)
    result = run(["solve", path])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    assert f"use -f {path}" in result.stderr


def test_a_dash_given_as_puzzle_gets_a_hint() -> None:
    result = run(["solve", "-"], input=UNIQUE + "\n")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    assert "use -f -" in result.stderr


def test_solve_pretty_prints_a_picture_of_the_solution() -> None:
    result = run(["solve", "--pretty", UNIQUE])
    assert result.exit_code == 0
    assert len(lines(result)) > 9
    assert str(sudokit.parse(result.stdout)) == SOLUTION


def test_solve_json_for_one_puzzle() -> None:
    (record,) = records(run(["solve", "--json", UNIQUE]))
    assert list(record) == SOLVE_KEYS
    assert record == {
        "puzzle": UNIQUE,
        "solution": SOLUTION,
        "status": "solved",
        "unique": True,
        "error": None,
        "line": None,
    }
    result = run(["solve", "--json", NONE])
    assert result.exit_code == 1
    assert records(result)[0]["status"] == "no solution"
    result = run(["solve", "--json", DUPLICATE])
    assert result.exit_code == 2
    (record,) = records(result)
    assert record["status"] == "error"
    assert record["error"] == DUPLICATE_MESSAGE
    assert record["solution"] is None


def test_solve_needs_a_puzzle_or_a_file_not_both(tmp_path: Path) -> None:
    path = write(tmp_path / "p.txt", UNIQUE)
    both = run(["solve", UNIQUE, "-f", path])
    assert both.exit_code == 2
    assert "Usage:" in both.stderr
    neither = run(["solve"])
    assert neither.exit_code == 2
    assert "Usage:" in neither.stderr


def test_solve_rejects_json_with_pretty() -> None:
    result = run(["solve", "--json", "--pretty", UNIQUE])
    assert result.exit_code == 2
    assert result.stdout == ""


def test_solve_reports_a_missing_file(tmp_path: Path) -> None:
    result = run(["solve", "-f", str(tmp_path / "missing.txt")])
    assert result.exit_code == 2
    assert "missing.txt" in result.stderr


def test_library_value_errors_become_error_messages() -> None:
    result = run(["solve", UNIQUE], env={"SUDOKIT_BACKEND": "no-such-backend"})
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    assert "SUDOKIT_BACKEND" in result.stderr
    assert "Traceback" not in result.output


# --- solve -f FILE -------------------------------------------------------------------------


def test_solve_file_answers_every_puzzle_in_input_order(tmp_path: Path) -> None:
    path = write(tmp_path / "p.txt", UNIQUE, PUZZLES_BY_SIZE[4], UNIQUE, PUZZLES_BY_SIZE[6])
    result = run(["solve", "-f", path])
    assert result.exit_code == 0
    out = lines(result)
    assert out[0] == out[2] == SOLUTION
    assert is_solution_of(PUZZLES_BY_SIZE[4], out[1])
    assert is_solution_of(PUZZLES_BY_SIZE[6], out[3])
    assert len(out) == 4
    assert result.stderr == ""


def test_solve_file_with_a_puzzle_without_solution_exits_1(tmp_path: Path) -> None:
    path = write(tmp_path / "p.txt", NONE, UNIQUE)
    result = run(["solve", "-f", path])
    assert result.exit_code == 1
    assert lines(result) == ["no solution", SOLUTION]


def test_solve_file_of_mixed_records_solves_the_good_ones(tmp_path: Path) -> None:
    path = write(
        tmp_path / "mixed.txt",
        "# puzzles for the test",  # line 1
        UNIQUE,  # line 2
        BAD_SYMBOL,  # line 3
        "",  # line 4
        NONE,  # line 5
        DUPLICATE,  # line 6
        SHORT,  # line 7
        SEVERAL,  # line 8
    )
    result = run(["solve", "-f", path])
    assert result.exit_code == 2  # malformed wins over no solution
    out = lines(result)
    assert out[:6] == [
        SOLUTION,
        f"error: line 3: {BAD_SYMBOL_MESSAGE}",
        "no solution",
        f"error: line 6: {DUPLICATE_MESSAGE}",
        f"error: line 7: {SHORT_MESSAGE}",
        out[5],
    ]
    assert is_solution_of(SEVERAL, out[5])
    assert len(out) == 6


def test_solve_file_skips_comments_and_extra_fields(tmp_path: Path) -> None:
    path = write(
        tmp_path / "p.csv",
        "# id,puzzle,rating",
        "",
        f"7,{UNIQUE},3.5",
        f"   {PUZZLES_BY_SIZE[4]}   # a 4x4",
    )
    result = run(["solve", "-f", path])
    assert result.exit_code == 0
    out = lines(result)
    assert out[0] == SOLUTION
    assert is_solution_of(PUZZLES_BY_SIZE[4], out[1])
    assert len(out) == 2


def test_solve_reads_stdin() -> None:
    result = run(["solve", "-f", "-"], input=f"{UNIQUE}\n{NONE}\n{BAD_SYMBOL}\n")
    assert result.exit_code == 2
    assert lines(result) == [SOLUTION, "no solution", f"error: line 3: {BAD_SYMBOL_MESSAGE}"]


def test_solve_reads_stdin_without_a_final_newline_and_with_crlf() -> None:
    result = run(["solve", "-f", "-"], input=f"{UNIQUE}\r\n{UNIQUE}")
    assert result.exit_code == 0
    assert lines(result) == [SOLUTION, SOLUTION]


def test_solve_file_survives_a_byte_order_mark_and_bad_bytes(tmp_path: Path) -> None:
    path = tmp_path / "odd.txt"
    path.write_bytes(b"\xef\xbb\xbf" + UNIQUE.encode() + b"\n\xff\xfe garbage\n" + UNIQUE.encode())
    result = run(["solve", "-f", str(path)])
    assert result.exit_code == 2
    out = lines(result)
    assert out[0] == out[2] == SOLUTION
    assert out[1].startswith("error: line 2: ")


def test_solve_file_json_lines(tmp_path: Path) -> None:
    path = write(tmp_path / "p.txt", UNIQUE, "", NONE, BAD_SYMBOL)
    result = run(["solve", "-f", path, "--json"])
    assert result.exit_code == 2
    got = records(result)
    assert all(list(r) == SOLVE_KEYS for r in got)
    solved = {"solution": SOLUTION, "status": "solved", "unique": True}
    unsolved = {"solution": None, "status": "no solution", "unique": None}
    assert got == [
        {"puzzle": UNIQUE, **solved, "error": None, "line": 1},
        {"puzzle": NONE, **unsolved, "error": None, "line": 3},
        {
            "puzzle": BAD_SYMBOL,
            "solution": None,
            "status": "error",
            "unique": None,
            "error": f"line 4: {BAD_SYMBOL_MESSAGE}",
            "line": 4,
        },
    ]


def test_solve_file_pretty_separates_pictures_with_blank_lines(tmp_path: Path) -> None:
    path = write(tmp_path / "p.txt", UNIQUE, NONE, PUZZLES_BY_SIZE[4])
    result = run(["solve", "-f", path, "--pretty"])
    assert result.exit_code == 1
    blocks = result.stdout.rstrip("\n").split("\n\n")
    assert len(blocks) == 3
    assert str(sudokit.parse(blocks[0])) == SOLUTION
    assert blocks[1] == "no solution"
    assert is_solution_of(PUZZLES_BY_SIZE[4], str(sudokit.parse(blocks[2])))


def test_solve_file_of_pictures(tmp_path: Path) -> None:
    pictures = [run(["show", p]).stdout for p in (UNIQUE, PUZZLES_BY_SIZE[16])]
    path = tmp_path / "pictures.txt"
    path.write_text("\n".join(pictures), encoding="utf-8")
    result = run(["solve", "-f", str(path)])
    assert result.exit_code == 0
    out = lines(result)
    assert out[0] == SOLUTION
    assert is_solution_of(PUZZLES_BY_SIZE[16], out[1])
    assert len(out) == 2


def test_solve_large_piped_file_prints_nothing_extra(tmp_path: Path) -> None:
    path = tmp_path / "large.txt"
    padding = "# " + "x" * 998 + "\n"
    path.write_text(padding * 300 + UNIQUE + "\n", encoding="utf-8")
    assert path.stat().st_size > 256 * 1024
    result = run(["solve", "-f", str(path)])
    assert result.exit_code == 0
    assert result.stdout == SOLUTION + "\n"
    assert result.stderr == ""


# --- processes: terminals, pipes, streaming ---------------------------------------------------

needs_posix = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")


def run_with_terminal_stderr(args: list[str], stdout: Path) -> tuple[int, bytes]:
    """Run ``python -m sudokit ARGS`` with stderr on a pseudo-terminal; stdout to a file."""
    import pty

    master, slave = pty.openpty()
    env = subprocess_env(TERM="xterm", COLUMNS="100")
    with stdout.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "sudokit", *args],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=slave,
            env=env,
        )
    os.close(slave)
    seen = b""
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 60)
            if not ready:
                break
            try:
                data = os.read(master, 65536)
            except OSError:  # the child closed its end
                break
            if not data:
                break
            seen += data
    finally:
        os.close(master)
    return proc.wait(timeout=60), seen


@needs_posix
def test_solve_shows_progress_for_a_large_file_when_stderr_is_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "large.txt"
    padding = "# " + "x" * 998 + "\n"
    path.write_text(padding * 300 + UNIQUE + "\n" + NONE + "\n", encoding="utf-8")
    out = tmp_path / "out.txt"
    status, terminal = run_with_terminal_stderr(["solve", "-f", str(path)], out)
    assert status == 1
    assert out.read_text().splitlines() == [SOLUTION, "no solution"]
    assert b"solving" in terminal
    assert b"%" in terminal


@needs_posix
def test_solve_shows_no_progress_for_a_small_file(tmp_path: Path) -> None:
    path = write(tmp_path / "small.txt", UNIQUE)
    out = tmp_path / "out.txt"
    status, terminal = run_with_terminal_stderr(["solve", "-f", path], out)
    assert status == 0
    assert out.read_text() == SOLUTION + "\n"
    assert terminal == b""


@needs_posix
@pytest.mark.parametrize(("count", "bar"), [(2, True), (1, False)])
def test_generate_shows_progress_from_two_puzzles_on(tmp_path: Path, count: int, bar: bool) -> None:
    out = tmp_path / "out.txt"
    args = ["generate", "-n", str(count), "--size", "4", "--seed", "1"]
    status, terminal = run_with_terminal_stderr(args, out)
    assert status == 0
    assert len(out.read_text().splitlines()) == count
    assert (b"generating" in terminal) is bar


def test_generate_shows_no_progress_when_stderr_is_no_terminal() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "sudokit", "generate", "-n", "60", "--size", "4", "--seed", "1"],
        capture_output=True,
        env=subprocess_env(TERM="xterm"),
        timeout=120,
    )
    assert proc.returncode == 0
    assert len(proc.stdout.splitlines()) == 60
    assert proc.stderr == b""


def test_solve_streams_answers_as_puzzles_arrive() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudokit", "solve", "-f", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=subprocess_env(),
    )
    assert proc.stdin is not None and proc.stdout is not None
    answers: queue.Queue[str] = queue.Queue()

    def read_answers() -> None:
        for line in proc.stdout or []:
            answers.put(line)

    reader = threading.Thread(target=read_answers)
    reader.start()
    try:
        for puzzle, expected in [(UNIQUE, SOLUTION), (NONE, "no solution")]:
            proc.stdin.write(puzzle + "\n")
            proc.stdin.flush()
            # The answer comes while stdin is still open: nothing waits for the end.
            assert answers.get(timeout=60) == expected + "\n"
    finally:
        proc.stdin.close()
        status = proc.wait(timeout=60)
        reader.join(timeout=60)
    assert status == 1


def test_solve_stops_quietly_when_the_reader_goes_away(tmp_path: Path) -> None:
    path = write(tmp_path / "many.txt", *[UNIQUE] * 5000)
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudokit", "solve", "-f", path],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=subprocess_env(),
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().decode().strip() == SOLUTION
    proc.stdout.close()
    errors = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in errors


# --- count ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("puzzle", "args", "expected"),
    [
        (UNIQUE, [], "1"),
        (NONE, [], "0"),
        (SEVERAL, [], "2"),
        (SEVERAL, ["--limit", "5"], "5"),
        (SEVERAL, ["--limit", "1000"], str(SEVERAL_COUNT)),
        (SEVERAL, ["--limit", "1"], "1"),
    ],
)
def test_count_prints_solutions_up_to_the_limit(
    puzzle: str, args: list[str], expected: str
) -> None:
    result = run(["count", puzzle, *args])
    assert result.exit_code == 0
    assert result.stdout == expected + "\n"


@pytest.mark.parametrize("limit", ["0", "-3", "many"])
def test_count_rejects_a_limit_below_1(limit: str) -> None:
    result = run(["count", UNIQUE, "--limit", limit])
    assert result.exit_code == 2
    assert "Usage:" in result.stderr


def test_count_rejects_a_malformed_puzzle() -> None:
    result = run(["count", DUPLICATE])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines()[0] == f"error: {DUPLICATE_MESSAGE}"


def test_count_file(tmp_path: Path) -> None:
    path = write(tmp_path / "p.txt", UNIQUE, SEVERAL, NONE)
    result = run(["count", "-f", path, "--limit", "3"])
    assert result.exit_code == 0  # no solution is an answer here, not a failure
    assert lines(result) == ["1", "3", "0"]


def test_count_file_with_malformed_records(tmp_path: Path) -> None:
    path = write(tmp_path / "p.txt", SHORT, UNIQUE, "", BAD_SYMBOL, SEVERAL)
    result = run(["count", "-f", path])
    assert result.exit_code == 2
    assert lines(result) == [
        f"error: line 1: {SHORT_MESSAGE}",
        "1",
        f"error: line 4: {BAD_SYMBOL_MESSAGE}",
        "2",
    ]


def test_count_json(tmp_path: Path) -> None:
    (record,) = records(run(["count", "--json", SEVERAL, "--limit", "10"]))
    assert list(record) == COUNT_KEYS
    assert record == {"puzzle": SEVERAL, "count": 10, "limit": 10, "error": None, "line": None}
    path = write(tmp_path / "p.txt", UNIQUE, DUPLICATE)
    result = run(["count", "-f", path, "--json"])
    assert result.exit_code == 2
    got = records(result)
    assert all(list(r) == COUNT_KEYS for r in got)
    assert got == [
        {"puzzle": UNIQUE, "count": 1, "limit": 2, "error": None, "line": 1},
        {
            "puzzle": DUPLICATE,
            "count": None,
            "limit": 2,
            "error": f"line 2: {DUPLICATE_MESSAGE}",
            "line": 2,
        },
    ]


def test_count_reads_stdin() -> None:
    result = run(["count", "-f", "-", "--limit", "1000"], input=SEVERAL + "\n")
    assert result.exit_code == 0
    assert result.stdout == f"{SEVERAL_COUNT}\n"


# --- validate ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("puzzle", "verdict", "status"),
    [
        (UNIQUE, "valid: exactly one solution", 0),
        (NONE, "invalid: no solution", 1),
        (SEVERAL, "invalid: several solutions", 1),
    ],
)
def test_validate_says_how_many_solutions(puzzle: str, verdict: str, status: int) -> None:
    result = run(["validate", puzzle])
    assert result.exit_code == status
    assert result.stdout == verdict + "\n"


@pytest.mark.parametrize(
    ("puzzle", "message", "place"),
    [
        (BAD_SYMBOL, BAD_SYMBOL_MESSAGE, "row 1, column 1"),
        (DUPLICATE, DUPLICATE_MESSAGE, "r1c1, r1c2"),
        (SHORT, SHORT_MESSAGE, "1 too few for 9×9"),
    ],
)
def test_validate_names_the_place_of_a_malformed_puzzle(
    puzzle: str, message: str, place: str
) -> None:
    result = run(["validate", puzzle])
    assert result.exit_code == 2
    assert result.stdout == ""
    first = result.stderr.splitlines()[0]
    assert first == f"error: {message}"
    assert place in first


def test_validate_file(tmp_path: Path) -> None:
    assert run(["validate", "-f", write(tmp_path / "a.txt", UNIQUE, UNIQUE)]).exit_code == 0
    result = run(["validate", "-f", write(tmp_path / "b.txt", UNIQUE, SEVERAL, NONE)])
    assert result.exit_code == 1
    assert lines(result) == [
        "valid: exactly one solution",
        "invalid: several solutions",
        "invalid: no solution",
    ]
    result = run(["validate", "-f", write(tmp_path / "c.txt", NONE, "#", DUPLICATE, UNIQUE)])
    assert result.exit_code == 2
    assert lines(result) == [
        "invalid: no solution",
        f"error: line 3: {DUPLICATE_MESSAGE}",
        "valid: exactly one solution",
    ]


def test_validate_json(tmp_path: Path) -> None:
    (record,) = records(run(["validate", "--json", UNIQUE]))
    assert record == {"puzzle": UNIQUE, "status": "unique", "error": None, "line": None}
    path = write(tmp_path / "p.txt", UNIQUE, NONE, SEVERAL, BAD_SYMBOL)
    result = run(["validate", "-f", path, "--json"])
    assert result.exit_code == 2
    got = records(result)
    assert all(list(r) == VALIDATE_KEYS for r in got)
    assert [r["status"] for r in got] == ["unique", "none", "several", "error"]
    assert [r["line"] for r in got] == [1, 2, 3, 4]
    assert got[3]["error"] == f"line 4: {BAD_SYMBOL_MESSAGE}"
    assert got[3]["puzzle"] == BAD_SYMBOL
    assert [r["error"] for r in got[:3]] == [None, None, None]


def test_validate_reads_stdin() -> None:
    result = run(["validate", "-f", "-"], input=f"{UNIQUE}\n{UNIQUE}\n")
    assert result.exit_code == 0
    assert lines(result) == ["valid: exactly one solution"] * 2


# --- show ----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", sorted(PUZZLES_BY_SIZE))
def test_show_prints_a_picture_that_solve_reads_back(size: int) -> None:
    puzzle = PUZZLES_BY_SIZE[size]
    shown = run(["show", puzzle])
    assert shown.exit_code == 0
    picture = shown.stdout
    assert len(picture.splitlines()) > size  # one text line per row, and box lines
    direct = run(["solve", puzzle]).stdout
    assert run(["solve", picture]).stdout == direct
    assert run(["solve", "-f", "-"], input=picture).stdout == direct
    assert run(["show", "--line", picture]).stdout == puzzle + "\n"


def test_show_line_normalizes_empty_cells() -> None:
    result = run(["show", "--line", UNIQUE.replace(".", "0")])
    assert result.exit_code == 0
    assert result.stdout == UNIQUE + "\n"


def test_show_rejects_a_malformed_puzzle() -> None:
    result = run(["show", BAD_SYMBOL])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines()[0] == f"error: {BAD_SYMBOL_MESSAGE}"


# --- generate ------------------------------------------------------------------------------


def test_generate_prints_one_puzzle_with_one_solution() -> None:
    result = run(["generate"])
    assert result.exit_code == 0
    (puzzle,) = lines(result)
    assert len(puzzle) == 81
    assert run(["validate", puzzle]).exit_code == 0


def test_generate_is_reproducible_with_a_seed() -> None:
    first = run(["generate", "--seed", "5", "-n", "3"])
    assert first.exit_code == 0
    assert len(lines(first)) == 3
    assert run(["generate", "--seed", "5", "-n", "3"]).stdout == first.stdout
    # puzzle i of a run uses seed S+i
    assert lines(run(["generate", "--seed", "6", "-n", "2"])) == lines(first)[1:]
    assert lines(run(["generate", "--seed", "7"])) == lines(first)[2:]
    # and it is the puzzle the library makes from that seed
    assert lines(first)[0] == str(sudokit.generate(9, seed=5))


def test_generate_json_reports_every_seed() -> None:
    result = run(["generate", "--seed", "10", "-n", "2", "--json"])
    assert result.exit_code == 0
    got = records(result)
    assert all(list(r) == GENERATE_KEYS for r in got)
    assert [r["seed"] for r in got] == [10, 11]
    for r in got:
        assert r["size"] == 9
        assert r["symmetry"] == "rot180"
        assert r["difficulty"] is None
        assert isinstance(r["puzzle"], str)
        assert r["clues"] == sum(ch != "." for ch in r["puzzle"])
        assert lines(run(["generate", "--seed", str(r["seed"])])) == [r["puzzle"]]


def test_generate_without_seed_reports_the_random_seed_it_used() -> None:
    got = records(run(["generate", "-n", "2", "--json", "--size", "4"]))
    seeds = [r["seed"] for r in got]
    assert all(isinstance(s, int) and 0 <= s < 2**63 for s in seeds)
    assert seeds[0] != seeds[1]
    for r in got:
        again = run(["generate", "--size", "4", "--seed", str(r["seed"])])
        assert lines(again) == [r["puzzle"]]


def test_generate_options_are_kept() -> None:
    args = ["generate", "--seed", "3", "--size", "6", "--symmetry", "none"]
    (record,) = records(run([*args, "--difficulty", "easy", "--json"]))
    assert record["size"] == 6
    assert record["symmetry"] == "none"
    assert record["difficulty"] == "easy"
    puzzle = record["puzzle"]
    assert isinstance(puzzle, str) and len(puzzle) == 36
    assert run(["validate", puzzle]).exit_code == 0


@pytest.mark.parametrize("size", [4, 6, 9, 12])
def test_generate_every_size(size: int) -> None:
    result = run(["generate", "--size", str(size), "--seed", "1"])
    assert result.exit_code == 0
    (puzzle,) = lines(result)
    assert len(puzzle) == size * size
    assert run(["validate", puzzle]).stdout == "valid: exactly one solution\n"


def test_generate_keeps_the_symmetry_of_the_clues() -> None:
    (puzzle,) = lines(run(["generate", "--seed", "2", "--symmetry", "rot180"]))
    assert all((puzzle[i] == ".") == (puzzle[80 - i] == ".") for i in range(81))
    (puzzle,) = lines(run(["generate", "--seed", "2", "--symmetry", "mirror"]))
    rows = [puzzle[r * 9 : r * 9 + 9] for r in range(9)]
    assert all((row[c] == ".") == (row[8 - c] == ".") for row in rows for c in range(9))


def test_generate_easy_leaves_more_clues_than_hard() -> None:
    easy = records(run(["generate", "--seed", "4", "--difficulty", "easy", "--json"]))[0]
    hard = records(run(["generate", "--seed", "4", "--difficulty", "hard", "--json"]))[0]
    assert isinstance(easy["clues"], int) and isinstance(hard["clues"], int)
    assert easy["clues"] > hard["clues"]


def test_generate_pretty_prints_pictures_separated_by_blank_lines() -> None:
    plain = lines(run(["generate", "--seed", "8", "-n", "2", "--size", "4"]))
    result = run(["generate", "--seed", "8", "-n", "2", "--size", "4", "--pretty"])
    assert result.exit_code == 0
    blocks = result.stdout.rstrip("\n").split("\n\n")
    assert [str(sudokit.parse(b)) for b in blocks] == plain


@pytest.mark.parametrize(
    "args",
    [
        ["--size", "7"],
        ["--symmetry", "spiral"],
        ["--difficulty", "fiendish"],
        ["-n", "0"],
        ["--seed", "abc"],
        ["--json", "--pretty"],
    ],
)
def test_generate_rejects_bad_options_with_usage_errors(args: list[str]) -> None:
    result = run(["generate", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "Traceback" not in result.output


# --- show: pictures ------------------------------------------------------------------------


def test_show_draws_png_and_svg_of_the_puzzle_and_its_solution(tmp_path: Path) -> None:
    from PIL import Image

    puzzle = str(sudokit.generate(seed=11))
    png, svg = tmp_path / "board.png", tmp_path / "board.svg"
    result = run(["show", puzzle, "--png", str(png), "--svg", str(svg), "--solution"])
    assert result.exit_code == 0, result.output
    assert sudokit.parse(result.stdout) == sudokit.parse(puzzle)  # the text picture still prints
    with Image.open(png) as image:
        assert image.format == "PNG" and min(image.size) >= 200
    text = svg.read_text()
    assert text.startswith("<svg") or text.startswith("<?xml")
    # With the solution, every cell holds a digit: one text element per cell at least.
    assert text.count("<text") >= 81


def test_show_reports_a_picture_of_an_unsolvable_puzzle_with_solution(tmp_path: Path) -> None:
    # 4×4 without duplicates where r1c3 can take no digit: 1, 2 in its row; 3, 4 in its column.
    grid = sudokit.parse("12.." + "..3." + "..4." + "....")
    assert sudokit.solve(grid) is None
    result = run(["show", str(grid), "--png", str(tmp_path / "x.png"), "--solution"])
    assert result.exit_code == 1
    assert "no solution" in result.stderr


# --- batches and --jobs ----------------------------------------------------------------------


def _mixed_file(tmp_path: Path, copies: int) -> str:
    """A file bigger than one chunk: unique, unsolvable, malformed and other-size records."""
    unique = [str(sudokit.generate(seed=s)) for s in range(6)]
    dead9 = "12" + "." * 7 + "..3" + "." * 6 + "..4" + "." * 6 + "." * 54  # r1c3: no digit
    rows = []
    for i in range(copies):
        rows += [unique[i % 6], dead9, "not a puzzle", str(sudokit.generate(4, seed=i))]
    return write(tmp_path / "mixed.txt", *rows)


@pytest.mark.parametrize("backend", [None, "python"])
@pytest.mark.parametrize("command", ["solve", "count", "validate"])
def test_jobs_give_the_same_output_in_the_same_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str, backend: str | None
) -> None:
    if backend:
        monkeypatch.setenv("SUDOKIT_BACKEND", backend)
    path = _mixed_file(tmp_path, 300)  # 1200 records: several chunks
    one = run([command, "-f", path, "--json"])
    two = run([command, "-f", path, "--json", "--jobs", "2"])
    assert one.exit_code == two.exit_code == 2
    assert one.stdout == two.stdout
    got = records(two)
    assert [r["line"] for r in got] == list(range(1, 1201))
    statuses = {r.get("status") for r in got}
    assert "error" in statuses or command == "count"


def test_batched_file_answers_match_one_by_one(tmp_path: Path) -> None:
    path = _mixed_file(tmp_path, 200)
    result = run(["solve", "-f", path])
    answers = lines(result)
    for text, answer in zip(Path(path).read_text().splitlines(), answers, strict=True):
        if text == "not a puzzle":
            assert answer.startswith("error: line")
        elif sudokit.solve(text) is None:
            assert answer == "no solution"
        else:
            assert is_solution_of(text, answer)


def test_version_names_the_active_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    result = run(["--version"])
    assert result.exit_code == 0
    assert result.stdout.startswith(f"sudokit {sudokit.__version__} (9×9 backend: ")
    assert sudokit.backends()[0] in result.stdout
    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    assert "9×9 backend: python, pure Python" in run(["-V"]).stdout


def test_generate_require_gives_a_puzzle_whose_path_uses_the_technique() -> None:
    result = run(["generate", "--require", "x_wing", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    record = records(result)[0]
    assert record["require"] == ["x_wing"]
    steps = sudokit.explain(str(record["puzzle"])).steps
    assert "x_wing" in {step.technique for step in steps}


def test_generate_rejects_an_unknown_technique() -> None:
    result = run(["generate", "--require", "x_wing,no_such_thing"])
    assert result.exit_code == 2
    assert "unknown technique 'no_such_thing'" in result.stderr


def test_jobs_zero_means_one_worker_per_core(tmp_path: Path) -> None:
    path = _mixed_file(tmp_path, 150)
    assert run(["count", "-f", path, "-j", "0"]).stdout == run(["count", "-f", path]).stdout
    assert run(["count", "-f", path, "-j", "-1"]).exit_code == 2
