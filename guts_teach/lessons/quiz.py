"""Settlement quiz: seeded scenarios, and feedback that explains each mistake.

The right answers come from the rules engine itself (a one-deal session), so the quiz
can never disagree with the package.

>>> import random
>>> scenario = make_scenario(random.Random(4))
>>> marks = check(scenario, winners=" ".join(scenario.record.winners),
...               payment=format_amount(scenario.record.settlement.payment),
...               next_pot=format_amount(scenario.record.pot_after),
...               reserve=format_amount(scenario.record.reserve_after))
>>> all(mark.correct for mark in marks)
True
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction

from ..game.cards import Deck
from ..game.errors import GutsError
from ..game.hands import HandOrder
from ..game.money import as_amount, format_amount
from ..game.narration import join_names
from ..game.records import DealRecord
from ..game.rules import Rules, teaching
from ..game.session import Session
from ..game.shown import shown

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")


@dataclass(frozen=True)
class Scenario:
    """One quiz question: a table just before the showdown, and the true outcome."""

    rules: Rules
    players: tuple[str, ...]
    pot: Fraction
    reserve: Fraction
    hands: dict[str, HandOrder]
    ins: tuple[str, ...]
    record: DealRecord

    def question(self) -> str:
        """The question in words."""
        cap = "no cap" if self.rules.cap is None else f"the cap is {format_amount(self.rules.cap)}"
        shown = "; ".join(f"{p} {self.hands[p]}" for p in self.ins)
        outs = [p for p in self.players if p not in self.ins]
        out_text = f" {join_names(outs)} {'is' if len(outs) == 1 else 'are'} out." if outs else ""
        return (
            f"The pot holds {format_amount(self.pot)} and the reserve "
            f"{format_amount(self.reserve)}; {cap}. In: {shown}.{out_text} Who wins, what does "
            "each losing player pay, and what are the next pot and the reserve?"
        )


@dataclass(frozen=True)
class Mark:
    """Feedback on one answer: which field, right or wrong, and why."""

    field: str
    correct: bool
    message: str


SITUATIONS = ("showdown", "nobody in", "one in", "tie", "cap", "refill")
"""Every situation the quiz asks about; each question draws one (RULINGS R3-R7)."""


def make_scenario(
    rng: random.Random, rules: Rules | None = None, situation: str | None = None
) -> Scenario:
    """A random table just before the showdown, seeded by ``rng``, in one of the
    :data:`SITUATIONS` (drawn at random unless given): a showdown, nobody in, one in, a tie
    with a fractional share, payments over the cap, or a pot refilled from the reserve.
    Situations the rules cannot produce (no cap, three cards for a tie) become showdowns."""
    rules = rules or teaching()
    situation = situation or rng.choice(SITUATIONS)
    if situation not in SITUATIONS:
        raise ValueError(
            f"situation must be one of {', '.join(SITUATIONS)}; got {shown(situation)}"
        )
    if situation in ("cap", "refill") and rules.cap is None:
        situation = "showdown"
    if situation == "tie" and rules.hand_size != 2:
        situation = "showdown"
    count = rng.randint(3, min(6, rules.max_players))
    players = NAMES[:count]
    top = int(rules.cap) if rules.cap is not None else 40
    pot = Fraction(rng.randint(2, max(2, top)))
    reserve = Fraction(0)
    if rules.cap is not None and pot == rules.cap and rng.random() < 0.7:
        reserve = Fraction(rng.randint(1, 30))
    ins = tuple(sorted(rng.sample(players, rng.randint(2, count)), key=players.index))
    if situation == "nobody in":
        ins = ()
    elif situation == "one in":
        ins = (rng.choice(players),)
    elif situation == "refill":
        assert rules.cap is not None
        pot, reserve, ins = rules.cap, Fraction(rng.randint(1, 30)), (rng.choice(players),)
    elif situation == "cap":
        assert rules.cap is not None
        pot = Fraction(rng.randint(int(rules.cap) // 2 + 1, max(2, int(rules.cap))))
        ins = players  # one winner and two or more payers: more than the cap comes in
    elif situation == "tie":
        pot = Fraction(rng.randrange(3, max(5, top), 2))  # odd: the tied share is a fraction
        if rules.cap is not None:
            pot = min(pot, rules.cap)
    hands, ghost = _deal(rng, rules, players, ins, tie=situation == "tie")
    table = Session(players, rules=rules, pot=pot, reserve=reserve)
    record = table.play(ins, hands=hands, ghost=ghost)
    return Scenario(rules, players, record.pot_before, record.reserve_before, hands, ins, record)


def _deal(
    rng: random.Random, rules: Rules, players: tuple[str, ...], ins: tuple[str, ...], tie: bool
) -> tuple[dict[str, HandOrder], HandOrder | None]:
    """Cards for everyone (and the ghost, V5); for a tie, the first two in hold A-K and
    nobody else holds better (a pair), so they share the pot."""
    ranking = rules.ranking()
    extra = 1 if rules.ghost_hand else 0
    while True:
        dealt = Deck(rng).deal(len(players), ranking.size, extra=extra)
        hands: dict[str, HandOrder] = {
            p: ranking.hand(cards) for p, cards in zip(players, dealt, strict=False)
        }
        ghost: HandOrder | None = ranking.hand(dealt[-1]) if rules.ghost_hand else None
        if not tie or len(ins) < 2:
            return hands, ghost
        tied: dict[str, HandOrder] = {ins[0]: ranking.hand("As Kh"), ins[1]: ranking.hand("Ad Kc")}
        used = {c for h in tied.values() for c in h.cards}
        rest = {p: h for p, h in hands.items() if p not in tied}
        clash = any(c in used for h in rest.values() for c in h.cards)
        others = [*rest.values(), *([ghost] if ghost is not None else [])]
        beaten = any(h.strength.value >= tied[ins[0]].strength.value for h in others)
        if not clash and not beaten and (ghost is None or not set(ghost.cards) & used):
            return {p: tied.get(p, hands[p]) for p in players}, ghost


NOBODY = frozenset({"nobody", "none", "no one", "noone", "-", "the ghost", "ghost"})


def _names(text: str, players: tuple[str, ...]) -> list[str]:
    """The names in an answer, matched to the table's without regard to case or to
    punctuation around them ("ben." is Ben)."""
    by_lower = {p.lower(): p for p in players}
    found = []
    for word in re.split(r"[\s,;&]+|\band\b", text.strip()):
        word = word.strip(".!?:;'\"()")
        if word:
            found.append(by_lower.get(word.lower(), word))
    return found


def check(
    scenario: Scenario,
    *,
    winners: str,
    payment: str,
    next_pot: str,
    reserve: str,
    share: str | None = None,
) -> list[Mark]:
    """Mark the learner's answers (``share``, each winner's take, when asked); every wrong
    one says what was expected and why."""
    record = scenario.record
    steps = {step.kind: step.text for step in record.steps()}
    marks = [_check_winners(scenario, winners, steps)]
    if share is not None:
        marks.append(_check_amount("share", share, record.settlement.share, _why_share(record)))
    given = _amount_or_none(payment)
    marks.append(
        _check_amount("payment", payment, record.settlement.payment, _why_payment(record, given))
    )
    marks.append(_check_amount("next pot", next_pot, record.pot_after, _why_pot(record, steps)))
    marks.append(
        _check_amount("reserve", reserve, record.reserve_after, _why_reserve(record, steps))
    )
    return marks


def _check_winners(scenario: Scenario, answer: str, steps: dict[str, str]) -> Mark:
    truth = scenario.record.winners
    story = steps.get("showdown", "") or steps.get("nobody_in", "") or steps.get("weenie", "")
    if not truth and answer.strip().strip(".!").lower() in NOBODY | {""}:
        why = "the ghost hand is best, so nobody wins (V5)" if scenario.record.ghost else ""
        return Mark("winners", True, f"Right: nobody wins. {why or story}".strip())
    given = _names(answer, scenario.players)
    strangers = [n for n in given if n not in scenario.players]
    if strangers:
        return Mark(
            "winners",
            False,
            f"{strangers[0]} is not at this table; the players are "
            f"{join_names(list(scenario.players))}.",
        )
    if set(given) == set(truth):
        return Mark("winners", True, f"Right. {story}")
    said = join_names(list(truth)) or "nobody"
    return Mark(
        "winners", False, f"Not quite: {said} {'wins' if len(truth) == 1 else 'win'}. {story}"
    )


def _amount_or_none(answer: str) -> Fraction | None:
    try:
        return as_amount(answer.strip() or "?", what="the answer")
    except GutsError:
        return None


def _check_amount(field: str, answer: str, truth: Fraction, why: str) -> Mark:
    try:
        value = as_amount(answer.strip() or "?", what=field)
    except GutsError:
        return Mark(
            field, False, f'Write the {field} as an amount, like 12 or 7/2 (got "{answer}").'
        )
    if value == truth:
        return Mark(field, True, f"Right: {format_amount(truth)}.")
    return Mark(
        field, False, f"The {field} is {format_amount(truth)}, not {format_amount(value)}. {why}"
    )


def _why_payment(record: DealRecord, given: Fraction | None = None) -> str:
    """Why the payment is what it is, aimed at the mistake ``given`` makes."""
    stake = record.pot_before
    if not record.payers:
        if not record.ins:
            return "Nobody was in, so nobody pays: the pot stays for the next deal (R3)."
        if len(record.ins) == 1:
            return "Only one player was in: they take the pot and nobody pays (R4)."
        return "Everyone who was in tied for the best hand, so nobody pays (R5)."
    payers = len(record.payers)
    if given is not None and payers > 1 and given == stake * payers:
        return (
            f"{format_amount(given)} is all the payments together: each losing player pays "
            f"the pot once, {format_amount(stake)} (R5)."
        )
    if given is not None and given == stake * 2 and record.settlement.payment == stake:
        return (
            f"Each losing player pays an amount equal to the pot before the showdown, "
            f"{format_amount(stake)}: the pot itself, not twice it (R5)."
        )
    if given is not None and payers > 1 and given * payers == stake:
        return (
            f"Each player who was in and lost pays the whole pot before the showdown, "
            f"{format_amount(stake)}; it is not divided among the losers (R5)."
        )
    return (
        f"Each player who was in and lost pays the whole pot before the showdown, "
        f"{format_amount(stake)} (R5)."
    )


def _why_share(record: DealRecord) -> str:
    share = record.settlement.share
    if not record.winners:
        return "Nobody wins this pot, so nobody takes a share."
    if len(record.winners) == 1:
        return f"{record.winners[0]} takes the whole pot, {format_amount(share)}."
    return (
        f"The tied winners share the pot of {format_amount(record.pot_before)} equally: "
        f"{format_amount(share)} each, as an exact fraction (R5)."
    )


def _why_pot(record: DealRecord, steps: dict[str, str]) -> str:
    parts = [steps[k] for k in ("payments", "cap", "refill") if k in steps]
    hint = (
        " The prize has already left the pot: only the payments form the next one."
        if (record.payers and record.winners)
        else ""
    )
    return " ".join(parts) + hint


def _why_reserve(record: DealRecord, steps: dict[str, str]) -> str:
    if "cap" in steps or "refill" in steps:
        return " ".join(steps[k] for k in ("cap", "refill") if k in steps)
    return (
        f"Nothing went over the cap, so the reserve stays at {format_amount(record.reserve_after)} "
        "(R6)."
    )
