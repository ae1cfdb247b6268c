"""Threshold strategies for simultaneous two-card Guts, their exact value, and equilibria.

A threshold strategy goes in with every hand at least as strong as its threshold class
("in with J-7 or better"). In the recursive game the losers' payments form the next pot,
and when everyone plays the same way from the next deal on, each of the ``n`` players can
expect ``1/n`` of any money that carries over (the game is symmetric and every pot is won in
the end; fresh antes, a cap and its reserve change nothing here, R3, R6, R7). What going
in rather than out is worth in each case (nobody else in, best, tied, beaten) is in
:mod:`guts_teach.strategy.equilibria.payoff`; the chances of each case, card removal included, come
from exact counts (:mod:`guts_teach.strategy.counting.matchings`). The gain is a fraction of the
pot, the same for every pot, so the pot's size does not move the threshold. Among threshold
strategies the best reply to the others' threshold is the one of greatest value, and iterating best
replies finds the symmetric equilibrium (or shows that none is pure: the replies go round a cycle).

>>> gain("Qs Qh", Threshold(ALL_STRENGTHS[0])) > 0
True
>>> str(equilibrium().threshold)
'in with J-7 or better'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb, factorial

from ...game.cards.hands import ALL_STRENGTHS, HandOrder, Strength, hand_class
from ...game.cards.three_cards import ThreeCardStrength
from ...game.rules import WEENIE_TIES, WeenieTies
from ..counting.matchings import below, ordered_deals
from ..counting.odds import check_table_size, hand_odds
from ..errors import StrategyError
from .payoff import Chances, ReplyCycleError, best_threshold, gain_from, iterate_replies


@dataclass(frozen=True)
class Threshold:
    """Go in with this class of hand or any stronger one (two cards, or three, V6)."""

    strength: Strength | ThreeCardStrength

    def goes_in(
        self, held: HandOrder | Strength | ThreeCardStrength, rng: random.Random | None = None
    ) -> bool:
        """True when the strategy goes in with ``held`` (``rng`` is for mixed thresholds,
        :class:`~guts_teach.strategy.equilibria.mixed.MixedThreshold`, which toss a coin; a
        threshold does not)."""
        value = held.strength.value if isinstance(held, HandOrder) else held.value
        return value >= self.strength.value

    def __str__(self) -> str:
        return f"in with {self.strength} or better"


def gain(
    held: str | HandOrder | Strength | ThreeCardStrength,
    others: Threshold,
    *,
    players: int = 2,
    weenie: bool = False,
    weenie_ties: WeenieTies = "each_pays",
) -> Fraction:
    """The exact gain of going in rather than out, as a fraction of the pot, when the
    ``players - 1`` others all play the threshold ``others``.

    With ``weenie`` (V7), when nobody is in the best hand pays the pot into it: holding a
    hand the others fold, going in saves that payment as well. ``weenie_ties`` says what
    players tied for that best hand do: each pay the pot (``"each_pays"``, the default) or
    share one payment (``"share_one"``).

    >>> gain("Jc 7d", Threshold(hand_class("Jc 7d"))) > 0
    True
    """
    check_table_size(players)
    mine = hand_class(held) if isinstance(held, str) else held  # "A-K" or two cards
    if isinstance(mine, HandOrder):
        mine = mine.strength
    if not isinstance(mine, Strength) or not isinstance(others.strength, Strength):
        raise TypeError(
            "exact gains are for two-card Guts; guts_teach.strategy.sampling does three"
        )
    return edge_gain(mine, others.strength, players, weenie, share_one=_share_one(weenie_ties))


def _share_one(weenie_ties: str) -> bool:
    """True for the weenie rule's ``"share_one"`` tie option; a clear error for a typo."""
    if weenie_ties not in WEENIE_TIES:
        raise ValueError(
            f"weenie_ties must be one of {', '.join(WEENIE_TIES)}; got {weenie_ties!r}"
        )
    return weenie_ties == "share_one"


@cache
def _level_counts(mine: Strength, bound: Strength, others: int) -> tuple[int, ...]:
    """Given ``mine``: the unordered sets of ``others`` hands all at or below ``bound``, by
    how many of them are level with it (counted for every table size at once, so that the
    counting engine's work is shared by all of them)."""
    counts = below(removed=(mine,), bound=bound).get(others, {})
    return tuple(counts.get(level, 0) for level in range(others + 1))


@cache
def _scale(others: int) -> Fraction:
    """From unordered sets of ``others`` hands to the chance of one ordered deal."""
    return Fraction(factorial(others), ordered_deals(50, others))


@cache
def _levels(mine: Strength, bound: Strength, others: int) -> tuple[Fraction, ...]:
    """Given ``mine``: the chance that all ``others`` hands are at or below ``bound`` with
    exactly 0, 1, 2, ... of them level with it."""
    scale = _scale(others)
    return tuple(n * scale for n in _level_counts(mine, bound, others))


def fold_chance(mine: Strength, edge: Strength, others: int) -> Fraction:
    """Given ``mine``: the chance that all ``others`` hands are below the class ``edge``, so
    that everyone else folds under the threshold ``edge``.

    >>> fold_chance(hand_class("As Ad"), ALL_STRENGTHS[0], 3)
    Fraction(0, 1)
    """
    index = ALL_STRENGTHS.index(edge)
    if not index:
        return Fraction(0)
    return sum(_levels(mine, ALL_STRENGTHS[index - 1], others), Fraction(0))


@cache
def _level_total(mine: Strength, bound: Strength, others: int) -> int:
    """Level hands summed over the sets counted by :func:`_level_counts` (a whole number)."""
    return sum(level * n for level, n in enumerate(_level_counts(mine, bound, others)))


def level_mean(mine: Strength, bound: Strength, others: int) -> Fraction:
    """The expected number of others level with ``bound`` in deals where all are at or
    below it."""
    return _level_total(mine, bound, others) * _scale(others)


def _shared(mine: Strength, bounds: list[Strength], others: int) -> Fraction:
    """Summed over ``bounds``: :func:`level_mean`. Summed over the classes the others' best
    hand can take, that is the expected number of others sharing that best hand."""
    return sum(_level_total(mine, c, others) for c in bounds) * _scale(others)


def _between(low: int, high: int) -> list[Strength]:
    return [s for s in ALL_STRENGTHS if low <= s.value < high]


@cache
def edge_gain(
    mine: Strength,
    edge: Strength,
    players: int,
    weenie: bool,
    mix: Fraction = Fraction(1),
    share_one: bool = False,
) -> Fraction:
    """The exact gain of going in with ``mine`` (a fraction of the pot) when the other
    ``players - 1`` go in above ``edge``, and with ``edge`` itself with chance ``mix`` (1: the
    plain threshold; see :mod:`guts_teach.strategy.equilibria.mixed`). Cached; :func:`gain` checks
    its input.

    >>> edge_gain(hand_class("Jc 7d"), hand_class("Jc 7d"), 2, False) > 0
    True
    """
    others = players - 1
    at_edge = _levels(mine, edge, others)  # all at or below the edge, by how many level
    nobody_in = sum((p * (1 - mix) ** level for level, p in enumerate(at_edge)), Fraction(0))
    odds = hand_odds(mine, players=players)
    if mine.value > edge.value:
        above = _shared(mine, _between(edge.value + 1, mine.value), others)
        at = level_mean(mine, edge, others)
        chances = Chances(nobody_in, odds.best, odds.ties, shared_below=above + mix * at)
    elif mine.value == edge.value:  # others level with mine go in with chance ``mix``
        ties: dict[int, Fraction] = {}
        for level, p in enumerate(at_edge):
            for t in range(1, level + 1):
                shown = p * comb(level, t) * mix**t * (1 - mix) ** (level - t)
                ties[t] = ties.get(t, Fraction(0)) + shown
        level_out = sum(
            (level * p * (1 - mix) ** level for level, p in enumerate(at_edge)), Fraction(0)
        )
        shared_out = sum(
            (p * (1 - mix) ** level / (level + 1) for level, p in enumerate(at_edge)),
            Fraction(0),
        )
        chances = Chances(
            nobody_in,
            nobody_in,
            {t: p for t, p in sorted(ties.items()) if p},
            level_out=level_out,
            nobody_in_shared=shared_out,
        )
    else:
        shared = Fraction(0)
        if weenie:  # nobody in and the best hand above mine: how many share it
            shared = _shared(mine, _between(mine.value + 1, edge.value), others)
            shared += sum(
                (level * p * (1 - mix) ** level for level, p in enumerate(at_edge)), Fraction(0)
            )
        chances = Chances(nobody_in, odds.best, odds.ties, shared_above=shared)
    at_or_above = mine.value >= edge.value
    return gain_from(
        chances, players=players, above=at_or_above, weenie=weenie, share_one=share_one
    )


def in_chance(threshold: Threshold) -> Fraction:
    """The chance that a dealt hand is at or above the threshold.

    >>> in_chance(Threshold(hand_class("Jc 7d")))
    Fraction(335, 663)
    """
    dealt = sum(frequency(s) for s in ALL_STRENGTHS if threshold.goes_in(s))
    return Fraction(dealt, 1326)


def nobody_in_chance(threshold: Threshold, *, players: int) -> Fraction:
    """The exact chance that all ``players`` fold under ``threshold`` (card removal counted).

    >>> nobody_in_chance(Threshold(hand_class("Jc 7d")), players=2)
    Fraction(14888, 62475)
    """
    check_table_size(players)
    folds = [s for s in ALL_STRENGTHS if s.value < threshold.strength.value]
    if not folds:
        return Fraction(0)
    counts = below(removed=(), bound=folds[-1], most=players).get(players, {})
    return Fraction(sum(counts.values()) * factorial(players), ordered_deals(52, players))


def frequency(strength: Strength) -> int:
    """How many of the 1,326 two-card hands fall in a class (6 for a pair, 16 otherwise).

    >>> frequency(hand_class("As Ad")), frequency(hand_class("As Kd"))
    (6, 16)
    """
    return 6 if strength.is_pair else 16


def value(
    strategy: Threshold,
    others: Threshold,
    *,
    players: int = 2,
    weenie: bool = False,
    weenie_ties: WeenieTies = "each_pays",
) -> Fraction:
    """What a threshold strategy gains over always staying out, averaged over the hands
    dealt (a fraction of the pot).

    >>> j7 = Threshold(hand_class("Jc 7d"))
    >>> value(j7, j7) > value(Threshold(hand_class("Ac Kd")), j7)
    True
    """
    total = sum(
        (
            frequency(s) * gain(s, others, players=players, weenie=weenie, weenie_ties=weenie_ties)
            for s in ALL_STRENGTHS
            if strategy.goes_in(s)
        ),
        Fraction(0),
    )
    return total / 1326


def best_reply(
    others: Threshold,
    *,
    players: int = 2,
    weenie: bool = False,
    weenie_ties: WeenieTies = "each_pays",
) -> Threshold:
    """The threshold strategy that answers ``others`` best.

    Card removal makes the gain of going in dip here and there as hands grow stronger (the
    cards you hold change what the others can hold), so the best reply is chosen among all
    thresholds by :func:`value`, not read off where the gain turns positive. Values are
    summed from the strongest class down, so every threshold costs one addition.

    >>> str(best_reply(Threshold(hand_class("Ac Kd"))))  # a rival who rarely goes in
    'in with 3-2 or better'
    """

    def gained(s: Strength) -> Fraction:
        return gain(s, others, players=players, weenie=weenie, weenie_ties=weenie_ties)

    edge = best_threshold(ALL_STRENGTHS, frequency, gained)
    return Threshold(edge)


class NoEquilibriumError(StrategyError, RuntimeError):
    """Best replies go round a cycle and no threshold from one end of it to the other is its
    own best reply (the symmetric equilibrium then mixes thresholds, which this module does
    not compute)."""

    def __init__(
        self,
        cycle: tuple[Threshold, ...],
        players: int,
        weenie: bool,
        weenie_ties: WeenieTies = "each_pays",
    ) -> None:
        self.cycle = cycle
        rules = _rule_words(weenie, weenie_ties)
        names = " -> ".join(str(t.strength) for t in (*cycle, cycle[0]))
        ends = sorted(cycle, key=lambda t: t.strength.value)
        super().__init__(
            f"no threshold from {ends[0].strength} to {ends[-1].strength} is its own best reply "
            f"at {players} players{rules}: best replies go round {names}"
        )


def _rule_words(weenie: bool, weenie_ties: str) -> str:
    if not weenie:
        return ""
    return " with the weenie rule" + (
        " (tied players sharing one payment)" if weenie_ties == "share_one" else ""
    )


@dataclass(frozen=True)
class Equilibrium:
    """A symmetric threshold equilibrium and how best-reply iteration reached it.

    ``path`` is the thresholds the best replies visited. Usually it ends with the
    equilibrium twice (it is its own best reply); when the replies went round a cycle and
    jumped over it, ``between`` is true, the path ends where the cycle closed, and the
    equilibrium was found by checking the thresholds between the cycle's ends.
    """

    threshold: Threshold
    path: tuple[Threshold, ...]
    players: int = 2
    weenie: bool = False
    between: bool = False
    weenie_ties: WeenieTies = "each_pays"

    def story(self) -> str:
        """How it was found, in words.

        >>> equilibrium(players=9, weenie=True).story()
        'best replies A-8 -> A-6 -> A-8 go round a cycle; A-7, between, is its own best reply'
        """
        names = " -> ".join(str(t.strength) for t in self.path)
        if self.between:
            return (
                f"best replies {names} go round a cycle; {self.threshold.strength}, between, "
                "is its own best reply"
            )
        return f"best replies {names}"


def first_guess(players: int, *, weenie: bool = False) -> Threshold:
    """Where best replies start: the continuous game's answer read on the real deck.

    In continuous Guts the equilibrium threshold is where all the others fold together with
    chance 1/2 (1/3 with the weenie rule; :mod:`guts_teach.strategy.equilibria.continuous`). Here:
    the weakest threshold at which a dealt hand is out with chance at least ``(1/2) ** (1/(n -
    1))``.

    >>> str(first_guess(6))
    'in with A-8 or better'
    """
    check_table_size(players)
    target = (Fraction(1, 3) if weenie else Fraction(1, 2)) ** (1 / (players - 1))
    folded = 0
    for strength in ALL_STRENGTHS:
        folded += frequency(strength)
        if folded / 1326 >= target:
            return Threshold(strength)
    return Threshold(ALL_STRENGTHS[-1])


def equilibrium(
    start: Threshold | None = None,
    *,
    players: int = 2,
    weenie: bool = False,
    weenie_ties: WeenieTies = "each_pays",
    rounds: int = 100,
) -> Equilibrium:
    """Iterate best replies from ``start`` to a fixed point: a threshold that is its own best
    reply. Heads-up the default start is "in with any hand"; at bigger tables it is
    :func:`first_guess`, which keeps the exact counting short."""
    check_table_size(players)
    if start is None:
        start = Threshold(ALL_STRENGTHS[0]) if players == 2 else first_guess(players, weenie=weenie)
    try:
        path = iterate_replies(
            start,
            lambda t: best_reply(t, players=players, weenie=weenie, weenie_ties=weenie_ties),
            rounds=rounds,
        )
    except ReplyCycleError as cycle:
        thresholds = tuple(t for t in cycle.cycle if isinstance(t, Threshold))
        visited = tuple(t for t in cycle.path if isinstance(t, Threshold))
        return _between_cycle(thresholds, visited, players, weenie, weenie_ties)
    return Equilibrium(path[-1], path, players, weenie, weenie_ties=weenie_ties)


def _between_cycle(
    cycle: tuple[Threshold, ...],
    visited: tuple[Threshold, ...],
    players: int,
    weenie: bool,
    weenie_ties: WeenieTies = "each_pays",
) -> Equilibrium:
    """Best replies overshoot round ``cycle``; a threshold between its ends may still be its
    own best reply (the replies jump over it). Check each; if none is, there is no pure
    threshold equilibrium there."""
    values = [t.strength.value for t in cycle]
    for strength in ALL_STRENGTHS:
        if min(values) < strength.value < max(values):
            candidate = Threshold(strength)
            reply = best_reply(candidate, players=players, weenie=weenie, weenie_ties=weenie_ties)
            if reply == candidate:
                closed = (*visited, cycle[0])
                return Equilibrium(
                    candidate, closed, players, weenie, between=True, weenie_ties=weenie_ties
                )
    raise NoEquilibriumError(cycle, players, weenie, weenie_ties)
