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
import statistics
import subprocess
import sys
import time

from measure import timed

from guts_teach.game.cards.deck import FULL_DECK
from guts_teach.game.cards.hands import Hand, hand
from guts_teach.game.rules import teaching
from guts_teach.strategy.counting import matchings
from guts_teach.strategy.counting.odds import _matchings, _odds, hand_odds, odds_table
from guts_teach.strategy.equilibria import mixed, thresholds
from guts_teach.strategy.sampling import sampled_gain

AIM_TABLE_S = 0.2  # issue 16: the whole odds table in at most 0.2 s
AIM_CELL_S = 3.0  # notebook 04's equilibria cell
AIM_COMMAND_S = 1.5  # guts-teach strategy --players 10 --weenie, wall time
RUNS = 3


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
    def table() -> None:
        cold()
        odds_table()

    table_s = statistics.median(timed(table) for _ in range(RUNS))
    print(
        f"exact odds table, 91 classes x 9 table sizes, from cold caches: {table_s:.3f} s "
        f"(median of {RUNS}; {table_s / AIM_TABLE_S:.2f}x the limit of {AIM_TABLE_S:g} s)"
    )
    cell_s = statistics.median(timed(notebook_cell) for _ in range(RUNS))
    print(
        f"notebook 04's equilibria cell (2-10 players, plain and both weenie tie rules, mixed "
        f"where no pure one), from cold caches: {cell_s:.2f} s ({cell_s / AIM_CELL_S:.2f}x the "
        f"limit of {AIM_CELL_S:g} s)"
    )
    ten, two = command_seconds(["--players", "10", "--weenie"]), command_seconds(["--players", "2"])
    print(
        f"guts-teach strategy --players 10 --weenie: {ten:.2f} s wall, against {two:.2f} s for "
        f"--players 2 in the same run (limit {AIM_COMMAND_S:g} s: "
        f"{'met' if ten <= AIM_COMMAND_S else 'NOT met'})"
    )

    mine, players, target = hand("Ac 5d"), 6, 0.001
    exact = float(hand_odds(mine, players=players).best)
    trials = math.ceil(exact * (1 - exact) / target**2)
    rest = [c for c in FULL_DECK if c not in mine.cards]
    value = mine.strength.value

    def monte_carlo(seed: int) -> float:
        rng = random.Random(seed)
        wins = 0
        for _ in range(trials):
            drawn = rng.sample(rest, 2 * (players - 1))
            best = max(
                Hand((drawn[2 * i], drawn[2 * i + 1])).strength.value for i in range(players - 1)
            )
            wins += best < value
        return wins / trials

    def counted() -> None:
        cold()
        hand_odds(mine, players=players)

    pairs = []
    for run in range(RUNS):  # interleaved: exact, Monte Carlo, exact, ...
        exact_s = timed(counted)
        monte_s = timed(lambda run=run: monte_carlo(run))
        pairs.append((exact_s, monte_s))
    exact_s = statistics.median(e for e, _ in pairs)
    monte_s = statistics.median(m for _, m in pairs)
    ratio = statistics.median(m / e for e, m in pairs)
    print(
        f"A-5 best at 6 players: exact {exact:.5f} in {exact_s * 1000:.1f} ms; Monte Carlo "
        f"to +/- {target} needs {trials:,} deals, {monte_s:.2f} s ({ratio:,.0f}x slower for a "
        f"worse answer; medians of {RUNS} interleaved runs)"
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
    probe = sampled_gain(
        "Ac 9d", others, players=4, rules=teaching(), rng=random.Random(1), samples=2000
    )
    samples = math.ceil(probe.samples * (probe.error / target) ** 2)

    def counted() -> None:
        cold()
        thresholds.gain("Ac 9d", others, players=4)

    pairs = []
    for run in range(RUNS):
        exact_s = timed(counted)
        monte_s = timed(
            lambda run=run: sampled_gain(
                "Ac 9d",
                others,
                players=4,
                rules=teaching(),
                rng=random.Random(2 + run),
                samples=samples,
            )
        )
        pairs.append((exact_s, monte_s))
    exact = float(thresholds.gain("Ac 9d", others, players=4))
    ratio = statistics.median(m / e for e, m in pairs)
    print(
        f"gain of A-9 at 4 players: exact {exact:+.5f} in "
        f"{statistics.median(e for e, _ in pairs) * 1000:.0f} ms; sampling to +/- {target} needs "
        f"{samples:,} deals, {statistics.median(m for _, m in pairs):.1f} s ({ratio:,.0f}x slower "
        f"for a worse answer; medians of {RUNS} interleaved runs)"
    )


def notebook_cell() -> None:
    """What notebook 04's equilibria cell computes, from cold caches."""
    cold()
    mixed.mixed_equilibrium.cache_clear()
    for players in range(2, 11):
        thresholds.equilibrium(players=players)
        for ties in ("each_pays", "share_one"):
            mixed.equilibrium_play(players=players, weenie=True, weenie_ties=ties)


def command_seconds(arguments: list[str]) -> float:
    """Median wall time of ``guts-teach strategy ARGUMENTS`` in a fresh interpreter."""
    command = [sys.executable, "-m", "guts_teach", "strategy", *arguments]
    return statistics.median(
        timed(lambda: subprocess.run(command, check=True, capture_output=True)) for _ in range(RUNS)
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
