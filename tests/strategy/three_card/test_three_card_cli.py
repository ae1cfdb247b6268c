"""``guts-teach strategy --three-card``: the three-card equilibrium under each hand order.

The share of hands that go in is counted here from the deck through the rules core's
ranking, not from the equilibrium module's sorted hands."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations

import pytest

from guts_teach.cli.commands import main
from guts_teach.game.cards.deck import FULL_DECK
from guts_teach.game.rules import Rules

ORDERS = [
    [],
    ["--straight-flush-over-trips"],
    ["--flush-over-straight"],
    ["--straight-flush-over-trips", "--flush-over-straight"],
]


def _at_or_above(short: str, rules: Rules) -> int:
    ranking = rules.ranking()
    strengths = [ranking.strength(cards) for cards in combinations(FULL_DECK, 3)]
    # the plain high-card hand of that name: a flush of the same ranks is named alike
    edge = min(s.value for s in strengths if str(s) == short)
    return sum(s.value >= edge for s in strengths)


@pytest.mark.slow
def test_three_card_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strategy", "--three-card"]) == 0
    out = capsys.readouterr().out
    assert "three of a kind over straight flush, straight over flush" in out
    assert "in with K-9-8 (king-nine-eight) or better: 11,120 of the 22,100 hands" in out
    assert "K-9-8 is its own best reply" in out


@pytest.mark.slow
@pytest.mark.parametrize("order", ORDERS, ids=lambda o: "+".join(o) or "plain")
def test_three_card_json_under_each_order(
    capsys: pytest.CaptureFixture[str], order: list[str]
) -> None:
    assert main(["strategy", "--three-card", "--json", *order]) == 0
    data = json.loads(capsys.readouterr().out)
    rules = Rules(
        hand_size=3,
        straight_flush_over_trips="--straight-flush-over-trips" in order,
        flush_over_straight="--flush-over-straight" in order,
    )
    assert data["straight_flush_over_trips"] == rules.straight_flush_over_trips
    assert data["flush_over_straight"] == rules.flush_over_straight
    assert data["threshold"] == "K-9-8" and data["best_replies"][-2:] == ["K-9-8", "K-9-8"]
    going = _at_or_above("K-9-8", rules)
    assert data["hands_in"] == going == 11_120
    assert Fraction(data["in_chance"]) == Fraction(going, 22_100)
    assert data["method"].startswith("exact")
