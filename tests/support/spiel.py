"""What the OpenSpiel tests share: the extra, required (skipped locally, failed in CI)."""

from __future__ import annotations

import importlib.util
from types import ModuleType

from support.needs import require


def spiel_module() -> ModuleType:
    """``guts_teach.spiel``, once the extra ``spiel`` (open-spiel) is installed, with its modules
    ``game`` (the game and the strategies as policies) and ``heads_up`` (the heads-up check)
    loaded: the package declares no names of its own (it is internal), so a test reaches them
    as ``spiel.game.load``."""
    require(
        importlib.util.find_spec("pyspiel") is not None,
        "open-spiel is not installed: pip install -e '.[spiel]'",
    )
    import guts_teach.spiel as spiel
    import guts_teach.spiel.game
    import guts_teach.spiel.heads_up  # noqa: F401

    return spiel
