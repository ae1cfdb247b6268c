"""The import's work is bounded by what a file really holds (issue 37, item 3): shared strings
by their count and each one's length, a sheet by the rows it has (not the rows the Calc sheet
claims), a cell by what a spreadsheet cell holds; and no message quotes more than a short part
of what it read. What each costs is measured in ``benchmarks/hostile_files.py``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.hostile_books import (
    SST,
    claim_full_rows,
    empty_rows,
    full_rows,
    padded_deals,
    part_of,
    rebuilt,
    stream,
    typed_in_deals,
    with_shared_strings,
)

from guts_teach import Session, teaching
from guts_teach.excel.layout import CALC, DEALS, SEATS, Layout
from guts_teach.excel.reading.file_import import import_book
from guts_teach.excel.reading.reader import WorkbookError, check_sheets
from guts_teach.excel.writing.workbook import export_ledger
from guts_teach.ledgers.ledger import ledger_of

SHORT = 600
"""The longest a refusal may be: a path, a place and a sentence, never the input itself."""


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A two-deal club book, its formulas reading 1,000 deal rows."""
    table = Session(["Ana", "Ben", "Cleo"], rules=teaching())
    table.play(["Ana", "Ben"], winners=["Ana"])
    table.play(["Ben", "Cleo"], winners=["Cleo"])
    path = tmp_path_factory.mktemp("book") / "club.xlsx"
    export_ledger(ledger_of(table), path)
    return path


def refused(path: Path) -> str:
    with pytest.raises(WorkbookError) as caught:
        import_book(str(path))
    message = str(caught.value)
    assert len(message) < SHORT, message[:SHORT]
    return message


def test_a_book_with_shared_strings_is_read_through_them(book, tmp_path):
    """The helper below makes a book the import reads, so the refusals are the bounds'."""
    shared = with_shared_strings(
        book,
        tmp_path / "shared.xlsx",
        stream("xl/sharedStrings.xml", SST, b"<si><t>Ann</t></si>", 1, b"</sst>"),
    )
    ledger = import_book(str(shared))
    assert ledger.players[0] == "Ann"  # type: ignore[union-attr]


def test_millions_of_tiny_shared_strings_are_refused_by_their_count(book, tmp_path):
    """400,000 one-letter texts (7 MB): the part is far under its 64 MB, the count beyond any
    book's (the benchmark reads 63 MB of them)."""
    tiny = b"<si><t>a</t></si>"
    count = 400_000
    path = with_shared_strings(
        book, tmp_path / "tiny.xlsx", stream("xl/sharedStrings.xml", SST, tiny, count, b"</sst>")
    )
    message = refused(path)
    assert "its shared strings hold more than 300,000 different texts" in message
    assert "it is not a club workbook (or it is damaged)" in message


@pytest.mark.parametrize("megabytes", [0.04, 63])
def test_a_shared_string_longer_than_a_cell_holds_is_refused_unquoted(book, tmp_path, megabytes):
    chars = int(megabytes * 2**20)
    path = with_shared_strings(
        book,
        tmp_path / "long.xlsx",
        stream("xl/sharedStrings.xml", SST + b"<si><t>", b"a" * chars, 1, b"</t></si></sst>"),
    )
    message = refused(path)
    assert "text number 0 of its shared strings holds more than 32,767 characters" in message
    assert "aaaa" not in message


def test_a_cell_longer_than_a_cell_holds_on_deals_is_refused_unquoted(book, tmp_path):
    note = Layout((), block=SEATS).note_col
    edit = typed_in_deals(note, "b" * 40_000)
    message = refused(rebuilt(book, tmp_path / "cell.xlsx", edits={part_of(book, DEALS): edit}))
    assert f"the cell in row 2, column {note} holds more than 32,767 characters" in message
    assert "bbbb" not in message


@pytest.mark.parametrize(
    ("padding", "expected"),
    [
        # 64 MB of spaces between the rows, which the old bound let through on the claim alone
        # (up to 400 MB; the benchmark pads 390 MB)
        ([b" " * 2**20] * 64, r"\d+ MB of XML for its [\d,]+ rows, beyond the 4,096 bytes a row"),
        # a million empty rows after the book's own
        (empty_rows(5000, 10**6), r"[\d,]+ rows by row \d+; a club workbook's sheet has 100,002"),
        # thirty rows of a number in every column
        (full_rows(4000, 30), r"[\d,]+ cells by row 40\d\d, beyond the 50 a row may hold"),
    ],
    ids=["spaces", "empty rows", "cells"],
)
def test_a_claim_of_the_full_100000_rows_earns_nothing_without_the_rows(
    book, tmp_path, padding, expected
):
    calc = part_of(book, CALC)
    path = rebuilt(
        book,
        tmp_path / "claim.xlsx",
        edits={calc: claim_full_rows},
        streamed={part_of(book, DEALS): padded_deals(book, padding)},
    )
    message = refused(path)
    assert re.search(expected, message), message
    assert "not a club workbook (or it is damaged)" in message


def test_a_long_cards_cell_is_named_by_its_length_not_quoted(book, tmp_path):
    cards = Layout((), block=SEATS).cards_col(0)
    edit = typed_in_deals(cards, "Qs " * 1700)
    message = refused(rebuilt(book, tmp_path / "cards.xlsx", edits={part_of(book, DEALS): edit}))
    assert "(Cards Ana): expected 2 cards" in message
    assert "(text of 5100 characters)" in message
    assert "Qs Qs Qs Qs Qs Qs Qs Qs Qs Qs Qs Qs Qs Qs Qs Qs Qs Qs Qs Qs Qs Qs" not in message


def test_a_book_of_thousands_of_sheets_is_named_by_a_few_of_them():
    names = [f"sheet {i} " + "x" * 200 for i in range(5000)]
    with pytest.raises(WorkbookError) as caught:
        check_sheets(names, "club.xlsx")
    message = str(caught.value)
    assert len(message) < 3000
    assert "and 4,986 more" in message
