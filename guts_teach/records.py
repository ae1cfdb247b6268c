"""Immutable records of play, and the plain-language steps derived from them.

A settled deal is one :class:`DealRecord`: everything that happened, with exact amounts.
Its :meth:`DealRecord.steps` tell the deal as a story, one :class:`Step` per change, each
a sentence with the numbers and the pot, reserve and balances after it. Steps are made
only when asked for, so playing thousands of deals stays fast.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .hands import Hand, explain
from .money import format_amount
from .settlement import Settlement

Balances = tuple[Fraction, ...]


def join_names(names: Sequence[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``.

    >>> join_names(["A", "B", "C"])
    'A, B and C'
    """
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True, slots=True)
class Step:
    """One change at the table, told in one sentence.

    ``kind`` names the change (``"start"``, ``"ante"``, ``"deal"``, ``"reveal"``,
    ``"nobody_in"``, ``"uncontested"``, ``"showdown"``, ``"award"``, ``"payments"``,
    ``"cap"``, ``"refill"``, ``"cycle_end"``, ``"dealer"``); ``pot``, ``reserve`` and
    ``balances`` are the amounts after it; ``rule`` cites the ruling it applies.
    """

    deal: int
    kind: str
    text: str
    pot: Fraction
    reserve: Fraction
    balances: Mapping[str, Fraction] = field(hash=False, compare=True)
    rule: str = ""

    def status(self) -> str:
        """``"Pot 12 · Reserve 0"`` in the package's exact format."""
        return f"Pot {format_amount(self.pot)} · Reserve {format_amount(self.reserve)}"


@dataclass(frozen=True, slots=True)
class DealRecord:
    """Everything one settled deal did, with exact amounts.

    ``start_pot``/``start_reserve`` are the amounts when the deal began; ``ante`` is what
    each of ``anted`` paid (R2); ``pot_before``/``reserve_before`` are the stakes at the
    showdown; ``settlement`` holds the arithmetic (R3-R7); ``net_before``/``net_after``
    are the net counters in seat order and ``stack`` the starting stack (R8), from which
    :attr:`balances` follow.
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
    hands: tuple[tuple[str, Hand], ...] | None
    ins: tuple[str, ...]
    winners: tuple[str, ...]
    winners_from_cards: bool
    payers: tuple[str, ...]
    settlement: Settlement
    stack: Fraction
    net_before: Balances
    net_after: Balances

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
        return tuple(self.stack + v for v in self.net_before)

    @property
    def balances(self) -> Balances:
        """Every player's balance after the deal, in seat order (stack plus net, R8)."""
        return tuple(self.stack + v for v in self.net_after)

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

    def hand_of(self, player: str) -> Hand | None:
        """The recorded hand of ``player``, if the cards were recorded."""
        return dict(self.hands or ()).get(player)

    def steps(self) -> list[Step]:
        """The deal told step by step (see :class:`Step`)."""
        return list(_narrate(self))


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
    text = f"{join_names(list(players))} sit at the table; {money}; {dealer} deals first."
    return Step(0, "start", text, pot, reserve, dict(zip(players, balances, strict=True)))


def _describe(player: str, held: Hand | None) -> str:
    return f"{player} {held} ({held.name})" if held else player


def showdown_sentence(ranked: Iterable[tuple[str, Hand]]) -> str:
    """Say who beats whom at a showdown, best hand first (R1, R5).

    >>> from guts_teach.hands import hand
    >>> print(showdown_sentence([("A", hand("Qs Qh")), ("B", hand("Ac Kd")), ("C", hand("Jc Jd"))]))
    A's pair of queens beats C's pair of jacks and B's ace-king (Q-Q beats J-J: queens beat jacks).
    """
    order = sorted(ranked, key=lambda pair: pair[1].strength, reverse=True)
    top = [p for p in order if p[1].ties(order[0][1])]
    rest = order[len(top) :]
    best_text = join_names([f"{p}'s {h.name}" for p, h in top])
    if not rest:
        return f"{best_text} tie for the best hand ({explain(top[0][1], top[-1][1])})."
    verb = "beats" if len(top) == 1 else "tie and beat"
    rest_text = join_names([f"{p}'s {h.name}" for p, h in rest])
    return f"{best_text} {verb} {rest_text} ({explain(top[0][1], rest[0][1])})."


def _narrate(record: DealRecord) -> Iterable[Step]:
    n = record.number
    players = record.players
    balances = list(record.balances_before)
    index = {p: i for i, p in enumerate(players)}
    s = record.settlement

    def step(kind: str, text: str, pot: Fraction, reserve: Fraction, rule: str = "") -> Step:
        return Step(n, kind, text, pot, reserve, dict(zip(players, balances, strict=True)), rule)

    def pay(player: str, amount: Fraction) -> None:
        balances[index[player]] += amount

    pot, reserve = record.pot_before, record.reserve_before
    if record.anted:
        for p in record.anted:
            pay(p, -record.ante)
        total = record.ante * len(record.anted)
        text = (
            f"Pot and reserve are empty, so each of the {len(record.anted)} players antes "
            f"{format_amount(record.ante)}: the pot is {format_amount(total)}."
        )
        if record.ante_overflow:
            text = text[:-1] + (
                f", of which {format_amount(record.ante_overflow)} over the cap go to the reserve."
            )
        yield step("ante", text, pot, reserve, "R2")
    first = players[(index[record.dealer] + 1) % len(players)]
    cards = "" if record.hands else "; the cards were not recorded"
    yield step(
        "deal",
        f"{record.dealer} deals two cards face down to each player, starting with {first}{cards}.",
        pot,
        reserve,
    )
    ins, outs = record.ins, record.outs
    if not ins:
        reveal = "Everyone opens their fists at once: nobody is in."
    elif not outs:
        reveal = f"Everyone opens their fists at once: all of {join_names(list(ins))} are in."
    else:
        verb_in = "is" if len(ins) == 1 else "are"
        verb_out = "is" if len(outs) == 1 else "are"
        reveal = (
            f"Everyone opens their fists at once: {join_names(list(ins))} {verb_in} in; "
            f"{join_names(list(outs))} {verb_out} out."
        )
    yield step("reveal", reveal, pot, reserve)

    if not ins:
        if s.added:
            for p in players:
                pay(p, -(s.added / len(players)))
            text = (
                f"Nobody is in: the pot of {format_amount(s.stake)} stays and everyone antes "
                f"{format_amount(s.added / len(players))} again; the pot is "
                f"{format_amount(s.stake + s.added)}."
            )
            yield step("nobody_in", text, s.stake + s.added, reserve, "R3")
        else:
            text = (
                f"Nobody is in: the pot of {format_amount(s.stake)} stays for the next deal, "
                "which is dealt without a fresh ante."
            )
            yield step("nobody_in", text, s.stake, reserve, "R3")
    elif len(ins) == 1:
        winner = ins[0]
        pay(winner, s.share)
        text = (
            f"Only {winner} is in: {winner} takes the pot of {format_amount(s.stake)} "
            "without showing cards; the pot is now empty."
        )
        yield step("uncontested", text, Fraction(0), reserve, "R4")
    else:
        shown = [(p, h) for p in ins if (h := record.hand_of(p)) is not None]
        if record.winners_from_cards:
            text = f"{join_names(list(ins))} show their cards. " + showdown_sentence(shown)
        else:
            who = join_names(list(record.winners))
            have = "has" if len(record.winners) == 1 else "share"
            text = f"{join_names(list(ins))} show their cards; {who} {have} the best hand."
        yield step("showdown", text, pot, reserve, "R1")
        for w in record.winners:
            pay(w, s.share)
        if len(record.winners) == 1:
            text = f"{record.winners[0]} takes the pot of {format_amount(s.stake)}."
        else:
            text = (
                f"{join_names(list(record.winners))} tie for the best hand and share the pot of "
                f"{format_amount(s.stake)}: {format_amount(s.share)} each; "
                "tied winners pay nothing."
            )
        yield step("award", text, Fraction(0), reserve, "R5")
        if record.payers:
            for p in record.payers:
                pay(p, -s.payment)
            each = "pays" if len(record.payers) == 1 else "each pay"
            then = (
                f"{format_amount(s.collected)} in all"
                if s.overflow
                else f"the next pot is {format_amount(s.collected)}"
            )
            text = (
                f"{join_names(list(record.payers))} {each} {format_amount(s.payment)}, "
                f"the pot before the showdown; {then}."
            )
            yield step("payments", text, s.collected, reserve, "R5")
        else:
            text = (
                "Everyone who was in tied for the best hand, so nobody pays; the pot is now empty."
            )
            yield step("payments", text, Fraction(0), reserve, "R5")
    if s.overflow:
        capped = s.pot - s.refill
        text = (
            f"That is {format_amount(capped + s.overflow)}, more than the cap of "
            f"{format_amount(capped)}: the pot stays at {format_amount(capped)} and "
            f"{format_amount(s.overflow)} go to the reserve, which now holds "
            f"{format_amount(reserve + s.overflow)}."
        )
        yield step("cap", text, capped, reserve + s.overflow, "R6")
    if s.refill:
        text = (
            f"The pot is empty, so {format_amount(s.refill)} move from the reserve into the pot "
            f"instead of a fresh ante; the reserve holds {format_amount(s.reserve)}."
        )
        yield step("refill", text, s.pot, s.reserve, "R7")
    if record.cycle_ended:
        text = f"Pot and reserve are both empty: cycle {record.cycle} ends."
        yield step("cycle_end", text, s.pot, s.reserve, "R10")
    yield step(
        "dealer",
        f"The deal passes to the left, from {record.dealer} to {record.next_dealer}.",
        s.pot,
        s.reserve,
        "R9",
    )
