"""How many deals give each seat a hand of a given class: exact counts from rank counts.

Suits never count (R1), so a class is its two ranks; a pair class takes two of the cards its
rank has left, any other class one card of each of its ranks. Dealing seat by seat and taking
the cards each hand uses out of the deck counts every ordered deal once, card removal exact.
The games of declaring in turn (:mod:`guts_teach.strategy.in_turn.heads_up`,
:mod:`guts_teach.strategy.in_turn.three_gains`) weigh each pair or triple of classes by these
counts.

>>> from guts_teach.game.cards.hands import hand
>>> aces, kings = hand("As Ad").strength, hand("Ks Kd").strength
>>> ways(aces), ways(aces, aces), ways(aces, kings)
(6, 6, 36)
>>> sum(pair_table()[0]) == ways(ALL_STRENGTHS[0]) * 1225  # 3-2, against any of 1,225 hands
True
"""

from __future__ import annotations

from functools import cache
from math import comb

from ...game.cards.hands import ALL_STRENGTHS, Strength

FULL = 4  # cards of each rank in the deck


def _take(left: dict[int, int], strength: Strength) -> int:
    """Ways to take a hand of ``strength`` from the cards ``left`` (by rank), and take it."""
    if strength.is_pair:
        found = comb(left[strength.high], 2)
        left[strength.high] -= 2
    else:
        found = left[strength.high] * left[strength.low]
        left[strength.high] -= 1
        left[strength.low] -= 1
    return found


def ways(*classes: Strength) -> int:
    """Ordered deals giving the seats, in order, hands of these ``classes`` (one deck)."""
    left = dict.fromkeys(range(2, 15), FULL)
    total = 1
    for strength in classes:
        total *= _take(left, strength)
        if not total:
            return 0
    return total


@cache
def pair_table() -> tuple[tuple[int, ...], ...]:
    """``pair_table()[i][j]``: deals giving the first seat class ``i`` and the second class
    ``j`` (indices into ``ALL_STRENGTHS``, weakest first)."""
    return tuple(tuple(ways(a, b) for b in ALL_STRENGTHS) for a in ALL_STRENGTHS)


@cache
def triple_table() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``triple_table()[i][j][k]``: deals giving three seats classes ``i``, ``j``, ``k``.

    The count depends only on the three classes, so it is shared by every seat order."""
    n = len(ALL_STRENGTHS)
    ranks = [(s.is_pair, s.high, s.low) for s in ALL_STRENGTHS]
    table = []
    for first in ALL_STRENGTHS:
        rows = []
        for second in ALL_STRENGTHS:
            left = dict.fromkeys(range(2, 15), FULL)
            both = _take(left, first)
            both *= _take(left, second) if both else 0
            if both <= 0:
                rows.append((0,) * n)
                continue
            rows.append(
                tuple(both * (comb(left[h], 2) if p else left[h] * left[lo]) for p, h, lo in ranks)
            )
        table.append(tuple(rows))
    return tuple(table)


@cache
def triple_prefix() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``triple_prefix()[a][b][c]``: deals with classes ``a``, ``b`` and any class below ``c``."""
    table = triple_table()
    out = []
    for rows in table:
        sums = []
        for row in rows:
            running, line = 0, [0]
            for count in row:
                running += count
                line.append(running)
            sums.append(tuple(line))
        out.append(tuple(sums))
    return tuple(out)
