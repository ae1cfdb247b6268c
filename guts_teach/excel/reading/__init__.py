"""Reading a club workbook back: a saved file opened within bounds (:mod:`.xlsx_read`), its
Deals sheet read into a ledger with errors naming sheet, row and column (:mod:`.reader`), its
evenings into a season (:mod:`.evening_reader`), and the whole file imported
(:mod:`.file_import`); the marks a treasurer types are checked in :mod:`._marks`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "book_from_grids": "evening_reader",
    "import_book": "file_import",
    "import_ledger": "file_import",
    "check_plain": "reader",
    "ledger_from_grids": "reader",
    "located_in_sheet": "reader",
    "read_deal_rows": "reader",
    "shown_headers": "reader",
    "open_bounded": "xlsx_read",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .evening_reader import book_from_grids as book_from_grids
    from .file_import import import_book as import_book
    from .file_import import import_ledger as import_ledger
    from .reader import check_plain as check_plain
    from .reader import ledger_from_grids as ledger_from_grids
    from .reader import located_in_sheet as located_in_sheet
    from .reader import read_deal_rows as read_deal_rows
    from .reader import shown_headers as shown_headers
    from .xlsx_read import open_bounded as open_bounded
