"""Standings' sorted view and the balance chart.

The sorted view lists the players best first by formulas that work in every Excel and
LibreOffice (no SORT): each seat's position is one more than the number of seated players
ahead of it, by balance and then by seat, and row ``k`` shows the seat in position ``k``;
equal balances share a place. The chart is drawn from a helper block on the hidden Seats
sheet: the starting stacks (0 for net counters) at deal 0, then the balances after each
deal played. Rows not played are ``#N/A``, which neither program draws; the chart is a
scatter of balance against deals played, so its axis ends at the last deal played, not at
the last row of the book. An empty seat's series has a blank name and no points.

The chart has no legend: a legend lists every series, so the empty seats would show as
blank swatches, and which entries to hide cannot follow the names a club types (a
legend entry is deleted once, when the file is written). Instead each seat's line has
its own colour (:data:`SEAT_COLOURS`) and the players' names beside the chart, in the
seat-order table and in the sorted view, are written in their line's colour, so a club
with any two to ten names reads the chart without a legend and sees no empty seat.

>>> chart_row(0), chart_row(40)
(1030, 1070)
"""

from __future__ import annotations

from typing import Any

from openpyxl import Workbook
from openpyxl.chart import Reference, ScatterChart, Series
from openpyxl.chart.data_source import StrRef
from openpyxl.chart.series import SeriesLabel
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Font

from ..book_words import seat_cell
from ..layout import AMOUNT_FORMAT, CALC, SEATS, SEATS_SHEET, Layout, col
from .formulas import head_style

STACK = 'IF(Stack="",0,Stack)'
CHART_TOP = (1 << SEATS) + 5
"""The Seats sheet's row of the chart's series names; deal 0 is the row below. It lies below
the settle-up table (:mod:`._settle_native`, rows 2 to 1025), so the chart's rows, one per
deal, hold nothing else and a file can write them from their pattern (:mod:`.row_stream`)."""
RANK_ROW = 6
"""The Seats sheet's row of each seat's position in the sorted view."""
SEAT_COLOURS = (
    "1565C0",
    "E65100",
    "2E7D32",
    "C62828",
    "6A1B9A",
    "00838F",
    "AD1457",
    "5D4037",
    "9E9D24",
    "37474F",
)
"""Each seat's line colour, and its name's colour in the Standings tables."""
SORTED_COL = 5
"""The Standings column where the sorted view starts (E)."""


def chart_row(deal_row: int) -> int:
    """The Seats sheet's chart row for the ``deal_row``-th Deals row (0: the start)."""
    return CHART_TOP + 1 + deal_row


def sorted_view(sheet: Any, layout: Layout) -> None:
    """Place | Player | Balance, best first, beside the seat-order table."""
    helper = sheet.parent[SEATS_SHEET]
    w, last = layout.width, layout.last_row
    finals = (
        f"ROUND({CALC}!${col(layout.state_col(0))}${last}:${col(layout.state_col(w - 1))}${last},9)"
    )
    seats = f"{SEATS_SHEET}!$B$1:${col(w + 1)}$1"
    helper.cell(RANK_ROW, 1, "sorted position")
    for s in range(w):
        mine = f"ROUND({CALC}!{col(layout.state_col(s))}{last},9)"
        ahead = f"SUMPRODUCT(SeatOn*(({finals}>{mine})+({finals}={mine})*({seats}<{s + 1})))"
        helper.cell(RANK_ROW, s + 2, f"=IF({seat_cell('plays', s)}=1,1+{ahead},0)")
    first = SORTED_COL
    for i, title in enumerate(("Place", "Player (best first)", "Balance")):
        head_style(sheet.cell(1, first + i, title))
    ranks = f"{SEATS_SHEET}!$B${RANK_ROW}:${col(w + 1)}${RANK_ROW}"
    for k in range(1, w + 1):
        r = k + 1
        seat = f"MATCH({k},{ranks},0)"
        shown = f'=IFERROR(INDEX({{}},{seat}),"")'
        sheet.cell(r, first, shown.format(f"$C$2:$C${w + 1}"))
        sheet.cell(r, first + 1, shown.format(f"$A$2:$A${w + 1}"))
        balance = sheet.cell(r, first + 2, shown.format(f"$B$2:$B${w + 1}"))
        balance.number_format = AMOUNT_FORMAT
    sheet.column_dimensions[col(first + 1)].width = 20
    sheet.column_dimensions[col(first + 2)].width = 12


def _chart_block(book: Workbook, layout: Layout) -> None:
    """Deals played and each seat's balance, one row per Deals row, on the Seats sheet."""
    helper = book[SEATS_SHEET]
    used = col(layout.calc("used"))
    so_far = col(layout.calc("deals so far"))
    helper.cell(CHART_TOP, 1, "deals played")
    helper.cell(chart_row(0), 1, 0)
    for s in range(layout.width):
        plays = f"{seat_cell('plays', s)}=1"
        helper.cell(CHART_TOP, s + 2, f'=IF({plays},{seat_cell("name", s)}," ")')
        helper.cell(chart_row(0), s + 2, f"=IF({plays},{STACK},NA())")
    for k in range(1, layout.drawn_rows + 1):
        r, calc = chart_row(k), k + 1
        on = f"{CALC}!{used}{calc}=1"
        helper.cell(r, 1, f"=IF({on},{CALC}!{so_far}{calc},NA())")
        for s in range(layout.width):
            state = f"{CALC}!{col(layout.state_col(s))}{calc}"
            plays = f"{seat_cell('plays', s)}=1"
            helper.cell(r, s + 2, f"=IF(AND({on},{plays}),{STACK}+{state},NA())")


def balance_chart(book: Workbook, sheet: Any, layout: Layout, chart_deals: int) -> None:
    """Each player's balance against the deals played, from the start."""
    _chart_block(book, layout)
    helper = book[SEATS_SHEET]
    last = chart_row(min(layout.rows, chart_deals))
    chart = ScatterChart()
    chart.title = "Balances, deal by deal: each line in its player's colour"
    chart.style = 2
    chart.x_axis.title = "deals played"
    chart.y_axis.title = "balance"
    chart.height, chart.width = 10, 22
    chart.x_axis.tickLblPos = "low"  # numbers below the plot, even for negative balances
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    chart.x_axis.majorGridlines = None
    xs = Reference(helper, min_col=1, min_row=chart_row(0), max_row=last)
    for s in range(layout.width):
        ys = Reference(helper, min_col=s + 2, min_row=chart_row(0), max_row=last)
        series = Series(ys, xs)
        series.tx = SeriesLabel(strRef=StrRef(f"{SEATS_SHEET}!${col(s + 2)}${CHART_TOP}"))
        series.marker.symbol = "none"
        series.smooth = False
        series.graphicalProperties.line.solidFill = SEAT_COLOURS[s]
        series.graphicalProperties.line.width = 28575  # 2.25 pt
        chart.series.append(series)
    chart.legend = None  # the names beside the chart are in their lines' colours
    sheet.add_chart(chart, f"A{layout.width + 4}")
    name_colours(sheet, layout)


def name_colours(sheet: Any, layout: Layout) -> None:
    """Each player's name in their line's colour: fixed in the seat-order table (column A),
    by a rule per seat in the sorted view, whose rows change as the balances do."""
    names = f"{col(SORTED_COL + 1)}2:{col(SORTED_COL + 1)}{layout.width + 1}"
    for s in range(layout.width):
        font = Font(bold=True, color=SEAT_COLOURS[s])
        sheet.cell(s + 2, 1).font = font
        same = f'AND(${col(SORTED_COL + 1)}2<>"",${col(SORTED_COL + 1)}2={seat_cell("name", s)})'
        sheet.conditional_formatting.add(names, FormulaRule(formula=[same], font=font))
