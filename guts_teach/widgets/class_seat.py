"""A learner's seat at a class table, from a notebook: the same table the phones play at.

:class:`ClassSeat` joins a table of ``guts-teach table`` (or of the classroom's hub) with the
seat's link the teacher handed out, then shows what the service's own player page shows: your
cards only, In and Out (sealed until everyone has declared or the timer ends), the table's
picture, the showdown told step by step, and the balances. It is an adapter and nothing more:
every card, declaration and payment is the service's (:mod:`guts_teach.class_table`), and the
widget speaks the player page's protocol over a WebSocket (the seat's token first, then
``{"declare": true}`` or ``false``; a view back after every change).

The connection lives in a thread of its own with its own event loop, so it works the same in
a Jupyter kernel (whose loop runs the notebook's messages) and in a plain Python process.
Under a classroom whose servers are told where the tables are (:data:`TABLES_URL`), *Join my
seat* asks the tables' hub entrance for this learner's seat with the server's hub token, as a
browser's visit to ``/services/tables/`` does. What goes wrong is told in words in the widget:
a wrong link or code, a seat open in too many places, a closed table, a service gone.

>>> parse_seat_link("http://10.0.0.5:8765/play/ABCD#t=s3cret")
SeatLink(base='http://10.0.0.5:8765/', code='ABCD', token='s3cret')
>>> parse_seat_link("https://school.example/services/tables/play/WXYZ#t=a%2Bb").socket_url
'wss://school.example/services/tables/api/tables/WXYZ/play'
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from ..classroom.addresses import TABLES_URL
from ..game.cards.deck import parse_cards
from ..game.errors import GutsError
from ..game.money import parse_amount
from ..lessons.scene import Scene
from ..pictures.svg import table_pictures
from .parts.access import live
from .parts.deck import follow_deck
from .parts.style import CSS, TextFallback, button

CLOSED = 4000
"""The close code of a table the teacher closed (:data:`guts_teach.class_table.service.CLOSED`)."""
NO_TABLE = 4004
"""The close code of a table code no table has."""
CONNECT_WAIT = 10.0
"""Seconds a join waits for the service to answer."""
HOW = "a seat's link looks like http://ADDRESS:8765/play/ABCD#t=..."


class SeatLinkError(GutsError):
    """A seat's link that cannot be read, saying what one looks like."""


@dataclass(frozen=True)
class SeatLink:
    """Where a seat is: the service's address (``base``, ending in ``/``), the table's
    four-letter code and the seat's token."""

    base: str
    code: str
    token: str

    @property
    def socket_url(self) -> str:
        """The table's WebSocket address, as the player page makes it."""
        scheme = "wss" if self.base.startswith("https:") else "ws"
        return f"{scheme}:{self.base.split(':', 1)[1]}api/tables/{self.code}/play"

    @property
    def address(self) -> str:
        """The service's host and port, for sentences."""
        return urllib.parse.urlsplit(self.base).netloc


def parse_seat_link(text: str) -> SeatLink:
    """Read a seat's link, as the teacher's page shows it (the token after ``#t=``).

    >>> parse_seat_link(" 127.0.0.1:8765/play/abcd#t=x ").code
    'ABCD'
    >>> parse_seat_link("http://127.0.0.1:8765/projector/ABCD")
    Traceback (most recent call last):
    ...
    guts_teach.widgets.class_seat.SeatLinkError: that is a projector's link, not a seat's: \
ask your teacher for your seat's link (it ends in #t= and your seat's token)
    """
    given = text.strip()
    if not given:
        raise SeatLinkError(f"paste your seat's link first: {HOW}")
    if "://" not in given:
        given = "http://" + given
    parts = urllib.parse.urlsplit(given)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SeatLinkError(f"that is not a seat's link: {HOW}")
    path = parts.path.rstrip("/")
    base, _, code = path.rpartition("/")
    prefix, _, page = base.rpartition("/")
    if page == "projector":
        raise SeatLinkError(
            "that is a projector's link, not a seat's: ask your teacher for your seat's link "
            "(it ends in #t= and your seat's token)"
        )
    if page != "play" or len(code) != 4 or not code.isalpha():
        raise SeatLinkError(f"that link names no table: {HOW}, where ABCD is the table's code")
    token = urllib.parse.parse_qs(parts.fragment).get("t", [""])[0]
    if not token:
        raise SeatLinkError(
            "that link has no seat token (the part after #t=): copy the whole link your teacher "
            "gave you"
        )
    return SeatLink(f"{parts.scheme}://{parts.netloc}{prefix}/", code.upper(), token)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Keep a redirect's answer: its address holds the seat."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def seat_from_hub(environ: Mapping[str, str] | None = None) -> SeatLink:
    """This learner's seat, as the classroom's tables hand it to them: the tables' entrance
    (:data:`TABLES_URL`) asked with this server's hub token (``JUPYTERHUB_API_TOKEN``) in a
    POST, as the entrance makes a seat's token only when posted to, answers with the seat's
    address, which ends an older link to the same seat.

    >>> seat_from_hub({})
    Traceback (most recent call last):
    ...
    guts_teach.widgets.class_seat.SeatLinkError: this notebook is not in a classroom that \
runs class tables: paste your seat's link instead
    """
    environ = os.environ if environ is None else environ
    url, token = environ.get(TABLES_URL, ""), environ.get("JUPYTERHUB_API_TOKEN", "")
    if not url or not token:
        raise SeatLinkError(
            "this notebook is not in a classroom that runs class tables: paste your seat's "
            "link instead"
        )
    opener = urllib.request.build_opener(_NoRedirect)
    request = urllib.request.Request(
        url, data=b"", method="POST", headers={"Authorization": f"token {token}"}
    )
    try:
        with opener.open(request, timeout=CONNECT_WAIT) as reply:
            page = reply.read(4096).decode("utf-8", "replace")
    except urllib.error.HTTPError as answer:
        where = answer.headers.get("Location", "")
        if answer.code in (301, 302, 303, 307) and "/play/" in where:
            return parse_seat_link(urllib.parse.urljoin(url, where))
        raise SeatLinkError(
            "the classroom's tables did not let this notebook in (they answered "
            f"{answer.code}): open {url} in your browser instead"
        ) from None
    except (OSError, ValueError):
        raise SeatLinkError(
            "the classroom's tables do not answer: ask your teacher whether they are running"
        ) from None
    if "No seat for" in page:
        raise SeatLinkError(
            "no table has a seat for you yet: your teacher seats you by your name; press Join "
            "my seat again when they say your table is open"
        )
    raise SeatLinkError(f"the classroom's tables gave no seat: open {url} in your browser")


class _Connection:
    """The seat's WebSocket, in a thread with its own event loop. ``told(message)`` gets each
    message from the service, ``ended(words, final)`` why the connection ended (``final``:
    nothing to rejoin), ``tick()`` is called every second; all three from this thread."""

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
        self.loop: asyncio.AbstractEventLoop | None = None
        self.socket: Any = None
        self.stopping = False
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
            if joined:
                self.ended(
                    f"the table's service at {seat.address} has stopped answering. Your seat "
                    "and cards are kept: press Join when your teacher says it is back"
                )
            elif isinstance(error, TimeoutError):
                self.ended(f"nothing answered at {seat.address} within {CONNECT_WAIT:g} s")
            else:
                self.ended(
                    f"nothing answers at {seat.address}: the table's service is not running "
                    "there, or the link's address is wrong. Check it with your teacher"
                )
            self.stopping = True
            return None
        self._write(json.dumps({"token": seat.token}))
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
                self.ended(f"the table did not seat you: {data['error']}")
                return False
            seated = seated or "view" in data
            self.told(data)

    def _why_closed(self, socket: Any, *, seated: bool, joined: bool) -> str | None:
        """Why the service ended the connection, in words; ``None`` when it was lost and
        joining again may find the seat."""
        code, reason = socket.close_code, socket.close_reason or ""
        if code == CLOSED:
            return f"{reason}. The standings shown are final"
        if code == NO_TABLE:
            return reason or f"no table has the code {self.seat.code}"
        if code in (1008, 1013):  # refused: a new link for this seat, too many tabs
            return f"the table ended this connection: {reason}"
        if not seated and not joined:
            return (
                f"the service at {self.seat.address} did not seat you: check the link (the "
                "code is the four letters after /play/)"
            )
        return None


def _amount(text: object) -> Fraction:
    try:
        return parse_amount(str(text), what="amount")
    except GutsError:
        return Fraction(0)


def _cards(text: object) -> tuple[Any, ...]:
    try:
        return tuple(parse_cards(str(text)))
    except GutsError:
        return ()


def status_words(view: Mapping[str, Any]) -> str:
    """The table's state in a line, as the player page says it.

    >>> status_words({"deal": 2, "pot": "6", "reserve": "0", "dealer": "Ana",
    ...               "phase": "declaring", "seconds_left": 12.2})
    'Deal 2 · Pot 6 · Reserve 0 · Ana deals · 13 s to declare'
    """
    parts = [f"Deal {view['deal']}", f"Pot {view['pot']}", f"Reserve {view['reserve']}"]
    parts.append(f"{view['dealer']} deals")
    if view.get("ended"):
        parts.append("the game has ended: the standings are final")
    elif view.get("paused"):
        parts.append("paused by the teacher")
    if view["phase"] == "declaring" and not view.get("ended"):
        parts.append(f"{-int(-float(view.get('seconds_left', 0)) // 1)} s to declare")
    elif not view.get("ended") and not view.get("paused"):
        parts.append("waiting for the teacher to deal")
    return " · ".join(parts)


def declared_words(view: Mapping[str, Any]) -> str:
    """Who has declared (never what, declaring at once), whose turn it is, and your own."""
    if view.get("phase") != "declaring":
        return ""
    words = ""
    mine = view.get("you_declared")
    if mine:
        later = (
            "the players after you hear it."
            if view.get("in_turn")
            else ("sealed until everyone has declared.")
        )
        words = f"You declared {mine}: {later} "
    elif view.get("turn") and view.get("turn") == view.get("you"):
        words = "Your turn to declare. "
    declared = view.get("declared") or []
    words += f"Declared: {', '.join(declared)}." if declared else "Nobody has declared yet."
    heard = [f"{p} {d}" for p, d in (view.get("declarations") or {}).items()]
    if heard:
        words += f" Heard: {', '.join(heard)}."
    waiting = view.get("waiting") or []
    if waiting:
        words += (
            f" Still to declare, in turn: {', '.join(waiting)}."
            if view.get("in_turn")
            else f" Waiting for {', '.join(waiting)}."
        )
    return words


def scene_of(view: Mapping[str, Any]) -> Scene:
    """The table as this seat may see it: your own cards face up while a deal is played,
    who has declared (what, only when it was heard), then the showdown's hands."""
    players = tuple(view["players"])
    you = view.get("you", "")
    balances = {p: _amount(v) for p, v in view["balances"].items()}
    common: dict[str, Any] = {
        "players": players,
        "dealer": view["dealer"],
        "pot": _amount(view["pot"]),
        "reserve": _amount(view["reserve"]),
        "balances": balances,
        "hand_size": int(view.get("hand_size", 2)),
    }
    if view["phase"] == "declaring":
        heard = {p: d == "in" for p, d in (view.get("declarations") or {}).items()}
        if view.get("you_declared"):
            heard[you] = view["you_declared"] == "in"
        mine = _cards(view.get("cards", ""))
        return Scene(
            **common,
            hands={you: mine} if mine else {},
            face_up=frozenset([you]),
            declared=heard,
            sealed=frozenset(view.get("declared") or ()) - set(heard),
        )
    shown = view.get("shown")
    if not shown:
        return Scene(**common, dealt=False)
    hands = {p: _cards(h) for p, h in shown["hands"].items()}
    if view.get("your_last_cards"):
        hands[you] = _cards(view["your_last_cards"])
    ghost = _cards(shown["ghost"]) if shown.get("ghost") else None
    return Scene(
        **common,
        hands={p: h for p, h in hands.items() if h},
        face_up=frozenset(hands),
        declared={p: p in shown["in"] for p in players},
        winners=frozenset(shown["winners"]),
        ghost=ghost or None,
        ghost_shown=bool(ghost),
    )


def _balances_html(view: Mapping[str, Any]) -> str:
    rows = "".join(
        f"<tr><td>{escape(p)}</td><td>{escape(str(v))}</td></tr>"
        for p, v in view["balances"].items()
    )
    return (
        '<table class="guts-ledger"><caption>Balances</caption>'
        f'<tr><th scope="col">Player</th><th scope="col">Balance</th></tr>{rows}</table>'
    )


def _story_html(view: Mapping[str, Any]) -> str:
    shown = view.get("shown")
    if not shown:
        return ""
    hands = [f"{p} {h}" for p, h in shown["hands"].items()]
    if shown.get("ghost"):
        hands.append(f"the ghost hand {shown['ghost']}")
    lines = ([f"Hands shown: {'; '.join(hands)}."] if hands else []) + list(shown["story"])
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f'<h4>Last showdown: deal {shown["number"]}</h4><ol class="guts-text">{items}</ol>'


def _say(words: str, css: str = "guts-text") -> str:
    return f'<div class="{css}">{escape(words)}</div>'


def _alert(words: str) -> str:
    return f'<div class="guts-error" role="alert">{escape(words)}</div>' if words else ""


class ClassSeat(TextFallback, widgets.VBox):  # type: ignore[misc]
    """Your seat at a class table, joined with its link (see the module's docs). ``joined``
    is whether the table has seated you; ``view`` is the table as the service last showed it
    to you (``None`` before).

    ``retries`` and ``retry_wait``: how often, and how many seconds apart, a lost connection
    is tried again before the widget says the service is gone.
    """

    fallback_title = "Join your class's table"

    joined = traitlets.Bool(False)
    four_colour = traitlets.Bool(False)

    def __init__(
        self,
        link: str = "",
        *,
        retries: int = 5,
        retry_wait: float = 2.0,
        environ: Mapping[str, str] | None = None,
        **kwargs: Any,
    ) -> None:
        self.retries, self.retry_wait = retries, retry_wait
        self.environ = os.environ if environ is None else environ
        self.view: dict[str, Any] | None = None
        self._connection: _Connection | None = None
        self._lock = threading.Lock()
        self.link = widgets.Text(
            value=link,
            description="Seat link",
            placeholder="http://ADDRESS:8765/play/ABCD#t=...",
            layout=widgets.Layout(width="min(100%, 42em)"),
        )
        self.link.add_class("guts-seat-link")
        self.join_button = button("Join", "guts-seat-join", self.join, "primary")
        self.hub_button = button("Join my seat", "guts-seat-hub", self.join_from_hub, "primary")
        in_classroom = bool(
            self.environ.get(TABLES_URL) and self.environ.get("JUPYTERHUB_API_TOKEN")
        )
        self.hub_button.layout.display = None if in_classroom else "none"
        self.leave_button = button("Leave", "guts-seat-leave", self.leave)
        self.in_button = button("In", "guts-seat-in", lambda: self.declare(True), "success")
        self.out_button = button("Out", "guts-seat-out", lambda: self.declare(False))
        self.status = widgets.HTML(_say("Not joined yet. Paste your seat's link, then Join."))
        self.status.add_class("guts-seat-status")
        self.error = widgets.HTML()
        self.error.add_class("guts-seat-error")
        self.rules = widgets.HTML()
        self.cards = widgets.HTML()
        self.cards.add_class("guts-seat-cards")
        self.declared = widgets.HTML()
        self.declared.add_class("guts-seat-declared")
        self.picture = widgets.HTML()
        self.story = widgets.HTML()
        self.story.add_class("guts-seat-story")
        self.balances = widgets.HTML()
        live(self.status, self.cards, self.declared, self.story)
        intro = (
            "Play your class's table from here, as on a phone. Paste the link your teacher "
            "gave you for your seat, then press Join (Tab to a button; Enter presses it)."
        )
        if in_classroom:
            intro += " In the classroom, Join my seat finds your seat by your name."
        super().__init__(
            [
                widgets.HTML(CSS + f"<h3>Your class's table</h3>{_say(intro)}"),
                widgets.HBox([self.link, self.join_button, self.hub_button, self.leave_button]),
                self.status,
                self.error,
                self.rules,
                self.cards,
                widgets.HBox([self.in_button, self.out_button]),
                self.declared,
                self.picture,
                self.story,
                self.balances,
            ],
            **kwargs,
        )
        self.add_class("guts-panel")
        self.add_class("guts-class-seat")
        follow_deck(self)  # the notebook's four-colour switch, as every card picture
        self.observe(lambda _: self._draw(), "four_colour")
        self._buttons()

    # ------------------------------------------------------------------ the learner's buttons

    def join(self) -> None:
        """Join the table the link names (the Join button)."""
        try:
            seat = parse_seat_link(self.link.value)
        except SeatLinkError as error:
            self._refused(str(error).capitalize() + ".")
            return
        self._connect(seat)

    def join_from_hub(self) -> None:
        """Join the seat the classroom's tables give this learner (the Join my seat button)."""
        self._show(status="Asking the classroom's tables for your seat…", error="")

        def ask() -> None:
            try:
                seat = seat_from_hub(self.environ)
            except SeatLinkError as error:
                self._refused(str(error).capitalize() + ".")
                return
            self._connect(seat)

        threading.Thread(target=ask, daemon=True).start()

    def leave(self) -> None:
        """Leave the table (the seat stays yours: Join again to come back)."""
        self._stop()
        self.joined = False
        self._show(status="You left the table. Your seat is kept: press Join to come back.")
        self._buttons()

    def declare(self, is_in: bool) -> None:
        """Send In (``True``) or Out; the service says whether it took it."""
        if self._connection is None:
            return
        self.in_button.disabled = self.out_button.disabled = True
        self._connection.send({"declare": is_in})
        self._show(status=f"You said {'In' if is_in else 'Out'}: waiting for the table…")

    # ------------------------------------------------------------------ the connection

    def _connect(self, seat: SeatLink) -> None:
        self._stop()
        self.view = None
        self._show(status=f"Joining table {seat.code} at {seat.address}…", error="")
        if sys.platform == "emscripten":
            self._refused(
                "Joining a class table needs Python on a computer (the classroom's notebooks "
                "or your own JupyterLab); the lessons in the browser cannot open a connection."
            )
            return
        connection = _Connection(
            seat,
            told=self._told,
            ended=lambda words: self._ended(connection, words),
            lost=lambda: self._show(status="The connection was lost: joining again…"),
            tick=self._tick,
            retries=self.retries,
            retry_wait=self.retry_wait,
        )
        self._connection = connection
        connection.start()

    def _stop(self) -> None:
        if self._connection is not None:
            self._connection.stop()
            self._connection = None

    def _told(self, message: dict[str, Any]) -> None:
        if "error" in message:  # a refusal the table goes on after
            self._show(error=str(message["error"]).capitalize() + ".")
            self._buttons()
            return
        view = message.get("view")
        if isinstance(view, dict):
            with self._lock:
                self.view = view
            self.joined = True
            self.error.value = ""
            self._draw()

    def _ended(self, connection: _Connection, words: str) -> None:
        if connection is not self._connection:
            return  # an older connection, left on purpose
        self.joined = False
        self._connection = None  # nothing to send to or leave any more
        self._refused(words[:1].upper() + words[1:] + ".")

    def _refused(self, words: str) -> None:
        self._show(status="Not at a table.", error=words)
        self._buttons()

    def _tick(self) -> None:
        """The timer counts down between the service's views, as on the player page."""
        with self._lock:
            view = self.view
            if view is None or view["phase"] != "declaring" or view.get("paused"):
                return
            view["seconds_left"] = max(0.0, float(view.get("seconds_left", 0)) - 1)
        self._show(status=status_words(view))

    # ------------------------------------------------------------------ drawing

    def _show(self, *, status: str | None = None, error: str | None = None) -> None:
        if status is not None:
            self.status.value = _say(status, "guts-status")
        if error is not None:
            self.error.value = _alert(error)

    def _buttons(self) -> None:
        view = self.view if self.joined else None
        mine = (
            view is not None
            and view["phase"] == "declaring"
            and not view.get("you_declared")
            and not view.get("paused")
            and not view.get("ended")
            and (not view.get("turn") or view.get("turn") == view.get("you"))
        )
        self.in_button.disabled = self.out_button.disabled = not mine
        self.leave_button.disabled = self._connection is None

    def _draw(self) -> None:
        view = self.view
        if view is None:
            return
        self._show(status=status_words(view))
        self.rules.value = _say(f"{view['you']}'s seat. Rules: {' · '.join(view['rules'])}.")
        if view["phase"] == "declaring" and view.get("cards"):
            cards = f"Your cards: {view['cards']}"
        elif view.get("your_last_cards"):
            cards = f"Your cards were {view['your_last_cards']}"
        else:
            cards = "Waiting for the deal"
        self.cards.value = _say(cards, "guts-status")
        self.declared.value = _say(declared_words(view)) if view["phase"] == "declaring" else ""
        self.picture.value = table_pictures(scene_of(view), four_colour=self.four_colour)
        self.story.value = _story_html(view)
        self.balances.value = _balances_html(view)
        self._buttons()


__all__ = [
    "TABLES_URL",
    "ClassSeat",
    "SeatLink",
    "SeatLinkError",
    "parse_seat_link",
    "seat_from_hub",
]
