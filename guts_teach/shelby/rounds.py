"""What each round of the Shelby games plays, and the strength of a player's cards in it
(S3, S4): two-card hands, three-card hands, the best of several cards, five-card poker hands
with wild cards, and low hands.

>>> [label for label, _ in ROUNDS["psycho_shelby"]]
['best two of three', 'lowest three of five', 'best five of all, 3s and 9s wild']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..game.cards.deck import Card
from ..game.cards.hands import TwoCardRanking
from ..game.cards.three_cards import ThreeCardRanking
from .low import best_of, lowest_three
from .poker import BASEBALL_WILD, best_five


def _two_of(cards: Sequence[Card]) -> Any:
    return best_of(cards, 2, lambda cs: TwoCardRanking().hand(cs).strength)[0]


def _three_of(cards: Sequence[Card]) -> Any:
    return best_of(cards, 3, lambda cs: ThreeCardRanking().hand(cs).strength)[0]


def _five_of(cards: Sequence[Card]) -> Any:
    return best_five(cards)[0]


def _wild_five_of(cards: Sequence[Card]) -> Any:
    return best_five(cards, wild=BASEBALL_WILD)[0]


ROUNDS: dict[str, tuple[tuple[str, Callable[[Sequence[Card]], Any]], ...]] = {
    "shelby": (
        ("two cards", _two_of),
        ("three cards", _three_of),
        ("best three of four", _three_of),
        ("best five-card hand", _five_of),
    ),
    "psycho_shelby": (
        ("best two of three", _two_of),
        ("lowest three of five", lowest_three),
        ("best five of all, 3s and 9s wild", _wild_five_of),
    ),
}
"""Each game's rounds: what the round plays, and the strength of a player's cards in it."""
