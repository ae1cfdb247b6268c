"""The Deals sheet, where the treasurer types: a deal number, then x marks from drop-downs.

Its headers follow the Players sheet by formula; the In and Won blocks are coloured apart;
a mark cell takes ``x`` from a list with an input message, the deal number only a whole
number. Below the last row the formulas read, an end-of-book row says so, and turns red
when anything is typed below it.

The sheet prints the rows typed on it and no others, with no print range to set: a
spreadsheet with no print range prints up to the last row that holds something, or a
border or a fill, in a column that is not hidden (LibreOffice; Excel reads the print area
:mod:`..writing.printing` gives it). So the rows' yellow and their lines are conditional
formats, which count for nothing there, and what a row holds that nobody types (the Problem
column's formulas, the end-of-book row's words and check) sits in hidden columns.

>>> end_of_book_text(1001).startswith("End of the book")
True
"""

from __future__ import annotations

from typing import Any

from openpyxl import Workbook
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.worksheet.datavalidation import DataValidation

from ..book_words import END_COLUMNS, END_OF_BOOK, INSERTED, LABEL_FORMAT, header_formula
from ..layout import CALC, DEALS, EVENING_ROWS, EVENINGS, LEDGER, MARK, RULES, Layout, col
from .formulas import INPUT_FILL, UNLOCKED, drop_down, head_style, same_style

IN_FILL = PatternFill("solid", fgColor="1565C0")
WON_FILL = PatternFill("solid", fgColor="E65100")
CARDS_FILL = PatternFill("solid", fgColor="616161")
EVENING_FILL = PatternFill("solid", fgColor="4E342E")
PROBLEM_FILL = PatternFill("solid", fgColor="FFCDD2", bgColor="FFCDD2")
EDGE = Side(style="thick", color="000000")
BLOCK = Side(style="thin", color="000000")
THIN = Side(style="thin", color="BDBDBD")
HEADER_FONT = Font(bold=True, color="FFFFFF", size=10)
MARK_FONT = Font(bold=True, size=11)
CENTRED = Alignment(horizontal="center", vertical="center")
MARK_WIDTH = 5
"""The mark columns' width: the Deal column and the twenty In and Won marks fit one page
across at the Deals print scale (:mod:`.printing`), on Letter as on A4."""
NOTE_WIDTH = 14
"""The Note column's width: with the Deal number, the Evening and the marks it fits one page
across at the Deals print scale, on Letter as on A4; a longer note wraps."""
END_FILL = PatternFill("solid", fgColor="E0E0E0", bgColor="E0E0E0")
TYPING_FILL = PatternFill("solid", fgColor=INPUT_FILL.fgColor.rgb, bgColor=INPUT_FILL.fgColor.rgb)
"""The input yellow as a conditional format gives it (Excel reads a conditional fill's colour
from its background colour, LibreOffice from its foreground)."""
BAND = 200
"""Unlocked rows below the end of the book, so that a deal typed there is flagged, not
refused by the sheet's protection."""


EVENING_LIST = f"{EVENINGS}!$A$2:$A${1 + EVENING_ROWS}"
"""The evenings' labels, for the drop-downs that pick one."""


def end_of_book_text(last: int) -> str:
    return f"{END_OF_BOOK}: the formulas read the deals on rows 2 to {last}"


BOOK_WARNING = "BookWarning"
"""The defined name of what is wrong with the whole book (:func:`book_warning`)."""
RULES_STATUS_ROWS = {
    3: "Ante",
    4: "Cap",
    5: "Starting stack",
    7: "Pot before the first deal",
    8: "Reserve before the first deal",
    9: "First dealer",
}
"""The Rules rows whose Status cell (column C) says what is wrong with the cell beside it."""


def book_warning(layout: Layout) -> str:
    """What is wrong with the whole book, in words ("" when nothing is): a row inserted into
    Deals or deals typed below the end of the book (which the formulas do not read), or a
    Rules cell the formulas cannot use as typed (a date pasted into the cap). Either changes
    every pot and balance below it without a mark on the rows themselves, so the Ledger,
    Standings and Settle up say it where their figures are read, not only the end-of-book row
    and the Rules sheet."""
    end = end_check_cell(layout)
    out = '""'
    for row, name in reversed(RULES_STATUS_ROWS.items()):
        status = f"{RULES}!$C${row}"
        out = f'IF({status}<>"","Rules, row {row} ({name}): "&{status},{out})'
    return f'IF({end}<>"","Deals, row "&ROW({end})&": "&{end},{out})'


def warned(text: str) -> str:
    """The book's warning, then ``text`` (what it means where it is read), or "" when the
    book has none."""
    return f'IF({BOOK_WARNING}="","",{BOOK_WARNING}&". {text}")'


def unread_check(layout: Layout) -> str:
    """How many cells hold something on Deals rows that no formula reads: the block's
    range grows with an inserted row, the rows the Calc sheet reads do not."""
    content = col(layout.calc("content"))
    return (
        f"(COUNTA({DEALS}!$A$2:${col(layout.note_col)}${layout.last_row})"
        f"-SUM({CALC}!${content}$2:${content}${layout.last_row}))"
    )


def below_check(layout: Layout) -> str:
    """How many cells hold something below the end-of-book row."""
    start = layout.last_row + 2
    return f"COUNTA({DEALS}!$A${start}:${col(layout.note_col)}$1048576)"


def deals_sheet(book: Workbook, layout: Layout) -> Any:
    sheet = book.create_sheet(DEALS)
    w, drawn = layout.width, layout.drawn_last
    i, o, c = layout.first_in, layout.first_won, layout.first_cards
    sheet.cell(1, 1, "Deal")
    sheet.cell(1, layout.evening_col, "Evening")
    for s in range(w):
        sheet.cell(1, i + s, header_formula("In", s))
        sheet.cell(1, o + s, header_formula("Won", s))
        sheet.cell(1, c + s, header_formula("Cards", s))
    sheet.cell(1, layout.note_col, "Note")
    sheet.cell(1, layout.note_col + 1, "Problem (from the Ledger)")
    for cell in sheet[1]:
        head_style(cell)
        cell.font = HEADER_FONT
    for s in range(w):
        sheet.cell(1, i + s).fill = IN_FILL
        sheet.cell(1, o + s).fill = WON_FILL
        sheet.cell(1, c + s).fill = CARDS_FILL
    sheet.cell(1, layout.evening_col).fill = EVENING_FILL
    first = sheet.cell(2, 1)
    first.protection = UNLOCKED
    first.alignment = CENTRED
    first.font = MARK_FONT
    marks = range(1, layout.note_col)
    same_style(first, (sheet.cell(r, m) for r in range(2, drawn + 1) for m in marks))
    for r in range(2, drawn + 1):  # an evening typed as a date shows as one, 2026-11-03
        sheet.cell(r, layout.evening_col).number_format = LABEL_FORMAT
    note = sheet.cell(2, layout.note_col)
    note.protection = UNLOCKED
    note.alignment = Alignment(wrap_text=True, vertical="top")
    same_style(note, (sheet.cell(r, layout.note_col) for r in range(2, drawn + 1)))
    problem = col(layout.problem_col)
    for r in range(2, drawn + 1):
        sheet.cell(r, layout.note_col + 1, f"={LEDGER}!{problem}{r}")
    _end_row(sheet, layout)  # the red conditional formats first: the first that holds wins
    _flag_rows(sheet, layout)
    _edges(sheet, layout)
    _validations(sheet, layout)
    sheet.row_dimensions[1].height = 56  # four lines of 10 pt: a long name wraps, never clips
    sheet.freeze_panes = "C2"
    sheet.column_dimensions["A"].width = 6
    sheet.column_dimensions[col(layout.evening_col)].width = 11  # a date: 2026-11-10
    for m in range(i, layout.note_col):
        sheet.column_dimensions[col(m)].width = MARK_WIDTH
    sheet.column_dimensions[col(layout.note_col)].width = NOTE_WIDTH
    sheet.column_dimensions[col(layout.note_col + 1)].width = 30
    # The Problem column holds a formula on every row: shown, it would print every row of
    # the book. Its words are on the Ledger; here the row and the cell at fault turn red.
    sheet.column_dimensions[col(layout.note_col + 1)].hidden = True
    sheet.column_dimensions[col(layout.note_col + 2)].hidden = True  # the end row's check
    # The cards' columns, folded away (most clubs record no cards), so Deals prints one page
    # across; a book written with cards shows them (writing.printing.show_cards).
    sheet.column_dimensions.group(
        col(layout.first_cards), col(layout.note_col - 1), hidden=True, outline_level=1
    )
    sheet.print_title_rows = "1:1"
    return sheet


def _edges(sheet: Any, layout: Layout) -> None:
    """The typing rows' yellow, a dark line before each block (Evening, In, Won, Cards, Note)
    and grey lines between the seats, so the In and Won blocks read apart and the deal number
    stands clear of the marks. The header row's lines are drawn; the rows' are conditional
    formats (a drawn fill or line would print every row of the book, see the module), in the
    thin lines a conditional format may draw in Excel. They follow the typing: the first
    :data:`AHEAD` rows, then each row within :data:`AHEAD` rows below one that holds
    something, so a printed page ends in a few empty rows, not a page of them."""
    starts = {2, layout.first_in, layout.first_won, layout.first_cards, layout.note_col}
    for c in range(2, layout.note_col + 1):
        sheet.cell(1, c).border = Border(left=EDGE if c in starts else THIN)
    last, note = layout.last_row, col(layout.note_col)
    content = col(layout.calc("content"))
    top = min(1 + AHEAD, last)
    bands = [(2, top, "ROW()>0")]
    if last > top:
        bands.append(
            (top + 1, last, f"SUM({CALC}!${content}{top + 1 - AHEAD}:${content}{top + 1})>0")
        )
    for first, end, rule in bands:
        block_starts = " ".join(f"{col(c)}{first}:{col(c)}{end}" for c in sorted(starts))
        sheet.conditional_formatting.add(
            block_starts,
            FormulaRule(formula=[rule], fill=TYPING_FILL, border=Border(left=BLOCK, bottom=THIN)),
        )
        sheet.conditional_formatting.add(
            f"A{first}:{note}{end}",
            FormulaRule(formula=[rule], fill=TYPING_FILL, border=Border(left=THIN, bottom=THIN)),
        )


AHEAD = 5
"""Empty rows shown yellow, ready for typing, below the last row that holds something."""


def _flag_rows(sheet: Any, layout: Layout) -> None:
    """A row with a problem turns red at its deal number (where typing starts) and at the
    cell at fault (the Calc sheet's ``at``), before the yellow of :func:`_edges`."""
    last, note = layout.last_row, col(layout.note_col)
    problem = f"LEN(${col(layout.note_col + 1)}2)>0"
    at = f"{CALC}!${col(layout.calc('at'))}2"
    red = {"fill": PROBLEM_FILL, "font": Font(bold=True)}
    sheet.conditional_formatting.add(f"A2:A{last}", FormulaRule(formula=[problem], **red))
    sheet.conditional_formatting.add(
        f"B2:{note}{last}", FormulaRule(formula=[f"AND({problem},COLUMN()={at})"], **red)
    )


def flag_problems(sheet: Any, ref: str) -> None:
    """Red where a Problem cell has something to say."""
    corner = ref.split(":")[0]
    sheet.conditional_formatting.add(
        ref, FormulaRule(formula=[f"LEN({corner})>0"], fill=PROBLEM_FILL, font=Font(bold=True))
    )


def end_check_cell(layout: Layout) -> str:
    """The cell that says how many cells are typed below the end-of-book row or in a row
    inserted into the deals (in a hidden column, as the end-of-book words: see the module)."""
    return f"{DEALS}!${col(layout.note_col + 2)}${layout.last_row + 1}"


def _end_row(sheet: Any, layout: Layout) -> None:
    """The row after the last one the formulas read, and an unlocked band below it. It is
    grey, and red when anything is typed below it or into an inserted row."""
    r = layout.last_row + 1
    words = END_COLUMNS[-1]  # where the readers look for them (book_words)
    sheet.cell(r, words, end_of_book_text(layout.last_row)).data_type = "s"
    sheet.cell(
        r,
        layout.note_col + 2,
        f'=IF({below_check(layout)}>0,{below_check(layout)}&" cells typed below this row are '
        "NOT counted: move those deals up, or make a bigger book (guts-teach workbook new "
        f'--rows N)",IF({unread_check(layout)}>0,"{INSERTED}",""))',
    )
    for c in range(1, layout.note_col + 1):
        sheet.cell(r, c).font = Font(bold=True)
    band = sheet.cell(r + 1, 1)
    band.protection = UNLOCKED
    same_style(
        band,
        (
            sheet.cell(q, c)
            for q in range(r + 1, r + 1 + BAND)
            for c in range(1, layout.note_col + 1)
        ),
    )
    row = f"A{r}:{col(layout.note_col)}{r}"
    loud = FormulaRule(formula=[f'{end_check_cell(layout)}<>""'], fill=PROBLEM_FILL)
    sheet.conditional_formatting.add(row, loud)
    sheet.conditional_formatting.add(row, FormulaRule(formula=["ROW()>0"], fill=END_FILL))
    said = DataValidation(
        showInputMessage=True,
        promptTitle=END_OF_BOOK,
        prompt=f"The formulas read the deals on rows 2 to {layout.last_row}. Nothing typed on "
        "or below this grey row is counted (the row turns red). For more room: guts-teach "
        "workbook new --rows N, then copy the deals across.",
    )
    said.add(row)
    sheet.add_data_validation(said)


def _validations(sheet: Any, layout: Layout) -> None:
    last = layout.last_row
    marks = drop_down(
        f'"{MARK}"',
        f"{col(layout.first_in)}2:{col(layout.first_cards - 1)}{last}",
        "A mark",
        "Pick x from the list (or type x), or leave the cell empty.",
        "Only x counts as a mark. Anything else is flagged on the Ledger and charges nobody.",
    )
    number = DataValidation(
        type="whole",
        operator="greaterThanOrEqual",
        formula1="1",
        allow_blank=True,
        showInputMessage=True,
        showErrorMessage=True,
        promptTitle="Deal number",
        prompt="The deal's number: 1, 2, 3 ... Rows without a number are skipped.",
        errorTitle="Not a deal number",
        error="A deal number is a whole number of at least 1.",
    )
    number.add(f"A2:A{last}")
    evening = drop_down(
        EVENING_LIST,
        f"{col(layout.evening_col)}2:{col(layout.evening_col)}{last}",
        "Evening",
        f"On an evening's first deal: pick it from sheet '{EVENINGS}' (or type it). The "
        "deals below belong to it until another evening is typed. Blank: no evenings.",
        f"Add this evening on sheet '{EVENINGS}', with an x for each player there.",
        strict=False,
    )
    for validation in (marks, number, evening):
        sheet.add_data_validation(validation)
