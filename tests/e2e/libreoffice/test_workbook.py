"""The club workbook as a file: native formulas recalculated by LibreOffice agree with the
Python ledger on every pot, reserve and balance; import, round trip, injection, damage."""

from __future__ import annotations

import os
from fractions import Fraction

import pytest
from openpyxl import load_workbook
from support.club import random_ledger
from support.libreoffice import close, recalculate
from support.needs import require
from support.paths import REPO
from support.xlsx_cells import type_cells

from guts_teach import Session, classic, teaching
from guts_teach.excel.layout import (
    DEALS,
    EVENINGS,
    LEDGER,
    RULES,
    SEATS,
    SETTLE,
    STANDINGS,
    Layout,
)
from guts_teach.excel.reading.file_import import import_ledger
from guts_teach.excel.reading.reader import WorkbookError
from guts_teach.excel.writing.workbook import export_ledger, new_workbook, save_atomic
from guts_teach.game.errors import GutsError
from guts_teach.ledgers.ledger import ledger_of
from guts_teach.ledgers.replay import replay

COMMITTED = REPO / "workbook" / "guts_club.xlsx"


@pytest.mark.parametrize(
    ("seed", "rules"),
    [(11, teaching()), (12, classic().replace(cap=Fraction(30), reante_when_nobody_in=True))],
)
def test_libreoffice_recalculates_the_native_formulas_like_python(tmp_path, seed, rules):
    ledger = random_ledger(seed, 300, rules)
    session = replay(ledger)
    kinds = {r.kind for r in session.deals}
    assert {"nobody_in", "uncontested", "showdown"} <= kinds
    assert any(r.settlement.overflow for r in session.deals)
    assert any(r.settlement.refill for r in session.deals)
    assert any(r.settlement.share.denominator > 1 for r in session.deals)
    path = tmp_path / "club.xlsx"
    export_ledger(ledger, path)
    book = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)
    sheet = book[LEDGER]
    layout = Layout(tuple(ledger.players), block=SEATS)
    for record in session.deals:
        row = [c.value for c in sheet[record.number + 1]]
        assert row[0] == record.number
        assert row[1] == record.dealer
        assert close(row[4], record.pot_before), (record.number, "pot before")
        assert close(row[6], record.pot_after), (record.number, "pot after")
        assert close(row[7], record.reserve_after), (record.number, "reserve after")
        for i, balance in enumerate(record.balances):
            assert close(row[layout.balance_col(i) - 1], balance), (
                record.number,
                ledger.players[i],
            )
        assert row[layout.check_col - 1] == "ok"
        assert row[layout.problem_col - 1] in (None, "")
    standings = {r[0]: r[1] for r in book[STANDINGS].iter_rows(min_row=2, values_only=True) if r[0]}
    for player, balance in session.balances.items():
        assert close(standings[player], balance)


def test_native_settle_up_pays_everyone_off(tmp_path):
    table = Session(["Ana", "Ben", "Cleo", "Dev"], rules=teaching())
    table.play(["Ana", "Ben", "Cleo"], winners=["Ana"])  # antes 1 each: Ana +4, Ben and Cleo -5
    table.play(["Dev"])  # Dev takes the 8: pot empty
    path = tmp_path / "night.xlsx"
    export_ledger(ledger_of(table), path)
    book = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)
    left = dict(table.net)
    for _, payer, payee, amount in book[SETTLE].iter_rows(min_row=2, max_row=4, values_only=True):
        if amount:
            left[payer] += Fraction(amount)
            left[payee] -= Fraction(amount)
    assert all(v == 0 for v in left.values())
    notes = [row[1] for row in book[SETTLE].iter_rows(values_only=True) if row[0] == "Note"]
    assert notes == ["Pot and reserve are empty: these transfers settle every balance."]


def test_fractions_use_a_fraction_format_not_rounding(tmp_path):
    table = Session(["Ana", "Ben", "Cleo", "Dev"], pot=20)
    table.play(["Ana", "Ben", "Cleo", "Dev"], winners=["Ana", "Ben", "Cleo"])
    path = tmp_path / "split.xlsx"
    export_ledger(ledger_of(table), path)
    sheet = load_workbook(path)[LEDGER]
    assert "?/?" in sheet["I2"].number_format
    recalculated = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)[LEDGER]
    assert close(recalculated["I2"].value, Fraction(20, 3))


def test_round_trip_through_the_file_is_identical(tmp_path):
    ledger = random_ledger(5, 60, teaching())
    path = tmp_path / "round.xlsx"
    export_ledger(ledger, path)
    again = import_ledger(str(path))
    assert replay(again).deals == replay(ledger).deals
    assert again.players == ledger.players and again.rules == ledger.rules


def test_formula_like_names_stay_text(tmp_path):
    players = ('=HYPERLINK("http://x")', "-Bob", "+Cleo", "@Dev")
    table = Session(list(players), pot=6)
    table.play(list(players[:2]), winners=[players[1]])
    path = tmp_path / "inject.xlsx"
    export_ledger(ledger_of(table), path)
    book = load_workbook(path)
    names = [c.value for c in book["Players"]["B"][1:5]]
    assert names == list(players)
    assert all(c.data_type == "s" for c in book["Players"]["B"][1:5])
    headers = [c.value for c in book[LEDGER][1][8:12]]  # names follow by formula, never baked in
    assert all(h.startswith("=IF(Seats!") and "Bob" not in h for h in headers)
    assert import_ledger(str(path)).players == players


def test_renamed_or_damaged_workbooks_get_clear_errors(tmp_path):
    path = tmp_path / "club.xlsx"
    export_ledger(random_ledger(3, 5, teaching()), path)
    book = load_workbook(path)
    book[DEALS].title = "My deals"
    book.save(tmp_path / "renamed.xlsx")
    with pytest.raises(WorkbookError, match="missing sheet\\(s\\) 'Deals'"):
        import_ledger(str(tmp_path / "renamed.xlsx"))
    (tmp_path / "junk.xlsx").write_bytes(b"not a zip file at all")
    with pytest.raises(WorkbookError, match=r"is not an \.xlsx file \(it is not a zip archive"):
        import_ledger(str(tmp_path / "junk.xlsx"))
    with pytest.raises(WorkbookError, match="does not exist"):
        import_ledger(str(tmp_path / "none.xlsx"))


@pytest.mark.parametrize(
    ("sheet", "cell", "value", "message"),
    [
        (
            DEALS,
            "C2",
            "yes",
            "sheet 'Deals', row 2, column C (In Ana): \"yes\" is not a mark: pick x from the "
            "list, or leave the cell empty",
        ),
        (DEALS, "W3", "Qs Qx", "sheet 'Deals', row 3, column W (Cards Ana): cannot read \"Qx\""),
        (
            RULES,
            "B3",
            "lots",
            "sheet 'Rules', row 3, column B: \"lots\" is not a number, so the formulas cannot "
            "use it",  # the Rules sheet's Status column says the same
        ),
        (RULES, "B6", "maybe", "sheet 'Rules', row 6, column B: expected yes or no"),
    ],
)
def test_junk_cells_name_sheet_row_and_column(tmp_path, sheet, cell, value, message):
    table = Session(["Ana", "Ben"], pot=2)
    table.play(["Ana", "Ben"], winners=["Ana"])
    table.play(["Ana"])
    path = tmp_path / "club.xlsx"
    export_ledger(ledger_of(table), path)
    type_cells(path, sheet, {cell: value})
    with pytest.raises(WorkbookError) as caught:
        import_ledger(str(path))
    assert message in str(caught.value)


def test_inconsistent_deals_name_the_deal(tmp_path):
    path = tmp_path / "club.xlsx"
    book = new_workbook(("Ana", "Ben", "Cleo"), teaching(), rows=10)
    deals = book[DEALS]
    deals["A2"], deals["C2"], deals["D2"], deals["O2"] = 1, "x", "x", "x"  # Cleo won, was not in
    save_atomic(book, path)
    with pytest.raises(WorkbookError) as caught:
        import_ledger(str(path))
    assert str(caught.value) == "sheet 'Deals', row 2, column O (Won Cleo): Cleo won but was not in"


def test_failed_save_keeps_the_previous_workbook(tmp_path, monkeypatch):
    path = tmp_path / "club.xlsx"
    export_ledger(random_ledger(1, 5, teaching()), path)
    before = path.read_bytes()

    def broken(*_args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(
        GutsError, match=r"^cannot write .*club.xlsx: disk full; it was left as it was$"
    ):
        export_ledger(random_ledger(2, 5, teaching()), path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.xlsx"]


def test_committed_workbook_matches_its_generator():
    require(COMMITTED.exists(), f"{COMMITTED} is missing; run guts-teach workbook new {COMMITTED}")
    fresh = new_workbook(("Ana", "Ben", "Cleo", "Dev", "Eli"), teaching(), profile="teaching")
    committed = load_workbook(COMMITTED)
    assert committed.sheetnames == fresh.sheetnames
    for name in fresh.sheetnames:
        mine = [
            [c.value if c.value != "" else None for c in row] for row in fresh[name].iter_rows()
        ]
        theirs = [[c.value for c in row] for row in committed[name].iter_rows()]
        assert mine == theirs, f"sheet {name!r} differs: regenerate workbook/guts_club.xlsx"
    assert set(committed.defined_names) >= {"Ante", "Cap", "Stack", "Reante", "PlayerNames"}
    assert committed[LEDGER].protection.sheet and committed[DEALS].protection.sheet
    assert committed[DEALS]["B2"].protection.locked is False  # input cells stay editable
    assert committed[LEDGER]["E2"].protection.locked is not False
    validations = {
        str(v.sqref): v.formula1 for v in committed[DEALS].data_validations.dataValidation
    }
    assert validations == {
        "C2:V1001": '"x"',
        "A2:A1001": "1",
        "B2:B1001": f"{EVENINGS}!$A$2:$A$61",
        "A1002:AG1002": None,  # the end-of-book row: its words, shown when a cell is selected
    }


def test_games_with_variants_are_refused_not_miscomputed(tmp_path):
    table = Session(["Ana", "Ben", "Cleo"], rules=teaching().replace(single_loser=True))
    table.play(["Ana", "Ben"], winners=["Ana"])
    with pytest.raises(WorkbookError, match=r"compute plain Guts .* single_loser"):
        export_ledger(ledger_of(table), tmp_path / "variant.xlsx")
    assert not (tmp_path / "variant.xlsx").exists()


def test_equal_balances_share_a_place_whatever_the_float_noise(tmp_path):
    """The issue's case: Cleo and Dev both end at -3 and must share third place (R10)."""
    table = Session(["Ana", "Ben", "Cleo", "Dev"], rules=teaching())
    table.play(["Cleo", "Dev"], winners=["Dev"])
    table.play(["Ana", "Ben", "Cleo"], winners=["Ana", "Ben", "Cleo"])
    table.play(["Ana", "Ben", "Cleo", "Dev"], winners=["Ana", "Ben"])
    table.play([])
    table.play(["Ana", "Ben", "Cleo"], winners=["Ana", "Ben", "Cleo"])
    table.play(["Cleo"])
    path = tmp_path / "noise.xlsx"
    export_ledger(ledger_of(table), path)
    book = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)
    places = {r[0]: r[2] for r in book[STANDINGS].iter_rows(min_row=2, values_only=True) if r[0]}
    assert (
        places
        == {s.player: s.place for s in table.standings()}
        == {
            "Ana": 1,
            "Ben": 1,
            "Cleo": 3,
            "Dev": 3,
        }
    )
