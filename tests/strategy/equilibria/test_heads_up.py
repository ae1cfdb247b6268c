"""Heads-up optimality beyond thresholds: J-7 guarantees at least half the pot
against every strategy, exactly half only against J-7 itself; checked over every deal."""

from fractions import Fraction

import pytest

from guts_teach.game.cards.hands import ALL_STRENGTHS, all_hands, hand
from guts_teach.strategy.equilibria.heads_up import (
    J7,
    edge_over,
    guarantee,
    guarantee_table,
    rival_share,
)
from guts_teach.strategy.equilibria.thresholds import Threshold

HANDS = list(all_hands())


def share_by_every_deal(mine, rival_in):
    """The J-7 player's share over every ordered pair of disjoint hands (pot 1; half of all
    that carries over is each player's)."""
    total, count = Fraction(0), 0
    for a in HANDS:
        a_in = mine.goes_in(a)
        for b in HANDS:
            if a.bits & b.bits:
                continue
            count += 1
            b_in = rival_in(b.strength)
            if not a_in and not b_in:
                total += Fraction(1, 2)  # the pot stays and is shared in the end
            elif a_in and not b_in:
                total += 1
            elif a_in and b_in:
                if a.strength.value == b.strength.value:
                    total += Fraction(1, 2)
                elif a.strength.value > b.strength.value:
                    total += Fraction(3, 2)  # the pot, and half the rival's payment
                else:
                    total -= Fraction(1, 2)  # pays the pot; half of it comes back
    return total / count


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rival", "edge"),
    [("Jc 6d", Fraction(92, 812175)), ("Jc 8d", Fraction(4, 812175)), ("Jc 7d", Fraction(0))],
)
def test_j7_gets_more_than_half_against_its_neighbours_counted_deal_by_deal(rival, edge):
    theirs = Threshold(hand(rival).strength)
    assert edge_over(J7, theirs) == edge
    counted = share_by_every_deal(J7, lambda s: s.value >= theirs.strength.value)
    assert counted == Fraction(1, 2) + edge


@pytest.mark.slow
def test_j7_guarantees_half_the_pot_against_every_strategy():
    found = guarantee(J7)
    assert found.share == Fraction(1, 2) and found.zero_gain == ()
    assert found.best_reply[0] == J7.strength and found.reply_is_a_threshold
    # no other choice of classes does as well for the rival: each class in or out matters
    best = rival_share(J7, lambda s: s in found.best_reply)
    for flipped in ALL_STRENGTHS[::7]:
        other = rival_share(J7, lambda s, f=flipped: (s in found.best_reply) != (s == f))
        assert other < best
    odd = {s for s in ALL_STRENGTHS if s.value % 3 == 0}  # a strategy that is no threshold
    assert share_by_every_deal(J7, lambda s: s in odd) > Fraction(1, 2)


def test_other_thresholds_guarantee_less_than_half():
    for text in ("Jc 6d", "Jc 8d", "Ac 2d"):
        assert guarantee(Threshold(hand(text).strength)).share < Fraction(1, 2)


def test_the_guarantee_table():
    rows = dict(guarantee_table(J7, around=1))
    assert rows == {
        "always in": Fraction(2452, 270725),
        "in with J-6 or better": Fraction(92, 812175),
        "in with J-7 or better": Fraction(0),
        "in with J-8 or better": Fraction(4, 812175),
        "always out": Fraction(335, 1326),
    }


def test_the_strategy_command_shows_the_guarantee():
    import io
    import json

    from guts_teach.cli.commands import main

    out = io.StringIO()
    assert main(["strategy", "--guarantee", "--json"], out=out) == 0
    data = json.loads(out.getvalue())
    assert data["guaranteed_share"] == "1/2" and data["best_reply_is_a_threshold"]
    assert data["edge_over_half"]["in with J-6 or better"] == "92/812175"
    assert data["edge_over_half"]["in with J-8 or better"] == "4/812175"
