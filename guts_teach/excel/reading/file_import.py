"""A club workbook file read back into a ledger: bounded, sparse, and the rows the
Calc sheet's formulas read.

Any spreadsheet's saving is read (:mod:`.xlsx_read`): text kept as shared strings, rows
in any order. The Deals sheet may take at most :data:`~.xlsx_read.ROW_BYTES` of XML for
each row the formulas read, so the work of reading a file is bounded by the rows it says
it has, within :data:`~.layout.MAX_ROWS`. A book saved in LibreOffice's own format
(OpenDocument, .ods) is read within the same bounds (:mod:`.ods_read`), whatever the file is
called: what the zip holds tells the two apart.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from ...ledgers.ledger import Ledger
from ...ledgers.season import Season
from ..book_words import DATES_FROM, DATES_TO, DEALER_COL, INSERTED, end_row_words
from ..cells import WorkbookError
from ..layout import CALC, DEALS, EVENING_ROWS, EVENINGS, MAX_ROWS, PLAYERS, RULES, SEATS, Layout
from .evening_reader import book_from_grids
from .ods_read import OdsBook, is_ods, open_ods
from .reader import below_formulas, check_sheets
from .xlsx_read import PART_LIMITS, ROW_BYTES, XlsxBook, check_archive, open_bounded

EPOCH_1904 = datetime.date(1904, 1, 1)
"""Day 0 of a book that counts dates from 1904."""


@contextmanager
def open_book(path: str | os.PathLike[str]) -> Iterator[XlsxBook | OdsBook]:
    """The workbook file, .xlsx or .ods, checked and opened for reading."""
    with check_archive(path) as archive:
        ods = is_ods(archive)
    if ods:
        with open_ods(path, check_archive(path)) as book:
            yield book
    else:
        with open_bounded(path) as xlsx:
            yield xlsx


def _formula_rows(book: XlsxBook | OdsBook) -> int:
    """How many deal rows the Calc sheet's formulas read, within :data:`MAX_ROWS`."""
    if isinstance(book, OdsBook):
        said = book.formula_rows
        if said > MAX_ROWS:
            raise WorkbookError(
                f"sheet {DEALS!r} says the formulas read {said} deal rows, beyond the "
                f"{MAX_ROWS} a club workbook has; it is not a club workbook (or it is damaged)"
            )
        return said
    last = book.dimension(CALC)
    if last is None:  # no dimension recorded: the last row with a formula in column A
        rows = book.rows(CALC, kind="deals", row_budget=MAX_ROWS + 1)
        last = max((r for r, row in rows if 1 in row), default=1)
    if last - 1 > MAX_ROWS:
        raise WorkbookError(
            f"sheet {CALC!r} reaches row {last}, beyond the {MAX_ROWS} deal rows a club "
            "workbook has; it is not a club workbook (or it is damaged)"
        )
    return last - 1


def import_ledger(path: str) -> Ledger:
    """Read a club workbook file (.xlsx or .ods) back into a ledger, within sane bounds; a book
    whose deals name evenings is a season (:func:`import_book`)."""
    book = import_book(path)
    if isinstance(book, Season):
        raise WorkbookError(
            f"workbook {path!r} holds a season of {len(book.evenings)} evenings, not one "
            "ledger: read it with import_book (guts-teach workbook import writes a season file)"
        )
    return book


def import_book(path: str) -> Ledger | Season:
    """Read a club workbook file (.xlsx, or .ods as LibreOffice saves it): a ledger, or a
    season when its deals name evenings on sheet 'Evenings' (R12)."""
    with open_book(path) as book:
        check_sheets(book.sheetnames, path)
        formula_rows = _formula_rows(book)
        rules_cells = {(r, c): v for r, row in book.rows(RULES) for c, v in row.items()}
        names = {r: row.get(2) for r, row in book.rows(PLAYERS) if r <= 12}
        evening_rows = [
            [row.get(c) for c in range(1, DEALER_COL + 1)]
            for r, row in _padded(book.rows(EVENINGS), 2, 1 + EVENING_ROWS)
        ]
        deals = book.rows(
            DEALS,
            kind="deals",
            limit=PART_LIMITS["small sheet"] + ROW_BYTES * formula_rows,
            # the rows it has earn the budget, up to the rows the formulas read (and the
            # header and end-of-book rows): the Calc sheet's claim alone earns nothing
            row_budget=formula_rows + 2,
        )
    _check_end_row(deals, formula_rows)
    evening_col = Layout((), block=SEATS).evening_col
    if book.date1904:
        evening_rows = [[dated_1904(row[0]), *row[1:]] for row in evening_rows]
        deals = [
            (r, {**row, evening_col: dated_1904(row.get(evening_col))})
            if evening_col in row
            else (r, row)
            for r, row in deals
        ]
    players = [names.get(r) for r in range(2, 13)]
    width = Layout((), block=SEATS).note_col  # the Deals columns, up to the Note
    headers: list[Any] = []
    deal_rows: list[list[Any]] = []
    for r, row in deals:
        cells = [row.get(c) for c in range(1, width + 1)]
        if r == 1:
            headers = cells
        elif r == formula_rows + 2 and end_row_words(row.get):
            continue  # the workbook's own end-of-book row
        elif r > formula_rows + 1:
            raise below_formulas(r, min(row), formula_rows + 1)
        else:
            deal_rows.extend([[]] * (r - 2 - len(deal_rows)))
            deal_rows.append(cells)
    return book_from_grids(
        lambda row, column: rules_cells.get((row, column)),
        players,
        deal_rows,
        formula_rows,
        headers=headers,
        evening_rows=evening_rows,
    )


def dated_1904(value: Any) -> Any:
    """An evening label as a book that counts dates from 1904 holds it: a date number
    becomes the date it shows there (so the label reads as in the book's own formulas,
    which know the book's date system); anything else stays as it is.

    >>> dated_1904(45_000), dated_1904(3), dated_1904("final")
    (datetime.date(2027, 3, 16), 3, 'final')
    """
    is_number = isinstance(value, int | float) and not isinstance(value, bool)
    if is_number and DATES_FROM <= value <= DATES_TO and float(value).is_integer():
        return EPOCH_1904 + datetime.timedelta(days=int(value))
    return value


def _check_end_row(rows: list[tuple[int, dict[int, Any]]], formula_rows: int) -> None:
    """Refuse a book whose Deals rows moved against the formulas: a row inserted (which
    no formula reads) or deleted, as the end-of-book row's place shows."""
    expected = formula_rows + 2
    for r, row in rows:
        if r != expected and end_row_words(row.get):
            if r > expected:
                raise WorkbookError(f"sheet {DEALS!r}, row {r}: {INSERTED}")
            raise WorkbookError(
                f"sheet {DEALS!r}, row {r}: a row was deleted from Deals, and the formulas "
                "lost it; undo the deletion (or use a copy saved before), and clear a row's "
                "cells instead of deleting it"
            )


def _padded(rows: Iterable[tuple[int, dict[int, Any]]], first: int, last: int) -> list[Any]:
    """Sparse rows ``first`` to ``last`` as a full list of (row, cells), empty ones too."""
    found = dict(rows)
    return [(r, found.get(r, {})) for r in range(first, last + 1)]
