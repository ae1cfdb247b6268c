"""The worked examples as objects: every step, every number, and their status lines."""

import pytest
from conftest import SIX_COUNTER_STATUS

from guts_teach.lessons.examples import EXAMPLES, UnknownExampleError, example


def test_names_and_sources():
    assert [e.name for e in EXAMPLES] == ["six-counter", "cap-reserve", "limit-100", "ten-chip"]
    for item in EXAMPLES:
        assert item.source.startswith(("000_", "002_"))
        assert item.quote


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
        "A, B and C show their cards. A's pair of queens beats C's pair of jacks and B's ace-king "
        "(Q-Q beats J-J: queens beat jacks)."
    )
    assert steps[4].balances == {"A": 6, "B": 0, "C": 0, "D": 0}
    assert steps[5].balances == {"A": 6, "B": -6, "C": -6, "D": 0}


def test_cap_reserve_steps_show_cap_then_refill():
    steps = example("cap-reserve").steps()
    cap = next(s for s in steps if s.kind == "cap")
    refill = next(s for s in steps if s.kind == "refill")
    assert (cap.pot, cap.reserve) == (20, 16)
    assert cap.text == (
        "That is 36, more than the cap of 20: the pot stays at 20 and 16 go to the reserve, "
        "which now holds 16."
    )
    assert (refill.pot, refill.reserve) == (16, 0)
    assert "instead of a fresh ante" in refill.text
    assert not any(s.kind == "ante" for s in steps)


def test_limit_steps():
    steps = example("limit-100").steps()
    cap = next(s for s in steps if s.kind == "cap")
    assert (cap.pot, cap.reserve) == (100, 140)


def test_every_step_conserves_chips():
    for item in EXAMPLES:
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
