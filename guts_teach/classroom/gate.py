"""The gate in front of every learner's server: only that server's own learner gets through.

A learner's kernel runs as the learner, so whatever their server sends is theirs to write (a
``jupyter_server_config.py`` in their folder, or any program on their server's port). In the
default classroom the hub, the learners' servers and the classroom's services share one
address, and the browser keeps pages apart only by address: a page from ana's server, opened
by the teacher, would run as if it came from the hub and could use everything the teacher's
browser holds there (the hub's API with the teacher's sign-in, the class's progress, the
tables' key). The gate makes sure that never happens without any change to DNS: nobody but
ana ever receives an answer from ana's server, so what she makes it send runs in her browser
only, where it can do nothing she could not do herself.

How, step by step (everything here runs inside the hub's own process):

- :class:`GatedProxy` is JupyterHub's ConfigurableHTTPProxy, but every learner's route points
  at the gate (:class:`Gate`, on loopback) instead of the learner's server; the gate keeps the
  real address, and the routes the hub reads back name the real address again, so the hub's
  own check of its routes agrees with what it started.
- A request for ``/user/ana/...`` passes when it carries the gate's cookie for ana, signed by
  the gate and bound to the browser's hub session (``jupyterhub-session-id``), or a hub token
  in its ``Authorization`` header (a program, such as ``--warm``'s service: a browser never
  puts a header there when it opens a page, and ana's server checks the token as before).
- Without either, a page request is sent to the hub's ``/hub/guts-gate`` (:class:`PassHandler`,
  behind the hub's own sign-in). Only if the person signed in is ana does it hand back a pass:
  signed, single-use, valid for a minute, for ana's server and this browser's session only.
  The gate turns it into its cookie (HttpOnly, for ``/user/ana/`` only) and sends the
  browser on. Anyone else, the teacher included, gets a page in words saying whose server this
  is and where the teacher sees the learners' work instead. Any other request gets 403.

A pass is not a cookie and a cookie is not a pass (each names its purpose in what is signed);
neither opens another learner's server (each names its learner) nor works in another browser
(each names the session's hash), and the gate's key is made anew, in memory, at every start of
the hub. With ``--subdomain-host`` every server has an origin of its own already, and the
proxy is JupyterHub's own.

>>> keys = Keys(b"k" * 32)
>>> cookie = keys.sign("cookie", "ana", "session-1", lasts=60, now=1000.0)
>>> keys.check(cookie, "cookie", "ana", "session-1", now=1010.0)
True
>>> keys.check(cookie, "cookie", "ben", "session-1", now=1010.0)  # ana's, not ben's
False
>>> keys.check(cookie, "pass", "ana", "session-1", now=1010.0)  # a cookie is not a pass
False
>>> keys.check(cookie, "cookie", "ana", "session-2", now=1010.0)  # another browser's session
False
>>> keys.check(cookie, "cookie", "ana", "session-1", now=1061.0)  # too late
False
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import html
import secrets
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, unquote, urlencode

import tornado.httputil
import tornado.iostream
import tornado.web
import tornado.websocket
from jupyterhub.handlers.base import BaseHandler
from jupyterhub.proxy import ConfigurableHTTPProxy
from tornado.httpclient import HTTPClientError, HTTPRequest, HTTPResponse
from tornado.httpserver import HTTPServer
from tornado.log import access_log
from tornado.simple_httpclient import SimpleAsyncHTTPClient
from traitlets import Integer

SESSION_COOKIE = "jupyterhub-session-id"
"""The hub's cookie naming a browser's sign-in (for every path): a pass and the gate's cookie
are bound to its hash, so neither works in another browser."""
GATE_COOKIE = "guts-gate"
PASS_PATH = ".guts-gate"
"""Under a learner's prefix (``/user/ana/.guts-gate``): where the hub's pass lands."""
HUB_PAGE = "guts-gate"
"""Under the hub's prefix (``/hub/guts-gate``): where the gate sends a browser for a pass."""
PASS_LASTS = 60
"""Seconds a pass may wait before the gate takes it: it goes straight from the hub to it."""
COOKIE_LASTS = 12 * 3600
"""Seconds the gate's cookie opens a learner's own server (a school day); then the browser
is sent for a new pass, which needs no more than being signed in."""
REQUEST_WAIT = 3600.0
"""Seconds a request through the gate may take (a long download, a slow notebook)."""
LARGEST = 1 << 34
"""Bytes of one answer through the gate: no lower limit than the learner's server's own."""
LARGEST_MESSAGE = 1 << 27
"""Bytes of one WebSocket message (a kernel's output with a picture in it)."""
HOP_BY_HOP = frozenset(
    name.lower()
    for name in (
        "Connection",
        "Keep-Alive",
        "Proxy-Authenticate",
        "Proxy-Authorization",
        "TE",
        "Trailer",
        "Transfer-Encoding",
        "Upgrade",
        "Content-Length",
    )
)
"""Headers about one connection, not the request: never carried over (the length is set
again for the body actually sent)."""
WEBSOCKET_OWN = frozenset(
    ("sec-websocket-key", "sec-websocket-version", "sec-websocket-extensions")
)
"""A WebSocket's handshake headers, which the gate's own connection to the server makes anew."""


def session_hash(session: str) -> str:
    """What a pass and a cookie keep of the hub's session id (not the id itself: a pass
    travels in an address, which a browser keeps in its history)."""
    return hashlib.sha256(session.encode()).hexdigest()[:32]


@dataclass
class Keys:
    """The gate's key, and the passes already taken (a pass opens the gate once)."""

    secret: bytes
    taken: dict[str, float] = field(default_factory=dict)

    def sign(
        self, purpose: str, name: str, session: str, *, lasts: int, now: float | None = None
    ) -> str:
        """A value for ``purpose`` (``pass`` or ``cookie``), for ``name``'s server in the
        browser whose hub session is ``session``, good for ``lasts`` seconds."""
        moment = time.time() if now is None else now
        fields = [purpose, name, session_hash(session), str(int(moment) + lasts)]
        fields.append(secrets.token_urlsafe(12))  # each pass its own, to be taken once
        text = "|".join(fields)
        mac = hmac.new(self.secret, text.encode(), hashlib.sha256).hexdigest()
        return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=") + "." + mac

    def check(
        self, value: str, purpose: str, name: str, session: str, *, now: float | None = None
    ) -> bool:
        """Whether ``value`` was signed here for ``purpose``, ``name`` and ``session`` and
        has not run out."""
        return self._fields(value, purpose, name, session, now) is not None

    def take_pass(self, value: str, name: str, session: str) -> bool:
        """Whether ``value`` is a good pass for ``name`` in ``session`` not taken before;
        it is taken now."""
        now = time.time()
        fields = self._fields(value, "pass", name, session, now)
        if fields is None or fields[4] in self.taken:
            return False
        self.taken = {nonce: end for nonce, end in self.taken.items() if end > now}
        self.taken[fields[4]] = float(fields[3])
        return True

    def _fields(
        self, value: str, purpose: str, name: str, session: str, now: float | None
    ) -> list[str] | None:
        encoded, _, mac = value[:1000].partition(".")
        try:
            text = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()
        except (ValueError, UnicodeDecodeError):
            return None
        good = hmac.new(self.secret, text.encode(), hashlib.sha256).hexdigest()
        fields = text.split("|")
        if not hmac.compare_digest(good, mac) or len(fields) != 5:
            return None
        moment = time.time() if now is None else now
        expected = [purpose, name, session_hash(session)]
        if fields[:3] != expected or not fields[3].isdigit() or int(fields[3]) < moment:
            return None
        return fields


@dataclass(frozen=True)
class Route:
    """A learner's server behind the gate: whose it is and where it really listens."""

    user: str
    target: str


@dataclass
class Gate:
    """What the gate knows: its key, the hub's prefixes, and the learners' servers by the
    route the proxy sends to the gate (``/user/ana/``)."""

    keys: Keys
    base_url: str = "/"
    hub_prefix: str = "/hub/"
    routes: dict[str, Route] = field(default_factory=dict)

    def route(self, path: str) -> tuple[str, Route] | None:
        """The route a request's path falls under, with its prefix."""
        for prefix, route in sorted(self.routes.items(), key=lambda item: -len(item[0])):
            if path.startswith(prefix) or path == prefix.rstrip("/"):
                return prefix, route
        return None


def without_gate_cookie(cookie_header: str) -> str:
    """The ``Cookie`` header as the learner's server gets it: without the gate's cookie,
    which is the gate's business only.

    >>> without_gate_cookie("a=1; guts-gate=x.y; b=2")
    'a=1; b=2'
    """
    kept = [
        part.strip()
        for part in cookie_header.split(";")
        if part.strip() and part.split("=", 1)[0].strip() != GATE_COOKIE
    ]
    return "; ".join(kept)


def by_token(headers: tornado.httputil.HTTPHeaders) -> bool:
    """Whether a request carries a hub token in its header, as programs do; a browser never
    puts one there when it opens a page, and the learner's server checks the token itself."""
    scheme = headers.get("Authorization", "").split(" ", 1)[0].lower()
    return scheme in ("token", "bearer")


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Guts: {title}</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 2em auto; line-height: 1.5">
<main><h1>{title}</h1>{body}</main></body></html>
"""


def page(title: str, *paragraphs: str) -> str:
    """A plain page in words; ``paragraphs`` are HTML already (their text escaped)."""
    body = "".join(f"<p>{paragraph}</p>" for paragraph in paragraphs)
    return PAGE.format(title=html.escape(title), body=body)


def link(address: str, words: str) -> str:
    return f'<a href="{html.escape(address)}">{html.escape(words)}</a>'


class GateHandler(tornado.websocket.WebSocketHandler):
    """Every request the proxy sends for a learner's server: let through to it (pages,
    files, the API, kernels' WebSockets, streamed both ways) or turned away."""

    def initialize(self, gate: Gate, client: SimpleAsyncHTTPClient) -> None:
        self.gate = gate
        self.client = client
        self.upstream: tornado.websocket.WebSocketClientConnection | None = None

    def compute_etag(self) -> None:
        """No tag of the gate's own: the server's answer is passed on as it is."""
        return None

    def _found(self) -> tuple[str, Route] | None:
        found = self.gate.route(self.request.path)
        if found is None:
            # The server stopped meanwhile: the hub says so (and offers to start it).
            path = self.request.uri or "/"
            self.redirect(f"{self.gate.hub_prefix.rstrip('/')}{path}")
        return found

    def _lets_in(self, route: Route) -> bool:
        if by_token(self.request.headers):
            return True
        session = self.get_cookie(SESSION_COOKIE, "") or ""
        cookie = self.get_cookie(GATE_COOKIE, "") or ""
        return bool(session) and self.gate.keys.check(cookie, "cookie", route.user, session)

    def _turn_away(self, prefix: str, route: Route) -> None:
        """A page request goes to the hub for a pass; anything else is refused in words."""
        if self.request.method in ("GET", "HEAD") and not self._is_websocket():
            there = f"{self.gate.hub_prefix}{HUB_PAGE}?" + urlencode(
                {"next": self.request.uri or prefix}
            )
            self.redirect(there)
            return
        self.set_status(403)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(
            f"This is {route.user}'s own server, and only {route.user} reaches it: open it "
            "in a browser signed in to the hub as them, or send a hub token."
        )

    def _is_websocket(self) -> bool:
        return self.request.headers.get("Upgrade", "").lower() == "websocket"

    def _take_pass(self, prefix: str, route: Route) -> None:
        """The hub's pass becomes the gate's cookie for this learner's server, and the
        browser goes on to where it was going."""
        given = self.get_query_argument("pass", "")
        onward = self.get_query_argument("next", prefix)
        if not onward.startswith(prefix) or "//" in onward or "\\" in onward:
            onward = prefix
        session = self.get_cookie(SESSION_COOKIE, "") or ""
        if not session or not self.gate.keys.take_pass(given, route.user, session):
            self.set_status(403)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            again = f"{self.gate.hub_prefix}{HUB_PAGE}?" + urlencode({"next": onward})
            self.finish(
                page(
                    "That pass does not open this server",
                    "A pass opens a learner's own server once, within a minute, in the "
                    "browser it was made for. " + link(again, "Ask the hub for a new one") + ".",
                )
            )
            return
        self.set_cookie(
            GATE_COOKIE,
            self.gate.keys.sign("cookie", route.user, session, lasts=COOKIE_LASTS),
            path=prefix,
            httponly=True,
            samesite="Lax",
            secure=self.request.protocol == "https",
            expires_days=COOKIE_LASTS / 86400,
        )
        self.set_header("Cache-Control", "no-store")
        self.redirect(onward)

    async def get(self, *args: Any, **kwargs: Any) -> None:
        found = self._found()
        if found is None:
            return
        prefix, route = found
        if self.request.path == prefix + PASS_PATH:
            self._take_pass(prefix, route)
            return
        if not self._lets_in(route):
            self._turn_away(prefix, route)
            return
        if not self._is_websocket():
            await self._forward(route)
            return
        try:
            self.upstream = await tornado.websocket.websocket_connect(
                HTTPRequest(
                    route.target.replace("http", "ws", 1) + (self.request.uri or "/"),
                    headers=self._headers_for_server(websocket=True),
                    request_timeout=60,
                ),
                on_message_callback=self._from_server,
                subprotocols=self._subprotocols() or None,
                max_message_size=LARGEST_MESSAGE,
            )
        except (HTTPClientError, OSError) as error:
            code = error.code if isinstance(error, HTTPClientError) else 502
            self.set_status(code if 400 <= code < 600 else 502)
            self.finish(f"{route.user}'s server did not take the connection ({code}).")
            return
        try:
            await super().get(*args, **kwargs)
        finally:
            if self.ws_connection is None and self.upstream is not None:
                self.upstream.close()  # the browser's side never opened
                self.upstream = None

    def check_origin(self, origin: str) -> bool:
        """Any: the learner's server checks a WebSocket's origin itself, as without the gate
        (and the proxy in front may change the ``Host`` the check would compare)."""
        return True

    def _subprotocols(self) -> list[str]:
        asked = self.request.headers.get("Sec-WebSocket-Protocol", "")
        return [part.strip() for part in asked.split(",") if part.strip()]

    def select_subprotocol(self, subprotocols: list[str]) -> str | None:
        """The subprotocol the learner's server chose (the kernels' own, for JupyterLab)."""
        chosen = self.upstream.selected_subprotocol if self.upstream is not None else None
        return chosen if chosen in subprotocols else None

    def _from_server(self, message: str | bytes | None) -> None:
        if message is None:
            upstream = self.upstream
            code = upstream.close_code if upstream is not None else None
            reason = upstream.close_reason if upstream is not None else None
            self.close(code, reason)
            return
        try:
            self.write_message(message, binary=isinstance(message, bytes))
        except tornado.websocket.WebSocketClosedError:
            if self.upstream is not None:
                self.upstream.close()

    async def on_message(self, message: str | bytes) -> None:
        """A browser's message goes on to the learner's server."""
        if self.upstream is not None:
            try:
                await self.upstream.write_message(message, binary=isinstance(message, bytes))
            except tornado.websocket.WebSocketClosedError:
                self.close()

    def on_close(self) -> None:
        if self.upstream is not None:
            self.upstream.close(self.close_code, self.close_reason)
            self.upstream = None

    def _headers_for_server(self, *, websocket: bool = False) -> tornado.httputil.HTTPHeaders:
        """The request's headers as the learner's server gets them: the same ``Host`` and
        ``Origin`` (which it checks), no hop-by-hop headers, no gate cookie."""
        headers = tornado.httputil.HTTPHeaders()
        for name, value in self.request.headers.get_all():
            lowered = name.lower()
            if lowered in HOP_BY_HOP or (websocket and lowered in WEBSOCKET_OWN):
                continue
            if websocket and lowered == "sec-websocket-protocol":
                continue  # asked again by the gate's own handshake
            if lowered == "cookie":
                value = without_gate_cookie(value)
                if not value:
                    continue
            headers.add(name, value)
        return headers

    async def _forward(self, route: Route) -> None:
        """Pass the request on and stream the answer back as it comes."""
        started = False

        def on_header(line: str) -> None:
            nonlocal started
            text = line.rstrip("\r\n")
            if text.startswith("HTTP/"):
                first = tornado.httputil.parse_response_start_line(text)
                if first.code >= 200:
                    self.clear()  # none of the gate's own headers: the server's alone
                    for own in ("Content-Type", "Server", "Date"):
                        self.clear_header(own)
                    self.set_status(first.code, first.reason or "Unknown")
                    started = True
            elif text and started:
                name, _, value = text.partition(":")
                if name.strip().lower() not in HOP_BY_HOP:
                    self.add_header(name.strip(), value.strip())

        def on_chunk(chunk: bytes) -> None:
            if self._finished:
                return
            self.write(chunk)
            # A browser that went away leaves a failed write; its error is nobody's news.
            self.flush().add_done_callback(lambda done: done.exception())

        method = self.request.method or "GET"
        has_body = method in ("POST", "PUT", "PATCH") or bool(self.request.body)
        request = HTTPRequest(
            route.target + (self.request.uri or "/"),
            method=method,
            headers=self._headers_for_server(),
            body=self.request.body if has_body else None,
            follow_redirects=False,
            decompress_response=False,
            allow_nonstandard_methods=True,
            request_timeout=REQUEST_WAIT,
            header_callback=on_header,
            streaming_callback=on_chunk,
        )
        try:
            answer: HTTPResponse = await self.client.fetch(request, raise_error=False)
            failed = answer.code == 599  # no answer at all (refused, reset, timed out)
        except OSError:
            failed = True
        if failed and not self._headers_written:
            self.clear()
            self.set_status(502)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(
                f"{route.user}'s server is not answering just now: it may be starting or "
                "stopping. Try again in a moment, or go to the hub's home page."
            )
            return
        if not self._finished:
            with contextlib.suppress(tornado.iostream.StreamClosedError):
                await self.finish()

    async def post(self, *args: Any, **kwargs: Any) -> None:
        await self._checked_forward()

    async def put(self, *args: Any, **kwargs: Any) -> None:
        await self._checked_forward()

    async def patch(self, *args: Any, **kwargs: Any) -> None:
        await self._checked_forward()

    async def delete(self, *args: Any, **kwargs: Any) -> None:
        await self._checked_forward()

    async def head(self, *args: Any, **kwargs: Any) -> None:
        await self._checked_forward()

    async def options(self, *args: Any, **kwargs: Any) -> None:
        await self._checked_forward()

    async def _checked_forward(self) -> None:
        found = self._found()
        if found is None:
            return
        prefix, route = found
        if self._lets_in(route):
            await self._forward(route)
        else:
            self._turn_away(prefix, route)


def log_request(handler: tornado.web.RequestHandler) -> None:
    """Refusals and failures in the hub's log; a learner's every request through the gate
    only when debugging (the server itself logs them)."""
    status = handler.get_status()
    log = access_log.warning if status >= 500 else access_log.info
    if status < 400:
        log = access_log.debug
    request = handler.request
    log("gate: %d %s %s", status, request.method, request.path)


def gate_application(gate: Gate) -> tornado.web.Application:
    """The gate's web application: one handler for every path."""
    client = SimpleAsyncHTTPClient(force_instance=True, max_clients=1000, max_body_size=LARGEST)
    return tornado.web.Application(
        [(r".*", GateHandler, {"gate": gate, "client": client})],
        websocket_max_message_size=LARGEST_MESSAGE,
        log_function=log_request,
    )


class PassHandler(BaseHandler):  # type: ignore[misc]  # JupyterHub's own, untyped
    """``/hub/guts-gate?next=/user/ana/...``, behind the hub's sign-in: a pass for ana's
    server if the person signed in is ana; for anyone else a page saying whose it is."""

    def initialize(self, gate: Gate) -> None:
        super().initialize()
        self.gate = gate

    @tornado.web.authenticated
    def get(self) -> None:
        user = self.current_user
        onward = self.get_query_argument("next", "")
        users = f"{self.gate.base_url}user/"
        self.set_header("Cache-Control", "no-store")
        if not onward.startswith(users) or "//" in onward or "\\" in onward:
            self.redirect(f"{self.gate.hub_prefix}home")
            return
        owner = unquote(onward[len(users) :].split("/", 1)[0].split("?", 1)[0])
        prefix = f"{users}{quote(owner, safe='')}/"
        session = self.get_session_cookie() or ""
        if owner == user.name and session:
            made = self.gate.keys.sign("pass", owner, session, lasts=PASS_LASTS)
            self.redirect(f"{prefix}{PASS_PATH}?" + urlencode({"pass": made, "next": onward}))
            return
        self.set_status(403)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        if owner == user.name:  # signed in without a browser session (a token)
            self.finish(
                page(
                    "Sign in again to open your server",
                    "Your own server opens in a browser signed in to the hub. "
                    + link(f"{self.gate.hub_prefix}login", "Sign in")
                    + ".",
                )
            )
            return
        gate = self.gate
        self.finish(refusal(owner, admin=bool(user.admin), hub=gate.hub_prefix, base=gate.base_url))


def refusal(owner: str, *, admin: bool, hub: str, base: str) -> str:
    """The page for someone who opens another learner's server: why not, and what instead."""
    who = html.escape(owner)
    why = (
        f"A learner's server sends whatever {who}'s own code makes it send, so in anyone "
        "else's browser it could act as them. Only "
        f"{who} opens it."
    )
    if admin:
        instead = (
            "You see the class's work without it: "
            + link(f"{base}services/progress/", "the class's quiz progress")
            + " and "
            + link(f"{base}services/tables/", "the class tables")
            + ". From "
            + link(f"{hub}admin", "the hub's admin page")
            + f" you can still start and stop {who}'s server."
        )
    else:
        instead = "Your own lesson is at " + link(f"{hub}home", "your home page") + "."
    return page(f"This is {owner}'s own server", why, instead)


class GatedProxy(ConfigurableHTTPProxy):  # type: ignore[misc]  # JupyterHub's own, untyped
    """configurable-http-proxy with every learner's route through the gate (see the module
    docs). Runs inside the hub, which starts the gate on loopback with the proxy."""

    gate_port = Integer(0, config=True, help="the gate's port on 127.0.0.1")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        hub = self.app.hub
        self.gate = Gate(Keys(secrets.token_bytes(32)), self.app.base_url, hub.base_url)
        self.gate_server: HTTPServer | None = None
        # The pass comes from the hub itself, behind its sign-in (whose cookie is the hub's
        # path only). extra_handlers is how a hub page is added; JupyterHub 5 still reads it.
        self.app.extra_handlers.append((rf"/{HUB_PAGE}", PassHandler, {"gate": self.gate}))

    @property
    def gate_url(self) -> str:
        return f"http://127.0.0.1:{self.gate_port}"

    def _listen(self) -> None:
        if self.gate_server is None:
            self.gate_server = HTTPServer(
                gate_application(self.gate), xheaders=False, max_body_size=LARGEST
            )
            self.gate_server.listen(self.gate_port, "127.0.0.1")
            self.log.info("The gate in front of learners' servers listens at %s", self.gate_url)

    async def start(self) -> None:
        self._listen()
        await super().start()

    async def add_route(self, routespec: str, target: str, data: dict[str, Any]) -> None:
        if "user" in data and routespec.startswith("/"):
            self._listen()
            self.gate.routes[routespec] = Route(str(data["user"]), target)
            await super().add_route(routespec, self.gate_url, {**data, "gate_target": target})
            return
        await super().add_route(routespec, target, data)

    async def delete_route(self, routespec: str) -> None:
        self.gate.routes.pop(routespec, None)
        await super().delete_route(routespec)

    async def get_all_routes(self, client: Any = None) -> dict[str, dict[str, Any]]:
        """The routes, each learner's with its server's real address (the hub compares it
        with the address it started the server at); the gate learns them again, as after a
        restart of the hub with the proxy still running."""
        routes: dict[str, dict[str, Any]] = await super().get_all_routes(client=client)
        for routespec, route in routes.items():
            data = route["data"]
            target = data.pop("gate_target", None)
            # A route to an earlier gate (a hub restarted with its proxy running) keeps that
            # gate's address, so the hub sees it is wrong and adds it again, to this gate.
            if target is not None and route["target"] == self.gate_url:
                route["target"] = target
                self.gate.routes[routespec] = Route(str(data.get("user", "")), target)
        return routes
