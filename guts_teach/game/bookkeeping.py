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

from .hands import HandOrder
from .money import ZERO, add, sub, times
from .records import DealRecord
from .rules import Rules
from .settlement import Settlement, apply_cap
from .showdown import Outcome
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
    new_state = TableState(
        pot=result.pot,
        reserve=result.reserve,
        net=tuple(pending.net),
        dealer=(state.dealer + 1) % len(players),
        cycles_completed=state.cycles_completed + 1 if ended else state.cycles_completed,
        deals=state.deals + 1,
    )
    known = pending.hands
    record = DealRecord(
        number=new_state.deals,
        cycle=state.cycles_completed + 1,
        players=players,
        dealer=players[state.dealer],
        start_pot=state.pot,
        start_reserve=state.reserve,
        ante=pending.ante,
        anted=pending.anted,
        ante_overflow=pending.ante_overflow,
        pot_before=pending.pot,
        reserve_before=pending.reserve,
        seat_hands=tuple(map(known.get, players)) if known else None,
        ghost=pending.ghost,
        ins=ins,
        winners=outcome.winners,
        winners_from_cards=outcome.from_cards,
        payers=outcome.payers,
        kind=outcome.kind,
        tied_best=outcome.tied_best,
        declaration=rules.declaration,
        hand_size=rules.hand_size,
        settlement=result,
        stack=rules.starting_stack or ZERO,
        net_before=state.net,
        net_after=new_state.net,
        bots=tuple(pending.bots.items()),
    )
    return new_state, record
