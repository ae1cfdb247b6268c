"""What a wheel carries: every subpackage in the source tree is named in pyproject.toml's
package list, so a folder split into a package of its own is never left out of an install
(a stale build/lib hides such a gap on a developer's machine, never on a fresh clone)."""

from __future__ import annotations

import tomllib

from support.paths import REPO


def packages_in_the_tree() -> set[str]:
    return {
        ".".join(init.parent.relative_to(REPO).parts)
        for init in (REPO / "guts_teach").rglob("__init__.py")
        if "__pycache__" not in init.parts
    }


def packages_listed() -> set[str]:
    with (REPO / "pyproject.toml").open("rb") as file:
        return set(tomllib.load(file)["tool"]["setuptools"]["packages"])


def test_every_subpackage_in_the_tree_is_in_the_wheels_package_list():
    missing = packages_in_the_tree() - packages_listed()
    assert not missing, f"add to [tool.setuptools] packages in pyproject.toml: {sorted(missing)}"


def test_every_listed_package_is_in_the_tree_or_mapped_to_a_shipped_folder():
    with (REPO / "pyproject.toml").open("rb") as file:
        mapped = set(tomllib.load(file)["tool"]["setuptools"]["package-dir"])
    stale = packages_listed() - packages_in_the_tree() - mapped
    assert not stale, f"listed in pyproject.toml but not in guts_teach/: {sorted(stale)}"
