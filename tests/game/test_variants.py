"""The variants of seed 000 (RULINGS V1-V7): one group of tests per ruling, named after
it, with exact pots, payments, reserves and balances, including the cap and the refill."""

import json
import random
from fractions import Fraction

import pytest

from guts_teach import Rules, Session, teaching
from guts_teach.game.errors import (
    AlreadyDeclaredError,
    IllegalActionError,
    MissingHandError,
    OutOfTurnError,
    RulesError,
    WinnerError,
)
from guts_teach.game.rules import Rules as RulesClass
from guts_teach.ledgers.ledger import dumps, ledger_of
from guts_teach.ledgers.ledger_file import loads
from guts_teach.ledgers.replay import deal_rows, replay

F = Fraction
SIX = {"A": "Q♠ Q♥", "B": "A♣ K♦", "C": "J♣ J♦"}


def table(n=4, pot=0, reserve=0, **rules):
    return Session(
        list("ABCDEFGHIJ"[:n]), rules=teaching().replace(**rules), pot=pot, reserve=reserve
    )


def kinds(record):
    return [s.kind for s in record.steps()]


# --- V1 declaring in turn ---------------------------------------------------------------


def test_V1_order_starts_left_of_dealer_and_ends_with_dealer():
    t = table(4, pot=6, declaration="in_turn")
    t.start_deal()
    assert t.undeclared == ("B", "C", "D", "A")
    assert t.to_declare == "B"
    with pytest.raises(OutOfTurnError, match="it is B's turn to declare, not C's"):
        t.declare("C", True)
    assert t.declarations == {}


def test_V1_later_players_hear_earlier_declarations():
    t = table(4, pot=6, declaration="in_turn")
    t.start_deal()
    t.declare("B", True)
    assert t.declarations == {"B": True}
    assert t.to_declare == "C"
    s = table(4, pot=6)  # simultaneous: nothing shows until all have declared
    s.start_deal()
    s.declare("B", True)
    assert s.declarations == {}


def test_V1_dealer_takes_the_pot_when_everyone_before_is_out():
    t = table(4, pot=6, declaration="in_turn")
    t.start_deal()
    for p in ("B", "C", "D"):
        t.declare(p, False)
    assert t.undeclared == ()
    with pytest.raises(AlreadyDeclaredError, match="takes the pot without declaring"):
        t.declare("A", False)
    r = t.settle()
    assert r.kind == "dealer_takes"
    assert r.ins == ("A",)
    assert r.shares == {"A": 6}
    assert (t.pot, t.reserve) == (0, 0)
    assert t.net["A"] == 6
    assert "without declaring or showing (V1)" in r.steps()[1].text


def test_V1_dealer_takes_refills_from_reserve():
    t = table(4, pot=20, reserve=16, declaration="in_turn")
    r = t.play([])  # in a ledger: nobody before the dealer came in
    assert r.kind == "dealer_takes"
    assert r.winners == ("A",)
    assert (t.pot, t.reserve) == (16, 0)
    assert r.settlement.refill == 16


def test_V1_otherwise_settled_as_R4_to_R7():
    t = table(4, pot=12, declaration="in_turn")
    t.start_deal({"A": "2s 3d", "B": "Ks Kd", "C": "Qs Qd", "D": "Js Jd"})
    t.declare("B", True)
    t.declare("C", True)
    t.declare("D", True)
    t.declare("A", False)
    r = t.settle()
    assert r.winners == ("B",)
    assert r.payments == {"C": 12, "D": 12}
    assert (t.pot, t.reserve) == (20, 4)  # 24 capped at 20 (R6)
    assert "In turn from the dealer's left: B in, C in, D in, A out (V1)." in [
        s.text for s in r.steps()
    ]


def test_V1_declare_all_in_turn_and_replay():
    t = table(4, pot=6, declaration="in_turn")
    t.start_deal()
    t.declare_all(["A"])
    assert t.settle().kind == "dealer_takes"
    again = replay(loads(dumps(ledger_of(t))))
    assert again.deals == t.deals


# --- V2 drop ------------------------------------------------------------------------------


def test_V2_drop_settles_like_simultaneous_but_says_drop():
    plain, drop = table(4, pot=6), table(4, pot=6, declaration="drop")
    a = plain.play(["A", "B", "C"], hands=SIX)
    b = drop.play(["A", "B", "C"], hands=SIX)
    assert (
        (a.shares, a.payments, a.pot_after)
        == (b.shares, b.payments, b.pot_after)
        == ({"A": 6}, {"B": 6, "C": 6}, 12)
    )
    reveal = next(s for s in b.steps() if s.kind == "reveal")
    assert (
        reveal.text
        == "A counts 1 - 2 - 3 - drop! D is out, dropping their cards; A, B and C hold (V2)."
    )
    assert reveal.rule == "V2"


# --- V3 single loser ----------------------------------------------------------------------


def test_V3_everyone_antes_every_deal_and_only_the_worst_pays():
    t = table(4, single_loser=True)
    r1 = t.play(["A", "B", "C"], hands=SIX)
    assert r1.anted == ("A", "B", "C", "D")
    assert r1.pot_before == 4
    assert r1.shares == {"A": 4}
    assert r1.payments == {"B": 4}
    assert t.pot == 4
    assert t.net == {"A": 3, "B": -5, "C": -1, "D": -1}
    r2 = t.play(["C", "D"], hands={"C": "5s 5d", "D": "9c 2h"})
    assert r2.anted == ("A", "B", "C", "D")
    assert r2.pot_before == 8
    assert r2.payments == {"D": 8}
    assert t.pot == 8
    text = next(s for s in r1.steps() if s.kind == "payments").text
    assert (
        text == "B holds the worst hand among those in, so only B pays. B pays 4 counters, the pot "
        "before the showdown; the next pot is 4, not 8: the previous prize has already left. D "
        "was out and adds nothing."
    )


def test_V3_tied_worst_each_pay():
    t = table(5, pot=0, single_loser=True)
    r = t.play(["A", "B", "C", "D"], hands={"A": "Ks Kd", "B": "7c 2d", "C": "7d 2c", "D": "9s 8s"})
    assert r.payments == {"B": 5, "C": 5}
    assert t.pot == 10
    assert "D" not in r.payments


def test_V3_cap_overflow_on_ante_and_payments_then_refill():
    t = table(4, pot=18, single_loser=True)
    r = t.play(["A", "B"], winners=["A"])
    assert (r.pot_before, r.reserve_before, r.ante_overflow) == (20, 2, 2)  # 18 + 4 antes
    assert r.shares == {"A": 20}
    assert r.payments == {"B": 20}
    assert (t.pot, t.reserve) == (20, 2)
    r2 = t.play(["C"])  # antes 4 into 20: 24, capped; C takes 20; refill from the reserve
    assert (r2.pot_before, r2.reserve_before) == (20, 6)
    assert (t.pot, t.reserve) == (6, 0)
    assert r2.settlement.refill == 6


def test_V3_club_records_need_the_losers_when_ambiguous():
    t = table(4, pot=6, single_loser=True)
    with pytest.raises(MissingHandError, match="single loser"):
        t.play(["A", "B", "C"], winners=["A"])
    r = t.play(["A", "B", "C"], winners=["A"], losers=["C"])
    assert r.payments == {"C": 10}
    with pytest.raises(IllegalActionError, match="losers: D was not in"):
        t.play(["A", "B", "C"], winners=["A"], losers=["D"])


# --- V4 no split pots ---------------------------------------------------------------------


def test_V4_tied_best_neither_win_nor_pay_and_beaten_hands_pay_into_the_pot():
    t = table(4, pot=6, split_pots=False)
    r = t.play(["A", "B", "C"], hands={"A": "Ks Kd", "B": "Kh Kc", "C": "As Qd"})
    assert r.kind == "tie_stays"
    assert r.winners == ()
    assert r.tied_best == ("A", "B")
    assert r.payments == {"C": 6}
    assert t.pot == 12
    assert t.net == {"A": 0, "B": 0, "C": -6, "D": 0}


def test_V4_everyone_tied_pot_stays_nobody_pays():
    t = table(4, pot=6, split_pots=False)
    r = t.play(["A", "B"], hands={"A": "Ks Kd", "B": "Kh Kc"})
    assert r.payments == {}
    assert t.pot == 6
    assert t.cycles_completed == 0


def test_V4_cap_applies_to_the_staying_pot():
    t = table(5, pot=12, split_pots=False)
    t.play(["A", "B", "C", "D", "E"], winners=["A", "B"])
    assert (t.pot, t.reserve) == (20, 28)  # 12 stays, 3 x 12 paid: 48, capped


def test_V4_single_winner_still_wins():
    t = table(4, pot=6, split_pots=False)
    assert t.play(["A", "B", "C"], hands=SIX).shares == {"A": 6}


# --- V5 ghost hand ------------------------------------------------------------------------


def test_V5_best_hand_must_beat_the_ghost():
    t = table(4, pot=6, ghost_hand=True)
    r = t.play(["A", "B", "C"], hands=SIX, ghost="K♣ 9♦")
    assert r.kind == "showdown"
    assert r.shares == {"A": 6}
    assert r.payments == {"B": 6, "C": 6}
    showdown = next(s for s in r.steps() if s.kind == "showdown")
    assert "The ghost shows K♣ 9♦ (king-nine)." in showdown.text


def test_V5_if_the_ghost_wins_every_in_player_pays_into_the_staying_pot():
    t = table(4, pot=6, ghost_hand=True)
    r = t.play(["B", "C"], hands={"B": "A♣ K♦", "C": "J♣ 10♦"}, ghost="A♦ A♠")
    assert r.kind == "ghost_wins"
    assert r.winners == ()
    assert r.payments == {"B": 6, "C": 6}
    assert t.pot == 18


def test_V5_a_tie_with_the_ghost_does_not_beat_it():
    t = table(4, pot=6, ghost_hand=True)
    r = t.play(["B"], hands={"B": "K♥ 9♠"}, ghost="K♣ 9♦")
    assert r.kind == "ghost_wins"
    assert r.payments == {"B": 6}
    assert t.pot == 12


def test_V5_a_lone_in_player_must_beat_the_ghost_too():
    t = table(4, pot=6, ghost_hand=True)
    r = t.play(["B"], hands={"B": "A♥ 2♠"}, ghost="K♣ 9♦")
    assert r.kind == "uncontested"
    assert r.shares == {"B": 6}
    assert t.pot == 0
    t2 = table(4, pot=6, ghost_hand=True)
    with pytest.raises(MissingHandError, match="no cards for the ghost"):
        t2.play(["B"], hands={"B": "A♥ 2♠"})


def test_V5_ghost_comes_from_the_same_deck_and_cap_applies():
    t = Session(
        list("ABCD"),
        rules=teaching().replace(ghost_hand=True),
        rng=random.Random(3),
        pot=20,
        reserve=5,
    )
    hands = t.deal_random()
    cards = [c for h in [*hands.values(), t.ghost] for c in h.cards]
    assert len(cards) == len(set(cards)) == 10
    t.undo()
    t2 = table(4, pot=20, reserve=5, ghost_hand=True)
    t2.play(["A", "B", "C"], winners=[])  # club record: nobody beat the ghost
    assert (t2.pot, t2.reserve) == (20, 65)


def test_V5_ghost_given_twice_or_without_the_variant():
    t = table(4, pot=6, ghost_hand=True)
    with pytest.raises(Exception, match="Q♠ is given twice: to A and to the ghost"):
        t.play(["A"], hands={"A": "Q♠ Q♥"}, ghost="Q♠ 2d")
    plain = table(4, pot=6)
    with pytest.raises(IllegalActionError, match="no ghost_hand"):
        plain.play(["A"], ghost="K♣ 9♦")


# --- V6 three-card Guts ------------------------------------------------------------------


def test_V6_three_card_session_deals_three_and_ranks_straights():
    t = table(4, pot=6, hand_size=3)
    r = t.play(["A", "B"], hands={"A": "Q♠ J♦ 10♣", "B": "A♠ 9♠ 4♠"})
    assert r.winners == ("A",)
    assert r.payments == {"B": 6}
    assert "straight, queen high" in next(s for s in r.steps() if s.kind == "showdown").text
    t2 = table(4, pot=6, hand_size=3, flush_over_straight=True)
    assert t2.play(["A", "B"], hands={"A": "Q♠ J♦ 10♣", "B": "A♠ 9♠ 4♠"}).winners == ("B",)
    rng = Session(list("ABC"), rules=teaching().replace(hand_size=3), rng=random.Random(1))
    assert all(len(h.cards) == 3 for h in rng.deal_random().values())


def test_V6_two_card_hands_refused_in_three_card_guts():
    t = table(4, pot=6, hand_size=3)
    with pytest.raises(Exception, match="a hand has 3 cards in three-card Guts"):
        t.play(["A", "B"], hands={"A": "Qs Qh", "B": "As Kd 2c"})


def test_V6_options_need_three_cards_and_name_both_fields():
    with pytest.raises(RulesError, match="flush_over_straight needs hand_size 3"):
        Rules(flush_over_straight=True)
    with pytest.raises(RulesError, match="straight_flush_over_trips needs hand_size 3"):
        Rules(straight_flush_over_trips=True)
    with pytest.raises(RulesError, match="hand_size must be 2"):
        Rules(hand_size=4)


# --- V7 weenie rule -----------------------------------------------------------------------


def test_V7_is_marked_as_a_house_rule_not_from_the_documents():
    assert "house rule from the Guts literature" in (RulesClass.__doc__ or "")


def test_V7_nobody_in_best_hand_pays_the_pot_into_it():
    t = table(4, pot=6, weenie_rule=True)
    r = t.play([], hands={**SIX, "D": "2c 3d"})
    assert r.kind == "nobody_in"
    assert r.payers == ("A",)
    assert r.payments == {"A": 6}
    assert t.pot == 12
    assert t.net["A"] == -6
    step = next(s for s in r.steps() if s.kind == "weenie")
    assert step.rule == "V7"
    assert "by the weenie rule (V7) A, holding the best hand, pays" in step.text


def test_V7_club_record_names_the_weenie_and_cap_applies():
    t = table(4, pot=20, reserve=3, weenie_rule=True)
    with pytest.raises(MissingHandError, match="weenie"):
        t.play([])
    t.play([], weenie=["C"])
    assert (t.pot, t.reserve) == (20, 23)
    assert t.net["C"] == -20
    with pytest.raises(WinnerError, match="the cards say A held the best hand, not B"):
        t.play([], hands={**SIX, "D": "2c 3d"}, weenie=["B"])


# --- everywhere: the ledger, replay and combinations ---------------------------------------


def test_variant_fields_in_the_ledger_round_trip():
    data = {
        "format": "guts-ledger/1",
        "rules": {"profile": "teaching", "ghost_hand": True, "single_loser": True, "hand_size": 3},
        "players": ["A", "B", "C", "D"],
        "deals": [
            {
                "hands": {"A": "Q♠ J♦ 10♣", "B": "A♠ 9♠ 4♠", "C": "2c 2d 7h"},
                "ghost": "K♣ 9♦ 3h",
                "in": ["A", "B", "C"],
            },
            {"in": ["A", "B", "C"], "winners": ["B"], "losers": ["A"]},
            {"in": ["D"], "winners": []},
        ],
    }
    ledger = loads(json.dumps(data, ensure_ascii=False))
    session = replay(ledger)
    first, second, third = session.deals
    assert first.winners == ("A",)
    assert first.payments == {"C": 4}
    assert second.payments == {"A": 8}
    assert third.kind == "ghost_wins"
    assert loads(dumps(ledger)) == ledger
    assert replay(loads(dumps(ledger_of(session)))).deals == session.deals
    assert deal_rows(session)[0]["payments"] == {"C": 4}


def test_ledger_error_names_the_losers_field():
    data = {
        "format": "guts-ledger/1",
        "rules": {"single_loser": True},
        "players": ["A", "B", "C"],
        "deals": [
            {
                "hands": {"A": "Qs Qh", "B": "Ac Kd", "C": "2c 3d"},
                "in": ["A", "B", "C"],
                "losers": ["B"],
            }
        ],
    }
    with pytest.raises(
        Exception,
        match=r'deal 1 \(deals\[0\]\), field "losers": the cards say C held the worst hand, not B',
    ):
        loads(json.dumps(data))


def test_combined_variants_conserve_chips():
    rules = teaching().replace(
        declaration="in_turn",
        single_loser=True,
        split_pots=False,
        ghost_hand=True,
        hand_size=3,
        weenie_rule=True,
        flush_over_straight=True,
    )
    t = Session(list("ABCDE"), rules=rules, rng=random.Random(8))
    chooser = random.Random(9)
    for _ in range(300):
        t.deal_random()
        t.declare_all([p for p in t.players if chooser.random() < 0.4])
        t.settle()
        assert t.conservation_gap() == 0
    assert {r.kind for r in t.deals} >= {"showdown", "ghost_wins", "dealer_takes"}
    assert "nobody_in" not in {r.kind for r in t.deals}  # in turn, the dealer takes it (V1)


@pytest.mark.parametrize("hand_size", [2, 3])
def test_every_allowed_table_fits_one_deck_even_with_a_ghost(hand_size):
    rules = teaching().replace(ghost_hand=True, hand_size=hand_size)
    table = Session([f"P{i}" for i in range(10)], rules=rules, rng=random.Random(1))
    hands = table.deal_random()
    cards = [c for h in [*hands.values(), table.ghost] for c in h.cards]
    assert len(cards) == len(set(cards)) == 11 * hand_size <= 52
