"""The club workbook's hidden Calc sheet, and the styles and formula pieces every sheet uses.

Ordinary spreadsheet formulas over the Deals, Players and Rules sheets, so the workbook
keeps score with no Python at all (RULINGS R2-R9 for the plain game). A Deals row with a
problem (:mod:`.problems`) charges nobody: the formulas pass over it until it is put right.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill, Protection
from openpyxl.styles.cell_style import StyleArray
from openpyxl.worksheet.table import Table, TableStyleInfo

from .layout import (
    AMOUNT_FORMAT,
    CALC,
    DEALS,
    MARK,
    TINY,
    Layout,
    col,
)
from .seats import seat_cell

INPUT_FILL = PatternFill("solid", fgColor="FFF8E1")
HEAD_FILL = PatternFill("solid", fgColor="2E7D32")
HEAD_FONT = Font(bold=True, color="FFFFFF")
TITLE_FONT = Font(bold=True, size=16, color="1B5E20")
UNLOCKED = Protection(locked=False)


def _append_text(sheet: Any, values: list[Any]) -> None:
    """Append a row whose text is stored as text even when it starts with = + - or @."""
    sheet.append(values)
    for cell in sheet[sheet.max_row]:
        if isinstance(cell.value, str):
            cell.data_type = "s"


def same_style(source: Any, cells: Iterable[Any]) -> None:
    """Give ``cells`` the style of ``source``, looked up once (issue 16: setting a fill, a
    protection or a number format cell by cell looks each up in the workbook's style lists
    every time, which took most of the time of writing a 10,000-row workbook)."""
    style = source._style
    for cell in cells:
        cell._style = StyleArray(style)


def _head(cell: Any) -> None:
    cell.fill = HEAD_FILL
    cell.font = HEAD_FONT
    cell.alignment = Alignment(horizontal="center", wrap_text=True)


def _cap(expr: str) -> str:
    return f'IF(Cap="",{expr},MIN({expr},Cap))'


def _table(name: str, ref: str) -> Table:
    table = Table(displayName=name, ref=ref)
    table.tableStyleInfo = TableStyleInfo(name="TableStyleMedium7", showRowStripes=True)
    return table


def is_x(ref: str) -> str:
    """True where a cell (or each cell of a range) holds the mark: x in any case, spaces
    around it allowed (issue 12, item 3)."""
    return f'(LOWER(TRIM({ref}))="{MARK}")'


def not_mark(ref: str) -> str:
    """True where a cell holds something that is neither empty nor the mark."""
    return f'({ref}<>"")*(LOWER(TRIM({ref}))<>"{MARK}")'


def first_column(condition: str, ref: str) -> str:
    """The first column of ``ref`` where ``condition`` holds (an array), or 1000 if none."""
    return f"1000-SUMPRODUCT(MAX({condition}*(1000-COLUMN({ref}))))"


def deals_ranges(layout: Layout, r: int) -> dict[str, str]:
    """The Deals row ``r``: its In block, its Won block, both, and the whole row."""
    w = layout.width

    def span(first: int, last: int) -> str:
        return f"{DEALS}!${col(first)}{r}:${col(last)}{r}"

    return {
        "in": span(2, 1 + w),
        "won": span(2 + w, 1 + 2 * w),
        "marks": span(2, 1 + 2 * w),
        "row": span(1, layout.note_col),
    }


def _calc_sheet(book: Workbook, layout: Layout) -> None:
    """One row per Deals row: what it marks, what is wrong with it, and the money."""
    sheet = book.create_sheet(CALC)
    _append_text(sheet, [*layout.CALC_FIXED, *[f"net seat {s + 1}" for s in range(layout.width)]])
    for cell in sheet[1]:
        _head(cell)
    c = {name: col(layout.calc(name)) for name in layout.CALC_FIXED}
    on = "SeatOn"
    for r in range(2, layout.last_row + 1):
        p = r - 1  # the previous row; row 1 is the header, so deal 1 starts from the Rules
        first = r == 2
        prev_pot = "StartPot" if first else f"{c['pot after']}{p}"
        prev_res = "StartReserve" if first else f"{c['reserve after']}{p}"
        d = deals_ranges(layout, r)
        number = f"{DEALS}!$A{r}"
        reserve_then = f"{c['reserve then']}{r}"

        def at(name: str, r: int = r) -> str:
            return f"{c[name]}{r}"

        problem = (
            f'=IF({at("content")}=0,0,IF({number}="",1,IF(NOT(ISNUMBER({number})),2,'
            f"IF(OR({number}<1,{number}<>INT({number})),2,"
            f"IF(ISNUMBER(MATCH({number},{DEALS}!$A$1:$A{p},0)),3,"
            f"IF({at('bad marks')}>0,4,IF({at('empty seat column')}<1000,5,"
            f"IF({at('won not in')}>0,6,IF(AND({at('in')}>=2,{at('won marked')}=0),7,0)))))))))"
        )
        f = {
            "content": f"=COUNTA({d['row']})",
            "in": f"=SUMPRODUCT({is_x(d['in'])}*{on})",
            "won marked": f"=SUMPRODUCT({is_x(d['in'])}*{is_x(d['won'])}*{on})",
            "won not in": f"=SUMPRODUCT((1-{is_x(d['in'])})*{is_x(d['won'])}*{on})",
            "bad marks": f"=SUMPRODUCT({not_mark(d['marks'])})",
            "bad column": (
                f"=IF({at('bad marks')}=0,0,{first_column(not_mark(d['marks']), d['marks'])})"
            ),
            "empty seat column": (
                f"=MIN({first_column(is_x(d['in']) + f'*(1-{on})', d['in'])},"
                f"{first_column(is_x(d['won']) + f'*(1-{on})', d['won'])})"
            ),
            "won not in column": (
                "=" + first_column(f"(1-{is_x(d['in'])})*{is_x(d['won'])}*{on}", d["won"])
            ),
            "problem": problem,
            "at": (
                f"=IF({at('problem')}=4,{at('bad column')},IF({at('problem')}=5,"
                f"{at('empty seat column')},IF({at('problem')}=6,{at('won not in column')},0)))"
            ),
            "used": f"=IF(AND({at('content')}>0,{at('problem')}=0),1,0)",
            "ante": f"=IF(AND({at('used')}=1,{prev_pot}=0,{prev_res}=0),1,0)",
            "pot before": (
                f"=IF({at('used')}=0,{prev_pot},IF({at('ante')}=1,"
                f"{_cap('NPlayers*Ante')},{prev_pot}))"
            ),
            "reserve before": (
                f"={prev_res}+IF({at('ante')}=1,NPlayers*Ante-{_cap('NPlayers*Ante')},0)"
            ),
            "winners": f"=IF({at('in')}=1,1,IF({at('in')}>=2,{at('won marked')},0))",
            "payers": f"=IF({at('winners')}>0,{at('in')}-{at('winners')},0)",
            "share": f"=IF({at('winners')}>0,{at('pot before')}/{at('winners')},0)",
            "ante again": (f'=IF(AND({at("used")}=1,{at("in")}=0,Reante="yes"),NPlayers*Ante,0)'),
            "gross": (
                f"=IF({at('winners')}>0,0,{at('pot before')})"
                f"+{at('payers')}*{at('pot before')}+{at('ante again')}"
            ),
            "capped": "=" + _cap(at("gross")),
            "reserve then": f"={at('reserve before')}+{at('gross')}-{at('capped')}",
            "refill": (f"=IF(AND({at('capped')}=0,{reserve_then}>{TINY}),{_cap(reserve_then)},0)"),
            "pot after": f"=IF({at('used')}=0,{prev_pot},{at('capped')}+{at('refill')})",
            "reserve after": (f"=IF({at('used')}=0,{prev_res},{reserve_then}-{at('refill')})"),
            "deals so far": f"={'0' if first else at('deals so far', p)}+{at('used')}",
        }
        for name, formula in f.items():
            sheet.cell(r, layout.calc(name), formula)
        for s in range(layout.width):
            seat_on = f"{seat_cell('plays', s)}=1"
            in_cell = f"AND({seat_on},{is_x(f'{DEALS}!${col(2 + s)}{r}')})"
            won_cell = is_x(f"{DEALS}!${col(2 + layout.width + s)}{r}")
            won = f"IF({at('in')}=1,{in_cell},AND({in_cell},{won_cell}))"
            prev = "0" if first else f"{col(layout.state_col(s))}{p}"
            change = (
                f"IF({seat_on},-{at('ante')}*Ante-IF({at('ante again')}>0,Ante,0),0)"
                f"+IF({won},{at('share')},0)"
                f"-IF(AND({in_cell},NOT({won}),{at('payers')}>0),{at('pot before')},0)"
            )
            sheet.cell(r, layout.state_col(s), f"={prev}+IF({at('used')}=0,0,{change})")
    if layout.last_row >= 2:
        first_cell = sheet.cell(2, 1)
        first_cell.number_format = AMOUNT_FORMAT
        same_style(first_cell, (cell for row in sheet.iter_rows(min_row=2) for cell in row))
    sheet.sheet_state = "hidden"
    sheet.sheet_properties.tabColor = "9E9E9E"


def _quote(text: str) -> str:
    return text.replace('"', '""')
