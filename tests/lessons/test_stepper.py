"""Stepping back and forth through examples is exact; the status line has the right form."""

import random

import pytest
from support.documents import SIX_COUNTER_STATUS

from guts_teach.game.cards.deck import Deck
from guts_teach.game.play.session import Session
from guts_teach.game.rules import classic, teaching
from guts_teach.lessons.examples import EXAMPLES, LESSON_EXAMPLES, example
from guts_teach.lessons.stepper import Stepper


def test_status_line_at_every_step_of_the_six_counter_example():
    stepper = Stepper.of_example(example("six-counter"))
    seen = [stepper.status()]
    while not stepper.at_end:
        stepper.forward()
        seen.append(stepper.status())
    assert seen == SIX_COUNTER_STATUS


def test_back_and_forth_is_exact_for_every_example():
    for item in EXAMPLES:
        stepper = Stepper.of_example(item)
        forward = []
        while True:
            forward.append((stepper.status(), stepper.current.step.text))
            if stepper.at_end:
                break
            stepper.forward()
        backward = []
        while True:
            backward.append((stepper.status(), stepper.current.step.text))
            if stepper.at_start:
                break
            stepper.back()
        assert backward == forward[::-1]


def test_moves_stop_at_the_ends_and_restart():
    stepper = Stepper.of_example(example("limit-100"))
    stepper.back()
    assert stepper.index == 0
    for _ in range(50):
        stepper.forward()
    assert stepper.at_end and stepper.status() == "Step 13 of 13 · Pot 100 · Reserve 40"
    stepper.restart()
    assert stepper.status() == "Step 1 of 13 · Pot 80 · Reserve 0"


def test_fractions_show_in_the_exact_format():
    from guts_teach import Session

    table = Session(["A", "B", "C", "D"], pot=20)
    table.play(["A", "B", "C", "D"], winners=["A", "B", "C"])
    stepper = Stepper(table)
    texts = []
    while not stepper.at_end:
        stepper.forward()
        texts.append(stepper.current.step.text)
    assert any("6 2/3 each" in t for t in texts)


# ------------------------------------------------------------------ pictures agree with words


def played(seed, profile):
    """A session of ten random deals with cards, each with a random set of players in."""
    rng = random.Random(seed)
    players = ("Ana", "Ben", "Cleo", "Dev")
    table = Session(players, rules=profile(), pot=rng.randint(2, 20))
    for _ in range(10):
        dealt = Deck(rng).deal(len(players), 2)
        hands = {p: " ".join(map(str, c)) for p, c in zip(players, dealt, strict=True)}
        table.play([p for p in players if rng.random() < 0.45], hands=hands)
    return table


def frames_of_everything():
    for item in (*EXAMPLES, *LESSON_EXAMPLES):
        yield item.name, Stepper.of_example(item)
    for seed in range(12):
        yield f"seed {seed}", Stepper(played(seed, teaching if seed % 2 else classic))


@pytest.mark.parametrize(("name", "stepper"), list(frames_of_everything()))
def test_cards_are_face_up_exactly_when_a_step_has_shown_them(name, stepper):
    """ "A, B, C and D show their cards" over four face-down hands, and a lone winner who
    "takes the pot without showing cards" whose cards the next picture showed: never again."""
    shown_in_deal: dict[int, bool] = {}
    for frame in stepper.frames:
        step, scene = frame.step, frame.scene
        if "show their cards" in step.text or "shows their cards" in step.text:
            shown_in_deal[step.deal] = True
            ins = [p for p, up in scene.declared.items() if up]
            assert ins and set(ins) <= set(scene.hands), (name, step.text)
            assert set(ins) <= scene.face_up, (name, step.text)
        before_any_showing = step.kind in ("dealer", "deal", "reveal", "start", "ante")
        if before_any_showing or not shown_in_deal.get(step.deal):
            assert not scene.face_up, (name, step.kind, step.text)


@pytest.mark.parametrize("name", ["cap-reserve", "limit-100"])
def test_a_pot_over_the_cap_is_drawn_as_paid_in_then_split(name):
    stepper = Stepper.of_example(example(name))
    cap = stepper.session.rules.cap
    for index, frame in enumerate(stepper.frames):
        stepper.index = index
        status = stepper.status()
        if frame.step.pot > cap:  # only while the payments wait to be split
            assert frame.step.kind == "payments"
            assert frame.scene.pot_label == "Paid in" and status.startswith(
                f"Step {index + 1} of {len(stepper.frames)} · Paid in "
            )
            assert "(over the" in status and "Pot " not in status
            following = stepper.frames[index + 1]
            assert following.step.kind == "cap" and following.step.pot == cap
            assert "the next pot is kept at" in following.step.text
        else:
            assert frame.scene.pot_label == "Pot" and "Paid in" not in status
