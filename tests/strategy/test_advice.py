"""Advice: the worth of going in, exact where the package counts it, sampled elsewhere."""

import random
from fractions import Fraction

from guts_teach.game.rules import Rules, classic, teaching
from guts_teach.strategy.advice import Advice, counts_exactly, going_in
from guts_teach.strategy.equilibria.thresholds import equilibrium, gain
from guts_teach.strategy.sampling import Estimate


def test_exact_under_every_rule_it_can_count():
    six = equilibrium(players=6).threshold
    for rules in (teaching(), classic(), teaching().replace(declaration="drop", cap=None)):
        assert counts_exactly(rules)
        advice = going_in("Ac 5d", players=6, others=six, rules=rules, pot=Fraction(20))
        assert advice.per_pot == gain("Ac 5d", six, players=6) and advice.exact
    weenie = going_in(
        "9c 8d", players=2, others=six, rules=Rules(weenie_rule=True), pot=Fraction(4)
    )
    assert weenie.per_pot == gain("9c 8d", six, players=2, weenie=True)


def test_sampled_for_the_variants_it_cannot_count():
    two = equilibrium(players=2).threshold
    for rules in (
        Rules(ghost_hand=True),
        Rules(single_loser=True),
        Rules(split_pots=False),
        Rules(declaration="in_turn"),
    ):
        assert not counts_exactly(rules)
    advice = going_in(
        "Kc Kd",
        players=2,
        others=two,
        rules=Rules(ghost_hand=True),
        pot=Fraction(6),
        rng=random.Random(3),
        samples=2000,
    )
    assert isinstance(advice.per_pot, Estimate) and not advice.exact
    assert advice.better == "in" and "sampled over 2,000 deals" in str(advice)


def test_the_sentence_says_what_to_do_in_the_profiles_own_word():
    """Counters under the teaching profile's net counters, chips with classic stacks (R8)."""
    six = equilibrium(players=6).threshold
    advice = going_in("Ac 5d", players=6, others=six, rules=teaching(), pot=Fraction(20))
    text = str(advice)
    assert text.startswith("Going in with ace-five at 6 players, when the others go in with A-7")
    assert f"{float(advice.per_pot) * 20:+.2f} counters with the pot at 20" in text
    assert "with 1/6 of whatever carries over to the next pot counted as yours" in text
    stacks = going_in("Ac 5d", players=6, others=six, rules=classic(), pot=Fraction(20))
    assert f"{float(stacks.per_pot) * 20:+.2f} chips with the pot at 20" in str(stacks)
    assert text.endswith("Stay out.")
    level = Advice("x", 2, six, Fraction(1), Estimate(0.01, 0.02, 100))
    assert level.better == "either" and text != str(level)
    assert Advice("x", 2, six, Fraction(1), Fraction(0)).better == "either"


def test_one_strategy_each_is_sampled_and_the_same_for_all_is_exact():
    from guts_teach.strategy.equilibria.mixed import mixed_equilibrium
    from guts_teach.strategy.equilibria.thresholds import Threshold

    three = equilibrium(players=3).threshold
    same = going_in("Ac 5d", players=3, others=[three, three], rules=teaching(), pot=Fraction(6))
    assert same.exact and same.per_pot == gain("Ac 5d", three, players=3)
    loose = Threshold(equilibrium(players=2).threshold.strength)
    mixed = mixed_equilibrium(players=3, weenie=True).others
    each = going_in(
        "Ac 5d",
        players=3,
        others=[three, loose],
        rules=teaching(),
        pot=Fraction(6),
        rng=random.Random(2),
        samples=1500,
    )
    assert not each.exact and "in seat order: in with K-4 or better; in with J-7" in str(each)
    both = going_in(
        "Ac 5d",
        players=3,
        others=[loose, mixed],
        rules=Rules(weenie_rule=True),
        pot=Fraction(6),
        rng=random.Random(2),
        samples=1500,
    )
    assert isinstance(both.per_pot, Estimate)
