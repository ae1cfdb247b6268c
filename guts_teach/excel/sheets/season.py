"""A season's results in the club workbook (R12): each evening's result
per player, each player's history, and the evening the summary and Settle up show.

*Evening results*: one row per evening of the Evenings sheet, each player's result that
evening (the net counter's change over the evening's deals, R8), blank for a player who was
not there. *History*: each player's balance after each evening (the starting stack, if any,
plus the results so far). Standings stay the season's: the sum over every evening.

The Evening summary's yellow cell picks an evening; blank, the whole book. A helper block on
the hidden Seats sheet holds, per seat, whether the player was there, the result and the
place, and Settle up settles those results (:mod:`._settle_native`).

>>> summary_cell("result", 0), summary_cell("rank", 9)
('Seats!$BH$3', 'Seats!$BQ$4')
"""

from __future__ import annotations

from openpyxl import Workbook

from ..book_words import seat_cell
from ..layout import (
    AMOUNT_FORMAT,
    CALC,
    EVENING,
    EVENING_ROWS,
    EVENINGS,
    HISTORY,
    RESULTS,
    SEATS,
    SEATS_SHEET,
    Layout,
    col,
)
from .chart import STACK
from .evenings import (
    FIRST_ROW_COL,
    LAST_ROW_COL,
    TEXT_COL,
    THERE_FROM,
    evening_range,
    label_formula,
    window,
)
from .formulas import head_style

SUMMARY_ROWS = {"present": 2, "result": 3, "rank": 4}
"""The Seats sheet's rows of the summary block; seat ``s`` is column ``FIRST + s`` (BH on),
a row like the seats' own rows, so that Settle up reads it as it read the final balances."""
FIRST = 60
CHOSEN = f"'{EVENING}'!$B$2"
"""The Evening summary's input cell: the evening it shows (blank: the whole book)."""
CHOSEN_AT = f"{SEATS_SHEET}!$BS$2"
"""The chosen evening's row among the evenings (0: the whole book, -1: not listed)."""


def summary_cell(name: str, seat: int) -> str:
    return f"{SEATS_SHEET}!${col(FIRST + seat)}${SUMMARY_ROWS[name]}"


def summary_range(name: str) -> str:
    r = SUMMARY_ROWS[name]
    return f"{SEATS_SHEET}!${col(FIRST)}${r}:${col(FIRST + SEATS - 1)}${r}"


def _result(layout: Layout, k: int, s: int) -> str:
    """Seat ``s``'s result on the ``k``-th evening: its net counter's change over the rows
    of that evening (the first Calc row on its own: it starts from 0)."""
    at = col(layout.calc("evening at"))
    net = col(layout.state_col(s))
    last = layout.last_row
    # Only the evening's own rows, from its first (row 3 at the earliest) to its last deal
    # (:data:`.evenings.FIRST_ROW_COL`): the rows of other evenings add nothing to the sum.
    first_row = f"MAX({EVENINGS}!${col(FIRST_ROW_COL)}${k + 1},3)"
    last_row = f"{EVENINGS}!${col(LAST_ROW_COL)}${k + 1}"
    rows = window(f"{CALC}!${at}$3:${at}${last}", first_row, last_row, 3)
    nets = window(f"{CALC}!${net}$3:${net}${last}", first_row, last_row, 3)
    before = window(f"{CALC}!${net}$2:${net}${last - 1}", first_row, last_row, 3)
    rest = f"IF({last_row}<3,0,SUMPRODUCT(({rows}={k})*({nets}-{before})))" if last >= 3 else "0"
    return f"({CALC}!${at}$2={k})*{CALC}!${net}$2+{rest}"


def season_sheets(book: Workbook, layout: Layout) -> None:
    """The Evening results and History sheets."""
    results, history = book.create_sheet(RESULTS), book.create_sheet(HISTORY)
    for sheet in (results, history):
        sheet.cell(1, 1, "Evening")
        for s in range(SEATS):
            plays = f"{seat_cell('plays', s)}=1"
            sheet.cell(1, 2 + s, f'=IF({plays},{seat_cell("name", s)},"(seat {s + 1})")')
        for cell in sheet[1]:
            head_style(cell)
        sheet.column_dimensions["A"].width = 12
        for s in range(SEATS):
            sheet.column_dimensions[col(2 + s)].width = 11
        sheet.freeze_panes = "B2"
        sheet.print_title_rows = "1:1"
    for r in range(2, 2 + EVENING_ROWS):
        k = r - 1
        label = f"{EVENINGS}!${col(TEXT_COL)}${r}"
        for sheet in (results, history):
            sheet.cell(r, 1, f'=IF({label}="","",{label})')
        for s in range(SEATS):
            there = f"{EVENINGS}!${col(THERE_FROM + s)}${r}=1"  # seated, and an x or a place
            result = _result(layout, k, s)
            cell = results.cell(r, 2 + s, f'=IF($A{r}="","",IF({there},{result},""))')
            cell.number_format = AMOUNT_FORMAT
            so_far = f"SUM('{RESULTS}'!{col(2 + s)}$2:{col(2 + s)}{r})"
            cell = history.cell(
                r, 2 + s, f'=IF(OR($A{r}="",{seat_cell("plays", s)}=0),"",{STACK}+{so_far})'
            )
            cell.number_format = AMOUNT_FORMAT


def summary_block(book: Workbook, layout: Layout) -> None:
    """Per seat, on the Seats sheet: there, result and place for the chosen evening."""
    helper = book[SEATS_SHEET]
    for name, r in SUMMARY_ROWS.items():
        helper.cell(r, FIRST - 1, f"summary {name}")
    helper.cell(1, FIRST + SEATS + 1, "chosen evening at")
    helper[CHOSEN_AT.split("!")[1].replace("$", "")] = (
        f'=IF({CHOSEN}="",0,IFERROR(MATCH({label_formula(CHOSEN)},{evening_range(TEXT_COL)},0),-1))'
    )
    last = layout.last_row
    results = f"'{RESULTS}'!$B$2:${col(1 + SEATS)}${1 + EVENING_ROWS}"
    for s in range(SEATS):
        c = FIRST + s
        plays = f"{seat_cell('plays', s)}=1"
        there = f"INDEX({evening_range(THERE_FROM + s)},{CHOSEN_AT})=1"
        helper.cell(
            SUMMARY_ROWS["present"],
            c,
            f"=IF({CHOSEN_AT}>0,IF(AND({plays},{there}),1,0),IF({plays},1,0))",
        )
        final = f"{CALC}!{col(layout.state_col(s))}{last}"
        evening = f"N(INDEX({results},{CHOSEN_AT},{s + 1}))"
        helper.cell(SUMMARY_ROWS["result"], c, f"=IF({CHOSEN_AT}>0,{evening},{final})")
        present, result = summary_range("present"), summary_range("result")
        mine = f"ROUND({summary_cell('result', s)},9)"
        ahead = (
            f"SUMPRODUCT({present}*((ROUND({result},9)>{mine})"
            f"+(ROUND({result},9)={mine})*(COLUMN({result})<{c})))"
        )
        helper.cell(SUMMARY_ROWS["rank"], c, f"=IF({summary_cell('present', s)}=1,1+{ahead},0)")
