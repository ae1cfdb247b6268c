"""What a Shelby game remembers: its state between actions, and each narrated step.

A step's ``balances`` and ``shelbys`` are read-only mappings: a step handed out never
changes the game.

>>> from fractions import Fraction
>>> from types import MappingProxyType
>>> step = ShelbyStep(1, 0, "ante", "Everyone antes 1.", Fraction(3),
...                   MappingProxyType({"A": Fraction(-1)}), MappingProxyType({"A": 0}))
>>> step.balances["A"]
Fraction(-1, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ..game.cards.deck import Card


@dataclass(frozen=True, slots=True)
class ShelbyStep:
    """One change in a Shelby game, told in one sentence, with the pot and balances after it.

    ``balances`` and ``shelbys`` are read-only: a step handed out never changes the game.
    ``shown`` are the cards the holders showed at a showdown (S2), in seat order.
    """

    deal: int
    round: int
    kind: str
    text: str
    pot: Fraction
    balances: Mapping[str, Fraction] = field(compare=True, hash=False)
    shelbys: Mapping[str, int] = field(compare=True, hash=False)
    shown: tuple[tuple[str, tuple[Card, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class ShelbyState:
    pot: Fraction
    net: tuple[Fraction, ...]
    shelbys: tuple[int, ...]
    deal: int
    round: int  # 0 before a deal; 1..rounds while one is played
    cards: tuple[tuple[Card, ...], ...]  # every player's cards for the whole deal
    dealt: tuple[int, ...]  # how many of them each player holds now
    bought: tuple[int, ...]
    round_pot: Fraction
    winner: str | None
    spare: tuple[Card, ...]  # undealt cards, for buying with a 4
