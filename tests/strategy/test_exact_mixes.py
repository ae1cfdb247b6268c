"""Exact means exact: the three-player weenie mixes and the coalition losses built on them,
recomputed here from the rules alone and compared with what the lab says and how it labels it.

The independent computation counts ordered deals of three hands by class with its own card
arithmetic (the cards of each rank dealt in order: 4 * 3 * ... ways, halved for each pair
hand), settles each way of being in with its own reading of R3-R5 and V7 (checked against
``Session`` for a few deals), and finds the mix as the root of the edge class's gain, which
it evaluates exactly at three chances and solves.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import product
from math import perm

import pytest

from guts_teach.game.cards.hands import ALL_STRENGTHS, Strength, hand, hand_class
from guts_teach.game.play.session import Session
from guts_teach.game.rules import Rules
from guts_teach.strategy.ahead import stored
from guts_teach.strategy.equilibria.coalitions import best_coalition
from guts_teach.strategy.equilibria.mixed import (
    MixedThreshold,
    equilibrium_play,
    mixed_equilibrium,
)
from guts_teach.strategy.reports.coalitions import coalition_report
from guts_teach.strategy.reports.equilibrium import fictitious_report, strategy_report

N = len(ALL_STRENGTHS)
Q4 = ALL_STRENGTHS.index(hand_class("Q-4"))
Q5 = ALL_STRENGTHS.index(hand_class("Q-5"))
EXPECTED = {  # found by an outside recomputation too, and counted again in this file
    "each_pays": (Fraction(712, 1497), Fraction(447136, 34286292495)),
    "share_one": (Fraction(214, 999), Fraction(134392, 22880431665)),
}


def _ranks(strength: Strength) -> tuple[int, int]:
    return (strength.high, strength.low)


@cache
def _weight(classes: tuple[int, ...]) -> int:
    """Ordered deals of disjoint two-card hands of these classes: per rank, the suits of its
    cards in the order dealt (4 * 3 * ...), halved for every pair hand (its two cards come
    in either order)."""
    used: dict[int, int] = {}
    pairs = 0
    for c in classes:
        high, low = _ranks(ALL_STRENGTHS[c])
        used[high] = used.get(high, 0) + 1
        used[low] = used.get(low, 0) + 1
        pairs += high == low
    ways = 1
    for count in used.values():
        ways *= perm(4, count)  # 0 when a rank would need a fifth card
    return ways // 2**pairs


def _share(
    seat: int, ins: tuple[bool, ...], classes: tuple[int, ...], weenie: bool, ties: str
) -> Fraction:
    """A seat's share of a pot of 1: what it takes, less what it pays, plus a third of what
    carries over (R3: nobody in, the pot stays; R4-R5: the best hands in share it, every
    other hand in pays it; V7: nobody in, the best hands pay it, each or one payment shared)."""
    players = len(ins)
    if not any(ins):
        if not weenie:
            return Fraction(1, players)
        top = max(classes)
        payers = [s for s in range(players) if classes[s] == top]
        each = Fraction(1) if ties == "each_pays" else Fraction(1, len(payers))
        carried = 1 + each * len(payers)
        return -each * (seat in payers) + carried / players
    top = max(c for c, i in zip(classes, ins, strict=True) if i)
    winners = [s for s in range(players) if ins[s] and classes[s] == top]
    losers = [s for s in range(players) if ins[s] and classes[s] != top]
    took = Fraction(1, len(winners)) if seat in winners else Fraction(0)
    return took - (seat in losers) + Fraction(len(losers), players)


@pytest.mark.parametrize(
    ("weenie", "ties"), [(False, "each_pays"), (True, "each_pays"), (True, "share_one")]
)
def test_this_files_share_reading_agrees_with_session(weenie: bool, ties: str) -> None:
    seats = ["A", "B", "C"]
    pot = Fraction(12)
    for hands in (
        ["As Ad", "Kc Kd", "7h 2s"],
        ["Ac Kd", "Ah Ks", "Qc 3d"],
        ["Ac Kd", "Ah Ks", "As Kc"],
    ):
        classes = tuple(ALL_STRENGTHS.index(hand(h).strength) for h in hands)
        for acts in product((True, False), repeat=3):
            rules = Rules(cap=None, weenie_rule=weenie, weenie_ties=ties)  # type: ignore[arg-type]
            table = Session(seats, rules=rules, pot=pot)
            table.start_deal(dict(zip(seats, hands, strict=True)))
            table.declare_all([p for p, a in zip(seats, acts, strict=True) if a])
            table.settle()
            carried = table.pot + table.reserve
            settled = (table.net["A"] + carried / 3) / pot
            assert settled == _share(0, acts, classes, weenie, ties), (hands, acts)


def _chance_in(c: int, edge: int, mix: Fraction) -> Fraction:
    return Fraction(1) if c > edge else mix if c == edge else Fraction(0)


def _edge_gain(mix: Fraction, ties: str) -> Fraction:
    """Seat 0 holds Q-4; the others go in above it and with it by chance ``mix``: the exact
    gain (summed over deals) of going in rather than out."""
    total = Fraction(0)
    for b, c in product(range(N), repeat=2):
        weight = _weight((Q4, b, c))
        if not weight:
            continue
        pb, pc = _chance_in(b, Q4, mix), _chance_in(c, Q4, mix)
        for ib, ic in product((True, False), repeat=2):
            chance = (pb if ib else 1 - pb) * (pc if ic else 1 - pc)
            if chance:
                went_in = _share(0, (True, ib, ic), (Q4, b, c), True, ties)
                stayed_out = _share(0, (False, ib, ic), (Q4, b, c), True, ties)
                total += weight * chance * (went_in - stayed_out)
    return total


def _root_in_unit_interval(gain: Callable[[Fraction], Fraction]) -> Fraction:
    """The root in (0, 1) of a gain of degree two at most, from its values at 0, 1/2, 1."""
    g0, gh, g1 = gain(Fraction(0)), gain(Fraction(1, 2)), gain(Fraction(1))
    a = 2 * g1 - 4 * gh + 2 * g0  # g(m) = a m^2 + b m + g0
    b = g1 - g0 - a
    assert a == 0, "at three players the gain is linear in the others' chance"
    return -g0 / b


@pytest.mark.parametrize("ties", ["each_pays", "share_one"])
def test_three_player_mix_is_the_exact_root_of_an_independently_counted_gain(ties: str) -> None:
    mix, _ = EXPECTED[ties]
    assert _root_in_unit_interval(lambda m: _edge_gain(m, ties)) == mix
    found = mixed_equilibrium(players=3, weenie=True, weenie_ties=ties)  # type: ignore[arg-type]
    assert (found.mix, found.exact) == (mix, True)
    assert found.method.startswith("exact")
    kept = equilibrium_play(players=3, weenie=True, weenie_ties=ties)  # type: ignore[arg-type]
    assert isinstance(kept, MixedThreshold) and kept.exact and kept.mix == mix
    assert stored("equilibrium_plays")[f"3 weenie {ties}"] == ["Q-4", str(mix), "exact"]


def _lone_share(plan: tuple[int, int], mix: Fraction, ties: str) -> Fraction:
    """Seat 0 mixes at Q-4 by ``mix``; seats 1 and 2 go in at their plan's classes."""
    total, deals = Fraction(0), 0
    for a, b, c in product(range(N), repeat=3):
        weight = _weight((a, b, c))
        if not weight:
            continue
        deals += weight
        ins = (b >= plan[0], c >= plan[1])
        p = _chance_in(a, Q4, mix)
        worth = Fraction(0)
        for mine, chance in ((True, p), (False, 1 - p)):
            if chance:
                worth += chance * _share(0, (mine, *ins), (a, b, c), True, ties)
        total += weight * worth
    assert deals == 1326 * 1225 * 1128  # every ordered deal of three hands
    return total / deals


@pytest.mark.slow
@pytest.mark.parametrize("ties", ["each_pays", "share_one"])
def test_weenie_coalition_losses_are_exact_and_counted_independently(ties: str) -> None:
    mix, loss = EXPECTED[ties]
    assert Fraction(1, 3) - _lone_share((Q4, Q5), mix, ties) == loss
    found = best_coalition(weenie=True, weenie_ties=ties)  # type: ignore[arg-type]
    assert [ALL_STRENGTHS.index(s) for s in found.plan] == [Q4, Q5]
    assert found.loss == loss
    data = json.loads(coalition_report(players=3, weenie=True, weenie_ties=ties, as_json=True))  # type: ignore[arg-type]
    assert data["lone_loss"] == str(loss) and data["lone_mix"] == str(mix)
    assert data["lone_mix_exact"] is True
    assert data["method"].startswith("exact:") and str(mix) in data["method"]


def test_words_say_how_each_mix_was_obtained() -> None:
    exact = equilibrium_play(players=3, weenie=True, weenie_ties="share_one")
    assert str(exact) == "in with better than Q-4, and with Q-4 214/999 (21%) of the time"
    near = equilibrium_play(players=4, weenie=True)
    assert isinstance(near, MixedThreshold) and not near.exact
    assert str(near).endswith("about 7.94% (approximate) of the time")
    assert stored("equilibrium_plays")["4 weenie each_pays"][2] == "approximate"
    found = mixed_equilibrium(players=4, weenie=True)
    low, high = found.interval
    assert low < found.mix < high and high - low == Fraction(1, 2**96)
    assert "approximate" in strategy_report(players=4, weenie=True)
    rows = {row[0]: row for row in stored("equilibria")["rows"]}
    assert rows[3][6] == str(exact) and "approximate" in rows[4][5]
    assert "exactly 712/1497" in fictitious_report(players=3, rounds=10)
    data = json.loads(fictitious_report(players=5, rounds=10, as_json=True))
    assert data["mixed_equilibrium_exact"] is None
    assert data["mixed_equilibrium_method"].startswith("approximate")
