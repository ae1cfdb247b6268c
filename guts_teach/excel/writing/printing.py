"""How the club workbook prints, on A4 and on Letter.

Nothing is shrunk to fit: every sheet prints at a fixed scale that keeps the smallest
type at 8 pt or more (:data:`SCALES`, with fonts of 10 pt and up), landscape (but
:data:`PORTRAIT`). Deals is wider than a page: it prints on pages across, each repeating the
header row and the Deal column: the Deal number, the Evening, the In and Won marks and the
Note fit one page across; the cards' columns are folded away in a new book, and a book that
records cards prints them after the marks, beside the notes (:func:`show_cards`). The
helper sheets are hidden.

Deals prints every row typed on it, and only those, with no print range to set, as the rows
grow: LibreOffice prints a sheet that has no print range up to its last row that holds
something (:mod:`..sheets.deals` keeps every row below the typed deals empty of anything a
printer counts), and Excel reads a print area worked out by formula (:func:`typed_area`),
which LibreOffice leaves aside. The Ledger prints nothing: a row for every deal the book has
room for holds a formula, so its printout could not stop at the last deal; its figures
print on the Evening summary, the Standings and Settle up.

>>> smallest_printed(SMALLEST_FONT, SCALES["Deals"]) >= MIN_POINTS
True
"""

from __future__ import annotations

from typing import Any

from openpyxl import Workbook
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.pagebreak import Break, ColBreak

from ..layout import (
    CALC,
    DEALS,
    EVENING,
    EVENINGS,
    HISTORY,
    LEDGER,
    MIRROR,
    RESULTS,
    SEATS,
    START,
    Layout,
    col,
)

MIN_POINTS = 8
"""The smallest type a printed page may show."""
SMALLEST_FONT = 10
"""The smallest font any printed cell uses (the Deals headers)."""
SCALES = {START: 85, EVENINGS: 80, DEALS: 80, LEDGER: 85, RESULTS: 80, HISTORY: 80}
"""Print scales, in percent, of the sheets that need one; every other sheet prints at 100."""
PORTRAIT = (START, EVENING)
"""The sheets printed portrait: the Start sheet's long lines of text, the Evening summary."""
PRINTED_EVENINGS = 20
"""Evenings rows a book prints: one page."""


def smallest_printed(points: float, scale: int) -> float:
    """The printed size of ``points``-point type at ``scale`` percent."""
    return points * scale / 100


def page_setup(book: Workbook, layout: Layout) -> None:
    """Landscape, fixed scales, margins, repeated headers and the breaks across."""
    for sheet in book.worksheets:
        setup = sheet.page_setup
        setup.orientation = "portrait" if sheet.title in PORTRAIT else "landscape"
        setup.scale = SCALES.get(sheet.title, 100)
        setup.pageOrder = "overThenDown"
        sheet.sheet_properties.pageSetUpPr.fitToPage = False
        margins = sheet.page_margins
        margins.left = margins.right = 0.4
        margins.top = margins.bottom = 0.5
        margins.header = margins.footer = 0.3
        if sheet.title not in (START, DEALS, LEDGER):
            sheet.print_options.horizontalCentered = True
    deals, ledger = book[DEALS], book[LEDGER]
    print_evenings(book, PRINTED_EVENINGS)
    deals.print_title_cols = "A:A"
    book[MIRROR].sheet_state = "hidden"  # the bridge shows it when it writes (bridge.py)
    deals.defined_names[PRINT_AREA] = DefinedName(
        PRINT_AREA, localSheetId=book.worksheets.index(deals), attr_text=typed_area(layout)
    )
    ledger.print_area = NOTHING


PRINT_AREA = "_xlnm.Print_Area"
NOTHING = "A1048576"
"""The Ledger's print area: one empty cell, and a page with nothing on it is not printed."""


def typed_area(layout: Layout) -> str:
    """Deals' print area as Excel reads it: the header and every row up to the last that
    holds anything (a gap left in the deals prints too), up to the Note column.

    >>> typed_area(Layout(("Ana", "Ben"), 40, block=10))
    'OFFSET(Deals!$A$1,0,0,MAX(2,SUMPRODUCT(MAX((Calc!$A$2:$A$41>0)*ROW(Calc!$A$2:$A$41)))),33)'
    """
    letter = col(layout.calc("content"))
    content = f"{CALC}!${letter}$2:${letter}${layout.last_row}"
    last = f"SUMPRODUCT(MAX(({content}>0)*ROW({content})))"
    return f"OFFSET({DEALS}!$A$1,0,0,MAX(2,{last}),{layout.note_col})"


def show_cards(book: Workbook, layout: Layout) -> None:
    """Show the Deals cards' columns, for a book that records cards (a new book keeps them
    folded away, so that Deals prints one page across), and print them on pages of their
    own, after the In and Won marks."""
    deals = book[DEALS]
    # The cards' columns are one grouped column entry (:func:`..sheets.deals.deals_sheet`),
    # which its first column names: an entry for any other column would overlap it.
    deals.column_dimensions[col(layout.first_cards)].hidden = False
    _break_after(deals, layout.first_cards - 1)


def _break_after(sheet: Any, column: int) -> None:
    """A manual page break after ``column`` (1-based)."""
    breaks = ColBreak()
    breaks.append(Break(id=column))
    sheet.col_breaks = breaks


def print_evenings(book: Workbook, evenings: int) -> None:
    """Print the first ``evenings`` rows of the Evenings, Evening results and History sheets."""
    book[EVENINGS].print_area = f"A1:R{1 + evenings}"
    for name in (RESULTS, HISTORY):
        book[name].print_area = f"A1:{col(1 + SEATS)}{1 + evenings}"
