"""Fictitious play: where best replies only go round, their average finds the equilibrium.

With the weenie rule (V7) best replies at most table sizes alternate between two neighbouring
thresholds (Q-4 and Q-5 at three players) and never settle. In fictitious play every player
answers, round after round, the average of all the play so far. On the cycle that average is
a mixed threshold: in with every class above the lower threshold, and with the lower class in
the share of past rounds that played it
(:class:`~guts_teach.strategy.equilibria.mixed.MixedThreshold`), so each round's best reply is
exact. The share drifts to the mixed equilibrium, where going in with the edge class is worth
nothing (at three players exactly 712/1497 of the time).

A round's best reply between the two thresholds is read off the sign of the edge class's gain
(the two thresholds differ only by it); ``check_every`` also runs the full best reply over
all 91 thresholds on those rounds and fails if it ever leaves the two.

>>> play = fictitious_play(players=3, rounds=200)
>>> str(play.low), str(play.high), round(float(play.shares[-1]), 2)
('Q-4', 'Q-5', 0.48)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...game.cards.hands import Strength
from ...game.rules import WeenieTies
from ..errors import StrategyError
from .mixed import MixedThreshold, mixed_equilibrium, threshold_values
from .thresholds import NoEquilibriumError, edge_gain, equilibrium


@dataclass(frozen=True)
class FictitiousPlay:
    """Rounds of fictitious play on a two-threshold cycle: ``replies`` are the thresholds
    played, ``shares`` the share of rounds so far that played ``low`` (the others' chance
    of going in with the edge class) after each round, and ``equilibrium`` the mixed
    equilibrium's chance for comparison."""

    low: Strength
    high: Strength
    replies: tuple[Strength, ...]
    shares: tuple[Fraction, ...]
    equilibrium: Fraction


class NothingToAverageError(StrategyError):
    """Fictitious play was asked for where best replies settle (a pure equilibrium)."""


class NotOnTheCycleError(StrategyError, RuntimeError):
    """A full best reply left the two thresholds the play goes round."""


def fictitious_play(
    *,
    players: int,
    weenie: bool = True,
    weenie_ties: WeenieTies = "each_pays",
    rounds: int = 1000,
    check_every: int = 0,
) -> FictitiousPlay:
    """``rounds`` of fictitious play at a table of ``players``, started on the cycle of best
    replies (the higher threshold played once). Raises :class:`NothingToAverageError` where
    a pure equilibrium exists (best replies settle; nothing to average)."""
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise NothingToAverageError(f"rounds must be a whole number of at least 1; got {rounds!r}")
    try:
        found = equilibrium(players=players, weenie=weenie, weenie_ties=weenie_ties)
    except NoEquilibriumError as error:
        ends = sorted(error.cycle, key=lambda t: t.strength.value)
    else:
        rule = " with the weenie rule" if weenie else ""
        raise NothingToAverageError(
            f"at {players} players{rule} best replies settle on {found.threshold} (a pure "
            "equilibrium): there is nothing to average; fictitious play is for the weenie "
            "rule at 3, 4, 5, 7, 8 or 10 players"
        ) from None
    low, high = ends[0].strength, ends[-1].strength
    if not isinstance(low, Strength) or not isinstance(high, Strength):
        raise TypeError("fictitious play is counted for two-card Guts")
    target = mixed_equilibrium(players=players, weenie=weenie, weenie_ties=weenie_ties).mix
    share_one = weenie_ties == "share_one"
    played_low, total = 0, 1  # round 0 played the higher threshold
    replies: list[Strength] = [high]
    shares: list[Fraction] = [Fraction(0)]
    for number in range(1, rounds + 1):
        mix = Fraction(played_low, total)
        goes_low = edge_gain(low, low, players, weenie, mix, share_one) > 0
        reply = low if goes_low else high
        if check_every and number % check_every == 0:
            full = best_reply_to_mix(MixedThreshold(low, mix), players, weenie, weenie_ties)
            if full not in (low, high):
                raise NotOnTheCycleError(f"round {number}: the best reply is {full}")
        replies.append(reply)
        played_low += reply == low
        total += 1
        shares.append(Fraction(played_low, total))
    return FictitiousPlay(low, high, tuple(replies), tuple(shares), target)


def best_reply_to_mix(
    others: MixedThreshold, players: int, weenie: bool, weenie_ties: WeenieTies
) -> Strength:
    """The best threshold over all 91 against a mixed threshold (ties to the weaker)."""
    values = threshold_values(others, players=players, weenie=weenie, weenie_ties=weenie_ties)
    return max(values, key=lambda s: (values[s], -s.value))
