"""A season in the club workbook, typed as a treasurer types it (issue 12, item 4; R12):
evenings listed with who was there, each evening typed on its first deal, LibreOffice
recalculating, every value compared with Python playing each evening as its own session
with the chips carried in; a mark for a player who is not there flagged, in the words the
import uses."""

from __future__ import annotations

import datetime
import random
import sys
from fractions import Fraction

import pytest
from openpyxl import load_workbook
from support.libreoffice import close, recalculate
from support.lo_typing import blank_book, typed

from guts_teach import Session, teaching
from guts_teach.excel.layout import (
    DEALS,
    EVENING,
    EVENINGS,
    HISTORY,
    LEDGER,
    PLAYERS,
    RESULTS,
    SEATS,
    STANDINGS,
    Layout,
)
from guts_teach.excel.reading.file_import import import_book, import_ledger
from guts_teach.excel.reading.reader import WorkbookError
from guts_teach.excel.sheets.evenings import DEALS_COL, POT_COL, PROBLEM_COL, RESERVE_COL
from guts_teach.game.money import format_amount
from guts_teach.ledgers.season import Season, histories, season_totals
from guts_teach.ledgers.settle_up import fewest_transfers

NAMES = ("Ana", "Ben", "Cleo", "Dev")
ATTENDANCE = {  # label as typed -> who was there
    1: ("Ana", "Ben", "Cleo"),
    datetime.date(2026, 11, 10): ("Ben", "Cleo", "Dev"),
    "final": ("Ana", "Ben", "Cleo", "Dev"),
}
LABELS = ("1", "2026-11-10", "final")


def play_evenings(seed: int, *, until_empty: bool = False) -> list[Session]:
    """Each evening a session of those there, opening with what the last one left (R12):
    twelve deals, then (``until_empty``) on to the next moment pot and reserve are empty."""
    chooser = random.Random(seed)
    pot = reserve = Fraction(0)
    tables = []
    for there in ATTENDANCE.values():
        table = Session(list(there), rules=teaching(), pot=pot, reserve=reserve)
        while len(table.deals) < 12 or (until_empty and (table.pot or table.reserve)):
            ins = [p for p in there if chooser.random() < 0.5]
            wins = chooser.sample(ins, chooser.randint(1, min(2, len(ins)))) if len(ins) > 1 else []
            table.play(ins, winners=wins or None)
        pot, reserve = table.pot, table.reserve
        tables.append(table)
    return tables


def season_book(path, tables, layout):
    book = blank_book(path, rows=layout.rows)
    for i, name in enumerate(NAMES):
        typed(book[PLAYERS], f"B{i + 2}", name)
    evenings = book[EVENINGS]
    for k, (label, there) in enumerate(ATTENDANCE.items()):
        typed(evenings, f"A{k + 2}", label)
        for name in there:
            typed(evenings, evenings.cell(k + 2, 2 + NAMES.index(name)).coordinate, "x")
    deals = book[DEALS]
    r = 2
    for label, table in zip(ATTENDANCE, tables, strict=True):
        for k, record in enumerate(table.deals):
            typed(deals, f"A{r}", r - 1)
            if k == 0:
                typed(deals, f"B{r}", label)
            for name in record.ins:
                typed(deals, deals.cell(r, layout.in_col(NAMES.index(name))).coordinate, "x")
            if len(record.ins) > 1:
                for name in record.winners:
                    column = layout.won_col(NAMES.index(name))
                    typed(deals, deals.cell(r, column).coordinate, "x")
            r += 1
    return book


def test_a_season_typed_in_the_workbook_matches_python_evening_by_evening(tmp_path):
    tables = play_evenings(seed=5)
    assert tables[0].pot or tables[0].reserve, "the first evening leaves chips on the table"
    layout = Layout(NAMES, 40, block=SEATS)
    path = tmp_path / "season.xlsx"
    season_book(path, tables, layout).save(path)
    done = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)
    ledger = done[LEDGER]
    before = dict.fromkeys(NAMES, Fraction(0))  # the season so far, before each evening
    r = 2
    for table in tables:
        for record in table.deals:
            row = [c.value for c in ledger[r]]
            assert row[1] == record.dealer, r  # the deal passes among those there
            assert close(row[4], record.pot_before), r  # only those there ante
            assert close(row[6], record.pot_after) and close(row[7], record.reserve_after), r
            now = dict(before) | {
                p: before[p] + b for p, b in zip(record.players, record.balances, strict=True)
            }
            for i, name in enumerate(NAMES):
                assert close(row[8 + i], now[name]), (r, name)
            assert row[layout.problem_col - 1] in (None, ""), r
            r += 1
        before |= {p: before[p] + v for p, v in table.net.items()}
    standings = {row[0]: row[1] for row in done[STANDINGS].iter_rows(min_row=2, values_only=True)}
    for name in NAMES:
        assert close(standings[name], before[name]), name
    evenings = done[EVENINGS]
    for k, table in enumerate(tables):
        assert evenings.cell(k + 2, DEALS_COL).value == len(table.deals)
        assert close(evenings.cell(k + 2, POT_COL).value, table.pot)
        assert close(evenings.cell(k + 2, RESERVE_COL).value, table.reserve)
    season = import_book(str(path))
    assert isinstance(season, Season)
    assert [e.label for e in season.evenings] == list(LABELS)
    assert [e.players for e in season.evenings] == list(ATTENDANCE.values())
    assert season_totals(season) == before
    with pytest.raises(WorkbookError, match="holds a season of 3 evenings"):
        import_ledger(str(path))
    results, history = done[RESULTS], done[HISTORY]
    totals = dict.fromkeys(NAMES, Fraction(0))
    for k, (label, table) in enumerate(zip(LABELS, tables, strict=True)):
        assert results.cell(k + 2, 1).value == history.cell(k + 2, 1).value == label
        for i, name in enumerate(NAMES):
            shown = results.cell(k + 2, 2 + i).value
            if name in table.players:
                assert close(shown, table.net[name]), (label, name)
                totals[name] += table.net[name]
            else:
                assert shown in (None, ""), (label, name)  # not there: no result
            assert close(history.cell(k + 2, 2 + i).value, totals[name]), (label, name)
    for name, line in histories(season).items():
        assert [p.label for p in line] == [
            label for label, t in zip(LABELS, tables, strict=True) if name in t.players
        ]


def test_a_mark_for_a_player_not_there_is_flagged_and_refused_alike(tmp_path):
    tables = play_evenings(seed=6)
    layout = Layout(NAMES, 40, block=SEATS)
    path = tmp_path / "absent.xlsx"
    book = season_book(path, tables, layout)
    deals = book[DEALS]
    r = 3  # the first evening's second deal: Dev is not there
    typed(deals, deals.cell(r, layout.in_col(3)).coordinate, "x")
    book.save(path)
    expected = (
        f"column {deals.cell(r, layout.in_col(3)).column_letter} (In Dev): Dev is not there on "
        "evening \"1\" (no x on sheet 'Evenings'): a player who is not there neither antes "
        "nor plays"
    )
    with pytest.raises(WorkbookError) as caught:
        import_book(str(path))
    assert str(caught.value) == f"sheet 'Deals', row {r}, {expected}"
    done = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)
    assert done[LEDGER].cell(r, layout.problem_col).value == expected
    assert done[LEDGER].cell(r, 9).value is None  # the row charges nobody
    first = tables[0].deals
    assert close(done[LEDGER].cell(r + 1, 5).value, first[1].pot_before)  # as if not typed


def summary_of(book, evening, tmp_path, name):
    """The Evening summary for ``evening`` (typed in its yellow cell), recalculated."""
    typed(book[EVENING], "B2", evening)
    path = tmp_path / f"{name}.xlsx"
    book.save(path)
    done = load_workbook(recalculate(path, tmp_path / name), data_only=True)
    sheet = done[EVENING]
    players = list(sheet.iter_rows(min_row=6, max_row=15, max_col=3, values_only=True))
    transfers = list(sheet.iter_rows(min_row=18, max_row=26, max_col=4, values_only=True))
    note = sheet.cell(28, 1).value
    return [r for r in players if r[1]], [r for r in transfers if r[1]], note, done


def test_the_evening_summary_shows_one_evening_and_settle_up_settles_it(tmp_path):
    tables = play_evenings(seed=8, until_empty=True)
    assert not tables[1].pot and not tables[1].reserve  # evening 2 ends empty (R10) ...
    assert not tables[0].pot and not tables[0].reserve  # ... and opens empty
    layout = Layout(NAMES, 200, block=SEATS)
    assert sum(len(t.deals) for t in tables) <= layout.rows
    book = season_book(tmp_path / "summary.xlsx", tables, layout)
    players, transfers, note, done = summary_of(book, datetime.date(2026, 11, 10), tmp_path, "two")
    second = tables[1]
    places = {s.player: s.place for s in second.standings()}
    assert [who for _, who, _ in players] == sorted(
        second.players, key=lambda p: (places[p], second.players.index(p))
    )  # those there, best first; Ana was not there
    for place, who, result in players:
        assert place == places[who] and close(result, second.net[who]), who
    assert len(transfers) == len(fewest_transfers(second.net))
    left = dict(second.net)
    for _, payer, payee, amount in transfers:
        left[payer] += Fraction(amount).limit_denominator(10**6)
        left[payee] -= Fraction(amount).limit_denominator(10**6)
    assert all(abs(v) < Fraction(1, 10**6) for v in left.values()), left
    assert note == "These transfers settle this evening's results."
    assert done["Settle up"]["B14"].value == "evening 2026-11-10"  # below the note
    players, transfers, note, _ = summary_of(book, None, tmp_path, "whole")
    season = import_book(str(tmp_path / "whole.xlsx"))
    totals = season_totals(season)
    assert {who: result for _, who, result in players} == pytest.approx(
        {p: float(v) for p, v in totals.items()}
    )


@pytest.mark.parametrize(
    ("sheet", "cell", "value", "row", "where", "words"),
    [
        (
            DEALS,
            "B3",
            9,
            3,
            "column B (Evening)",
            "evening \"9\" is not on sheet 'Evenings': add it there, with an x for each player "
            "there",
        ),
        (
            DEALS,
            "B15",
            1,
            15,
            "column B (Evening)",
            'evening "1" began on row 2 and other deals came after it: keep an evening\'s '
            "deals together",
        ),
    ],
)
def test_an_evening_typed_wrong_is_flagged_and_refused_alike(
    tmp_path, sheet, cell, value, row, where, words
):
    tables = play_evenings(seed=5)
    layout = Layout(NAMES, 40, block=SEATS)
    path = tmp_path / "evening.xlsx"
    book = season_book(path, tables, layout)
    typed(book[sheet], cell, value)
    book.save(path)
    with pytest.raises(WorkbookError) as caught:
        import_book(str(path))
    assert str(caught.value) == f"sheet {sheet!r}, row {row}, {where}: {words}"
    done = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)
    assert done[LEDGER].cell(row, layout.problem_col).value == f"{where}: {words}"
    assert done[LEDGER].cell(row, 9).value is None  # the row charges nobody


def test_the_evenings_sheet_flags_what_the_import_refuses(tmp_path):
    tables = play_evenings(seed=5)
    layout = Layout(NAMES, 40, block=SEATS)
    path = tmp_path / "dealer.xlsx"
    book = season_book(path, tables, layout)
    typed(book[EVENINGS], "L2", "Dev")  # Dev is not there on evening 1
    typed(book[EVENINGS], "A5", "final")  # a second evening labelled "final"
    book.save(path)
    with pytest.raises(WorkbookError) as caught:
        import_book(str(path))
    words = (
        '"Dev" is not a player there this evening: name one of those with an x, or leave it blank'
    )
    assert str(caught.value) == f"sheet 'Evenings', row 2, column L: {words}"
    done = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)
    problems = {r: done[EVENINGS].cell(r, PROBLEM_COL).value for r in (2, 3, 4, 5)}
    assert problems == {
        2: f"column L: {words}",
        3: None,
        4: None,
        5: "column A: the same label as row 4: every evening needs its own label",
    }
    typed(book[EVENINGS], "L2", None)
    book.save(path)
    with pytest.raises(WorkbookError) as caught:
        import_book(str(path))
    assert str(caught.value) == f"sheet 'Evenings', row 5, {problems[5]}"


@pytest.mark.parametrize("seed", [3, 5])  # 3: the evening opens with nothing carried in
def test_the_evening_summary_tells_who_was_away_and_what_stayed_on_the_table(tmp_path, seed):
    tables = play_evenings(seed=seed)
    labels = list(ATTENDANCE)
    k = next(i for i in range(1, len(tables)) if tables[i].pot or tables[i - 1].pot)
    layout = Layout(NAMES, 200, block=SEATS)
    book = season_book(tmp_path / "carried.xlsx", tables, layout)
    _, _, note, done = summary_of(book, labels[k], tmp_path, "carried")
    before, evening = tables[k - 1], tables[k]
    opened, left = before.pot + before.reserve, evening.pot + evening.reserve
    total = sum(evening.net.values())
    assert total == opened - left  # R12: what came in, less what stays on the table
    carried = (
        f"opened with {format_amount(opened)} in the pot and reserve, carried from the evening "
        "before, and "
        if opened
        else ""
    )
    assert note == (
        f"This evening {carried}left {format_amount(left)} on the table for the next "
        f"(R12), so its results add up to {format_amount(total)}, not 0. Settle the whole "
        "book (leave the Evening cell of the Evening summary blank) once pot and reserve "
        "are empty."
    )
    away = [name for name in NAMES if name not in ATTENDANCE[labels[k]]]
    said = done[EVENING]["A4"].value
    assert said == (f"Not there: {', '.join(away)}" if away else "Everyone was there")
    summary = done[EVENING]
    assert summary.print_area == f"'{EVENING}'!$A$1:$D$28"
    assert "A28:D28" in {str(r) for r in summary.merged_cells.ranges}
    assert summary["A28"].alignment.wrap_text


def test_a_label_typed_as_a_number_beyond_the_last_date_is_that_number_everywhere(
    tmp_path, monkeypatch
):
    from guts_teach.excel.sheets.evenings import TEXT_COL

    attendance = {20261103: ATTENDANCE[1], **{k: v for k, v in ATTENDANCE.items() if k != 1}}
    monkeypatch.setattr(sys.modules[__name__], "ATTENDANCE", attendance)
    tables = play_evenings(seed=5)
    layout = Layout(NAMES, 40, block=SEATS)
    path = tmp_path / "season.xlsx"
    season_book(path, tables, layout).save(path)
    season = import_book(str(path))
    assert isinstance(season, Season)
    assert [e.label for e in season.evenings] == ["20261103", "2026-11-10", "final"]
    done = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)
    evenings = done[EVENINGS]
    assert [evenings.cell(r, TEXT_COL).value for r in (2, 3, 4)] == list(season_labels(season))
    assert all(evenings.cell(r, PROBLEM_COL).value in (None, "") for r in (2, 3, 4))


def season_labels(season: Season) -> tuple[str, ...]:
    return tuple(e.label for e in season.evenings)


def test_evening_labels_use_no_format_code_a_spreadsheets_language_would_translate():
    from guts_teach.excel.sheets.evenings import label_formula

    formula = label_formula("A2")
    assert "TEXT(" not in formula
    assert "YEAR(A2)" in formula and "MONTH(A2)" in formula and "DAY(A2)" in formula


def test_a_book_counting_dates_from_1904_reads_its_evening_dates_as_it_shows_them(tmp_path):
    """Excel for Mac's 1904 date system stores a date as 1,462 fewer days; the evening typed
    as 10 November 2026 is that evening in the import too, not one four years earlier."""
    from openpyxl.utils.datetime import CALENDAR_MAC_1904

    tables = play_evenings(seed=5)
    layout = Layout(NAMES, 40, block=SEATS)
    path = tmp_path / "mac.xlsx"
    book = season_book(path, tables, layout)
    book.epoch = CALENDAR_MAC_1904
    book.save(path)
    stored = load_workbook(path)
    assert stored.epoch == CALENDAR_MAC_1904
    assert stored[EVENINGS]["A3"].value == datetime.datetime(2026, 11, 10)  # as typed
    season = import_book(str(path))
    assert [e.label for e in season.evenings] == list(LABELS)


def test_the_whole_books_evening_summary_shows_net_results_as_one_evenings_does(tmp_path):
    """With a starting stack, the summary of the whole book shows each player's net result
    (replay's season total), as the summary of one evening does, not the stack added."""
    tables = play_evenings(seed=8, until_empty=True)
    layout = Layout(NAMES, 200, block=SEATS)
    book = season_book(tmp_path / "stacked.xlsx", tables, layout)
    typed(book["Rules"], "B5", 100)
    players, _, _, done = summary_of(book, None, tmp_path, "stacked")
    assert done[STANDINGS]["B2"].value > 50  # the stack is in the standings' balances
    totals = season_totals(import_book(str(tmp_path / "stacked.xlsx")))
    assert {who: result for _, who, result in players} == pytest.approx(
        {p: float(v) for p, v in totals.items()}
    )


def test_an_evenings_first_dealer_named_comes_back_named_even_the_first_player(tmp_path):
    """A season whose evening names its first player as first dealer keeps that name through
    export and import (it came back as no dealer named), as other first dealers do."""
    import dataclasses

    from guts_teach.excel.writing.season_export import export_season
    from guts_teach.ledgers.ledger import ledger_of
    from guts_teach.ledgers.season import Evening, carry_over

    tables = play_evenings(seed=5)
    evenings = []
    for k, (label, table) in enumerate(zip(LABELS, tables, strict=True)):
        ledger = ledger_of(table)
        dealer = table.players[0] if k == 0 else (table.players[1] if k == 1 else None)
        evenings.append(Evening(label=label, ledger=dataclasses.replace(ledger, dealer=dealer)))
    season = carry_over(evenings=evenings)
    path = tmp_path / "dealers.xlsx"
    export_season(season, path)
    back = import_book(str(path))
    assert [e.ledger.dealer for e in back.evenings] == [
        tables[0].players[0],
        tables[1].players[1],
        None,
    ]
