"""One test per rule sentence of seed 002 (the teaching profile), named after the sentence."""

import random
from fractions import Fraction

import pytest
from support.documents import says

from guts_teach import Session, hand, teaching
from guts_teach.game.cards.deck import Deck
from guts_teach.game.cards.hands import explain
from guts_teach.game.errors import AlreadyDeclaredError, PlayerError
from guts_teach.lessons.examples import example

F = Fraction


def table(n=4, pot=0, reserve=0, **kw):
    return Session(list("ABCDEFGHIJ"[:n]), rules=teaching(), pot=pot, reserve=reserve, **kw)


@says("002", "Use 52 ordinary cards without jokers for 2–10 individual players.")
def test_two_to_ten_players():
    assert len(table(2).players) == 2
    assert len(table(10).players) == 10
    with pytest.raises(PlayerError):
        Session(["A"], rules=teaching())
    with pytest.raises(PlayerError):
        Session([str(i) for i in range(11)], rules=teaching())


@says("002", "Agree an ante and an active-pot cap; our teaching table uses ante 1 and cap 20.")
def test_teaching_table_ante_1_cap_20():
    assert (teaching().ante, teaching().cap) == (1, 20)


@says("002", "Also leave a reserve area for any overflow.")
def test_overflow_waits_in_the_reserve():
    t = table(5, pot=10)
    t.play(["A", "B", "C", "D", "E"], winners=["A"])
    assert (t.pot, t.reserve) == (20, 20)


@says("002", "When both pot and reserve are empty, everyone contributes the ante.")
def test_ante_only_when_pot_and_reserve_are_empty():
    t = table(4)
    assert t.play(["A", "B"], winners=["A"]).anted == ("A", "B", "C", "D")
    assert t.play(["A", "B"], winners=["A"]).anted == ()


@says("002", "Shuffle and deal 2 cards face down to each player, clockwise from the dealer’s left.")
def test_first_card_to_the_dealers_left():
    t = table(4, rng=random.Random(11), dealer="C")
    expected = Deck(random.Random(11)).deal(4, 2)
    hands = t.deal_random()
    assert hands["D"].cards == hand(list(expected[0])).cards  # D sits left of dealer C
    assert hands["C"].cards == hand(list(expected[3])).cards  # the dealer gets the last


@says("002", "The illustrated 4-player opening has 8 dealt cards and 44 unused cards.")
def test_four_players_use_8_cards_and_leave_44():
    t = table(4, rng=random.Random(2))
    dealt = {c for h in t.deal_random().values() for c in h.cards}
    assert len(dealt) == 8
    assert 52 - len(dealt) == 44


@says("002", "Collect and reshuffle the full pack after settlement; rotate the dealer clockwise.")
def test_reshuffle_each_deal_and_rotate_dealer():
    t = table(4, rng=random.Random(4))
    seen = []
    for _ in range(30):
        dealer = t.dealer
        hands = t.deal_random()
        seen.append(frozenset(c for h in hands.values() for c in h.cards))
        t.declare_all([])
        t.settle()
        assert t.dealer == t.players[(t.players.index(dealer) + 1) % 4]
    # a full reshuffle: cards dealt in one deal come back in later ones
    assert seen[0] & frozenset().union(*seen[1:])


@says("002", "Everyone opens together on the agreed signal.")
def test_nothing_settles_until_all_have_opened():
    t = table(3)
    t.start_deal()
    t.declare("A", True)
    t.declare("B", True)
    assert t.undeclared == ("C",)
    assert t.deals == ()


@says("002", "The declaration counter is only a marker, not an extra payment.")
def test_declaring_pays_nothing():
    t = table(3, pot=5)
    t.start_deal()
    t.declare_all(["A", "B", "C"])
    assert t.net == {"A": 0, "B": 0, "C": 0}
    assert t.pot == 5


@says("002", "An out player cannot win this deal and owes no matching payment.")
def test_out_player_cannot_win_or_owe():
    from guts_teach.game.errors import WinnerError

    t = table(3, pot=5)
    t.start_deal({"A": "2s 3d", "B": "4s 5d", "C": "As Ad"})
    t.declare_all(["A", "B"])
    with pytest.raises(WinnerError):
        t.settle(["C"])
    r = t.settle()
    assert r.winners == ("B",)
    assert "C" not in r.payments
    assert t.net["C"] == 0


@says("002", "With no players in, leave the pot unchanged and redeal without another ante.")
def test_nobody_in_pot_unchanged_no_ante():
    t = table(4, pot=6)
    r1 = t.play([])
    assert t.pot == 6
    r2 = t.play(["A", "B"], winners=["B"])
    assert r2.anted == ()
    assert r2.pot_before == 6
    assert r1.dealer != r2.dealer


@says("002", "With exactly 1 player in, that player takes the active pot without showing cards.")
def test_lone_in_takes_active_pot_not_reserve():
    t = table(4, pot=20, reserve=16)
    r = t.play(["B"])
    assert r.shares == {"B": 20}
    assert t.net["B"] == 20


@says("002", "With several in, only those players expose both cards.")
def test_only_in_players_are_shown():
    t = table(4, pot=6)
    r = t.play(["A", "B"], hands={"A": "Qs Qh", "B": "Ac Kd", "C": "2c 2d"})
    showdown = next(s for s in r.steps() if s.kind == "showdown")
    assert "pair of queens" in showdown.text
    assert "ace-king" in showdown.text
    assert "C" not in showdown.text
    assert "twos" not in showdown.text


@says("002", "No late change, raise, extra card or ghost comparison is allowed in this profile.")
def test_no_late_change_of_declaration():
    t = table(3)
    t.start_deal()
    t.declare("A", False)
    with pytest.raises(AlreadyDeclaredError):
        t.declare("A", True)


@says("002", "Any pair beats every unpaired hand.")
def test_any_pair_beats_every_unpaired_hand():
    assert hand("2s 2d") > hand("As Kd")


@says("002", "Compare pairs by rank, with aces highest and twos lowest.")
def test_pairs_by_rank_aces_highest_twos_lowest():
    pairs = sorted(hand(f"{r}s {r}d") for r in "23456789TJQKA")
    assert pairs[0].name == "pair of twos"
    assert pairs[-1].name == "pair of aces"


@says(
    "002",
    "Without a pair, compare the higher card first and the lower card if needed; A–K beats A–Q.",
)
def test_ace_king_beats_ace_queen():
    assert hand("As Kd") > hand("Ah Qc")
    assert explain(hand("As Kd"), hand("Ah Qc")) == "A-K beats A-Q: same high card, K beats Q"


@says("002", "Suits never break ties.")
def test_suits_never_break_ties():
    t = table(3, pot=6)
    r = t.play(["A", "B"], hands={"A": "As Ks", "B": "Ac Kd"})
    assert r.winners == ("A", "B")


@says("002", "Two cards in sequence or of the same suit receive no straight or flush status.")
def test_no_straight_or_flush_status():
    assert hand("9s 8s") < hand("10c 2d")


@says(
    "002",
    "If several in players tie for the best rank pattern, they share the active pot equally and none of those tied winners matches it.",
)
def test_tied_winners_share_and_do_not_match():
    t = table(4, pot=6)
    r = t.play(["A", "B", "C"], hands={"A": "Ks Kd", "B": "Kh Kc", "C": "As Qd"})
    assert r.shares == {"A": 3, "B": 3}
    assert r.payments == {"C": 6}


@says("002", "Record fractional counters on paper if an equal split is not whole.")
def test_fractional_shares_are_exact():
    t = table(4, pot=7)
    r = t.play(["A", "B", "C", "D"], winners=["A", "B", "C"])
    assert r.shares == {"A": F(7, 3), "B": F(7, 3), "C": F(7, 3)}
    assert t.net["A"] == F(7, 3)
    tie = example("three-way-tie").session()  # the lesson's example: 20 among three
    assert tie.deals[0].shares == dict.fromkeys("ABC", F(20, 3))
    assert tie.deals[0].payments == {"D": 20}
    assert "6 2/3 each, written on paper" in tie.steps()[4].text


@says(
    "002", "Lower in hands are still losers; do not turn a tie at the top into an all-player tie."
)
def test_tie_at_top_still_makes_lower_hands_pay():
    t = table(4, pot=6)
    r = t.play(["A", "B", "C"], hands={"A": "Qs Qh", "B": "Qd Qc", "C": "Jc Jd"})
    assert r.payers == ("C",)
    assert t.pot == 6


@says("002", "First award the active pot.")
def test_award_comes_before_payments():
    kinds = [s.kind for s in example("six-counter").steps()]
    assert kinds.index("award") < kinds.index("payments")


@says(
    "002",
    "Each losing in player then contributes that same pre-showdown amount to the next pot; it is not divided among losers and does not include their new payments.",
)
def test_each_loser_pays_the_pre_showdown_pot():
    t = table(5, pot=4)
    r = t.play(["A", "B", "C", "D"], winners=["D"])
    assert r.payments == {"A": 4, "B": 4, "C": 4}
    assert t.pot == 12


@says("002", "Keep the next active pot at the agreed cap and move any excess to reserve.")
def test_next_pot_kept_at_cap():
    t = table(4, pot=12)
    t.play(["A", "B", "C"], winners=["A"])
    assert (t.pot, t.reserve) == (20, 4)


@says(
    "002",
    "If no losing payments remain, refill from reserve up to the cap before taking any fresh ante.",
)
def test_refill_before_fresh_ante():
    t = table(4, pot=20, reserve=30)
    t.play(["A"])
    assert (t.pot, t.reserve) == (20, 10)
    t.play(["B"])
    assert (t.pot, t.reserve) == (10, 0)
    r = t.play(["C"])
    assert r.anted == ()
    assert (t.pot, t.reserve) == (0, 0)
    assert t.play(["D"]).anted == ("A", "B", "C", "D")


@says("002", "Reserve is not part of a showdown prize or matching obligation.")
def test_reserve_is_neither_prize_nor_payment():
    t = table(4, pot=20, reserve=50)
    r = t.play(["A", "B"], winners=["A"])
    assert r.shares == {"A": 20}
    assert r.payments == {"B": 20}


@says("002", "A cycle ends only when pot and reserve are both empty.")
def test_cycle_ends_when_pot_and_reserve_empty():
    t = table(3, pot=20, reserve=5)
    t.play(["A"])
    assert t.cycles_completed == 0
    assert (t.pot, t.reserve) == (5, 0)
    t.play(["B"])
    assert t.cycles_completed == 1


@says(
    "002",
    "Agree the number of cycles for a session; compare net counter balances, counting contributions as well as prizes.",
)
def test_cycles_agreed_and_net_balances_count_everything():
    t = table(3, cycles=1)
    t.play(["A", "B"], winners=["A"])  # antes 1 each, A wins 3, B pays 3
    t.play(["B"])  # B takes 3
    assert t.is_over
    assert t.net == {"A": 2, "B": -1, "C": -1}


@says("002", "Equal balances share the result.")
def test_equal_balances_share_the_place():
    t = table(3, pot=6)
    t.play(["A", "B"], winners=["A", "B"])
    places = {s.player: s.place for s in t.standings()}
    assert places == {"A": 1, "B": 1, "C": 3}


@says(
    "002",
    "A takes 6. B and C each contribute 6, making the next pot 12, not 18: the previous prize has already left. D adds nothing.",
)
def test_six_counter_example():
    t = example("six-counter").session()
    r = t.deals[0]
    assert r.pot_before == 6
    assert r.reserve_before == 0
    assert r.winners == ("A",)
    assert r.shares == {"A": 6}
    assert r.payments == {"B": 6, "C": 6}
    assert r.pot_after == 12
    assert r.pot_after != 18
    assert t.net["D"] == 0
    payments = next(s for s in r.steps() if s.kind == "payments")
    assert payments.text == (
        "B and C each pay 6 counters, the pot before the showdown; the next pot is 12, not 18: "
        "the previous prize has already left. D was out and adds nothing."
    )


@says(
    "002",
    "In a separate cap example, a 12-counter pot with 3 losers produces 36; with cap 20, keep 20 active and 16 reserved.",
)
def test_cap_example():
    first = example("cap-reserve").session().deals[0]
    assert first.pot_before == 12
    assert len(first.payers) == 3
    assert first.settlement.collected == 36
    assert (first.pot_after, first.reserve_after) == (20, 16)


@says(
    "002",
    "If that active pot is then won uncontested, refill with the remaining 16 rather than demanding fresh antes.",
)
def test_cap_example_refill():
    second = example("cap-reserve").session().deals[1]
    assert len(second.ins) == 1
    assert second.shares == {second.ins[0]: 20}
    assert second.settlement.refill == 16
    assert (second.pot_after, second.reserve_after) == (16, 0)
    assert second.anted == ()
