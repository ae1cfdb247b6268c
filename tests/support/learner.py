"""A learner driving a classroom hub as JupyterLab would: sign in, start the server, open the
lesson, and run every code cell over the REST and WebSocket API (helpers for the classroom
tests; traffic goes only to 127.0.0.1)."""

from __future__ import annotations

import contextlib
import json
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import requests
import websocket
from requests.adapters import HTTPAdapter
from urllib3.exceptions import MaxRetryError, ProtocolError, ReadTimeoutError
from urllib3.util.retry import Retry

WIDGET = "application/vnd.jupyter.widget-view+json"
DROPPED = (ConnectionError, websocket.WebSocketConnectionClosedException)
"""A kernel connection that dropped, on sending or receiving (not a timeout)."""


@dataclass
class Outcome:
    """What one learner saw: timings from the start of signing in, and any failure."""

    name: str
    signed_in: float = 0.0
    server_ready: float = 0.0
    first_widget: float | None = None
    done: float = 0.0
    cells: int = 0
    widgets: int = 0
    reconnects: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


class AsABrowserDoes(Retry):  # type: ignore[misc]
    """Sends a request again when its connection closed before any answer came, as Chromium
    does (``ShouldResendRequest``), whatever the method: a kept-alive connection the proxy
    closes (after 5 idle seconds) just as the next request leaves on it is answered with
    nothing, and a browser's learner never sees that. Every resend is written down in
    ``sent_again``; a timeout, a refused connection or an error page is not sent again."""

    RESENDS = 2

    def __init__(self, *args: Any, sent_again: list[str] | None = None, **kwargs: Any) -> None:
        # Of the errors only a connection closed unanswered reaches Retry's own counting
        # (increment raises any other at once), so its total bounds the resends; an answer,
        # a 429 or 503 with Retry-After among them, is never asked for again.
        kwargs.setdefault("total", self.RESENDS)
        kwargs.setdefault("status", 0)
        kwargs.setdefault("raise_on_status", False)
        kwargs.setdefault("allowed_methods", None)  # every method, as Chromium
        super().__init__(*args, **kwargs)
        self.sent_again = [] if sent_again is None else sent_again

    def new(self, **kwargs: Any) -> AsABrowserDoes:
        made: AsABrowserDoes = super().new(**kwargs)
        made.sent_again = self.sent_again
        return made

    def increment(
        self, method: str | None = None, url: str | None = None, *args: Any, **kwargs: Any
    ) -> Retry:
        error = kwargs.get("error")
        if isinstance(error, ReadTimeoutError):
            raise error  # requests says ReadTimeout, as without resends
        if error is not None and not isinstance(error, ProtocolError):
            # a refusal: requests says ConnectionError, as without resends
            raise MaxRetryError(kwargs.get("_pool"), url or "", error)
        again: Retry = super().increment(method, url, *args, **kwargs)
        if error is not None:
            self.sent_again.append(f"{method} {url}: {error}")
        return again


class Learner:
    """One learner's browser-like session with the hub and their own server."""

    def __init__(self, hub: str, name: str, password: str) -> None:
        self.hub = hub.rstrip("/")
        self.name = name
        self.password = password
        self.sent_again: list[str] = []
        self.http = requests.Session()
        adapter = HTTPAdapter(max_retries=AsABrowserDoes(sent_again=self.sent_again))
        self.http.mount("http://", adapter)
        self.http.mount("https://", adapter)
        self.started = time.monotonic()

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def sign_in(self) -> None:
        """The login form, as a browser posts it (with the hub's XSRF cookie)."""
        self.http.get(f"{self.hub}/hub/login", timeout=60).raise_for_status()
        reply = self.http.post(
            f"{self.hub}/hub/login",
            data={
                "username": self.name,
                "password": self.password,
                "_xsrf": self.http.cookies.get("_xsrf", path="/hub/") or "",
            },
            allow_redirects=False,
            timeout=120,
        )
        if reply.status_code != 302:
            raise RuntimeError(f"{self.name}: sign-in answered {reply.status_code}")

    def start_server(self, timeout: float = 300) -> None:
        """Ask for the server (as /hub/spawn does) and wait until the lesson page answers."""
        self.http.get(f"{self.hub}/hub/spawn", timeout=120)
        deadline = time.monotonic() + timeout
        while True:
            # A page (not the API) goes through the hub's OAuth, which sets the server's cookie;
            # until the server is up it lands on the hub's spawn-pending page instead.
            reply = self.http.get(f"{self.user_url}/lab", timeout=60)
            if reply.status_code == 200 and reply.url.startswith(self.user_url):
                break
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: server not ready after {timeout} s")
            time.sleep(1)

    @property
    def user_url(self) -> str:
        return f"{self.hub}/user/{self.name}"

    def open_lesson(self, path: str) -> dict[str, Any]:
        """Load the lesson's page (which sets the server's XSRF cookie) and its notebook."""
        self.http.get(f"{self.user_url}/lab/tree/{path}", timeout=120).raise_for_status()
        reply = self.http.get(f"{self.user_url}/api/contents/{path}", timeout=120)
        reply.raise_for_status()
        content: dict[str, Any] = reply.json()["content"]
        return content

    @property
    def xsrf(self) -> str:
        return self.http.cookies.get("_xsrf", path=f"/user/{self.name}/") or ""

    def api(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        headers = {"X-XSRFToken": self.xsrf}
        reply = self.http.request(
            method, f"{self.user_url}/api/{path}", headers=headers, timeout=120, **kwargs
        )
        reply.raise_for_status()
        return reply

    def start_kernel(self, path: str) -> str:
        """A kernel session on ``path``, as opening the notebook starts one; its kernel's id."""
        session = self.api(
            "POST",
            "sessions",
            json={"path": path, "name": path, "type": "notebook", "kernel": {"name": "python3"}},
        ).json()
        return str(session["kernel"]["id"])

    def run_notebook(self, path: str, outcome: Outcome, timeout: float = 300) -> None:
        """Start a kernel session on ``path`` and execute every code cell in order (the
        kernel is left running, as an open notebook's is)."""
        notebook = self.open_lesson(path)
        channel = Channel(self, self.start_kernel(path), timeout)
        try:  # the kernel stays up, as it does while a learner has the lesson open
            for cell in notebook["cells"]:
                if cell["cell_type"] == "code":
                    self.execute(channel, "".join(cell["source"]), outcome)
        finally:
            channel.close()

    def execute(self, channel: Channel, code: str, outcome: Outcome) -> None:
        """One execute_request; waits for its reply and for the kernel to go idle."""
        msg_id = uuid.uuid4().hex
        channel.send(
            outcome,
            json.dumps(
                {
                    "header": {
                        "msg_id": msg_id,
                        "username": self.name,
                        "session": uuid.uuid4().hex,
                        "msg_type": "execute_request",
                        "version": "5.3",
                    },
                    "parent_header": {},
                    "metadata": {},
                    "content": {
                        "code": code,
                        "silent": False,
                        "store_history": True,
                        "user_expressions": {},
                        "allow_stdin": False,
                        "stop_on_error": True,
                    },
                    "channel": "shell",
                    "buffers": [],
                }
            ),
        )
        replied = idle = False
        while not (replied and idle):
            message = json.loads(channel.recv(outcome))
            if message.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = message["header"]["msg_type"]
            content = message["content"]
            if kind == "execute_reply":
                replied = True
                if content["status"] != "ok":
                    outcome.errors.append(
                        f"{self.name}: {content.get('ename')}: {content.get('evalue')}"
                    )
            elif kind == "status" and content["execution_state"] == "idle":
                idle = True
            elif kind == "error":
                outcome.errors.append(f"{self.name}: {content['ename']}: {content['evalue']}")
            elif kind in ("display_data", "execute_result") and WIDGET in content.get("data", {}):
                outcome.widgets += 1
                if outcome.first_widget is None:
                    outcome.first_widget = self.elapsed()
        outcome.cells += 1


class Channel:
    """A kernel's WebSocket as JupyterLab keeps it: when the connection drops, it connects
    again with the same session id, and the server replays what the kernel sent meanwhile
    (jupyter_server buffers a session's messages while it has no connection). Each drop is
    recorded in ``Outcome.reconnects``; a drop that stays dropped after ``ATTEMPTS`` tries
    is raised."""

    ATTEMPTS = 5

    def __init__(self, learner: Learner, kernel: str, timeout: float) -> None:
        self.learner = learner
        self.url = (
            f"{learner.user_url.replace('http://', 'ws://')}/api/kernels/{kernel}/channels"
            f"?session_id={uuid.uuid4().hex}"
        )
        self.timeout = timeout
        self.socket = self.connect()

    def connect(self) -> websocket.WebSocket:
        http = self.learner.http
        cookies = "; ".join(f"{c.name}={c.value}" for c in http.cookies)
        return websocket.create_connection(
            self.url,
            header=[f"Cookie: {cookies}", f"X-XSRFToken: {self.learner.xsrf}"],
            timeout=self.timeout,
        )

    def again(self, outcome: Outcome, error: Exception) -> None:
        """Connect again after ``error``, waiting 1, 2, 4 ... seconds between tries."""
        outcome.reconnects.append(f"{self.learner.name} at {self.learner.elapsed():.1f} s: {error}")
        with contextlib.suppress(Exception):
            self.socket.close()
        for attempt in range(self.ATTEMPTS):
            time.sleep(2**attempt)
            try:
                self.socket = self.connect()
                return
            except (OSError, websocket.WebSocketException) as failed:
                error = failed
        raise ConnectionError(
            f"connection lost and not restored after {self.ATTEMPTS} tries: {error}"
        )

    def send(self, outcome: Outcome, text: str) -> None:
        try:
            self.socket.send(text)
        except DROPPED as error:
            self.again(outcome, error)
            self.socket.send(text)  # not delivered: the request goes again

    def recv(self, outcome: Outcome) -> str:
        while True:
            try:
                return str(self.socket.recv())
            except DROPPED as error:
                self.again(outcome, error)

    def close(self) -> None:
        self.socket.close()


def learner_session(hub: str, name: str, password: str, path: str) -> Outcome:
    """A whole learner: sign in, server, lesson, every cell; failures recorded, not raised."""
    learner = Learner(hub, name, password)
    outcome = Outcome(name)
    try:
        learner.sign_in()
        outcome.signed_in = learner.elapsed()
        learner.start_server()
        outcome.server_ready = learner.elapsed()
        learner.run_notebook(path, outcome)
    except Exception as error:  # a failure to count, whatever it was
        request = getattr(error, "request", None)
        asked = f" ({request.method} {request.url})" if request is not None else ""
        outcome.errors.append(f"{name}: {type(error).__name__}{asked}: {error}")
    outcome.reconnects += [f"{name} sent again {what}" for what in learner.sent_again]
    outcome.done = learner.elapsed()
    return outcome
