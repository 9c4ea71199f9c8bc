"""A cluster that fails is an error, not a traceback: a malformed ``--dask`` address and a
scheduler killed mid-run are ``error: …`` with exit status 2, and the output printed
before the loss is whole and in order. The engine never gives a later chunk's answers in
place of a failed one's."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers import FAMOUS
from sudokit import generate
from sudokit.cli import main
from sudokit.solvers import batch


def _fails_on_two(chunk: list[int]) -> list[int]:
    if chunk == [2]:
        raise RuntimeError("chunk 2 failed")
    return [x * 10 for x in chunk]


def test_a_failed_chunk_is_never_answered_by_the_next_one() -> None:
    got = []
    with batch.Threads(2) as runner, pytest.raises(RuntimeError, match="chunk 2 failed"):
        for chunk, answers in batch.answer_chunks(
            ([i] for i in range(6)), lambda c: c, _fails_on_two, runner
        ):
            got.append((chunk, answers))
    assert got == [([0], [0]), ([1], [10])]


def test_chunks_read_before_a_reading_error_are_still_answered() -> None:
    def chunks() -> Iterator[list[int]]:
        yield [0]
        yield [1]
        raise OSError("the file went away")

    got = []
    with batch.Threads(2) as runner, pytest.raises(OSError, match="went away"):
        for chunk, answers in batch.answer_chunks(chunks(), lambda c: c, _fails_on_two, runner):
            got.append((chunk, answers))
    assert got == [([0], [0]), ([1], [10])]


@pytest.mark.parametrize("address", ["notanaddress:xyz", "tcp://127.0.0.1:notaport"])
def test_a_malformed_dask_address_is_an_error(address: str) -> None:
    pytest.importorskip("distributed")
    result = CliRunner().invoke(main, ["rate", "-f", "-", "--dask", address], input=FAMOUS)
    assert result.exit_code == 2, result.exception
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: {address!r} is not a Dask scheduler's address")
    assert len(result.stderr.splitlines()) == 1


def _dask_command() -> str:
    pytest.importorskip("distributed")
    dask = shutil.which("dask", path=os.path.dirname(sys.executable)) or shutil.which("dask")
    if dask is None:
        pytest.skip("no dask command")
    return dask


def test_a_scheduler_killed_mid_run_is_an_error_after_whole_lines(tmp_path: Path) -> None:
    dask = _dask_command()
    info = tmp_path / "scheduler.json"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    common = ["--host", "127.0.0.1", "--no-dashboard", "--scheduler-file", str(info)]
    scheduler = subprocess.Popen([dask, "scheduler", "--port", "0", *common], **quiet)  # type: ignore[call-overload]
    worker = subprocess.Popen([dask, "worker", "--nthreads", "1", *common], **quiet)  # type: ignore[call-overload]
    run = None
    errors = tmp_path / "stderr.txt"
    err_file = errors.open("w")
    try:
        for _ in range(600):
            if info.exists() and info.stat().st_size:
                break
            time.sleep(0.1)
        address = json.loads(info.read_text())["address"]
        run = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "sudokit",
                "generate",
                "-n",
                "100000",
                "--seed",
                "1",
                "--dask",
                address,
            ],
            stdout=subprocess.PIPE,
            stderr=err_file,
            text=True,
        )
        assert run.stdout is not None
        first = [run.stdout.readline() for _ in range(3)]  # the work is under way
        scheduler.send_signal(signal.SIGKILL)
        rest: list[str] = []
        out_file = run.stdout
        reader = threading.Thread(target=lambda: rest.append(out_file.read()))
        reader.start()
        reader.join(120)  # a net against a hang, not a measure
        run.wait(120)
    finally:
        for proc in (run, worker, scheduler):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()
        err_file.close()
    assert run.returncode == 2
    err = errors.read_text()
    assert err == f"error: lost the connection to the Dask scheduler at {address}\n" or (
        err.startswith(f"error: lost the connection to the Dask scheduler at {address}: ")
        and err.count("\n") == 1
    ), err
    out = "".join(first + rest)
    assert out.endswith("\n")
    lines = out.splitlines()
    assert len(lines) < 100000
    assert lines == [str(generate(seed=1 + i)) for i in range(len(lines))]  # in order, whole
