"""The Rules sheet: the ante, cap, stack and the other settings in yellow cells.

The amount cells take numbers only: a data validation with an input
message says how to type a half, and refuses text; the cells are formatted as fractions,
so ``1/2`` typed there is the half (0.5), not the second of January (a date's serial
number, 46024 in 2026, is above the largest amount a cell here takes).

>>> sorted(AMOUNTS)
['Ante', 'Cap', 'Stack', 'StartPot', 'StartReserve']
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation

from ...game.money import format_amount
from ...game.rules import PROFILES, Rules, closest_profile
from ..book_words import LARGEST, NOT_A_NUMBER, TOO_BIG
from ..cells import WorkbookError, amount_cell
from ..layout import AMOUNT_FORMAT, MORE_RULE_CELLS, PROFILE_ROW, RULE_CELLS, RULES, TINY
from ..problems import shown_formula, spliced
from .deals import flag_problems
from .formulas import INPUT_FILL, TITLE_FONT, UNLOCKED

AMOUNTS = {
    "Ante": ("greaterThan", 0, "the ante", False),
    "Cap": ("greaterThan", 0, "the cap (blank for no limit)", True),
    "Stack": ("between", 0, "the starting stack (blank for net counters)", True),
    "StartPot": ("between", 0, "the pot before the first deal", False),
    "StartReserve": ("between", 0, "the reserve before the first deal", False),
}
"""The Rules cells that take an amount: (operator, least, what it is, blank allowed)."""
STATUS_COL = 3
"""The Rules column (C) saying what is wrong with an amount typed beside it."""


def status_formula(ref: str, what: str, blank: bool) -> str:
    """The Status cell of the amount cell ``ref``: :data:`NOT_A_NUMBER`, :data:`TOO_BIG`,
    or (when it may not be blank) that it is missing; empty when the amount is fine."""
    value = shown_formula(ref)
    missing = '""' if blank else f'"type {what}"'
    return (
        f'=IF(ISERROR({ref}),"an error, not an amount: type the amount",IF({ref}="",{missing},'
        f"IF(NOT(ISNUMBER({ref})),{spliced(NOT_A_NUMBER, value=value)},"
        f'IF({ref}>{LARGEST},{spliced(TOO_BIG, value=value)},""))))'
    )


def dealer_status(ref: str) -> str:
    """The Status cell of the first dealer's seat ``ref``, in the import's words: blank is
    the first player; otherwise a whole number from 1 to the number of players."""
    value = shown_formula(ref)
    whole = f'"expected a seat number (a whole number of at least 1), got "&{value}'
    return (
        f'=IF(ISERROR({ref}),{whole},IF({ref}="","",IF(NOT(ISNUMBER({ref})),{whole},'
        f"IF(OR({ref}<1,{ref}<>INT({ref})),{whole},"
        f'IF({ref}>NPlayers,"seat "&{ref}&" is not between 1 and "&NPlayers,"")))))'
    )


def rules_amount(value: Fraction, what: str) -> int | str:
    """An amount for a Rules cell, refused (naming it) when it is more than the cell takes."""
    if value > LARGEST:
        raise WorkbookError(
            f"{what} is {format_amount(value)}, more than {LARGEST:,}, the most a Rules cell "
            "of the workbook takes: keep this game as a ledger file"
        )
    return amount_cell(value, what)


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


def profile_list(ref: str) -> DataValidation:
    """The Profile cell's drop-down: the named profiles, nothing else."""
    names = ",".join(PROFILES)
    rule = DataValidation(
        type="list",
        formula1=f'"{names}"',
        allow_blank=False,
        showDropDown=False,  # openpyxl's name: False shows the in-cell arrow
        showInputMessage=True,
        showErrorMessage=True,
        errorStyle="stop",
        promptTitle="Profile",
        prompt=f"The rules profile these rules start from ({names.replace(',', ' or ')}): "
        "what this sheet does not hold comes from it.",
        errorTitle="Not a profile",
        error=f"Pick {names.replace(',', ' or ')} from the list.",
    )
    rule.add(ref)
    return rule


def rules_sheet(book: Workbook, rules: Rules, profile: str | None) -> None:
    """The yellow Rules cells, each a named cell the formulas read."""
    sheet = book.create_sheet(RULES)
    sheet["A1"] = "Rules"
    sheet["A1"].font = TITLE_FONT
    values = {
        "Ante": rules_amount(rules.ante, "the ante"),
        "Cap": None if rules.cap is None else rules_amount(rules.cap, "the cap"),
        "Stack": (
            None
            if rules.starting_stack is None
            else rules_amount(rules.starting_stack, "the starting stack")
        ),
        "Reante": "yes" if rules.reante_when_nobody_in else "no",
        "StartPot": 0,
        "StartReserve": 0,
        "FirstDealer": None,
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
            _, _, what, blank = AMOUNTS[name]
            sheet.cell(row, STATUS_COL, status_formula(f"B{row}", what, blank))
        if name == "FirstDealer":
            sheet.cell(row, STATUS_COL, dealer_status(f"B{row}"))
        book.defined_names[name] = DefinedName(name, attr_text=f"'{RULES}'!$B${row}")
    sheet.cell(PROFILE_ROW, 1, "Profile these rules came from")
    chosen = sheet.cell(PROFILE_ROW, 2, profile or closest_profile(rules)[0])
    # A club that turns the book's rules into another profile's (classic, with stacks)
    # says so here: the import takes what the sheet does not hold from this profile.
    chosen.fill, chosen.protection = INPUT_FILL, UNLOCKED
    sheet.add_data_validation(profile_list(f"B{PROFILE_ROW}"))
    for name, label, row in MORE_RULE_CELLS:
        sheet.cell(row, 1, label)
        cell = sheet.cell(row, 2, values[name])
        cell.fill = INPUT_FILL
        cell.protection = UNLOCKED
    sheet.cell(2, STATUS_COL, "Status").font = Font(bold=True)
    flag_problems(sheet, f"C3:C{max(row for _, _, row in RULE_CELLS)}")
    sheet.column_dimensions["A"].width = 48
    sheet.column_dimensions["B"].width = 14
    sheet.column_dimensions["C"].width = 60
    # The Status column is for the screen: the page holds the rules themselves, one page.
    last = max(row for _, _, row in (*RULE_CELLS, *MORE_RULE_CELLS))
    sheet.print_area = f"A1:B{last}"
