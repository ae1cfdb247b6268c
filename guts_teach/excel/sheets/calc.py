"""The club workbook's hidden Calc sheet: one row per Deals row, in ordinary spreadsheet
formulas over the Deals, Evenings, Players and Rules sheets, so the workbook keeps score
with no Python at all (RULINGS R2-R9 for the plain game, R12 for evenings). A Deals row
with a problem (:mod:`.problems`) charges nobody: the formulas pass over it until it is
put right.
"""

from __future__ import annotations

from openpyxl import Workbook

from ..layout import AMOUNT_FORMAT, CALC, DEALS, SEATS_SHEET, TINY, Layout, col
from .evenings import evening_calc, here_formula
from .formulas import (
    append_text,
    capped,
    first_column,
    head_style,
    is_x,
    not_mark,
    one_by_one,
    same_style,
)

ONE_BY_ONE = (
    "ante",
    "pot before",
    "reserve before",
    "share",
    "gross",
    "capped",
    "reserve then",
    "refill",
    "pot after",
    "reserve after",
)
"""The Calc columns that carry the pot and the reserve from row to row or read them, kept out
of threaded calculation (:func:`.formulas.one_by_one`) with every balance column: none of the
Calc columns a threaded hard recalculation may compute together then reads the running pot."""


def deals_ranges(layout: Layout, r: int) -> dict[str, str]:
    """The Deals row ``r``: its In block, its Won block, both, and the whole row."""
    i, o, c = layout.first_in, layout.first_won, layout.first_cards

    def span(first: int, last: int) -> str:
        return f"{DEALS}!${col(first)}{r}:${col(last)}{r}"

    return {
        "in": span(i, o - 1),
        "won": span(o, c - 1),
        "marks": span(i, c - 1),
        "row": span(1, layout.note_col),
    }


def calc_sheet(book: Workbook, layout: Layout) -> None:
    """One row per Deals row: what it marks, what is wrong with it, and the money."""
    sheet = book.create_sheet(CALC)
    append_text(sheet, [*layout.CALC_FIXED, *[f"net seat {s + 1}" for s in range(layout.width)]])
    for cell in sheet[1]:
        head_style(cell)
    for s in range(layout.width):
        sheet.cell(1, layout.here_col(s), f"here seat {s + 1}")
    c = {name: col(layout.calc(name)) for name in layout.CALC_FIXED}
    bits = f"2^({SEATS_SHEET}!$B$1:${col(layout.width + 1)}$1-1)"
    for r in range(2, layout.drawn_last + 1):
        on = f"${col(layout.here_col(0))}{r}:${col(layout.here_col(layout.width - 1))}{r}"
        p = r - 1  # the previous row; row 1 is the header, so deal 1 starts from the Rules
        first = r == 2
        prev_pot = "StartPot" if first else f"{c['pot after']}{p}"
        prev_res = "StartReserve" if first else f"{c['reserve after']}{p}"
        d = deals_ranges(layout, r)
        number = f"{DEALS}!$A{r}"
        reserve_then = f"{c['reserve then']}{r}"
        antes = f"{c['here']}{r}*Ante"  # those there ante

        def at(name: str, r: int = r) -> str:
            return f"{c[name]}{r}"

        # A deal number bigger than every number above it repeats none of them, so only
        # a number out of order is looked up among the rows above: a book numbered in order
        # recalculates in time proportional to its rows, not to their square.
        above = "0" if first else at("numbers above", p)
        repeated = (
            f"IF({number}>{above},FALSE,ISNUMBER(MATCH({number},{DEALS}!$A$1:$A{p},0)))"
            if not first
            else "FALSE"
        )
        won_if_in = f"(({at('in')}=1)+({at('in')}<>1)*{is_x(d['won'])})"
        won_now = f"{is_x(d['in'])}*{on}*{won_if_in}"
        problem = (  # the codes of problems.CODES, checked in this order
            f'=IF({at("content")}=0,0,IF({number}="",1,IF(NOT(ISNUMBER({number})),2,'
            f"IF(OR({number}<1,{number}<>INT({number})),2,"
            f"IF({repeated},3,"
            f"IF({at('evening at')}<0,4,IF({at('evening back')}=1,5,"
            f"IF({at('bad marks')}>0,6,IF({at('empty seat column')}<1000,7,"
            f"IF({at('absent column')}<1000,8,IF({at('won not in')}>0,9,"
            f"IF(AND({at('in')}>=2,{at('won marked')}=0),10,0))))))))))))"
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
                f"=MIN({first_column(is_x(d['in']) + '*(1-SeatOn)', d['in'])},"
                f"{first_column(is_x(d['won']) + '*(1-SeatOn)', d['won'])})"
            ),
            "won not in column": (
                "=" + first_column(f"(1-{is_x(d['in'])})*{is_x(d['won'])}*{on}", d["won"])
            ),
            "problem": problem,
            "at": (
                f"=IF({at('problem')}=6,{at('bad column')},IF({at('problem')}=7,"
                f"{at('empty seat column')},IF({at('problem')}=8,{at('absent column')},"
                f"IF({at('problem')}=9,{at('won not in column')},0))))"
            ),
            "used": f"=IF(AND({at('content')}>0,{at('problem')}=0),1,0)",
            "ante": f"=IF(AND({at('used')}=1,{prev_pot}=0,{prev_res}=0),1,0)",
            "pot before": (
                f"=IF({at('used')}=0,{prev_pot},IF({at('ante')}=1,{capped(antes)},{prev_pot}))"
            ),
            "reserve before": f"={prev_res}+IF({at('ante')}=1,{antes}-{capped(antes)},0)",
            "winners": f"=IF({at('in')}=1,1,IF({at('in')}>=2,{at('won marked')},0))",
            "payers": f"=IF({at('winners')}>0,{at('in')}-{at('winners')},0)",
            "share": f"=IF({at('winners')}>0,{at('pot before')}/{at('winners')},0)",
            "ante again": f'=IF(AND({at("used")}=1,{at("in")}=0,Reante="yes"),{antes},0)',
            "gross": (
                f"=IF({at('winners')}>0,0,{at('pot before')})"
                f"+{at('payers')}*{at('pot before')}+{at('ante again')}"
            ),
            "capped": "=" + capped(at("gross")),
            "reserve then": f"={at('reserve before')}+{at('gross')}-{at('capped')}",
            "refill": (
                f"=IF(AND({at('capped')}=0,{reserve_then}>{TINY}),{capped(reserve_then)},0)"
            ),
            "pot after": f"=IF({at('used')}=0,{prev_pot},{at('capped')}+{at('refill')})",
            "reserve after": (f"=IF({at('used')}=0,{prev_res},{reserve_then}-{at('refill')})"),
            "deals so far": f"={'0' if first else at('deals so far', p)}+{at('used')}",
            **evening_calc(layout, r, at),
            # Who is in, who wins and who pays, as bits (seat s: 2^s), worked out once per
            # row from the marks: the running balances below and the Ledger's names read a
            # bit each rather than the marks again, so a correction near the top redoes
            # little on every row below it.
            "in seats": f"=SUMPRODUCT({is_x(d['in'])}*{on}*{bits})",
            "won seats": f"=SUMPRODUCT({won_now}*{bits})",
            "paying seats": (
                f"=IF({at('payers')}>0,SUMPRODUCT({is_x(d['in'])}*{on}*(1-{won_if_in})*{bits}),0)"
            ),
            "numbers above": (f"=IF(ISNUMBER({number}),MAX({above},{number}),{above})"),
        }
        for name, formula in f.items():
            if name in ONE_BY_ONE:
                formula = "=" + one_by_one(formula[1:])
            sheet.cell(r, layout.calc(name), formula)
        for s in range(layout.width):
            sheet.cell(r, layout.here_col(s), here_formula(layout, r, s, at))
            seat_on = f"{col(layout.here_col(s))}{r}=1"  # seated, and there this evening
            won = f"MOD(INT({at('won seats')}/{2**s}),2)=1"
            pays = f"MOD(INT({at('paying seats')}/{2**s}),2)=1"
            prev = "0" if first else f"{col(layout.state_col(s))}{p}"
            change = (
                f"IF({seat_on},-{at('ante')}*Ante-IF({at('ante again')}>0,Ante,0),0)"
                f"+IF({won},{at('share')},0)"
                f"-IF({pays},{at('pot before')},0)"
            )
            balance = f"{prev}+IF({at('used')}=0,0,{change})"
            sheet.cell(r, layout.state_col(s), "=" + one_by_one(balance))
    if layout.last_row >= 2:
        first_cell = sheet.cell(2, 1)
        first_cell.number_format = AMOUNT_FORMAT
        same_style(first_cell, (cell for row in sheet.iter_rows(min_row=2) for cell in row))
    sheet.sheet_state = "hidden"
    sheet.sheet_properties.tabColor = "9E9E9E"
