"""The club workbook: an Excel ledger with native formulas, Python-backed custom functions
and an xlwings bridge. Writing a book needs the ``workbook`` extra (openpyxl); reading one
needs nothing beyond the package; the xlwings side needs the ``excel`` extra (xlwings too).
The rules core never imports any of it.

Its user API, by what it is for:

- a club workbook written (atomically) from a ledger, a season or a Shelby game:
  :func:`export_ledger`, :func:`export_season`, :func:`export_shelby`;
- a club workbook read back: :func:`import_ledger` (its Deals sheet as a ledger),
  :func:`import_book` (a ledger or, when its deals name evenings, a season);
- xlwings: :func:`mirror_ledger` writes a ledger or a session's deals into an open ``Book``,
  :class:`LiveMirror` follows a session as it is played, :func:`read_deals` reads the deals
  back;
- xlwings custom functions, for formulas in Excel: :func:`GUTS_HAND`, :func:`GUTS_COMPARE`,
  :func:`GUTS_WINNERS`, :func:`GUTS_SETTLE`, :func:`GUTS_LEDGER`;
- the error a caller catches: :class:`WorkbookError`, a workbook that is missing, damaged or
  holds junk, or a ledger the workbook cannot hold (a :class:`~guts_teach.game.GutsError`).

Its modules, which hold the rest (internal, imported from its module):

- :mod:`.layout`: where everything is: sheets, cells, names, the deal rows' layout;
  :mod:`.cells`: values as cells (money becomes a float only here).
- :mod:`.sheets`: the sheet builders, one a module, with their native formulas.
- :mod:`.writing`: generate the workbook, export a ledger or a season into it, write it into
  a file row by row, save atomically.
- :mod:`.reading`: read a saved file within bounds and its Deals sheet back into a ledger,
  with errors naming sheet, row and column.
- :mod:`.xlwings`: the bridge and the ``GUTS_*`` custom functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The user's API, by intent: each name with the module that holds it, loaded on first use
# (importing one module of the package loads none of the others). Whatever else the package
# holds is internal: the package's own code imports it from its module.
_HOMES = {
    # A club workbook written from a ledger, a season or a Shelby game
    "export_ledger": "writing.workbook",
    "export_season": "writing.season_export",
    "export_shelby": "writing.shelby_export",
    # A club workbook read back
    "import_ledger": "reading.file_import",
    "import_book": "reading.file_import",
    # xlwings: a ledger or a session mirrored into an open Book, and read back
    "mirror_ledger": "xlwings.bridge",
    "LiveMirror": "xlwings.bridge",
    "read_deals": "xlwings.bridge",
    # xlwings custom functions, for formulas in Excel
    "GUTS_HAND": "xlwings.functions",
    "GUTS_COMPARE": "xlwings.functions",
    "GUTS_WINNERS": "xlwings.functions",
    "GUTS_SETTLE": "xlwings.functions",
    "GUTS_LEDGER": "xlwings.functions",
    # Errors a caller catches
    "WorkbookError": "cells",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .cells import WorkbookError as WorkbookError
    from .reading.file_import import import_book as import_book
    from .reading.file_import import import_ledger as import_ledger
    from .writing.season_export import export_season as export_season
    from .writing.shelby_export import export_shelby as export_shelby
    from .writing.workbook import export_ledger as export_ledger
    from .xlwings.bridge import LiveMirror as LiveMirror
    from .xlwings.bridge import mirror_ledger as mirror_ledger
    from .xlwings.bridge import read_deals as read_deals
    from .xlwings.functions import GUTS_COMPARE as GUTS_COMPARE
    from .xlwings.functions import GUTS_HAND as GUTS_HAND
    from .xlwings.functions import GUTS_LEDGER as GUTS_LEDGER
    from .xlwings.functions import GUTS_SETTLE as GUTS_SETTLE
    from .xlwings.functions import GUTS_WINNERS as GUTS_WINNERS
