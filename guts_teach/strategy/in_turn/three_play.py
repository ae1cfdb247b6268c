"""Declaring in turn at three players (V1): best replies go round, so fictitious play.

At each of the six points of :mod:`guts_teach.strategy.in_turn.three_gains` a seat plays a
threshold. Best replies over these conditional thresholds never settle (from K-4 everywhere they go
round a cycle of four profiles within seven rounds), so there is no pure equilibrium in them. In
fictitious play every point answers, round after round, the average of all the play so far:
at a point, the average goes in with a class in the share of past rounds whose threshold was
at or below it. ``counts`` keeps, for each point, how many rounds played each threshold, so
the average is exact. How far it is from an equilibrium is its *exploitability*: what each
point could gain by its best reply over every strategy (class by class, not only thresholds)
against the average, as a share of the pot.

>>> from guts_teach.game.cards.hands import ALL_STRENGTHS
>>> start = {point: {ALL_STRENGTHS.index(hand_class("Kc 4d")): 1} for point in POINTS}
>>> chances = average(start[()])
>>> chances[ALL_STRENGTHS.index(hand_class("Kc 4d"))], chances[0]
(Fraction(1, 1), Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ...game.cards.hands import ALL_STRENGTHS, hand_class
from ..equilibria.payoff import best_threshold
from .three_gains import DEALS, POINTS, Chance, N, Play, Point, seat_gains

Counts = Mapping[Point, Mapping[int, int]]
"""For each point: threshold index -> rounds that played it."""

START = ALL_STRENGTHS.index(hand_class("Kc 4d"))  # the simultaneous equilibrium at three


def average(counts: Mapping[int, int]) -> tuple[Fraction, ...]:
    """The chance of going in with each class under the average of the thresholds played."""
    total = sum(counts.values())
    running, chances = 0, []
    for c in range(N):
        running += counts.get(c, 0)
        chances.append(Fraction(running, total))
    return tuple(chances)


def average_play(counts: Counts, *, exact: bool = True) -> dict[Point, tuple[Chance, ...]]:
    """:func:`average` at every point (in floats, which play rounds faster, unless ``exact``)."""
    found = {point: average(counts[point]) for point in POINTS}
    if exact:
        return dict(found)
    return {point: tuple(float(c) for c in chances) for point, chances in found.items()}


def exploitability(
    play: Play, gains: Mapping[Point, Sequence[Chance]] | None = None
) -> dict[Point, Chance]:
    """For each point, what its best reply over every strategy gains over ``play`` there (a
    share of the pot, averaged over all deals)."""
    gains = seat_gains(play) if gains is None else gains
    return {
        point: (
            sum(max(g, 0) for g in gains[point])
            - sum(p * g for p, g in zip(play[point], gains[point], strict=True))
        )
        / (6 * DEALS)
        for point in POINTS
    }


SEATS: tuple[tuple[Point, ...], ...] = (
    ((),),
    ((True,), (False,)),
    ((True, True), (True, False), (False, True)),
)
"""Each seat's points (first, second, dealer): a seat declares once a deal, at one of its
points, so changing them all at once changes nothing about which one it reaches."""


def seat_exploitability(slack: Mapping[Point, Chance]) -> tuple[Chance, Chance, Chance]:
    """What each seat (first, second, dealer) gains by its best reply over every strategy at
    all its points at once, from each point's :func:`exploitability` ``slack``: their sum, as
    a seat reaches only one of its points in a deal. A share of the pot."""
    first, second, dealer = (sum((slack[p] for p in points), Fraction(0)) for points in SEATS)
    return first, second, dealer


@dataclass(frozen=True)
class Round:
    """One round: the thresholds each point answered with, and the exploitability of the
    average it answered."""

    replies: dict[Point, int]
    exploitability: dict[Point, Chance]


def _best(gains: Sequence[Chance]) -> int:
    """The threshold of greatest value, given each class's gain (ties to the weaker)."""
    return best_threshold(range(N), lambda c: 1, lambda c: Fraction(gains[c]))


def play_round(counts: Counts, *, exact: bool = False) -> Round:
    """Every point's best threshold against the average so far (ties to the weaker; in
    floats unless ``exact``: only the thresholds chosen are kept, and they are whole)."""
    play = average_play(counts, exact=exact)
    gains = seat_gains(play)
    replies = {point: _best(gains[point]) for point in POINTS}
    return Round(replies, exploitability(play, gains))


def fictitious_play(
    rounds: int, counts: Counts | None = None
) -> tuple[dict[Point, dict[int, int]], list[Round]]:
    """``rounds`` more rounds from ``counts`` (default: K-4 at every point, played once)."""
    current = {p: dict(counts[p]) if counts else {START: 1} for p in POINTS}
    history = []
    for _ in range(rounds):
        found = play_round(current)
        for point, reply in found.replies.items():
            current[point][reply] = current[point].get(reply, 0) + 1
        history.append(found)
    return current, history


_PLAYED: dict[Point, str] = {  # threshold*rounds, for each point
    (): (
        "3-2*2 8-4*2 8-5*2 9-5*2 9-6*20 9-7*3 9-8*2 10-4*1 10-5*4 10-6*8 10-7*5 10-8*7 "
        "10-9*4 J-2*3 J-3*4 J-4*5 J-5*4 J-6*9 J-7*6 J-8*5 J-9*2 J-10*3 Q-2*1 Q-3*1 Q-4*4 "
        "Q-5*4 Q-6*12 Q-7*5 Q-8*6 Q-9*7 Q-10*11 Q-J*29 K-2*12 K-4*1"
    ),
    (True,): (
        "Q-2*1 Q-5*1 Q-7*1 K-2*2 K-4*2 K-5*6 K-6*59 K-7*23 K-8*24 K-9*33 K-10*27 K-J*9 K-Q*7 A-2*1"
    ),
    (False,): (
        "3-2*65 4-2*4 4-3*5 5-3*8 6-3*4 6-4*8 7-3*8 7-4*10 7-5*4 8-3*4 8-4*8 8-5*6 8-6*1 "
        "9-4*6 9-5*6 9-6*2 9-7*15 9-8*14 10-2*9 10-3*8 K-4*1"
    ),
    (True, True): ("K-4*1 A-2*3 A-3*4 A-4*2 A-5*4 A-6*58 A-7*123 A-8*1"),
    (True, False): (
        "10-7*1 J-2*1 J-6*1 Q-2*1 Q-4*1 Q-8*1 Q-10*1 K-2*69 K-3*21 K-4*21 K-5*27 K-6*35 "
        "K-7*6 K-8*9 A-2*1"
    ),
    (False, True): (
        "10-3*8 10-4*3 10-5*1 10-6*2 10-7*18 10-8*19 10-9*17 J-2*108 J-3*7 J-4*5 J-5*6 K-4*1 A-2*1"
    ),
}
KEPT: dict[Point, dict[str, int]] = {
    point: {name: int(n) for name, n in (item.split("*") for item in text.split())}
    for point, text in _PLAYED.items()
}
"""The thresholds each point played in the kept run of :func:`fictitious_play`, and how often."""


def kept_counts() -> dict[Point, dict[int, int]]:
    """:data:`KEPT` by class index, as :func:`fictitious_play` counts."""
    return {
        point: {ALL_STRENGTHS.index(hand_class(name)): n for name, n in KEPT[point].items()}
        for point in POINTS
    }


@cache
def kept_play() -> dict[Point, tuple[Fraction, ...]]:
    """The kept fictitious-play average (:data:`KEPT`), exact, at every point."""
    counts = kept_counts()
    return {point: average(counts[point]) for point in POINTS}
