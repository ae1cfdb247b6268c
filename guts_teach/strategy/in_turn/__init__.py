"""Declaring in turn (V1): the exact heads-up equilibrium (:mod:`.heads_up`), the exact gains
of every seat at three players (:mod:`.three_gains`) and their fictitious play
(:mod:`.three_play`), a bot that plays them (:mod:`.bot`), and the report in words
(:mod:`.report`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "InTurnBot": "bot",
    "equilibrium": "heads_up",
    "in_chances": "heads_up",
    "NAMES": "three_gains",
    "in_turn_report": "report",
    "DEALS": "three_gains",
    "N": "three_gains",
    "POINTS": "three_gains",
    "seat_values": "three_gains",
    "share": "three_gains",
    "average_play": "three_play",
    "kept_counts": "three_play",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .bot import InTurnBot as InTurnBot
    from .heads_up import equilibrium as equilibrium
    from .heads_up import in_chances as in_chances
    from .report import in_turn_report as in_turn_report
    from .three_gains import DEALS as DEALS
    from .three_gains import NAMES as NAMES
    from .three_gains import POINTS as POINTS
    from .three_gains import N as N
    from .three_gains import seat_values as seat_values
    from .three_gains import share as share
    from .three_play import average_play as average_play
    from .three_play import kept_counts as kept_counts
