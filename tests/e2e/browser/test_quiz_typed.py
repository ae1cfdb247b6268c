"""The settlement quiz of notebook 02 answered in JupyterLab as learners type (issue 41).

Every question's right answers are worked out here by the package's rules engine for the
notebook's seeded quiz (``SettlementQuiz(seed=7)``), and typed into the boxes in the forms a
learner writes them. Like test_browser.py, these need Chromium, JupyterLab and Playwright: they
skip locally when one is missing and fail in CI.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from support.browser import (
    ALL_RUN,
    SHOW_SLIDE_OF,
    TIMEOUT,
    expect,
    lab_page,
    opened,
    save_screenshot,
    stripped_copy,
)
from support.number_words import WORDS

from guts_teach.game.rules import teaching
from guts_teach.jupyter import launch, ports
from guts_teach.lessons.quiz import FIELDS, Scenario, make_scenario

NOTEBOOK = "02_try_hands.ipynb"
SEED = 7  # the notebook's SettlementQuiz(seed=7)


def questions(count: int) -> list[Scenario]:
    """The notebook quiz's first ``count`` questions, as its seeded generator deals them."""
    rng = random.Random(SEED)
    return [make_scenario(rng, teaching()) for _ in range(count)]


def amount(text: str) -> Fraction | None:
    """``"7"``, ``"20/3"`` or ``"6 2/3"`` as an amount; None for words such as "nothing"."""
    whole, _, part = text.partition(" ")
    try:
        return Fraction(whole) + (Fraction(part) if part else 0)
    except ValueError:
        return None


def written(name: str, answer: str, turn: int) -> str:
    """The right ``answer`` for box ``name`` in one of the forms a learner writes (the forms
    of issue 41 in turn: as the key writes it, a number word, a unit after the number, a
    decimal, the winners with their verb)."""
    if name == "winners":
        verb = "share the pot" if " and " in answer else "wins"
        return (answer, f"{answer} {verb}", answer.lower())[turn % 3]
    value = amount(answer)
    if value is None:
        return answer
    if turn % 4 == 1 and value.denominator == 1 and 0 <= value <= 20:
        return WORDS[value.numerator].capitalize()
    if turn % 4 == 2:
        return f"{answer} counters"
    if turn % 4 == 3 and value.denominator in (1, 2, 4, 5):
        return f"{float(value):.1f}"  # "6.0", "7.5"
    return answer


def spelt(name: str, answer: str) -> str:
    """The right ``answer`` in a form none of whose beginnings is itself right: a whole amount
    as a word ("twelve": "t", "tw", ... are no amount), the winners with their verb, anything
    else as the key writes it."""
    value = amount(answer)
    if value is not None and value.denominator == 1 and 0 <= value <= 20:
        return WORDS[value.numerator]
    if name == "winners" and answer != "nobody":
        return f"{answer.lower()} share the pot" if " and " in answer else f"{answer} wins"
    return answer


def box(quiz, name: str):
    """The quiz's answer box for ``name``, found by its label."""
    label = quiz.page.locator("label", has_text=FIELDS[name])
    return quiz.locator(".widget-text", has=label).locator("input")


def open_quiz(page):
    quiz = page.locator(".guts-panel", has_text="Settle the pot")
    quiz.wait_for(timeout=TIMEOUT)
    quiz.scroll_into_view_if_needed()
    return quiz


def next_question(quiz, scenario: Scenario) -> None:
    quiz.get_by_role("button", name="New question").click()
    expect(quiz).to_contain_text(scenario.question())


def test_the_notebooks_fourteen_questions_answered_right_score_fourteen(browser, tmp_path):
    """Issue 41's check as a teacher made it: the 14 questions of notebook 02 typed with only
    right answers, in the forms a learner writes them, score 14 of 14 (they scored 6 of 14)."""
    scenarios = questions(14)
    with lab_page(browser, tmp_path / "try", NOTEBOOK) as page:
        quiz = open_quiz(page)
        feedback = quiz.locator(".guts-feedback")
        for turn, scenario in enumerate(scenarios):
            if turn:
                next_question(quiz, scenario)
            expect(quiz).to_contain_text(scenario.question())
            typed = {n: written(n, a, turn) for n, a in scenario.answers().items()}
            for name, text in typed.items():
                box(quiz, name).fill(text)
            quiz.get_by_role("button", name="Check").click()
            expect(feedback).to_contain_text("5 of 5 right.", timeout=15_000)
            counted = f"Score: {turn + 1} of {turn + 1} question"
            assert counted in feedback.inner_text(), (typed, feedback.inner_text())
        expect(feedback).to_contain_text(
            "Score: 14 of 14 questions settled right at the first check"
        )


def test_check_marks_the_whole_value_typed_at_machine_speed(browser, tmp_path):
    """Check (or Enter) pressed the instant the last key is typed marks what the boxes hold,
    never a half-typed value: ten questions, every box typed key by key with no pause, then
    Check clicked (even tries) or Enter pressed (odd) at once. Each must be marked 5 of 5
    right; before, "5" was marked for "523" in 2 of 10 such tries."""
    scenarios = questions(10)
    with lab_page(browser, tmp_path / "try", NOTEBOOK) as page:
        quiz = open_quiz(page)
        feedback = quiz.locator(".guts-feedback")
        check = quiz.get_by_role("button", name="Check")
        marked = []
        for turn, scenario in enumerate(scenarios):
            if turn:
                next_question(quiz, scenario)
            typed = {n: spelt(n, a) for n, a in scenario.answers().items()}
            for name, text in typed.items():
                box(quiz, name).click()
                page.keyboard.type(text)  # no delay between keys
            pressed = "Enter" if turn % 2 else "Check"
            if pressed == "Enter":
                page.keyboard.press("Enter")
            else:
                check.click()
            expect(feedback).to_contain_text("right.", timeout=15_000)
            marked.append((pressed, typed, feedback.inner_text().split("\n")[0]))
        wrong = [m for m in marked if not m[2].startswith("5 of 5 right.")]
        assert wrong == [], f"{len(wrong)} of 10 marked on a half-typed value: {wrong}"


SLIDE_BAR_AND_MARKS = """(marks) => {
    const box = marks.getBoundingClientRect();
    const bar = document.getElementById('guts-slide-bar').getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, barTop: bar.top, height: window.innerHeight };
}"""


@pytest.mark.parametrize("notebook", [launch.LESSON, NOTEBOOK])
def test_the_quizs_marks_come_into_view_on_a_presented_slide(browser, tmp_path, notebook):
    """Projected (``guts-teach present``) at 1280x720 and 1024x768, with the quiz's slide
    shown as the slides show it (from its top), the boxes answered and Check pressed: the
    marks are on the screen, whole and above the slide bar, with nobody scrolling (they ended
    289 to 804 px below what the projector showed)."""
    workdir = stripped_copy(tmp_path / "present")
    port = ports.free_port()
    server = launch.voila_server(workdir, port=port, notebook=notebook)
    with opened(browser, server, port, 1280, 720) as page:
        page.locator(".guts-slide.guts-current").wait_for(timeout=TIMEOUT)
        page.wait_for_function(ALL_RUN, timeout=TIMEOUT)
        page.wait_for_function("() => window.gutsTeachAccess === true")
        page.locator(".guts-feedback").wait_for(state="attached", timeout=TIMEOUT)
        where = []
        for width, height in ((1280, 720), (1024, 768)):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => { window.location.hash = '#1'; }")
            assert page.evaluate(SHOW_SLIDE_OF, ".guts-feedback") > 0  # the quiz's slide
            quiz = page.locator(".guts-slide.guts-current .guts-panel", has_text="Settle the pot")
            quiz.wait_for(state="visible")
            marks = quiz.locator(".guts-feedback")
            if width != 1280:
                quiz.get_by_role("button", name="New question").click()
                expect(marks).to_have_text("")
            page.wait_for_timeout(300)
            box(quiz, "winners").fill("nobody")  # as a learner types: the page does not move
            quiz.get_by_role("button", name="Check").click()
            expect(marks).to_contain_text("right.")
            page.wait_for_timeout(600)  # the scroll settles
            seen = marks.evaluate(SLIDE_BAR_AND_MARKS)
            where.append(((width, height), seen))
            save_screenshot(page, f"slide-quiz-marks-{notebook[:2]}-{width}x{height}.png")
        hidden = [
            (
                size,
                f"marks from {s['top']:.0f} to {s['bottom']:.0f} px, the bar at {s['barTop']:.0f}",
            )
            for size, s in where
            if s["top"] < 0 or s["bottom"] > s["barTop"]
        ]
        assert hidden == [], hidden
