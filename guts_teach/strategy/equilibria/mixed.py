"""Mixed equilibria: when best replies go round two neighbouring thresholds.

With the weenie rule (V7) best replies at most table sizes alternate between two neighbouring
thresholds and neither is its own best reply
(:class:`~guts_teach.strategy.equilibria.thresholds.NoEquilibriumError`).
The symmetric equilibrium then mixes them: every player goes in with every class above the
lower one, and with the lower class itself only some of the time, by a private coin with chance
``mix``. At the equilibrium ``mix`` makes the lower class worth exactly nothing to go in with, so
both thresholds (and every mixture of them) are best replies.

``mix`` is the root in (0, 1) of the *indifference polynomial*: the exact gain of going in
with the lower class, as a function of the chance the others go in with it. Each other player's
choice enters it linearly, so it is a polynomial of degree ``players - 1`` at most; its
coefficients are found exactly, from the gain at ``players`` points (and checked at two
more). The root is isolated by bisection on the polynomial to within ``2 ** -96``; where a
fraction lies in that interval and makes the polynomial exactly zero, the mix *is* that
fraction (``exact``). Otherwise the root is irrational (from four players the polynomials
are cubics and beyond with no small rational root): the mix kept is the interval's middle,
labelled approximate, with the polynomial and the interval beside it.

>>> found = mixed_equilibrium(players=3, weenie=True)
>>> str(found.edge), found.mix, found.exact
('Q-4', Fraction(712, 1497), True)
>>> mixed_equilibrium(players=3, weenie=True, weenie_ties="share_one").mix
Fraction(214, 999)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from ...game.cards.hands import ALL_STRENGTHS, HandOrder, Strength, hand_class
from ...game.rules import WeenieTies
from ..counting.odds import check_table_size
from .thresholds import NoEquilibriumError, Threshold, edge_gain, equilibrium, frequency

ISOLATED = Fraction(1, 2**96)
"""The width of the interval the root is isolated in."""
LARGEST_DENOMINATOR = 10**12
"""The largest denominator a rational root is looked for with: an interval of width
:data:`ISOLATED` holds at most one fraction with a denominator up to this."""


@dataclass(frozen=True)
class MixedThreshold:
    """In with every class above ``edge``; with ``edge`` itself, in with chance ``mix``.

    ``exact`` says whether ``mix`` is the chance meant or stands in for one it approximates
    (an equilibrium's irrational root): it labels the words, and two thresholds that play
    the same chance are equal whatever their labels.

    >>> from guts_teach.game.cards.hands import hand_class
    >>> str(MixedThreshold(hand_class("Q-4"), Fraction(214, 999)))
    'in with better than Q-4, and with Q-4 214/999 (21%) of the time'
    >>> str(MixedThreshold(hand_class("K-3"), Fraction(79361434, 10**9), exact=False))
    'in with better than K-3, and with K-3 about 7.94% (approximate) of the time'
    """

    edge: Strength
    mix: Fraction
    exact: bool = field(default=True, compare=False)

    def goes_in(self, held: HandOrder | Strength, rng: random.Random | None = None) -> bool:
        """In or out with ``held``; at the edge a coin from ``rng`` decides (required)."""
        strength = held.strength if isinstance(held, HandOrder) else held
        if strength.value != self.edge.value:
            return strength.value > self.edge.value
        if rng is None:
            raise ValueError(f"{self} tosses a coin: pass rng=random.Random(seed)")
        return rng.random() < self.mix

    @property
    def chance_words(self) -> str:
        """The chance at the edge as it was obtained: ``"214/999 (21%)"`` when exact, else
        ``"about 7.94% (approximate)"``."""
        if self.exact:
            return f"{self.mix} ({float(self.mix):.0%})"
        return f"about {float(self.mix):.2%} (approximate)"

    def __str__(self) -> str:
        return (
            f"in with better than {self.edge}, and with {self.edge} {self.chance_words} of the time"
        )


def mixed_gain(
    held: Strength,
    others: MixedThreshold,
    *,
    players: int,
    weenie: bool = False,
    weenie_ties: WeenieTies = "each_pays",
) -> Fraction:
    """The exact gain of going in with ``held`` when the others play ``others``.

    >>> from guts_teach.game.cards.hands import hand
    >>> edge = MixedThreshold(hand("Qs 4h").strength, Fraction(1, 2))
    >>> mixed_gain(hand("As Ad").strength, edge, players=3) > 0
    True
    """
    check_table_size(players)
    return edge_gain(held, others.edge, players, weenie, others.mix, weenie_ties == "share_one")


@dataclass(frozen=True)
class MixedEquilibrium:
    """A symmetric equilibrium that mixes two neighbouring thresholds. ``polynomial`` is the
    indifference polynomial's coefficients (constant first), ``interval`` an interval that
    holds its one root in (0, 1), and ``exact`` says whether ``mix`` is that root itself (a
    fraction) or the interval's middle (an approximation within half its width)."""

    others: MixedThreshold
    players: int
    weenie: bool
    weenie_ties: WeenieTies = "each_pays"
    polynomial: tuple[Fraction, ...] = ()
    interval: tuple[Fraction, Fraction] = (Fraction(0), Fraction(1))
    exact: bool = False

    @property
    def method(self) -> str:
        """How ``mix`` was obtained, in words."""
        if self.exact:
            return "exact: the rational root of the indifference polynomial"
        return (
            f"approximate: the middle of an interval of width 2^-96 that holds the one root in "
            f"(0, 1) of the degree-{len(self.polynomial) - 1} indifference polynomial, which has "
            "no rational root there"
        )

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
    :func:`~guts_teach.strategy.equilibria.thresholds.equilibrium`) or the cycle is not two
    neighbouring classes.
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
    share_one = weenie_ties == "share_one"
    polynomial = indifference_polynomial(low, players=players, weenie=weenie, share_one=share_one)
    lo, hi = isolate_root(polynomial)
    root = _rational_root(polynomial, lo, hi)
    exact = root is not None
    mixed = MixedThreshold(low, root if root is not None else (lo + hi) / 2, exact=exact)
    return MixedEquilibrium(mixed, players, weenie, weenie_ties, polynomial, (lo, hi), exact=exact)


def indifference_polynomial(
    edge: Strength, *, players: int, weenie: bool, share_one: bool
) -> tuple[Fraction, ...]:
    """The exact gain of going in with ``edge`` when the others go in above it, and with it
    by chance ``m``, as a polynomial in ``m``: its coefficients, constant first.

    Found by interpolating the exact gain at ``players`` points (the degree is at most
    ``players - 1``) and checked at two more, so a gain that were not such a polynomial
    would raise rather than give a wrong root.

    >>> from guts_teach.game.cards.hands import hand_class
    >>> p = indifference_polynomial(hand_class("Qs 4h"), players=3, weenie=True, share_one=False)
    >>> len(p) - 1, evaluate(p, Fraction(712, 1497))  # its degree, and its root
    (1, Fraction(0, 1))
    """

    def gain(m: Fraction) -> Fraction:
        return edge_gain(edge, edge, players, weenie, m, share_one)

    points = [Fraction(k, players - 1) for k in range(players)]
    coefficients = _interpolate(points, [gain(x) for x in points])
    for check in (Fraction(1, 3 * players + 1), Fraction(7, 11)):
        if evaluate(coefficients, check) != gain(check):
            raise ArithmeticError(
                f"the gain at {edge} is not a polynomial of degree {players - 1} in the mix"
            )
    return coefficients


def evaluate(polynomial: tuple[Fraction, ...], x: Fraction) -> Fraction:
    """The polynomial (constant first) at ``x``, exactly.

    >>> evaluate((Fraction(1), Fraction(-2)), Fraction(1, 2))
    Fraction(0, 1)
    """
    total = Fraction(0)
    for coefficient in reversed(polynomial):
        total = total * x + coefficient
    return total


def _interpolate(xs: list[Fraction], ys: list[Fraction]) -> tuple[Fraction, ...]:
    """The coefficients (constant first) of the polynomial through the points (Lagrange)."""
    size = len(xs)
    result = [Fraction(0)] * size
    for i, (xi, yi) in enumerate(zip(xs, ys, strict=True)):
        basis = [Fraction(1)]  # the product of (x - xj) over j != i, built up
        scale = Fraction(1)
        for j, xj in enumerate(xs):
            if j == i:
                continue
            basis = [Fraction(0), *basis]
            for k in range(len(basis) - 1):
                basis[k] -= xj * basis[k + 1]
            scale *= xi - xj
        for k, b in enumerate(basis):
            result[k] += yi * b / scale
    while len(result) > 1 and result[-1] == 0:
        result.pop()
    return tuple(result)


def isolate_root(polynomial: tuple[Fraction, ...]) -> tuple[Fraction, Fraction]:
    """An interval of width :data:`ISOLATED` in (0, 1) where the polynomial, positive at 0
    and negative at 1 (the gain falls as the others go in more), changes sign."""
    lo, hi = Fraction(0), Fraction(1)
    if not (evaluate(polynomial, lo) > 0 > evaluate(polynomial, hi)):
        raise ValueError("the indifference polynomial does not fall from positive to negative")
    while hi - lo > ISOLATED:
        middle = (lo + hi) / 2
        if evaluate(polynomial, middle) > 0:
            lo = middle
        else:
            hi = middle
    return lo, hi


def _rational_root(polynomial: tuple[Fraction, ...], lo: Fraction, hi: Fraction) -> Fraction | None:
    """The root in ``[lo, hi]`` if it is a fraction with a denominator up to
    :data:`LARGEST_DENOMINATOR` (checked exactly), else None."""
    candidate = ((lo + hi) / 2).limit_denominator(LARGEST_DENOMINATOR)
    if lo <= candidate <= hi and evaluate(polynomial, candidate) == 0:
        return candidate
    return None


def equilibrium_play(
    *, players: int, weenie: bool = False, weenie_ties: WeenieTies = "each_pays"
) -> Threshold | MixedThreshold:
    """The symmetric equilibrium's way of playing: the pure threshold where there is one,
    otherwise the mixed threshold. Read from the answers computed ahead
    (:mod:`guts_teach.strategy.ahead`, checked by the tests against
    :func:`compute_equilibrium_play`), so a bot or a widget sits down at once.

    >>> str(equilibrium_play(players=4, weenie=True))
    'in with better than K-3, and with K-3 about 7.94% (approximate) of the time'
    """
    check_table_size(players)
    from ..ahead import play_key, stored

    try:
        edge, mix, how = stored("equilibrium_plays")[play_key(players, weenie, weenie_ties)]
    except KeyError:
        return compute_equilibrium_play(players=players, weenie=weenie, weenie_ties=weenie_ties)
    if mix == "1":
        return Threshold(hand_class(edge))
    return MixedThreshold(hand_class(edge), Fraction(mix), exact=how == "exact")


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
