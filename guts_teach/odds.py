"""Exact odds for a two-card hand when everyone stays in.

For a hand and a table of ``n`` players, the other ``n - 1`` hands come from the 50 cards the
hand leaves. This module counts, exactly, the deals in which every other hand is weaker, and
those in which exactly ``t`` others tie with it and the rest are weaker, so it gives as
fractions: the chance to be strictly best, the chance to tie for best with ``t`` others, and the
expected share of the pot if everyone stayed in.

How: only ranks matter for the ranking (R1), so the cards are taken rank by rank, highest
first, and a dynamic programme counts the ways to pair them into ``n - 1`` hands that stay
below (or level with) the hand. A card is left undealt, paired with a waiting higher card, paired
within its rank, or left waiting for a lower card; the counts multiply by the ways to choose
the cards and to match them. No sampling, and the whole table of 91 classes for 2 to 10 players
takes well under a second.

>>> odds = hand_odds("Qs Qh", players=4)
>>> odds.best + sum(odds.ties.values()) < 1, odds.share > odds.best
(True, True)
>>> hand_odds("As Ad", players=2).best
Fraction(1224, 1225)
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb, factorial, perm

from .cards import Card
from .errors import PlayerError
from .hands import ALL_STRENGTHS, Hand, Strength, hand


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


def _left(strength: Strength) -> dict[int, int]:
    """Cards of each rank left in the deck once the hand's two cards are out."""
    left = dict.fromkeys(range(2, 15), 4)
    left[strength.high] -= 1
    left[strength.low] -= 1
    return left


MAX_OTHERS = 9  # ten players at most (R11)

# How one rank's cards may be used, by their rank's role against the hand:
OPEN_TOP = "open top"  # the top rank of an unpaired hand: cards wait for a lower card
LOW_LEVEL = "low level"  # the hand's low rank: pairing with a waiting top card ties
LOW_BELOW = "below low"  # pairing with a waiting top card makes a weaker hand
LOW_ABOVE = "above low"  # pairing with a waiting top card would beat the hand
PAIR_ABOVE = "pair above"  # a paired hand: pairs of this rank would beat it
PAIR_LEVEL = "pair level"  # a paired hand: a pair of this rank ties
PAIR_BELOW = "pair below"  # a paired hand: pairs of this rank are weaker


@cache
def _moves(cards: int, role: str, x: int, y: int) -> tuple[tuple[int, int, int, int, int], ...]:
    """Every way to use one rank's ``cards`` with ``x`` top cards and ``y`` other cards
    waiting: (new x, new y, hands formed, level hands formed, number of ways)."""
    moves = []
    for used in range(cards + 1):
        for with_x in range(min(x, used) + 1):
            if with_x and role not in (LOW_LEVEL, LOW_BELOW):
                break
            for with_y in range(min(y, used - with_x) + 1):
                rest = used - with_x - with_y
                for within in range(rest // 2 + 1):
                    if within and role not in (PAIR_LEVEL, PAIR_BELOW):
                        break
                    opened = rest - 2 * within
                    if role == OPEN_TOP:
                        if with_y:
                            continue
                        nx, ny = x + opened, y
                    else:
                        nx, ny = x - with_x, y - with_y + opened
                    level = with_x if role == LOW_LEVEL else within if role == PAIR_LEVEL else 0
                    ways = (
                        comb(cards, used)
                        * comb(used, with_x)
                        * comb(used - with_x, with_y)
                        * comb(rest, 2 * within)
                        * _pairings(within)
                        * perm(x, with_x)
                        * perm(y, with_y)
                    )
                    moves.append((nx, ny, with_x + with_y + within, level, ways))
    return tuple(moves)


def _role(strength: Strength, rank: int) -> str | None:
    top, low = strength.high, strength.low
    if strength.is_pair:
        return PAIR_ABOVE if rank > top else PAIR_LEVEL if rank == top else PAIR_BELOW
    if rank > top:
        return None  # no weaker hand can hold a card above an unpaired hand's high card
    if rank == top:
        return OPEN_TOP
    return LOW_LEVEL if rank == low else LOW_BELOW if rank < low else LOW_ABOVE


@cache
def _matchings(strength: Strength) -> dict[int, dict[int, int]]:
    """For 1 to 9 other hands: the unordered sets of that many disjoint two-card hands from
    the remaining cards, each weaker than or level with ``strength``, by how many are level."""
    left = _left(strength)
    # state: (waiting top-rank cards, other waiting cards, hands formed, level hands) -> ways
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 1}
    for rank in range(14, 1, -1):
        role = _role(strength, rank)
        if role is None:
            continue
        following: dict[tuple[int, int, int, int], int] = defaultdict(int)
        for (x, y, made, level), ways in states.items():
            for nx, ny, formed, equal, count in _moves(left[rank], role, x, y):
                total = made + formed
                if total + nx + ny > MAX_OTHERS:
                    continue  # every waiting card still needs a hand of its own
                following[(nx, ny, total, level + equal)] += ways * count
        states = following
    result: dict[int, dict[int, int]] = defaultdict(dict)
    for (x, y, made, level), ways in states.items():
        if x == 0 and y == 0 and made:
            result[made][level] = result[made].get(level, 0) + ways
    return dict(result)


@cache
def _pairings(pairs: int) -> int:
    """Ways to split ``2 * pairs`` cards into ``pairs`` unordered pairs."""
    ways: int = factorial(2 * pairs) // (2**pairs * factorial(pairs))
    return ways


@cache
def _odds(strength: Strength, players: int) -> Odds:
    others = players - 1
    counts = _matchings(strength).get(others, {})
    deals = factorial(50) // (factorial(50 - 2 * others) * 2**others)  # ordered hands
    scale = Fraction(factorial(others), deals)
    ties = {t: n * scale for t, n in sorted(counts.items()) if t}
    return Odds(strength, players, counts.get(0, 0) * scale, ties)


def hand_odds(held: str | Hand | Strength | tuple[Card, Card], *, players: int) -> Odds:
    """Exact odds of a two-card hand at a table of ``players`` (2 to 10) if all stay in."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
        raise PlayerError(f"players must be a whole number from 2 to 10 (R11); got {players!r}")
    if isinstance(held, Strength):
        strength = held
    elif isinstance(held, Hand):
        strength = held.strength
    else:
        strength = hand(held).strength
    return _odds(strength, players)


def odds_table() -> dict[tuple[Strength, int], Odds]:
    """Exact odds of all 91 classes for 2 to 10 players."""
    return {(s, n): _odds(s, n) for s in ALL_STRENGTHS for n in range(2, 11)}
