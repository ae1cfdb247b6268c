"""Cards and hands: the deck (:mod:`.deck`), two-card hands and their ranking (:mod:`.hands`,
R1), three-card hands (:mod:`.three_cards`, V6) and comparing any of them in words
(:mod:`.compare`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "compare_hands": "compare",
    "hands_for_classes": "compare",
    "Card": "deck",
    "Deck": "deck",
    "FULL_DECK": "deck",
    "RANKS": "deck",
    "RANK_NAMES": "deck",
    "RANK_PLURALS": "deck",
    "RANK_PRIMES": "deck",
    "SUIT_SYMBOLS": "deck",
    "card": "deck",
    "check_unique": "deck",
    "parse_cards": "deck",
    "rank_symbol": "deck",
    "ALL_STRENGTHS": "hands",
    "Hand": "hands",
    "HandOrder": "hands",
    "Strength": "hands",
    "StrengthOrder": "hands",
    "TwoCardRanking": "hands",
    "all_hands": "hands",
    "best": "hands",
    "explain": "hands",
    "hand": "hands",
    "hand_class": "hands",
    "hand_of_class": "hands",
    "ThreeCardRanking": "three_cards",
    "ThreeCardStrength": "three_cards",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .compare import compare_hands as compare_hands
    from .compare import hands_for_classes as hands_for_classes
    from .deck import FULL_DECK as FULL_DECK
    from .deck import RANK_NAMES as RANK_NAMES
    from .deck import RANK_PLURALS as RANK_PLURALS
    from .deck import RANK_PRIMES as RANK_PRIMES
    from .deck import RANKS as RANKS
    from .deck import SUIT_SYMBOLS as SUIT_SYMBOLS
    from .deck import Card as Card
    from .deck import Deck as Deck
    from .deck import card as card
    from .deck import check_unique as check_unique
    from .deck import parse_cards as parse_cards
    from .deck import rank_symbol as rank_symbol
    from .hands import ALL_STRENGTHS as ALL_STRENGTHS
    from .hands import Hand as Hand
    from .hands import HandOrder as HandOrder
    from .hands import Strength as Strength
    from .hands import StrengthOrder as StrengthOrder
    from .hands import TwoCardRanking as TwoCardRanking
    from .hands import all_hands as all_hands
    from .hands import best as best
    from .hands import explain as explain
    from .hands import hand as hand
    from .hands import hand_class as hand_class
    from .hands import hand_of_class as hand_of_class
    from .three_cards import ThreeCardRanking as ThreeCardRanking
    from .three_cards import ThreeCardStrength as ThreeCardStrength
