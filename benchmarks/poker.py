"""Five-card evaluations per second over all 2,598,960 hands, side by side with treys.

Run: ``pip install treys`` (for this benchmark only), then ``python benchmarks/poker.py``.
Prints both rates and their ratio; it never fails on speed.
"""

from __future__ import annotations

import time
from itertools import combinations

from guts_teach.game.cards import FULL_DECK
from guts_teach.shelby.poker import evaluate


def ours() -> float:
    hands = list(combinations(FULL_DECK, 5))
    start = time.perf_counter()
    for hand in hands:
        evaluate(hand)
    return len(hands) / (time.perf_counter() - start)


def treys_rate() -> float | None:
    try:
        from treys import Card, Evaluator
    except ImportError:
        return None
    deck = [Card.new(c.ascii) for c in FULL_DECK]
    hands = list(combinations(deck, 5))
    evaluator = Evaluator()
    five = evaluator._five  # the five-card path, as our evaluate() is
    start = time.perf_counter()
    for hand in hands:
        five(list(hand))
    return len(hands) / (time.perf_counter() - start)


def main() -> None:
    mine = ours()
    print(f"guts_teach.shelby.poker.evaluate: {mine:,.0f} five-card hands a second")
    theirs = treys_rate()
    if theirs is None:
        print("treys is not installed (pip install treys) - no comparison")
        return
    print(f"treys Evaluator (five cards): {theirs:,.0f} hands a second")
    print(f"ratio: {mine / theirs:.2f}x treys")


if __name__ == "__main__":
    main()
