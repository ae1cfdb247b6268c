"""Benchmarks of the rules core: deals settled per second, and the import cost.

Run: ``python benchmarks/core.py`` (``--deals N`` to change the session length). Prints
figures and the ratios against the aims in the README; it never fails on speed.
"""

from __future__ import annotations

import argparse
import compileall
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import guts_teach
from guts_teach import Deck, Hand, Session, teaching

AIM_DEALS_PER_SECOND = 50_000
AIM_IMPORT_RATIO = 1.5


def best_rate(count: int, repeat: int, run: Callable[[], None]) -> float:
    """``count`` divided by the fastest of ``repeat`` timed runs (the least disturbed)."""
    fastest = min(_timed(run) for _ in range(repeat))
    return count / fastest


def _timed(run: Callable[[], None]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def _play_all(names: list[str], dealt: list[dict[str, Hand]], choices: list[list[str]]) -> None:
    table = Session(names, rules=teaching())
    for hands, ins in zip(dealt, choices, strict=True):
        table.play(ins, hands=hands)
    assert table.conservation_gap() == 0


def _deal_all(names: list[str], choices: list[list[str]], seed: int) -> None:
    table = Session(names, rules=teaching(), rng=random.Random(seed))
    for ins in choices:
        table.deal_random()
        table.declare_all(ins)
        table.settle()


def deals_per_second(
    deals: int, players: int, seed: int = 1, repeat: int = 5
) -> tuple[float, float]:
    """A long random session with known cards.

    Returns deals settled per second with the cards dealt beforehand (``Session.play``:
    ante, declarations, showdown, settlement, record), and deals per second through the
    phased API including shuffling and dealing each deal (``deal_random``,
    ``declare_all``, ``settle``).
    """
    names = [f"P{i}" for i in range(players)]
    chooser = random.Random(seed + 1)
    choices = [[p for p in names if chooser.random() < 0.45] for _ in range(deals)]
    deck = Deck(random.Random(seed))
    dealt = [
        {p: Hand(cards) for p, cards in zip(names, deck.deal(players, 2), strict=True)}
        for _ in range(deals)
    ]
    settled = best_rate(deals, repeat, lambda: _play_all(names, dealt, choices))
    with_dealing = best_rate(deals, repeat, lambda: _deal_all(names, choices, seed))
    return settled, with_dealing


def replay_deals_per_second(deals: int, players: int, seed: int = 1, repeat: int = 5) -> float:
    """Record-only deals (who was in, who won) through ``Session.play``."""
    names = [f"P{i}" for i in range(players)]
    chooser = random.Random(seed)
    plan = []
    for _ in range(deals):
        ins = [p for p in names if chooser.random() < 0.45]
        plan.append((ins, [chooser.choice(ins)] if len(ins) > 1 else None))

    def run() -> None:
        table = Session(names, rules=teaching())
        for ins, winners in plan:
            table.play(ins, winners=winners)

    return best_rate(deals, repeat, run)


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
    parser.add_argument("--deals", type=int, default=50_000, help="deals in one timed session")
    parser.add_argument("--repeat", type=int, default=5, help="timed sessions; the best counts")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--runs", type=int, default=21, help="interpreter starts to time")
    args = parser.parse_args()

    cards, with_dealing = deals_per_second(args.deals, args.players, repeat=args.repeat)
    records = replay_deals_per_second(args.deals, args.players, repeat=args.repeat)
    # Byte-compile the package first, as a regular install does, so that the figures
    # measure importing rather than compiling (this machine sets PYTHONDONTWRITEBYTECODE).
    compileall.compile_dir(Path(guts_teach.__file__).parent, quiet=1)
    bare = startup_seconds("pass", args.runs)
    imported = startup_seconds("import guts_teach", args.runs)
    core = startup_seconds("from guts_teach import Session", args.runs)
    ratio = imported / bare
    print(f"players: {args.players}, deals per session: {args.deals:,}, best of {args.repeat}")
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
