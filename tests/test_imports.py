"""Import hygiene: ``import sudokit`` stays light, and imports flow down the layers."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import sudokit

PACKAGE = Path(sudokit.__file__).resolve().parent

#: DESIGN.md: errors → geometry → grid → formats → solvers → logic → generator → game →
#: {cli, gui, render}. A module may import its own layer or lower ones.
LAYERS = {
    "errors": 0,
    "files": 0,
    "geometry": 1,
    "grid": 2,
    "formats": 3,
    "solvers": 4,
    "logic": 5,
    "generator": 6,
    "game": 7,
    "cli": 8,
    "gui": 8,
    "render": 8,
}
CORE = ("errors", "files", "geometry", "grid", "formats", "solvers", "generator")
EXITS = {"print", "exit", "quit", "sys.exit", "os._exit", "os.abort"}

_PROBE = """
import json, sys
import sudokit
sudokit.count_solutions(sudokit.generate(4, seed=1))
def loaded(name):
    return sorted(m for m in sys.modules if m == name or m.startswith(name + "."))
print(json.dumps({
    "pygame": loaded("pygame"),
    "sudokit.gui": loaded("sudokit.gui"),
    "sudokit.cli": loaded("sudokit.cli"),
}))
"""


def run_python(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=120, check=False
    )


def test_import_sudokit_does_not_load_the_edges() -> None:
    # A fresh interpreter, so nothing imported by other tests can hide a problem.
    out = run_python("-c", _PROBE)
    assert out.returncode == 0, out.stderr
    loaded = json.loads(out.stdout)  # and nothing else was printed on import
    assert loaded == {"pygame": [], "sudokit.gui": [], "sudokit.cli": []}


def test_import_sudokit_is_quiet_and_warning_free() -> None:
    out = run_python("-W", "error", "-c", "import sudokit")
    assert out.returncode == 0, out.stderr
    assert out.stdout == ""
    assert out.stderr == ""


def test_public_names_exist() -> None:
    for name in sudokit.__all__:
        assert hasattr(sudokit, name), name
    assert isinstance(sudokit.__version__, str)


def _modules() -> list[tuple[str, Path]]:
    """(dotted name inside sudokit, path) of every Python module of the package."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out.append((".".join(parts), path))
    return out


def _module_level_imports(path: Path, module: str) -> list[tuple[int, str]]:
    """Absolute names of what a module imports when it is imported (not inside functions).

    Imports inside functions are deliberate late imports and are not checked here.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    here = ["sudokit", *[p for p in module.split(".") if p]]
    if not is_package:
        here = here[:-1]
    found: list[tuple[int, str]] = []

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.extend((node.lineno, alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here[: len(here) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                if node.module is None or node.level:
                    # ``from . import x`` may name submodules: record each.
                    found.extend((node.lineno, f"{target}.{a.name}") for a in node.names)
                found.append((node.lineno, target))
            elif isinstance(node, ast.If | ast.Try):
                visit(node.body)
                visit(node.orelse)
                if isinstance(node, ast.Try):
                    for handler in node.handlers:
                        visit(handler.body)
                    visit(node.finalbody)

    visit(tree.body)
    return found


def _layer(dotted: str) -> int | None:
    parts = dotted.split(".")
    if parts[0] != "sudokit" or len(parts) < 2:
        return None
    return LAYERS.get(parts[1])


@pytest.mark.parametrize(
    ("module", "path"),
    [pytest.param(m, p, id=m) for m, p in _modules() if m.split(".")[0] in LAYERS],
)
def test_imports_flow_down(module: str, path: Path) -> None:
    own = LAYERS[module.split(".")[0]]
    for lineno, target in _module_level_imports(path, module):
        layer = _layer(target)
        if layer is not None:
            assert layer <= own, f"{path.name}:{lineno} imports {target} (a higher layer)"


def _all_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
    return names


def test_only_gui_imports_pygame() -> None:
    for module, path in _modules():
        if module.split(".")[0] == "gui":
            continue
        for name in _all_imports(path):
            assert name.split(".")[0] != "pygame", f"{module} imports {name}"


@pytest.mark.parametrize("layer", CORE)
def test_core_layers_do_not_print_or_exit(layer: str) -> None:
    # Rule 7: only the edges print or exit; the library logs.
    paths = [p for m, p in _modules() if m.split(".")[0] == layer]
    assert paths
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = ast.unparse(node.func)
                assert name not in EXITS, f"{path.name}:{node.lineno} calls {name}"
