"""Seeded Monte Carlo through the rules core: agrees with exact answers within its error
bars, and answers where counting does not reach (variants, three cards)."""

import random
from fractions import Fraction

import pytest

from guts_teach.game.cards.hands import hand
from guts_teach.game.errors import CardError, PlayerError, RulesError
from guts_teach.game.rules import Rules, teaching
from guts_teach.strategy.counting.odds import hand_odds
from guts_teach.strategy.equilibria.thresholds import Threshold, gain
from guts_teach.strategy.sampling import Estimate, sampled_gain, sampled_odds
from guts_teach.strategy.three_card.odds import heads_up

J7 = Threshold(hand("Jc 7d").strength)


def test_estimates_say_how_far_to_trust_them():
    estimate = Estimate(0.5, 0.01, 100)
    assert str(estimate) == "0.5000 +/- 0.0100"
    assert estimate.agrees(0.53) and not estimate.agrees(0.55)


@pytest.mark.parametrize(("text", "players"), [("Ac 5d", 4), ("7s 7h", 9)])
def test_two_card_odds_agree_with_the_exact_ones(text, players):
    sampled = sampled_odds(
        text, players=players, rules=teaching(), rng=random.Random(4), samples=8000
    )
    exact = hand_odds(text, players=players)
    assert sampled.best.agrees(float(exact.best))
    assert sampled.share.agrees(float(exact.share))


def test_three_card_odds_agree_with_heads_up_counting():
    rules = Rules(hand_size=3)
    for text in ("Qs Jd 10c", "9h 9d 4c", "7h 5d 2c"):
        exact = heads_up(text, rules=rules)
        sampled = sampled_odds(text, players=2, rules=rules, rng=random.Random(5), samples=8000)
        assert sampled.best.agrees(float(exact.best)) and sampled.tied.agrees(float(exact.tied))


def test_one_strategy_each_in_seat_order():
    # The same threshold given once for all or once each: the same deals, the same answer.
    args = {"players": 3, "rules": teaching(), "samples": 3000}
    once = sampled_gain("Ac 9d", J7, rng=random.Random(6), **args)
    each = sampled_gain("Ac 9d", [J7, J7], rng=random.Random(6), **args)
    assert once == each and each.agrees(float(gain("Ac 9d", J7, players=3)))
    tight = Threshold(hand("As Ad").strength)  # a rival who only goes in with aces
    mixed = sampled_gain("Ac 9d", [J7, tight], rng=random.Random(6), **args)
    assert mixed.mean > once.mean  # fewer rivals in: A-9 wins more often


def test_the_same_seed_gives_the_same_estimate():
    def run():
        return sampled_gain(
            "Ac 9d", J7, players=3, rules=teaching(), rng=random.Random(8), samples=500
        )

    assert run() == run()


def test_variants_change_what_going_in_is_worth():
    # No split pots (V4), ghost hand (V5) and single loser (V3) settle differently; the
    # exact gain is for the plain rules, which the sampler reproduces.
    plain = float(gain("Ac 9d", J7, players=4))
    results = {}
    for name, rules in {
        "plain": teaching(),
        "ghost": teaching().replace(ghost_hand=True),
        "single loser": teaching().replace(single_loser=True),
    }.items():
        results[name] = sampled_gain(
            "Ac 9d", J7, players=4, rules=rules, rng=random.Random(9), samples=6000
        )
    assert results["plain"].agrees(plain)
    assert not results["ghost"].agrees(plain) and not results["single loser"].agrees(plain)
    # With a ghost to beat, A-9 is worth less to go in with; when only the worst hand in
    # pays, A-9 (rarely the worst) risks less.
    assert results["ghost"].mean < results["plain"].mean < results["single loser"].mean


def test_three_card_threshold_play_can_be_sampled():
    rules = Rules(hand_size=3)
    king_high = Threshold(rules.ranking().hand("Kh 9d 4c").strength)
    strong = sampled_gain(
        "Ah Ad 2c", king_high, players=4, rules=rules, rng=random.Random(1), samples=3000
    )
    weak = sampled_gain(
        "7h 5d 2c", king_high, players=4, rules=rules, rng=random.Random(1), samples=3000
    )
    assert strong.mean > 0 > weak.mean


def test_bad_requests_are_refused_with_the_reason():
    with pytest.raises(RulesError, match="in turn"):
        sampled_gain(
            "Ac 9d",
            J7,
            players=3,
            rules=Rules(declaration="in_turn"),
            rng=random.Random(1),
            samples=10,
        )
    with pytest.raises(CardError, match="3 cards a hand; got 2"):
        sampled_odds("Ac 9d", players=3, rules=Rules(hand_size=3), rng=random.Random(1), samples=10)
    with pytest.raises(PlayerError, match="one for each of the 2; got 1"):
        sampled_gain("Ac 9d", [J7], players=3, rules=teaching(), rng=random.Random(1), samples=10)
    with pytest.raises(PlayerError, match="from 2 to 10"):
        sampled_odds("Ac 9d", players=11, rules=teaching(), rng=random.Random(1), samples=10)
    assert (
        sampled_gain(
            "Ac 9d",
            J7,
            players=2,
            rules=teaching(),
            rng=random.Random(1),
            samples=10,
            pot=Fraction(3),
        ).samples
        == 10
    )
