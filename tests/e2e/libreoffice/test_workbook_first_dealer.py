"""Who deals first in the club workbook (Rules, row 9): blank is the first player for the
formulas and for the import alike, a named first dealer (the first player too) survives
export and import, and a seat that is not a seat is flagged in the book and refused by the
import in the same words."""

from __future__ import annotations

import pytest
from support.lo_typing import type_in

from guts_teach import Session, teaching
from guts_teach.excel.layout import DEALS, LEDGER, RULES
from guts_teach.excel.reading.file_import import import_ledger
from guts_teach.excel.reading.reader import WorkbookError
from guts_teach.excel.writing.workbook import export_ledger, new_workbook, save_atomic
from guts_teach.ledgers.ledger import ledger_of

PLAYERS = ("Ana", "Ben", "Cleo")


@pytest.mark.parametrize("dealer", [None, "Ana", "Ben", "Cleo"])
def test_the_first_dealer_survives_export_and_import(tmp_path, dealer):
    table = Session(list(PLAYERS), rules=teaching(), dealer=dealer)
    table.play(["Ana", "Ben"], winners=["Ben"])
    table.play(["Cleo"])
    ledger = ledger_of(table)
    path = tmp_path / "club.xlsx"
    export_ledger(ledger, path)
    back = import_ledger(str(path))
    assert back.dealer == ledger.dealer
    assert back == ledger


def test_a_new_book_leaves_the_first_dealer_blank(tmp_path):
    path = tmp_path / "club.xlsx"
    save_atomic(new_workbook(PLAYERS, teaching(), rows=5), path)
    assert import_ledger(str(path)).dealer is None


def test_blank_and_typed_first_dealers_read_alike_in_the_book_and_the_import(tmp_path):
    """The formulas' Dealer column and the import's replay agree on who deals deal 1, with
    row 9 blank (the first player: it once dealt from the last seat) and with a seat typed;
    a seat beyond the players, or text, is flagged beside the cell and refused alike."""
    path = tmp_path / "club.xlsx"
    save_atomic(new_workbook(PLAYERS, teaching(), rows=5), path)
    deal = [(DEALS, "A2", "1"), (DEALS, "C2", "x"), (DEALS, "D2", "x"), (DEALS, "M2", "x")]
    typed = type_in(
        path,
        [
            *deal,
            (LEDGER, "READ", "B2"),
            (RULES, "READ", "C9"),
            (RULES, "SAVE", ""),
        ],
        tmp_path,
    )
    assert typed[-3][2] == "Ana" and typed[-2][2] == ""
    blank = import_ledger(str(path))
    assert blank.dealer is None
    assert Session(list(PLAYERS), rules=teaching()).players[0] == typed[-3][2]

    for seat, dealer in (("2", "Ben"), ("3", "Cleo"), ("1", "Ana")):
        typed = type_in(
            path, [(RULES, "B9", seat), (LEDGER, "READ", "B2"), (RULES, "SAVE", "")], tmp_path
        )
        assert typed[1][2] == dealer
        assert import_ledger(str(path)).dealer == dealer

    for text, words in (
        ("5", "seat 5 is not between 1 and 3"),
        ("two", 'expected a seat number (a whole number of at least 1), got "two"'),
        ("0", "expected a seat number (a whole number of at least 1), got 0"),
    ):
        typed = type_in(
            path, [(RULES, "B9", text), (RULES, "READ", "C9"), (RULES, "SAVE", "")], tmp_path
        )
        assert typed[1][2] == words, text
        with pytest.raises(WorkbookError) as refused:
            import_ledger(str(path))
        assert str(refused.value) == f"sheet {RULES!r}, row 9, column B: {words}"
