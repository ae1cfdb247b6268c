"""The Players sheet and its hidden helper, Seats: names typed in ten yellow cells.

Every other sheet reads the names through the Seats sheet, so renaming a player changes
every sheet at once and an empty seat takes no part anywhere. A seat
plays when its cell holds a name (text that is not only spaces) that no earlier seat has.

>>> seat_cell("name", 0), seat_cell("plays", 9)
('Seats!$B$2', 'Seats!$K$3')
"""

from __future__ import annotations

from typing import Any

from openpyxl import Workbook
from openpyxl.workbook.defined_name import DefinedName

from ..book_words import FORMULA, NAME_ROW, NOT_TEXT, SAME, SEAT_ROWS, seat_cell
from ..layout import PLAYERS, SEATS, SEATS_SHEET, col

EMPTY = "empty seat: takes no part"
PLAYS = "plays"
IS_FORMULA = "_xlfn.ISFORMULA"
"""ISFORMULA as the file must name it (a function newer than the file format's first
list); LibreOffice and Excel both read it so."""


def seat_range(row: str) -> str:
    """An absolute reference to one row of the Seats sheet, all seats."""
    r = SEAT_ROWS[row]
    return f"{SEATS_SHEET}!$B${r}:${col(SEATS + 1)}${r}"


def seats_sheet(book: Workbook) -> None:
    """The hidden helper: each seat's name, whether it plays, and its place in the order."""
    sheet = book.create_sheet(SEATS_SHEET)
    for label, r in SEAT_ROWS.items():
        sheet.cell(r, 1, label)
    for s in range(SEATS):
        c = col(s + 2)
        typed = f"{PLAYERS}!$B${NAME_ROW + s}"
        earlier = f"$B$2:{col(s + 1)}$2" if s else ""
        sheet.cell(1, s + 2, s + 1)
        sheet.cell(
            2, s + 2, f'=IF(AND(ISTEXT({typed}),NOT({IS_FORMULA}({typed}))),TRIM({typed}),"")'
        )
        same = f"IFERROR(MATCH({c}2,{earlier},0),0)" if s else "0"
        sheet.cell(5, s + 2, f'=IF({c}2="",0,{same})')
        sheet.cell(3, s + 2, f'=IF(AND({c}2<>"",{c}5=0),1,0)')
        sheet.cell(4, s + 2, f"=IF({c}3=1,SUM($B$3:{c}3),0)")
    sheet.sheet_state = "hidden"
    names = {
        "PlayerNames": seat_range("name"),
        "SeatOn": seat_range("plays"),
        "SeatOrder": seat_range("order"),
        "NPlayers": f"SUM({seat_range('plays')})",
    }
    for name, ref in names.items():
        book.defined_names[name] = DefinedName(name, attr_text=ref)


def players_sheet(book: Workbook, players: tuple[str, ...], fill: Any, unlocked: Any) -> Any:
    """Seat | Name (ten yellow input cells) | Status, and a count of players seated."""
    sheet = book.create_sheet(PLAYERS)
    sheet.append(["Seat", "Name", "Status"])
    for s in range(SEATS):
        r = NAME_ROW + s
        sheet.cell(r, 1, s + 1)
        name = sheet.cell(r, 2, players[s] if s < len(players) else None)
        name.data_type = "s"
        name.number_format = "@"  # typed text stays text, "=Max" included
        name.fill, name.protection = fill, unlocked
        same = SAME.format(seat='"&' + seat_cell("same as", s) + '&"')
        sheet.cell(
            r,
            3,
            f'=IF({seat_cell("plays", s)}=1,"{PLAYS}",IF({IS_FORMULA}(B{r}),"{FORMULA}",'
            f'IF(AND(B{r}<>"",NOT(ISTEXT(B{r}))),"{NOT_TEXT}",'
            f'IF({seat_cell("same as", s)}>0,"{same}","{EMPTY}"))))',
        )
    below = NAME_ROW + SEATS + 1
    sheet.cell(below, 1, "Players")
    sheet.cell(below, 2, "=NPlayers")
    sheet.cell(
        below,
        3,
        '=IF(NPlayers<2,"Type at least two names in the yellow cells",'
        '"Seats without a name take no part: no ante, no deals")',
    )
    sheet.column_dimensions["B"].width = 22
    sheet.column_dimensions["C"].width = 48
    return sheet
