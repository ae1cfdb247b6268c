"""The gate in front of learners' servers, without a hub: a stand-in server behind the real
gate on loopback, and the passes and cookies signed as the hub signs them. (The gate on a real
hub, with a planted page opened in Chromium, is ``tests/e2e/hub/test_classroom_gate.py``.)"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
import requests
import tornado.web
import tornado.websocket
import websocket
from tornado.ioloop import IOLoop

from guts_teach.classroom.gate import (
    GATE_COOKIE,
    HUB_PAGE,
    PASS_PATH,
    SESSION_COOKIE,
    Gate,
    Keys,
    Route,
    gate_application,
)
from guts_teach.jupyter.ports import free_port

KERNELS = "v1.kernel.websocket.jupyter.org"


class Echo(tornado.web.RequestHandler):
    """The learner's server stood in for: tells what it was sent, in pieces."""

    def get(self) -> None:
        self.set_header("Set-Cookie", "one=1; Path=/user/ana/")
        self.add_header("Set-Cookie", "two=2; Path=/user/ana/")
        self.write(json.dumps({"cookie": self.request.headers.get("Cookie", "")}))
        self.flush()
        self.write("\n" + "x" * 100_000)

    def post(self) -> None:
        self.set_status(201)
        self.write(self.request.body[::-1])


class EchoSocket(tornado.websocket.WebSocketHandler):
    def select_subprotocol(self, subprotocols: list[str]) -> str | None:
        return KERNELS if KERNELS in subprotocols else None

    def on_message(self, message: str | bytes) -> None:
        self.write_message(message, binary=isinstance(message, bytes))


@pytest.fixture
def behind() -> Iterator[tuple[str, Gate]]:
    """ana's stand-in server behind a gate; the gate's address and the gate."""
    gate = Gate(Keys(b"k" * 32))
    ready = threading.Event()
    loop: dict[str, IOLoop] = {}
    server_port, gate_port = free_port(), free_port()

    def run() -> None:
        asyncio.set_event_loop(asyncio.new_event_loop())
        loop["io"] = IOLoop.current()
        tornado.web.Application(
            [(r"/user/ana/api/kernels/k/channels", EchoSocket), (r"/user/ana/.*", Echo)]
        ).listen(server_port, "127.0.0.1")
        gate_application(gate).listen(gate_port, "127.0.0.1")
        ready.set()
        loop["io"].start()

    gate.routes["/user/ana/"] = Route("ana", f"http://127.0.0.1:{server_port}")
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(10)
    yield f"http://127.0.0.1:{gate_port}", gate
    loop["io"].add_callback(loop["io"].stop)
    thread.join(10)


def signed_in(url: str, gate: Gate, *, session: str = "s-ana") -> requests.Session:
    """A browser signed in as ana (its hub session ``session``) that took a pass."""
    browser = requests.Session()
    browser.cookies.set(SESSION_COOKIE, session)
    made = gate.keys.sign("pass", "ana", session, lasts=60)
    taken = browser.get(
        f"{url}/user/ana/{PASS_PATH}",
        params={"pass": made, "next": "/user/ana/lab"},
        allow_redirects=False,
        timeout=10,
    )
    assert taken.status_code == 302 and taken.headers["Location"] == "/user/ana/lab"
    return browser


def test_without_the_cookie_a_page_goes_to_the_hub_and_anything_else_is_refused(behind):
    url, _ = behind
    page = requests.get(f"{url}/user/ana/lab?x=1", allow_redirects=False, timeout=10)
    assert page.status_code == 302
    assert page.headers["Location"] == f"/hub/{HUB_PAGE}?next=%2Fuser%2Fana%2Flab%3Fx%3D1"
    posted = requests.post(f"{url}/user/ana/api/contents", data=b"x", timeout=10)
    assert posted.status_code == 403 and "only ana reaches it" in posted.text
    with pytest.raises(websocket.WebSocketBadStatusException, match="403"):
        websocket.create_connection(f"{url.replace('http', 'ws')}/user/ana/api/kernels/k/channels")
    # An address under no learner's route goes to the hub, which says whose it is.
    stray = requests.get(f"{url}/user/ben/lab", allow_redirects=False, timeout=10)
    assert stray.headers["Location"] == "/hub/user/ben/lab"


def test_the_learner_gets_her_server_streamed_both_ways_without_the_gate_cookie(behind):
    url, gate = behind
    browser = signed_in(url, gate)
    cookie = browser.cookies.get(GATE_COOKIE, path="/user/ana/")
    assert cookie
    answer = browser.get(f"{url}/user/ana/lab", timeout=10)
    told, _, rest = answer.text.partition("\n")
    # The server never sees the gate's cookie; both of its cookies come back.
    assert GATE_COOKIE not in json.loads(told)["cookie"]
    assert SESSION_COOKIE in json.loads(told)["cookie"]
    assert rest == "x" * 100_000
    assert {"one", "two"} <= set(answer.cookies.keys())
    posted = browser.post(f"{url}/user/ana/api/x", data=b"abc", timeout=10)
    assert (posted.status_code, posted.text) == (201, "cba")
    jar = "; ".join(f"{c.name}={c.value}" for c in browser.cookies)
    channel = websocket.create_connection(
        f"{url.replace('http', 'ws')}/user/ana/api/kernels/k/channels",
        header=[f"Cookie: {jar}"],
        subprotocols=[KERNELS],
    )
    try:
        assert channel.subprotocol == KERNELS
        channel.send("hello")
        assert channel.recv() == "hello"
        channel.send_binary(b"\x00\x01")
        assert channel.recv() == b"\x00\x01"
    finally:
        channel.close()


def test_a_pass_opens_once_in_its_own_browser_and_a_cookie_is_no_pass(behind):
    url, gate = behind
    made = gate.keys.sign("pass", "ana", "s-ana", lasts=60)
    address = f"{url}/user/ana/{PASS_PATH}?pass={made}"

    def take(session: str) -> int:
        return requests.get(
            address, cookies={SESSION_COOKIE: session}, allow_redirects=False, timeout=10
        ).status_code

    assert take("s-ben") == 403  # handed to another browser
    assert take("s-ana") == 302
    assert take("s-ana") == 403  # once only
    cookie = gate.keys.sign("cookie", "ana", "s-ana", lasts=60)
    as_pass = requests.get(
        f"{url}/user/ana/{PASS_PATH}?pass={cookie}",
        cookies={SESSION_COOKIE: "s-ana"},
        allow_redirects=False,
        timeout=10,
    )
    assert as_pass.status_code == 403 and GATE_COOKIE not in as_pass.headers.get("Set-Cookie", "")


def test_a_cookie_opens_its_learners_server_in_its_browser_only(behind):
    url, gate = behind

    def gated(cookie: str, session: str, owner: str = "ana") -> bool:
        answer = requests.get(
            f"{url}/user/{owner}/lab",
            cookies={GATE_COOKIE: cookie, SESSION_COOKIE: session},
            allow_redirects=False,
            timeout=10,
        )
        return answer.status_code == 302 and HUB_PAGE in answer.headers["Location"]

    good = gate.keys.sign("cookie", "ana", "s-ana", lasts=60)
    assert not gated(good, "s-ana")
    assert gated(good, "s-ben")  # another browser's session
    assert gated(gate.keys.sign("pass", "ana", "s-ana", lasts=60), "s-ana")  # a pass
    assert gated(gate.keys.sign("cookie", "ben", "s-ana", lasts=60), "s-ana")  # ben's
    assert gated(gate.keys.sign("cookie", "ana", "s-ana", lasts=-1), "s-ana")  # run out
    assert gated(Keys(b"o" * 32).sign("cookie", "ana", "s-ana", lasts=60), "s-ana")  # forged
    assert gated(good[:-2] + "00", "s-ana")  # tampered
    assert gated("not a cookie", "s-ana")


def test_a_program_with_a_hub_token_goes_through_and_a_browser_password_does_not(behind):
    url, _ = behind
    tokened: Any = requests.get(
        f"{url}/user/ana/lab", headers={"Authorization": "token abc"}, timeout=10
    )
    assert tokened.status_code == 200 and tokened.text.startswith("{")
    basic = requests.get(
        f"{url}/user/ana/lab", auth=("ana", "pw"), allow_redirects=False, timeout=10
    )
    assert basic.status_code == 302  # a browser can send this one when it opens a page


def test_routes_match_whole_names():
    gate = Gate(Keys(b"k" * 32))
    gate.routes["/user/ana/"] = Route("ana", "http://127.0.0.1:1")
    gate.routes["/user/anabel/"] = Route("anabel", "http://127.0.0.1:2")
    assert gate.route("/user/anabel/lab") == ("/user/anabel/", gate.routes["/user/anabel/"])
    assert gate.route("/user/ana")[1].user == "ana"
    assert gate.route("/user/an/lab") is None


def test_a_server_that_stopped_answering_is_said_so_in_words(behind):
    url, gate = behind
    browser = signed_in(url, gate)
    gate.routes["/user/ana/"] = Route("ana", f"http://127.0.0.1:{free_port()}")  # nothing there
    answer = browser.get(f"{url}/user/ana/lab", timeout=30)
    assert answer.status_code == 502
    assert "ana's server is not answering just now" in answer.text
    assert "Traceback" not in answer.text
