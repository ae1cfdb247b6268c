"""The class tables' web service (Tornado): the teacher opens tables and deals, each learner
plays from their own device with their seat's token, a projector shows the table.

Everything a table decides is :class:`.table.ClassTable`'s, and so the rules core's; this
module carries messages and nothing else. The API, all JSON:

- ``POST /api/tables`` (the teacher): ``{"players": [...], "bots": {"Dev": "equilibrium"},
  "profile": "teaching", "cap": 20, "declaration": "simultaneous", "timer": 30}`` opens a table;
  the answer holds its code and each seat's token (hand each learner theirs, once). The rules
  may also say ``"cap": "none"`` (no limit) and set the variants of :mod:`._rules_form`
  (``single_loser``, ``split_pots``, ``ghost_hand``, ``hand_size``, ``weenie_rule``...).
- ``POST /api/tables/CODE/deal`` (the teacher) deals the next hand.
- ``GET /api/tables/CODE/ledger`` (the teacher) the table's ledger file.
- ``GET /api/tables`` (the teacher) the open tables, each with its seats and its projector's
  view; ``POST /api/tables/CODE/seats/NAME/token`` a new token for NAME's seat (a lost or shared
  link), which ends the old one.
- ``POST /api/tables/CODE/timer`` (the teacher) with ``{"timer": 45}``: the seconds each deal
  waits for declarations, from the next deal on.
- ``POST /api/tables/CODE/pause``, ``.../resume``, ``.../end`` (the game: no more deals),
  ``.../close`` (the teacher): a paused table's timer stands still and its declarations wait; a
  closed table's connections are closed (code :data:`CLOSED`), its ledger stays downloadable
  and its folder is kept. ``POST /api/tables/CODE/seats/NAME/move`` with ``{"table": "WXYZ",
  "seat": "Dev"}`` moves a learner to a bot's seat there (a new token; the old one ends).
- ``WS /api/tables/CODE/play``: a learner's first message is ``{"token": "..."}``; then
  ``{"declare": true}`` or ``false``. A projector connects with ``{"token": null}``. After
  every change each connection gets its own view (:meth:`.ClassTable.view`).

The teacher's requests carry ``Authorization: Bearer PASSWORD``, the password printed once
when the service starts. A message over :data:`MAX_MESSAGE` bytes closes the connection;
more than :data:`RATE` messages a second from one connection are refused and it is closed;
anything else unexpected is answered with ``{"error": "..."}`` and the table goes on.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import string
import time
from pathlib import Path
from typing import Any

import tornado.escape
import tornado.web
import tornado.websocket
from tornado.ioloop import IOLoop, PeriodicCallback

from ..game.errors import GutsError
from ._rules_form import FIELDS as RULE_FIELDS
from ._rules_form import NOT_AT_A_TABLE, RulesRequestError, rules_from
from .table import BOT_KINDS, TIMER, ClassTable, TableError

MAX_MESSAGE = 4096
"""The longest message a connection may send, in bytes."""
RATE = 20
"""The most messages one connection may send in a second."""
MAX_BODY = 65_536
"""The largest request body the service reads, in bytes (a table's request is small)."""
LONGEST_NAME = 24
"""The most characters of a name at a class table (it must fit a phone's status line)."""
MAX_WATCHERS = 64
"""Projectors and connections not yet seated that one table serves at once: a seat with its
token always gets in (up to :data:`MAX_SEAT_TABS`), so nobody can fill a table's connections
to keep its players out."""
MAX_SEAT_TABS = 4
"""Connections one seat may have open at once (a phone and a spare tab or two)."""
JOIN_WAIT = 10.0
"""Seconds a new connection has to send its first message."""
MAX_TABLES = 64
"""Tables one service keeps open (a class of 30 is five tables of six)."""
CODE_LETTERS = "".join(c for c in string.ascii_uppercase if c not in "IO")
FIELDS = ("players", "bots", "timer")
"""What a request for a table may say besides its rules (:data:`._rules_form.FIELDS`)."""
CLOSED = 4000
"""The close code a connection gets when its table is closed (its page stops rejoining)."""
NO_TABLE = 4004
"""The close code a connection to a code no table has gets (nothing to rejoin either)."""
TICK = 0.5
"""Seconds between looks at the tables' timers."""


def password_hash(password: str, salt: bytes) -> bytes:
    """The teacher's password as kept. The service makes the password itself (96 random
    bits), so nobody can guess it and a fast keyed hash is enough: a slow one would let
    anyone with wrong passwords stall every table, the service having one thread."""
    return hmac.new(salt, password.encode(), hashlib.sha256).digest()


class Tables:
    """The open tables, by code, and whom they push their views to."""

    def __init__(self, folder: Path, password: str, *, seeded: int | None = None) -> None:
        self.folder = folder
        self.salt = secrets.token_bytes(16)
        self.key = password_hash(password, self.salt)
        self.seeded = seeded
        self.tables: dict[str, ClassTable] = {}
        self.watchers: dict[str, set[PlayerSocket]] = {}
        self.waiting: dict[str, set[PlayerSocket]] = {}
        """Connections that have not said who they are yet, by table."""
        self.closed: dict[str, Path] = {}
        """The closed tables' folders, by code: their ledgers can still be downloaded."""
        self.skipped: list[str] = []
        """Why each table kept in ``folder`` that could not be resumed was left closed."""
        for kept in sorted(folder.glob("*/table.json")):
            code = kept.parent.name
            try:
                table = ClassTable.resume(kept.parent)
            except TableError as error:
                self.skipped.append(str(error))
                continue
            if table.closed:
                self.closed[code] = kept.parent
                continue
            table.session.rng = self._rng(code, settled=len(table.session.deals))
            self.tables[code] = table
            self.watchers[code] = set()

    def _rng(self, code: str, *, settled: int = 0) -> Any:
        import random

        if self.seeded is None:
            return secrets.SystemRandom()  # people play for real
        # teaching and tests only: a restart deals on from where the table stood, not the
        # first deal's cards again
        return random.Random(f"{self.seeded}-{code}-{settled}")

    def is_teacher(self, header: str | None) -> bool:
        """Whether ``header`` carries the teacher's password (compared in constant time)."""
        given = (header or "").removeprefix("Bearer ").strip()
        return hmac.compare_digest(password_hash(given[:200], self.salt), self.key)

    def open(self, request: Any) -> tuple[str, dict[str, str]]:
        """A new table from the teacher's request; its code and each seat's token."""
        if not isinstance(request, dict):
            raise TableError('a table is asked for as an object, such as {"players": [...]}')
        if len(self.tables) >= MAX_TABLES:
            raise TableError(f"this service keeps at most {MAX_TABLES} tables open")
        unknown = sorted(set(request) - set(FIELDS) - set(RULE_FIELDS) - set(NOT_AT_A_TABLE))
        if unknown:
            raise TableError(f"unknown fields: {', '.join(unknown)}")
        players = request.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise TableError('"players" is a list of 2 to 8 names')
        long = [p for p in players if len(p) > LONGEST_NAME]
        if long:
            raise TableError(
                f"a name at a class table has at most {LONGEST_NAME} characters; "
                f"{long[0][:40]!r} has {len(long[0])}"
            )
        bots = request.get("bots") or {}
        if not isinstance(bots, dict) or not all(v in BOT_KINDS for v in bots.values()):
            raise TableError(f'"bots" maps names to {" or ".join(BOT_KINDS)}')
        try:
            rules = rules_from(request)
        except RulesRequestError as error:
            raise TableError(str(error)) from None
        timer = request.get("timer", TIMER)
        if isinstance(timer, bool) or not isinstance(timer, int | float):
            raise TableError(f'"timer" is a number of seconds from 5 to 600; got {timer!r}')
        code = self._new_code()
        try:
            table = ClassTable(
                players,
                rules=rules,
                rng=self._rng(code),
                bots=bots,
                timer=float(timer),
                folder=self.folder / code,
            )
        except GutsError as error:
            raise TableError(str(error)) from None
        self.tables[code] = table
        self.watchers[code] = set()
        return code, dict(table.tokens)

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(4))
            if code not in self.tables and not (self.folder / code).exists():
                return code

    def table(self, code: str) -> ClassTable:
        found = self.tables.get(code)
        if found is None and code in self.closed:
            raise tornado.web.HTTPError(410, reason=f"table {code} is closed")
        if found is None:
            raise tornado.web.HTTPError(404, reason="no table has that code")
        return found

    def close(self, code: str) -> None:
        """Close table ``code``: its game ends, its connections are closed, its folder (and
        so its ledger) is kept, and it no longer counts against :data:`MAX_TABLES`."""
        table = self.table(code)
        table.close()
        assert table.folder is not None
        self.closed[code] = table.folder
        del self.tables[code]
        for socket in list(self.watchers.pop(code, ())):
            socket.leave(CLOSED, f"table {code} was closed by the teacher")

    def move(self, code: str, name: str, request: Any) -> dict[str, str]:
        """Move learner ``name`` from table ``code`` to a bot's seat (``request``: ``{"table":
        CODE, "seat": NAME}``); a bot plays on in the seat they leave. Their old token ends;
        the answer holds the new one. Everything is checked before anything changes."""
        if not isinstance(request, dict) or set(request) != {"table", "seat"}:
            raise TableError('a move is asked for as {"table": "CODE", "seat": "NAME"}')
        to_code, seat = request["table"], request["seat"]
        if not isinstance(to_code, str) or not isinstance(seat, str):
            raise TableError("a move names a table's code and a seat, as text")
        source, target = self.table(code), self.tables.get(to_code)
        if target is None:
            raise TableError(f"no open table has the code {to_code[:8]!r}")
        source.check_can_leave(name)
        if target is source:
            token = source.swap(name, seat)
        else:
            target.check_can_seat(name, seat)
            kind = target.bot_kinds[seat]
            source.to_bot(name, kind, rename=seat)
            token = target.seat_learner(name, seat)
            self.push(to_code)
        self.push(code)
        return {"table": to_code, "seat": name, "token": token}

    def push(self, code: str) -> None:
        """Every connection to table ``code`` gets its own view of it now; one that is
        closing or gone is dropped, never stopping the others."""
        for socket in list(self.watchers.get(code, ())):
            socket.send_view()

    def tick(self) -> None:
        for code, table in self.tables.items():
            if table.tick():
                self.push(code)


class TeacherHandler(tornado.web.RequestHandler):
    def initialize(self, tables: Tables) -> None:
        self.tables = tables

    def prepare(self) -> None:
        if not self.tables.is_teacher(self.request.headers.get("Authorization")):
            raise tornado.web.HTTPError(403, reason="the teacher's password is needed")

    def check_xsrf_cookie(self) -> None:
        """The teacher's requests carry the password in a header, never a cookie, so a page
        elsewhere cannot make them."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish({"error": self._reason})

    def refuse(self, error: TableError) -> None:
        self.set_status(400)
        self.finish({"error": str(error)})


class OpenHandler(TeacherHandler):
    def get(self) -> None:
        """The open tables, each as the projector sees it, with its seats' names."""
        listed = []
        for code, table in sorted(self.tables.tables.items()):
            seats = [p for p in table.session.players if p not in table.bot_kinds]
            listed.append({"code": code, "seats": seats, "view": table.view()})
        self.finish({"tables": listed, "closed": sorted(self.tables.closed)})

    def post(self) -> None:
        try:
            request = json.loads(self.request.body or b"null")
            code, tokens = self.tables.open(request)
        except (ValueError, RecursionError, TableError) as error:
            self.refuse(error if isinstance(error, TableError) else TableError("not JSON"))
            return
        self.set_status(201)
        self.finish({"code": code, "tokens": tokens})


class DealHandler(TeacherHandler):
    def post(self, code: str) -> None:
        table = self.tables.table(code)
        try:
            table.deal()
        except TableError as error:
            self.refuse(error)
            return
        self.tables.push(code)
        self.finish({"deal": table.view()["deal"]})


class ControlHandler(TeacherHandler):
    """The teacher's buttons for one table: pause, resume, end the game, close it."""

    def post(self, code: str, action: str) -> None:
        table = self.tables.table(code)
        try:
            if action == "close":
                self.tables.close(code)
                self.finish({"closed": code})
                return
            {"pause": table.pause, "resume": table.unpause, "end": table.end}[action]()
        except TableError as error:
            self.refuse(error)
            return
        self.tables.push(code)
        self.finish({"view": table.view()})


class TimerHandler(TeacherHandler):
    def post(self, code: str) -> None:
        """``{"timer": SECONDS}``: the seconds each deal waits for declarations, from the
        next deal on."""
        table = self.tables.table(code)
        try:
            request = json.loads(self.request.body or b"null")
            if not isinstance(request, dict) or set(request) != {"timer"}:
                raise TableError('the timer is set as {"timer": SECONDS}, 5 to 600')
            table.set_timer(request["timer"])
        except (ValueError, RecursionError, TableError) as error:
            self.refuse(error if isinstance(error, TableError) else TableError("not JSON"))
            return
        self.tables.push(code)
        self.finish({"view": table.view()})


class MoveHandler(TeacherHandler):
    def post(self, code: str, name: str) -> None:
        """Move a learner to a bot's seat at this or another table (a new token)."""
        try:
            request = json.loads(self.request.body or b"null")
            moved = self.tables.move(code, tornado.escape.url_unescape(name), request)
        except (ValueError, RecursionError, TableError) as error:
            self.refuse(error if isinstance(error, TableError) else TableError("not JSON"))
            return
        self.finish(moved)


class SeatLinkHandler(TeacherHandler):
    def post(self, code: str, name: str) -> None:
        """A new token for a seat whose link was lost or shared; the old one stops working."""
        table = self.tables.table(code)
        try:
            token = table.new_token(tornado.escape.url_unescape(name))
        except TableError as error:
            self.refuse(error)
            return
        self.tables.push(code)  # the old token's connections are closed
        self.finish({"token": token})


class LedgerHandler(TeacherHandler):
    def get(self, code: str) -> None:
        """The table's ledger file, open or closed."""
        folder = self.tables.closed.get(code) or self.tables.table(code).folder
        assert folder is not None
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="table-{code}.json"')
        self.finish((folder / "table-ledger.json").read_bytes())


class PlayerSocket(tornado.websocket.WebSocketHandler):
    """One person's connection to one table: a seat (with its token) or a projector."""

    def initialize(self, tables: Tables) -> None:
        self.tables = tables
        self.code = ""
        self.token: str | None = None
        self.joined = False
        self.sent: list[float] = []

    def open(self, code: str) -> None:
        if code in self.tables.closed:
            self.close(CLOSED, f"table {code} was closed by the teacher")
            return
        if code not in self.tables.tables:  # said in words, where a 404 would only drop it
            self.close(NO_TABLE, f"no table has the code {code}")
            return
        self.code = code
        waiting = self.tables.waiting.setdefault(code, set())
        if len(waiting) >= MAX_WATCHERS:
            self.close(1013, f"table {code} has {MAX_WATCHERS} connections waiting already")
            return
        waiting.add(self)
        # a connection that never says who it is does not stay
        IOLoop.current().call_later(JOIN_WAIT, self._joined_or_gone)

    def _joined_or_gone(self) -> None:
        if not self.joined:
            self.close(1008, f"no token sent within {JOIN_WAIT:g} s")

    def on_message(self, message: str | bytes) -> None:
        now = time.monotonic()
        self.sent = [t for t in self.sent if now - t < 1.0] + [now]
        if len(self.sent) > RATE:
            self.leave(1008, f"more than {RATE} messages a second")
            return
        try:
            data = json.loads(message)
        except (ValueError, RecursionError):  # not JSON, or nested past the parser's depth
            self.answer_error("a message is a JSON object")
            return
        if not isinstance(data, dict):
            self.answer_error("a message is a JSON object")
            return
        table = self.tables.tables.get(self.code)
        if table is None:  # closed while this message was on its way
            self.leave(CLOSED, f"table {self.code} was closed by the teacher")
            return
        try:
            if not self.joined:
                if set(data) != {"token"}:
                    raise TableError('the first message is {"token": "..."} (null: a projector)')
                token = data["token"]
                if token is None:
                    watching = sum(1 for s in self.tables.watchers[self.code] if s.token is None)
                    if watching >= MAX_WATCHERS:
                        self.leave(1013, f"table {self.code} has {MAX_WATCHERS} watchers already")
                        return
                else:
                    table.seat_of(token)
                    tabs = sum(1 for s in self.tables.watchers[self.code] if s.token == token)
                    if tabs >= MAX_SEAT_TABS:
                        raise TableError(
                            f"this seat is open in {MAX_SEAT_TABS} places already: close one"
                        )
                self.tables.waiting.get(self.code, set()).discard(self)
                self.token, self.joined = token, True
                self.tables.watchers[self.code].add(self)
                self.send_view()
                return
            if set(data) != {"declare"} or self.token is None:
                raise TableError('a seat sends {"declare": true} or {"declare": false}')
            table.declare(self.token, data["declare"])
        except TableError as error:
            self.answer_error(str(error))
            return
        self.tables.push(self.code)

    def answer_error(self, text: str) -> None:
        self.send({"error": text})

    def send_view(self) -> None:
        table = self.tables.tables.get(self.code)
        if table is None:
            self.leave(CLOSED, f"table {self.code} was closed by the teacher")
            return
        try:
            view = table.view(self.token)
        except TableError as error:  # a seat given a new token: this one is closed
            self.leave(1008, str(error)[:120])
            return
        self.send({"view": view})

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message``, or drop this connection if it is closing or gone."""
        try:
            self.write_message(message)
        except tornado.websocket.WebSocketClosedError:
            self.leave(1001, "gone")

    def leave(self, code: int, reason: str) -> None:
        """Stop sending views here at once, then close (the close may never be answered)."""
        self.tables.watchers.get(self.code, set()).discard(self)
        self.close(code, reason)

    def on_close(self) -> None:
        self.tables.watchers.get(self.code, set()).discard(self)
        self.tables.waiting.get(self.code, set()).discard(self)


PAGES = Path(__file__).resolve().parents[1] / "share" / "class_table"
"""The three pages (a seat, the projector, the teacher's), their script and style."""
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self'; img-src 'self' blob: data:; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
"""Every page's headers: nothing runs or loads from elsewhere, and no other site frames it."""


class PageHeaders(tornado.web.RequestHandler):
    """Every page's and file's :data:`HEADERS`, set before anything else."""

    def set_default_headers(self) -> None:
        for header, value in HEADERS.items():
            self.set_header(header, value)


class PageHandler(PageHeaders):
    """One of the three pages; the table's code (if any) is read by the page's script."""

    def initialize(self, name: str, base: str = "/") -> None:
        self.name = name
        self.base = base

    def get(self, code: str = "") -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        page = (PAGES / f"{self.name}.html").read_text(encoding="utf-8")
        self.finish(page.replace("{{base}}", tornado.escape.xhtml_escape(self.base)))


class StaticFiles(PageHeaders, tornado.web.StaticFileHandler):
    pass


def routes(tables: Tables, base: str = "/") -> list[Any]:
    """The service's routes under ``base`` ("/" on its own; a JupyterHub service's prefix,
    such as "/services/tables/", behind a hub)."""
    given = {"tables": tables}
    code = r"([A-Z]{4})"
    return [
        (rf"{base}teacher", PageHandler, {"name": "teacher", "base": base}),
        (rf"{base}play/{code}", PageHandler, {"name": "play", "base": base}),
        (rf"{base}projector/{code}", PageHandler, {"name": "projector", "base": base}),
        (rf"{base}static/(style\.css|table\.js)", StaticFiles, {"path": str(PAGES)}),
        (rf"{base}api/tables", OpenHandler, given),
        (rf"{base}api/tables/{code}/deal", DealHandler, given),
        (rf"{base}api/tables/{code}/ledger", LedgerHandler, given),
        (rf"{base}api/tables/{code}/(pause|resume|end|close)", ControlHandler, given),
        (rf"{base}api/tables/{code}/timer", TimerHandler, given),
        (rf"{base}api/tables/{code}/seats/([^/]{{1,100}})/move", MoveHandler, given),
        (rf"{base}api/tables/{code}/seats/([^/]{{1,100}})/token", SeatLinkHandler, given),
        (rf"{base}api/tables/{code}/play", PlayerSocket, given),
    ]


def application(tables: Tables) -> tornado.web.Application:
    """The service's routes on its own (a laptop's), with the message limit."""
    return tornado.web.Application(
        [(r"/", tornado.web.RedirectHandler, {"url": "/teacher"}), *routes(tables)],
        websocket_max_message_size=MAX_MESSAGE,
    )


def serve(tables: Tables, *, address: str, port: int) -> PeriodicCallback:
    """Listen on ``address``:``port`` (bodies over :data:`MAX_BODY` refused) and look at the
    tables' timers; the caller runs the IO loop."""
    application(tables).listen(port, address, max_body_size=MAX_BODY)
    return start_ticking(tables)


def start_ticking(tables: Tables) -> PeriodicCallback:
    """Look at the tables' timers every :data:`TICK` seconds."""
    ticking = PeriodicCallback(tables.tick, TICK * 1000)
    ticking.start()
    return ticking
