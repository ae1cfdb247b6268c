"""Declaring in turn at three players (RULINGS V1), checked against the rules core, and the bots.

The lab's shares are checked against deals settled by Session for every way of being in; its
range-summed values against a plain loop over every class triple; and the kept fictitious-play
average's distance from an equilibrium. The exact equilibrium the bots play is checked in
``test_in_turn_exact.py``.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest

from guts_teach.cli.commands import main
from guts_teach.game.cards.hands import ALL_STRENGTHS, hand, hand_class
from guts_teach.game.play.session import Session
from guts_teach.game.rules import Rules
from guts_teach.strategy.bots import declare_with_bots, make_bots
from guts_teach.strategy.counting.class_deals import triple_table
from guts_teach.strategy.equilibria.payoff import best_threshold
from guts_teach.strategy.in_turn.bot import InTurnBot
from guts_teach.strategy.in_turn.heads_up import DEALER, FIRST
from guts_teach.strategy.in_turn.three_gains import (
    DEALS,
    POINTS,
    N,
    seat_gains,
    seat_values,
    share,
    threshold,
)
from guts_teach.strategy.in_turn.three_play import (
    average_play,
    exploitability,
    kept_counts,
    kept_play,
    seat_exploitability,
)

POT = Fraction(12)
SEATS = ["First", "Second", "Dealer"]
RULES = Rules(declaration="in_turn", cap=None)


def _settled(hands: list[str], acts: tuple[bool, bool, bool]) -> list[Fraction]:
    """Each seat's share of the pot, as Session settles it (half... a third of the next pot)."""
    table = Session(SEATS, rules=RULES, pot=POT, dealer="Dealer")
    table.start_deal(dict(zip(SEATS, hands, strict=True)))
    table.declare_all([p for p, a in zip(SEATS, acts, strict=True) if a])
    table.settle()
    carried = table.pot + table.reserve
    return [(table.net[p] + carried / 3) / POT for p in SEATS]


def test_shares_match_session_for_every_way_of_being_in() -> None:
    deals = [
        ["As Ad", "Kc Kd", "7h 2s"],  # distinct
        ["Ac Kd", "Ah Ks", "Qc 3d"],  # first two tie
        ["Ac Kd", "Ah Ks", "As Kc"],  # all three tie
        ["4c 2d", "Qh Js", "Qc Jd"],  # second and dealer tie
    ]
    for hands in deals:
        classes = [ALL_STRENGTHS.index(hand(h).strength) for h in hands]
        for acts in product((True, False), repeat=3):
            ins = list(acts)
            ins[2] = ins[2] or not (ins[0] or ins[1])  # V1: the dealer takes
            settled = _settled(hands, acts)
            assert [Fraction(share(s, ins, classes), 6) for s in range(3)] == settled, (hands, acts)


def _plain_values(edges: dict[tuple[bool, ...], int]) -> list[Fraction]:
    """Seat values of a threshold profile by a loop over every class triple."""
    table = triple_table()
    totals = [0, 0, 0]
    for i, j, k in product(range(N), repeat=3):
        w = table[i][j][k]
        if not w:
            continue
        a0 = i >= edges[()]
        a1 = j >= edges[(a0,)]
        a2 = True if not (a0 or a1) else k >= edges[(a0, a1)]
        for s in range(3):
            totals[s] += w * share(s, [a0, a1, a2], [i, j, k])
    return [Fraction(t, 6 * DEALS) for t in totals]


@pytest.mark.slow
def test_range_sums_match_a_loop_over_every_triple() -> None:
    edges = dict(zip(POINTS, (40, 60, 20, 80, 55, 50), strict=True))
    play = {p: threshold(e) for p, e in edges.items()}
    assert list(seat_values(play)) == _plain_values(edges)
    # A gain is the value of going in minus that of staying out, with one class changed.
    gains = seat_gains(play)
    aces = ALL_STRENGTHS.index(hand_class("A-A"))
    table = triple_table()
    plain = 0
    for j, k in product(range(N), repeat=2):
        w = table[aces][j][k]
        for me in (True, False):
            a1 = j >= edges[(me,)]
            a2 = True if not (me or a1) else k >= edges[(me, a1)]
            worth = w * share(0, [me, a1, a2], [aces, j, k])
            plain += worth if me else -worth
    assert gains[()][aces] == plain


@pytest.mark.slow
def test_threshold_best_replies_go_round_a_cycle() -> None:
    """No pure equilibrium in conditional thresholds: from K-4 everywhere replies cycle."""
    start = ALL_STRENGTHS.index(hand_class("K-4"))
    current = dict.fromkeys(POINTS, start)
    seen = []
    for _ in range(12):
        gains = seat_gains({p: threshold(e) for p, e in current.items()})
        current = {
            p: best_threshold(range(N), lambda c: 1, lambda c, g=gains[p]: Fraction(g[c]))
            for p in POINTS
        }
        key = tuple(current.values())
        if key in seen:
            break
        seen.append(key)
    assert key in seen and seen.index(key) < len(seen) - 1  # a cycle, not a fixed point


@pytest.fixture(scope="module")
def kept():
    """The kept fictitious play (in floats), its gains and the seats' values: counted once."""
    play = average_play(kept_counts(), exact=False)
    return play, seat_gains(play), seat_values(play)


@pytest.mark.slow
def test_kept_fictitious_play_is_close_to_an_equilibrium(kept) -> None:
    play, gains, values = kept
    slack = exploitability(play, gains)
    assert 0 < max(slack.values()) < Fraction(1, 200)
    assert abs(sum(values) - 1) < 1e-9 and values[2] > values[0]  # the dealer's seat is best


def test_heads_up_bots_play_the_equilibrium_and_the_dealer_hears() -> None:
    bot = InTurnBot("Bo", random.Random(1))
    for cards in ("As Ad", "Tc 3d", "9c 8d", "8c 3d", "4c 2d"):
        held = hand(cards)
        assert bot.decides(held, table=2, heard=()) == FIRST.goes_in(held.strength)
        if held.strength != DEALER.edge:
            assert bot.decides(held, table=2, heard=(True,)) == DEALER.goes_in(held.strength, None)
    table = Session(["You", "Bo"], rules=Rules(declaration="in_turn"), dealer="Bo")
    table.start_deal({"You": "4c 2d", "Bo": "As Ad"})
    declare_with_bots(table, [bot], ins=["You"])
    record = table.settle()
    assert record.ins == ("You", "Bo")  # the dealer heard "in" and called with aces
    table.start_deal({"You": "Kc Kd", "Bo": "Ah Ks"})  # You deal now; Bo declares first
    declare_with_bots(table, [bot], ins=[])
    assert table.settle().ins == ("Bo",)  # Bo goes in with A-K; You is out


def test_make_bots_gives_in_turn_bots_when_declaring_in_turn() -> None:
    bots = make_bots(["B", "C"], rules=Rules(declaration="in_turn"), seed=1)
    assert isinstance(bots[0], InTurnBot)
    assert not isinstance(make_bots(["B"], rules=Rules(), seed=1)[0], InTurnBot)


def test_kept_play_is_exact_and_monotone() -> None:
    play = kept_play()
    for point in POINTS:
        assert all(a <= b for a, b in zip(play[point], play[point][1:], strict=False))
        assert play[point][-1] == 1


def test_cli_in_turn_json(capsys: object) -> None:
    import json

    assert main(["strategy", "--in-turn", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    assert data["first_player_share"] == "1077164/2436525"
    assert data["dealer_after_in"] == {
        "edge": "10-2",
        "mix": "1/24",
        "plays": "in with better than 10-2, and with 10-2 1/24 (4%) of the time",
    }
    assert main(["strategy", "--in-turn", "--players", "4"]) == 2
    assert "2 or 3 players" in capsys.readouterr().err  # type: ignore[attr-defined]


@pytest.mark.slow
def test_a_seat_changing_all_its_points_at_once_gains_the_sum_of_its_points(kept) -> None:
    """The dealer, best replying at its three points together against the kept play, gains
    what :func:`seat_exploitability` says (about 0.0024 of the pot, more than any one point):
    counted here by the seats' values with the dealer's play replaced, not by the gains."""
    play, gains, values = kept
    slack = exploitability(play, gains)
    first, second, dealer = seat_exploitability(slack)
    assert dealer > max(slack.values()) and 0.002 < dealer < 0.003
    replied = dict(play)
    for point in ((True, True), (True, False), (False, True)):
        replied[point] = tuple(1.0 if g > 0 else 0.0 for g in gains[point])
    before, after = values[2], seat_values(replied)[2]
    assert abs((after - before) - dealer) < 1e-9
    assert abs(first - slack[()]) < 1e-12 and abs(second - slack[(True,)] - slack[(False,)]) < 1e-12
