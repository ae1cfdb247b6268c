"""The computed sheets of the club workbook: Calc, Ledger, Standings and Settle up.

Ordinary spreadsheet formulas over the Deals and Rules sheets, so the workbook keeps score
with no Python at all (RULINGS R2-R9 for the plain game).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from openpyxl import Workbook
from openpyxl.chart import LineChart, Reference
from openpyxl.styles import Alignment, Font, PatternFill, Protection
from openpyxl.styles.cell_style import StyleArray
from openpyxl.worksheet.table import Table, TableStyleInfo

from .layout import (
    AMOUNT_FORMAT,
    CALC,
    DEALS,
    LEDGER,
    SETTLE,
    STANDINGS,
    TINY,
    Layout,
    col,
)

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


def _calc_sheet(book: Workbook, layout: Layout) -> None:
    sheet = book.create_sheet(CALC)
    _append_text(sheet, [*layout.CALC_FIXED, *[f"net {p}" for p in layout.players]])
    for cell in sheet[1]:
        _head(cell)
    c = {name: col(layout.calc(name)) for name in layout.CALC_FIXED}
    n = layout.n
    ins = f"{DEALS}!${col(layout.in_col(0))}{{r}}:${col(layout.in_col(n - 1))}{{r}}"
    wons = f"{DEALS}!${col(layout.won_col(0))}{{r}}:${col(layout.won_col(n - 1))}{{r}}"
    for r in range(2, layout.last_row + 1):
        p = r - 1  # the previous row; row 1 is the header, so deal 1 starts from the Rules
        first = r == 2
        prev_pot = "StartPot" if first else f"{c['pot after']}{p}"
        prev_res = "StartReserve" if first else f"{c['reserve after']}{p}"
        in_range, won_range = ins.format(r=r), wons.format(r=r)
        reserve_then = f"{c['reserve then']}{r}"
        f = {
            "used": f'=IF({DEALS}!$A{r}="",0,1)',
            "in": f"=COUNTA({in_range})",
            "won marked": f'=SUMPRODUCT(({in_range}<>"")*({won_range}<>""))',
            "won not in": f'=SUMPRODUCT(({in_range}="")*({won_range}<>""))',
            "ante": f"=IF(AND({c['used']}{r}=1,{prev_pot}=0,{prev_res}=0),1,0)",
            "pot before": (
                f"=IF({c['used']}{r}=0,{prev_pot},IF({c['ante']}{r}=1,"
                f"{_cap(f'{n}*Ante')},{prev_pot}))"
            ),
            "reserve before": (f"={prev_res}+IF({c['ante']}{r}=1,{n}*Ante-{_cap(f'{n}*Ante')},0)"),
            "winners": f"=IF({c['in']}{r}=1,1,IF({c['in']}{r}>=2,{c['won marked']}{r},0))",
            "payers": f"=IF({c['winners']}{r}>0,{c['in']}{r}-{c['winners']}{r},0)",
            "share": f"=IF({c['winners']}{r}>0,{c['pot before']}{r}/{c['winners']}{r},0)",
            "ante again": f'=IF(AND({c["used"]}{r}=1,{c["in"]}{r}=0,Reante="yes"),{n}*Ante,0)',
            "gross": (
                f"=IF({c['winners']}{r}>0,0,{c['pot before']}{r})"
                f"+{c['payers']}{r}*{c['pot before']}{r}+{c['ante again']}{r}"
            ),
            "capped": "=" + _cap(f"{c['gross']}{r}"),
            "reserve then": f"={c['reserve before']}{r}+{c['gross']}{r}-{c['capped']}{r}",
            "refill": (
                f"=IF(AND({c['capped']}{r}=0,{reserve_then}>{TINY}),{_cap(reserve_then)},0)"
            ),
            "pot after": (f"=IF({c['used']}{r}=0,{prev_pot},{c['capped']}{r}+{c['refill']}{r})"),
            "reserve after": (
                f"=IF({c['used']}{r}=0,{prev_res},{c['reserve then']}{r}-{c['refill']}{r})"
            ),
            "deals so far": f"={'0' if first else c['deals so far'] + str(p)}+{c['used']}{r}",
        }
        for name, formula in f.items():
            sheet.cell(r, layout.calc(name), formula)
        for i in range(n):
            in_cell = f'{DEALS}!${col(layout.in_col(i))}{r}<>""'
            won_cell = f'{DEALS}!${col(layout.won_col(i))}{r}<>""'
            won = f"IF({c['in']}{r}=1,{in_cell},AND({in_cell},{won_cell}))"
            prev = "0" if first else f"{col(layout.state_col(i))}{p}"
            change = (
                f"-{c['ante']}{r}*Ante+IF({won},{c['share']}{r},0)"
                f"-IF(AND({in_cell},NOT({won}),{c['payers']}{r}>0),{c['pot before']}{r},0)"
                f"-IF({c['ante again']}{r}>0,Ante,0)"
            )
            sheet.cell(r, layout.state_col(i), f"={prev}+IF({c['used']}{r}=0,0,{change})")
    if layout.last_row >= 2:
        first = sheet.cell(2, 1)
        first.number_format = AMOUNT_FORMAT
        same_style(first, (cell for row in sheet.iter_rows(min_row=2) for cell in row))
    sheet.sheet_state = "visible"
    sheet.sheet_properties.tabColor = "9E9E9E"


def _ledger_sheet(book: Workbook, layout: Layout) -> None:
    sheet = book.create_sheet(LEDGER, index=4)
    _append_text(sheet, layout.ledger_headers())
    for cell in sheet[1]:
        _head(cell)
    c = {name: col(layout.calc(name)) for name in layout.CALC_FIXED}
    n = layout.n
    amount = sheet.cell(2, 5)
    amount.number_format = AMOUNT_FORMAT
    for r in range(2, layout.last_row + 1):
        used = f"{CALC}!{c['used']}{r}=0"

        def show(expr: str, used: str = used) -> str:
            return f'=IF({used},"",{expr})'

        ins = "&".join(
            f'IF({DEALS}!${col(layout.in_col(i))}{r}<>"","{_quote(p)} ","")'
            for i, p in enumerate(layout.players)
        )
        won_parts = []
        for i, p in enumerate(layout.players):
            in_cell = f'{DEALS}!${col(layout.in_col(i))}{r}<>""'
            won_cell = f'{DEALS}!${col(layout.won_col(i))}{r}<>""'
            won = f"IF({CALC}!{c['in']}{r}=1,{in_cell},AND({in_cell},{won_cell}))"
            won_parts.append(f'IF({won},"{_quote(p)} ","")')
        values = [
            show(f"{DEALS}!$A{r}"),
            show(f"INDEX(PlayerNames,MOD(FirstDealer-1+{CALC}!{c['deals so far']}{r}-1,{n})+1)"),
            show(f"TRIM({ins})"),
            show(f"TRIM({'&'.join(won_parts)})"),
            show(f"{CALC}!{c['pot before']}{r}"),
            show(f"IF({CALC}!{c['payers']}{r}>0,{CALC}!{c['pot before']}{r},0)"),
            show(f"{CALC}!{c['pot after']}{r}"),
            show(f"{CALC}!{c['reserve after']}{r}"),
        ]
        stack = 'IF(Stack="",0,Stack)'
        values += [show(f"{stack}+{CALC}!{col(layout.state_col(i))}{r}") for i in range(n)]
        states = f"{CALC}!{col(layout.state_col(0))}{r}:{col(layout.state_col(n - 1))}{r}"
        values.append(
            show(
                f"IF(ABS(SUM({states})+{CALC}!{c['pot after']}{r}+{CALC}!{c['reserve after']}{r}"
                f'-StartPot-StartReserve)<{TINY},"ok","CHECK")'
            )
        )
        values.append(
            show(
                f'IF({CALC}!{c["won not in"]}{r}>0,"a winner was not in",'
                f"IF(AND({CALC}!{c['in']}{r}>=2,{CALC}!{c['winners']}{r}=0),"
                '"mark who won",""))'
            )
        )
        for column, value in enumerate(values, start=1):
            cell = sheet.cell(r, column, value)
            if 5 <= column <= layout.check_col - 1:
                cell._style = StyleArray(amount._style)
    sheet.add_table(_table("LedgerTable", f"A1:{col(layout.problem_col)}{layout.last_row}"))
    sheet.row_dimensions[1].height = 32
    sheet.freeze_panes = "C2"
    sheet.column_dimensions["C"].width = 22
    sheet.column_dimensions["D"].width = 16
    for column in range(5, layout.problem_col + 1):
        sheet.column_dimensions[col(column)].width = 12
    sheet.column_dimensions[col(layout.problem_col)].width = 22


def _standings_sheet(book: Workbook, layout: Layout, chart_deals: int) -> None:
    sheet = book.create_sheet(STANDINGS)
    sheet.append(["Player", "Balance", "Place"])
    for cell in sheet[1]:
        _head(cell)
    last = layout.last_row
    n = layout.n
    stack = 'IF(Stack="",0,Stack)'
    for i, player in enumerate(layout.players):
        r = i + 2
        sheet.cell(r, 1, player).data_type = "s"
        sheet.cell(r, 2, f"={stack}+{CALC}!{col(layout.state_col(i))}{last}")
        sheet.cell(r, 2).number_format = AMOUNT_FORMAT
        # Places by exact value (R10): equal balances share a place, whatever float noise the
        # thirds and sixths of split pots leave in the last digits.
        sheet.cell(r, 3, f"=1+SUMPRODUCT(--(ROUND($B$2:$B${n + 1},9)>ROUND(B{r},9)))")
    sheet.add_table(_table("StandingsTable", f"A1:C{n + 1}"))
    chart = LineChart()
    chart.title = "Balances over the deals"
    chart.y_axis.title = "balance"
    chart.x_axis.title = "deal"
    chart.height, chart.width = 9, 18
    calc = book[CALC]
    data = Reference(
        calc,
        min_col=layout.state_col(0),
        max_col=layout.state_col(n - 1),
        min_row=1,
        max_row=min(last, chart_deals + 1),
    )
    chart.x_axis.tickLblPos = "low"  # deal numbers below the plot, even for negative balances
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    chart.add_data(data, titles_from_data=True)
    for series, player in zip(chart.series, layout.players, strict=True):
        series.tx.strRef = None
        from openpyxl.chart.series import SeriesLabel

        series.tx = SeriesLabel(v=player)
        series.smooth = False
    sheet.add_chart(chart, "E2")
    sheet.column_dimensions["A"].width = 18
    sheet.column_dimensions["B"].width = 12


def _settle_sheet(book: Workbook, layout: Layout) -> None:
    """Who pays whom: the biggest debtor pays the biggest creditor, n - 1 times at most."""
    sheet = book.create_sheet(SETTLE)
    sheet.append(["Transfer", "Who pays", "To whom", "Amount"])
    for cell in sheet[1]:
        _head(cell)
    n, last = layout.n, layout.last_row
    calc = book[CALC]
    base = len(layout.CALC_FIXED) + n + 2  # helper block on Calc, right of the states
    names = "PlayerNames"
    for k in range(n):  # remaining balances before transfer k + 1, one column per step
        column = col(base + k)
        calc.cell(1, base + k, f"left {k}")
        _head(calc.cell(1, base + k))
        for i in range(n):
            r = i + 2
            if k == 0:
                value = f"={CALC}!{col(layout.state_col(i))}{last}"
            else:
                prev = col(base + k - 1)
                amount = f"'{SETTLE}'!D{k + 1}"
                debtor = f"MATCH(MIN({prev}$2:{prev}${n + 1}),{prev}$2:{prev}${n + 1},0)"
                creditor = f"MATCH(MAX({prev}$2:{prev}${n + 1}),{prev}$2:{prev}${n + 1},0)"
                value = (
                    f"={prev}{r}+IF({debtor}={i + 1},{amount},0)-IF({creditor}={i + 1},{amount},0)"
                )
            calc[f"{column}{r}"] = value
    for k in range(1, n):
        left = col(base + k - 1)
        block = f"{CALC}!${left}$2:${left}${n + 1}"
        r = k + 1
        amount = (
            f"=IF(AND(MAX({block})>{TINY},MIN({block})<-{TINY}),MIN(MAX({block}),-MIN({block})),0)"
        )
        sheet.cell(r, 1, k)
        sheet.cell(r, 2, f'=IF(D{r}>0,INDEX({names},MATCH(MIN({block}),{block},0)),"")')
        sheet.cell(r, 3, f'=IF(D{r}>0,INDEX({names},MATCH(MAX({block}),{block},0)),"")')
        sheet.cell(r, 4, amount).number_format = f"{AMOUNT_FORMAT};-{AMOUNT_FORMAT};"  # 0: blank
    note_row = n + 2
    sheet.cell(note_row + 1, 1, "Note")
    sheet.cell(
        note_row + 1,
        2,
        f"=IF(ABS({CALC}!{col(layout.calc('pot after'))}{last}+{CALC}!"
        f"{col(layout.calc('reserve after'))}{last})>{TINY},"
        '"The pot or the reserve still holds chips: play on until both are empty.",'
        '"Pot and reserve are empty: these transfers settle every balance.")',
    )
    sheet.add_table(_table("SettleUpTable", f"A1:D{n}"))
    sheet.column_dimensions["B"].width = 16
    sheet.column_dimensions["C"].width = 16


def _quote(text: str) -> str:
    return text.replace('"', '""')
