"""The club workbook: an Excel ledger with native formulas, Python-backed custom functions
and an xlwings bridge. Writing a book needs the ``workbook`` extra (openpyxl); reading one
needs nothing beyond the package; :mod:`.xlwings` needs the ``excel`` extra (xlwings too). The
rules core never imports any of it.

- :mod:`.layout`: where everything is: sheets, cells, names, the deal rows' layout;
  :mod:`.cells`: values as cells (money becomes a float only here), and ``WorkbookError``.
- :mod:`.sheets`: the sheet builders, one a module, with their native formulas.
- :mod:`.writing`: generate the workbook, export a ledger or a season into it, write it into
  a file row by row, save atomically.
- :mod:`.reading`: read a saved file within bounds and its Deals sheet back into a ledger,
  with errors naming sheet, row and column.
- :mod:`.xlwings`: mirror a ledger into an xlwings ``Book`` in a few batched writes, and
  ``GUTS_HAND``, ``GUTS_COMPARE``, ``GUTS_WINNERS``, ``GUTS_SETTLE`` and ``GUTS_LEDGER`` as
  xlwings custom functions.
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
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
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
