"""What passes over a class table's WebSocket: the one place the service
(:mod:`.service`), the notebook's seat (:mod:`guts_teach.widgets.class_seat`) and the pages
(``share/class_table/table.js``, given the close codes by the page) take it from.

A connection says who it is first: ``{"token": "..."}`` for a seat, ``{"token": null}`` for a
projector. A seat then sends ``{"declare": true}`` (in) or ``false`` (out), or
``{"deal": true}`` when the deal is theirs. The service sends ``{"view": {...}}`` after each
change and ``{"error": "..."}`` for a message it refuses, the table going on (a first message
refused ends the connection too: :data:`REFUSED`, or :data:`BUSY` for a seat open in too many
places); it ends a connection with one of the close codes below and its reason in words.

>>> join("s3cret"), declare(True), deal()
({'token': 's3cret'}, {'declare': True}, {'deal': True})
>>> read_play({"declare": False}), read_play({"deal": True})
(('declare', False), ('deal', True))
>>> read_play({"declare": "yes"})
Traceback (most recent call last):
...
guts_teach.class_table.protocol.ProtocolError: a seat sends {"declare": true} or \
{"declare": false}, or {"deal": true} when it is theirs to deal
"""

from __future__ import annotations

import json
from typing import Any, Literal

from ..game.errors import GutsError

GONE = 1001
"""The connection went away (the page closed, the service stopped)."""
REFUSED = 1008
"""Refused for good: a seat's token refused or given anew, a connection that said nothing in
time or sent too much. Joining again with the same link would be refused again."""
BUSY = 1013
"""Too many at once (connections waiting, projectors, one seat's tabs): try again later."""
CLOSED = 4000
"""The teacher closed the table: nothing to rejoin, its standings are final."""
NO_TABLE = 4004
"""No table has the code: nothing to rejoin."""
CLOSE_CODES = {
    "GONE": GONE,
    "REFUSED": REFUSED,
    "BUSY": BUSY,
    "CLOSED": CLOSED,
    "NO_TABLE": NO_TABLE,
}
"""The close codes by name, as the pages get them (:func:`codes_attribute`)."""

PLAY = (
    'a seat sends {"declare": true} or {"declare": false}, or {"deal": true} when it is '
    "theirs to deal"
)
JOIN = 'the first message is {"token": "..."} (null: a projector)'


class ProtocolError(GutsError):
    """A message that is not one the table's protocol has."""


def join(token: str | None) -> dict[str, str | None]:
    """A connection's first message: its seat's token, or ``None`` for a projector."""
    return {"token": token}


def declare(is_in: bool) -> dict[str, bool]:
    """A seat's declaration: in (``True``) or out."""
    return {"declare": is_in}


def deal() -> dict[str, bool]:
    """The dealer's press: deal now."""
    return {"deal": True}


def view(shown: dict[str, Any]) -> dict[str, Any]:
    """The service's message of what a connection sees now."""
    return {"view": shown}


def error(words: str) -> dict[str, str]:
    """The service's message refusing the last one, in words (the table goes on)."""
    return {"error": words}


def read_join(data: dict[str, Any]) -> str | None:
    """The token of a connection's first message (``None``: a projector)."""
    if set(data) != {"token"}:
        raise ProtocolError(JOIN)
    token = data["token"]
    if token is not None and not isinstance(token, str):
        raise ProtocolError(JOIN)
    return token


def read_play(data: dict[str, Any]) -> tuple[Literal["declare", "deal"], bool]:
    """What a seated connection asks: to declare (in or out), or to deal."""
    if set(data) == {"declare"} and isinstance(data["declare"], bool):
        return ("declare", data["declare"])
    if data == {"deal": True}:
        return ("deal", True)
    raise ProtocolError(PLAY)


def codes_attribute() -> str:
    """The close codes as a page's ``data-close-codes`` attribute holds them (JSON, quoted for
    an HTML attribute in single quotes).

    >>> codes_attribute()
    '{"GONE": 1001, "REFUSED": 1008, "BUSY": 1013, "CLOSED": 4000, "NO_TABLE": 4004}'
    """
    return json.dumps(CLOSE_CODES)


__all__ = [
    "BUSY",
    "CLOSED",
    "CLOSE_CODES",
    "GONE",
    "NO_TABLE",
    "REFUSED",
    "ProtocolError",
    "codes_attribute",
    "deal",
    "declare",
    "error",
    "join",
    "read_join",
    "read_play",
    "view",
]
