"""A class joining with one code: learners type the class code and a name on their own device,
wait in the lobby, and the teacher seats everyone at tables with one press.

The lobby keeps each learner's name and the hash of their device's token (the device keeps the
token, so a reload, a lost connection or a closed tab finds the same place); once seated, the
same token is that learner's seat token at their table, so nothing more is handed out. The
class code is what keeps strangers on the school's network out: it is shown on the projector
and typed by the learners, in any case, with or without spaces or a dash.

>>> import random
>>> lobby = Lobby(code="KXPTRM")
>>> lobby.is_code(" kxp-trm ")
True
>>> name, token = lobby.join("  Ana ")
>>> name, lobby.learner(token).name
('Ana', 'Ana')
>>> lobby.join("ana")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
guts_teach.class_table.lobby.LobbyError: the name 'ana' is taken in this class: ...
>>> plan_tables(["A", "B", "C", "D", "E", "F", "G"], size=5)
[['A', 'C', 'E', 'G'], ['B', 'D', 'F']]
"""

from __future__ import annotations

import json
import secrets
import string
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..game.atomic import save_text
from ..game.errors import GutsError
from ..game.json_text import loads_checked
from .table import token_hash

CLASS_FILE = "class.json"
"""The lobby as kept in the service's folder: the class code, and each learner's name, the
hash of their device's token and their table."""
CLASS_FORMAT = "guts-class-lobby/1"
CODE_LETTERS = "".join(c for c in string.ascii_uppercase if c not in "IO")
"""Letters a code is made of: no I or O, which read as 1 and 0."""
CODE_LENGTH = 6
"""Letters in a class code: 24^6, about 191 million codes, typed in a few seconds."""
LONGEST_NAME = 24
"""The most characters of a name (it must fit a phone's status line and a tile)."""
MAX_LEARNERS = 512
"""Learners one class may hold: 64 tables of 8."""
SMALLEST_TABLE = 3
"""A table of fewer learners is filled with bots up to this many players."""
TABLE_SIZES = range(3, 9)
"""The table sizes a teacher may pick (a class table seats 2 to 8)."""
DEFAULT_SIZE = 5


class LobbyError(GutsError):
    """A refused join or seating, saying what is expected."""


@dataclass
class Learner:
    """One learner of the class: their name, their device token's hash, their table."""

    name: str
    token_hash: str
    table: str | None = None


def new_code() -> str:
    """A fresh class code of :data:`CODE_LENGTH` letters."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def normal_code(given: object) -> str:
    """A typed code as the service compares it: capitals, no spaces or dashes (a learner
    types "kxp trm" or "KXP-TRM"); at most a few characters of it are ever looked at.

    >>> normal_code(" kxp-trm ")
    'KXPTRM'
    """
    if not isinstance(given, str):
        return ""
    return "".join(c for c in given[:40] if c not in " -\t").upper()


def clean_name(given: object) -> str:
    """A name as typed, tidied (spaces at the ends dropped, runs of spaces made one), or a
    refusal saying what a name must be.

    >>> clean_name("  Ana   Lee ")
    'Ana Lee'
    >>> clean_name("")
    Traceback (most recent call last):
    ...
    guts_teach.class_table.lobby.LobbyError: type your name: it is empty
    """
    if not isinstance(given, str):
        raise LobbyError("a name is text, such as Ana")
    name = " ".join(given[: LONGEST_NAME * 4].split())
    if not name:
        raise LobbyError("type your name: it is empty")
    if len(name) > LONGEST_NAME:
        raise LobbyError(
            f"a name has at most {LONGEST_NAME} characters; {name[:LONGEST_NAME]!r}... has "
            f"{len(name)}: shorten it"
        )
    if any(unicodedata.category(c)[0] == "C" for c in name):
        raise LobbyError("a name is letters, digits, spaces and punctuation: no control codes")
    return name


def plan_tables(names: Sequence[str], *, size: int) -> list[list[str]]:
    """``names`` at as few tables of at most ``size`` as hold them, filled evenly (their
    sizes differ by one at most), dealt round the tables in the order they joined."""
    if size not in TABLE_SIZES:
        raise LobbyError(
            f"tables seat {TABLE_SIZES.start} to {TABLE_SIZES.stop - 1} players; got {size!r}"
        )
    count = max(1, -(-len(names) // size))
    return [list(names[i::count]) for i in range(count) if names[i::count]]


class Lobby:
    """One class's code and learners, kept in ``folder`` (when given) after every change."""

    def __init__(self, *, code: str | None = None, folder: Path | None = None) -> None:
        self.code = code or new_code()
        self.learners: dict[str, Learner] = {}
        """Every learner, by their name folded to lower case (names are told apart so)."""
        self._index: dict[str, Learner] | None = None
        """The learners by their token's hash, made again after a change."""
        self.folder = folder
        self.save()

    def is_code(self, given: object) -> bool:
        """Whether ``given`` is this class's code, as a learner may type it."""
        return secrets.compare_digest(normal_code(given), self.code)

    def join(self, name: object, token: str | None = None) -> tuple[str, str]:
        """``name`` joins the class: their name as kept and their device's token. A device
        that has joined already (its ``token``) keeps its place and name."""
        if token:
            known = self.find(token)
            if known is not None:
                return known.name, token
        cleaned = clean_name(name)
        if cleaned.casefold() in self.learners:
            raise LobbyError(
                f"the name {cleaned!r} is taken in this class: add a letter, such as "
                f"{(cleaned + ' ' + 'B')[:LONGEST_NAME]!r}"
            )
        if len(self.learners) >= MAX_LEARNERS:
            raise LobbyError(f"this class is full: it holds {MAX_LEARNERS} learners")
        token = secrets.token_urlsafe(18)
        self.learners[cleaned.casefold()] = Learner(cleaned, token_hash(token))
        self.save()
        return cleaned, token

    def renew(self, name: str) -> str:
        """A new device token for ``name``, who has joined already (a learner the hub has
        signed in, on another device); the old device's token ends."""
        learner = self.named(name)
        token = secrets.token_urlsafe(18)
        learner.token_hash = token_hash(token)
        self.save()
        return token

    def find(self, token: object) -> Learner | None:
        """The learner whose device holds ``token``, if any."""
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        if self._index is None:
            # by the token's hash: a class of 512 phones asking every two seconds where they
            # sit costs one look-up each (the hash of a random token says nothing of it)
            self._index = {x.token_hash: x for x in self.learners.values()}
        return self._index.get(token_hash(token))

    def learner(self, token: object) -> Learner:
        """The learner whose device holds ``token``, or a refusal."""
        found = self.find(token)
        if found is None:
            raise LobbyError("this device has not joined the class: type the code and a name")
        return found

    def named(self, name: str) -> Learner:
        found = self.learners.get(name.casefold())
        if found is None:
            raise LobbyError(f"nobody called {name[:LONGEST_NAME]!r} has joined this class")
        return found

    def waiting(self) -> list[str]:
        """The learners not seated yet, in the order they joined."""
        return [learner.name for learner in self.learners.values() if learner.table is None]

    def remove(self, name: str) -> None:
        """The teacher removes a learner waiting in the lobby (a name typed in jest); their
        device may join again under another name."""
        learner = self.named(name)
        if learner.table is not None:
            raise LobbyError(
                f"{learner.name} sits at table {learner.table}: move them or give their seat "
                "to a bot there"
            )
        del self.learners[name.casefold()]
        self.save()

    def seated(self, name: str, table: str | None, *, save: bool = True) -> None:
        """``name`` now sits at ``table`` (``None``: back in the lobby); ``save=False`` for one
        of many seated at once, kept by the caller's :meth:`save`."""
        self.named(name).table = table
        if save:
            self.save()

    def save(self) -> None:
        """Keep the lobby in its folder, atomically (token hashes only, never a token); every
        change is saved, so the index by token is made again after it."""
        self._index = None
        if self.folder is None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        kept = {
            "format": CLASS_FORMAT,
            "code": self.code,
            "learners": [
                {"name": x.name, "token": x.token_hash, "table": x.table}
                for x in self.learners.values()
            ],
        }
        # compact: the C encoder writes 512 learners in a millisecond (indented JSON is
        # written by the pure-Python one, forty times slower)
        save_text(self.folder / CLASS_FILE, json.dumps(kept, ensure_ascii=False))

    @classmethod
    def kept_in(cls, folder: Path) -> Lobby:
        """The lobby kept in ``folder``, or a new class there."""
        path = folder / CLASS_FILE
        if not path.exists():
            return cls(folder=folder)
        try:
            kept = loads_checked(path.read_text(encoding="utf-8"), "class")
            if not isinstance(kept, dict) or kept.get("format") != CLASS_FORMAT:
                raise LobbyError("not a class lobby's file")
            lobby = cls(code=str(kept["code"]))
            for entry in kept["learners"][:MAX_LEARNERS]:
                name = clean_name(entry["name"])
                table = entry.get("table")
                lobby.learners[name.casefold()] = Learner(
                    name, str(entry["token"]), None if table is None else str(table)
                )
        except (OSError, GutsError, KeyError, TypeError) as error:
            raise LobbyError(f"{path} cannot be read: {str(error)[:200]}") from None
        lobby.folder = folder
        return lobby


__all__ = [
    "CODE_LENGTH",
    "DEFAULT_SIZE",
    "MAX_LEARNERS",
    "SMALLEST_TABLE",
    "Learner",
    "Lobby",
    "LobbyError",
    "clean_name",
    "normal_code",
    "plan_tables",
]
