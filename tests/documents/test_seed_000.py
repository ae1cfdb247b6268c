"""One test per rule sentence of seed 000 (full rules), named after the sentence.

Variants and Shelby have their own issues; this file covers the plain game.
"""

from fractions import Fraction

from support.documents import says

from guts_teach import Session, classic, hand
from guts_teach.game.cards.deck import FULL_DECK, RANKS
from guts_teach.game.cards.hands import all_hands
from guts_teach.lessons.examples import example

F = Fraction


def classic_table(pot=0, reserve=0, names=("Anna", "Ben", "Carla", "Dan", "Eva")):
    return Session(list(names), rules=classic(), pot=pot, reserve=reserve)


@says(
    "000",
    "Everyone gets just two cards and then decides – all at the same time – whether they are in or out.",
)
def test_two_cards_each_and_declarations_hidden_until_all_have_declared():
    import random

    t = Session(["Anna", "Ben", "Carla"], rules=classic(), rng=random.Random(1))
    hands = t.deal_random()
    assert all(len(h.cards) == 2 for h in hands.values())
    t.declare("Anna", True)
    t.declare("Ben", False)
    assert t.undeclared == ("Carla",)
    assert t.deals == ()  # nothing is revealed or settled before everyone has chosen


@says(
    "000",
    "Of the players who are in, the best hand wins the pot (the chips in the middle), and every other player who was in must match the pot: pay in as many chips as it held.",
)
def test_best_in_hand_wins_and_other_ins_match_the_pot():
    t = classic_table(pot=10)
    r = t.play(["Anna", "Ben"], hands={"Anna": "Ks Kd", "Ben": "Ac Qd"})
    assert r.shares == {"Anna": 10}
    assert r.payments == {"Ben": 10}


@says("000", "Players: best with 5–10, each for themselves.")
def test_five_to_ten_players_are_seated_each_with_own_balance():
    for n in range(5, 11):
        t = Session([f"P{i}" for i in range(n)], rules=classic())
        assert len(t.balances) == n


@says("000", "You need: one standard 52-card deck without jokers")
def test_one_standard_deck_of_52():
    assert len(FULL_DECK) == 52 == len(set(FULL_DECK))


@says("000", "the same amount for everyone, e.g. 100 each.")
def test_classic_stacks_start_at_100_each():
    assert set(classic_table().balances.values()) == {F(100)}


@says("000", "Cards rank A K Q J 10 9 8 7 6 5 4 3 2.")
def test_card_ranks_from_ace_down_to_two():
    assert RANKS[::-1] == "AKQJT98765432"
    order = [hand(f"{r}s {r}h") for r in "AKQJT98765432"]
    assert order == sorted(order, reverse=True)


@says("000", "Suits don't count, and there are no straights or flushes in two-card Guts.")
def test_suits_do_not_count_and_no_straights_or_flushes():
    assert hand("Js 10s") < hand("Qd 2c")
    assert hand("As Ks").ties(hand("Ad Kc"))


@says("000", "Any pair beats any two unequal cards.")
def test_any_pair_beats_any_two_unequal_cards():
    pairs = [h for h in all_hands() if h.strength.is_pair]
    others = [h for h in all_hands() if not h.strength.is_pair]
    assert min(p.strength for p in pairs) > max(o.strength for o in others)


@says(
    "000",
    "Two unequal-card hands are compared by their higher card first; if those are equal, the lower card decides.",
)
def test_unequal_hands_by_higher_card_then_lower():
    assert hand("Ks 2d") > hand("Qs Jd")
    assert hand("Ks 5d") > hand("Kh 4c")


@says("000", "Hands of the same ranks tie.")
def test_hands_of_the_same_ranks_tie():
    t = classic_table(pot=10)
    r = t.play(["Anna", "Ben"], hands={"Anna": "As 5d", "Ben": "Ah 5c"})
    assert r.winners == ("Anna", "Ben")


@says("000", "Ante: a fixed amount that every player puts into the pot to start it, e.g. 1 chip.")
def test_every_player_antes_one_chip_to_start_the_pot():
    t = classic_table()
    t.start_deal()
    assert t.pot == 5
    assert set(t.balances.values()) == {F(99)}


@says(
    "000",
    "In or out: after looking at your cards, you declare whether you are in (playing for the pot) or out (giving up this deal at no further cost).",
)
def test_out_costs_nothing_further():
    t = classic_table(pot=10)
    t.play(["Anna", "Ben"], winners=["Anna"])
    assert t.balances["Carla"] == 100


@says(
    "000",
    "Match the pot: every player who was in but does not win pays an amount equal to the whole pot.",
)
def test_every_losing_in_pays_the_whole_pot():
    t = classic_table(pot=10)
    r = t.play(["Anna", "Ben", "Carla", "Dan"], winners=["Dan"])
    assert r.payments == {"Anna": 10, "Ben": 10, "Carla": 10}


@says("000", "These payments make up the pot for the next deal.")
def test_payments_make_up_the_next_pot():
    t = classic_table(pot=10)
    t.play(["Anna", "Ben", "Carla"], winners=["Anna"])
    assert t.pot == 20


@says(
    "000",
    "Agree before playing on the ante and on a limit – the most anyone can win or lose in a single deal, e.g. 100 times the ante.",
)
def test_limit_is_100_times_the_ante_and_bounds_a_deal():
    rules = classic()
    assert rules.cap == 100 * rules.ante
    t = classic_table(pot=100, reserve=300)
    r = t.play(["Anna", "Ben", "Carla", "Dan", "Eva"], winners=["Anna"])
    changes = [after - before for before, after in zip(r.balances_before, r.balances, strict=True)]
    assert max(abs(c) for c in changes) == 100


@says("000", "If the pot is empty, everyone puts in the ante.")
def test_empty_pot_means_everyone_antes():
    t = classic_table()
    r = t.play(["Anna"])
    assert r.anted == ("Anna", "Ben", "Carla", "Dan", "Eva")
    assert r.ante == 1


@says("000", "The dealer shuffles and deals two cards face down to each player, one at a time.")
def test_deal_goes_one_card_at_a_time_starting_left_of_dealer():
    import random

    from guts_teach.game.cards.deck import Deck

    rng_a, rng_b = random.Random(9), random.Random(9)
    drawn = rng_b.sample(FULL_DECK, 6)
    hands = Deck(rng_a).deal(3, 2)
    assert hands == ((drawn[0], drawn[3]), (drawn[1], drawn[4]), (drawn[2], drawn[5]))


@says("000", "The deal passes to the left after each hand.")
def test_deal_passes_to_the_left():
    t = classic_table(pot=10)
    dealers = []
    for _ in range(6):
        dealers.append(t.dealer)
        t.play([])
    assert dealers == ["Anna", "Ben", "Carla", "Dan", "Eva", "Anna"]


@says("000", "(The chip in your fist is not a bet – take it back afterwards.)")
def test_declaring_costs_nothing():
    t = classic_table(pot=10)
    t.start_deal()
    before = t.balances
    for p in t.players:
        t.declare(p, True)
    assert t.balances == before


@says("000", "A chip means in, an empty hand means out.")
def test_declare_true_is_in_false_is_out():
    t = classic_table(pot=10)
    t.start_deal()
    for p, choice in zip(t.players, [True, False, True, False, False], strict=True):
        t.declare(p, choice)
    assert t.settle(["Anna"]).ins == ("Anna", "Carla")


@says(
    "000", "Two or more players are in: they show their cards. The best hand takes the whole pot."
)
def test_best_hand_takes_the_whole_pot():
    t = classic_table(pot=10)
    r = t.play(["Ben", "Dan"], hands={"Ben": "2s 2d", "Dan": "As Kd"})
    assert r.shares == {"Ben": 10}
    showdown = next(s for s in r.steps() if s.kind == "showdown")
    assert showdown.text.startswith("Ben and Dan show their cards")


@says(
    "000",
    "Every other player who was in must pay an amount equal to that pot – these payments form the next pot.",
)
def test_other_ins_pay_that_pot_forming_the_next():
    t = classic_table(pot=7)
    t.play(["Anna", "Ben", "Carla", "Dan"], winners=["Ben"])
    assert t.pot == 21


@says("000", "If several players tie for best hand, they share the pot equally.")
def test_tied_best_hands_share_equally_and_exactly():
    t = classic_table(pot=10)
    r = t.play(["Anna", "Ben", "Carla"], hands={"Anna": "9s 9d", "Ben": "9h 9c", "Carla": "As Kd"})
    assert r.shares == {"Anna": 5, "Ben": 5}
    t2 = classic_table(pot=10)
    r2 = t2.play(["Anna", "Ben", "Carla"], winners=["Anna", "Ben", "Carla"])
    assert r2.shares == {p: F(10, 3) for p in ("Anna", "Ben", "Carla")}


@says(
    "000",
    "Only one player is in: that player takes the whole pot without showing their cards. The pot is now empty.",
)
def test_lone_in_takes_the_pot_unseen_and_pot_is_empty():
    t = classic_table(pot=10)
    r = t.play(["Carla"], hands={"Carla": "3s 2d", "Anna": "As Ad"})
    assert r.shares == {"Carla": 10}
    assert t.pot == 0
    assert "without showing cards" in next(s for s in r.steps() if s.kind == "uncontested").text


@says(
    "000",
    "Nobody is in: the pot stays for the next deal. Many groups play that everyone adds another ante.",
)
def test_nobody_in_pot_stays_or_everyone_antes_again():
    t = classic_table(pot=10)
    t.play([])
    assert t.pot == 10
    t2 = Session(
        ["Anna", "Ben", "Carla"], rules=classic().replace(reante_when_nobody_in=True), pot=10
    )
    t2.play([])
    assert t2.pot == 13
    assert set(t2.balances.values()) == {F(99)}
    stays, antes = (example(n).session() for n in ("nobody-in-stays", "nobody-in-antes"))
    assert (stays.deals[0].pot_after, antes.deals[0].pot_after) == (4, 8)
    assert (stays.deals[1].shares, antes.deals[1].shares) == ({"Ben": 4}, {"Ben": 8})


@says("000", "Players who were out neither win nor pay.")
def test_out_players_neither_win_nor_pay():
    t = classic_table(pot=10)
    t.play(["Anna", "Ben"], winners=["Ben"])
    assert t.balances["Carla"] == t.balances["Dan"] == t.balances["Eva"] == 100


@says(
    "000",
    "Anna's pair of 7s is best and she takes the 10 chips. Ben and Carla each pay 10, so the next pot holds 20.",
)
def test_ten_chip_example():
    r = example("ten-chip").session().deals[0]
    assert r.pot_before == 10
    assert r.winners == ("Anna",)
    assert r.shares == {"Anna": 10}
    assert r.payments == {"Ben": 10, "Carla": 10}
    assert r.pot_after == 20
    assert "Dan" not in r.payments
    assert "Eva" not in r.payments


@says(
    "000",
    "Limit: if the payments would make the pot bigger than the agreed limit, the extra chips go into a reserve beside it.",
)
def test_payments_over_the_limit_go_to_the_reserve():
    t = classic_table(pot=60)
    t.play(["Anna", "Ben", "Carla"], winners=["Anna"])
    assert (t.pot, t.reserve) == (100, 20)


@says(
    "000",
    "The next deal is played for the limit; once that pot is won, chips from the reserve form the new pot.",
)
def test_next_deal_for_the_limit_then_reserve_forms_new_pot():
    t = classic_table(pot=80)
    t.play(["Anna", "Ben", "Carla", "Dan"], winners=["Anna"])
    r = t.play(["Ben", "Carla"], winners=["Ben"])
    assert r.pot_before == 100
    assert r.shares == {"Ben": 100}
    assert (t.pot, t.reserve) == (100, 140)  # Carla's 100 form the next pot; reserve waits
    t.play(["Dan"])
    assert (t.pot, t.reserve) == (100, 40)  # won: the reserve refills the pot up to the limit
    lesson = example("limit-100").session()  # the worked example goes on the same way
    assert lesson.deals[1].shares == {"Ben": 100}
    assert (lesson.pot, lesson.reserve) == (100, 40)
    assert lesson.deals[1].anted == ()


@says(
    "000",
    "The limit is 100. Four players are in for a pot of 80. The winner takes 80, the three losers each pay 80 – 240 in total. The new pot is 100, and 140 go into the reserve.",
)
def test_limit_100_example():
    r = example("limit-100").session().deals[0]
    assert example("limit-100").ledger.rules.cap == 100
    assert len(r.ins) == 4
    assert r.pot_before == 80
    assert list(r.shares.values()) == [80]
    assert list(r.payments.values()) == [80, 80, 80]
    assert r.settlement.collected == 240
    assert (r.pot_after, r.reserve_after) == (100, 140)


@says("000", "The pot is empty only after someone wins it alone (or everyone who was in tied).")
def test_pot_empties_only_on_a_lone_win_or_an_all_in_tie():
    t = classic_table(pot=10)
    t.play(["Anna", "Ben"], winners=["Anna", "Ben"])
    assert t.pot == 0
    t2 = classic_table(pot=10)
    t2.play(["Anna", "Ben", "Carla"], winners=["Anna", "Ben"])
    assert t2.pot == 10


@says("000", "Play for an agreed time and stop at the next moment the pot is empty.")
def test_time_called_stops_at_next_empty_pot():
    t = classic_table(pot=10)
    t.call_time()
    t.play(["Anna", "Ben"], winners=["Anna"])
    assert not t.is_over
    t.play(["Ben"])
    assert t.is_over


@says("000", "The player with the most chips wins.")
def test_most_chips_wins():
    t = classic_table(pot=10)
    t.play(["Anna", "Ben"], winners=["Ben"])
    assert t.standings()[0].player == "Ben"
    assert t.standings()[0].place == 1
