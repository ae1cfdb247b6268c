"""Stepping back and forth through examples is exact; the status line has the right form."""

from conftest import SIX_COUNTER_STATUS

from guts_teach.lessons.examples import EXAMPLES, example
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
