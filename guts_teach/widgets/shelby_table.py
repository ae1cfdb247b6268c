"""A table to play Shelby or Psycho Shelby against bots: your cards, Hold or Drop, the story."""

from __future__ import annotations

import random
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from ..game.money import format_amount
from ..shelby.bots import ShelbyBot
from ..shelby.game import ShelbyGame
from ..shelby.rounds import ROUNDS
from ..shelby.rules import ShelbyRules, shelby
from ..svg import hand_svg
from .access import live, refocus
from .deck import deck_switch, follow_deck
from .style import CSS, attempt, button, paragraph

YOU = "Sam (you)"


class ShelbyTable(widgets.VBox):  # type: ignore[misc]
    """You (as Sam) and seeded bots at one table. ``steps`` counts the game's narrated steps."""

    steps = traitlets.Int(0)
    four_colour = traitlets.Bool(False)

    def __init__(
        self, bots: int = 3, *, rules: ShelbyRules | None = None, seed: int = 1, **kwargs: Any
    ) -> None:
        names = [YOU, *(f"Bot {i + 1}" for i in range(bots))]
        self.game = ShelbyGame(names, rules=rules or shelby(), rng=random.Random(seed))
        characters = ("cautious", "steady", "reckless")
        self.bots = [
            ShelbyBot(name, characters[i % 3], random.Random(seed * 100 + i))  # type: ignore[arg-type]
            for i, name in enumerate(names[1:])
        ]
        self.cards = widgets.HTML()
        self.status = widgets.HTML()
        self.status.add_class("guts-shelby-status")
        self.story = widgets.HTML()
        self.story.add_class("guts-shelby-story")
        self.deal_button = button(
            "Deal", "guts-deal", lambda: self._act(self.game.start_deal), "primary"
        )
        self.hold_button = button(
            "Hold", "guts-hold", lambda: self._act(lambda: self._drop(you_hold=True)), "success"
        )
        self.drop_button = button(
            "Drop", "guts-drop", lambda: self._act(lambda: self._drop(you_hold=False))
        )
        self.buy_button = button(
            "Buy a card with a 4", "guts-buy", lambda: self._act(lambda: self.game.buy(YOU))
        )
        title = "Psycho Shelby" if self.game.rules.game == "psycho_shelby" else "Shelby"
        super().__init__(
            [
                widgets.HTML(CSS + f"<h3>{title} against the bots</h3>"),
                self.status,
                self.cards,
                deck_switch(),
                widgets.HBox(
                    [self.deal_button, self.hold_button, self.drop_button, self.buy_button]
                ),
                self.story,
            ],
            **kwargs,
        )
        self.add_class("guts-panel")
        refocus(self.deal_button, lambda: [self.hold_button, self.drop_button])
        for pressed in (self.hold_button, self.drop_button, self.buy_button):
            refocus(pressed, lambda: [self.hold_button, self.deal_button])
        live(self.story)
        follow_deck(self)
        self.observe(lambda _: self._render(), "four_colour")
        self._render()

    def _drop(self, *, you_hold: bool) -> None:
        holders = [YOU] if you_hold else []
        holders += [bot.player for bot in self.bots if bot.holds(self.game)]
        self.game.drop(holders)

    def _act(self, action: Any) -> None:
        if attempt(self.story, action):
            self.steps = len(self.game.steps)

    @traitlets.observe("steps")
    def _on_steps(self, _change: Any) -> None:
        self._render()

    def _render(self) -> None:
        game = self.game
        playing = game.round > 0 and not game.is_over
        self.deal_button.disabled = playing or game.is_over
        self.hold_button.disabled = self.drop_button.disabled = not playing
        last = game.rules.rounds
        self.buy_button.layout.display = "" if game.rules.game == "psycho_shelby" else "none"
        self.buy_button.disabled = not (playing and game.round == last)
        label = ROUNDS[game.rules.game][game.round - 1][0] if playing else "between deals"
        marks = ", ".join(f"{p} {n}" for p, n in game.shelbys.items() if n) or "none yet"
        self.status.value = (
            f'<div class="guts-status">Round {game.round or "-"} ({label}) · Pot '
            f"{format_amount(game.pot)} · Your balance {format_amount(game.net[YOU])} · "
            f"Shelbys: {escape(marks)}</div>"
        )
        held = game.held(YOU) if playing else ()
        self.cards.value = (
            hand_svg(held, "your cards", four_colour=self.four_colour)
            if held
            else paragraph(
                "Press Deal to ante and get your cards."
                if not game.is_over
                else f"Game over: {game.winner} won the pot."
            )
        )
        self.story.value = "".join(
            f'<div class="guts-text">{escape(step.text)}</div>'
            for step in reversed(game.steps[-8:])
        )
