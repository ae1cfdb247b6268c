"""Declaring in turn heads-up (V1): the exact equilibrium, mixed, of first player and dealer.

The first player (the dealer's left) says in or out; the dealer hears it. After "out" the
dealer takes the pot without declaring (V1), so the first player's share is nothing. After
"in" the dealer goes in or out: out, the first player takes the pot alone (R4); in, the
better hand takes the pot and the worse pays its size into the next one (R5), of which each
player counts half as theirs (the lab's one-deal rule,
:mod:`guts_teach.strategy.equilibria.thresholds`); a tie shares the pot and nobody pays. So the
first player's share of the pot is 0 (out), 1 (in alone), 3/2, 1/2 or -1/2 (called and winning,
tying, losing); the dealer has the rest: a zero-sum game.

Threshold best replies go round a cycle (first player 9-2, 3-2, 9-8; dealer J-2, 9-2, J-8),
and the first player's best reply need not be a threshold at all: below the dealer's calling
hands every hand without a 2 or a ten or higher loses the same, so they are worth the same
as bluffs. :func:`solve` is therefore the whole game as a linear programme over the chance of
going in with each of the 91 classes (first player; the dealer's calls are the dual prices),
weighed by the exact deal counts of :mod:`guts_teach.strategy.counting.class_deals` and solved in
fractions by :mod:`guts_teach.strategy.equilibria.simplex` (some 20 seconds). Its answer is kept
here as
:data:`FIRST` and :data:`DEALER`; :func:`equilibrium` checks, class by class, that each is a
best reply to the other over *every* strategy (an exact certificate, a fraction of a second),
so its value is the game's value: the first player gets 1077164/2436525 of the pot (0.442),
the dealer the rest (0.558).

The dealer calls with 10-3 or better and with 10-2 1/24 of the time; the first player goes
in with 10-2 or better and bluffs with 21 low hands (no 2, nothing above 9) worth exactly
nothing to go in with; the programme's corner takes 16 of them always and 5-4 19/48 of the
time (other mixtures of the same bluffs are equilibria too: the dealer's reply and the value
are the same).

>>> found = equilibrium()
>>> str(found.dealer), found.value
('in with better than 10-2, and with 10-2 1/24 (4%) of the time', Fraction(1077164, 2436525))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ...game.cards.hands import ALL_STRENGTHS, HandOrder, Strength, hand_class
from ..counting.class_deals import pair_table
from ..equilibria.mixed import MixedThreshold
from ..equilibria.simplex import maximise

N = len(ALL_STRENGTHS)
DEALS = 1326 * 1225  # ordered heads-up deals
ZERO = Fraction(0)


def _called(first: int, dealer: int) -> int:
    """Twice what the dealer's call costs the first player against folding: 1 winning,
    -1 tying, -3 losing (twice the share: -1/2 to 3/2 called, 2 when the dealer folds)."""
    return 1 if first > dealer else -1 if first == dealer else -3


@dataclass(frozen=True)
class InTurnEquilibrium:
    """The heads-up in-turn equilibrium: the first player's way in, the dealer's way in
    after hearing "in", and the first player's share of the pot (``value``; the dealer's is
    ``1 - value``)."""

    first: ClassChances
    dealer: MixedThreshold
    value: Fraction

    @property
    def dealer_value(self) -> Fraction:
        """The dealer's share of the pot."""
        return 1 - self.value


def in_chances(play: MixedThreshold) -> tuple[Fraction, ...]:
    """The chance of going in with each class, weakest first."""
    return tuple(
        Fraction(1) if s.value > play.edge.value else play.mix if s == play.edge else ZERO
        for s in ALL_STRENGTHS
    )


def first_gains(dealer_calls: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """For each class of the first player's hand, what going in is worth (summed over deals,
    in half pots) when the dealer, hearing "in", goes in with each class by ``dealer_calls``."""
    table = pair_table()
    return tuple(
        sum(
            (
                w * (2 + q * _called(i, j))
                for j, (w, q) in enumerate(zip(row, dealer_calls, strict=True))
            ),
            ZERO,
        )
        for i, row in enumerate(table)
    )


def dealer_gains(first_ins: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """For each class of the dealer's hand, what going in after "in" is worth (summed over
    deals, in half pots) when the first player goes in with each class by ``first_ins``."""
    table = pair_table()
    return tuple(
        sum((-table[i][j] * p * _called(i, j) for i, p in enumerate(first_ins) if p), ZERO)
        for j in range(N)
    )


def first_value(first_ins: Sequence[Fraction], dealer_calls: Sequence[Fraction]) -> Fraction:
    """The first player's share of the pot when both play these chances."""
    gains = first_gains(dealer_calls)
    return sum((p * g for p, g in zip(first_ins, gains, strict=True)), ZERO) / (2 * DEALS)


def is_best_reply(chances: Sequence[Fraction], gains: Sequence[Fraction]) -> bool:
    """True when ``chances`` go in with every class of positive gain, never with one of
    negative gain (mixing only where going in is worth nothing): a best reply over every
    strategy, not just thresholds."""
    return all(
        (p == 1) if g > 0 else (p == 0) if g < 0 else True
        for p, g in zip(chances, gains, strict=True)
    )


def _programme() -> tuple[list[int], list[list[int]], list[int]]:
    """The first player's programme, in half pots summed over deals: maximise, over the
    chances ``p`` of going in and the dealer's savings ``y``, ``sum_i 2 W_i p_i - sum_j y_j``
    where ``y_j`` is at least what calling with ``j`` saves the dealer; ``p_i <= 1``."""
    table = pair_table()
    c = [2 * sum(row) for row in table] + [-1] * N
    rows = [
        [-table[i][j] * _called(i, j) for i in range(N)] + [-int(k == j) for k in range(N)]
        for j in range(N)
    ]
    rows += [[int(k == i) for k in range(N)] + [0] * N for i in range(N)]
    return c, rows, [0] * N + [1] * N


@cache
def solve() -> tuple[tuple[Fraction, ...], tuple[Fraction, ...], Fraction]:
    """Solve the whole game exactly: the first player's chances of going in by class, the
    dealer's chances of calling (the dual prices) and the first player's share of the pot."""
    c, rows, b = _programme()
    found = maximise(c, rows, b)
    return found.x[:N], found.y[:N], found.value / (2 * DEALS)


@dataclass(frozen=True)
class ClassChances:
    """Goes in with each class by its own chance (weakest first), by a coin from ``rng``;
    from the class ``strong`` up it always goes in, and below it only bluffs."""

    chances: tuple[Fraction, ...]
    strong: Strength

    def goes_in(self, held: HandOrder | Strength, rng: random.Random | None = None) -> bool:
        """In or out with ``held``; where the chance is neither 0 nor 1, ``rng`` decides."""
        strength = held.strength if isinstance(held, HandOrder) else held
        chance = self.chances[ALL_STRENGTHS.index(strength)]
        if chance in (0, 1):
            return chance == 1
        if rng is None:
            raise ValueError(f"{self} tosses a coin: pass rng=random.Random(seed)")
        return rng.random() < chance

    def __str__(self) -> str:
        top = ALL_STRENGTHS.index(self.strong)
        bluffs = [
            f"{s}" if p == 1 else f"{s} {float(p):.0%} of the time"
            for s, p in zip(ALL_STRENGTHS[:top], self.chances[:top], strict=True)
            if p
        ]
        said = f"in with {ALL_STRENGTHS[top]} or better"
        return f"{said}, and bluffs with {', '.join(bluffs)}" if bluffs else said


def _names(*names: str) -> dict[Strength, Fraction]:
    return {hand_class(n): Fraction(1) for n in names}


BLUFFS = {
    **_names("43", "53", "63", "64", "73", "74", "76", "84", "85", "86", "87"),
    **_names("94", "95", "96", "97", "98"),
    hand_class("5-4"): Fraction(19, 48),
}
FIRST = ClassChances(
    tuple(
        Fraction(1) if s.value >= hand_class("10-2").value else BLUFFS.get(s, ZERO)
        for s in ALL_STRENGTHS
    ),
    hand_class("10-2"),
)
DEALER = MixedThreshold(hand_class("10-2"), Fraction(1, 24))


@cache
def equilibrium() -> InTurnEquilibrium:
    """The heads-up equilibrium of declaring in turn, certified: each side a best reply to
    the other over every strategy (raises if the kept answer ever stops being one)."""
    p, q = FIRST.chances, in_chances(DEALER)
    if not (is_best_reply(p, first_gains(q)) and is_best_reply(q, dealer_gains(p))):
        raise ArithmeticError("the kept in-turn equilibrium is not one: run solve()")
    return InTurnEquilibrium(FIRST, DEALER, first_value(p, q))
