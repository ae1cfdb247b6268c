"""Three-card Guts (V6): a hand's odds (:mod:`.odds`) and the heads-up game against a
threshold, with its exact equilibrium (:mod:`.equilibrium`) and the command line's report of
it under the order options (:mod:`.report`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "heads_up": "odds",
    "three_card_report": "report",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .odds import heads_up as heads_up
    from .report import three_card_report as three_card_report
