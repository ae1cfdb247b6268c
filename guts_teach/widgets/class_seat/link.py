"""A seat's link: read from what the teacher handed out (``http://ADDRESS:8765/play/ABCD#t=...``),
or asked of the classroom's tables with this server's hub token.

>>> parse_seat_link("http://10.0.0.5:8765/play/ABCD#t=s3cret")
SeatLink(base='http://10.0.0.5:8765/', code='ABCD', token='s3cret')
>>> parse_seat_link("https://school.example/services/tables/play/WXYZ#t=a%2Bb").socket_url
'wss://school.example/services/tables/api/tables/WXYZ/play'
"""

from __future__ import annotations

import os
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...classroom.addresses import TABLES_URL
from ...game.errors import GutsError

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
    guts_teach.widgets.class_seat.link.SeatLinkError: that is a projector's link, not a seat's: \
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
    guts_teach.widgets.class_seat.link.SeatLinkError: this notebook is not in a classroom that \
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
