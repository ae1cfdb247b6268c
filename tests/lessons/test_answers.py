"""Every right answer marked right, in every form a learner writes it, for every question of the
settlement quiz (each situation, each box), and the wrong ones marked wrong with words that
say why: a decimal that is not the amount, a name not at the table, another player."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from support.number_words import WORDS

from guts_teach.game.money import format_amount
from guts_teach.lessons.answers import read_amount
from guts_teach.lessons.quiz import SITUATIONS, _check_amount, check, make_scenario

PARTS = {2: "half", 3: "thirds", 4: "quarters"}


def forms(amount: Fraction) -> list[str]:
    """The ways a learner writes ``amount`` exactly (written here independently of the
    package's reader)."""
    whole, rest = divmod(amount, 1)
    written = [format_amount(amount), f"{amount.numerator}/{amount.denominator}"]
    written += [f"{format_amount(amount)} counters", f"  {format_amount(amount)} CHIPS  "]
    if amount.denominator in (1, 2, 4, 5, 8, 10):  # an exact decimal
        written.append(f"{float(amount):.2f}")
        written.append(f"{float(amount):g}")
    if amount.denominator == 1:
        written.append(f"{amount.numerator}.0")
        if 0 <= amount <= 20:
            written += [WORDS[amount.numerator], WORDS[amount.numerator].capitalize() + " counters"]
    elif 0 < whole <= 20 and rest.denominator in PARTS:
        part = PARTS[rest.denominator]
        if rest.numerator == 1:
            part = part.removesuffix("s") if part != "half" else "half"
            written.append(f"{WORDS[int(whole)]} and a {part}")
        else:
            written.append(f"{WORDS[int(whole)]} and {WORDS[rest.numerator]} {part}")
    return written


def right_answers(scenario) -> dict[str, str]:
    record = scenario.record
    return {
        "winners": " ".join(record.winners) or "nobody",
        "share": format_amount(record.settlement.share) if record.winners else "",
        "payment": format_amount(record.settlement.payment) if record.payers else "",
        "next_pot": format_amount(record.pot_after),
        "reserve": format_amount(record.reserve_after),
    }


SCENARIOS = [
    make_scenario(random.Random(seed), situation=situation)
    for situation in SITUATIONS
    for seed in range(6)
]


def marks_for(scenario, **given: str) -> dict[str, bool]:
    answers = {**right_answers(scenario), **given}
    return {mark.field: mark.correct for mark in check(scenario, **answers)}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.situation)
@pytest.mark.parametrize("box", ["share", "payment", "next_pot", "reserve"])
def test_every_exact_form_of_the_right_amount_is_right(scenario, box):
    record = scenario.record
    truth = {
        "share": record.settlement.share,
        "payment": record.settlement.payment,
        "next_pot": record.pot_after,
        "reserve": record.reserve_after,
    }[box]
    nothing = {
        "share": not record.winners,
        "payment": not record.payers,
    }.get(box, False)
    written = ["", "0", "zero", "none", "nothing", "No one"] if nothing or not truth else []
    if not nothing:
        written += forms(truth)
    for answer in written:
        assert all(marks_for(scenario, **{box: answer}).values()), (box, answer, truth)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.situation)
def test_a_wrong_amount_is_wrong_and_a_near_decimal_is_told_it_is_not_exact(scenario):
    record = scenario.record
    truth = record.pot_after
    marks = check(scenario, **{**right_answers(scenario), "next_pot": format_amount(truth + 1)})
    assert not marks[-2].correct and f"The next pot is {format_amount(truth)}" in marks[-2].message
    # the quiz's ties are of two; a split pot of 20 among three is the lessons' example
    mark = _check_amount("share", "6.67", Fraction(20, 3), "")
    assert not mark.correct and mark.message.startswith("Each winner takes 6 2/3, not 6 67/100.")
    assert "6.67 is close to 6 2/3, but not exactly it" in mark.message
    assert "write 6 2/3 or 20/3" in mark.message


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.situation)
def test_names_are_read_with_the_words_a_sentence_puts_around_them(scenario):
    winners = list(scenario.record.winners)
    if winners:
        said = [
            " and ".join(winners) + (" wins" if len(winners) == 1 else " win"),
            " & ".join(w.lower() for w in winners) + " share the pot.",
            ", ".join(w.upper() for w in winners),
        ]
    else:
        said = ["nobody", "Nobody wins.", "no one", "No-one", ""]
    for answer in said:
        assert marks_for(scenario, winners=answer)["Who wins"], answer
    stranger = check(scenario, **{**right_answers(scenario), "winners": "Zed wins"})[0]
    assert not stranger.correct and stranger.message.startswith("Zed is not at this table")
    others = [p for p in scenario.players if p not in winners]
    if others:
        wrong = check(scenario, **{**right_answers(scenario), "winners": f"{others[0]} wins"})[0]
        said_truth = " and ".join(winners) or "nobody"
        verb = "win" if len(winners) > 1 else "wins"
        assert not wrong.correct and f"Not quite: {said_truth}" in wrong.message
        assert f" {verb}." in wrong.message  # "nobody wins", never "nobody win"
    if winners:  # "nobody" where somebody wins: told who wins, not that Nobody is a stranger
        for answer in ("nobody", "Nobody wins.", "no one"):
            wrong = check(scenario, **{**right_answers(scenario), "winners": answer})[0]
            assert not wrong.correct, answer
            told = wrong.message.startswith("Not quite: ") and "not at this table" not in (
                wrong.message
            )
            assert told and all(w in wrong.message for w in winners), (answer, wrong.message)


@pytest.mark.parametrize(
    ("typed", "amount"),
    [
        ("6.0", Fraction(6)),
        ("7.5", Fraction(15, 2)),
        ("two", Fraction(2)),
        ("Zero", Fraction(0)),
        ("15 counters", Fraction(15)),
        ("twenty-one", Fraction(21)),
        ("six and two thirds", Fraction(20, 3)),
        ("6 2/3 chips", Fraction(20, 3)),
        ("-3.25", Fraction(-13, 4)),
        ("6.67", Fraction(667, 100)),  # what it says, exactly: not 6 2/3
        ("a half", Fraction(1, 2)),
        ("lots", None),
        ("1." + "9" * 40, None),  # bounded: no amount of 40 decimals
        ("x" * 10_000, None),
    ],
)
def test_amounts_are_read_as_a_learner_means_them(typed, amount):
    assert read_amount(typed) == amount
