"""The xlwings bridge on xlwings' remote engine (``xw.Book(json=...)``), as xlwings Lite and
Server books work: batched writes, exact values, owned blocks only, reading back."""

from __future__ import annotations

import random
import warnings
from contextlib import closing
from dataclasses import replace
from fractions import Fraction

import pytest
import xlwings as xw
from openpyxl import load_workbook

from guts_teach import Session, teaching
from guts_teach.excel.layout import CALC, DEALS, MIRROR, PLAYERS, SEATS, SHEETS, Layout
from guts_teach.excel.reading.reader import WorkbookError, shown_headers
from guts_teach.excel.writing.workbook import export_ledger
from guts_teach.excel.xlwings.bridge import LiveMirror, mirror_ledger, read_deals
from guts_teach.ledgers.ledger import ledger_of
from guts_teach.ledgers.replay import replay

EVENING = ("Ana", "Ben", "Cleo", "=Dev")
"""The players of :func:`evening`, whom a book's Players sheet seats unless told otherwise."""


def remote_book(sheets: dict[str, list[list]] | None = None, names=SHEETS):
    """A book of the remote engine with the club workbook's sheets (values as given; the
    Players sheet seats :data:`EVENING` unless given)."""
    sheets = {PLAYERS: players_sheet(*EVENING), **(sheets or {})}
    data = {
        "client": "Office.js",
        "version": xw.__version__,
        "book": {"name": "guts_club.xlsx", "active_sheet_index": 0, "selection": "A1"},
        "names": [],
        "sheets": [
            {"name": n, "values": sheets.get(n, [[None]]), "pictures": [], "tables": []}
            for n in names
        ],
    }
    return xw.Book(json=data)


def evening(deals: int, seed: int = 1) -> Session:
    chooser = random.Random(seed)
    table = Session(["Ana", "Ben", "Cleo", "=Dev"], rules=teaching())
    for _ in range(deals):
        ins = [p for p in table.players if chooser.random() < 0.45]
        winners = (
            chooser.sample(ins, chooser.randint(1, min(2, len(ins)))) if len(ins) > 1 else None
        )
        table.play(ins, winners=winners)
    return table


def written(book, sheet_name):
    """The values the bridge wrote to one sheet, keyed by (row, column), from the actions."""
    position = [s.name for s in book.sheets].index(sheet_name)
    cells = {}
    for action in book.json()["actions"]:
        if action["func"] == "setValues" and action["sheet_position"] == position:
            for i, row in enumerate(action["values"]):
                for j, value in enumerate(row):
                    cells[(action["start_row"] + i + 1, action["start_column"] + j + 1)] = value
    return cells


def test_mirror_of_10000_deals_takes_a_few_batched_writes_with_exact_values():
    table = evening(10_000)
    book = remote_book()
    report = mirror_ledger(table, book)
    actions = book.json()["actions"]
    assert report.deals == 10_000
    assert len(actions) == report.writes <= 10
    mirror = written(book, MIRROR)
    for record in (table.deals[0], table.deals[4999], table.deals[-1]):
        r = record.number + 1
        assert mirror[(r, 1)] == record.number
        assert Fraction(mirror[(r, 7)]).limit_denominator(10**6) == record.pot_after
        assert Fraction(mirror[(r, 8)]).limit_denominator(10**6) == record.reserve_after
        for i, balance in enumerate(record.balances):
            assert abs(Fraction(mirror[(r, 9 + i)]) - balance) < Fraction(1, 10**6)
    assert mirror[(1, 12)] == "'=Dev"  # formula-like text stays text
    deals = written(book, DEALS)
    assert deals[(2, 1)] == 1 and deals[(10_001, 1)] == 10_000
    shown = [a for a in actions if a["func"] == "setSheetVisibility"]
    position = list(SHEETS).index(MIRROR)
    assert [(a["sheet_position"], a["args"]) for a in shown] == [(position, ["Visible"])]


def test_the_number_of_writes_does_not_grow_with_the_deals():
    counts = set()
    for size in (1, 10, 100, 1000):
        book = remote_book()
        mirror_ledger(evening(size), book)
        counts.add(len(book.json()["actions"]))
    assert len(counts) == 1


def test_mirror_touches_only_its_own_sheets():
    book = remote_book()
    mirror_ledger(evening(5), book)
    touched = {book.sheets[a["sheet_position"]].name for a in book.json()["actions"]}
    assert touched == {DEALS, MIRROR}


def test_a_shorter_mirror_is_refused_then_clears_the_longer_one_when_told_to():
    previous = [[f"old {r}"] * 3 for r in range(40)]
    sheets = {MIRROR: previous, DEALS: [[None]] + [[r] for r in range(1, 40)]}
    with pytest.raises(WorkbookError, match=r"row 2, row 3, row 4 and 36 more, which mirror"):
        mirror_ledger(evening(3), remote_book(sheets))
    book = remote_book(sheets)
    mirror_ledger(evening(3), book, overwrite=True)
    mirror = written(book, MIRROR)
    assert mirror[(39, 1)] in (None, "")  # the remote engine sends empty cells as ""
    assert mirror[(5, 1)] in (None, "")
    assert written(book, DEALS)[(39, 1)] in (None, "")


def test_missing_sheet_is_a_clear_error():
    book = remote_book(names=("Sheet1",))
    with pytest.raises(WorkbookError, match="no sheet 'Players' \\(was it renamed\\?\\)"):
        mirror_ledger(evening(2), book)


def test_read_deals_from_a_book_round_trips(tmp_path):
    table = evening(40, seed=3)
    path = tmp_path / "club.xlsx"
    export_ledger(ledger_of(table), path)
    with closing(load_workbook(path, read_only=True)) as workbook:  # only the sheets read
        values = {
            name: [[c.value for c in row] for row in workbook[name].iter_rows()]
            for name in ("Rules", "Players", DEALS)
        }
    book = remote_book(values)
    ledger = read_deals(book)
    assert replay(ledger).deals == table.deals


def test_read_deals_names_the_junk_cell():
    values = {
        "Rules": [
            [None, None],
            [None, None],
            ["Ante", 1],
            ["Cap", 20],
            ["Stack", None],
            ["Reante", "no"],
            ["Pot", 0],
            ["Reserve", 0],
            ["Dealer", 1],
            ["Profile", "teaching"],
        ],
        "Players": [["Seat", "Name"], [1, "Ana"], [2, "Ben"]],
        DEALS: [shown_headers(("Ana", "Ben")), [1, None, "x", "maybe"]],
    }
    with pytest.raises(WorkbookError, match="sheet 'Deals', row 2, column D \\(In Ben\\)"):
        read_deals(remote_book(values))


def players_sheet(*names):
    """A Players sheet seating ``names`` from B2 down, as a club types it."""
    return [["Seat", "Player"], *([i, n] for i, n in enumerate(names, 1))]


def test_live_mirror_follows_a_session_deal_by_deal():
    table = Session(["Ana", "Ben", "Cleo"])
    book = remote_book({PLAYERS: players_sheet("Ana", "Ben", "Cleo")})
    live = LiveMirror(table, book)
    table.play(["Ana", "Ben"], winners=["Ben"])
    table.play(["Cleo"])
    assert [r.deals for r in live.reports] == [0, 1, 2]  # the first mirror, then each deal
    live.stop()
    table.play([])
    assert len(live.reports) == 3


def filled(cells):
    return {k: v for k, v in cells.items() if v not in (None, "")}  # cleared cells are empty


def test_live_mirror_writes_only_what_a_deal_changes_and_ends_as_a_full_mirror():
    names = ("Ana", "Ben", "Cleo", "=Dev")
    table = evening(40)
    live_book = remote_book({PLAYERS: players_sheet(*names)})
    live = LiveMirror(table, live_book)
    before = len(live_book.json()["actions"])
    chooser = random.Random(7)
    for _ in range(60):
        ins = [p for p in names if chooser.random() < 0.45]
        table.play(ins, winners=[chooser.choice(ins)] if len(ins) > 1 else None)
    per_deal = (len(live_book.json()["actions"]) - before) / 60
    assert per_deal == 6 and {r.writes for r in live.reports[1:]} == {6}
    full_book = remote_book({PLAYERS: players_sheet(*names)})
    mirror_ledger(table, full_book)
    for sheet in (DEALS, MIRROR):
        assert filled(written(live_book, sheet)) == filled(written(full_book, sheet))


def test_live_mirror_refuses_a_book_that_seats_other_players():
    table = Session(["Ana", "Ben", "Cleo"])
    with pytest.raises(WorkbookError) as caught:
        LiveMirror(table, remote_book({PLAYERS: players_sheet("Ana", "Cleo", "Ben")}))
    assert str(caught.value) == (
        "the book's Players sheet seats Ana, Cleo, Ben, but the session seats Ana, Ben, Cleo: "
        "type the same names in the same order on the Players sheet (B2 down), or mirror into "
        "a new book"
    )


def test_mirror_refuses_a_game_with_variants():
    table = Session(["Ana", "Ben"], rules=teaching().replace(ghost_hand=True))
    with pytest.raises(WorkbookError, match="ghost_hand"):
        mirror_ledger(table, remote_book())


def test_live_mirror_refuses_a_variant_game_when_it_is_created():
    table = Session(["Ana", "Ben"], rules=teaching().replace(ghost_hand=True))
    with pytest.raises(WorkbookError, match="ghost_hand"):
        LiveMirror(table, remote_book())
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nobody was left listening to fail on the next deal
        table.play(["Ana"], winners=["Ana"], ghost="2c 3d")
    assert table.listener_failures == ()


def test_read_deals_checks_the_deals_headers_against_the_players_sheet(tmp_path):
    path = tmp_path / "club.xlsx"
    export_ledger(ledger_of(evening(5, seed=3)), path)
    with closing(load_workbook(path, read_only=True)) as workbook:  # only the sheets read
        values = {
            name: [[c.value for c in row] for row in workbook[name].iter_rows()]
            for name in ("Rules", PLAYERS, DEALS)
        }
    rows = values[PLAYERS]
    rows[5:6] = [[5, "Eve", *rows[4][2:]]]  # a fifth name typed: Eve joins
    assert read_deals(remote_book(values)).players[-1] == "Eve"
    values[DEALS][0][4] = "In Ana"  # a header typed over
    with pytest.raises(WorkbookError) as caught:
        read_deals(remote_book(values))
    assert str(caught.value).startswith(
        "sheet 'Deals', row 1, column E: this header is headed 'In Ana' where 'In Cleo' belongs"
    )


def test_the_mirror_keeps_the_clubs_notes_and_writes_the_ledgers_own():
    table = evening(3, seed=2)
    book = remote_book()
    mirror_ledger(table, book)
    note_col = Layout(table.players, 3, block=SEATS).note_col
    assert not any(c == note_col for _, c in written(book, DEALS))  # the Note column untouched
    ledger = ledger_of(table)
    noted = ledger.with_deals((replace(ledger.deals[0], note="late start"), *ledger.deals[1:]))
    book = remote_book()
    mirror_ledger(noted, book)
    assert written(book, DEALS)[(2, note_col)] == "late start"


def test_the_mirror_writes_each_player_into_the_seat_the_players_sheet_gives():
    table = Session(["Ana", "Ben"], rules=teaching())
    table.play(["Ana", "Ben"], winners=["Ben"])
    sheet = [["Seat", "Player"], [1, "Ana"], [2, None], [3, "  "], [4, "Ben"]]
    book = remote_book({PLAYERS: sheet})
    mirror_ledger(table, book)
    seated = Layout(("Ana", "Ben"), 1, block=SEATS, seats=(0, 3))
    marks = filled(written(book, DEALS))
    assert marks[(2, seated.in_col(0))] == marks[(2, seated.in_col(1))] == "x"
    assert marks[(2, seated.won_col(1))] == "x"
    plain = Layout(("Ana", "Ben"), 1, block=SEATS)
    assert (2, plain.in_col(1)) not in marks  # not the second seat, which is empty


def test_the_mirror_refuses_a_book_that_seats_other_players_or_has_no_room():
    with pytest.raises(WorkbookError, match="seats Ana, Cleo, but the session seats Ana, Ben"):
        mirror_ledger(Session(["Ana", "Ben"]), remote_book({PLAYERS: players_sheet("Ana", "Cleo")}))
    ten = [f"P{i}" for i in range(1, 11)]
    with pytest.raises(WorkbookError, match=r"seats P1, .*, P10, Kim, but the session seats P1"):
        mirror_ledger(Session(ten), remote_book({PLAYERS: players_sheet(*ten, "Kim")}))
    small = remote_book({CALC: [["Deal"], *([r] for r in range(1, 21))]})
    with pytest.raises(WorkbookError) as caught:
        mirror_ledger(evening(21), small)
    assert str(caught.value) == (
        "the book has room for 20 deals, and the ledger has 21: make a bigger book "
        "(guts-teach workbook new --rows 521 ...) and mirror into it"
    )
    assert small.json()["actions"] == []  # refused before anything is written
    mirror_ledger(evening(20), small)


def deals_grid(table: Session, *, evening_label=None, note_at=None):
    """The Deals sheet as a treasurer typed ``table``'s deals: number, Evening, marks."""
    layout = Layout(table.players, len(table.deals), block=SEATS)
    rows = [[None] * layout.note_col]
    for record in table.deals:
        row = [None] * layout.note_col
        row[0] = record.number
        row[layout.evening_col - 1] = evening_label
        for i, p in enumerate(table.players):
            row[layout.in_col(i) - 1] = "x" if p in record.ins else None
            won = len(record.ins) > 1 and p in record.winners
            row[layout.won_col(i) - 1] = "x" if won else None
        if note_at == record.number:
            row[-1] = "typed by the treasurer"
        rows.append(row)
    return rows


def test_a_season_book_is_never_overwritten_by_a_mirror():
    season = evening(60, seed=5)
    book = remote_book({DEALS: deals_grid(season, evening_label="2026-11-03")})
    with pytest.raises(WorkbookError) as caught:
        mirror_ledger(evening(2, seed=9), book)
    assert str(caught.value) == (
        "sheet 'Deals' already holds deals of a season (they name evenings in the Evening "
        "column) in row 2, row 3, row 4 and 57 more, which mirroring would overwrite; nothing "
        "was written. Mirror into a new book (guts-teach workbook new), or pass "
        "overwrite=True to replace them"
    )
    assert book.json()["actions"] == []


def test_a_mirror_of_the_same_evening_again_rewrites_no_deal_and_a_longer_one_only_adds():
    table = evening(12, seed=4)
    book = remote_book({DEALS: deals_grid(table)})
    mirror_ledger(table, book)
    assert written(book, DEALS) == {}  # the book holds the evening already
    longer = evening(15, seed=4)
    book = remote_book({DEALS: deals_grid(table)})
    mirror_ledger(longer, book)
    rows = {r for r, _ in written(book, DEALS)}
    assert rows == {14, 15, 16}  # deals 13 to 15, and nothing above them


def test_notes_are_written_as_text_and_the_clubs_notes_are_kept():
    table = evening(3, seed=2)
    ledger = ledger_of(table)
    link = '=HYPERLINK("http://example.invalid","click")'
    noted = ledger.with_deals((replace(ledger.deals[0], note=link), *ledger.deals[1:]))
    book = remote_book({DEALS: deals_grid(table, note_at=3)})
    mirror_ledger(noted, book)
    note_col = Layout(table.players, 3, block=SEATS).note_col
    cells = written(book, DEALS)
    assert cells[(2, note_col)] == "'" + link  # shown as text, never run as a formula
    assert cells[(4, note_col)] == "typed by the treasurer"
