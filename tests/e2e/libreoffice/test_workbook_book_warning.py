"""Silent wrong numbers are shown where they are read (issue 43, item 4): a row inserted into
Deals (which no formula reads) or a date pasted into the cap changes every pot and balance
below it; the Ledger, Standings and Settle up say so in the same words as the end-of-book row
and the Rules sheet, and Settle up no longer claims that its transfers settle every balance.
Typed as a treasurer types, through LibreOffice's own input."""

from __future__ import annotations

from support.lo_typing import blank_book, type_in, typed

from guts_teach.excel.book_words import INSERTED
from guts_teach.excel.layout import DEALS, LEDGER, PLAYERS, SEATS, SETTLE, STANDINGS, Layout, col
from guts_teach.excel.sheets.results import ROW_WARNED, SETTLE_WARNED, STANDINGS_WARNED

ROWS = 10
LAYOUT = Layout(("Ana", "Ben"), ROWS, block=SEATS)
PROBLEM = col(LAYOUT.problem_col)
WARNING = f"A{SEATS + 2}"  # Standings, below the table
NOTE = f"B{SEATS + 3}"  # Settle up's note


def ana_and_ben(path):
    """Four deals between Ana and Ben: Ana and Ben in, Ana wins; then Ben takes the pot."""
    book = blank_book(path, rows=ROWS)
    for i, name in enumerate(("Ana", "Ben")):
        typed(book[PLAYERS], f"B{i + 2}", name)
    for number in range(1, 5):
        r = number + 1
        typed(book[DEALS], f"A{r}", number)
        typed(book[DEALS], f"C{r}", "x")
        typed(book[DEALS], f"D{r}", "x")
        typed(book[DEALS], f"M{r}", "x")
    typed(book[DEALS], "A6", 5)
    typed(book[DEALS], "D6", "x")
    book.save(path)
    return path


def reads() -> list[tuple[str, str, str]]:
    return [
        (LEDGER, "READ", f"{PROBLEM}2"),
        (LEDGER, "READ", f"{PROBLEM}6"),
        (STANDINGS, "READ", WARNING),
        (SETTLE, "READ", NOTE),
    ]


def test_a_clean_book_warns_nowhere_and_settles(tmp_path):
    shown = type_in(ana_and_ben(tmp_path / "clean.xlsx"), reads(), tmp_path)
    assert [text for _, _, text, _ in shown] == [
        "",
        "",
        "",
        "Pot and reserve are empty: these transfers settle every balance.",
    ]


def test_a_row_inserted_into_deals_is_shown_on_the_ledger_standings_and_settle_up(tmp_path):
    path = ana_and_ben(tmp_path / "inserted.xlsx")
    end_row = ROWS + 3  # the end-of-book row, one lower after the insert
    shown = type_in(
        path,
        [(DEALS, "INSERT ROW", "4"), (DEALS, "A4", "6"), (DEALS, "C4", "x"), *reads()],
        tmp_path,
    )
    warning = f"Deals, row {end_row}: {INSERTED}"
    texts = [text for _, _, text, _ in shown[3:]]
    assert texts == [
        f"{warning}. {ROW_WARNED}",
        f"{warning}. {ROW_WARNED}",
        f"{warning}. {STANDINGS_WARNED}",
        f"{warning}. {SETTLE_WARNED}",
    ]


def test_a_date_pasted_into_the_cap_is_shown_on_the_ledger_standings_and_settle_up(tmp_path):
    path = ana_and_ben(tmp_path / "dated.xlsx")
    shown = type_in(path, [("Rules", "B4", "2026-11-19"), *reads()], tmp_path)
    assert shown[0][0] == 46345  # LibreOffice took the date for its day number
    warning = (
        "Rules, row 4 (Cap): 46345 is more than 40,000, the most a Rules amount takes (a date "
        "pasted here?): type the amount (2, 0.5 or 1/2)"
    )
    assert [text for _, _, text, _ in shown[1:]] == [
        f"{warning}. {ROW_WARNED}",
        f"{warning}. {ROW_WARNED}",
        f"{warning}. {STANDINGS_WARNED}",
        f"{warning}. {SETTLE_WARNED}",
    ]
