"""The real game with its cap at four players and more: in every kind of deal, at every pot
and reserve reached, going in is worth the pot times the one-deal gain, so each table size's
one-deal equilibrium is Markov-perfect in the real game. Checked by the rules core's
settlement kind by kind, and, deal by deal with real cards, through Session."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from guts_teach.cli.commands import main
from guts_teach.game.play.session import Session
from guts_teach.game.rules import classic, teaching
from guts_teach.strategy.equilibria.payoff import gain_from
from guts_teach.strategy.equilibria.real_game import states_up_to
from guts_teach.strategy.equilibria.real_game_many import Kind, chips_kept, kinds, kinds_hold
from guts_teach.strategy.equilibria.thresholds import equilibrium

PROFILES = [(teaching(), Fraction(60)), (classic(), Fraction(300))]


# Seven players and more cost a second or more each: slow numerics, in the slow tier.
@pytest.mark.parametrize(
    "players", [*range(2, 7), *(pytest.param(n, marks=pytest.mark.slow) for n in range(7, 11))]
)
@pytest.mark.parametrize(("rules", "bound"), PROFILES, ids=["teaching", "classic"])
def test_every_kind_gains_the_pot_times_its_one_deal_gain_in_every_state(
    players: int, rules: object, bound: Fraction
) -> None:
    states = states_up_to(bound, rules, players=players)  # type: ignore[arg-type]
    if players > 2:
        assert any(r > 0 for _, r in states)  # the cap binds and the reserve fills
    for pot, reserve in states:
        assert kinds_hold(pot, reserve, players=players, rules=rules) == len(list(kinds(players)))  # type: ignore[arg-type]
        assert chips_kept(pot, reserve, players=players, rules=rules)  # type: ignore[arg-type]


def kind_of(strengths: list[object], mine: object) -> Kind:
    """The kind of a deal from the hands of the others in and the deviating player's."""
    if not strengths:
        return Kind(0)
    best = max(strengths)  # type: ignore[type-var]
    top = sum(s == best for s in strengths)
    if best == mine:
        return Kind(len(strengths), level=top)
    return Kind(len(strengths), top=top, beaten=best > mine)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_each_dealt_hand_through_session_gains_the_pot_times_its_kinds_gain(
    players: int,
) -> None:
    """Random reachable states, the others at the lab's equilibrium: the same deal settled
    by Session with the player in and out differs, in money plus a 1/n share of the table,
    by exactly the pot times the one-deal gain of that deal's kind."""
    rules = teaching()
    edge = equilibrium(players=players).threshold
    states = sorted(states_up_to(Fraction(60), rules, players=players))
    seats = [f"P{i}" for i in range(players)]
    rng = random.Random(players)
    seen: set[Kind] = set()
    for _ in range(400):
        pot, reserve = rng.choice(states)
        seed = rng.randrange(2**32)
        worth = {}
        for mine_in in (True, False):
            table = Session(seats, rules=rules, rng=random.Random(seed), pot=pot, reserve=reserve)
            hands = table.deal_random()
            others = [p for p in seats[1:] if edge.goes_in(hands[p])]
            table.declare_all(([seats[0]] if mine_in else []) + others)
            table.settle()
            worth[mine_in] = table.net[seats[0]] + (table.pot + table.reserve) / players
        kind = kind_of([hands[p].strength for p in others], hands[seats[0]].strength)
        seen.add(kind)
        one_deal = gain_from(kind.chances(), players=players, above=True)
        assert worth[True] - worth[False] == pot * one_deal, (kind, pot, reserve)
    assert len(seen) >= 5  # nobody else in, best, beaten, with several others in


def test_cli_real_game_at_four_to_ten(capsys: pytest.CaptureFixture[str]) -> None:
    for players, edge in ((4, "A-2"), (6, "A-7"), (10, "A-Q")):
        assert main(["strategy", "--real", "--players", str(players), "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["players"] == players and data["equilibrium"] == edge
        assert data["markov_perfect"] is True and data["gain_is_pot_times_one_deal_gain"]
        assert data["states_checked"]["classic"] > data["states_checked"]["teaching"] > 1
        assert data["method"].startswith("exact")
    assert main(["strategy", "--real", "--players", "5"]) == 0
    words = capsys.readouterr().out
    assert "in with A-4 or better is a Markov-perfect equilibrium" in words
    assert "the one-deal advice holds" in words
