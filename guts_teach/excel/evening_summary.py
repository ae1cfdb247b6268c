"""The Evening summary: one printed page with who was there, each player's result and who
pays whom (issue 12, item 8).

Everything on it is a formula over the sheets the treasurer already has: the players
best first from the Standings' sorted view, the transfers from Settle up, and a line
saying whether the pot and the reserve are empty (R10: only then do the transfers settle
every balance).

>>> SUMMARY_ROWS["players"], SUMMARY_ROWS["transfers"]
(6, 18)
"""

from __future__ import annotations

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font

from .chart import SORTED_COL
from .formulas import TITLE_FONT, _head
from .layout import (
    AMOUNT_FORMAT,
    CALC,
    EVENING,
    RULES,
    SEATS,
    SETTLE,
    STANDINGS,
    Layout,
    col,
)

SUMMARY_ROWS = {"title": 1, "about": 2, "deals": 3, "table": 4, "players": 6, "transfers": 18}
"""Where the summary's parts start: the players' header row is ``players - 1``, the
transfers' header row ``transfers - 1``."""
BOLD = Font(bold=True)
CENTRED = Alignment(horizontal="center")


def summary_sheet(book: Workbook, layout: Layout) -> None:
    """The Evening summary sheet, for the whole book."""
    sheet = book.create_sheet(EVENING)
    rows = SUMMARY_ROWS
    w, last = layout.width, layout.last_row
    sheet.cell(rows["title"], 1, "Evening summary").font = TITLE_FONT
    sheet.cell(rows["about"], 1, f"=IF('{RULES}'!$B$11=\"\",\"\",'{RULES}'!$B$11)")
    so_far = f"{CALC}!{col(layout.calc('deals so far'))}{last}"
    sheet.cell(rows["deals"], 1, f'="Deals played: "&{so_far}&"    Players there: "&NPlayers')
    sheet.cell(rows["deals"], 1).font = BOLD
    top = rows["players"]
    for i, title in enumerate(("Place", "Player", "Result")):
        _head(sheet.cell(top - 1, 1 + i, title))
    for k in range(w):
        for i in range(3):
            source = f"'{STANDINGS}'!{col(SORTED_COL + i)}{k + 2}"
            cell = sheet.cell(top + k, 1 + i, f'=IF({source}="","",{source})')
            if i == 0:
                cell.alignment = CENTRED
            if i == 2:
                cell.number_format = AMOUNT_FORMAT
    first = rows["transfers"]
    for i, title in enumerate(("Transfer", "Who pays", "To whom", "Amount")):
        _head(sheet.cell(first - 1, 1 + i, title))
    for k in range(SEATS - 1):
        for i in range(4):
            source = f"'{SETTLE}'!{col(1 + i)}{k + 2}"
            cell = sheet.cell(first + k, 1 + i, f'=IF({source}="","",{source})')
            if i == 0:
                cell.alignment = CENTRED
            if i == 3:
                cell.number_format = f"{AMOUNT_FORMAT};-{AMOUNT_FORMAT};"
    note = f"'{SETTLE}'!B{w + 3}"
    sheet.cell(first + SEATS, 1, f"={note}")
    for letter, width in zip("ABCD", (10, 22, 22, 14), strict=True):
        sheet.column_dimensions[letter].width = width
