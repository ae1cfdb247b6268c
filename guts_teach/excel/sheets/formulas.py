"""The styles and formula pieces every sheet of the club workbook uses: fills, fonts,
the mark test (``x`` in any case, spaces allowed), the cap, tables. The Calc sheet that
puts them together is :mod:`.calc`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from openpyxl.styles import Alignment, Font, PatternFill, Protection
from openpyxl.styles.cell_style import StyleArray
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.table import Table, TableStyleInfo

from ..layout import (
    MARK,
)

INPUT_FILL = PatternFill("solid", fgColor="FFF8E1")
HEAD_FILL = PatternFill("solid", fgColor="2E7D32")
HEAD_FONT = Font(bold=True, color="FFFFFF")
TITLE_FONT = Font(bold=True, size=16, color="1B5E20")
UNLOCKED = Protection(locked=False)


def append_text(sheet: Any, values: list[Any]) -> None:
    """Append a row whose text is stored as text even when it starts with = + - or @."""
    sheet.append(values)
    for cell in sheet[sheet.max_row]:
        if isinstance(cell.value, str):
            cell.data_type = "s"


def same_style(source: Any, cells: Iterable[Any]) -> None:
    """Give ``cells`` the style of ``source``, looked up once: setting a fill, a
    protection or a number format cell by cell looks each up in the workbook's style lists
    every time, most of the time of writing a 10,000-row workbook."""
    style = source._style
    for cell in cells:
        cell._style = StyleArray(style)


def head_style(cell: Any) -> None:
    """A header cell: white on the book's header colour, centred, wrapped."""
    cell.fill = HEAD_FILL
    cell.font = HEAD_FONT
    cell.alignment = Alignment(horizontal="center", wrap_text=True)


def capped(expr: str) -> str:
    """``expr`` held to the cap, when the book has one."""
    return f'IF(Cap="",{expr},MIN({expr},Cap))'


ONE_BY_ONE_TEST = "_xlfn.SHEET()>0"
"""Always true, and calls SHEET (written with the prefix a file gives functions newer than its
format, as Excel does), one of the functions LibreOffice never computes in threads. It costs
next to nothing, which matters: a corrected mark recomputes these formulas on every row below
it."""


def one_by_one(expr: str) -> str:
    """``expr``, in a formula LibreOffice computes cell by cell, never in threads.

    With threaded calculation on, as LibreOffice ships, a hard recalculation (Ctrl+Shift+F9)
    computes a column's identical formulas in threads, together with the columns beside it
    that look alike. The running pot, reserve and balances depend on columns beside them
    (who won, who pays), and the columns that read them (a winner's share, the balances) sit
    beside those too: LibreOffice 7.4 then leaves cells it had begun to work out half done,
    and every pot, reserve and balance from the second deal down turns into Err:522. A
    formula that calls SHEET (:data:`ONE_BY_ONE_TEST`) is never computed in threads, so it is
    worked out cell by cell, in order, which is always right. Excel computes it as written.

    >>> one_by_one("A1+1")
    'IF(_xlfn.SHEET()>0,A1+1,"")'
    """
    return f'IF({ONE_BY_ONE_TEST},{expr},"")'


def striped_table(name: str, ref: str) -> Table:
    """A named spreadsheet table over ``ref``, its rows striped."""
    table = Table(displayName=name, ref=ref)
    table.tableStyleInfo = TableStyleInfo(name="TableStyleMedium7", showRowStripes=True)
    return table


def is_x(ref: str) -> str:
    """True where a cell (or each cell of a range) holds the mark: x in any case, spaces
    around it allowed."""
    return f'(LOWER(TRIM({ref}))="{MARK}")'


def not_mark(ref: str) -> str:
    """True where a cell holds something that is neither empty nor the mark."""
    return f'({ref}<>"")*(LOWER(TRIM({ref}))<>"{MARK}")'


def first_column(condition: str, ref: str) -> str:
    """The first column of ``ref`` where ``condition`` holds (an array), or 1000 if none."""
    return f"1000-SUMPRODUCT(MAX({condition}*(1000-COLUMN({ref}))))"


def drop_down(
    values: str, ref: str, title: str, prompt: str, error: str, *, strict: bool = True
) -> DataValidation:
    """A cell's drop-down list (``values``: a list such as ``'"x"'`` or a range) with an
    input message; anything else typed gets ``error``, as a warning (``strict``) or as
    information only."""
    check = DataValidation(
        type="list",
        formula1=values,
        allow_blank=True,
        showDropDown=False,  # openpyxl's name: False shows the in-cell arrow
        showInputMessage=True,
        showErrorMessage=True,
        errorStyle="warning" if strict else "information",
        promptTitle=title,
        prompt=prompt,
        errorTitle="Not on the list",
        error=error,
    )
    check.add(ref)
    return check
