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

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "DEALS": "layout",
    "Layout": "layout",
    "PLAYERS": "layout",
    "SHEETS": "layout",
    "import_ledger": "reading.file_import",
    "open_bounded": "reading.xlsx_read",
    "export_season": "writing.season_export",
    "export_ledger": "writing.workbook",
    "mirror_ledger": "xlwings.bridge",
    "GUTS_COMPARE": "xlwings.functions",
    "GUTS_HAND": "xlwings.functions",
    "GUTS_LEDGER": "xlwings.functions",
    "GUTS_SETTLE": "xlwings.functions",
    "GUTS_WINNERS": "xlwings.functions",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .layout import DEALS as DEALS
    from .layout import PLAYERS as PLAYERS
    from .layout import SHEETS as SHEETS
    from .layout import Layout as Layout
    from .reading.file_import import import_ledger as import_ledger
    from .reading.xlsx_read import open_bounded as open_bounded
    from .writing.season_export import export_season as export_season
    from .writing.workbook import export_ledger as export_ledger
    from .xlwings.bridge import mirror_ledger as mirror_ledger
    from .xlwings.functions import GUTS_COMPARE as GUTS_COMPARE
    from .xlwings.functions import GUTS_HAND as GUTS_HAND
    from .xlwings.functions import GUTS_LEDGER as GUTS_LEDGER
    from .xlwings.functions import GUTS_SETTLE as GUTS_SETTLE
    from .xlwings.functions import GUTS_WINNERS as GUTS_WINNERS
