"""The worked examples as objects: every step, every number, and their status lines."""

import re
from fractions import Fraction

import pytest
from support.documents import SIX_COUNTER_STATUS, seed_text

from guts_teach.lessons.examples import EXAMPLES, LESSON_EXAMPLES, UnknownExampleError, example
from guts_teach.lessons.stepper import Stepper
from guts_teach.pictures.svg import table_svg

ALL = (*EXAMPLES, *LESSON_EXAMPLES)
CARD_BACK = 'fill="#283593"'


def test_names_and_sources():
    assert [e.name for e in EXAMPLES] == ["six-counter", "cap-reserve", "limit-100", "ten-chip"]
    assert [e.name for e in LESSON_EXAMPLES] == [
        "three-way-tie",
        "nobody-in-stays",
        "nobody-in-antes",
    ]
    for item in ALL:
        assert item.source.startswith(("000_", "002_"))
        assert item.passages and item.quote == " ".join(item.passages)


@pytest.mark.parametrize("item", ALL, ids=[e.name for e in ALL])
def test_every_passage_quoted_beside_an_example_stands_word_for_word_in_its_document(
    item,
):
    document = " ".join(seed_text(item.source.split(",")[0]).split())
    for passage in item.passages:
        assert " ".join(passage.split()) in document, passage


def test_six_counter_says_why_12_not_18_and_that_d_adds_nothing():
    payments = next(s for s in example("six-counter").steps() if s.kind == "payments")
    assert "the next pot is 12, not 18: the previous prize has already left" in payments.text
    assert payments.text.endswith("D was out and adds nothing.")


def test_seed_000_examples_say_limit_and_chips_never_cap_or_counters():
    for name in ("limit-100", "ten-chip", "nobody-in-stays", "nobody-in-antes"):
        text = " ".join(s.text for s in example(name).steps())
        assert not re.search(r"\b(cap|counters?)\b", text), name
        assert "chips" in text
    cap = next(s for s in example("limit-100").steps() if s.kind == "cap")
    assert "more than the limit of 100" in cap.text
    for name in ("six-counter", "cap-reserve", "three-way-tie"):
        text = " ".join(s.text for s in example(name).steps())
        assert not re.search(r"\b(limit|chips?)\b", text), name
        assert "counters" in text


def test_limit_100_goes_on_until_the_reserve_forms_the_new_pot():
    steps = example("limit-100").steps()
    refill = next(s for s in steps if s.kind == "refill")
    assert refill.text == (
        "The pot is empty, so 100 chips from the reserve form the new pot instead of a fresh "
        "ante; the reserve holds 40."
    )
    assert (refill.pot, refill.reserve) == (100, 40)
    won = next(s for s in steps if s.kind == "uncontested")
    assert "takes the pot of 100 chips" in won.text


@pytest.mark.parametrize("item", ALL, ids=[e.name for e in ALL])
def test_cards_are_on_the_table_only_from_the_deal_until_the_deal_passes(item):
    for frame in Stepper.of_example(item).frames:
        picture = table_svg(frame.scene)
        on_table = CARD_BACK in picture or "♠</text>" in picture or "♥</text>" in picture
        assert on_table == (frame.step.kind not in ("start", "dealer")), frame.step.text
        if frame.step.kind == "dealer":
            assert frame.step.text.startswith("The cards are collected and the deal passes")


def test_three_way_tie_shares_20_as_6_2_3_each_on_paper():
    steps = example("three-way-tie").steps()
    award = next(s for s in steps if s.kind == "award")
    assert award.text == (
        "A, B and C tie for the best hand and share the pot of 20 counters: 6 2/3 each, "
        "written on paper; tied winners pay nothing."
    )
    assert award.balances == {
        "A": Fraction(20, 3),
        "B": Fraction(20, 3),
        "C": Fraction(20, 3),
        "D": 0,
    }
    assert steps[-1].balances["D"] == -20 and steps[-1].pot == 20


def test_nobody_in_both_ways():
    stays = example("nobody-in-stays").steps()
    antes = example("nobody-in-antes").steps()
    assert [s.pot for s in stays if s.kind == "nobody_in"] == [4]
    assert [s.pot for s in antes if s.kind == "nobody_in"] == [8]
    assert next(s for s in antes if s.kind == "nobody_in").balances == dict.fromkeys(
        ("Anna", "Ben", "Carla", "Dan"), 99
    )
    assert "dealt without a fresh ante" in next(s for s in stays if s.kind == "nobody_in").text


def test_six_counter_steps_and_status_lines():
    steps = example("six-counter").steps()
    statuses = [f"Step {i} of {len(steps)} · {s.status()}" for i, s in enumerate(steps, 1)]
    assert statuses == SIX_COUNTER_STATUS
    assert [s.kind for s in steps] == [
        "start",
        "deal",
        "reveal",
        "showdown",
        "award",
        "payments",
        "dealer",
    ]
    assert steps[3].text == (
        "A, B and C show their cards (the showdown). A's pair of queens beats C's pair of jacks "
        "and B's ace-king (Q-Q beats J-J: queens beat jacks)."
    )
    assert steps[4].balances == {"A": 6, "B": 0, "C": 0, "D": 0}
    assert steps[5].balances == {"A": 6, "B": -6, "C": -6, "D": 0}


def test_cap_reserve_steps_show_cap_then_refill():
    steps = example("cap-reserve").steps()
    cap = next(s for s in steps if s.kind == "cap")
    refill = next(s for s in steps if s.kind == "refill")
    assert (cap.pot, cap.reserve) == (20, 16)
    assert cap.text == (
        "That is 36, more than the cap of 20: the next pot is kept at 20 and the extra 16 counters "
        "move to the reserve, which now holds 16."
    )
    assert (refill.pot, refill.reserve) == (16, 0)
    assert "instead of a fresh ante" in refill.text
    assert not any(s.kind == "ante" for s in steps)


def test_limit_steps():
    steps = example("limit-100").steps()
    cap = next(s for s in steps if s.kind == "cap")
    assert (cap.pot, cap.reserve) == (100, 140)


def test_every_step_conserves_chips():
    for item in ALL:
        start = item.ledger.pot + item.ledger.reserve
        stack = item.ledger.rules.starting_stack or 0
        for step in item.steps():
            assert (
                sum(step.balances.values()) - stack * len(step.balances) + step.pot + step.reserve
                == start
            )


def test_unknown_example_lists_names():
    with pytest.raises(UnknownExampleError, match="six-counter, cap-reserve"):
        example("seven")
