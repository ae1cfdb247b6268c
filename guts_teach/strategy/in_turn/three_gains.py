"""Declaring in turn at three players (V1): exact gains of every seat, conditioned on what it heard.

Seats in the order they declare: the first (the dealer's left), the second, the dealer. The
second hears the first; the dealer hears both, and takes the pot undeclared when both are out
(V1). A way of playing gives, at each of these six points (first; second after "in" or
"out"; dealer after in-in, in-out or out-in), the chance of going in with each of the 91
classes. Shares follow the lab's one-deal rule: one player in takes the pot (R4); several
in, the best hands share it, every other player in pays its size into the next pot (R5), and
a third of that next pot counts for each player. Deals are weighed by exact counts of class
triples (card removal exact, :func:`guts_teach.strategy.counting.class_deals.triple_table`); the
count is the same whatever seat holds which class, and prefix sums over the last class let a
range of classes where nothing changes be added at once.

Gains are in sixths of a pot, summed over deals (divide by :data:`DEALS` for a share).

>>> from guts_teach.game.cards.hands import hand
>>> always = {point: ALWAYS for point in POINTS}
>>> gains = seat_gains(always)
>>> gains[()][ALL_STRENGTHS.index(hand("As Ad").strength)] > 0
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import pairwise, product

from ...game.cards.hands import ALL_STRENGTHS
from ..counting.class_deals import triple_prefix

N = len(ALL_STRENGTHS)
DEALS = 1326 * 1225 * 1128  # ordered three-seat deals
Point = tuple[bool, ...]  # what a seat heard before its turn: () first, (in,) second, ...
POINTS: tuple[Point, ...] = ((), (True,), (False,), (True, True), (True, False), (False, True))
NAMES = {
    (): "first player",
    (True,): 'second, after "in"',
    (False,): 'second, after "out"',
    (True, True): "dealer, after in, in",
    (True, False): "dealer, after in, out",
    (False, True): "dealer, after out, in",
}
"""Each point in words."""
Chance = int | Fraction | float
Play = Mapping[Point, Sequence[Chance]]
ALWAYS: tuple[int, ...] = (1,) * N


def threshold(index: int, mix: Chance = 1) -> tuple[Chance, ...]:
    """In with classes above ``ALL_STRENGTHS[index]``, and with it with chance ``mix``."""
    return tuple(1 if c > index else mix if c == index else 0 for c in range(N))


def share(seat: int, ins: Sequence[bool], classes: Sequence[int]) -> int:
    """Six times ``seat``'s share of the pot when the seats ``ins`` are in."""
    playing = [s for s in range(3) if ins[s]]
    if len(playing) == 1:
        return 6 if ins[seat] else 0
    top = max(classes[s] for s in playing)
    winners = [s for s in playing if classes[s] == top]
    losers = len(playing) - len(winners)
    mine = 6 // len(winners) if seat in winners else -6 if ins[seat] else 0
    return mine + 2 * losers


def _segments(cuts: set[int]) -> list[tuple[int, int]]:
    points = sorted({0, N, *(c for c in cuts if 0 < c < N)})
    return list(pairwise(points))


def _cuts(chances: Sequence[Chance]) -> set[int]:
    return {c for c in range(1, N) if chances[c] != chances[c - 1]}


def seat_gains(play: Play) -> dict[Point, tuple[Chance, ...]]:
    """For every point of the game and every class held there: what going in rather than out
    is worth (sixths of a pot, summed over deals), the others playing ``play``.

    A seat's gain at a point counts the deals where the earlier seats did what it heard
    (weighed by their chances), and the later seats answer its in or out as ``play`` says."""
    gains: dict[Point, list[Chance]] = {p: [0] * N for p in POINTS}
    for seat in range(3):
        for acts, ins, classes, worth in _deals(play, seat):
            point = tuple(acts[:seat])
            if seat == 2 and point == (False, False):
                continue  # the dealer does not choose there
            gained = worth * share(seat, ins, classes)
            gains[point][classes[seat]] += gained if acts[seat] else -gained
    return {p: tuple(g) for p, g in gains.items()}


def seat_values(play: Play) -> tuple[Chance, Chance, Chance]:
    """Each seat's share of the pot (first, second, dealer) when all play ``play``; the
    three add up to one pot.

    >>> sum(seat_values({point: ALWAYS for point in POINTS}))
    Fraction(1, 1)
    """
    totals: list[Chance] = [Fraction(0)] * 3
    for _, ins, classes, worth in _deals(play, None):
        for seat in range(3):
            totals[seat] += worth * share(seat, ins, classes)
    first, second, dealer = (t / (6 * DEALS) for t in totals)
    return first, second, dealer


Deal = tuple[list[bool], list[bool], list[int], Chance]


def _deals(play: Play, seat: int | None) -> Iterator[Deal]:
    """Every way a deal can go, as (declarations, who is in, classes, deals times chance):
    ``seat``'s own declaration both ways (``None``: everyone's by ``play``). One seat's class
    runs over ranges where nothing changes, added at once by prefix sums."""
    fixed = 0 if seat is None else seat
    u, v = [s for s in range(3) if s != fixed]  # u looped over, v summed by ranges
    if seat is None:
        u, v = 1, 2
    v_cuts: set[int] = set()
    for point in POINTS:
        if len(point) == v:
            v_cuts |= _cuts(play[point])
    for x in range(N):
        for cu in range(N):
            prefix = triple_prefix()[x][cu]
            for lo, hi in _segments(v_cuts | {x, x + 1, cu, cu + 1}):
                weight = prefix[hi] - prefix[lo]
                if not weight:
                    continue
                classes = [0, 0, 0]
                classes[fixed], classes[u], classes[v] = x, cu, lo
                for acts in product((True, False), repeat=3):
                    chance = _chance(play, acts, classes, seat)
                    if chance:
                        ins = list(acts)
                        ins[2] = ins[2] or not (ins[0] or ins[1])  # the dealer takes (V1)
                        yield list(acts), ins, classes, weight * chance


def _chance(play: Play, acts: Sequence[bool], classes: Sequence[int], seat: int | None) -> Chance:
    """The chance that the seats other than ``seat`` act as ``acts`` says, holding ``classes``."""
    chance: Chance = 1
    for s in range(3):
        if s == seat:
            continue
        point = tuple(acts[:s])
        if s == 2 and point == (False, False):
            if acts[2]:
                return 0  # the dealer does not declare; counted once, as out
            continue
        p = play[point][classes[s]]
        chance *= p if acts[s] else 1 - p
        if not chance:
            return 0
    return chance
