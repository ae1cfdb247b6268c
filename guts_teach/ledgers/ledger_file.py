"""Reading ledger files: safe JSON, the structure checked, then a replay to check every deal.

:mod:`.ledger` holds the ledger's data and its format; :mod:`.replay` plays a ledger into a
session. This module reads a file through both: :func:`loads` and :func:`load` check a
ledger by replaying it, and :func:`load_replayed` reads and replays it once, keeping the
session (the command line's way).

>>> from guts_teach.ledgers.ledger import dumps
>>> first = loads('{"format": "guts-ledger/1", "players": ["A", "B"], "deals": [{"in": ["A"]}]}')
>>> loads(dumps(first)).deals[0].ins
('A',)
"""

from __future__ import annotations

import os

from ..game.errors import GutsError, LedgerError
from ..game.json_text import loads_checked
from ..game.play.session import Session
from .ledger import MAX_DEALS, MAX_FILE_BYTES, Ledger, from_dict
from .replay import replay


def parse_json(text: str, what: str = "ledger") -> object:
    """A ledger file's JSON text as Python data, read safely (nesting and number length
    bounded, :mod:`.json_text`); anything else is a :class:`LedgerError` saying where.
    ``what`` names the kind of file in messages (a season file, :mod:`.season_file`)."""
    try:
        return loads_checked(text, what)
    except GutsError as error:
        raise LedgerError(str(error).replace(f"{what}: ", f"{what} file: ", 1)) from None


def loads(text: str, *, replayed: bool = True) -> Ledger:
    """Read a ledger from JSON text, check it and (unless ``replayed`` is false, for a
    caller that replays it next) replay it; see the module docs."""
    ledger = from_dict(parse_json(text))
    if replayed:
        check(ledger)
    return ledger


def read_data(path: str | os.PathLike[str], what: str = "ledger") -> object:
    """A ledger file's parsed JSON (UTF-8, read safely by :func:`parse_json`); a missing,
    unreadable or malformed file is a :class:`LedgerError` naming the path (and ``what``
    kind of file it should be)."""
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise LedgerError(
                f"{what} file {os.fspath(path)!r} is over {MAX_FILE_BYTES // 2**20} MB; a "
                f"{what} file holds at most {MAX_DEALS:,} deals, a few MB (B1)"
            )
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise LedgerError(f"{what} file {os.fspath(path)!r} does not exist") from None
    except UnicodeDecodeError:
        raise LedgerError(f"{what} file {os.fspath(path)!r} is not UTF-8 text") from None
    except OSError as error:
        raise LedgerError(
            f"cannot read {what} file {os.fspath(path)!r}: {error.strerror}"
        ) from None
    try:
        return parse_json(text, what)
    except LedgerError as error:
        raise LedgerError(f"{os.fspath(path)}: {error}") from None


def is_season_data(data: object) -> bool:
    """True for parsed JSON that says it is a season file (of any version: the reader,
    :mod:`.season_file`, then says which version it reads). It lives here, beside the
    reading, so that a reader of plain ledgers loads no season code.

    >>> is_season_data({"format": "guts-season/1"}), is_season_data({"format": "guts-ledger/1"})
    (True, False)
    """
    if not isinstance(data, dict):
        return False
    kind = data.get("format")
    return isinstance(kind, str) and kind.startswith("guts-season")


def load(path: str | os.PathLike[str], *, replayed: bool = True) -> Ledger:
    """Read a ledger file (UTF-8 JSON); ``replayed`` as for :func:`loads`."""
    return _checked(read_data(path), path, replayed=replayed)


def _checked(data: object, path: str | os.PathLike[str], *, replayed: bool) -> Ledger:
    try:
        ledger = from_dict(data)
        if replayed:
            check(ledger)
        return ledger
    except LedgerError as error:
        raise LedgerError(f"{os.fspath(path)}: {error}") from None


def check(ledger: Ledger) -> None:
    """Replay the ledger and turn the first illegal deal into a :class:`LedgerError`."""
    replay(ledger)


def load_replayed(path: str | os.PathLike[str], *, data: object = None) -> tuple[Ledger, Session]:
    """Read a ledger file and replay it once: the ledger and the table it leaves (the
    command line's way; :func:`load` replays it to check it).
    ``data`` is the file already parsed by :func:`read_data`, when the caller has it
    (the command line looks at it first for a Shelby game, so it is read once)."""
    ledger = _checked(read_data(path) if data is None else data, path, replayed=False)
    try:
        return ledger, replay(ledger)
    except LedgerError as error:
        error.args = (f"{os.fspath(path)}: {error}",)
        raise
