"""Results computed ahead: the strategy lesson's slow answers, kept in a file that ships.

The equilibria, the in-turn and coalition maps and the other tables of notebook 04 take the
package about a minute to compute. A class should not wait for them, so their answers are
computed once by :mod:`guts_teach.strategy.lesson_numbers` (the package's own code, nothing
typed in by hand) and kept in ``ahead.json`` beside this module. The tests compute every
one again and compare it with the file; so does ``python -m
guts_teach.strategy.lesson_numbers --check``, and ``--write`` renews the file after a change
to the strategy code. This module only reads the file, so any strategy module may use it.

>>> stored("equilibrium_plays")["2 plain"]
['J-7', '1', 'exact']
>>> stored("no such thing")
Traceback (most recent call last):
...
KeyError: "no result computed ahead is called 'no such thing'; known: equilibrium_plays, ..."
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from ..game.rules import WeenieTies

PATH = Path(__file__).with_name("ahead.json")
"""Where the answers are kept: package data, beside this module."""


def kept_answers() -> dict[str, Any]:
    """Everything the file holds, by name (empty when there is no file)."""
    return _kept()


def forget() -> None:
    """Read the file afresh next time (after it was written)."""
    _kept.cache_clear()


@cache
def _kept() -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return data


_unread = False


@contextmanager
def unread() -> Iterator[None]:
    """Within it, nothing kept is read (:func:`stored` raises :class:`KeyError`, so every
    caller computes afresh): answers are computed from each other (the coalitions from the
    mixed equilibria), and a renewal or a check must not build on the file it renews."""
    global _unread
    before, _unread = _unread, True
    try:
        yield
    finally:
        _unread = before


def stored(name: str) -> Any:
    """The kept answer called ``name`` (one of :data:`~.lesson_numbers.PRODUCERS`), as JSON data.

    Raises :class:`KeyError` for a name the file does not hold (``--write`` makes it), and
    for every name within :func:`unread`.
    """
    if _unread:
        raise KeyError(f"{name!r}: kept answers are not read while they are computed afresh")
    kept = _kept()
    if name not in kept:
        known = ", ".join(kept) or "nothing yet"
        raise KeyError(f"no result computed ahead is called {name!r}; known: {known}")
    return kept[name]


def play_key(players: int, weenie: bool, ties: WeenieTies) -> str:
    """The key of one kept equilibrium: ``"4 plain"``, ``"4 weenie each_pays"``.

    >>> play_key(4, True, "share_one")
    '4 weenie share_one'
    """
    return f"{players} plain" if not weenie else f"{players} weenie {ties}"
