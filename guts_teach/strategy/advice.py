"""What going in is worth here, in words: exact when the package can count it, sampled
otherwise.

The exact gains (:mod:`guts_teach.strategy.equilibria.thresholds`) cover two-card Guts declared at
once (or with the drop, V2), with or without the weenie rule (V7), under any ante, cap or
re-ante option. For the other variants (ghost hand, single loser, no split pots, three
cards) the worth is sampled through the rules core (:mod:`guts_teach.strategy.sampling`) and
given with its error bar.

>>> from guts_teach.game.cards.hands import hand
>>> from guts_teach.game.rules import teaching
>>> from guts_teach.strategy.equilibria.thresholds import equilibrium
>>> advice = going_in("Ac 5d", players=6, others=equilibrium(players=6).threshold,
...                   rules=teaching(), pot=Fraction(20))
>>> advice.exact, advice.better
(True, 'out')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..game.cards.deck import Card
from ..game.cards.hands import Strength
from ..game.rules import Rules
from .equilibria.mixed import MixedThreshold, mixed_gain
from .equilibria.thresholds import gain
from .sampling import Estimate, Strategy, held_hand, sampled_gain

SAMPLES = 4000


def counts_exactly(rules: Rules) -> bool:
    """True when the package counts the worth of going in exactly under ``rules``.

    >>> counts_exactly(Rules()), counts_exactly(Rules(ghost_hand=True))
    (True, False)
    """
    return (
        rules.hand_size == 2
        and rules.declaration in ("simultaneous", "drop")
        and rules.split_pots
        and not rules.ghost_hand
        and not rules.single_loser
    )


@dataclass(frozen=True)
class Advice:
    """The worth of going in rather than out: ``per_pot`` as a share of the pot (a fraction
    when exact, an :class:`Estimate` when sampled) and in chips for ``pot``."""

    hand: str
    players: int
    others: Strategy | tuple[Strategy, ...]
    pot: Fraction
    per_pot: Fraction | Estimate
    unit: str = "chips"  # "counters" under net counters (the teaching profile), R8

    @property
    def exact(self) -> bool:
        """True when the worth was counted, not sampled."""
        return isinstance(self.per_pot, Fraction)

    @property
    def share(self) -> float:
        """The worth as a share of the pot (the sampled mean when sampled)."""
        return float(self.per_pot) if isinstance(self.per_pot, Fraction) else self.per_pot.mean

    @property
    def better(self) -> str:
        """``"in"`` or ``"out"``; ``"either"`` when exactly level or within the error bar."""
        if isinstance(self.per_pot, Estimate) and abs(self.share) <= 2 * self.per_pot.error:
            return "either"
        return "in" if self.share > 0 else "out" if self.share < 0 else "either"

    def __str__(self) -> str:
        chips = self.share * float(self.pot)
        if isinstance(self.per_pot, Fraction):
            worth = f"{self.share:+.3f} of the pot, exactly"
        else:
            worth = (
                f"about {self.share:+.3f} +/- {self.per_pot.error:.3f} of the pot "
                f"(sampled over {self.per_pot.samples:,} deals)"
            )
        verdict = {"in": "Go in.", "out": "Stay out.", "either": "It hardly matters."}
        if isinstance(self.others, tuple):
            plays = "; ".join(str(s) for s in self.others)
            who = f"the others play, in seat order: {plays}"
        else:
            who = f"the others go {self.others}"
        return (
            f"Going in with {self.hand} at {self.players} players, when {who}: worth "
            f"{worth} (what going in rather than out brings on average, with 1/{self.players} "
            f"of whatever carries over to the next pot counted as yours); {chips:+.2f} "
            f"{self.unit} with the pot at {float(self.pot):g}. {verdict[self.better]}"
        )

    def plain(self) -> str:
        """The advice in a learner's words: what going in wins or costs, as a share of the
        pot on average, and what to do.

        >>> from guts_teach.strategy.equilibria.thresholds import equilibrium
        >>> print(going_in("Ac 5d", players=6, others=equilibrium(players=6).threshold,
        ...                rules=Rules(), pot=Fraction(20)).plain())  # doctest: +ELLIPSIS
        With ace-five, when the others go in with ..., going in costs you about ...%... Stay out.
        """
        if abs(self.share) < 0.0005:
            worth = "going in wins about as much as it costs"
        elif self.share > 0:
            worth = f"going in wins you about {self.share:.1%} of the pot on average"
        else:
            worth = f"going in costs you about {-self.share:.1%} of the pot on average"
        if not isinstance(self.per_pot, Fraction):
            worth += f" (worked out from {self.per_pot.samples:,} practice deals)"
        verdict = {"in": "Go in.", "out": "Stay out.", "either": "It hardly matters."}
        if isinstance(self.others, tuple):
            who = "the others play as they do"
        else:
            who = f"the others go {self.others}"
        return f"With {self.hand}, when {who}, {worth}. {verdict[self.better]}"


def going_in(
    held: str | tuple[Card, ...],
    *,
    players: int,
    others: Strategy | Sequence[Strategy],
    rules: Rules,
    pot: Fraction,
    rng: random.Random | None = None,
    samples: int = SAMPLES,
) -> Advice:
    """The worth of going in with ``held`` when the other ``players - 1`` play ``others``
    (one strategy for all, counted exactly where the rules allow; or one each, sampled)."""
    mine = held_hand(held, rules)
    strength = mine.strength
    if isinstance(others, Sequence):
        each = tuple(others)
        others = each[0] if each and all(s == each[0] for s in each) else each
    per_pot: Fraction | Estimate
    if counts_exactly(rules) and isinstance(strength, Strength) and not isinstance(others, tuple):
        weenie: dict[str, Any] = {"weenie": rules.weenie_rule, "weenie_ties": rules.weenie_ties}
        if isinstance(others, MixedThreshold):
            per_pot = mixed_gain(strength, others, players=players, **weenie)
        else:
            per_pot = gain(strength, others, players=players, **weenie)
    else:
        per_pot = sampled_gain(
            mine.cards,
            others,
            players=players,
            rules=rules,
            rng=rng or random.Random(1),
            samples=samples,
            pot=pot,
        )
    unit = "counters" if rules.starting_stack is None else "chips"
    return Advice(strength.name, players, others, pot, per_pot, unit)
