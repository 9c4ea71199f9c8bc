"""SIGTERM in the middle of writing ``-o FILE`` cleans up as Ctrl-C does: no partial
temporary file is left beside the target, and the target is the old file, whole, or
absent; the exit status is 143 (128 + SIGTERM)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import FAMOUS

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")


def _terminate_mid_write(folder: Path, target: Path) -> int:
    """Start ``convert -f - -o target``, give it puzzles and keep its input open (so it
    waits with its temporary file half written), then send SIGTERM."""
    run = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sudokit",
            "convert",
            "-f",
            "-",
            "-o",
            str(target),
            "--to",
            "hodoku",
        ],
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert run.stdin is not None and run.stderr is not None
    try:
        run.stdin.write((FAMOUS + "\n").encode() * 2000)
        run.stdin.flush()
        end = time.monotonic() + 120  # a net against a hang, not a measure
        while not any(p.name.endswith(".tmp.txt") for p in folder.iterdir()):
            assert run.poll() is None, run.stderr.read()
            assert time.monotonic() < end, "no temporary file appeared"
            time.sleep(0.02)
        run.send_signal(signal.SIGTERM)
        status = run.wait(120)
        assert b"Traceback" not in run.stderr.read()
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
        run.stdin.close()
        run.stderr.close()
    return status


def test_sigterm_mid_write_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("the old file\n")
    assert _terminate_mid_write(tmp_path, target) == 143
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]
    assert target.read_text() == "the old file\n"


def test_sigterm_mid_write_leaves_no_file(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    assert _terminate_mid_write(tmp_path, target) == 143
    assert list(tmp_path.iterdir()) == []


def test_the_handler_is_released_after_a_command() -> None:
    from click.testing import CliRunner

    from sudokit.cli import main

    before = signal.getsignal(signal.SIGTERM)
    assert CliRunner().invoke(main, ["solve", FAMOUS]).exit_code == 0
    assert signal.getsignal(signal.SIGTERM) is before
