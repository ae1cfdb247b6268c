"""Hand evaluation for the Shelby games (S3, S4): exhaustive five-card counts, wild cards
against brute-force substitution, low hands, and best-of choices."""

import math
import random
from collections import Counter
from itertools import combinations, combinations_with_replacement, pairwise, product

import pytest

from guts_teach.game.cards.deck import FULL_DECK, Card, parse_cards
from guts_teach.game.cards.hands import TwoCardRanking, explain
from guts_teach.game.cards.three_cards import ThreeCardRanking
from guts_teach.shelby import poker
from guts_teach.shelby.low import best_of, low_three, lowest_three
from guts_teach.shelby.poker import (
    BASEBALL_WILD,
    CATEGORY_NAMES,
    FIVE,
    best_five,
    evaluate,
)

STANDARD_COUNTS = {
    "straight flush": 40,
    "four of a kind": 624,
    "full house": 3_744,
    "flush": 5_108,
    "straight": 10_200,
    "three of a kind": 54_912,
    "two pair": 123_552,
    "pair": 1_098_240,
    "high card": 1_302_540,
}


@pytest.mark.slow
def test_all_2598960_five_card_hands_give_the_standard_counts():
    counts = Counter(CATEGORY_NAMES[evaluate(h).category] for h in combinations(FULL_DECK, 5))
    assert sum(counts.values()) == 2_598_960
    assert counts == STANDARD_COUNTS


def test_ordering_and_names():
    ladder = [
        "Ah Kd Qc Js 9h",
        "2h 2d 5c 7s 9h",
        "Kh Kd 7c 7s 2h",
        "5h 5d 5c 7s 9h",
        "Ah 2d 3c 4s 5h",
        "6h 7d 8c 9s 10h",
        "2h 4h 6h 8h 10h",
        "Qs Qh 9d 9c Qc",
        "7s 7h 7d 7c 2h",
        "9h 10h Jh Qh Kh",
    ]
    strengths = [evaluate(parse_cards(t)) for t in ladder]
    assert all(a < b for a, b in pairwise(strengths))
    assert [s.name for s in strengths[-4:]] == [
        "flush, ten high",
        "full house, queens over nines",
        "four sevens",
        "straight flush, king high",
    ]
    assert evaluate(parse_cards("Ah 2d 3c 4s 5h")).name == "straight, five high"  # the ace low
    assert evaluate(parse_cards("Kh Ad 2c 3s 4h")).name == "ace high"  # no wrap-around


def substitutes(cards, wild):
    """Every way to replace each wild card by any of the 52 cards (repeats allowed)."""
    wild_positions = [i for i, c in enumerate(cards) if c.rank in wild]
    for replacement in product(FULL_DECK, repeat=len(wild_positions)):
        hand = list(cards)
        for i, card in zip(wild_positions, replacement, strict=True):
            hand[i] = card
        yield hand


@pytest.mark.parametrize("seed", range(40))
def test_wild_cards_agree_with_brute_force_substitution(seed):
    rng = random.Random(seed)
    wilds = [c for c in FULL_DECK if c.rank in BASEBALL_WILD]
    plain = [c for c in FULL_DECK if c.rank not in BASEBALL_WILD]
    count = 1 if seed % 3 else 2
    hand = rng.sample(wilds, count) + rng.sample(plain, 5 - count)
    brute = max(evaluate(h).value for h in substitutes(hand, BASEBALL_WILD))
    assert evaluate(hand, wild=BASEBALL_WILD).value == brute


def test_five_of_a_kind_ranks_highest():
    five = evaluate(parse_cards("3h 9d Ac As Ah"), wild=BASEBALL_WILD)
    assert five.category == FIVE and five.name == "five of a kind, aces"
    assert five > evaluate(parse_cards("10h Jh Qh Kh Ah"))
    assert (
        evaluate(parse_cards("3h 3d 3c 3s 9h"), wild=BASEBALL_WILD).name == "five of a kind, aces"
    )


def test_best_five_from_seven():
    strength, cards = best_five(parse_cards("Ah Kh Qh Jh 10h 2c 2d"))
    assert strength.name == "straight flush, ace high"
    assert {str(c) for c in cards} == {"A♥", "K♥", "Q♥", "J♥", "10♥"}


def test_low_hands_S4():
    assert lowest_three(parse_cards("Ah 2d 3c Ks Kh")).name == "3-2-A low"
    best = low_three(parse_cards("Ah 2d 3c"))
    assert all(best.value >= low_three(list(h)).value for h in combinations(FULL_DECK[:20], 3))
    assert low_three(parse_cards("Kh Qd Jc")) > low_three(
        parse_cards("2h 2d 3c")
    )  # pairs are worse
    assert low_three(parse_cards("4h 3d 2c")) > low_three(
        parse_cards("5h 2d Ac")
    )  # 4 high beats 5 high
    assert low_three(parse_cards("3h 4d 5c")).name == "5-4-3 low"  # no straights in low
    assert explain(low_three(parse_cards("4h 3d 2c")), low_three(parse_cards("5h 2d Ac"))) == (
        "4-3-2 beats 5-2-A: 4 is lower than 5"
    )


def test_best_of_for_the_shelby_rounds():
    two = best_of(parse_cards("Ah Ad 7c"), 2, lambda cs: TwoCardRanking().hand(cs).strength)
    assert two[0].name == "pair of aces"
    three = best_of(parse_cards("Qs Jd 10c 2h"), 3, lambda cs: ThreeCardRanking().hand(cs).strength)
    assert three[0].name == "straight, queen high"


def test_wild_card_evaluation_is_quick_enough_for_the_table():
    hand = [Card(3, "h"), Card(9, "d"), Card(3, "s"), Card(9, "c"), Card(14, "s")]
    assert evaluate(hand, wild=BASEBALL_WILD).category == FIVE


def classified_substitutions(naturals, wilds, flush):
    """Today's reference method: classify every choice of ranks the wild cards stand for."""
    return max(
        (
            poker._classify([*naturals, *extra], flush)
            for extra in combinations_with_replacement(range(2, 15), wilds)
        ),
        key=lambda strength: strength.value,
    )


def test_wild_cards_looked_up_agree_with_classifying_every_substitution():
    """Exhaustive over every case a hand with wild cards can be in: the natural cards' ranks
    (any multiset of the non-wild ranks), whether they share a suit, and 1 to 4 wild cards."""
    natural_ranks = [r for r in range(2, 15) if r not in BASEBALL_WILD]
    checked = 0
    for wilds in range(1, 5):
        for naturals in combinations_with_replacement(natural_ranks, 5 - wilds):
            key = math.prod(poker._PRIMES[r] for r in naturals)
            suits = (False, True) if len(set(naturals)) == len(naturals) else (False,)
            for flush in suits:
                expected = classified_substitutions(naturals, wilds, flush)
                found = poker._best_substitution(key, wilds, flush)
                assert (found.value, found.name) == (expected.value, expected.name)
                checked += 1
    # multisets of the naturals plus the distinct ones that may share a suit, for 1-4 wilds:
    assert checked == (1001 + 330) + (286 + 165) + (66 + 55) + (11 + 11)
