"""Coalitions at four to ten players: how much can players 2..n take from player 1?

As at three players (:mod:`guts_teach.strategy.equilibria.coalitions`), one player keeps to
the symmetric equilibrium (the mixed one where there is no pure one) and the others agree on a
*joint threshold plan*, each going in with its own class or better, declaring at once, shares
by the one-deal rule (each player counts ``1/n`` of whatever carries over), so the shares add
up to one pot and the best plan for the coalition is the one that leaves the lone player least.

A plan of ``n - 1`` thresholds has ``91 ** (n - 1)`` choices, too many to value every one
exactly beyond three players, so the plan is *searched* by a stated numerical method:

1. **Sampled coordinate search.** ``samples`` deals are drawn once (a seeded
   :class:`random.Random` shuffles the 52 cards and deals every seat two), the same deals for
   every plan. From a start, each coalition seat in turn takes the threshold that leaves the
   lone player least on those deals, the others' thresholds held (all 91 thresholds of a seat
   valued in one pass over the deals); rounds go on until no seat moves. The starts are
   everyone at the lone player's threshold and the coalition always in; the best end wins.
   This finds a plan no single seat can improve on the sample, not a proven best of all plans.
2. **Its value.** Exact at four players (and three): every deal counted by class, card removal
   exact, the last seat's hands summed by class ranges from its deck's counts
   (:func:`exact_lone_share`). From five players the value is the sample's mean with its
   standard error.

>>> found = coalition_search(players=4, samples=2_000, seed=1, exact=False)
>>> found.players, len(found.plan), found.lone_share is None
(4, 3, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb, lcm, sqrt
from typing import Any

from ...game.cards.hands import ALL_STRENGTHS, Strength
from ...game.rules import WEENIE_TIES, WeenieTies
from ..counting.odds import check_table_size
from .mixed import MixedThreshold, equilibrium_play
from .thresholds import Threshold

N = len(ALL_STRENGTHS)
EXACT_UP_TO = 4
"""The largest table whose plan values are counted exactly (four: 91^3 deals by class)."""
_INDEX = {(s.high, s.low): i for i, s in enumerate(ALL_STRENGTHS)}


def deal_share(
    ins: tuple[bool, ...],
    classes: tuple[int, ...],
    *,
    weenie: bool = False,
    share_one: bool = False,
) -> Fraction:
    """Seat 0's share of a pot of 1 in one deal: what it takes, less what it pays, plus
    ``1/n`` of what carries over (R3-R5; V7 with ``weenie``, tied payers each paying or,
    with ``share_one``, sharing one payment). ``classes`` are indices into ``ALL_STRENGTHS``.

    >>> deal_share((True, True, False, False), (90, 0, 5, 7))  # A-A beats 3-2 in: 1 + 1/4
    Fraction(5, 4)
    >>> deal_share((False,) * 4, (90, 0, 5, 7), weenie=True)  # nobody in: A-A pays the pot
    Fraction(-1, 2)
    """
    return Fraction(_scaled(ins, classes, weenie, share_one), _scale(len(ins)))


@cache
def _scale(players: int) -> int:
    return players * lcm(*range(1, players + 1))


def _scaled(ins: tuple[bool, ...], classes: tuple[int, ...], weenie: bool, share_one: bool) -> int:
    """:func:`deal_share` times :func:`_scale`, in integers (the search's inner loop)."""
    players = len(ins)
    scale = _scale(players)
    per_player = scale // players
    if not any(ins):
        if not weenie:
            return per_player  # the pot stays: 1/n of it each
        top = max(classes)
        payers = classes.count(top)
        if share_one:  # one pot paid, shared by the tied
            return 2 * per_player - (scale // payers if classes[0] == top else 0)
        return (1 + payers) * per_player - (scale if classes[0] == top else 0)
    top = max(c for c, i in zip(classes, ins, strict=True) if i)
    winners = sum(1 for c, i in zip(classes, ins, strict=True) if i and c == top)
    losers = sum(ins) - winners
    mine = 0
    if ins[0]:
        mine = scale // winners if classes[0] == top else -scale
    return mine + losers * per_player


def _chances(lone: Threshold | MixedThreshold) -> tuple[Fraction, ...]:
    """The lone player's chance of going in with each class."""
    if isinstance(lone, MixedThreshold):
        edge = lone.edge.value
        return tuple(
            Fraction(1) if s.value > edge else lone.mix if s.value == edge else Fraction(0)
            for s in ALL_STRENGTHS
        )
    strength = lone.strength
    return tuple(Fraction(int(s.value >= strength.value)) for s in ALL_STRENGTHS)


def lone_play(players: int, weenie: bool, weenie_ties: WeenieTies) -> Threshold | MixedThreshold:
    """The lone player's play: the symmetric equilibrium's."""
    if weenie_ties not in WEENIE_TIES:
        raise ValueError(
            f"weenie_ties must be one of {', '.join(WEENIE_TIES)}; got {weenie_ties!r}"
        )
    check_table_size(players)
    return equilibrium_play(players=players, weenie=weenie, weenie_ties=weenie_ties)


# ------------------------------------------------------------------ exact, by class


def _take(left: list[int], cls: int) -> int:
    strength = ALL_STRENGTHS[cls]
    if strength.is_pair:
        return comb(left[strength.high], 2)
    return left[strength.high] * left[strength.low]


def _move(left: list[int], cls: int, step: int) -> None:
    strength = ALL_STRENGTHS[cls]
    left[strength.high] += step
    left[strength.low] += step


@cache
def _prefix(left: tuple[int, ...]) -> tuple[int, ...]:
    """Cumulative counts of the hands, class by class, that the cards ``left`` can make."""
    counts = list(left)
    running, prefix = 0, [0]
    for cls in range(N):
        running += _take(counts, cls)
        prefix.append(running)
    return tuple(prefix)


def exact_lone_share(
    plan: tuple[int, ...],
    *,
    players: int,
    weenie: bool = False,
    weenie_ties: WeenieTies = "each_pays",
) -> Fraction:
    """The lone player's exact share of the pot when the coalition goes in at the class
    indices ``plan`` (one a seat), counted over every deal by class (three or four players).

    The seats' classes are dealt one by one from the deck's rank counts (card removal
    exact); the last seat's classes are summed in ranges over which the share cannot change
    (between its threshold and the classes already dealt), from its deck's cumulative counts.

    >>> from guts_teach.game.cards.hands import hand_class
    >>> k4 = ALL_STRENGTHS.index(hand_class("K-4"))
    >>> exact_lone_share((k4, k4), players=3)  # all at the equilibrium: a third
    Fraction(1, 3)
    """
    if not 3 <= players <= EXACT_UP_TO or len(plan) != players - 1:
        raise ValueError(
            f"exact plan values are counted at 3 to {EXACT_UP_TO} players, with a threshold for "
            f"each of the {players - 1} others; got {players} players and plan {plan}"
        )
    return sum(_by_first_seat(plan, players, weenie, weenie_ties), Fraction(0))


@cache
def _by_first_seat(
    plan: tuple[int, ...], players: int, weenie: bool, weenie_ties: WeenieTies
) -> tuple[Fraction, ...]:
    """The lone player's share summed over the deals where the first coalition seat holds
    each class (so they add up to :func:`exact_lone_share`): what a best reply of that seat
    is chosen from. A threshold of 0 keeps the seat always in, ``N`` always out."""
    chances = _chances(lone_play(players, weenie, weenie_ties))
    share_one = weenie_ties == "share_one"
    left = [0, 0, *([4] * 13)]  # cards left by rank (2..14)
    totals = [Fraction(0)] * N
    for lone in range(N):
        dealt = _take(left, lone)
        _move(left, lone, -1)
        p = chances[lone]
        for first in range(N):
            ways = _take(left, first)
            if not ways:
                continue
            _move(left, first, -1)
            for act, chance in ((True, p), (False, 1 - p)):
                if chance:
                    ins = (act, first >= plan[0])
                    sub = _deal_rest(left, plan, (lone, first), ins, weenie, share_one)
                    totals[first] += chance * dealt * ways * sub
            _move(left, first, 1)
        _move(left, lone, 1)
    deals = 1
    for k in range(players):
        deals *= comb(52 - 2 * k, 2)
    return tuple(total / (deals * _scale(players)) for total in totals)


def exact_seat_values(
    plan: tuple[int, ...], seat: int, *, players: int, weenie: bool, weenie_ties: WeenieTies
) -> list[Fraction]:
    """The lone player's exact share for each threshold of coalition ``seat`` (an index into
    ``plan``), the other seats' thresholds held. Coalition seats are alike, so ``seat`` is
    dealt first; its hands are valued always in and always out, and a threshold takes the
    first above it and the second below.

    >>> values = exact_seat_values((0, 80), 1, players=3, weenie=False, weenie_ties="each_pays")
    >>> str(ALL_STRENGTHS[values.index(min(values))])  # against a partner always in
    'A-J'
    """
    rest = plan[:seat] + plan[seat + 1 :]
    always = _by_first_seat((0, *rest), players, weenie, weenie_ties)
    never = _by_first_seat((N, *rest), players, weenie, weenie_ties)
    values, running = [Fraction(0)] * N, sum(never, Fraction(0))
    for cls in reversed(range(N)):
        running += always[cls] - never[cls]
        values[cls] = running
    return values


def _deal_rest(
    left: list[int],
    plan: tuple[int, ...],
    classes: tuple[int, ...],
    ins: tuple[bool, ...],
    weenie: bool,
    share_one: bool,
) -> int:
    """Scaled shares summed over the deals of the seats not yet dealt (weighted by ways)."""
    seat = len(classes) - 1  # the coalition seat about to be dealt is plan[seat]
    threshold = plan[seat]
    if seat == len(plan) - 1:  # the last seat: sum its classes by ranges
        return _last_seat(_prefix(tuple(left)), classes, ins, threshold, weenie, share_one)
    total = 0
    for cls in range(N):
        ways = _take(left, cls)
        if not ways:
            continue
        _move(left, cls, -1)
        inner = _deal_rest(left, plan, (*classes, cls), (*ins, cls >= threshold), weenie, share_one)
        _move(left, cls, 1)
        total += ways * inner
    return total


def _last_seat(
    prefix: tuple[int, ...],
    classes: tuple[int, ...],
    ins: tuple[bool, ...],
    threshold: int,
    weenie: bool,
    share_one: bool,
) -> int:
    """Seat 0's scaled share summed over the last seat's hands (``prefix``: their cumulative
    counts by class), the other seats' ``classes`` and ``ins`` given. The share is the same
    for every class of the last seat in each of a few ranges: out, or in below, level with or
    above the best hand in (and, nobody in under the weenie rule, below, level with or above
    the best hand of all), so each range counts once; :func:`_scaled` says the same deal by
    deal (the tests compare the two)."""
    players = len(classes) + 1
    scale = _scale(players)
    per = scale // players
    mine = ins[0]
    held = [c for c, i in zip(classes, ins, strict=True) if i]
    total = 0

    def count(lo: int, hi: int) -> int:
        lo, hi = max(lo, 0), min(hi, N)
        return prefix[hi] - prefix[lo] if lo < hi else 0

    if held:
        top = max(held)
        winners, playing = held.count(top), len(held)
        losers = playing - winners
        out = (scale // winners if classes[0] == top else -scale) * mine + losers * per
        total += count(0, threshold) * out
        total += count(threshold, top) * (out + per)  # in and beaten: one more loser
        level = (scale // (winners + 1) if classes[0] == top else -scale) * mine + losers * per
        total += count(max(threshold, top), top + 1) * level
        total += count(max(threshold, top + 1), N) * (-scale * mine + playing * per)
        return total
    # Nobody else in: in, the last seat takes the pot alone (seat 0 out, no losers).
    if not weenie:
        return count(0, threshold) * per
    top = max(classes)
    tied = classes.count(top)
    payer = classes[0] == top
    for lo, hi, payers, seat0_pays in (
        (0, top, tied, payer),  # below the best hand dealt
        (top, top + 1, tied + 1, payer),  # level with it
        (top + 1, N, 1, False),  # the last seat's hand is the best: it pays
    ):
        if share_one:
            share = 2 * per - (scale // payers if seat0_pays else 0)
        else:
            share = (1 + payers) * per - (scale if seat0_pays else 0)
        total += count(lo, min(hi, threshold)) * share
    return total


# ------------------------------------------------------------------ the sampled search


def sampled_deals(players: int, samples: int, rng: random.Random) -> list[tuple[int, ...]]:
    """``samples`` deals of ``players`` two-card hands, each as its seats' class indices
    (seat 0 first), from shuffles of the full deck by ``rng``.

    >>> deals = sampled_deals(4, 3, random.Random(1))
    >>> len(deals), all(len(d) == 4 and all(0 <= c < N for c in d) for d in deals)
    (3, True)
    """
    deck = [rank for rank in range(2, 15) for _ in range(4)]
    deals = []
    for _ in range(samples):
        cards = rng.sample(deck, 2 * players)
        deals.append(
            tuple(
                _INDEX[(max(a, b), min(a, b))] for a, b in zip(cards[::2], cards[1::2], strict=True)
            )
        )
    return deals


@dataclass(frozen=True)
class _Sample:
    """The drawn deals and what the search needs to value plans on them."""

    deals: list[tuple[int, ...]]
    chances: tuple[float, ...]
    weenie: bool
    share_one: bool
    scale: int

    def seat_values(self, plan: list[int], seat: int) -> list[float]:
        """The lone player's summed share (scaled) for each threshold of coalition ``seat``
        (an index into ``plan``), the other seats' thresholds held: one pass over the deals."""
        base, delta = 0.0, [0.0] * N
        for deal in self.deals:
            others = [deal[s + 1] >= t for s, t in enumerate(plan)]
            p = self.chances[deal[0]]
            worth = {}
            for mine in (True, False):
                others[seat] = mine
                total = 0.0
                for act, chance in ((True, p), (False, 1 - p)):
                    if chance:
                        total += chance * _scaled((act, *others), deal, self.weenie, self.share_one)
                worth[mine] = total
            base += worth[False]
            delta[deal[seat + 1]] += worth[True] - worth[False]
        values, running = [0.0] * N, base
        for cls in reversed(range(N)):
            running += delta[cls]
            values[cls] = running
        return values

    def mean_and_error(self, plan: list[int]) -> tuple[float, float]:
        """The lone player's mean share over the deals and its standard error."""
        shares = []
        for deal in self.deals:
            others = tuple(deal[s + 1] >= t for s, t in enumerate(plan))
            p = self.chances[deal[0]]
            share = 0.0
            for act, chance in ((True, p), (False, 1 - p)):
                if chance:
                    share += chance * _scaled((act, *others), deal, self.weenie, self.share_one)
            shares.append(share / self.scale)
        mean = sum(shares) / len(shares)
        spread = sum((x - mean) ** 2 for x in shares) / max(len(shares) - 1, 1)
        return mean, sqrt(spread / len(shares))


def _descend(
    values_of: Callable[[list[int], int], Sequence[Any]], plan: list[int], rounds: int = 20
) -> list[int]:
    """Coordinate search: each seat in turn to its best threshold by ``values_of(plan, seat)``
    (the lone player's share for each of the seat's thresholds; ties kept where the seat
    stands, else the weakest), until a round moves no seat."""
    for _ in range(rounds):
        moved = False
        for seat in range(len(plan)):
            values = list(values_of(plan, seat))
            best = min(values)
            if values[plan[seat]] > best:
                plan[seat] = values.index(best)
                moved = True
        if not moved:
            break
    return plan


def _descend_exact(
    plan: list[int], players: int, weenie: bool, weenie_ties: WeenieTies, rounds: int = 20
) -> list[int]:
    """:func:`_descend` with exact values (four players at most): ends where no seat alone
    can leave the lone player less, exactly."""

    def exact(plan: list[int], seat: int) -> Sequence[Any]:
        return exact_seat_values(
            tuple(plan), seat, players=players, weenie=weenie, weenie_ties=weenie_ties
        )

    return _descend(exact, plan, rounds)


@dataclass(frozen=True)
class ManyCoalition:
    """The coalition's plan found against the lone equilibrium player at ``players``:
    ``plan`` (one threshold a coalition seat), the lone player's ``sampled_share`` (mean and
    standard error over ``samples`` seeded deals) and, where counted (four players at most),
    its exact ``lone_share``."""

    players: int
    lone: Threshold | MixedThreshold
    plan: tuple[Strength, ...]
    weenie: bool
    weenie_ties: WeenieTies
    samples: int
    seed: int
    sampled_share: float
    sampled_error: float
    lone_share: Fraction | None

    @property
    def fair(self) -> Fraction:
        """The lone player's share when everyone plays alike: ``1/n``."""
        return Fraction(1, self.players)

    @property
    def loss(self) -> Fraction | None:
        """What the lone player loses against ``1/n``, exactly (where counted)."""
        return None if self.lone_share is None else self.fair - self.lone_share

    @property
    def value_exact(self) -> bool:
        """True when ``lone_share`` is exact: counted, against a lone play that is exact (an
        approximate mix makes the count exact for that mix only)."""
        mixed = isinstance(self.lone, MixedThreshold)
        return self.lone_share is not None and not (mixed and not self.lone.exact)  # type: ignore[union-attr]

    @property
    def method(self) -> str:
        """How the plan and its value were obtained, in words."""
        searched = (
            f"plan: coordinate search (each coalition seat in turn to its best of 91 thresholds, "
            f"the others held) on {self.samples:,} seeded deals (seed {self.seed}) from two starts"
        )
        if self.lone_share is not None:
            searched += (
                ", then with exact values from its end, until no seat alone can leave the lone "
                "player less (a local best, not a proof that no plan does better)"
            )
            value = "value: exact, every deal counted by class with card removal"
            if not self.value_exact:
                value = (
                    "value: approximate, every deal counted exactly by class against the lone "
                    "player's approximate mix (an irrational root, to within 2^-96)"
                )
        else:
            searched += (
                ", until no seat alone does better on the sample (a local best on the sample, "
                "not a proof that no plan does better)"
            )
            value = "value: the sample's mean with its standard error"
        return f"{searched}; {value}"


def coalition_search(
    *,
    players: int,
    weenie: bool = False,
    weenie_ties: WeenieTies = "each_pays",
    samples: int = 20_000,
    seed: int = 1,
    exact: bool = True,
) -> ManyCoalition:
    """The coalition's plan against one equilibrium player at a table of ``players`` (3 to
    10), by the sampled coordinate search; with ``exact`` (and four players at most) the
    plan's value is then counted exactly (half a minute at four)."""
    lone = lone_play(players, weenie, weenie_ties)
    share_one = weenie_ties == "share_one"
    if samples < 100:
        raise ValueError(f"samples must be at least 100; got {samples}")
    sample = _Sample(
        sampled_deals(players, samples, random.Random(seed)),
        tuple(float(p) for p in _chances(lone)),
        weenie,
        share_one,
        _scale(players),
    )
    edge = lone.edge if isinstance(lone, MixedThreshold) else lone.strength
    start = ALL_STRENGTHS.index(edge)
    ends = [
        _descend(sample.seat_values, [start] * (players - 1)),
        _descend(sample.seat_values, [0] * (players - 1)),
    ]
    scored = [(sample.mean_and_error(plan), plan) for plan in ends]
    _, plan = min(scored, key=lambda item: (item[0][0], item[1]))
    counted = None
    if exact and players <= EXACT_UP_TO:
        plan = _descend_exact(plan, players, weenie, weenie_ties)
        counted = exact_lone_share(
            tuple(plan), players=players, weenie=weenie, weenie_ties=weenie_ties
        )
    plan = sorted(plan)  # the seats are alike: weakest threshold first
    mean, error = sample.mean_and_error(plan)
    return ManyCoalition(
        players,
        lone,
        tuple(ALL_STRENGTHS[c] for c in plan),
        weenie,
        weenie_ties,
        samples,
        seed,
        mean,
        error,
        counted,
    )
