"""The odds explorer: type a hand, slide the table size, see its exact odds and its worth."""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from ..game.arguments import text_arg, whole_arg
from ..game.cards.hands import hand_of_class
from ..game.errors import GutsError
from ..game.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from ..pictures.svg import hand_svg
from ..strategy.advice import going_in
from ..strategy.counting.odds import hand_odds
from ..strategy.equilibria.mixed import equilibrium_play
from .parts.access import live
from .parts.deck import deck_switch, follow_deck
from .parts.style import CSS, TextFallback, error_html


def _percent(p: Fraction) -> str:
    return "under 0.01%" if 0 < p < Fraction(1, 10_000) else f"{float(p):.2%}"


class OddsExplorer(TextFallback, widgets.VBox):  # type: ignore[misc]
    """A hand, a table size and the weenie rule; the exact odds and what going in is worth
    when everyone else plays the equilibrium follow them."""

    fallback_title = "Odds explorer"

    text = traitlets.Unicode("Ac 5d")
    players = traitlets.Int(6)
    weenie = traitlets.Bool(False)
    four_colour = traitlets.Bool(False)

    def __init__(self, text: str = "Ac 5d", players: int = 6, **kwargs: Any) -> None:
        text_arg(text, "text", '"Ac 5d" or "A-5"')
        whole_arg(players, "players", least=MIN_PLAYERS, most=MAX_PLAYERS)
        box = widgets.Text(value=text, description="Your hand", placeholder="Ac 5d")
        box.add_class("guts-odds-hand")
        size = widgets.IntSlider(value=players, min=2, max=10, description="Players")
        size.add_class("guts-odds-players")
        weenie = widgets.Checkbox(
            value=False, description="the weenie rule: if nobody is in, the best hand pays"
        )
        for control, name in ((box, "text"), (size, "players"), (weenie, "weenie")):
            widgets.link((control, "value"), (self, name))
        self.result = widgets.HTML()
        self.result.add_class("guts-odds")
        super().__init__(
            [
                widgets.HTML(CSS + "<h3>How good is my hand?</h3>"),
                widgets.HBox([box, size, weenie]),
                deck_switch(),
                self.result,
            ],
            **kwargs,
        )
        self.add_class("guts-panel")
        live(self.result)
        follow_deck(self)
        self.text, self.players = text, players
        self._render()

    @traitlets.observe("text", "players", "weenie", "four_colour")
    def _changed(self, _change: Any) -> None:
        if hasattr(self, "result"):
            self._render()

    def _render(self) -> None:
        try:
            held = hand_of_class(self.text)
        except GutsError as error:
            self.result.value = error_html(
                f"{error}. Type two cards, such as Ac 5d or Q♠ Q♥, or a hand such as A-5 or 7-7."
            )
            return
        n = self.players
        odds = hand_odds(held, players=n)
        others = equilibrium_play(players=n, weenie=self.weenie)
        rules = Rules(weenie_rule=self.weenie)
        advice = going_in(held.cards, players=n, others=others, rules=rules, pot=Fraction(1))
        ties = "".join(
            f"<tr><td>tied with {t} other{'s' if t > 1 else ''}</td><td>{_percent(p)}</td></tr>"
            for t, p in odds.ties.items()
        )
        cards = hand_svg(held.cards, four_colour=self.four_colour)
        self.result.value = (
            f"<div style='display:flex;gap:18px;align-items:flex-start'>{cards}"
            f"<div class='guts-text'><b>{escape(held.strength.name)}</b> against {n - 1} other "
            f"hand{'s' if n > 2 else ''}, if everyone stays in:"
            f"<table class='guts-ledger'><tr><td>best of all</td>"
            f"<td>{_percent(odds.best)}</td></tr>{ties}<tr><td>your share of the pot, "
            f"on average</td><td>{_percent(odds.share)}</td></tr></table>"
            f"<p>{escape(advice.plain())}</p>"
            f"<p class='guts-note'>{_meaning(str(others), n, advice.share)}</p></div></div>"
        )


def _meaning(plan: str, players: int, share: float) -> str:
    """What the advice means, in a line: the best plan, and why this hand wins or loses."""
    why = (
        "you win more pots than you pay"
        if share > 0
        else "you pay the pot more often than you win it"
        if share < 0
        else "it wins as much as it pays"
    )
    return (
        f"Going {escape(plan)} is the best plan at {players} players: a way to play that "
        f"nobody can beat by playing some other way. With this hand against it, {why}."
    )
