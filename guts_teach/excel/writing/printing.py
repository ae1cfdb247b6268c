"""How the club workbook prints, on A4 and on Letter.

Nothing is shrunk to fit: every sheet prints at a fixed scale that keeps the smallest
type at 8 pt or more (:data:`SCALES`, with fonts of 10 pt and up), landscape (but
:data:`PORTRAIT`). A sheet wider than a page prints on pages across, each repeating the
header row and the Deal column, with the break between blocks (Deals: the In and Won
marks on one page, the notes and problems on the next, the cards between them only in a
book that records them; the Ledger: each deal's story, then the balances). Deals and the
Ledger print only the rows that hold deals (20 empty rows in a new book); the helper sheets
are hidden.

>>> smallest_printed(SMALLEST_FONT, SCALES["Deals"]) >= MIN_POINTS
True
"""

from __future__ import annotations

from typing import Any

from openpyxl import Workbook
from openpyxl.worksheet.pagebreak import Break, ColBreak

from ..layout import (
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
SCALES = {START: 85, EVENINGS: 80, DEALS: 85, LEDGER: 85, RESULTS: 80, HISTORY: 80}
"""Print scales, in percent, of the sheets that need one; every other sheet prints at 100."""
PRINTED_ROWS = 20
"""Deal rows a new book prints (one page down, on A4 as on Letter, the Ledger's rows two
lines tall): the book's 1,000 rows would print dozens of pages of nothing. A book the
package writes prints the rows that hold deals (:func:`print_rows`); in a book typed by
hand the Start sheet works out the ranges to set (``workbook.printing_lines``)."""
PORTRAIT = (START, EVENING)
"""The sheets printed portrait: the Start sheet's long lines of text, the Evening summary."""
PRINTED_EVENINGS = 20
"""Evenings rows a book prints: one page."""
LEDGER_FIRST_PAGE_SEATS = 0
"""Balances on the Ledger's first page: none. It holds each deal's story (who dealt, who was
in and who won, on up to two lines, and the pot and reserve); the next page every seat's
balance and the chips check."""


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
    ledger.print_title_cols = "A:A"
    _break_after(deals, layout.first_cards - 1)
    _break_after(ledger, layout.balance_col(0) + LEDGER_FIRST_PAGE_SEATS - 1)
    book[MIRROR].sheet_state = "hidden"  # the bridge shows it when it writes (bridge.py)
    print_rows(book, layout, PRINTED_ROWS if layout.rows >= PRINTED_ROWS else layout.rows)


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


def print_rows(book: Workbook, layout: Layout, deals: int, *, cards: bool = False) -> None:
    """Print the Deals and Ledger sheets' header and their first ``deals`` rows only, in
    the ranges of :func:`print_ranges`."""
    for name, ranges in print_ranges(layout, deals, cards=cards).items():
        book[name].print_area = list(ranges)


def print_ranges(layout: Layout, deals: int, *, cards: bool = False) -> dict[str, tuple[str, ...]]:
    """The print ranges of Deals and the Ledger for ``deals`` rows: the Deals marks, then
    the notes and problems (the cards between them only for a book that records cards, so a
    club that records none prints no page of empty cells); the Ledger up to its chips check
    (its problems print on Deals, beside the notes).

    >>> print_ranges(Layout(("Ana", "Ben"), block=10), 60)
    {'Deals': ('A1:V61', 'AG1:AH61'), 'Ledger': ('A1:S61',)}
    >>> print_ranges(Layout(("Ana", "Ben"), block=10), 60, cards=True)["Deals"]
    ('A1:AH61',)
    """
    last = deals + 1
    notes = f"{col(layout.note_col)}1:{col(layout.note_col + 1)}{last}"
    marks = f"A1:{col(layout.first_cards - 1)}{last}"
    return {
        DEALS: (f"A1:{col(layout.note_col + 1)}{last}",) if cards else (marks, notes),
        LEDGER: (f"A1:{col(layout.check_col)}{last}",),
    }
