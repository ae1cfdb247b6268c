"""Benchmark: replaying a long Shelby game takes memory linear in its length (issue 11).

Run: ``python benchmarks/shelby.py`` (``--deals N`` for the shortest game; the others are 2N,
4N and 8N). Each game is written as a ledger file, then read and replayed in a fresh
interpreter under ``tracemalloc``, the sizes interleaved (N, 2N, 4N, 8N, N, 2N, ...), and the
median peak of ``--runs`` runs reported. Linear memory doubles when the game doubles: the
limit is a doubling ratio of at most 2.2 (a quadratic replay, as before, gave about 3.4 to 4).
It prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from guts_teach.game.cards.deck import FULL_DECK
from guts_teach.shelby.ledger import ShelbyDeal, ShelbyLedger, dumps_shelby
from guts_teach.shelby.rules import ShelbyRules

LIMIT_DOUBLING_RATIO = 2.2
PLAYERS = ("Ana", "Ben", "Cleo", "Dev", "Eve")

MEASURE = """
import json, sys, tracemalloc
from guts_teach.shelby.ledger import from_dict, replay_shelby
data = json.loads(open(sys.argv[1], encoding="utf-8").read())
tracemalloc.start()
game = replay_shelby(from_dict(data))
steps = len(game.steps)
print(tracemalloc.get_traced_memory()[1], steps)
"""


def long_game(deals: int, seed: int) -> str:
    """A seeded Shelby ledger of ``deals`` deals (nobody ever wins the whole pot)."""
    rng = random.Random(seed)
    rules = ShelbyRules(shelbys_to_win=10**9)
    total = sum(rules.cards)
    written = []
    for _ in range(deals):
        order = rng.sample(FULL_DECK, len(FULL_DECK))
        hands = {
            p: " ".join(str(c) for c in order[i * total : (i + 1) * total])
            for i, p in enumerate(PLAYERS)
        }
        rounds = tuple(tuple(p for p in PLAYERS if rng.random() < 0.5) for _ in range(rules.rounds))
        written.append(ShelbyDeal(hands, rounds, {}))
    return dumps_shelby(ShelbyLedger(rules, PLAYERS, tuple(written)))


def peak_bytes(path: Path) -> int:
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(path)], capture_output=True, text=True, check=True
    )
    return int(done.stdout.split()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    sizes = [args.deals * k for k in (1, 2, 4, 8)]
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for n in sizes:
            paths[n] = Path(folder) / f"shelby-{n}.json"
            paths[n].write_text(long_game(n, seed=n), encoding="utf-8")
        peaks: dict[int, list[int]] = {n: [] for n in sizes}
        for _ in range(args.runs):
            for n in sizes:  # interleaved: N, 2N, 4N, 8N, N, ...
                peaks[n].append(peak_bytes(paths[n]))
    medians = {n: statistics.median(v) for n, v in peaks.items()}
    print(f"Shelby replay, {len(PLAYERS)} players, median peak of {args.runs} runs (tracemalloc)")
    print(f"{'deals':>8} {'peak MB':>9} {'bytes a deal':>13} {'x previous':>11}")
    previous = None
    worst = 0.0
    for n in sizes:
        ratio = medians[n] / previous if previous else None
        worst = max(worst, ratio or 0.0)
        shown = f"{ratio:.2f}" if ratio else "-"
        print(f"{n:>8} {medians[n] / 1e6:>9.1f} {medians[n] / n:>13,.0f} {shown:>11}")
        previous = medians[n]
    verdict = "linear" if worst <= LIMIT_DOUBLING_RATIO else "NOT linear"
    print(f"worst doubling ratio {worst:.2f} (limit {LIMIT_DOUBLING_RATIO}): {verdict}")
    print(json.dumps({"worst_doubling_ratio": round(worst, 3)}))


if __name__ == "__main__":
    main()
