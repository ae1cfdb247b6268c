"""What is wrong with a Deals row, in the same words on the Ledger's Problem column and in
``workbook import``: the workbook says ``column D (In Cleo): ...`` on the
row, the import says ``sheet 'Deals', row 5, column D (In Cleo): ...``.

The checks run in one order on both sides: the deal number, the evening (on sheet
'Evenings', and not one that began before another), then marks that are not ``x`` (first
column first), marks in an empty seat, marks for a player who is not there that evening, a
winner who was not in, and two or more players in with nobody marked as the winner.

>>> shown("no"), shown(0), shown(True), shown(2.5)
('"no"', '0', 'TRUE', '2.5')
>>> NOT_A_MARK.format(value=shown(" "))
'" " is not a mark: pick x from the list, or leave the cell empty'
"""

from __future__ import annotations

from typing import Any

from ..game.club_record import NO_WINNER
from ..game.shown import LONGEST

NO_NUMBER = (
    "this row has marks but no deal number, so the workbook's formulas skip it; "
    "type the deal number or clear the row"
)
BAD_NUMBER = "expected a deal number (a whole number of at least 1), got {value}"
REPEATED = "deal number {number} is also on row {row}"
NOT_A_MARK = "{value} is not a mark: pick x from the list, or leave the cell empty"
EMPTY_SEAT = "a mark in seat {seat}, but sheet 'Players' has no player in seat {seat}"
WON_NOT_IN = "{name} won but was not in"
NOT_LISTED = (
    "evening {evening} is not on sheet 'Evenings': add it there, with an x for each player there"
)
EVENING_BACK = (
    "evening {evening} began on row {row} and other deals came after it: keep an evening's "
    "deals together"
)
ABSENT = (
    "{name} is not there on evening {evening} (no x on sheet 'Evenings'): a player who is "
    "not there neither antes nor plays"
)
EVENING_COLUMN = "column B (Evening)"
WHO_WON = NO_WINNER  # the rules core's words for it, everywhere (R5a)


def shown(value: Any) -> str:
    """A typed cell as a message shows it: text in double quotes, numbers and TRUE or FALSE
    as the spreadsheet shows them."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, int | float):
        return repr(value)
    text = str(value)
    if len(text) > LONGEST:  # a message quotes the start of a long cell, not all of it
        return f'"{text[: LONGEST // 2]}..." (text of {len(text):,} characters)'
    return f'"{text}"'


def shown_formula(ref: str) -> str:
    """:func:`shown` as a spreadsheet expression for the cell ``ref``."""
    return (
        f"IF(ISTEXT({ref}),CHAR(34)&{ref}&CHAR(34),"
        f'IF(ISLOGICAL({ref}),IF({ref},"TRUE","FALSE"),{ref}&""))'
    )


def column_label(kind: str, seat: int, name: str | None) -> str:
    """How a mark's column is named: ``In Cleo``, or ``In seat 7`` for an empty seat."""
    return f"{kind} {name}" if name else f"{kind} seat {seat + 1}"


def spliced(template: str, **parts: str) -> str:
    """A message template as a spreadsheet string expression, each ``{part}`` replaced by
    the expression given for it.

    >>> spliced("deal {n} twice", n="A2")
    '"deal "&A2&" twice"'
    """
    out = template.replace('"', '""')
    for key, expr in parts.items():
        out = out.replace("{" + key + "}", f'"&{expr}&"')
    return f'"{out}"'
