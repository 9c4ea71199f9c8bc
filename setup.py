"""Build of sudokit's optional C core (``sudokit._native``); everything else is in
pyproject.toml.

Where no C compiler works, sudokit still installs and runs on its pure-Python backend:
the extension is optional. ``SUDOKIT_NATIVE`` picks the policy:

- unset or ``auto``: build it if possible, otherwise warn and go on;
- ``required`` (or ``1``): a failed build fails the install (for CI, so a broken build
  cannot hide behind the fallback);
- ``off`` (or ``0``): do not build it.

Flags are portable (``-O3``, no ``-march=native``): a wheel built here runs on any CPU of
its architecture. ``SUDOKIT_NATIVE_CFLAGS`` adds flags, e.g. ``-march=native`` for a
build that only runs on this machine (see docs/solver.md).
"""

from __future__ import annotations

import os
import shlex
import sys

# Older setuptools ship no type information; newer ones do (hence unused-ignore).
from setuptools import Extension, setup  # type: ignore[import-untyped, unused-ignore]
from setuptools.command.build_ext import (  # type: ignore[import-untyped, unused-ignore]
    build_ext,
)
from setuptools.errors import (  # type: ignore[import-untyped, unused-ignore]
    CCompilerError,
    ExecError,
    PlatformError,
)

# What a missing or broken compiler raises.
BUILD_ERRORS = (CCompilerError, ExecError, PlatformError, OSError)

NATIVE = "src/sudokit/_native"
POLICY = os.environ.get("SUDOKIT_NATIVE", "auto").strip().lower()
if POLICY not in {"auto", "", "required", "1", "off", "0"}:
    sys.exit(f"SUDOKIT_NATIVE={POLICY!r}: expected auto, required or off")
REQUIRED = POLICY in {"required", "1"}
EXTRA_FLAGS = shlex.split(os.environ.get("SUDOKIT_NATIVE_CFLAGS", ""))


class BuildExt(build_ext):  # type: ignore[misc, unused-ignore]
    """Picks flags for the compiler at hand; tolerates a failed optional build."""

    def build_extensions(self) -> None:
        msvc = self.compiler.compiler_type == "msvc"
        flags = ["/O2"] if msvc else ["-O3"]
        flags += EXTRA_FLAGS
        shown = " ".join(flags).replace("\\", "\\\\").replace('"', '\\"')
        for ext in self.extensions:
            ext.extra_compile_args = flags + list(ext.extra_compile_args or [])
            ext.define_macros = [*ext.define_macros, ("SK_BUILD_FLAGS", f'"{shown}"')]
        super().build_extensions()

    def run(self) -> None:
        try:
            super().run()
        except BUILD_ERRORS as err:  # no compiler at all fails before any extension
            if REQUIRED:
                raise
            self.warn(f"sudokit: the C core was not built ({err}); using pure Python")

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except BUILD_ERRORS as err:
            if REQUIRED:
                raise
            self.warn(f"sudokit: the C core was not built ({err}); using pure Python")


ext_modules = []
if POLICY not in {"off", "0"}:
    ext_modules.append(
        Extension(
            "sudokit._native",
            sources=[
                f"{NATIVE}/module.c",
                f"{NATIVE}/solver.c",
                f"{NATIVE}/general.c",
                f"{NATIVE}/forcing.c",
                f"{NATIVE}/franken.c",
                f"{NATIVE}/fill.c",
                f"{NATIVE}/chains.c",
                f"{NATIVE}/als.c",
            ],
            depends=[
                f"{NATIVE}/solver.h",
                f"{NATIVE}/general.h",
                f"{NATIVE}/forcing.h",
                f"{NATIVE}/franken.h",
                f"{NATIVE}/fill.h",
                f"{NATIVE}/chains.h",
                f"{NATIVE}/als.h",
            ],
            optional=not REQUIRED,
        )
    )

setup(ext_modules=ext_modules, cmdclass={"build_ext": BuildExt})
