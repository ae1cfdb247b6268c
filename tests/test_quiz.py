"""The settlement quiz: seeded scenarios, marks that agree with the engine, explanations."""

import random

import pytest

from guts_teach.game.money import format_amount
from guts_teach.game.rules import classic, teaching
from guts_teach.lessons.quiz import check, make_scenario


def right_answers(s):
    r = s.record
    return {
        "winners": " ".join(r.winners),
        "payment": format_amount(r.settlement.payment),
        "next_pot": format_amount(r.pot_after),
        "reserve": format_amount(r.reserve_after),
    }


@pytest.mark.parametrize("seed", range(30))
def test_right_answers_are_marked_right(seed):
    scenario = make_scenario(random.Random(seed), classic() if seed % 2 else teaching())
    assert all(m.correct for m in check(scenario, **right_answers(scenario)))


def test_scenarios_are_seeded():
    a, b = make_scenario(random.Random(5)), make_scenario(random.Random(5))
    assert a.question() == b.question()
    assert len(a.ins) >= 2


def test_common_mistakes_are_explained():
    # Find a scenario with a winner and two payers under the cap.
    for seed in range(200):
        s = make_scenario(random.Random(seed))
        if len(s.record.payers) == 2 and s.record.winners and not s.record.settlement.overflow:
            break
    answers = right_answers(s)
    stake = s.record.pot_before
    divided = check(s, **{**answers, "payment": format_amount(stake / 2)})[1]
    assert not divided.correct and "not divided among the losers" in divided.message
    kept = check(s, **{**answers, "next_pot": format_amount(stake + 2 * stake)})[2]
    assert not kept.correct and "The prize has already left the pot" in kept.message
    junk = check(s, **{**answers, "reserve": "lots"})[3]
    assert not junk.correct and 'like 12 or 7/2 (got "lots")' in junk.message
    stranger = check(s, **{**answers, "winners": "Zed"})[0]
    assert "Zed is not at this table" in stranger.message


def test_wrong_winner_explains_with_the_showdown():
    s = make_scenario(random.Random(3))
    loser = next(p for p in s.ins if p not in s.record.winners)
    mark = check(s, **{**right_answers(s), "winners": loser})[0]
    assert not mark.correct and "show their cards" in mark.message
