"""One switch between two readings of a rule, each shown as a worked example's stepper.

Seed 000 says of nobody in: "the pot stays for the next deal. Many groups play that
everyone adds another ante"; seed 002 only redeals "without another ante" (R3).
:func:`nobody_in_switch` shows both with one switch; the step you are on stays the step
you are on, so the two tables can be compared at the same moment.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from ..lessons.examples import WorkedExample, example
from .parts.style import TextFallback
from .stepper import ExampleStepper


class ExampleSwitch(TextFallback, widgets.VBox):  # type: ignore[misc]
    """A switch (toggle buttons) over several worked examples; ``choice`` is the one shown.

    >>> switch = nobody_in_switch()
    >>> switch.shown.title, switch.shown.stepper.index
    ('Nobody in: the pot stays', 0)
    >>> switch.shown.index = 3; switch.choice = 1
    >>> switch.shown.title, switch.shown.index, switch.shown.status_text()
    ('Nobody in: everyone antes again', 3, 'Step 4 of 10 · Pot 8 · Reserve 0')
    """

    fallback_title = "Two readings of a rule, side by side with one switch"

    choice = traitlets.Int(0)

    def __init__(self, choices: Sequence[tuple[str, WorkedExample]], **kwargs: Any) -> None:
        self.steppers = [ExampleStepper(item) for _, item in choices]
        self.toggle = widgets.ToggleButtons(
            options=[(label, i) for i, (label, _) in enumerate(choices)],
            value=0,
            description="Play:",
            style={"button_width": "auto"},
        )
        self.toggle.add_class("guts-switch")
        self.holder = widgets.Box([self.steppers[0]])
        traitlets.link((self.toggle, "value"), (self, "choice"))
        super().__init__([self.toggle, self.holder], **kwargs)
        self.add_class("guts-panel")

    @property
    def shown(self) -> ExampleStepper:
        """The stepper now on show."""
        return self.steppers[self.choice]

    @traitlets.observe("choice")
    def _on_choice(self, change: Any) -> None:
        before, after = self.steppers[change["old"]], self.steppers[change["new"]]
        after.index = min(before.index, len(after.stepper.frames) - 1)
        self.holder.children = [after]


def nobody_in_switch() -> ExampleSwitch:
    """Nobody in, both ways: the pot stays (seed 000 and 002) or everyone antes again (000)."""
    return ExampleSwitch(
        [
            ("The pot stays (both documents)", example("nobody-in-stays")),
            ("Everyone antes again (as many groups play)", example("nobody-in-antes")),
        ]
    )
