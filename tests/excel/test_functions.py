"""The Python-backed formulas, called exactly as Excel calls them through xlwings Server's
``custom_functions_call``, and listed with descriptions by ``custom_functions_meta``."""

from __future__ import annotations

import pytest
from support.functions import NAMES, call
from support.paths import REPO
from xlwings.server import custom_functions_meta

from guts_teach.excel.xlwings import functions
from guts_teach.excel.xlwings.functions import CellError


def test_meta_lists_every_function_with_its_description():
    meta = {f["name"]: f for f in custom_functions_meta(functions)["functions"]}
    assert set(meta) == {"GUTS_HAND", "GUTS_COMPARE", "GUTS_WINNERS", "GUTS_SETTLE", "GUTS_LEDGER"}
    assert all(f["description"] for f in meta.values())
    assert all(p["description"] for f in meta.values() for p in f["parameters"])


def test_guts_hand():
    assert call("GUTS_HAND", "Qs Qh") == [["pair of queens", 11212]]
    assert call("GUTS_HAND", "Qs Jd 10c", 3)[0][0] == "straight, queen high"
    assert call("GUTS_HAND", "As Kd")[0][1] < call("GUTS_HAND", "2s 2d")[0][1]


def test_guts_compare():
    assert call("GUTS_COMPARE", "As Kd", "Ah Qc") == [["A-K beats A-Q: same high card, K beats Q"]]


def test_guts_winners():
    hands = [["Q♠ Q♥", "A♣ K♦", "J♣ J♦", "2c 3d"]]
    assert call("GUTS_WINNERS", NAMES, hands, [["x", "x", "x", None]]) == [["A"]]
    tie = [["Qs Qh", "Qd Qc", "Jc Jd", "2c 3d"]]
    assert call("GUTS_WINNERS", NAMES, tie, [["x", "x", "x", None]]) == [["A B"]]


def test_guts_settle_the_cap_example():
    result = call(
        "GUTS_SETTLE", 12, 0, NAMES, [["x", "x", "x", "x"]], [["x", None, None, None]], 20
    )
    assert result == [["share", 12], ["each loser pays", 12], ["next pot", 20], ["reserve", 16]]


def test_guts_ledger_spills_the_whole_ledger():
    deals = [
        [1, "x", "x", "x", "x", "x", None, None, None, None, None, None, None, None],
        [2, None, "x", None, None, None, None, None, None, None, None, None, None, None],
    ]
    result = call("GUTS_LEDGER", deals, NAMES, 1, 20, None, 12, None)
    assert result[0][:8] == [
        "Deal",
        "Dealer",
        "In",
        "Winners",
        "Pot before",
        "Each loser pays",
        "Pot after",
        "Reserve after",
    ]
    assert result[1] == [1, "A", "A B C D", "A", 12, 12, 20, 16, 12, -12, -12, -12]
    assert result[2] == [2, "B", "B", "B", 20, 0, 16, 0, 12, 8, -12, -12]


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        ("GUTS_HAND", ("Qs Qx",), 'GUTS_HAND: argument cards: cannot read "Qx"'),
        ("GUTS_HAND", (42,), "GUTS_HAND: argument cards: expected cards as text"),
        ("GUTS_HAND", ("Qs Qh", 4), "GUTS_HAND: argument hand_size: expected 2 or 3"),
        (
            "GUTS_COMPARE",
            ("Qs Qh", "Qs Kd Jc"),
            "GUTS_COMPARE: argument second: a hand has 2 cards",
        ),
        (
            "GUTS_SETTLE",
            ("lots", 0, NAMES, [["x"] * 4], [["x", None, None, None]], 20),
            'GUTS_SETTLE: argument pot: the value: cannot read "lots"',
        ),
        (
            "GUTS_SETTLE",
            (12, 0, NAMES, [["x", "y", None, None]], [["x", None, None, None]], 20),
            "GUTS_SETTLE: argument ins: expected x or an empty cell, got 'y'",
        ),
        (
            "GUTS_SETTLE",
            (12, 0, NAMES, [["x", "x", None, None]], [[None, None, "x", None]], 20),
            "GUTS_SETTLE: argument winners: winner C was not in",
        ),
        ("GUTS_WINNERS", ([["A"]], [["Qs Qh"]], [["x"]]), "GUTS_WINNERS: argument names"),
    ],
)
def test_junk_in_a_cell_names_the_argument(name, args, message):
    with pytest.raises(CellError) as caught:
        call(name, *args)
    assert message in str(caught.value)


def test_the_xlwings_lite_main_exposes_every_function():
    import importlib.util

    path = REPO / "workbook" / "lite" / "main.py"
    spec = importlib.util.spec_from_file_location("lite_main", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    names = {f["name"] for f in custom_functions_meta(module)["functions"]}
    assert names == {"GUTS_HAND", "GUTS_COMPARE", "GUTS_WINNERS", "GUTS_SETTLE", "GUTS_LEDGER"}


def test_guts_ledger_reads_the_club_books_own_deals_sheet():
    from guts_teach.excel.layout import SEATS, Layout

    names = [["Ana", None, "Ben", "Cleo", None, None, None, None, None, None]]  # B2:B11
    layout = Layout(("Ana", "Ben", "Cleo"), 2, block=SEATS, seats=(0, 2, 3))
    rows = [[None] * (layout.note_col) for _ in range(2)]
    for r, (ins, won) in enumerate([(("Ana", "Ben", "Cleo"), "Ben"), (("Cleo",), None)]):
        rows[r][0] = r + 1
        for i, name in enumerate(layout.players):
            rows[r][layout.in_col(i) - 1] = "x" if name in ins else None
            rows[r][layout.won_col(i) - 1] = "x" if name == won else None
    result = call("GUTS_LEDGER", rows, names, 1, 20, None, None, None)
    assert result[0][-3:] == ["Ana", "Ben", "Cleo"]
    assert result[1][:8] == [1, "Ana", "Ana Ben Cleo", "Ben", 3, 3, 6, 0]
    assert result[2][:4] == [2, "Ben", "Cleo", "Cleo"]
    rows[0][layout.evening_col - 1] = "2026-11-03"
    with pytest.raises(CellError, match="these deals name evenings"):
        call("GUTS_LEDGER", rows, names, 1, 20, None, None, None)
