"""Each package declares its public names once: the table ``_HOMES`` in its ``__init__.py``
(name -> the module that holds it) drives ``__all__`` and the names loaded on first use, and
the imports under ``if TYPE_CHECKING:`` that type checkers read must say the same."""

from __future__ import annotations

import ast
import importlib

import pytest
from support.paths import REPO

PACKAGE = REPO / "guts_teach"
TABLED = sorted(
    ".".join(path.relative_to(PACKAGE.parent).parent.parts)
    for path in PACKAGE.rglob("__init__.py")
    if "_HOMES" in path.read_text(encoding="utf-8")
)


def stubs(package: str) -> dict[str, str]:
    """name -> module, from the ``if TYPE_CHECKING:`` imports of ``package``'s ``__init__``."""
    path = PACKAGE.parent / package.replace(".", "/") / "__init__.py"
    found: dict[str, str] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for item in node.body:
                assert isinstance(item, ast.ImportFrom) and item.level == 1, ast.unparse(item)
                for alias in item.names:
                    assert alias.asname in (None, alias.name), ast.unparse(item)
                    found[alias.name] = str(item.module)
    return found


def test_every_layer_and_the_facade_declare_their_names():
    assert {"guts_teach", "guts_teach.game", "guts_teach.ledgers", "guts_teach.strategy"} <= set(
        TABLED
    )


@pytest.mark.parametrize("package", TABLED)
def test_all_the_lazy_table_and_the_stubs_agree(package):
    module = importlib.import_module(package)
    homes = module._HOMES
    extra = {"__version__"} if package == "guts_teach" else set()
    assert list(module.__all__) == sorted([*homes, *extra])
    assert stubs(package) == homes


@pytest.mark.parametrize("package", TABLED)
def test_every_public_name_is_found_in_its_module(package):
    module = importlib.import_module(package)
    for name, home in module._HOMES.items():
        held = importlib.import_module(f"{package}.{home}")
        assert getattr(module, name) is getattr(held, name), (package, name)
