"""The lesson notebooks import only the user API (issue 40, item 2): the façade
``guts_teach`` and the top level of its user packages (``support.user_api.USER_API``), each
name one that package lists in ``__all__``. A module deeper in a package is internal and may
move (docs/reference/api.md), so a learner who copies a cell must never meet one."""

from __future__ import annotations

import ast
import importlib

import nbformat
import pytest
from support.paths import NOTEBOOKS
from support.user_api import USER_API

SHIPPED = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))


def python_of(source: str) -> str:
    """A code cell's source with IPython's magics and shell lines (``%``, ``!``) left out, which
    are not Python and import nothing of the package."""
    return "\n".join(
        "" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines()
    )


def deep_imports(source: str) -> list[str]:
    """Each import in ``source`` of the package that is not the user API, as the cell writes it."""
    found = []
    for node in ast.walk(ast.parse(python_of(source))):
        if isinstance(node, ast.Import):
            found += [
                ast.unparse(node)
                for alias in node.names
                if alias.name.split(".")[0] == "guts_teach" and alias.name not in USER_API
            ]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "guts_teach":
            module = str(node.module)
            if module not in USER_API:
                found.append(ast.unparse(node))
                continue
            public = set(importlib.import_module(module).__all__)
            unlisted = [
                alias.name
                for alias in node.names
                if alias.name not in public and f"{module}.{alias.name}" not in USER_API
            ]
            if unlisted:
                found.append(f"{ast.unparse(node)}  ({', '.join(unlisted)} not in __all__)")
    return found


def test_every_shipped_notebook_is_checked():
    assert len(SHIPPED) >= 6, SHIPPED


@pytest.mark.parametrize("name", SHIPPED)
def test_notebook_imports_only_the_user_api(name):
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    wrong = [
        f"{name}, cell {cell.get('id', index)}: {line}"
        for index, cell in enumerate(notebook.cells)
        if cell.cell_type == "code"
        for line in deep_imports(cell.source)
    ]
    assert not wrong, "imports from outside the user API:\n" + "\n".join(wrong)


@pytest.mark.parametrize(
    ("source", "caught"),
    [
        ("from guts_teach.strategy.counting.odds import hand_odds", True),
        ("import guts_teach.widgets.parts.deck", True),
        ("def f():\n    from guts_teach.game.rules import teaching", True),
        ("from guts_teach.strategy import no_such_name", True),
        ("from guts_teach.strategy import hand_odds", False),
        ("from guts_teach import Session, strategy", False),
        ("%load_ext guts_teach\nimport guts_teach.widgets", False),
        ("from fractions import Fraction", False),
    ],
)
def test_the_check_catches_a_deep_import(source, caught):
    assert bool(deep_imports(source)) is caught
