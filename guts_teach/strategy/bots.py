"""Bots for plain Guts (the Shelby games' bots are :mod:`guts_teach.shelby.bots`).

Guts bots declare in or out from the cards the session dealt them: a :class:`ThresholdBot`
plays a fixed threshold (the heads-up equilibrium, J-7, by :func:`equilibrium_bot`); a
:class:`CharacterBot` goes in when the exact chance that its hand is best at this table passes
its character's bar (cautious, reckless, or pot-sensitive: the bigger the pot against the ante,
the higher the bar), with a little seeded randomness.
Randomness is always injected.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Literal

from ..game.cards.deck import FULL_DECK
from ..game.cards.hands import HandOrder, Strength
from ..game.cards.three_cards import ThreeCardRanking, ThreeCardStrength
from ..game.errors import MissingHandError
from ..game.play.session import Session
from ..game.rules import Rules
from .counting.odds import hand_odds
from .equilibria.mixed import MixedThreshold, equilibrium_play
from .equilibria.thresholds import Threshold, equilibrium, in_chance
from .in_turn.bot import InTurnBot

GutsCharacter = Literal["cautious", "reckless", "pot-sensitive"]
BARS: dict[str, float] = {"cautious": 0.6, "reckless": 0.3, "pot-sensitive": 0.3}


def _own_hand(session: Session, player: str) -> HandOrder:
    held = session.hands.get(player)
    if held is None:
        raise MissingHandError(f"{player} has no known cards in this deal: deal them first")
    return held


def _three_card_ranking(rules: Rules) -> ThreeCardRanking:
    ranking = rules.ranking()
    if not isinstance(ranking, ThreeCardRanking):
        raise TypeError("these rules deal two cards; use the exact odds")
    return ranking


@cache
def _three_card_strengths(ranking: ThreeCardRanking) -> tuple[ThreeCardStrength, ...]:
    """The strengths of all 22,100 three-card hands under ``ranking``, weakest first."""
    return tuple(
        sorted((ranking.strength(c) for c in combinations(FULL_DECK, 3)), key=lambda s: s.value)
    )


@cache
def _three_card_values(ranking: ThreeCardRanking) -> tuple[int, ...]:
    """The values of :func:`_three_card_strengths`, for bisecting."""
    return tuple(s.value for s in _three_card_strengths(ranking))


def chance_best(held: HandOrder, *, players: int, rules: Rules) -> float:
    """The chance that ``held`` is strictly best at a table of ``players``: exact for two
    cards (:mod:`guts_teach.strategy.counting.odds`); for three cards (V6), the share of hands it
    beats raised to the number of other players, which leaves out card removal.

    >>> from guts_teach.game.cards.hands import hand
    >>> round(chance_best(hand("Ac 5d"), players=6, rules=Rules()), 3)
    0.445
    """
    if isinstance(held.strength, Strength):
        return float(hand_odds(held.strength, players=players).best)
    values = _three_card_values(_three_card_ranking(rules))
    beaten = bisect_left(values, held.strength.value) / len(values)
    return float(beaten ** (players - 1))


def _three_card_threshold(folded: Fraction, rules: Rules) -> Threshold:
    """The three-card class below which a share ``folded`` of all hands lies."""
    strengths = _three_card_strengths(_three_card_ranking(rules))
    return Threshold(strengths[min(len(strengths) - 1, int(folded * len(strengths)))])


@dataclass(frozen=True)
class ThresholdBot:
    """Goes in with its threshold class of hand or better; with a mixed threshold, a coin
    from its own ``rng`` decides at the edge class."""

    player: str
    threshold: Threshold | MixedThreshold
    rng: random.Random | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.rng is None and isinstance(self.threshold, MixedThreshold):
            object.__setattr__(self, "rng", random.Random(0))  # seeded, never global

    def declares_in(self, session: Session) -> bool:
        """In or out for the deal in progress."""
        return self.threshold.goes_in(_own_hand(session, self.player).strength, self.rng)

    def describe(self) -> str:
        """How the bot plays, for the deal's record and the ledger."""
        return str(self.threshold)


def equilibrium_bot(
    player: str, *, players: int = 2, rules: Rules | None = None, rng: random.Random | None = None
) -> ThresholdBot:
    """The equilibrium player for a table of ``players`` (heads-up: in with J-7 or better).

    With the weenie rule (V7) it plays that game's equilibrium, mixed where no single
    threshold is one (its coin comes from ``rng``). Three-card Guts (V6) has no exact
    equilibrium here: the bot folds the same share of hands as plain two-card Guts'
    equilibrium does.

    >>> str(equilibrium_bot("Bo", players=6).threshold)
    'in with A-7 or better'
    >>> str(equilibrium_bot("Bo", players=3, rules=Rules(weenie_rule=True)).threshold)
    'in with better than Q-4, and with Q-4 712/1497 (48%) of the time'
    """
    rules = rules or Rules()
    if rules.hand_size == 3:
        folded = 1 - in_chance(equilibrium(players=players).threshold)
        return ThresholdBot(player, _three_card_threshold(folded, rules))
    play = equilibrium_play(
        players=players, weenie=rules.weenie_rule, weenie_ties=rules.weenie_ties
    )
    return ThresholdBot(player, play, rng)


@dataclass
class CharacterBot:
    """Goes in when its hand's chance of being best at the table passes its bar."""

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
        chance = chance_best(held, players=len(session.players), rules=session.rules)
        return chance >= self.bar(session)

    def describe(self) -> str:
        """How the bot plays, for the deal's record and the ledger."""
        bar = BARS[self.character]
        return f"{self.character}, in when its chance of being best passes {bar:.0%}"


GutsBot = ThresholdBot | CharacterBot | InTurnBot
CHARACTERS: tuple[GutsCharacter, ...] = ("cautious", "reckless", "pot-sensitive")


def make_bots(players: Sequence[str], *, rules: Rules, seed: int) -> list[GutsBot]:
    """Bots for ``players`` (you make one more at the table): the equilibrium player for the
    table's size first, then cautious, reckless and pot-sensitive characters in turn, each
    with its own seeded randomness. Declaring in turn (V1) with two cards, the equilibrium
    player is an :class:`~guts_teach.strategy.in_turn.bot.InTurnBot`.

    >>> [b.describe().split(",")[0] for b in make_bots(["B", "C", "D"], rules=Rules(), seed=1)]
    ['in with A-2 or better', 'cautious', 'reckless']
    """
    table = len(players) + 1
    bots: list[GutsBot] = []
    for i, name in enumerate(players):
        if i % 4 == 0:
            coin = random.Random(seed * 100 + i)
            if rules.declaration == "in_turn" and rules.hand_size == 2:
                bots.append(InTurnBot(name, coin))
            else:
                bots.append(equilibrium_bot(name, players=table, rules=rules, rng=coin))
        else:
            bots.append(CharacterBot(name, CHARACTERS[i % 4 - 1], random.Random(seed * 100 + i)))
    return bots


def declare_with_bots(session: Session, bots: Sequence[GutsBot], ins: Iterable[str] = ()) -> None:
    """The bots declare for their players, everyone else as ``ins`` says; the deal's record
    (and so the ledger) keeps which bot declared for whom. Declaring in turn (V1) the
    declarations are made in order, and an in-turn bot hears those before its turn (the
    dealer does not declare when everyone before is out).

    >>> s = Session(["You", "Bo"], rng=random.Random(3)); _ = s.deal_random()
    >>> declare_with_bots(s, [equilibrium_bot("Bo")], ins=["You"])
    >>> s.settle().bots
    (('Bo', 'in with J-7 or better'),)
    """
    if session.rules.declaration == "in_turn":
        chosen = _in_turn(session, bots, set(ins))
    else:
        chosen = [*ins, *(b.player for b in bots if b.declares_in(session))]
    session.declare_all(chosen, bots={b.player: b.describe() for b in bots})


def _in_turn(session: Session, bots: Sequence[GutsBot], ins: set[str]) -> list[str]:
    """Who declares in, going round in turn from the dealer's left."""
    by_player = {b.player: b for b in bots}
    heard: list[bool] = []
    order = session.undeclared
    chosen = []
    for place, player in enumerate(order):
        if place == len(order) - 1 and not any(heard):
            break  # the dealer takes the pot undeclared (V1)
        bot = by_player.get(player)
        if isinstance(bot, InTurnBot):
            is_in = bot.declares_in(session, tuple(heard))
        else:
            is_in = bot.declares_in(session) if bot else player in ins
        heard.append(is_in)
        if is_in:
            chosen.append(player)
    return chosen
