"""Coalitions against one equilibrium player, checked against the rules core.

The lab's share formula is checked against deals settled by Session for every way of being in
(with and without the weenie rule, V7, and both of its tie options); its prefix-summed values
against a plain loop over every class triple; and the best plan against random deals
declared by thresholds and settled by Session.
"""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from itertools import product

import pytest

from guts_teach.cli.commands import main
from guts_teach.game.cards.hands import ALL_STRENGTHS, hand, hand_class
from guts_teach.game.play.session import Session
from guts_teach.game.rules import Rules
from guts_teach.strategy.counting.class_deals import triple_table
from guts_teach.strategy.equilibria.coalitions import best_coalition, lone_share, simultaneous_share
from guts_teach.strategy.equilibria.mixed import MixedThreshold, equilibrium_play
from guts_teach.strategy.equilibria.thresholds import Threshold
from guts_teach.strategy.in_turn.heads_up import in_chances
from guts_teach.strategy.in_turn.three_gains import DEALS, N

POT = Fraction(12)
SEATS = ["Lone", "B", "C"]


def _rules(weenie: bool, ties: str = "each_pays") -> Rules:
    return Rules(cap=None, weenie_rule=weenie, weenie_ties=ties)  # type: ignore[arg-type]


def _settled(hands: list[str], acts: tuple[bool, ...], rules: Rules) -> list[Fraction]:
    table = Session(SEATS, rules=rules, pot=POT)
    table.start_deal(dict(zip(SEATS, hands, strict=True)))
    table.declare_all([p for p, a in zip(SEATS, acts, strict=True) if a])
    table.settle()
    carried = table.pot + table.reserve
    return [(table.net[p] + carried / 3) / POT for p in SEATS]


@pytest.mark.parametrize(
    ("weenie", "ties"), [(False, "each_pays"), (True, "each_pays"), (True, "share_one")]
)
def test_shares_match_session_for_every_way_of_being_in(weenie: bool, ties: str) -> None:
    """R3-R5 and V7 (both tie options), three players declaring at once."""
    rules = _rules(weenie, ties)
    for hands in (
        ["As Ad", "Kc Kd", "7h 2s"],
        ["Ac Kd", "Ah Ks", "Qc 3d"],
        ["Ac Kd", "Ah Ks", "As Kc"],
        ["4c 2d", "Qh Js", "Qc Jd"],
    ):
        classes = tuple(ALL_STRENGTHS.index(hand(h).strength) for h in hands)
        for acts in product((True, False), repeat=3):
            mine = [
                Fraction(
                    simultaneous_share(
                        s, acts, classes, weenie=weenie, share_one=ties == "share_one"
                    ),
                    6,
                )
                for s in range(3)
            ]
            assert mine == _settled(hands, acts, rules), (hands, acts)


def _chances(play: Threshold | MixedThreshold) -> tuple[Fraction, ...]:
    if isinstance(play, MixedThreshold):
        return in_chances(play)
    return tuple(Fraction(int(s.value >= play.strength.value)) for s in ALL_STRENGTHS)


def _plain_lone_share(plan: tuple[int, int], weenie: bool) -> Fraction:
    """The lone player's share by a loop over every class triple."""
    table = triple_table()
    chances = _chances(equilibrium_play(players=3, weenie=weenie))
    total = Fraction(0)
    for i, j, k in product(range(N), repeat=3):
        w = table[i][j][k]
        if not w:
            continue
        coalition = (j >= plan[0], k >= plan[1])
        for mine, p in ((True, chances[i]), (False, 1 - chances[i])):
            if p:
                total += w * p * simultaneous_share(0, (mine, *coalition), (i, j, k), weenie=weenie)
    return total / (6 * DEALS)


@pytest.mark.slow
def test_prefix_sums_match_a_loop_over_every_triple() -> None:
    for weenie in (False, True):
        found = best_coalition(weenie=weenie)
        plan = (ALL_STRENGTHS.index(found.plan[0]), ALL_STRENGTHS.index(found.plan[1]))
        assert found.lone_share == _plain_lone_share(plan, weenie)


@pytest.mark.slow  # numerics of a few seconds: the slow tier, which CI runs
def test_everyone_at_the_equilibrium_gets_a_third() -> None:
    k4 = ALL_STRENGTHS.index(hand_class("K-4"))
    assert lone_share((k4, k4)) == Fraction(1, 3)


def test_plain_coalition_takes_from_the_lone_player() -> None:
    """Plain Guts at three: one partner always in, the other in with A-J or better."""
    found = best_coalition()
    assert [str(s) for s in found.plan] == ["3-2", "A-J"]
    assert found.lone_share == Fraction(4018837, 12724075)
    assert found.loss == Fraction(1, 3) - found.lone_share > Fraction(1, 60)
    # It is the best of all 8,281 plans, not only of those tried here.
    for t2, t3 in [(0, 0), (45, 45), (90, 90), (0, 86), (86, 0)]:
        assert lone_share((t2, t3)) >= found.lone_share


# Each is a search over all 8,281 plans (some two seconds): slow numerics, in the slow tier.
@pytest.mark.slow
@pytest.mark.parametrize("ties", ["each_pays", "share_one"])
def test_weenie_coalition_barely_moves_the_lone_player(ties: str) -> None:
    """With the weenie rule no coalition takes more than a hundred-thousandth or so of the pot
    (the lone player stays far above 0), yet the best plan does take a little: the
    equilibrium is strict, not coalition-proof."""
    found = best_coalition(weenie=True, weenie_ties=ties)  # type: ignore[arg-type]
    assert [str(s) for s in found.plan] == ["Q-4", "Q-5"]
    assert 0 < found.loss < Fraction(2, 100_000)
    assert found.lone_share > Fraction(1, 3) - Fraction(2, 100_000) > 0


@pytest.mark.slow
def test_best_plain_plan_through_session() -> None:
    """Random deals: the lone player at K-4, partners at 3-2 and A-J, settled by Session."""
    found = best_coalition()
    rng = random.Random(11)
    edges = [hand_class("K-4"), *found.plan]
    shares = []
    for _ in range(40_000):
        table = Session(SEATS, rules=_rules(False), pot=POT, rng=rng)
        hands = table.deal_random()
        ins = [p for p, e in zip(SEATS, edges, strict=True) if hands[p].strength.value >= e.value]
        table.declare_all(ins)
        table.settle()
        shares.append(float((table.net["Lone"] + (table.pot + table.reserve) / 3) / POT))
    mean = sum(shares) / len(shares)
    error = math.sqrt(sum((x - mean) ** 2 for x in shares) / len(shares) / len(shares))
    assert abs(mean - float(found.lone_share)) < 4 * error
    assert mean + 4 * error < 1 / 3  # the loss shows through the noise


def test_cli_coalition(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strategy", "--coalition", "--players", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["coalition_plan"] == ["3-2", "A-J"]
    assert data["lone_share"] == "4018837/12724075"
    assert main(["strategy", "--coalition", "--players", "11"]) == 2
    assert "players" in capsys.readouterr().err
