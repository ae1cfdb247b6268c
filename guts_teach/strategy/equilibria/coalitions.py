"""Coalitions against one equilibrium player: how much can players 2..n take from player 1?

The papers on Guts (Castronova, Chen and Zumbrun; Buck et al.; Babyak et al.) ask whether a
group of players deviating together can beat a lone player who keeps to the symmetric
equilibrium. Here the lone player plays the equilibrium (the mixed one where there is no pure
one, :mod:`guts_teach.strategy.equilibria.mixed`) and the others agree on a *joint threshold plan*:
each of them goes in with its own threshold class or better, declaring at once as usual, without
seeing each other's cards. Shares follow the lab's one-deal rule (each player counts a third
of whatever carries over), so the three shares add up to one pot and the coalition's best plan
is the one that leaves the lone player least. A correlated plan (the coalition drawing a joint
plan by lot) is worth the average of its plans, so the best pure plan is also the best
correlated one.

Exact at three players: every one of the 91 x 91 joint plans is valued from class-triple deal
counts (card removal exact, :func:`guts_teach.strategy.counting.class_deals.triple_table`). For each
pair of coalition hands and each way the two go in or out, the lone player's share summed over
its own hands is one number; two-dimensional prefix sums then value any pair of thresholds at
once.

With the weenie rule (V7) nobody in makes the best hand pay the pot into it (each tied player
paying, or sharing one payment, ``weenie_ties``).

>>> found = best_coalition(weenie=False)
>>> found.lone_share < Fraction(1, 3), str(found.plan[0]), str(found.plan[1])
(True, '3-2', 'A-J')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import pairwise, product

from ...game.cards.hands import ALL_STRENGTHS, Strength
from ...game.rules import WEENIE_TIES, WeenieTies
from ..counting.class_deals import triple_prefix
from ..in_turn.heads_up import in_chances
from ..in_turn.three_gains import DEALS, N, share
from .mixed import MixedThreshold, equilibrium_play
from .thresholds import Threshold

ZERO = Fraction(0)


def simultaneous_share(
    seat: int,
    ins: tuple[bool, bool, bool],
    classes: tuple[int, int, int],
    *,
    weenie: bool = False,
    share_one: bool = False,
) -> int:
    """Six times ``seat``'s share of the pot when the seats ``ins`` declared in at once
    (three players; R3-R5, and V7 with ``weenie``)."""
    playing = [s for s in range(3) if ins[s]]
    if not playing:
        if not weenie:
            return 2  # the pot stays: a third of it each (R3)
        top = max(classes)
        payers = [s for s in range(3) if classes[s] == top]
        if share_one:
            return 4 - (6 // len(payers) if seat in payers else 0)
        return 2 * (1 + len(payers)) - (6 if seat in payers else 0)
    return share(seat, ins, classes)  # someone in: as when declaring in turn


@dataclass(frozen=True)
class Coalition:
    """The coalition's best joint plan against the lone player's ``lone`` play: ``plan``
    (the two thresholds), the lone player's ``lone_share`` of the pot and its ``loss``
    against the fair third; ``coalition_share`` is the rest."""

    lone: Threshold | MixedThreshold
    plan: tuple[Strength, Strength]
    lone_share: Fraction
    weenie: bool
    weenie_ties: WeenieTies

    @property
    def loss(self) -> Fraction:
        """What the lone player loses against a third of the pot."""
        return Fraction(1, 3) - self.lone_share

    @property
    def coalition_share(self) -> Fraction:
        """The two coalition players' shares together."""
        return 1 - self.lone_share


def _lone_chances(play: Threshold | MixedThreshold) -> tuple[Fraction, ...]:
    if isinstance(play, MixedThreshold):
        return in_chances(play)
    return tuple(Fraction(int(s.value >= play.strength.value)) for s in ALL_STRENGTHS)


@cache
def _tables(
    weenie: bool, share_one: bool
) -> tuple[Threshold | MixedThreshold, dict[tuple[bool, bool], list[list[int | Fraction]]]]:
    """The lone player's play, and for each way the coalition goes in: 2-D prefix sums over
    the coalition's classes of the lone player's share (sixths, summed over deals)."""
    lone = equilibrium_play(
        players=3, weenie=weenie, weenie_ties="share_one" if share_one else "each_pays"
    )
    chances = _lone_chances(lone)
    cuts = {c for c in range(1, N) if chances[c] != chances[c - 1]}
    sums: dict[tuple[bool, bool], list[list[int | Fraction]]] = {}
    ways = ((True, True), (True, False), (False, True), (False, False))
    grids = {acts: [[ZERO] * N for _ in range(N)] for acts in ways}
    for j, k in product(range(N), repeat=2):
        prefix = triple_prefix()[j][k]
        points = sorted({0, N, *cuts, *(c for c in (j, j + 1, k, k + 1) if 0 < c < N)})
        for lo, hi in pairwise(points):
            weight = prefix[hi] - prefix[lo]
            if not weight:
                continue
            p = chances[lo]
            for a, b in grids:
                worth = ZERO
                for mine, chance in ((True, p), (False, 1 - p)):
                    if chance:
                        s = simultaneous_share(
                            0, (mine, a, b), (lo, j, k), weenie=weenie, share_one=share_one
                        )
                        worth += chance * s
                grids[(a, b)][j][k] += weight * worth
    for acts, grid in grids.items():
        table: list[list[int | Fraction]] = [[ZERO] * (N + 1) for _ in range(N + 1)]
        for j in range(N):
            for k in range(N):
                table[j + 1][k + 1] = grid[j][k] + table[j][k + 1] + table[j + 1][k] - table[j][k]
        sums[acts] = table
    return lone, sums


def _rect(table: list[list[int | Fraction]], j0: int, j1: int, k0: int, k1: int) -> int | Fraction:
    return table[j1][k1] - table[j0][k1] - table[j1][k0] + table[j0][k0]


def lone_share(
    plan: tuple[int, int], *, weenie: bool = False, weenie_ties: WeenieTies = "each_pays"
) -> Fraction:
    """The lone player's share of the pot when the coalition goes in at the class indices
    ``plan`` (weakest first).

    >>> eq = ALL_STRENGTHS.index(equilibrium_play(players=3).strength)
    >>> lone_share((eq, eq))  # everyone at the equilibrium: a third each
    Fraction(1, 3)
    """
    if weenie_ties not in WEENIE_TIES:
        raise ValueError(
            f"weenie_ties must be one of {', '.join(WEENIE_TIES)}; got {weenie_ties!r}"
        )
    _, sums = _tables(weenie, weenie_ties == "share_one")
    t2, t3 = plan
    total = (
        _rect(sums[(True, True)], t2, N, t3, N)
        + _rect(sums[(True, False)], t2, N, 0, t3)
        + _rect(sums[(False, True)], 0, t2, t3, N)
        + _rect(sums[(False, False)], 0, t2, 0, t3)
    )
    return Fraction(total) / (6 * DEALS)


@cache
def best_coalition(*, weenie: bool = False, weenie_ties: WeenieTies = "each_pays") -> Coalition:
    """The joint threshold plan of the other two that leaves the lone equilibrium player least
    (all 8,281 plans, exact; ties to the first found, weakest thresholds first)."""
    lone, _ = _tables(weenie, weenie_ties == "share_one")
    best: tuple[Fraction, tuple[int, int]] | None = None
    for t2, t3 in product(range(N), repeat=2):
        share = lone_share((t2, t3), weenie=weenie, weenie_ties=weenie_ties)
        if best is None or share < best[0]:
            best = (share, (t2, t3))
    assert best is not None
    share, (t2, t3) = best
    return Coalition(lone, (ALL_STRENGTHS[t2], ALL_STRENGTHS[t3]), share, weenie, weenie_ties)
