"""The club workbook's cell styles, now given a whole block at once: every Deals
input cell editable and yellow, every amount shown as a fraction, and each cell still its own
(restyling one leaves its neighbours alone)."""

from openpyxl.styles import PatternFill, Protection

from guts_teach.excel.layout import AMOUNT_FORMAT, CALC, DEALS, LEDGER, SEATS, Layout, col
from guts_teach.excel.writing.workbook import new_workbook
from guts_teach.game.rules import teaching

PLAYERS = ("Ana", "Ben", "Cleo", "Dev")


def book(rows=25):
    return new_workbook(PLAYERS, teaching(), rows=rows), Layout(PLAYERS, rows, block=SEATS)


def conditional(sheet):
    """Each conditional format range of ``sheet`` (its text) with its rules."""
    return {str(rng.sqref): list(rng.rules) for rng in sheet.conditional_formatting}


def yellow_cells(sheet) -> set[str]:
    """The cells a conditional format paints the input yellow."""
    from openpyxl.utils.cell import range_boundaries

    found = set()
    for ref, rules in conditional(sheet).items():
        if any(
            r.dxf.fill is not None
            and r.dxf.fill.fgColor.rgb == r.dxf.fill.bgColor.rgb == "00FFF8E1"
            for r in rules
        ):
            for part in ref.split():
                c1, r1, c2, r2 = range_boundaries(part)
                found |= {(r, c) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)}
    return found


def test_every_deals_input_cell_is_unlocked_and_yellow_yet_nothing_below_prints():
    """Yellow from a conditional format, never a drawn fill or line: a drawn one would make
    a spreadsheet print every row of the book."""
    made, layout = book()
    sheet = made[DEALS]
    yellow = yellow_cells(sheet)
    for r in range(2, layout.last_row + 1):
        for c in range(1, layout.note_col + 1):
            cell = sheet.cell(r, c)
            assert cell.protection.locked is False, cell.coordinate
            assert (r, c) in yellow, cell.coordinate
            assert cell.fill.fill_type is None, cell.coordinate
            assert not any(getattr(cell.border, side).style for side in ("left", "bottom"))
    assert sheet.cell(layout.last_row + 1, 1).protection.locked is True  # below the rows: no input
    assert sheet.cell(1, 1).protection.locked is True  # the headers stay locked
    assert sheet.cell(layout.last_row + 1, 1).value is None  # the end row's words are hidden
    hidden = {c for c in range(1, 60) if sheet.column_dimensions[col(c)].hidden}
    assert set(range(layout.note_col + 1, layout.note_col + 3)) <= hidden


def test_the_yellow_follows_the_typing_five_rows_ahead():
    made, layout = book(rows=40)
    rules = conditional(made[DEALS])
    assert [r.formula for r in rules["A2:AG6"]] == [["ROW()>0"]]
    content = col(layout.calc("content"))
    assert [r.formula for r in rules["A7:AG41"]] == [[f"SUM({CALC}!${content}2:${content}7)>0"]]


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
    assert sheet["B3"].fill.fill_type is sheet["C2"].fill.fill_type is None
    assert sheet["B3"].protection.locked is False
    made[CALC]["A2"].number_format = "0.00"
    assert made[CALC]["A3"].number_format == made[CALC]["B2"].number_format == AMOUNT_FORMAT


def test_the_deals_blocks_read_apart_and_headers_wrap():
    """Item 9: a thick line before the Evening, In, Won, Cards and Note blocks in the header and
    a dark one on every row (the thin line a conditional format may draw in Excel), header
    fills of their own, headers that wrap in a row tall enough, marks and deal numbers
    centred so that the deal number stands clear of the first mark."""
    made, layout = book()
    sheet = made[DEALS]
    starts = {2, layout.first_in, layout.first_won, layout.first_cards, layout.note_col}
    for c in range(2, layout.note_col + 1):
        assert (sheet.cell(1, c).border.left.style == "thick") is (c in starts), c
    dark = [
        ref
        for ref, rules in conditional(sheet).items()
        if any(r.dxf.border and r.dxf.border.left.color.rgb == "00000000" for r in rules)
    ]
    assert dark  # on the first rows and on the rows that follow the typing
    for ref in dark:
        columns = {part.split(":")[0].rstrip("0123456789") for part in ref.split()}
        assert columns == {col(c) for c in starts}, ref
    assert dark[-1].endswith(str(layout.last_row))
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
    at = book[CALC].cell(1, layout.calc("at")).column_letter
    assert rules["A2:A41"] == [[f"LEN(${letter}2)>0"]]
    assert rules["B2:AG41"] == [[f"AND(LEN(${letter}2)>0,COLUMN()={CALC}!${at}2)"]]


def test_a_book_with_cards_shows_their_columns_in_one_entry_that_overlaps_none(tmp_path):
    """Shown for a book that records cards: still one grouped entry of mark-wide columns (a
    second entry overlapping it is a file Excel says it must repair)."""
    import re
    import zipfile

    from guts_teach import Session
    from guts_teach.excel.sheets.deals import MARK_WIDTH
    from guts_teach.excel.writing.workbook import export_ledger
    from guts_teach.ledgers.ledger import ledger_of

    table = Session(["Ana", "Ben"], rules=teaching())
    table.play(["Ana", "Ben"], hands={"Ana": "AS AH", "Ben": "KS QD"})
    path = tmp_path / "cards.xlsx"
    export_ledger(ledger_of(table), path)
    layout = Layout(("Ana", "Ben"), block=SEATS)
    with zipfile.ZipFile(path) as archive:
        xml = archive.read("xl/worksheets/sheet5.xml").decode()  # Deals, the fifth tab
    entries = [
        (int(m["min"]), int(m["max"]), m["rest"])
        for m in re.finditer(r'<col (?P<rest>[^>]*?)min="(?P<min>\d+)" max="(?P<max>\d+)"', xml)
    ]
    covered = [c for low, high, _ in entries for c in range(low, high + 1)]
    assert len(covered) == len(set(covered)), entries  # no column in two entries
    cards = next(e for e in entries if e[0] == layout.first_cards)
    assert cards[1] == layout.note_col - 1 and 'hidden="1"' not in cards[2]
    assert f'width="{MARK_WIDTH}"' in cards[2]
