"""The repeated game: one-deal money alpha, carry-over multiple beta and the
repeated value alpha / (1 - beta), checked against every heads-up deal and against simulation
through the rules core; best replies under the one-deal rule and the repeated game."""

import random
from fractions import Fraction

import pytest

from guts_teach import Rules, Session
from guts_teach.game.cards.deck import Deck
from guts_teach.game.cards.hands import ALL_STRENGTHS, all_hands, hand
from guts_teach.strategy.equilibria.repeated import best_reply_repeated, profile, reply_path
from guts_teach.strategy.equilibria.thresholds import Threshold, best_reply, equilibrium

ANYTHING = Threshold(ALL_STRENGTHS[0])


def at(text):
    return Threshold(hand(text).strength)


def heads_up_by_every_deal(deviation, others):
    """alpha and beta over every ordered pair of disjoint hands, settled as R3-R5 say."""
    hands = list(all_hands())
    money = carry = Fraction(0)
    count = 0
    for mine in hands:
        for rival in hands:
            if mine.bits & rival.bits:
                continue
            count += 1
            me_in, rival_in = deviation.goes_in(mine), others.goes_in(rival)
            if not me_in and not rival_in:
                carry += 1  # the pot stays (R3)
            elif me_in != rival_in:
                money += 1 if me_in else 0  # a lone player takes the pot (R4)
            elif mine.strength.value == rival.strength.value:
                money += Fraction(1, 2)  # tied: shared, nobody pays (R5)
            elif mine.strength.value > rival.strength.value:
                money, carry = money + 1, carry + 1  # the rival pays the pot: the next pot
            else:
                money, carry = money - 1, carry + 1
    return money / count, carry / count


@pytest.mark.slow
@pytest.mark.parametrize(
    ("deviation", "others"),
    [("Jc 7d", "Jc 7d"), ("9c 2d", None), ("5c 4d", None), ("Qc 3d", "Jc 7d"), ("2c 2d", "Ac Kd")],
)
def test_alpha_and_beta_agree_with_every_heads_up_deal(deviation, others):
    mine = at(deviation)
    theirs = ANYTHING if others is None else at(others)
    found = profile(mine, theirs, players=2)
    assert (found.alpha, found.beta) == heads_up_by_every_deal(mine, theirs)


@pytest.mark.slow  # slow numerics: a simulation through the core, a second
def test_alpha_and_beta_agree_with_simulation_through_the_rules_core():
    """Three players, the deviator at K-4 against two at A-2: seeded deals settled by the
    package's own session, the money and the next pot read off each deal's record."""
    deviation, others, players = at("Kc 4d"), at("Ac 2d"), 3
    rng = random.Random(18)
    names = ["You", "B", "C"]
    money, carry = [], []
    for _ in range(20_000):
        table = Session(names, rules=Rules(cap=None), pot=1)
        dealt = Deck(rng).deal(players, 2)
        hands = {p: hand(cards) for p, cards in zip(names, dealt, strict=True)}
        ins = [p for p in names if (deviation if p == "You" else others).goes_in(hands[p])]
        record = table.play(ins, hands=hands)
        s = record.settlement
        money.append(float(record.shares.get("You", 0) - record.payments.get("You", 0)))
        carry.append(float(s.collected if record.winners else s.stake + s.collected))
    exact = profile(deviation, others, players=players)
    for sample, value in ((money, exact.alpha), (carry, exact.beta)):
        mean = sum(sample) / len(sample)
        spread = (sum((x - mean) ** 2 for x in sample) / (len(sample) - 1)) ** 0.5
        assert abs(mean - float(value)) < 4 * spread / len(sample) ** 0.5, (mean, float(value))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_when_everyone_plays_alike_each_player_expects_one_nth_of_the_pot(players):
    edge = equilibrium(players=players).threshold
    found = profile(edge, edge, players=players)
    assert found.alpha == (1 - found.beta) / players  # the pot in, the carry-over out
    assert found.repeated_value == found.one_deal_value == Fraction(1, players)


def test_the_stakes_shrink_at_every_equilibrium_but_not_when_everyone_is_always_in():
    betas = [
        profile(e, e, players=n).beta
        for n in range(2, 11)
        for e in [equilibrium(players=n).threshold]
    ]
    assert all(b < 1 for b in betas)
    assert round(float(betas[0]), 2) == 0.48  # heads-up at J-7
    for players in (3, 4, 10):
        always = profile(ANYTHING, ANYTHING, players=players)
        assert not always.shrinks and always.repeated_value is None
        assert players - 1 - Fraction(1, 10) < always.beta < players - 1  # ties pay nothing


def test_heads_up_best_replies_differ_under_the_two_rules_then_agree():
    """From "in with anything": 9-2 against 5-4, then 10-6 against 10-5, and agree from there."""
    steps = []
    others = ANYTHING
    for _ in range(3):
        steps.append((str(best_reply(others).strength), str(best_reply_repeated(others).strength)))
        others = best_reply(others)
    assert steps == [("9-2", "5-4"), ("10-6", "10-5"), ("J-2", "J-2")]
    one_deal = reply_path(ANYTHING, repeated=False)
    repeated = reply_path(ANYTHING, repeated=True)
    assert one_deal[-1] == repeated[-1] == at("Jc 7d")


def test_the_strategy_command_shows_the_repeated_game():
    import io
    import json

    from guts_teach.cli.commands import main

    out = io.StringIO()
    assert main(["strategy", "--repeated", "--json"], out=out) == 0
    data = json.loads(out.getvalue())
    assert data["equilibrium"] == "J-7" and data["repeated_value"] == "1/2"
    assert [(s["one_deal_reply"], s["repeated_reply"]) for s in data["replies"][:2]] == [
        ("9-2", "5-4"),
        ("10-6", "10-5"),
    ]
    assert Fraction(data["beta"]) == profile(at("Jc 7d"), at("Jc 7d")).beta
    out = io.StringIO()
    main(["strategy", "--repeated", "--players", "3"], out=out)
    assert "stakes do not shrink: beta >= 1" in out.getvalue()
