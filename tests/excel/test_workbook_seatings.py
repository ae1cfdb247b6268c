"""Seats change every evening (issue 43, item 5): a season whose evenings seat the players
differently (a rotation, an arbitrary order, another first dealer) goes into the workbook with
each evening's places on the Evenings sheet and comes back equal."""

from __future__ import annotations

from contextlib import closing

from openpyxl import load_workbook
from support.seatings import seated_season

from guts_teach.excel.book_words import DEALER_COL
from guts_teach.excel.layout import EVENINGS
from guts_teach.excel.reading.file_import import import_book
from guts_teach.excel.writing.season_export import export_season


def test_each_evenings_seating_and_first_dealer_survive_export_and_import(tmp_path):
    season = seated_season()
    path = tmp_path / "seats.xlsx"
    export_season(season, path)
    with closing(load_workbook(path, read_only=True)) as book:  # reads only the Evenings sheet
        sheet = book[EVENINGS]
        marks = [[sheet.cell(r, c).value for c in range(2, 6)] for r in range(2, 7)]
        dealers = [sheet.cell(r, DEALER_COL).value for r in range(2, 7)]
    assert marks == [
        ["x", "x", "x", None],  # in the book's seat order: Ana, Ben, Cleo, Dev
        [2, 3, 1, None],  # Cleo, Ana, Ben
        [3, 1, 4, 2],  # Ben, Dev, Ana, Cleo
        [None, None, 2, 1],  # Dev, Cleo
        [1, 3, 2, 4],  # Ana, Cleo, Ben, Dev
    ]
    assert dealers == [
        None,
        None,
        "Ana",
        "Cleo",
        None,
    ]
    assert import_book(str(path)) == season


def test_every_rotation_of_a_table_round_trips(tmp_path):
    names = ("Ana", "Ben", "Cleo", "Dev")
    rotations = [(names[k:] + names[:k], None) for k in range(4)]
    season = seated_season(rotations, deals=5)
    path = tmp_path / "rotations.xlsx"
    export_season(season, path)
    assert import_book(str(path)) == season
