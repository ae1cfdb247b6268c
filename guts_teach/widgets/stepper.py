"""The example stepper: Back / Next / Restart over a worked example, ledger or session."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets
import traitlets

from ..game.errors import ArgumentError
from ..game.play.session import Session
from ..game.shown import shown
from ..ledgers.ledger import Ledger
from ..ledgers.replay import replay
from ..lessons.examples import WorkedExample
from ..lessons.stepper import Stepper
from ..pictures.svg import table_pictures, table_svg
from .parts.access import live, refocus
from .parts.codes import coded
from .parts.deck import deck_switch, follow_deck
from .parts.style import CSS, TextFallback

STEPS_MIME = "application/vnd.guts-teach.steps+json"
"""The output type carrying a stepper's steps worked out ahead (:meth:`ExampleStepper.ahead`),
saved with the notebook: the lessons' JupyterLab extension draws them as a stepper the moment
the notebook opens, before Python has started, and hands over to the live one once it runs."""


class ExampleStepper(TextFallback, widgets.VBox):  # type: ignore[misc]
    """Step through a worked example (or a ledger, or a session) with the table drawn.

    ``index`` is the current step; the buttons move it and everything else follows.
    The buttons are ordinary focusable buttons: Tab to them, Enter or Space to press; the
    left and right arrows anywhere in the stepper are Back and Next. When Next turns disabled
    under the focus (the last step), the focus rests on the status line; when Back does (the
    first step), it moves to Next.
    The step text is a polite live region; the cards follow the shared four-colour switch.
    """

    fallback_title = "A worked example, step by step"

    index = traitlets.Int(0)
    four_colour = traitlets.Bool(False)

    def __init__(self, source: WorkedExample | Ledger | Session, **kwargs: Any) -> None:
        self.stepper = Stepper(_session_of(source))
        worked = source if isinstance(source, WorkedExample) else None
        self.title = worked.title if worked else ""
        self.quote = worked.quote if worked else ""
        self.cited = worked.cited if worked else ""
        self.back_button = widgets.Button(description="◀ Back", tooltip="One step back")
        self.next_button = widgets.Button(
            description="Next ▶", tooltip="One step on", button_style="success"
        )
        self.restart_button = widgets.Button(description="⟲ Restart", tooltip="Back to step 1")
        for button, css in (
            (self.back_button, "guts-back"),
            (self.next_button, "guts-next"),
            (self.restart_button, "guts-restart"),
        ):
            button.add_class(css)
        self.status = widgets.HTML()
        self.status.add_class("guts-status-line")
        self.picture = widgets.HTML()
        self.explanation = widgets.HTML()
        self.back_button.on_click(lambda _: self._move(self.stepper.back))
        self.next_button.on_click(lambda _: self._move(self.stepper.forward))
        self.restart_button.on_click(lambda _: self._move(self.stepper.restart))
        # After the last step the shared script (access.py) rests the focus on the status line.
        refocus(self.back_button, lambda: [self.next_button])
        live(self.status, self.explanation)
        header = widgets.HTML(CSS + (f"<h3>{self.title}</h3>" if self.title else ""))
        # the document's own words beside its example, under the step's own sentence
        quoted = widgets.HTML(quotation(worked) if worked else "")
        buttons = widgets.HBox([self.back_button, self.next_button, self.restart_button])
        super().__init__(
            # the buttons right under the picture: never below the fold
            [header, self.status, self.picture, buttons, self.explanation, quoted, deck_switch()],
            **kwargs,
        )
        self.add_class("guts-panel")
        self.add_class("guts-stepper")
        follow_deck(self)
        self._render()

    def _move(self, action: Any) -> None:
        action()
        self.index = self.stepper.index

    @traitlets.observe("index", "four_colour")
    def _on_change(self, _change: Any) -> None:
        self.stepper.index = self.index
        self._render()

    def _render(self) -> None:
        frame = self.stepper.current
        self.status.value = f'<div class="guts-status">{self.stepper.status()}</div>'
        self.picture.value = table_pictures(frame.scene, four_colour=self.four_colour)
        self.explanation.value = coded(frame.step.text)
        self.back_button.disabled = self.stepper.at_start
        self.next_button.disabled = self.stepper.at_end

    def ahead(self) -> dict[str, Any]:
        """Every step worked out now, as data for a page to step through without Python: the
        status line, the step's words (plain text) and the table's picture (SVG) of each, and the
        step it stands on (``index``). Its output is saved as :data:`STEPS_MIME`.

        >>> from guts_teach.lessons.examples import example
        >>> steps = ExampleStepper(example("six-counter")).ahead()
        >>> len(steps["steps"]), steps["steps"][0]["status"], steps["index"]
        (7, 'Step 1 of 7 · Pot 6 · Reserve 0', 0)
        """
        frames = self.stepper.frames
        return {
            "title": self.title,
            "quote": self.quote,
            "cited": self.cited,
            "index": self.stepper.index,
            "steps": [
                {
                    "status": self.stepper.status_at(number),
                    "text": frame.step.text,
                    "picture": table_svg(frame.scene, four_colour=self.four_colour),
                }
                for number, frame in enumerate(frames)
            ],
        }

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle[STEPS_MIME] = self.ahead()
        return bundle

    def status_text(self) -> str:
        """The status line as plain text, e.g. ``"Step 3 of 7 · Pot 12 · Reserve 0"``."""
        return self.stepper.status()


def quotation(item: WorkedExample) -> str:
    """The example's passages as a quotation naming its document (HTML).

    >>> from guts_teach.lessons.examples import example
    >>> "“The active pot is 6 counters" in quotation(example("six-counter"))
    True
    """
    cite = f'<cite class="guts-cite">{html.escape(item.cited)}</cite>'
    return f'<blockquote class="guts-quote">“{html.escape(item.quote)}” {cite}</blockquote>'


def _session_of(source: WorkedExample | Ledger | Session) -> Session:
    if isinstance(source, WorkedExample):
        return source.session()
    if isinstance(source, Ledger):
        return replay(source)
    if isinstance(source, Session):
        return source
    raise ArgumentError(
        'source must be a worked example (such as example("six-counter")), a Ledger or a '
        f"Session; got {shown(source)}"
    )
