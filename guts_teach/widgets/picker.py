"""The rules picker: a profile and its options; other widgets follow its ``rules``."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import traitlets

from ..game.errors import GutsError, RulesError
from ..game.money import as_amount, format_amount
from ..game.rules import FLAGS, PROFILES, Rules, profile
from .parts.style import CSS, TextFallback, error_html

LABELS = {
    "reante_when_nobody_in": "When nobody is in, everyone antes again",
    "no_overdraft": "Nobody may go in with fewer chips than the pot",
    "single_loser": "Only the worst hand pays",
    "split_pots": "Tied best hands share the pot (off: the pot stays)",
    "ghost_hand": "A ghost hand must be beaten",
    "straight_flush_over_trips": "A straight flush beats three of a kind",
    "flush_over_straight": "A flush beats a straight",
    "weenie_rule": "When nobody is in, the best hand pays the pot",
}
THREE_CARD_ONLY = ("straight_flush_over_trips", "flush_over_straight")
PROFILE_WORDS = {
    "teaching": "Class rules: ante 1, cap 20, scores on paper",
    "classic": "Club rules: ante 1, limit 100, 100 chips each",
}
DECLARING = (
    ("all at once (fists open together)", "simultaneous"),
    ("one at a time from the dealer's left", "in_turn"),
    ("on a count: 1 - 2 - 3 - drop!", "drop"),
)


class RulesPicker(TextFallback, widgets.VBox):  # type: ignore[misc]
    """Choose a profile, then change its options; ``rules`` always holds valid rules."""

    fallback_title = "Rules picker"

    rules = traitlets.Instance(Rules)

    def __init__(self, name: str = "teaching", **kwargs: Any) -> None:
        options = [(PROFILE_WORDS.get(n, n), n) for n in sorted(PROFILES)]
        self.profile = widgets.Dropdown(options=options, value=name, description="Rules")
        self.ante = widgets.Text(description="Ante", placeholder="e.g. 1 or 1/2")
        self.cap = widgets.Text(description="Limit", placeholder="blank: no limit")
        self.declaration = widgets.Dropdown(options=DECLARING, description="Declaring")
        self.hand_size = widgets.Dropdown(
            options=[("two cards", 2), ("three cards (straights and flushes count)", 3)],
            description="Cards each",
        )
        for box in (self.profile, self.ante, self.cap, self.declaration, self.hand_size):
            box.style.description_width = "90px"
        self.flags = {
            flag: widgets.Checkbox(description=LABELS[flag], indent=False) for flag in FLAGS
        }
        self.message = widgets.HTML()
        super().__init__(
            [
                widgets.HTML(CSS + "<h3>Rules</h3>"),
                self.profile,
                self.ante,
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
        for control in (
            self.ante,
            self.cap,
            self.declaration,
            self.hand_size,
            *self.flags.values(),
        ):
            control.observe(lambda _: self._read(), "value")

    def _load(self, rules: Rules) -> None:
        self._loading = True
        self.ante.value = format_amount(rules.ante)
        self.cap.value = "" if rules.cap is None else format_amount(rules.cap)
        self.declaration.value = rules.declaration
        self.hand_size.value = rules.hand_size
        for flag, box in self.flags.items():
            box.value = bool(getattr(rules, flag))
        self._loading = False
        self._show_options(rules.hand_size)
        self.rules = rules
        self.message.value = ""

    def _show_options(self, hand_size: int) -> None:
        """Three-card options only when three cards are dealt (they change nothing else)."""
        for flag in THREE_CARD_ONLY:
            self.flags[flag].layout.display = None if hand_size == 3 else "none"

    def _read(self) -> None:
        if getattr(self, "_loading", False):
            return
        self._show_options(self.hand_size.value)
        try:
            self.rules = profile(self.profile.value, **self._changes())
        except GutsError as error:
            self.message.value = error_html(str(error))
        else:
            self.message.value = ""

    def _changes(self) -> dict[str, Any]:
        """The options as typed and ticked, checked in the picker's own words."""
        changes: dict[str, Any] = {flag: box.value for flag, box in self.flags.items()}
        if self.hand_size.value != 3:
            for flag in THREE_CARD_ONLY:
                changes[flag] = False
        ante = _amount(self.ante.value, "the ante")
        if ante <= 0:
            raise RulesError(f"the ante must be more than 0; got {format_amount(ante)}")
        cap = None if not self.cap.value.strip() else _amount(self.cap.value, "the limit")
        if cap is not None and (cap.denominator != 1 or cap < ante):
            raise RulesError(
                f"the limit must be a whole number of at least the ante ({format_amount(ante)}); "
                f"got {format_amount(cap)}: leave it blank for no limit"
            )
        changes.update(ante=ante, cap=cap, declaration=self.declaration.value)
        changes["hand_size"] = self.hand_size.value
        return changes


def _amount(text: str, what: str) -> Fraction:
    try:
        return as_amount(text.strip(), what=what)
    except GutsError:
        raise RulesError(
            f'{what} must be an amount such as 2 or 1/2; got "{text.strip()}"'
        ) from None


def follow(picker: RulesPicker, *followers: widgets.Widget) -> None:
    """Keep every follower's ``rules`` equal to the picker's."""
    for follower in followers:
        traitlets.dlink((picker, "rules"), (follower, "rules"))
