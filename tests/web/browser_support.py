"""What the web app's browser tests share besides fixtures: where Debian's Chromium is, how
it is started, the viewports, and the guard that keeps every request on 127.0.0.1."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

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


#: Playwright's ``new_context`` with the guard: what the ``open_context`` fixture gives.
OpenContext = Callable[..., Any]


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
