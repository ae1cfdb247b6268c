"""Immutable records of play: one :class:`DealRecord` for every settled deal.

A record holds everything that happened in the deal, with exact amounts. Its
:meth:`DealRecord.steps` tell the deal as a story (:mod:`guts_teach.game.narration`), made
only when asked for, so playing thousands of deals stays fast.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .frozen import quick_init
from .hands import HandOrder
from .narration import Step, narrate
from .settlement import Settlement

Balances = tuple[Fraction, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class DealRecord:
    """Everything one settled deal did, with exact amounts.

    ``start_pot``/``start_reserve`` are the amounts when the deal began; ``ante`` is what
    each of ``anted`` paid (R2); ``pot_before``/``reserve_before`` are the stakes at the
    showdown; ``settlement`` holds the arithmetic (R3-R7); ``net_before``/``net_after``
    are the net counters in seat order and ``stack`` the starting stack (R8), from which
    :attr:`balances` follow. ``seat_hands`` are the known hands in seat order (``None`` for a
    player whose cards were not recorded; ``None`` as a whole when no cards were), read as
    :attr:`hands`. ``kind`` says how the deal ended (``nobody_in``,
    ``uncontested``, ``dealer_takes``, ``showdown``, ``ghost_wins``, ``tie_stays``);
    ``ghost`` is the ghost hand (V5), ``tied_best`` the tied best hands that kept the pot
    (V4), ``declaration`` how the players declared (V1, V2); ``bots`` names the players
    whose declaration a bot made, with the bot's way of playing, in seat order; ``chips``
    is True when players hold chips from a stack (seed 000's words) rather than net
    counters (seed 002's), so the narration says "chips" and "limit" or "counters" and "cap".
    """

    number: int
    cycle: int
    players: tuple[str, ...]
    dealer: str
    start_pot: Fraction
    start_reserve: Fraction
    ante: Fraction
    anted: tuple[str, ...]
    ante_overflow: Fraction
    pot_before: Fraction
    reserve_before: Fraction
    seat_hands: tuple[HandOrder | None, ...] | None
    ghost: HandOrder | None
    ins: tuple[str, ...]
    winners: tuple[str, ...]
    winners_from_cards: bool
    payers: tuple[str, ...]
    kind: str
    tied_best: tuple[str, ...]
    declaration: str
    hand_size: int
    settlement: Settlement
    stack: Fraction
    net_before: Balances
    net_after: Balances
    bots: tuple[tuple[str, str], ...] = ()
    chips: bool = False

    @property
    def hands(self) -> tuple[tuple[str, HandOrder], ...] | None:
        """The known hands as (player, hand) pairs in seat order; ``None`` without cards."""
        if self.seat_hands is None:
            return None
        pairs = zip(self.players, self.seat_hands, strict=True)
        return tuple((p, h) for p, h in pairs if h is not None)

    @property
    def dealer_took(self) -> bool:
        """True when everyone before the dealer declared out, declaring in turn (V1)."""
        return (
            self.declaration == "in_turn"
            and self.ins == (self.dealer,)
            and all(p == self.dealer or p not in self.ins for p in self.players)
        )

    @property
    def next_dealer(self) -> str:
        """Who deals next: the player to the dealer's left (R9)."""
        return self.players[(self.players.index(self.dealer) + 1) % len(self.players)]

    @property
    def cycle_ended(self) -> bool:
        """True when the deal left pot and reserve both empty, ending the cycle (R10)."""
        return not self.settlement.pot and not self.settlement.reserve

    @property
    def balances_before(self) -> Balances:
        """Every player's balance when the deal began (stack plus net counter, R8)."""
        return tuple(self.stack + v for v in self.net_before) if self.stack else self.net_before

    @property
    def balances(self) -> Balances:
        """Every player's balance after the deal, in seat order (stack plus net, R8)."""
        return tuple(self.stack + v for v in self.net_after) if self.stack else self.net_after

    @property
    def outs(self) -> tuple[str, ...]:
        """Players who declared out, in seat order."""
        return tuple(p for p in self.players if p not in self.ins)

    @property
    def pot_after(self) -> Fraction:
        """The pot when the next deal begins (after cap and refill)."""
        return self.settlement.pot

    @property
    def reserve_after(self) -> Fraction:
        """The reserve when the next deal begins."""
        return self.settlement.reserve

    @property
    def payments(self) -> dict[str, Fraction]:
        """Matching payments: payer to amount (R5)."""
        return dict.fromkeys(self.payers, self.settlement.payment)

    @property
    def shares(self) -> dict[str, Fraction]:
        """What each winner took from the pot."""
        return dict.fromkeys(self.winners, self.settlement.share)

    @property
    def balance_map(self) -> dict[str, Fraction]:
        """Balances after the deal, by player."""
        return dict(zip(self.players, self.balances, strict=True))

    def hand_of(self, player: str) -> HandOrder | None:
        """The recorded hand of ``player``, if the cards were recorded."""
        if self.seat_hands is None or player not in self.players:
            return None
        return self.seat_hands[self.players.index(player)]

    def steps(self) -> list[Step]:
        """The deal told step by step (see :class:`Step`)."""
        return list(narrate(self))
