"""The class seat as it plays in the lessons in the browser (Pyodide), where the browser's own
WebSocket carries the messages, driven here by a stand-in for the browser (``js`` and
``pyodide.ffi``) whose sockets and timers the test works by hand: the seat picks it on
``sys.platform == "emscripten"``, sends its token first, shows the views, and says in the same
words as the seat's thread why a connection ended or could not be opened; a lost connection
is tried again. ``tests/e2e/test_lessons_beside_the_tables.py`` plays a deal in Chromium."""

from __future__ import annotations

import json
import random
import re
import sys
import types
from collections.abc import Callable
from html import unescape
from typing import Any

import pytest

from guts_teach.class_table.protocol import CLOSED, NO_TABLE, REFUSED
from guts_teach.class_table.table import ClassTable
from guts_teach.widgets.class_seat import ClassSeat

LINK = "http://10.0.0.5:8765/play/ABCD#t=s3cret"


def table_view() -> dict[str, Any]:
    """What the service sends Ana before the first deal (a real table's view of her seat)."""
    table = ClassTable(["Ana", "Ben"], rng=random.Random(1))
    return table.view(table.tokens["Ana"])


VIEW = table_view()


class Socket:
    """A browser's WebSocket as the seat sees it: listeners, ``send``, ``close``."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.readyState = 0
        self.listeners: dict[str, Callable[[Any], None]] = {}
        self.sent: list[dict[str, Any]] = []
        self.closed = False

    def addEventListener(self, event: str, call: Callable[[Any], None]) -> None:
        self.listeners[event] = call

    def removeEventListener(self, event: str, call: Callable[[Any], None]) -> None:
        self.listeners.pop(event, None)

    def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def close(self) -> None:
        self.closed = True

    def fire(self, event: str, **fields: object) -> None:
        if event == "open":
            self.readyState = 1
        if event in self.listeners:
            self.listeners[event](types.SimpleNamespace(**fields))


class Browser:
    """``js`` and ``pyodide.ffi`` enough for the seat: sockets made, timers kept until run."""

    def __init__(self) -> None:
        self.sockets: list[Socket] = []
        self.timers: list[tuple[float, Callable[[], None]]] = []
        self.WebSocket = types.SimpleNamespace(new=self._socket)

    def _socket(self, url: str) -> Socket:
        self.sockets.append(Socket(url))
        return self.sockets[-1]

    def setTimeout(self, call: Callable[[], None], ms: float) -> None:
        self.timers.append((ms, call))

    def setInterval(self, call: Callable[[], None], ms: float) -> int:
        return 7

    def clearInterval(self, interval: int) -> None:
        pass

    def run_timers(self, longest: float) -> None:
        """Run the timers due within ``longest`` ms (each once), as the browser would."""
        due = [t for t in self.timers if t[0] <= longest]
        self.timers = [t for t in self.timers if t[0] > longest]
        for _, call in due:
            call()


class Proxy:
    """A Python function as JavaScript holds it (``create_proxy``, ``create_once_callable``)."""

    def __init__(self, call: Callable[..., None]) -> None:
        self.call = call

    def __call__(self, *args: object) -> None:
        self.call(*args)

    def destroy(self) -> None:
        pass


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Browser:
    made = Browser()
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = Proxy  # type: ignore[attr-defined]
    ffi.create_once_callable = Proxy  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", made)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.setattr(sys, "platform", "emscripten")
    return made


def words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_in_the_browser_the_seat_sends_its_token_and_shows_the_views(browser):
    seat = ClassSeat(LINK)
    seat.join()
    socket = browser.sockets[-1]
    assert socket.url == "ws://10.0.0.5:8765/api/tables/ABCD/play"
    socket.fire("open")
    assert socket.sent == [{"token": "s3cret"}]
    socket.fire("message", data=json.dumps({"view": VIEW}))
    assert seat.joined and "Ana's seat" in words(seat.rules.value)
    seat.leave()
    assert socket.closed and socket.listeners == {}


@pytest.mark.parametrize(
    ("code", "reason", "said"),
    [
        (NO_TABLE, "no table has the code ABCD", "No table has the code ABCD."),
        (
            CLOSED,
            "table ABCD was closed by the teacher",
            "Table ABCD was closed by the teacher. The standings shown are final.",
        ),
        (REFUSED, "no token sent", "The table ended this connection: no token sent."),
    ],
)
def test_in_the_browser_a_closed_connection_is_told_in_the_threads_words(
    browser, code, reason, said
):
    seat = ClassSeat(LINK)
    seat.join()
    socket = browser.sockets[-1]
    socket.fire("open")
    socket.fire("close", code=code, reason=reason)
    assert words(seat.error.value) == said and not seat.joined


def test_in_the_browser_a_refused_token_and_nothing_answering_are_told_in_words(browser):
    seat = ClassSeat(LINK)
    seat.join()
    refused = browser.sockets[-1]
    refused.fire("open")
    refused.fire(
        "message", data=json.dumps({"error": "that seat token is not one of this table's"})
    )
    assert words(seat.error.value) == (
        "The table did not seat you: that seat token is not one of this table's."
    )
    assert refused.closed
    seat.join()
    browser.sockets[-1].fire("close", code=1006, reason="")  # the handshake failed
    assert "10.0.0.5:8765: the table's service is not running there" in words(seat.error.value)
    seat.join()
    browser.run_timers(10_000)  # nothing answered within the connection's wait
    assert words(seat.error.value) == "Nothing answered at 10.0.0.5:8765 within 10 s."


def test_in_the_browser_a_lost_connection_is_tried_again_then_said_gone(browser):
    seat = ClassSeat(LINK, retries=2, retry_wait=1.0)
    seat.join()
    first = browser.sockets[-1]
    first.fire("open")
    first.fire("message", data=json.dumps({"view": VIEW}))
    first.fire("close", code=1006, reason="")
    assert "The connection was lost: joining again" in words(seat.status.value)
    browser.run_timers(1000)  # the retry: a new socket, which sends the token again
    second = browser.sockets[-1]
    second.fire("open")
    assert second is not first and second.sent == [{"token": "s3cret"}]
    second.fire("message", data=json.dumps({"view": VIEW}))
    second.fire("close", code=1006, reason="")
    for _ in range(3):  # the service is gone: every try fails
        browser.run_timers(1000)
        browser.sockets[-1].fire("close", code=1006, reason="")
    said = words(seat.error.value)
    assert "The table's service at 10.0.0.5:8765 has stopped answering" in said
    assert len(browser.sockets) == 5 and not seat.joined
