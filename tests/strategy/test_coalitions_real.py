"""A coalition's plan valued in the real game (pot, reserve and cap carried on, R2-R7):
the lone player's long run, counted exactly and played out through the rules core's Session."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from guts_teach.cli.commands import main
from guts_teach.game.cards.hands import ALL_STRENGTHS, hand_class
from guts_teach.game.rules import classic, teaching
from guts_teach.strategy.counting.class_deals import triple_table
from guts_teach.strategy.equilibria.coalitions_real import (
    DealsError,
    exact_lone_money,
    plan_outcomes,
    real_lone_money,
)
from guts_teach.strategy.equilibria.real_reply import check_tower
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


@pytest.mark.slow  # 40,000 deals through Session; the fast tier counts the same long run exactly
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
    """Plain Guts at three: counted exactly (the fractions of the tests below)."""
    args = ["strategy", "--coalition", "--real", "--players", "3"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["coalition_plan"] == ["3-2", "A-J"]
    real = data["real_game"]
    assert real["method"].startswith("exact:") and "Session" not in real["method"]
    for name, rules in (("teaching", teaching()), ("classic", classic())):
        exact = exact_lone_money(K4, PLAN, rules=rules)
        assert Fraction(real[name]["lone_chips_a_deal"]) == exact
        assert real[name]["partners_alike_chips_a_deal"] == "0"
        assert Fraction(real[name]["plan_costs"]) == -exact
    assert {real["teaching"]["cap"], real["classic"]["cap"]} == {"20", "100"}
    assert main(args) == 0
    said = capsys.readouterr().out
    assert "teaching (cap 20): the lone player -0.0549422 chips a deal, against exactly 0" in said
    assert "the plan costs it 0.0549422" in said and "classic (cap 100)" in said


def test_with_the_weenie_rule_the_long_run_is_played_out_and_said_so() -> None:
    """No count is at hand with the weenie rule: the report plays the plan through Session
    (the plan given here, not searched, to keep the fast tier fast)."""
    from guts_teach.strategy.reports.coalitions_real import real_coalition

    real = real_coalition(K4, PLAN, True, "each_pays", 400, 1)
    assert real["method"].startswith("simulated:") and "400 deals" in real["method"]
    assert {"lone_error", "partners_alike_error"} <= set(real["teaching"])
    with pytest.raises(DealsError, match="needs from 200"):
        real_coalition(K4, PLAN, True, "each_pays", 12, 1)


@pytest.mark.slow  # slow numerics: every deal of a plan counted, a second or more
def test_a_plans_showdowns_are_every_deal_counted_once() -> None:
    """:func:`plan_outcomes` at three players against a plain loop over the class-triple
    counts: the same weight on every showdown."""
    edges = [ALL_STRENGTHS.index(s) for s in (K4.strength, *PLAN)]
    table = triple_table()
    expected: dict[tuple[int, int, bool, bool], int] = {}
    for a in range(91):
        for b in range(91):
            for c in range(91):
                ways = table[a][b][c]
                if not ways:
                    continue
                classes = (a, b, c)
                playing = [s for s in range(3) if classes[s] >= edges[s]]
                if not playing:
                    key = (0, 0, False, False)
                else:
                    top = max(classes[s] for s in playing)
                    best = [s for s in playing if classes[s] == top]
                    key = (
                        len(best),
                        len(playing) - len(best),
                        0 in best,
                        0 in playing and 0 not in best,
                    )
                expected[key] = expected.get(key, 0) + ways
    found = plan_outcomes(K4, PLAN)
    assert {k: v for k, v in found.items() if v} == {k: Fraction(v) for k, v in expected.items()}


def test_at_three_the_plan_leaves_the_lone_player_its_long_run_exactly() -> None:
    """The docs' figures, counted: -0.0549422 chips a deal with cap 20, -0.0549469 with cap
    100, and exactly 0 when the partners play K-4 as the lone player does; the tower's facts
    at four players checked through the rules core as at three."""
    assert f"{float(exact_lone_money(K4, PLAN, rules=teaching())):.7f}" == "-0.0549422"
    assert f"{float(exact_lone_money(K4, PLAN, rules=classic())):.7f}" == "-0.0549469"
    for rules in (teaching(), classic()):
        assert exact_lone_money(K4, (K4.strength, K4.strength), rules=rules) == 0
    assert check_tower(4, teaching(), heights=2) > 0


def test_the_docs_say_the_coalitions_long_runs_as_counted() -> None:
    from support.paths import REPO

    said = " ".join((REPO / "docs" / "explanation" / "strategy.md").read_text().split())
    assert "-0.0549422 chips a deal with cap 20 (-0.0549469 with cap 100)" in said
    assert "leave the A-2 player -0.1610835 (-0.1611023 with cap 100)" in said
    assert "it earns exactly 0 in each case" in said
    assert "about 0.15" not in said


@pytest.mark.slow
def test_at_four_the_plan_leaves_the_lone_player_its_long_run_exactly() -> None:
    """Slow tier (91^3 class triples and the last seat by ranges, twice: some 30 s): the
    docs' four-player figures."""
    a2 = hand_class("A-2")
    plan = (hand_class("3-2"), hand_class("2-2"), hand_class("2-2"))
    lone = Threshold(a2)
    assert f"{float(exact_lone_money(lone, plan, rules=teaching())):.7f}" == "-0.1610835"
    assert f"{float(exact_lone_money(lone, plan, rules=classic())):.7f}" == "-0.1611023"
    for rules in (teaching(), classic()):
        assert exact_lone_money(lone, (a2, a2, a2), rules=rules) == 0
