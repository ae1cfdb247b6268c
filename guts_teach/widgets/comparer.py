"""The hand comparer: type or pick two to ten hands, see them ranked with reasons."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from ..game.arguments import rules_arg, text_arg
from ..game.cards.compare import compare_hands
from ..game.cards.deck import FULL_DECK, RANKS, parse_cards
from ..game.errors import GutsError
from ..game.rules import Rules, teaching
from ..pictures.svg import FOUR_COLOURS, TWO_COLOURS, hand_svg
from .parts.access import live
from .parts.deck import deck_switch, follow_deck
from .parts.style import CSS, TextFallback, error_html, paragraph

PROMPT = "One hand per line, for example:\nQs Qh\nA♣ K♦"


class HandComparer(TextFallback, widgets.VBox):  # type: ignore[misc]
    """A text box (one hand per line) and a card picker; the ranking follows the text."""

    fallback_title = "Compare hands"

    rules = traitlets.Instance(Rules)
    four_colour = traitlets.Bool(False)

    def __init__(self, text: str = "", rules: Rules | None = None, **kwargs: Any) -> None:
        text_arg(text, "text", '"Qs Qh" (one hand a line)')
        rules = rules_arg(rules)  # the package's error, not the trait's, for a wrong kind
        self.text = widgets.Textarea(
            value=text,
            placeholder=PROMPT,
            description="Hands",
            layout=widgets.Layout(width="420px", height="140px"),
        )
        self.text.add_class("guts-hands-text")
        self.result = widgets.HTML()
        self.result.add_class("guts-comparison")
        picker = []
        self.card_buttons: dict[str, widgets.Button] = {}
        for suit in "shdc":
            row = []
            for rank_letter in reversed(RANKS):
                one = next(c for c in FULL_DECK if c.ascii == rank_letter + suit)
                button = widgets.Button(
                    description=str(one),
                    tooltip=f"add the {one.name}",
                    layout=widgets.Layout(width="56px", padding="0px"),
                )
                button.style.text_color = TWO_COLOURS[suit]
                button.add_class("guts-card-button")
                button.on_click(lambda b, c=one: self._pick(b, str(c)))
                self.card_buttons[one.ascii] = button
                row.append(button)
            picker.append(widgets.HBox(row))
        self.grid = widgets.VBox(picker)
        self.grid.add_class("guts-card-grid")
        new_hand = widgets.Button(description="New hand", tooltip="start the next hand")
        new_hand.on_click(lambda _: self._new_line())
        clear = widgets.Button(description="Clear", tooltip="remove every hand")
        clear.on_click(lambda _: setattr(self.text, "value", ""))
        self.remove_button = widgets.Button(
            description="Remove last card", tooltip="take back the last card added"
        )
        self.remove_button.on_click(lambda _: self._remove_last())
        super().__init__(
            [
                widgets.HTML(CSS + "<h3>Compare hands</h3>"),
                self.text,
                widgets.HTML(paragraph("Or pick cards (Tab to the cards, then the arrow keys):")),
                self.grid,
                deck_switch(),
                widgets.HBox([new_hand, self.remove_button, clear]),
                self.result,
            ],
            **kwargs,
        )
        self.add_class("guts-panel")
        live(self.result)
        self.rules = rules or teaching()
        follow_deck(self)
        self.text.observe(lambda _: self._render(), "value")
        self._render()

    @traitlets.observe("rules", "four_colour")
    def _on_rules(self, _change: Any) -> None:
        if hasattr(self, "result"):
            self._render()

    def _remove_last(self) -> None:
        """Take back the last card typed or picked (and an empty line left behind)."""
        lines = self.text.value.rstrip("\n").split("\n")
        words = lines[-1].split()
        lines[-1] = " ".join(words[:-1])
        if not lines[-1] and len(lines) > 1:
            lines.pop()
        self.text.value = "\n".join(lines).strip()

    def _follow_picker(self) -> None:
        """Cards already in a hand cannot be picked twice; the colours follow four_colour."""
        used: set[str] = set()
        for line in self.text.value.splitlines():
            try:
                used.update(c.ascii for c in parse_cards(line))
            except GutsError:
                continue  # a line being typed: its cards are not counted yet
        colours = FOUR_COLOURS if self.four_colour else TWO_COLOURS
        for ascii_name, button in self.card_buttons.items():
            button.disabled = ascii_name in used
            button.style.text_color = colours[ascii_name[-1]]

    def _pick(self, pressed: widgets.Button, card_text: str) -> None:
        """Add the card; it turns disabled, so the focus moves on to the next card left."""
        self._add_card(card_text)
        if pressed.disabled:
            order = list(self.card_buttons.values())
            start = order.index(pressed)
            following = [b for b in order[start + 1 :] + order[:start] if not b.disabled]
            if following:
                following[0].focus()

    def _add_card(self, card_text: str) -> None:
        lines = self.text.value.split("\n") if self.text.value else [""]
        size = self.rules.hand_size
        if len(lines[-1].split()) >= size:
            lines.append("")
        lines[-1] = (lines[-1] + " " + card_text).strip()
        self.text.value = "\n".join(lines)

    def _new_line(self) -> None:
        if self.text.value and not self.text.value.endswith("\n"):
            self.text.value += "\n"

    def _render(self) -> None:
        self._follow_picker()
        lines = [line for line in self.text.value.splitlines() if line.strip()]
        if len(lines) < 2:
            self.result.value = paragraph("Enter at least two hands to compare them.")
            return
        try:
            comparison = compare_hands(lines, self.rules.ranking())
        except GutsError as error:
            self.result.value = error_html(str(error))
            return
        rows = "".join(
            f"<tr><td><b>{line.place}.</b></td>"
            f"<td>{hand_svg(line.hand.cards, four_colour=self.four_colour)}</td>"
            f"<td>{escape(line.name)}</td><td>{escape(line.label)}</td></tr>"
            for line in comparison.lines
        )
        reasons = "".join(f"<li>{escape(reason)}</li>" for reason in comparison.reasons)
        self.result.value = (
            f'<table class="guts-table">{rows}</table><ul class="guts-text">{reasons}</ul>'
        )

    def ranking_text(self) -> str:
        """The current ranking as plain text (or the error message)."""
        lines = [line for line in self.text.value.splitlines() if line.strip()]
        try:
            return compare_hands(lines, self.rules.ranking()).text()
        except GutsError as error:
            return str(error)
