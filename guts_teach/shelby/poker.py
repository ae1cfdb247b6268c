"""Five-card poker hands for the Shelby games (RULINGS S3, S4), with wild cards.

Standard categories, best last: high card, pair, two pair, three of a kind, straight,
flush, full house, four of a kind, straight flush, and five of a kind (only possible with
wild cards). Aces are high, or low in A-2-3-4-5. A wild card stands for any card at all,
even one already in the hand, so five of a kind can be made; the hand takes the best value
any substitution gives (S4: in Baseball rules 3s and 9s are wild).

A wild card may repeat a card already held; five cards of one suit are a flush even with a
repeated rank (so a wild ace can make an ace-ace flush, which beats an ace-king flush).
Evaluation uses two small tables built once: one for five distinct ranks that may form a
flush, and one keyed by the product of rank primes for everything else.

>>> from guts_teach.game.cards.deck import parse_cards
>>> evaluate(parse_cards("Qs Qh 9d 9c Qc")).name
'full house, queens over nines'
>>> evaluate(parse_cards("Ah 2d 3c 4s 5h")).name
'straight, five high'
>>> evaluate(parse_cards("3h 9d Ac As Ah"), wild=BASEBALL_WILD).name
'five of a kind, aces'
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement

from ..game.cards.deck import RANK_NAMES, RANK_PLURALS, RANK_PRIMES, Card, rank_symbol
from ..game.cards.hands import StrengthOrder
from ..game.errors import CardError

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE = range(
    10
)
CATEGORY_NAMES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "five of a kind",
)
BASEBALL_WILD = frozenset({3, 9})
"""Psycho Shelby's round 3 (S4): 3s and 9s are wild."""

_PRIMES = dict(zip(range(2, 15), RANK_PRIMES, strict=True))


@dataclass(frozen=True, slots=True, order=True)
class PokerStrength(StrengthOrder):
    """A five-card hand's class: ``category`` then ``ranks`` (the order that breaks ties)."""

    value: int
    category: int = field(compare=False)
    ranks: tuple[int, ...] = field(compare=False)

    @property
    def name(self) -> str:
        """In words: ``"two pair, kings and sevens"``."""
        r = self.ranks
        c = self.category
        if c == FIVE:
            return f"five of a kind, {RANK_PLURALS[r[0]]}"
        if c in (STRAIGHT, STRAIGHT_FLUSH):
            return f"{CATEGORY_NAMES[c]}, {RANK_NAMES[r[0]]} high"
        if c == QUADS:
            return f"four {RANK_PLURALS[r[0]]}"
        if c == FULL_HOUSE:
            return f"full house, {RANK_PLURALS[r[0]]} over {RANK_PLURALS[r[1]]}"
        if c == FLUSH:
            return f"flush, {RANK_NAMES[r[0]]} high"
        if c == TRIPS:
            return f"three {RANK_PLURALS[r[0]]}"
        if c == TWO_PAIR:
            return f"two pair, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[1]]}"
        if c == PAIR:
            return f"pair of {RANK_PLURALS[r[0]]}"
        return f"{RANK_NAMES[r[0]]} high"

    @property
    def short(self) -> str:
        """Ranks only, in tie-breaking order."""
        return "-".join(rank_symbol(x) for x in self.ranks)

    def __str__(self) -> str:
        return self.name

    def why(self, loser: PokerStrength) -> str:
        """Why this strength beats a weaker one, in a few words."""
        if self.category != loser.category:
            return f"{CATEGORY_NAMES[self.category]} beats {CATEGORY_NAMES[loser.category]}"
        for mine, theirs in zip(self.ranks, loser.ranks, strict=False):
            if mine != theirs:
                kind = CATEGORY_NAMES[self.category]
                return f"same {kind}, {rank_symbol(mine)} beats {rank_symbol(theirs)}"
        raise AssertionError("why() needs a stronger hand")  # pragma: no cover


def _strength(category: int, ranks: Sequence[int]) -> PokerStrength:
    value = category
    for i in range(5):
        value = value * 16 + (ranks[i] if i < len(ranks) else 0)
    return PokerStrength(value, category, tuple(ranks))


def _straight_top(distinct: Sequence[int]) -> int:
    """The top of a straight made by five distinct ranks (high first), or 0."""
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if tuple(distinct) == (14, 5, 4, 3, 2):
        return 5  # the wheel: the ace counts low
    return 0


def _classify(ranks: Sequence[int], flush: bool) -> PokerStrength:
    """Strength of five ranks (repeats allowed up to five of a kind) with or without a flush.

    Five cards of one suit count as a flush when that beats their ranks' pattern; with wild
    cards a flush may repeat a rank, and flushes compare their ranks high to low.
    """
    pattern = _pattern(ranks, flush)
    if flush and pattern.category < FLUSH:
        return _strength(FLUSH, sorted(ranks, reverse=True))
    return pattern


def _pattern(ranks: Sequence[int], flush: bool) -> PokerStrength:
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    order = [r for r, _ in groups]
    if shape == (5,):
        return _strength(FIVE, order)
    if len(counts) == 5:
        distinct = sorted(ranks, reverse=True)
        top = _straight_top(distinct)
        if top and flush:
            return _strength(STRAIGHT_FLUSH, [top])
        if flush:
            return _strength(FLUSH, distinct)
        if top:
            return _strength(STRAIGHT, [top])
        return _strength(HIGH_CARD, distinct)
    category = {
        (4, 1): QUADS,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): TRIPS,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
    }[shape]
    return _strength(category, order)


def _tables() -> tuple[dict[int, PokerStrength], dict[int, PokerStrength]]:
    plain: dict[int, PokerStrength] = {}
    flushes: dict[int, PokerStrength] = {}
    for ranks in combinations_with_replacement(range(2, 15), 5):
        key = 1
        for r in ranks:
            key *= _PRIMES[r]
        plain[key] = _classify(ranks, flush=False)
        if len(set(ranks)) > 1:  # five of one rank and one suit cannot be dealt or made
            flushes[key] = _classify(ranks, flush=True)
    return plain, flushes


_PLAIN, _FLUSHES = _tables()


def evaluate(cards: Sequence[Card], *, wild: frozenset[int] = frozenset()) -> PokerStrength:
    """The strength of exactly five cards; ranks in ``wild`` stand for any card."""
    if len(cards) != 5:
        raise CardError(f"a poker hand has 5 cards; got {len(cards)}")
    a, b, c, d, e = cards
    if wild and (
        a.rank in wild or b.rank in wild or c.rank in wild or d.rank in wild or e.rank in wild
    ):
        return _evaluate_wild(cards, wild)
    key = a.prime * b.prime * c.prime * d.prime * e.prime
    if a.suit == b.suit == c.suit == d.suit == e.suit:
        return _FLUSHES[key]
    return _PLAIN[key]


def _evaluate_wild(cards: Sequence[Card], wild: frozenset[int]) -> PokerStrength:
    naturals = [c for c in cards if c.rank not in wild]
    if not naturals:
        return _strength(FIVE, [14])
    key = 1
    for c in naturals:
        key *= c.prime
    flush = len({c.suit for c in naturals}) == 1  # wilds can take the naturals' suit
    return _best_substitution(key, 5 - len(naturals), flush)


_EXTRA_KEYS = {
    count: tuple(
        math.prod(_PRIMES[r] for r in extra)
        for extra in combinations_with_replacement(range(2, 15), count)
    )
    for count in range(1, 5)
}
"""For 1 to 4 wild cards: the prime product of every choice of ranks they can stand for."""


@cache
def _best_substitution(natural_key: int, wilds: int, flush: bool) -> PokerStrength:
    """The best hand the naturals (their rank primes' product) make with ``wilds`` wild
    cards: every substitution looked up in the tables, never classified again."""
    best = _PLAIN[natural_key * _EXTRA_KEYS[wilds][0]]
    for extra in _EXTRA_KEYS[wilds]:
        key = natural_key * extra
        candidate = (_FLUSHES.get(key) or _PLAIN[key]) if flush else _PLAIN[key]
        if candidate.value > best.value:
            best = candidate
    return best


def best_five(
    cards: Sequence[Card], *, wild: frozenset[int] = frozenset()
) -> tuple[PokerStrength, tuple[Card, ...]]:
    """The best five-card hand from five or more cards, and the five cards that make it."""
    if len(cards) < 5:
        raise CardError(f"a poker hand needs at least 5 cards; got {len(cards)}")
    best: tuple[PokerStrength, tuple[Card, ...]] | None = None
    for five in combinations(cards, 5):
        strength = evaluate(five, wild=wild)
        if best is None or strength.value > best[0].value:
            best = (strength, five)
    assert best is not None
    return best
