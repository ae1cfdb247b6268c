"""A table to play Shelby or Psycho Shelby against bots: your cards named, Hold or Drop, the
hands shown at each showdown, the story oldest first, Undo, Look back, a Hint, a chart, and
at the end a plain result with a New game button."""

from __future__ import annotations

import random
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from ..game.arguments import whole_arg
from ..pictures.svg import hand_svg
from ..shelby.bots import ShelbyBot
from ..shelby.game import ShelbyGame
from ..shelby.rules import ShelbyRules, shelby
from .parts.access import live, refocus
from .parts.deck import deck_switch, follow_deck
from .parts.shelby_view import (
    hand_name,
    result_html,
    shown_hands,
    status_html,
    story_html,
    your_hand_words,
)
from .parts.style import CSS, TextFallback, attempt, button, paragraph
from .play_table import Series, line_chart

YOU = "You"
CHARACTERS = ("cautious", "steady", "reckless")
HINT_SAMPLES = 400


class ShelbyTable(TextFallback, widgets.VBox):  # type: ignore[misc]
    """You and seeded bots at one table. ``steps`` counts the game's narrated steps.

    The same ``seed`` and the same choices give the same game; New game deals a fresh one.
    """

    fallback_title = "Shelby against the bots"

    steps = traitlets.Int(0)
    four_colour = traitlets.Bool(False)

    def __init__(
        self, bots: int = 3, *, rules: ShelbyRules | None = None, seed: int = 1, **kwargs: Any
    ) -> None:
        bots = whole_arg(bots, "bots", least=1, most=9)  # you and 1 to 9 bots (R11)
        self._names = [YOU, *(f"Bot {i + 1}" for i in range(bots))]
        self._rules = rules or shelby()
        self._seed = seed
        self._games = 0
        self._new_game()
        self.status = widgets.HTML()
        self.status.add_class("guts-shelby-status")
        self.cards = widgets.HTML()
        self.showdown = widgets.HTML()
        self.showdown.add_class("guts-shelby-showdown")
        self.story = widgets.HTML()
        self.story.add_class("guts-shelby-story")
        self.hint = widgets.HTML()
        self.hint.add_class("guts-shelby-hint-text")
        self.chart = widgets.HTML()
        self.deal_button = button("Deal", "guts-deal", lambda: self._act(self._deal), "primary")
        self.hold_button = button(
            "Hold", "guts-hold", lambda: self._act(lambda: self._drop(you_hold=True)), "success"
        )
        self.drop_button = button(
            "Drop", "guts-drop", lambda: self._act(lambda: self._drop(you_hold=False))
        )
        self.buy_button = button(
            "Buy a card with a 4", "guts-buy", lambda: self._act(lambda: self.game.buy(YOU))
        )
        self.hint_button = button("Hint", "guts-shelby-hint", lambda: self._act(self._hint))
        self.undo_button = button("Undo", "guts-shelby-undo", lambda: self._act(self.game.undo))
        self.new_button = button(
            "New game", "guts-shelby-new", lambda: self._act(self._new_game), "primary"
        )
        self.look_back = widgets.IntSlider(
            value=1, min=1, max=1, description="Look back", continuous_update=False
        )
        self.look_back.add_class("guts-shelby-look-back")
        self.look_back.observe(lambda _: self._render(), names="value")
        title = "Psycho Shelby" if self._rules.game == "psycho_shelby" else "Shelby"
        who = ", ".join(f"{bot.player} ({bot.character})" for bot in self.bots)
        buttons = [self.deal_button, self.hold_button, self.drop_button, self.buy_button]
        buttons += [self.hint_button, self.undo_button, self.new_button]
        super().__init__(
            [
                widgets.HTML(
                    CSS + f"<h3>{title} against the bots</h3><div class='guts-text'>Against "
                    f"{escape(who)}. Tab to a button; Enter or Space presses it.</div>"
                ),
                self.status,
                self.cards,
                deck_switch(),
                widgets.HBox(buttons),
                self.hint,
                self.showdown,
                self.look_back,
                self.story,
                self.chart,
            ],
            **kwargs,
        )
        self.add_class("guts-panel")
        # the focus never drops to the page when the pressed button turns disabled or hidden
        refocus(self.deal_button, lambda: [self.hold_button, self.drop_button])
        for pressed in (self.hold_button, self.drop_button, self.buy_button, self.undo_button):
            refocus(pressed, lambda: [self.hold_button, self.deal_button, self.new_button])
        refocus(self.new_button, lambda: [self.deal_button])
        live(self.story, self.hint, self.showdown)
        follow_deck(self)
        self.observe(lambda _: self._render(), "four_colour")
        self._render()

    # ------------------------------------------------------------------ actions

    def _new_game(self) -> None:
        """A fresh game with the same players, rules and characters, seeded anew."""
        seed = self._seed + 7919 * self._games
        self._games += 1
        self.game = ShelbyGame(self._names, rules=self._rules, rng=random.Random(seed))
        self.bots = [
            ShelbyBot(name, CHARACTERS[i % 3], random.Random(seed * 100 + i))  # type: ignore[arg-type]
            for i, name in enumerate(self._names[1:])
        ]
        self._hint_rng = random.Random(seed * 100 + 99)
        self._series = {"your balance": Series(), "pot": Series()}

    def _deal(self) -> None:
        self.game.start_deal()

    def _drop(self, *, you_hold: bool) -> None:
        holders = [YOU] if you_hold else []
        holders += [bot.player for bot in self.bots if bot.holds(self.game)]
        self.game.drop(holders)

    def _hint(self) -> None:
        """How your cards rank against one rival's, sampled, and what a steady player does."""
        game = self.game
        steady = ShelbyBot(YOU, "steady", self._hint_rng)
        share = steady.strength_share(game, HINT_SAMPLES)
        needed = steady.needed(game)
        name = hand_name(game, game.round, game.held(YOU))
        advice = "hold" if share >= needed else "drop"
        self.hint.value = (
            '<div class="guts-text guts-hint"><b>Hint</b>: your '
            f"{escape(name)} beats about {share:.0%} of the hands one rival could hold this "
            "round. Holding alone earns a Shelby; "
            "holding against a better hand makes you pay the winner. A steady player needs "
            f"{needed:.0%} against {len(game.players) - 1} rivals, so would {advice}.</div>"
        )

    def _act(self, action: Any) -> None:
        self.hint.value = ""
        if attempt(self.story, action):
            count = len(self.game.steps)
            self.look_back.max = max(1, count)
            moved = self.look_back.value != self.look_back.max
            self.look_back.value = self.look_back.max
            self.steps = count
            if not moved:  # the slider's observer draws only when it moves
                self._render()

    @traitlets.observe("steps")
    def _on_steps(self, _change: Any) -> None:
        self._render()

    # ------------------------------------------------------------------ drawing

    def _render(self) -> None:
        game = self.game
        steps = game.steps
        playing = game.round > 0 and not game.is_over
        over = game.is_over
        for shown, control in (
            (not over, self.deal_button),
            (not over, self.hold_button),
            (not over, self.drop_button),
            (not over and game.rules.game == "psycho_shelby", self.buy_button),
            (not over, self.hint_button),
            (over, self.new_button),
        ):
            control.layout.display = "" if shown else "none"
        self.deal_button.disabled = playing or over
        self.hold_button.disabled = self.drop_button.disabled = not playing
        self.hint_button.disabled = not playing
        self.buy_button.disabled = not (playing and game.round == game.rules.rounds)
        self.undo_button.disabled = not steps
        count = len(steps)
        self.look_back.layout.display = "" if count > 1 else "none"
        at = min(self.look_back.value, count)
        step = steps[at - 1] if count else None
        looking = step is not None and at < count
        self.status.value = status_html(game, YOU, step if looking else None)
        if over:
            self.cards.value = result_html(game, YOU)
        elif playing:
            cards = hand_svg(game.held(YOU), "your cards", four_colour=self.four_colour)
            self.cards.value = cards + paragraph(your_hand_words(game, YOU))
        else:
            self.cards.value = paragraph("Press Deal to ante and get your cards.")
        showdown = shown_hands(game, step, self.four_colour) if step is not None else ""
        self.showdown.value = showdown
        if step is None:
            self.story.value = paragraph("Press Deal to start.")
        else:
            heading = f"<b>Looking back at step {at} of {count}</b>" if looking else ""
            self.story.value = heading + story_html(steps[:at], step.deal)
        self._follow_chart(count)

    def _follow_chart(self, count: int) -> None:
        """Your balance and the pot after every step; taken-back steps are dropped."""
        balance, pot = self._series.values()
        for line in (balance, pot):
            line.keep(count)
        for step in self.game.steps[len(balance.values) : count]:
            balance.append(float(step.balances[YOU]))
            pot.append(float(step.pot))
        self.chart.value = line_chart(self._series, axis="step") if count else ""
