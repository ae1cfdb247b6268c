"""The xlwings side: the live bridge that mirrors a ledger or a session into a ``Book``
and reads it back (:mod:`.bridge`), and the ``GUTS_*`` custom functions (:mod:`.functions`),
whose arguments are read from cells in :mod:`._cell_args`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "LiveMirror": "bridge",
    "mirror_ledger": "bridge",
    "read_deals": "bridge",
    "CellError": "functions",
    "GUTS_COMPARE": "functions",
    "GUTS_HAND": "functions",
    "GUTS_LEDGER": "functions",
    "GUTS_SETTLE": "functions",
    "GUTS_WINNERS": "functions",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .bridge import LiveMirror as LiveMirror
    from .bridge import mirror_ledger as mirror_ledger
    from .bridge import read_deals as read_deals
    from .functions import GUTS_COMPARE as GUTS_COMPARE
    from .functions import GUTS_HAND as GUTS_HAND
    from .functions import GUTS_LEDGER as GUTS_LEDGER
    from .functions import GUTS_SETTLE as GUTS_SETTLE
    from .functions import GUTS_WINNERS as GUTS_WINNERS
    from .functions import CellError as CellError
