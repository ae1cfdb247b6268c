"""The table: a session of deals as a state machine (RULINGS R2-R10, V1-V7).

A deal goes through three phases: :meth:`Session.start_deal` (the ante, then the cards,
known or not), :meth:`Session.declare` for every player (simultaneously: nobody's choice
shows until everyone has chosen; or in turn, V1) and :meth:`Session.settle` (showdown,
award, matching payments, cap, refill, dealer). :meth:`Session.play` does all three for
one recorded deal. Every illegal action raises a specific error and leaves the session
exactly as it was; :meth:`Session.undo` takes back the last deal.

>>> table = Session(["A", "B", "C", "D"], rules=teaching(), pot=6)
>>> record = table.play(["A", "B", "C"], hands={"A": "Q♠ Q♥", "B": "A♣ K♦", "C": "J♣ J♦"})
>>> record.winners, format_amount(record.settlement.share), format_amount(table.pot)
(('A',), '6', '12')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence

from .._speed import add, sub, times
from ..arguments import rng_arg, rules_arg, starting_amounts
from ..cards.deck import Deck
from ..cards.hands import HandOrder
from ..errors import (
    AlreadyDeclaredError,
    DealInProgressError,
    IllegalActionError,
    NoDealInProgressError,
    NotEveryoneDeclaredError,
    OutOfTurnError,
    OverdraftError,
    SessionOverError,
)
from ..money import ZERO, check_played, format_amount
from ..records import DealRecord
from ..rules import MAX_CYCLES, Rules, teaching  # noqa: F401 - the module doctest uses teaching
from ..settlement import Settlement, settle_pot
from ..showdown import Outcome, decide
from ..shown import shown
from ..wording import does, join_names, possessive, yours
from ._bookkeeping import PendingDeal, opening, settled
from ._deal_input import HandsInput, read_bots, read_hands
from ._session_view import SessionView
from .listeners import ListenerFailure, Listeners
from .table import (
    TableState,
    listed_players,
    seat_of,
    seat_players,
    state_before,
    turn_order,
)


class Session(SessionView):
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
        self.rules = rules_arg(rules)
        self.players = seat_players(players, self.rules.min_players, self.rules.max_players)
        self._seat = {name: i for i, name in enumerate(self.players)}
        self._ranking = self.rules.ranking()
        start_pot, start_reserve = starting_amounts(pot, reserve, self.rules)
        if cycles is not None and (
            isinstance(cycles, bool) or not isinstance(cycles, int) or not 1 <= cycles <= MAX_CYCLES
        ):
            raise IllegalActionError(
                f"cycles must be a whole number from 1 to {MAX_CYCLES}; got {shown(cycles)}"
            )
        self.cycles = cycles
        self.rng = rng_arg(rng)
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
        self._pending: PendingDeal | None = None
        self._listeners: Listeners[DealRecord] = Listeners()
        self.time_called = False

    # ----------------------------------------------------------------- starting a deal

    def can_start_deal(self) -> bool:
        """True when :meth:`start_deal` would succeed (hands aside)."""
        return self._pending is None and not self.is_over

    def start_deal(
        self, hands: HandsInput | None = None, *, ghost: str | HandOrder | None = None
    ) -> None:
        """Begin a deal: the ante (R2; every deal under single loser, V3), then the cards.

        ``hands`` maps players to their cards when they are known; leave it out for a
        deal recorded as clubs record it (only who was in and who won). ``ghost`` is the
        ghost hand's cards, with the ghost hand variant (V5).
        """
        self._check_can_start()
        known, spirit = read_hands(
            hands, ghost, rules=self.rules, ranking=self._ranking, seats=self._seat
        )
        self._pending = opening(self._state, self.rules, self.players, known, spirit)

    def _check_can_start(self) -> None:
        if self._pending is not None:
            raise DealInProgressError(
                f"deal {self._state.deals + 1} is still being played; settle it or undo it first"
            )
        if self.is_over:
            raise SessionOverError(self._over_message())

    def deal_random(self) -> dict[str, HandOrder]:
        """Begin a deal with cards dealt from a shuffled deck, using the session's ``rng``;
        with the ghost hand variant (V5) the ghost is dealt after the players."""
        if self.rng is None:
            raise IllegalActionError(
                "this session has no random generator; pass rng=random.Random(seed) to deal cards"
            )
        self._check_can_start()
        extra = 1 if self.rules.ghost_hand else 0
        dealt = Deck(self.rng).deal(len(self.players), self._ranking.size, extra=extra)
        # The first card goes to the player left of the dealer (seed 002, "Pack").
        order = turn_order(self.players, self._state.dealer)
        make = self._ranking.hand
        hands: dict[str, HandOrder] = {
            p: make(cards) for p, cards in zip(order, dealt, strict=False)
        }
        self.start_deal(hands, ghost=make(dealt[-1]) if extra else None)
        return hands

    # ----------------------------------------------------------------- declaring

    def can_declare(self, player: str, is_in: bool = True) -> bool:
        """True when ``player`` may declare now (and, for ``is_in``, can afford it)."""
        try:
            self._verify_declare(player, is_in)
        except IllegalActionError:
            return False
        return True

    def _verify_declare(self, player: str, is_in: bool) -> PendingDeal:
        pending = self._pending
        if pending is None:
            raise NoDealInProgressError(
                f"{does(player, 'cannot')} declare: no deal is being played"
            )
        self._seat_of(player, "player")
        if pending.dealer_took:
            raise AlreadyDeclaredError(
                f"everyone before the dealer is out: {self.dealer} takes the pot without "
                "declaring (V1); settle the deal"
            )
        if player in pending.declared:
            raise AlreadyDeclaredError(f"{does(player, 'has')} already declared in this deal")
        if self.rules.declaration == "in_turn":
            turn = self.undeclared[0]
            if player != turn:
                raise OutOfTurnError(
                    f"it is {possessive(turn, start=False)} turn to declare, not "
                    f"{yours(player)}: in turn from the dealer's left, "
                    f"{join_names(list(pending.order), start=False)} (V1)"
                )
        if is_in and self.rules.no_overdraft:
            self._check_overdraft(pending, player)
        return pending

    def _check_overdraft(self, pending: PendingDeal, player: str) -> None:
        stack = self.rules.starting_stack or ZERO
        chips = stack + pending.net[self._seat[player]]
        if chips < pending.pot:
            raise OverdraftError(
                f"{does(player, 'has')} {format_amount(chips)} chips, fewer than the pot of "
                f"{format_amount(pending.pot)}, and cannot declare in (no_overdraft)"
            )

    def declare(self, player: str, is_in: bool, *, bot: str | None = None) -> None:
        """Record ``player``'s choice: hidden until everyone has chosen (simultaneous,
        drop), or heard by the later players when declaring in turn (V1). ``bot`` says how
        the bot that chose for ``player`` plays, when one did; the deal's record keeps it,
        as :meth:`declare_all`'s ``bots``."""
        if not isinstance(player, str):  # not a name: refused naming it, as seat_of does
            self._seat_of(player, "player")
        if not isinstance(is_in, bool):
            raise IllegalActionError(
                f"{possessive(player)} declaration must be True (in) or False (out)"
            )
        played = {} if bot is None else read_bots({player: bot}, self.players, self._seat)
        pending = self._verify_declare(player, is_in)
        pending.declared[player] = is_in
        if played:
            merged = {**pending.bots, **played}
            pending.bots = {p: merged[p] for p in self.players if p in merged}  # seat order
        self._dealer_takes_if_all_out(pending)

    def _dealer_takes_if_all_out(self, pending: PendingDeal) -> None:
        """V1: if everyone before the dealer is out, the dealer takes the pot undeclared."""
        if self.rules.declaration != "in_turn" or len(pending.declared) != len(pending.order) - 1:
            return
        if not any(pending.declared.values()):
            pending.dealer_took = True
            pending.declared[pending.order[-1]] = True

    def declare_all(self, ins: Iterable[str], *, bots: Mapping[str, str] | None = None) -> None:
        """Everyone declares: the players in ``ins`` are in, the others out. In turn (V1)
        the declarations are made in order, and the dealer takes the pot undeclared when
        everyone before is out. All-or-nothing: if any is illegal, none is recorded.

        ``bots`` names the players whose declaration a bot made, with the bot's way of
        playing (``{"Bo": "in with J-7 or better"}``); the deal's record keeps it."""
        pending = self._pending
        if pending is None:
            raise NoDealInProgressError("nobody can declare: no deal is being played")
        chosen = self._names(ins, "in")
        played = read_bots(bots, self.players, self._seat)
        if pending.declared:
            first = next(p for p in pending.order if p in pending.declared)
            raise AlreadyDeclaredError(f"{first} has already declared in this deal")
        ins_now, dealer_took = self._resolve_ins(pending, chosen)
        if self.rules.no_overdraft and not dealer_took:
            for player in ins_now:
                self._check_overdraft(pending, player)
        pending.declared = {player: player in ins_now for player in pending.order}
        pending.dealer_took = dealer_took
        pending.bots = played

    def _resolve_ins(
        self, pending: PendingDeal, chosen: frozenset[str]
    ) -> tuple[tuple[str, ...], bool]:
        """Who is in, in seat order, and whether the dealer took the pot undeclared (V1)."""
        if self.rules.declaration == "in_turn" and not chosen - {pending.order[-1]}:
            return (pending.order[-1],), True
        return tuple(filter(chosen.__contains__, self.players)), False

    # ----------------------------------------------------------------- settling

    def settle(
        self,
        winners: Iterable[str] | None = None,
        *,
        losers: Iterable[str] | None = None,
        weenie: Iterable[str] | None = None,
    ) -> DealRecord:
        """Show the hands, settle the pot and pass the deal (R3-R9); returns the record.

        With the cards of everyone in known, the package ranks them. Otherwise, as clubs
        record it, ``winners`` names the holders of the best hand (with a ghost, V5, those
        who beat it: an empty list means the ghost won), ``losers`` the holders of the
        worst (single loser, V3) and ``weenie`` the best hand when nobody was in (V7).
        Given with the cards, they must agree.
        """
        pending = self._pending
        if pending is None:
            raise NoDealInProgressError("there is no deal to settle; start one first")
        if self.undeclared:
            waiting = self.undeclared
            raise NotEveryoneDeclaredError(
                f"cannot settle yet: {join_names(list(waiting))} "
                f"{'has' if len(waiting) == 1 else 'have'} not declared"
            )
        ins = tuple(p for p in self.players if pending.declared[p])
        record = self._close(pending, ins, winners, losers, weenie)
        self._pending = None
        return record

    def _close(
        self,
        pending: PendingDeal,
        ins: tuple[str, ...],
        winners: Iterable[str] | None,
        losers: Iterable[str] | None = None,
        weenie: Iterable[str] | None = None,
    ) -> DealRecord:
        """Showdown, award, payments, cap, refill and the dealer's turn (R3-R9).

        Raises before changing anything when the result does not fit the deal.
        """
        rules = self.rules
        outcome = decide(
            players=self.players,
            ins=ins,
            rules=rules,
            hands=pending.hands,
            ghost=pending.ghost,
            dealer_took=pending.dealer_took,
            winners=None if winners is None else self._names(winners, "winners"),
            losers=None if losers is None else self._names(losers, "losers", among=ins),
            weenie=None if weenie is None else self._names(weenie, "weenie"),
        )
        added = ZERO
        if not ins and rules.reante_when_nobody_in:
            added = times(rules.ante, len(self.players))
        result = settle_pot(
            pot=pending.pot,
            reserve=pending.reserve,
            winners=len(outcome.winners),
            payers=len(outcome.payers),
            cap=rules.cap,
            added=added,
            one_payment=not ins and rules.weenie_ties == "share_one",
        )
        check_played(
            len(self._history) + 1,
            {
                "pot": result.pot,
                "reserve": result.reserve,
                "payment": result.payment,
                "share": result.share,
            },
        )  # before anything changes: a runaway pot is refused, never computed on (B1)
        net = pending.net
        seat = self._seat
        share, payment = result.share, result.payment
        for w in outcome.winners:
            i = seat[w]
            net[i] = add(net[i], share)
        for p in outcome.payers:
            i = seat[p]
            net[i] = sub(net[i], payment)
        if added:
            net[:] = [sub(v, rules.ante) for v in net]
        return self._record(pending, ins, outcome, result)

    def _record(
        self, pending: PendingDeal, ins: tuple[str, ...], outcome: Outcome, result: Settlement
    ) -> DealRecord:
        new_state, record = settled(pending, ins, outcome, result, self.players, self.rules)
        self._history.append(record)
        self._state = new_state
        self._listeners.tell(record, deal=record.number)  # after the record is kept
        return record

    def play(
        self,
        ins: Iterable[str],
        *,
        hands: HandsInput | None = None,
        winners: Iterable[str] | None = None,
        ghost: str | HandOrder | None = None,
        losers: Iterable[str] | None = None,
        weenie: Iterable[str] | None = None,
        bots: Mapping[str, str] | None = None,
    ) -> DealRecord:
        """Play one whole deal: start it, everyone declares, settle. All or nothing.

        >>> t = Session(["A", "B", "C"], pot=10)
        >>> t.play(["A", "B"], winners=["B"]).payments
        {'A': Fraction(10, 1)}
        """
        self._check_can_start()
        known, spirit = read_hands(
            hands, ghost, rules=self.rules, ranking=self._ranking, seats=self._seat
        )
        chosen = self._names(ins, "in")
        played = read_bots(bots, self.players, self._seat)
        pending = opening(self._state, self.rules, self.players, known, spirit)
        pending.bots = played
        in_now, pending.dealer_took = self._resolve_ins(pending, chosen)
        if self.rules.no_overdraft and not pending.dealer_took:
            for player in in_now:
                self._check_overdraft(pending, player)
        return self._close(pending, in_now, winners, losers, weenie)

    def subscribe(self, listener: Callable[[DealRecord], None]) -> Callable[[], None]:
        """Call ``listener`` with every deal's record as it is settled (for live views,
        such as the workbook bridge); returns a function that unsubscribes it.

        A deal stays recorded whatever its listeners do: a listener's exception is kept in
        :attr:`listener_failures` and shown as a warning, never raised by ``play`` or
        ``settle`` (see :mod:`guts_teach.game.play.listeners`).

        >>> t = Session(["A", "B"]); seen = []
        >>> stop = t.subscribe(seen.append); _ = t.play(["A"]); stop(); _ = t.play(["B"])
        >>> [r.number for r in seen]
        [1]
        """
        return self._listeners.subscribe(listener)

    @property
    def listener_failures(self) -> tuple[ListenerFailure, ...]:
        """Listeners that failed on a settled deal, oldest first (the deals stay recorded)."""
        return self._listeners.failures

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
        return seat_of(self._seat, player, field)

    def _names(
        self, names: Iterable[str], field: str, among: Sequence[str] | None = None
    ) -> frozenset[str]:
        if type(names) in (list, tuple, frozenset, set):  # the usual case, checked at once
            try:
                chosen = frozenset(names)
            except TypeError:  # a name that is not text: told below
                chosen = frozenset()
            known = len(chosen) == len(names) and self._seat.keys() >= chosen  # type: ignore[arg-type]
            if known and (among is None or chosen.issubset(among)):
                return chosen
        listed = listed_players(names, self._seat, field)
        for name in listed:
            if among is not None and name not in among:
                raise IllegalActionError(
                    f"{field}: {does(name, 'was', start=False)} not in; the players in were "
                    f"{join_names(list(among), start=False)}"
                )
        return frozenset(listed)

    def _over_message(self) -> str:
        if self.cycles is not None and self.cycles_completed >= self.cycles:
            return f"the session is over: the agreed {self.cycles} cycle(s) have been played (R10)"
        return "the session is over: time was called and the pot is empty (R10)"
