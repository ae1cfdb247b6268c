"""Shelby and Psycho Shelby, the multi-round games of seed 000 (RULINGS S1-S4).

Its user API, by what it is for:

- playing: a :class:`ShelbyGame` under :class:`ShelbyRules` (:func:`shelby` or
  :func:`psycho_shelby`; the cards each round deals in :data:`ROUNDS`), each change a
  :class:`ShelbyStep`, with seeded :class:`ShelbyBot` players;
- a game written down: a :class:`ShelbyLedger` of :class:`ShelbyDeal` rows, written by
  :func:`dumps_shelby`, read by :func:`loads_shelby`, played again by :func:`replay_shelby`;
- five-card hands: :func:`evaluate` gives a :class:`PokerStrength`, wild ranks included (the
  baseball game's :data:`BASEBALL_WILD`).

Built on the rules core (:mod:`guts_teach.game`), the ledgers' checks
(:mod:`guts_teach.ledgers`) and the standard library only: the game
engine, its ledger files, the five-card and low hands its rounds play, and seeded bots.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The user's API, by intent: each name with the module that holds it, loaded on first use
# (importing one module of the package loads none of the others). Whatever else the package
# holds is internal: the package's own code imports it from its module.
_HOMES = {
    # Playing Shelby and Psycho Shelby
    "ShelbyGame": "game",
    "ShelbyRules": "rules",
    "shelby": "rules",
    "psycho_shelby": "rules",
    "ROUNDS": "rounds",
    "ShelbyStep": "state",
    "ShelbyBot": "bots",
    # A game written down, saved, read back and replayed
    "ShelbyLedger": "ledger",
    "ShelbyDeal": "ledger",
    "dumps_shelby": "ledger",
    "loads_shelby": "ledger",
    "replay_shelby": "ledger",
    # Five-card hands, wild ranks included
    "evaluate": "poker",
    "PokerStrength": "poker",
    "BASEBALL_WILD": "poker",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .bots import ShelbyBot as ShelbyBot
    from .game import ShelbyGame as ShelbyGame
    from .ledger import ShelbyDeal as ShelbyDeal
    from .ledger import ShelbyLedger as ShelbyLedger
    from .ledger import dumps_shelby as dumps_shelby
    from .ledger import loads_shelby as loads_shelby
    from .ledger import replay_shelby as replay_shelby
    from .poker import BASEBALL_WILD as BASEBALL_WILD
    from .poker import PokerStrength as PokerStrength
    from .poker import evaluate as evaluate
    from .rounds import ROUNDS as ROUNDS
    from .rules import ShelbyRules as ShelbyRules
    from .rules import psycho_shelby as psycho_shelby
    from .rules import shelby as shelby
    from .state import ShelbyStep as ShelbyStep
