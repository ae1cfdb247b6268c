"""Guts as an OpenSpiel game (the optional extra ``spiel``): the field's own library checks the lab.

:mod:`.game` registers one deal of two-card Guts as the OpenSpiel game ``python_guts`` and
turns the package's strategies into OpenSpiel policies; :mod:`.heads_up` checks the lab
heads-up on OpenSpiel's export of it; :mod:`.trees` writes the game as OpenSpiel's C++ tree
where the export is too slow, and measures best replies on it. This package is the only
one that imports OpenSpiel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "IN": "game",
    "OUT": "game",
    "SHORT_NAME": "game",
    "character_chooser": "game",
    "class_chances": "game",
    "in_turn_chooser": "game",
    "load": "game",
    "policy_table": "game",
    "shares": "game",
    "threshold_chooser": "game",
    "check_heads_up": "heads_up",
    "nash_conv": "heads_up",
    "seat_values": "heads_up",
    "solve_cfr": "heads_up",
    "spiel_report": "heads_up",
    "tree_game": "heads_up",
    "best_reply_gains": "trees",
    "held_tree": "trees",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .game import IN as IN
    from .game import OUT as OUT
    from .game import SHORT_NAME as SHORT_NAME
    from .game import character_chooser as character_chooser
    from .game import class_chances as class_chances
    from .game import in_turn_chooser as in_turn_chooser
    from .game import load as load
    from .game import policy_table as policy_table
    from .game import shares as shares
    from .game import threshold_chooser as threshold_chooser
    from .heads_up import check_heads_up as check_heads_up
    from .heads_up import nash_conv as nash_conv
    from .heads_up import seat_values as seat_values
    from .heads_up import solve_cfr as solve_cfr
    from .heads_up import spiel_report as spiel_report
    from .heads_up import tree_game as tree_game
    from .trees import best_reply_gains as best_reply_gains
    from .trees import held_tree as held_tree
