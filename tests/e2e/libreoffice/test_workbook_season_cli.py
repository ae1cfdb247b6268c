"""A season file through the club workbook (issue 12, item 4; R12): ``workbook export``
writes it, LibreOffice recalculates every evening as Python plays it (results, history,
standings, each evening's first dealer), and ``workbook import`` gives the same season."""

from __future__ import annotations

from openpyxl import load_workbook
from support.libreoffice import close, recalculate
from support.paths import AUTUMN

from guts_teach.cli.commands import main
from guts_teach.excel.book_words import DEALER_COL
from guts_teach.excel.layout import EVENINGS, HISTORY, LEDGER, RESULTS, STANDINGS
from guts_teach.ledgers.season import evening_results, replay_season, season_totals
from guts_teach.ledgers.season_file import load_season

AUTUMN = AUTUMN


def test_a_season_file_goes_into_the_workbook_and_comes_back_equal(tmp_path, capsys):
    season = load_season(AUTUMN)
    book, back = tmp_path / "autumn.xlsx", tmp_path / "back.json"
    assert main(["workbook", "export", str(AUTUMN), str(book)]) == 0
    assert main(["workbook", "import", str(book), "--out", str(back)]) == 0
    assert load_season(back) == season
    assert main(["workbook", "import", str(book)]) == 0
    assert '"format": "guts-season/1"' in capsys.readouterr().out
    players = season.players
    done = load_workbook(recalculate(book, tmp_path / "lo"), data_only=True)
    assert done[EVENINGS].cell(3, DEALER_COL).value == season.evenings[1].ledger.dealer == "Eli"
    ledger, r = done[LEDGER], 2
    for session in replay_season(season):
        for record in session.deals:
            assert ledger.cell(r, 2).value == record.dealer, r  # Eli deals first on evening 2
            assert close(ledger.cell(r, 7).value, record.pot_after), r
            r += 1
    results, history = done[RESULTS], done[HISTORY]
    totals = dict.fromkeys(players, 0)
    for k, (label, shown) in enumerate(evening_results(season).items()):
        assert results.cell(k + 2, 1).value == label
        for i, name in enumerate(players):
            cell = results.cell(k + 2, 2 + i).value
            if name in shown:
                assert close(cell, shown[name]), (label, name)
                totals[name] += shown[name]
            else:
                assert cell in (None, ""), (label, name)
            assert close(history.cell(k + 2, 2 + i).value, totals[name]), (label, name)
    standings = {row[0]: row[1] for row in done[STANDINGS].iter_rows(min_row=2, values_only=True)}
    for name, total in season_totals(season).items():
        assert close(standings[name], total), name
