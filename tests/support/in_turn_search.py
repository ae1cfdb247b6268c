"""Declaring in turn at three players, counted again with numpy, and the search that found
which classes mix in the exact equilibrium (``guts_teach.strategy.in_turn.three_exact``).

The gains here are written afresh from the rules, not through the package's range sums: a
tensor ``DEALS3[a, b, c]`` of deals giving the first seat class ``a``, the second ``b`` and
the dealer ``c``, and for every way the three can declare, each seat's share of the pot in
sixths (R4, R5, V1: the dealer takes the pot when both before it are out). A seat's expected
share is then a sum over that tensor weighed by the three seats' chances, and its gain at a
point is the derivative by its own chance there (its share is linear in it).

The search follows the logit quantal-response path: at sharpness ``1 / tau`` every class goes
in with chance ``1 / (1 + exp(-gain / tau))``, where the gain is a share of the pot given the
class; from ``tau = 1`` (every chance near a half, one answer) ``tau`` shrinks step by step,
each step solved by Newton's method from the last, until the chances are best replies but
for a few classes that stay in between: those mix.
"""

from __future__ import annotations

from itertools import product

import numpy as np

from guts_teach.strategy.counting.class_deals import triple_table
from guts_teach.strategy.in_turn.three_gains import POINTS, N

Point = tuple[bool, ...]
Factor = tuple[Point, bool] | None  # a seat's point and what it says there; None: no choice

DEALS3 = np.array(triple_table(), dtype=np.int64)
"""Deals giving the three seats classes a, b, c (card removal exact)."""

_CLASS = [np.arange(N).reshape(shape) for shape in ((N, 1, 1), (1, N, 1), (1, 1, N))]
_LETTERS = "abc"


def _share(seat: int, ins: tuple[bool, bool, bool]) -> np.ndarray:
    """``seat``'s share of the pot in sixths for every class triple, when ``ins`` are in."""
    playing = [s for s in range(3) if ins[s]]
    if len(playing) == 1:
        return np.full((N, N, N), 6 if ins[seat] else 0, dtype=np.int64)
    held = [np.broadcast_to(_CLASS[s], (N, N, N)) for s in range(3)]
    top = np.max(np.stack([held[s] for s in playing]), axis=0)
    winners = sum((held[s] == top).astype(np.int64) for s in playing)
    losers = len(playing) - winners
    mine = np.zeros((N, N, N), dtype=np.int64)
    if ins[seat]:
        mine = np.where(held[seat] == top, 6 // winners, -6)
    return mine + 2 * losers


def _ways() -> list[tuple[Factor, Factor, Factor]]:
    """Every way a deal is declared, as each seat's (point, said); the dealer has no say
    after two outs."""
    found: list[tuple[Factor, Factor, Factor]] = []
    for first, second in product((True, False), repeat=2):
        seats: tuple[Factor, Factor] = (((), first), ((first,), second))
        if first or second:
            found += [(*seats, ((first, second), third)) for third in (True, False)]
        else:
            found.append((*seats, None))
    return found


WAYS = _ways()


def _who_is_in(way: tuple[Factor, Factor, Factor]) -> tuple[bool, bool, bool]:
    first, second = way[0][1] if way[0] else False, way[1][1] if way[1] else False
    third = way[2][1] if way[2] else not (first or second)
    return first, second, third


WEIGHTED = {
    (w, s): DEALS3 * _share(s, _who_is_in(way)) for w, way in enumerate(WAYS) for s in range(3)
}
"""Deals times share, for every way of declaring and seat."""


def _factor(play: dict[Point, np.ndarray], factor: Factor) -> np.ndarray:
    point, said = factor  # type: ignore[misc]
    return play[point] if said else 1 - play[point]


def gains(play: dict[Point, np.ndarray]) -> dict[Point, np.ndarray]:
    """Every point's gain for every class: what going in rather than out is worth, in sixths
    of a pot summed over deals (the package's ``seat_gains`` units). Exact in whole numbers
    when ``play`` holds integer arrays of 0 and 1."""
    kind = np.result_type(*play.values())
    found = {p: np.zeros(N, dtype=kind) for p in POINTS}
    for w, way in enumerate(WAYS):
        for s, own in enumerate(way):
            if own is None:
                continue
            others = [o for o in range(3) if o != s and way[o] is not None]
            spec = "abc" + "".join("," + _LETTERS[o] for o in others) + "->" + _LETTERS[s]
            value = np.einsum(spec, WEIGHTED[w, s], *(_factor(play, way[o]) for o in others))
            found[own[0]] = found[own[0]] + (value if own[1] else -value)
    return found


SIZE = len(POINTS) * N
_AT = {p: i * N for i, p in enumerate(POINTS)}
CLASS_WEIGHT = np.tile(6.0 * DEALS3.sum(axis=(1, 2)), len(POINTS))
"""Sixths of a pot over the deals of each class: a gain divided by it is a share given the class."""


def flat(play: dict[Point, np.ndarray]) -> np.ndarray:
    return np.concatenate([play[p] for p in POINTS])


def by_point(values: np.ndarray) -> dict[Point, np.ndarray]:
    return {p: values[_AT[p] : _AT[p] + N] for p in POINTS}


def shares_given_class(chances: np.ndarray) -> np.ndarray:
    """Every gain as a share of the pot given the class, for flat chances."""
    return flat(gains(by_point(chances))) / CLASS_WEIGHT


def jacobian(chances: np.ndarray) -> np.ndarray:
    """How :func:`shares_given_class` moves with every chance (a seat's own chances never
    move its gains: it declares once a deal)."""
    play = by_point(chances)
    found = np.zeros((SIZE, SIZE))
    for w, way in enumerate(WAYS):
        for s, own in enumerate(way):
            for t, theirs in enumerate(way):
                if own is None or theirs is None or t == s:
                    continue
                rest = [o for o in range(3) if o not in (s, t) and way[o] is not None]
                spec = "abc" + "".join("," + _LETTERS[o] for o in rest)
                spec += "->" + _LETTERS[s] + _LETTERS[t]
                block = np.einsum(spec, WEIGHTED[w, s], *(_factor(play, way[o]) for o in rest))
                sign = (1 if own[1] else -1) * (1 if theirs[1] else -1)
                rows, cols = _AT[own[0]], _AT[theirs[0]]
                found[rows : rows + N, cols : cols + N] += sign * block
    return found / CLASS_WEIGHT[:, None]


def _logistic(odds: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-np.clip(odds, -700, 700)))


def _newton(odds: np.ndarray, tau: float) -> np.ndarray | None:
    """Solve ``tau * odds == gains(logistic(odds))`` from ``odds`` (damped); None if stuck."""
    for _ in range(40):
        chances = _logistic(odds)
        miss = tau * odds - shares_given_class(chances)
        size = np.abs(miss).max()
        if size < 1e-12:
            return odds
        slope = tau * np.eye(SIZE) - jacobian(chances) * (chances * (1 - chances))[None, :]
        step = np.linalg.solve(slope, -miss)
        scale = 1.0
        while scale > 1e-3:
            tried = odds + scale * step
            if np.abs(tau * tried - shares_given_class(_logistic(tried))).max() < size:
                break
            scale /= 2
        else:
            return None
        odds = tried
    return None


def logit_path(end: float = 1e-7) -> np.ndarray:
    """The log-odds of going in for every point and class at sharpness ``1 / end``, followed
    from ``tau = 1``."""
    odds, tau, factor = np.zeros(SIZE), 1.0, 0.7
    while tau > end:
        found = _newton(odds.copy(), tau * factor)
        if found is None:
            factor **= 0.5
            if factor > 0.999:
                raise RuntimeError(f"the logit path turned back at tau {tau:.3g}")
            continue
        odds, tau, factor = found, tau * factor, max(factor**1.5, 0.3)
    return odds


def support(odds: np.ndarray, *, bound: float = 20.0) -> dict[Point, tuple[set[int], set[int]]]:
    """Each point's classes always in (log-odds above ``bound``) and mixing (within it)."""
    found = {}
    for point, values in by_point(odds).items():
        found[point] = (
            {c for c in range(N) if values[c] > bound},
            {c for c in range(N) if abs(values[c]) <= bound},
        )
    return found
