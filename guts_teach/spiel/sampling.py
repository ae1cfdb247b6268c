"""Four to six players, declaring at once: OpenSpiel's sampling CFR against the lab's equilibria.

The whole tree has 91^n deals (some 69 million at four players), out of reach of CFR and of
exact best responses. OpenSpiel's Monte Carlo CFR (external sampling: each iteration deals
one hand to every seat by chance and samples the other seats' declarations, trying both of
the learning seat's) runs on the Python game itself, 1.5 to 3.5 milliseconds an iteration. What
it is compared with, for each table size:

- where its average strategy crosses one half: the weakest class from which every seat
  goes in half the time or more, against the lab's equilibrium threshold (A-2 at four, A-4
  at five, A-7 at six);
- the lab's exact price of its strategy: a seat playing MCCFR's average while the others
  play the lab's equilibrium gives up, against playing the equilibrium itself,
  ``sum over classes of frequency x |gain of going in| x |its chance - the equilibrium's|``
  (the lab's exact gains, :func:`guts_teach.strategy.equilibria.thresholds.gain`), a share
  of the pot; zero only if it plays the equilibrium wherever the gain is not zero.

The sampling is seeded, so a run is repeated exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pyspiel

from ..game.cards.hands import ALL_STRENGTHS
from .game import IN, load
from .trees import NAMES, information_state

SEED = 27


@dataclass(frozen=True)
class Sampled:
    """One run of external-sampling MCCFR at ``players`` declaring at once: each seat's
    average chance of going in by class, where each crosses one half and where their mean
    over the seats does (the seats play alike at once), the lab's equilibrium
    threshold, and the lab's exact price of the strategy (mean over seats; pots)."""

    players: int
    iterations: int
    seed: int
    chances: tuple[tuple[float, ...], ...]
    crossings: tuple[str, ...]
    pooled: str
    equilibrium: str
    price: float


def crossing(chances: tuple[float, ...] | list[float]) -> str:
    """Where ``chances`` (by class) cross one half: the threshold nearest to them, the one
    whose in-or-out differs least from them over the 1,326 hands (sampling leaves a stray
    class on the wrong side of one half now and then, which this reads through).

    >>> crossing([0.0] * 60 + [0.2, 0.7] + [1.0] * 29)  # K-7 mostly out, K-8 mostly in
    'K-8'
    """
    from ..strategy.equilibria.thresholds import frequency

    weights = [frequency(s) for s in ALL_STRENGTHS]
    # cost of the threshold at index t: the chances below it, plus the chances missing above
    below = [0.0]
    for w, p in zip(weights, chances, strict=True):
        below.append(below[-1] + w * p)
    above = [0.0]
    for w, p in zip(reversed(weights), reversed(chances), strict=True):
        above.append(above[-1] + w * (1 - p))
    n = len(chances)
    costs = [below[t] + above[n - t] for t in range(n + 1)]
    best = min(range(n + 1), key=costs.__getitem__)
    return NAMES[best] if best < n else "none"


def _chance_in(policy: Any, name: str) -> float:
    """The average policy's chance of going in at ``name`` (one half where no sample came)."""
    try:
        return float(dict(policy.get_state_policy(name)).get(IN, 0.0))
    except pyspiel.SpielError:
        return 0.5


def price(chances: tuple[float, ...], *, players: int) -> Fraction:
    """The lab's exact loss (pots) of playing ``chances`` alone against its equilibrium."""
    from ..strategy.equilibria.thresholds import equilibrium, frequency, gain

    play = equilibrium(players=players).threshold
    total = Fraction(0)
    for strength, chance in zip(ALL_STRENGTHS, chances, strict=True):
        gained = gain(strength, play, players=players)
        played = 1 if play.goes_in(strength) else 0
        total += frequency(strength) * abs(gained) * abs(Fraction(chance) - played)
    return total / 1326


def sample_at_once(players: int, iterations: int, *, seed: int = SEED) -> Sampled:
    """External-sampling MCCFR (OpenSpiel's C++ solver on the Python game) for
    ``iterations`` rounds at ``players`` declaring at once (some 1.5 ms an iteration at
    four players, 3.5 at six)."""
    from ..strategy.equilibria.thresholds import equilibrium

    if not 4 <= players <= 6:
        raise ValueError(f"sampling is for 4 to 6 players; got {players}")
    solver = pyspiel.ExternalSamplingMCCFRSolver(load(players=players), seed=seed)
    for _ in range(iterations):
        solver.run_iteration()
    policy = solver.average_policy()
    chances = tuple(
        tuple(_chance_in(policy, information_state(seat, c, ())) for c in range(len(NAMES)))
        for seat in range(players)
    )
    prices = [price(seat_chances, players=players) for seat_chances in chances]
    return Sampled(
        players,
        iterations,
        seed,
        chances,
        tuple(crossing(c) for c in chances),
        crossing([sum(c) / players for c in zip(*chances, strict=True)]),
        str(equilibrium(players=players).threshold.strength),
        float(sum(prices) / players),
    )
