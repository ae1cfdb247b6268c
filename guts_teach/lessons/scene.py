"""The scene a table picture shows: who sits where, the pot, the cards, who won.

Plain data, built by the lessons (the stepper) and the play tables, and drawn by the
picture adapter (:func:`guts_teach.pictures.svg.table_svg`).

>>> from fractions import Fraction
>>> Scene(players=("A", "B"), dealer="A", pot=Fraction(2), reserve=Fraction(0),
...       balances={"A": Fraction(-1), "B": Fraction(-1)}).dealt
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..game.cards.deck import Card


@dataclass(frozen=True, kw_only=True)
class Scene:
    """What the table shows at one moment (see :func:`table_svg`).

    ``hands`` are the cards each player holds; ``face_up`` those shown to everyone;
    ``declared`` maps players to in (True) or out (False) once declarations are open;
    ``sealed`` are players who have declared while the fists are still closed (a class
    table's projector): drawn as having declared, never as in or out;
    ``winners`` are highlighted; ``ghost`` is the ghost hand (V5), face up when
    ``ghost_shown``; ``dealt`` is False between deals, when nobody holds cards;
    ``pot_label`` names the amount in the middle ("Paid in" while payments over the cap
    have come in and are not yet split into pot and reserve); ``caption`` is a line under it.
    """

    players: tuple[str, ...]
    dealer: str
    pot: Fraction
    reserve: Fraction
    balances: Mapping[str, Fraction]
    hands: Mapping[str, Sequence[Card]] = field(default_factory=dict)
    face_up: frozenset[str] = frozenset()
    declared: Mapping[str, bool] = field(default_factory=dict)
    sealed: frozenset[str] = frozenset()
    winners: frozenset[str] = frozenset()
    ghost: Sequence[Card] | None = None
    ghost_shown: bool = False
    hand_size: int = 2
    dealt: bool = True
    pot_label: str = "Pot"
    caption: str = ""
