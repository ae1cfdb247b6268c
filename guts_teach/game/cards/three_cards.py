"""Three-card Guts hands (RULINGS V6): straights and flushes count.

Default order, best first: three of a kind, straight flush, straight, flush, pair, high
card (seed 000's "usual order"). The options ``straight_flush_over_trips`` and
``flush_over_straight`` move those categories, as some tables agree. A-2-3 is the lowest
straight and Q-K-A the highest; straights do not wrap round (K-A-2 is no straight).
Within a category, ranks decide: the pair's rank, then the kicker; otherwise the cards
from the highest down.

>>> ranking = ThreeCardRanking()
>>> ranking.hand("Qs Jd 10c").name, ranking.hand("2h 2d 2c").name
('straight, queen high', 'three twos')
>>> ranking.hand("Qs Jd 10c") > ranking.hand("As 9s 4s")
True
>>> ThreeCardRanking(flush_over_straight=True).hand("Qs Jd 10c") > ranking.hand("As 9s 4s")
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import CardError
from .deck import RANK_NAMES, RANK_PLURALS, Card, parse_cards, rank_symbol
from .hands import HandOrder, StrengthOrder, card_tuple

HAND_SIZE = 3

TRIPS = "three of a kind"
STRAIGHT_FLUSH = "straight flush"
STRAIGHT = "straight"
FLUSH = "flush"
PAIR = "pair"
HIGH_CARD = "high card"

USUAL_ORDER = (TRIPS, STRAIGHT_FLUSH, STRAIGHT, FLUSH, PAIR, HIGH_CARD)
"""The seed's "usual order", best first."""


@dataclass(frozen=True, slots=True)
class ThreeCardStrength(StrengthOrder):
    """The class of a three-card hand: a category and the ranks that break ties in it.

    ``ranks`` are ordered for comparison (for a pair: pair rank, pair rank, kicker; for
    A-2-3: 3, 2, 1). ``value`` orders strengths as one integer under the ranking's
    category order.
    """

    category: str
    ranks: tuple[int, int, int]
    value: int = field(compare=False)

    @property
    def short(self) -> str:
        """Ranks only: ``"Q-J-10"``, ``"3-2-A"``."""
        return "-".join("A" if r == 1 else rank_symbol(r) for r in self.ranks)

    @property
    def name(self) -> str:
        """In words: ``"straight, queen high"``, ``"pair of nines and an ace"``."""
        top = self.ranks[0]
        if self.category == TRIPS:
            return f"three {RANK_PLURALS[top]}"
        if self.category in (STRAIGHT, STRAIGHT_FLUSH):
            return f"{self.category}, {RANK_NAMES[top]} high"
        if self.category == PAIR:
            odd = RANK_NAMES[self.ranks[2]]
            return f"pair of {RANK_PLURALS[top]} and {'an' if odd[0] in 'ae' else 'a'} {odd}"
        spelled = "-".join(RANK_NAMES[r] for r in self.ranks)
        return f"flush, {spelled}" if self.category == FLUSH else spelled

    def __str__(self) -> str:
        return self.short

    def __lt__(self, other: ThreeCardStrength) -> bool:
        return self.value < other.value

    def __gt__(self, other: ThreeCardStrength) -> bool:
        return self.value > other.value

    def why(self, loser: ThreeCardStrength) -> str:
        """Why this strength beats a weaker one, in a few words."""
        if self.category != loser.category:
            return f"a {self.category} beats a {loser.category}"
        if self.category == PAIR and self.ranks[0] != loser.ranks[0]:
            return f"{RANK_PLURALS[self.ranks[0]]} beat {RANK_PLURALS[loser.ranks[0]]}"
        if self.category == PAIR:
            return (
                f"same pair, so the third card decides: {_symbol(self.ranks[2])} beats "
                f"{_symbol(loser.ranks[2])}"
            )
        for mine, theirs in zip(self.ranks, loser.ranks, strict=True):
            if mine != theirs:
                prefix = "" if mine == self.ranks[0] and theirs == loser.ranks[0] else "then "
                return f"{prefix}{_symbol(mine)} beats {_symbol(theirs)}"
        raise AssertionError("why() needs a stronger hand than the loser")  # pragma: no cover


def _symbol(rank: int) -> str:
    return "A" if rank == 1 else rank_symbol(rank)


@dataclass(frozen=True, slots=True, repr=False)
class ThreeCardHand(HandOrder):
    """Three cards one player holds, highest first, with their strength under a ranking."""

    cards: tuple[Card, ...]
    strength: ThreeCardStrength = field(compare=False)
    bits: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "bits", self.cards[0].bit | self.cards[1].bit | self.cards[2].bit)


@dataclass(frozen=True, kw_only=True, slots=True)
class ThreeCardRanking:
    """How three-card hands rank: the usual order, or with the agreed swaps (V6)."""

    straight_flush_over_trips: bool = False
    flush_over_straight: bool = False
    size: int = field(default=HAND_SIZE, init=False)

    @property
    def order(self) -> tuple[str, ...]:
        """The categories, best first, under this ranking."""
        order = list(USUAL_ORDER)
        if self.straight_flush_over_trips:
            order[0], order[1] = order[1], order[0]
        if self.flush_over_straight:
            i, j = order.index(STRAIGHT), order.index(FLUSH)
            order[i], order[j] = order[j], order[i]
        return tuple(order)

    def strength(self, cards: Sequence[Card]) -> ThreeCardStrength:
        """The strength of three cards under this ranking."""
        category, ranks = classify(cards)
        points = len(USUAL_ORDER) - self.order.index(category)
        value = ((points * 16 + ranks[0]) * 16 + ranks[1]) * 16 + ranks[2]
        return ThreeCardStrength(category, ranks, value)

    def hand(self, cards: str | Sequence[Card]) -> ThreeCardHand:
        """A three-card hand from text (``"Qs Jd 10c"``) or three cards.

        >>> ThreeCardRanking().hand("Qs Jd")
        Traceback (most recent call last):
        ...
        guts_teach.game.errors.CardError: a hand has 3 cards in three-card Guts; got 2 ("Qs Jd")
        """
        parsed = parse_cards(cards) if isinstance(cards, str) else card_tuple(cards, HAND_SIZE)
        if len(parsed) != HAND_SIZE:
            shown = cards if isinstance(cards, str) else " ".join(map(str, parsed))
            raise CardError(
                f'a hand has {HAND_SIZE} cards in three-card Guts; got {len(parsed)} ("{shown}")'
            )
        if len(set(parsed)) != HAND_SIZE:
            raise CardError(f"a hand cannot hold the same card twice: {' '.join(map(str, parsed))}")
        ordered = tuple(sorted(parsed, reverse=True))
        return ThreeCardHand(ordered, self.strength(ordered))


def classify(cards: Sequence[Card]) -> tuple[str, tuple[int, int, int]]:
    """The category of three cards and the ranks that break ties within it.

    >>> classify(parse_cards("Ah 2d 3c"))
    ('straight', (3, 2, 1))
    >>> classify(parse_cards("9s 9d Ac"))
    ('pair', (9, 9, 14))
    """
    high, middle, low = sorted((c.rank for c in cards), reverse=True)
    flush = cards[0].suit == cards[1].suit == cards[2].suit
    if high == low:
        return TRIPS, (high, middle, low)
    if high == middle or middle == low:
        pair, kicker = (high, low) if high == middle else (low, high)
        return PAIR, (pair, pair, kicker)
    run: tuple[int, int, int] | None = None
    if high - low == 2:
        run = (high, middle, low)
    elif (high, middle, low) == (14, 3, 2):
        run = (3, 2, 1)  # A-2-3, the lowest straight: the ace counts as one
    if run is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT), run
    return (FLUSH if flush else HIGH_CARD), (high, middle, low)
