"""Three-card Guts heads-up (V6): exact gains against a threshold and the exact equilibrium.

Heads-up the rival holds one of the 18,424 three-card hands the other 49 cards make. What a
hand is worth going in is the two-card payoff (:mod:`guts_teach.strategy.equilibria.payoff`) fed
with exact chances: that the rival folds (their hand below the threshold), holds less, or holds the
same class. Counting those over every rival hand for each of the 22,100 hands would take
hundreds of millions of comparisons; instead the hands are swept once in order of strength,
keeping for each card and each pair of cards how many weaker hands hold them, and the rival
hands that avoid your three cards are counted by inclusion and exclusion. Best replies are
chosen by the value of each whole threshold and iterated to the equilibrium, as for two cards.

>>> found = equilibrium_three_cards()
>>> found.threshold.strength.short, found.threshold.strength.name
('K-9-8', 'king-nine-eight')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations

from ...game.cards.deck import FULL_DECK, Card
from ...game.cards.three_cards import ThreeCardRanking, ThreeCardStrength
from ...game.rules import Rules
from ..equilibria.payoff import Chances, best_threshold, gain_from, iterate_replies
from ..equilibria.thresholds import Threshold

RIVALS = 18_424  # three-card hands from the 49 cards you do not hold


@dataclass(frozen=True)
class _Hand:
    cards: tuple[int, int, int]  # card indices in FULL_DECK
    value: int
    strength: ThreeCardStrength


@cache
def _hands(rules: Rules) -> tuple[_Hand, ...]:
    """All 22,100 three-card hands under ``rules``' ranking, weakest first."""
    ranking = rules.ranking()
    assert isinstance(ranking, ThreeCardRanking)
    index = {card: i for i, card in enumerate(FULL_DECK)}
    hands = []
    for cards in combinations(FULL_DECK, 3):
        strength = ranking.strength(cards)
        hands.append(_Hand(tuple(index[c] for c in cards), strength.value, strength))  # type: ignore[arg-type]
    return tuple(sorted(hands, key=lambda h: h.value))


class _Counts:
    """How many of the hands added so far hold each card and each pair of cards."""

    def __init__(self) -> None:
        self.total = 0
        self.card = [0] * 52
        self.pair: dict[tuple[int, int], int] = {}

    def add(self, cards: tuple[int, int, int]) -> None:
        a, b, c = cards
        self.total += 1
        self.card[a] += 1
        self.card[b] += 1
        self.card[c] += 1
        for pair in ((a, b), (a, c), (b, c)):
            self.pair[pair] = self.pair.get(pair, 0) + 1

    def avoiding(self, cards: tuple[int, int, int]) -> int:
        """Hands added so far that share no card with ``cards`` (inclusion and exclusion;
        the hand ``cards`` itself, if added, is taken out by the caller)."""
        a, b, c = cards
        pairs = self.pair.get((a, b), 0) + self.pair.get((a, c), 0) + self.pair.get((b, c), 0)
        return self.total - self.card[a] - self.card[b] - self.card[c] + pairs


def _below_bound(hands: Sequence[_Hand], bound: int) -> list[int]:
    """For every hand: the rival hands avoiding its cards that are weaker than ``bound``."""
    counts = _Counts()
    for item in hands:
        if item.value >= bound:
            break
        counts.add(item.cards)
    return [counts.avoiding(h.cards) - (h.value < bound) for h in hands]


def _below_self(hands: Sequence[_Hand]) -> list[int]:
    """For every hand: the rival hands avoiding its cards that are weaker than it."""
    counts = _Counts()
    found = [0] * len(hands)
    start = 0
    while start < len(hands):
        end = start
        while end < len(hands) and hands[end].value == hands[start].value:
            end += 1
        for j in range(start, end):  # every hand of this class before any is added
            found[j] = counts.avoiding(hands[j].cards)
        for j in range(start, end):
            counts.add(hands[j].cards)
        start = end
    return found


@cache
def _chances(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For every hand (weakest first): the rival hands strictly weaker, and those level."""
    hands = _hands(rules)
    weaker = _below_self(hands)
    level: list[int] = []
    start = 0
    while start < len(hands):
        end = start
        while end < len(hands) and hands[end].value == hands[start].value:
            end += 1
        group = hands[start:end]
        level.extend(_below_bound(group, group[0].value + 1))  # the class's own hands only
        start = end
    return tuple(weaker), tuple(level)


@cache
def _folding(rules: Rules, threshold: int) -> tuple[int, ...]:
    """For every hand: the rival hands that fold under a threshold of value ``threshold``."""
    return tuple(_below_bound(_hands(rules), threshold))


def hand_gains(others: Threshold, *, rules: Rules | None = None) -> tuple[Fraction, ...]:
    """The exact heads-up gain of going in with each of the 22,100 hands (weakest first)
    when the rival plays the three-card threshold ``others``."""
    rules = rules or Rules(hand_size=3)
    edge = others.strength
    if not isinstance(edge, ThreeCardStrength):
        raise TypeError("three-card gains need a three-card threshold")
    hands = _hands(rules)
    weaker, level = _chances(rules)
    folds = _folding(rules, edge.value)
    gains = []
    for h, w, t, f in zip(hands, weaker, level, folds, strict=True):
        above = h.value >= edge.value
        nobody = Fraction(f, RIVALS)
        best = Fraction(w, RIVALS)
        shared_below = best - nobody if above else Fraction(0)  # rival in and below yours
        chances = Chances(nobody, best, {1: Fraction(t, RIVALS)} if t else {}, shared_below)
        gains.append(gain_from(chances, players=2, above=above))
    return tuple(gains)


def gain_three_cards(
    held: str | Sequence[Card], others: Threshold, *, rules: Rules | None = None
) -> Fraction:
    """The exact heads-up gain of going in with the three-card hand ``held``."""
    rules = rules or Rules(hand_size=3)
    ranking = rules.ranking()
    assert isinstance(ranking, ThreeCardRanking)
    mine = ranking.hand(held)
    index = {card: i for i, card in enumerate(FULL_DECK)}
    key = tuple(sorted(index[c] for c in mine.cards))
    for h, g in zip(_hands(rules), hand_gains(others, rules=rules), strict=True):
        if tuple(sorted(h.cards)) == key:
            return g
    raise AssertionError("every hand is counted")  # pragma: no cover


def best_reply_three_cards(others: Threshold, *, rules: Rules | None = None) -> Threshold:
    """The threshold of greatest value against ``others`` (ties go to the weaker one)."""
    rules = rules or Rules(hand_size=3)
    hands = _hands(rules)
    gains = hand_gains(others, rules=rules)
    starts = [i for i in range(len(hands)) if i == 0 or hands[i - 1].value != hands[i].value]
    class_gains = {
        start: sum(gains[start:end], Fraction(0))
        for start, end in zip(starts, [*starts[1:], len(hands)], strict=True)
    }
    best = best_threshold(starts, lambda start: 1, class_gains.__getitem__)
    return Threshold(hands[best].strength)


@dataclass(frozen=True)
class ThreeCardEquilibrium:
    """The heads-up three-card threshold that is its own best reply, and the replies' path."""

    threshold: Threshold
    path: tuple[Threshold, ...]


def equilibrium_three_cards(*, rules: Rules | None = None) -> ThreeCardEquilibrium:
    """Best replies from "in with anything" to the heads-up three-card equilibrium."""
    rules = rules or Rules(hand_size=3)
    start = Threshold(_hands(rules)[0].strength)
    path = iterate_replies(start, lambda t: best_reply_three_cards(t, rules=rules))
    return ThreeCardEquilibrium(path[-1], path)
