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


def make_scenario(rng: random.Random, rules: Rules | None = None) -> Scenario:
    """A random table just before a showdown with two or more in (seeded by ``rng``)."""
    rules = rules or teaching()
    count = rng.randint(3, min(6, rules.max_players))
    players = NAMES[:count]
    top = int(rules.cap) if rules.cap is not None else 40
    pot = Fraction(rng.randint(2, max(2, top)))
    reserve = Fraction(0)
    if rules.cap is not None and pot == rules.cap and rng.random() < 0.7:
        reserve = Fraction(rng.randint(1, 30))
    ins = tuple(sorted(rng.sample(players, rng.randint(2, count)), key=players.index))
    ranking = rules.ranking()
    dealt = Deck(rng).deal(count, ranking.size, extra=1 if rules.ghost_hand else 0)
    hands: dict[str, HandOrder] = {
        p: ranking.hand(cards) for p, cards in zip(players, dealt, strict=False)
    }
    ghost = ranking.hand(dealt[-1]) if rules.ghost_hand else None
    table = Session(players, rules=rules, pot=pot, reserve=reserve)
    record = table.play(ins, hands=hands, ghost=ghost)
    return Scenario(rules, players, record.pot_before, record.reserve_before, hands, ins, record)


def _names(text: str) -> list[str]:
    return [name for name in re.split(r"[\s,;&]+|\band\b", text.strip()) if name]


def check(
    scenario: Scenario, *, winners: str, payment: str, next_pot: str, reserve: str
) -> list[Mark]:
    """Mark the learner's four answers; every wrong one says what was expected and why."""
    record = scenario.record
    steps = {step.kind: step.text for step in record.steps()}
    marks = [_check_winners(scenario, winners, steps)]
    marks.append(_check_amount("payment", payment, record.settlement.payment, _why_payment(record)))
    marks.append(_check_amount("next pot", next_pot, record.pot_after, _why_pot(record, steps)))
    marks.append(
        _check_amount("reserve", reserve, record.reserve_after, _why_reserve(record, steps))
    )
    return marks


def _check_winners(scenario: Scenario, answer: str, steps: dict[str, str]) -> Mark:
    given = _names(answer)
    strangers = [n for n in given if n not in scenario.players]
    if strangers:
        return Mark(
            "winners",
            False,
            f"{strangers[0]} is not at this table; the players are "
            f"{join_names(list(scenario.players))}.",
        )
    truth = scenario.record.winners
    story = steps.get("showdown", "")
    if set(given) == set(truth):
        return Mark("winners", True, f"Right. {story}")
    said = join_names(list(truth)) or "nobody"
    return Mark(
        "winners", False, f"Not quite: {said} {'wins' if len(truth) == 1 else 'win'}. {story}"
    )


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


def _why_payment(record: DealRecord) -> str:
    stake = format_amount(record.pot_before)
    if not record.payers:
        return "Everyone who was in tied for the best hand, so nobody pays (R5)."
    return (
        f"Each player who was in and lost pays the whole pot before the showdown, {stake}; "
        "it is not divided among the losers (R5)."
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
