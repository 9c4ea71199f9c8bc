"""Workers of a ``--jobs N`` run end when their parent dies, even by ``kill -9``: none
keeps working, and a reader of the dead run's output sees its end."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    not os.path.isdir("/proc/self"), reason="finds the workers through /proc"
)


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()  # state, ppid, ...


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields is not None and int(fields[1]) == pid:
                found.append(int(entry))
    return found


def _descendants(pid: int) -> list[int]:
    out = []
    todo = [pid]
    while todo:
        for child in _children(todo.pop()):
            out.append(child)
            todo.append(child)
    return out


def _alive(pid: int) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"  # a zombie has ended


def _wait_until_gone(pids: list[int], safety: float = 60.0) -> list[int]:
    """Poll until none of ``pids`` runs; the ones left after ``safety`` seconds (a net
    against a hang, not a measure of speed) are killed and returned."""
    end = time.monotonic() + safety
    while any(_alive(p) for p in pids) and time.monotonic() < end:
        time.sleep(0.05)
    left = [p for p in pids if _alive(p)]
    for p in left:
        os.kill(p, signal.SIGKILL)
    return left


def _start(args: list[str], lines: int = 1) -> tuple[subprocess.Popen[bytes], list[int]]:
    """A run that has printed ``lines`` lines (so its workers are at work), and its
    workers."""
    proc = subprocess.Popen(
        [sys.executable, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert proc.stdout is not None
    for _ in range(lines):
        assert proc.stdout.readline(), "the run stopped early"
    workers = _descendants(proc.pid)
    return proc, workers


def test_kill_9_of_a_jobs_run_ends_its_workers() -> None:
    proc, workers = _start(["-m", "sudokit", "generate", "-n", "100000", "--seed", "1", "-j", "2"])
    assert len(workers) >= 2, "the run has its worker processes"
    proc.kill()
    proc.wait()
    assert _wait_until_gone(workers) == []
    assert proc.stdout is not None
    proc.stdout.read()  # the end of the output: nothing holds the pipe any more
    proc.stdout.close()


def test_workers_end_without_pidfds_or_the_kernel_signal(tmp_path: Path) -> None:
    # The portable watchdog alone: it polls the parent's id.
    (tmp_path / "plain_watch.py").write_text(
        textwrap.dedent(
            """
            import os
            from sudokit.solvers import batch

            def init(parent):
                del os.pidfd_open
                batch._end_with_parent(parent, False)

            def work(_):
                print("working", flush=True)
                while True:
                    pass
            """
        )
    )
    parent = textwrap.dedent(
        f"""
        import multiprocessing, os, sys, time
        from concurrent.futures import ProcessPoolExecutor
        sys.path.insert(0, {str(tmp_path)!r})
        import plain_watch

        if __name__ == "__main__":
            pool = ProcessPoolExecutor(
                2,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=plain_watch.init,
                initargs=(os.getpid(),),
            )
            for _ in range(2):
                pool.submit(plain_watch.work, 0)
            time.sleep(60)
        """
    )
    proc, workers = _start(["-c", parent], lines=2)  # both workers at work
    assert len(workers) >= 2
    proc.kill()
    proc.wait()
    assert _wait_until_gone(workers) == []
    assert proc.stdout is not None
    proc.stdout.close()


def test_ctrl_c_or_sigterm_does_not_wait_for_the_chunks_in_flight() -> None:
    # Chunks that would take an hour: leaving the block by KeyboardInterrupt (what
    # Ctrl-C and SIGTERM raise in the command line) ends the workers instead of waiting.
    script = textwrap.dedent(
        """
        import os, signal, sys, threading, time
        from sudokit.solvers.batch import Processes

        if __name__ == "__main__":
            def interrupt():
                while len(runner._pool._processes) < 2:
                    time.sleep(0.05)
                time.sleep(0.5)  # the workers have taken their chunks
                os.kill(os.getpid(), signal.SIGINT)

            try:
                with Processes(2) as runner:
                    threading.Thread(target=interrupt, daemon=True).start()
                    for _ in runner.map(time.sleep, [3600] * 4):
                        pass
            except KeyboardInterrupt:
                print("stopped", flush=True)
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        out, err = proc.communicate(timeout=120)  # a net against a hang, not a measure
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert (proc.returncode, out, err) == (0, "stopped\n", "")
