"""Assemble the web app: ``sudokit web build DIR`` writes a self-contained static site.

The site, all inside DIR (nothing is fetched from another origin when it runs)::

    index.html, app.js, ... , sw.js, manifest.webmanifest, icons/   the app (``static/``)
    pyodide/      the Python runtime, from the pinned npm package ``pyodide``
    wheels/       sudokit's pure-Python wheel and the platformdirs wheel
    bank.json     puzzles made here, so the first games need no Python in the browser
    site.json     {"version", "build", "pyodide", "wheels", "files"}: ``files`` is every
                  file the service worker caches for offline play

What the build needs it gets itself and keeps in the user's cache folder
(:func:`cache_dir`): Pyodide by ``npm ci`` on the pinned lock file, the wheels by pip,
the bank by :func:`sudokit.generate`. Each is kept under a key of what made it (the
lock file, the sources' content hash), so a second build copies files and is quick, and
one with no network works from the cache.

Building again into the same folder is safe: unchanged files are left as they are, files
of the earlier build that are gone are removed, and nothing else in the folder is
touched. A folder that holds other things and no ``site.json`` is refused, so a slip of
the path cannot mix the site into someone's documents.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import SudokuError

#: The Pyodide release the site bundles (the npm package's version; Python 3.14).
PYODIDE_VERSION = "314.0.7"
#: The runtime's files the page needs, from the npm package.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: What bank.json holds: (size, variant, puzzles per level) at every level the size and
#: variant reach. Variants get fewer: making them costs most of the bank's time (about
#: 5 s of CPU in all with the C core), and the engine makes more once it has loaded.
BANK_KINDS: tuple[tuple[int, str, int], ...] = (
    (4, "", 4),
    (6, "", 4),
    (9, "", 4),
    (9, "x", 2),
    (9, "jigsaw", 2),
)
#: Parts of sudokit that cannot change what the generator makes: the bank's cache key
#: leaves them out, so editing the app or the GUI does not make the bank again.
_NOT_GENERATOR = ("web", "gui", "cli", "render", "watch", "game")
#: The line of sw.js that build replaces, so that every build has its own cache name.
_SW_BUILD_LINE = re.compile(r'^const BUILD = "[^"\n]*";$', re.MULTILINE)
#: Pyodide's fallback address for packages it does not find beside itself: a CDN. The
#: site installs its wheels itself and loads no packages, and no request may leave the
#: origin, so the copy points it at its own folder instead.
_PYODIDE_CDN = re.compile(r"https://cdn\.jsdelivr\.net/pyodide/v\$\{\w+\}/full/")

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"


class BuildError(SudokuError):
    """The site cannot be built: the message names the cause and what to do."""


@dataclass(frozen=True, slots=True)
class Site:
    """A built site: its folder and what ``site.json`` says of it."""

    path: Path
    version: str
    build: str
    files: tuple[str, ...]
    wheels: tuple[str, ...]
    #: Bytes per part: "total", "pyodide", "wheels", "app", "bank".
    sizes: dict[str, int] = field(default_factory=dict)


Progress = Callable[[str], None]


def _quiet(message: str) -> None:
    """The default progress: say nothing."""


def cache_dir() -> Path:
    """Where builds keep what they fetched and made: the user's cache folder (platformdirs),
    or ``$SUDOKIT_WEB_CACHE``."""
    override = os.environ.get("SUDOKIT_WEB_CACHE")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("sudokit", appauthor=False)) / "web"


def _version() -> str:
    from .. import __version__

    return __version__


# --- the cache ----------------------------------------------------------------------------


@contextlib.contextmanager
def _locked(cache: Path, name: str) -> Iterator[None]:
    """Hold a lock on one entry of the cache, so two builds at once (two test workers) do
    not both make it; the lock goes with the process that holds it."""
    cache.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: entries are made atomically anyway
        yield
        return
    with open(cache / f".{name}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _prune(cache: Path, pattern: str, keep: int = 3) -> None:
    """Keep the ``keep`` newest entries of one kind in the cache (older builds' wheels and
    banks), so that the cache does not grow with every change of the sources."""
    entries = sorted(cache.glob(pattern), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in entries[keep:]:
        if old.is_dir():
            shutil.rmtree(old, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                old.unlink()


def _prepare_cache(cache: Path) -> None:
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise BuildError(
            f"cannot make the build cache {cache}: {err.strerror or err} "
            "(set SUDOKIT_WEB_CACHE to a writable folder)"
        ) from None


def _run(command: list[str], *, cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    """Run a build tool; its output if it fails (the last lines), else ''."""
    try:
        done = subprocess.run(
            command,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError as err:
        return f"{command[0]}: {err.strerror or err}"
    if done.returncode == 0:
        return ""
    lines = [line for line in (done.stderr + done.stdout).splitlines() if line.strip()]
    return "\n".join(lines[-8:]) or f"exit status {done.returncode}"


def pyodide_dir(cache: Path, progress: Progress = _quiet) -> Path:
    """The pinned npm package ``pyodide``, installed by ``npm ci`` into the cache (once)."""
    lock = (HERE / "package-lock.json").read_bytes()
    key = hashlib.sha256(lock + (HERE / "package.json").read_bytes()).hexdigest()[:16]
    home = cache / f"pyodide-{PYODIDE_VERSION}-{key}"
    package = home / "node_modules" / "pyodide"
    if all((package / name).is_file() for name in PYODIDE_FILES):
        return package
    with _locked(cache, "pyodide"):
        if all((package / name).is_file() for name in PYODIDE_FILES):
            return package
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError(
                f"npm is not installed: the web app bundles Pyodide {PYODIDE_VERSION} from "
                "the npm package 'pyodide'. Install Node.js and npm (Debian or Ubuntu: "
                "apt-get install npm; elsewhere: https://nodejs.org) and build again"
            )
        progress(f"fetching Pyodide {PYODIDE_VERSION} with npm ...")
        work = Path(tempfile.mkdtemp(prefix="pyodide-", dir=cache))
        work.chmod(0o755)  # mkdtemp's 0700 would hide the runtime from other users
        try:
            shutil.copy(HERE / "package.json", work / "package.json")
            shutil.copy(HERE / "package-lock.json", work / "package-lock.json")
            failed = _run(
                [
                    npm,
                    "ci",
                    "--prefix",
                    str(work),
                    "--ignore-scripts",
                    "--no-audit",
                    "--no-fund",
                    "--prefer-offline",
                ],
                cwd=work,
            )
            if failed:
                raise BuildError(
                    f"npm could not fetch the package pyodide@{PYODIDE_VERSION} (no network, "
                    f"and not in npm's cache?):\n{failed}"
                )
            got = work / "node_modules" / "pyodide"
            missing = [name for name in PYODIDE_FILES if not (got / name).is_file()]
            if missing:
                raise BuildError(
                    f"the npm package pyodide@{PYODIDE_VERSION} lacks {', '.join(missing)}"
                )
            shutil.rmtree(home, ignore_errors=True)
            os.replace(work, home)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return package


def _source_root() -> Path | None:
    """The project's source tree (pyproject.toml, setup.py, src/sudokit) sudokit runs from,
    if it runs from one (an editable install or a checkout)."""
    package = HERE.parent
    root = package.parent.parent
    if (root / "pyproject.toml").is_file() and (root / "setup.py").is_file():
        return root
    return None


def _package_files(skip: tuple[str, ...] = ()) -> list[Path]:
    """sudokit's own files (sources and data, not caches, builds or the web app's static
    files), sorted; ``skip`` leaves out the named subpackages."""
    package = HERE.parent
    out = []
    for path in package.rglob("*"):
        parts = path.relative_to(package).parts
        if not path.is_file() or "__pycache__" in parts or path.suffix in {".so", ".pyd", ".pyc"}:
            continue
        if parts[:2] == ("web", "static") or parts[:1] in {(s,) for s in skip}:
            continue
        out.append(path)
    return sorted(out)


def _digest(paths: list[Path], base: Path) -> str:
    h = hashlib.sha256()
    for path in paths:
        h.update(path.relative_to(base).as_posix().encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:16]


def sudokit_wheel(cache: Path, progress: Progress = _quiet) -> Path:
    """sudokit's pure-Python wheel (no C core: the browser runs the pure backend), made by
    ``pip wheel`` from the source tree with ``SUDOKIT_NATIVE=off`` and kept under the
    sources' content hash. Installed from a wheel, sudokit packs its installed files."""
    version = _version()
    root = _source_root()
    package = HERE.parent
    files = _package_files()
    extra = [root / name for name in ("pyproject.toml", "setup.py", "README.md")] if root else []
    key = _digest(files, package.parent) + (_digest(extra, root) if root else "")
    home = cache / f"sudokit-{version}-{hashlib.sha256(key.encode()).hexdigest()[:16]}"
    name = f"sudokit-{version}-py3-none-any.whl"
    if (home / name).is_file():
        return home / name
    with _locked(cache, "sudokit-wheel"):
        if (home / name).is_file():
            return home / name
        progress("making sudokit's pure-Python wheel ...")
        work = Path(tempfile.mkdtemp(prefix="wheel-", dir=cache))
        try:
            out = work / "out"
            out.mkdir()
            if root is not None:
                _pip_wheel(root, files, extra, work / "src", out)
            else:
                _pack_installed(files, out / name)
            made = list(out.glob("sudokit-*-py3-none-any.whl"))
            if len(made) != 1:
                raise BuildError(f"pip made no pure-Python wheel of sudokit (got {made})")
            shutil.rmtree(home, ignore_errors=True)
            home.mkdir()
            os.replace(made[0], home / name)
            _prune(cache, f"sudokit-{version}-*")
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return home / name


def _pip_wheel(root: Path, files: list[Path], extra: list[Path], stage: Path, out: Path) -> None:
    """``pip wheel`` on a copy of the sources (so the checkout gets no build folders, and
    the web app's static files stay out of the browser's wheel)."""
    for path in [*extra, *files]:
        target = stage / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    env = {**os.environ, "SUDOKIT_NATIVE": "off", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), "."]
    failed = _run(command, cwd=stage, env=env)
    if failed:
        raise BuildError(f"pip could not make sudokit's pure-Python wheel:\n{failed}")


def _pack_installed(files: list[Path], wheel: Path) -> None:
    """A pure-Python wheel of the installed package (sudokit installed from a wheel has
    no source tree to build from): its files, without the compiled core."""
    import base64
    import zipfile
    from importlib import metadata

    version = _version()
    info = f"sudokit-{version}.dist-info"
    base = HERE.parent.parent
    try:
        meta = metadata.distribution("sudokit").read_text("METADATA") or ""
    except metadata.PackageNotFoundError:
        meta = ""
    meta = meta or f"Metadata-Version: 2.1\nName: sudokit\nVersion: {version}\n"
    entries: list[tuple[str, bytes]] = [
        (path.relative_to(base).as_posix(), path.read_bytes()) for path in files
    ]
    entries.append((f"{info}/METADATA", meta.encode()))
    tag = "Wheel-Version: 1.0\nGenerator: sudokit\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries.append((f"{info}/WHEEL", tag.encode()))
    rows = []
    for arc, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        rows.append(f"{arc},sha256={digest},{len(data)}")
    rows.append(f"{info}/RECORD,,")
    entries.append((f"{info}/RECORD", ("\n".join(rows) + "\n").encode()))
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for arc, data in entries:
            archive.writestr(zipfile.ZipInfo(arc, (2020, 1, 1, 0, 0, 0)), data)


def platformdirs_wheel(cache: Path, progress: Progress = _quiet) -> Path:
    """The wheel of platformdirs (sudokit's one dependency the engine imports), the version
    installed here, from PyPI by ``pip download`` (once)."""
    from importlib import metadata

    try:
        version = metadata.version("platformdirs")
    except metadata.PackageNotFoundError:  # pragma: no cover - a dependency of sudokit
        raise BuildError("platformdirs is not installed (pip install platformdirs)") from None
    home = cache / f"platformdirs-{version}"
    found = sorted(home.glob("platformdirs-*-py3-none-any.whl"))
    if found:
        return found[0]
    with _locked(cache, "platformdirs"):
        found = sorted(home.glob("platformdirs-*-py3-none-any.whl"))
        if found:
            return found[0]
        progress(f"fetching the platformdirs {version} wheel with pip ...")
        work = Path(tempfile.mkdtemp(prefix="platformdirs-", dir=cache))
        try:
            command = [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "-q",
                "--only-binary=:all:",
                "-d",
                str(work),
                f"platformdirs=={version}",
            ]
            env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
            failed = _run(command, env=env)
            got = sorted(work.glob("platformdirs-*-py3-none-any.whl"))
            if failed or not got:
                raise BuildError(
                    f"pip could not fetch the platformdirs {version} wheel from PyPI (no "
                    f"network, and not in pip's cache?):\n{failed or 'no wheel came'}"
                )
            shutil.rmtree(home, ignore_errors=True)
            home.mkdir()
            os.replace(got[0], home / got[0].name)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return home / got[0].name


# --- the bank -----------------------------------------------------------------------------


def make_bank(
    kinds: tuple[tuple[int, str, int], ...] = BANK_KINDS,
) -> list[dict[str, object]]:
    """Puzzles for the first games: per (size, variant, count) of ``kinds``, at each level
    the generator reaches, ``count`` puzzles from seeds 1, 2, ... (the same arguments to
    the engine's ``new`` make the same puzzle)."""
    from ..formats import format_line
    from ..generator import generate, levels_for
    from ..solvers import solve

    out: list[dict[str, object]] = []
    for size, variant, count in kinds:
        for level in levels_for(size, variant):
            for seed in range(1, count + 1):
                grid = generate(size, seed=seed, difficulty=level, variant=variant or None)
                solution = solve(grid)
                if solution is None:  # pragma: no cover - generate makes unique puzzles
                    raise BuildError(f"the bank's {size}×{size} {level} puzzle has no solution")
                out.append(
                    {
                        "rules": grid.rules.code,
                        "givens": format_line(grid),
                        "solution": format_line(solution),
                        "level": level,
                        "seed": seed,
                    }
                )
    return out


def bank(cache: Path, progress: Progress = _quiet) -> bytes:
    """bank.json's bytes, kept under the content hash of the code that makes puzzles."""
    package = HERE.parent
    key = _digest(_package_files(_NOT_GENERATOR), package)
    kinds = json.dumps(BANK_KINDS).encode()
    key = hashlib.sha256(key.encode() + kinds).hexdigest()[:16]
    path = cache / f"bank-{key}.json"
    if path.is_file():
        return path.read_bytes()
    with _locked(cache, "bank"):
        if path.is_file():
            return path.read_bytes()
        progress("making the bank of puzzles ...")
        data = json.dumps(
            {"version": _version(), "puzzles": make_bank()}, separators=(",", ":")
        ).encode()
        _write_atomic(path, data)
        _prune(cache, "bank-*.json")
        return data


# --- the site -----------------------------------------------------------------------------


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _static_files() -> dict[str, bytes]:
    """The app's files (``static/``), by site path, sw.js and icons included."""
    if not (STATIC / "index.html").is_file():
        raise BuildError(f"the app's files are missing: no index.html in {STATIC}")
    out = {}
    for path in sorted(STATIC.rglob("*")):
        if path.is_file() and not path.name.startswith(".") and "__pycache__" not in path.parts:
            out[path.relative_to(STATIC).as_posix()] = path.read_bytes()
    return out


def _check_dest(dest: Path) -> dict[str, object] | None:
    """The earlier site.json of ``dest`` (None: a new or empty folder); refuse a folder
    that is not one, or that holds other things."""
    if dest.exists() and not dest.is_dir():
        raise BuildError(f"{dest} is a file, not a folder: give a folder for the site")
    if not dest.exists():
        return None
    site = dest / "site.json"
    if site.is_file():
        try:
            old = json.loads(site.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            old = None
        if isinstance(old, dict) and isinstance(old.get("files"), list):
            return old
        raise BuildError(f"{site} is not a sudokit site's site.json: give another folder")
    if any(dest.iterdir()):
        raise BuildError(
            f"{dest} is not empty and holds no sudokit site (no site.json): build into a "
            "new or empty folder, so nothing of yours is overwritten"
        )
    return None


def build(
    dest: str | os.PathLike[str],
    *,
    cache: Path | None = None,
    progress: Progress = _quiet,
) -> Site:
    """Build the site into ``dest`` (made if missing) and return what it holds.

    Raises :class:`BuildError` naming the cause: npm missing, no network and nothing
    cached, a folder that cannot be written or that is not a site's."""
    dest = Path(dest).expanduser().absolute()
    cache = cache if cache is not None else cache_dir()
    old = _check_dest(dest)
    try:
        dest.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=dest, prefix=".write-test-"):
            pass
    except OSError as err:
        raise BuildError(f"cannot write the site into {dest}: {err.strerror or err}") from None
    _prepare_cache(cache)

    version = _version()
    contents: dict[str, bytes | Path] = dict(_static_files())
    runtime = pyodide_dir(cache, progress)
    for name in PYODIDE_FILES:
        contents[f"pyodide/{name}"] = runtime / name
    for script in ("pyodide/pyodide.mjs", "pyodide/pyodide.js"):
        text = (runtime / script.split("/")[1]).read_text(encoding="utf-8")
        contents[script] = _PYODIDE_CDN.sub("./", text).encode()
    wheels = [sudokit_wheel(cache, progress), platformdirs_wheel(cache, progress)]
    for wheel in wheels:
        contents[f"wheels/{wheel.name}"] = wheel
    contents["bank.json"] = bank(cache, progress)

    def data(name: str) -> bytes:
        value = contents[name]
        return value if isinstance(value, bytes) else value.read_bytes()

    digest = hashlib.sha256()
    for name in sorted(contents):
        if name != "sw.js":
            digest.update(name.encode() + b"\0" + hashlib.sha256(data(name)).digest())
    build_id = f"{version}-{digest.hexdigest()[:12]}"
    if "sw.js" in contents:
        text = data("sw.js").decode()
        text, found = _SW_BUILD_LINE.subn(f'const BUILD = "{build_id}";', text, count=1)
        if not found:
            raise BuildError('static/sw.js has no line `const BUILD = "...";` to set')
        contents["sw.js"] = text.encode()
    files = sorted([*contents, "site.json"], key=lambda n: (n != "index.html", n))
    site = {
        "version": version,
        "build": build_id,
        "pyodide": PYODIDE_VERSION,
        "wheels": [wheel.name for wheel in wheels],
        "files": files,
    }
    contents["site.json"] = (json.dumps(site, indent=1) + "\n").encode()

    progress(f"writing the site into {dest} ...")
    try:
        for name in contents:
            _put(dest / name, contents[name])
        if old is not None:
            _remove_stale(dest, old, set(files))
    except OSError as err:
        raise BuildError(
            f"cannot write the site into {dest}: {err.strerror or err}"
            + (f" ({err.filename})" if err.filename else "")
        ) from None
    sizes = {"total": 0, "pyodide": 0, "wheels": 0, "app": 0, "bank": 0}
    for name in files:
        size = (dest / name).stat().st_size
        sizes["total"] += size
        part = name.split("/")[0]
        kind = {"pyodide": "pyodide", "wheels": "wheels", "bank.json": "bank"}.get(part, "app")
        sizes[kind] += size
    return Site(dest, version, build_id, tuple(files), tuple(site["wheels"]), sizes)


def _put(path: Path, value: bytes | Path) -> None:
    """Write one file of the site, unless it already holds exactly that."""
    if isinstance(value, Path):
        same_size = path.is_file() and path.stat().st_size == value.stat().st_size
        if same_size and _same(path, value):
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
        shutil.copyfile(value, tmp)
        os.replace(tmp, path)
        return
    if path.is_file() and path.stat().st_size == len(value) and path.read_bytes() == value:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_atomic(path, value)


def _same(a: Path, b: Path) -> bool:
    with a.open("rb") as fa, b.open("rb") as fb:
        while True:
            x, y = fa.read(1 << 20), fb.read(1 << 20)
            if x != y:
                return False
            if not x:
                return True


def _remove_stale(dest: Path, old: dict[str, object], keep: set[str]) -> None:
    """Remove the files an earlier build wrote that this one does not (and folders left
    empty by that); files the build never wrote stay."""
    listed = old.get("files")
    for name in listed if isinstance(listed, list) else []:
        if not isinstance(name, str) or name in keep:
            continue
        path = (dest / name).resolve()
        if dest not in path.parents:  # a site.json naming a path outside the site
            continue
        if path.is_file():
            path.unlink()
            if path.parent != dest:
                with contextlib.suppress(OSError):  # not empty: something else is there
                    path.parent.rmdir()
