"""The workbook's sheets, one builder a module, with their native formulas: Deals
(:mod:`.deals`), Calc (:mod:`.calc`, from the pieces in :mod:`.formulas`), Rules
(:mod:`.rules`), Players and Seats (:mod:`.seats`), Evenings (:mod:`.evenings`), the
season's sheets (:mod:`.season`) and the evening's summary (:mod:`.evening_summary`),
Ledger, Standings and Settle up (:mod:`.results`, settling by formulas in
:mod:`._settle_native`), the balance chart (:mod:`.chart`), and the words of the Problem
columns (:mod:`.problems`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "calc_sheet": "calc",
    "CHART_TOP": "chart",
    "chart_row": "chart",
    "END_OF_BOOK": "deals",
    "INSERTED": "deals",
    "deals_sheet": "deals",
    "header_formula": "deals",
    "summary_sheet": "evening_summary",
    "DATES_FROM": "evenings",
    "DATES_TO": "evenings",
    "DEALER_AWAY": "evenings",
    "DEALER_COL": "evenings",
    "DEALS_COL": "evenings",
    "FEW_THERE": "evenings",
    "POT_COL": "evenings",
    "PROBLEM_COL": "evenings",
    "RESERVE_COL": "evenings",
    "TEXT_COL": "evenings",
    "evenings_sheet": "evenings",
    "label_formula": "evenings",
    "label_text": "evenings",
    "INPUT_FILL": "formulas",
    "TITLE_FONT": "formulas",
    "UNLOCKED": "formulas",
    "ABSENT": "problems",
    "BAD_NUMBER": "problems",
    "EMPTY_SEAT": "problems",
    "EVENING_BACK": "problems",
    "EVENING_COLUMN": "problems",
    "NOT_A_MARK": "problems",
    "NOT_LISTED": "problems",
    "NO_NUMBER": "problems",
    "REPEATED": "problems",
    "WHO_WON": "problems",
    "WON_NOT_IN": "problems",
    "column_label": "problems",
    "shown": "problems",
    "ledger_sheet": "results",
    "settle_sheet": "results",
    "standings_sheet": "results",
    "AMOUNTS": "rules",
    "LARGEST": "rules",
    "NOT_A_NUMBER": "rules",
    "TOO_BIG": "rules",
    "rules_amount": "rules",
    "rules_sheet": "rules",
    "season_sheets": "season",
    "summary_block": "season",
    "FORMULA": "seats",
    "NAME_ROW": "seats",
    "NOT_TEXT": "seats",
    "SAME": "seats",
    "players_sheet": "seats",
    "read_seats": "seats",
    "seats_sheet": "seats",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .calc import calc_sheet as calc_sheet
    from .chart import CHART_TOP as CHART_TOP
    from .chart import chart_row as chart_row
    from .deals import END_OF_BOOK as END_OF_BOOK
    from .deals import INSERTED as INSERTED
    from .deals import deals_sheet as deals_sheet
    from .deals import header_formula as header_formula
    from .evening_summary import summary_sheet as summary_sheet
    from .evenings import DATES_FROM as DATES_FROM
    from .evenings import DATES_TO as DATES_TO
    from .evenings import DEALER_AWAY as DEALER_AWAY
    from .evenings import DEALER_COL as DEALER_COL
    from .evenings import DEALS_COL as DEALS_COL
    from .evenings import FEW_THERE as FEW_THERE
    from .evenings import POT_COL as POT_COL
    from .evenings import PROBLEM_COL as PROBLEM_COL
    from .evenings import RESERVE_COL as RESERVE_COL
    from .evenings import TEXT_COL as TEXT_COL
    from .evenings import evenings_sheet as evenings_sheet
    from .evenings import label_formula as label_formula
    from .evenings import label_text as label_text
    from .formulas import INPUT_FILL as INPUT_FILL
    from .formulas import TITLE_FONT as TITLE_FONT
    from .formulas import UNLOCKED as UNLOCKED
    from .problems import ABSENT as ABSENT
    from .problems import BAD_NUMBER as BAD_NUMBER
    from .problems import EMPTY_SEAT as EMPTY_SEAT
    from .problems import EVENING_BACK as EVENING_BACK
    from .problems import EVENING_COLUMN as EVENING_COLUMN
    from .problems import NO_NUMBER as NO_NUMBER
    from .problems import NOT_A_MARK as NOT_A_MARK
    from .problems import NOT_LISTED as NOT_LISTED
    from .problems import REPEATED as REPEATED
    from .problems import WHO_WON as WHO_WON
    from .problems import WON_NOT_IN as WON_NOT_IN
    from .problems import column_label as column_label
    from .problems import shown as shown
    from .results import ledger_sheet as ledger_sheet
    from .results import settle_sheet as settle_sheet
    from .results import standings_sheet as standings_sheet
    from .rules import AMOUNTS as AMOUNTS
    from .rules import LARGEST as LARGEST
    from .rules import NOT_A_NUMBER as NOT_A_NUMBER
    from .rules import TOO_BIG as TOO_BIG
    from .rules import rules_amount as rules_amount
    from .rules import rules_sheet as rules_sheet
    from .season import season_sheets as season_sheets
    from .season import summary_block as summary_block
    from .seats import FORMULA as FORMULA
    from .seats import NAME_ROW as NAME_ROW
    from .seats import NOT_TEXT as NOT_TEXT
    from .seats import SAME as SAME
    from .seats import players_sheet as players_sheet
    from .seats import read_seats as read_seats
    from .seats import seats_sheet as seats_sheet
