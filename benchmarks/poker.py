"""Five-card evaluation: against treys and phevaluator, and with wild cards against the
method the package used before (issue 16).

Run: ``pip install treys phevaluator`` (for this benchmark only), then
``python benchmarks/poker.py``. Every figure is a median over ``--runs`` runs in which the
evaluators take turns on the same fresh, seeded random hands in random order (A B C A B C
...), through each library's public evaluate; each ratio is the median of the runs' ratios.
phevaluator is a C extension: it is the limit a pure-Python evaluator is measured against.
Wild cards (Psycho Shelby's round 3, 3s and 9s wild): hands with exactly 1 to 4 wild cards,
timed from cold caches against classifying every substitution (the method before), whose
speed-up must be at least 20x. It prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
from typing import Any

from measure import interleaved

from guts_teach.game.cards.deck import FULL_DECK, Card
from guts_teach.shelby import poker
from guts_teach.shelby.poker import BASEBALL_WILD, PokerStrength, evaluate

LIMIT_WILD_SPEED_UP = 20.0


def fresh_hands(count: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(FULL_DECK, 5)) for _ in range(count)]


def evaluators(hands: Sequence[tuple[Card, ...]]) -> dict[str, Callable[[], object]]:
    """Each evaluator over the hands, in its own card format (converted beforehand)."""
    runs: dict[str, Callable[[], object]] = {"guts_teach": lambda: [evaluate(h) for h in hands]}
    try:
        from treys import Card as TreysCard
        from treys import Evaluator

        judge = Evaluator()
        as_treys = [[TreysCard.new(c.ascii) for c in h] for h in hands]
        runs["treys"] = lambda: [judge.evaluate(h, []) for h in as_treys]
    except ImportError:
        print("treys is not installed (pip install treys): no comparison with it")
    try:
        from phevaluator import evaluate_cards

        ranks, suits = "23456789TJQKA", "cdhs"
        as_ph = [[ranks.index(c.ascii[0]) * 4 + suits.index(c.suit) for c in h] for h in hands]
        runs["phevaluator"] = lambda: [evaluate_cards(*h) for h in as_ph]
    except ImportError:
        print("phevaluator is not installed (pip install phevaluator): no C limit to show")
    return runs


def classify_every_substitution(cards: Sequence[Card], wild: frozenset[int]) -> PokerStrength:
    """The method before: every substitution classified afresh."""
    naturals = [c for c in cards if c.rank not in wild]
    if not naturals:
        return poker._strength(poker.FIVE, [14])
    flush = len({c.suit for c in naturals}) == 1
    fixed = [c.rank for c in naturals]
    candidates = (
        poker._classify([*fixed, *extra], flush)
        for extra in combinations_with_replacement(range(2, 15), 5 - len(naturals))
    )
    return max(candidates, key=lambda strength: strength.value)


def wild_hands(count: int, wilds: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    wild = [c for c in FULL_DECK if c.rank in BASEBALL_WILD]
    plain = [c for c in FULL_DECK if c.rank not in BASEBALL_WILD]
    return [tuple(rng.sample(wild, wilds) + rng.sample(plain, 5 - wilds)) for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    hands = fresh_hands(args.hands, seed=16)
    seconds = interleaved(evaluators(hands), args.runs)
    ours = seconds["guts_teach"]
    print(f"five-card hands, {args.hands:,} fresh random hands, median of {args.runs} runs:")
    for name, times in seconds.items():
        rate = args.hands / statistics.median(times)
        ratio = statistics.median(o / t for o, t in zip(ours, times, strict=True))
        print(
            f"  {name:>12}: {rate:>12,.0f} hands a second; guts_teach takes {ratio:.2f}x its time"
        )

    print(f"wild cards (3s and 9s), from cold caches, median of {args.runs} runs:")
    worst = float("inf")
    for wilds in range(1, 5):
        sample = wild_hands(2_000 if wilds < 4 else 300, wilds, seed=wilds)

        def new(sample: list[Any] = sample) -> None:
            poker._best_substitution.cache_clear()
            for h in sample:
                evaluate(h, wild=BASEBALL_WILD)

        def before(sample: list[Any] = sample) -> None:
            for h in sample:
                classify_every_substitution(h, BASEBALL_WILD)

        assert all(
            evaluate(h, wild=BASEBALL_WILD) == classify_every_substitution(h, BASEBALL_WILD)
            for h in sample
        )
        times = interleaved({"new": new, "before": before}, args.runs)
        speed_up = statistics.median(
            b / n for n, b in zip(times["new"], times["before"], strict=True)
        )
        worst = min(worst, speed_up)
        per_hand = statistics.median(times["new"]) / len(sample) * 1e6
        before_hand = statistics.median(times["before"]) / len(sample) * 1e6
        print(
            f"  {wilds} wild: {per_hand:8.1f} us a hand (before {before_hand:8.1f} us): "
            f"{speed_up:6.1f}x faster"
        )
    verdict = "met" if worst >= LIMIT_WILD_SPEED_UP else "NOT met"
    print(f"  least speed-up {worst:.1f}x (at least {LIMIT_WILD_SPEED_UP:g}x): {verdict}")


if __name__ == "__main__":
    main()
