"""The import rule of ARCHITECTURE.md, checked on the source of every module.

Layers, lowest first: ``game`` (the rules core), then ``ledgers`` (a club's books: ledgers,
seasons, their files and replay) and ``strategy`` (each built on the core alone), ``shelby``
(on the core and the ledgers), then ``lessons``; every other module is an adapter (widgets,
workbook, CLI, pictures, frames, Jupyter), and ``guts_teach/__init__.py`` is the façade. A
module may import its own layer and the layers below it; nothing below imports an adapter;
the five layers (and ``lazy.py``, which every package's ``__init__`` uses to load its public
names on first use) import only the standard library; and no modules import each other in a circle,
counting imports made inside functions and imports under ``if TYPE_CHECKING:`` (a type a
module needs is a dependency too, even when it is never imported at run time).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable

from support.paths import REPO

PACKAGE = REPO / "guts_teach"

MAY_IMPORT = {
    "lazy": {"lazy"},
    "game": {"lazy", "game"},
    "ledgers": {"lazy", "game", "ledgers"},
    "shelby": {"lazy", "game", "ledgers", "shelby"},
    "strategy": {"lazy", "game", "strategy"},
    "lessons": {"lazy", "game", "ledgers", "shelby", "strategy", "lessons"},
    "adapter": {"lazy", "game", "ledgers", "shelby", "strategy", "lessons", "adapter"},
    "facade": {"lazy", "game", "ledgers", "shelby", "strategy", "lessons", "adapter", "facade"},
}
LAYERS = {"game", "ledgers", "shelby", "strategy", "lessons"}
STANDARD_LIBRARY_ONLY = LAYERS | {"lazy"}


def layer(module: str) -> str:
    """``guts_teach.game.cards.deck`` -> ``game``; anything outside the layers is an adapter."""
    parts = module.split(".")
    if parts in (["guts_teach"], ["guts_teach", "__main__"]):
        return "facade"
    if parts == ["guts_teach", "lazy"]:  # every package's __init__ loads its names through it
        return "lazy"
    return parts[1] if parts[1] in LAYERS else "adapter"


def sources() -> dict[str, str]:
    """Every module of the package by its dotted name, with its source."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path.read_text(encoding="utf-8")
    return found


def imports(module: str, source: str, known: Iterable[str]) -> list[tuple[str, int]]:
    """(imported name, line) for every import in ``source``, relative ones made absolute;
    ``from package import module`` counts as importing that module."""
    known = set(known)
    package = module if _is_package(module, source) else module.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            for alias in node.names:
                child = f"{target}.{alias.name}"
                found.append((child if child in known else target, node.lineno))
    return found


def _is_package(module: str, source: str) -> bool:
    return (PACKAGE.parent / module.replace(".", "/") / "__init__.py").exists()


def violations(modules: dict[str, str]) -> list[str]:
    """Every import against the rule, and every circle of imports, in words."""
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    found: list[str] = []
    graph: dict[str, set[str]] = {}
    for module, source in modules.items():
        own = layer(module)
        graph[module] = set()
        for name, line in sorted(set(imports(module, source, modules))):
            if name.split(".")[0] != "guts_teach":
                if own in STANDARD_LIBRARY_ONLY and name.split(".")[0] not in stdlib:
                    found.append(f"{module}:{line} ({own}) imports the outside package {name}")
                continue
            target = next((m for m in (name, name.rsplit(".", 1)[0]) if m in modules), name)
            if layer(target) not in MAY_IMPORT[own]:
                found.append(f"{module}:{line} ({own}) imports {target} ({layer(target)})")
            if target != module and not module.startswith(target + "."):
                graph[module].add(target)
    found += [f"import circle: {', '.join(circle)}" for circle in circles(graph)]
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_every_import_follows_the_layers_and_none_goes_round_in_a_circle():
    assert violations(sources()) == []


def test_the_check_would_catch_a_wrong_import_and_a_circle():
    modules = sources()
    modules["guts_teach.game.cards.deck"] += "\nfrom ...widgets.parts import style\n"
    modules["guts_teach.strategy.counting.odds"] += "\nimport numpy\n"
    modules["guts_teach.game.money"] += "\ndef later():\n    from .play.session import Session\n"
    found = violations(modules)
    assert any(
        "guts_teach.game.cards.deck" in f and "guts_teach.widgets.parts.style (adapter)" in f
        for f in found
    )
    assert any("strategy.counting.odds" in f and "outside package numpy" in f for f in found)
    assert any(
        f.startswith("import circle") and "game.money" in f and "game.play.session" in f
        for f in found
    )


def test_the_layers_are_the_folders():
    folders = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert folders >= LAYERS
