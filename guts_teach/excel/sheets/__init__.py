"""The workbook's sheets, one builder a module, with their native formulas: Deals
(:mod:`.deals`), Calc (:mod:`.calc`, from the pieces in :mod:`.formulas`), Rules
(:mod:`.rules`), Players and Seats (:mod:`.seats`), Evenings (:mod:`.evenings`), the
season's sheets (:mod:`.season`) and the evening's summary (:mod:`.evening_summary`),
Ledger, Standings and Settle up (:mod:`.results`, settling by formulas in
:mod:`._settle_native`) and the balance chart (:mod:`.chart`). The words of the Problem
columns (:mod:`guts_teach.excel.problems`) and what the reader reads back
(:mod:`guts_teach.excel.book_words`) live beside the package, so reading a book loads none of
it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "calc_sheet": "calc",
    "CHART_TOP": "chart",
    "chart_row": "chart",
    "deals_sheet": "deals",
    "summary_sheet": "evening_summary",
    "DEALS_COL": "evenings",
    "POT_COL": "evenings",
    "PROBLEM_COL": "evenings",
    "RESERVE_COL": "evenings",
    "TEXT_COL": "evenings",
    "evenings_sheet": "evenings",
    "label_formula": "evenings",
    "INPUT_FILL": "formulas",
    "TITLE_FONT": "formulas",
    "UNLOCKED": "formulas",
    "ledger_sheet": "results",
    "settle_sheet": "results",
    "standings_sheet": "results",
    "AMOUNTS": "rules",
    "rules_amount": "rules",
    "rules_sheet": "rules",
    "season_sheets": "season",
    "summary_block": "season",
    "players_sheet": "seats",
    "seats_sheet": "seats",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .calc import calc_sheet as calc_sheet
    from .chart import CHART_TOP as CHART_TOP
    from .chart import chart_row as chart_row
    from .deals import deals_sheet as deals_sheet
    from .evening_summary import summary_sheet as summary_sheet
    from .evenings import DEALS_COL as DEALS_COL
    from .evenings import POT_COL as POT_COL
    from .evenings import PROBLEM_COL as PROBLEM_COL
    from .evenings import RESERVE_COL as RESERVE_COL
    from .evenings import TEXT_COL as TEXT_COL
    from .evenings import evenings_sheet as evenings_sheet
    from .evenings import label_formula as label_formula
    from .formulas import INPUT_FILL as INPUT_FILL
    from .formulas import TITLE_FONT as TITLE_FONT
    from .formulas import UNLOCKED as UNLOCKED
    from .results import ledger_sheet as ledger_sheet
    from .results import settle_sheet as settle_sheet
    from .results import standings_sheet as standings_sheet
    from .rules import AMOUNTS as AMOUNTS
    from .rules import rules_amount as rules_amount
    from .rules import rules_sheet as rules_sheet
    from .season import season_sheets as season_sheets
    from .season import summary_block as summary_block
    from .seats import players_sheet as players_sheet
    from .seats import seats_sheet as seats_sheet
