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
- ``WS /api/tables/CODE/play``: the messages of :mod:`.protocol`. A learner's first message is
  ``{"token": "..."}``; then ``{"declare": true}`` or ``false``. A projector connects with
  ``{"token": null}``. After every change each connection gets its own view
  (:meth:`.ClassTable.view`); a first message refused ends the connection, said in words.

The teacher's requests carry ``Authorization: Bearer PASSWORD``, the password printed once
when the service starts. A message over :data:`MAX_MESSAGE` bytes closes the connection;
more than :data:`RATE` messages a second from one connection are refused and it is closed;
anything else unexpected is answered with ``{"error": "..."}`` and the table goes on.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
import ssl
import string
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import tornado.escape
import tornado.web
import tornado.websocket
from tornado.ioloop import IOLoop, PeriodicCallback

from ..game.errors import GutsError
from ..game.money import format_amount
from ..lite.addresses import LEARNERS_FIRST
from . import protocol
from ._limits import Strikes, wait_words
from ._rules_form import FIELDS as RULE_FIELDS
from ._rules_form import NOT_AT_A_TABLE, RulesRequestError, rules_from
from ._writer import Writer
from .lessons import is_lessons_origin
from .lobby import DEFAULT_SIZE, SMALLEST_TABLE, Lobby, LobbyError, normal_code, plan_tables
from .protocol import BUSY, CLOSED, GONE, NO_TABLE, REFUSED, ProtocolError
from .table import BOT_KINDS, LEDGER_FILE, TIMER, ClassTable, TableError, check_next_deal

MAX_MESSAGE = 4096
"""The longest message a connection may send, in bytes."""
RATE = 20
"""The most messages one connection may send in a second."""
MAX_BODY = 65_536
"""The largest request body the service reads, in bytes (a table's request is small)."""
LONGEST_NAME = 24
"""The most characters of a name at a class table (it must fit a phone's status line)."""
MAX_WATCHERS = 64
"""Projectors one table serves at once."""
MAX_WAITING = 256
"""Connections to one table that have not said who they are yet."""
PER_CLIENT = 6
"""Connections one client (one address) may hold at once not yet seated, or watching one table
as a projector: a stranger's silent or anonymous connections fill their own share, never the
table's, so a seat with its token and the real projector always get in."""
MAX_SEAT_TABS = 4
"""Connections one seat may have open at once (a phone and a spare tab or two)."""
JOIN_WAIT = 10.0
"""Seconds a new connection has to send its first message."""
MAX_TABLES = 64
"""Tables one service keeps open (a class of 30 is five tables of six)."""
CODE_LETTERS = "".join(c for c in string.ascii_uppercase if c not in "IO")
FIELDS = ("players", "bots", "timer", "next_deal")
"""What a request for a table may say besides its rules (:data:`._rules_form.FIELDS`)."""
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
        # a table's state is written at every declaration, its ledger once a deal: only the
        # ledger waits for the disk itself (the state survives the service being killed)
        self.writer = Writer(run_later=self._on_loop, synced=lambda p: p.name == LEDGER_FILE)
        """Writes the tables' files in a thread of its own; views wait for them."""
        self._loop: IOLoop | None = None
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
        self.strikes = Strikes()
        """Wrong codes tried, by client: a class or table code cannot be found by trying."""
        self.address: str | None = None
        """The address learners open (``http://HOST:PORT/``), when the command knows it."""
        self.lessons: str | None = None
        """The lessons' address (``http://HOST:PORT/``), when the command serves them."""
        self.lessons_port: int | None = None
        """The port the command serves the lessons on, whose pages may open the tables'
        WebSocket (:func:`.lessons.is_lessons_origin`)."""
        self.deck: str | None = None
        """The class deck's address among the lessons (their site's ``present/``), when the
        command serves a site that holds it."""
        try:
            self.lobby = Lobby.kept_in(folder)
        except LobbyError as error:
            self.skipped.append(f"{error}; a new class code was made")
            damaged = folder / "class.json"
            damaged.replace(damaged.with_suffix(".json.damaged"))
            self.lobby = Lobby(folder=folder)
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
            table.write_files = self.writer.write
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
        next_deal = check_next_deal(request.get("next_deal"))
        code = self._new_code()
        try:
            table = ClassTable(
                players,
                rules=rules,
                rng=self._rng(code),
                bots=bots,
                timer=float(timer),
                next_deal=next_deal,
                folder=self.folder / code,
            )
        except GutsError as error:
            raise TableError(str(error)) from None
        table.write_files = self.writer.write
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
        joined = self.lobby.learners.get(name.casefold())
        if joined is not None and joined.name == name:
            # a learner who joined with the class code keeps their device's token: their
            # phone finds the new table by itself
            target.adopt(name, joined.token_hash)
            self.lobby.seated(name, to_code)
            token = ""
        self.push(code)
        return {"table": to_code, "seat": name, "token": token}

    # ------------------------------------------------------------------ the class's lobby

    def join(self, request: Any, client: str) -> dict[str, Any]:
        """A learner joins with the class code and a name (``{"code", "name"}``, and the
        device's ``token`` when it has joined before); a class that is playing already seats
        them at once where a table has a bot's seat free before its first deal."""
        if self.strikes.blocked(client):
            raise LobbyError(wait_words(self.strikes))
        if not isinstance(request, dict) or not set(request) <= {"code", "name", "token"}:
            raise LobbyError('joining is asked as {"code": "...", "name": "..."}')
        if not self.lobby.is_code(request.get("code")):
            self.strikes.strike(client)
            typed = normal_code(request.get("code"))[:12]
            raise LobbyError(
                f"{typed!r} is not this class's code: check the code on the projector"
                if typed
                else "type the class code shown on the projector"
            )
        token = request.get("token")
        name, token = self.lobby.join(
            request.get("name"), token if isinstance(token, str) else None
        )
        learner = self.lobby.named(name)
        if learner.table is None and self.tables:
            self._seat_latecomer(name)
        return {"name": name, "token": token, **self.place_of(token)}

    def join_signed_in(self, name: str) -> dict[str, Any]:
        """``name``, whom the hub has signed in, joins the class with no code to type (or,
        having joined on another device, moves here: the other device's token ends); their
        place and this device's token."""
        if name.casefold() in self.lobby.learners:
            token = self.lobby.renew(name)
            learner = self.lobby.named(name)
            table = self.tables.get(learner.table or "")
            if table is not None and learner.name in table.session.players:
                table.adopt(learner.name, learner.token_hash)
                self.push(learner.table or "")
        else:
            name, token = self.lobby.join(name)
            if self.tables:
                self._seat_latecomer(name)
        return {"token": token, **self.place_of(token)}

    def _seat_latecomer(self, name: str) -> None:
        for code, table in sorted(self.tables.items()):
            free = [seat for seat in table.bot_kinds if not table.started]
            if free and not table.paused and not table.ended:
                table.seat_learner(name, free[0])
                table.adopt(name, self.lobby.named(name).token_hash)
                self.lobby.seated(name, code)
                self.push(code)
                return

    def place_of(self, token: object) -> dict[str, Any]:
        """Where the device holding ``token`` is: its table, or how many wait with it."""
        learner = self.lobby.learner(token)
        if learner.table is not None and learner.table not in self.tables:
            learner.table = None  # their table was closed: back to the lobby
        return {
            "name": learner.name,
            "table": learner.table,
            "waiting": len(self.lobby.waiting()),
        }

    def seat_everyone(self, request: Any) -> list[str]:
        """Seat every learner waiting in the lobby at new tables of at most ``size`` (the
        request: ``{"size": 5}`` and the rules, timer and ``next_deal`` of :meth:`open`),
        filled evenly, with bots only where a table would have fewer than
        :data:`.lobby.SMALLEST_TABLE` players; the new tables' codes."""
        if not isinstance(request, dict):
            raise TableError('seating is asked as {"size": 5, ...the rules}')
        asked = dict(request)
        size = asked.pop("size", DEFAULT_SIZE)
        if "players" in asked or "bots" in asked:
            raise TableError("the class's tables are seated from the lobby: no players to name")
        waiting = self.lobby.waiting()
        if not waiting:
            raise TableError("nobody is waiting in the lobby: learners join with the class code")
        try:
            groups = plan_tables(waiting, size=size if isinstance(size, int) else -1)
        except LobbyError as error:
            raise TableError(str(error)) from None
        if len(self.tables) + len(groups) > MAX_TABLES:
            raise TableError(f"this service keeps at most {MAX_TABLES} tables open")
        codes = []
        for group in groups:
            bots = bot_names(group, SMALLEST_TABLE - len(group))
            code, _ = self.open(
                {**asked, "players": group + bots, "bots": dict.fromkeys(bots, "equilibrium")}
            )
            table = self.tables[code]
            for name in group:
                table.adopt(name, self.lobby.named(name).token_hash)
                self.lobby.seated(name, code, save=False)
            codes.append(code)
        self.lobby.save()
        return codes

    def start(self, request: Any) -> list[str]:
        """Every open table deals by itself from now on (``{"next_deal": SECONDS}``); the
        tables started."""
        if not isinstance(request, dict) or not set(request) <= {"next_deal"}:
            raise TableError('starting is asked as {"next_deal": SECONDS}, 3 to 300')
        seconds = check_next_deal(request.get("next_deal", NEXT_DEAL_DEFAULT))
        started = []
        for code, table in sorted(self.tables.items()):
            if not (table.ended or table.closed):
                table.start_dealing(seconds)
                self.push(code)
                started.append(code)
        return started

    def every_table(self, action: str) -> dict[str, str]:
        """The teacher's button for every table at once (pause, resume, end); what each
        table did, in words where it could not."""
        done: dict[str, str] = {}
        for code, table in sorted(self.tables.items()):
            try:
                actions = {
                    "pause": table.pause,
                    "resume": table.unpause,
                    "end": table.end,
                    "call-time": table.call_time,
                }
                actions[action]()
                done[code] = "done"
            except TableError as error:
                done[code] = str(error)
            self.push(code)
        return done

    def season_text(self) -> str:
        """Every open table's game as a season file, a table an evening in the order of their
        codes (R12), or a refusal naming a table still playing or with chips left on it."""
        from ..ledgers.ledger import ledger_of
        from ..ledgers.season import Evening, carry_over
        from ..ledgers.season_file import dumps_season

        if not self.tables:
            raise TableError("no table is open: seat the class and play first")
        evenings = []
        for code, table in sorted(self.tables.items()):
            session = table.session
            if not table.ended:
                raise TableError(
                    f"table {code} is still playing: end every table at its next empty pot "
                    "(the teacher's button) before the season is downloaded"
                )
            if session.pot or session.reserve:
                raise TableError(
                    f"table {code} ended with pot {format_amount(session.pot)} and reserve "
                    f"{format_amount(session.reserve)} on it, which a season carries into the "
                    "next evening (R12): end the tables at their next empty pot instead"
                )
            if session.deals:
                ledger = ledger_of(session, title=f"Table {code}")
                evenings.append(Evening(label=f"Table {code}", ledger=ledger))
        season = carry_over(title="The class's tables", evenings=evenings)
        return dumps_season(season)

    def board(self) -> dict[str, Any]:
        """The class at a glance: each table as a tile, and the leaderboard across tables
        (learners only, by balance; equal balances share a place, listed by name)."""
        tiles = []
        standings: list[tuple[Fraction, str, str]] = []
        for code, table in sorted(self.tables.items()):
            view = table.view()
            last = view.get("shown")
            tiles.append(
                {
                    "code": code,
                    "players": view["players"],
                    "bots": sorted(table.bot_kinds),
                    "deal": view["deal"],
                    "phase": view["phase"],
                    "pot": view["pot"],
                    "declared": view.get("declared", []),
                    "winners": last["winners"] if last else [],
                    "paused": view["paused"],
                    "ended": view["ended"],
                }
            )
            for name, amount in table.session.balances.items():
                if name not in table.bot_kinds:
                    standings.append((amount, name, code))
        standings.sort(key=lambda entry: (-entry[0], entry[1].casefold()))
        board: list[dict[str, Any]] = []
        for amount, name, code in standings:
            place = (
                board[-1]["place"] if board and board[-1]["amount"] == amount else len(board) + 1
            )
            board.append({"place": place, "name": name, "table": code, "amount": amount})
        for entry in board:
            entry["balance"] = format_amount(entry.pop("amount"))
        return {
            "tiles": tiles,
            "leaderboard": board,
            "over": bool(tiles) and all(t["ended"] for t in tiles),
            "waiting": self.lobby.waiting(),
        }

    def files(self) -> list[Path]:
        """Every open table's files."""
        return [path for table in self.tables.values() for path in table.files()]

    def on_loop(self, loop: IOLoop) -> None:
        """The event loop that runs the service: the writer's calls are run there."""
        self._loop = loop

    def _on_loop(self, call: Callable[[], None]) -> None:
        """Run ``call`` on the service's event loop (from the writer's thread)."""
        if self._loop is not None:  # None: tables used from Python with no service running
            self._loop.add_callback(call)

    def push(self, code: str, *, durable: bool = True) -> None:
        """Every connection to table ``code`` gets its own view of it, once the table's files
        say what it shows (``durable=False``: at once, the files following); one that is
        closing or gone is dropped, never stopping the others."""
        self._loop = IOLoop.current()  # a push is made on the service's loop
        if not durable:
            self._push_now(code)
            return
        table = self.tables.get(code)
        files = table.files() if table is not None else []
        self.writer.after(files, lambda: self._push_now(code))

    def _push_now(self, code: str) -> None:
        for socket in list(self.watchers.get(code, ())):
            socket.send_view()

    def tick(self) -> None:
        for code, table in list(self.tables.items()):
            if table.tick():
                self.push(code)


NEXT_DEAL_DEFAULT = 12.0
"""Seconds between a shown deal and the next when the teacher starts the class's tables."""
BOT_NAMES = ("Robo", "Bolt", "Chip", "Dot", "Echo", "Pixel", "Sprocket", "Widget")


def bot_names(taken: list[str], count: int) -> list[str]:
    """``count`` names for bots that no learner in ``taken`` has.

    >>> bot_names(["Ana", "Robo (bot)"], 2)
    ['Bolt (bot)', 'Chip (bot)']
    """
    folded = {name.casefold() for name in taken}
    free = [f"{n} (bot)" for n in BOT_NAMES if f"{n} (bot)".casefold() not in folded]
    return free[: max(0, count)]


def client_of(request: Any) -> str:
    """Who sent ``request``: its address (behind the hub's proxy, the one the proxy names)."""
    remote = str(request.remote_ip or "")
    forwarded = str(request.headers.get("X-Forwarded-For", ""))
    if forwarded and remote in ("127.0.0.1", "::1"):
        return forwarded.split(",")[-1].strip()[:64]
    return remote[:64]


class TeacherHandler(tornado.web.RequestHandler):
    coded = False
    """Whether the route's first part is a table's code (read in any case)."""

    def initialize(self, tables: Tables) -> None:
        self.tables = tables

    def prepare(self) -> None:
        if not self.tables.is_teacher(self.request.headers.get("Authorization")):
            raise tornado.web.HTTPError(403, reason="the teacher's password is needed")
        if self.coded and self.path_args:
            self.path_args[0] = self.path_args[0].upper()

    def check_xsrf_cookie(self) -> None:
        """The teacher's requests carry the password in a header, never a cookie, so a page
        elsewhere cannot make them."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish({"error": self._reason})

    def refuse(self, error: TableError) -> None:
        self.set_status(400)
        self.finish({"error": str(error)})

    async def done(self, answer: dict[str, Any]) -> None:
        """Answer once every table's files say what the answer does (they are written in a
        thread of their own)."""
        self.tables.on_loop(IOLoop.current())  # answering, on the service's loop
        written = asyncio.get_running_loop().create_future()
        self.tables.writer.after(self.tables.files(), lambda: written.set_result(None))
        await written
        self.finish(answer)


class OpenHandler(TeacherHandler):
    def get(self) -> None:
        """The open tables, each as the projector sees it, with its seats' names."""
        listed = []
        for code, table in sorted(self.tables.tables.items()):
            seats = [p for p in table.session.players if p not in table.bot_kinds]
            listed.append({"code": code, "seats": seats, "view": table.view()})
        self.finish({"tables": listed, "closed": sorted(self.tables.closed)})

    async def post(self) -> None:
        try:
            request = json.loads(self.request.body or b"null")
            code, tokens = self.tables.open(request)
        except (ValueError, RecursionError, TableError) as error:
            self.refuse(error if isinstance(error, TableError) else TableError("not JSON"))
            return
        self.set_status(201)
        await self.done({"code": code, "tokens": tokens})


class DealHandler(TeacherHandler):
    coded = True

    async def post(self, code: str) -> None:
        table = self.tables.table(code)
        try:
            table.deal()
        except TableError as error:
            self.refuse(error)
            return
        self.tables.push(code)
        await self.done({"deal": table.view()["deal"]})


class ControlHandler(TeacherHandler):
    """The teacher's buttons for one table: pause, resume, end the game, close it."""

    coded = True

    async def post(self, code: str, action: str) -> None:
        table = self.tables.table(code)
        try:
            if action == "close":
                self.tables.close(code)
                await self.done({"closed": code})
                return
            {"pause": table.pause, "resume": table.unpause, "end": table.end}[action]()
        except TableError as error:
            self.refuse(error)
            return
        self.tables.push(code)
        await self.done({"view": table.view()})


class TimerHandler(TeacherHandler):
    coded = True

    async def post(self, code: str) -> None:
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
        await self.done({"view": table.view()})


class MoveHandler(TeacherHandler):
    coded = True

    async def post(self, code: str, name: str) -> None:
        """Move a learner to a bot's seat at this or another table (a new token)."""
        try:
            request = json.loads(self.request.body or b"null")
            moved = self.tables.move(code, tornado.escape.url_unescape(name), request)
        except (ValueError, RecursionError, TableError) as error:
            self.refuse(error if isinstance(error, TableError) else TableError("not JSON"))
            return
        await self.done(moved)


class SeatLinkHandler(TeacherHandler):
    coded = True

    async def post(self, code: str, name: str) -> None:
        """A new token for a seat whose link was lost or shared; the old one stops working."""
        table = self.tables.table(code)
        try:
            token = table.new_token(tornado.escape.url_unescape(name))
        except TableError as error:
            self.refuse(error)
            return
        self.tables.push(code)  # the old token's connections are closed
        await self.done({"token": token})


class LedgerHandler(TeacherHandler):
    coded = True

    def get(self, code: str) -> None:
        """The table's ledger file, open or closed."""
        folder = self.tables.closed.get(code) or self.tables.table(code).folder
        assert folder is not None
        self.tables.writer.flush()  # the ledger as the table stands
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="table-{code}.json"')
        self.finish((folder / "table-ledger.json").read_bytes())


class EveryTableHandler(TeacherHandler):
    async def post(self, action: str) -> None:
        """The teacher's buttons for all the tables at once: pause, resume, end the game."""
        await self.done({"tables": self.tables.every_table(action)})


class ClassHandler(TeacherHandler):
    """The class as the teacher sees it: the code, the learners' address and its QR code,
    the lobby and the tables."""

    def initialize(self, tables: Tables, base: str = "/") -> None:
        self.tables = tables
        self.base = base

    def get(self) -> None:
        address = self.tables.address or f"{self.request.protocol}://{self.request.host}{self.base}"
        joining = join_address(address, self.tables.lobby.code)
        lessons = self.tables.lessons
        self.finish(
            {
                "code": self.tables.lobby.code,
                "address": address,
                "join": joining,
                "qr": qr_svg(joining),
                "lessons": lessons and lessons + LEARNERS_FIRST,
                "deck": self.tables.deck,
                "learners": [
                    {"name": x.name, "table": x.table} for x in self.tables.lobby.learners.values()
                ],
                **self.tables.board(),
            }
        )


class ClassActionHandler(TeacherHandler):
    """The teacher's class buttons: seat everyone waiting, start every table dealing by
    itself, remove a learner from the lobby."""

    async def post(self, action: str) -> None:
        try:
            request = json.loads(self.request.body or b"{}")
            if action == "seat":
                await self.done({"tables": self.tables.seat_everyone(request)})
            elif action == "start":
                await self.done({"tables": self.tables.start(request)})
            else:
                if not isinstance(request, dict) or not isinstance(request.get("name"), str):
                    raise TableError('removing a learner is asked as {"name": "..."}')
                self.tables.lobby.remove(request["name"])
                await self.done({"removed": request["name"]})
        except (ValueError, RecursionError, GutsError) as error:
            self.refuse(
                TableError(str(error)) if isinstance(error, GutsError) else TableError("not JSON")
            )


class LearnerHandler(tornado.web.RequestHandler):
    """A learner's device: joining with the class code, then asking where it sits."""

    def initialize(self, tables: Tables, base: str = "/") -> None:
        self.tables = tables
        self.base = base

    def check_xsrf_cookie(self) -> None:
        """A device proves who it is by the token it sends in its request, never a cookie."""

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish({"error": self._reason})

    def post(self) -> None:
        """``{"code", "name"}``: join the class; the answer holds the device's token."""
        try:
            request = json.loads(self.request.body or b"null")
            self.finish(self.tables.join(request, client_of(self.request)))
        except GutsError as error:
            self.set_status(429 if self.tables.strikes.blocked(client_of(self.request)) else 400)
            self.finish({"error": str(error)})
        except (ValueError, RecursionError):
            self.set_status(400)
            self.finish({"error": "joining is asked as JSON"})

    def get(self) -> None:
        """Where this device sits (``Authorization: Bearer TOKEN``), or how many wait."""
        token = (self.request.headers.get("Authorization") or "").removeprefix("Bearer ")
        try:
            self.finish(self.tables.place_of(token.strip()))
        except GutsError as error:
            self.set_status(403)
            self.finish({"error": str(error)})


class BoardHandler(LearnerHandler):
    def get(self) -> None:
        """The class view's tiles and leaderboard, for whoever has the class code
        (``?c=CODE``): the projector shows them to the room."""
        client = client_of(self.request)
        if self.tables.strikes.blocked(client):
            self.set_status(429)
            self.finish({"error": wait_words(self.tables.strikes)})
            return
        if not self.tables.lobby.is_code(self.get_query_argument("c", "")):
            self.tables.strikes.strike(client)
            self.set_status(403)
            self.finish({"error": "that is not this class's code"})
            return
        address = self.tables.address or f"{self.request.protocol}://{self.request.host}{self.base}"
        joining = join_address(address, self.tables.lobby.code)
        self.finish(
            {
                "code": self.tables.lobby.code,
                "join": joining,
                "qr": qr_svg(joining),
                **self.tables.board(),
            }
        )


class SeasonHandler(TeacherHandler):
    def get(self) -> None:
        """The class's tables as one season file, a table an evening (R12), which ``guts-teach
        replay`` and ``workbook export`` read: only once every table's game has ended with
        nothing on it, so that the season's standings are the leaderboard's."""
        try:
            text = self.tables.season_text()
        except GutsError as error:
            self.set_status(409)
            self.finish({"error": str(error)})
            return
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="class-season.json"')
        self.finish(text)


def join_address(address: str, code: str) -> str:
    """The address a learner's phone opens to join: the learners' address with the code.

    >>> join_address("http://10.0.0.5:8765/", "KXPTRM")
    'http://10.0.0.5:8765/join?c=KXPTRM'
    """
    return f"{address.rstrip('/')}/join?c={code}"


def qr_svg(address: str) -> str | None:
    """``address`` as a QR code, SVG text drawn by ``segno`` here (nothing fetched), or
    ``None`` where segno is missing."""
    try:
        import segno
    except ImportError:
        return None
    import io

    drawn = io.BytesIO()
    segno.make(address, error="m").save(
        drawn, kind="svg", scale=10, border=2, title=f"QR code of {address}", svgclass=None
    )
    return drawn.getvalue().decode("utf-8")


class PlayerSocket(tornado.websocket.WebSocketHandler):
    """One person's connection to one table: a seat (with its token) or a projector."""

    def initialize(self, tables: Tables) -> None:
        self.tables = tables
        self.code = ""
        self.token: str | None = None
        self.joined = False
        self.sent: list[float] = []
        self.client = ""
        self.pictured: tuple[int, str | None] | None = None
        """The deal and cards whose picture this connection was sent last."""

    def check_origin(self, origin: str) -> bool:
        """A page of the tables' own origin, or one of the lessons the command serves beside
        them (another origin, on purpose: see :mod:`.lessons`). Nothing here trusts a cookie
        (a seat is whoever sends its token first), so letting the lessons in gives them
        nothing their learner has not pasted."""
        return super().check_origin(origin) or is_lessons_origin(
            origin,
            scheme=self.request.protocol,
            host=self.request.host,
            port=self.tables.lessons_port,
        )

    def open(self, code: str) -> None:
        code = code.upper()
        self.client = client_of(self.request)
        if self.tables.strikes.blocked(self.client):
            self.close(REFUSED, wait_words(self.tables.strikes)[:120])
            return
        if code in self.tables.closed:
            self.close(CLOSED, f"table {code} was closed by the teacher")
            return
        if code not in self.tables.tables:  # said in words, where a 404 would only drop it
            self.tables.strikes.strike(self.client)
            self.close(NO_TABLE, f"no table has the code {code}")
            return
        self.code = code
        waiting = self.tables.waiting.setdefault(code, set())
        mine = sum(1 for s in waiting if s.client == self.client)
        if len(waiting) >= MAX_WAITING or mine >= PER_CLIENT:
            self.close(BUSY, f"too many connections to table {code} are waiting: try again")
            return
        waiting.add(self)
        # a connection that never says who it is does not stay
        IOLoop.current().call_later(JOIN_WAIT, self._joined_or_gone)

    def _joined_or_gone(self) -> None:
        if not self.joined:
            self.leave(REFUSED, f"no token sent within {JOIN_WAIT:g} s")

    def on_message(self, message: str | bytes) -> None:
        now = time.monotonic()
        self.sent = [t for t in self.sent if now - t < 1.0] + [now]
        if len(self.sent) > RATE:
            self.leave(REFUSED, f"more than {RATE} messages a second")
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
        if not self.joined:
            self._join(table, data)
            return
        try:
            if self.token is None:
                raise ProtocolError(protocol.PLAY)
            asked, is_in = protocol.read_play(data)
            if asked == "deal":
                table.deal_as(self.token)
            else:
                table.declare(self.token, is_in)
        except (TableError, ProtocolError) as error:
            self.answer_error(str(error))
            return
        # A declaration that leaves the deal open is shown at once: if the service died before
        # its file was written, the seat would declare again, which tells nobody anything (who
        # has declared is all a view shows before the showdown). A showdown or a deal is shown
        # only once it is on the disk.
        self.tables.push(self.code, durable=table.phase != "declaring" or asked == "deal")

    def _join(self, table: ClassTable, data: dict[str, Any]) -> None:
        """The first message: a seat's token, or ``null`` for a projector. One refused ends
        the connection, said in words first: nothing it sent next could seat it."""
        try:
            token = protocol.read_join(data)
            if token is not None:
                table.seat_of(token)
        except (TableError, ProtocolError) as error:
            self._refuse_join(REFUSED, str(error))
            return
        if token is None:
            watchers = [s for s in self.tables.watchers[self.code] if s.token is None]
            mine = sum(1 for s in watchers if s.client == self.client)
            if len(watchers) >= MAX_WATCHERS or mine >= PER_CLIENT:
                self.leave(BUSY, f"table {self.code} has as many projectors as it serves")
                return
        else:
            tabs = sum(1 for s in self.tables.watchers[self.code] if s.token == token)
            if tabs >= MAX_SEAT_TABS:
                self._refuse_join(
                    BUSY, f"this seat is open in {MAX_SEAT_TABS} places already: close one"
                )
                return
        self.tables.waiting.get(self.code, set()).discard(self)
        self.token, self.joined = token, True
        self.tables.watchers[self.code].add(self)
        self.send_view()

    def _refuse_join(self, code: int, words: str) -> None:
        """Say why a first message is refused, then end the connection with ``code``."""
        self.answer_error(words)
        self.leave(code, words[:120])

    def answer_error(self, text: str) -> None:
        self.send(protocol.error(text))

    def send_view(self) -> None:
        table = self.tables.tables.get(self.code)
        if table is None:
            self.leave(CLOSED, f"table {self.code} was closed by the teacher")
            return
        try:
            view = table.view(self.token)
        except TableError as error:  # a seat given a new token: this one is closed
            self.leave(REFUSED, str(error)[:120])
            return
        picture = view.get("cards_picture")
        if picture is not None:  # drawn once a deal: the page keeps it while the cards stay
            hand = (view["deal"], view.get("cards"))
            if hand == self.pictured:
                del view["cards_picture"]
            self.pictured = hand
        self.send(protocol.view(view))

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message``, or drop this connection if it is closing or gone."""
        try:
            self.write_message(message)
        except tornado.websocket.WebSocketClosedError:
            self.leave(GONE, "gone")

    def leave(self, code: int, reason: str) -> None:
        """Stop sending views here at once, then close (the close may never be answered, so
        the connection stops counting against its table and its client now)."""
        self.tables.watchers.get(self.code, set()).discard(self)
        self.tables.waiting.get(self.code, set()).discard(self)
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
        if code != code.upper():  # a code typed in lower case finds its table
            self.redirect(self.request.path[: -len(code)] + code.upper())
            return
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        page = (PAGES / f"{self.name}.html").read_text(encoding="utf-8")
        page = page.replace("{{close_codes}}", protocol.codes_attribute())
        self.finish(page.replace("{{base}}", tornado.escape.xhtml_escape(self.base)))


class StaticFiles(PageHeaders, tornado.web.StaticFileHandler):
    pass


def routes(tables: Tables, base: str = "/") -> list[Any]:
    """The service's routes under ``base`` ("/" on its own; a JupyterHub service's prefix,
    such as "/services/tables/", behind a hub)."""
    given = {"tables": tables}
    code = r"([A-Za-z]{4})"
    return [
        (rf"{base}teacher", PageHandler, {"name": "teacher", "base": base}),
        (rf"{base}join", PageHandler, {"name": "join", "base": base}),
        (rf"{base}class", PageHandler, {"name": "class", "base": base}),
        (rf"{base}api/class", ClassHandler, {"tables": tables, "base": base}),
        (rf"{base}api/class/(seat|start|remove)", ClassActionHandler, given),
        (rf"{base}api/class/(?:join|me)", LearnerHandler, given),
        (rf"{base}api/class/board", BoardHandler, {"tables": tables, "base": base}),
        (rf"{base}api/tables/all/(pause|resume|end|call-time)", EveryTableHandler, given),
        (rf"{base}api/class/season", SeasonHandler, given),
        (rf"{base}play/{code}", PageHandler, {"name": "play", "base": base}),
        (rf"{base}projector/{code}", PageHandler, {"name": "projector", "base": base}),
        (rf"{base}static/(style\.css|table\.js|class\.js)", StaticFiles, {"path": str(PAGES)}),
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
        [(r"/", tornado.web.RedirectHandler, {"url": "/join"}), *routes(tables)],
        websocket_max_message_size=MAX_MESSAGE,
    )


def serve(
    tables: Tables, *, address: str, port: int, tls: ssl.SSLContext | None = None
) -> PeriodicCallback:
    """Listen on ``address``:``port`` (over HTTPS with ``tls``; bodies over :data:`MAX_BODY`
    refused) and look at the tables' timers; the caller runs the IO loop."""
    application(tables).listen(port, address, max_body_size=MAX_BODY, ssl_options=tls)
    return start_ticking(tables)


def start_ticking(tables: Tables) -> PeriodicCallback:
    """Look at the tables' timers every :data:`TICK` seconds (from the event loop that runs
    the service, which the files' writer hands its calls back to)."""
    tables.on_loop(IOLoop.current())
    ticking = PeriodicCallback(tables.tick, TICK * 1000)
    ticking.start()
    return ticking
