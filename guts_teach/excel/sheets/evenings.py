"""Evenings in the club workbook (RULINGS R12).

The Evenings sheet lists a season's evenings, one a row: the label (a date or a number) and
an x under each player who was there. On the Deals sheet the treasurer types the evening on
its first deal (column B); the deals below belong to it until another evening is typed. A
book whose Evening column stays blank is one evening of everyone seated, as before.

A player who is not there neither antes nor plays: only those there ante, the deal passes
among them, and a mark under an absent player is a problem (:mod:`..problems`) that charges
nobody. Pot and reserve simply carry on from one Deals row to the next, so chips left on the
table when an evening stops open the next evening (R12). The hidden Calc sheet gets, per
row, the evening's label as text, its row on the Evenings sheet, who is there and the dealer.

>>> label_formula("B2")[:3]
'IF('
"""

from __future__ import annotations

from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment
from openpyxl.worksheet.datavalidation import DataValidation

from ..book_words import (
    DATES_FROM,
    DATES_TO,
    DEALER_AWAY,
    DEALER_COL,
    FEW_THERE,
    LABEL_FORMAT,
    header_formula,
    seat_cell,
)
from ..layout import (
    CALC,
    DEALS,
    EVENING_ROWS,
    EVENINGS,
    MARK,
    SEATS,
    SEATS_SHEET,
    Layout,
    col,
)
from ..problems import shown_formula
from .deals import CENTRED, HEADER_FONT, MARK_FONT, flag_problems
from .formulas import INPUT_FILL, UNLOCKED, drop_down, first_column, head_style, is_x, same_style

LABEL_COL = 1
"""The Evenings sheet's label column (A); seat ``s`` attends in column ``s + 2``."""
THERE_COL, DEALS_COL, POT_COL, RESERVE_COL, TEXT_COL, PROBLEM_COL, OFFSET_COL = range(13, 20)
"""Evenings columns M to S: players there, deals played, pot and reserve left, the label as
text (what the Deals sheet's Evening cells are matched against), the problem, and the first
dealer's place among those there, less one (hidden, like the label's text)."""
THERE_FROM = 20
"""Evenings columns T to AC (hidden): 1 where seat ``s`` (column ``THERE_FROM + s``) is
seated and there, so that each Calc row looks attendance up once, shortly."""
FIRST_ROW_COL, LAST_ROW_COL = 30, 31
"""Evenings columns AD and AE (hidden): the Calc rows of the evening's first and last deal
(0: none). They read only which evening each row belongs to, never a mark, so a mark
corrected leaves them be, and the sums over an evening read its own rows only."""
KEY_FROM = 32
"""Evenings columns AF to AO (hidden): where seat ``s`` (column ``KEY_FROM + s``) sits at the
table that evening, as a number to sort by: its place typed (or, for an x, its seat number)
times 100, plus its seat number, so equal places go in seat order; 9999 for a seat not there."""
ORDER_FROM = 42
"""Evenings columns AP to AY (hidden): the seat numbers of those there in the evening's order
round the table (column ``ORDER_FROM + k`` for the k-th place; 0 past the last one there). The
deal passes along this order, from the first dealer."""
ABSENT_KEY = 9999


def label_formula(ref: str) -> str:
    """:func:`~guts_teach.excel.book_words.label_text` as a spreadsheet expression.

    The date is built from YEAR, MONTH and DAY rather than a format code, since Excel
    reads format codes in its own language ("JJJJ" in German, "aaaa" in French).
    """
    iso = f'YEAR({ref})&"-"&RIGHT("0"&MONTH({ref}),2)&"-"&RIGHT("0"&DAY({ref}),2)'
    return (
        f"IF(ISNUMBER({ref}),IF(AND({ref}>={DATES_FROM},{ref}<={DATES_TO},{ref}=INT({ref})),"
        f'{iso},{ref}&""),TRIM({ref}&""))'
    )


def evening_range(column: int) -> str:
    """One column of the Evenings sheet's evening rows, absolute."""
    return f"{EVENINGS}!${col(column)}$2:${col(column)}${1 + EVENING_ROWS}"


def evenings_sheet(book: Workbook, layout: Layout) -> Any:
    """The Evenings sheet: label, attendance, and what each evening played and left."""
    sheet = book.create_sheet(EVENINGS)
    titles = {
        LABEL_COL: "Evening (a date or a number)",
        DEALER_COL: "First dealer",
        THERE_COL: "Players there",
        DEALS_COL: "Deals",
        POT_COL: "Pot left",
        RESERVE_COL: "Reserve left",
        TEXT_COL: "Label",
        PROBLEM_COL: "Problem",
        OFFSET_COL: "Dealer offset",
    }
    for column, title in titles.items():
        sheet.cell(1, column, title)
    for s in range(SEATS):
        sheet.cell(1, 2 + s, header_formula("There", s))
    for cell in sheet[1]:
        head_style(cell)
        cell.font = HEADER_FONT
    calc = {
        name: f"{CALC}!${col(layout.calc(name))}$2:${col(layout.calc(name))}${layout.last_row}"
        for name in ("evening at", "used", "pot after", "reserve after")
    }
    first = sheet.cell(2, 1)
    first.fill, first.protection = INPUT_FILL, UNLOCKED
    first.alignment = Alignment(horizontal="left")
    first.number_format = LABEL_FORMAT
    same_style(
        first, (sheet.cell(r, c) for r in range(2, 2 + EVENING_ROWS) for c in (1, DEALER_COL))
    )
    mark = sheet.cell(2, 2)
    mark.fill, mark.protection, mark.alignment = INPUT_FILL, UNLOCKED, CENTRED
    mark.font = MARK_FONT
    marks = range(2, 2 + SEATS)
    same_style(mark, (sheet.cell(r, c) for r in range(2, 2 + EVENING_ROWS) for c in marks))
    for r in range(2, 2 + EVENING_ROWS):
        _evening_row(sheet, calc, r)
    _attendance_marks(sheet)
    flag_problems(sheet, f"{col(PROBLEM_COL)}2:{col(PROBLEM_COL)}{1 + EVENING_ROWS}")
    sheet.column_dimensions["A"].width = 11
    for s in range(SEATS):
        sheet.column_dimensions[col(2 + s)].width = 5
    sheet.column_dimensions[col(DEALER_COL)].width = 8
    for column in (THERE_COL, DEALS_COL, POT_COL, RESERVE_COL):
        sheet.column_dimensions[col(column)].width = 7
    hidden_columns = (
        TEXT_COL,
        OFFSET_COL,
        *range(THERE_FROM, THERE_FROM + SEATS),
        *range(KEY_FROM, ORDER_FROM + SEATS),
    )
    for hidden in (*hidden_columns, FIRST_ROW_COL, LAST_ROW_COL):
        sheet.column_dimensions[col(hidden)].hidden = True
    sheet.column_dimensions[col(PROBLEM_COL)].width = 18
    sheet.row_dimensions[1].height = 58
    sheet.freeze_panes = "B2"
    sheet.print_title_rows = "1:1"
    return sheet


def _evening_row(sheet: Any, calc: dict[str, str], r: int) -> None:
    """The formulas of one evening's row ``r``: its deals, what it left and its problems."""
    k = r - 1
    label = f"$A{r}"
    there = f"SUM(${col(THERE_FROM)}{r}:${col(THERE_FROM + SEATS - 1)}{r})"
    first_row, last_row = f"${col(FIRST_ROW_COL)}{r}", f"${col(LAST_ROW_COL)}{r}"
    sheet.cell(
        r,
        FIRST_ROW_COL,
        f'=IF({label}="","",IFERROR(MATCH({k},{calc["evening at"]},0)+1,0))',
    )
    sheet.cell(
        r,
        LAST_ROW_COL,
        f'=IF({label}="","",SUMPRODUCT(MAX(({calc["evening at"]}={k})*ROW({calc["evening at"]}))))',
    )
    sheet.cell(r, THERE_COL, f'=IF({label}="","",{there})')
    own = window(calc["evening at"], first_row, last_row, 2)
    used = window(calc["used"], first_row, last_row, 2)
    sheet.cell(
        r,
        DEALS_COL,
        f'=IF({label}="","",IF({last_row}=0,0,SUMPRODUCT(({own}={k})*{used})))',
    )
    for column, name in ((POT_COL, "pot after"), (RESERVE_COL, "reserve after")):
        left = f"INDEX({calc[name]},{last_row}-1)"
        sheet.cell(r, column, f'=IF(OR({label}="",{last_row}=0),"",{left})')
    sheet.cell(r, TEXT_COL, f'=IF({label}="","",{label_formula(label)})')
    text = col(TEXT_COL)
    same = f"MATCH(${text}{r},${text}$1:${text}{r - 1},0)"
    dealer = f"$L{r}"
    seat = f"MATCH(TRIM({dealer}),PlayerNames,0)"
    dealer_there = f"INDEX(${col(THERE_FROM)}{r}:${col(THERE_FROM + SEATS - 1)}{r},{seat})=1"
    sheet.cell(
        r,
        PROBLEM_COL,
        f'=IF({label}="","",IF(ISNUMBER({same}),"column A: the same label as row "&{same}&'
        f'": every evening needs its own label",IF({there}<2,"columns B to K: '
        f'{FEW_THERE}",IF(AND({dealer}<>"",NOT(IFERROR({dealer_there},FALSE))),'
        f'"column L: "&{shown_formula(dealer)}&" {DEALER_AWAY}",""))))',
    )
    order = f"${col(ORDER_FROM)}{r}:${col(ORDER_FROM + SEATS - 1)}{r}"
    before = f"MATCH({seat},{order},0)-1"
    sheet.cell(r, OFFSET_COL, f'=IF({dealer}="",0,IFERROR({before},0))')
    keys = f"${col(KEY_FROM)}{r}:${col(KEY_FROM + SEATS - 1)}{r}"
    for s in range(SEATS):
        cell = f"${col(2 + s)}{r}"
        marked = f"OR({is_x(cell)},{is_place(cell)})"
        there_cell = f"${col(THERE_FROM + s)}{r}"
        sheet.cell(r, THERE_FROM + s, f"=IF(AND({seat_cell('plays', s)}=1,{marked}),1,0)")
        sheet.cell(
            r,
            KEY_FROM + s,
            f"=IF({there_cell}=1,IF({is_place(cell)},{cell},{s + 1})*100+{s + 1},{ABSENT_KEY})",
        )
        sheet.cell(
            r,
            ORDER_FROM + s,
            f"=IF(SMALL({keys},{s + 1})={ABSENT_KEY},0,MOD(SMALL({keys},{s + 1}),100))",
        )


def _attendance_marks(sheet: Any) -> None:
    marks = drop_down(
        f'"{MARK}"',
        f"B2:K{1 + EVENING_ROWS}",
        "There?",
        "x for a player who is there this evening, empty for one who is not. Seated "
        "otherwise than on sheet 'Players'? Type each one's place at the table (1, 2, 3 ...).",
        "x, or a place at the table from 1 to 10: anything else is not there.",
        strict=False,
    )
    dealer = DataValidation(
        type="custom",
        formula1="TRUE",
        allow_blank=True,
        showInputMessage=True,
        promptTitle="First dealer",
        prompt="The name of who deals first this evening; blank: the first player there.",
    )
    dealer.add(f"L2:L{1 + EVENING_ROWS}")
    for validation in (marks, dealer):
        sheet.add_data_validation(validation)


def is_place(ref: str) -> str:
    """True where a cell holds a place at the table: a whole number from 1 to 10 (IF, not
    AND, which would take INT of a text)."""
    return f"IF(ISNUMBER({ref}),AND({ref}>=1,{ref}<={SEATS},{ref}=INT({ref})),FALSE)"


def window(whole: str, first: str, last: str, top: int) -> str:
    """The rows ``first`` to ``last`` (row numbers, formulas) of the column range ``whole``,
    whose first cell is on row ``top``: INDEX(...):INDEX(...), which reads no other row."""
    return f"INDEX({whole},{first}-{top - 1}):INDEX({whole},{last}-{top - 1})"


def evening_calc(layout: Layout, r: int, at: Any) -> dict[str, str]:
    """The Calc sheet's evening columns for Deals row ``r`` (``at(name)`` is a Calc cell)."""
    typed = f"{DEALS}!${col(layout.evening_col)}{r}"
    first = r == 2
    carried = '""' if first else at("evening", r - 1)
    seats = f"{SEATS_SHEET}!$B$1:${col(SEATS + 1)}$1"
    here = f"${col(layout.here_col(0))}{r}:${col(layout.here_col(SEATS - 1))}{r}"
    new = "1" if first else f"IF({at('evening')}={at('evening', r - 1)},0,1)"
    orders = f"{EVENINGS}!${col(ORDER_FROM)}$2:${col(ORDER_FROM + SEATS - 1)}${1 + EVENING_ROWS}"
    order = (
        f"IF({at('evening at')}>0,MOD({at('evening deals')}-1+INDEX("
        f"{evening_range(OFFSET_COL)},{at('evening at')}),{at('here')}),"
        f"MOD(MAX(FirstDealer,1)-1+{at('deals so far')}-1,{at('here')}))+1"
    )
    return {
        "evening": f'=IF({typed}<>"",{label_formula(typed)},{carried})',
        "evening at": (
            f'=IF({at("evening")}="",0,IFERROR(MATCH({at("evening")},{evening_range(TEXT_COL)},0),-1))'
        ),
        "here": f"=SUM({here})",
        "evening back": (
            "=0"
            if first
            # Nested IFs, not AND, which evaluates all its arguments: the rows above are
            # looked through only on a row where another evening is typed.
            else f'=IF({typed}="",0,IF({at("evening")}={carried},0,IF(ISNUMBER(MATCH('
            f"{at('evening')},{col_of(at('evening'))}$2:{at('evening', r - 1)},0)),1,0)))"
        ),
        "absent column": f"={_first_absent(layout, r)}",
        "evening deals": f"={at('used')}"
        if first
        else (f"=IF({new}=1,0,{at('evening deals', r - 1)})+{at('used')}"),
        "dealer seat": (
            f"=IF({at('here')}=0,0,IF({at('evening at')}>0,INDEX({orders},{at('evening at')},"
            f"{order}),SUMPRODUCT(SMALL({here}*{seats}+(1-{here})*99,{order}))))"
        ),
    }


def col_of(cell: str) -> str:
    """The column letters of a cell reference such as ``AB12``.

    >>> col_of("AB12")
    'AB'
    """
    return cell.rstrip("0123456789")


def _first_absent(layout: Layout, r: int) -> str:
    """The first In or Won column marking a seated player who is not there (1000: none)."""
    w = layout.width
    ins = f"{DEALS}!${col(layout.first_in)}{r}:${col(layout.first_won - 1)}{r}"
    wins = f"{DEALS}!${col(layout.first_won)}{r}:${col(layout.first_cards - 1)}{r}"
    here = f"${col(layout.here_col(0))}{r}:${col(layout.here_col(w - 1))}{r}"
    away = f"SeatOn*(1-{here})"
    return (
        f"MIN({first_column(is_x(ins) + f'*{away}', ins)},"
        f"{first_column(is_x(wins) + f'*{away}', wins)})"
    )


def here_formula(layout: Layout, r: int, s: int, at: Any) -> str:
    """1 where seat ``s`` plays in Deals row ``r``: seated and, when the row belongs to an
    evening on the Evenings sheet, marked there."""
    there = f"INDEX({evening_range(THERE_FROM + s)},{at('evening at')})"
    return f"=IF({at('evening at')}>0,{there},{seat_cell('plays', s)})"
