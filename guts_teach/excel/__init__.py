"""The club workbook: an Excel ledger with native formulas, Python-backed custom functions
and an xlwings bridge. Everything here needs the ``excel`` extra; the rules core never
imports it.

- :mod:`.workbook`: generate the workbook, export a ledger into it, save atomically.
- :mod:`.reader`: read the Deals sheet back into a ledger, with errors naming sheet, row
  and column.
- :mod:`.bridge`: mirror a ledger into an xlwings ``Book`` in a few batched writes.
- :mod:`.functions`: ``GUTS_HAND``, ``GUTS_COMPARE``, ``GUTS_WINNERS``, ``GUTS_SETTLE`` and
  ``GUTS_LEDGER`` as xlwings custom functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "mirror_ledger": "bridge",
    "import_ledger": "file_import",
    "GUTS_COMPARE": "functions",
    "GUTS_HAND": "functions",
    "GUTS_LEDGER": "functions",
    "GUTS_SETTLE": "functions",
    "GUTS_WINNERS": "functions",
    "DEALS": "layout",
    "Layout": "layout",
    "PLAYERS": "layout",
    "SHEETS": "layout",
    "export_season": "season_export",
    "export_ledger": "workbook",
    "open_bounded": "xlsx_read",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .bridge import mirror_ledger as mirror_ledger
    from .file_import import import_ledger as import_ledger
    from .functions import GUTS_COMPARE as GUTS_COMPARE
    from .functions import GUTS_HAND as GUTS_HAND
    from .functions import GUTS_LEDGER as GUTS_LEDGER
    from .functions import GUTS_SETTLE as GUTS_SETTLE
    from .functions import GUTS_WINNERS as GUTS_WINNERS
    from .layout import DEALS as DEALS
    from .layout import PLAYERS as PLAYERS
    from .layout import SHEETS as SHEETS
    from .layout import Layout as Layout
    from .season_export import export_season as export_season
    from .workbook import export_ledger as export_ledger
    from .xlsx_read import open_bounded as open_bounded
