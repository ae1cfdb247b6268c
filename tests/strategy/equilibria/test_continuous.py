"""Continuous Guts: the closed-form thresholds, and best replies on fine grids approaching them,
with the same payoff formula the card game uses."""

from fractions import Fraction

import pytest

from guts_teach.strategy.equilibria.continuous import gain, grid_equilibrium, threshold
from guts_teach.strategy.equilibria.payoff import ReplyCycleError


def bracket(x, width=Fraction(1, 10**6)):
    """Two fractions just either side of the float ``x``."""
    near = Fraction(x).limit_denominator(10**9)
    return near - width, near + width


@pytest.mark.parametrize("players", range(2, 11))
@pytest.mark.parametrize("weenie", [False, True])
def test_going_in_at_the_closed_form_threshold_is_worth_nothing(players, weenie):
    low, high = bracket(threshold(players, weenie=weenie))
    assert gain(low, low, players=players, weenie=weenie) < 0
    assert gain(high, high, players=players, weenie=weenie) > 0


def test_heads_up_thresholds_are_exact_halves_and_thirds():
    half, third = Fraction(1, 2), Fraction(1, 3)
    assert threshold(2) == 0.5 and gain(half, half, players=2) == 0
    assert gain(third, third, players=2, weenie=True) == 0


def test_plain_equilibrium_is_not_strict_and_the_weenie_one_is():
    # Below the threshold every hand in beats yours: going in gains only when nobody else
    # is, which at the equilibrium is exactly as likely as not (the first paper's
    # "nonstrict" equilibrium). The weenie rule makes those hands lose by going in.
    half = Fraction(1, 2)
    for v in (Fraction(1, 10), Fraction(2, 5)):
        assert gain(v, half, players=2) == 0
    third = Fraction(1, 3)
    assert gain(Fraction(1, 10), third, players=2, weenie=True) < 0


@pytest.mark.parametrize("players", range(2, 11))
def test_best_replies_on_a_fine_grid_approach_the_closed_form(players):
    steps = 200
    found = grid_equilibrium(players, steps=steps)
    assert abs(float(found) - threshold(players)) <= 2 / steps


@pytest.mark.parametrize("players", range(2, 11))
def test_with_the_weenie_rule_the_grid_settles_or_circles_the_closed_form(players):
    steps = 200
    target = threshold(players, weenie=True) * steps
    try:
        found = grid_equilibrium(players, steps=steps, weenie=True)
    except ReplyCycleError as cycle:
        values = [int(v) for v in cycle.cycle]
        assert min(values) - 2 <= target <= max(values)
    else:
        assert abs(float(found) * steps - target) <= 2


def test_more_players_need_stronger_hands():
    edges = [threshold(n) for n in range(2, 11)]
    assert edges == sorted(edges) and edges[0] == 0.5
    assert all(threshold(n, weenie=True) < threshold(n) for n in range(2, 11))


def test_the_weenie_closed_form_is_not_justified_from_seven_players():
    """beta = (n - 1)(1 - a) at a = (1/3)^(1/(n-1)): 1.0039 at seven players, towards ln 3."""
    import math

    from guts_teach.strategy.equilibria.continuous import carry_over, closed_form_justified

    assert round(carry_over(7, weenie=True), 4) == 1.0039
    assert carry_over(6, weenie=True) < 1 < carry_over(7, weenie=True)
    assert abs(carry_over(10_000, weenie=True) - math.log(3)) < 1e-3
    assert abs(carry_over(10_000) - math.log(2)) < 1e-3
    assert all(closed_form_justified(n) for n in range(2, 11))
    assert [n for n in range(2, 11) if not closed_form_justified(n, weenie=True)] == [7, 8, 9, 10]
