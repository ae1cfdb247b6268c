"""The bookkeeping of a deal: what is pending while it is played, and the record and table
state it leaves once settled.

>>> from fractions import Fraction
>>> from guts_teach import Session
>>> record = Session(["A", "B"]).play(["A", "B"], winners=["B"])
>>> record.number, record.net_after
(1, (Fraction(-3, 1), Fraction(1, 1)))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .._speed import add, sub, times
from ..cards.hands import HandOrder
from ..money import ZERO
from ..records import DealRecord
from ..rules import Rules
from ..settlement import Settlement, apply_cap
from ..showdown import Outcome
from .table import TableState, turn_order


@dataclass(slots=True)
class PendingDeal:
    """The deal being played: the state before it, and what has happened so far."""

    before: TableState
    pot: Fraction
    reserve: Fraction
    net: list[Fraction]
    ante: Fraction
    anted: tuple[str, ...]
    ante_overflow: Fraction
    hands: dict[str, HandOrder] | None
    ghost: HandOrder | None
    order: tuple[str, ...]
    declared: dict[str, bool]
    dealer_took: bool = False
    bots: dict[str, str] = field(default_factory=dict)


def opening(
    state: TableState,
    rules: Rules,
    players: tuple[str, ...],
    known: dict[str, HandOrder] | None,
    ghost: HandOrder | None,
) -> PendingDeal:
    """A deal's opening from the table's ``state``: the ante (R2; every deal under V3)."""
    net = list(state.net)
    pot, reserve = state.pot, state.reserve
    anted: tuple[str, ...] = ()
    ante, overflow = ZERO, ZERO
    if rules.single_loser or (not pot and not reserve):
        ante, anted = rules.ante, players
        net = [sub(v, ante) for v in net]
        gross = add(pot, times(ante, len(anted)))
        pot, reserve = apply_cap(gross, reserve, rules.cap)
        overflow = sub(gross, pot)
    order = turn_order(players, state.dealer)
    return PendingDeal(state, pot, reserve, net, ante, anted, overflow, known, ghost, order, {})


def settled(
    pending: PendingDeal,
    ins: tuple[str, ...],
    outcome: Outcome,
    result: Settlement,
    players: tuple[str, ...],
    rules: Rules,
) -> tuple[TableState, DealRecord]:
    """The table's state after a settled deal, and the deal's record (R8-R10)."""
    state = pending.before
    ended = not result.pot and not result.reserve
    deals = state.deals + 1
    net = tuple(pending.net)
    new_state = TableState(
        result.pot,
        result.reserve,
        net,
        (state.dealer + 1) % len(players),  # the next dealer
        state.cycles_completed + 1 if ended else state.cycles_completed,
        deals,
    )
    known = pending.hands
    # Positional, in the order of DealRecord's fields (one record a deal: keywords cost a
    # fifth of settling it); tests/properties/test_frozen_records.py checks the order.
    record = DealRecord(
        deals,  # number
        state.cycles_completed + 1,  # cycle
        players,
        players[state.dealer],  # dealer
        state.pot,  # start_pot
        state.reserve,  # start_reserve
        pending.ante,
        pending.anted,
        pending.ante_overflow,
        pending.pot,  # pot_before
        pending.reserve,  # reserve_before
        tuple(map(known.get, players)) if known else None,  # seat_hands
        pending.ghost,
        ins,
        outcome.winners,
        outcome.from_cards,  # winners_from_cards
        outcome.payers,
        outcome.kind,
        outcome.tied_best,
        rules.declaration,
        rules.hand_size,
        result,  # settlement
        rules.starting_stack or ZERO,  # stack
        state.net,  # net_before
        net,  # net_after
        tuple(pending.bots.items()),  # bots
        rules.starting_stack is not None,  # chips
    )
    return new_state, record
