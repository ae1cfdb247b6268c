"""One four-colour deck setting that every card picture in the lesson follows.

Each widget that draws cards has a ``four_colour`` trait linked to :data:`DECK`, and shows a
switch (:func:`deck_switch`) that is linked to it too: ticking any switch redraws every card
on the page (diamonds blue, clubs green), and each switch shows the same setting.

>>> import ipywidgets as widgets
>>> class Cards(widgets.HBox):
...     four_colour = traitlets.Bool(False)
>>> one, two = Cards(), Cards()
>>> follow_deck(one), follow_deck(two)
(None, None)
>>> switch = deck_switch()
>>> switch.value = True
>>> one.four_colour and two.four_colour
True
>>> DECK.four_colour = False
"""

from __future__ import annotations

import ipywidgets as widgets
import traitlets

from .style import TextFallback


class DeckColours(traitlets.HasTraits):
    """The shared setting: two colours (red and black) or four."""

    four_colour = traitlets.Bool(False)


DECK = DeckColours()


def follow_deck(widget: widgets.Widget) -> None:
    """Keep ``widget.four_colour`` and the shared setting equal, either way round; a widget
    made with ``four_colour=True`` turns the shared setting on (for every picture)."""
    if widget.four_colour:
        DECK.four_colour = True
    traitlets.link((DECK, "four_colour"), (widget, "four_colour"))


class DeckSwitch(TextFallback, widgets.Checkbox):  # type: ignore[misc]
    """The four-colour switch (a checkbox), with a text stand-in naming it."""

    fallback_title = "The four-colour deck switch"


def deck_switch() -> widgets.Checkbox:
    """The visible switch: a checkbox bound to the shared setting."""
    switch = DeckSwitch(
        description="Four-colour deck (♦ blue, ♣ green)", indent=False, value=DECK.four_colour
    )
    switch.add_class("guts-four-colour")
    traitlets.link((DECK, "four_colour"), (switch, "value"))
    return switch
