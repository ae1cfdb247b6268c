"""A bot for declaring in turn (V1): it plays its seat and what it heard.

Heads-up it plays the exact equilibrium of :mod:`guts_teach.strategy.in_turn.heads_up` (first
player: value hands and bluffs; dealer after "in": 10-3 or better, 10-2 a twenty-fourth of the
time). At three players it plays the exact equilibrium of
:mod:`guts_teach.strategy.in_turn.three_exact`, a chance of going in for each class at each of
the six points (first; second after "in" or "out"; dealer after in-in, in-out, out-in). At four
players or more no in-turn equilibrium is computed here: the bot plays the table's
simultaneous equilibrium threshold, whatever it heard, and says so. The dealer never decides
when everyone before is out: it takes the pot (V1).

>>> import random
>>> from guts_teach.game.cards.hands import hand
>>> bot = InTurnBot("Bo", random.Random(1))
>>> [bot.decides(hand(cards), table=2, heard=(True,)) for cards in ("As Ad", "4c 2d")]
[True, False]
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ...game.cards.hands import ALL_STRENGTHS, HandOrder, Strength
from ...game.errors import MissingHandError
from ...game.play.session import Session
from ..equilibria.mixed import equilibrium_play
from .heads_up import DEALER, FIRST
from .three_exact import kept_play


@dataclass
class InTurnBot:
    """Declares in turn from its seat and the declarations before it (coins from ``rng``)."""

    player: str
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def decides(self, held: HandOrder, *, table: int, heard: tuple[bool, ...]) -> bool:
        """In or out with ``held`` at a table of ``table`` players, having heard ``heard``
        (the declarations before its turn, in order)."""
        strength = held.strength
        if not isinstance(strength, Strength):
            raise TypeError("the in-turn equilibria are counted for two-card Guts")
        if table == 2:
            play = FIRST if not heard else DEALER
            return play.goes_in(strength, self.rng)
        if table == 3:
            chance = kept_play()[heard][ALL_STRENGTHS.index(strength)]
            return chance == 1 or (chance != 0 and self.rng.random() < chance)
        return equilibrium_play(players=table).goes_in(strength, self.rng)

    def declares_in(self, session: Session, heard: tuple[bool, ...] | None = None) -> bool:
        """In or out for the deal in progress; ``heard`` defaults to the declarations made so
        far (it is the bot's turn)."""
        held = session.hands.get(self.player)
        if held is None:
            raise MissingHandError(
                f"{self.player} has no known cards in this deal: deal them first"
            )
        if heard is None:
            heard = tuple(session.declarations.values())
        return self.decides(held, table=len(session.players), heard=heard)

    def describe(self) -> str:
        """How the bot plays, for the deal's record and the ledger."""
        return "in-turn equilibrium: plays its seat and what it heard (V1)"
