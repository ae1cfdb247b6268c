"""The settlement quiz widget: a seeded table before the showdown, four answers, feedback."""

from __future__ import annotations

import random
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from ..game.arguments import rules_arg, whole_arg
from ..game.rules import Rules, teaching
from ..lessons.quiz import Mark, Scenario, check, make_scenario
from ..lessons.scene import Scene
from ..svg import table_pictures
from .access import live
from .codes import explained
from .deck import deck_switch, follow_deck
from .style import CSS, TextFallback, paragraph


class SettlementQuiz(TextFallback, widgets.VBox):  # type: ignore[misc]
    """Settle a random pot: who wins and what each winner takes, each loser's payment, the
    next pot and the reserve. Questions cover every situation (nobody in, one in, a tie with a
    fractional share, the cap, a refill from the reserve); answers can be checked again after
    a correction, and ``score`` counts the questions settled right at the first check."""

    fallback_title = "The settlement quiz"

    rules = traitlets.Instance(Rules)
    seed = traitlets.Int(1)
    four_colour = traitlets.Bool(False)

    def __init__(self, seed: int = 1, rules: Rules | None = None, **kwargs: Any) -> None:
        rules = rules_arg(rules)  # the package's error, not the trait's, for a wrong kind
        whole_arg(seed, "seed")
        self._rng = random.Random(seed)
        self.picture = widgets.HTML()
        self.question = widgets.HTML()
        self.winners = widgets.Text(description="Winner(s)", placeholder="e.g. Ben, or nobody")
        self.share = widgets.Text(description="Each winner takes", placeholder="e.g. 6 or 7/2")
        self.payment = widgets.Text(description="Each loser pays", placeholder="e.g. 6")
        self.next_pot = widgets.Text(description="Next pot", placeholder="e.g. 12")
        self.reserve = widgets.Text(description="Reserve", placeholder="e.g. 0")
        for box in self._boxes():
            box.style.description_width = "120px"
        self.check_button = widgets.Button(description="Check", button_style="primary")
        self.new_button = widgets.Button(description="New question")
        self.feedback = widgets.HTML()
        self.check_button.on_click(lambda _: self.mark())
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
                widgets.HBox([self.check_button, self.new_button]),
                self.feedback,
            ],
            **kwargs,
        )
        self.add_class("guts-panel")
        live(self.feedback)
        self.asked, self.score, self._first_check = 1, 0, True
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
        s = self.scenario
        scene = Scene(
            players=s.players,
            dealer=s.record.dealer,
            pot=s.pot,
            reserve=s.reserve,
            balances={p: s.record.balances_before[i] for i, p in enumerate(s.players)},
            hands={p: s.hands[p].cards for p in s.ins},
            face_up=frozenset(s.ins),
            declared={p: p in s.ins for p in s.players},
            ghost=s.record.ghost.cards if s.record.ghost else None,
            ghost_shown=True,
            hand_size=s.rules.hand_size,
        )
        self.picture.value = table_pictures(scene, four_colour=self.four_colour)

    def mark(self) -> list[Mark]:
        """Check the four answers and show what was right and why anything was wrong."""
        marks = check(
            self.scenario,
            winners=self.winners.value,
            share=self.share.value,
            payment=self.payment.value,
            next_pot=self.next_pot.value,
            reserve=self.reserve.value,
        )
        items = "".join(
            f'<li class="{"guts-ok" if m.correct else "guts-wrong"}">'
            f"<b>{escape(m.field)}</b> {'✔' if m.correct else '✘'} {explained(m.message)}</li>"
            for m in marks
        )
        right = sum(m.correct for m in marks)
        if self._first_check and right == len(marks):
            self.score += 1
        self._first_check = False
        again = "" if right == len(marks) else " Correct what is marked and check again."
        self.feedback.value = (
            f'<div class="guts-text">{right} of {len(marks)} right.{again}<ul>{items}</ul>'
            f"Score: {self.score} of {self.asked} question{'s' if self.asked > 1 else ''} "
            "settled right at the first check.</div>"
        )
        return marks
