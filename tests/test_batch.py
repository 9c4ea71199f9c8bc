"""The batch engine, the bytes path of the command line, start-up weight and Ctrl-C."""

from __future__ import annotations

import importlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

import sudokit
from helpers import FAMOUS, FAMOUS_SOLUTION
from sudokit.cli import COMMANDS, SUMMARIES, _plain, main
from sudokit.solvers import batch, native

needs_core = pytest.mark.skipif(not native.active(), reason="the C core is not active")

EMPTY = "." * 81
DUPLICATE = "11" + FAMOUS[2:]
DEAD = "12345678." + "." * 8 + "9" + "." * 63  # r1c9 can hold nothing
SEVERAL = FAMOUS[:40] + "." * 41


def _run(*args: str, input: bytes | None = None) -> tuple[bytes, bytes, int]:
    result = CliRunner().invoke(main, list(args), input=input)
    return result.stdout_bytes, result.stderr_bytes, result.exit_code


# --- the bytes path gives what the precise path gives ------------------------------------

PICTURE = "\n".join(" ".join(FAMOUS[r * 9 : r * 9 + 9]) for r in range(9))
LINES = st.sampled_from(
    [
        FAMOUS,
        FAMOUS.replace(".", "0"),
        FAMOUS_SOLUTION,
        EMPTY,
        DUPLICATE,
        DEAD,
        SEVERAL,
        FAMOUS + " 4.5",
        "  " + FAMOUS,
        FAMOUS + "\r",
        "a\rb",
        "",
        "# a comment",
        "3...4......3...2",
        "x" * 81,
        FAMOUS[:80],
        "{not json",
        PICTURE,
        PICTURE.split("\n")[0],
    ]
)


@needs_core
@settings(max_examples=40, deadline=None)
@given(
    lines=st.lists(LINES, max_size=30),
    command=st.sampled_from(
        [["count"], ["solve"], ["validate"], ["count", "--limit", "5"], ["solve", "-j", "2"]]
    ),
    newline=st.booleans(),
)
# An empty line then a short one: 82 bytes whose newlines fall where a record's would.
@example(lines=["", FAMOUS[:80]], command=["count"], newline=True)
def test_bytes_path_prints_what_the_precise_path_prints(
    tmp_path_factory: pytest.TempPathFactory, lines: list[str], command: list[str], newline: bool
) -> None:
    path = tmp_path_factory.mktemp("bytes") / "puzzles.txt"
    path.write_bytes(("\n".join(lines) + ("\n" if newline else "")).encode())
    fast = _run(*command, "-f", str(path))
    original = _plain.applies
    _plain.applies = lambda *a: False
    try:
        precise = _run(*command, "-f", str(path))
    finally:
        _plain.applies = original
    assert fast == precise


@needs_core
def test_bytes_path_answers_in_input_order_across_chunks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_plain, "CHUNK", 3)
    lines = [FAMOUS, DUPLICATE, SEVERAL, "# c", FAMOUS, DEAD, EMPTY, FAMOUS] * 3
    path = tmp_path / "p.txt"
    path.write_text("\n".join(lines) + "\n")
    out, _, code = _run("count", "-f", str(path))
    got = out.decode().splitlines()
    assert len(got) == 21
    assert got[0::7] == ["1"] * 3
    assert got[2::7] == ["2"] * 3  # several solutions
    assert got[4::7] == ["0"] * 3  # DEAD: no solution, not an error
    assert got[1].startswith("error: line 2: duplicate 1")
    assert got[8].startswith("error: line 10: duplicate 1")
    assert code == 2


@needs_core
def test_stdin_takes_the_bytes_path_too(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []
    original = _plain.answer

    def spy(*args: object, **kwargs: object) -> int:
        seen.append(True)
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(_plain, "answer", spy)
    out, _, code = _run("solve", "-f", "-", input=(FAMOUS + "\n" + DEAD + "\n").encode())
    assert out == (FAMOUS_SOLUTION + "\nno solution\n").encode()
    assert code == 1 and seen


# --- lines --------------------------------------------------------------------------------


def test_a_lone_carriage_return_is_no_line_break(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_bytes(f"{FAMOUS}\r{FAMOUS}\nbad\r\n{FAMOUS}\r\n".encode())
    out, _, code = _run("count", "-f", str(path))
    lines = out.decode().splitlines()
    # Line 1 holds a puzzle and, after white space, another field; "bad" is line 2.
    assert lines[::2] == ["1", "1"]
    assert lines[1].startswith("error: line 2: 3 cells: a puzzle has 16 (4×4), ")
    assert code == 2


@pytest.mark.parametrize("command", ["count", "solve", "rate"])
def test_an_endless_line_is_an_error_at_its_line(tmp_path: Path, command: str) -> None:
    path = tmp_path / "long.txt"
    path.write_bytes(f"{FAMOUS}\n".encode() + b"x" * (3 << 20))
    out, err, code = _run(command, "-f", str(path))
    assert b"error: line 2: longer than 1 MiB" in err
    assert code == 2
    assert out.splitlines()[0] != b""  # the puzzle before it was answered


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_dev_zero_is_refused_in_bounded_memory() -> None:
    script = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "from sudokit.cli import main\n"
        "main(['count', '-f', '/dev/zero'])\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, check=False)
    assert proc.returncode == 2
    assert b"error: line 1: longer than 1 MiB" in proc.stderr
    assert b"Traceback" not in proc.stderr


def test_a_limit_beyond_the_core_is_refused() -> None:
    _, err, code = _run("count", "--limit", str(2**64), EMPTY)
    assert code == 2 and b"--limit" in err


# --- the engine and its executors ------------------------------------------------------------


def square_all(chunk: list[int]) -> list[int]:
    return [x * x for x in chunk]


def _evens(chunk: list[int]) -> list[int]:
    return [x for x in chunk if x % 2 == 0]


@pytest.mark.parametrize(
    "make",
    [batch.Inline, lambda: batch.Threads(3), lambda: batch.Processes(2)],
    ids=["inline", "threads", "processes"],
)
def test_executors_answer_in_input_order(make: object) -> None:
    items = list(range(1000))
    with make() as runner:  # type: ignore[operator]
        pairs = list(batch.answer_chunks(batch.chunked(items, 7), _evens, square_all, runner))
    assert [x for chunk, _ in pairs for x in chunk] == items
    assert [y for _, res in pairs for y in res] == [x * x for x in items if x % 2 == 0]


def test_chunks_in_flight_stay_bounded() -> None:
    pulled = 0

    def chunks() -> object:
        nonlocal pulled
        for i in range(100):
            pulled += 1
            yield [i]

    with batch.Threads(2) as runner:
        results = runner.map(square_all, chunks())  # type: ignore[arg-type]
        assert next(results) == [0]
        assert pulled <= 2 * runner.width + 1


def test_search_many_is_one_api_for_every_size() -> None:
    puzzles: list[sudokit.Grid | str] = [FAMOUS, "3...4......3...2", sudokit.parse(FAMOUS)]
    puzzles += [DUPLICATE, EMPTY]
    outcomes = batch.search_many(puzzles, 2)
    assert [o.count for o in outcomes] == [sudokit.search(p).count for p in puzzles]
    assert outcomes[0].solution == [int(c) for c in FAMOUS_SOLUTION]


def test_dask_without_the_extra_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.import_module

    def fake(name: str, *args: object) -> object:
        if name == "distributed":
            raise ImportError(name)
        return real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib, "import_module", fake)
    _, err, code = _run("rate", "-f", "-", "--dask", "local", input=FAMOUS.encode())
    assert code == 2
    assert b"pip install 'sudokit[dask]'" in err


def _ratings_input() -> bytes:
    lines = [FAMOUS, "bad", "3...4......3...2", FAMOUS_SOLUTION[:-1] + "."] * 4
    return ("\n".join(lines) + "\n").encode()


def test_rate_on_a_local_dask_cluster_matches_one_process() -> None:
    pytest.importorskip("distributed")
    data = _ratings_input()
    alone = _run("rate", "-f", "-", "--json", input=data)
    spread = _run("rate", "-f", "-", "--json", "--dask", "local", "-j", "2", input=data)
    assert spread == alone
    assert alone[2] == 2


def test_rate_on_local_processes_matches_one_process() -> None:
    data = _ratings_input()
    assert _run("rate", "-f", "-", "-j", "2", input=data) == _run("rate", "-f", "-", input=data)


@pytest.mark.slow  # about ten seconds to start a scheduler and a worker
def test_rate_on_a_dask_scheduler_and_worker(tmp_path: Path) -> None:
    """A real scheduler and worker on 127.0.0.1 (ports of the system's choosing)."""
    pytest.importorskip("distributed")
    dask = shutil.which("dask", path=os.path.dirname(sys.executable)) or shutil.which("dask")
    if dask is None:
        pytest.skip("no dask command")
    info = tmp_path / "scheduler.json"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    common = ["--host", "127.0.0.1", "--no-dashboard", "--scheduler-file", str(info)]
    scheduler = subprocess.Popen([dask, "scheduler", "--port", "0", *common], **quiet)  # type: ignore[call-overload]
    worker = subprocess.Popen([dask, "worker", "--nthreads", "1", *common], **quiet)  # type: ignore[call-overload]
    try:
        distributed: Any = importlib.import_module("distributed")

        for _ in range(600):
            if info.exists() and info.stat().st_size:
                break
            time.sleep(0.1)
        with distributed.Client(scheduler_file=str(info), timeout="60s") as client:
            client.wait_for_workers(1, timeout=60)
            address = client.scheduler.address
        data = _ratings_input()
        assert _run("rate", "-f", "-", "--dask", address, input=data) == _run(
            "rate", "-f", "-", input=data
        )
    finally:
        worker.terminate()
        scheduler.terminate()
        worker.wait(30)
        scheduler.wait(30)


# --- start-up ---------------------------------------------------------------------------------

HEAVY = (
    "sudokit.logic",
    "sudokit.generator",
    "sudokit.game",
    "sudokit.watch",
    "sudokit.render",
    "sudokit.gui",
    "multiprocessing",
    "concurrent.futures.process",
    "pygame",
    "PIL",
    "reportlab",
)


def _modules_after(code: str) -> set[str]:
    script = f"import sys\n{code}\nprint(' '.join(sorted(sys.modules)))"
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env
    )
    return set(proc.stdout.split())


def _heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


#: Reading a plain line or a picture needs none of the exchange formats (nor json).
EXCHANGE = ("sudokit.formats.exchange", "sudokit.formats.marks", "sudokit.formats.sniffing", "json")


def test_import_sudokit_is_light() -> None:
    modules = _modules_after("import sudokit")
    assert _heavy(modules) == []
    assert "sudokit.cli" not in modules
    assert not set(EXCHANGE) & modules


def test_exchange_formats_load_on_first_use() -> None:
    modules = _modules_after(
        "import sudokit\nfrom sudokit.formats import parse_sdk, sniff\n"
        "assert callable(parse_sdk) and callable(sniff)\n"
        "g = sudokit.parse('https://www.sudokuwiki.org/sudoku.htm?bd=' + '0' * 81)\n"
        "assert g.size == 9"
    )
    assert set(EXCHANGE) <= modules


def test_help_imports_no_command() -> None:
    code = "from sudokit.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass"
    modules = _modules_after(code)
    assert _heavy(modules) == []
    assert not {f"sudokit.cli.{spec.split(':')[0]}" for spec in COMMANDS} & modules


def test_one_puzzle_solve_imports_no_logic() -> None:
    code = (
        f"from sudokit.cli import main\ntry:\n    main(['solve', '{FAMOUS}'])\n"
        "except SystemExit:\n    pass"
    )
    modules = _modules_after(code)
    assert _heavy(modules) == []
    assert not set(EXCHANGE) & modules


def test_lazy_names_resolve() -> None:
    assert sudokit.rate(FAMOUS).solutions == 1
    assert "rate" in dir(sudokit)
    assert callable(sudokit.generate)
    with pytest.raises(AttributeError):
        _ = sudokit.no_such_name


def test_help_summaries_are_the_commands_own() -> None:
    ctx = click.Context(main)
    for name in COMMANDS:
        command = main.get_command(ctx, name)
        assert command is not None
        assert SUMMARIES[name] == command.get_short_help_str(10**6)


def test_backend_choice_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudokit.geometry import Shape
    from sudokit.solvers.registry import backend_for

    monkeypatch.setenv("SUDOKIT_BACKEND", "python")
    assert backend_for(Shape.of(9)).name == "python"
    monkeypatch.delenv("SUDOKIT_BACKEND")
    assert backend_for(Shape.of(9)).name == ("native" if native.AVAILABLE else "python")


# --- Ctrl-C -------------------------------------------------------------------------------------


@needs_core
@pytest.mark.parametrize("file", [False, True])
def test_ctrl_c_stops_a_long_search(tmp_path: Path, file: bool) -> None:
    args = ["count", "--limit", str(10**15)]
    if file:
        path = tmp_path / "empty.txt"
        path.write_text(EMPTY + "\n")
        args += ["-f", str(path)]
    else:
        args.append(EMPTY)
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudokit", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(1.5)  # the search of every grid runs for hours: it is under way by now
    assert proc.poll() is None
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert b"Traceback" not in err
