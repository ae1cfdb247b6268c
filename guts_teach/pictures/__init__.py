"""Pictures without a plotting library: cards, hands and the table as SVG (:mod:`.svg`), the
lessons' charts (:mod:`.charts`) and their colours (:mod:`.colours`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    # the lessons' charts: line, bar and heat charts as SVG, and show() to display them
    "Level": "charts",
    "PALETTE": "charts",
    "Series": "charts",
    "bar_chart": "charts",
    "heat_chart": "charts",
    "line_chart": "charts",
    "show": "charts",
    "heat_colour": "colours",
    "ink_on": "colours",
    "FOUR_COLOURS": "svg",
    "TWO_COLOURS": "svg",
    "card_svg": "svg",
    "hand_svg": "svg",
    "table_pictures": "svg",
    "table_svg": "svg",
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
    from .svg import FOUR_COLOURS as FOUR_COLOURS
    from .svg import TWO_COLOURS as TWO_COLOURS
    from .svg import card_svg as card_svg
    from .svg import hand_svg as hand_svg
    from .svg import table_pictures as table_pictures
    from .svg import table_svg as table_svg
