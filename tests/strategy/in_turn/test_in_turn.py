"""Declaring in turn (RULINGS V1): the exact heads-up equilibrium, checked against the rules core.

The strategy layer counts deals by class pairs and values them with its own share formula;
here the deal counts come from every pair of real hands, and each class pair's shares from
deals dealt and settled by the rules core (Session with ``declaration="in_turn"``).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from support.documents import says

from guts_teach.game.cards.deck import FULL_DECK
from guts_teach.game.cards.hands import ALL_STRENGTHS, hand, hand_class
from guts_teach.game.play.session import Session
from guts_teach.game.rules import Rules
from guts_teach.strategy.counting.class_deals import pair_table, triple_table, ways
from guts_teach.strategy.equilibria.simplex import UnboundedError, maximise
from guts_teach.strategy.in_turn.heads_up import (
    DEALER,
    FIRST,
    dealer_gains,
    equilibrium,
    first_gains,
    first_value,
    in_chances,
    is_best_reply,
    solve,
)

POT = Fraction(12)
INDEX = {s: i for i, s in enumerate(ALL_STRENGTHS)}


def _pairs_by_class() -> list[list[int]]:
    """Ordered pairs of disjoint real hands, counted by their classes (1,326 x 1,225)."""
    hands = [hand(list(cards)) for cards in combinations(FULL_DECK, 2)]
    counts = [[0] * len(ALL_STRENGTHS) for _ in ALL_STRENGTHS]
    for a in hands:
        i = INDEX[a.strength]
        cards = set(a.cards)
        for b in hands:
            if cards.isdisjoint(b.cards):
                counts[i][INDEX[b.strength]] += 1
    return counts


@pytest.mark.slow
def test_class_pair_counts_match_every_pair_of_real_hands() -> None:
    assert [list(row) for row in pair_table()] == _pairs_by_class()


def test_class_triple_counts_add_up_and_match_direct_counting() -> None:
    table = triple_table()
    assert sum(sum(sum(r) for r in m) for m in table) == 1326 * 1225 * 1128
    aa, a_k, kk = hand_class("A-A"), hand_class("A-K"), hand_class("K-K")
    assert table[INDEX[aa]][INDEX[aa]][INDEX[aa]] == 0  # only four aces
    assert table[INDEX[aa]][INDEX[a_k]][INDEX[kk]] == ways(aa, a_k, kk) == 6 * 2 * 4 * 3
    assert table[INDEX[a_k]][INDEX[aa]][INDEX[kk]] == ways(aa, a_k, kk)  # any seat order


def test_simplex_solves_small_programmes_exactly() -> None:
    # Matching pennies shifted to positive payoffs (2 and 0): value 1, both mix 1/2.
    found = maximise([1, 1], [[2, 0], [0, 2]], [1, 1])
    assert found.value == 1 and found.x == (Fraction(1, 2), Fraction(1, 2))
    assert found.y == (Fraction(1, 2), Fraction(1, 2))
    with pytest.raises(UnboundedError):
        maximise([1, 0], [[0, 1]], [1])
    with pytest.raises(ValueError, match="b >= 0"):
        maximise([1], [[1]], [-1])


@pytest.mark.slow
def test_whole_game_programme_finds_the_kept_equilibrium() -> None:
    """RULINGS V1: the linear programme over every strategy, in fractions (about 20 s)."""
    first, dealer, value = solve()
    assert first == FIRST.chances
    assert dealer == in_chances(DEALER)
    assert value == equilibrium().value == Fraction(1077164, 2436525)


def test_equilibrium_is_a_best_reply_both_ways_over_every_strategy() -> None:
    found = equilibrium()
    p, q = found.first.chances, in_chances(found.dealer)
    assert is_best_reply(p, first_gains(q)) and is_best_reply(q, dealer_gains(p))
    assert str(found.dealer.edge) == "10-2" and found.dealer.mix == Fraction(1, 24)
    # Neither side gains by leaving: any other threshold does no better.
    for edge in range(0, len(ALL_STRENGTHS), 9):
        threshold = tuple(Fraction(int(c >= edge)) for c in range(len(ALL_STRENGTHS)))
        assert first_value(threshold, q) <= found.value
        assert first_value(p, threshold) >= found.value
    assert found.dealer_value == 1 - found.value > Fraction(1, 2)


def _shares(first: str, dealer: str, first_in: bool, dealer_in: bool) -> Fraction:
    """The first player's share of the pot, settled by the rules core: what they take or
    pay, and half of the next pot (the lab's one-deal rule)."""
    table = Session(
        ["First", "Dealer"],
        rules=Rules(declaration="in_turn", cap=None),
        pot=POT,
        dealer="Dealer",
    )
    table.start_deal({"First": first, "Dealer": dealer})
    table.declare("First", first_in)
    if first_in:
        table.declare("Dealer", dealer_in)
    table.settle()
    return (table.net["First"] + (table.pot + table.reserve) / 2) / POT


BY_CLASS: dict[object, list[tuple[str, str]]] = {}
for _a, _b in combinations(FULL_DECK, 2):
    BY_CLASS.setdefault(hand([_a, _b]).strength, []).append((str(_a), str(_b)))


def _cards(strength: object, avoid: set[str]) -> str:
    return " ".join(next(c for c in BY_CLASS[strength] if not set(c) & avoid))


@pytest.mark.slow  # slow numerics: the equilibrium played through the core, a second or more
def test_equilibrium_value_through_the_rules_core() -> None:
    """Each class pair's three outcomes settled by Session, weighed by real-hand counts."""
    counts = _pairs_by_class()
    found = equilibrium()
    p, q = found.first.chances, in_chances(found.dealer)
    total = Fraction(0)
    for i, mine in enumerate(ALL_STRENGTHS):
        held = _cards(mine, set())
        for j, theirs in enumerate(ALL_STRENGTHS):
            if not counts[i][j] or not p[i]:
                continue
            other = _cards(theirs, set(held.split()))
            called = _shares(held, other, True, True)
            alone = _shares(held, other, True, False)
            total += counts[i][j] * p[i] * (q[j] * called + (1 - q[j]) * alone)
    assert _shares("As Ad", "Kc Kd", False, False) == 0  # out: the dealer takes the pot
    assert total / (1326 * 1225) == found.value


def test_threshold_best_replies_go_round_heads_up() -> None:
    """From "in with anything" on both sides, best threshold replies never settle."""
    from guts_teach.strategy.equilibria.payoff import best_threshold

    n = len(ALL_STRENGTHS)

    def threshold(edge: int) -> tuple[Fraction, ...]:
        return tuple(Fraction(int(c >= edge)) for c in range(n))

    def best(gains: tuple[Fraction, ...]) -> int:
        return best_threshold(range(n), lambda c: 1, gains.__getitem__)

    pair, seen = (0, 0), []
    while pair not in seen:
        seen.append(pair)
        pair = (best(first_gains(threshold(pair[1]))), best(dealer_gains(threshold(pair[0]))))
    names = {str(ALL_STRENGTHS[f]) for f, _ in seen[seen.index(pair) :]}
    assert seen.index(pair) < len(seen) - 1 and names == {"3-2", "9-8"}


@says(
    "000",
    "This allows bluffing, but if everyone before the dealer is out, the dealer takes the pot.",
)
def test_declaring_in_turn_equilibrium_bluffs_and_the_dealer_takes_when_all_before_are_out() -> (
    None
):
    """V1: the first player's equilibrium goes in with hands that lose to every hand the
    dealer calls with (bluffs), and staying out hands the dealer the pot."""
    found = equilibrium()
    calls = [s for s, q in zip(ALL_STRENGTHS, in_chances(found.dealer), strict=True) if q]
    bluffs = [
        s for s, p in zip(ALL_STRENGTHS, found.first.chances, strict=True) if p and s < calls[0]
    ]
    assert len(bluffs) == 17 and str(bluffs[0]) == "4-3" and str(bluffs[-1]) == "9-8"
    assert _shares("4c 3d", "Kc Kd", True, False) == 1  # the bluff that works: R4
    assert _shares("4c 3d", "Kc Kd", False, False) == 0  # out: the dealer takes the pot
