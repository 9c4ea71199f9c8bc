"""The web app in Debian's Chromium: site size, time to a ready grid (cold and warm), and
the engine's ops in the browser (a new 9×9 puzzle per level, a hint, an explanation).

    .venv/bin/python benchmarks/bench_web.py [--seeds 3] [--warm 3] [--dir DIR]

Builds the site (``sudokit web build``, from the cache after the first time), serves it
on 127.0.0.1 and drives headless Chromium through Playwright. Times are the page's own
clock (``performance.now()`` from the start of navigation): wall time on this machine,
so they vary with its load; the header says what else was running. Without Chromium or
Playwright it says so and exits with status 0.

- *board*: the first cell of the board in the page (the board plays from then on, with
  no Python);
- *ready*: the grid's ``aria-busy`` turns ``"false"``: the engine answered it is ready;
- *cold*: a new browser profile (nothing cached); *warm*: a reload once the service
  worker has cached the build;
- ops: the app's Worker started on its own in the page, each request timed from
  ``postMessage`` to the answer (pure-Python engine under Pyodide, WebAssembly).
"""

from __future__ import annotations

import argparse
import gzip
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "web"))

from browser_support import CHROMIUM_ARGS, DESKTOP, browser_skip_reason, chromium_path

from sudokit.generator import levels_for
from sudokit.web.build import Site, build
from sudokit.web.server import SiteServer

#: Records when the board's first cell appears and when the grid stops being busy.
PROBE = """(() => {
  const seen = () => {
    if (window.__boardAt === undefined && document.querySelector('[role="gridcell"]')) {
      window.__boardAt = performance.now();
    }
    const grid = document.querySelector('[role="grid"]');
    if (window.__readyAt === undefined && grid && grid.getAttribute("aria-busy") === "false") {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["aria-busy"],
  });
})();"""

#: Starts the app's Worker and times requests: ops is a list of [op, args].
TIME_OPS = """async (ops) => {
  const t0 = performance.now();
  const worker = new Worker("worker.js", { type: "module" });
  let pending = null;
  worker.onmessage = (e) => { if (pending) { const p = pending; pending = null; p(e.data); } };
  const next = () => new Promise((resolve) => { pending = resolve; });
  const ready = await next();
  const out = { ready: performance.now() - t0, event: ready.event, error: ready.error, ops: [] };
  if (ready.event !== "ready") { worker.terminate(); return out; }
  let id = 0;
  for (const [op, args] of ops) {
    const answer = next();
    const start = performance.now();
    worker.postMessage({ id: ++id, op, args });
    const reply = await answer;
    const r = reply.result || {};
    const kept = op === "new" ? { givens: r.givens, rules: r.rules, solution: r.solution } : null;
    out.ops.push({ op, args, ms: performance.now() - start, ok: reply.ok, error: reply.error,
                   result: kept });
  }
  worker.terminate();
  return out;
}"""


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def human(size: float) -> str:
    return f"{size / 1e6:.2f} MB" if size >= 1e5 else f"{size / 1e3:.1f} kB"


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6))


def sizes(site: Site) -> list[tuple[str, str, str]]:
    root = site.path
    rows = []
    groups: dict[str, list[Path]] = {
        "whole site": [root / f for f in site.files],
        "Pyodide runtime": [root / f for f in site.files if f.startswith("pyodide/")],
        "sudokit wheel": [root / "wheels" / site.wheels[0]],
        "platformdirs wheel": [root / "wheels" / site.wheels[1]],
        "bank.json": [root / "bank.json"],
        "app (html, js, css, icons)": [
            root / f
            for f in site.files
            if not f.startswith(("pyodide/", "wheels/")) and f not in {"bank.json", "site.json"}
        ],
    }
    for label, paths in groups.items():
        raw = sum(p.stat().st_size for p in paths)
        packed = sum(gzip_size(p) for p in paths)
        rows.append((label, human(raw), human(packed)))
    return rows


def load_times(browser: Any, url: str, warm: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"cold board": [], "cold ready": [], "warm board": []}
    out["warm ready"] = []
    context = browser.new_context(service_workers="allow", **DESKTOP)
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=600_000)
    out["cold board"].append(page.evaluate("window.__boardAt"))
    out["cold ready"].append(page.evaluate("window.__readyAt"))
    page.evaluate(
        """async () => {
          for (let i = 0; i < 3000; i++) {
            const reg = await navigator.serviceWorker.getRegistration();
            if (reg && reg.active && reg.active.state === "activated"
                && navigator.serviceWorker.controller) return;
            await new Promise((r) => setTimeout(r, 100));
          }
        }"""
    )
    for _ in range(warm):
        page.reload()
        page.wait_for_function("() => window.__readyAt !== undefined", timeout=600_000)
        out["warm board"].append(page.evaluate("window.__boardAt"))
        out["warm ready"].append(page.evaluate("window.__readyAt"))
    context.close()
    return out


def op_times(browser: Any, url: str, seeds: int) -> dict[str, Any]:
    context = browser.new_context(service_workers="block", **DESKTOP)
    page = context.new_page()
    page.goto(url)
    ops: list[list[Any]] = []
    for level in levels_for(9):
        for seed in range(101, 101 + seeds):
            ops.append(["new", {"size": 9, "level": level, "seed": seed}])
    result: dict[str, Any] = page.evaluate(TIME_OPS, ops)
    if result.get("event") != "ready":
        context.close()
        return result
    # A hint and an explanation on a fresh game of each level (the first seed's puzzle).
    follow: list[list[Any]] = []
    for level in levels_for(9):
        made = next(o for o in result["ops"] if o["args"]["level"] == level)["result"]
        game = {"rules": made["rules"], "givens": made["givens"], "solution": made["solution"]}
        follow.append(["sync", {**game, "moves": []}])
        follow.append(["hint", {"stage": 1}])
        follow.append(["hint", {"stage": 3}])
        follow.append(["explain", {}])
    more: dict[str, Any] = page.evaluate(TIME_OPS, follow)
    result["follow"] = more["ops"]
    context.close()
    return result


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=3, help="puzzles per level (default 3)")
    parser.add_argument("--warm", type=int, default=3, help="warm reloads (default 3)")
    parser.add_argument("--dir", type=Path, help="build into this folder (default: a temp one)")
    args = parser.parse_args()
    reason = browser_skip_reason()
    if reason is not None:
        print(f"skipped: {reason}")
        return 0
    from playwright.sync_api import sync_playwright

    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start")
    with tempfile.TemporaryDirectory() as tmp:
        start, children = time.process_time(), _children_cpu()
        t0 = time.perf_counter()
        site = build(args.dir or Path(tmp) / "site")
        wall = time.perf_counter() - t0
        own, tools = time.process_time() - start, _children_cpu() - children
        print(
            f"build: {wall:.2f} s wall, CPU {own:.2f} s here + {tools:.2f} s in npm/pip "
            f"(what is cached is not made again) — {site.build}"
        )
        start, children = time.process_time(), _children_cpu()
        t0 = time.perf_counter()
        build(args.dir or Path(tmp) / "site")
        own, tools = time.process_time() - start, _children_cpu() - children
        print(f"build again: {time.perf_counter() - t0:.2f} s wall, CPU {own + tools:.2f} s")
        print("\nsite size            raw        gzip -6")
        for label, raw, packed in sizes(site):
            print(f"  {label:<27}{raw:>10} {packed:>12}")
        with SiteServer(site.path) as server, sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
            )
            loads = load_times(browser, server.url, args.warm)
            print("\ntime to (ms, page clock)     board      ready")
            for kind in ("cold", "warm"):
                board, ready = median(loads[f"{kind} board"]), median(loads[f"{kind} ready"])
                runs = len(loads[f"{kind} ready"])
                print(f"  {kind} (median of {runs})".ljust(28) + f"{board:>7.0f} {ready:>10.0f}")
            ops = op_times(browser, server.url, args.seeds)
            browser.close()
        if ops.get("event") != "ready":
            print(f"\nthe engine did not load in the page: {ops.get('error')}")
            return 1
        print(f"\nengine in the browser (ms)   worker ready in {ops['ready']:.0f} ms (cold)")
        print("  op                          median      max   n  failed")
        by_level: dict[str, list[dict[str, Any]]] = {}
        for o in ops["ops"]:
            by_level.setdefault(o["args"]["level"], []).append(o)
        for level, runs in by_level.items():
            ms = [o["ms"] for o in runs]
            bad = sum(not o["ok"] for o in runs)
            print(f"  new 9×9 {level:<20}{median(ms):>7.0f} {max(ms):>8.0f} {len(ms):>3} {bad:>7}")
        for name in ("sync", "hint", "explain"):
            runs = [o for o in ops["follow"] if o["op"] == name]
            if name == "hint":
                for stage in (1, 3):
                    staged = [o for o in runs if o["args"]["stage"] == stage]
                    ms = [o["ms"] for o in staged]
                    bad = sum(not o["ok"] for o in staged)
                    label = f"hint stage {stage}"
                    print(f"  {label:<28}{median(ms):>7.0f} {max(ms):>8.0f} {len(ms):>3} {bad:>7}")
                continue
            ms = [o["ms"] for o in runs]
            bad = sum(not o["ok"] for o in runs)
            print(f"  {name:<28}{median(ms):>7.0f} {max(ms):>8.0f} {len(ms):>3} {bad:>7}")
        errors = {o["error"] for o in ops["ops"] + ops["follow"] if not o["ok"]}
        for error in sorted(errors):
            print(f"  error: {error}")
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
