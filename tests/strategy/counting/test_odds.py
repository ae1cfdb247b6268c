"""Exact odds: checked against full enumeration where it is small enough, and against
seeded Monte Carlo (with error bars) where it is not."""

import math
import random
from fractions import Fraction

import pytest

from guts_teach.game.cards.deck import FULL_DECK
from guts_teach.game.cards.hands import ALL_STRENGTHS, Hand, all_hands, hand
from guts_teach.game.errors import PlayerError
from guts_teach.strategy.counting.odds import hand_odds, odds_table


def test_heads_up_against_every_possible_hand():
    for strength in ALL_STRENGTHS[::6]:
        mine = Hand(next(h.cards for h in all_hands() if h.strength == strength))
        rivals = [o for o in all_hands() if not set(o.cards) & set(mine.cards)]
        odds = hand_odds(mine, players=2)
        assert odds.best == Fraction(sum(o < mine for o in rivals), len(rivals))
        assert odds.ties.get(1, 0) == Fraction(sum(o.ties(mine) for o in rivals), len(rivals))


@pytest.mark.parametrize("text", ["Qs Qh", "Ac 5d", "9s 8d"])
def test_three_players_by_full_enumeration(text):
    mine = hand(text)
    rivals = [o for o in all_hands() if not set(o.cards) & set(mine.cards)]
    mine_value = mine.strength.value
    best = ties_one = ties_two = total = 0
    for i, a in enumerate(rivals):
        for b in rivals[i + 1 :]:
            if a.bits & b.bits:
                continue
            total += 1
            va, vb = a.strength.value, b.strength.value
            if va < mine_value and vb < mine_value:
                best += 1
            elif max(va, vb) == mine_value and min(va, vb) < mine_value:
                ties_one += 1
            elif va == vb == mine_value:
                ties_two += 1
    odds = hand_odds(mine, players=3)
    assert odds.best == Fraction(best, total)
    assert odds.ties.get(1, 0) == Fraction(ties_one, total)
    assert odds.ties.get(2, 0) == Fraction(ties_two, total)


@pytest.mark.parametrize(("text", "players"), [("Ac 5d", 6), ("7s 7h", 10), ("Kd Qc", 8)])
def test_monte_carlo_agrees_within_error_bars(text, players):
    mine = hand(text)
    rest = [c for c in FULL_DECK if c not in mine.cards]
    rng = random.Random(2026)
    trials, wins = 20_000, 0
    value = mine.strength.value
    for _ in range(trials):
        drawn = rng.sample(rest, 2 * (players - 1))
        top = max(Hand((drawn[2 * i], drawn[2 * i + 1])).strength.value for i in range(players - 1))
        wins += top < value
    exact = float(hand_odds(mine, players=players).best)
    error = math.sqrt(exact * (1 - exact) / trials)
    assert abs(wins / trials - exact) < 5 * error


def test_tips_for_beginners_more_players_need_stronger_hands():
    # Seed 000: "With many players, a hand like A-5 is rarely the best".
    best = [hand_odds("Ac 5d", players=n).best for n in range(2, 11)]
    assert best == sorted(best, reverse=True)
    assert best[-1] < Fraction(1, 4)


def test_the_whole_table_is_consistent():
    table = odds_table()
    assert len(table) == 91 * 9
    for odds in table.values():
        assert 0 <= odds.best <= odds.share <= odds.at_least_tied <= 1
    assert table[(ALL_STRENGTHS[-1], 10)].best > table[(ALL_STRENGTHS[-2], 10)].best


def test_player_count_is_checked():
    with pytest.raises(PlayerError, match="2 to 10"):
        hand_odds("Qs Qh", players=11)


def test_odds_json_gives_every_chance_as_an_exact_fraction_text():
    import io
    import json

    from guts_teach.cli.commands import main

    out = io.StringIO()
    assert main(["odds", "3c 2d", "--players", "10", "--json"], out=out) == 0
    data = json.loads(out.getvalue())
    assert data["best"] == "0" and data["share"] == "0"
    out = io.StringIO()
    main(["odds", "As Ad", "--players", "2", "--json"], out=out)
    assert json.loads(out.getvalue())["best"] == "1224/1225"
