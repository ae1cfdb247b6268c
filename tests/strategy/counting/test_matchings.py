"""The counting engine: sets of other hands at or below a bound, checked by enumeration."""

from fractions import Fraction
from math import factorial

import pytest

from guts_teach.game.cards.hands import ALL_STRENGTHS, Hand, all_hands, hand
from guts_teach.strategy.counting.matchings import below, ordered_deals, pairings, role


def sample_hand(strength):
    return Hand(next(h.cards for h in all_hands() if h.strength == strength))


def counted_one_by_one(removed, bound):
    """One hand and two hands at or below ``bound``, by how many are level, by enumeration."""
    mine = sample_hand(removed)
    rest = [h for h in all_hands() if not h.bits & mine.bits and h.strength.value <= bound.value]
    one: dict[int, int] = {}
    for h in rest:
        level = h.strength.value == bound.value
        one[level] = one.get(level, 0) + 1
    two: dict[int, int] = {}
    for i, a in enumerate(rest):
        for b in rest[i + 1 :]:
            if not a.bits & b.bits:
                level = (a.strength.value == bound.value) + (b.strength.value == bound.value)
                two[level] = two.get(level, 0) + 1
    return one, two


@pytest.mark.parametrize(
    ("removed", "bound"),
    [
        ("As Ad", "Kc 4d"),  # a pair above an unpaired bound: removal does not matter
        ("Kc 9d", "Kc 4d"),  # the bound's top rank and a rank between
        ("4c 2d", "Kc 4d"),  # the bound's low rank and a rank below
        ("7c 7d", "9c 9d"),  # a pair below a paired bound
        ("Qc Jd", "9c 9d"),  # ranks above a paired bound
        ("3c 2d", "3c 2d"),  # the weakest class
    ],
)
def test_counts_agree_with_enumeration(removed, bound):
    counts = below(removed=(hand(removed).strength,), bound=hand(bound).strength, most=2)
    one, two = counted_one_by_one(hand(removed).strength, hand(bound).strength)
    assert {k: v for k, v in counts.get(1, {}).items() if v} == one
    assert {k: v for k, v in counts.get(2, {}).items() if v} == two


def test_one_hand_below_every_bound_matches_the_class_sizes():
    # With nothing removed, one hand at or below the k-th class: the first k classes' hands.
    running = 0
    for strength in ALL_STRENGTHS:
        running += 6 if strength.is_pair else 16
        counts = below(removed=(), bound=strength, most=1)[1]
        assert sum(counts.values()) == running
        assert counts[1] == (6 if strength.is_pair else 16)


def test_with_the_top_bound_every_deal_counts():
    # Every set of j hands is at or below A-A: the count is all deals divided by the orders.
    counts = below(removed=(hand("2c 2d").strength,), bound=hand("As Ad").strength)
    for j in range(1, 10):
        total = sum(counts[j].values())
        assert Fraction(total * factorial(j), ordered_deals(50, j)) == 1


def test_roles_and_small_helpers():
    kq = hand("Kc Qd").strength
    assert role(kq, 14) is None and role(kq, 13) == "open top" and role(kq, 12) == "low level"
    assert role(hand("9c 9d").strength, 14) == "pair above"
    assert pairings(3) == 15 and ordered_deals(52, 2) == 1326 * 1225
