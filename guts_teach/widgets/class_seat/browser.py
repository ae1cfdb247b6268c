"""A seat's WebSocket in the lessons in the browser (Pyodide, where ``sys.platform`` is
``"emscripten"``): Python there has no threads and no sockets, so the seat uses the browser's
own WebSocket (``js.WebSocket``, through Pyodide's FFI), whose events call back where the
thread of :class:`.connection.SeatConnection` would have awaited. It has the same methods,
sends and reads the same messages (:mod:`guts_teach.class_table.protocol`) and says the same
words when something goes wrong (:func:`.connection.why_closed`, :func:`.connection.unreachable`,
:func:`.connection.not_seated`). A browser tells a page nothing of a refused handshake (a
wrong address and a service without that route both end with 1006), so both are told as
nothing answering at the link's address.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any

from ...class_table.protocol import join
from .connection import Connection, not_seated, unreachable, why_closed
from .link import CONNECT_WAIT, SeatLink

OPEN = 1
"""``WebSocket.readyState`` of an open connection."""
EVENTS = ("open", "message", "close")


class BrowserConnection(Connection):
    """The seat's WebSocket in the browser (:class:`.connection.Connection`'s calls are made
    from the browser's event loop)."""

    def __init__(self, seat: SeatLink, **calls: Any) -> None:
        super().__init__(seat, **calls)
        self.js: Any = importlib.import_module("js")
        self.ffi: Any = importlib.import_module("pyodide.ffi")
        self.listeners: list[tuple[str, Any]] = []
        self.ticking: tuple[Any, Any] | None = None
        self.joined = False
        """Whether the table has seated this seat once (a lost connection is then retried)."""
        self.failed = 0
        self.opened = self.seated = False

    def start(self) -> None:
        ticker = self.ffi.create_proxy(lambda: self.tick())
        self.ticking = (self.js.setInterval(ticker, 1000), ticker)
        self._open()

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` if the connection is open (its reason comes with its close)."""
        if self.socket is not None and self.socket.readyState == OPEN:
            self.socket.send(json.dumps(message))

    def stop(self) -> None:
        """Leave the table: close the connection and stop ticking."""
        self.stopping = True
        if self.ticking is not None:
            interval, ticker = self.ticking
            self.js.clearInterval(interval)
            ticker.destroy()
            self.ticking = None
        socket = self.socket
        self._forget()
        if socket is not None:
            socket.close()

    # ------------------------------------------------------------------ the connection's life

    def _open(self) -> None:
        if self.stopping:
            return
        self.opened = self.seated = False
        try:
            socket = self.js.WebSocket.new(self.seat.socket_url)
        except Exception:  # a link the browser refuses outright: told as nothing answering
            self._never_opened(timed_out=False)
            return
        self.socket = socket
        handlers = {"open": self._on_open, "message": self._on_message, "close": self._on_close}
        for event in EVENTS:
            proxy = self.ffi.create_proxy(handlers[event])
            socket.addEventListener(event, proxy)
            self.listeners.append((event, proxy))
        self.js.setTimeout(self.ffi.create_once_callable(self._too_slow), CONNECT_WAIT * 1000)

    def _too_slow(self) -> None:
        if self.socket is not None and not self.opened and not self.stopping:
            socket = self.socket
            self._forget()
            socket.close()
            self._never_opened(timed_out=True)

    def _on_open(self, event: Any) -> None:
        self.opened = True
        self.send(join(self.seat.token))

    def _on_message(self, event: Any) -> None:
        try:
            data = json.loads(str(event.data))
        except ValueError:
            return
        if not isinstance(data, dict) or self.stopping:
            return
        if "error" in data and not self.seated:  # the token refused: nothing to rejoin
            self.stop()
            self.ended(not_seated(data["error"]))
            return
        self.seated = self.seated or "view" in data
        self.told(data)

    def _on_close(self, event: Any) -> None:
        if self.stopping:
            return
        self._forget()
        if not self.opened:
            self._never_opened(timed_out=False)
            return
        self.joined = self.joined or self.seated
        self.failed = 0 if self.seated else self.failed
        why = why_closed(
            self.seat, int(event.code), str(event.reason), seated=self.seated, joined=self.joined
        )
        if why is not None:
            self.stop()
            self.ended(why)
            return
        self.lost()
        self._later(self._open)

    def _never_opened(self, *, timed_out: bool) -> None:
        """No connection: a seat that was playing tries again; otherwise it is said why."""
        if self.joined and self.failed < self.retries:
            self.failed += 1
            self._later(self._open)
            return
        self.stop()
        self.ended(unreachable(self.seat, joined=self.joined, timed_out=timed_out))

    def _later(self, call: Callable[[], None]) -> None:
        self.js.setTimeout(self.ffi.create_once_callable(call), self.retry_wait * 1000)

    def _forget(self) -> None:
        """Let go of the socket: its listeners removed at once (a late event calls nothing),
        their proxies destroyed once the event being handled, maybe theirs, is over."""
        listeners, self.listeners = self.listeners, []
        if self.socket is not None:
            for event, proxy in listeners:
                self.socket.removeEventListener(event, proxy)
        self.socket = None

        def destroy() -> None:
            for _, proxy in listeners:
                proxy.destroy()

        if listeners:
            self.js.setTimeout(self.ffi.create_once_callable(destroy), 0)
