"""Card pictures drawn once into a notebook that still follow the four-colour switch.

A notebook that shows, say, every player's cards at a round of Shelby draws them once; drawn
as plain HTML they would stay two-colour when the learner ticks the four-colour switch. A
:class:`CardPictures` draws them in both colourings at once and shows the one the shared
setting (:mod:`.deck`) asks for.

>>> from guts_teach.game.cards.deck import parse_cards
>>> from guts_teach.pictures.svg import hand_svg
>>> from guts_teach.widgets.parts.deck import DECK
>>> cards = parse_cards("Qd Qc")
>>> picture = CardPictures(lambda four: hand_svg(cards, four_colour=four), title="Two queens")
>>> DECK.four_colour = True
>>> picture.value == hand_svg(cards, four_colour=True)
True
>>> DECK.four_colour = False
>>> picture.value == hand_svg(cards)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import traitlets

from .deck import follow_deck
from .style import TextFallback


class CardPictures(TextFallback, widgets.HTML):  # type: ignore[misc]
    """HTML with card pictures, drawn by ``draw(four_colour)`` in each colouring; ``title``
    says what they show (the widget's text stand-in)."""

    four_colour = traitlets.Bool(False)

    def __init__(self, draw: Callable[[bool], str], *, title: str, **kwargs: Any) -> None:
        self.fallback_title = title
        self._drawn = {False: draw(False), True: draw(True)}
        super().__init__(**kwargs)
        follow_deck(self)
        self._show()

    @traitlets.observe("four_colour")
    def _show(self, _change: Any = None) -> None:
        self.value = self._drawn[self.four_colour]
