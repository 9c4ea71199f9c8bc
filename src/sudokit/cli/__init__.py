"""The ``sudokit`` command line. With ``gui/``, the only code that prints or exits.

Commands live in one module per area (``core``, ...); each registers itself on
:data:`main` when imported below. Library errors become ``error: ...`` on stderr and an
exit status here, at the edge.
"""

from __future__ import annotations

import click

from .. import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="sudokit")
def main() -> None:
    """sudokit: solve, check, generate and play Sudoku (4×4 to 16×16)."""


# Command modules register themselves on `main` (imported for that effect).
from . import core, game, watch  # noqa: E402, F401
