"""Threshold strategies: exact gains for 2 to 10 players, checked against counting every deal
and against simulation through the rules core; best replies and the symmetric equilibria."""

import io
import json
import random
from fractions import Fraction

import pytest
from support.oracle import at, gain_by_every_deal

from guts_teach.cli.commands import main
from guts_teach.game.cards.hands import ALL_STRENGTHS, all_hands, hand
from guts_teach.game.errors import PlayerError
from guts_teach.game.rules import teaching
from guts_teach.strategy.equilibria.thresholds import (
    NoEquilibriumError,
    Threshold,
    best_reply,
    equilibrium,
    first_guess,
    frequency,
    gain,
    in_chance,
    nobody_in_chance,
    value,
)
from guts_teach.strategy.sampling import sampled_gain

J7 = Threshold(hand("Jc 7d").strength)


def gain_heads_up_by_every_hand(text, rival):
    """Heads-up, the long way over every rival hand and the four cases."""
    mine = hand(text)
    total, count = Fraction(0), 0
    for other in all_hands():
        if other.bits & mine.bits:
            continue
        count += 1
        if not rival.goes_in(other):
            total += Fraction(1, 2)  # in: take the pot; out: half the pot that stays
        elif mine > other:
            total += Fraction(3, 2)  # take the pot, and half the rival's matching payment
        elif mine.ties(other):
            total += Fraction(1, 2)  # share the pot
        else:
            total -= Fraction(1, 2)  # pay the pot, which carries over: half comes back
    return total / count


def test_heads_up_gain_agrees_with_the_long_count():
    for held in ("Qs Qh", "Jc 7d", "Jc 6d", "3c 2d", "As Kd"):
        for rival in (J7, Threshold(ALL_STRENGTHS[0]), Threshold(ALL_STRENGTHS[-1])):
            assert gain(held, rival) == gain_heads_up_by_every_hand(held, rival)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("held", "others", "weenie"),
    [
        ("Kc 4d", "Ks 4h", False),  # at the threshold: ties with the others count
        ("As Kd", "Qs 5h", False),  # above it: others in share the best hand below yours
        ("9c 8d", "Ks 4h", False),  # below it
        ("9c 8d", "Qs 5h", True),  # weenie, below: out you may pay, or share another's
        ("Ac 3d", "Qs 5h", True),  # weenie, above
        ("Qc 5d", "Qs 5h", True),  # weenie, level with the threshold
    ],
)
def test_three_players_gain_agrees_with_every_deal(held, others, weenie):
    assert gain(held, at(others), players=3, weenie=weenie) == gain_by_every_deal(
        held, at(others), weenie
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("held", "others", "players", "weenie"),
    [
        ("As 8d", "As 7h", 6, False),
        ("2s 2d", "As 7h", 6, False),
        ("Ks Qd", "As Qh", 10, False),
        ("9s 8d", "As 2h", 4, True),
        ("As 8d", "Ks 2h", 4, True),
        ("Qs Qd", "As 4h", 8, True),
    ],
)
def test_gain_agrees_with_simulation_through_the_rules_core(held, others, players, weenie):
    rules = teaching().replace(weenie_rule=weenie)
    estimate = sampled_gain(
        held, at(others), players=players, rules=rules, rng=random.Random(7), samples=6000
    )
    exact = gain(held, at(others), players=players, weenie=weenie)
    assert estimate.agrees(float(exact)), (estimate, float(exact))


def test_the_cap_and_its_reserve_do_not_change_the_gain():
    # R6/R7: payments beyond the cap wait in the reserve, which is won later like the pot;
    # with 1/n of all that carries over counted as yours the gain per pot is the same.
    capped = teaching()  # cap 20
    free = teaching().replace(cap=None)
    for rules, reserve in ((capped, Fraction(13)), (free, Fraction(0))):
        estimate = sampled_gain(
            "Kc 5d",
            at("Ks 4h"),
            players=3,
            rules=rules,
            rng=random.Random(11),
            samples=6000,
            pot=Fraction(20),
            reserve=reserve,
        )
        assert estimate.agrees(float(gain("Kc 5d", at("Ks 4h"), players=3)))


def test_best_reply_is_the_threshold_of_greatest_value():
    for others, players in ((J7, 2), (Threshold(ALL_STRENGTHS[10]), 2), (at("Ks 4h"), 3)):
        reply = best_reply(others, players=players)
        best = value(reply, others, players=players)
        assert all(best >= value(Threshold(s), others, players=players) for s in ALL_STRENGTHS)


def test_card_removal_makes_the_gain_dip_in_places():
    # Holding A-K rather than 2-2 removes an ace and a king from the rival's hands.
    rival = Threshold(ALL_STRENGTHS[80])
    assert gain("2c 2d", rival) < gain("As Kd", rival)


def test_the_heads_up_equilibrium_is_jack_seven():
    assert best_reply(J7) == J7
    assert equilibrium().threshold == J7
    assert equilibrium(Threshold(ALL_STRENGTHS[-1])).threshold == J7
    assert gain("Jc 7d", J7) > 0 > gain("Jc 6d", J7)


def test_equilibria_for_every_table_size_are_their_own_best_replies():
    found = {n: equilibrium(players=n).threshold for n in range(2, 11)}
    for n, threshold in found.items():
        assert best_reply(threshold, players=n) == threshold
        assert gain(threshold.strength, threshold, players=n) > 0
    edges = [found[n].strength.value for n in range(2, 11)]
    assert edges == sorted(edges)  # the more players, the stronger the hand you need
    # Seed 000's tip: "With many players, a hand like A-5 is rarely the best".
    a5 = hand("Ac 5d")
    assert found[2].goes_in(a5) and not found[10].goes_in(a5)
    assert [n for n in found if not found[n].goes_in(a5)] == list(range(6, 11))


@pytest.mark.slow
def test_weenie_best_replies_go_round_a_cycle_where_no_pure_equilibrium_exists():
    with pytest.raises(NoEquilibriumError, match="best replies go round") as caught:
        equilibrium(players=4, weenie=True)
    first, second = caught.value.cycle
    assert best_reply(first, players=4, weenie=True) == second
    assert best_reply(second, players=4, weenie=True) == first
    # Not just along the path: at three and four players no threshold at all is its own
    # best reply.
    for players in (3, 4):
        assert not [
            s
            for s in ALL_STRENGTHS
            if best_reply(Threshold(s), players=players, weenie=True) == Threshold(s)
        ]
    assert equilibrium(players=2, weenie=True).threshold == at("10c 2d")


def test_a_threshold_the_replies_jump_over_is_still_found():
    # Nine players, weenie rule: best replies go, ... and jump over A-7,
    # which is its own best reply.
    found = equilibrium(players=9, weenie=True)
    assert found.threshold == at("Ac 7d")
    assert best_reply(found.threshold, players=9, weenie=True) == found.threshold
    assert found.between and [str(t.strength) for t in found.path] == ["A-8", "A-6", "A-8"]
    assert "A-7, between, is its own best reply" in found.story()


def test_the_pot_size_does_not_move_the_threshold():
    # Seed 000: "Watch the pot". Losing costs more in a big pot, but winning brings more
    # too: the gain scales with the pot, so the threshold stays where it is.
    for pot in (Fraction(2), Fraction(20)):
        estimate = sampled_gain(
            "Jc 7d", J7, players=2, rules=teaching(), rng=random.Random(3), samples=4000, pot=pot
        )
        assert estimate.agrees(float(gain("Jc 7d", J7)))


def test_chances_of_going_in_and_of_everyone_folding():
    assert in_chance(J7) == Fraction(
        sum(frequency(s) for s in ALL_STRENGTHS if J7.goes_in(s)), 1326
    )
    # heads-up, counted over every ordered pair of disjoint hands
    folds = [h.bits for h in all_hands() if not J7.goes_in(h)]
    both = sum(1 for a in folds for b in folds if not a & b)
    assert nobody_in_chance(J7, players=2) == Fraction(both, 1326 * 1225)
    assert nobody_in_chance(Threshold(ALL_STRENGTHS[0]), players=5) == 0


def test_first_guess_reads_the_continuous_answer_on_the_deck():
    assert first_guess(2) == J7
    guesses = [first_guess(n).strength.value for n in range(2, 11)]
    assert guesses == sorted(guesses)


def test_bad_player_counts_are_refused():
    for bad in (1, 11, True, "3"):
        with pytest.raises(PlayerError, match="from 2 to 10"):
            gain("As Kd", J7, players=bad)
        with pytest.raises(PlayerError, match="from 2 to 10"):
            equilibrium(players=bad)


def test_strategy_command():
    out = io.StringIO()
    assert main(["strategy", "--json"], out=out) == 0
    data = json.loads(out.getvalue())
    assert data["threshold"] == "J-7" and data["best_reply_path"][-1] == "J-7"
    assert Fraction(data["gain_at_threshold"]) == gain("Jc 7d", J7)
    out = io.StringIO()
    assert main(["strategy", "--players", "6", "--hand", "Ac 5d", "--json"], out=out) == 0
    data = json.loads(out.getvalue())
    six = equilibrium(players=6).threshold
    assert data["threshold"] == str(six.strength)
    assert Fraction(data["gain_of_hand"]) == gain("Ac 5d", six, players=6) < 0
    assert Fraction(data["nobody_in_chance"]) == nobody_in_chance(six, players=6)
    out = io.StringIO()
    assert main(["strategy", "--players", "4", "--weenie"], out=out) == 0
    assert "best replies go round" in out.getvalue()
    assert "Mixed equilibrium at 4 players: go in with better than K-3" in out.getvalue()
    out = io.StringIO()
    assert main(["strategy", "--players", "4", "--weenie", "--json"], out=out) == 0
    data = json.loads(out.getvalue())
    assert data["threshold"] is None and data["mixed"]["edge"] == "K-3"
    assert 0 < data["mixed"]["mix"] < 1
    assert main(["strategy", "--players", "11"], out=io.StringIO()) == 2


def test_guts_bots_play_a_seeded_session():
    from guts_teach import Session
    from guts_teach.strategy.bots import CharacterBot, ThresholdBot, equilibrium_bot

    def evening(seed):
        table = Session(["Eq", "Cau", "Rec", "Pot"], rng=random.Random(seed))
        bots = [
            equilibrium_bot("Eq"),
            CharacterBot("Cau", "cautious", random.Random(seed)),
            CharacterBot("Rec", "reckless", random.Random(seed + 1)),
            CharacterBot("Pot", "pot-sensitive", random.Random(seed + 2)),
        ]
        ins = []
        for _ in range(200):
            table.deal_random()
            chosen = [b.player for b in bots if b.declares_in(table)]
            table.declare_all(chosen)
            table.settle()
            ins.append(chosen)
        return table, ins

    table, ins = evening(3)
    assert table.conservation_gap() == 0
    assert evening(3)[1] == ins  # seeded: the same evening again
    counts = {p: sum(p in chosen for chosen in ins) for p in table.players}
    assert counts["Rec"] > counts["Cau"]  # a reckless bot goes in more often than a cautious one
    assert ThresholdBot("Eq", J7).threshold == equilibrium_bot("Eq").threshold
    assert equilibrium_bot("Eq", players=6).threshold == equilibrium(players=6).threshold
