"""Export then import keeps the record (issue 43, item 3): a deal typed under a number that is
not its place keeps that number, and the Won mark typed for the one player in stays, through
the book, the ledger file and the season file."""

from __future__ import annotations

from contextlib import closing

import pytest
from openpyxl import load_workbook
from support.hostile_books import part_of, rebuilt, typed

from guts_teach import Session, teaching
from guts_teach.excel.layout import DEALS
from guts_teach.excel.reading.file_import import import_book
from guts_teach.excel.writing.season_export import export_season
from guts_teach.excel.writing.workbook import export_ledger
from guts_teach.game.errors import GutsError
from guts_teach.ledgers.ledger import Ledger, LedgerDeal, dumps, ledger_of
from guts_teach.ledgers.ledger_file import loads
from guts_teach.ledgers.season import Evening, carry_over
from guts_teach.ledgers.season_file import dumps_season, loads_season


def evening() -> Ledger:
    table = Session(["Ana", "Ben", "Cleo"], rules=teaching())
    table.play(["Ana", "Ben"], winners=["Ana"])
    table.play(["Cleo"])
    table.play(["Ben", "Cleo"], winners=["Ben"])
    table.play(["Ana"])
    return ledger_of(table)


def typed_book(tmp_path):
    """The club's book: the forgotten deal typed as 60 in its place, and a Won mark typed
    for Ana, alone in on deal 4."""
    path = tmp_path / "exported.xlsx"
    export_ledger(evening(), path)
    edit = {part_of(path, DEALS): typed({"A3": 60, "M5": "x"})}
    return rebuilt(path, tmp_path / "club.xlsx", edits=edit)


def test_a_deal_number_and_a_single_in_won_mark_survive_export_and_import(tmp_path):
    ledger = import_book(str(typed_book(tmp_path)))
    assert isinstance(ledger, Ledger)
    assert [deal.number for deal in ledger.deals] == [None, 60, None, None]
    assert ledger.deals[3].winners == ("Ana",)
    again = tmp_path / "again.xlsx"
    export_ledger(ledger, again)
    with closing(load_workbook(again, read_only=True)) as book:  # reads only the Deals sheet
        deals = book[DEALS]
        assert [deals.cell(r, 1).value for r in range(2, 6)] == [1, 60, 3, 4]
        assert deals["M5"].value == "x"  # Won Ana on deal 4
        assert deals["M3"].value is None  # Cleo alone on deal 60, nobody marked
    assert import_book(str(again)) == ledger
    assert loads(dumps(ledger)) == ledger
    assert '{"number": 60, "in": ["Cleo"]}' in dumps(ledger)


def test_numbers_run_on_through_a_season_and_survive_the_season_file(tmp_path):
    first, second = evening(), evening()
    second = second.with_deals(
        (second.deals[0], LedgerDeal(ins=("Cleo",), number=60), *second.deals[2:])
    )
    season = carry_over(
        title="Autumn",
        evenings=[Evening(label="1", ledger=first), Evening(label="2", ledger=second)],
    )
    path = tmp_path / "season.xlsx"
    export_season(season, path)
    with closing(load_workbook(path, read_only=True)) as book:
        numbers = [book[DEALS].cell(r, 1).value for r in range(2, 10)]
    assert numbers == [1, 2, 3, 4, 5, 60, 7, 8]
    back = import_book(str(path))
    assert back == season
    assert loads_season(dumps_season(season)) == season


@pytest.mark.parametrize(
    ("deals", "message"),
    [
        (
            '[{"in": []}, {"number": 1, "in": []}]',
            "ledger deal 2 (deals[1]) is numbered 1, like deal 1: give each deal its own number",
        ),
        (
            '[{"number": 0, "in": []}]',
            'ledger deal 1 (deals[0]), field "number": expected a whole number from 1 to '
            "1000000000, got 0",
        ),
        (
            '[{"number": "7", "in": []}]',
            'ledger deal 1 (deals[0]), field "number": expected a whole number from 1 to '
            '1000000000, got "7"',
        ),
    ],
)
def test_a_deal_number_used_twice_or_not_a_number_is_refused_in_words(deals, message):
    text = f'{{"format": "guts-ledger/1", "players": ["Ana", "Ben"], "deals": {deals}}}'
    with pytest.raises(GutsError) as caught:
        loads(text)
    assert str(caught.value) == message


def test_a_season_using_a_number_twice_is_refused_at_export(tmp_path):
    second = evening().with_deals((LedgerDeal(ins=("Cleo",), number=2),))
    season = carry_over(
        title="", evenings=[Evening(label="1", ledger=evening()), Evening(label="2", ledger=second)]
    )
    with pytest.raises(GutsError, match="is numbered 2, like deal 2: give each deal its own"):
        export_season(season, tmp_path / "twice.xlsx")
    assert not (tmp_path / "twice.xlsx").exists()
