"""Rule codes cite the package's readings for teachers; a learner's screen leaves them out
(issue 23, item 7: "(R5)" and "R3:" are words a fourteen-year-old does not follow)."""

from guts_teach.lessons.words import CODE, codes_in, plain
from guts_teach.widgets.parts.codes import coded


def test_codes_in_brackets_or_opening_a_sentence_are_left_out_and_the_sentence_kept():
    assert plain("Nobody is in: the pot stays (R3).") == "Nobody is in: the pot stays."
    assert (
        plain("In turn: Ann in, Ben out (V1, V5). R3: redeal.")
        == "In turn: Ann in, Ben out. Redeal."
    )
    assert coded("<b>the pot</b> & more (R6)") == (
        '<div class="guts-text">&lt;b&gt;the pot&lt;/b&gt; &amp; more</div>'
    )
    assert codes_in("R5 and V3, then R5 again") == ["R5", "V3"]  # still known, for teachers


def test_the_shelby_story_the_stepper_and_the_quiz_show_no_code():
    from guts_teach.lessons.examples import EXAMPLES
    from guts_teach.widgets import ExampleStepper, SettlementQuiz, ShelbyTable

    table = ShelbyTable(seed=4)
    table.deal_button.click()
    assert table.story.value and not CODE.search(table.story.value)
    for item in EXAMPLES:
        stepper = ExampleStepper(item)
        while True:
            assert not CODE.search(stepper.explanation.value), stepper.explanation.value
            if stepper.stepper.at_end:
                break
            stepper.next_button.click()
    quiz = SettlementQuiz(seed=7)
    quiz.check_button.click()
    assert quiz.feedback.value and not CODE.search(quiz.feedback.value)
