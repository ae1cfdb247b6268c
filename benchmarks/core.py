"""Benchmarks of the rules core: deals settled a second against a minimal loop, and the cost
of importing the package against a bare interpreter start.

Run: ``python benchmarks/core.py`` (``--deals N``, ``--runs K``). Every comparison is
interleaved (A B A B ...), and each figure is the median over the runs, with the median of
the runs' ratios. The limit for settling is a minimal loop doing the least the same work
needs: the ante and the pot in plain integers turned into Fractions, a duplicate-card check,
the best hand among those in, the payments, the cap, and a record tuple per deal. It prints
figures and never fails on them.
"""

from __future__ import annotations

import argparse
import compileall
import random
import statistics
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from measure import interleaved, ratio

import guts_teach
from guts_teach import Deck, Hand, Session, teaching

AIM_DEALS_PER_SECOND = 60_000
LIMIT_PLAY_RATIO = 3.0  # Session.play at most 3x the minimal loop's time
AIM_IMPORT_RATIO = 1.5


def deals(
    count: int, players: int, seed: int
) -> tuple[list[str], list[dict[str, Hand]], list[list[str]]]:
    names = [f"P{i}" for i in range(players)]
    chooser = random.Random(seed + 1)
    choices = [[p for p in names if chooser.random() < 0.45] for _ in range(count)]
    deck = Deck(random.Random(seed))
    dealt = [
        {p: Hand(cards) for p, cards in zip(names, deck.deal(players, 2), strict=True)}
        for _ in range(count)
    ]
    return names, dealt, choices


def play_all(names: list[str], dealt: list[dict[str, Hand]], choices: list[list[str]]) -> None:
    table = Session(names, rules=teaching())
    for hands, ins in zip(dealt, choices, strict=True):
        table.play(ins, hands=hands)
    assert table.conservation_gap() == 0


def minimal_loop(names: list[str], dealt: list[dict[str, Hand]], choices: list[list[str]]) -> None:
    """The least the same work needs (teaching rules: ante 1, cap 20), as a stated limit."""
    ante, cap = 1, 20
    seat = {p: i for i, p in enumerate(names)}
    pot = reserve = 0
    net = [Fraction(0)] * len(names)
    history = []
    for number, (hands, ins) in enumerate(zip(dealt, choices, strict=True), 1):
        bits = 0
        for held in hands.values():
            if bits & held.bits:
                raise ValueError("a card dealt twice")
            bits |= held.bits
        if not pot and not reserve:
            pot += ante * len(names)
            net = [v - ante for v in net]
        winners: list[str] = []
        payers: list[str] = []
        if len(ins) == 1:
            winners = ins
            net[seat[ins[0]]] += pot
            pot = 0
        elif ins:
            best = max(hands[p].strength.value for p in ins)
            winners = [p for p in ins if hands[p].strength.value == best]
            payers = [p for p in ins if hands[p].strength.value != best]
            share = Fraction(pot, len(winners))
            for w in winners:
                net[seat[w]] += share
            for p in payers:
                net[seat[p]] -= pot
            pot = pot * len(payers)
        if pot > cap:
            reserve += pot - cap
            pot = cap
        if not pot and reserve:
            pot, reserve = min(reserve, cap), reserve - min(reserve, cap)
        history.append(
            (
                number,
                tuple(ins),
                tuple(winners),
                tuple(payers),
                Fraction(pot),
                Fraction(reserve),
                tuple(net),
            )
        )


def startup(code: str) -> Callable[[], object]:
    return lambda: subprocess.run([sys.executable, "-c", code], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50_000, help="deals in one timed session")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--starts", type=int, default=21, help="interpreter starts of each kind")
    args = parser.parse_args()

    names, dealt, choices = deals(args.deals, args.players, seed=1)
    settling = interleaved(
        {
            "Session.play": lambda: play_all(names, dealt, choices),
            "minimal loop": lambda: minimal_loop(names, dealt, choices),
        },
        args.runs,
    )
    rate = args.deals / statistics.median(settling["Session.play"])
    limit = args.deals / statistics.median(settling["minimal loop"])
    times = ratio(settling, "Session.play", "minimal loop")
    print(f"players: {args.players}, deals a session: {args.deals:,}, median of {args.runs} runs")
    print(
        f"Session.play with known cards: {rate:,.0f} deals a second "
        f"(aim {AIM_DEALS_PER_SECOND:,}: {'met' if rate >= AIM_DEALS_PER_SECOND else 'NOT met'})"
    )
    verdict = "met" if times <= LIMIT_PLAY_RATIO else "NOT met"
    print(
        f"minimal loop (the limit): {limit:,.0f} deals a second; Session.play takes {times:.2f}x "
        f"its time (limit {LIMIT_PLAY_RATIO:g}x: {verdict})"
    )

    # Byte-compile the package first, as a regular install does, so that the figures
    # measure importing rather than compiling (this machine sets PYTHONDONTWRITEBYTECODE).
    compileall.compile_dir(Path(guts_teach.__file__).parent, quiet=1)
    starts = interleaved(
        {
            "bare": startup("pass"),
            "import guts_teach": startup("import guts_teach"),
            "rules core": startup("from guts_teach import Session"),
        },
        args.starts,
    )
    bare = statistics.median(starts["bare"]) * 1000
    print(f"bare interpreter start: {bare:.1f} ms (median of {args.starts}, interleaved)")
    imported = ratio(starts, "import guts_teach", "bare")
    print(
        f"import guts_teach: {imported:.2f}x a bare start "
        f"(aim under {AIM_IMPORT_RATIO}x: {'met' if imported < AIM_IMPORT_RATIO else 'NOT met'})"
    )
    core = ratio(starts, "rules core", "bare")
    print(f"from guts_teach import Session (the whole rules core): {core:.2f}x a bare start")


if __name__ == "__main__":
    main()
