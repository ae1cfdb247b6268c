"""Continuous Guts, the papers' model, as a check of the method used for the cards.

In continuous Guts (Castronova, Chen and Zumbrun, arXiv 2108.06556; Buck, Lee, Platnick,
Wheeler and Zumbrun, arXiv 2208.02788) every hand is a number drawn uniformly from 0 to 1,
independently, and the higher number wins. The same payoff formula as for the cards
(:mod:`guts_teach.strategy.equilibria.payoff`), fed with the chances of this model, gives the
symmetric threshold in closed form: going in at the threshold ``a`` must be worth nothing, and with
``n`` players that happens when all ``n - 1`` others fold together with chance one half,
``a ** (n - 1) = 1/2``, so ``a = 2 ** (-1/(n - 1))`` (heads-up: 1/2). Below ``a`` the gain is
exactly zero: the equilibrium is not strict, as the first paper says. With the weenie rule
(V7) the condition becomes ``a ** (n - 1) = 1/3`` and hands below ``a`` lose by going in:
a strict equilibrium (strict is not strong: whether a coalition can beat it is another
question, which this module does not answer).

The closed forms rest on the 1/n argument: whatever carries over is shared alike in the end.
That needs the stakes to shrink, the expected carry-over multiple ``beta = (n - 1)(1 - a)``
(the payments of the others who go in, in pots) below 1. It is for the plain game at every
size (``beta`` tends to ``ln 2``), but with the weenie rule ``beta`` passes 1 at seven players
(1.0039) and tends to ``ln 3``: there the stakes do not shrink and the argument does not
justify the closed form (:func:`carry_over`, :func:`closed_form_justified`).

The check: cut 0-1 into ``steps`` equally likely values (ties now possible, shared as in
R5), run best-reply iteration exactly as for the cards, and watch the threshold approach
the closed form as the steps get finer.

>>> threshold(2)
0.5
>>> grid_equilibrium(2, steps=100)
Fraction(1, 2)
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

from .payoff import Chances, best_threshold, gain_from, iterate_replies

ZERO = Fraction(0)


def threshold(players: int, *, weenie: bool = False) -> float:
    """The symmetric equilibrium threshold of continuous Guts: ``(1/2) ** (1/(n - 1))``, or
    ``(1/3) ** (1/(n - 1))`` with the weenie rule."""
    return float((1 / 3 if weenie else 1 / 2) ** (1 / (players - 1)))


def carry_over(players: int, *, weenie: bool = False) -> float:
    """The expected carry-over multiple ``beta = (n - 1)(1 - a)`` at the closed-form
    threshold ``a``: what the others who go in pay, in pots.

    >>> round(carry_over(7, weenie=True), 4), round(carry_over(6, weenie=True), 4)
    (1.0039, 0.9863)
    """
    return (players - 1) * (1 - threshold(players, weenie=weenie))


def closed_form_justified(players: int, *, weenie: bool = False) -> bool:
    """True when the stakes shrink (``beta < 1``), as the 1/n argument behind the closed form
    needs: every size of the plain game; with the weenie rule, up to six players.

    >>> [n for n in range(2, 11) if not closed_form_justified(n, weenie=True)]
    [7, 8, 9, 10]
    """
    return carry_over(players, weenie=weenie) < 1


def gain(value: Fraction, edge: Fraction, *, players: int, weenie: bool = False) -> Fraction:
    """The exact gain of going in with hand ``value`` when the others go in at ``edge`` or
    above (both between 0 and 1, as fractions).

    >>> gain(Fraction(1, 4), Fraction(1, 2), players=2)
    Fraction(0, 1)
    """
    j = players - 1
    above = value >= edge
    return gain_from(
        Chances(
            nobody_in=edge**j,
            best=value**j,
            shared_below=value**j - edge**j if above else ZERO,
            shared_above=edge**j - value**j if weenie and not above else ZERO,
        ),
        players=players,
        above=above,
        weenie=weenie,
    )


@cache
def _shared_upto(steps: int, players: int) -> tuple[Fraction, ...]:
    """Running sums over ``c`` of the expected number of others level with ``c`` when all are
    at or below it (entry ``c`` sums 1 to ``c - 1``)."""
    j, m = players - 1, steps
    sums = [ZERO, ZERO]
    for c in range(1, m + 1):
        sums.append(sums[-1] + j * Fraction(1, m) * Fraction(c, m) ** (j - 1))
    return tuple(sums)


def _grid_gain(value: int, edge: int, steps: int, players: int, weenie: bool) -> Fraction:
    """Hands are 1 to ``steps``, equally likely; others go in at ``edge`` or above."""
    j, m = players - 1, steps
    upto = _shared_upto(steps, players)
    above = value >= edge
    ties = {
        t: comb(j, t) * Fraction(1, m) ** t * Fraction(value - 1, m) ** (j - t)
        for t in range(1, j + 1)
    }
    return gain_from(
        Chances(
            nobody_in=Fraction(edge - 1, m) ** j,
            best=Fraction(value - 1, m) ** j,
            ties=ties,
            shared_below=upto[value] - upto[edge] if above else ZERO,
            shared_above=upto[edge] - upto[value + 1] if weenie and not above else ZERO,
        ),
        players=players,
        above=above,
        weenie=weenie,
    )


def grid_equilibrium(
    players: int, *, steps: int, weenie: bool = False, rounds: int = 100
) -> Fraction:
    """Best-reply iteration on the grid of ``steps`` values; returns the threshold reached
    as a fraction of the way from 0 to 1 (the threshold value ``k`` gives ``k / steps``).
    Raises :class:`~guts_teach.strategy.equilibria.payoff.ReplyCycleError` if best replies go round
    a cycle, as they
    do with the weenie rule at three players or more: there the best reply to a threshold
    ``x = a ** (n - 1)`` is ``(1 - 1/n) - (2 - 3/n) x``, which overshoots the fixed point
    ``1/3`` by more than it started from."""
    values = list(range(1, steps + 1))

    def reply(edge: int) -> int:
        return best_threshold(
            values, lambda v: 1, lambda v: _grid_gain(v, edge, steps, players, weenie)
        )

    path = iterate_replies(steps // 2 + 1, reply, rounds=rounds)
    return Fraction(path[-1], steps)
