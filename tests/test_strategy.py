"""Heads-up threshold strategies: exact gains, best replies and the symmetric equilibrium."""

import io
import json
from fractions import Fraction

from guts_teach.cli import main
from guts_teach.hands import ALL_STRENGTHS, all_hands, hand
from guts_teach.strategy import Threshold, best_reply, equilibrium, gain, value

J7 = Threshold(hand("Jc 7d").strength)


def gain_by_every_hand(held, rival):
    """The same gain, counted the long way over every rival hand and the four cases."""
    mine = hand(held)
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


def test_gain_agrees_with_the_long_count():
    for held in ("Qs Qh", "Jc 7d", "Jc 6d", "3c 2d", "As Kd"):
        for rival in (J7, Threshold(ALL_STRENGTHS[0]), Threshold(ALL_STRENGTHS[-1])):
            assert gain(held, rival) == gain_by_every_hand(held, rival)


def test_best_reply_is_the_threshold_of_greatest_value():
    for rival in (J7, Threshold(ALL_STRENGTHS[10]), Threshold(ALL_STRENGTHS[80])):
        reply = best_reply(rival)
        assert all(value(reply, rival) >= value(Threshold(s), rival) for s in ALL_STRENGTHS)


def test_card_removal_makes_the_gain_dip_in_places():
    # Holding A-K rather than 2-2 removes an ace and a king from the rival's hands.
    rival = Threshold(ALL_STRENGTHS[80])
    assert gain("2c 2d", rival) < gain("As Kd", rival)


def test_the_heads_up_equilibrium_is_jack_seven():
    assert best_reply(J7) == J7
    assert equilibrium().threshold == J7
    assert equilibrium(Threshold(ALL_STRENGTHS[-1])).threshold == J7
    assert gain("Jc 7d", J7) > 0 > gain("Jc 6d", J7)


def test_strategy_command():
    out = io.StringIO()
    assert main(["strategy", "--json"], out=out) == 0
    data = json.loads(out.getvalue())
    assert data["threshold"] == "J-7" and data["best_reply_path"][-1] == "J-7"
    assert main(["strategy", "--players", "4"], out=io.StringIO()) == 2


def test_guts_bots_play_a_seeded_session():
    import random

    from guts_teach import Session
    from guts_teach.bots import CharacterBot, ThresholdBot, equilibrium_bot

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
