"""Reading a session: the pot, the balances, the deals, who declares next, the standings.

:class:`SessionView` is everything a :class:`~guts_teach.game.play.session.Session` says about
the table without changing it; the session adds the actions. Every value is computed from
the state the session keeps (the table between deals, the deal in progress, the history).
"""

from __future__ import annotations

from fractions import Fraction

from ..cards.hands import HandOrder
from ..errors import ArgumentError, IllegalActionError
from ..money import ZERO
from ..records import DealRecord, Step, start_step
from ..rules import Rules
from ..shown import shown
from ._bookkeeping import PendingDeal
from .table import Standing, TableState, rank_standings


class SessionView:
    """The reading side of a session (see :class:`~guts_teach.game.play.session.Session`)."""

    rules: Rules
    players: tuple[str, ...]
    cycles: int | None
    time_called: bool
    _initial: TableState
    _state: TableState
    _pending: PendingDeal | None
    _history: list[DealRecord]

    @property
    def pot(self) -> Fraction:
        """The active pot now (including an ante or refill of the current deal)."""
        return self._pending.pot if self._pending else self._state.pot

    @property
    def reserve(self) -> Fraction:
        """The reserve beside the pot (R6)."""
        return self._pending.reserve if self._pending else self._state.reserve

    @property
    def net(self) -> dict[str, Fraction]:
        """Net counters by player: antes, prizes and payments since the start (R8)."""
        values = self._pending.net if self._pending else self._state.net
        return dict(zip(self.players, values, strict=True))

    @property
    def balances(self) -> dict[str, Fraction]:
        """Chips by player: the starting stack (if any) plus the net counter (R8)."""
        stack = self.rules.starting_stack or ZERO
        return {p: stack + v for p, v in self.net.items()}

    @property
    def dealer(self) -> str:
        """Who deals the current (or next) deal."""
        return self.players[self._state.dealer]

    @property
    def cycle(self) -> int:
        """The number of the cycle being played, from 1 (R10)."""
        return self._state.cycles_completed + 1

    @property
    def cycles_completed(self) -> int:
        """Cycles finished so far: each ends when pot and reserve are both empty (R10)."""
        return self._state.cycles_completed

    @property
    def deals(self) -> tuple[DealRecord, ...]:
        """The settled deals, oldest first."""
        return tuple(self._history)

    @property
    def deal_count(self) -> int:
        """How many deals are settled (``len(session.deals)`` without copying the history)."""
        return len(self._history)

    def deal(self, number: int) -> DealRecord:
        """The record of settled deal ``number`` (1 is the first), in constant time.

        >>> from guts_teach import Session
        >>> t = Session(["A", "B"]); _ = t.play(["A"]); _ = t.play(["B"])
        >>> t.deal(2).winners, t.deal_count
        (('B',), 2)
        """
        if (
            isinstance(number, bool)
            or not isinstance(number, int)
            or not 1 <= number <= len(self._history)
        ):
            raise IllegalActionError(
                f"deal number must be a whole number from 1 to {len(self._history)}; "
                f"got {shown(number)}"
            )
        return self._history[number - 1]

    def recent(self, count: int) -> tuple[DealRecord, ...]:
        """The last ``count`` settled deals, oldest first (for views of a long evening).

        >>> from guts_teach import Session
        >>> Session(["A", "B"]).recent("x")
        Traceback (most recent call last):
        ...
        guts_teach.game.errors.ArgumentError: count must be a whole number, such as 10; got 'x'
        """
        if isinstance(count, bool) or not isinstance(count, int):
            raise ArgumentError(f"count must be a whole number, such as 10; got {shown(count)}")
        return tuple(self._history[-count:]) if count > 0 else ()

    @property
    def in_progress(self) -> bool:
        """True between :meth:`start_deal` and :meth:`settle`."""
        return self._pending is not None

    @property
    def hands(self) -> dict[str, HandOrder]:
        """The known hands of the deal in progress (empty when none are known)."""
        return dict(self._pending.hands or {}) if self._pending else {}

    @property
    def ghost(self) -> HandOrder | None:
        """The ghost hand of the deal in progress, when known (V5)."""
        return self._pending.ghost if self._pending else None

    @property
    def undeclared(self) -> tuple[str, ...]:
        """Players still to declare in the current deal, in the order they will (V1)."""
        pending = self._pending
        if pending is None or pending.dealer_took:
            return ()
        order = pending.order if self.rules.declaration == "in_turn" else self.players
        return tuple(p for p in order if p not in pending.declared)

    @property
    def to_declare(self) -> str | None:
        """With declaring in turn (V1), whose turn it is; otherwise ``None``."""
        if self.rules.declaration != "in_turn" or not self.undeclared:
            return None
        return self.undeclared[0]

    @property
    def declarations(self) -> dict[str, bool]:
        """The declarations that everyone can see now: in turn (V1) each as it is made,
        otherwise none until all fists open together."""
        pending = self._pending
        if pending is None:
            return {}
        if self.rules.declaration == "in_turn" or not self.undeclared:
            return dict(pending.declared)
        return {}

    @property
    def is_over(self) -> bool:
        """True when the agreed end is reached (R10): the agreed number of cycles, or time
        called and pot and reserve both empty."""
        if self._pending:
            return False
        if self.cycles is not None and self.cycles_completed >= self.cycles:
            return True
        return self.time_called and not self._state.pot and not self._state.reserve

    @property
    def initial(self) -> TableState:
        """The state the session started from."""
        return self._initial

    def standings(self) -> tuple[Standing, ...]:
        """Players by balance, best first; equal balances share the place (R10).

        >>> from guts_teach import Session
        >>> t = Session(["A", "B", "C"])
        >>> [(s.place, s.player) for s in t.standings()]
        [(1, 'A'), (1, 'B'), (1, 'C')]
        """
        return rank_standings(self.balances)

    def steps(self) -> list[Step]:
        """The whole session told step by step, from the opening table."""
        initial = self._initial
        stack = self.rules.starting_stack or ZERO
        steps = [
            start_step(
                self.players,
                self.players[initial.dealer],
                initial.pot,
                initial.reserve,
                tuple(stack + v for v in initial.net),
            )
        ]
        for record in self._history:
            steps.extend(record.steps())
        return steps

    def conservation_gap(self) -> Fraction:
        """Zero when no chip was made or lost (R8): net counters, pot and reserve together
        equal the starting pot and reserve."""
        values = self._pending.net if self._pending else self._state.net
        initial = self._initial.pot + self._initial.reserve
        return sum(values, ZERO) + self.pot + self.reserve - initial
