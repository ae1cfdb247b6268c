"""Ranking a handful of hands with names and reasons (the hand comparer's logic).

>>> result = compare_hands(["Qs Qh", "A♣K♦", "jc jd"])
>>> [line.place for line in result.lines], result.lines[0].name
([1, 2, 3], 'pair of queens')
>>> result.reasons[1]
'J-J beats A-K: any pair beats any unpaired hand'
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from ..errors import CardError
from .deck import RANK_NAMES, SUITS, Card, check_unique
from .hands import HandOrder, TwoCardRanking, class_ranks, explain
from .three_cards import ThreeCardRanking

MAX_HANDS = 10


@dataclass(frozen=True)
class RankedLine:
    """One hand in the ranking: its place (shared on a tie), label, hand and name."""

    place: int
    label: str
    hand: HandOrder
    name: str


@dataclass(frozen=True)
class Comparison:
    """Hands best first, and why each beats (or ties) the next."""

    lines: tuple[RankedLine, ...]
    reasons: tuple[str, ...]

    def text(self) -> str:
        """The comparison as plain text, one hand a line, then the reasons."""
        rows = [f"{line.place}. {line.hand}  {line.name}" for line in self.lines]
        return "\n".join(rows + [f"   {reason}" for reason in self.reasons])


def hands_for_classes(
    texts: Sequence[str], ranking: TwoCardRanking | ThreeCardRanking
) -> list[str | HandOrder]:
    """The hands as given (cards read once), with each two-card class (``"A-K"``, ``"77"``,
    ``"T6"``) dealt cards that clash with none of the others: suits do not matter to a class
    (R1), so the first free suits are taken, two different ones where the ranks differ.

    >>> [str(h) for h in hands_for_classes(["A-K", "As Kd", "7-7"], TwoCardRanking())]
    ['A♥ K♠', 'A♠ K♦', '7♠ 7♥']
    """
    if ranking.size != 2:  # classes are two-card hands
        return list(texts)
    given: dict[int, HandOrder] = {}  # the hands given as cards, read once
    for i, text in enumerate(texts):
        if class_ranks(text) is None:
            with contextlib.suppress(CardError):  # a typo: compare_hands names it
                given[i] = ranking.hand(text)
    used = {c for held in given.values() for c in held.cards}
    hands: list[str | HandOrder] = []
    for label, text in enumerate(texts, 1):
        ranks = class_ranks(text)
        if ranks is None:
            hands.append(given.get(label - 1, text))
            continue
        picked: list[Card] = []
        for rank in ranks:
            free = [Card(rank, suit) for suit in SUITS if Card(rank, suit) not in used]
            apart = [c for c in free if not picked or c.suit != picked[0].suit]
            if not free:
                raise CardError(
                    f'hand {label}: "{text}" needs another {RANK_NAMES[rank]}, but all four '
                    "are in the other hands"
                )
            picked.append((apart or free)[0])
            used.add(picked[-1])
        hands.append(ranking.hand(picked))
    return hands


def compare_hands(
    texts: Sequence[str | HandOrder],
    ranking: TwoCardRanking | ThreeCardRanking | None = None,
    labels: Sequence[str] | None = None,
) -> Comparison:
    """Rank hands given as text (or hands). Raises :class:`CardError` on a typo, a
    duplicate card or a wrong number of hands, with a message that names the input."""
    ranking = ranking or TwoCardRanking()
    names = list(labels) if labels else [f"hand {i + 1}" for i in range(len(texts))]
    hands = []
    for label, text in zip(names, texts, strict=True):
        try:
            hands.append(text if isinstance(text, HandOrder) else ranking.hand(text))
        except CardError as error:
            raise type(error)(f"{label}: {error}") from None
    if not 2 <= len(hands) <= MAX_HANDS:
        raise CardError(f"compare 2 to {MAX_HANDS} hands; got {len(hands)}")
    check_unique({f"{label} ({h})": h.cards for label, h in zip(names, hands, strict=True)})
    order = sorted(zip(names, hands, strict=True), key=lambda p: p[1].strength.value, reverse=True)
    lines: list[RankedLine] = []
    for i, (label, held) in enumerate(order):
        tie = lines and held.ties(lines[-1].hand)
        place = lines[-1].place if tie else i + 1
        lines.append(RankedLine(place, label, held, held.name))
    reasons = tuple(explain(a.hand, b.hand) for a, b in pairwise(lines))
    return Comparison(tuple(lines), reasons)
