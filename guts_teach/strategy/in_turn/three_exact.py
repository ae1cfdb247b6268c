"""Declaring in turn at three players (V1): an exact equilibrium, solved and certified.

No linear programme finds it. The sequence-form programme that solves declaring in turn
heads-up (:mod:`guts_teach.strategy.in_turn.heads_up`) rests on the game being two-player
and zero-sum; with three seats a seat's gain at a point is a product of the two others'
chances, so an equilibrium is a root of a polynomial system, not a vertex of a polytope. It
is found in three steps:

1. **Which classes mix.** Following the logit quantal-response path (every class goes in with
   a chance that grows smoothly with its gain, made sharper step by step until it is a best
   reply) leads to :data:`SUPPORT`: at each point the classes always in, and the classes in
   some of the time. That search is numerical (``tests/support/in_turn_search.py`` repeats
   it); nothing below trusts it, since step 3 checks everything.
2. **How often.** Mixed classes must gain nothing (indifference). Classes that mix at one
   point are given one chance: they lose to every hand that answers them (J-5 and Q-6
   alike), so their own gains are equal at the solution (step 3 checks each). A seat's gains
   are multilinear in the other seats' chances, so with the four unknown chances ``u`` each
   gain is ``c + sum(L[k] u[k]) + sum(Q[k, l] u[k] u[l])`` with whole-number coefficients
   read off :func:`seat_gains` at profiles of nothing but zeros and ones
   (:func:`gain_polynomials`). Each indifference equation, once the chances solved before it
   are put in, is linear in one unknown, so the system is solved exactly in fractions, one
   unknown after the other (:func:`solve_triangular`).
3. **Certified.** At every one of the six points and 91 classes the exact gain is worked
   out: zero where a class mixes, at least zero where it always goes in, at most zero where
   it stays out. Then no seat can gain by any strategy at all, changing all its points at
   once, so the exploitability of every seat is exactly 0.

This equilibrium treats alike classes alike, as the smooth path of step 1 does. Whether the
game has others is not settled here, and sharing a group's chance out differently is not one
in general: with the first player's whole bluffing chance on J-5 alone (0.593 of the time
instead of the four classes 0.148 each, the same number of bluffs) the cards it holds change
what the others can hold, and the second seat, after an "out", gains 1.3e-06 of the pot by its
best reply (a test computes it).

>>> after_out_in = SUPPORT[(False, True)]  # the dealer, having heard "out", then "in"
>>> ranges(after_out_in.always_in()), ranges(after_out_in.mixing())
('J-2 or better', '10-9')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Any

from ...game.cards.hands import ALL_STRENGTHS, hand_class
from ..ahead import stored
from ..errors import StrategyError
from .three_gains import DEALS, NAMES, POINTS, Chance, N, Play, Point, seat_gains, seat_values


@dataclass(frozen=True)
class PointSupport:
    """Where a point goes in: ``always`` and ``mixed`` are class ranges in the order of
    :data:`~guts_teach.game.cards.hands.ALL_STRENGTHS`, weakest first (``"J-7..J-10"``,
    several separated by spaces; ``""`` for none)."""

    always: str
    mixed: str = ""

    def always_in(self) -> frozenset[int]:
        """The classes always in, by index."""
        return _classes(self.always)

    def mixing(self) -> frozenset[int]:
        """The classes in some of the time, by index."""
        return _classes(self.mixed)


def _classes(text: str) -> frozenset[int]:
    """``"J-7..J-10 Q-7"`` -> the indices of J-7, J-8, J-9, J-10 and Q-7.

    >>> sorted(str(ALL_STRENGTHS[i]) for i in _classes("5-4..6-3"))
    ['5-4', '6-2', '6-3']
    """
    found: set[int] = set()
    for item in text.split():
        low, _, high = item.partition("..")
        first = ALL_STRENGTHS.index(hand_class(low))
        last = ALL_STRENGTHS.index(hand_class(high or low))
        found.update(range(first, last + 1))
    return frozenset(found)


SUPPORT: dict[Point, PointSupport] = {
    (): PointSupport("J-7..J-10 Q-7..A-A", "J-5 J-6 Q-5 Q-6"),
    (True,): PointSupport("K-8..A-A"),
    (False,): PointSupport("6-5..A-A", "5-2..6-4"),
    (True, True): PointSupport("A-7..A-A"),
    (True, False): PointSupport("K-5..A-A", "K-4"),
    (False, True): PointSupport("J-2..A-A", "10-9"),
}
"""The classes each point plays in the equilibrium (step 1 of the module's method)."""


def _profile(support: Mapping[Point, PointSupport], chances: Mapping[Point, Chance]) -> Play:
    """Each point's 91 chances: 1 where always in, its one chance where mixing, else 0."""
    play: dict[Point, tuple[Chance, ...]] = {}
    for point in POINTS:
        spec = support[point]
        always, mixing = spec.always_in(), spec.mixing()
        mix = chances.get(point, 0)
        play[point] = tuple(1 if c in always else mix if c in mixing else 0 for c in range(N))
    return play


@dataclass(frozen=True)
class Polynomial:
    """One gain as a polynomial in the mixing points' chances ``u``: ``constant + sum(linear[k]
    u[k]) + sum(square[k, l] u[k] u[l])``, whole numbers (sixths of a pot, summed over
    deals)."""

    constant: int
    linear: Mapping[Point, int]
    square: Mapping[tuple[Point, Point], int]

    def at(self, u: Mapping[Point, Fraction]) -> Fraction:
        """The gain when the mixing points play ``u``."""
        total = Fraction(self.constant)
        total += sum((c * u[k] for k, c in self.linear.items()), Fraction(0))
        total += sum((c * u[k] * u[m] for (k, m), c in self.square.items()), Fraction(0))
        return total


def gain_polynomials(
    support: Mapping[Point, PointSupport],
) -> dict[Point, tuple[Polynomial, ...]]:
    """Every point's gain for every class, as a :class:`Polynomial` in the chances of the
    points that mix. A gain is multilinear in the chances (a seat declares once a deal, so two
    chances multiply only if they are different seats'), so its coefficients are differences
    of :func:`seat_gains` at profiles where each mixing point plays 0 or 1: exact integers."""
    unknown = [p for p in POINTS if support[p].mixed]

    def gains_with(ones: Sequence[Point]) -> dict[Point, tuple[Chance, ...]]:
        return seat_gains(_profile(support, dict.fromkeys(ones, 1)))

    base = gains_with(())
    single = {k: gains_with((k,)) for k in unknown}
    pair = {(k, m): gains_with((k, m)) for k, m in combinations(unknown, 2)}
    found: dict[Point, tuple[Polynomial, ...]] = {}
    for point in POINTS:
        rows = []
        for c in range(N):
            zero = int(base[point][c])
            linear = {k: int(single[k][point][c]) - zero for k in unknown}
            square = {
                (k, m): int(pair[k, m][point][c]) - linear[k] - linear[m] - zero
                for k, m in combinations(unknown, 2)
            }
            rows.append(
                Polynomial(
                    zero,
                    {k: v for k, v in linear.items() if v},
                    {km: v for km, v in square.items() if v},
                )
            )
        found[point] = tuple(rows)
    return found


class NotTriangularError(StrategyError, ValueError):
    """The indifference equations cannot be solved one unknown at a time."""


class NotAnEquilibriumError(StrategyError, RuntimeError):
    """A support's solved chances fall outside (0, 1) or leave a class that is no best reply."""


def solve_triangular(equations: Mapping[Point, Polynomial]) -> dict[Point, Fraction]:
    """Solve ``equations[k] == 0`` for every unknown ``k`` exactly, taking each time an
    equation that, with the chances already solved put in, is linear in one unknown left.

    >>> x, y = (), (True,)
    >>> solve_triangular({x: Polynomial(-1, {y: 2}, {}), y: Polynomial(-3, {x: 1, y: 1}, {})})
    {(True,): Fraction(1, 2), (): Fraction(5, 2)}
    """
    solved: dict[Point, Fraction] = {}
    left = dict(equations)
    while left:
        for own, poly in left.items():
            step = _linear_in_one(poly, solved)
            if step is not None:
                unknown, value = step
                solved[unknown] = value
                del left[own]
                break
        else:
            raise NotTriangularError(
                "no equation is linear in a single unknown chance once the solved ones are "
                f"put in (unsolved: {sorted(left)}); this support needs an algebraic solver"
            )
    return solved


def _linear_in_one(
    poly: Polynomial, solved: Mapping[Point, Fraction]
) -> tuple[Point, Fraction] | None:
    """If ``poly`` with ``solved`` put in is ``a + b u`` in one unknown ``u`` (``b != 0``):
    ``(u, -a / b)``."""
    constant, slope = Fraction(poly.constant), dict[Point, Fraction]()
    for k, c in poly.linear.items():
        if k in solved:
            constant += c * solved[k]
        else:
            slope[k] = slope.get(k, Fraction(0)) + c
    for (k, m), c in poly.square.items():
        if k in solved and m in solved:
            constant += c * solved[k] * solved[m]
        elif k in solved or m in solved:
            known, free = (k, m) if k in solved else (m, k)
            slope[free] = slope.get(free, Fraction(0)) + c * solved[known]
        else:
            return None
    slope = {k: v for k, v in slope.items() if v}
    if len(slope) != 1:
        return None
    ((unknown, b),) = slope.items()
    return unknown, -constant / b


@dataclass(frozen=True)
class ExactEquilibrium:
    """The equilibrium: each mixing point's chance, the whole profile, every gain (sixths of a
    pot summed over deals), and each seat's share of the pot (first, second, dealer)."""

    chances: dict[Point, Fraction]
    play: dict[Point, tuple[Fraction, ...]]
    gains: dict[Point, tuple[Fraction, ...]]
    shares: tuple[Fraction, Fraction, Fraction]

    def violations(self) -> list[str]:
        """Every class whose play is not a best reply at its point, in words (none when the
        profile is an equilibrium)."""
        return violations(self.play, self.gains)


def violations(play: Play, gains: Mapping[Point, Sequence[Chance]]) -> list[str]:
    """Where ``play`` is not a best reply given ``gains``: a class in with a loss, out with a
    gain, or mixing while not indifferent."""
    found = []
    for point in POINTS:
        for c, (p, g) in enumerate(zip(play[point], gains[point], strict=True)):
            if (p > 0 and g < 0) or (p < 1 and g > 0):
                share = Fraction(g) / (6 * DEALS)
                found.append(f"{point} {ALL_STRENGTHS[c]}: in {p}, gain {float(share):.3g}")
    return found


@cache
def exact_equilibrium() -> ExactEquilibrium:
    """Solve :data:`SUPPORT`'s indifference equations exactly, work out every gain and certify
    it (about twenty seconds: eleven counts of every deal, and the seats' shares in fractions).
    Raises :class:`NotAnEquilibriumError` naming the classes that are not best replies, if
    any are."""
    polys = gain_polynomials(SUPPORT)
    equations = {
        point: polys[point][min(SUPPORT[point].mixing())]
        for point in POINTS
        if SUPPORT[point].mixed
    }
    chances = solve_triangular(equations)
    if any(not 0 < u < 1 for u in chances.values()):
        raise NotAnEquilibriumError(f"the support's indifference chances leave (0, 1): {chances}")
    play = _profile(SUPPORT, chances)
    gains = {point: tuple(poly.at(chances) for poly in polys[point]) for point in POINTS}
    shares = seat_values(play)
    first, second, dealer = (Fraction(s) for s in shares)
    found = ExactEquilibrium(
        chances=chances,
        play={p: tuple(Fraction(c) for c in play[p]) for p in POINTS},
        gains=gains,
        shares=(first, second, dealer),
    )
    wrong = found.violations()
    if wrong:
        raise NotAnEquilibriumError(
            f"the support's solution is not an equilibrium: {'; '.join(wrong[:5])}"
        )
    return found


def kept_summary() -> dict[str, Any]:
    """The equilibrium's :func:`summary` as kept ahead in :mod:`~guts_teach.strategy.ahead`
    (solving takes some twenty seconds; a bot or a report must answer at once), or solved
    afresh when nothing is kept."""
    try:
        kept: dict[str, Any] = stored("in_turn")
    except KeyError:
        return summary(exact_equilibrium())
    return kept


@cache
def kept_play() -> Play:
    """The equilibrium's 91 chances at each point, from :func:`kept_summary`'s mixes."""
    mixes = kept_summary()["three_mixes"]
    chances = {p: Fraction(mixes[point_key(p)]) for p in POINTS if point_key(p) in mixes}
    return _profile(SUPPORT, chances)


def point_key(point: Point) -> str:
    """A point as a JSON key: ``""`` for the first seat, ``"in"``, ``"in out"``...

    >>> point_key(()), point_key((True, False))
    ('', 'in out')
    """
    return " ".join("in" if said else "out" for said in point)


def ranges(classes: frozenset[int]) -> str:
    """Classes in words, runs of neighbours joined: ``"J-7 to J-10 and Q-7 or better"``.

    >>> ranges(SUPPORT[()].always_in())
    'J-7 to J-10 and Q-7 or better'
    >>> ranges(SUPPORT[()].mixing())
    'J-5, J-6, Q-5 and Q-6'
    >>> ranges(SUPPORT[(False,)].mixing())
    '5-2, 5-3, 5-4, 6-2, 6-3 and 6-4'
    """
    runs: list[list[int]] = []
    for c in sorted(classes):
        if runs and runs[-1][-1] == c - 1:
            runs[-1].append(c)
        else:
            runs.append([c])
    words: list[str] = []
    for run in runs:
        low, high = ALL_STRENGTHS[run[0]], ALL_STRENGTHS[run[-1]]
        if run[-1] == N - 1:
            words.append(f"{low} or better")
        elif len(run) > 2 and (low.high == high.high or len(run) > 6):
            words.append(f"{low} to {high}")
        else:  # a short run across high cards (5-2 to 6-4) reads better named in full
            words += [str(ALL_STRENGTHS[c]) for c in run]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def chance_words(chance: Fraction) -> str:
    """A mixing chance as a person reads it: the fraction when it is short, and the percent;
    a long fraction is exact too, so its percent is said to be rounded, not "about".

    >>> chance_words(Fraction(15735, 106112)), chance_words(Fraction(10**12 + 1, 2 * 10**12))
    ('15735/106112 (14.8%)', '50.0% (rounded from an exact fraction)')
    """
    percent = f"{float(chance) * 100:.1f}%"
    if chance.denominator < 10**7:
        return f"{chance} ({percent})"
    return f"{percent} (rounded from an exact fraction)"


def in_words(point: Point, chance: Fraction | None) -> str:
    """What a point of :data:`SUPPORT` plays, given its mixing chance.

    >>> in_words((True, False), Fraction(3, 4))
    'in with K-5 or better; with K-4 3/4 (75.0%) of the time'
    """
    spec = SUPPORT[point]
    said = f"in with {ranges(spec.always_in())}"
    if spec.mixed and chance is not None:
        each = " each" if len(spec.mixing()) > 1 else ""
        said += f"; with {ranges(spec.mixing())} {chance_words(chance)} of the time{each}"
    return said


def summary(found: ExactEquilibrium) -> dict[str, Any]:
    """The equilibrium as JSON data, as it is kept ahead: each point's name, its play in words
    and its 91 chances (rounded: only drawn); the mixing chances and the seats' shares exact."""
    return {
        "three": [
            [
                NAMES[point],
                in_words(point, found.chances.get(point)),
                [round(float(p), 5) for p in found.play[point]],
            ]
            for point in POINTS
        ],
        "three_mixes": {point_key(p): str(u) for p, u in found.chances.items()},
        "three_shares": [str(v) for v in found.shares],
    }
