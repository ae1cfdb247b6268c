"""The deal and session state machine: phases, illegal actions, undo, cycles and endings."""

import random
from fractions import Fraction

import pytest

from guts_teach import Session, classic, teaching
from guts_teach.game.errors import (
    AlreadyDeclaredError,
    AmountError,
    DealInProgressError,
    DuplicateCardError,
    IllegalActionError,
    MissingHandError,
    NoDealInProgressError,
    NotEveryoneDeclaredError,
    OverdraftError,
    PlayerError,
    SessionOverError,
    UnknownPlayerError,
    WinnerError,
)
from guts_teach.game.play.listeners import ListenerWarning

F = Fraction


def snapshot(t: Session):
    return (
        t.pot,
        t.reserve,
        t.net,
        t.dealer,
        t.deals,
        t.undeclared,
        t.hands,
        t.in_progress,
        t.cycle,
        t.cycles_completed,
    )


def test_a_deal_in_three_phases(four):
    four.start_deal({"A": "Qs Qh", "B": "Ac Kd", "C": "Jc Jd", "D": "2c 7d"})
    assert four.pot == 4
    assert four.net == {"A": -1, "B": -1, "C": -1, "D": -1}
    for player, choice in [("A", True), ("B", True), ("C", True)]:
        four.declare(player, choice)
    assert four.undeclared == ("D",)
    four.declare("D", False)
    record = four.settle()
    assert record.winners == ("A",)
    assert record.winners_from_cards
    assert record.payments == {"B": 4, "C": 4}
    assert four.pot == 8
    assert four.net == {"A": 3, "B": -5, "C": -5, "D": -1}
    assert four.dealer == "B"


def test_play_records_a_club_deal_without_cards(four):
    record = four.play(["A", "C"], winners=["C"])
    assert record.hands is None
    assert not record.winners_from_cards
    assert record.payments == {"A": 4}
    assert four.pot == 4


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (lambda t: t.declare("Zed", True), UnknownPlayerError),
        (lambda t: t.declare("A", True), AlreadyDeclaredError),
        (lambda t: t.settle(), NotEveryoneDeclaredError),
        (lambda t: t.start_deal(), DealInProgressError),
        (lambda t: t.declare("B", "yes"), IllegalActionError),
    ],
)
def test_illegal_actions_mid_deal_leave_state_unchanged(four, action, error):
    four.start_deal()
    four.declare("A", True)
    before = snapshot(four)
    with pytest.raises(error):
        action(four)
    assert snapshot(four) == before


def test_unknown_player_message_names_them_and_lists_the_table(four):
    four.start_deal()
    with pytest.raises(
        UnknownPlayerError, match="'Zed' is not at the table; the players are A, B, C, D"
    ):
        four.declare("Zed", True)


def test_declare_or_settle_without_a_deal(four):
    with pytest.raises(NoDealInProgressError):
        four.declare("A", True)
    with pytest.raises(NoDealInProgressError):
        four.settle()


def test_winner_who_was_not_in_is_refused_and_nothing_changes(four):
    four.start_deal()
    four.declare_all(["A", "B"])
    before = snapshot(four)
    with pytest.raises(WinnerError, match="winner C was not in; the players in were A and B"):
        four.settle(["C"])
    assert snapshot(four) == before
    assert four.settle(["B"]).winners == ("B",)


def test_winners_must_agree_with_the_cards(four):
    four.start_deal({"A": "Qs Qh", "B": "Ac Kd"})
    four.declare_all(["A", "B"])
    with pytest.raises(WinnerError, match="the cards say A won, not B"):
        four.settle(["B"])
    assert four.settle(["A"]).winners == ("A",)


def test_missing_hands_and_no_winners(four):
    four.start_deal({"A": "Qs Qh"})
    four.declare_all(["A", "B"])
    with pytest.raises(MissingHandError, match="no cards for B"):
        four.settle()


def test_one_in_with_a_different_winner_is_refused(four):
    four.start_deal()
    four.declare_all(["A"])
    with pytest.raises(WinnerError, match="winner B was not in; the players in were A"):
        four.settle(["B"])


def test_nobody_in_with_a_winner_is_refused(four):
    four.start_deal()
    four.declare_all([])
    with pytest.raises(WinnerError, match="nobody was in"):
        four.settle(["B"])


def test_duplicate_card_between_players_names_both(four):
    with pytest.raises(DuplicateCardError, match="Q♠ is given twice: to A and to C"):
        four.start_deal({"A": "Qs Qh", "C": "Q♠ Jd"})
    assert not four.in_progress
    assert four.pot == 0


def test_declare_all_is_all_or_nothing(four):
    four.start_deal()
    with pytest.raises(UnknownPlayerError):
        four.declare_all(["A", "Zed"])
    assert four.undeclared == ("A", "B", "C", "D")


def test_play_failure_leaves_the_table_as_it_was(four):
    four.play(["A", "B"], winners=["A"])
    before = snapshot(four)
    with pytest.raises(WinnerError):
        four.play(["A", "B"], winners=["C"])
    assert snapshot(four) == before


def test_undo_takes_back_the_last_deal_exactly(four):
    four.play(["A", "B", "C"], winners=["A"])
    after_first = snapshot(four)
    four.play(["B", "D"], winners=["D"])
    undone = four.undo()
    assert undone is not None
    assert undone.number == 2
    assert snapshot(four) == after_first
    four.start_deal()
    assert four.undo() is None
    assert snapshot(four) == after_first
    four.undo()
    assert four.pot == 0
    assert four.deals == ()
    assert four.dealer == "A"
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        four.undo()


def test_random_deals_are_seeded_and_unique():
    def run(seed):
        return Session(list("ABCDEF"), rng=random.Random(seed)).deal_random()

    assert run(5) == run(5)
    hands = run(5)
    cards = [c for h in hands.values() for c in h.cards]
    assert len(cards) == len(set(cards)) == 12


def test_random_deal_needs_a_generator(four):
    with pytest.raises(IllegalActionError, match=r"random\.Random"):
        four.deal_random()


def test_players_must_be_2_to_10_and_distinct():
    with pytest.raises(PlayerError, match="2 to 10 players"):
        Session(["A"])
    with pytest.raises(PlayerError, match="got 11"):
        Session([f"P{i}" for i in range(11)])
    with pytest.raises(PlayerError, match="'A' is seated twice"):
        Session(["A", "B", "A"])
    with pytest.raises(PlayerError, match="non-blank"):
        Session(["A", " "])
    with pytest.raises(PlayerError, match="list of names"):
        Session("ABC")


def test_dealer_must_be_seated():
    with pytest.raises(UnknownPlayerError, match="dealer"):
        Session(["A", "B"], dealer="C")


def test_overdraft_option_refuses_an_in_without_chips():
    t = Session(
        ["A", "B", "C"], rules=classic().replace(no_overdraft=True, starting_stack=5), pot=10
    )
    t.start_deal()
    assert not t.can_declare("A", True)
    assert t.can_declare("A", False)
    with pytest.raises(OverdraftError, match="A has 5 chips, fewer than the pot of 10"):
        t.declare("A", True)
    t.declare("A", False)


def test_overdraft_allowed_by_default():
    t = Session(["A", "B"], rules=classic().replace(cap=None), pot=150, reserve=0)
    t.play(["A", "B"], winners=["A"])
    assert t.balances["B"] == -50  # below the stack's zero (R8)


def test_cycles_end_the_session():
    t = Session(["A", "B"], cycles=1)
    t.play(["A", "B"], winners=["A"])  # pot 2 -> B pays 2, pot 2
    assert not t.is_over
    t.play(["B"])  # B takes it, pot empty: cycle 1 ends
    assert t.cycles_completed == 1
    assert t.is_over
    with pytest.raises(SessionOverError, match="1 cycle"):
        t.start_deal()


def test_call_time_stops_at_next_empty_pot():
    t = Session(["A", "B", "C"], rules=classic())
    t.play(["A", "B"], winners=["A"])
    t.call_time()
    assert not t.is_over
    t.play([])
    assert not t.is_over
    t.play(["C"])
    assert t.is_over
    with pytest.raises(SessionOverError, match="time was called"):
        t.play(["A"])


def test_standings_share_places():
    t = Session(["A", "B", "C"], pot=6)
    t.play(["A", "B"], winners=["A"])
    assert [(s.place, s.player, s.balance) for s in t.standings()] == [
        (1, "A", F(6)),
        (2, "C", F(0)),
        (3, "B", F(-6)),
    ]


def test_starting_stack_shows_in_balances():
    t = Session(["A", "B"], rules=classic())
    t.play(["A", "B"], winners=["A"])
    assert t.balances == {"A": F(101), "B": F(97)}
    assert t.net == {"A": F(1), "B": F(-3)}


def test_negative_starting_amounts_refused():
    with pytest.raises(AmountError, match=r"^the starting pot cannot be negative; got -1$") as e:
        Session(["A", "B"], pot=-1)
    assert e.value.field == "pot"
    with pytest.raises(AmountError, match=r"^the starting reserve cannot be negative; got -2$"):
        Session(["A", "B"], reserve=-2)


def test_conservation_with_a_starting_pot():
    t = Session(["A", "B", "C"], pot=7, reserve=0)
    t.play(["A", "B", "C"], winners=["A", "B"])
    assert t.conservation_gap() == 0
    assert t.net == {"A": F(7, 2), "B": F(7, 2), "C": F(-7)}


def test_cycles_must_be_at_least_one():
    with pytest.raises(IllegalActionError, match="cycles"):
        Session(["A", "B"], rules=teaching(), cycles=0)


# ------------------------------------------------------------------ issue 11: the listener contract


def test_a_failing_listener_never_makes_a_recorded_deal_look_failed():
    table = Session(["A", "B", "C"], rules=teaching())
    heard = []

    def broken(record):
        raise RuntimeError("the workbook is closed")

    table.subscribe(broken)
    table.subscribe(heard.append)
    with pytest.warns(ListenerWarning, match=r"deal 1 was recorded, but its listener .*broken"):
        record = table.play(["A", "B"], winners=["B"])
    assert record.number == 1 and len(table.deals) == 1  # recorded once: no retry is needed
    assert [r.number for r in heard] == [1]  # the next listener was still told
    (failure,) = table.listener_failures
    assert failure.deal == 1 and str(failure.error) == "the workbook is closed"
    assert table.conservation_gap() == 0


def test_a_listener_that_unsubscribes_itself_makes_nobody_miss_the_deal():
    table = Session(["A", "B"], rules=teaching())
    heard = []
    stop = table.subscribe(lambda record: stop())
    table.subscribe(lambda record: heard.append(record.number))
    table.play(["A"])
    table.play(["B"])
    assert heard == [1, 2]
    stop()  # a second unsubscribe does nothing


def test_a_bot_declaring_one_at_a_time_is_kept_in_the_record_in_seat_order():
    table = Session(["A", "B", "C"], rng=random.Random(4))
    table.deal_random()
    table.declare("C", True, bot="reckless")
    table.declare("A", True, bot="in with J-7 or better")
    with pytest.raises(IllegalActionError, match="say how it plays in words"):
        table.declare("B", False, bot="  ")
    assert table.undeclared == ("B",)  # the refused declaration left nothing behind
    table.declare("B", False)
    assert table.settle().bots == (("A", "in with J-7 or better"), ("C", "reckless"))
