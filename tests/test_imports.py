"""Import hygiene: ``import sudokit`` stays light, and imports flow down the layers."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

import sudokit

PACKAGE = Path(sudokit.__file__).resolve().parent

DESIGN = PACKAGE.parents[1] / "docs" / "design.md"


def _layers_from_design() -> dict[str, int]:
    """The layer order as ``docs/design.md`` draws it (``a → b → {c, d}``): the test and
    the page cannot drift apart. A module may import its own layer or lower ones."""
    text = DESIGN.read_text(encoding="utf-8")
    line = next(
        ln for ln in text.splitlines() if ln.startswith(("errors", "{errors")) and "→" in ln
    )
    layers: dict[str, int] = {}
    for rank, part in enumerate(line.split("→")):
        for name in part.strip().strip("{}").split(","):
            layers[name.strip()] = rank
    return layers


LAYERS = _layers_from_design()
#: Third-party packages sudokit may import: its dependencies, and the optional extras,
#: which are imported at module level only by the packages that need them (elsewhere
#: inside functions, so that sudokit works without them).
REQUIRED = {"click", "rich", "platformdirs"}
OPTIONAL = {
    "pygame": ("gui",),
    "PIL": ("render",),
    "reportlab": ("render",),
    "dask": ("solvers",),
    "distributed": ("solvers",),
    "darkdetect": ("gui",),
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


#: A one-puzzle ``sudokit solve``, as the console script runs it, and what it loaded.
_SOLVE_PROBE = """
import sys
from sudokit.cli import main
line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
try:
    main(["solve", line])
except SystemExit as end:
    assert not end.code, end.code
print(sorted(sys.modules))
"""

#: What a one-puzzle solve must not import: each costs start-up (together more than the
#: solve itself) and serves only other commands, files of puzzles or other sizes. (click
#: itself imports ``typing``, ``inspect`` and ``uuid``; those cannot be avoided here.)
_NOT_FOR_ONE_SOLVE = (
    "rich",
    "json",
    "pathlib",
    "urllib",
    "random",
    "shlex",
    "concurrent",
    "sudokit.formats.position",
    "sudokit.formats.sniffing",
    "sudokit.solvers.fast",
    "sudokit.solvers.batch",
    "sudokit.cli._plain",
    "sudokit.logic",
    "sudokit.generator",
)


def test_a_one_puzzle_solve_imports_only_what_it_uses() -> None:
    out = run_python("-c", _SOLVE_PROBE)
    assert out.returncode == 0, out.stderr
    answer, listing = out.stdout.splitlines()
    assert answer.startswith("417369825")
    loaded = ast.literal_eval(listing)
    assert "click" in loaded  # the probe ran the real command line
    extra = [
        m for m in loaded for name in _NOT_FOR_ONE_SOLVE if m == name or m.startswith(f"{name}.")
    ]
    assert not extra, f"a one-puzzle solve imported {extra}"


def test_import_sudokit_imports_only_its_errors() -> None:
    # The public names load on first use (PEP 562), so a program that imports sudokit
    # for one thing pays for that thing only.
    out = run_python("-c", "import json, sys, sudokit; print(json.dumps(sorted(sys.modules)))")
    assert out.returncode == 0, out.stderr
    loaded = [m for m in json.loads(out.stdout) if m.split(".")[0] == "sudokit"]
    assert loaded == ["sudokit", "sudokit.errors"]
    assert "typing" not in json.loads(out.stdout)


def test_names_of_a_bare_import_still_resolve() -> None:
    # Lazy names and the subpackages a bare import used to load are attributes as before.
    code = (
        "import sudokit; "
        "print(sudokit.solvers.native.__name__, sudokit.Grid.__module__, "
        "sudokit.Record.__module__, sudokit.solve.__module__)"
    )
    out = run_python("-c", code)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [
        "sudokit.solvers.native",
        "sudokit.grid",
        "sudokit.formats.position",
        "sudokit.solvers",
    ]


def test_import_sudokit_is_quiet_and_warning_free() -> None:
    out = run_python("-W", "error", "-c", "import sudokit")
    assert out.returncode == 0, out.stderr
    assert out.stdout == ""
    assert out.stderr == ""


def test_public_names_exist() -> None:
    for name in sudokit.__all__:
        assert hasattr(sudokit, name), name
    assert isinstance(sudokit.__version__, str)


@cache
def _modules() -> list[tuple[str, Path]]:
    """(dotted name inside sudokit, path) of every Python module of the package."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out.append((".".join(parts), path))
    return out


@cache
def _module_names() -> frozenset[str]:
    return frozenset("sudokit" + (f".{m}" if m else "") for m, _ in _modules())


@cache
def _imports(path: Path, module: str) -> list[tuple[int, str, bool]]:
    """``(line, absolute name, inside a function)`` for every import of a module.

    ``from X import y`` records ``X.y`` when that is a module of sudokit, else ``X``.
    """
    modules = _module_names()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    here = ["sudokit", *[p for p in module.split(".") if p]]
    if not is_package:
        here = here[:-1]
    found: list[tuple[int, str, bool]] = []

    def visit(node: ast.AST, nested: bool) -> None:
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name, nested) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.append((node.lineno, sub if sub in modules else target, nested))
        inner = nested or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(tree, False)
    return found


def _layer(dotted: str) -> int | None:
    parts = dotted.split(".")
    if parts[0] != "sudokit" or len(parts) < 2:
        return None
    return LAYERS.get(parts[1])


def test_every_module_has_a_layer() -> None:
    # A new module or package must take its place in docs/design.md's layer order.
    tops = {m.split(".")[0] for m, _ in _modules()} - {"", "__main__"}
    missing = sorted(tops - set(LAYERS))
    assert not missing, f"not in the layer order of docs/design.md: {missing}"


@pytest.mark.parametrize(
    ("module", "path"),
    [pytest.param(m, p, id=m) for m, p in _modules() if m.split(".")[0] in LAYERS],
)
def test_imports_flow_down(module: str, path: Path) -> None:
    # Inside functions too: a late import up the layers is still a dependency upwards.
    own = LAYERS[module.split(".")[0]]
    for lineno, target, _nested in _imports(path, module):
        layer = _layer(target)
        if layer is not None:
            assert layer <= own, f"{path.name}:{lineno} imports {target} (a higher layer)"


@pytest.mark.parametrize(
    ("module", "path"), [pytest.param(m, p, id=m or "sudokit") for m, p in _modules()]
)
def test_third_party_imports_are_declared(module: str, path: Path) -> None:
    package = module.split(".")[0]
    for lineno, target, nested in _imports(path, module):
        top = target.split(".")[0]
        if top in ("sudokit", "") or top in sys.stdlib_module_names or top in REQUIRED:
            continue
        assert top in OPTIONAL, f"{path.name}:{lineno} imports {top}, not a declared dependency"
        assert nested or package in OPTIONAL[top], (
            f"{path.name}:{lineno} imports the optional {top} at module level: "
            "import it inside the function that needs it"
        )


def test_no_import_cycles_inside_packages() -> None:
    """Modules of one package do not import each other in a circle, late imports
    included (a package's ``__init__`` counts as one of its modules)."""
    packages = {
        "sudokit" + (f".{m}" if m else "") for m, p in _modules() if p.name == "__init__.py"
    }

    def container(name: str) -> str:
        return name if name in packages else name.rpartition(".")[0]

    graph: dict[str, set[str]] = {}
    for module, path in _modules():
        me = "sudokit" + (f".{module}" if module else "")
        graph[me] = {
            target
            for _lineno, target, _nested in _imports(path, module)
            if target != me
            and target in graph.keys() | _module_names()
            and (container(target) == container(me) or target == container(me))
        }
    state: dict[str, int] = {}  # 1: on the path being explored, 2: done
    path_: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path_.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycle = [*path_[path_.index(nxt) :], nxt]
                raise AssertionError("import cycle: " + " → ".join(cycle))
            if nxt not in state:
                visit(nxt)
        path_.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)


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
