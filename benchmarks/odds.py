"""The exact odds table and equilibria against seeded Monte Carlo, and bot sessions.

Run: ``python benchmarks/odds.py``. Prints the time for the whole exact odds table (91
classes, 2 to 10 players) and for the nine equilibria, each from cold caches; how long Monte
Carlo needs to estimate one odds entry (A-5 at a 6-player table) and one gain (A-9 at four
players) to within a standard error of 0.001 and 0.002, the accuracy the exact figures
exceed by far; and deals a second for bot sessions. It never fails on speed.
"""

from __future__ import annotations

import math
import random
import time

from guts_teach.game.cards import FULL_DECK
from guts_teach.game.hands import Hand, hand
from guts_teach.game.rules import teaching
from guts_teach.strategy import matchings, thresholds
from guts_teach.strategy.odds import _matchings, _odds, hand_odds, odds_table
from guts_teach.strategy.sampling import sampled_gain

AIM_TABLE_S = 1.0


def cold() -> None:
    """Forget every cached count, so the next figure includes all the counting."""
    for cached in (
        _matchings,
        _odds,
        matchings._count,
        matchings._states,
        thresholds._levels,
        thresholds._level_counts,
        thresholds._level_total,
        thresholds.edge_gain,
    ):
        cached.cache_clear()


def main() -> None:
    cold()
    start = time.perf_counter()
    odds_table()
    table_s = time.perf_counter() - start
    print(
        f"exact odds table, 91 classes x 9 table sizes: {table_s:.2f} s "
        f"({table_s / AIM_TABLE_S:.2f}x the aim of under {AIM_TABLE_S:g} s)"
    )

    mine, players, target = hand("Ac 5d"), 6, 0.001
    exact = float(hand_odds(mine, players=players).best)
    trials = math.ceil(exact * (1 - exact) / target**2)
    rest = [c for c in FULL_DECK if c not in mine.cards]
    rng = random.Random(1)
    value = mine.strength.value
    start = time.perf_counter()
    wins = 0
    for _ in range(trials):
        drawn = rng.sample(rest, 2 * (players - 1))
        best = max(
            Hand((drawn[2 * i], drawn[2 * i + 1])).strength.value for i in range(players - 1)
        )
        wins += best < value
    monte_s = time.perf_counter() - start
    cold()
    start = time.perf_counter()
    hand_odds(mine, players=players)
    exact_s = time.perf_counter() - start
    print(
        f"A-5 best at 6 players: exact {exact:.5f} in {exact_s * 1000:.1f} ms; Monte Carlo "
        f"{wins / trials:.5f} +/- {target} needs {trials:,} deals, {monte_s:.2f} s "
        f"({monte_s / exact_s:,.0f}x slower for a worse answer)"
    )
    equilibria()
    print(f"bot sessions (four bots, two-card Guts): {bot_session_rate():,.0f} deals a second")


def equilibria() -> None:
    """The nine symmetric equilibria, and one gain exactly against sampling."""
    cold()
    start = time.perf_counter()
    found = [thresholds.equilibrium(players=n).threshold for n in range(2, 11)]
    spent = time.perf_counter() - start
    print(
        f"equilibria for 2 to 10 players from cold caches: {spent:.2f} s "
        f"({', '.join(str(t.strength) for t in found)})"
    )
    others, target = thresholds.equilibrium(players=4).threshold, 0.002
    cold()
    start = time.perf_counter()
    exact = float(thresholds.gain("Ac 9d", others, players=4))
    exact_s = time.perf_counter() - start
    probe = sampled_gain(
        "Ac 9d", others, players=4, rules=teaching(), rng=random.Random(1), samples=2000
    )
    samples = math.ceil(probe.samples * (probe.error / target) ** 2)
    start = time.perf_counter()
    estimate = sampled_gain(
        "Ac 9d", others, players=4, rules=teaching(), rng=random.Random(2), samples=samples
    )
    monte_s = time.perf_counter() - start
    print(
        f"gain of A-9 at 4 players: exact {exact:+.5f} in {exact_s * 1000:.0f} ms; sampled "
        f"{estimate.mean:+.5f} +/- {estimate.error:.4f} needs {samples:,} deals, {monte_s:.1f} s "
        f"({monte_s / exact_s:,.0f}x slower for a worse answer)"
    )


def bot_session_rate(deals: int = 3000) -> float:
    """Deals a second for a four-bot session (dealing, bot decisions from exact odds, settling)."""
    from guts_teach import Session
    from guts_teach.strategy.bots import (
        CharacterBot,
        ThresholdBot,
        declare_with_bots,
        equilibrium_bot,
    )

    table = Session(["A", "B", "C", "D"], rng=random.Random(5))
    bots: list[CharacterBot | ThresholdBot] = [
        equilibrium_bot("A", players=4),
        CharacterBot("B", "cautious", random.Random(1)),
        CharacterBot("C", "reckless", random.Random(2)),
        CharacterBot("D", "pot-sensitive", random.Random(3)),
    ]
    start = time.perf_counter()
    for _ in range(deals):
        table.deal_random()
        declare_with_bots(table, bots)  # the record keeps which bot declared what
        table.settle()
    return deals / (time.perf_counter() - start)


if __name__ == "__main__":
    main()
