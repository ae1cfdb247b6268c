"""The settlement quiz widget: a seeded table before the showdown, four answers, feedback."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from ..classroom.progress_client import classroom_reporter
from ..game.arguments import rules_arg, whole_arg
from ..game.rules import Rules, teaching
from ..lessons.progress import QuizResult
from ..lessons.quiz import FIELDS, Mark, Scenario, check, make_scenario
from ..pictures.svg import table_pictures
from .parts.access import live
from .parts.codes import explained
from .parts.deck import deck_switch, follow_deck
from .parts.settled import Settled, SettledButton
from .parts.style import CSS, TextFallback, paragraph


class SettlementQuiz(TextFallback, widgets.VBox):  # type: ignore[misc]
    """Settle a random pot: who wins and what each winner takes, each loser's payment, the
    next pot and the reserve. Questions cover every situation (nobody in, one in, a tie with a
    fractional share, the cap, a refill from the reserve); answers can be checked again after
    a correction (Enter in any box checks), and ``score`` counts the questions settled right
    at the first check. "Show the answer" fills in the answers with why, for a class; a
    question shown so is not counted (``shown`` counts them)."""

    fallback_title = "The settlement quiz"

    rules = traitlets.Instance(Rules)
    seed = traitlets.Int(1)
    four_colour = traitlets.Bool(False)

    def __init__(
        self,
        seed: int = 1,
        rules: Rules | None = None,
        report: Callable[[QuizResult], None] | None = None,
        **kwargs: Any,
    ) -> None:
        rules = rules_arg(rules)  # the package's error, not the trait's, for a wrong kind
        whole_arg(seed, "seed")
        # Each question's first check (or its answers shown) goes to ``report``; in a
        # classroom, to the teacher's progress page (:mod:`guts_teach.classroom.progress_client`).
        self._report = report if report is not None else classroom_reporter()
        self._rng = random.Random(seed)
        self.picture = widgets.HTML()
        self.question = widgets.HTML()
        self.winners = widgets.Text(
            description=FIELDS["winners"], placeholder="e.g. Ben, or nobody"
        )
        self.share = widgets.Text(description=FIELDS["share"], placeholder="e.g. 6 or 7/2")
        self.payment = widgets.Text(description=FIELDS["payment"], placeholder="e.g. 6, or nothing")
        self.next_pot = widgets.Text(description=FIELDS["next_pot"], placeholder="e.g. 12")
        self.reserve = widgets.Text(description=FIELDS["reserve"], placeholder="e.g. 0")
        # A press marks (or fills, or clears) what the boxes hold when it is made: it waits
        # for the browser to send every key typed before it (parts.settled).
        self.settled = Settled()
        for box in self._boxes():
            box.style.description_width = "120px"
            with warnings.catch_warnings():
                # ipywidgets 8 deprecates on_submit for continuous_update=False, which also
                # fires when the focus leaves a box: Tab to the next box would then check.
                warnings.simplefilter("ignore", DeprecationWarning)
                box.on_submit(lambda _: self.settled.then(self.mark))
        self.check_button = SettledButton(self.settled, description="Check", button_style="primary")
        self.answer_button = SettledButton(
            self.settled,
            description="Show the answer",
            tooltip="Fill in the answers, with why (not scored)",
        )
        self.new_button = SettledButton(self.settled, description="New question")
        self.feedback = widgets.HTML()
        self.feedback.add_class("guts-feedback")  # brought into view as it appears
        self.check_button.on_click(lambda _: self.mark())
        self.answer_button.on_click(lambda _: self.show_answer())
        self.new_button.on_click(lambda _: self.new_question())
        super().__init__(
            [
                widgets.HTML(CSS + "<h3>Settle the pot</h3>"),
                self.picture,
                deck_switch(),
                self.question,
                self.winners,
                self.share,
                self.payment,
                self.next_pot,
                self.reserve,
                widgets.HBox([self.check_button, self.answer_button, self.new_button]),
                self.feedback,
            ],
            **kwargs,
        )
        self.add_class("guts-panel")
        live(self.feedback)
        self.asked, self.score, self.shown, self._first_check = 1, 0, 0, True
        self._said = 0
        self.rules = rules or teaching()  # before the first question, which it must not skip
        self.scenario: Scenario = make_scenario(self._rng, self.rules)
        follow_deck(self)
        self.observe(lambda _: self._draw(), "four_colour")
        self._show()

    def _boxes(self) -> tuple[widgets.Text, ...]:
        return (self.winners, self.share, self.payment, self.next_pot, self.reserve)

    @traitlets.observe("rules")
    def _on_rules(self, _change: Any) -> None:
        if hasattr(self, "scenario"):
            self.new_question()

    def new_question(self) -> None:
        """Deal a new seeded scenario under the current rules."""
        self.scenario = make_scenario(self._rng, self.rules)
        for box in self._boxes():
            box.value = ""
        self.asked += 1
        self._first_check = True
        self._show()

    def _show(self) -> None:
        self._draw()
        self.question.value = paragraph(self.scenario.question())
        self.feedback.value = ""

    def _draw(self) -> None:
        self.picture.value = table_pictures(self.scenario.scene(), four_colour=self.four_colour)

    def _answers(self) -> dict[str, str]:
        return {
            "winners": self.winners.value,
            "share": self.share.value,
            "payment": self.payment.value,
            "next_pot": self.next_pot.value,
            "reserve": self.reserve.value,
        }

    def mark(self) -> list[Mark]:
        """Check the answers and show what was right and why anything was wrong."""
        marks = check(self.scenario, **self._answers())
        right = sum(m.correct for m in marks)
        if self._first_check:
            self.score += right == len(marks)
            self._tell(right=right == len(marks), shown=False)
        self._first_check = False
        again = "" if right == len(marks) else " Correct what is marked and check again."
        self._say(f"{right} of {len(marks)} right.{again}", marks)
        return marks

    def show_answer(self) -> list[Mark]:
        """Fill in the right answers and say why each is right; the question no longer
        counts towards the score."""
        if self._first_check:
            self.shown += 1
            self._tell(right=False, shown=True)
        self._first_check = False
        for name, value in self.scenario.answers().items():
            getattr(self, name).value = value
        marks = check(self.scenario, **self._answers())
        self._say("The answers, with why (this question is not scored):", marks)
        return marks

    def _tell(self, *, right: bool, shown: bool) -> None:
        self._report(QuizResult(self.asked, self.scenario.situation, right, shown))

    def _say(self, heading: str, marks: list[Mark]) -> None:
        items = "".join(
            f'<li class="{"guts-ok" if m.correct else "guts-wrong"}">'
            f"<b>{escape(m.field)}</b> {'✔' if m.correct else '✘'} {explained(m.message)}</li>"
            for m in marks
        )
        counted = self.asked - self.shown
        score = (
            f"Score: {self.score} of {counted} question{'s' if counted != 1 else ''} settled "
            "right at the first check"
        )
        if self.shown:
            score += f" ({self.shown} shown, not scored)"
        # numbered, so a check that says the same again still redraws (and comes into view)
        self._said += 1
        said = f'<div class="guts-text" data-said="{self._said}">'
        self.feedback.value = f"{said}{heading}<ul>{items}</ul>{score}.</div>"
