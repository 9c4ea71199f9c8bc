"""After one visit the app opens and plays with no network: the service worker has cached
the app and the engine, and no request ever leaves 127.0.0.1."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from browser_support import DESKTOP, LOCAL_HOSTS, OpenContext

from sudokit.web.build import STATIC, Site
from sudokit.web.server import SiteServer

pytestmark = pytest.mark.browser

#: Loading Pyodide on a busy two-core machine can take a while: a wait, not a limit.
ENGINE_WAIT_MS = 180_000

#: Starts the app's Worker by itself (the contract every page of the app relies on) and
#: asks it for a 4×4 puzzle: {ready: <first event>, answer: <reply to "new">}.
ASK_ENGINE = """async (wait) => {
  const worker = new Worker("worker.js", { type: "module" });
  const next = () => new Promise((resolve) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = (e) => resolve({ event: "error", error: String(e.message || e) });
    setTimeout(() => resolve({ event: "timeout", error: `no answer in ${wait} ms` }), wait);
  });
  const ready = await next();
  if (ready.event !== "ready") { worker.terminate(); return { ready, answer: null }; }
  const reply = next();
  worker.postMessage({ id: 7, op: "new", args: { size: 4, level: "easy", seed: 1 } });
  const answer = await reply;
  worker.terminate();
  return { ready, answer };
}"""

needs_worker = pytest.mark.skipif(
    not (STATIC / "worker.js").is_file(),
    reason="the app's engine worker (static/worker.js) is not there yet",
)


def _shell_loaded(page: Any) -> None:
    """The app's page is there: its title, and a board of cells named for screen readers."""
    assert "sudokit" in page.title()
    grid = page.get_by_role("grid", name=re.compile("Sudoku"))
    grid.wait_for()
    # The board's cells are drawn once the saved game or the bank has been read, which
    # may be a moment after the grid itself is there.
    page.get_by_role("gridcell").first.wait_for()
    assert page.get_by_role("gridcell").count() in {16, 36, 81, 144, 256}


def _until(page: Any, condition: str, arg: object = None) -> None:
    """Wait until the async JavaScript ``condition(arg)`` is true (``wait_for_function``
    takes a promise for a true value, so it cannot await one)."""
    done = page.evaluate(
        """async ([condition, arg, wait]) => {
          const test = eval(`(${condition})`);
          for (const end = Date.now() + wait; Date.now() < end; ) {
            if (await test(arg)) return true;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
          return false;
        }""",
        [condition, arg, ENGINE_WAIT_MS],
    )
    assert done, f"still not true: {condition}"


def _cached(page: Any, build: str) -> None:
    """Wait until the service worker is active and controls the page, with this build's
    files cached."""
    _until(
        page,
        """async (build) => {
          const reg = await navigator.serviceWorker.getRegistration();
          if (!reg || !reg.active || reg.active.state !== "activated") return false;
          if (!navigator.serviceWorker.controller) return false;
          const cache = await caches.open(`sudokit-${build}`);
          return Boolean(await cache.match("site.json"));
        }""",
        build,
    )


@needs_worker
def test_after_one_visit_the_app_and_engine_load_with_the_server_stopped(
    site: Site, open_context: OpenContext
) -> None:
    server = SiteServer(site.path).start()
    context = open_context(**DESKTOP)
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    page = context.new_page()
    try:
        page.goto(server.url)
        _shell_loaded(page)
        _cached(page, site.build)
    finally:
        server.stop()
    # The server is gone: everything now comes from the service worker's cache.
    page.reload()
    _shell_loaded(page)
    result = page.evaluate(ASK_ENGINE, ENGINE_WAIT_MS)
    assert result["ready"]["event"] == "ready", result
    answer = result["answer"]
    assert answer["id"] == 7 and answer["ok"], answer
    assert re.fullmatch(r"[1-4.]{16}", answer["result"]["givens"])
    page.get_by_role("grid").and_(page.locator('[aria-busy="false"]')).wait_for(
        timeout=ENGINE_WAIT_MS
    )
    assert not context.foreign
    assert requests and all(urlsplit(url).hostname in LOCAL_HOSTS for url in requests), [
        url for url in requests if urlsplit(url).hostname not in LOCAL_HOSTS
    ]


@needs_worker
def test_a_shared_link_opens_offline_too(site: Site, open_context: OpenContext) -> None:
    """A page address with a query (a shared puzzle's ?p=...) is answered from the cache."""
    server = SiteServer(site.path).start()
    context = open_context(**DESKTOP)
    page = context.new_page()
    try:
        page.goto(server.url)
        _cached(page, site.build)
    finally:
        server.stop()
    context.set_offline(True)
    page.goto(server.url + "?p=" + "1..." * 4)
    _shell_loaded(page)


def test_an_old_builds_cache_is_deleted_when_a_new_build_takes_over(
    site: Site, open_context: OpenContext, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A new build's worker waits, the page learns it (pwa.js), applies it, and the old
    build's cache is gone."""
    import shutil

    folder = tmp_path_factory.mktemp("updating")
    shutil.copytree(site.path, folder, dirs_exist_ok=True)
    server = SiteServer(folder).start()
    try:
        context = open_context(**DESKTOP)
        page = context.new_page()
        page.goto(server.url)
        _cached(page, site.build)
        # A new build: the service worker's BUILD line changes, as `web build` does.
        sw = folder / "sw.js"
        sw.write_text(sw.read_text().replace(site.build, site.build + "-next"))
        waiting = page.evaluate(
            """async () => {
              const reg = await navigator.serviceWorker.getRegistration();
              await reg.update();
              for (let i = 0; i < 1800 && !reg.waiting; i++) {
                await new Promise((r) => setTimeout(r, 100));
              }
              return Boolean(reg.waiting);
            }"""
        )
        assert waiting
        # The page learns that an update waits, as the app does (pwa.js) ...
        offered = page.evaluate(
            """async () => {
              const { registerServiceWorker } = await import("./pwa.js");
              return await new Promise((resolve) => {
                registerServiceWorker({
                  onUpdate: (apply) => { window.applyUpdate = apply; resolve(true); },
                });
                setTimeout(() => resolve(false), 60000);
              });
            }"""
        )
        assert offered
        # ... and taking it switches to the new build: the page reloads under it.
        with page.expect_navigation():
            page.evaluate("window.applyUpdate()")
        _until(
            page, "async (b) => (await caches.keys()).join() === `sudokit-${b}-next`", site.build
        )
    finally:
        server.stop()
