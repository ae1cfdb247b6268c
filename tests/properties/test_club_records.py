"""R5a: a deal written as who was in and who won is checked once, in the showdown, so the
ledger file, the Python API, GUTS_SETTLE, GUTS_LEDGER and the workbook import refuse the
same records with the same words."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from support.functions import NAMES, call

from guts_teach import Session, teaching
from guts_teach.excel.layout import DEALS, SEATS, Layout, col
from guts_teach.excel.problems import WHO_WON
from guts_teach.excel.reading.file_import import import_ledger
from guts_teach.excel.reading.reader import WorkbookError
from guts_teach.excel.writing.workbook import new_workbook, save_atomic
from guts_teach.excel.xlwings.functions import CellError
from guts_teach.game.club_record import no_winner_message
from guts_teach.game.errors import GutsError, WinnerError
from guts_teach.ledgers.ledger_file import loads

NO_WINNER = (
    "two or more players were in and no winner is named: name who won (these rules have no "
    "ghost hand to take the pot, V5; R5a)"
)


def cli(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "guts_teach", *argv], capture_output=True, text=True, timeout=120
    )


def ledger_text(deals, rules=None, pot=6):
    data = {"format": "guts-ledger/1", "players": ["A", "B", "C"], "pot": pot, "deals": deals}
    if rules:
        data["rules"] = rules
    return json.dumps(data)


def test_the_no_winner_words_are_one_sentence():
    assert no_winner_message() == NO_WINNER
    assert WHO_WON == NO_WINNER  # the workbook's Problem column and its import say the same


def test_R5a_empty_winners_without_a_ghost_is_refused_in_a_ledger_file_via_the_cli(tmp_path):
    path = tmp_path / "ghostless.json"
    path.write_text(ledger_text([{"in": ["A", "B"], "winners": []}]))
    done = cli("replay", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr == (
        f'guts-teach: error: {path}: ledger deal 1 (deals[0]), field "winners": {NO_WINNER}\n'
    )


def test_R5a_empty_winners_without_a_ghost_is_refused_by_the_api_and_the_table_is_unchanged():
    table = Session(["A", "B", "C"], pot=6)
    with pytest.raises(WinnerError) as caught:
        table.play(["A", "B"], winners=[])
    assert str(caught.value) == NO_WINNER
    assert caught.value.field == "winners"
    assert (table.pot, table.deals, table.net) == (6, (), {"A": 0, "B": 0, "C": 0})
    assert not table.in_progress


def test_R5a_empty_winners_still_means_the_ghost_won_under_V5():
    table = Session(["A", "B", "C"], rules=teaching().replace(ghost_hand=True), pot=6)
    record = table.play(["A", "B"], winners=[])
    assert record.kind == "ghost_wins"
    assert record.payments == {"A": 6, "B": 6}


def test_R5a_guts_settle_refuses_in_marks_without_a_won_mark_in_the_same_words():
    with pytest.raises(CellError) as caught:
        call("GUTS_SETTLE", 6, 0, NAMES, [["x", "x", None, None]], [[None] * 4], 20)
    assert str(caught.value) == f"GUTS_SETTLE: argument winners: {NO_WINNER}"


def test_R5a_guts_ledger_refuses_a_row_with_in_marks_and_no_won_mark():
    deals = [[1, "x", "x", None, None, None, None, None, None, None, None, None, None, None]]
    with pytest.raises(CellError) as caught:
        call("GUTS_LEDGER", deals, NAMES, 1, 20, None, 6, None)
    assert str(caught.value) == (
        f"GUTS_LEDGER: argument deals: row 1, columns F to I (Won marks): {NO_WINNER}"
    )


def _club_book(path):
    """A three-player club workbook at ``path``: its Deals sheet and where each mark goes."""
    book = new_workbook(("A", "B", "C"), teaching(), rows=10)
    return book, book[DEALS], Layout(("A", "B", "C"), 10, block=SEATS)


def test_R5a_workbook_import_of_in_marks_without_a_won_mark_names_sheet_row_and_columns(
    tmp_path,
):
    """The workbook says it on the row (its Problem column) and the import in the same words,
    naming the sheet, the row and the Won columns."""
    path = tmp_path / "club.xlsx"
    book, deals, layout = _club_book(path)
    book["Rules"]["B7"] = 6
    deals.cell(2, 1, 1), deals.cell(2, layout.in_col(0), "x"), deals.cell(2, layout.won_col(0), "x")
    deals.cell(3, 1, 2), deals.cell(3, layout.in_col(0), "x"), deals.cell(3, layout.in_col(1), "x")
    save_atomic(book, path)
    before = path.read_bytes()
    with pytest.raises(WorkbookError) as caught:
        import_ledger(str(path))
    won = f"{col(layout.won_col(0))} to {col(layout.won_col(SEATS - 1))}"
    assert str(caught.value) == f"sheet 'Deals', row 3, columns {won} (Won marks): {WHO_WON}"
    assert path.read_bytes() == before


def test_R5a_the_cli_import_says_the_same(tmp_path):
    path = tmp_path / "club.xlsx"
    book, deals, layout = _club_book(path)
    deals.cell(2, 1, 1), deals.cell(2, layout.in_col(0), "x"), deals.cell(2, layout.in_col(1), "x")
    save_atomic(book, path)
    done = cli("workbook", "import", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    won = f"{col(layout.won_col(0))} to {col(layout.won_col(SEATS - 1))}"
    assert done.stderr.endswith(f"row 2, columns {won} (Won marks): {WHO_WON}\n")


@pytest.mark.parametrize(
    ("rules", "deal", "field", "message"),
    [
        (
            None,
            {"in": ["A", "B"], "winners": ["A"], "losers": ["B"]},
            "losers",
            "losers are recorded only under single loser (V3), which these rules do not use",
        ),
        (
            None,
            {"in": [], "weenie": ["B"]},
            "weenie",
            "the weenie is recorded only under the weenie rule (V7), which these rules do not use",
        ),
        (
            {"weenie_rule": True},
            {"in": ["A", "B"], "winners": ["A"], "weenie": ["B"]},
            "weenie",
            "the weenie names who held the best hand when nobody was in (V7); A and B were in",
        ),
        (
            {"single_loser": True},
            {"in": ["A", "B", "C"], "winners": ["A"], "losers": ["A"]},
            "losers",
            "A is named both a winner and a loser; a winner does not pay (V3)",
        ),
        (
            {"single_loser": True},
            {"in": ["A", "B", "C"], "winners": ["A"], "losers": []},
            "losers",
            "name who held the worst hand among B and C (single loser, V3)",
        ),
        (
            {"single_loser": True},
            {"in": ["A"], "losers": ["A"]},
            "losers",
            "nobody pays in this deal, so A cannot be the loser (V3)",
        ),
        (
            None,
            {"in": ["A"], "ghost": "Kc 9d"},
            "ghost",
            "a ghost hand was given, but these rules have no ghost_hand",
        ),
    ],
)
def test_R5a_fields_the_rules_do_not_use_and_contradictions_are_refused_naming_the_field(
    rules, deal, field, message
):
    with pytest.raises(GutsError) as caught:
        loads(ledger_text([deal], rules))
    assert str(caught.value) == f'ledger deal 1 (deals[0]), field "{field}": {message}'
    table = Session(["A", "B", "C"], rules=teaching().replace(**(rules or {})), pot=6)
    with pytest.raises(GutsError) as direct:
        table.play(
            deal["in"],
            winners=deal.get("winners"),
            losers=deal.get("losers"),
            weenie=deal.get("weenie"),
            ghost=deal.get("ghost"),
        )
    assert str(direct.value) == message
    assert direct.value.field == field
    assert table.deals == () and table.pot == 6
