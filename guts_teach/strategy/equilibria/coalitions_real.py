"""A coalition's plan valued in the real game: the pot, the reserve and the cap carried on.

The coalition reports value a plan by the one-deal rule (what carries over is shared alike).
In the real game (R2-R7) nothing is shared: the losers' payments make the next pot, capped,
the excess waits in the reserve, and an emptied pot is refilled from it before anyone antes.
A plan's worth to the lone player is then its chips a deal in the long run.

**Exact, in plain Guts at three and four players** (:func:`exact_lone_money`). The plays do
not depend on the pot or the reserve, so every deal is one of a few showdowns (winners,
payers, the lone player's part), counted once over every deal by class with card removal
exact (:func:`plan_outcomes`). The state then moves as :mod:`.real_reply` describes: with a
reserve the pot is the cap and the reserve a walk in whole caps, the same at every height, so
the reserve either drifts up for good (the long run is a deal's money at the cap) or keeps
emptying, and each cap of it folds onto the small pots by Wald's identity; the long-run
equations are then solved there in fractions (:func:`long_run_money`).

**Simulated otherwise** (the weenie rule, five players and more; :func:`real_lone_money`):
one :class:`~guts_teach.game.play.session.Session` deals shuffled cards deal after deal,
every player declares by its threshold (the lone player's mix by a coin), and the rules core
settles. The estimate is the mean over equal batches of deals, its standard error from the
spread of the batch means (batches long enough that the pot and reserve forget where they
were).

Either is compared with the same long run when the partners play the lone player's own play
(exactly 0 when counted: then all play alike and the chips come back), so the difference is
what the plan costs the lone player, in chips a deal.

>>> import random
>>> from guts_teach.game.cards.hands import hand_class
>>> from guts_teach.game.rules import teaching
>>> k4 = Threshold(hand_class("K-4"))
>>> found = real_lone_money(k4, (hand_class("3-2"), hand_class("A-J")), rules=teaching(),
...                         deals=2_000, seed=3)
>>> found.deals, found.batches
(2000, 20)
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import pairwise

from ...game.cards.hands import ALL_STRENGTHS, Strength
from ...game.play.session import Session
from ...game.rules import Rules
from ..errors import StrategyError
from .coalitions_many import _move, _prefix, _take
from .mixed import MixedThreshold
from .real_reply import (
    ZERO,
    N,
    Outcome,
    State,
    _showdown,
    _solve,
    _step,
    _strength,
    descents,
    tower_move,
)
from .thresholds import Threshold

BATCHES = 20
"""Batches the deals are cut into for the standard error."""
EXACT_LONG_RUN = 4
"""The largest table whose long run :func:`exact_lone_money` counts exactly (plain Guts)."""


class DealsError(StrategyError, ValueError):
    """Too few deals (or too many) asked for a long run."""


@dataclass(frozen=True)
class LongRun:
    """The lone player's chips a deal in the long run (``mean``), its standard ``error``, and
    the chips a deal that went into the reserve for good (the reserve's growth), over
    ``deals`` deals in ``batches`` batches."""

    mean: float
    error: float
    reserve_growth: float
    deals: int
    batches: int


def real_lone_money(
    lone: Threshold | MixedThreshold,
    plan: Sequence[Strength],
    *,
    rules: Rules,
    deals: int = 100_000,
    seed: int = 1,
) -> LongRun:
    """The lone player's long-run chips a deal in the real game under ``rules``, against
    partners going in with the classes of ``plan`` or better."""
    if not BATCHES * 10 <= deals <= 10_000_000:
        raise DealsError(
            f"a long run needs from {BATCHES * 10:,} to 10,000,000 deals; got {deals:,}"
        )
    rng = random.Random(seed)
    seats = ["Lone", *(f"Partner {i}" for i in range(1, len(plan) + 1))]
    plays: list[Threshold | MixedThreshold] = [lone, *(Threshold(s) for s in plan)]
    size = deals // BATCHES
    pot: Fraction = Fraction(0)
    reserve: Fraction = Fraction(0)
    means: list[float] = []
    for _ in range(BATCHES):
        # a Session a batch keeps its history short; the pot and reserve carry on
        table = Session(seats, rules=rules, rng=rng, pot=pot, reserve=reserve)
        for _ in range(size):
            hands = table.deal_random()
            table.declare_all(
                [s for s, play in zip(seats, plays, strict=True) if play.goes_in(hands[s], rng)]
            )
            table.settle()
        means.append(float(table.net["Lone"]) / size)
        pot, reserve = table.pot, table.reserve
    total = size * BATCHES
    return LongRun(
        mean=statistics.fmean(means),
        error=statistics.stdev(means) / BATCHES**0.5,
        reserve_growth=float(reserve) / total,
        deals=total,
        batches=BATCHES,
    )


# ------------------------------------------------------------------ exact, plain Guts


def plan_outcomes(
    lone: Threshold | MixedThreshold, plan: Sequence[Strength]
) -> dict[Outcome, Fraction]:
    """Every deal of plain Guts at ``len(plan) + 1`` players (three or four) counted by the
    showdown it makes as the lone player (seat 0) sees it: winners, payers, whether it won,
    whether it paid, weighed by ordered deals (card removal exact) times the lone player's
    chance of its declaration. The seats' classes are dealt one by one from the deck's rank
    counts; the last seat's are summed over ranges of classes where the showdown is the same.

    >>> from guts_teach.game.cards.hands import hand_class
    >>> k4 = hand_class("K-4")
    >>> found = plan_outcomes(Threshold(k4), (k4, k4))
    >>> sum(found.values()) == 1326 * 1225 * 1128
    True
    """
    players = len(plan) + 1
    if not 3 <= players <= EXACT_LONG_RUN:
        raise ValueError(
            f"a plan's outcomes are counted at 3 to {EXACT_LONG_RUN} players; got {players}"
        )
    chances = _chances(lone)
    edges = tuple(ALL_STRENGTHS.index(s) for s in plan)
    found: dict[Outcome, Fraction] = {}
    left = [0, 0, *([4] * 13)]  # cards left by rank (2..14)
    for held in range(N):
        dealt = _take(left, held)
        _move(left, held, -1)
        for mine, chance in ((True, chances[held]), (False, 1 - chances[held])):
            if chance:
                _deal_on(left, edges, [held], [mine], dealt * chance, found)
        _move(left, held, 1)
    return found


def _deal_on(
    left: list[int],
    edges: tuple[int, ...],
    classes: list[int],
    ins: list[bool],
    weight: Fraction,
    found: dict[Outcome, Fraction],
) -> None:
    """Deal the coalition seat ``len(classes) - 1`` (the last by class ranges) and add the
    showdowns to ``found``."""
    edge = edges[len(classes) - 1]
    if len(classes) < len(edges):
        for cls in range(N):
            ways = _take(left, cls)
            if ways:
                _move(left, cls, -1)
                _deal_on(left, edges, [*classes, cls], [*ins, cls >= edge], weight * ways, found)
                _move(left, cls, 1)
        return
    prefix = _prefix(tuple(left))
    held = [c for c, i in zip(classes, ins, strict=True) if i]
    top = max(held, default=-1)
    cuts = sorted({0, N, edge, *((top, top + 1) if held else ())} & set(range(N + 1)))
    for lo, hi in pairwise(cuts):
        ways = prefix[hi] - prefix[lo]
        if ways:
            outcome = _showdown((*classes, lo), (*ins, lo >= edge))
            found[outcome] = found.get(outcome, ZERO) + weight * ways


def _chances(lone: Threshold | MixedThreshold) -> tuple[Fraction, ...]:
    """The lone player's chance of going in with each class."""
    if isinstance(lone, MixedThreshold):
        edge = ALL_STRENGTHS.index(lone.edge)
        return tuple(Fraction(int(i > edge)) + (lone.mix if i == edge else ZERO) for i in range(N))
    edge = ALL_STRENGTHS.index(_strength(lone))
    return tuple(Fraction(int(i >= edge)) for i in range(N))


def long_run_money(outcomes: Mapping[Outcome, Fraction], *, players: int, rules: Rules) -> Fraction:
    """One seat's exact money a deal in the long run of the real game (R2-R7) when every deal
    is one of ``outcomes`` (weighed, as :func:`plan_outcomes` counts them) whatever the pot and
    the reserve: the collapse of :mod:`.real_reply`. With a reserve the pot is the cap and a
    deal moves the reserve by whole caps, its money the same at every height; when that walk
    drifts up for good the long run is a deal's money at the cap, and when it drifts down each
    cap of reserve is left after ``1 / -drift`` deals (Wald's identity), which folds the
    reserve onto the few small pots, where the average-reward equations are solved in
    fractions (relative value 0 at the first antes).

    >>> from guts_teach.game.rules import teaching
    >>> long_run_money({(1, 1, True, False): Fraction(1), (1, 1, False, True): Fraction(1)},
    ...                players=2, rules=teaching())
    Fraction(0, 1)
    """
    total = sum(outcomes.values(), ZERO)
    chance = {o: w / total for o, w in outcomes.items() if w}
    money_up = sum((p * tower_move(o, players, rules)[0] for o, p in chance.items()), ZERO)
    drift = sum((p * tower_move(o, players, rules)[1] for o, p in chance.items()), ZERO)
    start: State = (rules.ante * players, ZERO)
    moves: dict[State, list[tuple[Fraction, Fraction, State, int]]] = {}
    todo = [start]
    while todo:
        state = todo.pop()
        if state in moves:
            continue
        moves[state] = []
        for outcome, p in chance.items():
            money, after = _step(state, outcome, players, rules)
            down, bottom = descents(after[1], rules) if after[1] else (0, after)
            moves[state].append((p, money, bottom, down))
            todo.append(bottom)
    towers = any(down for found in moves.values() for *_, down in found)
    if towers and drift > 0:
        return money_up  # every small pot leads up (checked below), and the reserve escapes
    if towers and drift == 0:
        raise ArithmeticError("the reserve neither drifts up nor down: no long run is settled")
    small = sorted(moves)
    index = {state: i for i, state in enumerate(small)}
    size = len(small)
    per_cap = Fraction(1) / -drift if towers else ZERO  # deals a cap of descent takes
    matrix = [[ZERO] * (size + 1) for _ in range(size + 1)]
    rhs = [ZERO] * (size + 1)
    for state, found in moves.items():
        i = index[state]
        matrix[i][i] += 1
        matrix[i][size] += 1  # g
        for p, money, bottom, down in found:
            matrix[i][index[bottom]] -= p
            rhs[i] += p * (money + down * per_cap * money_up)
            matrix[i][size] += p * down * per_cap
    matrix[size][index[start]] = Fraction(1)
    return _solve(matrix, rhs)[size]


def exact_lone_money(
    lone: Threshold | MixedThreshold, plan: Sequence[Strength], *, rules: Rules
) -> Fraction:
    """The lone player's exact long-run chips a deal in plain Guts' real game under ``rules``
    (three or four players), against partners going in with the classes of ``plan`` or
    better: :func:`long_run_money` of :func:`plan_outcomes`.

    >>> from guts_teach.game.cards.hands import hand_class
    >>> from guts_teach.game.rules import teaching
    >>> k4 = hand_class("K-4")
    >>> exact_lone_money(Threshold(k4), (k4, k4), rules=teaching())
    Fraction(0, 1)
    """
    if rules.weenie_rule:
        raise ValueError("exact long runs are counted for plain Guts (no weenie rule)")
    counted = _counted(lone, tuple(plan))
    return long_run_money(counted, players=len(plan) + 1, rules=rules)


@cache
def _counted(
    lone: Threshold | MixedThreshold, plan: tuple[Strength, ...]
) -> dict[Outcome, Fraction]:
    """:func:`plan_outcomes`, kept for the run: both profiles value the same plan."""
    return plan_outcomes(lone, plan)
