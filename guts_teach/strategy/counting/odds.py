"""Exact odds for a two-card hand when everyone stays in.

For a hand and a table of ``n`` players, the other ``n - 1`` hands come from the 50 cards the
hand leaves. This module counts, exactly, the deals in which every other hand is weaker, and
those in which exactly ``t`` others tie with it and the rest are weaker, so it gives as
fractions: the chance to be strictly best, the chance to tie for best with ``t`` others, and the
expected share of the pot if everyone stayed in.

How: :mod:`guts_teach.strategy.counting.matchings` counts, rank by rank, the ways to deal the other
hands so that all stay at or below this one, and how many are level with it. No sampling, and the
whole table of 91 classes for 2 to 10 players takes well under a second.

>>> odds = hand_odds("Qs Qh", players=4)
>>> odds.best + sum(odds.ties.values()) < 1, odds.share > odds.best
(True, True)
>>> hand_odds("As Ad", players=2).best
Fraction(1224, 1225)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import factorial

from ...game.cards.deck import Card
from ...game.cards.hands import ALL_STRENGTHS, Hand, Strength, hand, hand_class
from ...game.errors import PlayerError
from ...game.shown import shown
from .matchings import Counts, below, ordered_deals


@dataclass(frozen=True)
class Odds:
    """Exact odds of one hand against ``players - 1`` others when everyone stays in.

    ``best`` is the chance that every other hand is weaker; ``ties[t]`` the chance that
    exactly ``t`` others tie with it and the rest are weaker; ``share`` the expected share
    of the pot, ``best + sum(ties[t] / (t + 1))``.
    """

    strength: Strength
    players: int
    best: Fraction
    ties: dict[int, Fraction]

    @property
    def share(self) -> Fraction:
        """Expected share of the pot if everyone stayed in."""
        return self.best + sum((p / (t + 1) for t, p in self.ties.items()), Fraction(0))

    @property
    def at_least_tied(self) -> Fraction:
        """The chance to be best or tied for best."""
        return self.best + sum(self.ties.values(), Fraction(0))


@cache
def _matchings(strength: Strength) -> Counts:
    """For 1 to 9 other hands: the unordered sets of that many disjoint two-card hands from
    the remaining cards, each weaker than or level with ``strength``, by how many are level."""
    return below(removed=(strength,), bound=strength)


@cache
def _odds(strength: Strength, players: int) -> Odds:
    others = players - 1
    counts = _matchings(strength).get(others, {})
    scale = Fraction(factorial(others), ordered_deals(50, others))
    ties = {t: n * scale for t, n in sorted(counts.items()) if t}
    return Odds(strength, players, counts.get(0, 0) * scale, ties)


def check_table_size(players: int) -> None:
    """Refuse a table size outside 2 to 10 players (R11) with a message that names it.

    >>> check_table_size(11)
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.PlayerError: players must be a whole number from 2 to 10 (R11); got 11
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
        raise PlayerError(
            f"players must be a whole number from 2 to 10 (R11); got {shown(players)}"
        )


def hand_odds(held: str | Hand | Strength | tuple[Card, Card], *, players: int) -> Odds:
    """Exact odds of a two-card hand at a table of ``players`` (2 to 10) if all stay in."""
    check_table_size(players)
    if isinstance(held, Strength):
        strength = held
    elif isinstance(held, Hand):
        strength = held.strength
    elif isinstance(held, str):
        strength = hand_class(held)  # "A-K", "77", "T6" or two cards
    else:
        strength = hand(held).strength
    return _odds(strength, players)


def odds_table() -> dict[tuple[Strength, int], Odds]:
    """Exact odds of all 91 classes for 2 to 10 players."""
    return {(s, n): _odds(s, n) for s in ALL_STRENGTHS for n in range(2, 11)}
