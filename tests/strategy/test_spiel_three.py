"""OpenSpiel beyond heads-up: the three-player tree written for OpenSpiel's C++ code, the best
replies OpenSpiel finds on it against the lab's own figures, and the sampling runs at four to
six players.

The tree is checked against the Python game step by step (chances, information states,
returns). A seat's best-reply gain, class by class, is OpenSpiel's best response in the game
that begins once the seat holds the class; the lab counts the same gains from exact class
triples (``three_gains``) or its gain formula (``thresholds.gain``): they must agree to float
precision. Kept figures (``kept.json``) are recomputed in part: some classes' gains through
OpenSpiel, the in-turn bot's gains for every class through the lab, a short sampling run
exactly, and every sampling summary from its kept strategy.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from types import ModuleType

import pytest
from support.spiel import spiel_module

from guts_teach.game.cards.hands import ALL_STRENGTHS, hand_class
from guts_teach.strategy.equilibria.thresholds import Threshold, frequency, gain

K4 = ALL_STRENGTHS.index(hand_class("K-4"))


@pytest.fixture(scope="module")
def spiel() -> ModuleType:
    module = spiel_module()
    import guts_teach.spiel.kept
    import guts_teach.spiel.sampling
    import guts_teach.spiel.three
    import guts_teach.spiel.trees  # noqa: F401

    return module


@pytest.fixture(scope="module")
def kept(spiel: ModuleType) -> dict:
    return spiel.kept.kept()


def _walk(state, tree_state, rng: random.Random) -> None:
    """Play both states down one random path, checking they agree at every step."""
    while not state.is_terminal():
        assert not tree_state.is_terminal()
        if state.is_chance_node():
            ours = state.chance_outcomes()
            theirs = tree_state.chance_outcomes()
            assert [p for _, p in ours] == [p for _, p in theirs]
            names = [tree_state.action_to_string(-1, a) for a, _ in theirs]
            assert names == [str(ALL_STRENGTHS[c]) for c, _ in ours]
            pick = rng.randrange(len(ours))
            state.apply_action(ours[pick][0])
            tree_state.apply_action(theirs[pick][0])
            continue
        assert tree_state.current_player() == state.current_player()
        name = tree_state.information_state_string().split("-", 3)[3]
        assert name == state.information_state_string()
        action = rng.choice((0, 1))
        state.apply_action(action)
        tree_state.apply_action(action)
    assert tree_state.is_terminal()
    assert tree_state.returns() == pytest.approx(state.returns(), abs=1e-15)


@pytest.mark.parametrize(
    ("options", "seat", "held"),
    [
        ({"in_turn": True}, 2, K4),
        ({"in_turn": False}, 1, 90),
        ({"in_turn": False, "weenie": True, "weenie_ties": "share_one"}, 0, 3),
    ],
)
def test_written_tree_plays_as_the_python_game(spiel, options, seat, held) -> None:
    tree, _ = spiel.trees.held_tree(players=3, seat=seat, held=held, **options)
    game = spiel.game.load(players=3, **options)
    rng = random.Random(held)
    for _ in range(60):
        # the Python game deals every seat; the written one starts with ``held`` dealt
        state, tree_state = game.new_initial_state(), tree.new_initial_state()
        while len(state.classes) < 3:
            if len(state.classes) == seat:
                state.apply_action(held)
                continue
            taken = [*state.classes, *([held] if len(state.classes) < seat else [])]
            chances = dict(spiel.game.class_chances(taken))
            assert [p for _, p in tree_state.chance_outcomes()] == [
                float(p) for p in chances.values()
            ]
            pick = rng.choice(sorted(chances))
            state.apply_action(pick)
            tree_state.apply_action(
                next(
                    a
                    for a, _ in tree_state.chance_outcomes()
                    if tree_state.action_to_string(-1, a) == str(ALL_STRENGTHS[pick])
                )
            )
        _walk(state, tree_state, rng)


def _lab_in_turn_gains(play) -> list[list[float]]:
    """The lab's best-reply gain of each seat at each class (floats, a share of the pot)."""
    from guts_teach.strategy.in_turn.three_gains import DEALS, seat_gains
    from guts_teach.strategy.in_turn.three_play import SEATS

    floats = {p: tuple(float(x) for x in v) for p, v in play.items()}
    gains = seat_gains(floats)
    return [
        [
            sum(max(gains[p][c], 0) - floats[p][c] * gains[p][c] for p in points) / (6 * DEALS)
            for c in range(len(ALL_STRENGTHS))
        ]
        for points in SEATS
    ]


@pytest.mark.slow  # numerics of a few seconds: the slow tier, which CI runs
def test_in_turn_gains_are_the_labs_class_by_class(spiel, kept) -> None:
    """The in-turn bot plays the lab's exact equilibrium: OpenSpiel's kept best-reply gains are
    nothing at every class of every seat, as the lab's own count says; some classes, mixing
    ones among them, through OpenSpiel again."""
    from guts_teach.strategy.in_turn.three_exact import kept_play

    lab = _lab_in_turn_gains(kept_play())
    found = kept["three"]["in turn"]["bots"]["in-turn equilibrium (InTurnBot)"]
    for seat in range(3):
        assert found["by_class"][seat] == pytest.approx(lab[seat], abs=1e-15)
        assert max(abs(g) for g in found["by_class"][seat]) < 1e-15
    options = spiel.trees.Options(3, in_turn=True)
    chooser = spiel.game.in_turn_chooser(3)
    chances = dict(spiel.game.class_chances([]))
    j5, k4, ten_nine = (ALL_STRENGTHS.index(hand_class(h)) for h in ("J-5", "K-4", "10-9"))
    for seat, held in ((0, j5), (2, k4), (2, ten_nine), (1, 50)):
        ((best, played),) = spiel.trees.held_gain(options, [chooser], seat, held)
        assert float(chances[held]) * (best - played) == pytest.approx(0, abs=1e-15)


@pytest.mark.slow
def test_in_turn_gains_of_the_fictitious_play_average_are_the_labs(spiel) -> None:
    """Where the gains are not zero: the fictitious-play average the lab showed before, some
    classes through OpenSpiel against the lab's count. Slow tier (some ten seconds of
    OpenSpiel): the fast tier checks OpenSpiel's in-turn gains class by class against the exact
    equilibrium, and the slow tier's whole check covers every class of this average too."""
    from guts_teach.strategy.in_turn.three_play import kept_play

    lab = _lab_in_turn_gains(kept_play())
    options = spiel.trees.Options(3, in_turn=True)
    chooser = spiel.game.play_chooser(kept_play())
    chances = dict(spiel.game.class_chances([]))
    for seat, held in ((0, 20), (1, 50), (2, 40)):
        ((best, played),) = spiel.trees.held_gain(options, [chooser], seat, held)
        assert lab[seat][held] > 1e-6
        assert float(chances[held]) * (best - played) == pytest.approx(lab[seat][held], rel=1e-9)


@pytest.mark.slow
def test_at_once_gains_are_the_labs_gain_formula(spiel, kept) -> None:
    """At once the lab's exact gain of going in against a threshold gives each class's
    best-reply gain: ``frequency x (max(gain, 0) - gain if the threshold goes in)``. Slow tier
    (six OpenSpiel best responses, some three seconds): the fast tier reads the at-once gains
    through the command line and checks the in-turn ones through OpenSpiel."""
    options = spiel.trees.Options(3)
    for edge in ("K-4", "J-7"):
        threshold = Threshold(hand_class(edge))
        chooser = spiel.game.threshold_chooser(threshold)
        for seat, held in ((0, K4 - 1), (2, K4), (1, K4 - 8)):
            g = gain(ALL_STRENGTHS[held], threshold, players=3)
            goes = threshold.goes_in(ALL_STRENGTHS[held])
            lab = frequency(ALL_STRENGTHS[held]) * (max(g, 0) - (g if goes else 0)) / 1326
            ((best, played),) = spiel.trees.held_gain(options, [chooser], seat, held)
            share = float(dict(spiel.game.class_chances([]))[held]) * (best - played)
            assert share == pytest.approx(float(lab), abs=1e-15), (edge, seat, held)
    k4 = kept["three"]["at once"]["bots"]["equilibrium (in with K-4 or better)"]
    assert max(abs(g) for row in k4["by_class"] for g in row) < 1e-15


@pytest.mark.slow  # slow numerics: CFR+ at three players, a second
def test_cfr_plus_at_three_is_near_the_labs_answers(spiel, kept) -> None:
    at_once = kept["three"]["at once"]["cfr_plus"]
    in_turn = kept["three"]["in turn"]["cfr_plus"]
    for found in (at_once, in_turn):
        assert sum(found["seat_gains"]) < 0.01
        assert sum(found["values"]) == pytest.approx(1)
    # at once it plays the lab's K-4 on every seat, up to the classes next to it
    for seat in range(3):
        chances = [at_once["chances"][f"seat {seat} holds {s}"] for s in ALL_STRENGTHS]
        assert spiel.sampling.crossing(chances) in {"K-3", "K-4", "K-5"}
    # a part of the kept gains, again through OpenSpiel
    chooser = spiel.three.table_chooser(in_turn["chances"])
    options = spiel.trees.Options(3, in_turn=True)
    for seat, held in ((2, 60), (0, 30)):
        ((best, played),) = spiel.trees.held_gain(options, [chooser], seat, held)
        share = float(dict(spiel.game.class_chances([]))[held]) * (best - played)
        assert share == pytest.approx(in_turn["by_class"][seat][held], abs=1e-15)


@pytest.mark.slow
def test_sampling_runs_are_repeated_and_read_again(spiel, kept) -> None:
    """Slow tier: a sampling run repeated (some three seconds of MCCFR); the fast tier checks
    the price these summaries rest on (``test_price_is_zero_for_the_equilibrium_itself``)."""
    runs = kept["sampling"]
    players, iterations = spiel.kept.CHECKPOINT
    again = spiel.sampling.sample_at_once(players, iterations)
    short = runs[f"{players} players, {iterations} iterations"]
    assert [list(c) for c in again.chances] == short["chances"]
    for players, iterations in spiel.kept.SAMPLING:
        run = runs[f"{players} players, {iterations} iterations"]
        assert run["iterations"] == iterations
        chances = [tuple(c) for c in run["chances"]]
        assert len(chances) == players
        assert run["crossings"] == [spiel.sampling.crossing(c) for c in chances]
        mean = [sum(c) / players for c in zip(*chances, strict=True)]
        assert run["pooled"] == spiel.sampling.crossing(mean)
        prices = [spiel.sampling.price(c, players=players) for c in chances]
        assert run["price"] == pytest.approx(float(sum(prices, Fraction(0)) / players))
        # the lab's threshold, and MCCFR within two classes below it
        assert run["equilibrium"] == {4: "A-2", 5: "A-4", 6: "A-7"}[players]
        edge = [str(s) for s in ALL_STRENGTHS].index(run["equilibrium"])
        pooled = [str(s) for s in ALL_STRENGTHS].index(run["pooled"])
        assert edge - 2 <= pooled <= edge
        assert 0 < run["price"] < 0.005


def test_price_is_zero_for_the_equilibrium_itself(spiel) -> None:
    edge = ALL_STRENGTHS.index(hand_class("A-2"))
    plays = tuple(1.0 if c >= edge else 0.0 for c in range(len(ALL_STRENGTHS)))
    assert spiel.sampling.price(plays, players=4) == 0
    below = tuple(1.0 if c >= edge - 1 else 0.0 for c in range(len(ALL_STRENGTHS)))
    k_q = hand_class("K-Q")
    lost = -gain(k_q, Threshold(ALL_STRENGTHS[edge]), players=4) * frequency(k_q) / 1326
    assert spiel.sampling.price(below, players=4) == lost > 0


def test_cli_spiel_three_and_five(spiel, capsys: pytest.CaptureFixture[str]) -> None:
    from guts_teach.cli.commands import main

    assert main(["strategy", "--spiel", "--players", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    at_once = data["modes"]["at once"]
    assert at_once["bots_seat_gains"]["equilibrium (in with K-4 or better)"] == pytest.approx(
        [0, 0, 0], abs=1e-15
    )
    assert set(data["modes"]["in turn"]["bots_seat_gains"]) == {
        "in-turn equilibrium (InTurnBot)",
        "cautious",
        "reckless",
        "pot-sensitive",
    }
    assert main(["strategy", "--spiel", "--players", "5"]) == 0
    text = capsys.readouterr().out
    assert "the lab's exact equilibrium goes in from A-4" in text
    assert main(["strategy", "--spiel", "--players", "7"]) == 2
    assert "--spiel checks tables of 2 to 6 players, not 7" in capsys.readouterr().err


@pytest.mark.slow
def test_in_turn_three_check_is_the_labs_seat_exploitability(spiel) -> None:
    """The whole check, every seat and every class through OpenSpiel, for two plays in one
    walk of the tree (some two and a half minutes): nothing to gain against the exact
    equilibrium; against the fictitious-play average what the lab says, the dealer 0.00245."""
    from guts_teach.strategy.in_turn import three_exact, three_play

    exact, average = three_exact.kept_play(), three_play.kept_play()
    against_exact, against_average = spiel.three.in_turn_three_checks(exact, average)
    for play, found in ((exact, against_exact), (average, against_average)):
        lab = _lab_in_turn_gains(play)
        assert list(found) == pytest.approx([sum(row) for row in lab], rel=1e-12, abs=1e-15)
    assert max(abs(g) for g in against_exact) < 1e-15
    assert against_average[2] == pytest.approx(0.0024466448976666, rel=1e-12)
