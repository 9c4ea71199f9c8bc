"""The ``sudokit`` command line. With ``gui/``, the only code that prints or exits.

Commands live in one module per area (``core``, ``generating``, ``logic``, ``game``,
``watch``, ``exchange``); the group imports a command's module only when that command runs (or
``--help`` lists it), so a one-puzzle ``sudokit solve`` does not pay for the game, the
logic engine or pygame.
Library errors become ``error: ...`` on stderr and an exit status here, at the edge.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

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


#: Command name → ``module:function`` in this package, in the order ``--help`` lists them.
COMMANDS: dict[str, str] = {
    "solve": "core:solve_cmd",
    "count": "core:count_cmd",
    "validate": "core:validate_cmd",
    "show": "core:show_cmd",
    "generate": "generating:generate_cmd",
    "hint": "logic:hint_cmd",
    "explain": "logic:explain_cmd",
    "rate": "logic:rate_cmd",
    "play": "game:play",
    "stats": "game:stats",
    "watch": "watch:watch",
    "print": "printing:print_cmd",
    "convert": "exchange:convert_cmd",
    "web": "web:web",
}


#: The exit status after Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = 130
#: The exit status after SIGTERM (128 + 15), as shells report it.
TERMINATED = 143


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread like Ctrl-C, so that the same clean-up runs
    (a file being written is not left as a partial temporary beside its target)."""


def _on_term(signum: int, frame: object) -> None:
    raise _Terminated


def _signals() -> ModuleType:
    """The C module of signals (``signal`` costs start-up for its enums), or ``signal``."""
    try:
        return importlib.import_module("_signal")
    except ImportError:  # pragma: no cover - not CPython
        import signal

        return signal


def _catch_sigterm() -> object:
    """Take SIGTERM as :class:`_Terminated` while a command runs; return the handler it
    had (None: not taken, as off the main thread, where no handler can be set)."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        return None
    signal = _signals()
    previous = signal.signal(signal.SIGTERM, _on_term)
    return signal.SIG_DFL if previous is None else previous


def _release_sigterm(previous: object) -> None:
    if previous is not None:
        signal = _signals()
        signal.signal(signal.SIGTERM, previous)


def _interrupted(status: int = INTERRUPTED) -> None:
    """Ctrl-C or SIGTERM: stop now, with no traceback. A search still running in the C
    core (on a worker thread, so that the main thread could take the signal) would hold
    the exit until it ends, so the process ends at once, its output flushed."""
    import contextlib
    import sys
    import threading

    if threading.active_count() > 1:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        os._exit(status)


#: What ``sudokit --help`` says of each command, so that listing them imports none of
#: them (a test keeps these equal to each command's own short help).
SUMMARIES: dict[str, str] = {
    "solve": "Solve a puzzle, or every puzzle in a file.",
    "count": "Count the solutions of a puzzle, up to a limit.",
    "validate": "Check that a puzzle is well-formed and has exactly one solution.",
    "show": "Print a puzzle with box lines; draw it as PNG or SVG.",
    "generate": "Generate puzzles with exactly one solution, one per line.",
    "hint": "Tell the next logical step of a puzzle, in words.",
    "explain": "Explain a puzzle's whole logical path, one step per line.",
    "rate": "Grade a puzzle, or every puzzle of a file: level and score.",
    "play": "Play in a desktop window (pygame-ce).",
    "stats": "Statistics of finished games, and where they are kept.",
    "watch": "Watch algorithms solve a puzzle step by step, or make a GIF.",
    "print": "Print a PDF book of puzzles: given, from a file, or generated.",
    "convert": "Convert puzzles between the formats Sudoku programs exchange.",
    "web": "Build or serve the web app (offline, for phone and desktop).",
}


class LazyGroup(click.Group):
    """A group whose commands are imported on first use."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        width = formatter.width - 6 - max(len(name) for name in COMMANDS)
        for name in self.list_commands(ctx):
            summary = SUMMARIES.get(name)
            if summary is None:
                command = self.get_command(ctx, name)
                if command is None or command.hidden:
                    continue
                summary = command.get_short_help_str(width)
            else:
                summary = click.Command(name, help=summary).get_short_help_str(width)
            rows.append((name, summary))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*COMMANDS, *sorted(set(super().list_commands(ctx)) - set(COMMANDS))]

    def invoke(self, ctx: click.Context) -> object:
        from ..errors import RulesError, UnsupportedRulesError, WriteError

        previous = _catch_sigterm()
        try:
            return super().invoke(ctx)
        # Every command: a file that cannot be written; rules that are malformed or that
        # a part of sudokit does not handle yet (refused, never answered as classic).
        except (WriteError, RulesError, UnsupportedRulesError) as err:
            from ._io import Failure

            raise Failure(str(err)) from None
        except KeyboardInterrupt as err:  # Ctrl-C, or SIGTERM (partial files removed)
            status = TERMINATED if isinstance(err, _Terminated) else INTERRUPTED
            _interrupted(status)
            raise click.exceptions.Exit(status) from None
        finally:
            _release_sigterm(previous)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        spec = COMMANDS.get(cmd_name)
        if spec is None:
            return super().get_command(ctx, cmd_name)
        module, _, attr = spec.partition(":")
        command = getattr(importlib.import_module(f"{__name__}.{module}"), attr)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
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
