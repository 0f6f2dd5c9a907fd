"""No import cycles inside the packages issue 20 named (the ledger, Elo, PRA, the legacy
systems and the simulation lab).

The graph is read from the source with :mod:`ast`: every ``import`` and ``from … import``
of an arpad module, at module level or inside a function (a function-level import that
only dodges a cycle is still a cycle), except those under ``if TYPE_CHECKING:`` (never run).
``from package import name`` counts as an import of the submodule ``package.name`` when
there is one, of the package otherwise; the implicit import of a module's parent packages
is not counted (Python runs a package's ``__init__`` first whatever it imports).
The same function, run on the whole of ``src/arpad`` from the command line, lists every
cycle: ``python tests/core/test_import_cycles.py``.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "arpad"

CHECKED = ("arpad.ledger", "arpad.systems", "arpad.sim")
"""The packages issue 20 freed of import cycles: every rating system's (PRA's went when
``SYSTEM`` and its lazy hooks moved above ``.system``, as in US Chess and Elo; FIDE's when
its states moved below ``.system`` and ``.table``), the ledger and the simulation lab."""


def _modules(root: Path) -> dict[str, Path]:
    out = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    for child in ast.iter_child_nodes(node):
        if _type_checking(child):
            assert isinstance(child, ast.If)
            for other in child.orelse:
                yield from _imports(ast.Module(body=[other], type_ignores=[]))
            continue
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child
        yield from _imports(child)


def _targets(
    node: ast.Import | ast.ImportFrom, package: str, modules: dict[str, Path]
) -> Iterator[str]:
    def known(name: str) -> str:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name

    if isinstance(node, ast.Import):
        yield from (known(a.name) for a in node.names)
        return
    base = node.module or ""
    if node.level:
        parts = package.split(".")
        base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        yield sub if sub in modules else known(base)


def import_graph(root: Path = SRC) -> dict[str, set[str]]:
    """Each arpad module's arpad imports (see the module's docstring)."""
    modules = _modules(root)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = {t for node in _imports(tree) for t in _targets(node, package, modules)}
        graph[name] = found - {name, ""}
    return graph


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other (strongly connected components of
    more than one module): each module with those it reaches and that reach it back."""
    reach = {name: _reachable(graph, name) for name in graph}
    found: list[list[str]] = []
    placed: set[str] = set()
    for name in sorted(graph):
        if name in placed:
            continue
        group = {name} | {m for m in reach[name] if name in reach.get(m, ())}
        if len(group) > 1:
            found.append(sorted(group))
            placed |= group
    return found


def test_the_checker_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def _cycles_in(packages: tuple[str, ...]) -> list[list[str]]:
    return [c for c in cycles(import_graph()) if any(m.startswith(packages) for m in c)]


def test_the_checked_packages_have_no_import_cycle() -> None:
    assert _cycles_in(CHECKED) == []


if __name__ == "__main__":
    for component in cycles(import_graph(Path(sys.argv[1]) if len(sys.argv) > 1 else SRC)):
        print(len(component), " ".join(component))
