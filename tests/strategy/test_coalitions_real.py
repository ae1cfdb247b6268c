"""A coalition's plan played out in the real game (pot, reserve and cap carried on, R2-R7):
the lone player's long run through the rules core's Session."""

from __future__ import annotations

import json

import pytest

from guts_teach.cli.commands import main
from guts_teach.game.cards.hands import hand_class
from guts_teach.game.rules import classic, teaching
from guts_teach.strategy.equilibria.coalitions_real import DealsError, real_lone_money
from guts_teach.strategy.equilibria.thresholds import Threshold
from guts_teach.strategy.errors import StrategyError

K4 = Threshold(hand_class("K-4"))
PLAN = (hand_class("3-2"), hand_class("A-J"))  # the exact best plan at three, plain Guts


@pytest.mark.slow
@pytest.mark.parametrize("rules", [teaching(), classic()], ids=["cap 20", "cap 100"])
def test_the_best_one_deal_plan_costs_the_lone_player_in_the_real_game_too(rules) -> None:
    """Slow tier (80,000 deals through Session, some 3.5 s): the fast tier finds the plan
    exactly (``test_coalitions.py``) and plays a long run of it through the command line."""
    with_plan = real_lone_money(K4, PLAN, rules=rules, deals=40_000, seed=5)
    alike = real_lone_money(K4, (K4.strength, K4.strength), rules=rules, deals=40_000, seed=6)
    cost = alike.mean - with_plan.mean
    assert cost > 3 * (with_plan.error**2 + alike.error**2) ** 0.5, (with_plan, alike)


@pytest.mark.slow  # 80,000 deals through Session, some 3.5 s; see the test above
def test_at_four_the_plan_found_costs_the_lone_a2_player_in_the_real_game() -> None:
    a2 = Threshold(hand_class("A-2"))
    plan = (hand_class("3-2"), hand_class("2-2"), hand_class("2-2"))
    with_plan = real_lone_money(a2, plan, rules=teaching(), deals=40_000, seed=5)
    alike = real_lone_money(a2, (a2.strength,) * 3, rules=teaching(), deals=40_000, seed=6)
    assert alike.mean - with_plan.mean > 4 * (with_plan.error**2 + alike.error**2) ** 0.5


def test_players_alike_share_the_long_run_alike() -> None:
    """Everyone at K-4: the lone seat is any seat, so it earns a third of what left the
    players (the reserve's growth), within four standard errors."""
    found = real_lone_money(K4, (K4.strength, K4.strength), rules=teaching(), deals=40_000)
    assert abs(found.mean + found.reserve_growth / 3) < 4 * found.error
    assert found.deals == 40_000 and found.error > 0


def test_the_same_seed_gives_the_same_long_run() -> None:
    first = real_lone_money(K4, PLAN, rules=teaching(), deals=2_000, seed=9)
    assert first == real_lone_money(K4, PLAN, rules=teaching(), deals=2_000, seed=9)


@pytest.mark.parametrize("deals", [0, 199, 10_000_001])
def test_a_long_run_of_too_few_or_too_many_deals_is_refused_in_words(deals) -> None:
    with pytest.raises(DealsError, match=r"needs from 200 to 10,000,000 deals; got") as caught:
        real_lone_money(K4, PLAN, rules=teaching(), deals=deals)
    assert isinstance(caught.value, StrategyError)


def test_cli_coalition_real_json_and_words(capsys) -> None:
    args = ["strategy", "--coalition", "--real", "--players", "3", "--deals", "4000"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["coalition_plan"] == ["3-2", "A-J"]
    real = data["real_game"]
    assert "Session" in real["method"] and "4,000 deals" in real["method"]
    assert {real["teaching"]["cap"], real["classic"]["cap"]} == {"20", "100"}
    assert main(args) == 0
    said = capsys.readouterr().out
    assert "in the real game" in said and "the plan costs it" in said
    assert main([*args[:-1], "12"]) == 2
    assert "needs from 200" in capsys.readouterr().err
