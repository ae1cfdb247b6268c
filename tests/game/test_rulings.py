"""One test (at least) per ruling R1-R11 of RULINGS.md, named after it."""

from fractions import Fraction

import pytest

from guts_teach import Session, classic, hand, teaching
from guts_teach.game.cards.hands import all_hands
from guts_teach.game.errors import OverdraftError, PlayerError

F = Fraction


def test_R1_ranking_91_classes_over_1326_hands():
    assert len(all_hands()) == 1326
    assert len({h.strength for h in all_hands()}) == 91
    assert hand("2s 2d") > hand("As Kd") > hand("As Qd")


def test_R2_ante_when_pot_and_reserve_both_empty():
    t = Session(["A", "B", "C"])
    assert t.play(["A", "B"], winners=["B"]).anted == ("A", "B", "C")
    assert t.play(["A", "B"], winners=["B"]).anted == ()


def test_R3_nobody_in_redeal_without_ante_by_default():
    t = Session(["A", "B", "C"], pot=5)
    r = t.play([])
    assert t.pot == 5
    assert r.settlement.added == 0
    assert t.net == {"A": 0, "B": 0, "C": 0}


def test_R3_option_reante_when_nobody_in():
    t = Session(["A", "B", "C"], rules=teaching().replace(reante_when_nobody_in=True), pot=5)
    t.play([])
    assert t.pot == 8
    assert t.net == {"A": -1, "B": -1, "C": -1}
    assert t.conservation_gap() == 0


def test_R4_one_in_takes_whole_pot_and_pot_is_empty():
    t = Session(["A", "B", "C"], pot=5)
    r = t.play(["C"])
    assert r.shares == {"C": 5}
    assert t.pot == 0
    assert not r.winners_from_cards


def test_R5_tied_best_share_exact_fractions_and_others_pay_pre_showdown_pot():
    t = Session(["A", "B", "C", "D"], pot=5)
    r = t.play(["A", "B", "C", "D"], hands={"A": "Ks Kd", "B": "Kh Kc", "C": "As Qd", "D": "2s 3d"})
    assert r.shares == {"A": F(5, 2), "B": F(5, 2)}
    assert r.payments == {"C": 5, "D": 5}
    assert t.pot == 10


def test_R6_cap_excess_to_reserve_never_part_of_prize():
    t = Session(["A", "B", "C", "D"], pot=20, reserve=7)
    r = t.play(["A", "B", "C", "D"], winners=["A"])
    assert r.shares == {"A": 20}
    assert (t.pot, t.reserve) == (20, 47)


def test_R7_refill_and_nonempty_reserve_implies_full_pot():
    t = Session(["A", "B", "C", "D"], pot=12)
    t.play(["A", "B", "C", "D"], winners=["A"])
    assert (t.pot, t.reserve) == (20, 16)
    t.play(["B"])
    assert (t.pot, t.reserve) == (16, 0)


def test_R8_net_counters_or_stacks_and_conservation():
    t = Session(["A", "B"])
    t.play(["A", "B"], winners=["A"])
    assert t.net == {"A": 1, "B": -3}
    assert sum(t.net.values()) + t.pot + t.reserve == 0
    c = Session(["A", "B"], rules=classic())
    c.play(["A", "B"], winners=["A"])
    assert c.balances == {"A": 101, "B": 97}


def test_R8_option_no_overdraft():
    t = Session(["A", "B"], rules=classic().replace(starting_stack=3, no_overdraft=True), pot=4)
    t.start_deal()
    with pytest.raises(OverdraftError):
        t.declare("A", True)


def test_R9_deal_passes_left_after_every_deal_including_redeals():
    t = Session(["A", "B", "C"], pot=5)
    t.play([])
    assert t.dealer == "B"
    t.play([])
    assert t.dealer == "C"
    t.play(["A"])
    assert t.dealer == "A"


def test_R10_cycle_end_standings_and_both_endings():
    t = Session(["A", "B", "C"], cycles=2)
    while not t.is_over:
        t.play(["A"])
    assert t.cycles_completed == 2
    assert t.standings()[0].player == "A"
    c = Session(["A", "B", "C"], rules=classic())
    c.play(["A", "B"], winners=["B"])
    c.call_time()
    c.play(["B"])
    assert c.is_over


def test_R11_two_to_ten_players_more_is_a_clear_error():
    Session(["A", "B"])
    Session([str(i) for i in range(10)])
    with pytest.raises(PlayerError, match=r"2 to 10 players \(R11\); got 11"):
        Session([str(i) for i in range(11)])
