"""The rules picker: a profile and its options; other widgets follow its ``rules``."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import traitlets

from ..game.errors import GutsError
from ..game.rules import FLAGS, PROFILES, Rules, profile
from .style import CSS, error_html

LABELS = {
    "reante_when_nobody_in": "Ante again when nobody is in (R3)",
    "no_overdraft": "No going in without the chips (R8)",
    "single_loser": "Single loser (V3)",
    "split_pots": "Tied winners split the pot (off: V4)",
    "ghost_hand": "Ghost hand (V5)",
    "straight_flush_over_trips": "Straight flush over three of a kind (V6)",
    "flush_over_straight": "Flush over straight (V6)",
    "weenie_rule": "Weenie rule (V7, a house rule)",
}


class RulesPicker(widgets.VBox):  # type: ignore[misc]
    """Choose a profile, then change its options; ``rules`` always holds valid rules."""

    rules = traitlets.Instance(Rules)

    def __init__(self, name: str = "teaching", **kwargs: Any) -> None:
        self.profile = widgets.Dropdown(options=sorted(PROFILES), value=name, description="Profile")
        self.cap = widgets.Text(description="Cap", placeholder="none")
        self.declaration = widgets.Dropdown(
            options=["simultaneous", "in_turn", "drop"], description="Declaring"
        )
        self.hand_size = widgets.Dropdown(options=[2, 3], description="Cards each")
        self.flags = {
            flag: widgets.Checkbox(description=LABELS[flag], indent=False) for flag in FLAGS
        }
        self.message = widgets.HTML()
        super().__init__(
            [
                widgets.HTML(CSS + "<h3>Rules</h3>"),
                self.profile,
                self.cap,
                self.declaration,
                self.hand_size,
                *self.flags.values(),
                self.message,
            ],
            **kwargs,
        )
        self.add_class("guts-panel")
        self._load(profile(name))
        self.profile.observe(lambda change: self._load(profile(change.new)), "value")
        for control in (self.cap, self.declaration, self.hand_size, *self.flags.values()):
            control.observe(lambda _: self._read(), "value")

    def _load(self, rules: Rules) -> None:
        self._loading = True
        self.cap.value = "" if rules.cap is None else str(rules.cap)
        self.declaration.value = rules.declaration
        self.hand_size.value = rules.hand_size
        for flag, box in self.flags.items():
            box.value = bool(getattr(rules, flag))
        self._loading = False
        self.rules = rules
        self.message.value = ""

    def _read(self) -> None:
        if getattr(self, "_loading", False):
            return
        changes: dict[str, Any] = {flag: box.value for flag, box in self.flags.items()}
        changes["cap"] = self.cap.value.strip() or None
        changes["declaration"] = self.declaration.value
        changes["hand_size"] = self.hand_size.value
        try:
            self.rules = profile(self.profile.value, **changes)
        except GutsError as error:
            self.message.value = error_html(str(error))
        else:
            self.message.value = ""


def follow(picker: RulesPicker, *followers: widgets.Widget) -> None:
    """Keep every follower's ``rules`` equal to the picker's."""
    for follower in followers:
        traitlets.dlink((picker, "rules"), (follower, "rules"))
