"""The repeated game: what a deviation is worth when the carry-over is played out, not shared.

The gains elsewhere in the lab use the one-deal rule: whatever carries over to the next pot is
shared alike in the end, so 1/n of it counts as yours. Played out deal after deal, a pot ``P``
splits into what you take or pay now and what carries over into the next pot. For one player
deviating to a threshold ``D`` while the ``n - 1`` others play ``T`` (plain two-card Guts, cards
counted exactly, antes and cap left aside as elsewhere):

- ``alpha``, the one-deal money: what you expect to take (or pay, negative) from the pot now,
  in pots;
- ``beta``, the carry-over multiple: the expected next pot, in pots (the losers' payments, or
  the pot itself when nobody is in);
- the repeated-game value ``alpha / (1 - beta)``: if the same profile is played every deal, a
  pot is worth ``V = alpha + beta * V`` to you. It exists only while the stakes shrink,
  ``beta < 1``; everyone always in at three players or more has ``beta`` close to
  ``n - 1`` (just below it: tied winners do not pay).

When everyone plays alike, ``alpha = (1 - beta) / n`` and both rules give each player 1/n of the
pot. Against others who do not, the two rules can pick different best replies: heads-up from
"in with anything" the one-deal rule answers 9-2 and the repeated game 5-4.

>>> from guts_teach.game.cards.hands import ALL_STRENGTHS
>>> anything = Threshold(ALL_STRENGTHS[0])
>>> always = profile(anything, anything, players=3)
>>> round(float(always.beta), 3), always.shrinks
(1.99, False)
>>> str(best_reply_repeated(anything, players=2).strength)
'5-4'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ...game.cards.hands import ALL_STRENGTHS, Strength
from ..counting.odds import check_table_size, hand_odds
from .payoff import iterate_replies
from .thresholds import Threshold, best_reply, fold_chance, frequency, level_mean

ZERO = Fraction(0)


@dataclass(frozen=True)
class Profile:
    """One deviation against a table: the one-deal money ``alpha`` and the carry-over
    multiple ``beta`` (both in pots, averaged over the hands dealt to the deviator)."""

    deviation: Threshold
    others: Threshold
    players: int
    alpha: Fraction
    beta: Fraction

    @property
    def shrinks(self) -> bool:
        """True when the stakes shrink from deal to deal (``beta < 1``)."""
        return self.beta < 1

    @property
    def repeated_value(self) -> Fraction | None:
        """``alpha / (1 - beta)``: a pot's worth to the deviator when the profile is played
        every deal; ``None`` when ``beta >= 1`` and the stakes do not shrink."""
        return self.alpha / (1 - self.beta) if self.shrinks else None

    @property
    def one_deal_value(self) -> Fraction:
        """``alpha + beta / n``: a pot's worth by the one-deal rule (1/n of the carry-over)."""
        return self.alpha + self.beta / self.players


@dataclass(frozen=True)
class _HandTerms:
    """For one class of the deviator's hand: (money, carry-over) going in, and staying out."""

    money_in: Fraction
    carry_in: Fraction
    carry_out: Fraction


@cache
def _terms(mine: Strength, others: Strength, players: int) -> _HandTerms:
    """Exact terms for the deviator holding ``mine`` while the others go in at ``others``."""
    o = players - 1
    index = ALL_STRENGTHS.index(others)
    nobody = fold_chance(mine, others, o)
    others_in = o * (1 - fold_chance(mine, others, 1))  # expected number of others who go in
    tops = {c: level_mean(mine, c, o) for c in ALL_STRENGTHS[index:]}
    top_all = sum(tops.values(), ZERO)  # expected others at the top of those in
    odds = hand_odds(mine, players=players)
    level = sum(odds.ties.values(), ZERO)
    beaten = 1 - odds.best - level
    if mine.value >= others.value:
        money = odds.best + sum((p / (t + 1) for t, p in odds.ties.items()), ZERO) - beaten
        tied = sum((t * p for t, p in odds.ties.items()), ZERO)
        above = sum((v for c, v in tops.items() if c.value > mine.value), ZERO)
        winners = odds.best + level + tied + above
    else:  # everyone else in beats a hand below their threshold
        money = 2 * nobody - 1
        winners = nobody + top_all
    carry_in = 1 + others_in - winners
    carry_out = nobody + others_in - top_all
    return _HandTerms(money, carry_in, carry_out)


def profile(deviation: Threshold, others: Threshold, *, players: int = 2) -> Profile:
    """``alpha`` and ``beta`` for one player playing ``deviation`` while the ``players - 1``
    others play ``others`` (plain two-card Guts)."""
    check_table_size(players)
    edge, mine_edge = others.strength, deviation.strength
    if not isinstance(edge, Strength) or not isinstance(mine_edge, Strength):
        raise TypeError("the repeated game is counted for two-card Guts")
    alpha = beta = ZERO
    for strength in ALL_STRENGTHS:
        terms = _terms(strength, edge, players)
        weight = Fraction(frequency(strength), 1326)
        if strength.value >= mine_edge.value:
            alpha += weight * terms.money_in
            beta += weight * terms.carry_in
        else:
            beta += weight * terms.carry_out
    return Profile(deviation, others, players, alpha, beta)


def best_reply_repeated(others: Threshold, *, players: int = 2) -> Threshold:
    """The threshold of greatest repeated-game value against ``others``, among those whose
    stakes shrink (ties go to the weaker threshold)."""
    values = {}
    for strength in ALL_STRENGTHS:
        found = profile(Threshold(strength), others, players=players).repeated_value
        if found is not None:
            values[strength] = found
    if not values:
        raise ValueError(f"no threshold makes the stakes shrink against {others}")
    return Threshold(max(values, key=lambda s: (values[s], -s.value)))


def reply_path(start: Threshold, *, players: int = 2, repeated: bool) -> tuple[Threshold, ...]:
    """Best replies from ``start`` under the one-deal rule or the repeated game, to the
    threshold that is its own best reply (the path ends with it twice)."""

    def reply(t: Threshold) -> Threshold:
        if repeated:
            return best_reply_repeated(t, players=players)
        return best_reply(t, players=players)

    return iterate_replies(start, reply)
