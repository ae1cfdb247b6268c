"""The plain-language story of play: every change at the table as one :class:`Step`.

A step is one sentence with its numbers, the pot, reserve and balances after it, and the
ruling it applies. :func:`narrate` tells a settled deal (a
:class:`~guts_teach.game.records.DealRecord`) step by step; :func:`start_step` opens a
session; :func:`showdown_sentence` says who beats whom.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from .hands import HandOrder, explain
from .money import format_amount

if TYPE_CHECKING:  # records are narrated, never built, here: no import at run time
    from .records import Balances, DealRecord


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


def showdown_sentence(ranked: Iterable[tuple[str, HandOrder]]) -> str:
    """Say who beats whom at a showdown, best hand first (R1, R5).

    >>> from guts_teach.game.hands import hand
    >>> print(showdown_sentence([("A", hand("Qs Qh")), ("B", hand("Ac Kd")), ("C", hand("Jc Jd"))]))
    A's pair of queens beats C's pair of jacks and B's ace-king (Q-Q beats J-J: queens beat jacks).
    """
    order = sorted(ranked, key=lambda pair: pair[1].strength.value, reverse=True)
    top = [p for p in order if p[1].ties(order[0][1])]
    rest = order[len(top) :]
    best_text = join_names([f"{p}'s {h.name}" for p, h in top])
    if not rest:
        return f"{best_text} tie for the best hand ({explain(top[0][1], top[-1][1])})."
    verb = "beats" if len(top) == 1 else "tie and beat"
    rest_text = join_names([f"{p}'s {h.name}" for p, h in rest])
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

    def are(names: Sequence[str]) -> str:
        return f"{join_names(list(names))} {'is' if len(names) == 1 else 'are'}"

    if record.kind == "dealer_takes" or (record.ghost and record.dealer_took):
        before = [p for p in _turn_order(record) if p != record.dealer]
        if record.ghost:
            return (
                f"In turn from {before[0]}: {join_names(before)} all declare out, so "
                f"{record.dealer}, the dealer, is in without declaring, and must still beat "
                "the ghost (V1, V5)."
            )
        return (
            f"In turn from {before[0]}: {join_names(before)} all declare out, so "
            f"{record.dealer}, the dealer, takes the pot of {format_amount(record.pot_before)} "
            "without declaring or showing (V1)."
        )
    if record.declaration == "in_turn":
        said = [f"{p} {'in' if p in ins else 'out'}" for p in _turn_order(record)]
        return f"In turn from the dealer's left: {', '.join(said)} (V1)."
    if record.declaration == "drop":
        if not outs:
            return f"{record.dealer} counts 1 - 2 - 3 - drop! Nobody drops: all hold (V2)."
        if not ins:
            return f"{record.dealer} counts 1 - 2 - 3 - drop! Everyone drops their cards (V2)."
        return (
            f"{record.dealer} counts 1 - 2 - 3 - drop! {are(outs)} out, dropping their cards; "
            f"{join_names(list(ins))} hold (V2)."
        )
    if not ins:
        return "Everyone opens their fists at once: nobody is in."
    if not outs:
        return f"Everyone opens their fists at once: all of {join_names(list(ins))} are in."
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
            return f"{ins[0]}, alone in, shows {held} ({held.name}) against the ghost.{ghost}"
        return f"{join_names(list(ins))} show their cards. {showdown_sentence(shown)}{ghost}"
    best = record.winners or record.tied_best
    if len(ins) == 1:
        verdict = "beats the ghost" if best else "does not beat the ghost"
        return f"{ins[0]}, alone in, shows their cards and {verdict}.{ghost}"
    if not best:
        return f"{join_names(list(ins))} show their cards; the ghost hand is best.{ghost}"
    who = join_names(list(best))
    have = "has" if len(best) == 1 else "share"
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
        who = (
            f"Only {payers[0]}, holding the worst hand among those in, pays"
            if one
            else f"{join_names(payers)} tie for the worst hand among those in and each pay"
        )
    else:
        who = f"{join_names(payers)} {'pays' if one else 'each pay'}"
    if record.kind in ("ghost_wins", "tie_stays"):
        then = f"it goes into the pot, which is now {format_amount(s.stake + s.collected)}"
    elif s.overflow:
        then = f"{format_amount(s.collected)} in all"
    else:
        then = f"the next pot is {format_amount(s.collected)}"
    return f"{who} {format_amount(s.payment)}, the pot before the showdown; {then}."


def narrate(record: DealRecord) -> Iterable[Step]:
    """The deal told step by step, one :class:`Step` per change (see :meth:`DealRecord.steps`)."""
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
        if record.start_pot or record.start_reserve:
            text = (
                f"Everyone antes {format_amount(record.ante)}, as on every deal under single "
                f"loser (V3): the pot is {format_amount(record.start_pot + total)}."
            )
            rule = "V3"
        else:
            text = (
                f"Pot and reserve are empty, so each of the {len(record.anted)} players antes "
                f"{format_amount(record.ante)}: the pot is {format_amount(total)}."
            )
            rule = "R2"
        if record.ante_overflow:
            text = text[:-1] + (
                f"; {format_amount(record.ante_overflow)} over the cap go to the reserve."
            )
        yield step("ante", text, pot, reserve, rule)
    first = _turn_order(record)[0]
    ghost = ", then a ghost hand that belongs to nobody (V5)" if record.ghost else ""
    words = {2: "two", 3: "three"}.get(record.hand_size, str(record.hand_size))
    yield step(
        "deal",
        f"{record.dealer} deals {words} cards face down to each player, starting with "
        f"{first}{ghost}.",
        pot,
        reserve,
    )
    rule = {"in_turn": "V1", "drop": "V2"}.get(record.declaration, "")
    yield step("reveal", _reveal_text(record), pot, reserve, rule)

    kind = record.kind
    if kind == "nobody_in":
        if record.payers:
            for p in record.payers:
                pay(p, -s.payment)
            several = len(record.payers) > 1
            if several and s.collected == s.stake:  # one payment shared (weenie_ties)
                how = (
                    f"share one payment of the pot of {format_amount(s.stake)}, "
                    f"{format_amount(s.payment)} each, into it"
                )
            else:
                verb = "each pay" if several else "pays"
                how = f"{verb} the pot of {format_amount(s.stake)} into it"
            text = (
                f"Nobody is in, so by the weenie rule (V7) {join_names(list(record.payers))}, "
                f"holding the best hand, {how}; the pot is "
                f"{format_amount(s.stake + s.collected)}."
            )
            yield step("weenie", text, s.stake + s.collected, reserve, "V7")
        if s.added:
            each = s.added / len(players)
            for p in players:
                pay(p, -each)
            text = (
                f"Nobody is in: the pot of {format_amount(s.stake)} stays and everyone antes "
                f"{format_amount(each)} again; the pot is "
                f"{format_amount(s.stake + s.collected + s.added)}."
            )
            yield step("nobody_in", text, s.stake + s.collected + s.added, reserve, "R3")
        elif not record.payers:
            text = (
                f"Nobody is in: the pot of {format_amount(s.stake)} stays for the next deal, "
                "which is dealt without a fresh ante."
            )
            yield step("nobody_in", text, s.stake, reserve, "R3")
    elif (
        kind in ("uncontested", "dealer_takes")
        and not record.ghost
        and not (record.winners_from_cards or len(record.ins) > 1)
    ):
        winner = record.winners[0]
        pay(winner, s.share)
        if kind == "uncontested":
            text = (
                f"Only {winner} is in: {winner} takes the pot of {format_amount(s.stake)} "
                "without showing cards; the pot is now empty."
            )
            yield step("uncontested", text, Fraction(0), reserve, "R4")
        else:
            text = f"{winner} takes the pot of {format_amount(s.stake)}; the pot is now empty."
            yield step("dealer_takes", text, Fraction(0), reserve, "V1")
    else:
        yield step("showdown", _showdown_text(record), pot, reserve, "V5" if record.ghost else "R1")
        if kind == "ghost_wins":
            text = (
                f"No hand that is in beats the ghost: nobody wins and the pot of "
                f"{format_amount(s.stake)} stays (V5)."
            )
            yield step("ghost_wins", text, pot, reserve, "V5")
        elif kind == "tie_stays":
            text = (
                f"{join_names(list(record.tied_best))} tie for the best hand: with no split "
                f"pots they neither win nor pay, and the pot of {format_amount(s.stake)} "
                "stays (V4)."
            )
            yield step("tie_stays", text, pot, reserve, "V4")
        else:
            for w in record.winners:
                pay(w, s.share)
            if len(record.winners) == 1:
                text = f"{record.winners[0]} takes the pot of {format_amount(s.stake)}."
            else:
                text = (
                    f"{join_names(list(record.winners))} tie for the best hand and share the "
                    f"pot of {format_amount(s.stake)}: {format_amount(s.share)} each; tied "
                    "winners pay nothing."
                )
            yield step("award", text, Fraction(0), reserve, "R5")
        staying = s.stake if kind in ("ghost_wins", "tie_stays") else Fraction(0)
        if record.payers:
            for p in record.payers:
                pay(p, -s.payment)
            rule = "V3" if _single_loser(record) else "R5"
            yield step("payments", _payments_text(record), staying + s.collected, reserve, rule)
        elif not staying:
            text = (
                "Everyone who was in tied for the best hand, so nobody pays; the pot is now empty."
                if len(record.winners) > 1
                else "Nobody else pays; the pot is now empty."
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
