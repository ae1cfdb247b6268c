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

from ..game.records import DealRecord

FORMULA_STARTS = ("=", "+", "-", "@")


def to_cell(value: Fraction) -> int | float:
    """An exact amount as a cell number: whole numbers stay integers."""
    return value.numerator if value.denominator == 1 else float(value)


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
