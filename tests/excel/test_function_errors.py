"""Every custom-function error names the function and the argument, also for the errors
that came bare before (a bad player list, rules that do not hold, a starting pot that
does not fit, NaN and infinity), and GUTS_COMPARE refuses one card in both hands
(issue 11)."""

from __future__ import annotations

import pytest
from support.functions import NAMES, call

from guts_teach.excel.xlwings.functions import CellError

X2 = [["x", "x", None, None]]
W1 = [["x", None, None, None]]
ROW = [[1, "x", *([None] * 12)]]
TWICE = "player 'A' is seated twice; every name must be different"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("GUTS_WINNERS", [["A", "A"]], [["Qs Qh", "Jc Jd"]], [["x", "x"]]),
            f"GUTS_WINNERS: argument names: {TWICE}",
        ),
        (
            ("GUTS_WINNERS", [[f"P{i}" for i in range(11)]], [["Qs Qh"] * 11], [["x"] * 11]),
            "GUTS_WINNERS: argument names: Guts is played by 2 to 10 players (R11); got 11: "
            "P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10",
        ),
        (
            ("GUTS_SETTLE", 6, 0, [["A", "A", "C", "D"]], X2, W1, 20),
            f"GUTS_SETTLE: argument names: {TWICE}",
        ),
        (
            ("GUTS_SETTLE", 6, 0, NAMES, X2, W1, 0),
            "GUTS_SETTLE: argument cap: cap must be more than 0, or None for no limit; got 0",
        ),
        (
            ("GUTS_SETTLE", -6, 0, NAMES, X2, W1, 20),
            "GUTS_SETTLE: argument pot: the starting pot cannot be negative; got -6",
        ),
        (
            ("GUTS_SETTLE", 6, -1, NAMES, X2, W1, 20),
            "GUTS_SETTLE: argument reserve: the starting reserve cannot be negative; got -1",
        ),
        (
            ("GUTS_SETTLE", 30, 0, NAMES, X2, W1, 20),
            "GUTS_SETTLE: argument pot: the starting pot of 30 is above the cap of 20: the "
            "excess belongs in the reserve (R6)",
        ),
        (
            ("GUTS_SETTLE", float("nan"), 0, NAMES, X2, W1, 20),
            "GUTS_SETTLE: argument pot: expected a finite amount; got nan",
        ),
        (
            ("GUTS_SETTLE", float("inf"), 0, NAMES, X2, W1, 20),
            "GUTS_SETTLE: argument pot: expected a finite amount; got inf",
        ),
        (
            ("GUTS_SETTLE", 6, 0, NAMES, X2, W1, float("-inf")),
            "GUTS_SETTLE: argument cap: expected a finite amount; got -inf",
        ),
        (
            ("GUTS_LEDGER", ROW, [["A", "A", "C", "D"]], 1, 20, None, 6, None),
            f"GUTS_LEDGER: argument names: {TWICE}",
        ),
        (
            ("GUTS_LEDGER", ROW, NAMES, 0, 20, None, 6, None),
            "GUTS_LEDGER: argument ante: ante must be more than 0; got 0",
        ),
        (
            ("GUTS_LEDGER", ROW, NAMES, 1, 0, None, 6, None),
            "GUTS_LEDGER: argument cap: cap must be more than 0, or None for no limit; got 0",
        ),
        (
            ("GUTS_LEDGER", ROW, NAMES, 1, 20, -5, 6, None),
            "GUTS_LEDGER: argument stack: starting_stack must be 0 or more, or None for net "
            "counters; got -5",
        ),
        (
            ("GUTS_LEDGER", ROW, NAMES, 1, 20, None, -6, None),
            "GUTS_LEDGER: argument pot: the starting pot cannot be negative; got -6",
        ),
        (
            ("GUTS_LEDGER", ROW, NAMES, 1, 20, None, 6, -1),
            "GUTS_LEDGER: argument reserve: the starting reserve cannot be negative; got -1",
        ),
        (
            ("GUTS_LEDGER", ROW, NAMES, float("nan"), 20, None, 6, None),
            "GUTS_LEDGER: argument ante: expected a finite amount; got nan",
        ),
        (
            ("GUTS_LEDGER", [["one", "x", *([None] * 12)]], NAMES, 1, 20, None, 6, None),
            "GUTS_LEDGER: argument deals: row 1, column A (Deal): expected a deal number (a "
            'whole number of at least 1), got "one"',
        ),
        (
            ("GUTS_COMPARE", "Qs Qh", "Qs Jd"),
            "GUTS_COMPARE: argument second: Q♠ is given twice: to first and to second; a deck "
            "has one of each card",
        ),
        (
            ("GUTS_HAND", "Qs Qh", float("nan")),
            "GUTS_HAND: argument hand_size: expected 2 or 3, got nan",
        ),
    ],
)
def test_every_custom_function_error_names_the_function_and_the_argument(args, message):
    with pytest.raises(CellError) as caught:
        call(*args)
    assert str(caught.value) == message


def test_a_result_beyond_what_a_cell_holds_names_the_function():
    with pytest.raises(CellError) as caught:
        call("GUTS_SETTLE", 1e25, 0, NAMES, [["x"] * 4], W1, None)
    assert str(caught.value).startswith(
        "GUTS_SETTLE: argument pot: an amount is 10000000000000000905969664, beyond what a "
        "spreadsheet cell holds exactly"
    )


def test_an_amount_of_more_than_30_digits_names_the_function_and_its_length():
    with pytest.raises(CellError) as caught:
        call("GUTS_SETTLE", 1e300, 0, NAMES, [["x"] * 4], W1, None)
    assert str(caught.value).startswith(
        "GUTS_SETTLE: argument pot: pot has a whole number of 301 digits; an amount has at most "
        "30 digits"
    )
