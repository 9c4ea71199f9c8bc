"""Writing files whole or not at all.

Every file sudokit exports (pictures, animations, books, converted puzzles) is written to
a temporary file in the same folder and renamed over the target only once complete, so a
failed or interrupted export leaves the file that was there untouched. A target that is
not a regular file (``/dev/stdout``, a pipe, ``/dev/full``) is written directly: renaming
over it would replace the device. Every failure is a :class:`~sudokit.errors.WriteError`
saying ``cannot write PATH: reason``.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> with open_replacing(folder / "board.svg", "w") as out:
    ...     _ = out.write("<svg/>")
    >>> (folder / "board.svg").read_text()
    '<svg/>'
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Any

from .errors import WriteError

PathLike = str | os.PathLike[str]


def _reason(err: OSError) -> str:
    return err.strerror or str(err) or type(err).__name__


def check_writable(path: PathLike) -> Path:
    """Raise :class:`WriteError` now if ``path`` clearly cannot be written (an empty
    name, a folder, a folder that does not exist or refuses writing), so that a command
    fails before its work rather than after. Returns the path."""
    name = os.fspath(path)
    if not name:
        raise WriteError(name, "the file name is empty")
    target = Path(name)
    if target.is_dir():
        raise WriteError(name, "it is a folder")
    if target.exists():
        if not os.access(target, os.W_OK):
            raise WriteError(name, "permission denied")
        return target
    folder = target.parent
    if not folder.exists():
        raise WriteError(name, f"no such folder: {folder}")
    if not folder.is_dir():
        raise WriteError(name, f"{folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise WriteError(name, f"permission denied in {folder}")
    return target


def _special(target: Path) -> bool:
    """Whether ``target`` exists and is not a regular file (a device, a pipe)."""
    try:
        return not stat.S_ISREG(os.stat(target).st_mode)
    except OSError:
        return False


@contextmanager
def replacing(path: PathLike, *, suffix: str = "") -> Iterator[Path]:
    """Yield a temporary path beside ``path`` for a writer that wants a file name; when
    the block ends without error the file is synced and renamed over ``path``, else it
    is removed and ``path`` is left as it was. ``suffix`` ends the temporary name (some
    writers choose the format by it; default: the target's own suffix)."""
    name = os.fspath(path)
    check_writable(name)
    target = Path(os.path.realpath(name))  # through a link, the file it points at
    if _special(target):
        try:
            yield target
        except OSError as err:
            raise WriteError(name, _reason(err)) from err
        return
    tail = suffix or target.suffix
    import secrets  # here: it imports hmac and hashlib, which start-up does without

    tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp{tail}")
    try:
        # Created with the usual permissions (umask applies), unlike mkstemp's 0600.
        os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    except OSError as err:
        raise WriteError(name, _reason(err)) from err
    try:
        yield tmp
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        with suppress(OSError):
            os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))  # keep the old mode
        os.replace(tmp, target)
    except BaseException as err:
        with suppress(OSError):
            os.unlink(tmp)
        if isinstance(err, OSError) and not isinstance(err, WriteError):
            raise WriteError(name, _reason(err)) from err
        raise


@contextmanager
def open_replacing(path: PathLike, mode: str = "wb", **kwargs: Any) -> Iterator[IO[Any]]:
    """``open(path, mode)`` for writing, whole or not at all (see :func:`replacing`)."""
    if not mode.startswith("w"):
        raise ValueError(f"open_replacing writes: mode {mode!r} should start with 'w'")
    name = os.fspath(path)
    with replacing(name) as tmp:
        try:
            handle = open(tmp, mode, **kwargs)  # noqa: SIM115 - closed below, errors wrapped
        except OSError as err:
            raise WriteError(name, _reason(err)) from err
        with handle:
            yield handle


def write_bytes(path: PathLike, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all."""
    with open_replacing(path, "wb") as handle:
        handle.write(data)


def write_text(path: PathLike, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all."""
    with open_replacing(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


__all__ = ["check_writable", "open_replacing", "replacing", "write_bytes", "write_text"]
