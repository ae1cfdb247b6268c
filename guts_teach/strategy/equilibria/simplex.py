"""A small exact simplex method: linear programmes in fractions, for zero-sum games.

Maximise ``c . x`` subject to ``A x <= b`` and ``x >= 0``, with every ``b`` at least 0 (so
that ``x = 0`` is a starting corner). The tableau holds :class:`~fractions.Fraction` values, so
the optimum, the corner it is found at and the dual prices are exact. The entering column is
the one of greatest reduced gain (Dantzig's rule) until a run of pivots makes no progress,
then the lowest-numbered one (Bland's rule, which cannot cycle); the leaving row is the
lowest-numbered of the tied ratios.

The dual prices ``y`` solve the dual programme (minimise ``b . y`` subject to ``A^T y >= c``,
``y >= 0``) with the same value: in a zero-sum game the primal is one player's strategy and
the dual the other's.

>>> found = maximise([3, 2], [[1, 1], [1, 3]], [4, 6])
>>> found.value, found.x, found.y
(Fraction(12, 1), (Fraction(4, 1), Fraction(0, 1)), (Fraction(3, 1), Fraction(0, 1)))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import StrategyError

STALL = 50  # pivots without progress before switching to Bland's rule


@dataclass(frozen=True)
class Optimum:
    """The optimal ``value``, a corner ``x`` where it is reached and the dual prices ``y``."""

    value: Fraction
    x: tuple[Fraction, ...]
    y: tuple[Fraction, ...]


class UnboundedError(StrategyError, ArithmeticError):
    """The programme's objective grows without bound."""


def maximise(
    c: Sequence[int | Fraction], a: Sequence[Sequence[int | Fraction]], b: Sequence[int | Fraction]
) -> Optimum:
    """Maximise ``c . x`` subject to ``a x <= b``, ``x >= 0`` (``b >= 0``), exactly."""
    rows, cols = len(a), len(c)
    if any(v < 0 for v in b) or any(len(r) != cols for r in a) or len(b) != rows:
        raise ValueError("need b >= 0 and one coefficient per variable in every row")
    width = cols + rows
    table = [
        [Fraction(v) for v in r] + [Fraction(int(i == k)) for k in range(rows)] + [Fraction(b[i])]
        for i, r in enumerate(a)
    ]
    gains = [Fraction(v) for v in c] + [Fraction(0)] * rows + [Fraction(0)]  # reduced gains
    basis = list(range(cols, width))
    stalled = 0
    while True:
        entering = _entering(gains, width, bland=stalled >= STALL)
        if entering is None:
            break
        leaving = _leaving(table, entering, basis)
        if leaving is None:
            raise UnboundedError(f"variable {entering} can grow without bound")
        before = gains[-1]
        _pivot(table, gains, leaving, entering)
        basis[leaving] = entering
        stalled = stalled + 1 if gains[-1] == before else 0
    x = [Fraction(0)] * width
    for row, var in enumerate(basis):
        x[var] = table[row][-1]
    return Optimum(-gains[-1], tuple(x[:cols]), tuple(-g for g in gains[cols:width]))


def _entering(gains: list[Fraction], width: int, *, bland: bool) -> int | None:
    best, chosen = Fraction(0), None
    for j in range(width):
        if gains[j] > best:
            if bland:
                return j
            best, chosen = gains[j], j
    return chosen


def _leaving(table: list[list[Fraction]], col: int, basis: list[int]) -> int | None:
    chosen: int | None = None
    ratio = Fraction(0)
    for i, row in enumerate(table):
        if row[col] > 0:
            r = row[-1] / row[col]
            if chosen is None or r < ratio or (r == ratio and basis[i] < basis[chosen]):
                chosen, ratio = i, r
    return chosen


def _pivot(table: list[list[Fraction]], gains: list[Fraction], row: int, col: int) -> None:
    pivot = table[row]
    scale = pivot[col]
    pivot[:] = [v / scale for v in pivot]
    nonzero = [(j, v) for j, v in enumerate(pivot) if v]
    for other in (*table, gains):
        if other is pivot:
            continue
        factor = other[col]
        if factor:
            for j, v in nonzero:
                other[j] -= factor * v
