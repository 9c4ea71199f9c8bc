"""Exports are written whole or not at all; a bad path is a clear error from every command."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokit import generate
from sudokit.cli import main
from sudokit.errors import WriteError
from sudokit.files import check_writable, open_replacing, replacing, write_bytes, write_text

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

PUZZLE = str(generate(4, seed=3))
DEV_FULL = Path("/dev/full")


def _leftovers(folder: Path, keep: set[str]) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name not in keep)


# --- the helper ---------------------------------------------------------------------------


def test_a_write_replaces_the_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    write_text(target, "new")
    assert target.read_text() == "new"
    assert _leftovers(tmp_path, {"out.txt"}) == []


def test_a_failed_write_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "out.png"
    target.write_bytes(b"old picture")
    with pytest.raises(RuntimeError), open_replacing(target) as out:
        out.write(b"half a pic")
        raise RuntimeError("the drawing failed")
    assert target.read_bytes() == b"old picture"
    assert _leftovers(tmp_path, {"out.png"}) == [], "no temporary file is left behind"
    with pytest.raises(WriteError, match=r"cannot write .*out\.png: disk full"), replacing(target):
        raise OSError(28, "disk full")
    assert target.read_bytes() == b"old picture"
    assert _leftovers(tmp_path, {"out.png"}) == []


def test_permissions_follow_the_umask_or_the_old_file(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_text(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o644
    kept = tmp_path / "kept.txt"
    kept.write_text("x")
    kept.chmod(0o640)
    write_text(kept, "y")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640


def test_a_link_is_kept_and_its_file_replaced(tmp_path: Path) -> None:
    real = tmp_path / "real.svg"
    real.write_text("old")
    link = tmp_path / "link.svg"
    link.symlink_to(real)
    write_text(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


@pytest.mark.parametrize(
    ("name", "reason"),
    [("", "the file name is empty"), ("missing/x.png", "no such folder"), (".", "it is a folder")],
)
def test_bad_paths_are_refused_before_writing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, reason: str
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(WriteError, match=reason) as caught:
        check_writable(name)
    assert str(caught.value).startswith("cannot write ")
    with pytest.raises(WriteError):
        write_bytes(name, b"x")
    assert isinstance(caught.value, OSError)


@pytest.mark.skipif(not DEV_FULL.exists(), reason="no /dev/full here")
def test_a_device_is_written_in_place() -> None:
    with pytest.raises(WriteError, match="cannot write /dev/full: No space left on device"):
        write_bytes(DEV_FULL, b"x" * 100_000)
    assert DEV_FULL.exists() and not DEV_FULL.is_file(), "the device is still a device"
    write_bytes("/dev/null", b"fine")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_an_unwritable_folder(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(WriteError, match="permission denied"):
            write_text(folder / "x.svg", "x")
    finally:
        folder.chmod(0o755)


# --- every command ------------------------------------------------------------------------

COMMANDS = {
    "show --png": ["show", PUZZLE, "--png"],
    "show --svg": ["show", PUZZLE, "--svg"],
    "watch --gif": ["watch", PUZZLE, "--gif"],
    "play --screenshot": ["play", PUZZLE, "--screenshot"],
    "print -o": ["print", PUZZLE, "-o"],
    "convert -o": ["convert", PUZZLE, "-o"],
}
BAD = ["", "missing/out.file", ".", *(["/dev/full"] if DEV_FULL.exists() else [])]


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("path", BAD)
def test_every_command_reports_a_bad_path(
    command: str, path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SUDOKIT_HOME", str(tmp_path))
    if command == "watch --gif":  # a window opened by mistake would fail the test
        import sudokit.gui.watch as watch_window

        def no_window(*args: object, **kwargs: object) -> None:
            raise AssertionError("the watch window was opened")

        monkeypatch.setattr(watch_window, "run_watch", no_window)
    result = CliRunner().invoke(main, [*COMMANDS[command], path])
    assert result.exit_code == 2, (result.output, result.exception)
    shown = path or "''"
    assert f"error: cannot write {shown}: " in result.output
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, AssertionError)


@pytest.mark.parametrize("command", ["show --png", "show --svg", "watch --gif", "print -o"])
def test_a_failed_export_keeps_the_old_file(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "export.out"
    target.write_bytes(b"the old export")
    real_fsync = os.fsync

    def failing_fsync(fd: int) -> None:  # the disk fills up at the very end
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", failing_fsync)
    result = CliRunner().invoke(main, [*COMMANDS[command], str(target)])
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert result.exit_code == 2, result.output
    assert f"error: cannot write {target}: No space left on device" in result.output
    assert target.read_bytes() == b"the old export"
    assert _leftovers(tmp_path, {"export.out"}) == []


def test_exports_still_work(tmp_path: Path) -> None:
    for command, suffix in [("show --png", "png"), ("show --svg", "svg"), ("watch --gif", "gif")]:
        target = tmp_path / f"x.{suffix}"
        result = CliRunner().invoke(main, [*COMMANDS[command], str(target)])
        assert result.exit_code == 0, result.output
        assert target.stat().st_size > 100
    assert _leftovers(tmp_path, {"x.png", "x.svg", "x.gif"}) == []
