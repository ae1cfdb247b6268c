"""Three-card hands (V6): exhaustive category counts, the order and its options, names."""

from collections import Counter
from itertools import combinations, pairwise

import pytest

from guts_teach.game.cards.deck import FULL_DECK
from guts_teach.game.cards.hands import explain
from guts_teach.game.cards.three_cards import (
    FLUSH,
    HIGH_CARD,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    USUAL_ORDER,
    ThreeCardRanking,
    classify,
)

ALL = list(combinations(FULL_DECK, 3))
USUAL = ThreeCardRanking()


def test_V6_exhaustive_category_counts_over_22100_hands():
    assert len(ALL) == 22_100
    counts = Counter(classify(cards)[0] for cards in ALL)
    assert counts == {
        STRAIGHT_FLUSH: 48,
        TRIPS: 52,
        STRAIGHT: 720,
        FLUSH: 1_096,
        PAIR: 3_744,
        HIGH_CARD: 16_440,
    }


def brute_force_category(cards):
    """An independent classifier written the long way, for cross-checking."""
    ranks = sorted(c.rank for c in cards)
    suits = {c.suit for c in cards}
    if len(set(ranks)) == 1:
        return TRIPS
    if len(set(ranks)) == 2:
        return PAIR
    runs = [{r, r + 1, r + 2} for r in range(2, 13)] + [{14, 2, 3}]
    straight = set(ranks) in runs
    if straight and len(suits) == 1:
        return STRAIGHT_FLUSH
    if straight:
        return STRAIGHT
    return FLUSH if len(suits) == 1 else HIGH_CARD


def test_V6_classifier_agrees_with_brute_force_on_every_hand():
    assert all(classify(cards)[0] == brute_force_category(cards) for cards in ALL)


def test_V6_usual_order_best_first():
    assert USUAL.order == USUAL_ORDER == (TRIPS, STRAIGHT_FLUSH, STRAIGHT, FLUSH, PAIR, HIGH_CARD)
    ladder = ["2s 2d 2c", "Qs Js 10s", "Qs Jd 10c", "As 9s 4s", "Ks Kd 2c", "Ad Kc 9h"]
    hands = [USUAL.hand(text) for text in ladder]
    assert all(a > b for a, b in pairwise(hands))


@pytest.mark.parametrize(
    ("options", "order"),
    [
        (
            {"straight_flush_over_trips": True},
            (STRAIGHT_FLUSH, TRIPS, STRAIGHT, FLUSH, PAIR, HIGH_CARD),
        ),
        ({"flush_over_straight": True}, (TRIPS, STRAIGHT_FLUSH, FLUSH, STRAIGHT, PAIR, HIGH_CARD)),
        (
            {"straight_flush_over_trips": True, "flush_over_straight": True},
            (STRAIGHT_FLUSH, TRIPS, FLUSH, STRAIGHT, PAIR, HIGH_CARD),
        ),
    ],
)
def test_V6_options_change_the_order(options, order):
    ranking = ThreeCardRanking(**options)
    assert ranking.order == order
    best_first = sorted((ranking.hand(list(c)) for c in ALL[::97]), reverse=True)
    positions = [order.index(h.strength.category) for h in best_first]
    assert positions == sorted(positions)


def test_V6_ace_low_straight_is_lowest_and_queen_king_ace_highest():
    a23, qka, k_a_2 = USUAL.hand("Ah 2d 3c"), USUAL.hand("Qh Kd Ac"), USUAL.hand("Kh Ad 2c")
    straights = [USUAL.hand(list(c)) for c in ALL if classify(c)[0] == STRAIGHT]
    assert min(straights).ties(a23)
    assert max(straights).ties(qka)
    assert classify(k_a_2.cards)[0] == HIGH_CARD  # no wrap-around
    assert a23.name == "straight, three high"
    assert qka.name == "straight, ace high"


def test_V6_within_a_category_ranks_decide():
    assert USUAL.hand("9s 9d Ac") > USUAL.hand("9h 9c Kd")  # kicker
    assert USUAL.hand("10s 10d 2c") > USUAL.hand("9h 9c Ad")  # pair rank first
    assert USUAL.hand("As 9d 4c") > USUAL.hand("As 9c 3d")  # third card decides
    assert USUAL.hand("As 9s 4s").ties(USUAL.hand("Ad 9d 4d"))  # suits never break ties


def test_V6_exactly_as_many_classes_as_distinct_strengths():
    strengths = {USUAL.hand(list(c)).strength for c in ALL}
    values = {s.value for s in strengths}
    assert len(strengths) == len(values)  # value order is a total order of the classes


@pytest.mark.parametrize(
    ("a", "b", "text"),
    [
        ("Qs Jd 10c", "As 9s 4s", "Q-J-10 beats A-9-4: a straight beats a flush"),
        (
            "9s 9d Ac",
            "9h 9c Kd",
            "9-9-A beats 9-9-K: same pair, so the third card decides: A beats K",
        ),
        ("10s 10d 2c", "9h 9c Ad", "10-10-2 beats 9-9-A: tens beat nines"),
        ("As 9d 4c", "Ah 9c 3d", "A-9-4 beats A-9-3: then 4 beats 3"),
        ("2h 3d 4c", "Ah 2d 3c", "4-3-2 beats 3-2-A: 4 beats 3"),
    ],
)
def test_V6_explanations(a, b, text):
    assert explain(USUAL.hand(a), USUAL.hand(b)) == text


def test_V6_names():
    assert USUAL.hand("9s 9d Ac").name == "pair of nines and an ace"
    assert USUAL.hand("As 9s 4s").name == "flush, ace-nine-four"
    assert USUAL.hand("Qs Js 10s").name == "straight flush, queen high"
    assert USUAL.hand("Ad Kc 9h").name == "ace-king-nine"
