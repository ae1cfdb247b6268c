"""Seeded Monte Carlo through the rules core, with error bars, for any rules.

Where exact counting does not reach (three-card hands, the ghost hand, single loser, no
split pots) the same questions are answered by dealing many random deals with an injected
``random.Random`` and settling each one with the package's own rules (:func:`showdown.decide`
and :func:`settlement.settle_pot`). Every answer is an :class:`Estimate`: a mean and its
standard error, so "0.4412 +/- 0.0031" says how far to trust it.

>>> import random
>>> from guts_teach.game.rules import teaching
>>> chance = sampled_odds("As Ad", players=3, rules=teaching(), rng=random.Random(1), samples=2000)
>>> chance.best.mean > 0.99
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..game.cards.deck import FULL_DECK, Card, parse_cards
from ..game.cards.hands import HandOrder
from ..game.errors import CardError, PlayerError, RulesError
from ..game.rules import Rules
from ..game.settlement import settle_pot
from ..game.showdown import decide
from .counting.odds import check_table_size
from .equilibria.mixed import MixedThreshold
from .equilibria.thresholds import Threshold


@dataclass(frozen=True)
class Estimate:
    """A sampled mean and its standard error (about two thirds of runs land within one)."""

    mean: float
    error: float
    samples: int

    def __str__(self) -> str:
        return f"{self.mean:.4f} +/- {self.error:.4f}"

    def agrees(self, exact: float, *, sigmas: float = 4) -> bool:
        """True when ``exact`` lies within ``sigmas`` standard errors of the mean."""
        return abs(self.mean - exact) <= sigmas * self.error + 1e-12


def _estimate(total: float, squares: float, samples: int) -> Estimate:
    mean = total / samples
    variance = max(0.0, squares / samples - mean * mean)
    return Estimate(mean, math.sqrt(variance / max(1, samples - 1)), samples)


@dataclass(frozen=True)
class SampledOdds:
    """Sampled chances that a hand is strictly best, or tied for best, and its pot share."""

    best: Estimate
    tied: Estimate
    share: Estimate


def held_hand(cards: str | tuple[Card, ...], rules: Rules) -> HandOrder:
    """The hand ``cards`` make under ``rules`` (two cards, or three for V6).

    >>> held_hand("As Ad", Rules()).strength.name
    'pair of aces'
    """
    parsed = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    ranking = rules.ranking()
    if len(parsed) != ranking.size:
        raise CardError(
            f"these rules deal {ranking.size} cards a hand; got {len(parsed)} ({cards!r})"
        )
    return ranking.hand(parsed)


def _deal(mine: HandOrder, hands: int, rules: Rules, rng: random.Random) -> list[HandOrder]:
    ranking = rules.ranking()
    deck = [c for c in FULL_DECK if not c.bit & mine.bits]
    drawn = rng.sample(deck, hands * ranking.size)
    size = ranking.size
    return [ranking.hand(drawn[i * size : (i + 1) * size]) for i in range(hands)]


def sampled_odds(
    held: str | tuple[Card, ...], *, players: int, rules: Rules, rng: random.Random, samples: int
) -> SampledOdds:
    """Sample the odds of a hand when everyone stays in, under ``rules`` (two or three
    cards, V6)."""
    check_table_size(players)
    mine = held_hand(held, rules)
    sums = [0.0] * 6
    for _ in range(samples):
        others = _deal(mine, players - 1, rules, rng)
        top = max(h.strength.value for h in others)
        value = mine.strength.value
        tied = sum(1 for h in others if h.strength.value == value)
        outcomes = (
            float(value > top),
            float(value == top),
            1.0 if value > top else 1 / (tied + 1) if value == top else 0.0,
        )
        for i, x in enumerate(outcomes):
            sums[2 * i] += x
            sums[2 * i + 1] += x * x
    best_, tied_, share = (_estimate(sums[2 * i], sums[2 * i + 1], samples) for i in range(3))
    return SampledOdds(best_, tied_, share)


def _worth(
    me: str,
    seats: list[str],
    ins: tuple[str, ...],
    hands: dict[str, HandOrder],
    ghost: HandOrder | None,
    rules: Rules,
    pot: Fraction,
    reserve: Fraction,
) -> Fraction:
    """What one deal is worth to ``me``: money won or paid, plus ``1/n`` of what carries over."""
    outcome = decide(players=seats, ins=ins, rules=rules, hands=hands, ghost=ghost)
    fresh = len(seats) * rules.ante if not ins and rules.reante_when_nobody_in else Fraction(0)
    settled = settle_pot(
        pot=pot,
        reserve=reserve,
        winners=len(outcome.winners),
        payers=len(outcome.payers),
        cap=rules.cap,
        added=fresh,
    )
    money = (settled.share if me in outcome.winners else 0) - (
        settled.payment if me in outcome.payers else 0
    )
    money -= fresh / len(seats)
    return money + (settled.pot + settled.reserve) / len(seats)


Strategy = Threshold | MixedThreshold


def sampled_gain(
    held: str | tuple[Card, ...],
    others: Strategy | Sequence[Strategy],
    *,
    players: int,
    rules: Rules,
    rng: random.Random,
    samples: int,
    pot: Fraction | None = None,
    reserve: Fraction = Fraction(0),
) -> Estimate:
    """Sample what going in rather than out is worth, as a fraction of the pot, when the
    others play ``others`` (one strategy for all, or one each, in seat order), under any
    simultaneous ``rules`` (cap, V2-V7).

    Each deal is settled twice by the rules core, once with you in and once out; what carries
    over (pot and reserve) counts ``1/n`` for you, as in
    :mod:`guts_teach.strategy.equilibria.thresholds`.
    """
    check_table_size(players)
    if rules.declaration == "in_turn":
        raise RulesError(
            "threshold strategies need declaring at once; in turn (V1) later players hear "
            "earlier declarations"
        )
    each = list(others) if isinstance(others, Sequence) else [others] * (players - 1)
    if len(each) != players - 1:
        raise PlayerError(
            f"give one strategy for all the others or one for each of the {players - 1}; "
            f"got {len(each)}"
        )
    mine = held_hand(held, rules)
    if pot is None:
        pot = rules.cap if rules.cap is not None else rules.ante * players
    seats = ["you"] + [f"p{i}" for i in range(1, players)]
    total = squares = 0.0
    for _ in range(samples):
        dealt = _deal(mine, players - 1 + rules.ghost_hand, rules, rng)
        ghost = dealt.pop() if rules.ghost_hand else None
        hands = dict(zip(seats, [mine, *dealt], strict=True))
        ins = tuple(
            p
            for p, plays in zip(seats[1:], each, strict=True)
            if plays.goes_in(hands[p].strength, rng)
        )
        with_me = _worth("you", seats, ("you", *ins), hands, ghost, rules, pot, reserve)
        without = _worth("you", seats, ins, hands, ghost, rules, pot, reserve)
        x = float((with_me - without) / pot)
        total += x
        squares += x * x
    return _estimate(total, squares, samples)
