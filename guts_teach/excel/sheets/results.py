"""The sheets a treasurer reads: Ledger, Standings (with the chart) and Settle up.

Every name comes from the Players sheet through the hidden Seats sheet, so a rename shows
everywhere at once and an empty seat shows nowhere.
"""

from __future__ import annotations

from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from openpyxl.styles.cell_style import StyleArray

from ..book_words import seat_cell
from ..layout import (
    AMOUNT_FORMAT,
    CALC,
    DEALS,
    EVENING,
    LEDGER,
    SEATS_SHEET,
    SETTLE,
    STANDINGS,
    TINY,
    Layout,
    col,
)
from ..problems import (
    ABSENT,
    BAD_NUMBER,
    EMPTY_SEAT,
    EVENING_BACK,
    EVENING_COLUMN,
    NO_NUMBER,
    NOT_A_MARK,
    NOT_LISTED,
    REPEATED,
    WHO_WON,
    WON_NOT_IN,
    shown_formula,
    spliced,
)
from ._settle_native import groups_block, step_keys
from .chart import STACK, balance_chart, sorted_view
from .deals import BOOK_WARNING, warned
from .evenings import POT_COL, RESERVE_COL, evening_range, label_formula
from .formulas import append_text, head_style, same_style, striped_table
from .season import CHOSEN_AT, summary_cell, summary_range


def header_name(s: int) -> str:
    """A seat's name as a header shows it: the name, or that the seat is empty."""
    name = seat_cell("name", s)
    return f'=IF({seat_cell("plays", s)}=1,{name},"seat {s + 1}: empty")'


def problem_formula(layout: Layout, r: int) -> str:
    """The Problem cell of Deals row ``r``: the words of :mod:`.problems`."""
    c = {name: f"{CALC}!{col(layout.calc(name))}{r}" for name in layout.CALC_FIXED}
    w = layout.width
    number = f"{DEALS}!$A{r}"
    at = c["at"]
    seat = f"(MOD({at}-{layout.first_in},{w})+1)"
    name = f"INDEX(PlayerNames,{seat})"
    label = f'IF({at}<{layout.first_won},"In ","Won ")&IF({name}="","seat "&{seat},{name})'
    where = f'"column "&SUBSTITUTE(ADDRESS(1,{at},4),"1","")&" ("&{label}&"): "'
    value = shown_formula(f"INDEX({DEALS}!$A{r}:${col(layout.note_col)}{r},{at})")
    earlier = f"MATCH({number},{DEALS}!$A$1:$A{r - 1},0)"
    won_block = f"columns {col(layout.first_won)} to {col(layout.first_cards - 1)} (Won marks): "
    evening = f"CHAR(34)&{c['evening']}&CHAR(34)"
    began = f"MATCH({c['evening']},{CALC}!${col(layout.calc('evening'))}$1:{c['evening']},0)"
    texts = [
        '"column A: "&' + spliced(NO_NUMBER),
        '"column A (Deal): "&' + spliced(BAD_NUMBER, value=shown_formula(number)),
        '"column A (Deal): "&' + spliced(REPEATED, number=number, row=earlier),
        spliced(f"{EVENING_COLUMN}: {NOT_LISTED}", evening=evening),
        spliced(f"{EVENING_COLUMN}: {EVENING_BACK}", evening=evening, row=began),
        f"{where}&" + spliced(NOT_A_MARK, value=value),
        f"{where}&" + spliced(EMPTY_SEAT, seat=seat),
        f"{where}&" + spliced(ABSENT, name=name, evening=evening),
        f"{where}&" + spliced(WON_NOT_IN, name=name),
        spliced(won_block + WHO_WON),
    ]
    # A row with no problem of its own shows what is wrong with the whole book, if anything.
    out = f'IF({c["content"]}>0,{warned(ROW_WARNED)},"")'
    for code in range(len(texts), 0, -1):
        out = f"IF({c['problem']}={code},{texts[code - 1]},{out})"
    return "=" + out


def ledger_sheet(book: Workbook, layout: Layout) -> None:
    sheet = book.create_sheet(LEDGER, index=4)
    w = layout.width
    append_text(sheet, [*layout.LEDGER_FIXED, *([""] * w), "Chips check", "Problem"])
    for s in range(w):
        sheet.cell(1, layout.balance_col(s), header_name(s))
    for cell in sheet[1]:
        head_style(cell)
    c = {name: col(layout.calc(name)) for name in layout.CALC_FIXED}
    amount = sheet.cell(2, 5)
    amount.number_format = AMOUNT_FORMAT
    amount.alignment = TOP  # a two-line row reads along its first line
    for r in range(2, layout.drawn_last + 1):
        for column, value in enumerate(_ledger_row(layout, c, r), start=1):
            cell = sheet.cell(r, column, value)
            if 5 <= column <= layout.check_col - 1:
                cell._style = StyleArray(amount._style)
    from .deals import flag_problems

    problem = col(layout.problem_col)
    flag_problems(sheet, f"{problem}2:{problem}{layout.last_row}")
    _ledger_look(sheet, layout)


def _ledger_row(layout: Layout, c: dict[str, str], r: int) -> list[str]:
    """The formulas of one Ledger row: the deal told from the Calc sheet's row ``r``."""
    w = layout.width
    used = f"{CALC}!{c['used']}{r}=0"

    def show(expr: str, used: str = used) -> str:
        return f'=IF({used},"",{expr})'

    # A row the Ledger shows has no mark for a player who is not there (that is a
    # problem), so the Calc sheet's bits of who is in and who won name them.
    ins = []
    wins = []
    for s in range(w):
        in_cell = f"MOD(INT({CALC}!{c['in seats']}{r}/{2**s}),2)=1"
        won = f"MOD(INT({CALC}!{c['won seats']}{r}/{2**s}),2)=1"
        ins.append(f'IF({in_cell},{seat_cell("name", s)}&" ","")')
        wins.append(f'IF({won},{seat_cell("name", s)}&" ","")')
    dealer = f"INDEX(PlayerNames,{CALC}!{c['dealer seat']}{r})"
    values = [
        f'=IF({CALC}!{c["content"]}{r}=0,"",{DEALS}!$A{r})',
        show(dealer),
        show(f"TRIM({'&'.join(ins)})"),
        show(f"TRIM({'&'.join(wins)})"),
        show(f"{CALC}!{c['pot before']}{r}"),
        show(f"IF({CALC}!{c['payers']}{r}>0,{CALC}!{c['pot before']}{r},0)"),
        show(f"{CALC}!{c['pot after']}{r}"),
        show(f"{CALC}!{c['reserve after']}{r}"),
    ]
    values += [
        show(
            f"{STACK}+{CALC}!{col(layout.state_col(s))}{r}",
            f"OR({used},{seat_cell('plays', s)}=0)",
        )
        for s in range(w)
    ]
    states = f"{CALC}!{col(layout.state_col(0))}{r}:{col(layout.state_col(w - 1))}{r}"
    values.append(
        show(
            f"IF(ABS(SUM({states})+{CALC}!{c['pot after']}{r}+{CALC}!{c['reserve after']}{r}"
            f'-StartPot-StartReserve)<{TINY},"ok","CHECK")'
        )
    )
    values.append(problem_formula(layout, r))
    return values


def _ledger_look(sheet: Any, layout: Layout) -> None:
    """The Ledger's widths, wrapping and row heights, as it shows and prints."""
    sheet.row_dimensions[1].height = 32
    sheet.print_title_rows = "1:1"
    sheet.freeze_panes = "C2"
    widths = {"A": 6, "B": 12, "C": IN_WIDTH, "D": WINNERS_WIDTH}
    for column in range(5, layout.problem_col):
        widths[col(column)] = 11
    widths[col(layout.check_col)] = 7
    widths[col(layout.problem_col)] = 30
    for letter, width in widths.items():
        sheet.column_dimensions[letter].width = width
    wrapped = sheet.cell(2, 3)
    wrapped.alignment = Alignment(wrap_text=True, vertical="top")
    for column in (3, 4, layout.problem_col):
        same_style(wrapped, (sheet.cell(r, column) for r in range(2, layout.drawn_last + 1)))
    dealer = sheet.cell(2, 2)
    dealer.alignment = TOP
    for column in (2, layout.check_col):
        same_style(dealer, (sheet.cell(r, column) for r in range(2, layout.drawn_last + 1)))
    for r in range(2, layout.drawn_last + 1):  # wrapped names stay in their own row
        sheet.row_dimensions[r].height = LEDGER_ROW_HEIGHT
    number = sheet.cell(2, 1)  # the deal number centred, clear of the dealer's name
    number.alignment = Alignment(horizontal="center", vertical="top")
    same_style(number, (sheet.cell(r, 1) for r in range(3, layout.drawn_last + 1)))


ROW_WARNED = "Until that is put right, the figures on this row may be wrong"
STANDINGS_WARNED = "Until that is put right, these balances and places are wrong"
SETTLE_WARNED = "Until that is put right, these transfers settle nothing"
"""What the book's warning (:func:`.deals.book_warning`) means where it is read."""
TOP = Alignment(vertical="top")
IN_WIDTH = 32
WINNERS_WIDTH = 18
LEDGER_ROW_HEIGHT = 27
"""The Ledger's deal rows are two lines tall, and the In and Winners columns wide enough
for two lines of names: a spreadsheet sizes a row to its text only when the text is typed
into it, never when a formula's result grows, so a row one line tall printed a third and
fourth name over the next deal."""


def standings_sheet(book: Workbook, layout: Layout, chart_deals: int) -> None:
    sheet = book.create_sheet(STANDINGS)
    sheet.append(["Player", "Balance", "Place"])
    for cell in sheet[1]:
        head_style(cell)
    last = layout.last_row
    w = layout.width
    finals = f"{CALC}!${col(layout.state_col(0))}${last}:${col(layout.state_col(w - 1))}${last}"
    for s in range(w):
        r = s + 2
        on = f"{seat_cell('plays', s)}=1"
        final = f"{CALC}!{col(layout.state_col(s))}{last}"
        sheet.cell(r, 1, f'=IF({on},{seat_cell("name", s)},"")')
        sheet.cell(r, 2, f'=IF({on},{STACK}+{final},"")').number_format = AMOUNT_FORMAT
        # Places by exact value (R10): equal balances share a place, whatever float noise the
        # thirds and sixths of split pots leave in the last digits.
        sheet.cell(r, 3, f'=IF({on},1+SUMPRODUCT(SeatOn*(ROUND({finals},9)>ROUND({final},9))),"")')
    warning = sheet.cell(w + 2, 1, "=" + warned(STANDINGS_WARNED))
    warning.font = Font(bold=True, color="B71C1C")
    sheet.add_table(striped_table("StandingsTable", f"A1:C{w + 1}"))
    sorted_view(sheet, layout)
    balance_chart(book, sheet, layout, chart_deals)
    sheet.column_dimensions["A"].width = 18
    sheet.column_dimensions["B"].width = 12


def settle_sheet(book: Workbook, layout: Layout) -> None:
    """Who pays whom, in the fewest transfers (:mod:`._settle_native`): group by group, the
    biggest debtor pays the biggest creditor."""
    sheet = book.create_sheet(SETTLE)
    sheet.append(["Transfer", "Who pays", "To whom", "Amount"])
    for cell in sheet[1]:
        head_style(cell)
    w, last = layout.width, layout.last_row
    helper = book[SEATS_SHEET]  # remaining balances before each transfer, one column a step
    groups_block(helper, layout)
    top = 8  # below the seats' rows
    helper.cell(top - 1, 1, "settle-up steps")
    keys: list[tuple[str, str]] = []
    for k in range(w):
        column = col(2 + k)
        helper.cell(top - 1, 2 + k, f"left {k}")
        for s in range(w):
            r = top + s
            if k == 0:
                value = f"={summary_cell('result', s)}"  # the evening the summary shows
            else:
                prev = col(2 + k - 1)
                amount = f"'{SETTLE}'!D{k + 1}"
                debts, credits = (key.replace(f"{SEATS_SHEET}!", "") for key in keys[k - 1])
                debtor = f"MATCH(MIN({debts}),{debts},0)"
                creditor = f"MATCH(MAX({credits}),{credits},0)"
                value = (
                    f"={prev}{r}+IF({debtor}={s + 1},{amount},0)-IF({creditor}={s + 1},{amount},0)"
                )
            helper[f"{column}{r}"] = value
        keys.append(step_keys(helper, layout, k, column, top))
    for k in range(1, w):
        debts, credits = keys[k - 1]
        r = k + 1
        amount = (
            f"=IF(AND(MAX({credits})>{TINY},MIN({debts})<-{TINY}),"
            f"MIN(MAX({credits}),-MIN({debts})),0)"
        )
        sheet.cell(r, 1, f'=IF(D{r}>0,{k},"")')
        sheet.cell(r, 2, f'=IF(D{r}>0,INDEX(PlayerNames,MATCH(MIN({debts}),{debts},0)),"")')
        sheet.cell(r, 3, f'=IF(D{r}>0,INDEX(PlayerNames,MATCH(MAX({credits}),{credits},0)),"")')
        sheet.cell(r, 4, amount).number_format = f"{AMOUNT_FORMAT};-{AMOUNT_FORMAT};"  # 0: blank
    note_row = w + 2
    evening_sum = f"SUM({summary_range('result')})"
    sheet.cell(note_row + 1, 1, "Note")
    sheet.cell(
        note_row + 1,
        2,
        f'=IF({BOOK_WARNING}<>"",{warned(SETTLE_WARNED)},'
        f"IF({CHOSEN_AT}>0,IF(ABS(SUM({summary_range('result')}))>{TINY},"
        f'"This evening "&IF(ABS({opened()})>{TINY},"opened with "&{_amount(opened())}&" in '
        f'the pot and reserve, carried from the evening before, and ","")&"left "'
        f'&{_amount(left_on_table())}&" on the table for '
        f'the next (R12), so its results add up to "&{_amount(evening_sum)}'
        '&", not 0. Settle the whole book (leave the Evening cell of the Evening summary '
        'blank) once pot and reserve are empty.",'
        '"These transfers settle this evening\'s results."),'
        f"IF(ABS({CALC}!{col(layout.calc('pot after'))}{last}+{CALC}!"
        f"{col(layout.calc('reserve after'))}{last})>{TINY},"
        '"The pot or the reserve still holds chips: play on until both are empty.",'
        '"Pot and reserve are empty: these transfers settle every balance.")))',
    )
    chosen = label_formula(f"'{EVENING}'!$B$2")
    sheet.cell(note_row + 2, 1, "For")
    sheet.cell(note_row + 2, 2, f'=IF({CHOSEN_AT}>0,"evening "&{chosen},"the whole book")')
    note = sheet.cell(note_row + 1, 2)
    note.alignment = Alignment(wrap_text=True, vertical="top")
    sheet.merge_cells(start_row=note_row + 1, start_column=2, end_row=note_row + 1, end_column=4)
    sheet.row_dimensions[note_row + 1].height = 92
    sheet.print_area = f"A1:D{note_row + 2}"
    sheet.add_table(striped_table("SettleUpTable", f"A1:D{w}"))
    sheet.column_dimensions["B"].width = 16
    sheet.column_dimensions["C"].width = 16


def _amount(value: str) -> str:
    """An amount as text in a formula, exactly as the sheets show it (``6 2/3``)."""
    return f'TRIM(TEXT({value},"{AMOUNT_FORMAT}"))'


def opened() -> str:
    """What the evening the summary shows opened with in pot and reserve (R12): what the
    evening before it left, or the Rules' starting pot and reserve for the first."""
    pot, reserve = evening_range(POT_COL), evening_range(RESERVE_COL)
    before = f"INDEX({pot},{CHOSEN_AT}-1)+INDEX({reserve},{CHOSEN_AT}-1)"
    return f"IF({CHOSEN_AT}>1,{before},StartPot+StartReserve)"


def left_on_table() -> str:
    """What the evening the summary shows left in pot and reserve."""
    pot, reserve = evening_range(POT_COL), evening_range(RESERVE_COL)
    return f"INDEX({pot},{CHOSEN_AT})+INDEX({reserve},{CHOSEN_AT})"
