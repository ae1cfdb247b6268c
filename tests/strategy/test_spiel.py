"""Guts as an OpenSpiel game, checked against the rules core and against the lab.

The game's deals and returns come from its own reading of the rules, so playouts through
OpenSpiel and through ``Session`` (the rules core, card by card) check each other: the same
deal, the same declarations, the same share of the pot for every seat. Its chance of dealing
each class is checked against the 1,326 hands counted from the deck. Then OpenSpiel checks the
lab: the package's heads-up equilibria are best replies to themselves (NashConv zero), at
the exact values the lab states, and OpenSpiel's own CFR+ finds the same play. A bot's
NashConv is checked against a best reply counted here from the deal counts.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from types import ModuleType

import pytest
from support.spiel import spiel_module

from guts_teach.game.cards.deck import FULL_DECK
from guts_teach.game.cards.hands import ALL_STRENGTHS, hand, hand_class
from guts_teach.game.play.session import Session
from guts_teach.game.rules import Rules
from guts_teach.strategy.counting.class_deals import pair_table

IN_TURN_SHARE = Fraction(1077164, 2436525)


@pytest.fixture(scope="module")
def spiel() -> ModuleType:
    return spiel_module()


def _index(name: str) -> int:
    return ALL_STRENGTHS.index(hand_class(name))


def test_class_chances_are_the_hands_left_in_the_deck(spiel: ModuleType) -> None:
    held = [hand("As Ad"), hand("Kc 7d")]
    gone = {c for h in held for c in h.cards}
    left = [c for c in FULL_DECK if c not in gone]
    counted: dict[int, int] = {}
    for cards in combinations(left, 2):
        index = ALL_STRENGTHS.index(hand(list(cards)).strength)
        counted[index] = counted.get(index, 0) + 1
    total = len(left) * (len(left) - 1) // 2
    found = dict(spiel.game.class_chances([_index("A-A"), _index("K-7")]))
    assert found == {i: Fraction(n, total) for i, n in counted.items()}
    assert found[_index("A-A")] == Fraction(1, total)


def _session_shares(rules: Rules, players: int, ins: list[bool], seed: int):
    """Deal through the rules core and declare; each seat's share of the pot under the lab's
    one-deal rule, read from the money: what it took less what it paid (its net change
    plus the ante it paid), plus 1/n of the pot left for the next deal, over the pot."""
    names = [f"P{i}" for i in range(players)]
    session = Session(names, rules=rules, rng=random.Random(seed), dealer=names[-1])
    dealt = session.deal_random()
    chosen = [n for n, is_in in zip(names, ins, strict=True) if is_in]
    session.declare_all(chosen)
    record = session.settle()
    pot = record.pot_before
    net = session.net
    shares = [(net[n] + rules.ante + session.pot / players) / pot for n in names]
    classes = [ALL_STRENGTHS.index(dealt[n].strength) for n in names]
    return classes, shares


OPTIONS = [
    {"in_turn": False, "weenie": False, "weenie_ties": "each_pays"},
    {"in_turn": True, "weenie": False, "weenie_ties": "each_pays"},
    {"in_turn": False, "weenie": True, "weenie_ties": "each_pays"},
    {"in_turn": False, "weenie": True, "weenie_ties": "share_one"},
    {"in_turn": True, "weenie": True, "weenie_ties": "share_one"},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_playouts_agree_with_the_rules_core(spiel: ModuleType, options: dict) -> None:
    rng = random.Random(27)
    for deal in range(120):
        players = rng.randint(2, 5)
        rules = Rules(
            cap=None,
            declaration="in_turn" if options["in_turn"] else "simultaneous",
            weenie_rule=options["weenie"],
            weenie_ties=options["weenie_ties"] if options["weenie"] else "each_pays",
        )
        # nobody in is common enough to test the weenie rule and the dealer's taking
        ins = [rng.random() < 0.3 for _ in range(players)]
        classes, expected = _session_shares(rules, players, ins, seed=deal)
        state = spiel.game.load(players=players, **options).new_initial_state()
        for index in classes:
            assert state.is_chance_node()
            assert index in dict(state.chance_outcomes())
            state.apply_action(index)
        for is_in in ins:
            if state.is_terminal():
                break
            state.apply_action(spiel.game.IN if is_in else spiel.game.OUT)
        assert state.is_terminal()
        assert list(state.exact_shares()) == expected, (options, classes, ins)
        returns = state.returns()
        assert returns == pytest.approx([float(s) - 1 / players for s in expected])
        assert sum(returns) == pytest.approx(0)


def test_information_states_hide_the_others_cards(spiel: ModuleType) -> None:
    state = spiel.game.load(players=3, in_turn=True).new_initial_state()
    for name in ("J-7", "A-A", "3-2"):
        state.apply_action(_index(name))
    state.apply_action(spiel.game.IN)
    assert state.information_state_string() == "seat 1 holds A-A heard i"
    at_once = spiel.game.load(players=3).new_initial_state()
    for name in ("J-7", "A-A", "3-2"):
        at_once.apply_action(_index(name))
    at_once.apply_action(spiel.game.IN)
    assert at_once.information_state_string() == "seat 1 holds A-A"


def test_bad_options_are_named(spiel: ModuleType) -> None:
    with pytest.raises(ValueError, match="players must be 2 to 10; got 11"):
        spiel.game.load(players=11)
    with pytest.raises(ValueError, match=r"weenie_ties must be one of .*got 'halves'"):
        spiel.game.load(weenie_ties="halves")


@pytest.mark.slow
def test_in_turn_equilibrium_is_one_for_openspiel(spiel: ModuleType) -> None:
    check = spiel.heads_up.check_heads_up(in_turn=True, iterations=300)
    assert check.exact_share == IN_TURN_SHARE
    assert check.spiel_share == pytest.approx(float(IN_TURN_SHARE), abs=1e-12)
    assert abs(check.equilibrium_nash_conv) < 1e-12
    # CFR+ is within its own NashConv of the exact value, and plays the dealer's calls
    cfr = check.cfr
    assert cfr.nash_conv < 1e-4
    assert abs(cfr.values[0] - float(IN_TURN_SHARE)) <= cfr.nash_conv
    calls = {s: cfr.chances[f"seat 1 holds {s} heard i"] for s in ALL_STRENGTHS}
    assert all(p > 0.95 for s, p in calls.items() if s.value > hand_class("10-3").value)
    assert all(p < 0.02 for s, p in calls.items() if s.value < hand_class("10-2").value)
    assert calls[hand_class("10-2")] == pytest.approx(1 / 24, abs=0.02)


@pytest.mark.slow
def test_j7_is_the_equilibrium_for_openspiel(spiel: ModuleType) -> None:
    check = spiel.heads_up.check_heads_up(in_turn=False, iterations=300)
    assert check.equilibrium == "in with J-7 or better"
    assert check.equilibrium_nash_conv == pytest.approx(0, abs=1e-12)
    assert check.spiel_share == pytest.approx(0.5, abs=1e-12)
    cfr = check.cfr
    assert cfr.nash_conv < 1e-4
    for seat in (0, 1):
        chances = {s: cfr.chances[f"seat {seat} holds {s}"] for s in ALL_STRENGTHS}
        assert all(p > 0.95 for s, p in chances.items() if s.value >= hand_class("J-7").value)
        assert all(p < 0.05 for s, p in chances.items() if s.value < hand_class("J-6").value)


def _best_reply_gain(chooser: Callable[[int, int, tuple[bool, ...]], float], seat: int) -> float:
    """What a best reply gains (in pots) against ``chooser`` in the other seat, heads-up at
    once, over what ``chooser`` gets against itself: counted here from the deal counts and the
    shares of the lab's heads-up one-deal rule (in alone 1, both out 1/2, called and winning
    3/2, tying 1/2, losing -1/2, out against in 0)."""
    table = pair_table()
    total = sum(map(sum, table))
    other = [chooser(1 - seat, j, ()) for j in range(len(ALL_STRENGTHS))]

    def share(i: int, j: int, me: float, them: float) -> float:
        called = 1.5 if i > j else 0.5 if i == j else -0.5
        both_out, alone = 0.5, 1.0
        return me * them * called + me * (1 - them) * alone + (1 - me) * (1 - them) * both_out

    best = mine = 0.0
    for i, row in enumerate(table):
        gains_in = sum(w * share(i, j, 1.0, other[j]) for j, w in enumerate(row))
        gains_out = sum(w * share(i, j, 0.0, other[j]) for j, w in enumerate(row))
        p = chooser(seat, i, ())
        best += max(gains_in, gains_out)
        mine += p * gains_in + (1 - p) * gains_out
    return (best - mine) / total


@pytest.mark.slow
def test_a_bots_nash_conv_is_what_a_best_reply_gains(spiel: ModuleType) -> None:
    game = spiel.game.load(players=2)
    chooser = spiel.game.character_chooser("cautious", players=2)
    expected = _best_reply_gain(chooser, 0) + _best_reply_gain(chooser, 1)
    assert spiel.heads_up.nash_conv(game, chooser) == pytest.approx(expected, abs=1e-9)
    assert expected > 0.1  # a cautious bot folds too much: 0.110 of the pot


@pytest.mark.parametrize("character", ["cautious", "reckless", "pot-sensitive"])
def test_character_chooser_is_the_bot(spiel: ModuleType, character: str) -> None:
    from guts_teach.strategy.bots import CharacterBot

    chooser = spiel.game.character_chooser(character, players=2)
    for cards in ("Qc 9d", "Kc 4d", "Ac 2d", "9c 9d", "Jc 7d"):
        session = Session(["You", "Bo"], rng=random.Random(0))
        session.start_deal({"You": "2c 3d", "Bo": cards})
        bot = CharacterBot("Bo", character, random.Random(5))
        seen = sum(bot.declares_in(session) for _ in range(4000)) / 4000
        expected = chooser(1, ALL_STRENGTHS.index(hand(cards).strength), ())
        assert seen == pytest.approx(expected, abs=0.03), cards


@pytest.mark.slow
def test_cli_spiel_json(spiel: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    from guts_teach.cli.commands import main

    assert main(["strategy", "--spiel", "--iterations", "50", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    at_once, in_turn = data["modes"]
    assert (at_once["declaring"], in_turn["declaring"]) == ("at once", "in turn")
    assert Fraction(in_turn["seat_0_share_exact"]) == IN_TURN_SHARE
    assert in_turn["seat_0_share_openspiel"] == pytest.approx(float(IN_TURN_SHARE), abs=1e-12)
    assert at_once["bots_nash_conv"]["equilibrium (in with J-7 or better)"] == 0
    assert at_once["cfr_plus"]["iterations"] == 50
    assert set(in_turn["bots_nash_conv"]) == {
        "in-turn equilibrium (InTurnBot)",
        "cautious",
        "reckless",
        "pot-sensitive",
    }


def test_cli_spiel_refuses_other_tables(capsys: pytest.CaptureFixture[str]) -> None:
    from guts_teach.cli.commands import main

    assert main(["strategy", "--spiel", "--players", "11"]) == 2
    assert "--spiel checks tables of 2 to 6 players, not 11" in capsys.readouterr().err
    assert main(["strategy", "--spiel", "--iterations", "0"]) == 2
    assert "--iterations must be at least 1; got 0" in capsys.readouterr().err
