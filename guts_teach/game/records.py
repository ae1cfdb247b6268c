"""Immutable records of play, and their story: one :class:`DealRecord` for every settled
deal, told as :class:`Step` s in plain language.

A record holds everything that happened in the deal, with exact amounts. Its
:meth:`DealRecord.steps` tell the deal as a story, made only when asked for, so playing
thousands of deals stays fast. A step is one sentence with its numbers, the pot, reserve
and balances after it, and the ruling it applies. :func:`narrate` tells a settled deal step
by step; :func:`start_step` opens a session; :func:`showdown_sentence` says who beats whom.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from ._speed import quick_init
from .cards.hands import HandOrder, explain
from .money import format_amount
from .settlement import Settlement
from .showdown import OutcomeKind
from .wording import agree, does, join_names, name, possessive, verb_for, words_for

Balances = tuple[Fraction, ...]

StepKind = Literal[
    "start",
    "ante",
    "deal",
    "reveal",
    "weenie",
    "nobody_in",
    "uncontested",
    "dealer_takes",
    "showdown",
    "ghost_wins",
    "tie_stays",
    "award",
    "payments",
    "cap",
    "refill",
    "cycle_end",
    "dealer",
]
"""What a :class:`Step` changes: the discriminator a view or a test switches on."""


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
    kind: OutcomeKind
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


@dataclass(frozen=True, slots=True)
class Step:
    """One change at the table, told in one sentence.

    ``kind`` names the change (``"start"``, ``"ante"``, ``"deal"``, ``"reveal"``,
    ``"nobody_in"``, ``"uncontested"``, ``"showdown"``, ``"award"``, ``"payments"``,
    ``"cap"``, ``"refill"``, ``"cycle_end"``, ``"dealer"``); ``pot``, ``reserve`` and
    ``balances`` are the amounts after it; ``rule`` cites the ruling it applies.
    """

    deal: int
    kind: StepKind
    text: str
    pot: Fraction
    reserve: Fraction
    balances: Mapping[str, Fraction] = field(hash=False, compare=True)
    rule: str = ""

    def status(self) -> str:
        """``"Pot 12 · Reserve 0"`` in the package's exact format."""
        return f"Pot {format_amount(self.pot)} · Reserve {format_amount(self.reserve)}"


def start_step(
    players: Sequence[str], dealer: str, pot: Fraction, reserve: Fraction, balances: Balances
) -> Step:
    """The opening step of a session: who sits where and what the pot holds."""
    if not pot and not reserve:
        money = "the pot and the reserve are empty"
    elif not reserve:
        money = f"the pot holds {format_amount(pot)} and the reserve is empty"
    else:
        money = f"the pot holds {format_amount(pot)} and the reserve {format_amount(reserve)}"
    first = does(dealer, "deals", start=False)
    text = f"{join_names(list(players))} sit at the table; {money}; {first} first."
    return Step(0, "start", text, pot, reserve, dict(zip(players, balances, strict=True)))


def showdown_sentence(ranked: Iterable[tuple[str, HandOrder]]) -> str:
    """Say who beats whom at a showdown, best hand first (R1, R5).

    >>> from guts_teach.game.cards.hands import hand
    >>> print(showdown_sentence([("A", hand("Qs Qh")), ("B", hand("Ac Kd")), ("C", hand("Jc Jd"))]))
    A's pair of queens beats C's pair of jacks and B's ace-king (Q-Q beats J-J: queens beat jacks).
    """
    order = sorted(ranked, key=lambda pair: pair[1].strength.value, reverse=True)
    top = [p for p in order if p[1].ties(order[0][1])]
    rest = order[len(top) :]
    best_text = join_names(
        [f"{possessive(p, start=not i)} {h.name}" for i, (p, h) in enumerate(top)]
    )
    if not rest:  # the same ranks all round: say so once, however many tie
        return f"{best_text} tie for the best hand (the same ranks, and suits never count)."
    verb = "beats" if len(top) == 1 else "tie and beat"
    rest_text = join_names([f"{possessive(p, start=False)} {h.name}" for p, h in rest])
    return f"{best_text} {verb} {rest_text} ({explain(top[0][1], rest[0][1])})."


def bots_sentence(record: DealRecord) -> str:
    """Which bots declared for whom in the deal ("" when none did)."""
    if not record.bots:
        return ""
    return f"Bots declared for {join_names([f'{p} ({how})' for p, how in record.bots])}."


def _reveal_text(record: DealRecord) -> str:
    text = _declared_text(record)
    if record.bots:
        text += " " + bots_sentence(record)
    return text


def _declared_text(record: DealRecord) -> str:
    ins, outs = record.ins, record.outs

    def are(names: Sequence[str]) -> str:  # always inside a sentence here
        return f"{join_names(list(names), start=False)} {agree(names, 'is')}"

    if record.kind == "dealer_takes" or (record.ghost and record.dealer_took):
        before = [p for p in _turn_order(record) if p != record.dealer]
        opening = f"In turn from {name(before[0], start=False)}: {join_names(before)}"
        if record.ghost:
            return (
                f"{opening} all declare out, so "
                f"{name(record.dealer, start=False)}, the dealer, {verb_for(record.dealer, 'is')} "
                "in without declaring, and must still beat "
                "the ghost (V1, V5)."
            )
        return (
            f"{opening} all declare out, so "
            f"{name(record.dealer, start=False)}, the dealer, {verb_for(record.dealer, 'takes')} "
            f"the pot of {words_for(record.chips).amount(record.pot_before)} "
            "without declaring or showing (V1)."
        )
    if record.declaration == "in_turn":
        said = [f"{p} {'in' if p in ins else 'out'}" for p in _turn_order(record)]
        return f"In turn from the dealer's left: {', '.join(said)} (V1)."
    if record.declaration == "drop":
        counts = f"{does(record.dealer, 'counts')} 1 - 2 - 3 - drop!"
        if not outs:
            return f"{counts} Nobody drops: all hold (V2)."
        if not ins:
            return f"{counts} Everyone drops their cards (V2)."
        return (
            f"{counts} {are(outs)} out, dropping their cards; "
            f"{join_names(list(ins), start=False)} hold (V2)."
        )
    if not ins:
        return "Everyone opens their fists at once: nobody is in."
    if not outs:
        everyone = join_names(list(ins), start=False)
        return f"Everyone opens their fists at once: all of {everyone} are in."
    return f"Everyone opens their fists at once: {are(ins)} in; {are(outs)} out."


def _turn_order(record: DealRecord) -> list[str]:
    seat = record.players.index(record.dealer)
    return [*record.players[seat + 1 :], *record.players[: seat + 1]]


def _showdown_text(record: DealRecord) -> str:
    ins = record.ins
    shown = [(p, h) for p in ins if (h := record.hand_of(p)) is not None]
    ghost = f" The ghost shows {record.ghost} ({record.ghost.name})." if record.ghost else ""
    if record.winners_from_cards:
        if len(ins) == 1:
            held = shown[0][1]
            alone = f"{name(ins[0])}, alone in, {verb_for(ins[0], 'shows')}"
            return f"{alone} {held} ({held.name}) against the ghost.{ghost}"
        # the showdown named where it happens, so "the pot before the showdown" is understood
        return (
            f"{join_names(list(ins))} show their cards (the showdown). "
            f"{showdown_sentence(shown)}{ghost}"
        )
    best = record.winners or record.tied_best
    if len(ins) == 1:
        verdict = (
            f"{verb_for(ins[0], 'beats')} the ghost"
            if best
            else f"{verb_for(ins[0], 'does')} not beat the ghost"
        )
        alone = f"{name(ins[0])}, alone in, {verb_for(ins[0], 'shows')}"
        return f"{alone} their cards and {verdict}.{ghost}"
    if not best:
        return f"{join_names(list(ins))} show their cards; the ghost hand is best.{ghost}"
    who = join_names(list(best))
    have = verb_for(best[0], "has") if len(best) == 1 else "share"
    return f"{join_names(list(ins))} show their cards; {who} {have} the best hand.{ghost}"


def _single_loser(record: DealRecord) -> bool:
    """True when single loser (V3) spared some of the players who lost."""
    spared = [p for p in record.ins if p not in record.winners and p not in record.tied_best]
    return record.kind != "nobody_in" and len(record.payers) < len(spared)


def _payments_text(record: DealRecord) -> str:
    s = record.settlement
    payers = list(record.payers)
    one = len(payers) == 1
    if _single_loser(record):
        worst = "the worst hand among those in"
        who = (
            f"{does(payers[0], 'holds')} {worst}, so only {name(payers[0], start=False)} "
            f"{verb_for(payers[0], 'pays')}. {does(payers[0], 'pays')}"
            if one
            else f"{join_names(payers)} tie for {worst}, so they each pay"
        )
    else:
        who = does(payers[0], "pays") if one else f"{join_names(payers)} each pay"
    staying = record.kind in ("ghost_wins", "tie_stays")
    if staying:
        then = f"it goes into the pot, which is now {format_amount(s.stake + s.collected)}"
    elif s.overflow:
        then = f"{format_amount(s.collected)} in all"
    else:
        then = f"the next pot is {format_amount(s.collected)}"
    if not staying and record.winners:  # seed 002: "12, not 18: the previous prize has ..."
        then += f", not {format_amount(s.stake + s.collected)}: the previous prize has already left"
    amount = words_for(record.chips).amount(s.payment)
    text = f"{who} {amount}, the pot before the showdown; {then}."
    outs = list(record.outs)
    if outs:  # seed 002: "D adds nothing."
        many = len(outs) > 1
        were, adds = ("were", "add") if many else (verb_for(outs[0], v) for v in ("was", "adds"))
        text += f" {join_names(outs)} {were} out and {adds} nothing."
    return text


def narrate(record: DealRecord) -> Iterable[Step]:
    """The deal told step by step, one :class:`Step` per change (see :meth:`DealRecord.steps`)."""
    teller = _Teller(record)
    yield from teller.ante()
    yield from teller.deal_and_reveal()
    kind = record.kind
    if kind == "nobody_in":
        yield from teller.nobody_in()
    elif (
        kind in ("uncontested", "dealer_takes")
        and not record.ghost
        and not (record.winners_from_cards or len(record.ins) > 1)
    ):
        yield from teller.alone_in()
    else:
        yield from teller.showdown()
    yield from teller.closing()


class _Teller:
    """Tells one settled deal, moving the balances as each step moves money."""

    def __init__(self, record: DealRecord) -> None:
        self.record = record
        self.balances = list(record.balances_before)
        self.seat = {p: i for i, p in enumerate(record.players)}
        self.words = words_for(record.chips)

    def step(
        self, kind: StepKind, text: str, pot: Fraction, reserve: Fraction, rule: str = ""
    ) -> Step:
        record = self.record
        balances = dict(zip(record.players, self.balances, strict=True))
        return Step(record.number, kind, text, pot, reserve, balances, rule)

    def pay(self, player: str, amount: Fraction) -> None:
        self.balances[self.seat[player]] += amount

    def ante(self) -> Iterator[Step]:
        record, words = self.record, self.words
        if not record.anted:
            return
        for p in record.anted:
            self.pay(p, -record.ante)
        total = record.ante * len(record.anted)
        if record.start_pot or record.start_reserve:
            text = (
                f"Everyone antes {words.amount(record.ante)}, as on every deal under single "
                f"loser (V3): the pot is {format_amount(record.start_pot + total)}."
            )
            rule = "V3"
        else:
            text = (
                f"Pot and reserve are empty, so each of the {len(record.anted)} players antes "
                f"{words.amount(record.ante)}: the pot is {format_amount(total)}."
            )
            rule = "R2"
        if record.ante_overflow:
            over = words.amount(record.ante_overflow)
            go = "goes" if record.ante_overflow == 1 else "go"
            text = text[:-1] + f"; {over} over the {words.limit} {go} to the reserve."
        yield self.step("ante", text, record.pot_before, record.reserve_before, rule)

    def deal_and_reveal(self) -> Iterator[Step]:
        record = self.record
        pot, reserve = record.pot_before, record.reserve_before
        first = _turn_order(record)[0]
        ghost = ", then a ghost hand that belongs to nobody (V5)" if record.ghost else ""
        count = {2: "two", 3: "three"}.get(record.hand_size, str(record.hand_size))
        yield self.step(
            "deal",
            f"{does(record.dealer, 'deals')} {count} cards face down to each player, starting "
            f"with {name(first, start=False)}{ghost}.",
            pot,
            reserve,
        )
        rule = {"in_turn": "V1", "drop": "V2"}.get(record.declaration, "")
        yield self.step("reveal", _reveal_text(record), pot, reserve, rule)

    def nobody_in(self) -> Iterator[Step]:
        record, s, words = self.record, self.record.settlement, self.words
        reserve = record.reserve_before
        if record.payers:
            for p in record.payers:
                self.pay(p, -s.payment)
            several = len(record.payers) > 1
            if several and s.collected == s.stake:  # one payment shared (weenie_ties)
                how = (
                    f"share one payment of the pot of {format_amount(s.stake)}, "
                    f"{format_amount(s.payment)} each, into it"
                )
            else:
                verb = "each pay" if several else verb_for(record.payers[0], "pays")
                how = f"{verb} the pot of {format_amount(s.stake)} into it"
            text = (
                f"Nobody is in, so by the weenie rule (V7) {join_names(list(record.payers))}, "
                f"holding the best hand, {how}; the pot is "
                f"{format_amount(s.stake + s.collected)}."
            )
            yield self.step("weenie", text, s.stake + s.collected, reserve, "V7")
        if s.added:
            each = s.added / len(record.players)
            for p in record.players:
                self.pay(p, -each)
            text = (
                f"Nobody is in: the pot of {format_amount(s.stake)} stays and everyone antes "
                f"{words.amount(each)} again; the pot is "
                f"{format_amount(s.stake + s.collected + s.added)}."
            )
            yield self.step("nobody_in", text, s.stake + s.collected + s.added, reserve, "R3")
        elif not record.payers:
            text = (
                f"Nobody is in: the pot of {format_amount(s.stake)} stays for the next deal, "
                "which is dealt without a fresh ante."
            )
            yield self.step("nobody_in", text, s.stake, reserve, "R3")

    def alone_in(self) -> Iterator[Step]:
        record, s, words = self.record, self.record.settlement, self.words
        winner = record.winners[0]
        self.pay(winner, s.share)
        if record.kind == "uncontested":
            text = (
                f"Only {name(winner, start=False)} {verb_for(winner, 'is')} in: "
                f"{does(winner, 'takes', start=False)} the pot of {words.amount(s.stake)} "
                "without showing cards; the pot is now empty."
            )
            yield self.step("uncontested", text, Fraction(0), record.reserve_before, "R4")
        else:
            took = f"{does(winner, 'takes')} the pot of {words.amount(s.stake)}"
            text = f"{took}; the pot is now empty."
            yield self.step("dealer_takes", text, Fraction(0), record.reserve_before, "V1")

    def showdown(self) -> Iterator[Step]:
        record, s = self.record, self.record.settlement
        pot, reserve = record.pot_before, record.reserve_before
        kind = record.kind
        yield self.step(
            "showdown", _showdown_text(record), pot, reserve, "V5" if record.ghost else "R1"
        )
        if kind == "ghost_wins":
            text = (
                f"No hand that is in beats the ghost: nobody wins and the pot of "
                f"{format_amount(s.stake)} stays (V5)."
            )
            yield self.step("ghost_wins", text, pot, reserve, "V5")
        elif kind == "tie_stays":
            text = (
                f"{join_names(list(record.tied_best))} tie for the best hand: with no split "
                f"pots they neither win nor pay, and the pot of {format_amount(s.stake)} "
                "stays (V4)."
            )
            yield self.step("tie_stays", text, pot, reserve, "V4")
        else:
            yield self.award()
        yield from self.payments()

    def award(self) -> Step:
        record, s, words = self.record, self.record.settlement, self.words
        for w in record.winners:
            self.pay(w, s.share)
        if len(record.winners) == 1:
            text = f"{does(record.winners[0], 'takes')} the pot of {words.amount(s.stake)}."
        else:
            paper = "" if s.share.denominator == 1 else ", written on paper"  # seed 002
            text = (
                f"{join_names(list(record.winners))} tie for the best hand and share the "
                f"pot of {words.amount(s.stake)}: {format_amount(s.share)} each{paper}; "
                "tied winners pay nothing."
            )
        return self.step("award", text, Fraction(0), record.reserve_before, "R5")

    def payments(self) -> Iterator[Step]:
        record, s = self.record, self.record.settlement
        reserve = record.reserve_before
        staying = s.stake if record.kind in ("ghost_wins", "tie_stays") else Fraction(0)
        if record.payers:
            for p in record.payers:
                self.pay(p, -s.payment)
            rule = "V3" if _single_loser(record) else "R5"
            yield self.step(
                "payments", _payments_text(record), staying + s.collected, reserve, rule
            )
        elif not staying:
            text = (
                "Everyone who was in tied for the best hand, so nobody pays; the pot is now empty."
                if len(record.winners) > 1
                else "Nobody else pays; the pot is now empty."
            )
            yield self.step("payments", text, Fraction(0), reserve, "R5")

    def closing(self) -> Iterator[Step]:
        """The cap (R6), the refill (R7), the cycle's end (R10) and the deal passing (R9)."""
        record, s, words = self.record, self.record.settlement, self.words
        reserve = record.reserve_before
        if s.overflow:
            capped = s.pot - s.refill
            text = (
                f"That is {format_amount(capped + s.overflow)}, more than the {words.limit} of "
                f"{format_amount(capped)}: the next pot is kept at {format_amount(capped)} and "
                f"the extra {words.amount(s.overflow)} "
                f"{words.verb(s.overflow, 'move', 'moves')} to the reserve, which now holds "
                f"{format_amount(reserve + s.overflow)}."
            )
            yield self.step("cap", text, capped, reserve + s.overflow, "R6")
        if s.refill:
            # seed 000: "once that pot is won, chips from the reserve form the new pot"
            text = (
                f"The pot is empty, so {words.amount(s.refill)} from the reserve "
                f"{words.verb(s.refill, 'form', 'forms')} the new pot instead of a fresh ante; "
                f"the reserve holds {format_amount(s.reserve)}."
            )
            yield self.step("refill", text, s.pot, s.reserve, "R7")
        if record.cycle_ended:
            text = (
                f"Pot and reserve are both empty, so cycle {record.cycle} ends: the next deal "
                "starts a new cycle with a fresh ante."
            )
            yield self.step("cycle_end", text, s.pot, s.reserve, "R10")
        yield self.step(
            "dealer",
            f"The cards are collected and the deal passes to the left, from "
            f"{name(record.dealer, start=False)} to {name(record.next_dealer, start=False)}.",
            s.pot,
            s.reserve,
            "R9",
        )
