"""Fixtures of the web app's tests: the site built once per session, served on 127.0.0.1,
and Debian's Chromium driven by Playwright, with every request to another host refused.

- ``site``: the built site (:class:`sudokit.web.build.Site`), made once per session (per
  test worker) into a temporary folder; the build's cache (Pyodide, wheels, the bank)
  is shared by every run, so only the first run on a machine fetches and makes them.
  Skipped when npm is missing and nothing is cached.
- ``app_dir`` / ``has_engine``: the built site, or where npm is missing the bare app
  files (the board plays without the engine; ``has_engine`` is False).
- ``app_url``: ``http://127.0.0.1:<free port>/`` serving ``app_dir``.
- ``chromium``: one browser per session (Debian's ``chromium`` package, never a
  downloaded one). Tests marked ``browser`` are skipped, with the reason, where it or
  Playwright is missing.
- ``open_context(**options)``: a fresh browser context (its own storage and service
  workers) whose requests to any host but 127.0.0.1 are aborted and recorded; after the
  test, a recorded request fails it. ``desktop`` and ``phone`` are :class:`Opened`
  pages at 1280×800 and at 390×844 with touch.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from sudokit.web.build import STATIC, BuildError, Site, build, cache_dir, pyodide_dir
from sudokit.web.server import SiteServer

#: Debian's Chromium binary (/usr/bin/chromium is a shell script around it); override with
#: $SUDOKIT_CHROMIUM.
CHROMIUM_PATHS = ("/usr/lib/chromium/chromium", "/usr/lib/chromium-browser/chromium-browser")
#: Headless as root in a closed network: without the background-networking flags Chromium
#: keeps trying Google's hosts.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
]
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
#: Hosts a page may reach: the test server's only.
LOCAL_HOSTS = frozenset({"127.0.0.1"})


def chromium_path() -> str | None:
    override = os.environ.get("SUDOKIT_CHROMIUM")
    if override:
        return override if Path(override).is_file() else None
    return next((path for path in CHROMIUM_PATHS if Path(path).is_file()), None)


def browser_skip_reason() -> str | None:
    """Why the browser tests cannot run here (None: they can)."""
    if chromium_path() is None:
        return "Debian's chromium is not installed (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[test]')"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = browser_skip_reason()
    if reason is None:
        return
    skip = pytest.mark.skip(reason=f"browser tests skipped: {reason}")
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(skip)


def _npm_or_cache() -> bool:
    if shutil.which("npm"):
        return True
    try:
        pyodide_dir(cache_dir())
    except BuildError:
        return False
    return True


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Site | None:
    """The site, built once per session; None where npm is missing (and nothing cached)."""
    if not _npm_or_cache():
        return None
    return build(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="session")
def site(built: Site | None) -> Site:
    """The built site; skipped (saying why) where npm is missing."""
    if built is None:
        pytest.skip("npm is not installed (apt-get install npm): the web app cannot be built")
    return built


@pytest.fixture(scope="session")
def app_dir(built: Site | None, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site; where npm is missing, a copy of the bare app files."""
    if built is not None:
        return built.path
    bare = tmp_path_factory.mktemp("bare-app")
    shutil.copytree(STATIC, bare, dirs_exist_ok=True)
    return bare


@pytest.fixture(scope="session")
def has_engine(app_dir: Path) -> bool:
    return (app_dir / "pyodide").is_dir()


@pytest.fixture(scope="session")
def app_url(app_dir: Path) -> Iterator[str]:
    server = SiteServer(app_dir).start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    reason = browser_skip_reason()
    if reason is not None:
        pytest.skip(f"browser tests skipped: {reason}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


class Guard:
    """Records the requests a context made to other hosts (which it aborted)."""

    def __init__(self) -> None:
        self.foreign: list[str] = []

    def route(self, route: Any) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in {"data", "blob"} or parts.hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort()


OpenContext = Callable[..., Any]


@pytest.fixture
def open_context(chromium: Any) -> Iterator[OpenContext]:
    """Make browser contexts (options as Playwright's ``new_context``) that may reach only
    127.0.0.1; the test fails if one of them tried another host."""
    made: list[tuple[Any, Guard]] = []

    def make(**options: Any) -> Any:
        context = chromium.new_context(service_workers="allow", **options)
        guard = Guard()
        context.route("**/*", guard.route)
        context.foreign = guard.foreign
        made.append((context, guard))
        return context

    yield make
    foreign = [url for _, guard in made for url in guard.foreign]
    for context, _ in made:
        context.close()
    assert not foreign, f"the page tried to reach other hosts: {foreign}"


class Opened:
    """A fresh context on the app: ``page``, ``context``, ``foreign`` (requests to other
    hosts, aborted), ``errors`` (uncaught errors of the page)."""

    def __init__(self, context: Any, url: str) -> None:
        self.url = url
        self.context = context
        self.foreign: list[str] = context.foreign
        self.errors: list[str] = []
        self.page = context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def open(self, query: str = "") -> Any:
        """Go to the app (with ``query``, e.g. ``?p=...``) and wait until the page's game
        is set up."""
        self.page.goto(self.url + query)
        self.page.wait_for_function("() => window.sudokit && window.sudokit.session")
        return self.page


@pytest.fixture
def desktop(open_context: OpenContext, app_url: str) -> Opened:
    return Opened(open_context(**DESKTOP), app_url)


@pytest.fixture
def phone(open_context: OpenContext, app_url: str) -> Opened:
    return Opened(open_context(**PHONE), app_url)
