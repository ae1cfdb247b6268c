"""What the workbook's sheets write and its reader reads back, kept apart from both so that
reading a book loads no sheet builder (and no openpyxl): the end-of-book row's words, the
columns and numbers both sides must agree on, and the Players and Evenings sheets' words.

>>> label_text(3), label_text(3.0), label_text(" 12 "), label_text(46024)
('3', '3', '12', '2026-01-02')
"""

from __future__ import annotations

import datetime
from typing import Any

from .layout import SEATS, SEATS_SHEET, Layout, col

END_OF_BOOK = "End of the book"
"""How the row after the deals the formulas read begins."""
END_COLUMNS = (1, Layout((), block=SEATS).note_col + 1)
"""Where the end-of-book words stand: in the hidden Problem column (AH), so that nothing
printed stands below the typed deals; in column A in books written before that."""


def end_row_words(cell: Any) -> Any:
    """``cell`` from each of :data:`END_COLUMNS` of a row (a function of the column), and
    the first of them that holds the end-of-book words, or None.

    >>> end_row_words({34: "End of the book: the formulas read the deals on rows 2 to 11"}.get)
    'End of the book: the formulas read the deals on rows 2 to 11'
    >>> end_row_words({1: 7}.get) is None
    True
    """
    for column in END_COLUMNS:
        value = cell(column)
        if isinstance(value, str) and value.startswith(END_OF_BOOK):
            return value
    return None


INSERTED = (
    "A row was inserted into Deals: the formulas do NOT read it. Delete it; to add a "
    "forgotten deal, copy the rows below where it belongs, paste them one row lower, and "
    "type it in the row that frees (see Start here)"
)
"""What the end-of-book row says, and the import, when a row was inserted into Deals."""
DEALER_COL = 12
"""Evenings column L: the evening's first dealer (a name; blank: the first player there)."""
DATES_FROM = 10_000
"""A label number this big is a date (10,000 is 1927-05-18): shown as YYYY-MM-DD."""
DATES_TO = 2_958_465
"""The last date a spreadsheet has (9999-12-31); a bigger label number, such as 20261103
typed for a date, stays the number it is."""
LABEL_FORMAT = f"[<{DATES_FROM}]General;yyyy-mm-dd"
"""How an evening's label cell shows what is typed: a date as YYYY-MM-DD (however it was typed,
and still after it is typed again: a spreadsheet keeps the format of a date first typed as
3/11/2026 otherwise), a smaller number as the number, text as typed."""
EPOCH = datetime.date(1899, 12, 30)
"""Day 0 of spreadsheet dates (Excel's 1900 system, as LibreOffice reads it)."""


def label_text(value: Any) -> str:
    """An evening label as text, as the workbook's formulas show it: a date as YYYY-MM-DD,
    a whole number without decimals, text trimmed (R12 labels are text in Python)."""
    if isinstance(value, datetime.datetime):
        value = value.date()
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, int | float) and not isinstance(value, bool):
        if DATES_FROM <= value <= DATES_TO and float(value).is_integer():
            return (EPOCH + datetime.timedelta(days=int(value))).isoformat()
        return str(int(value)) if float(value).is_integer() else repr(value)
    return str(value).strip()


FEW_THERE = "mark at least two players there (R11)"
DEALER_AWAY = "is not a player there this evening: name one of those with an x, or leave it blank"
"""What the Evenings sheet and the import say of too few players there, and of a first
dealer who is not there."""

NAME_ROW = 2
"""The Players sheet's row of seat 1 (the names are in column B, rows 2 to 11)."""
NOT_TEXT = "type a name, not a number"
FORMULA = "type the name itself, not a formula"
SAME = "the same name as seat {seat}: this seat takes no part"


def read_seats(column_b: list[Any]) -> list[tuple[int, Any]]:
    """The typed names with their seats (0-based), empty seats left out.

    >>> read_seats(["Ana", None, "  ", "Ben "])
    [(0, 'Ana'), (3, 'Ben')]
    """
    seated = []
    for s, value in enumerate(column_b[:SEATS]):
        if value is None or (isinstance(value, str) and not value.strip()):
            continue
        seated.append((s, value.strip() if isinstance(value, str) else value))
    return seated


SEAT_ROWS = {"seat": 1, "name": 2, "plays": 3, "order": 4, "same as": 5}
"""The Seats sheet's rows; seat ``s`` (0-based) is column ``s + 2``."""


def seat_cell(row: str, seat: int) -> str:
    """An absolute reference to a seat's cell on the Seats sheet."""
    return f"{SEATS_SHEET}!${col(seat + 2)}${SEAT_ROWS[row]}"


def header_formula(kind: str, s: int) -> str:
    """A Deals header: the block, a line break, the seat's name (or that it is empty)."""
    name = seat_cell("name", s)
    return f'="{kind}"&CHAR(10)&IF({seat_cell("plays", s)}=1,{name},"(seat {s + 1})")'


LARGEST = 40_000
"""The largest amount a Rules cell takes: a club's ante, cap or stack is far below it, and
a date typed by mistake (today's serial number is above 45,000) is refused."""
NOT_A_NUMBER = (
    "{value} is not a number, so the formulas cannot use it: type the amount as a number "
    "(2, 0.5 or 1/2)"
)
TOO_BIG = (
    "{value} is more than " + f"{LARGEST:,}" + ", the most a Rules amount takes (a date "
    "pasted here?): type the amount (2, 0.5 or 1/2)"
)
"""What the Status column says of an amount cell, and the import in the same words: a
date pasted into the cap is its serial number (46346), which the formulas would take for
a cap, and text they would pass over as if the cell were blank."""
