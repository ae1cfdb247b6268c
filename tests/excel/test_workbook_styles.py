"""The club workbook's cell styles, now given a whole block at once: every Deals
input cell editable and yellow, every amount shown as a fraction, and each cell still its own
(restyling one leaves its neighbours alone)."""

from openpyxl.styles import PatternFill, Protection

from guts_teach.excel.layout import AMOUNT_FORMAT, CALC, DEALS, LEDGER, SEATS, Layout
from guts_teach.excel.writing.workbook import new_workbook
from guts_teach.game.rules import teaching

PLAYERS = ("Ana", "Ben", "Cleo", "Dev")


def book(rows=25):
    return new_workbook(PLAYERS, teaching(), rows=rows), Layout(PLAYERS, rows, block=SEATS)


def test_every_deals_input_cell_is_unlocked_and_yellow():
    made, layout = book()
    sheet = made[DEALS]
    for r in range(2, layout.last_row + 1):
        for c in range(1, layout.note_col + 1):
            cell = sheet.cell(r, c)
            assert cell.protection.locked is False, cell.coordinate
            assert cell.fill.fgColor.rgb == "00FFF8E1", cell.coordinate
    assert sheet.cell(layout.last_row + 1, 1).protection.locked is True  # below the rows: no input
    assert sheet.cell(1, 1).protection.locked is True  # the headers stay locked


def test_amounts_show_as_fractions_where_they_did():
    made, layout = book()
    calc, ledger = made[CALC], made[LEDGER]
    for r in range(2, layout.last_row + 1):
        for c in range(1, layout.state_col(SEATS - 1) + 1):
            assert calc.cell(r, c).number_format == AMOUNT_FORMAT
        for c in range(1, layout.problem_col + 1):
            amount = 5 <= c <= layout.check_col - 1
            assert (ledger.cell(r, c).number_format == AMOUNT_FORMAT) is amount, (r, c)
    assert calc.cell(1, 1).number_format == "General"


def test_each_cell_keeps_its_own_style():
    made, _ = book()
    sheet = made[DEALS]
    sheet["B2"].fill = PatternFill("solid", fgColor="FF0000")
    sheet["B2"].protection = Protection(locked=True)
    assert sheet["B3"].fill.fgColor.rgb == sheet["C2"].fill.fgColor.rgb == "00FFF8E1"
    assert sheet["B3"].protection.locked is False
    made[CALC]["A2"].number_format = "0.00"
    assert made[CALC]["A3"].number_format == made[CALC]["B2"].number_format == AMOUNT_FORMAT


def test_the_deals_blocks_read_apart_and_headers_wrap():
    """Item 9: a thick line before the Evening, In, Won, Cards and Note blocks on every row, header
    fills of their own, headers that wrap in a row tall enough, marks and deal numbers
    centred so that the deal number stands clear of the first mark."""
    made, layout = book()
    sheet = made[DEALS]
    starts = {2, layout.first_in, layout.first_won, layout.first_cards, layout.note_col}
    for r in (1, 2, layout.last_row):
        for c in range(2, layout.note_col + 1):
            thick = sheet.cell(r, c).border.left.style == "thick"
            assert thick is (c in starts), (r, c)
    fills = {sheet.cell(1, c).fill.fgColor.rgb for c in (1, *sorted(starts)[:-1])}
    assert len(fills) == 5  # Deal, Evening, In, Won, Cards
    assert all(sheet.cell(1, c).alignment.wrap_text for c in range(1, layout.note_col + 2))
    assert sheet.row_dimensions[1].height >= 4 * sheet.cell(1, 2).font.sz * 1.2
    for c in (1, layout.first_in, layout.first_won):
        assert sheet.cell(5, c).alignment.horizontal == "center"


def test_a_flagged_deal_shows_red_on_its_number_where_typing_starts():
    book = new_workbook(("Ana", "Ben"), teaching(), rows=40)
    layout = Layout(("Ana", "Ben"), 40, block=SEATS)
    problem = layout.note_col + 1
    rules = {
        str(rng.sqref): [r.formula for r in rng.rules] for rng in book[DEALS].conditional_formatting
    }
    letter = book[DEALS].cell(1, problem).column_letter
    assert rules["A2:A41"] == [[f"LEN(${letter}2)>0"]]
    assert rules[f"{letter}2:{letter}41"] == [[f"LEN({letter}2)>0"]]
