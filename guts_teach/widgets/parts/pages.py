"""Pages of HTML shown one at a time with Back and Next: a long game as a stepper.

Notebook 05's whole games were pages of pictures, one under the other, eight screens long; as
:class:`Pages` each round is a page of its own, and a slide shows one at a time. The pages are
drawn in both colourings of the cards, so they follow the shared four-colour switch.

>>> book = Pages(lambda four: [f"<p>page {n}</p>" for n in (1, 2)], title="Two pages")
>>> book.status.value, book.back_button.disabled
('<div class="guts-status">Page 1 of 2</div>', True)
>>> book.next_button.click(); book.page.value, book.next_button.disabled
('<p>page 2</p>', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from ...game.errors import ArgumentError
from .access import live, refocus
from .deck import follow_deck
from .style import CSS, TextFallback


class Pages(TextFallback, widgets.VBox):  # type: ignore[misc]
    """``draw(four_colour)`` gives the pages' HTML; ``index`` is the page on show."""

    index = traitlets.Int(0)
    four_colour = traitlets.Bool(False)

    def __init__(self, draw: Callable[[bool], Sequence[str]], *, title: str, **kwargs: Any) -> None:
        self.fallback_title = title
        self._drawn = {four: list(draw(four)) for four in (False, True)}
        if not self._drawn[False]:
            raise ArgumentError("Pages needs at least one page")
        self.back_button = widgets.Button(description="◀ Back", tooltip="The page before")
        self.next_button = widgets.Button(
            description="Next ▶", tooltip="The next page", button_style="success"
        )
        self.back_button.add_class("guts-back")
        self.next_button.add_class("guts-next")
        self.status = widgets.HTML()
        self.status.add_class("guts-status-line")
        self.page = widgets.HTML()
        self.page.add_class("guts-page")
        self.back_button.on_click(lambda _: self._turn(-1))
        self.next_button.on_click(lambda _: self._turn(1))
        refocus(self.back_button, lambda: [self.next_button])
        live(self.status)
        super().__init__(
            [
                widgets.HTML(CSS),
                self.status,
                widgets.HBox([self.back_button, self.next_button]),
                self.page,
            ],
            **kwargs,
        )
        self.add_class("guts-panel")
        self.add_class("guts-pages")
        follow_deck(self)
        self._show()

    def _turn(self, by: int) -> None:
        self.index = max(0, min(self.index + by, len(self._drawn[False]) - 1))

    @traitlets.observe("index", "four_colour")
    def _show(self, _change: Any = None) -> None:
        pages = self._drawn[self.four_colour]
        self.status.value = f'<div class="guts-status">Page {self.index + 1} of {len(pages)}</div>'
        self.page.value = pages[self.index]
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(pages) - 1
