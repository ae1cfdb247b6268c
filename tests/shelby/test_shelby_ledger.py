"""Shelby games everywhere else: ledger files, guts-teach replay, the pandas frame, the workbook."""

import io
import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from guts_teach.cli.commands import main
from guts_teach.excel.writing.shelby_export import export_shelby
from guts_teach.frames import shelby_frame
from guts_teach.game.errors import LedgerError
from guts_teach.ledgers.ledger_file import loads
from guts_teach.shelby.ledger import EXAMPLE, dumps_shelby, loads_shelby, replay_shelby

PSYCHO = {
    "format": "guts-ledger/1",
    "game": "psycho_shelby",
    "players": ["A", "B", "C"],
    "deals": [
        {
            "hands": {
                "A": "Ah Ad Kc 2h 3d 4c 9h 3s",
                "B": "Ks Kd 5c 6h 7d 8c 10s",
                "C": "Qs Qd Jc Jh Js 2c 2s",
            },
            "rounds": [["A", "B", "C"], ["A", "B"], ["A", "C"]],
            "buys": {"A": 1},
        }
    ],
}


def test_shelby_ledger_replays_and_round_trips():
    ledger = loads_shelby(EXAMPLE)
    game = replay_shelby(ledger)
    assert game.shelbys == {"A": 1, "B": 0, "C": 0}
    assert loads_shelby(dumps_shelby(ledger)) == ledger
    psycho = replay_shelby(loads_shelby(json.dumps(PSYCHO)))
    assert {p: int(v) for p, v in psycho.net.items()} == {"A": 10, "B": -7, "C": -7}


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d.update(game="poker"), 'field "game": expected one of shelby, psycho_shelby'),
        (
            lambda d: d.setdefault("rules", {}).update(colour=1),
            'field "rules.colour": unknown field',
        ),
        (
            lambda d: d["deals"][0]["rounds"][2].append("Zed"),
            "deal 1 (deals[0]), field \"rounds\" (round 3): holders: 'Zed' is not at the table",
        ),
        (
            lambda d: d["deals"][0]["rounds"].append([]),
            "psycho_shelby has 3 rounds; this one lists 4",
        ),
        (
            lambda d: d["deals"][0]["hands"].update(B="Qs Qx 1 2 3"),
            'deal 1 (deals[0]), field "hands"',
        ),
        (
            lambda d: d["deals"][0]["buys"].update(B=1),
            'field "rounds" (round 3): B holds 0 four(s)',
        ),
    ],
)
def test_bad_shelby_ledgers_name_the_deal_and_field(change, fragment):
    data = json.loads(json.dumps(PSYCHO))
    change(data)
    with pytest.raises(LedgerError) as caught:
        loads_shelby(json.dumps(data))
    assert fragment in str(caught.value)


def test_plain_loader_points_to_the_shelby_one():
    with pytest.raises(LedgerError, match="is not plain Guts"):
        loads(EXAMPLE)


def test_guts_teach_replay_tells_a_shelby_game(tmp_path):
    path = tmp_path / "shelby.json"
    path.write_text(EXAMPLE, encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(path)], out=out) == 0
    assert "A holds alone and gets a Shelby (1 of 3)" in out.getvalue()
    out = io.StringIO()
    main(["replay", str(path), "--json"], out=out)
    rows = json.loads(out.getvalue())
    assert [r["outcome"] for r in rows] == ["showdown", "showdown", "nobody_holds", "shelby"]
    assert rows[-1]["balances"] == {"A": -2, "B": 1, "C": -5} and rows[-1]["shelbys"]["A"] == 1


def test_shelby_frame_and_workbook(tmp_path):
    game = replay_shelby(loads_shelby(json.dumps(PSYCHO)))
    frame = shelby_frame(game)
    assert list(frame["outcome"]) == ["showdown", "showdown", "showdown"]
    assert frame.iloc[-1]["A"] == 10
    path = tmp_path / "psycho.xlsx"
    export_shelby(game, path)
    book = load_workbook(path)
    rows = list(book["Rounds"].iter_rows(min_row=2, values_only=True))
    assert [r[1] for r in rows] == [1, 2, 3] and rows[-1][5] == 10
    assert "five of a kind, aces" in rows[-1][3]
    standings = list(book["Standings"].iter_rows(min_row=2, values_only=True))
    assert standings[0][:3] == (1, "A", 10)


# ------------------------------------------------------------------ issue 11: the same standard


def _bad(change):
    data = json.loads(json.dumps(PSYCHO))
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d.pop("format"),
            'ledger field "format": expected "guts-ledger/1", got null',
        ),
        (
            lambda d: d.update(colour="red"),
            'ledger field "colour": unknown field; the fields are format, game, title, rules, '
            "players, deals",
        ),
        (
            lambda d: d.update(deals=None),
            'ledger field "deals": expected a list of deals, got null',
        ),
        (lambda d: d.update(title=5), 'ledger field "title": expected text'),
        (
            lambda d: d.update(rules=None),
            'ledger field "rules": expected an object such as {"ante": 1}',
        ),
        (
            lambda d: d.update(rules={"shelbys_to_win": True}),
            'ledger field "rules.shelbys_to_win": expected a whole number of at least 1, got True',
        ),
        (
            lambda d: d.update(rules={"cards": [3.0, 2, 2]}),
            'ledger field "rules.cards": expected a list of whole numbers of cards, got [3.0, 2, 2]',
        ),
        (
            lambda d: d["deals"][0].update(seat=1),
            'ledger deal 1 (deals[0]), field "seat": unknown field; a deal has hands, rounds, buys',
        ),
        (
            lambda d: d["deals"][0]["buys"].update(A=0),
            'ledger deal 1 (deals[0]), field "buys.A": expected a whole number of cards of at '
            "least 1, got 0",
        ),
        (
            lambda d: d["deals"][0]["buys"].update(A=1.5),
            'ledger deal 1 (deals[0]), field "buys.A": expected a whole number of cards of at '
            "least 1, got 1.5",
        ),
        (
            lambda d: d["deals"][0]["buys"].update(A=True),
            'ledger deal 1 (deals[0]), field "buys.A": expected a whole number of cards of at '
            "least 1, got true",
        ),
        (
            lambda d: d["deals"][0]["buys"].update(Zed=1),
            "ledger deal 1 (deals[0]), field \"buys.Zed\": 'Zed' is not one of the players "
            "(A, B, C)",
        ),
        (
            lambda d: d["deals"][0]["rounds"][0].append(7),
            'ledger deal 1 (deals[0]), field "rounds": expected a list of holder lists, one per '
            "round",
        ),
    ],
)
def test_shelby_ledgers_are_checked_like_guts_ledgers(change, message):
    with pytest.raises(LedgerError) as caught:
        loads_shelby(_bad(change))
    assert str(caught.value) == message


def test_shelby_deals_null_is_exit_2_with_a_message_in_the_cli(tmp_path):
    path = tmp_path / "null.json"
    path.write_text(_bad(lambda d: d.update(deals=None)), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "guts_teach", "replay", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert 'ledger field "deals": expected a list of deals, got null' in done.stderr
    assert "Traceback" not in done.stderr


def test_the_cli_replays_a_shelby_file_once(tmp_path, monkeypatch):
    from guts_teach.shelby import ledger as shelby_ledger

    path = tmp_path / "psycho.json"
    path.write_text(json.dumps(PSYCHO), encoding="utf-8")
    calls = []
    real = shelby_ledger.replay_shelby
    monkeypatch.setattr(shelby_ledger, "replay_shelby", lambda led: calls.append(1) or real(led))
    assert main(["replay", str(path)], out=io.StringIO()) == 0
    assert calls == [1]


def test_a_shelby_title_round_trips():
    data = json.loads(json.dumps(PSYCHO))
    data["title"] = "Friday"
    ledger = loads_shelby(json.dumps(data))
    assert ledger.title == "Friday"
    assert loads_shelby(dumps_shelby(ledger)) == ledger


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8)
    | st.sampled_from(["A", "B", "C", "Zed", "Ah Ad Kc 2h 3d 4c 9h 3s", "shelby"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(data=st.data())
def test_fuzz_any_shelby_ledger_gives_a_game_or_a_ledger_error(data):
    """Seeded fuzz: a valid ledger with random parts replaced by random JSON values."""
    ledger = json.loads(json.dumps(PSYCHO))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(list(_paths(ledger))))
        replacement = data.draw(json_values)
        if not path:
            ledger = replacement
            continue
        parent = ledger
        for step in path[:-1]:
            parent = parent[step]
        parent[path[-1]] = replacement
    text = json.dumps(ledger)
    try:
        game = replay_shelby(loads_shelby(text))
    except LedgerError as error:  # any other exception fails the test
        said = str(error)
    else:
        assert game.conservation_gap() == 0
        said = "ledger replayed"
    assert said.startswith("ledger ")
