"""The class tables' web service on loopback, used as its people use it: the teacher opens a
table and deals with the password, learners play over WebSockets with their seat's token, a
projector watches; and what an attacker tries is refused while the table goes on: another
seat's cards, a forged token, the teacher's routes without the password, a 1 MB message,
1,000 messages a second, junk."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
import requests
import websocket
from support.table_service import running_service

from guts_teach.class_table.service import MAX_MESSAGE, RATE, Tables
from guts_teach.class_table.table import TableError
from guts_teach.ledgers.ledger_file import load

PASSWORD = "teacher-secret-password"
PLAYERS = ["Ana", "Ben", "Cleo"]


@pytest.fixture
def service(tmp_path: Path) -> Iterator[str]:
    """The service in a thread of its own; its address."""
    with running_service(tmp_path, PASSWORD, seed=1) as address:
        yield f"{address}"


def teacher(address: str, path: str, body: object = None, password: str = PASSWORD):
    headers = {"Authorization": f"Bearer {password}"}
    if body is None and path.endswith("ledger"):
        return requests.get(f"http://{address}{path}", headers=headers, timeout=10)
    return requests.post(f"http://{address}{path}", json=body, headers=headers, timeout=10)


def connect(address: str, code: str, token: str | None) -> websocket.WebSocket:
    socket = websocket.create_connection(f"ws://{address}/api/tables/{code}/play", timeout=10)
    socket.send(json.dumps({"token": token}))
    return socket


def receive(socket: websocket.WebSocket) -> dict:
    return json.loads(socket.recv())


def latest_view(socket: websocket.WebSocket, phase: str) -> dict:
    """Views until one in ``phase``."""
    while True:
        got = receive(socket)
        if "view" in got and got["view"]["phase"] == phase:
            return got["view"]


def closed(socket: websocket.WebSocket) -> bool:
    """Whether the service closes this connection (what it still sends read first)."""
    try:
        for _ in range(RATE * 60):
            if socket.recv() == "":
                return True
    except (websocket.WebSocketException, OSError):
        return True
    return False


def opened(address: str, **request) -> tuple[str, dict[str, str]]:
    reply = teacher(address, "/api/tables", {"players": PLAYERS, **request})
    assert reply.status_code == 201, reply.text
    return reply.json()["code"], reply.json()["tokens"]


def test_a_table_is_played_from_three_devices_and_shown_on_the_projector(service, tmp_path):
    code, tokens = opened(service, timer=60)
    seats = {name: connect(service, code, token) for name, token in tokens.items()}
    projector = connect(service, code, None)
    for socket in (*seats.values(), projector):
        assert receive(socket)["view"]["phase"] == "waiting"
    assert teacher(service, f"/api/tables/{code}/deal").status_code == 200
    views = {name: latest_view(socket, "declaring") for name, socket in seats.items()}
    cards = {name: view["cards"] for name, view in views.items()}
    for name, view in views.items():  # a player's own cards, nobody else's
        text = json.dumps(view, ensure_ascii=False)
        assert [n for n, c in cards.items() if c in text] == [name]
    seen = json.dumps(latest_view(projector, "declaring"), ensure_ascii=False)
    assert not any(c in seen for c in cards.values())
    for name, is_in in (("Ana", True), ("Ben", True), ("Cleo", False)):
        seats[name].send(json.dumps({"declare": is_in}))
    shown = latest_view(projector, "shown")["shown"]
    assert shown["in"] == ["Ana", "Ben"] and sorted(shown["hands"]) == ["Ana", "Ben"]
    assert shown["hands"]["Ana"] == cards["Ana"]
    ledger = teacher(service, f"/api/tables/{code}/ledger")
    assert ledger.status_code == 200
    (tmp_path / "got.json").write_bytes(ledger.content)
    assert [deal.ins for deal in load(tmp_path / "got.json").deals] == [("Ana", "Ben")]


def test_the_teachers_routes_want_the_password(service):
    for password in ("", "wrong", PASSWORD + "x"):
        reply = teacher(service, "/api/tables", {"players": PLAYERS}, password=password)
        assert reply.status_code == 403
        assert reply.json() == {"error": "the teacher's password is needed"}
    code, _ = opened(service)
    assert teacher(service, f"/api/tables/{code}/deal", password="wrong").status_code == 403


@pytest.mark.parametrize(
    ("request_body", "words"),
    [
        ({"players": ["Ana"]}, "2 to 8 players"),
        ({"players": "Ana Ben"}, '"players" is a list'),
        ({"players": PLAYERS, "bots": {"Ana": "wild"}}, '"bots" maps names'),
        ({"players": PLAYERS, "timer": "soon"}, '"timer" is a number'),
        ({"players": PLAYERS, "profile": "poker"}, "poker"),
        ({"players": PLAYERS, "admin": True}, "unknown fields: admin"),
        ({"players": ["Ana", "Ana"]}, "Ana"),
        ({"players": PLAYERS, "ending": "time"}, 'cannot set "ending"'),
        ({"players": PLAYERS, "starting_stack": 50}, 'cannot set "starting_stack"'),
        ({"players": PLAYERS, "cap": -5}, "cap must be more than 0"),
        ({"players": PLAYERS, "cap": True}, '"cap" is a number'),
        ({"players": PLAYERS, "declaration": "shout"}, '"declaration" is one of'),
        ({"players": PLAYERS, "flush_over_straight": True}, "needs hand_size 3"),
        ({"players": PLAYERS, "hand_size": 5}, "hand_size must be 2"),
        ({"players": PLAYERS, "weenie_ties": "share_one"}, "weenie rule (V7)"),
        ({"players": PLAYERS, "ghost_hand": "yes"}, "ghost_hand must be true or false"),
    ],
)
def test_a_bad_table_request_is_refused_saying_what_is_expected(service, request_body, words):
    reply = teacher(service, "/api/tables", request_body)
    assert reply.status_code == 400 and words in reply.json()["error"], reply.text


def test_a_table_of_three_card_guts_with_a_ghost_and_no_cap_is_played_as_asked(service):
    asked = {"hand_size": 3, "ghost_hand": True, "cap": "none", "declaration": "drop"}
    code, tokens = opened(service, **asked)
    ana = connect(service, code, tokens["Ana"])
    projector = connect(service, code, None)
    waiting = receive(ana)["view"]
    assert waiting["rules"] == [
        "Class rules (teaching)",
        "no cap on the pot",
        "Declare on '1 - 2 - 3 - drop!' (V2)",
        "three cards each (V6)",
        "A ghost hand to beat (V5)",
    ]
    teacher(service, f"/api/tables/{code}/deal")
    assert len(latest_view(ana, "declaring")["cards"].split()) == 3
    others = [connect(service, code, tokens[name]) for name in ("Ben", "Cleo")]
    for socket in (ana, *others):
        socket.send(json.dumps({"declare": True}))
    shown = latest_view(projector, "shown")["shown"]
    assert len(shown["ghost"].split()) == 3 and len(shown["hands"]) == 3
    assert any("ghost" in line for line in shown["story"])


def test_forged_tokens_and_junk_are_refused_and_the_table_goes_on(service):
    code, tokens = opened(service)
    forged = connect(service, code, "forged-token")
    assert receive(forged) == {"error": "that seat token is not one of this table's"}
    projector = connect(service, code, None)
    receive(projector)
    projector.send(json.dumps({"declare": True}))  # a projector has no seat
    assert "error" in receive(projector)
    ana = connect(service, code, tokens["Ana"])
    receive(ana)
    for junk in ("not json", "[1, 2]", json.dumps({"declare": "yes"}), json.dumps({"x": 1})):
        ana.send(junk)
        assert "error" in receive(ana), junk
    teacher(service, f"/api/tables/{code}/deal")
    assert latest_view(ana, "declaring")["cards"]


def test_a_huge_message_or_a_flood_closes_only_that_connection(service):
    code, tokens = opened(service)
    huge = connect(service, code, tokens["Ana"])
    receive(huge)
    huge.send("x" * (2**20))
    assert closed(huge)
    flood = connect(service, code, tokens["Ben"])
    receive(flood)
    for _ in range(RATE * 50):
        try:
            flood.send(json.dumps({"x": 1}))
        except (websocket.WebSocketException, OSError):
            break
    assert closed(flood)
    fine = connect(service, code, tokens["Cleo"])  # the table goes on for everyone else
    assert receive(fine)["view"]["phase"] == "waiting"
    assert MAX_MESSAGE < 2**20


def test_the_timer_ends_a_deal_and_the_service_resumes_its_tables(tmp_path):
    tables = Tables(tmp_path, PASSWORD, seeded=2)
    code, tokens = tables.open({"players": PLAYERS, "timer": 5})
    table = tables.tables[code]
    table.deal()
    table.declare(tokens["Ana"], True)
    tables.writer.flush()  # the files on disk, as at a stop
    again = Tables(tmp_path, PASSWORD, seeded=3)  # the service restarted
    resumed = again.tables[code]
    assert resumed.view(tokens["Ana"])["cards"] == table.view(tokens["Ana"])["cards"]
    resumed.deadline = 0.0
    again.tick()
    assert resumed.session.deals[-1].ins == ("Ana",)


def test_connections_that_never_answer_their_close_do_not_stop_a_deal(service):
    """Projectors flooding until closed, and never reading: the deal still reaches every
    seat and the teacher's request succeeds."""
    code, tokens = opened(service)
    floods = [connect(service, code, None) for _ in range(30)]
    for socket in floods:
        for _ in range(RATE + 1):
            socket.send(json.dumps({"x": 1}))
    seats = {name: connect(service, code, token) for name, token in tokens.items()}
    assert teacher(service, f"/api/tables/{code}/deal").status_code == 200
    for socket in seats.values():
        assert latest_view(socket, "declaring")["cards"]


def test_a_connection_without_a_token_and_one_too_many_are_closed(service, monkeypatch):
    from guts_teach.class_table import service as module

    monkeypatch.setattr(module, "JOIN_WAIT", 0.5)
    monkeypatch.setattr(module, "MAX_WATCHERS", 3)
    code, _ = opened(service)
    silent = websocket.create_connection(f"ws://{service}/api/tables/{code}/play", timeout=10)
    assert closed(silent)  # never said who it is
    joined = [connect(service, code, None) for _ in range(3)]
    for socket in joined:
        receive(socket)
    extra = websocket.create_connection(f"ws://{service}/api/tables/{code}/play", timeout=10)
    assert closed(extra)


def test_long_names_are_refused_and_damaged_tables_left_closed(tmp_path):
    tables = Tables(tmp_path, PASSWORD, seeded=1)
    with pytest.raises(TableError, match="at most 24 characters"):
        tables.open({"players": ["Ana", "B" * 25]})
    good, _ = tables.open({"players": PLAYERS})
    bad, _ = tables.open({"players": PLAYERS})
    (tmp_path / bad / "table.json").write_text("{}")
    tables.writer.flush()  # the files on disk, as at a stop
    again = Tables(tmp_path, PASSWORD, seeded=1)
    assert list(again.tables) == [good]
    assert len(again.skipped) == 1 and bad in again.skipped[0]


def test_a_seeded_table_deals_on_after_a_restart_not_the_same_cards(tmp_path):
    tables = Tables(tmp_path, PASSWORD, seeded=5)
    code, tokens = tables.open({"players": PLAYERS})
    table = tables.tables[code]
    table.deal()
    first = table.view(tokens["Ana"])["cards"]
    for token in tokens.values():
        table.declare(token, False)
    tables.writer.flush()  # the files on disk, as at a stop
    resumed = Tables(tmp_path, PASSWORD, seeded=5).tables[code]
    resumed.deal()
    dealt_again = {p: str(h) for p, h in resumed.session.hands.items()}
    assert dealt_again["Ana"] == resumed.view(tokens["Ana"])["cards"]
    first_deal = dict(zip(PLAYERS, map(str, table.session.deals[0].seat_hands), strict=True))
    assert dealt_again != first_deal and first == first_deal["Ana"]


def test_the_teacher_lists_the_open_tables_and_replaces_a_lost_link(service):
    code, tokens = opened(service, bots={"Cleo": "equilibrium"})
    listed = requests.get(
        f"http://{service}/api/tables",
        headers={"Authorization": f"Bearer {PASSWORD}"},
        timeout=10,
    ).json()["tables"]
    assert [(t["code"], t["seats"]) for t in listed] == [(code, ["Ana", "Ben"])]
    assert not any(token in json.dumps(listed) for token in tokens.values())
    old = connect(service, code, tokens["Ben"])
    receive(old)
    reply = teacher(service, f"/api/tables/{code}/seats/Ben/token", {})
    new = reply.json()["token"]
    assert closed(old)  # the old link's connection is ended
    assert receive(connect(service, code, new))["view"]["you"] == "Ben"
    assert "error" in receive(connect(service, code, tokens["Ben"]))
    refused = teacher(service, f"/api/tables/{code}/seats/Cleo/token", {})
    assert refused.status_code == 400 and "no seat of their own" in refused.json()["error"]
    assert teacher(service, f"/api/tables/{code}/seats/Ben/token", {}, "x").status_code == 403


def close_frame(socket: websocket.WebSocket) -> tuple[int, str]:
    """The code and reason the service closes this connection with (views read first)."""
    while True:
        opcode, data = socket.recv_data(control_frame=True)
        if opcode == websocket.ABNF.OPCODE_CLOSE:
            return int.from_bytes(data[:2], "big"), data[2:].decode()


def test_a_paused_table_refuses_declarations_until_the_teacher_resumes_it(service):
    code, tokens = opened(service, timer=60)
    ana = connect(service, code, tokens["Ana"])
    receive(ana)
    teacher(service, f"/api/tables/{code}/deal")
    latest_view(ana, "declaring")
    paused = teacher(service, f"/api/tables/{code}/pause", {})
    assert paused.status_code == 200 and paused.json()["view"]["paused"] is True
    left = paused.json()["view"]["seconds_left"]
    ana.send(json.dumps({"declare": True}))
    while "error" not in (got := receive(ana)):
        assert got["view"]["paused"] is True
    assert got["error"] == (
        "the teacher has paused this table: declare once the teacher resumes it"
    )
    refused = teacher(service, f"/api/tables/{code}/deal", {})
    assert "paused" in refused.json()["error"]
    again = teacher(service, f"/api/tables/{code}/pause", {})
    assert again.status_code == 400 and "paused" in again.json()["error"]
    resumed = teacher(service, f"/api/tables/{code}/resume", {}).json()["view"]
    assert resumed["paused"] is False and resumed["seconds_left"] <= left
    ana.send(json.dumps({"declare": True}))
    while "you_declared" not in (view := latest_view(ana, "declaring")):
        assert view["paused"] is False
    assert view["you_declared"] == "in"


def test_ending_the_game_settles_the_deal_and_refuses_another(service):
    code, tokens = opened(service)
    ana = connect(service, code, tokens["Ana"])
    receive(ana)
    teacher(service, f"/api/tables/{code}/deal")
    latest_view(ana, "declaring")
    ana.send(json.dumps({"declare": True}))
    ended = teacher(service, f"/api/tables/{code}/end", {}).json()["view"]
    assert ended["ended"] is True and ended["phase"] == "shown"
    assert ended["shown"]["in"] == ["Ana"]  # Ben and Cleo had not declared: out
    refused = teacher(service, f"/api/tables/{code}/deal", {})
    assert refused.status_code == 400
    assert refused.json()["error"] == "the game at this table has ended: nobody may deal now"


def test_a_closed_table_keeps_its_ledger_and_folder_and_its_sockets_are_closed(service, tmp_path):
    code, tokens = opened(service)
    ana = connect(service, code, tokens["Ana"])
    receive(ana)
    teacher(service, f"/api/tables/{code}/deal")
    for name, token in tokens.items():
        connect(service, code, token).send(json.dumps({"declare": name == "Ben"}))
    latest_view(ana, "shown")
    assert teacher(service, f"/api/tables/{code}/close", {}).json() == {"closed": code}
    assert close_frame(ana) == (4000, f"table {code} was closed by the teacher")
    late = websocket.create_connection(f"ws://{service}/api/tables/{code}/play", timeout=10)
    assert close_frame(late) == (4000, f"table {code} was closed by the teacher")
    refused = teacher(service, f"/api/tables/{code}/deal", {})
    assert refused.status_code == 410 and refused.json() == {"error": f"table {code} is closed"}
    ledger = teacher(service, f"/api/tables/{code}/ledger")
    assert ledger.status_code == 200
    (tmp_path / "got.json").write_bytes(ledger.content)
    assert [deal.ins for deal in load(tmp_path / "got.json").deals] == [("Ben",)]
    assert (tmp_path / code / "table-ledger.json").exists()
    listed = requests.get(
        f"http://{service}/api/tables", headers={"Authorization": f"Bearer {PASSWORD}"}, timeout=10
    ).json()
    assert listed["tables"] == [] and listed["closed"] == [code]
    assert code in Tables(tmp_path, PASSWORD).closed  # and stays closed after a restart


def test_a_learner_moves_to_a_bots_seat_at_another_table_with_a_new_link(service):
    first, tokens = opened(service)
    second, _ = opened(service, players=["Dev", "Eli", "Fay"], bots={"Fay": "characters"})
    old = connect(service, first, tokens["Ana"])
    receive(old)
    moved = teacher(
        service, f"/api/tables/{first}/seats/Ana/move", {"table": second, "seat": "Fay"}
    )
    assert moved.status_code == 200, moved.text
    assert moved.json()["table"] == second and moved.json()["seat"] == "Ana"
    assert close_frame(old)[0] == 1008  # the old link ends
    assert receive(connect(service, first, tokens["Ana"])) == {
        "error": "that seat token is not one of this table's"
    }
    there = receive(connect(service, second, moved.json()["token"]))["view"]
    assert there["you"] == "Ana" and there["players"] == ["Dev", "Eli", "Ana"]
    assert there["bots"] == {}
    left = receive(connect(service, first, None))["view"]
    assert left["players"] == ["Fay", "Ben", "Cleo"] and left["bots"] == {"Fay": "characters"}


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ({"table": "ZZZZ", "seat": "Fay"}, "no open table has the code 'ZZZZ'"),
        ({"table": "SAME", "seat": "Ben"}, "'Ben' is not a seat a bot keeps at this table"),
        ({"table": "SAME"}, 'a move is asked for as {"table": "CODE", "seat": "NAME"}'),
        ({"table": "DEALT", "seat": "Fay"}, "this table has dealt, so 'Fay' is a name"),
    ],
)
def test_a_move_that_cannot_be_made_is_refused_and_changes_nothing(service, move, words):
    code, tokens = opened(service, bots={"Cleo": "equilibrium"})
    dealt, _ = opened(service, players=["Dev", "Fay"], bots={"Fay": "characters"})
    teacher(service, f"/api/tables/{dealt}/deal")
    move = {
        **move,
        "table": {"SAME": code, "DEALT": dealt}.get(move.get("table"), move.get("table")),
    }
    move = {k: v for k, v in move.items() if v is not None}
    before = receive(connect(service, code, None))["view"]
    refused = teacher(service, f"/api/tables/{code}/seats/Ana/move", move)
    assert refused.status_code == 400 and words in refused.json()["error"], refused.text
    assert receive(connect(service, code, None))["view"] == before
    assert receive(connect(service, code, tokens["Ana"]))["view"]["you"] == "Ana"


def test_a_learner_cannot_use_the_teachers_controls(service):
    code, tokens = opened(service)
    ana = connect(service, code, tokens["Ana"])
    receive(ana)
    for path, body in (
        ("pause", {}),
        ("end", {}),
        ("close", {}),
        ("seats/Ben/move", {"table": code, "seat": "Cleo"}),
    ):
        reply = teacher(service, f"/api/tables/{code}/{path}", body, password=tokens["Ana"])
        assert reply.status_code == 403 and reply.json() == {
            "error": "the teacher's password is needed"
        }
    teacher(service, f"/api/tables/{code}/deal")
    view = latest_view(ana, "declaring")  # the table goes on, neither paused nor ended
    assert view["paused"] is False and view["ended"] is False


def test_the_teachers_form_names_and_explains_every_variant_it_sends(service):
    """Each box on the form says its variant in plain words with the ruling after it and a
    sentence explaining it; ticked, it opens a table whose pages say the same words."""
    form = requests.get(f"http://{service}/teacher", timeout=10).text
    boxes = re.findall(
        r'<input type="checkbox" id="(\w+)" data-value=\'([^\']+)\' aria-describedby="\1-hint">'
        r'<label for="\1">([^<]+) \(([RV]\d)\)</label>\s*<p class="hint" id="\1-hint">([^<]+)</p>',
        form,
    )
    assert [box[3] for box in boxes] == ["R3", "V3", "V4", "V5", "V6", "V6", "V7", "V7"]
    needs = {
        "straight_flush_over_trips": {"hand_size": 3},
        "flush_over_straight": {"hand_size": 3},
        "weenie_ties": {"weenie_rule": True},
    }
    for field, value, label, ruling, explanation in boxes:
        assert len(explanation.split()) >= 3, field
        code, tokens = opened(service, **{field: json.loads(value)}, **needs.get(field, {}))
        told = receive(connect(service, code, tokens["Ana"]))["view"]["rules"]
        assert f"{unescape(label)} ({ruling})" in told, (field, told)


def test_projectors_filling_a_table_never_keep_its_players_out(service, monkeypatch):
    """Anyone with a table's code may watch, but watchers and connections that have not said
    who they are have a limit of their own: a seat with its token always gets in, up to a few
    tabs of its own."""
    from guts_teach.class_table import service as module

    monkeypatch.setattr(module, "MAX_WATCHERS", 3)
    code, tokens = opened(service)
    watchers = [connect(service, code, None) for _ in range(3)]
    for socket in watchers:
        receive(socket)
    assert closed(connect(service, code, None))  # a fourth watcher is refused
    ana = connect(service, code, tokens["Ana"])
    assert receive(ana)["view"]["you"] == "Ana"  # the seat gets in all the same
    tabs = [connect(service, code, tokens["Ben"]) for _ in range(module.MAX_SEAT_TABS)]
    for tab in tabs:
        assert receive(tab)["view"]["you"] == "Ben"
    one_more = connect(service, code, tokens["Ben"])
    assert "open in" in receive(one_more)["error"]


def test_json_nested_past_the_parsers_depth_is_refused_and_the_table_goes_on(service):
    code, tokens = opened(service)
    deep = "[" * 2000 + "]" * 2000
    refused = requests.post(
        f"http://{service}/api/tables",
        data=deep,
        headers={"Authorization": f"Bearer {PASSWORD}"},
        timeout=10,
    )
    assert refused.status_code == 400 and refused.json() == {"error": "not JSON"}
    ana = websocket.create_connection(f"ws://{service}/api/tables/{code}/play", timeout=10)
    ana.send(deep)
    assert receive(ana) == {"error": "a message is a JSON object"}
    ana.send(json.dumps({"token": tokens["Ana"]}))
    assert receive(ana)["view"]["you"] == "Ana"


def test_the_teacher_sets_the_timer_from_the_next_deal_and_a_bad_one_is_refused(service, tmp_path):
    """The deal in play keeps its clock; the next deal waits the new seconds, which the
    table's file keeps for a restart; a timer out of range or not a number is refused."""
    code, tokens = opened(service, timer=60)
    seats = {name: connect(service, code, token) for name, token in tokens.items()}
    for socket in seats.values():
        receive(socket)
    teacher(service, f"/api/tables/{code}/deal")
    assert latest_view(seats["Ana"], "declaring")["seconds_left"] > 50
    changed = teacher(service, f"/api/tables/{code}/timer", {"timer": 20})
    assert changed.status_code == 200 and changed.json()["view"]["timer"] == 20
    assert changed.json()["view"]["seconds_left"] > 50  # this deal's clock is kept
    assert json.loads((tmp_path / code / "table.json").read_text())["timer"] == 20
    for body, words in (
        ({"timer": 2}, "the timer is a number of seconds from 5 to 600; got 2"),
        ({"timer": "soon"}, "the timer is a number of seconds from 5 to 600; got 'soon'"),
        ({"seconds": 30}, 'the timer is set as {"timer": SECONDS}, 5 to 600'),
    ):
        refused = teacher(service, f"/api/tables/{code}/timer", body)
        assert refused.status_code == 400 and refused.json()["error"] == words
    for socket in seats.values():
        socket.send(json.dumps({"declare": False}))
    latest_view(seats["Ana"], "shown")
    teacher(service, f"/api/tables/{code}/deal")
    view = latest_view(seats["Ana"], "declaring")
    assert 15 < view["seconds_left"] <= 20 and view["timer"] == 20
