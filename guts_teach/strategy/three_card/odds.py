"""Odds of a three-card hand (V6) when everyone stays in: exact heads-up, sampled beyond.

Heads-up the rival's hand is one of the 18,424 three-card hands the other 49 cards make,
so the chances are counted exactly. With more players the deals number in the trillions
and card removal ties them together, so the package samples them with a seeded
``random.Random`` and states the error bars (:mod:`guts_teach.strategy.sampling`).

>>> from guts_teach.game.rules import Rules
>>> chances = heads_up("Ah Ad Ac", rules=Rules(hand_size=3))
>>> chances.best
Fraction(1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from ...game.cards.deck import FULL_DECK, Card, parse_cards
from ...game.cards.three_cards import ThreeCardRanking
from ...game.errors import CardError
from ...game.rules import Rules


@dataclass(frozen=True)
class ExactChances:
    """Exact chances for one hand: strictly best, tied for best, and its expected share."""

    best: Fraction
    tied: Fraction
    share: Fraction


def heads_up(held: str | tuple[Card, ...], *, rules: Rules) -> ExactChances:
    """Exact heads-up odds of a three-card hand under ``rules`` (its ranking options)."""
    ranking = rules.ranking()
    if not isinstance(ranking, ThreeCardRanking):
        raise CardError("three-card odds need rules with hand_size=3 (V6)")
    cards = parse_cards(held) if isinstance(held, str) else tuple(held)
    mine = ranking.hand(cards)
    value = mine.strength.value
    rest = [c for c in FULL_DECK if not c.bit & mine.bits]
    wins = ties = total = 0
    for rival in combinations(rest, 3):
        theirs = ranking.strength(rival).value
        total += 1
        wins += theirs < value
        ties += theirs == value
    best, tied = Fraction(wins, total), Fraction(ties, total)
    return ExactChances(best, tied, best + tied / 2)
