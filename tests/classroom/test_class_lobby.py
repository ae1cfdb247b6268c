"""A class joining with one code, over the service on loopback as 25 phones would: each
learner types the class code and a name, waits in the lobby, the teacher seats everyone with
one press and starts the tables, which then play on by themselves (the dealer's phone may deal
sooner) with no teacher action; the class view's leaderboard is every learner's balance. And
what a stranger tries is refused in words: wrong codes (found by trying: no), a taken, empty
or over-long name, a full class, another device's place."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
import websocket
from support.table_service import running_service

from guts_teach.class_table.lobby import Lobby, LobbyError, plan_tables
from guts_teach.class_table.service import Tables
from guts_teach.class_table.table import TableError
from guts_teach.game.money import format_amount, parse_amount
from guts_teach.ledgers.ledger_file import load_replayed

PASSWORD = "teacher-secret-password"
TEACHER = {"Authorization": f"Bearer {PASSWORD}"}


@pytest.fixture
def service(tmp_path: Path) -> Iterator[str]:
    with running_service(tmp_path, PASSWORD, seed=5) as address:
        yield address


def class_code(address: str) -> str:
    got = requests.get(f"http://{address}/api/class", headers=TEACHER, timeout=10)
    assert got.status_code == 200, got.text
    return str(got.json()["code"])


def join(address: str, code: str, name: str, **more: str) -> requests.Response:
    body = {"code": code, "name": name, **more}
    return requests.post(f"http://{address}/api/class/join", json=body, timeout=10)


def join_many(address: str, code: str, count: int) -> dict[str, str]:
    """``count`` learners join, typing the code as people do; each one's device token."""
    tokens = {}
    for i in range(count):
        typed = code.lower() if i % 3 == 0 else f"{code[:3]}-{code[3:]}"
        reply = join(address, typed, f" Learner {i:02d} ")
        assert reply.status_code == 200, reply.text
        assert reply.json()["name"] == f"Learner {i:02d}" and reply.json()["table"] is None
        tokens[reply.json()["name"]] = reply.json()["token"]
    return tokens


def where(address: str, token: str) -> dict:
    headers = {"Authorization": f"Bearer {token}"}
    return requests.get(f"http://{address}/api/class/me", headers=headers, timeout=10).json()


@pytest.mark.parametrize("size", [3, 4, 5, 6, 7, 8])
@pytest.mark.parametrize("learners", [1, 2, 5, 7, 12, 25, 31])
def test_seating_fills_tables_evenly_and_bots_only_below_three(learners, size):
    names = [f"L{i}" for i in range(learners)]
    groups = plan_tables(names, size=size)
    assert sorted(n for g in groups for n in g) == sorted(names)  # everyone seated once
    assert all(len(g) <= size for g in groups)
    assert max(map(len, groups)) - min(map(len, groups)) <= 1  # evenly
    assert len(groups) == -(-learners // size)  # as few tables as hold them


def play_until(sockets: dict, deals: dict[str, int], *, deals_each: int = 10) -> dict[str, int]:
    """Every learner plays as people press (in or out at random, the dealer sometimes dealing
    sooner) until every table has shown ``deals_each`` deals; the deals each table showed."""
    coin = random.Random(9)
    for _ in range(4000):
        if min(deals.values()) >= deals_each:
            break
        for name, (table, socket) in sockets.items():
            view = next_view(socket)
            if view is None:
                continue
            shown = view.get("shown")
            if shown:
                deals[table] = max(deals[table], shown["number"])
                assert set(shown["hands"]) <= set(shown["in"])  # out players' cards stay hidden
                if len(shown["in"]) == 1:
                    assert shown["hands"] == {}  # R4: a lone player in shows no cards
            if view["phase"] == "declaring" and "you_declared" not in view:
                socket.send(json.dumps({"declare": coin.random() < 0.5}))
            elif view["phase"] == "shown" and view["dealer"] == name and coin.random() < 0.5:
                socket.send(json.dumps({"deal": True}))  # the dealer's phone deals sooner
    return deals


def next_view(socket: websocket.WebSocket) -> dict | None:
    socket.settimeout(0.01)
    try:
        return json.loads(socket.recv()).get("view")
    except (websocket.WebSocketTimeoutException, TimeoutError):
        return None


@pytest.mark.slow
def test_a_class_of_25_joins_with_one_code_is_seated_with_one_press_and_plays_by_itself(
    service, tmp_path
):
    code = class_code(service)
    tokens = join_many(service, code, 25)
    lobby = requests.get(f"http://{service}/api/class", headers=TEACHER, timeout=10).json()
    assert [x["name"] for x in lobby["learners"]] == sorted(tokens)
    assert lobby["qr"].startswith("<?xml") or "<svg" in lobby["qr"]
    assert lobby["join"].endswith(f"/join?c={code}")

    seated = requests.post(
        f"http://{service}/api/class/seat", json={"size": 5}, headers=TEACHER, timeout=60
    )
    assert seated.status_code == 200, seated.text
    tables = seated.json()["tables"]
    assert len(tables) == 5
    places = {name: where(service, token) for name, token in tokens.items()}
    assert {p["table"] for p in places.values()} == set(tables)

    sockets = {}
    for name, token in tokens.items():
        table = places[name]["table"]
        socket = websocket.create_connection(f"ws://{service}/api/tables/{table}/play", timeout=10)
        socket.send(json.dumps({"token": token}))  # the device's token is its seat's
        view = json.loads(socket.recv())["view"]
        assert view["you"] == name
        sockets[name] = (table, socket)
    started = requests.post(
        f"http://{service}/api/class/start", json={"next_deal": 3}, headers=TEACHER, timeout=10
    )
    assert sorted(started.json()["tables"]) == sorted(tables)

    deals = play_until(sockets, dict.fromkeys(tables, 0), deals_each=10)
    assert min(deals.values()) >= 10, deals

    board = requests.get(f"http://{service}/api/class/board?c={code}", timeout=10).json()
    balances = {}
    for table in tables:
        _, session = load_replayed(tmp_path / table / "table-ledger.json")
        balances.update({p: v for p, v in session.balances.items() if not p.endswith("(bot)")})
    assert {
        e["name"]: parse_amount(e["balance"], what="balance") for e in board["leaderboard"]
    } == balances
    ordered = [parse_amount(e["balance"], what="balance") for e in board["leaderboard"]]
    assert ordered == sorted(ordered, reverse=True)
    for entry, before in zip(board["leaderboard"][1:], board["leaderboard"], strict=False):
        if entry["balance"] == before["balance"]:  # equal balances share the place
            assert entry["place"] == before["place"]
    for _, socket in sockets.values():
        socket.close()


def test_a_device_keeps_its_place_and_strangers_are_refused_in_words(service):
    code = class_code(service)
    first = join(service, code, "Ana").json()
    again = join(service, code, "Someone else", token=first["token"]).json()
    assert again["name"] == "Ana" and again["token"] == first["token"]  # a reload: same place
    for name, words in [
        ("ana", "taken in this class"),
        ("   ", "it is empty"),
        ("x" * 25, "at most 24 characters"),
        ("A\x07b", "no control codes"),
    ]:
        reply = join(service, code, name)
        assert reply.status_code == 400 and words in reply.json()["error"], reply.text
    assert "not this class's code" in join(service, "ZZZZZZ", "Ben").json()["error"]
    other = requests.get(
        f"http://{service}/api/class/me", headers={"Authorization": "Bearer forged"}, timeout=10
    )
    assert other.status_code == 403 and "has not joined" in other.json()["error"]


def test_wrong_codes_are_limited_per_device_so_a_code_cannot_be_found_by_trying(service):
    code = class_code(service)
    answers = [join(service, "QQQQQQ", "Eve").status_code for _ in range(15)]
    assert answers[:12] == [400] * 12 and answers[-1] == 429
    blocked = join(service, code, "Eve")  # even the right code waits now
    assert blocked.status_code == 429 and "wait a minute" in blocked.json()["error"]
    board = requests.get(f"http://{service}/api/class/board?c={code}", timeout=10)
    assert board.status_code == 429
    probe = websocket.create_connection(f"ws://{service}/api/tables/ABCD/play", timeout=10)
    try:
        said = probe.recv()
    except (websocket.WebSocketException, OSError):
        said = ""
    assert said == ""  # closed before any view


def test_a_latecomer_takes_a_bots_seat_before_the_first_deal_and_a_full_class_says_so(
    tmp_path, monkeypatch
):
    from guts_teach.class_table import lobby as module

    tables = Tables(tmp_path, PASSWORD, seeded=1)
    code = tables.lobby.code
    ana = tables.join({"code": code, "name": "Ana"}, "10.0.0.1")
    (table,) = tables.seat_everyone({"size": 5})
    assert sorted(tables.tables[table].bot_kinds) == ["Bolt (bot)", "Robo (bot)"]
    late = tables.join({"code": code, "name": "Ben"}, "10.0.0.2")
    assert late["table"] == table  # seated at once, in a bot's seat
    assert tables.tables[table].seat_of(late["token"]) == "Ben"
    assert tables.tables[table].seat_of(ana["token"]) == "Ana"
    monkeypatch.setattr(module, "MAX_LEARNERS", 2)
    with pytest.raises(LobbyError, match="this class is full"):
        tables.join({"code": code, "name": "Cleo"}, "10.0.0.3")
    tables.writer.flush()  # the files on disk, as at a stop
    again = Tables(tmp_path, PASSWORD, seeded=1)  # a restart keeps the lobby and the seats
    assert again.lobby.code == code
    assert again.place_of(late["token"])["table"] == table


def test_a_damaged_lobby_file_is_set_aside_in_words(tmp_path):
    Lobby(folder=tmp_path)
    (tmp_path / "class.json").write_text("{not json")
    tables = Tables(tmp_path, PASSWORD, seeded=1)
    assert "cannot be read" in tables.skipped[0]
    assert (tmp_path / "class.json.damaged").exists()


def test_the_teachers_answer_waits_for_a_slow_disk_and_comes(tmp_path, monkeypatch):
    """The first press after start (no table has sent a view yet) answers once its files are
    written, on a disk that takes its time: it once waited for ever, the writer's call back to
    the service's loop dropped while the loop was not yet known."""
    import time

    from guts_teach.class_table import _writer

    real = _writer.save_text

    def slow(path, text, *, sync=True):
        time.sleep(0.3)
        real(path, text, sync=sync)

    monkeypatch.setattr(_writer, "save_text", slow)
    with running_service(tmp_path, PASSWORD, seed=2) as address:
        code = class_code(address)
        join_many(address, code, 4)
        started = time.monotonic()
        seated = requests.post(
            f"http://{address}/api/class/seat", json={"size": 4}, headers=TEACHER, timeout=30
        )
        assert seated.status_code == 200, seated.text
        assert time.monotonic() - started >= 0.3  # it waited for the files


def test_after_class_the_tables_download_as_a_season_equal_to_the_leaderboard(tmp_path):
    """Time is called at every table: each plays on to its next empty pot (R10) and ends; the
    class's download is a season, a table an evening (R12), that replay reads with standings
    equal to the class leaderboard's. Before every table has ended, or with chips left on a
    table ended at once, the download is refused in words."""
    from guts_teach.ledgers.season import season_totals
    from guts_teach.ledgers.season_file import loads_season

    tables = Tables(tmp_path, PASSWORD, seeded=4)
    for i in range(7):
        tables.join({"code": tables.lobby.code, "name": f"Learner {i}"}, "10.0.0.1")
    codes = tables.seat_everyone({"size": 4})
    tokens = {x.name: x for x in tables.lobby.learners.values()}
    assert len(codes) == 2
    with pytest.raises(TableError, match="is still playing"):
        tables.season_text()
    coin = random.Random(5)
    seats = {}  # the device tokens are kept by the devices: made again here for the test
    for name in tokens:
        token = tables.lobby.renew(name)
        code = tables.lobby.named(name).table
        tables.tables[code].adopt(name, tables.lobby.named(name).token_hash)
        seats[name] = (code, token)
    for code in codes:
        tables.tables[code].deal()
    for round_number in range(300):
        if round_number == 3:
            assert set(tables.every_table("call-time").values()) == {"done"}
        if all(t.ended for t in tables.tables.values()):
            break
        for name, (code, token) in seats.items():
            table = tables.tables[code]
            if table.phase == "declaring" and name in table.session.undeclared:
                table.declare(token, coin.random() < 0.5)
        for table in tables.tables.values():
            if not table.ended and table.phase != "declaring":
                table.deal()
    assert all(
        t.ended and not t.session.pot and not t.session.reserve for t in tables.tables.values()
    )
    season = loads_season(tables.season_text())
    assert [e.label for e in season.evenings] == [f"Table {c}" for c in sorted(codes)]
    board = {e["name"]: e["balance"] for e in tables.board()["leaderboard"]}
    totals = season_totals(season)
    assert board == {name: format_amount(totals[name]) for name in board}
    assert len(board) == 7
    kept = tmp_path / "class-season.json"
    kept.write_text(tables.season_text(), encoding="utf-8")
    from guts_teach.cli.commands import main

    assert main(["replay", str(kept)]) == 0  # the club's own command reads it
    # and the club's workbook holds it: tables of different players, an evening each, whose
    # book reads back to the same standings
    from guts_teach.excel import import_book
    from guts_teach.ledgers.season import Season

    book = tmp_path / "class-season.xlsx"
    assert main(["workbook", "export", str(kept), str(book)]) == 0
    read = import_book(str(book))
    assert isinstance(read, Season)
    assert [e.label for e in read.evenings] == [e.label for e in season.evenings]
    assert season_totals(read) == totals


def test_a_table_ended_at_once_with_chips_on_it_keeps_the_season_from_downloading(tmp_path):
    """Ended at once, with nobody in: the pot stays on the table (R3), which a season would
    carry into the next evening; the download says so instead."""
    tables = Tables(tmp_path, PASSWORD, seeded=4)
    for name in ("Ana", "Ben", "Cleo"):
        tables.join({"code": tables.lobby.code, "name": name}, "10.0.0.1")
    (code,) = tables.seat_everyone({"size": 5})
    table = tables.tables[code]
    table.deal()
    table.end()  # at once: every missing declaration counts as out, so nobody is in
    assert table.session.pot == 3
    with pytest.raises(TableError, match=r"ended with pot 3 and reserve 0 on it, which a season"):
        tables.season_text()
