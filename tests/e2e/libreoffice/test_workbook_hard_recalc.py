"""A hard recalculation in LibreOffice as it ships (issue 43, item 1): Data > Calculate >
Recalculate Hard (Ctrl+Shift+F9), with threaded calculation on, leaves every pot, reserve,
balance, standing and transfer right. It used to turn them all into Err:522 from deal 2 down,
and the book saved afterwards kept the errors."""

from __future__ import annotations

from fractions import Fraction

import pytest
from openpyxl import load_workbook
from support.club import random_ledger
from support.libreoffice import broken_cells, close, hard_recalculate
from support.paths import AUTUMN

from guts_teach import Session, classic, teaching
from guts_teach.excel.layout import (
    EVENINGS,
    HISTORY,
    LEDGER,
    RESULTS,
    SEATS,
    SETTLE,
    STANDINGS,
    Layout,
)
from guts_teach.excel.writing.season_export import export_season
from guts_teach.excel.writing.workbook import export_ledger
from guts_teach.ledgers.ledger import Ledger, ledger_of
from guts_teach.ledgers.replay import replay
from guts_teach.ledgers.season import evening_results, replay_season, season_totals
from guts_teach.ledgers.season_file import load_season


def assert_ledger_sheet(book, ledger: Ledger, first_row: int = 2) -> None:
    """Every Ledger row of the recalculated book against Python replaying ``ledger``."""
    session = replay(ledger)
    sheet = book[LEDGER]
    layout = Layout(tuple(ledger.players), block=SEATS)
    for k, record in enumerate(session.deals):
        row = [c.value for c in sheet[first_row + k]]
        assert row[1] == record.dealer, (record.number, "dealer")
        assert close(row[4], record.pot_before), (record.number, "pot before")
        assert close(row[5], record.settlement.payment), (record.number, "each loser pays")
        assert close(row[6], record.pot_after), (record.number, "pot after")
        assert close(row[7], record.reserve_after), (record.number, "reserve after")
        for i, balance in enumerate(record.balances):
            cell = row[layout.balance_col(i) - 1]
            assert close(cell, balance), (record.number, ledger.players[i])
        assert row[layout.check_col - 1] == "ok", record.number
    standings = {r[0]: r[1] for r in book[STANDINGS].iter_rows(min_row=2, values_only=True) if r[0]}
    for player, balance in session.balances.items():
        assert close(standings[player], balance), player


def assert_settled(book, net: dict[str, Fraction]) -> None:
    """Settle up's transfers pay every balance off (a book whose pot and reserve are empty)."""
    left = dict(net)
    for _, payer, payee, amount in book[SETTLE].iter_rows(min_row=2, max_row=10, values_only=True):
        if isinstance(amount, int | float) and amount:
            left[payer] += Fraction(amount)
            left[payee] -= Fraction(amount)
    assert all(abs(v) < Fraction(1, 10**6) for v in left.values()), left


def test_a_two_deal_book_survives_a_hard_recalculation(tmp_path):
    table = Session(["Ana", "Ben", "Cleo"], rules=teaching())
    table.play(["Ana", "Ben"], winners=["Ana"])
    table.play(["Cleo"])  # Cleo takes the pot: nothing is left on the table
    path = tmp_path / "two.xlsx"
    export_ledger(ledger_of(table), path)
    saved, errors = hard_recalculate(path, tmp_path / "lo")
    assert broken_cells(errors) == []
    book = load_workbook(saved, data_only=True)
    assert_ledger_sheet(book, ledger_of(table))
    assert_settled(book, dict(table.net))


@pytest.mark.parametrize(
    ("seed", "rules"),
    [(11, teaching()), (12, classic().replace(cap=Fraction(30), reante_when_nobody_in=True))],
)
def test_a_long_evening_survives_a_hard_recalculation(tmp_path, seed, rules):
    ledger = random_ledger(seed, 300, rules)
    path = tmp_path / "long.xlsx"
    export_ledger(ledger, path)
    saved, errors = hard_recalculate(path, tmp_path / "lo")
    assert broken_cells(errors) == []
    book = load_workbook(saved, data_only=True)
    assert_ledger_sheet(book, ledger)


def test_a_season_survives_a_hard_recalculation(tmp_path):
    season = load_season(AUTUMN)
    path = tmp_path / "autumn.xlsx"
    export_season(season, path)
    saved, errors = hard_recalculate(path, tmp_path / "lo")
    assert broken_cells(errors) == []
    book = load_workbook(saved, data_only=True)
    ledger, r = book[LEDGER], 2
    for session in replay_season(season):
        for record in session.deals:
            assert ledger.cell(r, 2).value == record.dealer, r
            assert close(ledger.cell(r, 5).value, record.pot_before), r
            assert close(ledger.cell(r, 7).value, record.pot_after), r
            assert close(ledger.cell(r, 8).value, record.reserve_after), r
            r += 1
    totals = dict.fromkeys(season.players, Fraction(0))
    for k, (label, shown) in enumerate(evening_results(season).items()):
        assert book[RESULTS].cell(k + 2, 1).value == label
        for i, name in enumerate(season.players):
            if name in shown:
                assert close(book[RESULTS].cell(k + 2, 2 + i).value, shown[name]), (label, name)
                totals[name] += shown[name]
            assert close(book[HISTORY].cell(k + 2, 2 + i).value, totals[name]), (label, name)
        assert book[EVENINGS].cell(k + 2, 1).value is not None
    standings = {row[0]: row[1] for row in book[STANDINGS].iter_rows(min_row=2, values_only=True)}
    for name, total in season_totals(season).items():
        assert close(standings[name], total), name
