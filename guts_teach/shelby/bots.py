"""Seeded bots for the Shelby games.

A Shelby bot estimates how its cards rank against the hands the other players could hold, by
dealing a few seeded random hands from the cards it cannot see, and holds when its share of
wins passes its character's threshold. Randomness is always injected.

>>> import random
>>> from guts_teach.shelby.game import ShelbyGame
>>> from guts_teach.shelby.rules import shelby
>>> game = ShelbyGame(["You", "Bo"], rules=shelby(), rng=random.Random(1))
>>> game.start_deal()
>>> isinstance(ShelbyBot("Bo", "steady", random.Random(2)).holds(game), bool)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from ..game.cards.deck import FULL_DECK
from .game import ShelbyGame
from .rounds import ROUNDS

Character = Literal["cautious", "steady", "reckless"]

THRESHOLDS: dict[str, float] = {"cautious": 0.75, "steady": 0.6, "reckless": 0.4}
SAMPLES = 40


@dataclass
class ShelbyBot:
    """A seeded bot of a given character (cautious, steady or reckless)."""

    player: str
    character: Character
    rng: random.Random

    def strength_share(self, game: ShelbyGame, samples: int = SAMPLES) -> float:
        """The share of ``samples`` random rival hands that the bot's cards beat (ties
        count half)."""
        held = game.held(self.player)
        _, strength_of = ROUNDS[game.rules.game][game.round - 1]
        mine = strength_of(held).value
        unseen = [c for c in FULL_DECK if c not in held]
        score = 0.0
        for _ in range(samples):
            theirs = strength_of(self.rng.sample(unseen, len(held))).value
            score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        return score / samples

    def needed(self, game: ShelbyGame) -> float:
        """The share of rival hands the bot must beat to hold: more rivals call for more."""
        rivals = len(game.players) - 1
        return float(THRESHOLDS[self.character] ** (1 / max(1, rivals // 2)))

    def holds(self, game: ShelbyGame) -> bool:
        """Hold or drop in the current round (see :meth:`needed`)."""
        return bool(self.strength_share(game) >= self.needed(game))
