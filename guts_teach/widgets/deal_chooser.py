"""A seeded table whose deals the learner decides with buttons: who goes in at each deal.

Notebook 02's own session: the same seed deals everyone in the class the same cards, and the
learner chooses, deal by deal, who goes in by pressing the players' toggle buttons (never by
editing Python lists). :attr:`DealChooser.replay` holds an :class:`ExampleStepper` over the
session so chosen, replayed afresh at every change.

>>> chooser = DealChooser(ins=[["You"], [], ["Ben", "Dev"]])
>>> chooser.choices()
[['You'], [], ['Ben', 'Dev']]
>>> chooser.toggles[1][0].value = True  # You go in at deal 2 as well
>>> chooser.choices()[1], len(chooser.replay.children[0].stepper.session.deals)
(['You'], 3)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ..game.errors import ArgumentError
from ..game.play.session import Session
from ..game.rules import teaching
from .parts.style import CSS, TextFallback
from .stepper import ExampleStepper


class Replay(TextFallback, widgets.Box):  # type: ignore[misc]
    """Where the chosen table is stepped through (a box holding its stepper)."""

    fallback_title = "Your table, deal by deal, step by step"


class DealChooser(TextFallback, widgets.VBox):  # type: ignore[misc]
    """One row of toggle buttons a deal, a button a player: pressed is in."""

    fallback_title = "Choose who goes in at each deal"

    def __init__(
        self,
        players: Sequence[str] = ("You", "Ben", "Cleo", "Dev"),
        *,
        ins: Sequence[Sequence[str]] = (["You", "Cleo"], ["Ben"], [], ["You", "Ben", "Dev"]),
        seed: int = 11,
        **kwargs: Any,
    ) -> None:
        unknown = sorted({p for deal in ins for p in deal} - set(players))
        if unknown:
            raise ArgumentError(f"ins names players not at the table: {', '.join(unknown)}")
        self.players, self.seed = list(players), seed
        self.toggles = [
            [
                widgets.ToggleButton(
                    value=player in deal, description=player, tooltip=f"{player} goes in"
                )
                for player in self.players
            ]
            for deal in ins
        ]
        rows = []
        for number, row in enumerate(self.toggles, 1):
            for toggle in row:
                toggle.add_class("guts-deal-in")
                toggle.observe(lambda _: self._replay(), "value")
            label = widgets.HTML(f'<span class="guts-text">Deal {number}, in:</span>')
            rows.append(widgets.HBox([label, *row]))
        self.replay = Replay()
        self.replay.add_class("guts-deal-replay")
        super().__init__([widgets.HTML(CSS), *rows], **kwargs)
        self.add_class("guts-panel")
        self.add_class("guts-deal-chooser")
        self._replay()

    def choices(self) -> list[list[str]]:
        """Who is in at each deal, as chosen now."""
        return [[t.description for t in row if t.value] for row in self.toggles]

    def session(self) -> Session:
        """The table dealt from the seed and played as chosen."""
        table = Session(self.players, rules=teaching(), rng=random.Random(self.seed))
        for deal in self.choices():
            table.deal_random()
            table.declare_all(deal)
            table.settle()
        return table

    def _replay(self) -> None:
        stepper = ExampleStepper(self.session())
        if self.replay.children:  # the step being looked at stays, as far as it goes
            before = self.replay.children[0]
            stepper.index = min(before.index, len(stepper.stepper.frames) - 1)
        self.replay.children = [stepper]
