"""Low hands and best-of-several choices for the Shelby rounds (RULINGS S3, S4).

Psycho Shelby's round 2 plays the **lowest** three-card hand from five cards: aces are low,
3-2-A is best, any pair (or three of a kind) is worse than every unpaired hand, and
straights and flushes do not count. Compare the highest card first (lower wins), then the
next. Among paired hands the lower pair wins, then the lower kicker.

>>> from guts_teach.game.cards.deck import parse_cards
>>> lowest_three(parse_cards("Ah 2d 3c Ks Kh")).name
'3-2-A low'
>>> lowest_three(parse_cards("9h 9d 9c 9s Kh")).name
'pair of nines and a king (low)'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TypeVar

from ..game.cards.deck import RANK_NAMES, RANK_PLURALS, Card, rank_symbol
from ..game.cards.hands import StrengthOrder
from ..game.errors import CardError

T = TypeVar("T")


def _low_rank(rank: int) -> int:
    return 1 if rank == 14 else rank


def _symbol(rank: int) -> str:
    return "A" if rank == 1 else rank_symbol(rank)


@dataclass(frozen=True, slots=True, order=True)
class LowStrength(StrengthOrder):
    """A three-card low hand; a **bigger** ``value`` is a better (lower) hand, so low hands
    order like every other strength in the package."""

    value: int
    paired: int = field(compare=False)  # 0 unpaired, 1 pair, 2 three of a kind
    ranks: tuple[int, ...] = field(compare=False)  # aces as 1, in comparison order

    @property
    def name(self) -> str:
        """In words: ``"3-2-A low"``, ``"pair of nines and a king (low)"``."""
        if self.paired == 0:
            return "-".join(_symbol(r) for r in self.ranks) + " low"
        if self.paired == 2:
            return f"three {RANK_PLURALS[14 if self.ranks[0] == 1 else self.ranks[0]]} (low)"
        pair, kicker = self.ranks[0], self.ranks[2]
        odd = RANK_NAMES[14 if kicker == 1 else kicker]
        return (
            f"pair of {RANK_PLURALS[14 if pair == 1 else pair]} and "
            f"{'an' if odd[0] in 'ae' else 'a'} {odd} (low)"
        )

    @property
    def short(self) -> str:
        return "-".join(_symbol(r) for r in self.ranks)

    def __str__(self) -> str:
        return self.short

    def why(self, loser: LowStrength) -> str:
        """Why this low hand beats a worse one."""
        if self.paired != loser.paired:
            return (
                "an unpaired hand is lower than any pair"
                if self.paired == 0
                else ("a pair is lower than three of a kind")
            )
        for mine, theirs in zip(self.ranks, loser.ranks, strict=True):
            if mine != theirs:
                return f"{_symbol(mine)} is lower than {_symbol(theirs)}"
        raise AssertionError("why() needs a better hand")  # pragma: no cover


def low_three(cards: Sequence[Card]) -> LowStrength:
    """The low strength of exactly three cards."""
    if len(cards) != 3:
        raise CardError(f"a low hand here has 3 cards; got {len(cards)}")
    ranks = [_low_rank(c.rank) for c in cards]
    counts = Counter(ranks)
    if len(counts) == 3:
        order = sorted(ranks, reverse=True)
        paired = 0
    elif len(counts) == 2:
        pair = next(r for r, n in counts.items() if n == 2)
        kicker = next(r for r, n in counts.items() if n == 1)
        order, paired = [pair, pair, kicker], 1
    else:
        order, paired = ranks, 2
    badness = paired
    for r in order:
        badness = badness * 16 + r
    return LowStrength(-badness, paired, tuple(order))


def best_of(
    cards: Sequence[Card], size: int, strength: Callable[[Sequence[Card]], T]
) -> tuple[T, tuple[Card, ...]]:
    """The best ``size`` cards out of ``cards`` by ``strength`` (anything with a ``value``)."""
    if len(cards) < size:
        raise CardError(f"choose {size} cards from at least {size}; got {len(cards)}")
    scored = ((strength(list(chosen)), chosen) for chosen in combinations(cards, size))
    return max(scored, key=lambda pair: pair[0].value)  # type: ignore[attr-defined]


def lowest_three(cards: Sequence[Card]) -> LowStrength:
    """The lowest three-card hand from five (or more) cards (S4, round 2)."""
    return best_of(cards, 3, low_three)[0]
