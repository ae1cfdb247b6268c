"""Cards, reading them from text, and a deck with injected randomness.

A card is read from the way people write it: ``Q♠``, ``Qs``, ``qs``, ``10h``, ``Th`` or
``T♥``, and several cards with or without separators (``"Q♠ Q♥"``, ``"QsQh"``,
``"Qs,Qh"``). Every card is one of 52 shared objects.

>>> parse_cards("Qs,Qh")
(Card('Q♠'), Card('Q♥'))
>>> card("10h").ascii, str(card("Th")), card("T♥").name
('Th', '10♥', 'ten of hearts')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..errors import ArgumentError, CardError, DuplicateCardError
from ..shown import shown

RANKS = "23456789TJQKA"
"""Rank letters from lowest to highest; the rank value of ``RANKS[i]`` is ``i + 2``."""

RANK_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
"""One prime per rank, twos first."""

SUITS = "shdc"
"""Suit letters: spades, hearts, diamonds, clubs (the bridge order, highest first; suits
only order cards for display, they never rank hands)."""

SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
RANK_NAMES = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
RANK_PLURALS = {rank: ("sixes" if rank == 6 else name + "s") for rank, name in RANK_NAMES.items()}

_SUIT_READ = {
    "s": "s",
    "h": "h",
    "d": "d",
    "c": "c",
    "♠": "s",
    "♥": "h",
    "♦": "d",
    "♣": "c",
    "♤": "s",
    "♡": "h",
    "♢": "d",
    "♧": "c",
}
_SEPARATORS = frozenset(" \t\n,;/|-+\ufe0e\ufe0f")  # and the emoji variation selectors
EXPECTED_CARD = (
    "a rank (2-10, J, Q, K, A; T for ten) followed by a suit (♠ ♥ ♦ ♣ or s h d c), "
    'like "Q♠", "Qs" or "10h"'
)


def rank_symbol(rank: int) -> str:
    """The short text of a rank: ``"10"`` for ten, a letter or digit otherwise.

    >>> rank_symbol(14), rank_symbol(10), rank_symbol(7)
    ('A', '10', '7')
    """
    return "10" if rank == 10 else RANKS[rank - 2]


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card: ``rank`` from 2 to 14 (ace high) and ``suit`` one of ``s h d c``.

    Use :func:`card` or :func:`parse_cards` rather than the constructor.

    >>> card("As") > card("Kh")
    True
    """

    rank: int
    suit: str
    bit: int = field(init=False, repr=False, compare=False)
    """A bit of its own among the 52 (for fast duplicate checks)."""
    prime: int = field(init=False, repr=False, compare=False)
    """A prime for the rank (2 for twos ... 41 for aces): a product of primes names a
    multiset of ranks, which is how five-card hands are looked up (:mod:`.poker`)."""

    def __post_init__(self) -> None:
        if self.rank not in RANK_NAMES or self.suit not in SUITS:
            raise CardError(f"no such card: rank {shown(self.rank)}, suit {shown(self.suit)}")
        object.__setattr__(self, "bit", 1 << ((self.rank - 2) * 4 + SUITS.index(self.suit)))
        object.__setattr__(self, "prime", RANK_PRIMES[self.rank - 2])

    def __str__(self) -> str:
        return rank_symbol(self.rank) + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __lt__(self, other: Card) -> bool:
        # Ranks first; between equal ranks the bridge order, clubs lowest and spades highest.
        return (self.rank, -SUITS.index(self.suit)) < (other.rank, -SUITS.index(other.suit))

    def __gt__(self, other: Card) -> bool:
        return other < self

    @property
    def ascii(self) -> str:
        """The two-letter form, ``"Qs"``, ``"Th"``."""
        return RANKS[self.rank - 2] + self.suit

    @property
    def name(self) -> str:
        """The card in words, for screen readers: ``"queen of spades"``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"


FULL_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(2, 15) for suit in SUITS)
"""The 52 cards, twos first."""

_BY_TEXT: dict[tuple[int, str], Card] = {(c.rank, c.suit): c for c in FULL_DECK}


def _bad(text: str, piece: str) -> CardError:
    if piece == text:
        return CardError(f'cannot read "{text}" as a card; expected {EXPECTED_CARD}')
    return CardError(f'cannot read "{piece}" in "{text}" as a card; expected {EXPECTED_CARD}')


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read any number of cards from text, with or without separators.

    Raises :class:`CardError` quoting the bad text, and :class:`DuplicateCardError` when
    a card appears twice.

    >>> parse_cards("QsQh") == parse_cards("Q♠ Q♥") == parse_cards("qs, qh") == parse_cards("Q♠️ Q♥️")
    True
    >>> parse_cards("Qs Qx")
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.CardError: cannot read "Qx" in "Qs Qx" as a card; \
expected a rank (2-10, J, Q, K, A; T for ten) followed by a suit (♠ ♥ ♦ ♣ or s h d c), \
like "Q♠", "Qs" or "10h"
    >>> parse_cards(5)
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.ArgumentError: text must be cards written as text, such as \
"Q♠ Q♥" or "QsQh"; got 5
    """
    if not isinstance(text, str):
        raise ArgumentError(
            f'text must be cards written as text, such as "Q♠ Q♥" or "QsQh"; got {shown(text)}'
        )
    cards: list[Card] = []
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char in _SEPARATORS:
            i += 1
            continue
        start = i
        if text.startswith("10", i):
            rank_text, i = "T", i + 2
        else:
            rank_text, i = char.upper(), i + 1
        suit_char = text[i] if i < n else ""
        suit = _SUIT_READ.get(suit_char.lower())
        rank_index = RANKS.find(rank_text) if len(rank_text) == 1 else -1
        if rank_index >= 0 and suit is None and (i >= n or suit_char in _SEPARATORS):
            bare = text[start:i]
            where = "" if bare == text.strip() else f' in "{text}"'
            raise CardError(f'the card "{bare}"{where} has no suit; expected {EXPECTED_CARD}')
        if rank_index < 0 or suit is None:
            end = i + 1
            while end < n and text[end] not in _SEPARATORS:
                end += 1
            raise _bad(text, text[start : max(end, i + 1)].strip() or text)
        i += 1
        found = _BY_TEXT[(rank_index + 2, suit)]
        if found in cards:
            raise DuplicateCardError(f'{found} appears twice in "{text}"; every card is unique')
        cards.append(found)
    return tuple(cards)


def card_of(rank: int, suit: str) -> Card:
    """The card of ``rank`` (2-14) and ``suit`` (s h d c), the deck's own object.

    >>> card_of(14, "s")
    Card('A♠')
    """
    return _BY_TEXT[(rank, suit)]


def card(text: str) -> Card:
    """Read exactly one card.

    >>> card("q♠")
    Card('Q♠')
    """
    cards = parse_cards(text)
    if len(cards) != 1:
        raise CardError(
            f'expected one card in "{text}", found {len(cards)}; expected {EXPECTED_CARD}'
        )
    return cards[0]


def check_unique(holdings: Mapping[str, Sequence[Card]]) -> None:
    """Raise :class:`DuplicateCardError` naming a card held twice and both holders.

    >>> check_unique({"A": parse_cards("Qs Qh"), "C": parse_cards("Js Qs")})
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.DuplicateCardError: Q♠ is given twice: to A and to C; \
a deck has one of each card
    """
    dealt = 0  # one bit per card: cheaper than a set on the hot path of every deal
    for cards in holdings.values():
        for one in cards:
            bit = one.bit
            if dealt & bit:
                _raise_duplicate(holdings, one)
            dealt |= bit


def _raise_duplicate(holdings: Mapping[str, Sequence[Card]], card: Card) -> None:
    holders = [holder for holder, cards in holdings.items() for one in cards if one == card]
    first, second = holders[0], holders[1]
    where = f"twice to {first}" if first == second else f"twice: to {first} and to {second}"
    raise DuplicateCardError(f"{card} is given {where}; a deck has one of each card")


class Deck:
    """A 52-card deck that deals with an injected :class:`random.Random`.

    The deck is shuffled anew for every deal (the documents collect and reshuffle the
    whole pack after each settlement), so a deal never repeats a card.

    >>> deck = Deck(random.Random(7))
    >>> hands = deck.deal(4, 2)
    >>> len(hands), len({c for hand in hands for c in hand})
    (4, 8)
    """

    __slots__ = ("_rng",)

    def __init__(self, rng: random.Random) -> None:
        if not isinstance(rng, random.Random):
            raise TypeError("Deck needs a random.Random instance, e.g. random.Random(seed)")
        self._rng = rng

    def deal(self, hands: int, cards_each: int, *, extra: int = 0) -> tuple[tuple[Card, ...], ...]:
        """Deal ``hands`` hands of ``cards_each`` cards, plus ``extra`` further hands."""
        total = hands + extra
        if total * cards_each > len(FULL_DECK):
            raise CardError(
                f"cannot deal {total} hands of {cards_each} cards from one 52-card deck"
            )
        drawn = self._rng.sample(FULL_DECK, total * cards_each)
        # Deal one card at a time round the table, as the documents describe.
        return tuple(tuple(drawn[h::total]) for h in range(total))
