"""The public names are the user's API, listed by intent (issue 40, item 2).

Each user package declares them once: the table ``_HOMES`` in its ``__init__.py`` (name -> the
module that holds it, grouped by what a user does with it) drives ``__all__`` and the names
loaded on first use, and the imports under ``if TYPE_CHECKING:`` that type checkers read must
say the same. Only the user packages declare names, each one is written where a user reads (the
docs, the notebooks, or the package's docstring that lists its API), and none lives in a module
of the package's own plumbing: internal names are imported from their modules."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re

import pytest
from support.paths import REPO
from support.user_api import PLUMBING, USER_API, code_words, docstring_words, user_words

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


def test_only_the_user_packages_declare_names():
    """An internal package (the command line, the classroom, a subpackage such as
    ``guts_teach.game.cards``) declares no public names: no table, no ``__all__``."""
    assert sorted(USER_API) == TABLED
    declaring = sorted(
        ".".join(path.relative_to(PACKAGE.parent).parent.parts)
        for path in PACKAGE.rglob("__init__.py")
        if re.search(r"^__all__\b", path.read_text(encoding="utf-8"), re.M)
    )
    assert declaring == sorted(USER_API), sorted(set(declaring) ^ set(USER_API))


def _public(package: str) -> list[str]:
    return list(importlib.import_module(package)._HOMES)


@pytest.mark.parametrize("package", USER_API)
def test_every_public_name_is_written_where_a_user_reads(package):
    """A public name is one a user meets: the README, the how-tos, the tutorial, the
    explanations or the notebooks use it, or the package's docstring lists it among its API
    by intent. A helper that only the package's own code imports is not."""
    read = user_words() | docstring_words(package)
    unread = [name for name in _public(package) if name not in read]
    assert not unread, f"{package}: public, but written nowhere a user reads: {unread}"


@pytest.mark.parametrize("package", USER_API)
def test_no_public_name_is_plumbing(package):
    """No public name lives in a module of the package's own plumbing (argument checks,
    atomic saving, JSON text, the narration's words, the workbook's insides)."""
    homes = importlib.import_module(package)._HOMES
    plumbing = {
        name: f"{package}.{home}"
        for name, home in homes.items()
        if any(
            f"{package}.{home}" == m or f"{package}.{home}".startswith(m + ".") for m in PLUMBING
        )
    }
    assert not plumbing, f"{package}: internal names made public: {plumbing}"


def test_the_checks_see_a_name_written_only_in_prose_or_only_in_code():
    words = code_words("Settle with `settle_pot` or :func:`format_amount`; save_with saves.")
    assert {"settle_pot", "format_amount"} <= words and "save_with" not in words
    assert "Session" in user_words() and "save_with" not in user_words()
    assert {"Session", "GutsError"} <= docstring_words("guts_teach.game")


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


def docs_configuration():
    """``docs/conf.py``, which writes the reference's pages when the docs build starts."""
    spec = importlib.util.spec_from_file_location("docs_conf", REPO / "docs" / "conf.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("package", USER_API)
def test_the_reference_lists_each_packages_names_by_intent(package):
    """A package's reference page has a section an intent, in the order of its ``_HOMES``
    table's comments, and each public name under exactly one of them."""
    conf = docs_configuration()
    groups = conf.intents(package)
    names = [name for _, names in groups for name in names]
    assert sorted(names) == sorted(importlib.import_module(package).__all__)
    assert len(names) == len(set(names))
    headings = [heading for heading, _ in groups]
    assert all(headings) and len(headings) == len(set(headings)), headings
    written = [
        c.strip().lstrip("#").strip() for c in re.findall(r"^    #.*$", _source(package), re.M)
    ]
    assert " ".join(headings).startswith(" ".join(written)), (headings, written)
    page = conf.reference_page(package, conf._home_packages(conf.public_packages()))
    assert re.findall(r"^## (.+)$", page, re.M) == headings


def test_a_comment_in_the_table_starts_a_new_section():
    """Seen failing: a comment taken as a name, or a two-line comment as two sections."""
    conf = docs_configuration()
    groups = dict(conf.intents("guts_teach"))
    evening = next(h for h in groups if h.startswith("A club's evening"))
    assert evening.endswith("as the lesson notebooks show them"), evening
    assert groups[evening][:2] == ["sample_evening", "evening_table"]
    assert groups["More"] == ["__version__"]


def _source(package: str) -> str:
    return (PACKAGE.parent / package.replace(".", "/") / "__init__.py").read_text(encoding="utf-8")
