"""The exact odds table (91 classes, 2 to 10 players) against seeded Monte Carlo, and bots.

Run: ``python benchmarks/odds.py``. Prints the time for the whole exact table, and how long
Monte Carlo needs to estimate one entry (A-5 at a 6-player table) to within a standard error
of 0.001, the accuracy the exact figure exceeds by far; it never fails on speed.
"""

from __future__ import annotations

import math
import random
import time

from guts_teach.cards import FULL_DECK
from guts_teach.hands import Hand, hand
from guts_teach.odds import _matchings, _odds, hand_odds, odds_table

AIM_TABLE_S = 1.0


def main() -> None:
    _matchings.cache_clear()
    _odds.cache_clear()
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
    _matchings.cache_clear()
    start = time.perf_counter()
    _odds.cache_clear()
    hand_odds(mine, players=players)
    exact_s = time.perf_counter() - start
    print(
        f"A-5 best at 6 players: exact {exact:.5f} in {exact_s * 1000:.1f} ms; Monte Carlo "
        f"{wins / trials:.5f} +/- {target} needs {trials:,} deals, {monte_s:.2f} s "
        f"({monte_s / exact_s:,.0f}x slower for a worse answer)"
    )
    print(f"bot sessions (four bots, two-card Guts): {bot_session_rate():,.0f} deals a second")


def bot_session_rate(deals: int = 3000) -> float:
    """Deals a second for a four-bot session (dealing, bot decisions from exact odds, settling)."""
    from guts_teach import Session
    from guts_teach.bots import CharacterBot, equilibrium_bot

    table = Session(["A", "B", "C", "D"], rng=random.Random(5))
    bots = [
        equilibrium_bot("A"),
        CharacterBot("B", "cautious", random.Random(1)),
        CharacterBot("C", "reckless", random.Random(2)),
        CharacterBot("D", "pot-sensitive", random.Random(3)),
    ]
    start = time.perf_counter()
    for _ in range(deals):
        table.deal_random()
        table.declare_all([b.player for b in bots if b.declares_in(table)])
        table.settle()
    return deals / (time.perf_counter() - start)


if __name__ == "__main__":
    main()
