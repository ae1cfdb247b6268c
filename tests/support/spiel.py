"""What the OpenSpiel tests share: the extra, required (skipped locally, failed in CI)."""

from __future__ import annotations

import importlib.util
from types import ModuleType

from support.needs import require


def spiel_module() -> ModuleType:
    """``guts_teach.spiel``, once the extra ``spiel`` (open-spiel) is installed."""
    require(
        importlib.util.find_spec("pyspiel") is not None,
        "open-spiel is not installed: pip install -e '.[spiel]'",
    )
    import guts_teach.spiel as spiel

    return spiel
