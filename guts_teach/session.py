"""The table: a session of deals as a state machine (RULINGS R2-R10).

A deal goes through three phases: :meth:`Session.start_deal` (the ante when pot and
reserve are empty, then the cards, known or not), :meth:`Session.declare` for every
player (simultaneously: nobody's choice shows until everyone has chosen) and
:meth:`Session.settle` (showdown, award, matching payments, cap, refill, dealer).
:meth:`Session.play` does all three for one recorded deal. Every illegal action raises
a specific error and leaves the session exactly as it was; :meth:`Session.undo` takes
back the last deal.

>>> table = Session(["A", "B", "C", "D"], rules=teaching(), pot=6)
>>> record = table.play(["A", "B", "C"], hands={"A": "Q♠ Q♥", "B": "A♣ K♦", "C": "J♣ J♦"})
>>> record.winners, format_amount(record.settlement.share), format_amount(table.pot)
(('A',), '6', '12')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .cards import Card, Deck, check_unique
from .errors import (
    AlreadyDeclaredError,
    DealInProgressError,
    IllegalActionError,
    MissingHandError,
    NoDealInProgressError,
    NotEveryoneDeclaredError,
    OverdraftError,
    PlayerError,
    SessionOverError,
    UnknownPlayerError,
    WinnerError,
)
from .hands import HAND_SIZE, Hand, best, hand
from .money import ZERO, add, as_amount, format_amount, sub, times
from .records import DealRecord, Step, join_names, start_step
from .rules import Rules, teaching
from .settlement import apply_cap, settle_pot

HandsInput = Mapping[str, "str | Hand | Sequence[Card]"]


@dataclass(frozen=True, slots=True)
class TableState:
    """The money and the seat of the deal between two deals; immutable.

    ``net`` are the players' net counters (R8) in seat order; ``dealer`` is a seat index;
    ``cycles_completed`` counts the cycles finished (R10); ``deals`` the deals settled.
    """

    pot: Fraction
    reserve: Fraction
    net: tuple[Fraction, ...]
    dealer: int
    cycles_completed: int
    deals: int


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings: equal balances share a place (R10)."""

    place: int
    player: str
    balance: Fraction


@dataclass(slots=True)
class _Pending:
    """The deal being played: the state before it, and what has happened so far."""

    before: TableState
    pot: Fraction
    reserve: Fraction
    net: list[Fraction]
    ante: Fraction
    anted: tuple[str, ...]
    ante_overflow: Fraction
    hands: dict[str, Hand] | None
    declared: dict[str, bool]


def check_players(players: Sequence[str], rules: Rules) -> tuple[str, ...]:
    """Validate a seating (R11): names in seat order, clockwise from the first dealer."""
    if isinstance(players, str):
        raise PlayerError(f"players must be a list of names, not the text {players!r}")
    seated = tuple(players)
    for name in seated:
        if not isinstance(name, str) or not name.strip():
            raise PlayerError(f"every player needs a name (non-blank text); got {name!r}")
    if len(set(seated)) != len(seated):
        twice = next(n for n in seated if seated.count(n) > 1)
        raise PlayerError(f"player {twice!r} is seated twice; every name must be different")
    if not rules.min_players <= len(seated) <= rules.max_players:
        raise PlayerError(
            f"Guts is played by {rules.min_players} to {rules.max_players} players (R11); "
            f"got {len(seated)}: {', '.join(seated)}"
        )
    return seated


class Session:
    """A table of players playing deal after deal under one set of :class:`Rules`.

    ``players`` are listed clockwise; the deal passes to the next name (R9). ``rng``
    deals random cards in :meth:`deal_random`. ``pot``, ``reserve`` and ``dealer`` set
    up a table mid-game, as the documents' worked examples do. ``cycles`` is the agreed
    number of cycles (R10, teaching profile); :meth:`call_time` is the classic stop.
    """

    def __init__(
        self,
        players: Sequence[str],
        *,
        rules: Rules | None = None,
        rng: random.Random | None = None,
        pot: object = 0,
        reserve: object = 0,
        dealer: str | None = None,
        cycles: int | None = None,
    ) -> None:
        self.rules = rules if rules is not None else teaching()
        self.players = check_players(players, self.rules)
        self._seat = {name: i for i, name in enumerate(self.players)}
        start_pot = as_amount(pot, what="pot")
        start_reserve = as_amount(reserve, what="reserve")
        if start_pot < 0 or start_reserve < 0:
            raise IllegalActionError("the starting pot and reserve cannot be negative")
        if cycles is not None and (
            isinstance(cycles, bool) or not isinstance(cycles, int) or cycles < 1
        ):
            raise IllegalActionError(f"cycles must be a whole number of at least 1; got {cycles!r}")
        self.cycles = cycles
        self.rng = rng
        first = 0 if dealer is None else self._seat_of(dealer, "dealer")
        self._initial = TableState(
            pot=start_pot,
            reserve=start_reserve,
            net=(ZERO,) * len(self.players),
            dealer=first,
            cycles_completed=0,
            deals=0,
        )
        self._state = self._initial
        self._history: list[DealRecord] = []
        self._pending: _Pending | None = None
        self.time_called = False

    # ----------------------------------------------------------------- reading the table

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
    def in_progress(self) -> bool:
        """True between :meth:`start_deal` and :meth:`settle`."""
        return self._pending is not None

    @property
    def hands(self) -> dict[str, Hand]:
        """The known hands of the deal in progress (empty when none are known)."""
        return dict(self._pending.hands or {}) if self._pending else {}

    @property
    def undeclared(self) -> tuple[str, ...]:
        """Players who have not yet declared in the current deal."""
        if not self._pending:
            return ()
        return tuple(p for p in self.players if p not in self._pending.declared)

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
        for record in self.deals:
            steps.extend(record.steps())
        return steps

    def conservation_gap(self) -> Fraction:
        """Zero when no chip was made or lost (R8): net counters, pot and reserve together
        equal the starting pot and reserve."""
        values = self._pending.net if self._pending else self._state.net
        initial = self._initial.pot + self._initial.reserve
        return sum(values, ZERO) + self.pot + self.reserve - initial

    # ----------------------------------------------------------------- starting a deal

    def can_start_deal(self) -> bool:
        """True when :meth:`start_deal` would succeed (hands aside)."""
        return self._pending is None and not self.is_over

    def start_deal(self, hands: HandsInput | None = None) -> None:
        """Begin a deal: ante if pot and reserve are empty (R2), then the cards.

        ``hands`` maps players to their two cards when they are known; leave it out for
        a deal recorded as clubs record it (only who was in and who won).
        """
        self._check_can_start()
        known = self._read_hands(hands) if hands is not None else None
        self._pending = self._open(known)

    def _check_can_start(self) -> None:
        if self._pending is not None:
            raise DealInProgressError(
                f"deal {self._state.deals + 1} is still being played; settle it or undo it first"
            )
        if self.is_over:
            raise SessionOverError(self._over_message())

    def _open(self, known: dict[str, Hand] | None) -> _Pending:
        """The deal's opening: the ante when pot and reserve are empty (R2)."""
        state = self._state
        net = list(state.net)
        pot, reserve = state.pot, state.reserve
        anted: tuple[str, ...] = ()
        ante, overflow = ZERO, ZERO
        if not pot and not reserve:
            ante, anted = self.rules.ante, self.players
            net = [sub(v, ante) for v in net]
            gross = times(ante, len(anted))
            pot, reserve = apply_cap(gross, reserve, self.rules.cap)
            overflow = sub(gross, pot)
        return _Pending(state, pot, reserve, net, ante, anted, overflow, known, {})

    def deal_random(self) -> dict[str, Hand]:
        """Begin a deal with cards dealt from a shuffled deck, using the session's ``rng``."""
        if self.rng is None:
            raise IllegalActionError(
                "this session has no random generator; pass rng=random.Random(seed) to deal cards"
            )
        if self._pending is not None:
            raise DealInProgressError(
                f"deal {self._state.deals + 1} is still being played; settle it or undo it first"
            )
        dealt = Deck(self.rng).deal(len(self.players), HAND_SIZE)
        # The first card goes to the player left of the dealer (seed 002, "Pack").
        order = self.players[self._state.dealer + 1 :] + self.players[: self._state.dealer + 1]
        hands = {p: Hand(cards) for p, cards in zip(order, dealt, strict=True)}
        self.start_deal(hands)
        return hands

    def _read_hands(self, hands: HandsInput) -> dict[str, Hand]:
        known: dict[str, Hand] = {}
        seat = self._seat
        dealt = 0  # one bit per card (Hand.bits): a fast check that no card is dealt twice
        for player, held in hands.items():
            if player not in seat:
                self._seat_of(player, "hands")
            if not isinstance(held, Hand):
                held = hand(held)
            if dealt & held.bits:
                check_unique({p: h.cards for p, h in [*known.items(), (player, held)]})
            dealt |= held.bits
            known[player] = held
        return known

    # ----------------------------------------------------------------- declaring

    def can_declare(self, player: str, is_in: bool = True) -> bool:
        """True when ``player`` may declare now (and, for ``is_in``, can afford it)."""
        try:
            self._verify_declare(player, is_in)
        except IllegalActionError:
            return False
        return True

    def _verify_declare(self, player: str, is_in: bool) -> _Pending:
        pending = self._pending
        if pending is None:
            raise NoDealInProgressError(f"{player} cannot declare: no deal is being played")
        self._seat_of(player, "player")
        if player in pending.declared:
            raise AlreadyDeclaredError(f"{player} has already declared in this deal")
        if is_in and self.rules.no_overdraft:
            self._check_overdraft(pending, player)
        return pending

    def _check_overdraft(self, pending: _Pending, player: str) -> None:
        stack = self.rules.starting_stack or ZERO
        chips = stack + pending.net[self._seat[player]]
        if chips < pending.pot:
            raise OverdraftError(
                f"{player} has {format_amount(chips)} chips, fewer than the pot of "
                f"{format_amount(pending.pot)}, and cannot declare in (no_overdraft)"
            )

    def declare(self, player: str, is_in: bool) -> None:
        """Record ``player``'s choice, hidden until everyone has chosen (simultaneous)."""
        if not isinstance(is_in, bool):
            raise IllegalActionError(f"{player}'s declaration must be True (in) or False (out)")
        self._verify_declare(player, is_in).declared[player] = is_in

    def declare_all(self, ins: Iterable[str]) -> None:
        """Everyone declares at once: the players in ``ins`` are in, the others out.

        All-or-nothing: if any declaration is illegal, none is recorded.
        """
        pending = self._pending
        if pending is None:
            raise NoDealInProgressError("nobody can declare: no deal is being played")
        chosen = self._names(ins, "in")
        if pending.declared:
            first = next(p for p in self.players if p in pending.declared)
            raise AlreadyDeclaredError(f"{first} has already declared in this deal")
        if self.rules.no_overdraft:
            for player in chosen:
                self._check_overdraft(pending, player)
        pending.declared = {player: player in chosen for player in self.players}

    # ----------------------------------------------------------------- settling

    def settle(self, winners: Iterable[str] | None = None) -> DealRecord:
        """Open the fists, settle the pot and pass the deal (R3-R9); returns the record.

        With two or more in, the winners come from the cards when every in-player's hand
        is known; otherwise ``winners`` must name them. Given both, they must agree.
        """
        pending = self._pending
        if pending is None:
            raise NoDealInProgressError("there is no deal to settle; start one first")
        if len(pending.declared) < len(self.players):
            raise NotEveryoneDeclaredError(
                f"cannot settle yet: {join_names(list(self.undeclared))} "
                f"{'has' if len(self.undeclared) == 1 else 'have'} not declared"
            )
        ins = tuple(p for p in self.players if pending.declared[p])
        record = self._close(pending, ins, winners)
        self._pending = None
        return record

    def _close(
        self, pending: _Pending, ins: tuple[str, ...], winners: Iterable[str] | None
    ) -> DealRecord:
        """Showdown, award, payments, cap, refill and the dealer's turn (R3-R9).

        Raises before changing anything when the winners do not fit the deal.
        """
        chosen, from_cards = self._winners(pending, ins, winners)
        payers = tuple(p for p in ins if p not in chosen)
        rules = self.rules
        added = ZERO
        if not ins and rules.reante_when_nobody_in:
            added = rules.ante * len(self.players)
        result = settle_pot(
            pot=pending.pot,
            reserve=pending.reserve,
            winners=len(chosen),
            payers=len(payers),
            cap=rules.cap,
            added=added,
        )
        net = pending.net
        seat = self._seat
        share, payment = result.share, result.payment
        for w in chosen:
            i = seat[w]
            net[i] = add(net[i], share)
        for p in payers:
            i = seat[p]
            net[i] = sub(net[i], payment)
        if added:
            net[:] = [sub(v, rules.ante) for v in net]
        state = pending.before
        ended = not result.pot and not result.reserve
        next_dealer = (state.dealer + 1) % len(self.players)
        new_state = TableState(
            pot=result.pot,
            reserve=result.reserve,
            net=tuple(net),
            dealer=next_dealer,
            cycles_completed=state.cycles_completed + 1 if ended else state.cycles_completed,
            deals=state.deals + 1,
        )
        record = DealRecord(
            number=new_state.deals,
            cycle=state.cycles_completed + 1,
            players=self.players,
            dealer=self.players[state.dealer],
            start_pot=state.pot,
            start_reserve=state.reserve,
            ante=pending.ante,
            anted=pending.anted,
            ante_overflow=pending.ante_overflow,
            pot_before=pending.pot,
            reserve_before=pending.reserve,
            hands=tuple(pending.hands.items()) if pending.hands else None,
            ins=ins,
            winners=chosen,
            winners_from_cards=from_cards,
            payers=payers,
            settlement=result,
            stack=rules.starting_stack or ZERO,
            net_before=state.net,
            net_after=new_state.net,
        )
        self._history.append(record)
        self._state = new_state
        return record

    def _winners(
        self, pending: _Pending, ins: tuple[str, ...], given: Iterable[str] | None
    ) -> tuple[tuple[str, ...], bool]:
        named = None if given is None else self._names(given, "winners")
        if len(ins) <= 1:
            if named is not None and named != frozenset(ins):
                who = f"only {ins[0]} was in" if ins else "nobody was in"
                raise WinnerError(f"winners {sorted(named)} do not fit the deal: {who} (R3, R4)")
            return ins, False
        strangers = sorted(named - set(ins)) if named is not None else []
        if strangers:
            raise WinnerError(
                f"winner {strangers[0]} was not in; the players in were {join_names(list(ins))}"
            )
        hands = pending.hands or {}
        shown = [(p, hands[p]) for p in ins if p in hands]
        if len(shown) == len(ins):
            ranked = best(shown)
            if named is not None and named != frozenset(ranked):
                raise WinnerError(
                    f"the cards say {join_names(list(ranked))} won, not "
                    f"{join_names(sorted(named, key=self._seat.__getitem__))}"
                )
            return ranked, True
        if named is None or not named:
            missing = [p for p in ins if p not in hands]
            raise MissingHandError(
                f"cannot tell who won: no cards for {join_names(missing)}; "
                "give the winners or every in-player's hand"
            )
        return tuple(p for p in ins if p in named), False

    def play(
        self,
        ins: Iterable[str],
        *,
        hands: HandsInput | None = None,
        winners: Iterable[str] | None = None,
    ) -> DealRecord:
        """Play one whole deal: start it, everyone declares, settle. All or nothing.

        >>> t = Session(["A", "B", "C"], pot=10)
        >>> t.play(["A", "B"], winners=["B"]).payments
        {'A': Fraction(10, 1)}
        """
        self._check_can_start()
        known = self._read_hands(hands) if hands is not None else None
        chosen = self._names(ins, "in")
        pending = self._open(known)
        if self.rules.no_overdraft:
            for player in chosen:
                self._check_overdraft(pending, player)
        return self._close(pending, tuple(p for p in self.players if p in chosen), winners)

    # ----------------------------------------------------------------- ending and undo

    def call_time(self) -> None:
        """The agreed time is up: the session ends at the next moment the pot is empty (R10)."""
        self.time_called = True

    def undo(self) -> DealRecord | None:
        """Take back the deal in progress, or else the last settled deal.

        Returns the record of the settled deal taken back (``None`` for a deal in
        progress). Raises :class:`IllegalActionError` when there is nothing to undo.
        """
        if self._pending is not None:
            self._state = self._pending.before
            self._pending = None
            return None
        if not self._history:
            raise IllegalActionError("there is nothing to undo: no deal has been played")
        record = self._history.pop()
        self._state = state_before(record)
        return record

    # ----------------------------------------------------------------- helpers

    def _seat_of(self, player: str, field: str) -> int:
        try:
            return self._seat[player]
        except (KeyError, TypeError):
            raise UnknownPlayerError(
                f"{field}: {player!r} is not at the table; the players are "
                f"{', '.join(self.players)}"
            ) from None

    def _names(self, names: Iterable[str], field: str) -> frozenset[str]:
        if isinstance(names, str):
            raise IllegalActionError(
                f"{field} must be a list of player names, not the text {names!r}"
            )
        listed = list(names)
        for name in listed:
            self._seat_of(name, field)
        if len(set(listed)) != len(listed):
            twice = next(n for n in listed if listed.count(n) > 1)
            raise IllegalActionError(f"{field}: {twice} is listed twice")
        return frozenset(listed)

    def _over_message(self) -> str:
        if self.cycles is not None and self.cycles_completed >= self.cycles:
            return f"the session is over: the agreed {self.cycles} cycle(s) have been played (R10)"
        return "the session is over: time was called and the pot is empty (R10)"


def state_before(record: DealRecord) -> TableState:
    """The table as it stood when ``record``'s deal began (what :meth:`Session.undo` restores)."""
    return TableState(
        pot=record.start_pot,
        reserve=record.start_reserve,
        net=record.net_before,
        dealer=record.players.index(record.dealer),
        cycles_completed=record.cycle - 1,
        deals=record.number - 1,
    )


def rank_standings(balances: Mapping[str, Fraction]) -> tuple[Standing, ...]:
    """Standings from balances: best first, equal balances share the place (R10).

    >>> balances = {"A": Fraction(2), "B": Fraction(5), "C": Fraction(2)}
    >>> [(s.place, s.player) for s in rank_standings(balances)]
    [(1, 'B'), (2, 'A'), (2, 'C')]
    """
    order = sorted(balances.items(), key=lambda item: -item[1])
    standings: list[Standing] = []
    for i, (player, balance) in enumerate(order):
        place = standings[-1].place if standings and standings[-1].balance == balance else i + 1
        standings.append(Standing(place, player, balance))
    return tuple(standings)
