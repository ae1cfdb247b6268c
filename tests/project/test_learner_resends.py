"""The load tests' learner (tests/support/learner.py) sends a request again when its connection
closed before any answer, as Chromium does, and writes each resend down; a timeout is not sent
again. Checked against a server on 127.0.0.1 that closes chosen connections unanswered."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator

import pytest
import requests
from support.learner import Learner

from guts_teach.jupyter.ports import free_port

ANSWER = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Type: text/plain\r\n\r\nok"


@contextlib.contextmanager
def server(unanswered: int, silent: bool = False) -> Iterator[tuple[str, list[bytes]]]:
    """A server whose first ``unanswered`` connections are read and closed with no answer
    (``silent``: kept open, never answered); the rest get 200 "ok". Yields its address and
    the request lines it read."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(10)
    seen: list[bytes] = []
    held: list[socket.socket] = []

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                connection, _ = listener.accept()
                request = connection.recv(65536)
                seen.append(request.split(b"\r\n", 1)[0])
                if len(seen) <= unanswered:
                    if silent:
                        held.append(connection)
                        continue
                    connection.close()
                    continue
                connection.sendall(ANSWER)
                connection.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}", seen
    finally:
        listener.close()
        for connection in held:
            connection.close()


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_a_request_closed_unanswered_goes_again_and_is_written_down(method):
    with server(unanswered=1) as (address, seen):
        learner = Learner(address, "learner01", "secret")
        reply = learner.http.request(method, f"{address}/hub/login", timeout=10)
    assert reply.text == "ok"
    assert seen == [f"{method} /hub/login HTTP/1.1".encode()] * 2
    assert len(learner.sent_again) == 1
    assert learner.sent_again[0].startswith(f"{method} /hub/login: ")
    assert "Connection aborted" in learner.sent_again[0]


def test_a_server_that_never_answers_fails_after_two_resends():
    with server(unanswered=10) as (address, seen):
        learner = Learner(address, "learner01", "secret")
        with pytest.raises(requests.ConnectionError):
            learner.http.get(f"{address}/user/learner01/lab", timeout=10)
    assert len(seen) == 3
    assert len(learner.sent_again) == 2


def test_a_timeout_is_not_sent_again():
    with server(unanswered=1, silent=True) as (address, seen):
        learner = Learner(address, "learner01", "secret")
        with pytest.raises(requests.Timeout):
            learner.http.get(f"{address}/hub/spawn", timeout=0.5)
    assert len(seen) == 1
    assert learner.sent_again == []


def test_a_refused_connection_is_not_sent_again_and_says_so_as_requests_does():
    address = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    learner = Learner(address, "learner01", "secret")
    with pytest.raises(requests.ConnectionError):
        learner.http.get(f"{address}/hub/login", timeout=5)
    assert learner.sent_again == []
