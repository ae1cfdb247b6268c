"""Bots: for plain Guts, and for the Shelby games.

Guts bots declare in or out from the cards the session dealt them: a :class:`ThresholdBot`
plays a fixed threshold (the heads-up equilibrium, J-7, by :func:`equilibrium_bot`); a
:class:`CharacterBot` goes in when the exact chance that its hand is best at this table passes
its character's bar (cautious, reckless, or pot-sensitive: the bigger the pot against the ante,
the higher the bar), with a little seeded randomness.

A Shelby bot estimates how its cards rank against the hands the other players could hold, by
dealing a few seeded random hands from the cards it cannot see, and holds when its share of
wins passes its character's threshold. Randomness is always injected.

>>> import random
>>> from guts_teach.shelby import ShelbyGame, shelby
>>> game = ShelbyGame(["You", "Bo"], rules=shelby(), rng=random.Random(1))
>>> game.start_deal()
>>> isinstance(ShelbyBot("Bo", "steady", random.Random(2)).holds(game), bool)
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Literal

from .cards import FULL_DECK
from .errors import MissingHandError
from .hands import HandOrder
from .odds import hand_odds
from .session import Session
from .shelby import ROUNDS, ShelbyGame
from .strategy import Threshold, equilibrium

Character = Literal["cautious", "steady", "reckless"]
GutsCharacter = Literal["cautious", "reckless", "pot-sensitive"]
BARS: dict[str, float] = {"cautious": 0.6, "reckless": 0.3, "pot-sensitive": 0.3}


def _own_hand(session: Session, player: str) -> HandOrder:
    held = session.hands.get(player)
    if held is None:
        raise MissingHandError(f"{player} has no known cards in this deal: deal them first")
    return held


@dataclass(frozen=True)
class ThresholdBot:
    """Goes in with its threshold class of hand or better."""

    player: str
    threshold: Threshold

    def declares_in(self, session: Session) -> bool:
        """In or out for the deal in progress."""
        return self.threshold.goes_in(_own_hand(session, self.player).strength)


def equilibrium_bot(player: str) -> ThresholdBot:
    """The heads-up equilibrium player: in with J-7 or better."""
    return ThresholdBot(player, equilibrium().threshold)


@dataclass
class CharacterBot:
    """Goes in when its hand's exact chance of being best at the table passes its bar."""

    player: str
    character: GutsCharacter
    rng: random.Random

    def bar(self, session: Session) -> float:
        """The chance of being best this bot wants before it goes in."""
        bar = BARS[self.character]
        if self.character == "pot-sensitive":
            bar += 0.1 * math.log2(max(1.0, float(session.pot / session.rules.ante)))
        return min(0.9, bar + self.rng.uniform(-0.05, 0.05))

    def declares_in(self, session: Session) -> bool:
        """In or out for the deal in progress."""
        held = _own_hand(session, self.player)
        odds = hand_odds(held.strength, players=len(session.players))
        return float(odds.best) >= self.bar(session)


THRESHOLDS: dict[str, float] = {"cautious": 0.75, "steady": 0.6, "reckless": 0.4}
SAMPLES = 40


@dataclass
class ShelbyBot:
    """A seeded bot of a given character (cautious, steady or reckless)."""

    player: str
    character: Character
    rng: random.Random

    def strength_share(self, game: ShelbyGame) -> float:
        """The share of sampled rival hands that the bot's cards beat (ties count half)."""
        held = game.held(self.player)
        _, strength_of = ROUNDS[game.rules.game][game.round - 1]
        mine = strength_of(held).value
        unseen = [c for c in FULL_DECK if c not in held]
        score = 0.0
        for _ in range(SAMPLES):
            theirs = strength_of(self.rng.sample(unseen, len(held))).value
            score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        return score / SAMPLES

    def holds(self, game: ShelbyGame) -> bool:
        """Hold or drop in the current round; more rivals call for a stronger hand."""
        rivals = len(game.players) - 1
        needed = THRESHOLDS[self.character] ** (1 / max(1, rivals // 2))
        return bool(self.strength_share(game) >= needed)
