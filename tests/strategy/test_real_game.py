"""The real game with its cap, heads-up: checked through Session and against the one-deal model.

Session plays whole evenings with the cap and the reserve (R2-R7) under both profiles: the pot
before every deal is two antes and the reserve empty, whatever is declared; the money per deal
of a threshold pair agrees with the exact figure within the noise; and the exact money
differences between thresholds are twice the one-deal values the threshold module computes
by its own counting engine, so the best replies and the equilibrium are the same.
"""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction

import pytest

from guts_teach.cli.commands import main
from guts_teach.game.cards.hands import ALL_STRENGTHS, hand_class
from guts_teach.game.play.session import Session
from guts_teach.game.rules import classic, teaching
from guts_teach.strategy.equilibria.real_game import (
    deviation_gain,
    money_per_deal,
    one_deal_share,
    reachable_states,
    real_best_reply,
    real_equilibrium,
    states_up_to,
    symmetric_gap,
)
from guts_teach.strategy.equilibria.thresholds import Threshold, best_reply, gain, value

SEATS = ["Ann", "Bo"]


def _at(name: str) -> Threshold:
    return Threshold(hand_class(name))


@pytest.mark.parametrize("rules", [teaching(), classic()], ids=["teaching", "classic"])
def test_the_heads_up_state_never_moves_through_session(rules: object) -> None:
    assert reachable_states(rules) == {(Fraction(2), Fraction(0))}  # type: ignore[arg-type]
    rng = random.Random(3)
    table = Session(SEATS, rules=rules, rng=rng)  # type: ignore[arg-type]
    for _ in range(400):
        table.deal_random()
        assert (table.pot, table.reserve) == (Fraction(2), Fraction(0))
        table.declare_all([p for p in SEATS if rng.random() < 0.5])
        table.settle()


@pytest.mark.slow  # numerics of a few seconds: the slow tier, which CI runs
def test_money_per_deal_agrees_with_session() -> None:
    """J-7 against a rival in with pairs only, 20,000 deals of one evening with the cap,
    settled by Session."""
    mine, theirs = _at("J-7"), _at("2-2")
    rng = random.Random(8)
    table = Session(SEATS, rules=teaching(), rng=rng)
    flows = []
    for _ in range(20_000):
        before = table.net["Ann"]
        hands = table.deal_random()
        table.declare_all(
            [p for p, t in zip(SEATS, (mine, theirs), strict=True) if t.goes_in(hands[p])]
        )
        table.settle()
        flows.append(float(table.net["Ann"] - before))  # the ante of the deal included
    mean = sum(flows) / len(flows)
    error = math.sqrt(sum((f - mean) ** 2 for f in flows) / len(flows) / len(flows))
    exact = money_per_deal(mine, theirs)
    assert abs(mean - float(exact)) < 4 * error
    assert mean - 4 * error > 0  # J-7 takes money from a rival this tight


@pytest.mark.parametrize(
    ("mine", "theirs"),
    # 10-2 against J-7 plays the longest (a second): slow numerics, in the slow tier
    [pytest.param("10-2", "J-7", marks=pytest.mark.slow), ("3-2", "3-2"), ("A-K", "9-4")],
)
def test_money_is_the_one_deal_share_less_one_ante(mine: str, theirs: str) -> None:
    a, b = _at(mine), _at(theirs)
    assert money_per_deal(a, b) == 2 * one_deal_share(a, b) - 1
    top = _at("A-A")  # differences of money are twice the threshold module's values
    assert money_per_deal(a, b) - money_per_deal(top, b) == 2 * (
        value(a, b, players=2) - value(top, b, players=2)
    )


@pytest.mark.slow
def test_best_replies_and_the_equilibrium_are_the_one_deal_models() -> None:
    for others in ALL_STRENGTHS[::15]:
        assert real_best_reply(Threshold(others)) == best_reply(Threshold(others), players=2)
    assert real_equilibrium() == _at("J-7") == real_equilibrium(classic())


@pytest.mark.slow
def test_cli_real_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strategy", "--real", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["equilibrium"] == "J-7" and data["best_reply_path"][-2:] == ["J-7", "J-7"]
    assert data["states"]["classic"] == [{"pot": "2", "reserve": "0"}]
    assert data["method"].startswith("exact")
    assert Fraction(data["money_per_deal_against_always_in"]) == money_per_deal(
        _at("J-7"), _at("3-2")
    )
    assert main(["strategy", "--real", "--players", "3", "--json"]) == 0
    three = json.loads(capsys.readouterr().out)
    assert three["equilibrium"] == "K-4" and three["markov_perfect"] is True
    assert three["states_checked"]["teaching"] > 10 and three[
        "best_replies_to_other_play"
    ].startswith("--real --against")
    assert main(["strategy", "--real", "--players", "11"]) == 2
    assert "2 to 10 players; got 11" in capsys.readouterr().err


@pytest.mark.slow  # slow numerics: some two seconds a profile
@pytest.mark.parametrize(
    ("rules", "bound"),
    [(teaching(), Fraction(60)), (classic(), Fraction(300))],
    ids=["teaching", "classic"],
)
def test_three_players_a_third_of_the_table_is_each_ones_value_and_k4_holds(
    rules: object, bound: Fraction
) -> None:
    """Three players, every state up to the reserve bound: with everyone at K-4 a third of
    the table is each player's relative value, and a deviation in one deal is worth the
    pot times the one-deal gain (counted by the threshold module), so K-4 is Markov-perfect."""
    k4 = _at("K-4")
    states = states_up_to(bound, rules)  # type: ignore[arg-type]
    assert any(reserve > 0 for _, reserve in states)  # the cap binds in some
    held = [ALL_STRENGTHS[i] for i in range(0, len(ALL_STRENGTHS), 9)]
    held += [hand_class("K-3"), hand_class("K-4")]
    for pot, reserve in states:
        assert symmetric_gap(pot, reserve, k4, rules) == 0  # type: ignore[arg-type]
        for h in held:
            worth = deviation_gain(pot, reserve, h, k4, rules)  # type: ignore[arg-type]
            assert worth == pot * gain(h, k4, players=3)
            assert (worth > 0) == (h.value >= k4.strength.value)


def test_three_player_states_match_session() -> None:
    """Every pot and reserve Session reaches in 3,000 randomly declared deals is one that
    states_up_to follows (its bound set above what the evening reached)."""
    rng = random.Random(4)
    seats = ["Ann", "Bo", "Cy"]
    table = Session(seats, rules=teaching(), rng=rng)
    seen = set()
    for _ in range(3_000):
        table.deal_random()
        seen.add((table.pot, table.reserve))
        table.declare_all([p for p in seats if rng.random() < 0.6])
        table.settle()
    assert seen <= states_up_to(max(r for _, r in seen), teaching())
    assert len(seen) > 5
