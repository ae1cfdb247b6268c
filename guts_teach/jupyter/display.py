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


def figure_alt(fig: Any) -> str:
    """A text alternative for a matplotlib figure, from its axes' titles, labels and legends.

    >>> class Axes:
    ...     def get_title(self): return "Pot"
    ...     def get_xlabel(self): return "deal"
    ...     def get_ylabel(self): return "counters"
    ...     def get_legend_handles_labels(self): return [], ["pot", "reserve"]
    >>> class Figure:
    ...     axes = [Axes()]
    >>> figure_alt(Figure())
    'Chart: Pot; counters (pot, reserve) against deal.'
    """
    parts = []
    for axes in fig.axes:
        lines = axes.get_legend_handles_labels()[1]
        title = axes.get_title()
        words = (f"{title}; " if title else "") + (axes.get_ylabel() or "values")
        words += f" ({', '.join(lines)})" if lines else ""
        parts.append(words + (f" against {axes.get_xlabel()}" if axes.get_xlabel() else ""))
    return "Chart: " + ". ".join(parts) + "."


def figure_html(fig: Any, alt: str = "") -> str:
    """A matplotlib figure as an HTML ``<img>`` (a PNG) with a text alternative (``alt``, or
    one made by :func:`figure_alt`); the figure is closed, so it is not drawn a second time."""
    import base64
    import io
    from html import escape

    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    text = escape(alt or figure_alt(fig), quote=True)
    return f'<img alt="{text}" style="max-width:100%" src="data:image/png;base64,{data}">'


def show_figure(fig: Any, alt: str = "") -> None:
    """Show a matplotlib figure in the notebook as :func:`figure_html` draws it."""
    from IPython.display import HTML, display

    display(HTML(figure_html(fig, alt)))  # type: ignore[no-untyped-call]
