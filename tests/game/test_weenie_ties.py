"""RULINGS V7's option on ties for the best hand when nobody is in: each tied player pays the
pot (``weenie_ties="each_pays"``, the default) or they share one payment equally
(``"share_one"``). Settled by the rules core, counted exactly by the strategy lab, and
checked against every 3-player deal and against simulation through the rules core."""

import random
from fractions import Fraction

import pytest
from support.oracle import at, gain_by_every_deal, mixed_gain_by_every_deal

from guts_teach import Rules, Session
from guts_teach.game.cards.hands import ALL_STRENGTHS, hand
from guts_teach.game.errors import RulesError
from guts_teach.game.rules import teaching
from guts_teach.ledgers.ledger import dumps, ledger_of
from guts_teach.ledgers.ledger_file import loads
from guts_teach.strategy.equilibria.mixed import (
    MixedThreshold,
    mixed_equilibrium,
    mixed_gain,
    threshold_values,
)
from guts_teach.strategy.equilibria.thresholds import NoEquilibriumError, equilibrium, gain
from guts_teach.strategy.sampling import sampled_gain

TOLERANCE = Fraction(1, 10**9)
TIED = {"A": "Ks Qd", "B": "Kh Qc", "C": "7s 2d"}


def weenie_table(ties):
    return Session(
        ["A", "B", "C"], rules=teaching().replace(weenie_rule=True, weenie_ties=ties), pot=6
    )


def test_V7_option_by_default_each_tied_holder_of_the_best_hand_pays_the_pot():
    table = weenie_table("each_pays")
    record = table.play([], hands=TIED)
    assert record.payments == {"A": 6, "B": 6}
    assert table.pot == 18
    assert (
        "A and B, holding the best hand, each pay the pot of 6 into it" in record.steps()[-2].text
    )


def test_V7_option_share_one_the_tied_holders_share_one_payment_equally():
    table = weenie_table("share_one")
    record = table.play([], hands=TIED)
    assert record.payments == {"A": 3, "B": 3}
    assert table.pot == 12 and table.conservation_gap() == 0
    assert record.steps()[-2].text == (
        "Nobody is in, so by the weenie rule (V7) A and B, holding the best hand, share one "
        "payment of the pot of 6, 3 each, into it; the pot is 12."
    )
    alone = weenie_table("share_one").play([], hands={**TIED, "B": "7h 3c"})
    assert alone.payments == {"A": 6}  # a lone best hand pays the whole pot either way


def test_V7_option_is_named_and_checked_and_kept_in_ledgers():
    with pytest.raises(RulesError, match="weenie_ties must be one of each_pays, share_one"):
        Rules(weenie_rule=True, weenie_ties="halves")
    with pytest.raises(RulesError, match="an option of the weenie rule"):
        Rules(weenie_ties="share_one")  # a field the rules would not use (R5a's spirit)
    table = weenie_table("share_one")
    table.play([], hands=TIED)
    again = loads(dumps(ledger_of(table)))
    assert again.rules.weenie_ties == "share_one"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("held", "others", "differs"),
    [
        ("9c 8d", "Qs 5h", True),  # below the threshold: out, you may tie for the weenie
        ("Kc Qd", "As 2h", True),
        ("Ac 3d", "Qs 5h", False),  # at or above a pure threshold nobody level is ever out,
        ("Qc 5d", "Qs 5h", False),  # so there is no tie to share
    ],
)
def test_V7_share_one_gain_agrees_with_every_three_player_deal(held, others, differs):
    exact = gain(held, at(others), players=3, weenie=True, weenie_ties="share_one")
    assert exact == gain_by_every_deal(held, at(others), "share_one")
    assert (exact != gain(held, at(others), players=3, weenie=True)) == differs


@pytest.mark.slow
@pytest.mark.parametrize("held", ["Qc 4d", "Kc 2d", "9c 8d"])
def test_V7_share_one_mixed_gain_agrees_with_every_deal_and_coin(held):
    others = MixedThreshold(hand("Qs 4h").strength, Fraction(2, 3))
    exact = mixed_gain(hand(held).strength, others, players=3, weenie=True, weenie_ties="share_one")
    assert exact == mixed_gain_by_every_deal(held, others, "share_one")


@pytest.mark.parametrize(
    ("held", "others", "players"), [("9s 8d", "As 2h", 4), ("Ks Qd", "Ks 4h", 4)]
)
def test_V7_share_one_gain_agrees_with_simulation_through_the_rules_core(held, others, players):
    rules = teaching().replace(weenie_rule=True, weenie_ties="share_one")
    estimate = sampled_gain(
        held, at(others), players=players, rules=rules, rng=random.Random(11), samples=6000
    )
    exact = gain(held, at(others), players=players, weenie=True, weenie_ties="share_one")
    assert estimate.agrees(float(exact)), (estimate, float(exact))


def test_V7_share_one_gives_pure_equilibria_at_four_and_eight_players():
    four = equilibrium(players=4, weenie=True, weenie_ties="share_one")
    eight = equilibrium(players=8, weenie=True, weenie_ties="share_one")
    assert str(four.threshold.strength) == "K-4" and str(eight.threshold.strength) == "A-6"
    with pytest.raises(NoEquilibriumError):  # each paying: no pure equilibrium there
        equilibrium(players=4, weenie=True)


@pytest.mark.parametrize("players", [3, 5])
def test_V7_share_one_mixed_equilibria_are_best_replies_and_differ(players):
    shared = mixed_equilibrium(players=players, weenie=True, weenie_ties="share_one")
    each = mixed_equilibrium(players=players, weenie=True)
    assert shared.edge == each.edge and shared.mix != each.mix
    values = threshold_values(shared.others, players=players, weenie=True, weenie_ties="share_one")
    best = max(values.values())
    tied = [s for s, v in values.items() if best - v < TOLERANCE]
    index = ALL_STRENGTHS.index(shared.edge)
    assert tied == [shared.edge, ALL_STRENGTHS[index + 1]]


def test_V7_share_one_in_the_strategy_command():
    import io
    import json

    from guts_teach.cli.commands import main

    out = io.StringIO()
    assert (
        main(
            ["strategy", "--players", "4", "--weenie", "--weenie-ties", "share_one", "--json"],
            out=out,
        )
        == 0
    )
    data = json.loads(out.getvalue())
    assert data["threshold"] == "K-4" and data["weenie_ties"] == "share_one"
    out = io.StringIO()
    main(["strategy", "--players", "4", "--weenie"], out=out)
    assert "Mixed equilibrium at 4 players" in out.getvalue()
