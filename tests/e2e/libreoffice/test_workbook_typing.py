"""The club workbook as a treasurer uses it, no Python: names typed on
Players, marks typed on Deals (only into unlocked cells), LibreOffice recalculating, every
value compared with the Python ledger; mistyped marks flagged in the import's own words."""

from __future__ import annotations

from fractions import Fraction

import pytest
from openpyxl import load_workbook
from support.libreoffice import close, recalculate
from support.lo_typing import NAMES, blank_book, typed

from guts_teach import Session, teaching
from guts_teach.excel.layout import DEALS, LEDGER, PLAYERS, SEATS, STANDINGS, Layout, col
from guts_teach.excel.reading.file_import import import_ledger
from guts_teach.excel.reading.reader import WorkbookError


def play(table: Session, seed: int, deals: int) -> list[tuple[list[str], list[str]]]:
    import random

    chooser = random.Random(seed)
    played = []
    for _ in range(deals):
        ins = [p for p in table.players if chooser.random() < 0.5]
        wins = chooser.sample(ins, chooser.randint(1, min(2, len(ins)))) if len(ins) > 1 else []
        table.play(ins, winners=wins or None)
        played.append((ins, wins))
    return played


def type_deals(book, layout, played):
    sheet = book[DEALS]
    for number, (ins, wins) in enumerate(played, start=1):
        r = number + 1
        typed(sheet, f"A{r}", number)
        for i, player in enumerate(layout.players):
            if player in ins:
                typed(sheet, sheet.cell(r, layout.in_col(i)).coordinate, "x")
            if player in wins:
                typed(sheet, sheet.cell(r, layout.won_col(i)).coordinate, " X ")


@pytest.mark.parametrize("n", [2, 5, 10])
def test_names_typed_on_players_run_every_sheet_and_empty_seats_take_no_part(tmp_path, n):
    path = tmp_path / "club.xlsx"
    book = blank_book(path)
    names = NAMES[:n]
    for i, name in enumerate(names):
        typed(book[PLAYERS], f"B{i + 2}", name)
    table = Session(names, rules=teaching())
    played = play(table, seed=n, deals=25)
    layout = Layout(tuple(names), 40, block=SEATS)
    type_deals(book, layout, played)
    renamed = "Zoë" if n > 1 else names[0]
    typed(book[PLAYERS], "B3", renamed)  # Ben is renamed after the deals are typed
    book.save(path)
    done = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)
    shown = [renamed if p == "Ben" else p for p in names]
    ledger = done[LEDGER]
    header = [c.value for c in ledger[1]]
    assert header[8 : 8 + n] == shown
    assert all(h.endswith(": empty") for h in header[8 + n : 8 + SEATS])
    for record in table.deals:
        row = [c.value for c in ledger[record.number + 1]]
        rename = {"Ben": renamed}
        assert row[1] == rename.get(record.dealer, record.dealer)
        assert (row[2] or "") == " ".join(rename.get(p, p) for p in record.ins)
        assert close(row[4], record.pot_before), record.number
        assert close(row[6], record.pot_after), record.number
        for i, balance in enumerate(record.balances):
            assert close(row[8 + i], balance), (record.number, i)
        assert all(v in (None, "") for v in row[8 + n : 8 + SEATS])  # empty seats: nothing
        assert row[layout.check_col - 1] == "ok"
        assert row[layout.problem_col - 1] in (None, "")
    first = table.deals[0]
    assert first.pot_before == n * teaching().ante  # the players seated ante, no phantom
    assert close(ledger["E2"].value, first.pot_before)
    standings = list(done[STANDINGS].iter_rows(min_row=2, max_row=11, max_col=3, values_only=True))
    assert [r[0] for r in standings if r[0]] == shown
    places = {s.player: s.place for s in table.standings()}
    for (_, balance, place), player in zip(standings, names, strict=False):
        assert close(balance, table.balances[player]) and place == places[player]
    rows = done["Settle up"].iter_rows(min_row=2, max_col=4, values_only=True)
    settle = [r for r in rows if isinstance(r[0], int | float)]  # the transfers, numbered
    assert all(payer in shown and payee in shown for _, payer, payee, _ in settle)
    deals_header = [c.value for c in done[DEALS][1]][layout.first_in - 1 :][:SEATS]
    assert deals_header[:n] == [f"In\n{p}" for p in shown]
    ledger_back = import_ledger(str(path))
    assert ledger_back.players == tuple(shown)


BAD = ["no", 0, "-", " ", "yes", True]


def test_every_mistyped_mark_is_flagged_charges_nobody_and_the_import_agrees(tmp_path):
    names = ("Ana", "Ben", "Cleo")
    path = tmp_path / "marks.xlsx"
    book = blank_book(path)
    for i, name in enumerate(names):
        typed(book[PLAYERS], f"B{i + 2}", name)
    deals = book[DEALS]
    typed(deals, "A2", 1)
    typed(deals, "C2", "X")  # Ana in, alone: she takes the pot of 3 (X counts)
    expected = {}
    for k, bad in enumerate(BAD):
        r = 3 + k
        typed(deals, f"A{r}", 2 + k)
        typed(deals, f"C{r}", " x ")
        typed(deals, f"D{r}", bad)  # Ben: neither in nor out
        single = tmp_path / f"single{k}.xlsx"
        one = blank_book(single)
        for i, name in enumerate(names):
            typed(one[PLAYERS], f"B{i + 2}", name)
        typed(one[DEALS], "A2", 1)
        typed(one[DEALS], "D2", bad)
        one.save(single)
        with pytest.raises(WorkbookError) as caught:
            import_ledger(str(single))
        message = str(caught.value)
        assert message.startswith("sheet 'Deals', row 2, column D (In Ben): "), message
        expected[r] = message.removeprefix("sheet 'Deals', row 2, ")
    book.save(path)
    with pytest.raises(WorkbookError) as caught:
        import_ledger(str(path))
    assert str(caught.value) == "sheet 'Deals', row 3, " + expected[3]
    done = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)
    layout = Layout(names, 40, block=SEATS)
    ledger = done[LEDGER]
    for r, words in expected.items():
        assert ledger.cell(r, layout.problem_col).value == words, r
        assert done[DEALS].cell(r, layout.note_col + 1).value == words, r
    table = Session(list(names), rules=teaching())
    table.play(["Ana"])  # the only deal that counts
    for r in range(2, 3 + len(BAD)):
        balances = [ledger.cell(r, 9 + i).value for i in range(3)]
        if r == 2:
            assert [Fraction(b) for b in balances] == list(table.deals[0].balances)
        else:
            assert balances == [None] * 3  # a flagged row charges nobody
    standings = {r[0]: r[1] for r in done[STANDINGS].iter_rows(min_row=2, values_only=True) if r[0]}
    assert {p: Fraction(v) for p, v in standings.items()} == dict(table.balances)


def ana_and_ben(path, *, rows: int, deals: int):
    """A book seating Ana and Ben with ``deals`` deals typed from row 2, Ana alone in."""
    book = blank_book(path, rows=rows)
    for i, name in enumerate(("Ana", "Ben")):
        typed(book[PLAYERS], f"B{i + 2}", name)
    for number in range(1, deals + 1):
        typed(book[DEALS], f"A{number + 1}", number)
        typed(book[DEALS], f"C{number + 1}", "x")
    return book


def test_a_deal_past_the_last_row_is_flagged_and_refused(tmp_path):
    path = tmp_path / "edge.xlsx"
    book = ana_and_ben(path, rows=5, deals=5)  # rows 2 to 6: the last row the formulas read
    deals = book[DEALS]
    end_words = deals.cell(7, Layout(("Ana", "Ben"), 5, block=SEATS).note_col + 1)  # hidden
    assert end_words.value.startswith("End of the book: the formulas read the deals on rows 2 to 6")
    assert deals["A7"].value is None  # nothing printed stands below the deals
    typed(deals, "A8", 6)
    typed(deals, "D8", "x")
    book.save(path)
    with pytest.raises(WorkbookError) as caught:
        import_ledger(str(path))
    assert str(caught.value).startswith(
        "sheet 'Deals', row 8, column A: this row is below the rows the workbook's formulas "
        "read (rows 2 to 6)"
    )
    done = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)
    layout = Layout(("Ana", "Ben"), 5, block=SEATS)
    assert (
        done[DEALS]
        .cell(7, layout.note_col + 2)  # the end-of-book row's check, in a hidden column
        .value.startswith("2 cells typed below this row are NOT counted")
    )
    assert done[LEDGER]["A6"].value == 5  # the last row counts


def test_a_deal_typed_into_an_inserted_row_is_flagged_and_refused_alike(tmp_path):
    from support.lo_typing import type_in

    from guts_teach.excel.book_words import INSERTED

    path = tmp_path / "forgot.xlsx"
    ana_and_ben(path, rows=10, deals=4).save(path)
    layout = Layout(("Ana", "Ben"), 10, block=SEATS)
    end = f"{col(layout.note_col + 2)}13"  # the end-of-book row's check, one lower after the insert
    shown = type_in(
        path,
        [
            (DEALS, "INSERT ROW", "4"),  # a forgotten deal between deals 2 and 3
            (DEALS, "A4", "5"),
            (DEALS, "D4", "x"),
            (DEALS, "READ", end),
            (DEALS, "SAVE", ""),
        ],
        tmp_path,
    )
    assert shown[3][2] == INSERTED
    with pytest.raises(WorkbookError) as caught:
        import_ledger(str(path))
    assert str(caught.value) == f"sheet 'Deals', row 13: {INSERTED}"
