"""The edge between exact amounts and spreadsheet cells.

Fractions become floats only here, at the cell, and are shown with a fraction number
format. Text that a spreadsheet would take for a formula (starting with ``=``, ``+``,
``-`` or ``@``) is always stored as text.

>>> to_cell(Fraction(20, 3)) == 20 / 3, to_cell(Fraction(12))
(True, 12)
>>> as_text("=HYPERLINK(1)")
"'=HYPERLINK(1)"
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from ..game.errors import GutsError
from ..game.money import format_amount
from ..game.records import DealRecord

FORMULA_STARTS = ("=", "+", "-", "@")
EXACT_LIMIT = 2**53
"""Spreadsheets count in binary floating point: whole numbers are exact up to 2^53."""


CELL_TEXT = 32_767
"""The most characters a spreadsheet cell holds (Excel's limit; LibreOffice cuts there too)."""


class WorkbookError(GutsError):
    """A workbook that is missing, damaged, renamed or holds junk in a cell, or a ledger the
    workbook cannot hold."""


def check_text(value: str | None, what: str) -> None:
    """Refuse text longer than a cell holds, rather than have the spreadsheet cut it.

    >>> try:
    ...     check_text("Ana" * 11_000, "the name of player 1")
    ... except WorkbookError as error:
    ...     print(error)  # doctest: +NORMALIZE_WHITESPACE
    the name of player 1 is 33000 characters long; a spreadsheet cell holds at most 32767:
    shorten it, or keep this game as a ledger file
    """
    if value is not None and len(value) > CELL_TEXT:
        raise WorkbookError(
            f"{what} is {len(value)} characters long; a spreadsheet cell holds at most "
            f"{CELL_TEXT}: shorten it, or keep this game as a ledger file"
        )


def check_cell_range(value: Fraction, what: str) -> Fraction:
    """Refuse an amount a spreadsheet cannot hold exactly (beyond 2^53 either way).

    >>> check_cell_range(Fraction(2**60), "the pot after deal 3")
    Traceback (most recent call last):
    ...
    guts_teach.excel.cells.WorkbookError: the pot after deal 3 is 1152921504606846976, \
beyond what a spreadsheet cell holds exactly (9007199254740992 either way); \
keep this game as a ledger file
    """
    if abs(value) > EXACT_LIMIT:
        raise WorkbookError(
            f"{what} is {_short(value)}, beyond what a spreadsheet cell holds exactly "
            f"({EXACT_LIMIT} either way); keep this game as a ledger file"
        )
    return value


def _short(value: Fraction) -> str:
    if value.numerator.bit_length() > 200:
        return f"a number of about {int(value.numerator.bit_length() * 0.30103) + 1} digits"
    return format_amount(value)


def to_cell(value: Fraction) -> int | float:
    """An exact amount as a cell number: whole numbers stay integers.

    >>> to_cell(Fraction(10) ** 400)
    Traceback (most recent call last):
    ...
    guts_teach.excel.cells.WorkbookError: an amount is a number of about 401 digits, \
beyond what a spreadsheet cell holds exactly (9007199254740992 either way); \
keep this game as a ledger file
    """
    check_cell_range(value, "an amount")
    return value.numerator if value.denominator == 1 else float(value)


def amount_cell(value: Fraction, what: str) -> int | str:
    """An input amount as the workbook stores it exactly: a whole number, or a formula
    such as ``=7/2`` that the formulas compute with and the import reads back exactly.

    >>> amount_cell(Fraction(7, 2), "pot"), amount_cell(Fraction(3), "pot")
    ('=7/2', 3)
    """
    check_cell_range(value, what)
    if value.denominator == 1:
        return value.numerator
    return f"={value.numerator}/{value.denominator}"


def ledger_rows(records: Sequence[DealRecord], text: Callable[[str], str] = str) -> list[list[Any]]:
    """Deal records as spreadsheet rows under :data:`~.layout.LEDGER_HEADERS` plus one
    balance column per player. ``text`` prepares text cells (``as_text`` for live books)."""
    return [
        [
            record.number,
            text(record.dealer),
            text(" ".join(record.ins)),
            text(" ".join(record.winners)),
            to_cell(record.pot_before),
            to_cell(record.settlement.payment),
            to_cell(record.pot_after),
            to_cell(record.reserve_after),
            *(to_cell(v) for v in record.balances),
        ]
        for record in records
    ]


def whole_numbers(rows: list[list[Any]]) -> list[list[Any]]:
    """Rows read from a live workbook with whole floats (1.0, as engines return them) as ints.

    >>> whole_numbers([[1.0, "x", 2.5]])
    [[1, 'x', 2.5]]
    """
    return [[int(v) if isinstance(v, float) and v.is_integer() else v for v in row] for row in rows]


def as_text(value: str) -> str:
    """Text for a live spreadsheet (xlwings): a leading apostrophe keeps formula-like text
    from being evaluated, and spreadsheets do not show the apostrophe."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value
