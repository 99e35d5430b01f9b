"""No import circle anywhere in the package: every module-level import, read from the source, and
the package ``__init__`` an import from outside a package runs first, form a graph without
cycles (issue 12: the grids and the file readers once imported each other through the sequence
codec, hidden by a lazy ``__getattr__``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = {"vmodgen": ROOT / "vmodgen", "vmodgen.engine": ROOT / "engine", "vmodgen.art": ROOT / "art"}


def _modules() -> dict[str, Path]:
    found = {}
    for name, folder in FOLDERS.items():
        for path in folder.rglob("*.py"):
            parts = path.relative_to(folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join((name, *parts))] = path
    return found


def _is_package(modules: dict[str, Path], name: str) -> bool:
    return name in modules and modules[name].name == "__init__.py"


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules this module imports when it is loaded (imports at module level, not
    inside functions; ``if TYPE_CHECKING:`` blocks run no import)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if _is_package(modules, name) else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in _top_level(tree.body):
        if isinstance(node, ast.Import):
            targets |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1] + ([base] if base else []))
            targets.add(base)
            targets |= {f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in modules}
    found = set()
    for target in targets:
        if target not in modules:
            continue
        found.add(target)
        # Loading a.b.c from outside package a.b first runs a.b's __init__ (and a's).
        parts = target.split(".")
        for cut in range(1, len(parts)):
            parent = ".".join(parts[:cut])
            if parent in modules and not (name == parent or name.startswith(parent + ".")):
                found.add(parent)
    found.discard(name)
    return found


def _top_level(body: list[ast.stmt]) -> list[ast.stmt]:
    nodes: list[ast.stmt] = []
    for node in body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            nodes += _top_level(node.orelse)
        elif isinstance(node, (ast.If, ast.Try)):
            nodes += _top_level(node.body) + _top_level(getattr(node, "orelse", []))
            for handler in getattr(node, "handlers", []):
                nodes += _top_level(handler.body)
        else:
            nodes.append(node)
    return nodes


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for child in sorted(graph[node]):
            if child not in index:
                visit(child)
                low[node] = min(low[node], low[child])
            elif child in on_stack:
                low[node] = min(low[node], index[child])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def test_the_package_has_no_import_cycle() -> None:
    assert _cycles(import_graph()) == []


def test_the_walk_sees_imports_through_a_package_init() -> None:
    graph = import_graph()
    assert "vmodgen.engine.vassal.module" in graph["vmodgen.engine.vassal"]
    assert "vmodgen.engine.sequence" in graph["vmodgen.engine.grids.zoned"]
    assert "vmodgen.engine.vassal" not in graph["vmodgen.engine.grids.zoned"]


def test_a_cycle_is_found_when_there_is_one() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
