"""The widgets' side of the lessons' checks: a widget given an argument of the wrong kind
answers with the package's own error naming it; the quiz reports each question's first check
to the teacher once; and what a learner's screen shows carries no rule code. (The core's side
of each is in tests/hostile_input/ and tests/lessons/, which run with no extra installed.)"""

from __future__ import annotations

import pytest
from support.wrong_types import refused_as_a_type_error

from guts_teach import widgets
from guts_teach.game.errors import GutsError, RulesError
from guts_teach.lessons.examples import EXAMPLES
from guts_teach.lessons.progress import QuizResult
from guts_teach.lessons.words import CODE

WRONG_TYPES = [
    (
        'ExampleStepper("six-counter")',
        lambda: widgets.ExampleStepper("six-counter"),
        "source must be a worked example",
    ),
    (
        'GutsTable(seed="s")',
        lambda: widgets.GutsTable(bots=2, seed="s"),
        "seed must be a whole number",
    ),
    ("GutsTable(bots=12)", lambda: widgets.GutsTable(bots=12), "bots must be a whole number"),
    (
        'OddsExplorer(players="x")',
        lambda: widgets.OddsExplorer(players="x"),
        "players must be a whole number from 2 to 10",
    ),
]


@pytest.mark.parametrize(
    ("label", "call", "expected"), WRONG_TYPES, ids=[w[0] for w in WRONG_TYPES]
)
def test_a_wrong_type_is_an_argument_error_and_a_type_error_naming_it(label, call, expected):
    refused_as_a_type_error(label, call, expected)


@pytest.mark.parametrize(
    ("name", "kwargs"),
    [("HandComparer", {"rules": "x"}), ("SettlementQuiz", {"rules": "teaching"})],
)
def test_widget_rules_of_the_wrong_kind_are_the_packages_rules_error(name, kwargs):
    with pytest.raises(RulesError, match=r"^rules must be a Rules, such as teaching\(\)"):
        getattr(widgets, name)(**kwargs)


def test_shelbys_bots_given_as_text_are_the_packages_error_naming_them():
    with pytest.raises(GutsError, match=r"bots must be a whole number from 1 to 9; got 'x'"):
        widgets.ShelbyTable(bots="x")


def quiz(reports):
    return widgets.SettlementQuiz(seed=4, report=reports.append)


def fill(widget, answers):
    for name, value in answers.items():
        getattr(widget, name).value = value


def test_the_first_check_is_reported_once_with_the_questions_situation():
    reports = []
    widget = quiz(reports)
    widget.mark()  # every box empty: wrong
    fill(widget, widget.scenario.answers())
    widget.mark()  # right now, but not at the first check
    assert reports == [QuizResult(1, widget.scenario.situation, right=False)]
    widget.new_question()
    fill(widget, widget.scenario.answers())
    widget.mark()
    assert reports[-1] == QuizResult(2, widget.scenario.situation, right=True)
    assert widget.score == 1 and len(reports) == 2


def test_answers_shown_are_reported_as_shown_not_right():
    reports = []
    widget = quiz(reports)
    widget.show_answer()
    widget.mark()  # the answers shown are right, but the question was not settled
    assert reports == [QuizResult(1, widget.scenario.situation, right=False, shown=True)]


def test_the_shelby_story_the_stepper_and_the_quiz_show_no_code():
    table = widgets.ShelbyTable(seed=4)
    table.deal_button.click()
    assert table.story.value and not CODE.search(table.story.value)
    for item in EXAMPLES:
        stepper = widgets.ExampleStepper(item)
        while True:
            assert not CODE.search(stepper.explanation.value), stepper.explanation.value
            if stepper.stepper.at_end:
                break
            stepper.next_button.click()
    quiz = widgets.SettlementQuiz(seed=7)
    quiz.check_button.click()
    assert quiz.feedback.value and not CODE.search(quiz.feedback.value)
