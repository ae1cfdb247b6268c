"""R1 ranking, checked exhaustively over all 1,326 two-card hands."""

from collections import Counter
from itertools import combinations

import pytest

from guts_teach.game.cards.deck import FULL_DECK
from guts_teach.game.cards.hands import ALL_STRENGTHS, Strength, all_hands, best, explain, hand
from guts_teach.game.errors import CardError

HANDS = all_hands()


def test_there_are_1326_distinct_hands():
    assert len(HANDS) == 1326 == len(set(HANDS))
    assert {frozenset(h.cards) for h in HANDS} == {frozenset(p) for p in combinations(FULL_DECK, 2)}


def test_R1_exactly_91_classes():
    assert len({h.strength for h in HANDS}) == 91 == len(ALL_STRENGTHS)


def test_R1_class_sizes_pairs_6_unpaired_16():
    sizes = Counter(h.strength for h in HANDS)
    assert {sizes[s] for s in sizes if s.is_pair} == {6}
    assert {sizes[s] for s in sizes if not s.is_pair} == {16}
    assert sum(1 for s in sizes if s.is_pair) == 13


def test_R1_every_pair_beats_every_unpaired_hand():
    weakest_pair = min(h.strength for h in HANDS if h.strength.is_pair)
    strongest_unpaired = max(h.strength for h in HANDS if not h.strength.is_pair)
    assert weakest_pair.name == "pair of twos"
    assert strongest_unpaired.name == "ace-king"
    assert weakest_pair > strongest_unpaired


def test_R1_pairs_rank_aces_high_twos_low():
    pairs = [s for s in ALL_STRENGTHS if s.is_pair]
    assert [s.high for s in pairs] == list(range(2, 15))


def test_R1_unpaired_by_higher_then_lower_card_independently_derived():
    # An independent order: the ranks, higher first, compared as a tuple.
    for a, b in combinations([h for h in HANDS if not h.strength.is_pair][::7], 2):
        ka = sorted((c.rank for c in a.cards), reverse=True)
        kb = sorted((c.rank for c in b.cards), reverse=True)
        assert (a > b) == (ka > kb)
        assert (a.ties(b)) == (ka == kb)


def test_R1_suits_never_count():
    by_ranks = {}
    for h in HANDS:
        ranks = tuple(sorted(c.rank for c in h.cards))
        by_ranks.setdefault(ranks, set()).add(h.strength)
    assert all(len(strengths) == 1 for strengths in by_ranks.values())
    assert hand("As Ks").ties(hand("Ad Kc"))  # a "flush" is nothing
    assert hand("Qs Js") > hand("Qd 2c")  # a "straight" is just queen-jack


def test_R1_ace_king_beats_ace_queen():
    assert hand("A♠ K♦") > hand("A♥ Q♣")
    assert explain(hand("A♠ K♦"), hand("A♥ Q♣")) == "A-K beats A-Q: same high card, K beats Q"


def test_R1_equal_ranks_tie():
    a, b = hand("7s 7h"), hand("7d 7c")
    assert not a < b
    assert not b < a
    assert a.ties(b)
    assert a <= b
    assert b <= a
    assert a != b  # different cards, same strength


def test_names():
    assert hand("Qs Qh").name == "pair of queens"
    assert hand("6s 6h").name == "pair of sixes"
    assert hand("Ac Kd").name == "ace-king"
    assert hand("10c 7d").name == "ten-seven"
    assert hand("10c 7d").strength.short == "10-7"


@pytest.mark.parametrize(
    ("a", "b", "text"),
    [
        ("7s 7h", "As Kd", "7-7 beats A-K: any pair beats any unpaired hand"),
        ("Jc Jd", "Qs Qh", "Q-Q beats J-J: queens beat jacks"),
        ("Ks Qh", "Jc 10d", "K-Q beats J-10: K beats J"),
        ("As Kd", "Ah Kc", "A-K ties A-K: same ranks, and suits never count"),
    ],
)
def test_explanations_put_the_winner_first(a, b, text):
    assert explain(hand(a), hand(b)) == text


def test_best_returns_all_tied_holders_in_order():
    assert best([("A", hand("Qs Qh")), ("B", hand("Ac Kd")), ("C", hand("Qd Qc"))]) == ("A", "C")


def test_hands_are_hashable_and_order_free():
    assert hand("Qh Qs") == hand("Qs Qh")
    assert len({hand("Qh Qs"), hand("Qs Qh")}) == 1
    assert str(hand("Qh Qs")) == "Q♠ Q♥"


@pytest.mark.parametrize("text", ["Qs", "Qs Qh Js", ""])
def test_a_hand_needs_two_cards(text):
    with pytest.raises(CardError, match="a hand has 2 cards"):
        hand(text)


def test_strength_of_is_order_free():
    assert Strength.of(14, 13) == Strength.of(13, 14)
