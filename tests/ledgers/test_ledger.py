"""Ledger files: the documented format, clear errors naming deal and field, atomic saving."""

import json
import os
from fractions import Fraction

import pytest

from guts_teach import Session, classic
from guts_teach.game.errors import GutsError, LedgerError
from guts_teach.game.rules import teaching
from guts_teach.ledgers.ledger import FORMAT, Ledger, LedgerDeal, dumps, ledger_of, save
from guts_teach.ledgers.ledger_file import load, loads
from guts_teach.ledgers.replay import replay

GOOD = {
    "format": "guts-ledger/1",
    "rules": {"profile": "teaching", "cap": 30},
    "players": ["A", "B", "C", "D"],
    "pot": 6,
    "dealer": "B",
    "deals": [
        {"hands": {"A": "Q♠ Q♥", "B": "A♣ K♦", "C": "J♣ J♦"}, "in": ["A", "B", "C"]},
        {"in": ["A", "B"], "winners": ["B"]},
        {"in": ["A", "B", "C"], "winners": ["A", "B"]},
    ],
}


def text(data):
    return json.dumps(data, ensure_ascii=False)


def test_reads_both_kinds_of_deal():
    ledger = loads(text(GOOD))
    assert ledger.rules.cap == 30
    assert ledger.pot == 6
    assert ledger.dealer == "B"
    assert ledger.deals[0].winners is None
    assert ledger.deals[1].hands is None
    session = replay(ledger)
    assert [r.winners for r in session.deals] == [("A",), ("B",), ("A", "B")]
    assert session.deals[2].shares == {"A": Fraction(6), "B": Fraction(6)}


def test_round_trip_is_identical():
    ledger = loads(text(GOOD))
    again = loads(dumps(ledger))
    assert again == ledger
    assert json.loads(dumps(ledger))["rules"] == {"profile": "teaching", "cap": 30}


def test_fractions_are_strings_and_whole_numbers_are_numbers():
    ledger = Ledger(
        rules=teaching().replace(ante=Fraction(1, 2)), players=("A", "B"), pot=Fraction(7, 2)
    )
    data = json.loads(dumps(ledger))
    assert data["pot"] == "7/2"
    assert data["rules"]["ante"] == "1/2"
    assert loads(dumps(ledger)).pot == Fraction(7, 2)


def test_session_written_as_ledger_replays_identically():
    t = Session(["A", "B", "C"], rules=classic(), pot=10)
    t.play(["A", "B"], hands={"A": "Qs Qh", "B": "As Kd"})
    t.play(["A", "C"], winners=["C"])
    t.play([])
    t.play(["B"])
    ledger = ledger_of(t, title="Tuesday")
    assert json.loads(dumps(ledger))["title"] == "Tuesday"
    again = replay(loads(dumps(ledger)))
    assert again.deals == t.deals


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d.update(format="guts-ledger/2"), 'field "format": expected "guts-ledger/1"'),
        (lambda d: d.update(colour="red"), 'field "colour": unknown field'),
        (lambda d: d["rules"].update(limit=5), 'field "rules.limit": unknown rules field'),
        (lambda d: d["rules"].update(profile="poker"), "unknown rules profile 'poker'"),
        (lambda d: d["rules"].update(cap=2.5), 'field "rules.cap": the value must be exact'),
        (lambda d: d.update(players="ABCD"), 'field "players": expected a list'),
        (lambda d: d.update(dealer="Zed"), "field \"dealer\": 'Zed' is not one of the players"),
        (lambda d: d.update(pot="lots"), 'field "pot": the value: cannot read "lots"'),
        (
            lambda d: d["deals"][1].update({"in": ["A", "Zed"]}),
            "deal 2 (deals[1]), field \"in\": 'Zed'",
        ),
        (lambda d: d["deals"][1].pop("in"), 'deal 2 (deals[1]), field "in": missing'),
        (
            lambda d: d["deals"][1].update(winner=["B"]),
            'deal 2 (deals[1]), field "winner": unknown field',
        ),
        (
            lambda d: d["deals"][0]["hands"].update(B="A♣ K♦ Q♦"),
            'deal 1 (deals[0]), field "hands.B": a hand has 2 cards',
        ),
        (
            lambda d: d["deals"][0]["hands"].update(B="Ax Kd"),
            'deal 1 (deals[0]), field "hands.B": cannot read "Ax"',
        ),
        (
            lambda d: d["deals"][0]["hands"].update(C="Q♠ J♦"),
            'deal 1 (deals[0]), field "hands": Q♠ is given twice: to A and to C',
        ),
        (
            lambda d: d["deals"][1].update(winners=["C"]),
            'deal 2 (deals[1]), field "winners": winner C was not in',
        ),
        (
            lambda d: d["deals"][0].update(winners=["B"]),
            'deal 1 (deals[0]), field "winners": the cards say A won',
        ),
        (
            lambda d: d["deals"][1].pop("winners"),
            'deal 2 (deals[1]), field "hands": cannot tell who won',
        ),
        (lambda d: d["deals"].append("A wins"), "deal 4 (deals[3]): expected an object"),
        (
            lambda d: d["deals"][1].update(bots={"Zed": "cautious"}),
            "deal 2 (deals[1]), field \"bots\": 'Zed' is not one of the players",
        ),
        (
            lambda d: d["deals"][1].update(bots={"B": 7}),
            'deal 2 (deals[1]), field "bots": B: say how the bot plays in words; got 7',
        ),
        (
            lambda d: d["deals"][1].update(bots=["B"]),
            'deal 2 (deals[1]), field "bots": expected an object',
        ),
        (lambda d: d.update(cycles=0), 'field "cycles": expected a whole number'),
    ],
)
def test_bad_files_name_the_deal_and_field(change, fragment):
    data = json.loads(text(GOOD))
    change(data)
    with pytest.raises(LedgerError) as caught:
        loads(text(data))
    assert fragment in str(caught.value)


def test_not_json_says_where():
    with pytest.raises(LedgerError, match=r"not valid JSON: .* line 1"):
        loads('{"format": ')


def test_missing_file_and_bad_encoding(tmp_path):
    with pytest.raises(LedgerError, match="does not exist"):
        load(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(LedgerError, match="not UTF-8"):
        load(bad)


def test_load_error_names_the_file(tmp_path):
    path = tmp_path / "club.json"
    path.write_text('{"format": "x"}', encoding="utf-8")
    with pytest.raises(LedgerError, match=r'club\.json: ledger field "format"'):
        load(path)


def test_save_is_atomic_and_leaves_no_temporary_files(tmp_path):
    path = tmp_path / "club.json"
    ledger = loads(text(GOOD))
    save(ledger, path)
    assert load(path) == ledger
    assert os.listdir(tmp_path) == ["club.json"]


def test_failed_save_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "club.json"
    ledger = loads(text(GOOD))
    save(ledger, path)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(
        GutsError, match=r"^cannot write .*club.json: disk full; it was left as it was$"
    ):
        save(ledger.with_deals(()), path)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["club.json"]


def test_format_constant_and_empty_deals():
    ledger = Ledger(rules=teaching(), players=("A", "B"), deals=(LedgerDeal(ins=()),))
    data = json.loads(dumps(ledger))
    assert data["format"] == FORMAT
    assert data["deals"] == [{"in": []}]
    assert json.loads(dumps(ledger.with_deals(())))["deals"] == []
