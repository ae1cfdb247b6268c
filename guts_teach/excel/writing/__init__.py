"""Writing a club workbook: the book built from its sheets and a ledger exported into it
(:mod:`.workbook`), a season (:mod:`.season_export`) or a Shelby game
(:mod:`.shelby_export`); the deal rows' cells (:mod:`._deal_cells`) written into the file from
the pattern of a few drawn rows (:mod:`.row_stream`); what prints, and how (:mod:`.printing`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "MIN_POINTS": "printing",
    "SCALES": "printing",
    "PatternError": "row_stream",
    "RowPattern": "row_stream",
    "pattern_of": "row_stream",
    "export_season": "season_export",
    "export_shelby": "shelby_export",
    "START_TEXT": "workbook",
    "export_ledger": "workbook",
    "new_workbook": "workbook",
    "save_atomic": "workbook",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .printing import MIN_POINTS as MIN_POINTS
    from .printing import SCALES as SCALES
    from .row_stream import PatternError as PatternError
    from .row_stream import RowPattern as RowPattern
    from .row_stream import pattern_of as pattern_of
    from .season_export import export_season as export_season
    from .shelby_export import export_shelby as export_shelby
    from .workbook import START_TEXT as START_TEXT
    from .workbook import export_ledger as export_ledger
    from .workbook import new_workbook as new_workbook
    from .workbook import save_atomic as save_atomic
