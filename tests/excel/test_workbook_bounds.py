"""The workbook import reads what the workbook's formulas read, checks the Deals columns
against the Players sheet, refuses files beyond sane bounds quickly, and export then
import loses nothing (issue 11, items 3, 4, 5, 8, 11 and the smaller ones)."""

from __future__ import annotations

import time
import zipfile
from contextlib import closing
from fractions import Fraction

import pytest
from openpyxl import load_workbook
from support.libreoffice import close, recalculate
from support.xlsx_cells import type_cells

from guts_teach import Session, teaching
from guts_teach.excel.layout import CALC, DEALS, LEDGER, MAX_ROWS
from guts_teach.excel.reading import xlsx_read
from guts_teach.excel.reading.file_import import import_ledger
from guts_teach.excel.reading.reader import WorkbookError
from guts_teach.excel.writing.workbook import export_ledger, new_workbook
from guts_teach.game.errors import GutsError
from guts_teach.ledgers.ledger import Ledger, LedgerDeal, ledger_of
from guts_teach.ledgers.ledger_file import loads
from guts_teach.ledgers.replay import replay

LOSSLESS = """{"format": "guts-ledger/1", "title": "Tuesday = club night",
"rules": {"profile": "classic", "ante": "1/2", "cap": "41/2", "starting_stack": "201/2",
 "no_overdraft": true, "min_players": 3, "max_players": 6, "ending": "cycles",
 "reante_when_nobody_in": true},
"players": ["Ana", "Ben", "Cleo"], "pot": "7/2", "reserve": "1/3", "dealer": "Ben", "cycles": 4,
"deals": [
 {"in": ["Ana", "Ben"], "winners": ["Ben"], "note": "Ben's lucky night\\nsecond line"},
 {"in": []},
 {"hands": {"Ana": "Qs Qh", "Ben": "Ac Kd", "Cleo": "2c 3d"}, "in": ["Ana", "Ben"]},
 {"in": ["Ana", "Ben", "Cleo"], "winners": ["Ana", "Cleo"]},
 {"in": ["Cleo"]}
]}"""


@pytest.fixture
def base(tmp_path):
    table = Session(["Ana", "Ben", "Cleo", "Dev"], pot=6)
    table.play(["Ana", "Ben"], winners=["Ana"])
    table.play(["Ana"])
    table.play(["Ben", "Cleo"], winners=["Cleo"])
    path = tmp_path / "club.xlsx"
    export_ledger(ledger_of(table), path)
    return path


def edited(path, sheet, changes):
    """``changes`` typed into ``sheet`` (only that sheet's XML rewritten: openpyxl would read
    and write the book's 95,000 formulas, some 7 s a book)."""
    return type_cells(path, sheet, changes)


@pytest.mark.slow
def test_a_book_saved_again_by_openpyxl_imports_the_same_ledger(base):
    """A club member's script that opens the book in openpyxl, types a name and saves it."""
    before = import_ledger(str(base))
    book = load_workbook(base)
    book["Players"]["B6"] = "Eli"
    book.save(base)
    after = import_ledger(str(base))
    assert after.players == (*before.players, "Eli")
    assert after.deals == before.deals


def refused(path) -> str:
    with pytest.raises(WorkbookError) as caught:
        import_ledger(str(path))
    return str(caught.value)


def test_export_then_import_is_lossless_for_fractions_title_cycles_rules_and_notes(tmp_path):
    ledger = loads(LOSSLESS)
    path = tmp_path / "lossless.xlsx"
    export_ledger(ledger, path)
    assert import_ledger(str(path)) == ledger
    with closing(load_workbook(path, read_only=True)) as book:  # reads only the Rules sheet
        written = [book["Rules"][f"B{r}"].value for r in (3, 4, 5, 7, 8)]
    assert written == [
        "=1/2",
        "=41/2",
        "=201/2",
        "=7/2",
        "=1/3",
    ]


@pytest.mark.e2e  # LibreOffice recalculates the book
def test_fractional_rules_cells_are_numbers_to_libreoffice(tmp_path):
    ledger = loads(LOSSLESS)
    path = tmp_path / "lossless.xlsx"
    export_ledger(ledger, path)
    done = load_workbook(recalculate(path, tmp_path / "out"), data_only=True)
    sheet = done[LEDGER]
    for row, record in enumerate(replay(ledger).deals, start=2):
        assert close(sheet.cell(row, 7).value, record.pot_after), row
        assert close(sheet.cell(row, 8).value, record.reserve_after), row
        for i, balance in enumerate(record.balances):
            assert close(sheet.cell(row, 9 + i).value, balance), (row, i)


def test_a_class_tables_ledger_with_bots_exports_with_the_bots_told_in_the_notes(tmp_path):
    ledger = Ledger(
        rules=teaching(),
        players=("Ana", "Bo"),
        deals=(
            LedgerDeal(ins=("Ana",), bots=(("Bo", "in with J-7 or better"),)),
            LedgerDeal(ins=("Ana", "Bo"), winners=("Bo",), note="Bo's first win"),
            LedgerDeal(ins=(), bots=(("Bo", "equilibrium"),), note="quiet"),
        ),
    )
    path = tmp_path / "bots.xlsx"
    export_ledger(ledger, path)
    back = import_ledger(str(path))
    assert [deal.note for deal in back.deals] == [
        "Declared by a bot: Bo (in with J-7 or better).",
        "Bo's first win",
        "quiet Declared by a bot: Bo (equilibrium).",
    ]
    assert [deal.ins for deal in back.deals] == [deal.ins for deal in ledger.deals]
    assert replay(back).balances == replay(ledger).balances


def test_amounts_beyond_what_a_cell_holds_are_refused_at_export(tmp_path):
    table = Session(["A", "B"], rules=teaching().replace(cap=None), pot=2**60)
    table.play(["A", "B"], winners=["A"])
    path = tmp_path / "huge.xlsx"
    with pytest.raises(WorkbookError) as caught:
        export_ledger(ledger_of(table), path)
    assert str(caught.value) == (
        "the starting pot is 1152921504606846976, beyond what a spreadsheet cell holds "
        "exactly (9007199254740992 either way); keep this game as a ledger file"
    )
    assert not path.exists()
    grown = Session(["A", "B", "C"], rules=teaching().replace(cap=None), pot=2**52 + 1)
    grown.play(["A", "B", "C"], winners=["A"])  # B and C pay the pot: 2^53 + 2 next
    with pytest.raises(WorkbookError) as caught:
        export_ledger(ledger_of(grown), path)
    assert str(caught.value) == (
        "deal 1: the pot is 9007199254740994, beyond what a spreadsheet cell holds "
        "exactly (9007199254740992 either way); keep this game as a ledger file"
    )
    assert not path.exists()


@pytest.mark.slow
def test_a_fifth_name_typed_on_the_players_sheet_joins_the_game(base):
    edited(base, "Players", {"B6": "Eli"})
    ledger = import_ledger(str(base))
    assert ledger.players == ("Ana", "Ben", "Cleo", "Dev", "Eli")
    assert [deal.ins for deal in ledger.deals] == [("Ana", "Ben"), ("Ana",), ("Ben", "Cleo")]


@pytest.mark.slow
def test_the_import_reads_the_seats_as_the_formulas_do(base):
    names = ["Zed", "Ana", "Ben", "Cleo", "Dev"]
    edited(base, "Players", {f"B{i + 2}": name for i, name in enumerate(names)})
    ledger = import_ledger(str(base))
    assert ledger.players == tuple(names)
    assert ledger.deals[0].ins == ("Zed", "Ana")  # the marks stay in their seats' columns


@pytest.mark.slow
def test_a_blank_deals_row_does_not_stop_the_import(base):
    edited(base, DEALS, {f"{c}3": None for c in "ABCDEFGHIJKLMNOPQ"})
    ledger = import_ledger(str(base))
    assert [deal.ins for deal in ledger.deals] == [("Ana", "Ben"), ("Ben", "Cleo")]


@pytest.mark.slow
def test_a_row_with_marks_and_no_deal_number_is_named(base):
    edited(base, DEALS, {"A3": None})
    assert refused(base) == (
        "sheet 'Deals', row 3, column A: this row has marks but no deal number, so the "
        "workbook's formulas skip it; type the deal number or clear the row"
    )


@pytest.mark.slow
def test_a_deal_below_the_formulas_rows_is_named_not_kept(base):
    edited(base, DEALS, {"A1003": 4, "C1003": "x"})
    assert refused(base) == (
        "sheet 'Deals', row 1003, column A: this row is below the rows the workbook's "
        "formulas read (rows 2 to 1001), so the workbook ignores it; move it up, or make a "
        "workbook with more rows (guts-teach workbook new --rows)"
    )


@pytest.mark.slow
def test_the_rows_read_are_the_calc_sheets_rows(base):
    book = load_workbook(base)
    assert book[CALC].max_row == 1001
    assert book[CALC]["A1001"].value == "=COUNTA(Deals!$A1001:$AG1001)"


@pytest.mark.slow
def test_a_stray_cell_at_the_last_row_is_refused_quickly(base):
    edited(base, DEALS, {"A1048576": "x"})
    start = time.perf_counter()
    message = refused(base)
    assert time.perf_counter() - start < 5  # was 92 s and 3.4 GB
    assert message.startswith("sheet 'Deals', row 1048576, column A: this row is below the rows")


def test_a_zip_bomb_is_refused_quickly_naming_the_bound(tmp_path, monkeypatch):
    # The bound is 3 GB (a 100,000-deal book unpacks to 1.9 GB); 256 MB here keeps the bomb small.
    monkeypatch.setattr(xlsx_read, "MAX_UNCOMPRESSED", 256 * 2**20)
    path = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        with archive.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as member:
            block = b" " * 2**20
            for _ in range(300):
                member.write(block)
    start = time.perf_counter()
    message = refused(path)
    assert time.perf_counter() - start < 2
    assert message == (
        f"workbook {str(path)!r} would unpack to 300 MB, beyond the "
        "256 MB a club workbook may hold; it is not a club workbook "
        "(or it is damaged)"
    )


@pytest.mark.slow
def test_first_dealer_0_is_refused(base):
    edited(base, "Rules", {"B9": 0})
    assert refused(base) == (
        "sheet 'Rules', row 9, column B: expected a seat number (a whole number of at least 1), "
        "got 0"
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("one", 'expected a deal number (a whole number of at least 1), got "one"'),
        (-1, "expected a deal number (a whole number of at least 1), got -1"),
        (2.5, "expected a deal number (a whole number of at least 1), got 2.5"),
        (1, "deal number 1 is also on row 2"),
    ],
)
def test_deal_numbers_text_negative_fractional_or_repeated_are_refused(base, value, message):
    edited(base, DEALS, {"A3": value})
    assert refused(base) == f"sheet 'Deals', row 3, column A (Deal): {message}"


@pytest.mark.slow
def test_a_decimal_typed_in_a_rules_cell_is_read_exactly(base):
    edited(base, "Rules", {"B3": 0.5, "B7": 3.5})
    ledger = import_ledger(str(base))
    assert (ledger.rules.ante, ledger.pot) == (Fraction(1, 2), Fraction(7, 2))


@pytest.mark.slow
def test_a_negative_starting_pot_is_named_under_its_own_cell(base):
    edited(base, "Rules", {"B7": -3})
    assert (
        refused(base)
        == "sheet 'Rules', row 7, column B: the starting pot cannot be negative; got -3"
    )


def test_workbook_rows_are_bounded(tmp_path):
    for rows in (0, -5, MAX_ROWS + 1, 2.5):
        with pytest.raises(WorkbookError) as caught:
            new_workbook(("A", "B"), teaching(), rows=rows)
        assert str(caught.value) == (
            f"rows (the deal rows to prepare) must be a whole number from 1 to {MAX_ROWS}; "
            f"got {rows!r}"
        )


@pytest.mark.e2e  # LibreOffice recalculates the book
def test_import_reads_the_rows_libreoffice_computes_blank_rows_included(base, tmp_path):
    edited(base, DEALS, {**{f"{c}3": None for c in "ABCDEFGHIJKLMNOPQR"}, "A6": 9, "D6": "x"})
    ledger = import_ledger(str(base))
    assert [deal.ins for deal in ledger.deals] == [("Ana", "Ben"), ("Ben", "Cleo"), ("Ben",)]
    done = load_workbook(recalculate(base, tmp_path / "out"), data_only=True)[LEDGER]
    last = replay(ledger).deals[-1]
    assert done.cell(3, 1).value in (None, "")  # the formulas skip the blank row too
    assert close(done.cell(6, 7).value, last.pot_after)
    for i, balance in enumerate(last.balances):
        assert close(done.cell(6, 9 + i).value, balance), i


@pytest.mark.slow
def test_a_won_mark_with_one_player_in_counts_in_the_import_and_in_guts_settle(base):
    from support.functions import NAMES, call

    edited(base, DEALS, {"O3": "x"})  # deal 2: only Ana in, Won marked under Cleo
    assert refused(base) == "sheet 'Deals', row 3, column O (Won Cleo): Cleo won but was not in"
    with pytest.raises(GutsError) as caught:
        call("GUTS_SETTLE", 6, 0, NAMES, [["x", None, None, None]], [[None, None, "x", None]], 20)
    assert (
        str(caught.value)
        == "GUTS_SETTLE: argument winners: winner C was not in; the players in were A"
    )
