"""The Evening summary: one printed page with who was there, each player's result and who
pays whom.

The yellow cell B2 picks an evening of sheet 'Evenings' (blank: the whole book). Everything
else is a formula: the players there, best first, with their result that evening (for the
whole book, their balance), who was not there, the transfers from Settle up, which settles the same
results, and a line saying whether those transfers settle everything or, when chips came in
from the evening before or stay on the table, how many (R10, R12).

>>> SUMMARY_ROWS["players"], SUMMARY_ROWS["transfers"]
(6, 18)
"""

from __future__ import annotations

from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font

from ..book_words import seat_cell
from ..layout import (
    AMOUNT_FORMAT,
    CALC,
    EVENING,
    EVENINGS,
    RULES,
    SEATS,
    SETTLE,
    Layout,
    col,
)
from .deals import EVENING_LIST
from .evenings import DEALS_COL, evening_range
from .formulas import INPUT_FILL, TITLE_FONT, UNLOCKED, drop_down, head_style
from .season import CHOSEN_AT, summary_range

SUMMARY_ROWS = {"title": 1, "chosen": 2, "deals": 3, "players": 6, "transfers": 18}
"""Where the summary's parts start: the players' header row is ``players - 1``, the
transfers' header row ``transfers - 1``."""
BOLD = Font(bold=True)
CENTRED = Alignment(horizontal="center")


def summary_sheet(book: Workbook, layout: Layout) -> None:
    """The Evening summary sheet: the evening typed in B2, or the whole book."""
    sheet = book.create_sheet(EVENING)
    rows = SUMMARY_ROWS
    w, last = layout.width, layout.last_row
    sheet.cell(rows["title"], 1, "Evening summary").font = TITLE_FONT
    sheet.cell(rows["title"], 3, f"=IF('{RULES}'!$B$11=\"\",\"\",'{RULES}'!$B$11)").font = BOLD
    sheet.cell(rows["chosen"], 1, "Evening").font = BOLD
    chosen = sheet.cell(rows["chosen"], 2)
    chosen.fill, chosen.protection, chosen.font = INPUT_FILL, UNLOCKED, BOLD
    chosen.alignment = CENTRED
    _chosen_list(sheet)
    sheet.cell(
        rows["chosen"],
        3,
        f'=IF({CHOSEN_AT}=0,"blank: the whole book",'
        f'IF({CHOSEN_AT}<0,"not on sheet \'{EVENINGS}\'",""))',
    )
    played = f"INDEX({evening_range(DEALS_COL)},{CHOSEN_AT})"
    so_far = f"{CALC}!{col(layout.calc('deals so far'))}{last}"
    deals = f"IF({CHOSEN_AT}>0,{played},{so_far})"
    sheet.cell(
        rows["deals"],
        1,
        f'="Deals played: "&{deals}&"    Players there: "&SUM({summary_range("present")})',
    ).font = BOLD
    sheet.cell(rows["deals"] + 1, 1, absent_formula()).font = BOLD
    top = rows["players"]
    for i, title in enumerate(("Place", "Player", "Result")):
        head_style(sheet.cell(top - 1, 1 + i, title))
    ranks, results = summary_range("rank"), summary_range("result")
    for k_row in range(w):
        r = top + k_row
        seat = f"MATCH({k_row + 1},{ranks},0)"
        mine = f"ROUND(INDEX({results},{seat}),9)"
        place = f"1+SUMPRODUCT({summary_range('present')}*(ROUND({results},9)>{mine}))"
        # Net, for one evening as for the whole book (as replay's season total is): the
        # starting stack is nobody's result.
        shown = f"INDEX({results},{seat})"
        for i, value in enumerate((place, f"INDEX(PlayerNames,{seat})", shown)):
            cell = sheet.cell(r, 1 + i, f'=IFERROR({value},"")')
            if i == 0:
                cell.alignment = CENTRED
            if i == 2:
                cell.number_format = AMOUNT_FORMAT
    first = rows["transfers"]
    for i, title in enumerate(("Transfer", "Who pays", "To whom", "Amount")):
        head_style(sheet.cell(first - 1, 1 + i, title))
    for k in range(SEATS - 1):
        for i in range(4):
            source = f"'{SETTLE}'!{col(1 + i)}{k + 2}"
            cell = sheet.cell(first + k, 1 + i, f'=IF({source}="","",{source})')
            if i == 0:
                cell.alignment = CENTRED
            if i == 3:
                cell.number_format = f"{AMOUNT_FORMAT};-{AMOUNT_FORMAT};"
    note = sheet.cell(first + SEATS, 1, f"='{SETTLE}'!B{w + 3}")
    note.alignment = Alignment(wrap_text=True, vertical="top")
    sheet.merge_cells(start_row=first + SEATS, start_column=1, end_row=first + SEATS, end_column=4)
    sheet.row_dimensions[first + SEATS].height = 80
    sheet.print_area = f"A1:D{first + SEATS}"
    for letter, width in zip("ABCD", (10, 22, 22, 14), strict=True):
        sheet.column_dimensions[letter].width = width
    sheet.row_dimensions[rows["title"]].height = 24


def absent_formula() -> str:
    """Who was not there on the evening picked (seated players without an x for it)."""
    present = summary_range("present")
    names = "&".join(
        f"IF(AND({seat_cell('plays', s)}=1,INDEX({present},{s + 1})=0),"
        f'", "&INDEX(PlayerNames,{s + 1}),"")'
        for s in range(SEATS)
    )
    return (
        f'=IF({CHOSEN_AT}>0,IF(LEN({names})>0,"Not there: "&MID({names},3,999),'
        '"Everyone was there"),"")'
    )


def _chosen_list(sheet: Any) -> None:
    """The evening cell's drop-down: the evenings of sheet 'Evenings'."""
    pick = drop_down(
        EVENING_LIST,
        "B2",
        "Which evening?",
        "Pick an evening for its summary; leave blank for the whole book.",
        f"This summary shows the evenings listed on sheet '{EVENINGS}'.",
        strict=False,
    )
    sheet.add_data_validation(pick)
