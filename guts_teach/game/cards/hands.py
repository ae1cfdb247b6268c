"""Two-card hands and their ranking (RULINGS R1).

Any pair beats any unpaired hand; pairs rank by rank, aces high and twos low; unpaired
hands compare the higher card first, then the lower card. Suits never count, and there
are no straights or flushes. That gives 91 classes over the 1,326 possible hands.

A :class:`Hand` is the cards a player holds; its :attr:`Hand.strength` is the class it
belongs to. Hands compare by strength (``<``, ``>``), while ``==`` and hashing look at
the cards themselves, so ``Q♠Q♥`` and ``Q♦Q♣`` are different hands of equal strength:
use :meth:`Hand.ties` or compare strengths to ask for a tie.

>>> qq, ak = hand("Q♠ Q♥"), hand("A♣ K♦")
>>> qq > ak, qq.name, ak.name
(True, 'pair of queens', 'ace-king')
>>> explain(hand("As Kd"), hand("Ah Qc"))
'A-K beats A-Q: same high card, K beats Q'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import ArgumentError, CardError, DuplicateCardError
from ..shown import shown
from .deck import RANK_NAMES, RANK_PLURALS, RANKS, Card, card_of, parse_cards, rank_symbol

HAND_SIZE = 2


class StrengthOrder:
    """What every hand's strength is, of two cards (:class:`Strength`), three
    (:class:`~guts_teach.game.cards.three_cards.ThreeCardStrength`) or a Shelby game's five or
    low three: ordered by ``value``, and able to say ``why`` it beats another."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Strength(StrengthOrder):
    """The class of a two-card hand: ordered, hashable, suit-free (R1).

    ``key`` is ``(1, rank, rank)`` for a pair and ``(0, high, low)`` otherwise, so plain
    tuple order is hand order; ``value`` is the same order as one integer.

    >>> Strength.of(14, 13) < Strength.of(2, 2)
    True
    """

    key: tuple[int, int, int]
    value: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        paired, high, low = self.key
        object.__setattr__(self, "value", paired * 10_000 + high * 100 + low)

    @classmethod
    def of(cls, first: int, second: int) -> Strength:
        """The strength of two ranks, in any order (one shared object per class)."""
        return _STRENGTHS[first * 16 + second]

    def __lt__(self, other: Strength) -> bool:
        return self.value < other.value

    def __gt__(self, other: Strength) -> bool:
        return self.value > other.value

    def __le__(self, other: Strength) -> bool:
        return self.value <= other.value

    def __ge__(self, other: Strength) -> bool:
        return self.value >= other.value

    @property
    def is_pair(self) -> bool:
        """True for a pair."""
        return self.key[0] == 1

    @property
    def high(self) -> int:
        """The higher rank (the pair's rank for a pair)."""
        return self.key[1]

    @property
    def low(self) -> int:
        """The lower rank (the pair's rank for a pair)."""
        return self.key[2]

    @property
    def short(self) -> str:
        """Ranks only: ``"Q-Q"``, ``"A-K"``, ``"10-7"``."""
        return f"{rank_symbol(self.high)}-{rank_symbol(self.low)}"

    @property
    def name(self) -> str:
        """In words: ``"pair of queens"``, ``"ace-king"``."""
        if self.is_pair:
            return f"pair of {RANK_PLURALS[self.high]}"
        return f"{RANK_NAMES[self.high]}-{RANK_NAMES[self.low]}"

    def __str__(self) -> str:
        return self.short

    def why(self, loser: Strength) -> str:
        """Why this strength beats a weaker one, in a few words."""
        if self.is_pair and not loser.is_pair:
            return "any pair beats any unpaired hand"
        if self.is_pair:
            return f"{RANK_PLURALS[self.high]} beat {RANK_PLURALS[loser.high]}"
        if self.high != loser.high:
            return f"{rank_symbol(self.high)} beats {rank_symbol(loser.high)}"
        return f"same high card, {rank_symbol(self.low)} beats {rank_symbol(loser.low)}"


def _make(first: int, second: int) -> Strength:
    high, low = (first, second) if first >= second else (second, first)
    return Strength((1 if high == low else 0, high, low))


_STRENGTHS: dict[int, Strength] = {}
for _a in range(2, 15):
    for _b in range(2, _a + 1):
        _STRENGTHS[_a * 16 + _b] = _STRENGTHS[_b * 16 + _a] = _make(_a, _b)

ALL_STRENGTHS: tuple[Strength, ...] = tuple(sorted(set(_STRENGTHS.values())))
"""The 91 classes of two-card hands, weakest (3-2) first, pair of aces last."""


class HandOrder:
    """Comparison by strength, shared by two- and three-card hands.

    ``<``, ``>``, ``<=``, ``>=`` compare strengths; ``==`` and hashing look at the cards.
    """

    __slots__ = ()
    cards: tuple[Card, ...]
    strength: Any
    bits: int

    @property
    def name(self) -> str:
        """The hand in words: ``"pair of queens"``."""
        return str(self.strength.name)

    @property
    def ascii(self) -> str:
        """The hand in two-letter cards: ``"QsQh"``."""
        return "".join(c.ascii for c in self.cards)

    def ties(self, other: HandOrder) -> bool:
        """True when the two hands are of equal strength (suits never count)."""
        return bool(self.strength.value == other.strength.value)

    def __lt__(self, other: HandOrder) -> bool:
        return bool(self.strength.value < other.strength.value)

    def __gt__(self, other: HandOrder) -> bool:
        return bool(self.strength.value > other.strength.value)

    def __le__(self, other: HandOrder) -> bool:
        return bool(self.strength.value <= other.strength.value)

    def __ge__(self, other: HandOrder) -> bool:
        return bool(self.strength.value >= other.strength.value)

    def __str__(self) -> str:
        return " ".join(map(str, self.cards))

    def __repr__(self) -> str:
        return f"hand('{self}')"


@dataclass(frozen=True, slots=True, repr=False)
class Hand(HandOrder):
    """The two cards one player holds, highest first. Build with :func:`hand`."""

    cards: tuple[Card, ...]
    strength: Strength = field(init=False, repr=False, compare=False)
    """The hand's class (R1)."""
    bits: int = field(init=False, repr=False, compare=False)
    """The cards as a set of bits (see :attr:`Card.bit`), for fast duplicate checks."""

    def __post_init__(self) -> None:
        if len(self.cards) != HAND_SIZE:
            shown = " ".join(map(str, self.cards))
            raise CardError(f'a hand has {HAND_SIZE} cards; got {len(self.cards)} ("{shown}")')
        if self.cards[0] == self.cards[1]:
            raise CardError(f"a hand cannot hold {self.cards[0]} twice")
        if self.cards[1] > self.cards[0]:
            object.__setattr__(self, "cards", (self.cards[1], self.cards[0]))
        object.__setattr__(self, "strength", Strength.of(self.cards[0].rank, self.cards[1].rank))
        object.__setattr__(self, "bits", self.cards[0].bit | self.cards[1].bit)


_CLASS = re.compile(r"^\s*(10|[2-9tjqka])\s*-?\s*(10|[2-9tjqka])\s*$", re.IGNORECASE)


def class_ranks(text: str) -> tuple[int, int] | None:
    """The two ranks (2 to 14, higher first) of a hand class as people write it (``"A-K"``,
    ``"77"``, ``"T6"``), or ``None`` when ``text`` is not written as a class.

    >>> class_ranks("A-K"), class_ranks("6-10"), class_ranks("As Kd")
    ((14, 13), (10, 6), None)
    """
    found = _CLASS.match(text)
    if not found:
        return None
    first, second = (RANKS.index(g.upper().replace("10", "T")) + 2 for g in found.groups())
    return (first, second) if first >= second else (second, first)


def hand_class(text: str) -> Strength:
    """The class of a two-card hand, written as people write it (``"A-K"``, ``"AK"``,
    ``"7-7"``, ``"77"``, ``"10-6"``, ``"T6"``) or as two cards (``"As Kd"``): suits do not
    matter to a class (R1).

    >>> [str(hand_class(t)) for t in ("A-K", "ka", "7-7", "10-6", "T6", "As Kd")]
    ['A-K', 'A-K', '7-7', '10-6', '10-6', 'A-K']
    >>> hand_class("A-Z")
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.CardError: cannot read "A-Z" as a hand: write a class such as \
"A-K", "7-7" or "T6", or two cards such as "As Kd" (as cards: the card "A" in "A-Z" has no suit)
    """
    ranks = class_ranks(text)
    if ranks:
        return Strength.of(*ranks)
    try:
        return hand(text).strength
    except DuplicateCardError:
        raise
    except CardError as error:
        detail = str(error).split("; expected")[0]
        raise CardError(
            f'cannot read "{text}" as a hand: write a class such as "A-K", "7-7" or "T6", '
            f'or two cards such as "As Kd" (as cards: {detail})'
        ) from None


def hand_of_class(text: str) -> Hand:
    """Two cards for what was typed: the cards themselves, or for a class (``"A-K"``) one
    hand of it, spades then hearts (suits never count in two-card Guts, R1).

    >>> hand_of_class("A-K"), hand_of_class("77"), hand_of_class("Qd Jc")
    (hand('A♠ K♥'), hand('7♠ 7♥'), hand('Q♦ J♣'))
    """
    if _CLASS.match(text) is None:
        return hand(text)
    strength = hand_class(text)
    return Hand((card_of(strength.high, "s"), card_of(strength.low, "h")))


def hand(cards: str | Sequence[Card]) -> Hand:
    """Make a two-card hand from text (``"Q♠ Q♥"``, ``"QsQh"``) or from two cards.

    >>> hand("qs qh")
    hand('Q♠ Q♥')
    >>> hand("Qs Qh Js")
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.CardError: a hand has 2 cards; got 3 ("Qs Qh Js")
    """
    if isinstance(cards, str):
        parsed = parse_cards(cards)
        if len(parsed) != HAND_SIZE:
            raise CardError(f'a hand has {HAND_SIZE} cards; got {len(parsed)} ("{cards}")')
        return Hand(parsed)
    return Hand(card_tuple(cards, HAND_SIZE))


def card_tuple(cards: object, size: int) -> tuple[Card, ...]:
    """``cards`` given as Card objects (a list or tuple) for a hand of ``size`` cards;
    anything else is an :class:`ArgumentError` saying what a hand is made from.

    >>> card_tuple(b"ab", 2)
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.ArgumentError: cards must be text such as "Q♠ Q♥" or 2 Card \
objects; got b'ab'
    """
    if isinstance(cards, (list, tuple)) and all(isinstance(one, Card) for one in cards):
        return tuple(cards)
    raise ArgumentError(
        f'cards must be text such as "Q♠ Q♥" or {size} Card objects; got {shown(cards)}'
    )


@dataclass(frozen=True, slots=True)
class TwoCardRanking:
    """The ranking of two-card Guts (R1), with the same interface as the three-card one."""

    size: int = HAND_SIZE

    def hand(self, cards: str | Sequence[Card]) -> Hand:
        """A two-card hand from text or cards (see :func:`hand`)."""
        return hand(cards)


def all_hands() -> tuple[Hand, ...]:
    """All 1,326 two-card hands from one deck.

    >>> len(all_hands())
    1326
    """
    from .deck import FULL_DECK

    return tuple(
        Hand((FULL_DECK[j], FULL_DECK[i])) for i in range(len(FULL_DECK)) for j in range(i)
    )


def best(hands: Iterable[tuple[str, HandOrder]]) -> tuple[str, ...]:
    """The holders of the best hand; several when the best hands tie (R1, R5).

    >>> best([("A", hand("Qs Qh")), ("B", hand("Ac Kd")), ("C", hand("Qd Qc"))])
    ('A', 'C')
    """
    top = -1
    holders: list[str] = []
    for holder, held in hands:
        value = held.strength.value
        if value > top:
            top, holders = value, [holder]
        elif value == top:
            holders.append(holder)
    return tuple(holders)


def _strength_arg(value: object, what: str) -> Any:
    """The strength of a hand given to :func:`explain`: a hand's, or a strength itself."""
    found = value.strength if isinstance(value, HandOrder) else value
    if isinstance(found, StrengthOrder):
        return found
    raise ArgumentError(
        f'{what} must be a hand, such as hand("Q♠ Q♥"), or a hand\'s strength; got {shown(value)}'
    )


def explain(first: HandOrder | Any, second: HandOrder | Any) -> str:
    """Say in words which of two hands (or strengths) wins and why.

    Works for two-card hands (R1) and three-card hands (V6) alike.

    >>> explain(hand("7s 7h"), hand("As Kd"))
    '7-7 beats A-K: any pair beats any unpaired hand'
    >>> explain(hand("Qs Qh"), hand("Jc Jd"))
    'Q-Q beats J-J: queens beat jacks'
    >>> explain(hand("Ks Qh"), hand("Jc 10d"))
    'K-Q beats J-10: K beats J'
    >>> explain(hand("As Kd"), hand("Ah Kc"))
    'A-K ties A-K: same ranks, and suits never count'
    >>> explain(1, hand("Ah Kc"))
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.ArgumentError: first must be a hand, such as hand("Q♠ Q♥"), \
or a hand's strength; got 1
    """
    a = _strength_arg(first, "first")
    b = _strength_arg(second, "second")
    if type(a) is not type(b):
        raise ArgumentError(
            "first and second must be hands of the same game (two cards each, or three); "
            f"got {shown(first)} and {shown(second)}"
        )
    if a.value == b.value:
        return f"{a} ties {b}: same ranks, and suits never count"
    winner, loser = (a, b) if a.value > b.value else (b, a)
    return f"{winner} beats {loser}: {winner.why(loser)}"
