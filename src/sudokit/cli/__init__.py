"""The ``sudokit`` command line. With ``gui/``, the only code that prints or exits.

Commands live in one module per area (``core``, ...); each registers itself on
:data:`main` when imported below. Library errors become ``error: ...`` on stderr and an
exit status here, at the edge.
"""

from __future__ import annotations

import click

from .. import __version__


def _show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from ..solvers import backends, native

    active = backends()[0]
    detail = f"C core, {native.BUILD}" if active == "native" else "pure Python"
    click.echo(f"sudokit {__version__} (9×9 backend: {active}, {detail})")
    if not native.AVAILABLE:
        click.echo("the C core is not built: solving uses the pure-Python backend")
    ctx.exit()


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "-V",
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_show_version,
    help="Show the version and the active solver backend, and exit.",
)
def main() -> None:
    """sudokit: solve, check, generate and play Sudoku (4×4 to 16×16)."""


# Command modules register themselves on `main` (imported for that effect).
from . import core, game, logic, watch  # noqa: E402, F401
