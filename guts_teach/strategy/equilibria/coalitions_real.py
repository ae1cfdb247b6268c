"""A coalition's plan valued in the real game: the pot, the reserve and the cap carried on.

The coalition reports value a plan by the one-deal rule (what carries over is shared alike).
In the real game (R2-R7) nothing is shared: the losers' payments make the next pot, capped,
the excess waits in the reserve, and an emptied pot is refilled from it before anyone antes.
A plan's worth to the lone player is then its chips a deal in the long run. With players who
do not play alike no count over states is at hand (the reserve may grow without bound, and
each seat's hands would have to be counted against every other's threshold), so the long run
is played out: one :class:`~guts_teach.game.play.session.Session` deals shuffled cards deal
after deal, every player declares by its threshold (the lone player's mix by a coin), and the
rules core settles. The estimate is the mean over equal batches of deals, its standard error
from the spread of the batch means (batches long enough that the pot and reserve forget
where they were).

It is compared with the same long run when the partners play the lone player's own play, so
the difference is what the plan costs the lone player, in chips a deal.

>>> import random
>>> from guts_teach.game.cards.hands import hand_class
>>> from guts_teach.game.rules import teaching
>>> k4 = Threshold(hand_class("K-4"))
>>> found = real_lone_money(k4, (hand_class("3-2"), hand_class("A-J")), rules=teaching(),
...                         deals=2_000, seed=3)
>>> found.deals, found.batches
(2000, 20)
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...game.cards.hands import Strength
from ...game.play.session import Session
from ...game.rules import Rules
from ..errors import StrategyError
from .mixed import MixedThreshold
from .thresholds import Threshold

BATCHES = 20
"""Batches the deals are cut into for the standard error."""


class DealsError(StrategyError, ValueError):
    """Too few deals (or too many) asked for a long run."""


@dataclass(frozen=True)
class LongRun:
    """The lone player's chips a deal in the long run (``mean``), its standard ``error``, and
    the chips a deal that went into the reserve for good (the reserve's growth), over
    ``deals`` deals in ``batches`` batches."""

    mean: float
    error: float
    reserve_growth: float
    deals: int
    batches: int


def real_lone_money(
    lone: Threshold | MixedThreshold,
    plan: Sequence[Strength],
    *,
    rules: Rules,
    deals: int = 100_000,
    seed: int = 1,
) -> LongRun:
    """The lone player's long-run chips a deal in the real game under ``rules``, against
    partners going in with the classes of ``plan`` or better."""
    if not BATCHES * 10 <= deals <= 10_000_000:
        raise DealsError(
            f"a long run needs from {BATCHES * 10:,} to 10,000,000 deals; got {deals:,}"
        )
    rng = random.Random(seed)
    seats = ["Lone", *(f"Partner {i}" for i in range(1, len(plan) + 1))]
    plays: list[Threshold | MixedThreshold] = [lone, *(Threshold(s) for s in plan)]
    size = deals // BATCHES
    pot: Fraction = Fraction(0)
    reserve: Fraction = Fraction(0)
    means: list[float] = []
    for _ in range(BATCHES):
        # a Session a batch keeps its history short; the pot and reserve carry on
        table = Session(seats, rules=rules, rng=rng, pot=pot, reserve=reserve)
        for _ in range(size):
            hands = table.deal_random()
            table.declare_all(
                [s for s, play in zip(seats, plays, strict=True) if play.goes_in(hands[s], rng)]
            )
            table.settle()
        means.append(float(table.net["Lone"]) / size)
        pot, reserve = table.pot, table.reserve
    total = size * BATCHES
    return LongRun(
        mean=statistics.fmean(means),
        error=statistics.stdev(means) / BATCHES**0.5,
        reserve_growth=float(reserve) / total,
        deals=total,
        batches=BATCHES,
    )
