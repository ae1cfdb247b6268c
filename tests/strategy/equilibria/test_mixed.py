"""Mixed equilibria for the weenie rule: exact gains with a coin at the edge class, checked
against every 3-player deal and simulation; both mixed thresholds are best replies."""

import json
import math
import random
from fractions import Fraction

import pytest
from support.oracle import mixed_gain_by_every_deal

from guts_teach.game.cards.hands import ALL_STRENGTHS, hand
from guts_teach.game.rules import teaching
from guts_teach.strategy.equilibria.mixed import (
    MixedThreshold,
    evaluate,
    mixed_equilibrium,
    mixed_gain,
    threshold_values,
)
from guts_teach.strategy.equilibria.thresholds import Threshold, edge_gain, gain
from guts_teach.strategy.reports.equilibrium import strategy_report
from guts_teach.strategy.sampling import sampled_gain

TOLERANCE = Fraction(1, 10**9)


@pytest.mark.slow
@pytest.mark.parametrize("held", ["Qc 4d", "Kc 2d", "9c 8d", "Qc 5d"])
def test_mixed_gain_agrees_with_every_deal_and_coin(held):
    others = MixedThreshold(hand("Qs 4h").strength, Fraction(2, 3))
    exact = mixed_gain(hand(held).strength, others, players=3, weenie=True)
    assert exact == mixed_gain_by_every_deal(held, others, True)


def test_a_sure_coin_is_a_plain_threshold():
    edge = hand("Ks 3h").strength
    above = ALL_STRENGTHS[ALL_STRENGTHS.index(edge) + 1]
    for held in ("Ac 2d", "Kc 3d", "Kc 4d", "9c 9d", "5c 2d"):
        mine = hand(held).strength
        for weenie in (False, True):
            always = mixed_gain(mine, MixedThreshold(edge, Fraction(1)), players=4, weenie=weenie)
            never = mixed_gain(mine, MixedThreshold(edge, Fraction(0)), players=4, weenie=weenie)
            assert always == gain(mine, Threshold(edge), players=4, weenie=weenie)
            assert never == gain(mine, Threshold(above), players=4, weenie=weenie)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_both_mixed_thresholds_are_best_replies(players):
    found = mixed_equilibrium(players=players, weenie=True)
    assert 0 < found.mix < 1
    assert abs(mixed_gain(found.edge, found.others, players=players, weenie=True)) < TOLERANCE
    values = threshold_values(found.others, players=players, weenie=True)
    best = max(values.values())
    tied = [s for s, v in values.items() if best - v < TOLERANCE]
    index = ALL_STRENGTHS.index(found.edge)
    assert tied == [found.edge, ALL_STRENGTHS[index + 1]]


def test_mixed_gain_agrees_with_simulation():
    found = mixed_equilibrium(players=5, weenie=True)
    rules = teaching().replace(weenie_rule=True)
    for held in ("Kc 10d", "Ac 2d"):
        estimate = sampled_gain(
            held, found.others, players=5, rules=rules, rng=random.Random(4), samples=6000
        )
        exact = mixed_gain(hand(held).strength, found.others, players=5, weenie=True)
        assert estimate.agrees(float(exact)), (held, estimate, float(exact))


def test_a_pure_equilibrium_needs_no_mixing():
    with pytest.raises(ValueError, match="pure equilibrium"):
        mixed_equilibrium(players=2, weenie=True)
    coin = random.Random(3)
    mixed = MixedThreshold(hand("Qs 4h").strength, Fraction(1, 2))
    draws = [mixed.goes_in(hand("Qc 4d"), coin) for _ in range(400)]
    assert 150 < sum(draws) < 250
    assert mixed.goes_in(hand("Qc 5d"), coin) and not mixed.goes_in(hand("Qc 3d"), coin)
    assert str(mixed) == "in with better than Q-4, and with Q-4 1/2 (50%) of the time"


# ------------------------------------------------------------------ exact means exact


def test_three_players_mix_exactly_712_1497_or_214_999_and_the_edge_is_worth_exactly_nothing():
    for ties, mix in (("each_pays", Fraction(712, 1497)), ("share_one", Fraction(214, 999))):
        found = mixed_equilibrium(players=3, weenie=True, weenie_ties=ties)
        assert found.exact and found.mix == mix
        share_one = ties == "share_one"
        gain = mixed_gain(found.edge, found.others, players=3, weenie=True, weenie_ties=ties)
        assert gain == 0  # exactly: no tolerance
        assert found.method.startswith("exact")
        assert edge_gain(found.edge, found.edge, 3, True, mix, share_one) == 0


@pytest.mark.parametrize(
    ("players", "ties"), [(4, "each_pays"), (5, "share_one"), (7, "each_pays")]
)
def test_irrational_mixes_are_labelled_approximate_with_their_polynomial_and_interval(
    players, ties
):
    found = mixed_equilibrium(players=players, weenie=True, weenie_ties=ties)
    share_one = ties == "share_one"
    low, high = found.interval
    assert not found.exact and found.method.startswith("approximate")
    assert high - low == Fraction(1, 2**96) and low <= found.mix <= high
    for x in (Fraction(1, 5), Fraction(2, 3), Fraction(9, 10)):  # the polynomial is the gain
        assert evaluate(found.polynomial, x) == edge_gain(
            found.edge, found.edge, players, True, x, share_one
        )
    assert evaluate(found.polynomial, low) > 0 > evaluate(found.polynomial, high)
    if len(found.polynomial) == 3:  # a quadratic: irrational when its discriminant is no square
        c, b, a = found.polynomial
        discriminant = b * b - 4 * a * c
        n, d = discriminant.numerator, discriminant.denominator
        assert discriminant > 0 and not (math.isqrt(n) ** 2 == n and math.isqrt(d) ** 2 == d)


def test_the_strategy_command_prints_an_exact_mix_as_a_fraction_and_says_when_it_is_not():
    exact = json.loads(strategy_report(players=3, weenie=True, as_json=True))["mixed"]
    assert (exact["mix"], exact["exact"], exact["mix_value"]) == ("712/1497", True, 0.475617902)
    near = json.loads(strategy_report(players=4, weenie=True, as_json=True))["mixed"]
    assert near["exact"] is False and near["method"].startswith("approximate")
    polynomial = tuple(Fraction(c) for c in near["polynomial"])
    low, high = (Fraction(x) for x in near["interval"])
    assert evaluate(polynomial, low) > 0 > evaluate(polynomial, high)
    assert "chance exactly 214/999" in strategy_report(
        players=3, weenie=True, weenie_ties="share_one"
    )
