"""The lesson's switch between the two readings of nobody in, and the
documents' words quoted beside every worked example's stepper (item 5)."""

import html

from guts_teach.lessons.examples import EXAMPLES, LESSON_EXAMPLES
from guts_teach.widgets import ExampleStepper, nobody_in_switch


def test_every_stepper_quotes_its_documents_passage_and_names_the_document():
    for item in (*EXAMPLES, *LESSON_EXAMPLES):
        header = "".join(
            str(child.value) for child in ExampleStepper(item).children if hasattr(child, "value")
        )
        assert html.escape(item.quote) in header
        assert item.cited in header


def test_one_switch_shows_nobody_in_both_ways_at_the_same_step():
    switch = nobody_in_switch()
    stays = switch.shown
    assert stays.title == "Nobody in: the pot stays"
    while stays.stepper.current.step.kind != "nobody_in":
        stays.next_button.click()
    assert stays.status_text().endswith("Pot 4 · Reserve 0")
    switch.toggle.value = 1  # what a click on the other button does
    antes = switch.shown
    assert antes.title == "Nobody in: everyone antes again"
    assert switch.holder.children == (antes,)
    assert antes.index == stays.index
    assert antes.stepper.current.step.kind == "nobody_in"
    assert antes.status_text().endswith("Pot 8 · Reserve 0")
    assert "everyone antes 1 chip again; the pot is 8" in antes.explanation.value
    switch.toggle.value = 0
    assert switch.shown is stays and stays.status_text().endswith("Pot 4 · Reserve 0")
    assert "[Two readings of a rule" in repr(switch)
