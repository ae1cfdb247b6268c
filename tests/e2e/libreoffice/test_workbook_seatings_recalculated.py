"""Seats change every evening (issue 43, item 5), through LibreOffice: a season seated
differently each evening (a rotation, arbitrary orders, other first dealers) is recalculated,
hard and threaded, and every deal's dealer, pot, reserve and balance, each evening's results
and the standings agree with Python playing each evening at its own table."""

from __future__ import annotations

from fractions import Fraction

from openpyxl import load_workbook
from support.libreoffice import broken_cells, close, hard_recalculate
from support.seatings import seated_season

from guts_teach.excel.layout import HISTORY, LEDGER, RESULTS, STANDINGS
from guts_teach.excel.reading.file_import import import_book
from guts_teach.excel.writing.season_export import export_season
from guts_teach.ledgers.season import evening_results, replay_season, season_totals


def test_libreoffice_deals_each_evening_round_its_own_table(tmp_path):
    season = seated_season()
    path = tmp_path / "seats.xlsx"
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
        for name, result in shown.items():
            i = next(c for c in range(2, 12) if book[RESULTS].cell(1, c).value == name)
            assert close(book[RESULTS].cell(k + 2, i).value, result), (label, name)
            totals[name] += result
            assert close(book[HISTORY].cell(k + 2, i).value, totals[name]), (label, name)
    standings = {row[0]: row[1] for row in book[STANDINGS].iter_rows(min_row=2, values_only=True)}
    for name, total in season_totals(season).items():
        assert close(standings[name], total), name
    assert import_book(str(saved)) == season  # and the book LibreOffice saved reads back equal
