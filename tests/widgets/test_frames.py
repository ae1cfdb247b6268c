"""pandas views: exact by default, floats only when asked, standings with shared places."""

from fractions import Fraction

from guts_teach import Session
from guts_teach.frames import LEDGER_COLUMNS, ledger_frame, standings_frame
from guts_teach.lessons.examples import example


def test_ledger_frame_one_row_per_deal_and_balance_columns():
    frame = ledger_frame(example("cap-reserve").session())
    assert list(frame.index) == [1, 2]
    assert list(frame.columns) == [*LEDGER_COLUMNS[1:], "A", "B", "C", "D", "E"]
    assert frame.loc[1, "pot_after"] == 20
    assert frame.loc[1, "reserve_after"] == 16
    assert frame.loc[2, "B"] == 8
    assert list(frame["outcome"]) == ["showdown", "uncontested"]
    assert frame.loc[1, "payers"] == "B C D"


def test_exact_fractions_until_asked_for_floats():
    t = Session(["A", "B", "C"], pot=7)
    t.play(["A", "B", "C"], winners=["A", "B"])
    exact = ledger_frame(t)
    assert exact.loc[1, "A"] == Fraction(7, 2)
    assert isinstance(exact.loc[1, "A"], Fraction)
    approx = ledger_frame(t, exact=False)
    assert approx.loc[1, "A"] == 3.5
    assert approx["A"].dtype == float


def test_standings_frame():
    t = Session(["A", "B", "C"], pot=6)
    t.play(["A", "B"], winners=["A", "B"])
    frame = standings_frame(t)
    assert frame.to_dict("records") == [
        {"place": 1, "player": "A", "balance": Fraction(3)},
        {"place": 1, "player": "B", "balance": Fraction(3)},
        {"place": 3, "player": "C", "balance": Fraction(0)},
    ]


def test_empty_session_frame():
    assert ledger_frame(Session(["A", "B"])).empty
