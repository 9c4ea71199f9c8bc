"""A small static server for a built site (``sudokit web serve``, and the browser tests).

Only for trying the app on this machine or a local network: any static host serves the
same folder to the world (nothing per player runs on a server). It sends the MIME types
the app needs (WebAssembly must be ``application/wasm`` to compile while it downloads,
ES modules a JavaScript type) and ``Cache-Control: no-cache``, so a rebuilt site is seen
at once (the service worker, not the HTTP cache, is what keeps the app offline).
"""

from __future__ import annotations

import errno
import functools
import os
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from .build import BuildError

#: Suffix → Content-Type, beyond what Python's mimetypes knows on every system.
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
}


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the base class's own table, extended
        **SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: a page load is dozens of requests."""


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """Quiet when the browser hung up: a reload or a cancelled fetch drops requests
        mid-answer, which is no fault of the server; anything else is printed as before."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


class SiteServer:
    """Serves ``folder`` on ``host``:``port`` (0: a free port) from a background thread."""

    def __init__(self, folder: str | os.PathLike[str], host: str = "127.0.0.1", port: int = 0):
        self.folder = Path(folder)
        if not (self.folder / "index.html").is_file():
            raise BuildError(f"{self.folder} holds no site (no index.html): build it first")
        handler = functools.partial(_Handler, directory=str(self.folder))
        try:
            self.httpd = _Server((host, port), handler)
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                raise BuildError(
                    f"port {port} on {host} is in use: choose another with --port "
                    "(0 picks a free one)"
                ) from None
            raise BuildError(f"cannot serve on {host}:{port}: {err.strerror or err}") from None
        self.httpd.daemon_threads = True
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        host = host.decode() if isinstance(host, bytes) else str(host)
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{port}/"

    def start(self) -> SiteServer:
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        """Serve in this thread until interrupted (Ctrl+C raises KeyboardInterrupt here)."""
        self.httpd.serve_forever()

    def stop(self) -> None:
        """Stop serving and free the port (a server started in a thread is joined)."""
        if self._thread is not None:
            self.httpd.shutdown()
            self._thread.join()
            self._thread = None
        self.httpd.server_close()

    def __enter__(self) -> SiteServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
