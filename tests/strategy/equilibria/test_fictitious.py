"""Fictitious play: where weenie best replies only cycle, averaged play converges
to the mixed equilibrium (Q-4 at 712/1497 with three players)."""

from fractions import Fraction

import pytest

from guts_teach.game.cards.hands import hand
from guts_teach.strategy.equilibria.fictitious import NothingToAverageError, fictitious_play
from guts_teach.strategy.equilibria.thresholds import edge_gain


def test_the_three_player_weenie_equilibrium_is_q4_at_712_in_1497():
    q4 = hand("Qc 4d").strength
    assert edge_gain(q4, q4, 3, True, Fraction(712, 1497)) == 0  # exactly indifferent
    play = fictitious_play(players=3, rounds=2000)
    assert (str(play.low), str(play.high)) == ("Q-4", "Q-5")
    assert abs(play.shares[-1] - Fraction(712, 1497)) < Fraction(1, 1000)


def test_every_reply_is_the_full_best_reply_and_stays_on_the_cycle():
    play = fictitious_play(players=3, rounds=60, check_every=3)  # 20 full best replies
    assert set(play.replies) == {play.low, play.high}


@pytest.mark.parametrize("ties", ["each_pays", "share_one"])
@pytest.mark.parametrize("players", [3, 5])
def test_averaged_play_converges_to_the_mixed_equilibrium(players, ties):
    play = fictitious_play(players=players, weenie_ties=ties, rounds=2000)
    early, late = (abs(play.shares[k] - play.equilibrium) for k in (20, 2000))
    assert late < Fraction(1, 500) and late < early


def test_where_best_replies_settle_there_is_nothing_to_average():
    with pytest.raises(NothingToAverageError, match="settle on in with 10-2 or better"):
        fictitious_play(players=2)
    with pytest.raises(NothingToAverageError, match="rounds must be a whole number"):
        fictitious_play(players=3, rounds=0)


@pytest.mark.slow
def test_the_strategy_command_plays_it_and_says_when_it_cannot():
    import subprocess
    import sys

    run = [sys.executable, "-m", "guts_teach", "strategy", "--weenie", "--fictitious", "1000"]
    done = subprocess.run([*run, "--players", "3", "--json"], capture_output=True, text=True)
    assert done.returncode == 0 and '"cycle": [\n    "Q-4",' in done.stdout
    done = subprocess.run([*run, "--players", "2"], capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "at 2 players with the weenie rule best replies settle" in done.stderr
