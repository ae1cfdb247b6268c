"""Benchmarks of the rules core: deals settled per second, and the import cost.

Run: ``python benchmarks/core.py`` (``--deals N`` to change the session length). Prints
figures and the ratios against the aims in the README; it never fails on speed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

from guts_teach import Deck, Hand, Session, teaching

AIM_DEALS_PER_SECOND = 50_000
AIM_IMPORT_RATIO = 1.5


def deals_per_second(deals: int, players: int, seed: int = 1) -> tuple[float, float]:
    """A long random session with known cards.

    Returns deals settled per second with the cards dealt beforehand (start, declare,
    showdown, settle), and the same including shuffling and dealing each deal.
    """
    names = [f"P{i}" for i in range(players)]
    chooser = random.Random(seed + 1)
    choices = [[p for p in names if chooser.random() < 0.45] for _ in range(deals)]
    deck = Deck(random.Random(seed))
    dealt = [
        {p: Hand(cards) for p, cards in zip(names, deck.deal(players, 2), strict=True)}
        for _ in range(deals)
    ]
    table = Session(names, rules=teaching())
    start = time.perf_counter()
    for hands, ins in zip(dealt, choices, strict=True):
        table.start_deal(hands)
        table.declare_all(ins)
        table.settle()
    settled = deals / (time.perf_counter() - start)
    assert table.conservation_gap() == 0

    table = Session(names, rules=teaching(), rng=random.Random(seed))
    start = time.perf_counter()
    for ins in choices:
        table.deal_random()
        table.declare_all(ins)
        table.settle()
    with_dealing = deals / (time.perf_counter() - start)
    return settled, with_dealing


def replay_deals_per_second(deals: int, players: int, seed: int = 1) -> float:
    """Record-only deals (who was in, who won) through ``Session.play``."""
    table = Session([f"P{i}" for i in range(players)], rules=teaching())
    chooser = random.Random(seed)
    plan = []
    for _ in range(deals):
        ins = [p for p in table.players if chooser.random() < 0.45]
        plan.append((ins, [chooser.choice(ins)] if len(ins) > 1 else None))
    start = time.perf_counter()
    for ins, winners in plan:
        table.play(ins, winners=winners)
    return deals / (time.perf_counter() - start)


def startup_seconds(code: str, runs: int) -> float:
    """The median wall time of ``python -c code`` over ``runs`` runs."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--runs", type=int, default=21, help="interpreter starts to time")
    args = parser.parse_args()

    cards, with_dealing = deals_per_second(args.deals, args.players)
    records = replay_deals_per_second(args.deals, args.players)
    bare = startup_seconds("pass", args.runs)
    imported = startup_seconds("import guts_teach", args.runs)
    core = startup_seconds("from guts_teach import Session", args.runs)
    ratio = imported / bare
    print(f"players: {args.players}, deals: {args.deals:,}")
    print(
        f"deals settled per second, random known cards: {cards:,.0f} "
        f"({cards / AIM_DEALS_PER_SECOND:.2f}x the aim of {AIM_DEALS_PER_SECOND:,})"
    )
    print(f"deals per second including shuffling and dealing the cards: {with_dealing:,.0f}")
    print(f"deals settled per second, club records (in + winners): {records:,.0f}")
    print(f"bare interpreter start: {bare * 1000:.1f} ms")
    print(f"with import guts_teach: {imported * 1000:.1f} ms")
    print(f"import ratio: {ratio:.2f}x bare start (aim: under {AIM_IMPORT_RATIO}x)")
    print(
        f"with the whole rules core loaded (from guts_teach import Session): {core * 1000:.1f} ms, "
        f"{core / bare:.2f}x bare start"
    )


if __name__ == "__main__":
    main()
