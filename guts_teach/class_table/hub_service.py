"""The class tables as a JupyterHub service: learners are who the hub says they are.

``guts-teach classroom`` runs this module as one of its hub's services (the hub starts and
stops it, and gives it its address and its OAuth client in the environment). The tables and
their pages are the same as on a laptop (:mod:`.service`), served under the service's prefix,
``/services/tables/``; what changes is who gets in, which JupyterHub's own OAuth decides (no
second password):

- the hub's admin (the teacher) who opens ``/services/tables/`` is sent to the teacher's page
  with the service's key in the address's fragment, which the browser never sends on, so the
  page signs in by itself;
- a learner who opens it is shown the table where the teacher seated their hub name, with a
  button that takes the seat (a POST, carrying the hub's XSRF token: only then is a new token
  made for the seat, which ends an older link, and the learner sent to it), or, where no
  table names them, a button that joins the class's lobby as the hub says they are (no code to
  type; the device's token goes to the join page in the fragment). Opening the address makes
  nothing, so a link or a picture pointing at it elsewhere cannot end a learner's seat link; a
  program with the learner's hub token (their notebook's *Join my seat*) posts with the token,
  which needs no XSRF token;
- anyone not signed in to the hub is sent to the hub's sign-in first.

The seats' tokens, the key and the sealed declarations work as on a laptop; the hub only
says who is asking.
"""

from __future__ import annotations

import secrets
import sys
from typing import Any

import tornado.escape
import tornado.web
from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated

from ..classroom.own_service import hub_place, serve_until_stopped
from .service import MAX_BODY, MAX_MESSAGE, PageHeaders, Tables, routes, start_ticking

TAKE_SEAT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Guts: your seat at table {code}</title>
<link rel="stylesheet" href="{base}static/style.css"></head>
<body><main><h1>Your seat at table {code}</h1>
<p>{name}, your teacher has seated you at table {code}. Taking your seat here ends any
other link to it (another tab's, a phone's).</p>
<form method="post" action="{base}">{xsrf}<button type="submit">Take my seat</button></form>
</main></body></html>
"""

NO_SEAT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Guts: join the class</title><link rel="stylesheet" href="{base}static/style.css"></head>
<body><main><h1>Join the class's Guts game, {name}</h1>
<p>You are signed in as {name}: no code to type. Join, wait in the lobby, and your table opens
by itself when your teacher seats the class. Joining here ends any other device's place.</p>
<form method="post" action="{base}">{xsrf}<button type="submit">Join the class</button></form>
</main></body></html>
"""


NO_SEAT_YET = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Guts: no seat yet</title></head>
<body><main><h1>No seat for {name} yet</h1>
<p>Your teacher seats you by your name, {name}.</p></main></body></html>
"""
"""What a program asking for its learner's seat (their notebook's *Join my seat*) hears when
no table has one."""


class Entrance(HubOAuthenticated, PageHeaders):  # type: ignore[misc]
    """``/services/tables/``: the teacher to their page, a learner to their seat."""

    def initialize(self, tables: Tables, key: str, base: str) -> None:
        self.tables = tables
        self.key = key
        self.base = base

    @tornado.web.authenticated
    def get(self) -> None:
        """The teacher to their page; a learner to the page that takes their seat."""
        user: dict[str, Any] = self.current_user
        self.set_header("Cache-Control", "no-store")
        if user.get("admin"):
            self.redirect(f"{self.base}teacher#k={tornado.escape.url_escape(self.key)}")
            return
        name = str(user["name"])
        code = self.seated_at(name)
        if code is None:
            self.no_seat(name)
            return
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(
            TAKE_SEAT.format(
                code=code,
                name=tornado.escape.xhtml_escape(name),
                base=tornado.escape.xhtml_escape(self.base),
                xsrf=self.xsrf_form_html(),
            )
        )

    @tornado.web.authenticated
    def post(self) -> None:
        """A learner takes their seat: a new token for it (an older link's connections are
        closed) and off to the seat. The hub's sign-in accepts a browser's cookie here only
        with the hub's XSRF token, which only the page above carries."""
        user: dict[str, Any] = self.current_user
        self.set_header("Cache-Control", "no-store")
        if user.get("admin"):
            self.redirect(f"{self.base}teacher#k={tornado.escape.url_escape(self.key)}", status=303)
            return
        name = str(user["name"])
        code = self.seated_at(name)
        joined = self.tables.lobby.learners.get(name.casefold())
        if self.request.headers.get("Authorization"):
            # a program with the learner's hub token (their notebook's Join my seat) takes the
            # seat itself, or hears there is none; the lobby is for a browser
            if code is None:
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.finish(NO_SEAT_YET.format(name=tornado.escape.xhtml_escape(name)))
                return
        elif code is None or (joined is not None and joined.table == code):
            # the class's lobby: joined as the hub says, the device keeping its place
            place = self.tables.join_signed_in(name)
            token = tornado.escape.url_escape(place["token"])
            self.redirect(f"{self.base}join#d={token}", status=303)
            return
        token = self.tables.tables[code].new_token(name)
        self.tables.push(code)
        self.redirect(f"{self.base}play/{code}#t={tornado.escape.url_escape(token)}", status=303)

    def seated_at(self, name: str) -> str | None:
        """The code of the table where the teacher seated ``name``, if any."""
        for code, table in sorted(self.tables.tables.items()):
            if name in table.session.players and name not in table.bot_kinds:
                return code
        return None

    def no_seat(self, name: str) -> None:
        """No table names ``name``: the button that joins the class's lobby."""
        self.set_header("Content-Type", "text/html; charset=utf-8")
        shown = tornado.escape.xhtml_escape(name)
        self.finish(
            NO_SEAT.format(
                name=shown, base=tornado.escape.xhtml_escape(self.base), xsrf=self.xsrf_form_html()
            )
        )


def hub_application(tables: Tables, key: str, base: str) -> tornado.web.Application:
    """The tables' routes under the hub service's prefix ``base``, with the hub's sign-in."""
    return tornado.web.Application(
        [
            (rf"{base}?", Entrance, {"tables": tables, "key": key, "base": base}),
            (rf"{base}oauth_callback", HubOAuthCallbackHandler),
            *routes(tables, base),
        ],
        cookie_secret=secrets.token_bytes(32),
        websocket_max_message_size=MAX_MESSAGE,
    )


def main(argv: list[str] | None = None) -> int:
    """Serve the tables under the hub that started this service (see the module docs)."""
    place = hub_place("guts_teach.class_table.hub_service", argv)
    if place is None:
        return 2
    key = secrets.token_urlsafe(16)
    tables = Tables(place.folder, key)
    for why in tables.skipped:
        print(f"Left closed: {why}", file=sys.stderr, flush=True)
    start_ticking(tables)
    print(f"Class tables at {place.base} (the hub's admin and learners sign in there)", flush=True)
    return serve_until_stopped(hub_application(tables, key, place.base), place, max_body=MAX_BODY)


if __name__ == "__main__":
    sys.exit(main())
