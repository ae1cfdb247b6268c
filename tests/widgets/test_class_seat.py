"""The notebook's seat at a class table, against the real service on loopback: two learners
join from widgets with their seats' links, are dealt, each sees their own cards only,
declare, and see the showdown and the balances the table's ledger holds; a wrong code, a
wrong token, a seat open in too many places, a closed table and a service that stops are
told in words in the widget."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from html import unescape
from pathlib import Path

import pytest
import requests
import tornado.web
import websocket
from support.needs import require
from support.table_service import running_service, service_process
from tornado.ioloop import IOLoop

from guts_teach.class_table import service as table_service
from guts_teach.class_table.service import Tables
from guts_teach.classroom.addresses import TABLES_URL
from guts_teach.game.money import format_amount
from guts_teach.jupyter.ports import free_port
from guts_teach.ledgers.ledger_file import load
from guts_teach.ledgers.replay import replay
from guts_teach.widgets import ClassSeat
from guts_teach.widgets.class_seat.connection import CLOSED, NO_TABLE

PASSWORD = "widget-test-password"


def until(done: Callable[[], object], what: str, timeout: float = 10) -> None:
    """Wait for ``done()`` (the widget changes from its connection's thread)."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what}")
        time.sleep(0.02)


def words(html: str) -> str:
    """What a person reads in a widget's HTML: the text, tags left out."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def everything(seat: ClassSeat) -> str:
    return " ".join(words(child.value) for child in seat.children if hasattr(child, "value"))


def teacher(address: str, path: str, body: object, password: str = PASSWORD) -> dict:
    reply = requests.post(
        f"http://{address}{path}",
        json=body,
        headers={"Authorization": f"Bearer {password}"},
        timeout=10,
    )
    reply.raise_for_status()
    return dict(reply.json())


@pytest.fixture
def service(tmp_path: Path) -> Iterator[str]:
    with running_service(tmp_path, PASSWORD, seed=5) as address:
        yield address


@pytest.fixture
def seats() -> Iterator[list[ClassSeat]]:
    """Widgets made by a test, which leave their tables afterwards."""
    made: list[ClassSeat] = []
    yield made
    for seat in made:
        seat.leave()


def joined(seats: list[ClassSeat], link: str, **options: object) -> ClassSeat:
    seat = ClassSeat(link, **options)  # type: ignore[arg-type]
    seats.append(seat)
    seat.join_button.click()
    return seat


def test_the_service_and_the_widget_agree_on_the_close_codes():
    assert (CLOSED, NO_TABLE) == (table_service.CLOSED, table_service.NO_TABLE)


def test_two_learners_play_a_deal_from_their_notebooks(service, seats, tmp_path):
    opened = teacher(service, "/api/tables", {"players": ["Ana", "Ben"], "timer": 60})
    code, tokens = opened["code"], opened["tokens"]
    ana, ben = (
        joined(seats, f"http://{service}/play/{code}#t={tokens[name]}") for name in ("Ana", "Ben")
    )
    for seat, name in ((ana, "Ana"), (ben, "Ben")):
        until(lambda seat=seat: seat.joined, f"{name} seated")
        assert f"{name}'s seat" in words(seat.rules.value)
        assert seat.in_button.disabled  # nothing dealt yet
        assert "waiting for the teacher to deal" in words(seat.status.value)

    teacher(service, f"/api/tables/{code}/deal", {})
    for seat in (ana, ben):
        until(lambda seat=seat: not seat.in_button.disabled, "In enabled after the deal")
    cards = {
        n: words(s.cards.value).removeprefix("Your cards: ")
        for n, s in (("Ana", ana), ("Ben", ben))
    }
    assert cards["Ana"] != cards["Ben"] and all(len(c.split()) == 2 for c in cards.values())
    assert cards["Ana"] not in everything(ben) and cards["Ben"] not in everything(ana)
    for label in re.findall(r'aria-label="([^"]+)"', ana.picture.value):  # the table drawn
        said = {part.split(",")[0].strip(): part for part in unescape(label).split(".")}
        assert "shows" in said["Ana"] and "shows" not in said["Ben"], label

    ana.in_button.click()
    until(lambda: "You declared in" in words(ana.declared.value), "Ana's declaration back")
    assert "sealed until everyone has declared" in words(ana.declared.value)
    until(lambda: "Declared: Ana." in words(ben.declared.value), "Ben hears that Ana declared")
    assert " in" not in words(ben.declared.value).split("Declared:")[1]  # never what
    assert ana.in_button.disabled and not ben.out_button.disabled

    ben.out_button.click()
    for seat in (ana, ben):
        until(lambda seat=seat: "Last showdown: deal 1" in words(seat.story.value), "the showdown")
    ledger = load(tmp_path / code / "table-ledger.json")
    session = replay(ledger)
    assert len(ledger.deals) == 1 and session.conservation_gap() == 0
    for seat in (ana, ben):
        told = words(seat.balances.value)
        for player, amount in session.balances.items():
            assert f"{player} {format_amount(amount)}" in told
        story = words(seat.story.value)
        assert "Ana" in story and cards["Ben"] not in story  # Ben was out: his hand stays hidden
    assert f"Your cards were {cards['Ana']}" in words(ana.cards.value)

    teacher(service, f"/api/tables/{code}/close", {})
    for seat in (ana, ben):
        until(lambda seat=seat: "closed by the teacher" in words(seat.error.value), "closed")
        assert "The standings shown are final" in words(seat.error.value)
        assert not seat.joined and seat.in_button.disabled


def test_a_wrong_code_a_wrong_token_and_a_seat_open_too_often_are_told_in_words(service, seats):
    opened = teacher(
        service, "/api/tables", {"players": ["Ana", "Ben"], "bots": {"Ben": "equilibrium"}}
    )
    code, token = opened["code"], opened["tokens"]["Ana"]
    other = "ZZZZ" if code != "ZZZZ" else "YYYY"
    wrong_code = joined(seats, f"http://{service}/play/{other}#t={token}")
    wrong_token = joined(seats, f"http://{service}/play/{code}#t=made-up")
    projector = joined(seats, f"http://{service}/projector/{code}")
    until(lambda: wrong_code.error.value, "the wrong code refused")
    assert words(wrong_code.error.value) == f"No table has the code {other}."
    until(lambda: wrong_token.error.value, "the wrong token refused")
    assert words(wrong_token.error.value) == (
        "The table did not seat you: that seat token is not one of this table's."
    )
    assert "projector's link, not a seat's" in words(projector.error.value)
    for seat in (wrong_code, wrong_token, projector):
        assert not seat.joined and "Traceback" not in everything(seat)

    tabs = []
    for _ in range(table_service.MAX_SEAT_TABS):
        tab = websocket.create_connection(f"ws://{service}/api/tables/{code}/play", timeout=10)
        tab.send(json.dumps({"token": token}))
        assert "view" in json.loads(tab.recv())
        tabs.append(tab)
    crowded = joined(seats, f"http://{service}/play/{code}#t={token}")
    until(lambda: crowded.error.value, "the fifth place refused")
    assert "this seat is open in 4 places already: close one" in words(crowded.error.value)
    for tab in tabs:
        tab.close()


def test_a_service_that_stops_or_never_ran_is_told_in_words(tmp_path, seats):
    nowhere = joined(seats, f"http://127.0.0.1:{free_port()}/play/ABCD#t=x")
    until(lambda: nowhere.error.value, "nothing answering told")
    assert "the table's service is not running there" in words(nowhere.error.value)

    with service_process(tmp_path, seed=2) as (address, password, process):
        opened = teacher(address, "/api/tables", {"players": ["Ana", "Ben"]}, password)
        link = f"http://{address}/play/{opened['code']}#t={opened['tokens']['Ana']}"
        seat = joined(seats, link, retries=1, retry_wait=0.2)
        until(lambda: seat.joined, "Ana seated")
        process.kill()
        until(lambda: seat.error.value, "the stopped service told", timeout=15)
    said = words(seat.error.value)
    assert f"The table's service at {address} has stopped answering" in said
    assert "Your seat and cards are kept" in said and not seat.joined


@pytest.fixture
def entrance(tmp_path: Path) -> Iterator[tuple[str, Tables]]:
    """The tables' real hub entrance on loopback, where the hub's check of a token is stood in
    for by a table of tokens (a real hub's is tested in tests/e2e/hub/)."""
    require(importlib.util.find_spec("jupyterhub") is not None, "jupyterhub is not installed")
    from guts_teach.class_table import hub_service

    hub_users = {"ana-server-token": {"name": "Ana"}, "cleo-server-token": {"name": "Cleo"}}

    class Signed(hub_service.Entrance):  # type: ignore[misc]
        def get_current_user(self) -> dict[str, str] | None:
            given = self.request.headers.get("Authorization", "").removeprefix("token ")
            return hub_users.get(given)

    tables = Tables(tmp_path, PASSWORD, seeded=3)
    base = "/services/tables/"
    ready = threading.Event()
    loop: dict[str, IOLoop] = {}
    port = free_port()

    def run() -> None:
        asyncio.set_event_loop(asyncio.new_event_loop())
        loop["io"] = IOLoop.current()
        given = {"tables": tables, "key": "k", "base": base}
        application = tornado.web.Application(
            [(rf"{base}?", Signed, given), *table_service.routes(tables, base)]
        )
        application.listen(port, "127.0.0.1")
        ready.set()
        loop["io"].start()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(10)
    yield f"http://127.0.0.1:{port}{base}", tables
    loop["io"].add_callback(loop["io"].stop)
    thread.join(10)


def test_in_a_classroom_join_my_seat_finds_the_learners_seat_by_their_hub_name(entrance, seats):
    """Join my seat asks the tables' entrance with the server's hub token: Ana lands on her
    seat, Cleo (seated nowhere) is told so in words; outside a classroom the button is hidden."""
    url, tables = entrance
    code, _ = tables.open({"players": ["Ana", "Ben"], "bots": {"Ben": "equilibrium"}})
    ana = ClassSeat(environ={TABLES_URL: url, "JUPYTERHUB_API_TOKEN": "ana-server-token"})
    seats.append(ana)
    assert ana.hub_button.layout.display is None  # shown only in such a classroom
    ana.hub_button.click()
    until(lambda: ana.joined, "Ana seated by the hub's word")
    assert "Ana's seat" in words(ana.rules.value)
    assert f"Joining table {code}" not in words(ana.status.value)  # past joining: seated
    assert ana.view is not None and ana.view["you"] == "Ana" and not ana.error.value

    cleo = ClassSeat(environ={TABLES_URL: url, "JUPYTERHUB_API_TOKEN": "cleo-server-token"})
    seats.append(cleo)
    cleo.hub_button.click()
    until(lambda: cleo.error.value, "Cleo told she has no seat")
    assert "No table has a seat for you yet" in words(cleo.error.value)
    assert not cleo.joined
    outside = ClassSeat(environ={})
    assert outside.hub_button.layout.display == "none"
