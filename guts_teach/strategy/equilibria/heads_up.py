"""Heads-up, J-7 is optimal against every strategy, not just against thresholds.

A strategy for the rival is any choice of the hands to go in with (2^1326 of them, mixed ones
included as blends). Against a player who goes in with J-7 or better, the rival's share of
the pot is what they get out (half the pot when both fold, R3, nothing when the J-7 player
goes in alone, R4) plus, for each hand they go in with, that hand's exact gain of going in.
The gain depends on the hand's class only (suits never count, and the cards a hand removes
are its ranks), so the rival's best reply goes in exactly with the classes of positive gain:
J-7 and better, nothing else. The J-7 player therefore gets at least half the pot whatever the
rival does, and exactly half only against J-7 itself: every other strategy leaves a little
more (J-6: 92/812175 of the pot more; J-8: 4/812175).

Shares follow the one-deal rule of the lab (half of whatever carries over is yours), and they
add up to the whole pot.

>>> found = guarantee(J7)
>>> found.share, [str(s) for s in found.best_reply][:2]
(Fraction(1, 2), ['J-7', 'J-8'])
>>> edge_over(J7, Threshold(hand("Jc 6d").strength))
Fraction(92, 812175)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ...game.cards.hands import ALL_STRENGTHS, Strength, hand
from .thresholds import Threshold, fold_chance, frequency, gain

J7 = Threshold(hand("Jc 7d").strength)
HALF = Fraction(1, 2)


@cache
def _out_share(mine: Threshold, rival: Strength) -> Fraction:
    """The rival's share holding ``rival`` and staying out: half the pot when the other folds
    too (the pot stays, R3), nothing when the other goes in alone (R4)."""
    if not isinstance(mine.strength, Strength):
        raise TypeError("the heads-up guarantee is counted for two-card Guts")
    return fold_chance(rival, mine.strength, 1) / 2


def rival_share(mine: Threshold, goes_in: Callable[[Strength], bool]) -> Fraction:
    """The rival's expected share of the pot when the other plays ``mine`` and the rival
    goes in with the classes ``goes_in`` chooses (each class dealt as often as it comes)."""
    total = Fraction(0)
    for strength in ALL_STRENGTHS:
        share = _out_share(mine, strength)
        if goes_in(strength):
            share += gain(strength, mine)
        total += frequency(strength) * share
    return total / 1326


def edge_over(mine: Threshold, rival: Threshold) -> Fraction:
    """How much more than half the pot ``mine`` gets against the threshold ``rival``."""
    return HALF - rival_share(mine, lambda s: s.value >= rival.strength.value)


@dataclass(frozen=True)
class Guarantee:
    """What a heads-up threshold guarantees: ``share`` of the pot against the rival's best
    reply over every strategy, which goes in with exactly the classes ``best_reply``
    (``zero_gain`` lists classes where going in or out makes no difference)."""

    threshold: Threshold
    share: Fraction
    best_reply: tuple[Strength, ...]
    zero_gain: tuple[Strength, ...]

    @property
    def reply_is_a_threshold(self) -> bool:
        """True when the best reply is itself a threshold (its classes are all the strongest)."""
        return self.best_reply == tuple(ALL_STRENGTHS[len(ALL_STRENGTHS) - len(self.best_reply) :])


def guarantee(mine: Threshold) -> Guarantee:
    """The share of the pot ``mine`` guarantees against every rival strategy."""
    gains = {s: gain(s, mine) for s in ALL_STRENGTHS}
    best = tuple(s for s in ALL_STRENGTHS if gains[s] > 0)
    zero = tuple(s for s in ALL_STRENGTHS if gains[s] == 0)
    return Guarantee(mine, 1 - rival_share(mine, lambda s: gains[s] > 0), best, zero)


def guarantee_table(mine: Threshold = J7, *, around: int = 6) -> list[tuple[str, Fraction]]:
    """``mine``'s edge over half the pot against the rival thresholds ``around`` classes either
    side of it, and against always in and always out."""
    index = ALL_STRENGTHS.index(mine.strength)
    rivals = [
        ("always in", Threshold(ALL_STRENGTHS[0])),
        *(
            (f"in with {s} or better", Threshold(s))
            for s in ALL_STRENGTHS[max(0, index - around) : index + around + 1]
        ),
    ]
    rows = [(name, edge_over(mine, rival)) for name, rival in rivals]
    rows.append(("always out", HALF - rival_share(mine, lambda s: False)))
    return rows
