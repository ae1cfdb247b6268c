"""A seat's WebSocket to its table, in a thread of its own with its own event loop, so that it
works the same in a Jupyter kernel (whose loop runs the notebook's messages) and in a plain
Python process; it speaks :mod:`guts_teach.class_table.protocol` and says in words why a
connection ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Callable
from typing import Any

from ...class_table.protocol import BUSY, CLOSED, NO_TABLE, REFUSED, join
from .link import CONNECT_WAIT, SeatLink


class Connection:
    """What a seat's connection is told to call: ``told(message)`` with each message from the
    service, ``ended(words)`` with why the connection ended for good, ``lost()`` when it was
    lost and is tried again (``retries`` times, ``retry_wait`` seconds apart, once the seat has
    been seated), ``tick()`` every second. A connection has ``start()``, ``send(message)`` and
    ``stop()``."""

    def __init__(
        self,
        seat: SeatLink,
        *,
        told: Callable[[dict[str, Any]], None],
        ended: Callable[[str], None],
        lost: Callable[[], None],
        tick: Callable[[], None],
        retries: int,
        retry_wait: float,
    ) -> None:
        self.seat = seat
        self.told, self.ended, self.lost, self.tick = told, ended, lost, tick
        self.retries, self.retry_wait = retries, retry_wait
        self.socket: Any = None
        self.stopping = False

    def start(self) -> None:
        raise NotImplementedError

    def send(self, message: dict[str, Any]) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError


class SeatConnection(Connection):
    """The seat's WebSocket, in a thread with its own event loop (:class:`Connection`'s calls
    are made from this thread)."""

    def __init__(self, seat: SeatLink, **calls: Any) -> None:
        super().__init__(seat, **calls)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="guts-class-seat", daemon=True)

    def start(self) -> None:
        self.thread.start()
        self.ready.wait(5)

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` from any thread (the notebook's button presses)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._write, json.dumps(message))

    def stop(self) -> None:
        """Leave the table: close the connection and end the thread."""
        self.stopping = True
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._close)

    def _write(self, text: str) -> None:
        from tornado.websocket import WebSocketClosedError

        if self.socket is not None:
            with contextlib.suppress(WebSocketClosedError):  # its reason comes with the close
                self.socket.write_message(text)

    def _close(self) -> None:
        if self.socket is not None:
            self.socket.close()

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self.loop = loop
        self.ready.set()
        try:
            loop.run_until_complete(self._play())
        finally:
            loop.close()

    async def _ticking(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            self.tick()

    async def _play(self) -> None:
        ticking = asyncio.ensure_future(self._ticking())
        try:
            await self._connections()
        finally:
            ticking.cancel()

    async def _connections(self) -> None:
        """Join, play, and join again after a lost connection until told to stop."""
        failed, joined = 0, False
        while not self.stopping:
            socket = await self._open(joined=joined, failed=failed)
            if socket is None:
                if joined and failed < self.retries:
                    failed += 1
                    await asyncio.sleep(self.retry_wait)
                    continue
                return
            seated = await self._listen(socket)
            joined = joined or seated
            failed = 0 if seated else failed
            if self.stopping:
                return
            why = self._why_closed(socket, seated=seated, joined=joined)
            if why is not None:
                self.ended(why)
                return
            self.lost()
            await asyncio.sleep(self.retry_wait)

    async def _open(self, *, joined: bool, failed: int) -> Any:
        """The table's WebSocket, its token sent; or ``None``, said why once nothing is left to
        try (a seat that was playing tries :attr:`retries` times)."""
        from tornado.httpclient import HTTPClientError
        from tornado.websocket import websocket_connect

        seat = self.seat
        try:
            self.socket = await asyncio.wait_for(websocket_connect(seat.socket_url), CONNECT_WAIT)
        except HTTPClientError as error:
            self.stopping = True
            self.ended(
                f"{seat.address} answers, but has no class table at that link "
                f"({error.code}): check the link with your teacher"
            )
            return None
        except (TimeoutError, OSError) as error:
            if joined and failed < self.retries:
                return None
            self.ended(unreachable(seat, joined=joined, timed_out=isinstance(error, TimeoutError)))
            self.stopping = True
            return None
        self._write(json.dumps(join(seat.token)))
        return self.socket

    async def _listen(self, socket: Any) -> bool:
        """Pass the service's messages on until the connection ends; whether it seated us."""
        seated = False
        while True:
            message = await socket.read_message()
            if message is None:
                return seated
            try:
                data = json.loads(message)
            except ValueError:
                continue
            if not isinstance(data, dict):
                continue
            if "error" in data and not seated:  # the token refused: nothing to rejoin
                self.stopping = True
                socket.close()
                self.ended(not_seated(data["error"]))
                return False
            seated = seated or "view" in data
            self.told(data)

    def _why_closed(self, socket: Any, *, seated: bool, joined: bool) -> str | None:
        return why_closed(
            self.seat, socket.close_code, socket.close_reason, seated=seated, joined=joined
        )


def not_seated(error: object) -> str:
    """Why a seat's first message was refused (nothing to rejoin: the token is wrong)."""
    return f"the table did not seat you: {error}"


def unreachable(seat: SeatLink, *, joined: bool, timed_out: bool) -> str:
    """Why no connection could be opened to ``seat``'s service, in words: a seat that was
    playing is told its seat and cards are kept.

    >>> seat = SeatLink("http://10.0.0.5:8765/", "ABCD", "x")
    >>> unreachable(seat, joined=False, timed_out=True)
    'nothing answered at 10.0.0.5:8765 within 10 s'
    """
    if joined:
        return (
            f"the table's service at {seat.address} has stopped answering. Your seat "
            "and cards are kept: press Join when your teacher says it is back"
        )
    if timed_out:
        return f"nothing answered at {seat.address} within {CONNECT_WAIT:g} s"
    return (
        f"nothing answers at {seat.address}: the table's service is not running "
        "there, or the link's address is wrong. Check it with your teacher"
    )


def why_closed(
    seat: SeatLink, code: int | None, reason: str | None, *, seated: bool, joined: bool
) -> str | None:
    """Why the service ended a connection with ``code`` and ``reason``, in words; ``None``
    when it was lost and joining again may find the seat.

    >>> seat = SeatLink("http://10.0.0.5:8765/", "ABCD", "x")
    >>> why_closed(seat, NO_TABLE, "", seated=False, joined=False)
    'no table has the code ABCD'
    >>> why_closed(seat, 1006, "", seated=True, joined=True) is None
    True
    """
    reason = reason or ""
    if code == CLOSED:
        return f"{reason}. The standings shown are final"
    if code == NO_TABLE:
        return reason or f"no table has the code {seat.code}"
    if code in (REFUSED, BUSY):  # refused: a new link for this seat, too many tabs
        return f"the table ended this connection: {reason}"
    if not seated and not joined:
        return (
            f"the service at {seat.address} did not seat you: check the link (the "
            "code is the four letters after /play/)"
        )
    return None
