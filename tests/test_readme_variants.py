"""The README's Variants commands run as printed (all but `play`, which opens a window)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def variant_commands() -> list[str]:
    text = README.read_text(encoding="utf-8")
    start = text.index("\n## Variants")
    section = text[start : text.index("\n## ", start + 1)]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
    assert blocks, "the Variants section has no sh block"
    lines = [line for b in blocks for line in b.splitlines() if line.startswith("sudokit ")]
    return [line for line in lines if not line.startswith("sudokit play")]


def test_the_section_has_commands() -> None:
    assert len(variant_commands()) >= 5


@pytest.mark.parametrize("command", variant_commands())
def test_command_runs_as_printed(command: str, tmp_path: Path) -> None:
    # `sudokit` is this interpreter's module, so the test needs no script on PATH.
    runner = f"{sys.executable} -m sudokit"
    line = re.sub(r"(^|\| )sudokit ", lambda m: f"{m.group(1)}{runner} ", command)
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", line],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "SUDOKIT_HOME": str(tmp_path)},
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    # Every command says something: its answer, or (for a file it writes) what it wrote.
    assert (done.stdout + done.stderr).strip(), f"{command!r} printed nothing"
    if " -o " in command:
        written = tmp_path / command.split(" -o ")[1].split()[0]
        assert written.stat().st_size > 0
