"""The custom functions' arguments read from cells, each error naming the function and
the argument: junk text, NaN and infinity, a bad player list, rules that do
not hold, a starting pot above the cap.

>>> amount_arg("GUTS_SETTLE", "pot", float("nan"))
Traceback (most recent call last):
...
guts_teach.excel.xlwings._cell_args.CellError: GUTS_SETTLE: argument pot: \
expected a finite amount; got nan
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from xlwings import XlwingsError

from ...game.errors import GutsError
from ...game.money import as_amount
from ...game.play.session import Session
from ...game.play.table import seat_players
from ...game.rules import Rules, teaching


class CellError(GutsError, XlwingsError):
    """A custom-function argument that is not what the function expects. Being xlwings' own
    kind of error too, xlwings Server answers it as a refusal (HTTP 400, its words shown in
    the cell) rather than a fault of the server (HTTP 500 and a traceback in its log)."""


def fail(function: str, argument: str, detail: str) -> CellError:
    """The error for ``argument`` of ``function``."""
    error = CellError(f"{function}: argument {argument}: {detail}")
    error.field = argument
    return error


def text_arg(function: str, argument: str, value: Any) -> str:
    """Cards as text."""
    if not isinstance(value, str) or not value.strip():
        raise fail(function, argument, f'expected cards as text, like "Qs Qh"; got {value!r}')
    return value


def amount_arg(function: str, argument: str, value: Any, *, blank: Fraction | None = None) -> Any:
    """An amount from a cell; ``blank`` is what an empty cell means (``None``: no value)."""
    if value in (None, ""):
        return blank
    if isinstance(value, float):
        if not math.isfinite(value):
            raise fail(function, argument, f"expected a finite amount; got {value!r}")
        return Fraction(value).limit_denominator(10**6)
    try:
        return as_amount(value, what="the value")
    except GutsError as error:
        raise fail(function, argument, str(error)) from None


def row_arg(value: Any) -> list[Any]:
    """A range argument as one flat list (a single cell becomes a list of one)."""
    if not isinstance(value, list):
        return [value]
    if value and isinstance(value[0], list):
        return [cell for row in value for cell in row]
    return value


def names_arg(function: str, value: Any) -> list[str]:
    """The players' names, one per cell: 2 to 10 different names of printable text."""
    names = [str(v).strip() for v in row_arg(value) if v not in (None, "")]
    if len(names) < 2:
        raise fail(function, "names", "expected a row of at least two player names")
    try:
        return list(seat_players(names, 2, 10))
    except GutsError as error:
        raise fail(function, "names", str(error)) from None


def flags_arg(function: str, argument: str, value: Any, count: int) -> list[bool]:
    """One x (or empty cell) per player."""
    cells = row_arg(value)
    if len(cells) != count:
        raise fail(function, argument, f"expected {count} cells, one per player; got {len(cells)}")
    flags = []
    for cell in cells:
        if cell in (None, "", False, 0):
            flags.append(False)
        elif cell is True or cell == 1 or str(cell).strip().lower() == "x":
            flags.append(True)
        else:
            raise fail(function, argument, f"expected x or an empty cell, got {cell!r}")
    return flags


def hand_size_arg(function: str, value: Any) -> int:
    """2 or 3."""
    if value in (None, "", 2, 2.0):
        return 2
    if value in (3, 3.0):
        return 3
    raise fail(function, "hand_size", f"expected 2 or 3, got {value!r}")


def rules_arg(function: str, **arguments: tuple[str, Any]) -> Rules:
    """Teaching rules with the given fields, each ``field=(argument, value)``; a value the
    rules refuse names its argument."""
    rules = teaching()
    for field, (argument, value) in arguments.items():
        try:
            rules = rules.replace(**{field: value})
        except GutsError as error:
            raise fail(function, argument, str(error)) from None
    return rules


def table_arg(function: str, players: list[str], rules: Rules, pot: Any, reserve: Any) -> Session:
    """A table for one computation; a bad starting pot or reserve names its argument."""
    try:
        return Session(players, rules=rules, pot=pot, reserve=reserve)
    except GutsError as error:
        raise fail(function, error.field or "pot", str(error)) from None
