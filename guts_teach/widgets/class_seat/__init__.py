"""A learner's seat at a class table, from a notebook: the same table the phones play at.

:class:`ClassSeat` joins a table of ``guts-teach table`` (or of the classroom's hub) with the
seat's link the teacher handed out, then shows what the service's own player page shows: your
cards only, In and Out (sealed until everyone has declared or the timer ends), the table's
picture, the showdown told step by step, and the balances. It is an adapter and nothing more:
every card, declaration and payment is the service's (:mod:`guts_teach.class_table`), and the
widget speaks the player page's protocol over a WebSocket (the seat's token first, then
``{"declare": true}`` or ``false``; a view back after every change).

The connection lives in a thread of its own with its own event loop, so it works the same in
a Jupyter kernel (whose loop runs the notebook's messages) and in a plain Python process; in
the lessons in the browser (Pyodide: no threads, no sockets) it is the browser's own WebSocket,
whose events call the widget back.
Under a classroom whose servers are told where the tables are (:data:`TABLES_URL`), *Join my
seat* asks the tables' hub entrance for this learner's seat with the server's hub token, as a
browser's visit to ``/services/tables/`` does. What goes wrong is told in words in the widget:
a wrong link or code, a seat open in too many places, a closed table, a service gone.

Its parts: :mod:`.link` (a seat's link, read or asked of the hub), :mod:`.connection` (the
WebSocket in its thread, and the words for how a connection ends), :mod:`.browser` (the
browser's WebSocket, in the lessons in the browser) and :mod:`.words` (what the widget shows
of a view).
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets
import traitlets

from ...class_table.protocol import declare
from ...classroom.addresses import TABLES_URL
from ...pictures.svg import table_pictures
from ..parts.access import live
from ..parts.deck import follow_deck
from ..parts.style import CSS, TextFallback, button
from .browser import BrowserConnection
from .connection import Connection, SeatConnection
from .link import SeatLink, SeatLinkError, parse_seat_link, seat_from_hub
from .words import alert, balances_html, declared_words, said, scene_of, status_words, story_html


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
        self._connection: Connection | None = None
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
        self.status = widgets.HTML(said("Not joined yet. Paste your seat's link, then Join."))
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
                widgets.HTML(CSS + f"<h3>Your class's table</h3>{said(intro)}"),
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
        self._connection.send(declare(is_in))
        self._show(status=f"You said {'In' if is_in else 'Out'}: waiting for the table…")

    # ------------------------------------------------------------------ the connection

    def _connect(self, seat: SeatLink) -> None:
        self._stop()
        self.view = None
        self._show(status=f"Joining table {seat.code} at {seat.address}…", error="")
        # the lessons in the browser (Pyodide) have no threads nor sockets: the browser's own
        # WebSocket carries the same messages there
        kind = BrowserConnection if sys.platform == "emscripten" else SeatConnection
        connection: Connection = kind(
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

    def _ended(self, connection: Connection, words: str) -> None:
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
            self.status.value = said(status, "guts-status")
        if error is not None:
            self.error.value = alert(error)

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
        self.rules.value = said(f"{view['you']}'s seat. Rules: {' · '.join(view['rules'])}.")
        if view["phase"] == "declaring" and view.get("cards"):
            cards = f"Your cards: {view['cards']}"
        elif view.get("your_last_cards"):
            cards = f"Your cards were {view['your_last_cards']}"
        else:
            cards = "Waiting for the deal"
        self.cards.value = said(cards, "guts-status")
        self.declared.value = said(declared_words(view)) if view["phase"] == "declaring" else ""
        self.picture.value = table_pictures(scene_of(view), four_colour=self.four_colour)
        self.story.value = story_html(view)
        self.balances.value = balances_html(view)
        self._buttons()
