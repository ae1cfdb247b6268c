"""The settlement quiz: seeded scenarios, marks that agree with the engine, explanations."""

import random

import pytest

from guts_teach.game.money import format_amount
from guts_teach.game.rules import classic, teaching
from guts_teach.lessons.quiz import FIELDS, SITUATIONS, check, make_scenario


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
    a, b = (make_scenario(random.Random(5), situation="showdown") for _ in range(2))
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
    assert not junk.correct and 'like 12, 7/2 or 3 1/2 (got "lots")' in junk.message
    stranger = check(s, **{**answers, "winners": "Zed"})[0]
    assert "Zed is not at this table" in stranger.message


def test_wrong_winner_explains_with_the_showdown():
    s = make_scenario(random.Random(3), situation="showdown")
    loser = next(p for p in s.ins if p not in s.record.winners)
    mark = check(s, **{**right_answers(s), "winners": loser})[0]
    assert not mark.correct and "show their cards" in mark.message


# ------------------------------------------------------------------ issue 14, item 10


def test_the_quiz_asks_about_every_situation_the_rules_produce():
    kinds = set()
    for seed in range(60):
        r = make_scenario(random.Random(seed)).record
        kinds.add("nobody in" if not r.ins else "one in" if len(r.ins) == 1 else "showdown")
        kinds |= {"tie"} if len(r.winners) > 1 and r.settlement.share.denominator > 1 else set()
        kinds |= {"cap"} if r.settlement.overflow else set()
        kinds |= {"refill"} if r.settlement.refill else set()
    assert kinds == {"nobody in", "one in", "showdown", "tie", "cap", "refill"}


@pytest.mark.parametrize("situation", SITUATIONS)
def test_each_situation_is_what_it_says(situation):
    r = make_scenario(random.Random(7), situation=situation).record
    assert {
        "nobody in": not r.ins,
        "one in": len(r.ins) == 1,
        "showdown": len(r.ins) >= 2,
        "tie": len(r.winners) == 2 and r.settlement.share.denominator == 2,
        "cap": r.settlement.overflow > 0,
        "refill": r.settlement.refill > 0,
    }[situation]


def test_the_tied_winners_share_is_asked_and_explained():
    s = make_scenario(random.Random(2), situation="tie")
    share = s.record.settlement.share
    answers = {**right_answers(s), "share": format_amount(share)}
    assert all(m.correct for m in check(s, **answers))
    wrong = check(s, **{**answers, "share": format_amount(s.record.pot_before)})[1]
    assert not wrong.correct and "share the pot" in wrong.message
    assert f"{format_amount(share)} each, as an exact fraction." in wrong.message


def test_names_are_matched_without_case_or_punctuation_and_nobody_is_an_answer():
    s = make_scenario(random.Random(4), situation="showdown")
    winner = s.record.winners[0]
    assert check(s, **{**right_answers(s), "winners": f" {winner.lower()}. "})[0].correct
    nobody = make_scenario(random.Random(4), situation="nobody in")
    for said in ("nobody", "Nobody.", "none", ""):
        assert check(nobody, **{**right_answers(nobody), "winners": said})[0].correct
    ghost_rules = teaching().replace(ghost_hand=True)
    for seed in range(200):
        g = make_scenario(random.Random(seed), ghost_rules, situation="showdown")
        if g.record.kind == "ghost_wins":
            break
    for said in ("ghost", "the ghost", "nobody"):
        mark = check(g, **{**right_answers(g), "winners": said})[0]
        assert mark.correct and "ghost hand is best" in mark.message


def test_doubling_the_pot_is_told_as_such_not_as_dividing_it():
    for seed in range(200):
        s = make_scenario(random.Random(seed), situation="showdown")
        if len(s.record.payers) == 1:
            break
    stake = s.record.pot_before
    doubled = check(s, **{**right_answers(s), "payment": format_amount(2 * stake)})[1]
    assert not doubled.correct and "not twice it" in doubled.message
    assert "divided" not in doubled.message


# ------------------------------------------------------------------ fair marking

CASES = [
    (situation, profile, seed)
    for situation in SITUATIONS
    for profile in (teaching, classic)
    for seed in range(8)
]


@pytest.mark.parametrize(("situation", "profile", "seed"), CASES)
def test_where_nothing_is_paid_or_won_empty_0_and_none_are_right(situation, profile, seed):
    """A learner leaves "Each loser pays" empty when nobody pays: that is right, as are 0,
    "none" and "nothing" (three of six right answers were once marked wrong)."""
    s = make_scenario(random.Random(seed), profile(), situation=situation)
    answers = s.answers()
    assert all(m.correct for m in check(s, **answers)), answers
    r = s.record
    for said in ("", "0", "none", "Nothing.", " nobody "):
        if not r.payers:
            assert check(s, **{**answers, "payment": said})[2].correct, said
        if not r.winners:
            assert check(s, **{**answers, "share": said})[1].correct, said
    if r.payers:  # where someone does pay, an empty box is not an answer
        empty = check(s, **{**answers, "payment": ""})[2]
        assert not empty.correct and "the box is empty" in empty.message


@pytest.mark.parametrize(("situation", "profile", "seed"), CASES)
def test_every_mistake_is_told_with_its_why_in_the_boxes_words(situation, profile, seed):
    s = make_scenario(random.Random(seed), profile(), situation=situation)
    answers = s.answers()
    for field in ("share", "payment", "next_pot", "reserve"):
        marks = check(s, **{**answers, field: "999"})
        wrong = [m for m in marks if not m.correct]
        assert [m.field for m in wrong] == [FIELDS[field]]
        _, _, why = wrong[0].message.partition(", not 999. ")
        assert why.strip(), f"{field}: no why in {wrong[0].message!r}"
    assert {m.field for m in check(s, **answers)} == set(FIELDS.values())


def test_nobody_in_reads_in_nobody_and_a_lone_players_cards_stay_hidden():
    nobody = make_scenario(random.Random(3), situation="nobody in")
    assert "In: nobody." in nobody.question()
    alone = make_scenario(random.Random(3), situation="one in")
    (player,) = alone.ins
    assert f"In: {player} alone (so nobody sees the cards)." in alone.question()
    assert str(alone.hands[player]) not in alone.question()


def test_the_reante_mistake_is_told_why():
    """Nobody in: the learner adds everyone's ante to the pot; the pot only stays."""
    s = make_scenario(random.Random(5), teaching(), situation="nobody in")
    antes = s.rules.ante * len(s.players)
    mark = check(s, **{**s.answers(), "next_pot": format_amount(s.record.pot_after + antes)})[3]
    assert not mark.correct
    assert "Nobody antes again when nobody is in: the pot just stays as it was." in mark.message


def test_an_emptied_pot_may_be_read_as_the_next_deals_antes():
    """After a lone winner empties pot and reserve, "the next pot" is 0 once settled, or
    everyone's fresh ante: both readings are right, and the mark says which is which."""
    for seed in range(50):
        s = make_scenario(random.Random(seed), teaching(), situation="one in")
        if not s.record.reserve_after and not s.record.pot_after:
            break
    antes = format_amount(s.rules.ante * len(s.players))
    for said in ("0", antes):
        mark = check(s, **{**s.answers(), "next_pot": said})[3]
        assert mark.correct, said
    assert "opens with everyone's ante" in check(s, **{**s.answers(), "next_pot": antes})[3].message
