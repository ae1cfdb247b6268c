"""Mixed equilibria: when best replies go round two neighbouring thresholds.

With the weenie rule (V7) best replies at most table sizes alternate between two neighbouring
thresholds and neither is its own best reply
(:class:`~guts_teach.strategy.thresholds.NoEquilibriumError`).
The symmetric equilibrium then mixes them: every player goes in with every class above the
lower one, and with the lower class itself only some of the time, by a private coin with chance
``mix``. At the equilibrium ``mix`` makes the lower class worth exactly nothing to go in with, so
both thresholds (and every mixture of them) are best replies.

``mix`` is found by bisection on the exact gain, which moves steadily from positive (the others
never go in with that class) to negative (they always do); each step is exact arithmetic, and
the answer is within ``2 ** -40`` of the root.

>>> found = mixed_equilibrium(players=3, weenie=True)
>>> str(found.edge), 0 < found.mix < 1
('Q-4', True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ..game.hands import ALL_STRENGTHS, HandOrder, Strength, hand_class
from ..game.rules import WeenieTies
from .odds import check_table_size
from .thresholds import NoEquilibriumError, Threshold, edge_gain, equilibrium, frequency

STEPS = 40


@dataclass(frozen=True)
class MixedThreshold:
    """In with every class above ``edge``; with ``edge`` itself, in with chance ``mix``."""

    edge: Strength
    mix: Fraction

    def goes_in(self, held: HandOrder | Strength, rng: random.Random | None = None) -> bool:
        """In or out with ``held``; at the edge a coin from ``rng`` decides (required)."""
        strength = held.strength if isinstance(held, HandOrder) else held
        if strength.value != self.edge.value:
            return strength.value > self.edge.value
        if rng is None:
            raise ValueError(f"{self} tosses a coin: pass rng=random.Random(seed)")
        return rng.random() < self.mix

    def __str__(self) -> str:
        share = f"{float(self.mix):.0%}"
        return f"in with better than {self.edge}, and with {self.edge} {share} of the time"


def mixed_gain(
    held: Strength,
    others: MixedThreshold,
    *,
    players: int,
    weenie: bool = False,
    weenie_ties: WeenieTies = "each_pays",
) -> Fraction:
    """The exact gain of going in with ``held`` when the others play ``others``.

    >>> from guts_teach.game.hands import hand
    >>> edge = MixedThreshold(hand("Qs 4h").strength, Fraction(1, 2))
    >>> mixed_gain(hand("As Ad").strength, edge, players=3) > 0
    True
    """
    check_table_size(players)
    return edge_gain(held, others.edge, players, weenie, others.mix, weenie_ties == "share_one")


@dataclass(frozen=True)
class MixedEquilibrium:
    """A symmetric equilibrium that mixes two neighbouring thresholds."""

    others: MixedThreshold
    players: int
    weenie: bool
    weenie_ties: WeenieTies = "each_pays"

    @property
    def edge(self) -> Strength:
        """The class played only some of the time."""
        return self.others.edge

    @property
    def mix(self) -> Fraction:
        """The chance of going in with the edge class."""
        return self.others.mix


@cache
def mixed_equilibrium(
    *, players: int, weenie: bool = False, weenie_ties: WeenieTies = "each_pays"
) -> MixedEquilibrium:
    """The mixed equilibrium between the two thresholds best replies go round.

    Raises :class:`ValueError` when a pure equilibrium exists (use
    :func:`~guts_teach.strategy.thresholds.equilibrium`) or the cycle is not two neighbouring
    classes.
    """
    try:
        found = equilibrium(players=players, weenie=weenie, weenie_ties=weenie_ties)
    except NoEquilibriumError as error:
        cycle = sorted(error.cycle, key=lambda t: t.strength.value)
    else:
        raise ValueError(f"there is a pure equilibrium here: {found.threshold}")
    low, high = cycle[0].strength, cycle[-1].strength
    if (
        len(cycle) != 2
        or not isinstance(low, Strength)
        or not isinstance(high, Strength)
        or ALL_STRENGTHS.index(high) != ALL_STRENGTHS.index(low) + 1
    ):
        raise ValueError(f"best replies go round {len(cycle)} thresholds, not two neighbours")
    lo, hi = Fraction(0), Fraction(1)  # gain at the edge: positive at 0, negative at 1
    for _ in range(STEPS):
        middle = (lo + hi) / 2
        if edge_gain(low, low, players, weenie, middle, weenie_ties == "share_one") > 0:
            lo = middle
        else:
            hi = middle
    mixed = MixedThreshold(low, (lo + hi) / 2)
    return MixedEquilibrium(mixed, players, weenie, weenie_ties)


def equilibrium_play(
    *, players: int, weenie: bool = False, weenie_ties: WeenieTies = "each_pays"
) -> Threshold | MixedThreshold:
    """The symmetric equilibrium's way of playing: the pure threshold where there is one,
    otherwise the mixed threshold. Read from the answers computed ahead
    (:mod:`guts_teach.strategy.ahead`, checked by the tests against
    :func:`compute_equilibrium_play`), so a bot or a widget sits down at once.

    >>> str(equilibrium_play(players=4, weenie=True))
    'in with better than K-3, and with K-3 8% of the time'
    """
    check_table_size(players)
    from .ahead import play_key, stored

    try:
        edge, mix = stored("equilibrium_plays")[play_key(players, weenie, weenie_ties)]
    except KeyError:
        return compute_equilibrium_play(players=players, weenie=weenie, weenie_ties=weenie_ties)
    if mix == "1":
        return Threshold(hand_class(edge))
    return MixedThreshold(hand_class(edge), Fraction(mix))


def compute_equilibrium_play(
    *, players: int, weenie: bool = False, weenie_ties: WeenieTies = "each_pays"
) -> Threshold | MixedThreshold:
    """:func:`equilibrium_play` worked out afresh by best replies (a second or so a table).

    >>> str(compute_equilibrium_play(players=2))
    'in with J-7 or better'
    """
    try:
        return equilibrium(players=players, weenie=weenie, weenie_ties=weenie_ties).threshold
    except NoEquilibriumError:
        return mixed_equilibrium(players=players, weenie=weenie, weenie_ties=weenie_ties).others


def threshold_values(
    others: MixedThreshold,
    *,
    players: int,
    weenie: bool = False,
    weenie_ties: WeenieTies = "each_pays",
) -> dict[Strength, Fraction]:
    """What each pure threshold gains over always staying out (a fraction of the pot,
    averaged over the hands dealt) against ``others``; at a mixed equilibrium the two
    thresholds it mixes share the greatest value.

    >>> found = mixed_equilibrium(players=3, weenie=True)
    >>> values = threshold_values(found.others, players=3, weenie=True)
    >>> best = max(values.values())
    >>> [str(s) for s, v in values.items() if best - v < Fraction(1, 10**9)]
    ['Q-4', 'Q-5']
    """
    values: dict[Strength, Fraction] = {}
    running = Fraction(0)
    for strength in reversed(ALL_STRENGTHS):
        share_one = weenie_ties == "share_one"
        gained = edge_gain(strength, others.edge, players, weenie, others.mix, share_one)
        running += frequency(strength) * gained
        values[strength] = running / 1326
    return dict(reversed(values.items()))
