"""Pictures without a plotting library: cards, hands and the table as SVG (:mod:`.svg`), the
lessons' charts (:mod:`.charts`) and their colours (:mod:`.colours`).

Its user API, by what it is for:

- the lessons' charts, as SVG: :func:`line_chart` (of :class:`Series`, with :class:`Level`
  lines), :func:`bar_chart`, :func:`heat_chart`, in the colours of :data:`PALETTE`, and
  :func:`show` to display them in a notebook;
- colours for a notebook's own pictures: :func:`heat_colour`, :func:`ink_on`;
- cards and hands drawn: :func:`card_svg`, :func:`hand_svg`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The user's API, by intent: each name with the module that holds it, loaded on first use
# (importing one module of the package loads none of the others). Whatever else the package
# holds is internal: the package's own code imports it from its module.
_HOMES = {
    # The lessons' charts, as SVG, and show() to display them
    "line_chart": "charts",
    "bar_chart": "charts",
    "heat_chart": "charts",
    "Series": "charts",
    "Level": "charts",
    "PALETTE": "charts",
    "show": "charts",
    # Colours for a notebook's own pictures
    "heat_colour": "colours",
    "ink_on": "colours",
    # Cards and hands drawn
    "card_svg": "svg",
    "hand_svg": "svg",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .charts import PALETTE as PALETTE
    from .charts import Level as Level
    from .charts import Series as Series
    from .charts import bar_chart as bar_chart
    from .charts import heat_chart as heat_chart
    from .charts import line_chart as line_chart
    from .charts import show as show
    from .colours import heat_colour as heat_colour
    from .colours import ink_on as ink_on
    from .svg import card_svg as card_svg
    from .svg import hand_svg as hand_svg
