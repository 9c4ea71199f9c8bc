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

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    CHROMIUM_ARGS,
    DESKTOP,
    PHONE,
    Guard,
    OpenContext,
    Opened,
    browser_skip_reason,
    chromium_path,
)

from sudokit.web.build import STATIC, BuildError, Site, build, cache_dir, pyodide_dir
from sudokit.web.server import SiteServer


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


@pytest.fixture
def desktop(open_context: OpenContext, app_url: str) -> Opened:
    return Opened(open_context(**DESKTOP), app_url)


@pytest.fixture
def phone(open_context: OpenContext, app_url: str) -> Opened:
    return Opened(open_context(**PHONE), app_url)
