"""Counting, exactly, the ways other players' two-card hands can all stay at or below a bound.

The counting engine behind :mod:`guts_teach.strategy.counting.odds` and
:mod:`guts_teach.strategy.equilibria.thresholds`. Some cards
are out of the deck (the hands you know); from the rest, how many unordered sets of ``j``
disjoint two-card hands have every hand ranked at or below ``bound``, and how many of those
hands are level with it? Only ranks matter for the ranking (R1), so the cards are taken rank
by rank, highest first, and a dynamic programme counts the ways to pair them: a card is left
undealt, closes a hand with a waiting higher card, pairs within its rank, or waits for a
lower card. The counts multiply by the ways to choose the cards and to match them.

Ranks play one of a few roles against the bound (above it, its top rank, its low rank,
between, below), and ranks in the same role are interchangeable. So only how many cards
each role's ranks have left matters, not which ranks they are: the programme is cached on
that, and the hands you know change few of the counts.

>>> from guts_teach.game.cards.hands import hand
>>> counts = below(removed=(), bound=hand("As Ad").strength)
>>> sum(counts[1].values())  # one hand from the full deck: any of the 1,326
1326
>>> counts[1][1]  # of which level with A-A: the six pairs of aces
6
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import cache
from math import comb, factorial, perm

from ...game.cards.hands import Strength

MAX_OTHERS = 9  # ten players at most (R11)

# How one rank's cards may be used, by their rank's role against the bound:
OPEN_TOP = "open top"  # the top rank of an unpaired bound: cards wait for a lower card
LOW_LEVEL = "low level"  # the bound's low rank: pairing with a waiting top card is level
LOW_BELOW = "below low"  # pairing with a waiting top card makes a weaker hand
LOW_ABOVE = "above low"  # pairing with a waiting top card would beat the bound
PAIR_ABOVE = "pair above"  # a paired bound: pairs of this rank would beat it
PAIR_LEVEL = "pair level"  # a paired bound: a pair of this rank is level
PAIR_BELOW = "pair below"  # a paired bound: pairs of this rank are weaker

Counts = dict[int, dict[int, int]]
"""For each number of hands ``j``: ways (unordered sets of hands) by how many are level."""


def role(bound: Strength, rank: int) -> str | None:
    """What cards of ``rank`` may do when every hand must stay at or below ``bound``
    (``None``: they cannot be dealt at all)."""
    top, low = bound.high, bound.low
    if bound.is_pair:
        return PAIR_ABOVE if rank > top else PAIR_LEVEL if rank == top else PAIR_BELOW
    if rank > top:
        return None  # no hand at or below an unpaired bound holds a card above its top
    if rank == top:
        return OPEN_TOP
    return LOW_LEVEL if rank == low else LOW_BELOW if rank < low else LOW_ABOVE


def below(*, removed: Iterable[Strength], bound: Strength, most: int = MAX_OTHERS) -> Counts:
    """Count the sets of 1 to ``most`` hands, from the deck without the ``removed`` hands'
    cards, with every hand at or below ``bound``, by how many are level with it."""
    left = dict.fromkeys(range(2, 15), 4)
    for known in removed:
        left[known.high] -= 1
        left[known.low] -= 1
    plan: list[tuple[str, int]] = []
    group: list[int] = []
    for rank in range(14, 1, -1):  # highest first; each role's ranks are next to each other
        kind = role(bound, rank)
        if kind is None:
            continue
        group.append(left[rank])
        if rank == 2 or role(bound, rank - 1) != kind:
            plan.extend((kind, n) for n in sorted(group, reverse=True))
            group = []
    return _count(tuple(plan), most)


@cache
def _count(plan: tuple[tuple[str, int], ...], most: int) -> Counts:
    result: dict[int, dict[int, int]] = defaultdict(dict)
    for (x, y, made, level), ways in _states(plan, most).items():
        if x == 0 and y == 0 and made:
            result[made][level] = result[made].get(level, 0) + ways
    return dict(result)


State = tuple[int, int, int, int]
"""(waiting top-rank cards, other waiting cards, hands formed, level hands)."""


@cache
def _states(plan: tuple[tuple[str, int], ...], most: int) -> dict[State, int]:
    """The programme's states after the ranks of ``plan``, and the ways to reach each.

    Cached by prefix: plans for different bounds and known hands share their first ranks
    (the roles above a bound repeat from bound to bound), so each prefix is counted once.
    """
    if not plan:
        return {(0, 0, 0, 0): 1}
    states = _states(plan[:-1], most)
    kind, cards = plan[-1]
    following: dict[State, int] = defaultdict(int)
    for (x, y, made, level), ways in states.items():
        room = most - made
        for need, nx, ny, formed, equal, count in _moves(cards, kind, x, y):
            if need > room:
                break  # every waiting card still needs a hand of its own
            following[(nx, ny, made + formed, level + equal)] += ways * count
    return dict(following)


@cache
def _moves(
    cards: int, kind: str, x: int, y: int
) -> tuple[tuple[int, int, int, int, int, int], ...]:
    """Every way to use one rank's ``cards`` with ``x`` top cards and ``y`` other cards
    waiting: (hands it commits to, new x, new y, hands formed, level hands formed, number of
    ways), fewest hands first; a move commits to the hands it forms and one for each card
    left waiting."""
    moves = []
    for used in range(cards + 1):
        for with_x in range(min(x, used) + 1):
            if with_x and kind not in (LOW_LEVEL, LOW_BELOW):
                break
            for with_y in range(min(y, used - with_x) + 1):
                rest = used - with_x - with_y
                for within in range(rest // 2 + 1):
                    if within and kind not in (PAIR_LEVEL, PAIR_BELOW):
                        break
                    opened = rest - 2 * within
                    if kind == OPEN_TOP:
                        if with_y:
                            continue
                        nx, ny = x + opened, y
                    else:
                        nx, ny = x - with_x, y - with_y + opened
                    level = with_x if kind == LOW_LEVEL else within if kind == PAIR_LEVEL else 0
                    ways = (
                        comb(cards, used)
                        * comb(used, with_x)
                        * comb(used - with_x, with_y)
                        * comb(rest, 2 * within)
                        * pairings(within)
                        * perm(x, with_x)
                        * perm(y, with_y)
                    )
                    formed = with_x + with_y + within
                    moves.append((formed + nx + ny, nx, ny, formed, level, ways))
    return tuple(sorted(moves))


@cache
def pairings(pairs: int) -> int:
    """Ways to split ``2 * pairs`` cards into ``pairs`` unordered pairs.

    >>> pairings(2)
    3
    """
    ways: int = factorial(2 * pairs) // (2**pairs * factorial(pairs))
    return ways


def ordered_deals(cards: int, hands: int) -> int:
    """Ways to deal ``hands`` two-card hands, one per seat, from ``cards`` cards.

    >>> ordered_deals(50, 1)
    1225
    """
    ways: int = factorial(cards) // (factorial(cards - 2 * hands) * 2**hands)
    return ways
