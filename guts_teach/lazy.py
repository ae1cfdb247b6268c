"""Public names that load with their module when first used (PEP 562), for the façade and
the user packages (their ``_HOMES``): ``import guts_teach`` and the command line stay light.

>>> import types, sys
>>> demo = types.ModuleType("guts_teach.demo")
>>> sys.modules[demo.__name__] = demo
>>> demo.__getattr__ = lazy_names(demo.__name__, {"Fraction": "fractions"}, root="")
>>> demo.Fraction(1, 2), "Fraction" in vars(demo)
(Fraction(1, 2), True)
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(
    package: str, homes: Mapping[str, str], *, root: str | None = None
) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: each name in ``homes`` is imported from its
    module (``root.home``, where ``root`` is the package unless given) on first use and kept,
    so later uses find it directly; any other name is an ``AttributeError``."""
    base = package if root is None else root

    def attribute(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{base}.{home}" if base else home), name)
        setattr(sys.modules[package], name, value)
        return value

    return attribute
