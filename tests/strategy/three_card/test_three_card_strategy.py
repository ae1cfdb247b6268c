"""Three-card Guts heads-up: exact gains over all 18,424 rival hands and the exact
equilibrium threshold, checked hand by hand against direct enumeration and against
simulation through the rules core."""

import random
from fractions import Fraction
from itertools import combinations

import pytest

from guts_teach.game.cards.deck import FULL_DECK
from guts_teach.game.rules import Rules
from guts_teach.strategy.equilibria.thresholds import Threshold
from guts_teach.strategy.sampling import sampled_gain
from guts_teach.strategy.three_card.equilibrium import (
    RIVALS,
    best_reply_three_cards,
    equilibrium_three_cards,
    gain_three_cards,
)

RULES = Rules(hand_size=3)
RANKING = RULES.ranking()


def gain_by_every_rival(text, others):
    """Heads-up, over each of the 18,424 rival hands: going in rather than out, in pots."""
    mine = RANKING.hand(text)
    m, edge = mine.strength.value, others.strength.value
    total, count = Fraction(0), 0
    for rival in combinations([c for c in FULL_DECK if c not in mine.cards], 3):
        v = RANKING.strength(rival).value
        count += 1
        if v < edge:
            total += Fraction(1, 2)  # in: the pot; out: it stays, half of it yours
        elif v < m:
            total += Fraction(3, 2)
        elif v == m:
            total += Fraction(1, 2)
        else:
            total -= Fraction(1, 2)
    assert count == RIVALS
    return total / count


@pytest.fixture(scope="module")
def found():
    return equilibrium_three_cards()


@pytest.mark.slow
def test_the_heads_up_three_card_equilibrium_is_king_nine_eight(found):
    assert found.threshold.strength.short == "K-9-8"
    assert best_reply_three_cards(found.threshold) == found.threshold
    assert found.path[0].strength.short == "5-3-2"  # from in with anything


@pytest.mark.slow
@pytest.mark.parametrize("held", ["Kh 9d 8c", "Kh 9d 7c", "Ah Ad 2c", "5h 3d 2c", "Qs Js 10s"])
def test_three_card_gains_agree_with_every_rival_hand(held, found):
    assert gain_three_cards(held, found.threshold) == gain_by_every_rival(held, found.threshold)


@pytest.mark.slow
def test_going_in_at_the_threshold_gains_and_just_below_loses(found):
    assert (
        gain_three_cards("Kh 9d 8c", found.threshold)
        > 0
        > gain_three_cards("Kh 9d 7c", found.threshold)
    )


def test_three_card_gain_agrees_with_simulation_through_the_rules_core():
    """Against K-9-8, the equilibrium (found by the module's doctest and the slow tests above);
    named here, so the fast tier does not search for it a second time (some four seconds)."""
    threshold = Threshold(RANKING.hand("Kh 9d 8c").strength)
    estimate = sampled_gain(
        "Ah 10d 4c", threshold, players=2, rules=RULES, rng=random.Random(9), samples=8000
    )
    exact = gain_three_cards("Ah 10d 4c", threshold)
    assert estimate.agrees(float(exact)), (estimate, float(exact))
