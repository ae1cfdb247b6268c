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
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from ..game.cards.deck import Deck
from ..game.cards.hands import HandOrder
from ..game.errors import GutsError
from ..game.money import format_amount
from ..game.play.session import Session
from ..game.records import DealRecord, StepKind
from ..game.rules import Rules, teaching
from ..game.shown import shown
from ..game.wording import join_names
from .answers import read_amount, read_names, says_nobody
from .scene import Scene

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
    situation: str = "showdown"
    """Which of :data:`SITUATIONS` the question was drawn for (a teacher sees which a learner
    missed)."""

    def question(self) -> str:
        """The question in words. Only the cards a showdown would show are given: a player
        who is in alone takes the pot without showing them.

        >>> import random
        >>> print(make_scenario(random.Random(1), situation="nobody in").question())
        ... # doctest: +ELLIPSIS
        The pot holds ... In: nobody. ... are out. Who wins? What does each player who ...
        """
        cap = "no cap" if self.rules.cap is None else f"the cap is {format_amount(self.rules.cap)}"
        if not self.ins:
            shown_in = "nobody"
        elif len(self.ins) == 1:
            shown_in = f"{self.ins[0]} alone (so nobody sees the cards)"
        else:
            shown_in = "; ".join(f"{p} {self.hands[p]}" for p in self.ins)
        outs = [p for p in self.players if p not in self.ins]
        out_text = f" {join_names(outs)} {'is' if len(outs) == 1 else 'are'} out." if outs else ""
        return (
            f"The pot holds {format_amount(self.pot)} and the reserve "
            f"{format_amount(self.reserve)}; {cap}. In: {shown_in}.{out_text} Who wins? What "
            "does each player who loses pay? What do the next pot and the reserve hold once the "
            "deal is settled?"
        )

    def scene(self) -> Scene:
        """The table just before the showdown, as its picture shows it. Cards are face up
        exactly where a showdown shows them: a player in alone takes the pot without showing,
        and nobody shows when nobody is in."""
        record = self.record
        return Scene(
            players=self.players,
            dealer=record.dealer,
            pot=self.pot,
            reserve=self.reserve,
            balances={p: record.balances_before[i] for i, p in enumerate(self.players)},
            hands={p: self.hands[p].cards for p in self.ins},
            face_up=frozenset(self.ins) if len(self.ins) > 1 else frozenset(),
            declared={p: p in self.ins for p in self.players},
            ghost=record.ghost.cards if record.ghost else None,
            ghost_shown=True,
            hand_size=self.rules.hand_size,
        )

    def answers(self) -> dict[str, str]:
        """The right answer for every box, as a learner would type it.

        >>> import random
        >>> make_scenario(random.Random(1), situation="nobody in").answers()["payment"]
        'nothing'
        """
        record = self.record
        return {
            "winners": join_names(list(record.winners)) or "nobody",
            "share": format_amount(record.settlement.share) if record.winners else "nothing",
            "payment": format_amount(record.settlement.payment) if record.payers else "nothing",
            "next_pot": format_amount(record.pot_after),
            "reserve": format_amount(record.reserve_after),
        }


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
    return Scenario(
        rules, players, record.pot_before, record.reserve_before, hands, ins, record, situation
    )


QUIZ_MOST = 40
"""The most questions one printed quiz holds."""


def quiz_set(count: int, *, seed: int = 1, rules: Rules | None = None) -> list[Scenario]:
    """``count`` seeded questions for a printed quiz, the situations taken in turn (a
    showdown, nobody in, one in, a tie, the cap, a refill) so a short quiz meets them all.

    >>> [len(s.ins) for s in quiz_set(3, seed=2)][1:]
    [0, 1]
    >>> quiz_set(0)
    Traceback (most recent call last):
    ...
    guts_teach.lessons.quiz.QuizError: a quiz has 1 to 40 questions; got 0
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= QUIZ_MOST:
        raise QuizError(f"a quiz has 1 to {QUIZ_MOST} questions; got {shown(count)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise QuizError(f"the seed must be a whole number; got {shown(seed)}")
    rng = random.Random(seed)
    return [
        make_scenario(rng, rules, situation=SITUATIONS[number % len(SITUATIONS)])
        for number in range(count)
    ]


class QuizError(GutsError):
    """A printed quiz asked for with a number of questions or a seed it cannot have."""


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
NOTHING = frozenset({"", "0", "none", "nothing", "nobody", "no one", "noone", "-", "n/a", "nil"})
"""Answers that say "nothing" in a box where nothing is paid or won: all of them are right."""

FIELDS = {
    "winners": "Who wins",
    "share": "Each winner takes",
    "payment": "Each loser pays",
    "next_pot": "Next pot",
    "reserve": "Reserve",
}
"""Each answer box's label: the quiz widget shows these, and every mark names its box so."""


def _names(text: str, players: tuple[str, ...]) -> list[str]:
    """The names in an answer, matched to the table's without regard to case or to
    punctuation around them ("ben." is Ben)."""
    by_lower = {p.lower(): p for p in players}
    return [by_lower.get(word.lower(), word) for word in read_names(text)]


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
    one says what was expected and why. Where nothing is paid or won, an empty box, 0 and
    "none" are all right."""
    record = scenario.record
    steps = {step.kind: step.text for step in record.steps()}
    marks = [_check_winners(scenario, winners, steps)]
    if share is not None:
        marks.append(
            _check_amount(
                "share",
                share,
                record.settlement.share,
                _why_share(record),
                nothing=not record.winners,
            )
        )
    given = _amount_or_none(payment)
    marks.append(
        _check_amount(
            "payment",
            payment,
            record.settlement.payment,
            _why_payment(record, given),
            nothing=not record.payers,
        )
    )
    fresh = _fresh_ante(scenario)
    marks.append(
        _check_amount(
            "next_pot",
            next_pot,
            record.pot_after,
            _why_pot(scenario, steps, _amount_or_none(next_pot)),
            also=fresh,
        )
    )
    marks.append(
        _check_amount("reserve", reserve, record.reserve_after, _why_reserve(scenario, steps))
    )
    return marks


def _fresh_ante(scenario: Scenario) -> Fraction | None:
    """When the deal leaves pot and reserve empty, the next deal opens with everyone's
    ante: "the next pot" may fairly be read as that too."""
    record = scenario.record
    if record.pot_after or record.reserve_after:
        return None
    return scenario.rules.ante * len(scenario.players)


def _check_winners(scenario: Scenario, answer: str, steps: Mapping[StepKind, str]) -> Mark:
    truth = scenario.record.winners
    label = FIELDS["winners"]
    story = (
        steps.get("showdown", "")
        or steps.get("uncontested", "")
        or steps.get("nobody_in", "")
        or steps.get("weenie", "")
    )
    if not truth and (says_nobody(answer) or not answer.strip()):
        why = "the ghost hand is best, so nobody wins" if scenario.record.ghost else ""
        return Mark(label, True, f"Right: nobody wins. {why or story}".strip())
    given = [] if says_nobody(answer) else _names(answer, scenario.players)
    strangers = [n for n in given if n not in scenario.players]
    if strangers:
        return Mark(
            label,
            False,
            f"{strangers[0]} is not at this table; the players are "
            f"{join_names(list(scenario.players))}.",
        )
    if set(given) == set(truth):
        return Mark(label, True, f"Right. {story}")
    said = join_names(list(truth)) or "nobody"
    verb = "win" if len(truth) > 1 else "wins"
    return Mark(label, False, f"Not quite: {said} {verb}. {story}")


def _amount_or_none(answer: str) -> Fraction | None:
    return read_amount(answer)


WRONG = {
    "share": "Each winner takes {truth}, not {given}.",
    "payment": "Each player who loses pays {truth}, not {given}.",
    "next_pot": "The next pot is {truth}, not {given}.",
    "reserve": "The reserve is {truth}, not {given}.",
}
WRONG_NOTHING = {
    "share": "Nobody takes anything here, not {given}.",
    "payment": "Nobody pays here, not {given}.",
}
RIGHT_NOTHING = {
    "share": "Right: nobody wins, so nobody takes anything.",
    "payment": "Right: nobody pays.",
}
WHAT = {
    "share": "what each winner takes",
    "payment": "what each player who loses pays",
    "next_pot": "the next pot",
    "reserve": "the reserve",
}


def _check_amount(
    field: str,
    answer: str,
    truth: Fraction,
    why: str,
    *,
    nothing: bool = False,
    also: Fraction | None = None,
) -> Mark:
    """One amount box: right, or what it should be and why. ``nothing``: nothing is paid
    or won here, so a box left empty or saying so is right; ``also``: a second reading of
    the question that is right too."""
    label = FIELDS[field]
    text = answer.strip().strip(".!").strip()
    if nothing and text.lower() in NOTHING:
        return Mark(label, True, RIGHT_NOTHING[field])
    if not truth and text.lower() in NOTHING:  # an empty box says an empty pot or reserve
        return Mark(label, True, f"Right: {WHAT[field]} is empty, 0.")
    if not text:
        return Mark(
            label, False, f"Write {WHAT[field]} as an amount, like 12 or 7/2: the box is empty."
        )
    value = read_amount(text)
    if value is None:
        shown_answer = answer.strip()[:40]
        return Mark(
            label,
            False,
            f'Write {WHAT[field]} as an amount, like 12, 7/2 or 3 1/2 (got "{shown_answer}").',
        )
    if value == truth:
        return Mark(label, True, f"Right: {format_amount(truth)}.")
    if also is not None and value == also:
        return Mark(
            label,
            True,
            f"Right: the pot is empty once the deal is settled ({format_amount(truth)}), and the "
            f"next deal opens with everyone's ante, {format_amount(also)}.",
        )
    wrong = (WRONG_NOTHING if nothing else WRONG)[field].format(
        truth=format_amount(truth), given=format_amount(value)
    )
    if "." in text and abs(value - truth) < Fraction(1, 20):
        wrong += (
            f" {text} is close to {format_amount(truth)}, but not exactly it: the amounts are "
            f"exact, so write {format_amount(truth)}"
            + (f" or {truth.numerator}/{truth.denominator}." if truth.denominator > 1 else ".")
        )
    return Mark(label, False, f"{wrong} {why}".strip())


def _why_payment(record: DealRecord, given: Fraction | None = None) -> str:
    """Why the payment is what it is, aimed at the mistake ``given`` makes."""
    stake = record.pot_before
    if not record.payers:
        if not record.ins:
            return "Nobody was in, so nobody pays: the pot stays for the next deal."
        if len(record.ins) == 1:
            return "Only one player was in: they take the pot, and nobody pays."
        return "Everyone who was in tied for the best hand, so nobody pays."
    payers = len(record.payers)
    if given is not None and payers > 1 and given == stake * payers:
        return (
            f"{format_amount(given)} is all the payments together: each player who loses pays "
            f"the pot once, {format_amount(stake)}."
        )
    if given is not None and given == stake * 2 and record.settlement.payment == stake:
        return (
            f"Each player who loses pays the same as the pot before the showdown, "
            f"{format_amount(stake)}: the pot itself, not twice it."
        )
    if given is not None and payers > 1 and given * payers == stake:
        return (
            f"Each player who was in and lost pays the whole pot before the showdown, "
            f"{format_amount(stake)}; it is not divided among the losers."
        )
    return (
        f"Each player who was in and lost pays the whole pot before the showdown, "
        f"{format_amount(stake)}."
    )


def _why_share(record: DealRecord) -> str:
    share = record.settlement.share
    if not record.winners:
        return "Nobody wins this pot, so nobody takes a share."
    if len(record.winners) == 1:
        return f"{record.winners[0]} takes the whole pot, {format_amount(share)}."
    return (
        f"The tied winners share the pot of {format_amount(record.pot_before)} equally: "
        f"{format_amount(share)} each, as an exact fraction."
    )


POT_STEPS: tuple[StepKind, ...] = (
    "nobody_in",
    "uncontested",
    "payments",
    "cap",
    "refill",
    "cycle_end",
)
"""The steps of a deal that say where the next pot comes from."""


def _why_pot(scenario: Scenario, steps: Mapping[StepKind, str], given: Fraction | None) -> str:
    record, rules = scenario.record, scenario.rules
    parts = [steps[k] for k in POT_STEPS if k in steps]
    antes = rules.ante * len(scenario.players)
    if not record.ins and given is not None:
        if not rules.reante_when_nobody_in and given == record.pot_after + antes:
            parts.append("Nobody antes again when nobody is in: the pot just stays as it was.")
        elif rules.reante_when_nobody_in and given == record.pot_before:
            parts.append("Under these rules everyone antes again when nobody is in.")
    if record.payers and record.winners:
        over = record.settlement.overflow and given is not None and given > record.pot_after
        parts.append(
            "The pot never goes over the cap: the rest waits in the reserve."
            if over
            else "The prize has already left the pot: only the payments form the next one."
        )
    return " ".join(parts)


def _why_reserve(scenario: Scenario, steps: Mapping[StepKind, str]) -> str:
    record = scenario.record
    if "cap" in steps or "refill" in steps:
        return " ".join(steps[k] for k in ("cap", "refill") if k in steps)
    if scenario.rules.cap is None:
        return "There is no cap, so nothing goes to the reserve."
    return (
        f"Nothing went over the cap, so the reserve stays at {format_amount(record.reserve_after)}."
    )
