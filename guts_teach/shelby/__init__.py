"""Shelby and Psycho Shelby, the multi-round games of seed 000 (RULINGS S1-S4).

Built on the rules core (:mod:`guts_teach.game`), the ledgers' checks
(:mod:`guts_teach.ledgers`) and the standard library only: the game
engine, its ledger files, the five-card and low hands its rounds play, and seeded bots.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "ShelbyBot": "bots",
    "ShelbyGame": "game",
    "ShelbyDeal": "ledger",
    "ShelbyLedger": "ledger",
    "dumps_shelby": "ledger",
    "from_dict": "ledger",
    "replay_shelby": "ledger",
    "round_rows": "ledger",
    "BASEBALL_WILD": "poker",
    "PokerStrength": "poker",
    "evaluate": "poker",
    "ROUNDS": "rounds",
    "ShelbyRules": "rules",
    "psycho_shelby": "rules",
    "shelby": "rules",
    "ShelbyStep": "state",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .bots import ShelbyBot as ShelbyBot
    from .game import ShelbyGame as ShelbyGame
    from .ledger import ShelbyDeal as ShelbyDeal
    from .ledger import ShelbyLedger as ShelbyLedger
    from .ledger import dumps_shelby as dumps_shelby
    from .ledger import from_dict as from_dict
    from .ledger import replay_shelby as replay_shelby
    from .ledger import round_rows as round_rows
    from .poker import BASEBALL_WILD as BASEBALL_WILD
    from .poker import PokerStrength as PokerStrength
    from .poker import evaluate as evaluate
    from .rounds import ROUNDS as ROUNDS
    from .rules import ShelbyRules as ShelbyRules
    from .rules import psycho_shelby as psycho_shelby
    from .rules import shelby as shelby
    from .state import ShelbyStep as ShelbyStep
