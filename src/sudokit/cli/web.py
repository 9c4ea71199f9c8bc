"""``sudokit web build`` and ``sudokit web serve``: the browser app as a static site."""

from __future__ import annotations

from pathlib import Path

import click

from ._io import Failure

#: The port ``serve`` listens on unless told.
DEFAULT_PORT = 8000


def _mb(size: int) -> str:
    return f"{size / 1e6:.1f} MB" if size >= 100_000 else f"{size / 1e3:.0f} kB"


def _progress(message: str) -> None:
    click.echo(message, err=True)


def _build(folder: Path) -> object:
    from ..web.build import BuildError, build

    try:
        return build(folder, progress=_progress)
    except BuildError as err:
        raise Failure(str(err)) from None


@click.group()
def web() -> None:
    """Build or serve the web app (offline, for phone and desktop).

    The app is a static site: the board and game in plain JavaScript, and sudokit itself
    running in the browser on Pyodide. Any static host can serve the folder that
    'sudokit web build' writes; nothing per player runs on a server.
    """


@web.command("build")
@click.argument("folder", metavar="DIR", type=click.Path(path_type=Path))
def build_cmd(folder: Path) -> None:
    """Write the web app into DIR, ready for any static host.

    Fetches what it needs once (Pyodide with npm, a wheel with pip) into the user's cache
    folder and reuses it. Building again into DIR updates it; a folder that holds other
    things is refused.
    """
    from ..web.build import Site

    site = _build(folder)
    assert isinstance(site, Site)
    sizes = site.sizes
    click.echo(
        f"built {site.path}: {len(site.files)} files, {_mb(sizes['total'])} "
        f"(Pyodide {_mb(sizes['pyodide'])}, wheels {_mb(sizes['wheels'])}, "
        f"app {_mb(sizes['app'])}, puzzles {_mb(sizes['bank'])}), build {site.build}"
    )
    click.echo(f"try it: sudokit web serve --dir {site.path}")


@web.command("serve")
@click.option(
    "--dir",
    "folder",
    metavar="DIR",
    type=click.Path(path_type=Path),
    default=None,
    help="The site's folder (built or updated first); default: one in the user's cache.",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=DEFAULT_PORT,
    show_default=True,
    help="The port to listen on (0: any free port).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on (0.0.0.0: every network this machine is on).",
)
def serve_cmd(folder: Path | None, port: int, host: str) -> None:
    """Build the web app if needed and serve it here, until Ctrl+C.

    For trying the app on this machine (or a phone on the same network, with --host
    0.0.0.0); to publish it, put the folder that 'sudokit web build' writes on any
    static host.
    """
    from ..web.build import BuildError, cache_dir
    from ..web.server import SiteServer

    folder = folder if folder is not None else cache_dir() / "site"
    _build(folder)
    try:
        server = SiteServer(folder, host=host, port=port)
    except BuildError as err:
        raise Failure(str(err)) from None
    click.echo(f"sudokit web app at {server.url} (serving {folder}; Ctrl+C stops it)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("stopped", err=True)
    finally:
        server.stop()
