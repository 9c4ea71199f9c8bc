"""``sudokit web build`` and ``serve``: the site holds what it lists, reaches no other host,
builds again in place without touching anything else, and refuses what it must."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokit import __version__
from sudokit.cli import main
from sudokit.errors import SudokuError
from sudokit.generator import generate, levels_for
from sudokit.geometry import Rules
from sudokit.grid import Grid
from sudokit.web.build import (
    BANK_KINDS,
    PYODIDE_FILES,
    PYODIDE_VERSION,
    BuildError,
    Site,
    build,
    pyodide_dir,
)
from sudokit.web.server import SiteServer

#: Files read as text when looking for addresses of other hosts.
TEXT = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".txt", ".svg"}
#: An address in text: scheme and host.
ADDRESS = re.compile(r"https?://([^/\"'`\s)<>]*)")


def site_json(site: Site) -> dict[str, object]:
    data: dict[str, object] = json.loads((site.path / "site.json").read_text())
    return data


def test_the_site_holds_every_file_it_lists_and_nothing_else(site: Site) -> None:
    listed = site_json(site)["files"]
    assert isinstance(listed, list)
    on_disk = sorted(
        p.relative_to(site.path).as_posix() for p in site.path.rglob("*") if p.is_file()
    )
    assert sorted(listed) == on_disk
    assert listed[0] == "index.html"
    for name in ("sw.js", "manifest.webmanifest", "bank.json", "site.json"):
        assert name in listed
    for name in PYODIDE_FILES:
        assert f"pyodide/{name}" in listed


def test_site_json_names_the_versions_and_wheels(site: Site) -> None:
    data = site_json(site)
    assert data["version"] == __version__
    assert data["pyodide"] == PYODIDE_VERSION
    assert data["build"] == site.build and str(data["build"]).startswith(__version__ + "-")
    wheels = data["wheels"]
    assert isinstance(wheels, list) and len(wheels) == 2
    assert wheels[0] == f"sudokit-{__version__}-py3-none-any.whl"
    assert re.fullmatch(r"platformdirs-[\d.]+-py3-none-any\.whl", wheels[1])
    for name in wheels:
        assert f"wheels/{name}" in data["files"]  # type: ignore[operator]


def test_the_sudokit_wheel_is_pure_python_and_installable(site: Site) -> None:
    with zipfile.ZipFile(site.path / "wheels" / site.wheels[0]) as wheel:
        names = wheel.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/WHEEL"))
        assert "Root-Is-Purelib: true" in wheel.read(meta).decode()
        assert "Tag: py3-none-any" in wheel.read(meta).decode()
    assert "sudokit/__init__.py" in names and "sudokit/game/session.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c", ".pyc"))]
    # The app's own files are in the site, not again in the engine's wheel.
    assert not [n for n in names if n.startswith("sudokit/web/static/")]


def test_no_text_file_points_to_another_host(site: Site) -> None:
    found = {}
    for path in site.path.rglob("*"):
        if path.suffix not in TEXT:
            continue
        for host in ADDRESS.findall(path.read_text(encoding="utf-8", errors="replace")):
            # XML namespaces name no server; a host made at run time (Pyodide's socket
            # shim, given an address by the program) is no address of its own.
            if host in {"127.0.0.1", "localhost", "www.w3.org"} or host.startswith("${"):
                continue
            found.setdefault(path.relative_to(site.path).as_posix(), set()).add(host)
    assert not found, f"addresses of other hosts in the site: {found}"


def test_pyodide_is_pointed_at_its_own_folder_not_the_cdn(site: Site) -> None:
    for name in ("pyodide.mjs", "pyodide.js"):
        text = (site.path / "pyodide" / name).read_text()
        assert "cdn.jsdelivr" not in text
        assert "e.packageBaseUrl??`./`" in text  # the fallback for packages: here


def test_the_service_worker_caches_this_build(site: Site) -> None:
    text = (site.path / "sw.js").read_text()
    assert f'const BUILD = "{site.build}";' in text
    assert 'const BUILD = "dev";' not in text


def test_the_manifest_makes_an_installable_app(site: Site) -> None:
    manifest = json.loads((site.path / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone"
    assert manifest["name"] and manifest["start_url"] and manifest["theme_color"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert {"any", "maskable"} == {icon["purpose"] for icon in manifest["icons"]}
    for icon in manifest["icons"]:
        path = site.path / icon["src"]
        assert path.is_file(), icon["src"]
        width = int.from_bytes(path.read_bytes()[16:20], "big")  # the PNG's IHDR width
        assert f"{width}x{width}" == icon["sizes"]


def test_the_committed_icons_are_what_the_drawing_makes() -> None:
    pytest.importorskip("PIL")
    from PIL import Image, ImageChops

    from sudokit.web.icons import ICON_DIR, ICONS, draw

    for name, (size, full_bleed) in ICONS.items():
        with Image.open(ICON_DIR / name) as committed:
            assert committed.size == (size, size)
            drawn = draw(size, full_bleed)
            diff = ImageChops.difference(committed.convert("RGBA"), drawn)
            assert diff.getbbox() is None, f"{name} differs: python -m sudokit.web.icons"
        corner = drawn.getpixel((0, 0))
        assert isinstance(corner, tuple)
        assert (corner[3] == 255) is full_bleed  # maskable: colour to the edge


def test_the_bank_has_puzzles_at_every_level_each_size_offers(site: Site) -> None:
    bank = json.loads((site.path / "bank.json").read_text())
    assert bank["version"] == __version__
    puzzles = bank["puzzles"]
    kinds: dict[tuple[int, tuple[str, ...], str], int] = {}
    for p in puzzles:
        rules = Rules.parse(p["rules"])
        n = rules.n
        givens = [0 if ch == "." else int(ch, 17) for ch in p["givens"]]
        solution = Grid.from_cells([int(ch, 17) for ch in p["solution"]], rules=rules)
        assert solution.is_solved(), p
        assert all(g in (0, s) for g, s in zip(givens, solution.cells, strict=True)), p
        assert 0 < sum(1 for g in givens if g) < n * n
        kinds[(n, rules.variants, p["level"])] = kinds.get((n, rules.variants, p["level"]), 0) + 1
    expected = {
        (size, (variant,) if variant else (), level): count
        for size, variant, count in BANK_KINDS
        for level in levels_for(size, variant)
    }
    assert {(4, (), "easy"), (9, (), "extreme"), (9, ("jigsaw",), "hard")} <= set(expected)
    assert kinds == expected


def test_a_bank_puzzle_is_what_the_engine_makes_from_its_seed(site: Site) -> None:
    puzzles = json.loads((site.path / "bank.json").read_text())["puzzles"]
    for p in (puzzles[0], next(p for p in puzzles if p["rules"] == "9" and p["level"] == "easy")):
        size = Rules.parse(p["rules"]).n
        grid = generate(size, seed=p["seed"], difficulty=p["level"])
        assert "".join(str(v or ".") for v in grid.cells) == p["givens"]


def test_building_again_changes_nothing_and_keeps_other_files(site: Site, tmp_path: Path) -> None:
    # (Into folders of its own: the session's site stays as the other tests saw it.)
    folder = tmp_path / "copy"
    first = build(folder)
    again = build(folder)
    assert again.build == first.build and again.files == first.files
    # An earlier build listed a file this one does not make; a file of the user's is there.
    data = json.loads((folder / "site.json").read_text())
    data["files"].append("old/stale.js")
    (folder / "site.json").write_text(json.dumps(data))
    (folder / "old").mkdir()
    (folder / "old" / "stale.js").write_text("stale")
    (folder / "README-mine.txt").write_text("mine")
    stamp = (folder / "pyodide" / "pyodide.asm.wasm").stat().st_mtime_ns
    build(folder)
    assert not (folder / "old").exists()
    assert (folder / "README-mine.txt").read_text() == "mine"
    assert (folder / "pyodide" / "pyodide.asm.wasm").stat().st_mtime_ns == stamp  # not rewritten


def test_a_folder_of_other_things_is_refused_and_left_as_it_was(site: Site, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("keep me")
    with pytest.raises(BuildError, match="not empty and holds no sudokit site"):
        build(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
    blocker = tmp_path / "notes.txt"
    with pytest.raises(BuildError, match="is a file, not a folder"):
        build(blocker)
    with pytest.raises(BuildError, match="cannot write the site into"):
        build(blocker / "site")
    assert blocker.read_text() == "keep me"


def test_missing_npm_is_a_clear_error_saying_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    with pytest.raises(BuildError) as err:
        pyodide_dir(tmp_path / "cache")
    message = str(err.value)
    assert "npm is not installed" in message
    assert "apt-get install npm" in message and "nodejs.org" in message
    assert isinstance(err.value, SudokuError)


def test_the_command_reports_a_bad_folder_as_an_error(tmp_path: Path) -> None:
    (tmp_path / "mine.txt").write_text("x")
    result = CliRunner().invoke(main, ["web", "build", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and str(tmp_path) in result.stderr
    assert "not empty" in result.stderr


def _fetch(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.headers["Content-Type"], response.read()


def test_the_server_sends_the_types_browsers_need(site: Site) -> None:
    with SiteServer(site.path) as server:
        kinds = {
            "": "text/html",
            "pyodide/pyodide.asm.wasm": "application/wasm",
            "pyodide/pyodide.mjs": "text/javascript",
            "sw.js": "text/javascript",
            "manifest.webmanifest": "application/manifest+json",
            "site.json": "application/json",
        }
        for name, kind in kinds.items():
            got, body = _fetch(server.url + name)
            assert got.split(";")[0] == kind, name
            assert body == (site.path / (name or "index.html")).read_bytes()


def test_a_port_in_use_is_a_clear_error(site: Site) -> None:
    with SiteServer(site.path) as server:
        port = int(server.url.rsplit(":", 1)[1].strip("/"))
        with pytest.raises(BuildError, match=f"port {port} on 127.0.0.1 is in use"):
            SiteServer(site.path, port=port)


def test_serve_prints_the_address_serves_and_stops_cleanly_on_ctrl_c(
    site: Site, tmp_path: Path
) -> None:
    folder = tmp_path / "served"  # built by serve itself
    command = [sys.executable, "-m", "sudokit", "web", "serve", "--dir", str(folder)]
    proc = subprocess.Popen(
        [*command, "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert match, line + (proc.stderr.read() if proc.stderr else "")
        _, body = _fetch(match.group(0) + "site.json")
        assert body == (folder / "site.json").read_bytes()
        _, body = _fetch(match.group(0))
        assert body == (folder / "index.html").read_bytes()
        proc.send_signal(signal.SIGINT)
        err = proc.communicate(timeout=60)[1]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert "stopped" in err and "Traceback" not in err
    # The port is free again: a new server takes it.
    SiteServer(folder, port=int(match.group(0).rsplit(":", 1)[1].strip("/"))).stop()
