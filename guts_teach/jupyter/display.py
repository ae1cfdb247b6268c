"""Cards and hands as pictures in notebooks: IPython display for the rules core's objects.

The rules core knows nothing of pictures. This adapter tells IPython how to show a
:class:`~guts_teach.game.cards.deck.Card` and any two- or three-card hand as SVG (drawn by
:mod:`guts_teach.pictures.svg`), by the classes' names, so that nothing is imported before a picture
is asked for. ``import guts_teach`` calls :func:`register` by itself inside IPython (a
notebook, JupyterLab, Voilà); ``%load_ext guts_teach`` does the same by hand.

>>> class Formatter:
...     def __init__(self): self.printers = {}
...     def for_type_by_name(self, module, name, printer): self.printers[name] = printer
>>> svg = Formatter()
>>> register({"image/svg+xml": svg})
>>> from guts_teach import card
>>> svg.printers["Card"](card("Qs")).startswith("<svg")
True
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

SVG = "image/svg+xml"


def card_picture(one: Any) -> str:
    """A card as SVG."""
    from ..pictures.svg import card_svg

    return str(card_svg(one))


def hand_picture(held: Any) -> str:
    """A hand as SVG, with its name."""
    from ..pictures.svg import hand_svg

    return str(hand_svg(held.cards, held.name))


PICTURES = (
    ("guts_teach.game.cards.deck", "Card", card_picture),
    ("guts_teach.game.cards.hands", "HandOrder", hand_picture),  # two- and three-card hands alike
)


def register(formatters: Mapping[str, Any]) -> None:
    """Teach an IPython display formatter (``shell.display_formatter.formatters``) the pictures."""
    for module, name, picture in PICTURES:
        formatters[SVG].for_type_by_name(module, name, picture)


def register_with_running_ipython() -> None:
    """:func:`register` with the IPython shell this process runs, if any (never imports IPython)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None:
        register(shell.display_formatter.formatters)
