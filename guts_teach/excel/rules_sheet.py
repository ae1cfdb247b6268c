"""The Rules sheet: the ante, cap, stack and the other settings in yellow cells.

The amount cells take numbers only (issue 12, item 3): a data validation with an input
message says how to type a half, and refuses text; the cells are formatted as fractions,
so ``1/2`` typed there is the half (0.5), not the second of January (a date's serial
number, 46024 in 2026, is above the largest amount a cell here takes).

>>> sorted(AMOUNTS)
['Ante', 'Cap', 'Stack', 'StartPot', 'StartReserve']
"""

from __future__ import annotations

from typing import Any

from openpyxl import Workbook
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation

from ..game.rules import Rules, closest_profile
from .cells import amount_cell
from .formulas import INPUT_FILL, TITLE_FONT, UNLOCKED
from .layout import AMOUNT_FORMAT, MORE_RULE_CELLS, PROFILE_ROW, RULE_CELLS, RULES, TINY

LARGEST = 40_000
"""The largest amount a Rules cell takes: a club's ante, cap or stack is far below it, and
a date typed by mistake (today's serial number is above 45,000) is refused."""
AMOUNTS = {
    "Ante": ("greaterThan", 0, "the ante", False),
    "Cap": ("greaterThan", 0, "the cap (blank for no limit)", True),
    "Stack": ("between", 0, "the starting stack (blank for net counters)", True),
    "StartPot": ("between", 0, "the pot before the first deal", False),
    "StartReserve": ("between", 0, "the reserve before the first deal", False),
}
"""The Rules cells that take an amount: (operator, least, what it is, blank allowed)."""


def _amount_only(sheet: Any, ref: str, operator: str, least: int, what: str, blank: bool) -> None:
    more = "more than" if operator == "greaterThan" else "at least"
    rule = DataValidation(
        type="decimal",
        operator="between",
        formula1=TINY if operator == "greaterThan" else str(least),
        formula2=str(LARGEST),
        allow_blank=blank,
        showInputMessage=True,
        showErrorMessage=True,
        errorStyle="stop",
        promptTitle="A number",
        prompt=f"Type {what}: a number {more} {least}. For a half type 0.5 or 1/2.",
        errorTitle="Numbers only",
        error=f"{what[0].upper()}{what[1:]} is a number {more} {least} and at most "
        f"{LARGEST:,}: 2, 0.5 or 1/2, not text.",
    )
    rule.add(ref)
    sheet.add_data_validation(rule)


def rules_sheet(book: Workbook, rules: Rules, profile: str | None) -> None:
    """The yellow Rules cells, each a named cell the formulas read."""
    sheet = book.create_sheet(RULES)
    sheet["A1"] = "Rules"
    sheet["A1"].font = TITLE_FONT
    values = {
        "Ante": amount_cell(rules.ante, "the ante"),
        "Cap": None if rules.cap is None else amount_cell(rules.cap, "the cap"),
        "Stack": (
            None
            if rules.starting_stack is None
            else amount_cell(rules.starting_stack, "the starting stack")
        ),
        "Reante": "yes" if rules.reante_when_nobody_in else "no",
        "StartPot": 0,
        "StartReserve": 0,
        "FirstDealer": 1,
        "Title": None,
        "Cycles": None,
        "NoOverdraft": "yes" if rules.no_overdraft else "no",
        "MinPlayers": rules.min_players,
        "MaxPlayers": rules.max_players,
        "Ending": rules.ending,
    }
    for name, label, row in RULE_CELLS:
        sheet.cell(row, 1, label)
        cell = sheet.cell(row, 2, values[name])
        cell.fill = INPUT_FILL
        cell.protection = UNLOCKED
        if name not in ("Reante", "FirstDealer"):
            cell.number_format = AMOUNT_FORMAT
        if name in AMOUNTS:
            _amount_only(sheet, f"B{row}", *AMOUNTS[name])
        book.defined_names[name] = DefinedName(name, attr_text=f"'{RULES}'!$B${row}")
    sheet.cell(PROFILE_ROW, 1, "Profile these rules came from")
    sheet.cell(PROFILE_ROW, 2, profile or closest_profile(rules)[0])
    for name, label, row in MORE_RULE_CELLS:
        sheet.cell(row, 1, label)
        cell = sheet.cell(row, 2, values[name])
        cell.fill = INPUT_FILL
        cell.protection = UNLOCKED
    sheet.column_dimensions["A"].width = 48
    sheet.column_dimensions["B"].width = 14
